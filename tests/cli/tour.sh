#!/bin/sh
# The README's tour, run as a reader runs it: in a fresh copy of the tree,
# after the steps of `make demo` (read from the Makefile's demo recipe), every
# command of the README's console blocks is run in order in one shell, and
# what it prints (stdout, then stderr) must be the lines the README shows
# below it. A line holding only … in the README stands for any number of
# lines left out; nothing else may differ (the commands name relative paths,
# so not even the copy's own path shows). Every command must exit 0, and the
# demo's store and workbook must come out of the tour unchanged.
# Prints FAIL: lines and exits 1 on any difference.
# Run from the top of the tree: sh tests/cli/tour.sh build/slaudit build/gen-sample
set -u
BIN=$(cd "$(dirname "${1:-build/slaudit}")" && pwd)/$(basename "${1:-build/slaudit}")
GEN=$(cd "$(dirname "${2:-build/gen-sample}")" && pwd)/$(basename "${2:-build/gen-sample}")
README=${README:-README.md}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
TOUR=$TMP/clone
failed=0
fail() { failed=$((failed + 1)); echo "FAIL: tour: $1" >&2; }
export LC_ALL=C

# --- a fresh copy of the tree, with the binary where `make` leaves it ------------
mkdir "$TOUR" "$TOUR/build"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files | tar -cf - -T - | tar -xf - -C "$TOUR"
else
    tar -cf - --exclude=./.git --exclude=./build --exclude=./out --exclude=./sample-data/generated \
        --exclude='./slaudit.db*' . | tar -xf - -C "$TOUR"
fi
cp "$README" "$TOUR/README.md"
ln -s "$BIN" "$TOUR/build/slaudit"

# --- make demo: the sample generator, then the demo recipe of the Makefile --------
"$GEN" "$TOUR/sample-data/generated" >/dev/null || fail "the sample generator failed"
demo_db=$(sed -n 's/^DEMO_DB *:= *//p' Makefile)
awk -v db="$demo_db" '
/^demo:/ { on = 1; next }
on && /^\t/ {
    line = substr($0, 2)
    gsub(/\$\(Q\)/, "", line); gsub(/\$\(BUILD\)/, "build", line); gsub(/\$\(DEMO_DB\)/, db, line)
    gsub(/\$\$/, "$", line)
    print line
    next
}
on { exit }' Makefile >"$TMP/demo.sh"
[ -s "$TMP/demo.sh" ] || fail "no demo recipe in the Makefile"
(cd "$TOUR" && env -u SLAUDIT_DB sh -e "$TMP/demo.sh" >"$TMP/demo.out" 2>&1) ||
    { fail "the demo's steps failed"; sed 's/^/  | /' "$TMP/demo.out" >&2; }
(cd "$TOUR" && cksum out/demo.db out/ops-report-2026-10.xlsx) >"$TMP/demo.sum" 2>&1 ||
    fail "the demo left no out/demo.db or out/ops-report-2026-10.xlsx"

# --- the tour out of the README: commands and what each prints --------------------
# Writes $TMP/cmd.N (one command line) and $TMP/exp.N (its lines) for N = 1...
awk -v dir="$TMP" '
/^```console$/ { inblock = 1; next }
inblock && /^```$/ { inblock = 0; next }
!inblock { next }
/^\$ / { n++; print substr($0, 3) >(dir "/cmd." n); close(dir "/cmd." n); printf "" >(dir "/exp." n); next }
n == 0 { print "output before any command: " $0 >"/dev/stderr"; bad = 1; next }
{ print >>(dir "/exp." n) }
END { print n + 0 >(dir "/count"); exit bad }' "$README" || fail "$README: a console block does not start with a command"
count=$(cat "$TMP/count")
[ "$count" -gt 0 ] || fail "$README has no console block"

# One shell runs every command in order, so an `export` holds for the rest.
i=1
: >"$TMP/tour.sh"
while [ "$i" -le "$count" ]; do
    printf '{ %s\n} >"%s/out.%d" 2>"%s/err.%d" </dev/null; echo $? >"%s/rc.%d"\n' \
        "$(cat "$TMP/cmd.$i")" "$TMP" "$i" "$TMP" "$i" "$TMP" "$i" >>"$TMP/tour.sh"
    i=$((i + 1))
done
(cd "$TOUR" && env -u SLAUDIT_DB PATH=/usr/bin:/bin sh "$TMP/tour.sh")

# match EXPECTED ACTUAL: every line of EXPECTED in order, a line "…" standing for
# any run of lines (none included).
match() {
    awk '
    FNR == NR { e[++ne] = $0; next }
    { a[++na] = $0 }
    function seg_at(s, p,   j) {
        for (j = 0; j < slen[s]; j++)
            if (p + j > na || a[p + j] != e[sbeg[s] + j]) return 0
        return 1
    }
    END {
        ns = 0; open = 1; lead = 0; trail = 0
        for (i = 1; i <= ne; i++) {
            if (e[i] == "…") { if (ns == 0) lead = 1; open = 1; trail = 1; continue }
            if (open) { sbeg[++ns] = i; slen[ns] = 0; open = 0; if (ns == 1 && i > 1) lead = 1 }
            slen[ns]++; trail = 0
        }
        if (ns == 0) exit ((lead || na == 0) ? 0 : 1)
        p = 1
        for (s = 1; s <= ns; s++) {
            if (s == ns && !trail) {
                start = na - slen[s] + 1
                if (start < p || (s == 1 && !lead && start != 1) || !seg_at(s, start)) exit 1
                p = start + slen[s]
            } else if (s == 1 && !lead) {
                if (!seg_at(s, 1)) exit 1
                p = 1 + slen[s]
            } else {
                for (start = p; start + slen[s] - 1 <= na; start++) if (seg_at(s, start)) break
                if (start + slen[s] - 1 > na) exit 1
                p = start + slen[s]
            }
        }
        exit 0
    }' "$1" "$2"
}

i=1
while [ "$i" -le "$count" ]; do
    cmd=$(cat "$TMP/cmd.$i")
    cat "$TMP/out.$i" "$TMP/err.$i" >"$TMP/got.$i" 2>/dev/null
    rc=$(cat "$TMP/rc.$i" 2>/dev/null || echo '?')
    [ "$rc" = 0 ] || fail "\$ $cmd: exit $rc"
    if ! match "$TMP/exp.$i" "$TMP/got.$i"; then
        fail "\$ $cmd: prints other lines than $README shows"
        echo "  the README shows:" >&2
        sed 's/^/  | /' "$TMP/exp.$i" >&2
        echo "  the command printed:" >&2
        sed 's/^/  | /' "$TMP/got.$i" >&2
    fi
    i=$((i + 1))
done

(cd "$TOUR" && cksum out/demo.db out/ops-report-2026-10.xlsx) >"$TMP/after.sum" 2>&1
cmp -s "$TMP/demo.sum" "$TMP/after.sum" || fail "the tour changed the demo's out/demo.db or out/ops-report-2026-10.xlsx"

[ "$failed" -eq 0 ]
