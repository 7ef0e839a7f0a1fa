# lib.sh — the checks the shell test scripts share, sourced (tests/cli/run.sh,
# tests/cli/cases.sh, tests/pg/lib.sh, tests/pg/access.sh,
# tests/reliability/run.sh): each adds one to passed or to failed, a
# failure printed as a FAIL: line on stderr; the script reports both counts
# at its end and exits 1 when any failed.
# shellcheck shell=sh
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $1" >&2; }
# same NAME GOT EXPECTED
same() { if [ "$2" = "$3" ]; then pass; else fail "$1: got '$2', expected '$3'"; fi; }
# has NAME FILE PATTERN (grep -E); hasnt: the pattern is not there
has() { if grep -Eq -- "$3" "$2"; then pass; else fail "$1: no /$3/ in $(basename "$2")"; fi; }
hasnt() { if grep -Eq -- "$3" "$2"; then fail "$1: unexpected /$3/ in $(basename "$2")"; else pass; fi; }
# capped MiB COMMAND...: COMMAND with at most MiB of address space, except
# for a $BIN built with AddressSanitizer, whose shadow memory alone reserves
# terabytes of it: that build runs the command under its other limits only,
# and the plain build's run holds the cap.
capped() {
    mib=$1
    shift
    if grep -qa __asan_init "$BIN" 2>/dev/null; then
        "$@"
    else
        prlimit --as=$((mib * 1048576)) -- "$@"
    fi
}
