#!/usr/bin/env bash
# Regenerates every icon from the master icons/ishaar.svg:
#   icons/ishaar-<size>.png  (16 24 32 48 64 128 256 512 1024)
#   icons/ishaar.ico         (16 24 32 48 64 128 256; 256 stored as PNG)
#   icons/ishaar.icns        (16..1024, including the @2x retina entries ic11..ic14 and ic10)
#   src/main/resources/app/ishaar/icons/ishaar-<size>.png  (16..512: what the windows load at run time)
# The outputs are committed, so a build needs none of these tools. Debian packages used:
# librsvg2-bin (rsvg-convert), icoutils (icotool); installed when missing (needs root).
# png2icns (icnsutils) cannot write 64 px or the @2x entries, so the ICNS container (a flat list of
# type + length + PNG records) is written by the small python3 step below.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
svg="$root/icons/ishaar.svg"
out="$root/icons"
res="$root/src/main/resources/app/ishaar/icons"

need=()
command -v rsvg-convert >/dev/null 2>&1 || need+=(librsvg2-bin)
command -v icotool >/dev/null 2>&1 || need+=(icoutils)
command -v python3 >/dev/null 2>&1 || need+=(python3)
if [ "${#need[@]}" -gt 0 ]; then
  echo "installing ${need[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q && apt-get install -y -q --no-install-recommends "${need[@]}"
fi

mkdir -p "$out" "$res"
for s in 16 24 32 48 64 128 256 512 1024; do
  rsvg-convert --width "$s" --height "$s" --keep-aspect-ratio "$svg" -o "$out/ishaar-$s.png"
done

# ICO: small sizes as BMP entries (best support on old shells), 256 as a PNG entry.
icotool --create --output "$out/ishaar.ico" \
  "$out/ishaar-16.png" "$out/ishaar-24.png" "$out/ishaar-32.png" "$out/ishaar-48.png" \
  "$out/ishaar-64.png" "$out/ishaar-128.png" --raw="$out/ishaar-256.png"

# ICNS: every entry holds PNG data (accepted by macOS 10.7+ for all of these types).
python3 - "$out" <<'PY'
import struct, sys, pathlib
d = pathlib.Path(sys.argv[1])
entries = [  # (type, pixel size): 1x and @2x variants
    (b"icp4", 16), (b"ic11", 32),     # 16, 16@2x
    (b"icp5", 32), (b"ic12", 64),     # 32, 32@2x
    (b"ic07", 128), (b"ic13", 256),   # 128, 128@2x
    (b"ic08", 256), (b"ic14", 512),   # 256, 256@2x
    (b"ic09", 512), (b"ic10", 1024),  # 512, 512@2x
]
body = b"".join(t + struct.pack(">I", 8 + len(p)) + p
                for t, p in ((t, (d / f"ishaar-{s}.png").read_bytes()) for t, s in entries))
(d / "ishaar.icns").write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)
PY

for s in 16 24 32 48 64 128 256 512; do
  cp "$out/ishaar-$s.png" "$res/ishaar-$s.png"
done

echo "icons written to $out and $res" >&2
