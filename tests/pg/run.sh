#!/bin/sh
# The PostgreSQL store against a throwaway server (make pg-test runs this
# through tests/pg/cluster.sh): the backend's unit tests (pg_db/*), then
# the real binary on a server store beside an SQLite file fed the same
# inputs, every output compared byte for byte, and the rows its bulk loads
# (COPY) stored compared with SQLite's; the same file ingested twice, and
# from several processes at once; and a password in the target found
# nowhere in what slaudit prints or writes.
# BUILD=build sh tests/pg/run.sh, with SLAUDIT_PG_TEST and SLAUDIT_PG_BIN
# set by cluster.sh.
set -u
# shellcheck source=tests/pg/lib.sh
. "$(dirname "$0")/lib.sh"

"$BUILD/unit-tests" --filter 'pg_db/*' --jobs 2 && pass || fail "the pg_db unit tests"

# --- the same inputs into SQLite and PostgreSQL, the same outputs -------------
PG=$(new_db equal)
# shellcheck disable=SC2086 # the list splits on purpose
both ingest $inputs
both ingest "$TMP/gen/incidents-providers.csv"
grep -q 'already ingested' "$TMP/pg/out.$n" && pass || fail "ingested twice: not told 'already ingested'"
same "ingested twice, stored once" "$(psql_in equal 'SELECT count(*) FROM sources')" 13
both sla import "$TOP/sample-data/nimbus-sla.md" --entity provider:nimbus --effective 2026-08-01
both sla import "$TOP/sample-data/nimbus-sla.md" --entity provider:nimbus --effective 2026-08-01
both --json ingest "$TOP/tests/cli/data/bad-incidents.csv"
both eval
both eval --json
both audit --json --entity team:platform --from 2026-08-01 --to 2026-11-01
both audit --json --entity provider:nimbus --from 2026-08-01 --to 2026-11-01
both audit --json --entity provider:coreline --from 2026-08-01 --to 2026-11-01
both decide --json --profile "$TOP/sample-data/team.yaml" --from 2026-08-01 --to 2026-11-01
both compare --json provider:nimbus provider:coreline --from 2026-08-01 --to 2026-11-01
both report -o book.xlsx --profile "$TOP/sample-data/team.yaml"
both -q audit --entity team:platform --from 2026-08-01 --to 2026-11-01 -o audit.xlsx
both -q claim --entity provider:nimbus --month 2026-09 -o claim --fee 12000
both ingest --replace "$TMP/gen/pagerduty-platform.csv"
both forget "$TOP/sample-data/patches.csv"
both --json eval --month 2026-09
same_written book.xlsx audit.xlsx claim

# --- pull: the same answers into a server store, the same records -----------
# The stand-in for the APIs of tests/cli/pull.sh, on 127.0.0.1; the second
# pull of each source starts from the cursor the first left in the store.
mkdir -p "$TMP/api"
# Started from a subshell, so that both's `wait` does not wait for it.
(PULL_SERVER_TOKEN=pg-test-token python3 "$TOP/tests/cli/pull_server.py" "$TMP/api" \
    2>/dev/null &
    echo $! >"$TMP/api/pid")
i=0
while [ ! -s "$TMP/api/port" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
api=http://127.0.0.1:$(cat "$TMP/api/port")
printf 'pg-test-token\n' >"$TMP/api/token"
chmod 600 "$TMP/api/token"
both pull pagerduty "$api/ok/pd" --entity team:pull --token-file "$TMP/api/token" \
    --since 2026-11-01 --until 2026-11-20
both pull pagerduty "$api/ok/pd" --entity team:pull --token-file "$TMP/api/token" \
    --until 2026-11-21
both pull prometheus "$api/ok/prom" --entity team:pull --since 2026-11-07 --until 2026-11-09
both pull prometheus "$api/ok/prom" --entity team:pull --until 2026-11-10
kill "$(cat "$TMP/api/pid")"
both --json eval --month 2026-11 --entity team:pull
same "pull: the pulls recorded" "$(psql_in equal "SELECT count(*) FROM sources WHERE format = 'pull'")" 4

# --- the rows bulk loads wrote are SQLite's ------------------------------------
# Keyless intervals and latency hours reach the server through COPY: the
# same rows, values and order (by id) as the SQLite store's, blobs included.
same "intervals through COPY" \
    "$(psql_in equal "SELECT entity, service, start, \"end\", status, units, unit_kind, key
        FROM intervals ORDER BY id" | cksum)" \
    "$(sqlite3 "$SQ" "SELECT entity, service, start, \"end\", status, units, unit_kind, key
        FROM intervals ORDER BY id" | cksum)"
same "latency hours through COPY" \
    "$(psql_in equal "SELECT entity, service, hour, n, encode(samples, 'hex')
        FROM latency_hours ORDER BY id" | cksum)" \
    "$(sqlite3 "$SQ" "SELECT entity, service, hour, n, lower(hex(samples))
        FROM latency_hours ORDER BY id" | cksum)"
same "latency hours stored" "$(psql_in equal 'SELECT count(*) > 0 FROM latency_hours')" t

# --- the store named on the command line: two parts name it -------------------
# With --db given, the command line the workbook records names the store:
# the Sources and Definitions sheets (their "Command line" rows) hold
# SQLite's path on one side and the server's target, password masked, on
# the other. Those two parts are compared with the one put for the other;
# every other part of the zip must be the same as it is.
(cd "$TMP/sqlite" && "$BIN" --db "$SQ" -q report -o named.xlsx --month 2026-10 &&
    mkdir named && cd named && unzip -q ../named.xlsx) || fail "report --db FILE"
(cd "$TMP/pg" && "$BIN" --db "$PG" -q report -o named.xlsx --month 2026-10 &&
    mkdir named && cd named && unzip -q ../named.xlsx) || fail "report --db URI"
sheet_file() { # the part of the sheet named $1 in the workbook unzipped in $2
    i=$(grep -o '<sheet name="[^"]*"' "$2/xl/workbook.xml" | grep -n "\"$1\"" | cut -d: -f1)
    echo "xl/worksheets/sheet$i.xml"
}
naming="$(sheet_file Sources "$TMP/pg/named") $(sheet_file Definitions "$TMP/pg/named")"
PG_SHOWN=$(shown "$PG")
(cd "$TMP/pg/named" && find . -type f | sed 's|^\./||' | sort) >"$TMP/parts"
(cd "$TMP/sqlite/named" && find . -type f | sed 's|^\./||' | sort) | cmp -s - "$TMP/parts" &&
    pass || fail "the workbooks hold different parts"
# put_back FROM TO FILE: FILE with each FROM written TO (awk ends the last
# line with a newline, so both sides go through it)
put_back() {
    awk -v from="$1" -v to="$2" '{
        line = $0
        out = ""
        while ((i = index(line, from)) > 0) {
            out = out substr(line, 1, i - 1) to
            line = substr(line, i + length(from))
        }
        print out line }' "$3"
}
differing=
while read -r part; do
    case " $naming " in
    *" $part "*)
        grep -qF -- "--db $PG_SHOWN " "$TMP/pg/named/$part" ||
            fail "$part does not name the store as $PG_SHOWN"
        # The command line wraps in its cell: the row holding it is as tall
        # as the store's name is long, so row heights are left out here.
        put_back "--db $PG_SHOWN " "--db $SQ " "$TMP/pg/named/$part" |
            sed 's/ ht="[0-9.]*" customHeight="1"//g' >"$TMP/part.pg"
        put_back x x "$TMP/sqlite/named/$part" | sed 's/ ht="[0-9.]*" customHeight="1"//g' >"$TMP/part.sqlite"
        ;;
    *)
        cp "$TMP/pg/named/$part" "$TMP/part.pg"
        cp "$TMP/sqlite/named/$part" "$TMP/part.sqlite"
        ;;
    esac
    if ! cmp -s "$TMP/part.pg" "$TMP/part.sqlite"; then
        differing="$differing $part"
        diff "$TMP/part.pg" "$TMP/part.sqlite" | head -4 | cut -c1-300 >&2
    fi
done <"$TMP/parts"
same "workbook parts that differ once the store's name is put back" "$differing" ""

# --- a password is never shown nor stored ----------------------------------------
# Everything printed or written above, the server store's whole contents,
# and the messages of a store that is not there and of a database that is
# not a store.
NOSUCH="postgresql://slaudit:$PASSWORD@/nosuch?host=$host"
"$BIN" --db "$NOSUCH" eval >"$TMP/pg/out.nosuch" 2>"$TMP/pg/err.nosuch"
same "no server database: exit" "$?" 4
grep -qF "$(shown "$NOSUCH")" "$TMP/pg/err.nosuch" && pass ||
    fail "no server database: the message does not name the target"
EMPTY=$(new_db empty)
"$BIN" --db "$EMPTY" eval >"$TMP/pg/out.empty" 2>"$TMP/pg/err.empty"
same "an empty database read: exit" "$?" 4
grep -qF "no store at $(shown "$EMPTY")" "$TMP/pg/err.empty" && pass ||
    fail "an empty database read is not 'no store at …'"
OTHER=$(new_db other)
psql_in other 'CREATE TABLE accounts (id integer)'
"$BIN" --db "$OTHER" ingest "$TOP/sample-data/oncall.csv" >"$TMP/pg/out.other" 2>"$TMP/pg/err.other"
same "another program's database: exit" "$?" 4
grep -q 'not a slaudit store' "$TMP/pg/err.other" && pass ||
    fail "another program's database is not refused"
same "another program's database is left as it was" \
    "$(psql_in other "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")" 1
"$SLAUDIT_PG_BIN/pg_dump" -h "$host" -U slaudit equal >"$TMP/pg/equal.sql" || fail "pg_dump"
grep -q 'provider:nimbus' "$TMP/pg/equal.sql" && pass || fail "pg_dump holds no data"
if grep -rlF "$PASSWORD" "$TMP/sqlite" "$TMP/pg" >"$TMP/leaks"; then
    fail "the password appears in: $(tr '\n' ' ' <"$TMP/leaks")"
else pass; fi

# --- several processes into one database at once ------------------------------
# The same file from four processes: stored once, the others told it is
# there already. Then three files holding the same incidents in different
# orders: each file's transaction may deadlock with another's, and is run
# again; none is lost and each incident is stored once.
RACE=$(new_db race)
"$BIN" --db "$RACE" -q ingest "$TOP/sample-data/profile-coreline.json" || fail "race: the store"
for i in 1 2 3 4; do
    "$BIN" --db "$RACE" ingest "$TMP/gen/incidents-providers.csv" >"$TMP/race.$i" 2>&1 &
done
wait
same "one file from four processes: stored once" "$(grep -l 'read 203, stored 203' "$TMP"/race.? | wc -l)" 1
same "one file from four processes: the others told" "$(grep -l 'already ingested' "$TMP"/race.? | wc -l)" 3
same "one file from four processes: one source" \
    "$(psql_in race "SELECT count(*) FROM sources WHERE format = 'incident-csv'")" 1
ORDER=$(new_db orders)
"$BIN" --db "$ORDER" -q ingest "$TOP/sample-data/profile-coreline.json" || fail "orders: the store"
csv=$TMP/gen/incidents-providers.csv
csv_lines "$csv" sort -r >"$TMP/reversed.csv"
csv_lines "$csv" sort >"$TMP/sorted.csv"
csv_lines "$csv" awk 'NR % 2' >"$TMP/halves.csv"
tail -n +2 "$csv" | awk 'NR % 2 == 0' >>"$TMP/halves.csv"
for f in reversed sorted halves; do
    "$BIN" --db "$ORDER" ingest "$TMP/$f.csv" >"$TMP/order.$f" 2>&1 &
done
wait
same "shared incidents from three processes: all ingested" \
    "$(cat "$TMP"/order.* | grep -c ': incident-csv: read 203, ')" 3
same "shared incidents from three processes: three sources" \
    "$(psql_in orders "SELECT count(*) FROM sources WHERE format = 'incident-csv'")" 3
same "shared incidents from three processes: each once" \
    "$(psql_in orders 'SELECT count(*) FROM incidents')" 203

echo "pg: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
