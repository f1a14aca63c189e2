#!/usr/bin/env bash
# Regenerates installer/cds/ishaar.classlist: the classes the desktop app loads from start to its
# first window, and then through a login on the built-in sandbox to the history's first page: a
# new user's first login, and the same user's next start, whose page comes from the archive. The installer build (mvn -Pinstaller) dumps the runtime's CDS archive from it, and
# on Linux the app's own archive (installer/linux/ishaar-cds.sh, also run by the .deb's postinst).
# Run it after the UI's start-up path changes, on Linux, after one installer build (it uses that
# build's jlinked runtime and classpath):  installer/cds/make-classlist.sh
# Needs Xvfb and xdotool (installed when missing; needs root).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
runtime="$root/target/installer-runtime"
input="$root/target/installer-input"
out="$root/installer/cds/ishaar.classlist"
[ -x "$runtime/bin/java" ] || { echo "run 'mvn -B -Pinstaller -DskipTests package' first" >&2; exit 1; }

need=()
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
command -v xdotool >/dev/null 2>&1 || need+=(xdotool)
if [ "${#need[@]}" -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q && apt-get install -y -q --no-install-recommends "${need[@]}"
fi

work="$(mktemp -d)"
xvfb_pid=""; app_pid=""
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

display=":$(( 90 + RANDOM % 100 ))"
Xvfb "$display" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
for _ in $(seq 50); do xdotool getdisplaygeometry --display "$display" >/dev/null 2>&1 && break; sleep 0.1; done

# Same options as the launcher (lib/app/Ishaar.cfg) plus the class list dump. A settings folder of
# its own (XDG_CONFIG_HOME; Java takes user.home from the password database, not from $HOME) and
# an archive of its own (ISHAAR_ARCHIVE): a first start, whatever profiles the user running this
# has saved. Two starts, as a user's first day and every morning after it: a new user's first
# login on the built-in sandbox (the window syncs the taxpayer's history into the archive), then
# the same user returning, whose login finds the profile saved and the first page in the archive
# (the archive opened and its schema checked, the page read from it): the classes of both are
# in the list, so that neither login loads and verifies them from the jars.
start_app() {  # $1: the class list to dump
  HOME="$work" XDG_CONFIG_HOME="$work/config" ISHAAR_ARCHIVE="$work/archive.db" \
    DISPLAY="$display" "$runtime/bin/java" \
    -XX:DumpLoadedClassList="$1" \
    -Djava.net.useSystemProxies=true -Dfile.encoding=UTF-8 -Dishaar.fonts.dir="$input/fonts" \
    -cp "$input/*" app.ishaar.Launcher &
  app_pid=$!
}
wait_for() {  # $1: a window name to wait for; $2: what it is, for the error
  for _ in $(seq 300); do
    if DISPLAY="$display" xdotool search --onlyvisible --name "$1" >/dev/null 2>&1; then return 0; fi
    kill -0 "$app_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "$2 did not show within 30 s" >&2
  exit 1
}
stop_app() {
  kill -TERM "$app_pid"; wait "$app_pid" 2>/dev/null || true; app_pid=""
}

start_app "$work/classlist.first"
wait_for Ishaar "the app's window"
sleep 2   # let the first frame render: those classes belong to the start-up too
# A first login on the built-in sandbox (the dialog's caret is in Client ID), until the main
# window shows the history: the classes of the main window, the client and the table are in the
# archive too, so an installed app's first login does not load and verify them from the jars.
DISPLAY="$display" xdotool type --delay 15 "erp-nile-trading"
DISPLAY="$display" xdotool key Tab
DISPLAY="$display" xdotool type --delay 15 "sandbox-secret-1"
DISPLAY="$display" xdotool key Return
wait_for 204918573 "the main window"
sleep 10  # the first page is drawn and the window's sync reads the taxpayer's history
stop_app

# The same user returning: the dialog shows the saved profile, its caret in the secret field.
start_app "$work/classlist.returning"
wait_for Ishaar "the app's window (returning)"
sleep 2
DISPLAY="$display" xdotool type --delay 15 "sandbox-secret-1"
DISPLAY="$display" xdotool key Return
wait_for 204918573 "the main window (returning)"
sleep 3   # the first page, from the archive, is drawn
stop_app
cat "$work/classlist.first" "$work/classlist.returning" > "$work/classlist"
# Plain class names sorted (stable diffs), then the @lambda-proxy / @lambda-form-invoker lines in
# their recorded order. The runtime's default archive (dumped without a classpath) takes the JDK
# and JavaFX classes and lambda forms and skips the rest; the app's archive, dumped against the
# exact shipped jars (installer/linux/ishaar-cds.sh), takes everything. A line that no longer
# resolves (a dependency changed) is skipped with a warning, it does not fail the dump.
{ grep -v '^[@#]' "$work/classlist" | sort -u; grep '^@' "$work/classlist" | awk '!seen[$0]++'; } > "$out"
echo "$(grep -vc "^@" "$out") classes, $(grep -c "^@" "$out") lambda lines -> $out" >&2
