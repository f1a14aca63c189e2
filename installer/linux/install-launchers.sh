#!/bin/sh
# Puts installer/linux/launcher.sh in place of jpackage's launchers in a Linux app image (run by the
# installer build after jpackage made the image, before the packages are made from it), and links
# lib/runtime/bin/<launcher> to the runtime's java so the started process keeps the launcher's name.
# Usage: installer/linux/install-launchers.sh <app image>      (e.g. target/installer/Ishaar)
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
image="$1"
n=0
for launcher in "$image"/bin/*; do
  name="$(basename "$launcher")"
  [ -f "$image/lib/app/$name.cfg" ] || continue
  rm -f "$launcher"
  cp "$here/launcher.sh" "$launcher"
  chmod 0755 "$launcher"
  ln -sfn java "$image/lib/runtime/bin/$name"
  n=$((n + 1))
done
[ "$n" -gt 0 ] || { echo "install-launchers: no launcher with a .cfg in $image/bin" >&2; exit 1; }
echo "install-launchers: $n launchers in $image/bin"
