#!/bin/sh
# `slaudit pull` against a stand-in for the services' APIs
# (tests/cli/pull_server.py) on 127.0.0.1, a port of the system's choice,
# stopped when the script ends: no other address is contacted. Checks that
# pulled records equal those of the same bodies ingested as files, that a
# second pull adds nothing, that a changed incident is updated under its
# key, that a failed pull leaves the store as it was and says which request
# failed, and that the token shows nowhere: not in output, the store, or ps.
# Run from the top of the tree: BUILD=build sh tests/cli/pull.sh
set -u
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
BIN=$BUILD/slaudit
SERVER=$(pwd)/tests/cli/pull_server.py
TMP=$(mktemp -d)
TOKEN=tok-$$-Zq81xVw
SRV_PID=
trap '[ -n "$SRV_PID" ] && kill "$SRV_PID" 2>/dev/null; rm -rf "$TMP"' EXIT
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

PULL_SERVER_TOKEN=$TOKEN python3 "$SERVER" "$TMP" 2>"$TMP/server.err" &
SRV_PID=$!
i=0
while [ ! -s "$TMP/port" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
PORT=$(cat "$TMP/port")
API=http://127.0.0.1:$PORT
printf '%s\n' "$TOKEN" >"$TMP/token"
chmod 600 "$TMP/token"
DB=$TMP/pull.db
ALL=$TMP/all-output # every stdout and stderr of the runs, searched for the token

# run NAME RC ARGS...: slaudit with ARGS, its output in $TMP/out and $TMP/err
run() {
    name=$1 rc=$2
    shift 2
    "$BIN" "$@" >"$TMP/out" 2>"$TMP/err"
    got=$?
    cat "$TMP/out" "$TMP/err" >>"$ALL"
    if [ "$got" -eq "$rc" ]; then pass; else
        fail "$name: exit $got, expected $rc"; sed 's/^/  | /' "$TMP/err" >&2
    fi
}
sql() { sqlite3 "$1" "$2"; }
snapshot() { sqlite3 "$1" .dump | sha256sum; }
served() { rm -f "$TMP"/dump/*; }
records() {
    sqlite3 "$1" "SELECT entity, key, service, severity, severity_label, title, state, started,
        detected, acknowledged, mitigated, resolved, extra FROM incidents ORDER BY entity, key;
        SELECT entity, service, start, \"end\", status FROM intervals ORDER BY 1, 2, 3, 4;
        SELECT entity, service, key, start, \"end\" FROM maintenance ORDER BY 1, 2, 3, 4;
        SELECT reason FROM rejects ORDER BY 1"
}
# as_files NAME FORMAT ARGS...: the bodies served since `served`, ingested as
# files into a store of their own, give the records the pull stored
as_files() {
    name=$1 format=$2
    shift 2
    rm -f "$TMP/files.db"
    for f in "$TMP"/dump/*.json; do
        "$BIN" --db "$TMP/files.db" ingest --format "$format" "$@" "$f" >/dev/null 2>&1
    done
    records "$TMP/files.db" >"$TMP/files.records"
    records "$DB" >"$TMP/pull.records"
    if cmp -s "$TMP/files.records" "$TMP/pull.records"; then pass; else
        fail "$name: pulled records differ from the same bodies ingested as files"
        diff "$TMP/files.records" "$TMP/pull.records" | head -10 >&2
    fi
}

# ---- statuspage: three documents, each a source; same records as files
served
run "statuspage pull" 0 --db "$DB" pull statuspage "$API/ok/sp/" --entity provider:example
has "statuspage: three requests" "$TMP/out" '^statuspage .*/ok/sp: 3 requests'
same "statuspage: incidents stored" "$(sql "$DB" "SELECT count(*) FROM incidents")" 2
same "statuspage: maintenance stored" "$(sql "$DB" "SELECT count(*) FROM maintenance")" 1
same "statuspage: each answer a source with its request" \
    "$(sql "$DB" "SELECT count(*) FROM sources WHERE format = 'statuspage-json' AND path LIKE 'GET $API/ok/sp/api/v2/%'")" 3
# Each answer is keyed as the same body ingested as a file with the same
# options is (its SHA-256 with --entity: engine/ingest/ingest_key.h).
same "statuspage: each answer keyed as the same file" \
    "$(sql "$DB" "SELECT sha256 FROM sources WHERE path LIKE '%incidents.json'")" \
    "$("$BIN" --db "$TMP/key.db" --json ingest --format statuspage-json --entity provider:example \
        "$(ls "$TMP"/dump/*-sp.json | head -1)" | jq -r .key)"
same "statuspage: the pull recorded" \
    "$(sql "$DB" "SELECT count(*) FROM sources WHERE format = 'pull' AND path LIKE 'statuspage $API/ok/sp entity provider:example until %'")" 1
as_files "statuspage" statuspage-json --entity provider:example
before=$(snapshot "$DB")
run "statuspage again" 0 --db "$DB" pull statuspage "$API/ok/sp" --entity provider:example
# Within the same second the pull is the same pull ("nothing new").
has "statuspage again: every answer on record" "$TMP/out" \
    '(0 answers read, 3 already on record; 0 records read|nothing new)'
same "statuspage again: no record added" "$(sql "$DB" "SELECT count(*) FROM incidents")" 2
# The same answers pulled for another entity are other records: read again,
# never taken as already on record.
run "statuspage for another entity" 0 --db "$DB" pull statuspage "$API/ok/sp" --entity provider:other
has "another entity: every answer read" "$TMP/out" ': 3 answers read, 0 already on record;'
same "another entity: its own incidents" \
    "$(sql "$DB" "SELECT count(*) FROM incidents WHERE entity = 'provider:other'")" 2

# ---- pagerduty: offset pages while `more`, the last one empty
rm -f "$DB"
served
run "pagerduty pull" 0 --db "$DB" pull pagerduty "$API/ok/pd" --entity team:pay \
    --token-file "$TMP/token" --since 2026-11-01 --until 2026-11-20
has "pagerduty: three pages" "$TMP/out" ': 3 requests'
same "pagerduty: offsets asked" "$(grep -c "/ok/pd/incidents?since=2026-11-01T00%3A00%3A00Z&until=2026-11-20T00%3A00%3A00Z&.*offset=[024]&" "$TMP/requests.log")" 3
same "pagerduty: the token sent" "$(grep /ok/pd/ "$TMP/requests.log" | grep -c 'token=yes')" 3
same "pagerduty: incidents" "$(sql "$DB" "SELECT count(*) FROM incidents")" 4
same "pagerduty: the open one is acknowledged" \
    "$(sql "$DB" "SELECT state FROM incidents WHERE key LIKE 'Q00004%'")" acknowledged
as_files "pagerduty" pagerduty-json --entity team:pay
before=$(snapshot "$DB")
run "pagerduty same pull again" 0 --db "$DB" pull pagerduty "$API/ok/pd" --entity team:pay \
    --token-file "$TMP/token" --since 2026-11-01 --until 2026-11-20
has "pagerduty again: nothing new" "$TMP/out" 'nothing new'
same "pagerduty again: the store as it was" "$(snapshot "$DB")" "$before"
# The next pull starts where the last ended, less the overlap.
: >"$TMP/requests.log"
touch "$TMP/PHASE2"
served
run "pagerduty incremental" 0 --db "$DB" pull pagerduty "$API/ok/pd" --entity team:pay \
    --token-file "$TMP/token" --until 2026-11-21
has "pagerduty incremental: since the last until less 72 h" "$TMP/requests.log" \
    'since=2026-11-17T00%3A00%3A00Z&until=2026-11-21T00%3A00%3A00Z'
same "pagerduty incremental: the changed incident updated under its key" \
    "$(sql "$DB" "SELECT count(*), max(state), max(resolved) FROM incidents WHERE key LIKE 'Q00004%'")" \
    "1|resolved|1794474000"
same "pagerduty incremental: the new one added, nothing twice" \
    "$(sql "$DB" "SELECT count(*), count(DISTINCT key) FROM incidents")" "5|5"
has "pagerduty incremental: counts" "$TMP/out" '3 records read, 1 new, 2 seen before or updated'
rm -f "$TMP/PHASE2"

# ---- a failed pull changes nothing and names the request
before=$(snapshot "$DB")
run "truncated body" 3 --db "$DB" pull statuspage "$API/truncated/sp" --entity provider:t \
    --retries 1
has "truncated: the request and why" "$TMP/err" "$API/truncated/sp/api/v2/incidents.json: transfer closed .*\\(2 tries\\)"
has "truncated: nothing stored" "$TMP/err" 'nothing stored; the store is as it was'
same "truncated: the store as it was" "$(snapshot "$DB")" "$before"
start=$(date +%s)
run "slow answer past the timeout" 3 --db "$DB" pull statuspage "$API/slow/sp" \
    --entity provider:t --timeout 1 --retries 0
has "slow: timed out" "$TMP/err" "$API/slow/sp/api/v2/incidents.json: .*[Tt]imed out"
same "slow: the store as it was" "$(snapshot "$DB")" "$before"
same "slow: ended by the timeout" "$(($(date +%s) - start < 3))" 1
run "refused token" 3 --db "$DB" pull pagerduty "$API/deny/pd" --entity team:pay \
    --token-file "$TMP/token" --until 2026-11-21
has "refused: the status and the server's words" "$TMP/err" '/deny/pd/incidents\?since=.*: HTTP 401: .*Unauthorized'
same "refused: the store as it was" "$(snapshot "$DB")" "$before"
run "page limit" 3 --db "$DB" pull pagerduty "$API/ok/pd" --entity team:pay \
    --token-file "$TMP/token" --since 2026-10-01 --until 2026-11-22 --max-pages 2
has "page limit: says so" "$TMP/err" 'more than 2 requests'
same "page limit: the store as it was" "$(snapshot "$DB")" "$before"

# ---- 500 then success; 429 with Retry-After
rm -f "$DB"
: >"$TMP/requests.log"
run "500 then success" 0 --db "$DB" pull incidentio "$API/500once/io" --entity team:io \
    --token-file "$TMP/token"
same "500: asked twice" "$(grep -c '^500once /500once/io/v2/incidents?page_size=250 ' "$TMP/requests.log")" 2
same "500: stored" "$(sql "$DB" "SELECT count(*) FROM incidents")" 3
start=$(date +%s)
run "429 then success" 0 --db "$DB" pull opsgenie "$API/429once/og" --entity team:og \
    --token-file "$TMP/token" --since 2026-11-01 --until 2026-11-20
same "429: waited as asked" "$(($(date +%s) - start >= 1))" 1
same "429: asked again" "$(grep -c '^429once /429once/og/v2/alerts?.*offset=0 ' "$TMP/requests.log")" 2
same "429: every page" "$(sql "$DB" "SELECT count(*) FROM incidents WHERE entity = 'team:og'")" 3

# ---- incident.io's cursor, Opsgenie's offsets: the same records as files
rm -f "$DB"
: >"$TMP/requests.log"
served
run "incidentio pull" 0 --db "$DB" pull incidentio "$API/ok/io" --entity team:io \
    --token-file "$TMP/token"
has "incidentio: the cursor followed" "$TMP/requests.log" '/ok/io/v2/incidents\?page_size=250&after=01HIO0002 '
as_files "incidentio" milestones-json --entity team:io
rm -f "$DB"
served
run "opsgenie pull" 0 --db "$DB" pull opsgenie "$API/ok/og" --entity team:og \
    --token-file "$TMP/token" --since 2026-11-01 --until 2026-11-20
has "opsgenie: createdAt in the window" "$TMP/requests.log" 'query=createdAt%3E%3D1793491200000%20AND%20createdAt%3C1795132800000&.*offset=2 '
as_files "opsgenie" opsgenie --entity team:og

# ---- prometheus: chunked under the points limit, probes at the step
rm -f "$DB"
served
run "prometheus pull" 0 --db "$DB" pull prometheus "$API/ok/prom" --entity team:pay \
    --query 'up{job="node"}' --step 60 --since 2026-11-01 --until 2026-11-20
has "prometheus: three chunks" "$TMP/out" ': 3 requests'
has "prometheus: the query asked" "$TMP/requests.log" 'query=up%7Bjob%3D%22node%22%7D&start=1793491200&end=1794091140&step=60 '
hasnt "prometheus: never past the points limit" "$TMP/err" 'exceeded maximum resolution'
same "prometheus: ten minutes down" \
    "$(sql "$DB" "SELECT sum(\"end\" - start) FROM intervals WHERE status = 'down'")" 600
as_files "prometheus" prometheus-range --entity team:pay --probe-interval 60
before=$(snapshot "$DB")
: >"$TMP/requests.log"
run "prometheus incremental" 0 --db "$DB" pull prometheus "$API/ok/prom" --entity team:pay \
    --query 'up{job="node"}' --step 60 --until 2026-11-20T06:00:00Z
has "prometheus incremental: from the last end, no overlap" "$TMP/requests.log" 'start=1795132800&end=1795154340&'
same "prometheus incremental: probes added, none twice" \
    "$(sql "$DB" "SELECT count(*) FROM intervals WHERE start >= 1795132800")" 1

# ---- --config: every source; one that fails does not stop the others
rm -f "$DB"
cat >"$TMP/sources.yaml" <<EOF
sources:
  - kind: statuspage
    url: $API/ok/sp
    entity: provider:example
  - kind: pagerduty
    url: $API/deny/pd
    entity: team:pay
    token_file: $TMP/token
  - kind: incidentio
    url: $API/ok/io
    entity: team:io
    token_env: PULL_TEST_TOKEN
EOF
PULL_TEST_TOKEN=$TOKEN run "config: one failed" 3 --db "$DB" pull --config "$TMP/sources.yaml"
same "config: the others pulled" \
    "$(sql "$DB" "SELECT entity, count(*) FROM incidents GROUP BY entity ORDER BY entity" | tr '\n' ' ')" \
    "provider:example|2 team:io|3 "
has "config: the failed one named" "$TMP/err" '/deny/pd/incidents.*HTTP 401'
# A config's since starts the first pull only; the next goes on from it.
printf 'sources:\n  - kind: opsgenie\n    url: %s\n    entity: team:og\n    token_file: %s\n    since: 2026-11-01\n' \
    "$API/ok/og" "$TMP/token" >"$TMP/since.yaml"
: >"$TMP/requests.log"
run "config since: first pull" 0 --db "$DB" pull --config "$TMP/since.yaml"
has "config since: the first pull from it" "$TMP/requests.log" 'createdAt%3E%3D1793491200000%20'
: >"$TMP/requests.log"
run "config since: next pull" 0 --db "$DB" pull --config "$TMP/since.yaml"
hasnt "config since: the next from the cursor" "$TMP/requests.log" 'createdAt%3E%3D1793491200000%20'
printf 'sources:\n  - kind: pagerduty\n    token: %s\n' "$TOKEN" >"$TMP/bad.yaml"
run "config: a token written in it is refused" 3 --db "$DB" pull --config "$TMP/bad.yaml"
has "config: refusal says what to use" "$TMP/err" 'token_file or token_env'
rm -f "$TMP/bad.yaml"

# ---- usage, dry run
run "token on the command line refused" 2 --db "$DB" pull pagerduty --token "$TOKEN"
has "token argv: why" "$TMP/err" 'never given on the command line'
run "a kind that needs a token" 2 --db "$DB" pull pagerduty "$API/ok/pd" --entity team:pay
run "unknown kind" 2 --db "$DB" pull nosuch "$API/ok/sp"
before=$(snapshot "$DB")
: >"$TMP/requests.log"
run "dry run" 0 --db "$DB" pull pagerduty "$API/ok/pd" --entity team:pay \
    --token-file "$TMP/token" --until 2026-11-21 --dry-run
has "dry run: what it would ask" "$TMP/out" "would ask for .* first GET $API/ok/pd/incidents\\?since="
same "dry run: nothing asked" "$(wc -c <"$TMP/requests.log")" 0
same "dry run: the store as it was" "$(snapshot "$DB")" "$before"
run "json" 0 --db "$TMP/json.db" --json pull incidentio "$API/ok/io" --entity team:io \
    --token-file "$TMP/token"
has "json: one object with the counts" "$TMP/out" '^\{"kind":"incidentio","url":"[^"]*/ok/io",.*"requests":2,.*"stored":3,'
chmod 644 "$TMP/token"
run "token file others may read" 0 --db "$TMP/json.db" pull incidentio "$API/ok/io" \
    --entity team:io --token-file "$TMP/token"
has "token file: a warning" "$TMP/err" 'token file may be read by others \(mode 644\)'
chmod 600 "$TMP/token"
run "help" 0 pull --help
has "help: the kinds" "$TMP/out" '^  prometheus '
has "help: an example" "$TMP/out" '^Example:'

# ---- the token: not in ps while a pull runs, not in any output or file
"$BIN" --db "$DB" pull pagerduty "$API/slow/pd" --entity team:pay --token-file "$TMP/token" \
    --timeout 5 --retries 0 >/dev/null 2>&1 &
PULL_PID=$!
sleep 1
ps -eo args >"$TMP/ps"
wait "$PULL_PID"
has "ps: the pull was seen" "$TMP/ps" "pull pagerduty $API/slow/pd"
hasnt "ps: no token" "$TMP/ps" "$TOKEN"
hasnt "output: no token" "$ALL" "$TOKEN"
rm -f "$TMP/token" "$TMP/sources.yaml"
if grep -rqa --exclude=ps -- "$TOKEN" "$TMP"; then
    fail "files: the token in $(grep -rla -- "$TOKEN" "$TMP" | head -1)"
else pass; fi

echo "pull: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
