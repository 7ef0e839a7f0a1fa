#!/bin/sh
# Renders a workbook the way a reader would print it: LibreOffice converts it
# to PDF with each sheet's own page setup (orientation, fit to width, print
# titles, footer), and pdftoppm turns the pages into PNG images.
#
#   scripts/render.sh WORKBOOK.xlsx OUTDIR [DPI] [FIRST LAST]
#
# writes OUTDIR/NAME.pdf and OUTDIR/NAME-N.png for pages FIRST..LAST (all
# pages by default) at DPI dots per inch (60 by default). Needs soffice
# (libreoffice-calc) and pdftoppm (poppler-utils), and a font with Calibri's
# metrics (fonts-crosextra-carlito): without one LibreOffice sets the text in
# a wider font, every column grows, and a page laid out for the workbook's
# own widths no longer holds what it should. Exits 77 with a plain
# message when either is missing, so a test can skip, 1 when the render fails.
set -eu
usage() { echo "usage: scripts/render.sh WORKBOOK.xlsx OUTDIR [DPI] [FIRST LAST]" >&2; exit 2; }
[ $# -ge 2 ] || usage
book=$1
outdir=$2
dpi=${3:-60}
first=${4:-}
last=${5:-}
for tool in soffice pdftoppm; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "render: $tool is not installed, nothing rendered" >&2
        exit 77
    fi
done
[ -f "$book" ] || { echo "render: $book: no such workbook" >&2; exit 1; }
mkdir -p "$outdir"
name=$(basename "$book" .xlsx)
# A profile of its own, so a render never waits on (or changes) a desktop
# LibreOffice, nor another render running at the same time.
profile=$(mktemp -d "${TMPDIR:-/tmp}/slaudit-render.XXXXXX")
trap 'rm -rf "$profile"' EXIT INT TERM
if ! soffice -env:UserInstallation="file://$profile" --headless --norestore \
    --convert-to pdf --outdir "$outdir" "$book" >"$profile/log" 2>&1 ||
    [ ! -s "$outdir/$name.pdf" ]; then
    echo "render: LibreOffice could not convert $book:" >&2
    cat "$profile/log" >&2
    exit 1
fi
if [ -n "$first" ]; then
    pdftoppm -r "$dpi" -png -f "$first" -l "${last:-$first}" "$outdir/$name.pdf" "$outdir/$name"
else
    pdftoppm -r "$dpi" -png "$outdir/$name.pdf" "$outdir/$name"
fi
