#!/usr/bin/env bash
# Regenerates every raster icon from cardtable.svg. The outputs are committed, so building or
# packaging Cardtable never needs these tools; run this only after editing the SVG.
#   Debian/Ubuntu: apt-get install librsvg2-bin icoutils icnsutils
#   - png/cardtable-N.png : the sizes of the freedesktop hicolor theme (Linux packages, window)
#   - cardtable.ico       : Windows (embedded into cardtable.exe by app/build.rs)
#   - cardtable.icns      : macOS (the .app bundle)
set -euo pipefail
cd "$(dirname "$0")"
for tool in rsvg-convert icotool png2icns; do
  command -v "$tool" >/dev/null || { echo "generate.sh needs $tool (see the comment at the top)" >&2; exit 1; }
done
mkdir -p png
for size in 16 24 32 48 64 128 256 512 1024; do
  rsvg-convert --width "$size" --height "$size" cardtable.svg --output "png/cardtable-$size.png"
done
# Windows keeps 16..48 as bitmaps and stores 256 as PNG (-r) so the file stays small.
icotool --create --output cardtable.ico \
  png/cardtable-16.png png/cardtable-24.png png/cardtable-32.png png/cardtable-48.png png/cardtable-64.png \
  --raw=png/cardtable-256.png
png2icns cardtable.icns \
  png/cardtable-16.png png/cardtable-32.png png/cardtable-48.png png/cardtable-128.png \
  png/cardtable-256.png png/cardtable-512.png png/cardtable-1024.png >/dev/null
ls -l png cardtable.ico cardtable.icns
