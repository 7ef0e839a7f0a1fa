#!/bin/sh
# Runs every fuzz target for a bounded time from a seed corpus built from the
# project's fixtures, after replaying the kept regression cases.
#   fuzz/run.sh BUILD_DIR SECONDS_PER_TARGET
# With FUZZ_RUNS=N in the environment each target runs N inputs from seed 1
# instead of for a time: deterministic, so a pass here is a pass in CI.
# Targets: one per parser in the registry (parser-NAME; parser-line-pattern
# with user patterns from a fixed set or from the input), parser-detect (format
# detection picks the parser), time (sltime_parse), jsondoc (the JSON reader),
# jsonflat (the JSON Lines quick path, against the JSON reader), nesting (the
# YAML nesting scan against libyaml, and documents nested past the limits),
# readerr (every parser over a stream whose reads fail), sla (the SLA
# document reader), tzfile (the zone file reader, seeded with the system's
# zones of Europe).
# The kept regression cases are replayed with the same -timeout as fuzzing,
# so a case that once hung fails the run if it hangs again.
# A crash leaves its input in fuzz/regressions/TARGET/ and fails the run: fix
# the bug, keep the file, and it is replayed on every later run (and by
# tests/reliability/run.sh through the real binary).
set -u
BUILD=${1:-build/fuzz}
SECS=${2:-60}
TOP=$(pwd)
WORK=$BUILD/fuzz-work
REG=$TOP/fuzz/regressions
mkdir -p "$WORK"
failed=0

# Seeds: every small fixture the project has (the fuzzer keeps what it finds
# in the work corpus between runs, the committed seeds stay untouched).
seed_dir() {
    d=$WORK/seeds-$1
    rm -rf "$d" && mkdir -p "$d"
    shift
    for src in "$@"; do
        [ -d "$src" ] || continue
        find "$src" -type f -size -256k ! -name '*.c' -print | while read -r f; do
            cp "$f" "$d/$(echo "$f" | tr '/' '_')"
        done
    done
    echo "$d"
}

run_target() {
    name=$1 bin=$2 seeds=$3
    corpus=$WORK/corpus-$name
    mkdir -p "$corpus" "$REG/$name"
    if ls "$REG/$name"/* >/dev/null 2>&1; then
        if ! "$bin" -runs=0 -timeout=10 "$REG/$name"/* >"$WORK/$name.replay.log" 2>&1; then
            echo "fuzz: $name: a regression case crashes again (see $WORK/$name.replay.log)" >&2
            failed=1
            return
        fi
    fi
    if [ -n "${FUZZ_RUNS:-}" ]; then
        runs=$FUZZ_RUNS
        # The SLA reader compiles its phrasing table for every input: a
        # tenth of the inputs takes about as long as the others.
        [ "$name" = sla ] && runs=$((FUZZ_RUNS / 10))
        bound="-runs=$runs -seed=1"
        rm -rf "$corpus" && mkdir -p "$corpus" # the same start on every machine
    else
        bound="-max_total_time=$SECS"
    fi
    # shellcheck disable=SC2086 # $bound is two options
    "$bin" $bound -max_len=131072 -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$REG/$name/" \
        "$corpus" "$seeds" >"$WORK/$name.log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$WORK/$name.log" | tail -1)
    cov=$(grep -Eo 'cov: [0-9]+' "$WORK/$name.log" | tail -1)
    if [ "$rc" -ne 0 ]; then
        echo "fuzz: $name: FAILED (exit $rc), input kept in fuzz/regressions/$name/" >&2
        grep -E 'ERROR|SUMMARY|runtime error' "$WORK/$name.log" | head -5 >&2
        failed=1
    else
        echo "fuzz: $name: ${runs:-?} inputs, ${cov:-cov ?}, no crash"
    fi
}

# Read-error seeds: each small fixture after four bytes that say "the parser
# it is detected as; reads fail after 128 bytes, handed over 256 at a time"
# (fuzz/fuzz_readerr.c).
prefixed_seeds() {
    d=$WORK/seeds-$1
    rm -rf "$d" && mkdir -p "$d"
    shift
    for src in "$@"; do
        [ -d "$src" ] || continue
        find "$src" -type f -size -64k ! -name '*.c' -print | while read -r f; do
            { printf '\200\000\200\020'; cat "$f"; } >"$d/$(echo "$f" | tr '/' '_')"
        done
    done
    echo "$d"
}

FIXTURES="tests/data tests/cli/data tests/data/hostile sample-data fuzz/regressions"
SEEDS=$(seed_dir parsers $FIXTURES)
for p in $(SLAUDIT_FUZZ_PARSER=list "$BUILD/fuzz-parser" 2>/dev/null); do
    SLAUDIT_FUZZ_PARSER=$p run_target "parser-$p" "$BUILD/fuzz-parser" "$SEEDS"
done
SLAUDIT_FUZZ_PARSER=detect run_target parser-detect "$BUILD/fuzz-parser" "$SEEDS"
run_target time "$BUILD/fuzz-time" "$(seed_dir time fuzz/seeds/time)"
run_target tzfile "$BUILD/fuzz-tzfile" "$(seed_dir tzfile /usr/share/zoneinfo/Europe)"
run_target jsondoc "$BUILD/fuzz-jsondoc" "$(seed_dir jsondoc fuzz/seeds/jsondoc tests/data)"
run_target jsonflat "$BUILD/fuzz-jsonflat" "$(seed_dir jsonflat fuzz/seeds/jsondoc tests/data)"
run_target nesting "$BUILD/fuzz-nesting" "$(seed_dir nesting fuzz/seeds/nesting tests/data/formats tests/data/decide)"
run_target readerr "$BUILD/fuzz-readerr" "$(prefixed_seeds readerr tests/data/formats tests/data/parsers tests/data/hostile sample-data)"
if [ -x "$BUILD/fuzz-sla" ]; then
    run_target sla "$BUILD/fuzz-sla" "$(seed_dir sla tests/data/sla tests/cli/data tests/data/hostile)"
else
    echo "fuzz: sla: no SLA extractor in this tree yet, not fuzzed"
fi
exit $failed
