#!/bin/sh
# One role per team on a shared PostgreSQL store (make pg-test runs this
# through tests/pg/cluster.sh with-cluster): the owner makes the store with
# `slaudit init` and runs the set-up the user guide gives (the SQL between
# its team-setup marks, read from the guide itself, so that the guide's
# lines are the ones tested); then each team's role ingests and reads only
# its own entities' rows, a file with another team's record is refused
# whole, a team cannot grant itself more, a member of a team's role reaches
# the team's rows, and the auditor reads everything and writes nothing.
# BUILD=build sh tests/pg/access.sh, with SLAUDIT_PG_TEST and SLAUDIT_PG_BIN
# set by cluster.sh.
set -u
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
BIN=$BUILD/slaudit
TOP=$(pwd)
: "${SLAUDIT_PG_TEST:?run through: sh tests/pg/cluster.sh with-cluster sh $0}"
: "${SLAUDIT_PG_BIN:?run through: sh tests/pg/cluster.sh with-cluster sh $0}"
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# shellcheck source=tests/lib.sh
. "$TOP/tests/lib.sh"

host=$(printf '%s\n' "$SLAUDIT_PG_TEST" | sed -n 's/.*host=\([^ ]*\).*/\1/p')
DB=teams
as() { # as ROLE CMD...: slaudit on the team store as ROLE; out, err and rc kept
    role=$1
    shift
    "$BIN" --db "host=$host dbname=$DB user=$role" "$@" >"$TMP/out" 2>"$TMP/err"
    echo $? >"$TMP/rc"
}
rc() { cat "$TMP/rc"; }
psql_as() { # psql_as ROLE SQL: the rows, unaligned; errors on stderr
    "$SLAUDIT_PG_BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$host" -U "$1" -d "$DB" -c "$2"
}
owner_count() { psql_as slaudit "SELECT count(*) FROM $1"; }

cat >"$TMP/platform.csv" <<'CSV'
id,entity,service,started,resolved,severity,title
P-1,team:platform,api,2026-10-05T10:00:00Z,2026-10-05T12:00:00Z,sev1,api down
P-2,team:platform,gpu,2026-10-06T10:00:00Z,2026-10-06T10:03:00Z,sev2,gpu blip
CSV
cat >"$TMP/core.csv" <<'CSV'
id,entity,service,started,resolved,severity,title
C-1,team:core,db,2026-10-07T10:00:00Z,2026-10-07T11:00:00Z,sev1,db down
CSV
cat >"$TMP/mixed.csv" <<'CSV'
id,entity,service,started,resolved,severity,title
M-1,team:platform,api,2026-10-08T10:00:00Z,2026-10-08T11:00:00Z,sev2,api slow
M-2,team:core,db,2026-10-08T10:00:00Z,2026-10-08T11:00:00Z,sev2,db slow
CSV

# Probes go to the server through COPY, which a table under row-level
# security refuses: a team's probes take another way in, checked alike.
probes() { # probes ENTITY FILE: a day of one-minute probes, ten minutes down
    awk -v e="$1" 'BEGIN { print "time,entity,service,status,latency_ms"
        for (i = 0; i < 1440; i++)
            printf "2026-10-09T%02d:%02d:00Z,%s,api,%s,%d\n", i / 60, i % 60, e,
                (i >= 600 && i < 610) ? "down" : "up", 20 + i % 7 }' >"$2"
}
probes team:platform "$TMP/platform-probes.csv"
probes team:core "$TMP/core-probes.csv"

# --- the owner's set-up, as the user guide gives it ---------------------------
"$SLAUDIT_PG_BIN/psql" -X -q -h "$host" -U slaudit -d postgres -c "CREATE DATABASE $DB" && pass || fail "CREATE DATABASE $DB"
as slaudit init
same "init on the server" "$(rc):$(cat "$TMP/out")" "0:host=$host dbname=$DB user=slaudit: a slaudit store (postgresql), schema version 16"
sed -n '/<!-- team-setup -->/,/<!-- \/team-setup -->/p' "$TOP/docs/user-guide.md" |
    sed '/^<!--/d; /^```/d' >"$TMP/setup.sql"
grep -q 'CREATE ROLE team_platform' "$TMP/setup.sql" && pass || fail "no set-up SQL between the user guide's team-setup marks"
"$SLAUDIT_PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$host" -U slaudit -d "$DB" -f "$TMP/setup.sql" \
    >/dev/null 2>"$TMP/setup.err" && pass || { fail "the user guide's set-up SQL"; cat "$TMP/setup.err" >&2; }

# --- each team writes its own entities, and only them --------------------------
as team_platform ingest "$TMP/platform.csv"
same "a team ingests its own file" "$(rc)" 0
as team_core ingest "$TMP/core.csv"
same "the other team ingests its own" "$(rc)" 0
as team_platform ingest "$TMP/mixed.csv"
same "a file with another team's record: exit" "$(rc)" 4
has "a file with another team's record: why" "$TMP/err" 'row-level security policy for table "incidents"'
has "a file with another team's record: nothing stored" "$TMP/err" 'mixed.csv: nothing from this file was stored'
same "the refused file left no row" "$(owner_count incidents):$(owner_count sources)" "3:2"
as team_platform ingest "$TMP/platform-probes.csv"
same "a team ingests its probes" "$(rc)" 0
has "a team's probes: every one stored" "$TMP/out" 'read 1440, stored 1440, rejected 0, duplicates 0: 1440 probe results, 3 status intervals, 1440 latency samples'
same "a team's probes: their intervals and latency" "$(owner_count "intervals WHERE entity = 'team:platform'"):$(owner_count "latency_hours WHERE entity = 'team:platform'")" "3:24"
as team_platform ingest "$TMP/core-probes.csv"
same "another team's probes: exit" "$(rc)" 4
has "another team's probes: why" "$TMP/err" 'row-level security policy for table "(intervals|latency_hours)"'
same "another team's probes left no row" "$(owner_count intervals):$(owner_count sources)" "3:3"

# --- each team reads its own entities, and only them ---------------------------
as team_platform --json eval
same "a team's eval" "$(rc)" 0
hasnt "a team's eval is saved" "$TMP/err" 'not saved'
same "a team's saved results: its own" "$(psql_as team_platform "SELECT count(DISTINCT entity) || ':' || min(entity) FROM eval_results")" "1:team:platform"
same "a team's eval: its entity only" "$(grep -o '"entity":"[^"]*"' "$TMP/out" | sort -u | tr '\n' ' ')" '"entity":"team:platform" '
same "a team's rows" "$(psql_as team_platform 'SELECT count(*) FROM incidents')" 2
same "a team's rows of another entity" "$(psql_as team_platform "SELECT count(*) FROM incidents WHERE entity <> 'team:platform'")" 0
same "a team's sources: the files it ingested" "$(psql_as team_platform 'SELECT count(*) FROM sources')" 2
as team_platform report --month 2026-10 -o "$TMP/platform.xlsx"
same "a team's report" "$(rc)" 0
unzip -p "$TMP/platform.xlsx" >"$TMP/platform.xml" 2>/dev/null
has "a team's report: its entity" "$TMP/platform.xml" 'team:platform'
hasnt "a team's report: no other team in it" "$TMP/platform.xml" 'team:core'
as team_platform eval --entity team:core
same "another team's entity is unknown to a team" "$(rc)" 3
as team_platform forget "$TMP/core.csv"
same "a team cannot forget another team's file" "$(rc)" 3
same "nor lose its rows so" "$(owner_count "incidents WHERE entity = 'team:core'")" 1
# The ingest key includes the role: the same bytes from another team are
# that team's file, never "already ingested" (which would say what the
# other team holds, and drop the upload).
as team_platform ingest "$TMP/core.csv"
same "the same bytes by a second team: read as its own: exit" "$(rc)" 4
hasnt "the same bytes by a second team: not taken for the first's" "$TMP/out" 'already ingested'
has "the same bytes by a second team: refused for its rows" "$TMP/err" 'row-level security policy for table "incidents"'
cat >"$TMP/noentity.csv" <<'CSV'
id,service,started,resolved,severity,title
N-1,api,2026-10-10T10:00:00Z,2026-10-10T11:00:00Z,sev2,api slow
CSV
as team_core ingest --entity team:core "$TMP/noentity.csv"
same "a file of no entity, by one team" "$(rc)" 0
as team_platform ingest --entity team:platform "$TMP/noentity.csv"
same "the same bytes by another team for its entity: exit" "$(rc)" 0
has "the same bytes by another team for its entity: stored" "$TMP/out" 'stored 1'
same "the same bytes, one incident each team" "$(owner_count "incidents WHERE key = 'N-1'")" 2
as team_platform ingest --entity team:platform "$TMP/noentity.csv"
has "the same bytes and options again by the team: already ingested" "$TMP/out" 'already ingested with these options'

# --- nobody but the owner says who reaches what --------------------------------
psql_as team_platform "INSERT INTO entity_access VALUES ('team_platform', '*')" >/dev/null 2>"$TMP/err"
has "a team cannot grant itself every entity" "$TMP/err" 'permission denied for table entity_access'
same "entity_access unchanged" "$(owner_count entity_access)" 3

# --- a member of a team's role reaches the team's rows ---------------------------
psql_as slaudit "CREATE ROLE alice LOGIN IN ROLE team_platform" >/dev/null
same "a member reads the team's rows" "$(psql_as alice 'SELECT count(*) FROM incidents')" 3

# --- the auditor reads everything and writes nothing ---------------------------
as auditor --json eval
same "the auditor's eval" "$(rc)" 0
same "the auditor's eval: every entity" "$(grep -o '"entity":"[^"]*"' "$TMP/out" | sort -u | tr '\n' ' ')" '"entity":"team:core" "entity":"team:platform" '
has "the auditor is told its results are not saved" "$TMP/err" 'the results were not saved in the store'
same "the auditor reads every source" "$(psql_as auditor 'SELECT count(*) FROM sources')" 5
as auditor ingest "$TMP/mixed.csv"
same "the auditor cannot ingest" "$(rc)" 4
has "the auditor cannot ingest: why" "$TMP/err" 'permission denied for table sources'
same "the auditor's ingest left no row" "$(owner_count incidents):$(owner_count sources)" "5:5"

echo "pg access: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
