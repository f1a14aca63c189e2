#!/bin/bash
# Ishaar's launchers on Linux: bin/Ishaar (the desktop app) and bin/ishaar (the command line) are
# both this script, put in place of jpackage's launchers by installer/linux/install-launchers.sh
# when the app image is built. It starts the bundled runtime with exactly what jpackage wrote into
# lib/app/<launcher>.cfg (main class, classpath, java-options; $APPDIR, $BINDIR and $ROOTDIR as
# jpackage expands them) and the launcher's arguments.
#
# Why: jpackage's JDK 17 Linux launcher asks the package managers who owns it before it starts Java
# (`rpm -qf`, `dpkg -S`, then `dpkg -L ishaar`, each reading the dpkg database), ~150-180 ms of every
# start and every command; see installer/README.md. The JVM is started through lib/runtime/bin/<launcher>,
# a link to the runtime's java, so the process is still called Ishaar (or ishaar), not java.
set -euo pipefail
self="$(readlink -f "${BASH_SOURCE[0]}")"
name="${self##*/}"
BINDIR="${self%/*}"
ROOTDIR="${BINDIR%/*}"
APPDIR="$ROOTDIR/lib/app"
cfg="$APPDIR/$name.cfg"
[ -r "$cfg" ] || { echo "$name: cannot read $cfg" >&2; exit 1; }

# $APPDIR, $BINDIR and $ROOTDIR in a .cfg value, as jpackage expands them (no subshell: a start
# reads some 40 lines)
main=""; classpath=""; options=()
while IFS= read -r line || [ -n "$line" ]; do
  v="${line#*=}"
  v="${v//\$APPDIR/$APPDIR}"; v="${v//\$BINDIR/$BINDIR}"; v="${v//\$ROOTDIR/$ROOTDIR}"
  case "$line" in
    app.mainclass=*) main="$v" ;;
    app.classpath=*) classpath="${classpath:+$classpath:}$v" ;;
    java-options=*) options+=("$v") ;;
  esac
done < "$cfg"
[ -n "$main" ] || { echo "$name: no app.mainclass in $cfg" >&2; exit 1; }

java="$ROOTDIR/lib/runtime/bin/$name"
[ -x "$java" ] || java="$ROOTDIR/lib/runtime/bin/java"
exec "$java" ${options[@]+"${options[@]}"} "-Djpackage.app-path=$self" -cp "$classpath" "$main" "$@"
