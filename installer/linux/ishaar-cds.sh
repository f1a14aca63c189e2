#!/bin/sh
# Builds the app's class-data-sharing archive, lib/ishaar.jsa, for a Linux app image where it
# lies (JDK 17 AppCDS records the classpath's absolute paths, jar sizes and mtimes, so an archive
# is valid only for the image it was dumped in). Shipped as lib/app/ishaar-cds.sh: the .deb's
# postinst runs it on the installed system (/opt/ishaar); the installer build runs it on
# target/installer/Ishaar after the packages are made.
#
# A static dump (-Xshare:dump, no display needed) of the classes in lib/app/ishaar.classlist
# (JDK, JavaFX, the app and its dependency jars, lambda proxies and forms) with exactly the
# launcher's classpath (lib/app/Ishaar.cfg, $APPDIR = lib/app). The launchers' java-options name
# it: -XX:SharedArchiveFile=$APPDIR/../ishaar.jsa with -Xshare:auto. If the file is missing or
# stale (classpath moved, a jar changed) the JVM starts without class sharing, silently.
#
# If the dump fails, lib/ishaar.jsa becomes a link to the runtime's own archive
# (runtime/lib/server/classes.jsa: JDK and JavaFX classes only, valid anywhere), so the app
# still gets most of the benefit; the exit status is then 1 and one line goes to stderr.
# Usage: ishaar-cds.sh [APP_DIR]   (APP_DIR: the image's lib/app; default: this script's folder)
set -u
app="$(cd "${1:-$(dirname "$0")}" && pwd -P)" || exit 1
lib="$(dirname "$app")"
jsa="$lib/ishaar.jsa"
tmp="$lib/.ishaar.jsa.$$"
log="$lib/.ishaar-cds.$$.log"
java="$lib/runtime/bin/java"
# the launcher's classpath: app.classpath lines in order, $APPDIR expanded, ':'-joined
cp="$(sed -n 's/^app\.classpath=//p' "$app/Ishaar.cfg" | sed "s#[\$]APPDIR#$app#g" | paste -sd: -)"

rm -f "$jsa" "$tmp"
reason=""
if [ -z "$cp" ]; then
  reason="no classpath in $app/Ishaar.cfg"
elif ! "$java" -Xshare:dump -XX:SharedClassListFile="$app/ishaar.classlist" \
       -XX:SharedArchiveFile="$tmp" -Xlog:cds=error -Xlog:cds+class=off -cp "$cp" >"$log" 2>&1; then
  reason="dump failed: $(tail -n 1 "$log")"
# -Xshare:on refuses to start unless the archive maps with this classpath
elif ! "$java" -Xshare:on -XX:SharedArchiveFile="$tmp" -cp "$cp" -version >"$log" 2>&1; then
  reason="the archive does not map: $(head -n 1 "$log")"
elif ! mv -f "$tmp" "$jsa"; then
  reason="cannot write $jsa"
fi
rm -f "$tmp" "$log"
[ -z "$reason" ] && exit 0

ln -sfn runtime/lib/server/classes.jsa "$jsa" 2>/dev/null || true
echo "ishaar: start-up archive not built ($reason); using the runtime's archive" >&2
exit 1
