#!/bin/sh
# The dependency rules of docs/architecture.md, checked over every #include
# line, so the layout cannot rot:
#   - engine/ folders in this order; a folder includes only itself and the
#     folders before it:  base time model store ingest sla measure audit decide
#   - engine/ includes nothing from parsers/, reports/ or cli/;
#   - parsers/ and reports/ include engine/ and themselves, never each other
#     nor cli/;
#   - each third-party library has one home: sqlite3.h in engine/store/sqlite/,
#     libpq-fe.h in engine/store/postgres/ (the PostgreSQL backend),
#     xlsxwriter.h in reports/xlsx/, pcre2.h, jansson.h, yaml.h and OpenSSL
#     in engine/base/, csv.h in parsers/read/, cmark-gfm in
#     parsers/sla/sla_markdown.c, libxml2 in parsers/sla/sla_html.c (SLA
#     documents in HTML), parsers/sla/sla_docx.c (the XML of a Word document)
#     and parsers/read/xmlread.c (XML inputs and the HTML inside them),
#     libzip in parsers/sla/sla_docx.c, poppler (and glib) in
#     parsers/sla/sla_pdf.c, libcurl in engine/base/http.c.
# Prints every back-edge as FILE:LINE: what is wrong, and exits 1 if any.
set -eu
cd "$(dirname "$0")/.."
order="base time model store ingest sla measure audit decide"

rank() { # the position of an engine folder in $order, or nothing
    i=0
    for f in $order; do
        [ "$f" = "$1" ] && { echo $i; return; }
        i=$((i + 1))
    done
}

problems=$(
for file in $(git ls-files 'engine/*.[ch]' 'parsers/*.[ch]' 'reports/*.[ch]' 'cli/*.[ch]'); do
    top=${file%%/*}
    room=$(echo "$file" | cut -d/ -f2)
    grep -nE '^#include [<"]' "$file" | while IFS= read -r hit; do
        line=${hit%%:*}
        target=$(echo "$hit" | sed -E 's/^[0-9]+:#include [<"]([^>"]+)[>"].*/\1/')
        where="$file:$line"
        case "$target" in
        sqlite3.h) case "$file" in engine/store/sqlite/*) ;; *) echo "$where: sqlite3.h outside engine/store/sqlite/" ;; esac ;;
        libpq-fe.h)
            case "$file" in
            engine/store/postgres/*) ;;
            *) echo "$where: libpq-fe.h outside engine/store/postgres/" ;;
            esac ;;
        xlsxwriter.h) [ "$top/$room" = reports/xlsx ] || echo "$where: xlsxwriter.h outside reports/xlsx/" ;;
        pcre2.h | jansson.h | yaml.h | openssl/*)
            [ "$top/$room" = engine/base ] || echo "$where: $target outside engine/base/" ;;
        csv.h) [ "$top/$room" = parsers/read ] || echo "$where: csv.h outside parsers/read/" ;;
        cmark-gfm*.h | cmark-gfm/*)
            [ "$file" = parsers/sla/sla_markdown.c ] || echo "$where: $target outside parsers/sla/sla_markdown.c" ;;
        libxml/*)
            case "$file" in
            parsers/sla/sla_html.c | parsers/sla/sla_docx.c | parsers/read/xmlread.c) ;;
            *) echo "$where: $target outside parsers/sla/sla_html.c, sla_docx.c and parsers/read/xmlread.c" ;;
            esac ;;
        curl/*) [ "$file" = engine/base/http.c ] || echo "$where: $target outside engine/base/http.c" ;;
        zip.h) [ "$file" = parsers/sla/sla_docx.c ] || echo "$where: zip.h outside parsers/sla/sla_docx.c" ;;
        poppler.h | poppler/* | glib.h | glib/*)
            [ "$file" = parsers/sla/sla_pdf.c ] || echo "$where: $target outside parsers/sla/sla_pdf.c" ;;
        esac
        ttop=${target%%/*}
        case "$top:$ttop" in
        engine:parsers | engine:reports | engine:cli | parsers:reports | parsers:cli | reports:parsers | reports:cli)
            echo "$where: $top/ may not include $target"
            ;;
        engine:engine)
            troom=$(echo "$target" | cut -d/ -f2)
            from=$(rank "$room")
            to=$(rank "$troom")
            if [ -z "$from" ] || [ -z "$to" ]; then
                echo "$where: $target: engine folder not in the order ($order)"
            elif [ "$to" -gt "$from" ]; then
                echo "$where: engine/$room/ may not include $target (engine/$troom/ comes after it)"
            fi
            ;;
        esac
    done
done
# Only folders sit in engine/ (and at most a header that ties them).
for f in engine/*; do
    [ -d "$f" ] || case "$f" in engine/*.h) ;; *) echo "$f: a file directly in engine/; it belongs in a room" ;; esac
done
)
[ -z "$problems" ] && exit 0
echo "$problems" >&2
exit 1
