#!/bin/sh
# run.sh — `make bench`: generates the data for BENCH_SCALE (small or full),
# runs slaudit's ingest, eval and report stages and the baselines on the same
# data, each as its own process measured by bench-measure, and prints one
# table. Work files go to $BENCH_DIR (default $BUILD/bench/$BENCH_SCALE); the
# data is generated again only when the generator or the scale changed.
set -eu

SCALE=${BENCH_SCALE:-small}
BUILD=${BUILD:-build}
case $SCALE in
small) DIV=50 SHEET_ROWS=100000 ;;
full) DIV=1 SHEET_ROWS=1000000 ;;
*)
    echo "bench: BENCH_SCALE must be small or full, not '$SCALE'" >&2
    exit 2
    ;;
esac
DIR=${BENCH_DIR:-$BUILD/bench/$SCALE}
SL=${SLAUDIT:-$BUILD/slaudit} # SLAUDIT=path measures another build on the same data
MEASURE=$BUILD/bench-measure
RES=$DIR/results
DB=$DIR/bench.db
NOTES=$DIR/notes
mkdir -p "$DIR"
: >"$RES"
: >"$NOTES"

note() {
    echo "$*" >>"$NOTES"
}

# Which optional parsers exist: logs and JSON Lines are generated and measured
# only when slaudit can read them.
formats=$("$SL" formats 2>/dev/null || true)
logs=""
if echo "$formats" | grep -qi 'xid' && echo "$formats" | grep -qi 'slurm'; then
    logs="--logs"
fi

stamp="$(cksum <bench/gen.c | cut -d' ' -f1) $DIV $logs"
if [ ! -f "$DIR/manifest" ] || [ "$(cat "$DIR/.stamp" 2>/dev/null)" != "$stamp" ]; then
    echo "bench: generating $SCALE data in $DIR" >&2
    "$BUILD/bench-gen" "$DIR" "$DIV" $logs
    echo "$stamp" >"$DIR/.stamp"
fi
[ -n "$logs" ] || note "logs: no Xid/Slurm parser in 'slaudit formats' yet; log ingest not measured"

count() { awk -v f="$1" '$1 == f { print $2 }' "$DIR/manifest"; }
size() { wc -c <"$1" | tr -d ' '; }
sql() { sqlite3 "$DB" "$1"; }

# run STAGE RECORDS BYTES COMMAND...: measures one stage; its stdout goes to
# $DIR/STAGE.out. Records the row even when the command fails.
run() {
    stage=$1 records=$2 bytes=$3
    shift 3
    echo "bench: $stage" >&2
    rm -f "$DIR/m.$stage"
    if "$MEASURE" "$DIR/m.$stage" "$@" >"$DIR/$stage.out" 2>"$DIR/$stage.err"; then :; fi
    echo "$stage $records $bytes $(cat "$DIR/m.$stage")" >>"$RES"
}
status_of() { awk -v s="$1" '$1 == s { print $8 }' "$RES"; }

rm -f "$DB" "$DB-wal" "$DB-shm"

run ingest-probes "$(count probes.csv)" "$(size "$DIR/probes.csv")" \
    "$SL" --db "$DB" -q ingest "$DIR/probes.csv"

run ingest-intervals "$(count intervals.csv)" "$(size "$DIR/intervals.csv")" \
    "$SL" --db "$DB" -q ingest "$DIR/intervals.csv"
if [ "$(status_of ingest-intervals)" != 0 ]; then
    note "intervals: no status-interval CSV parser yet ($(head -c 120 "$DIR/ingest-intervals.err" | head -1)); the intervals were loaded with the sqlite3 shell, unmeasured, so eval has them"
    sed -i '/^ingest-intervals /d' "$RES"
    sqlite3 "$DB" <<EOF
.mode csv
CREATE TEMP TABLE iv_csv (entity, service, start, end, status);
.import --skip 1 $DIR/intervals.csv iv_csv
INSERT INTO sources (path, sha256, format, bytes, ingested_at)
  VALUES ('$DIR/intervals.csv', 'bench-intervals', 'bench-sqlite3', 0, 0);
INSERT INTO intervals (source_id, entity, service, start, end, status)
  SELECT last_insert_rowid(), entity, service, unixepoch(start), unixepoch(end), status
  FROM iv_csv;
EOF
fi

# Availability over the year, before the incidents are in: the intervals are
# the whole input (target: 6 M intervals/s).
intervals=$(sql "SELECT count(*) FROM intervals")
run eval-availability "$intervals" "$(size "$DB")" \
    "$SL" --db "$DB" eval --from 2025-01-01 --to 2026-01-01 --json

run ingest-incidents-csv "$(count incidents.csv)" "$(size "$DIR/incidents.csv")" \
    "$SL" --db "$DB" -q ingest "$DIR/incidents.csv"

# JSON Lines go to a store of their own, so they are inserted, not updated.
rm -f "$DIR/jsonl.db" "$DIR/jsonl.db-wal" "$DIR/jsonl.db-shm"
run ingest-incidents-jsonl "$(count incidents.jsonl)" "$(size "$DIR/incidents.jsonl")" \
    "$SL" --db "$DIR/jsonl.db" -q ingest "$DIR/incidents.jsonl"
if [ "$(status_of ingest-incidents-jsonl)" != 0 ]; then
    note "incidents JSON Lines: not read ($(head -1 "$DIR/ingest-incidents-jsonl.err" | cut -c1-120)); measured as CSV only"
    sed -i '/^ingest-incidents-jsonl /d' "$RES"
fi
rm -f "$DIR/jsonl.db" "$DIR/jsonl.db-wal" "$DIR/jsonl.db-shm"

if [ -n "$logs" ]; then
    for log in kern.log slurmctld.log; do
        run "ingest-$log" "$(count $log)" "$(size "$DIR/$log")" \
            "$SL" --db "$DB" -q ingest --entity team:bench --service cluster "$DIR/$log"
    done
    # A user-defined line pattern (PCRE2, anchored) over service checks.
    run ingest-checks.log "$(count checks.log)" "$(size "$DIR/checks.log")" \
        "$SL" --db "$DB" -q ingest --entity team:bench --config bench/checks-pattern.yaml \
        "$DIR/checks.log"
fi

# One month with its incidents: their statistics (with the bootstrap interval
# of each median) are the cost here, so records are the month's incidents.
january=$(sql "SELECT count(*) FROM incidents WHERE coalesce(started, detected) < unixepoch('2025-02-01')")
run eval-month "$january" 0 "$SL" --db "$DB" eval --month 2025-01 --json
# The same month again: every result it saved is replaced (target: within
# 1.2x of the first).
run eval-month-again "$january" 0 "$SL" --db "$DB" eval --month 2025-01 --json
rm -rf "$DIR/report"
run report "$january" 0 "$SL" --db "$DB" -q report --month 2025-01 -o "$DIR/report/"

# A month of many services (services.csv: 10 000 small, 50 000 full), in a
# store of its own, evaluated twice: the second run replaces every result the
# first saved, which cost time quadratic in the services of an entity before
# the saved results were indexed by their whole key (schema migration 16).
MANY=$DIR/services.db
rm -f "$MANY" "$MANY-wal" "$MANY-shm"
run ingest-services "$(count services.csv)" "$(size "$DIR/services.csv")" \
    "$SL" --db "$MANY" -q ingest "$DIR/services.csv"
services=$(sqlite3 "$MANY" "SELECT count(DISTINCT service) FROM intervals")
run eval-services "$services" 0 "$SL" --db "$MANY" eval --month 2025-01 --json
run eval-services-again "$services" 0 "$SL" --db "$MANY" eval --month 2025-01 --json
rm -f "$MANY" "$MANY-wal" "$MANY-shm"

# The Incidents detail sheet alone, through slaudit's sheet writer and through
# a plain libxlsxwriter loop writing the same cells (target: 100 k rows/s).
# bench-sheet times both parts in one process and prints result lines itself.
# Rows (SHEET_ROWS above): 100 k small, 1 M full, one sheet near Excel's limit.
echo "bench: sheet-incidents, base-sheet-raw" >&2
if ! "$BUILD/bench-sheet" "$SHEET_ROWS" "$DIR" >"$DIR/sheet.out" 2>"$DIR/sheet.err"; then
    note "sheet: bench-sheet failed ($(head -1 "$DIR/sheet.err" | cut -c1-120))"
fi
sed 's/^bench-sheet: /bench: /' "$DIR/sheet.err" >&2
cat "$DIR/sheet.out" >>"$RES"

# Baselines on the same data.
rm -f "$DIR/import.db"
run base-import "$(count probes.csv)" "$(size "$DIR/probes.csv")" \
    sqlite3 "$DIR/import.db" ".mode csv" ".import $DIR/probes.csv probes"
rm -f "$DIR/import.db"
rm -f "$DIR/raw.db" "$DIR/raw.db-wal" "$DIR/raw.db-shm"
run base-raw-insert "$(count probes.csv)" "$(size "$DIR/probes.csv")" \
    "$BUILD/bench-rawinsert" "$DIR/probes.csv" "$DIR/raw.db"
rm -f "$DIR/raw.db" "$DIR/raw.db-wal" "$DIR/raw.db-shm"
run base-window-sql "$intervals" "$(size "$DB")" sh -c "sqlite3 '$DB' <bench/window.sql"

# The log ingests' peer (bench/log_pipeline.sh): grep for the lines, awk for
# their fields, sqlite3 .import into a plain table, on the same files.
if [ -n "$logs" ]; then
    for log in kern.log slurmctld.log checks.log; do
        rm -f "$DIR/pipe.db"
        run "base-pipe-$log" "$(count $log)" "$(size "$DIR/$log")" \
            sh bench/log_pipeline.sh "$log" "$DIR/$log" "$DIR/pipe.db"
    done
    rm -f "$DIR/pipe.db"
fi

if ! /usr/bin/python3 -c 'import pandas' 2>/dev/null && [ "$(id -u)" = 0 ]; then
    echo "bench: installing python3-pandas for the baseline" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
        python3-pandas >/dev/null 2>&1 || true
fi
if /usr/bin/python3 -c 'import pandas' 2>/dev/null; then
    run base-pandas "$(count probes.csv)" "$(($(size "$DIR/probes.csv") + $(size "$DIR/incidents.csv")))" \
        /usr/bin/python3 bench/pandas_eval.py "$DIR/probes.csv" "$DIR/incidents.csv"
else
    note "pandas: python3-pandas is not installed and could not be; pandas baseline skipped"
fi

# PostgreSQL (docs/PERFORMANCE.md): the same probes, intervals and
# incidents into a throwaway server of the bench's own (tests/pg/cluster.sh:
# a unix socket only, stopped at the end), beside psql's \copy of the probe
# file into a plain table, and the year's availability read from it beside
# the SQLite store's. CPU s is slaudit's or psql's alone: the server's work
# shows in the wall time.
PGDIR=$(mktemp -d "${TMPDIR:-/tmp}/slaudit-bench-pg.XXXXXX")
pg_stop() { sh tests/pg/cluster.sh stop "$PGDIR" >/dev/null 2>&1 || true; }
trap pg_stop EXIT
if sh tests/pg/cluster.sh start "$PGDIR" >"$DIR/pg-start.out" 2>&1 &&
    [ -f "$PGDIR/data/postmaster.pid" ]; then
    PGT="host=$PGDIR dbname=slaudit user=slaudit"
    run pg-ingest-probes "$(count probes.csv)" "$(size "$DIR/probes.csv")" \
        "$SL" --db "$PGT" -q ingest "$DIR/probes.csv"
    if grep -q '^ingest-intervals ' "$RES"; then
        run pg-ingest-intervals "$(count intervals.csv)" "$(size "$DIR/intervals.csv")" \
            "$SL" --db "$PGT" -q ingest "$DIR/intervals.csv"
    else
        note "postgresql: the intervals were loaded into SQLite by its shell; pg-eval-availability reads the probes' intervals alone"
    fi
    run pg-eval-availability "$intervals" 0 \
        "$SL" --db "$PGT" eval --from 2025-01-01 --to 2026-01-01 --json
    run pg-ingest-incidents-csv "$(count incidents.csv)" "$(size "$DIR/incidents.csv")" \
        "$SL" --db "$PGT" -q ingest "$DIR/incidents.csv"
    psql -X -q -h "$PGDIR" -U slaudit -d slaudit -c "CREATE TABLE probes_copy ($(head -1 "$DIR/probes.csv" | sed 's/,/ text, /g') text)"
    run base-pg-copy "$(count probes.csv)" "$(size "$DIR/probes.csv")" \
        psql -X -q -h "$PGDIR" -U slaudit -d slaudit \
        -c "\\copy probes_copy FROM '$DIR/probes.csv' WITH (FORMAT csv, HEADER true)"
else
    note "postgresql: $(head -1 "$DIR/pg-start.out"); PostgreSQL stages skipped"
fi
pg_stop

# The table, then the ratios, then the notes.
awk -v scale="$SCALE" '
function rate(n, s) { return s > 0 ? n / s : 0 }
function human(n) {
    if (n >= 1e6) return sprintf("%.2f M", n / 1e6)
    if (n >= 1e3) return sprintf("%.1f k", n / 1e3)
    return sprintf("%d", n)
}
{
    stage[NR] = $1; rec[$1] = $2; bytes[$1] = $3; wall[$1] = $4; cpu[$1] = $5 + $6
    rss[$1] = $7; code[$1] = $8
}
END {
    printf "slaudit bench, scale %s\n\n", scale
    printf "| %-24s | %10s | %8s | %8s | %8s | %12s | %8s | %8s | %4s |\n", "stage", "records", \
        "MB", "wall s", "CPU s", "records/s", "MB/s", "RSS MB", "exit"
    printf "|%s|%s|%s|%s|%s|%s|%s|%s|%s|\n", "--------------------------", "------------:", \
        "---------:", "---------:", "---------:", "-------------:", "---------:", "---------:", \
        "-----:"
    for (i = 1; i <= NR; i++) {
        s = stage[i]
        printf "| %-24s | %10s | %8.1f | %8.2f | %8.2f | %12s | %8.1f | %8.1f | %4d |\n", s, \
            human(rec[s]), bytes[s] / 1e6, wall[s], cpu[s], human(rate(rec[s], wall[s])), \
            rate(bytes[s] / 1e6, wall[s]), rss[s] / 1024, code[s]
    }
    printf "\n"
    if (wall["eval-month"] > 0 && cpu["eval-month"] > 0)
        printf "eval-month again / first:          %.2fx   (CPU %.2fx; target <= 1.2x)\n", \
            wall["eval-month-again"] / wall["eval-month"], \
            cpu["eval-month-again"] / cpu["eval-month"]
    if (wall["eval-services"] > 0 && cpu["eval-services"] > 0)
        printf "eval, %s services, again / first: %.2fx   (CPU %.2fx; target <= 1.2x)\n", \
            human(rec["eval-services"]), wall["eval-services-again"] / wall["eval-services"], \
            cpu["eval-services-again"] / cpu["eval-services"]
    split("kern.log slurmctld.log checks.log", logs, " ")
    for (i = 1; i <= 3; i++)
        if (wall["base-pipe-" logs[i]] > 0 && wall["ingest-" logs[i]] > 0)
            printf "%-13s vs grep|awk|sqlite3: %.2fx   (CPU %.2fx; target >= 1x)\n", logs[i], \
                wall["base-pipe-" logs[i]] / wall["ingest-" logs[i]], \
                cpu["base-pipe-" logs[i]] / cpu["ingest-" logs[i]]
    if (wall["base-import"] > 0)
        printf "probe ingest vs sqlite3 .import:   %.2fx   (target >= 2.5x)\n", \
            wall["base-import"] / wall["ingest-probes"]
    if (wall["base-raw-insert"] > 0)
        printf "probe ingest vs raw insert loop:   %.2fx\n", wall["base-raw-insert"] / wall["ingest-probes"]
    if (wall["base-window-sql"] > 0)
        printf "eval (availability) vs window SQL: %.2fx\n", wall["base-window-sql"] / wall["eval-availability"]
    if (wall["base-pandas"] > 0) {
        printf "eval (availability) vs pandas:     %.2fx   (target >= 10x)\n", \
            wall["base-pandas"] / wall["eval-availability"]
        printf "ingest+eval vs pandas:             %.2fx   (probes, incidents, availability)\n", \
            wall["base-pandas"] / (wall["ingest-probes"] + wall["ingest-incidents-csv"] + \
            wall["eval-availability"])
    }
    if (wall["base-pg-copy"] > 0)
        printf "probe ingest (PG) vs psql \\copy:   %.2fx\n", wall["base-pg-copy"] / wall["pg-ingest-probes"]
    if (wall["pg-ingest-probes"] > 0)
        printf "probe ingest, PG vs SQLite:        %.2fx   (SQLite wall / PostgreSQL wall, as below)\n", \
            wall["ingest-probes"] / wall["pg-ingest-probes"]
    if (wall["pg-ingest-incidents-csv"] > 0)
        printf "incident ingest, PG vs SQLite:     %.2fx\n", \
            wall["ingest-incidents-csv"] / wall["pg-ingest-incidents-csv"]
    if (wall["pg-eval-availability"] > 0)
        printf "eval (availability), PG vs SQLite: %.2fx\n", \
            wall["eval-availability"] / wall["pg-eval-availability"]
    if (wall["base-sheet-raw"] > 0 && cpu["sheet-incidents"] > 0)
        printf "Incidents sheet vs libxlsxwriter:  %.2fx   (CPU time; same cells, constant memory)\n", \
            cpu["base-sheet-raw"] / cpu["sheet-incidents"]
    printf "records/s and MB/s are over wall time; CPU s is user + system of the process.\n"
    printf "targets: probes >= 3 M/s, incidents >= 0.5 M/s, logs >= 300 MB/s, eval >= 6 M intervals/s, detail sheets >= 100 k rows/s, RSS <= 64 MB\n"
}' "$RES"
if [ -s "$NOTES" ]; then
    echo
    sed 's/^/note: /' "$NOTES"
fi
echo
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'),"\
    "$(awk '/MemTotal/ { printf "%.1f GB", $2 / 1048576 }' /proc/meminfo); load:$(uptime | sed 's/.*load average://')"
