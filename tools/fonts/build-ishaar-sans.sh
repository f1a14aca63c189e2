#!/bin/sh
# Builds src/main/resources/app/ishaar/fonts/IshaarSans-{Regular,Bold}.ttf: Noto Sans Arabic UI with
# the Latin, punctuation and symbol glyphs of Noto Sans merged in (both OFL 1.1, no Reserved Font Name).
# One font covering both scripts matters: JavaFX does not mirror brackets taken from a fallback font
# in right-to-left text, and Noto Sans Arabic UI has no brackets, slash or dashes of its own.
# Needs: apt-get download fonts-noto-core fonts-noto-ui-core; apt-get install python3-fonttools.
set -eu
OUT=$(cd "$(dirname "$0")/../.." && pwd)/src/main/resources/app/ishaar/fonts
TMP=$(mktemp -d)
cd "$TMP"
apt-get download fonts-noto-core fonts-noto-ui-core >/dev/null
for d in *.deb; do dpkg-deb -x "$d" x; done
N=x/usr/share/fonts/truetype/noto
for w in Regular Bold; do
  python3 -m fontTools.subset "$N/NotoSans-$w.ttf" --no-hinting --layout-features='*' --output-file="latin-$w.ttf" \
    --unicodes="U+0020-007E,U+00A0-017F,U+2010-2027,U+2030-203A,U+2044,U+20AC,U+2190-2193,U+2212,U+2022,U+25CF,U+25B2-25C4,U+2713,U+2715"
  python3 -m fontTools.subset "$N/NotoSansArabicUI-$w.ttf" --unicodes='*' --no-hinting --layout-features='*' --output-file="arabic-$w.ttf"
  python3 -m fontTools.merge "arabic-$w.ttf" "latin-$w.ttf" --output-file="merged-$w.ttf"
  python3 - "merged-$w.ttf" "$OUT/IshaarSans-$w.ttf" "$w" <<'PY'
import sys
from fontTools.ttLib import TTFont
src, dst, weight = sys.argv[1:]
f = TTFont(src)
names = {1: "Ishaar Sans", 2: weight, 4: "Ishaar Sans" + ("" if weight == "Regular" else " " + weight),
         6: "IshaarSans-" + weight, 3: "IshaarSans-" + weight + ";merged from Noto Sans Arabic UI and Noto Sans",
         16: "Ishaar Sans", 17: weight}
table = f["name"]
table.names = [n for n in table.names if n.nameID not in names and n.nameID not in (16, 17)]
for nid, s in names.items():
    table.setName(s, nid, 3, 1, 0x409)
    table.setName(s, nid, 1, 0, 0)
f.save(dst)
PY
done
rm -rf "$TMP"
