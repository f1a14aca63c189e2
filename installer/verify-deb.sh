#!/usr/bin/env bash
# Verifies the built .deb on this (Debian, root) machine, as an IT person would use it:
#   0. before installing: the size budget (<= 45 MB) and the natives it carries, its own platform's
#      only (no Windows or macOS library, in its files or inside its jars)
#   1. dpkg -i (apt-get install -f only when declared dependencies are not installed yet);
#      every library the shipped native code links against must come from a declared dependency
#   2. the office syncer's systemd unit: installed, disabled, valid (systemd-analyze verify)
#   3. the installed CLI: `ishaar --version`, a sandbox query, a sync into a local (SQLite) archive
#      and a read of it (sqlite-jdbc finds its native library in its trimmed jar), an Arabic PDF
#      report of it (ICU4J shapes Arabic with the part of its data the package keeps)
#   4. the installed desktop app under Xvfb: started through its desktop entry's Exec line, its
#      window must show (bounded wait), carry the entry's StartupWMClass; the app's CDS archive
#      (dumped by postinst) must exist and map, a missing or stale one must cost only speed;
#      launch -> window time, median of 5 (after one warm-up), with the app's CDS archive, with
#      the runtime's archive only (the state after a failed dump) and without class sharing
#   5. dpkg --purge: nothing left under /opt/ishaar, no desktop entry, no /usr/bin/ishaar
# Usage: installer/verify-deb.sh [path/to/ishaar_*.deb]   (default: target/installer/ishaar_*.deb)
# Takes about a minute. Exit status 0 only if every check passed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
deb="${1:-$(ls "$root"/target/installer/ishaar_*.deb 2>/dev/null | head -1)}"
[ -n "$deb" ] && [ -f "$deb" ] || { echo "no .deb: run 'mvn -B -Pinstaller -DskipTests package' first" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "run as root (dpkg -i / --purge)" >&2; exit 1; }
deb="$(cd "$(dirname "$deb")" && pwd)/$(basename "$deb")"
pkg="$(dpkg-deb -f "$deb" Package)"
version="$(dpkg-deb -f "$deb" Version)"; version="${version%-*}"
entry=/usr/share/applications/ishaar.desktop
failures=0
step() { printf '\n== %s\n' "$*"; }
ok()   { printf 'ok: %s\n' "$*"; }
fail() { printf 'FAIL: %s\n' "$*" >&2; failures=$((failures + 1)); }

# Tools for the checks (not dependencies of the package).
export DEBIAN_FRONTEND=noninteractive
tools=()
command -v Xvfb >/dev/null 2>&1 || tools+=(xvfb)
command -v xdotool >/dev/null 2>&1 || tools+=(xdotool)
command -v xprop >/dev/null 2>&1 || tools+=(x11-utils)
command -v jq >/dev/null 2>&1 || tools+=(jq)
command -v objdump >/dev/null 2>&1 || tools+=(binutils)
command -v unzip >/dev/null 2>&1 || tools+=(unzip)
command -v pdftotext >/dev/null 2>&1 || tools+=(poppler-utils)
apt_updated=""
apt_update() { [ -n "$apt_updated" ] || { apt-get update -q >/dev/null; apt_updated=1; }; }
if [ "${#tools[@]}" -gt 0 ]; then
  apt_update; apt-get install -y -q --no-install-recommends "${tools[@]}" >/dev/null
fi

work="$(mktemp -d)"
xvfb_pid=""; app_pid=""; app_jsa=/opt/ishaar/lib/ishaar.jsa; app_jsa_moved=""
cleanup() {
  [ -n "$app_pid" ] && kill "$app_pid" 2>/dev/null || true
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null || true
  [ -n "$app_jsa_moved" ] && [ -e "$app_jsa.off" ] && mv -f "$app_jsa.off" "$app_jsa" || true
  rm -rf "$work"
}
trap cleanup EXIT

if dpkg -s "$pkg" >/dev/null 2>&1; then
  echo "removing an earlier $pkg first"; dpkg --purge "$pkg" >/dev/null
fi

step "what $(basename "$deb") carries: its size, its own platform's natives only"
# MB as du -m counts them (MiB)
budget_mb=45
size=$(stat -c %s "$deb")
size_mb="$(awk -v b="$size" 'BEGIN { printf "%.1f", b / 1048576 }')"
[ "$size" -le $((budget_mb * 1048576)) ] && ok "size $size_mb MB (budget $budget_mb MB)" \
  || fail "size $size_mb MB, over the budget of $budget_mb MB"
arch="$(dpkg-deb -f "$deb" Architecture)"
case "$arch" in
  amd64) own_arch='x86[-_]64|amd64';;
  arm64) own_arch='aarch64|arm64';;
  *) own_arch="$arch";;
esac
dpkg-deb -x "$deb" "$work/deb"
foreign="$(find "$work/deb" -type f \( -iname '*.dll' -o -iname '*.dylib' -o -iname '*.jnilib' -o -iname '*.exe' \) \
  -printf '%P ')"
[ -z "$foreign" ] && ok "no Windows or macOS library among its files" || fail "Windows or macOS files in the package: $(head -c 600 <<<"$foreign")"
# A jar's native library is for this platform only where its path names Linux and this processor
# (sqlite-jdbc: org/sqlite/native/Linux/x86_64/, JNA: com/sun/jna/linux-x86-64/).
n_jars=0; n_natives=0; foreign=""
while IFS= read -r jar; do
  n_jars=$((n_jars + 1))
  while IFS= read -r native; do
    n_natives=$((n_natives + 1))
    grep -qiE "linux" <<<"$native" && grep -qiE "$own_arch" <<<"$native" && continue
    foreign+="$(basename "$jar"):$native "
  done < <(unzip -Z1 "$jar" | grep -iE '\.(so(\.[0-9]+)*|a|dll|dylib|jnilib)$' || true)
done < <(find "$work/deb" -name '*.jar' -type f)
if [ -n "$foreign" ]; then
  fail "natives of other platforms inside the jars: $(head -c 600 <<<"$foreign")"
else
  ok "the $n_natives native libraries inside its $n_jars jars are all for Linux $arch"
fi
rm -rf "$work/deb"

step "install $(basename "$deb") ($(du -m "$deb" | cut -f1) MB) with dpkg -i"
t0=$(date +%s%N)
if dpkg -i "$deb" >"$work/dpkg.log" 2>&1; then
  ok "dpkg -i: installed in $(( ($(date +%s%N) - t0) / 1000000 )) ms (all dependencies were present)"
else
  if grep -q 'dependency problems' "$work/dpkg.log"; then
    echo "dpkg -i: declared dependencies not installed yet, pulling them with apt-get install -f"
    apt_update
    apt-get install -f -y -q --no-install-recommends >/dev/null || { cat "$work/dpkg.log" >&2; fail "apt-get install -f"; }
  else
    cat "$work/dpkg.log" >&2; fail "dpkg -i"
  fi
fi
[ "$(dpkg-query -W -f '${Status}' "$pkg" 2>/dev/null)" = "install ok installed" ] \
  && ok "$pkg $version installed" || { fail "$pkg is not installed"; exit 1; }
for f in /opt/ishaar/bin/Ishaar /opt/ishaar/bin/ishaar /usr/bin/ishaar "$entry"; do
  [ -e "$f" ] && ok "$f present" || fail "$f missing"
done

step "the office syncer's systemd unit"
unit=/lib/systemd/system/ishaar-sync.service
if [ -f "$unit" ] && cmp -s "$unit" /opt/ishaar/lib/app/ishaar-sync.service; then
  ok "$unit present"
  grep -q '^ExecStart=/opt/ishaar/bin/ishaar sync --every ' "$unit" && ok "it runs ishaar sync --every" \
    || fail "$unit does not run ishaar sync --every"
else
  fail "$unit missing"
fi
if ls /etc/systemd/system/*.wants/ishaar-sync.service >/dev/null 2>&1; then
  fail "ishaar-sync.service is enabled after installation"
else
  ok "ishaar-sync.service is not enabled (no .wants link)"
fi
if command -v systemctl >/dev/null 2>&1; then
  state="$(systemctl is-enabled ishaar-sync.service 2>/dev/null || true)"
  [ "$state" = disabled ] && ok "systemctl is-enabled: disabled" || fail "systemctl is-enabled: '$state', not disabled"
fi
if command -v systemd-analyze >/dev/null 2>&1; then
  out="$(systemd-analyze verify "$unit" 2>&1)" && ok "systemd-analyze verify: no complaint" \
    || fail "systemd-analyze verify: $out"
fi

step "the installed CLI"
out="$(ishaar --version 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 0 ] && grep -q -- "$version" <<<"$out"; then
  ok "ishaar --version: $out"
else
  fail "ishaar --version (exit $rc): $out"
fi
# The built-in sandbox's documented demo account (README, "Sandbox accounts").
export ISHAAR_SANDBOX_SECRET=sandbox-secret-1
out="$(HOME="$work" timeout 60 ishaar notifications --env sandbox --client-id erp-nile-trading \
        --client-secret-env ISHAAR_SANDBOX_SECRET --page-size 5 --format json 2>"$work/cli.err")" && rc=0 || rc=$?
if [ "$rc" = 0 ] && [ "$(jq 'length' <<<"$out" 2>/dev/null)" = 5 ] \
     && [ "$(jq '[.[] | select(.notificationId != null)] | length' <<<"$out" 2>/dev/null)" = 5 ]; then
  ok "ishaar notifications --env sandbox: 5 notifications as JSON"
else
  fail "ishaar notifications --env sandbox (exit $rc): $(head -c 300 "$work/cli.err") $(head -c 300 <<<"$out")"
fi

# a sync into a local archive and a read of it: the archive is SQLite, through sqlite-jdbc's
# native library, the one platform's library its jar keeps
out="$(HOME="$work" timeout 120 ishaar sync --env sandbox --client-id erp-nile-trading \
        --client-secret-env ISHAAR_SANDBOX_SECRET --archive "$work/archive.db" 2>&1)" && rc=0 || rc=$?
if [ "$rc" = 0 ]; then
  out="$(HOME="$work" timeout 60 ishaar inbox --archive "$work/archive.db" --page-size 5 \
          --format json 2>"$work/cli.err")" && rc=0 || rc=$?
  if [ "$rc" = 0 ] && [ "$(jq 'length' <<<"$out" 2>/dev/null)" = 5 ]; then
    ok "ishaar sync and ishaar inbox: the local archive (SQLite) written and read"
    # the report in Arabic: the package keeps only the part of ICU4J's data that Bidi and Arabic
    # shaping read; shaped, the title comes back from the PDF in Arabic presentation forms
    HOME="$work" timeout 120 ishaar report --archive "$work/archive.db" --from 2020-01-01 \
        --to 2030-01-01 --format pdf --lang ar --output "$work/report.pdf" \
        >"$work/report.out" 2>"$work/report.err" && rc=0 || rc=$?
    if [ "$rc" = 0 ] && [ ! -s "$work/report.err" ] && [ ! -s "$work/report.out" ] \
        && pdftotext "$work/report.pdf" "$work/report.txt" && grep -q 'ﻣﻠﺨﺺ ﺍﻹﺷﻌﺎﺭﺍﺕ' "$work/report.txt"; then
      ok "ishaar report --format pdf --lang ar: Arabic shaped, nothing said on success"
    else
      fail "ishaar report --format pdf --lang ar (exit $rc): $(head -c 300 "$work/report.err")$(head -c 300 "$work/report.out")"
    fi
  else
    fail "ishaar inbox (exit $rc): $(head -c 300 "$work/cli.err") $(head -c 300 <<<"$out")"
  fi
else
  fail "ishaar sync --env sandbox (exit $rc): $(head -c 300 <<<"$out")"
fi

step "the installed desktop app under Xvfb"
exec_line="$(sed -n 's/^Exec=//p' "$entry" | head -1)"
wm_class="$(sed -n 's/^StartupWMClass=//p' "$entry" | head -1)"
icon="$(sed -n 's/^Icon=//p' "$entry" | head -1)"
[ -f "$icon" ] && ok "desktop entry icon $icon exists" || fail "desktop entry icon $icon missing"
if command -v desktop-file-validate >/dev/null 2>&1; then
  out="$(desktop-file-validate "$entry" 2>&1)" && ok "desktop entry is valid (desktop-file-validate)" \
    || fail "desktop-file-validate: $out"
fi
exec 3>"$work/display"
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
xvfb_pid=$!
exec 3>&-
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$work/display")"
export HOME="$work/home"; mkdir -p "$HOME"
# the app's settings (and anything it remembers) go here, not to the user's own config folder:
# Java takes user.home from the password database, not from $HOME
export XDG_CONFIG_HOME="$work/config"; mkdir -p "$XDG_CONFIG_HOME"

# one start: window must show within 30 s; check its class, then close it
$exec_line >"$work/app.log" 2>&1 &
app_pid=$!
win=""
for _ in $(seq 300); do
  win="$(xdotool search --onlyvisible --name Ishaar 2>/dev/null | head -1)" && [ -n "$win" ] && break
  kill -0 "$app_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -n "$win" ]; then
  ok "window '$(xdotool getwindowname "$win")' shown"
  # the launcher script (installer/linux/launcher.sh) starts Java through a link with its own name
  comm="$(cat "/proc/$app_pid/comm" 2>/dev/null || true)"
  [ "$comm" = "$(basename "$exec_line")" ] && ok "the app's process is called $comm" \
    || fail "the app's process is called '$comm', not $(basename "$exec_line")"
  actual="$(xprop -id "$win" WM_CLASS | sed -n 's/.*= "\([^"]*\)", "\([^"]*\)".*/\2/p')"
  [ "$actual" = "$wm_class" ] && ok "WM_CLASS $actual matches StartupWMClass" \
    || fail "WM_CLASS '$actual' differs from the desktop entry's StartupWMClass '$wm_class'"
  # the icons are decoded once the first frame is drawn (SceneFactory): give them up to 10 s
  has_icon=""
  for _ in $(seq 100); do
    xprop -id "$win" _NET_WM_ICON | grep -q 'not found' || { has_icon=1; break; }
    sleep 0.1
  done
  [ -n "$has_icon" ] && ok "the window has an icon" \
    || fail "the window sets no icon within 10 s (SceneFactory loads /app/ishaar/icons/)"
else
  cat "$work/app.log" >&2; fail "no window titled Ishaar within 30 s"
fi
kill "$app_pid" 2>/dev/null || true; wait "$app_pid" 2>/dev/null || true; app_pid=""

# Every library the shipped native code (JDK runtime, JavaFX natives, launchers) links against
# must be provided by a declared dependency (or by the package itself).
depends="$(dpkg-deb -f "$deb" Depends | tr ',|' '\n\n' | sed 's/([^)]*)//; s/^ *//; s/ *$//' | sort -u)"
missing=""
n_so=0
while IFS= read -r so; do
  n_so=$((n_so + 1))
  while IFS= read -r lib; do
    # the runtime's own libraries, found at run time through the JVM's paths, not ldd's
    case "$lib" in ld-linux*|libjvm.so|libjava.so|libjli.so|libnet.so|libnio.so|libawt*.so|libjsig.so|libverify.so) continue;; esac
    path="$(ldd "$so" | awk -v l="$lib" '$1 == l {print $3}')"
    case "$path" in ""|"not") missing+="$lib (needed by $(basename "$so"), not found) "; continue;; esac
    [ -e "$path" ] || continue
    owner="$(dpkg -S "$(realpath "$path")" 2>/dev/null || dpkg -S "$path" 2>/dev/null || true)"
    owner="${owner%%:*}"
    [ -z "$owner" ] || [ "$owner" = "$pkg" ] && continue
    grep -qxF "$owner" <<<"$depends" || missing+="$lib (from $owner, needed by $(basename "$so")) "
  done < <(objdump -p "$so" 2>/dev/null | awk '$1 == "NEEDED" {print $2}')
done < <(find /opt/ishaar -name '*.so*' -type f)
if [ ! -f /opt/ishaar/lib/runtime/lib/libglassgtk3.so ]; then
  fail "JavaFX's natives are not in the runtime (lib/libglassgtk3.so)"
elif [ -n "$missing" ]; then
  fail "libraries not provided by a declared dependency: $missing"
else
  ok "every library linked by the $n_so native files in /opt/ishaar comes from a declared dependency"
fi
# what opens an export and tells the desktop of new notifications (DesktopFiles): recommended, not
# required (a headless machine has neither, and the app then offers neither)
recommends="$(dpkg-deb -f "$deb" Recommends)"
case "$recommends" in
  *xdg-utils*libnotify-bin*) ok "recommends xdg-utils and libnotify-bin (open an export, desktop notifications)";;
  *) fail "Recommends lacks xdg-utils or libnotify-bin: '$recommends'";;
esac
# Java's user.home comes from the password database, not $HOME
user_home="$(getent passwd "$(id -u)" | cut -d: -f6)"
if [ -n "$(find "$user_home/.openjfx" -type f -newer "$work/display" 2>/dev/null | head -1)" ]; then
  fail "JavaFX unpacked natives under $user_home/.openjfx (they should load from the runtime)"
else
  ok "nothing unpacked under $user_home/.openjfx"
fi

# a list of taxpayers saved by Excel as plain CSV on an Arabic Windows is in windows-1256 (jdk.charsets)
if /opt/ishaar/lib/runtime/bin/java --list-modules 2>/dev/null | grep -q '^jdk.charsets@'; then
  ok "the runtime reads Windows Arabic (jdk.charsets), as a taxpayer list from Excel's CSV needs"
else
  fail "the runtime has no jdk.charsets: a taxpayer list in windows-1256 would not be read"
fi
# -Xshare:on fails instead of falling back: proves the archive maps at the installed location
if /opt/ishaar/lib/runtime/bin/java -Xshare:on -version >"$work/xshare.log" 2>&1; then
  ok "the runtime's CDS archive maps at /opt/ishaar (-Xshare:on)"
else
  fail "the runtime's CDS archive does not map: $(head -c 300 "$work/xshare.log")"
fi
# The app's own archive (JDK, JavaFX and classpath classes), dumped by postinst for /opt/ishaar
# (installer/linux/ishaar-cds.sh) and named by the launchers' -XX:SharedArchiveFile.
if [ -f "$app_jsa" ] && [ ! -L "$app_jsa" ]; then
  ok "postinst dumped the app's CDS archive $app_jsa ($(du -m "$app_jsa" | cut -f1) MB)"
else
  fail "no app CDS archive at $app_jsa: $(grep -h 'ishaar:' "$work/dpkg.log" 2>/dev/null | head -c 300)"
fi
# where the JVM found the app's main class: "shared objects file" = the archive
launcher_source() {
  JAVA_TOOL_OPTIONS=-Xlog:class+load /opt/ishaar/bin/ishaar --version 2>/dev/null \
    | sed -n 's/.* app\.ishaar\.Launcher source: //p' | head -1
}
src="$(launcher_source)"
[ "$src" = "shared objects file" ] && ok "the installed launcher loads the app's classes from the archive" \
  || fail "app.ishaar.Launcher loaded from '$src', not from the CDS archive"
# A missing or stale archive must cost only speed: same output, nothing on stderr.
ref_out="$(/opt/ishaar/bin/ishaar --version 2>&1)"
mv "$app_jsa" "$app_jsa.off"; app_jsa_moved=1
out="$(/opt/ishaar/bin/ishaar --version 2>&1)" && rc=0 || rc=$?
mv "$app_jsa.off" "$app_jsa"; app_jsa_moved=""
[ "$rc" = 0 ] && [ "$out" = "$ref_out" ] && ok "archive missing: the app runs without class sharing, same output" \
  || fail "archive missing (exit $rc): $out"
jar="$(ls /opt/ishaar/lib/app/ishaar-*.jar | head -1)"
touch -r "$jar" "$work/jar.mtime"; touch "$jar"
out="$(/opt/ishaar/bin/ishaar --version 2>&1)" && rc=0 || rc=$?
src="$(launcher_source)"
touch -r "$work/jar.mtime" "$jar"
[ "$rc" = 0 ] && [ "$out" = "$ref_out" ] && [ "$src" != "shared objects file" ] \
  && ok "archive stale (a jar changed): the app runs without class sharing, same output" \
  || fail "archive stale (exit $rc, Launcher from '$src'): $out"
[ "$(launcher_source)" = "shared objects file" ] || fail "the archive does not map again after the jar's mtime was restored"
if [ -n "$win" ]; then
  read -r -a cmd <<<"$exec_line"
  echo "launch -> window mapped, with the app's CDS archive (as installed):"
  "$root/installer/linux/measure-start.sh" -n 5 -- "${cmd[@]}" | tee "$work/cds.txt"
  # the state after a failed dump: lib/ishaar.jsa links to the runtime's archive (JDK + JavaFX)
  mv "$app_jsa" "$app_jsa.off"; app_jsa_moved=1
  ln -s runtime/lib/server/classes.jsa "$app_jsa"
  echo "launch -> window mapped, with the runtime's archive only (JDK and JavaFX classes):"
  "$root/installer/linux/measure-start.sh" -n 5 -- "${cmd[@]}" | tee "$work/rtcds.txt"
  rm -f "$app_jsa"
  echo "launch -> window mapped, without class sharing (no lib/ishaar.jsa):"
  "$root/installer/linux/measure-start.sh" -n 5 -- "${cmd[@]}" | tee "$work/nocds.txt"
  mv "$app_jsa.off" "$app_jsa"; app_jsa_moved=""
  m() { echo "$(sed -n 's/^median_ms=//p' "$1") ms (cpu $(sed -n 's/^median_cpu_ms=//p' "$1") ms)"; }
  echo "start-up median: $(m "$work/cds.txt") with the app's CDS archive," \
       "$(m "$work/rtcds.txt") with the runtime's archive only," \
       "$(m "$work/nocds.txt") without; goal <= 650 ms;" \
       "load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) cores"
fi
kill "$xvfb_pid" 2>/dev/null || true; xvfb_pid=""

step "dpkg --purge $pkg"
dpkg --purge "$pkg" >/dev/null && ok "purged" || fail "dpkg --purge"
dpkg -s "$pkg" >/dev/null 2>&1 && fail "$pkg still known to dpkg" || ok "$pkg no longer known to dpkg"
[ ! -e /opt/ishaar ] && ok "/opt/ishaar is gone" || fail "left under /opt/ishaar: $(find /opt/ishaar | head -5 | tr '\n' ' ')"
for f in "$entry" /usr/bin/ishaar /lib/systemd/system/ishaar-sync.service; do
  [ ! -e "$f" ] && [ ! -L "$f" ] && ok "$f is gone" || fail "$f is left"
done

echo
if [ "$failures" -gt 0 ]; then echo "verify-deb: $failures check(s) FAILED" >&2; exit 1; fi
echo "verify-deb: all checks passed"
