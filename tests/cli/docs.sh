#!/bin/sh
# The documentation against the tree and the binary:
#   - docs/architecture.md lists every source file of cli/, engine/, parsers/
#     and reports/ in the table of its own room, and no file that is gone;
#   - man/slaudit.1 documents, in each command's section, every option that
#     command's --help lists (its usage lines and option lines);
#   - the command reference of docs/user-guide.md is each --help as printed;
#   - every source file the documentation names by path exists;
#   - the README's counts of formats and rules are what the binary lists;
#   - nothing in the project cites a design page outside it.
# Prints FAIL: lines and exits 1 on any difference.
# Run from the top of the tree: sh tests/cli/docs.sh build/slaudit
set -u
BIN=${1:-build/slaudit}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: docs: $1" >&2; }

# --- architecture.md: one table per room ------------------------------------
awk '
/^### (cli|engine\/[a-z]+|parsers\/[a-z]+|reports\/[a-z]+)\/$/ { room = substr($2, 1, length($2) - 1); next }
/^##/ { room = "" }
room != "" && /^\| `/ {
    split($0, cell, "|")
    n = split(cell[2], part, ",")
    stem = ""
    for (i = 1; i <= n; i++) {
        name = part[i]
        gsub(/[ `]/, "", name)
        if (name ~ /^\./) name = stem name
        else { stem = name; sub(/\.[ch]$/, "", stem) }
        print room "/" name
    }
}' docs/architecture.md | sort >"$TMP/listed"
find cli engine parsers reports -name '*.[ch]' | sort >"$TMP/tree"
comm -13 "$TMP/listed" "$TMP/tree" | while read -r f; do
    echo "FAIL: docs: $f is not listed in its room's table in docs/architecture.md" >&2
done
comm -23 "$TMP/listed" "$TMP/tree" | while read -r f; do
    echo "FAIL: docs: docs/architecture.md lists $f, which is not in the tree" >&2
done
cmp -s "$TMP/listed" "$TMP/tree" || fail "docs/architecture.md and the tree differ (above)"

# --- man/slaudit.1: every option of every --help, in its section ------------
# The options a help text lists: those of its usage lines (up to the first
# empty line) and the first word of each option line.
help_options() {
    "$BIN" $1 --help | awk 'NR == 1, /^$/ { print; next } /^ +-/ { print $1 }' |
        grep -oE '(^|[][ |(])(--[a-z][a-z0-9-]*|-[a-zA-Z])' | sed 's/^[][ |(]//' | sort -u
}
for cmd in global ingest pull forget formats eval report sla audit rules compare decide claim; do
    if [ $cmd = global ]; then arg= section='Global options'; else arg=$cmd section=$cmd; fi
    awk -v s="$section" '$0 == ".SS " s { on = 1; next } /^\.S[SH]/ { on = 0 } on' \
        man/slaudit.1 >"$TMP/section"
    [ -s "$TMP/section" ] || fail "man/slaudit.1 has no section '$section'"
    help_options "$arg" >"$TMP/options"
    [ -s "$TMP/options" ] || fail "no options read from 'slaudit $arg --help'"
    while read -r opt; do
        roff=$(printf '%s' "$opt" | sed 's/-/\\-/g')
        grep -qF -- "$roff" "$TMP/section" ||
            fail "man/slaudit.1, section '$section', does not document $opt"
    done <"$TMP/options"
done

# --- user-guide.md: the command reference is --help as printed --------------
for cmd in ingest pull forget formats eval report sla audit rules compare decide claim; do
    awk -v h="### slaudit $cmd" '$0 == h { on = 1; next }
        on && /^```$/ { if (++fence == 2) exit; next }
        on && fence == 1' docs/user-guide.md >"$TMP/guide"
    "$BIN" $cmd --help >"$TMP/help"
    cmp -s "$TMP/guide" "$TMP/help" ||
        fail "docs/user-guide.md, 'slaudit $cmd', is not what 'slaudit $cmd --help' prints"
done

# --- every source file the documentation names exists --------------------------
# (docs/rules.md is written by `slaudit rules --markdown` and checked by run.sh.)
for doc in README.md sample-data/README.md man/slaudit.1 docs/*.md; do
    [ "$doc" = docs/rules.md ] && continue
    grep -oE '(^|[^a-z_/.])(tests/)?(cli|engine|parsers|reports)/([a-z_]+/)*[a-z_]+\.[ch]\b' "$doc" |
        sed -E 's/^[^a-z]//' | sort -u | while read -r f; do
        [ -f "$f" ] || echo "FAIL: docs: $doc names $f, which is not in the tree" >&2
    done
done 2>"$TMP/missing"
if [ -s "$TMP/missing" ]; then cat "$TMP/missing" >&2; fail "the documentation names files that are gone (above)"; fi

# --- the README's counts are the binary's ----------------------------------------
formats=$("$BIN" formats | grep -c '^  reads:')
said=$(tr '\n' ' ' <README.md | grep -oE '`slaudit formats` +lists the [0-9]+ it reads' | grep -oE '[0-9]+')
[ "${said:-}" = "$formats" ] ||
    fail "README.md says slaudit formats lists ${said:-no number of} formats; the binary reads $formats"
rules=$("$BIN" rules | tail -n 1)
said=$(tr '\n' ' ' <README.md | grep -oE '`slaudit rules`; +[0-9]+ of +its [0-9]+ rules implemented' |
    sed -E 's/.*; +([0-9]+) of +its ([0-9]+) rules.*/\1 of \2 rules implemented/')
[ "${said:-}" = "$rules" ] || fail "README.md says '${said:-no count of rules}'; slaudit rules says '$rules'"
for doc in docs/user-guide.md man/slaudit.1; do
    tr '\n' ' ' <"$doc" | grep -oE '[0-9]+ of( its)? [0-9]+ rules implemented' | sed 's/ its//' |
        while read -r n; do
            [ "$n" = "$rules" ] || echo "FAIL: docs: $doc says '$n'; slaudit rules says '$rules'" >&2
        done
done 2>"$TMP/counts"
if [ -s "$TMP/counts" ]; then cat "$TMP/counts" >&2; fail "a document's count of rules is not the binary's (above)"; fi

# --- citations stay inside the project -----------------------------------------
if grep -rln 'DESIGN[.]md' README.md docs man cli engine parsers reports tests sample-data \
    --include='*.md' --include='*.c' --include='*.h' --include='*.sh' --include='*.1' \
    >"$TMP/cites" 2>/dev/null; then
    fail "a design page outside the project is cited (cite docs/design.md): $(tr '\n' ' ' <"$TMP/cites")"
fi

[ "$failed" -eq 0 ]
