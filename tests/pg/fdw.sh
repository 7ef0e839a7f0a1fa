#!/bin/sh
# The store spread over two servers by entity, as Citus would distribute
# it, tried with stock PostgreSQL (make pg-test runs this through
# tests/pg/cluster.sh with-clusters). slaudit makes its store on two
# servers, A and B. On A the large tables (incidents, intervals,
# maintenance, gpu_events, latency_hours) are then replaced by tables
# PARTITION BY HASH (entity) with two partitions: remainder 0 a table on A,
# remainder 1 a postgres_fdw foreign table on B's table of the same name.
# The DDL is read from the catalog (each table's columns, checks, indexes
# and foreign keys as slaudit made them), so that it follows the schema.
# Ids come from a sequence on A. A table with foreign partitions cannot
# hold a unique index, so each partition holds its own: every unique key
# contains the entity, so a key unique on each server is unique over both.
# B's tables lose their foreign keys to B's sources, which stay empty.
# slaudit, pointed at A, is then fed the inputs of tests/pg/run.sh and GPU
# events beside an SQLite file, and proves the partitioned store the same
# store: ingest, eval, audit, decide, report and claim print and write the
# same bytes on both; each large table has rows on both servers, as many
# in all as SQLite's, with ids unique over both; a file ingested twice is
# stored once; and incidents stored already, given again by another file,
# are found on the server that holds them and not stored twice (rows
# partitioned by anything but the entity would be).
# BUILD=build sh tests/pg/fdw.sh, with SLAUDIT_PG_TEST (A),
# SLAUDIT_PG_TEST2 (B) and SLAUDIT_PG_BIN set by cluster.sh with-clusters.
set -u
# shellcheck source=tests/pg/lib.sh
. "$(dirname "$0")/lib.sh"
: "${SLAUDIT_PG_TEST2:?run through: sh tests/pg/cluster.sh with-clusters sh $0}"
host2=$(host_of "$SLAUDIT_PG_TEST2")
TABLES="incidents intervals maintenance gpu_events latency_hours"

# Debian's postgresql package holds postgres_fdw; a server built without
# its contrib modules may not.
if [ "$(psql_in slaudit "SELECT count(*) FROM pg_available_extensions
        WHERE name = 'postgres_fdw'")" != 1 ]; then
    echo "slaudit: postgres_fdw not installed; the two-server store test skipped"
    exit 0
fi

# --- the two stores, and A's large tables partitioned onto B -----------------
PG=$(new_db fdw)
B=$(new_db fdw "$host2")
for target in "$PG" "$B"; do
    "$BIN" --db "$target" init >"$TMP/made" 2>&1
    has "a store made at $(shown "$target")" "$TMP/made" 'a slaudit store \(postgresql\)'
done
psql_at "$host2" fdw -v tables="$TABLES" -f - <<'EOF' || fail "B: the foreign keys dropped"
SELECT format('ALTER TABLE %s DROP CONSTRAINT %I', conrelid::regclass, conname)
FROM pg_constraint
WHERE contype = 'f' AND conrelid::regclass::text = ANY (string_to_array(:'tables', ' '))
\gexec
EOF
# One row of statements for each table, all read from the catalog before
# \gexec runs the first, in one transaction. Indexes are named as slaudit
# named them: the old table is dropped before they are made again.
psql_at "$host" fdw -1 -v tables="$TABLES" -v b_host="$host2" -f - <<'EOF' || fail "A: partitioned"
CREATE EXTENSION postgres_fdw;
CREATE SERVER b FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host :'b_host', dbname 'fdw');
CREATE USER MAPPING FOR CURRENT_USER SERVER b OPTIONS (user 'slaudit');
SELECT format('ALTER TABLE %I RENAME TO %I', t, t || '_single'),
    format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS)'
           ' PARTITION BY HASH (entity)', t, t || '_single'),
    format('CREATE TABLE %I PARTITION OF %I FOR VALUES WITH (MODULUS 2, REMAINDER 0)',
           t || '_a', t),
    format('CREATE FOREIGN TABLE %I PARTITION OF %I FOR VALUES WITH (MODULUS 2, REMAINDER 1)'
           ' SERVER b OPTIONS (table_name %L)', t || '_b', t, t),
    format('DROP TABLE %I', t || '_single'),
    -- a unique index on A's partition (B's table has its own), any other
    -- on the partitioned table, which gives it to A's partition
    (SELECT string_agg(regexp_replace(pg_get_indexdef(i.indexrelid), ' ON \S+ USING ',
            format(' ON %I USING ', CASE WHEN i.indisunique THEN t || '_a' ELSE t END)), '; ')
     FROM pg_index i WHERE i.indrelid = t::regclass),
    (SELECT string_agg(format('ALTER TABLE %I ADD CONSTRAINT %I %s', t || '_a', conname,
            pg_get_constraintdef(oid)), '; ')
     FROM pg_constraint WHERE conrelid = t::regclass AND contype = 'f'),
    format('CREATE SEQUENCE %I OWNED BY %I.id', t || '_id_seq', t),
    format('ALTER TABLE %I ALTER id SET DEFAULT nextval(%L)', t, t || '_id_seq')
FROM unnest(string_to_array(:'tables', ' ')) AS t
\gexec
EOF
if [ "$failed" -ne 0 ]; then
    echo "fdw: $passed passed, $failed failed: no two-server store to test"
    exit 1
fi

# --- the same inputs into SQLite and the two servers, the same outputs ---------
# shellcheck disable=SC2086 # the list splits on purpose
both ingest $inputs
both ingest --entity team:hpc "$TOP/tests/data/formats/xid-journal-month.log"
both ingest --entity provider:nimbus "$TOP/tests/data/formats/xid-syslog.log"
both ingest "$TMP/gen/incidents-providers.csv"
has "ingested twice: told" "$TMP/pg/out.$n" 'already ingested'
csv_lines "$TMP/gen/incidents-providers.csv" sort -r >"$TMP/reversed.csv"
both ingest "$TMP/reversed.csv"
for t in sources $TABLES; do
    all=$(sqlite3 "$SQ" "SELECT count(*) FROM $t")
    same "$t: the rows on A, as many as SQLite's" "$(psql_in fdw "SELECT count(*) FROM $t")" "$all"
    [ "$t" = sources ] && continue
    on_a=$(psql_in fdw "SELECT count(*) FROM ${t}_a")
    on_b=$(psql_at "$host2" fdw -c "SELECT count(*) FROM $t")
    same "$t: the rows on A's partition and on B's table, all of them" "$((on_a + on_b))" "$all"
    if [ "$on_a" -gt 0 ] && [ "$on_b" -gt 0 ]; then pass; else
        fail "$t: $on_a rows on A and $on_b on B, not some on each"
    fi
    same "$t: ids unique over both servers" \
        "$(psql_in fdw "SELECT count(DISTINCT id) FROM $t")" "$all"
done
both sla import "$TOP/sample-data/nimbus-sla.md" --entity provider:nimbus --effective 2026-08-01
# PostgreSQL's hash of the entity puts provider:coreline and team:hpc on A,
# provider:nimbus and team:platform on B: each is read.
both eval --json
both audit --json --entity team:platform --from 2026-08-01 --to 2026-11-01
both audit --json --entity provider:coreline --from 2026-08-01 --to 2026-11-01
both audit --json --entity team:hpc --from 2026-03-01 --to 2026-04-01
both decide --json --profile "$TOP/sample-data/team.yaml" --from 2026-08-01 --to 2026-11-01
both report -o book.xlsx --profile "$TOP/sample-data/team.yaml"
both -q claim --entity provider:nimbus --month 2026-09 -o claim --fee 12000
both ingest --replace "$TMP/gen/pagerduty-platform.csv"
both forget "$TMP/reversed.csv"
both --json eval --month 2026-09
same_written book.xlsx claim

echo "fdw: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
