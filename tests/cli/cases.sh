#!/bin/sh
# Metric cases: each file of tests/data/metrics/ holds the input of a small
# case and its output computed by hand, side by side; this runs the real
# binary on the input and compares. Adding a case is adding a file.
#   BUILD=build sh tests/cli/cases.sh [CASE.case...]
#
# A case file, in sections (tests/data/metrics/README.md):
#   # ...                    the case and its arithmetic, by hand
#   $ ARGS                   a slaudit command, run with --db on a fresh
#                            store in a scratch folder holding the files;
#                            it must exit 0 ("$3 ARGS": must exit 3)
#   == NAME                  a file of the input, its lines until the next
#                            section
#   == expect                lines FILTER = VALUE: jq's FILTER over the JSON
#                            the last command printed gives VALUE (JSON);
#                            numbers agree to 1e-9 of their size
set -u
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
BIN=$BUILD/slaudit
CASES=$(pwd)/tests/data/metrics
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# split CASE DIR: the file sections into DIR, the commands into DIR/.commands
# (one a line, the exit code expected first), the expectations into
# DIR/.expect
split_case() {
    awk -v dir="$2" '
        /^== / { out = dir "/" substr($0, 4); if (substr($0, 4) == "expect") out = dir "/.expect"
                 printf "" > out; next }
        /^\$[0-9]* / && out == "" { rc = substr($1, 2); if (rc == "") rc = 0
                 sub(/^\$[0-9]* /, ""); print rc " " $0 > (dir "/.commands"); next }
        out != "" { print > out }
    ' "$1"
}

# agrees GOT WANT: jq compares two JSON values, numbers within 1e-9 relative
agrees() {
    jq -en --argjson got "$1" --argjson want "$2" '
        if ($got | type) == "number" and ($want | type) == "number"
        then (($got - $want) | fabs) <= 1e-9 * ([1, ($want | fabs)] | max)
        else $got == $want end' >/dev/null
}

run_case() {
    file=$1
    name=$(basename "$file" .case)
    dir=$TMP/$name
    mkdir -p "$dir"
    split_case "$file" "$dir"
    if [ ! -s "$dir/.commands" ] || [ ! -s "$dir/.expect" ]; then
        fail "$name: a case needs a \$ command and an == expect section"
        return
    fi
    while read -r rc args; do
        # shellcheck disable=SC2086 # the arguments are words of the case
        (cd "$dir" && eval "set -- $args" && "$BIN" --db store.db "$@") >"$dir/.out" 2>"$dir/.err"
        got=$?
        if [ "$got" -ne "$rc" ]; then
            fail "$name: '$args' exited $got, expected $rc"
            sed 's/^/  | /' "$dir/.err" >&2
            return
        fi
    done <"$dir/.commands"
    if ! jq -e . "$dir/.out" >/dev/null 2>&1; then
        fail "$name: the last command printed no JSON"
        return
    fi
    while IFS= read -r line; do
        case $line in '' | '#'*) continue ;; esac
        filter=${line% = *}
        want=${line##* = }
        if ! value=$(jq -c "$filter" "$dir/.out" 2>&1); then
            fail "$name: $filter: $value"
            continue
        fi
        if [ "$(printf '%s\n' "$value" | wc -l)" -ne 1 ]; then
            fail "$name: $filter gives $(printf '%s\n' "$value" | wc -l) values, not one"
        elif agrees "$value" "$want"; then
            pass
        else
            fail "$name: $filter is $value, by hand $want"
        fi
    done <"$dir/.expect"
}

[ $# -gt 0 ] || set -- "$CASES"/*.case
for f in "$@"; do
    run_case "$f"
done
echo "cases: $passed passed, $failed failed ($# case files)"
[ "$failed" -eq 0 ]
