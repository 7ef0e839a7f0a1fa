#!/bin/sh
# make mutate: applies each one-line change of a mutant list (tests/mutants.txt,
# lines "file|original text|replacement|what it breaks") one at a time in a
# scratch copy of the tree under /tmp, runs the fast suite there (make unit,
# then make cli-test, with the build directory inside the copy, so each run
# rebuilds only the objects the change touches) and prints which mutants
# survived. Exits 1 if any survived or a line could not be applied; the tree
# itself is never changed.
# Run from the top of the tree: sh scripts/mutate.sh [tests/mutants.txt]
set -u
LIST=${1:-tests/mutants.txt}
BUILD=${BUILD:-build}
[ -f "$LIST" ] || { echo "mutate: $LIST: no such file" >&2; exit 2; }
TOP=$(pwd)
SCRATCH=$(mktemp -d /tmp/slaudit-mutate-XXXXXX)
trap 'rm -rf "$SCRATCH"' EXIT
trap 'exit 2' INT TERM
# The tree without .git, with its build directory (timestamps kept) so that the
# first run rebuilds nothing that is up to date.
tar -C "$TOP" --exclude=./.git -cf - . | tar -C "$SCRATCH" -xf -
cd "$SCRATCH" || exit 2
echo "mutate: building the scratch copy in $SCRATCH"
if ! make -s -j2 BUILD="$BUILD" "$BUILD/slaudit" "$BUILD/unit-tests" >build.log 2>&1; then
    cat build.log >&2
    echo "mutate: the unmutated tree does not build" >&2
    exit 2
fi
total=0 killed=0 survived=0 broken=0
while IFS= read -r line; do
    case $line in '' | '#'*) continue ;; esac
    file=${line%%|*} rest=${line#*|}
    orig=${rest%%|*} rest=${rest#*|}
    repl=${rest%%|*} what=${rest#*|}
    total=$((total + 1))
    n=$(grep -cF -- "$orig" "$file" 2>/dev/null || true)
    if [ "$n" != 1 ]; then
        echo "BROKEN   $file: the original occurs ${n:-0} times: $orig"
        broken=$((broken + 1))
        continue
    fi
    cp -p "$file" "$file.orig"
    O=$orig R=$repl perl -pi -e 'BEGIN { $o = $ENV{O}; $r = $ENV{R} } s/\Q$o\E/$r/' "$file"
    start=$(date +%s)
    if ! make -s -j2 BUILD="$BUILD" unit </dev/null >run.log 2>&1; then
        verdict="killed by make unit"
    elif ! make -s BUILD="$BUILD" cli-test </dev/null >>run.log 2>&1; then
        verdict="killed by make cli-test"
    else
        verdict=survived
    fi
    # Restore, newer than the mutated object so the next run rebuilds it.
    mv "$file.orig" "$file"
    touch "$file"
    secs=$(($(date +%s) - start))
    if [ "$verdict" = survived ]; then
        survived=$((survived + 1))
        echo "SURVIVED $file: $what (${secs}s)"
    else
        killed=$((killed + 1))
        echo "killed   $file: $what: $verdict (${secs}s)"
    fi
done <"$TOP/$LIST"
echo "mutate: $total mutants, $killed killed, $survived survived, $broken not applied"
[ "$survived" -eq 0 ] && [ "$broken" -eq 0 ]
