#!/bin/sh
# Reliability round three, from the outside: each reproduction of a hostile
# input or option runs the real binary under a memory cap (prlimit --as) and
# a time limit (timeout), and asserts its exit code and its message.
#   names that forge output, the ingest key of the same bytes, connection
#   strings, changes that must be said, captures that must stay UTF-8,
#   byte bounds of structured formats.
# Run from the top of the tree: BUILD=build sh tests/reliability/forgery.sh
set -u
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
BIN=$BUILD/slaudit
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# bounded NAME RC MiB SECONDS COMMAND...: runs COMMAND with at most MiB of
# address space and SECONDS of time, output in $TMP/out and $TMP/err, and
# checks its exit code (124: it ran out of time).
bounded() {
    name=$1 rc=$2 mib=$3 secs=$4
    shift 4
    capped "$mib" timeout "$secs" "$@" >"$TMP/out" 2>"$TMP/err"
    got=$?
    if [ "$got" -eq "$rc" ]; then pass; else
        fail "$name: exit $got, expected $rc"
        sed 's/^/  | /' "$TMP/err" | head -5 >&2
    fi
}
HEAD=id,entity,service,severity,title,started,detected,acknowledged,resolved

# --- item 8: names cannot forge output -----------------------------------------
DB=$TMP/names.db
{
    echo "$HEAD"
    printf 'N1,team:core,"api\nteam:platform 100.000 %%",sev1,t,2026-10-02T10:00:00Z,2026-10-02T10:00:00Z,,2026-10-02T11:00:00Z\n'
    printf 'N2,team:core\342\200\213,api,sev2,t,2026-10-03T10:00:00Z,2026-10-03T10:00:00Z,,2026-10-03T11:00:00Z\n'
    printf 'N3,team:core,api,sev2,t,2026-10-03T10:00:00Z,2026-10-03T10:00:00Z,,2026-10-03T11:00:00Z\n'
    printf 'N4,team:core,\342\200\256ipa,sev2,t,2026-10-04T10:00:00Z,2026-10-04T10:00:00Z,,2026-10-04T11:00:00Z\n'
} >"$TMP/names.csv"
bounded "names: ingest" 0 512 30 "$BIN" --db "$DB" ingest "$TMP/names.csv"
bounded "names: eval" 0 512 30 "$BIN" --db "$DB" eval --month 2026-10
hasnt "names: no forged row" "$TMP/out" '^team:platform'
has "names: the line break shown" "$TMP/out" '^team:core +api\\nteam:platform'
same "names: one line a row" "$(wc -l <"$TMP/out")" 7
has "names: zero-width space shown" "$TMP/out" '^team:core\\u200b +\(all\)'
has "names: bidi override shown" "$TMP/out" ' \\u202eipa '
hasnt "names: no raw format character" "$TMP/out" "$(printf '\342\200[\213\256]')"
has "names: twins flagged" "$TMP/err" "^slaudit: warning: 'team:core\\\\u200b' and 'team:core' are two names that differ only by invisible characters"
bounded "names: audit" 0 512 30 "$BIN" --db "$DB" audit --entity team:core --from 2026-10-01 --to 2026-11-01
hasnt "names: audit: no raw format character" "$TMP/out" "$(printf '\342\200[\213\256]')"
bounded "names: report" 0 512 60 "$BIN" --db "$DB" report --month 2026-10 -o "$TMP/names.xlsx"
hasnt "names: report: no forged row" "$TMP/out" '^team:platform'
unzip -p "$TMP/names.xlsx" 'xl/worksheets/*.xml' >"$TMP/strings.xml" 2>/dev/null
has "names: the workbook keeps the text" "$TMP/strings.xml" ">team:core$(printf '\342\200\213')<"

# --- item 4: the same bytes for another entity are not "already ingested" -----
DB=$TMP/key.db
printf 'id,service,severity,title,started,detected,acknowledged,resolved\nK1,api,sev1,t,2026-10-02T10:00:00,2026-10-02T10:00:00,,2026-10-02T11:00:00\n' >"$TMP/noentity.csv"
bounded "key: team:a" 0 512 30 "$BIN" --db "$DB" ingest --entity team:a "$TMP/noentity.csv"
has "key: team:a stored" "$TMP/out" 'stored 1,'
bounded "key: team:b" 0 512 30 "$BIN" --db "$DB" ingest --entity team:b "$TMP/noentity.csv"
hasnt "key: team:b not already ingested" "$TMP/out" 'already ingested'
has "key: team:b stored" "$TMP/out" 'stored 1,'
same "key: both teams hold the incident" "$(sqlite3 "$DB" "SELECT group_concat(entity) FROM (SELECT entity FROM incidents ORDER BY 1)")" "team:a,team:b"
bounded "key: another service" 0 512 30 "$BIN" --db "$DB" ingest --entity team:b --service web "$TMP/noentity.csv"
hasnt "key: another service is another source" "$TMP/out" 'already ingested'
bounded "key: another zone" 0 512 30 "$BIN" --db "$DB" --tz Europe/Paris ingest --entity team:b "$TMP/noentity.csv"
hasnt "key: another zone is another source" "$TMP/out" 'already ingested'
bounded "key: the same options again" 0 512 30 "$BIN" --db "$DB" ingest --entity team:b "$TMP/noentity.csv"
has "key: the same options again: already ingested" "$TMP/out" '^.*noentity\.csv: already ingested with these options \(key [0-9a-f]{12}…\), nothing changed$'
same "key: four sources" "$(sqlite3 "$DB" 'SELECT count(*) FROM sources')" 4
cp "$TMP/names.csv" "$TMP/plain.csv"
bounded "key: a file of no option" 0 512 30 "$BIN" --db "$DB" ingest --json "$TMP/plain.csv"
same "key: a file of no option is keyed by its SHA-256" "$(sqlite3 "$DB" "SELECT sha256 FROM sources WHERE path LIKE '%plain.csv'")" "$(sha256sum <"$TMP/plain.csv" | cut -c1-64)"
bounded "key: forget by the bytes" 0 512 30 "$BIN" --db "$DB" forget "$(sha256sum <"$TMP/plain.csv" | cut -c1-64)"
has "key: forget by the bytes: forgot" "$TMP/out" 'forgot 1 source'

# --- item 6: connection strings are refused or masked, never mistaken ----------
mkdir -p "$TMP/cwd"
cd "$TMP/cwd" || exit 1
for target in 'postgresql://ops:se?cret42@127.0.0.1:1/db' 'postgresql://ops:se#cret42@127.0.0.1:1/db' \
    'postgresql://ops@127.0.0.1:1/db?%70assword=se?cret42' 'postgresql://ops@127.0.0.1:1/db?passw%6Frd=se#cret42'; do
    bounded "conninfo: $target" 4 512 30 "$BIN" --db "$target" eval
    hasnt "conninfo: $target: password not shown" "$TMP/err" 'cret42'
    has "conninfo: $target: masked" "$TMP/err" '\*\*\*'
done
bounded "conninfo: a mistyped keyword" 4 512 30 "$BIN" --db 'host=/nonexistent dbnme=ops password=secret42' ingest "$TMP/names.csv"
has "conninfo: a mistyped keyword: why" "$TMP/err" '^slaudit: host=/nonexistent dbnme=ops password=\*\*\*: not a connection string libpq reads: invalid connection option "dbnme"'
hasnt "conninfo: a mistyped keyword: password not shown" "$TMP/err" 'secret42'
same "conninfo: a mistyped keyword: no SQLite file made of it" "$(ls -A "$TMP/cwd")" ""
bounded "conninfo: an open quote" 4 512 30 "$BIN" --db "host=/nonexistent password=secret42 dbname='x" eval
has "conninfo: an open quote: refused" "$TMP/err" 'not a connection string libpq reads: unterminated quoted string'
hasnt "conninfo: an open quote: password not shown" "$TMP/err" 'secret42'
same "conninfo: an open quote: no SQLite file made of it" "$(ls -A "$TMP/cwd")" ""
cd - >/dev/null || exit 1
# A server that accepts the connection and never answers keeps the command
# alive long enough to read its command line as ps would.
if command -v python3 >/dev/null 2>&1; then
    mkdir -p "$TMP/sock"
    python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1] + "/.s.PGSQL.5432"); s.listen(4); time.sleep(8)' "$TMP/sock" &
    listener=$!
    sleep 0.5
    timeout 20 "$BIN" --db "host=$TMP/sock dbname=x password=secret42 connect_timeout=4" eval \
        >"$TMP/out" 2>"$TMP/err" &
    pid=$!
    # $pid is timeout's, whose own argv holds the password
    # it was given: the command line to read is its child's, slaudit's, once
    # it is connecting (up to 3 s on a loaded machine).
    : >"$TMP/cmdline"
    for _ in 1 2 3 4 5 6; do
        sleep 0.5
        child=$(tr -d ' ' <"/proc/$pid/task/$pid/children" 2>/dev/null)
        [ -n "$child" ] && tr '\0' ' ' <"/proc/$child/cmdline" >"$TMP/cmdline" 2>/dev/null
        grep -q 'connect_timeout' "$TMP/cmdline" && break
    done
    wait "$pid"
    same "conninfo: a server that never answers: exit" "$?" 4
    has "conninfo: argv read while connecting" "$TMP/cmdline" 'dbname=x password=\*+ connect_timeout=4'
    hasnt "conninfo: no password in argv while it runs" "$TMP/cmdline" 'secret42'
    kill "$listener" 2>/dev/null
    wait "$listener" 2>/dev/null
else
    echo "reliability (forgery): no python3, the password in argv not checked"
fi

# --- item 10: nothing changes silently -----------------------------------------
DB=$TMP/silent.db
# An internal entity in an Atom title: the entry is rejected with the reason,
# never stored with its text lost; the next entry is stored.
update() { # update DAY TEXT: one dated update of an entry's HTML content, escaped
    printf '&lt;p&gt;&lt;small&gt;Oct &lt;var data-var=%s&gt;%s&lt;/var&gt;, &lt;var data-var=%s&gt;%s&lt;/var&gt; UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;%s&lt;/strong&gt; - %s.&lt;/p&gt;' \
        "'date'" "$1" "'time'" "$2" "$3" "$3"
}
{
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo '<!DOCTYPE feed [<!ENTITY co "Acme Cloud">]>'
    echo '<feed xmlns="http://www.w3.org/2005/Atom"><id>tag:status.example,2005:/history</id>'
    echo '<title>Example Status - Incident History</title>'
    for i in 1 2; do
        title='DB slow &amp; fine'
        [ "$i" = 1 ] && title='&co; API down'
        echo "<entry><id>tag:status.example,2005:Incident/$i</id><published>2026-10-0${i}T01:30:00Z</published>"
        echo "<title>$title</title><content type=\"html\">$(update "$i" 02:30 Resolved)$(update "$i" 01:30 Investigating)</content></entry>"
    done
    echo '</feed>'
} >"$TMP/entity.atom"
bounded "entity: ingest" 0 512 30 "$BIN" --db "$DB" ingest "$TMP/entity.atom"
has "entity: counted" "$TMP/out" 'read 2, stored 1, rejected 1'
has "entity: the reason" "$TMP/err" 'entity\.atom:[0-9]+: rejected: entry text refers to the entity &co; declared in the feed: slaudit expands no entity'
same "entity: no title lost its text" "$(sqlite3 "$DB" "SELECT group_concat(title, '|') FROM incidents")" "DB slow & fine"
# A second export that changes a stored incident says it updated it.
printf '%s\nU1,team:core,api,sev2,api slow,2026-10-02T10:00:00Z,2026-10-02T10:00:00Z,,2026-10-02T11:00:00Z\n' "$HEAD" >"$TMP/export-1.csv"
printf '%s\nU1,team:core,api,sev1,api down,2026-10-02T10:00:00Z,2026-10-02T10:00:00Z,,2026-10-02T11:00:00Z\n' "$HEAD" >"$TMP/export-2.csv"
cp "$TMP/export-2.csv" "$TMP/export-3.csv"
echo >>"$TMP/export-3.csv" # other bytes, the same record
bounded "updated: first export" 0 512 30 "$BIN" --db "$DB" ingest "$TMP/export-1.csv"
bounded "updated: changed export" 0 512 30 "$BIN" --db "$DB" ingest "$TMP/export-2.csv"
has "updated: said" "$TMP/out" 'export-2\.csv: incident-csv: read 1, stored 0, rejected 0, duplicates 1: 1 stored incident updated$'
hasnt "updated: not nothing new" "$TMP/out" 'nothing new'
same "updated: the record replaced" "$(sqlite3 "$DB" "SELECT severity || ' ' || title FROM incidents WHERE key = 'U1'")" "sev1 api down"
bounded "updated: the same record again" 0 512 30 "$BIN" --db "$DB" ingest --json "$TMP/export-3.csv"
has "updated: the same again is nothing new" "$TMP/out" '"duplicates":1,.*"updated":0[,}]'

# --- item 11: captured text stays valid UTF-8 ------------------------------------
DB=$TMP/utf8.db
printf 'record: incident\npattern: %s\nfields:\n  started: time\n' "'^(?<key>\\S+) (?<time>\\S+) (?<title>\\C)'" >"$TMP/byte.yaml"
printf 'K1 2026-10-02T10:00:00Z \303\251t\303\251\n' >"$TMP/accents.log"
bounded "utf8: \\C refused" 2 512 30 "$BIN" --db "$DB" ingest --entity team:a --config "$TMP/byte.yaml" "$TMP/accents.log"
has "utf8: \\C refused: why" "$TMP/err" 'byte\.yaml:2: bad pattern at offset [0-9]+: using \\C is disabled'
same "utf8: nothing stored" "$(sqlite3 "$DB" 'SELECT count(*) FROM incidents' 2>/dev/null || echo 0)" 0
printf 'record: incident\npattern: %s\nfields:\n  started: time\n' "'^(?<key>\\S+) (?<time>\\S+) (?<title>.)'" >"$TMP/char.yaml"
bounded "utf8: a character" 0 512 30 "$BIN" --db "$DB" ingest --entity team:a --config "$TMP/char.yaml" "$TMP/accents.log"
same "utf8: the capture is a whole character" "$(sqlite3 "$DB" 'SELECT hex(title) FROM incidents')" C3A9

# --- item 2: structured formats have a byte bound -------------------------------
# One scalar of 256 MiB in an OpenSLO service: refused at the 16 MiB bound,
# never read whole; memory stays within the cap.
DB=$TMP/yaml.db
{
    printf 'apiVersion: openslo/v1\nkind: Service\nmetadata:\n  name: api\nspec:\n  description: '
    head -c $((256 * 1048576)) /dev/zero | tr '\0' 'a'
    printf '\n'
} >"$TMP/huge-scalar.yaml"
t0=$(date +%s%N)
bounded "yaml: a 256 MiB scalar" 3 128 30 "$BIN" --db "$DB" ingest --entity team:a --format openslo "$TMP/huge-scalar.yaml"
echo "reliability (forgery): a 256 MiB YAML scalar refused in $((($(date +%s%N) - t0) / 1000000)) ms under a 128 MiB cap"
has "yaml: the limit named" "$TMP/err" 'huge-scalar\.yaml:[0-9]+: YAML longer than 16 MiB, the most slaudit reads of one YAML file'
hasnt "yaml: not unreadable" "$TMP/err" 'unreadable'
same "yaml: nothing stored" "$(sqlite3 "$DB" 'SELECT count(*) FROM sources' 2>/dev/null || echo 0)" 0
rm -f "$TMP/huge-scalar.yaml"

echo "reliability (forgery): $passed passed, $failed failed"
[ "$failed" -eq 0 ]
