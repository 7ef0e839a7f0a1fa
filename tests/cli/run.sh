#!/bin/sh
# CLI tests: the real binary's stdout, stderr and exit codes, the store it
# writes, and the workbook read back from the XML inside the zip.
# Run from the top of the tree: BUILD=build sh tests/cli/run.sh (BUILD is
# relative to the top, or absolute)
set -u
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
BIN=$BUILD/slaudit
GEN=$BUILD/gen-sample
DATA=$(pwd)/tests/cli/data
TMP=$(mktemp -d)
trap 'umount "$TMP/full" "$TMP/ro" 2>/dev/null; rm -rf "$TMP"' EXIT
DB=$TMP/t.db
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# expect NAME RC CMD... : runs CMD, keeps stdout/stderr in $TMP/out, $TMP/err
expect() {
    name=$1 rc=$2
    shift 2
    "$@" >"$TMP/out" 2>"$TMP/err"
    got=$?
    if [ "$got" -eq "$rc" ]; then pass; else
        fail "$name: exit $got, expected $rc"; sed 's/^/  | /' "$TMP/err" >&2
    fi
}
sql() { sqlite3 "$DB" "$1"; }
# cells_of BOOK SHEET NAME: the cells of the sheet as "REF<TAB>VALUE" lines in
# $TMP/NAME.cells, shared strings resolved (text as the XML escapes it)
cells_of() {
    sheet_of "$1" "$2" "$3"
    unzip -p "$1" xl/sharedStrings.xml 2>/dev/null | tr '\n' ' ' | sed 's/<si>/\n<si>/g' |
        tail -n +2 | sed 's/<[^>]*>//g' >"$TMP/$3.strings"
    sed 's/<c /\n<c /g' "$TMP/$3.xml" | grep '^<c ' | awk -v strings="$TMP/$3.strings" '
        BEGIN { n = 0; while ((getline line < strings) > 0) s[n++] = line }
        { ref = $0; sub(/^<c r="/, "", ref); sub(/".*/, "", ref)
          v = ""
          if (match($0, /<v>[^<]*<\/v>/)) v = substr($0, RSTART + 3, RLENGTH - 7)
          else if (match($0, /<t[^>]*>[^<]*<\/t>/)) {
              v = substr($0, RSTART, RLENGTH); sub(/^<t[^>]*>/, "", v); sub(/<\/t>$/, "", v) }
          if (index($0, "t=\"s\"")) v = s[v + 0]
          print ref "\t" v }' >"$TMP/$3.cells"
}
# beside NAME LABEL: the value in the cell right of the first cell holding
# LABEL (columns A to Y)
beside() {
    awk -F'\t' -v label="$2" '
        function right_of(ref) {
            return substr("BCDEFGHIJKLMNOPQRSTUVWXYZ", index("ABCDEFGHIJKLMNOPQRSTUVWXY",
                          substr(ref, 1, 1)), 1) substr(ref, 2)
        }
        want != "" && $1 == want { print $2; exit }
        want == "" && $2 == label { want = right_of($1) }
    ' "$TMP/$1.cells"
}
# sheet_of BOOK SHEET NAME: the XML of the sheet named SHEET into $TMP/NAME.xml
sheet_of() {
    n=$(unzip -p "$1" xl/workbook.xml | grep -o '<sheet name="[^"]*"' | grep -n "\"$2\"" | cut -d: -f1)
    unzip -p "$1" "xl/worksheets/sheet$n.xml" >"$TMP/$3.xml"
}

# --- help, version, usage errors ------------------------------------------
expect "version" 0 "$BIN" --version
has "version" "$TMP/out" '^slaudit [0-9]+\.[0-9]+'
expect "help" 0 "$BIN" --help
has "help lists ingest" "$TMP/out" 'ingest'
for cmd in init ingest formats eval report; do
    expect "$cmd --help" 0 "$BIN" "$cmd" --help
    has "$cmd --help has an example" "$TMP/out" '^Example'
done
expect "no command" 2 "$BIN"
expect "unknown command" 2 "$BIN" frobnicate
has "unknown command message" "$TMP/err" "^slaudit: unknown command 'frobnicate'"
expect "bad zone" 2 "$BIN" --tz Mars/Olympus eval
has "bad zone message" "$TMP/err" "^slaudit: --tz 'Mars/Olympus': unknown time zone"
expect "from without to" 2 "$BIN" --db "$DB" eval --from 2026-10-01
expect "bad month" 2 "$BIN" --db "$DB" report --month 2026-13
expect "ingest nothing" 2 "$BIN" --db "$DB" ingest
expect "unknown format name" 2 "$BIN" --db "$DB" ingest --format nope x.csv
printf '\377\376i\000d\000,\000s\000t\000a\000r\000t\000e\000d\000\n\000' >"$TMP/utf16.csv"
expect "UTF-16 file" 3 "$BIN" --db "$DB" ingest "$TMP/utf16.csv"
has "UTF-16 file: said so" "$TMP/err" "utf16.csv:1: UTF-16 text: convert to UTF-8, e.g. iconv -f UTF-16 -t UTF-8\$"

# A CSV with no entity column and no --entity: one error before any row,
# nothing recorded, not one reject a row.
printf 'service,start,end,status\napi,2026-10-01T00:00:00Z,2026-10-02T00:00:00Z,up\napi,2026-10-02T00:00:00Z,2026-10-03T00:00:00Z,down\n' >"$TMP/no-entity.csv"
expect "no entity column" 3 "$BIN" --db "$TMP/noent.db" ingest "$TMP/no-entity.csv"
has "no entity column: one message" "$TMP/err" "no-entity.csv:1: no entity: the header has no 'entity' column; give --entity provider:NAME or team:NAME\$"
hasnt "no entity column: no reject per row" "$TMP/err" 'rejected'
expect "no entity column: nothing recorded" 0 "$BIN" --db "$TMP/noent.db" ingest --entity team:t "$TMP/no-entity.csv"
has "no entity column: read with --entity" "$TMP/out" 'interval-csv: read 2, stored 2'
printf 'time,service,status\n2026-10-01T00:00:00Z,api,up\n' >"$TMP/no-entity-probes.csv"
expect "no entity column: probes" 3 "$BIN" --db "$TMP/noent.db" ingest "$TMP/no-entity-probes.csv"
has "no entity column: probes message" "$TMP/err" "no-entity-probes.csv:1: no entity: the header has no 'entity' column"

# --- formats --------------------------------------------------------------
expect "formats" 0 "$BIN" formats
for f in incident-csv pagerduty-csv probe-csv maintenance-csv; do
    has "formats lists $f" "$TMP/out" "^$f\$"
done
expect "formats json" 0 "$BIN" formats --json
has "formats json" "$TMP/out" '^\[\{"name":"incident-csv"'

# --- bad input: whole files ---------------------------------------------------
expect "missing file" 3 "$BIN" --db "$DB" ingest "$TMP/nope.csv"
has "missing file message" "$TMP/err" "^slaudit: $TMP/nope.csv: cannot open"
expect "directory" 3 "$BIN" --db "$DB" ingest "$TMP"
has "directory message" "$TMP/err" "not a regular file"
mkfifo "$TMP/fifo"
expect "fifo" 3 "$BIN" --db "$DB" ingest "$TMP/fifo"
expect "unrecognised" 3 "$BIN" --db "$DB" ingest "$DATA/unknown.csv"
has "unrecognised message" "$TMP/err" "unknown.csv:1: format not recognised"
: >"$TMP/empty.csv"
expect "empty file as incidents" 3 "$BIN" --db "$DB" ingest --format incident-csv "$TMP/empty.csv"
has "empty file message" "$TMP/err" "empty file"
same "failed files store nothing" "$(sql 'select count(*) from sources')" 0
expect "unwritable db" 4 "$BIN" --db /proc/slaudit.db ingest "$DATA/bad-incidents.csv"

# --- bad input: records ---------------------------------------------------------
expect "rejects" 0 "$BIN" --db "$DB" ingest --json "$DATA/bad-incidents.csv"
has "rejects json" "$TMP/out" '"read":6,"stored":3,"rejected":3,"duplicates":0'
has "reject line 3" "$TMP/err" 'bad-incidents.csv:3: rejected: resolved before started'
has "reject line 5" "$TMP/err" "bad-incidents.csv:5: rejected: bad started time '2026-02-30T10:00:00Z': day out of range for its month"
has "reject line 6" "$TMP/err" "bad-incidents.csv:6: rejected: entity 'someone' is not provider:NAME or team:NAME"
same "rejects kept with line and reason" "$(sql 'select line || ":" || reason from rejects order by line' | tr '\n' ' ')" \
    "3:resolved before started 5:bad started time '2026-02-30T10:00:00Z': day out of range for its month 6:entity 'someone' is not provider:NAME or team:NAME "
same "multi-line quoted title" "$(sql "select title from incidents where key='INC-6'")" 'Multi-line
title with "quotes"'
same "unknown column kept" "$(sql "select extra from incidents where key='INC-1'")" '{"ticket":"OPS-77"}'
same "formula-looking title kept verbatim" "$(sql "select title from incidents where key='INC-3'")" '=HYPERLINK("http://evil.example")'
expect "duplicate ingest" 0 "$BIN" --db "$DB" ingest --json "$DATA/bad-incidents.csv"
has "duplicate ingest says so" "$TMP/out" '"already_ingested":true'
same "duplicate ingest changes nothing" "$(sql 'select count(*) from incidents'):$(sql 'select count(*) from rejects')" "3:3"

# --- init: the store made, or brought up to date, and nothing else -------------
IDB=$TMP/init.db
expect "init makes a store" 0 "$BIN" --db "$IDB" init
same "init says what it made" "$(cat "$TMP/out")" "$IDB: a slaudit store (sqlite), schema version $(sqlite3 "$IDB" 'PRAGMA user_version')"
same "init stores nothing" "$(sqlite3 "$IDB" 'select count(*) from sources')" 0
expect "init of a store again" 0 "$BIN" --db "$IDB" --json init
same "init json" "$(cat "$TMP/out")" "{\"store\":\"$IDB\",\"backend\":\"sqlite\",\"schema_version\":$(sqlite3 "$IDB" 'PRAGMA user_version')}"
sqlite3 "$TMP/other.db" 'CREATE TABLE notes (x)'
expect "init of another program's database" 4 "$BIN" --db "$TMP/other.db" init
has "init refuses it" "$TMP/err" 'not a slaudit store'
same "init leaves it as it was" "$(sqlite3 "$TMP/other.db" 'select count(*) from sqlite_schema')" 1
expect "init takes no file" 2 "$BIN" --db "$IDB" init x.csv

# --- a file that yields nothing is not ingested; forget and --replace ----------
FDB=$TMP/forget.db
FF=tests/data/formats
fsql() { sqlite3 "$FDB" "$1"; }
expect "forced format that matches nothing" 3 "$BIN" --db "$FDB" ingest --format statuspage-json $FF/opsgenie-alerts.json
has "forced format says so" "$TMP/err" 'opsgenie-alerts.json: no records: nothing in the file reads as statuspage-json \(--format\); it is not that format'
same "a file of no records is recorded nowhere" "$(fsql 'select count(*) from sources')" 0
expect "the right format afterwards is read" 0 "$BIN" --db "$FDB" ingest --entity team:ops $FF/opsgenie-alerts.json
hasnt "not already ingested" "$TMP/out" 'already ingested'
expect "missing --entity before reading" 3 "$BIN" --db "$FDB" ingest $FF/xid-syslog.log
has "missing --entity message" "$TMP/err" 'xid-syslog.log: no entity: nvidia-xid files name none; give --entity provider:NAME or team:NAME'
hasnt "missing --entity is one error" "$TMP/err" 'rejected'
expect "failed file in --json" 3 "$BIN" --db "$FDB" ingest --json $FF/xid-syslog.log
has "failed file prints its JSON object" "$TMP/out" '^\{"file":"[^"]*xid-syslog.log","format":"nvidia-xid",.*"error":"no entity: nvidia-xid files name none'
expect "xid with entity" 0 "$BIN" --db "$FDB" ingest --entity team:hpc $FF/xid-syslog.log
has "xid counted per kind" "$TMP/out" 'nvidia-xid: read 9, stored 7, rejected 1, duplicates 1: 1 incident, 3 status intervals, 3 GPU events$'
expect "statuspage json per kind" 0 "$BIN" --db "$FDB" ingest --json $FF/statuspage-incidents.json
has "json per kind" "$TMP/out" '"rejected":2,"duplicates":0,"intervals":6,"incidents":2,"maintenance":1,"gpu_events":0,"commitments":0,"audit_records":0,"probes":0,"changes":0,"skipped":0,"already_ingested":false'
expect "forget statuspage" 0 "$BIN" --db "$FDB" -q forget $FF/statuspage-incidents.json
XSHA=$(fsql "select sha256 from sources where path like '%xid-syslog.log'")
XN=$(fsql 'select count(*) from gpu_events')
expect "forget by sha256" 0 "$BIN" --db "$FDB" forget "$XSHA"
has "forget counts" "$TMP/out" "forgot 1 source: [0-9]+ incidents, [0-9]+ status intervals, 0 maintenance windows, $XN GPU events"
same "forget leaves no GPU event and no source" "$(fsql 'select count(*) from gpu_events'):$(fsql "select count(*) from sources where sha256 = '$XSHA'")" "0:0"
same "forget keeps the other source" "$(fsql 'select count(*) from sources')" 1
expect "forget what is not there" 3 "$BIN" --db "$FDB" forget "$XSHA"
has "forget nothing message" "$TMP/err" 'no source recorded under this path or SHA-256'
expect "forget by path" 0 "$BIN" --db "$FDB" --json forget $FF/opsgenie-alerts.json
has "forget json" "$TMP/out" '"sources":1,"incidents":[1-9]'
same "store empty after forgetting" "$(fsql 'select count(*) from sources'):$(fsql 'select count(*) from incidents')" "0:0"
expect "forget usage" 2 "$BIN" --db "$FDB" forget
cp $FF/slurmctld.log "$TMP/ctl.log"
expect "ingest before replace" 0 "$BIN" --db "$FDB" ingest --entity team:hpc --service gpu-a "$TMP/ctl.log"
N1=$(fsql 'select count(*) from incidents')
head -n 3 $FF/slurmctld.log >"$TMP/ctl.log"
echo '[2026-03-09T10:00:00.000] error: Nodes z9 not responding' >>"$TMP/ctl.log"
expect "replace a changed file" 0 "$BIN" --db "$FDB" ingest --replace --entity team:hpc --service gpu-a "$TMP/ctl.log"
has "replace says what it replaced" "$TMP/err" "ctl.log: replaced 1 earlier source: $N1 incidents"
same "replace keeps one source of the path" "$(fsql "select count(*) from sources where path = '$TMP/ctl.log'")" 1
hasnt "replace forgot the old incidents" "$TMP/out" 'already'

# --- time zones -------------------------------------------------------------------
expect "naive times in a zone" 0 "$BIN" --db "$DB" --tz Europe/Berlin ingest "$DATA/naive-times.csv"
has "naive times noted" "$TMP/err" 'note: .*naive-times.csv: 2 timestamps had no UTC offset and were read in Europe/Berlin'
# 2026-10-01 00:00 in Berlin (CEST, UTC+2) is 2026-09-30T22:00:00Z.
same "naive time converted" "$(sql "select min(start) from intervals where service='tz-check'")" 1790805600
# A folder of zones and the database's tables are not zones (both once read as UTC).
expect "zone folder" 2 "$BIN" --tz Europe eval
has "zone folder named" "$TMP/err" "^slaudit: --tz 'Europe': a folder of zones, not a zone"
expect "zone table" 2 "$BIN" --tz zone.tab eval
has "zone table named" "$TMP/err" "^slaudit: --tz 'zone.tab': not a zone file of the tz database"
# Zones of our own in $TZDIR: version 1 files, no transitions, one type whose
# offset is the four bytes given (+05:00 = 18000 s, +19:00 = 68400 s).
zone_v1() {
    printf 'TZif\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' >"$1"
    printf '\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' >>"$1"
    printf '\000\000\000\001\000\000\000\004' >>"$1"
    printf "$2\\000\\000AAA\\000" >>"$1"
}
mkdir -p "$TMP/zones/Test"
zone_v1 "$TMP/zones/Test/Plus5" '\000\000\106\120'
zone_v1 "$TMP/zones/Test/Plus19" '\000\001\013\060'
expect "zone from TZDIR" 0 env TZDIR="$TMP/zones" "$BIN" --db "$TMP/tz5.db" --tz Test/Plus5 \
    ingest "$DATA/naive-times.csv"
# 2026-10-01 00:00 at +05:00 is 2026-09-30T19:00:00Z.
same "naive time read in the TZDIR zone" \
    "$(sqlite3 "$TMP/tz5.db" "select min(start) from intervals where service='tz-check'")" 1790794800
expect "zones only from TZDIR" 2 env TZDIR="$TMP/zones" "$BIN" --tz Europe/Berlin formats
has "zones only from TZDIR named" "$TMP/err" "^slaudit: --tz 'Europe/Berlin': unknown time zone"
expect "zone 19 h from UTC" 2 env TZDIR="$TMP/zones" "$BIN" --tz Test/Plus19 formats
has "zone 19 h from UTC named" "$TMP/err" \
    "^slaudit: --tz 'Test/Plus19': an offset more than 18 hours from UTC"
# A timestamp's own offset is at most 18:00 either way.
printf 'id,entity,service,severity,title,started,resolved\n%s\n%s\n' \
    'OFF-1,team:platform,tz-offsets,sev3,at the limit,2026-10-03T10:00:00-18:00,2026-10-03T11:00:00-18:00' \
    'OFF-2,team:platform,tz-offsets,sev3,past it,2026-10-03T10:00:00+18:30,2026-10-03T11:00:00Z' \
    >"$TMP/offsets.csv"
expect "offsets past 18:00" 0 "$BIN" --db "$TMP/offsets.db" ingest "$TMP/offsets.csv"
has "offset past 18:00 rejected" "$TMP/err" \
    "offsets.csv:3: rejected: bad started time '2026-10-03T10:00:00\\+18:30': UTC offset out of range"
same "offset of -18:00 kept" \
    "$(sqlite3 "$TMP/offsets.db" "select started from incidents where key='OFF-1'")" 1791086400

# --- probes: every gap judged against the series' interval ---------------------
# down at 00:00 and 12:00, then up every minute 12:01..13:00. The 61 gaps are
# 43200 once and 60 sixty times: median 60, so the night is unknown after one
# minute: down 2 min, up 60 min, 1 - 120 / 3720 = 96.774 %.
PDB=$TMP/stale.db
{ echo 'time,service,status'
  echo '2026-10-01T00:00:00Z,api,down'
  echo '2026-10-01T12:00:00Z,api,down'
  m=1; while [ $m -le 60 ]; do
      printf '2026-10-01T%02d:%02d:00Z,api,up\n' $((12 + m / 60)) $((m % 60)); m=$((m + 1)); done
} >"$TMP/stale.csv"
expect "stale probe ingest" 0 "$BIN" --db "$PDB" ingest --entity team:web "$TMP/stale.csv"
expect "stale probe eval" 0 "$BIN" --db "$PDB" eval --from 2026-10-01 --to 2026-10-02 --entity team:web --json
# 1 h of 31 days is known: below the minimum coverage the availability is
# null, with the measured figure beside it (2 down minutes of 62).
has "stale probe invents no coverage" "$TMP/out" '"service":"api",.*"availability":null,"downtime_seconds":120,"eligible_seconds":3720,.*"availability_measured":0\.96774[0-9]*,'
# --probe-interval 12h: the 12-hour gap is covered: down 721 min, then up from
# 12:01 to 13:00 and 12 h more for the last probe, 779 min.
PDB=$TMP/stale-12h.db
expect "probe interval given" 0 "$BIN" --db "$PDB" ingest --probe-interval 12h --entity team:web "$TMP/stale.csv"
same "probe interval covers the gap" "$(sqlite3 "$PDB" 'select group_concat((end - start) / 60) from intervals order by start')" "721,779"
expect "bad probe interval" 2 "$BIN" --db "$PDB" ingest --probe-interval 5x "$TMP/stale.csv"
has "bad probe interval message" "$TMP/err" "--probe-interval '5x' is not a duration"
# a file with more series than the limit is refused whole, with the count
awk 'BEGIN { print "time,service,status"; for (i = 0; i <= 50000; i++) printf "2026-10-01T00:00:00Z,s%d,up\n", i }' >"$TMP/many-series.csv"
expect "too many series" 3 "$BIN" --db "$PDB" ingest --entity team:web "$TMP/many-series.csv"
has "too many series message" "$TMP/err" "many-series.csv:50002: too many probe series in one file: 50000 taken, the limit is 50000 series and 4 MiB"

# --- the demo pipeline on the sample data ---------------------------------------------
"$GEN" "$TMP/sample" >/dev/null
DB=$TMP/demo.db
expect "ingest sample" 0 "$BIN" --db "$DB" ingest sample-data/maintenance.csv "$TMP"/sample/*.csv
has "probes folded" "$TMP/out" 'probe-csv: read 1324560, stored 1324560, rejected 0, duplicates 0: 1324560 probe results, [0-9]+ status intervals, [0-9]+ latency samples$'
has "maintenance counted as windows" "$TMP/out" 'maintenance-csv: read 12, stored 12, rejected 0, duplicates 0: 12 maintenance windows$'
same "intervals not probes" "$(sql 'select count(*) < 5000 from intervals')" 1
expect "eval json" 0 "$BIN" --db "$DB" eval --month 2026-10 --entity provider:nimbus --json
# The hand calculation in sample-data/README.md: 1 - 7200 / 2656800.
has "hand-checked availability" "$TMP/out" '"service":"inference-api","window":\{"kind":"month","start":"2026-10-01T00:00:00Z","end":"2026-11-01T00:00:00Z"\},"measure":"neutral","availability":0\.99728997289972[0-9]*,"downtime_seconds":7200,"eligible_seconds":2656800,"unknown_seconds":14400,"maintenance_seconds":7200,"ineligible_maintenance_seconds":2400'
expect "empty window is unknown" 0 "$BIN" --db "$DB" eval --month 2025-01 --json
hasnt "empty window has no 100 %" "$TMP/out" '"availability":1[,}]'
expect "eval table" 0 "$BIN" --db "$DB" eval
has "eval defaults to last complete month" "$TMP/out" 'provider:nimbus +inference-api +2026-10 +99\.729%'

mkdir "$TMP/out1" "$TMP/out2"
expect "report" 0 "$BIN" --db "$DB" report -o "$TMP/out1/"
has "report wrote" "$TMP/out" "wrote $TMP/out1/ops-report-2026-10.xlsx"
has "report summary" "$TMP/out" 'provider:coreline +\(all\) +2026-10'
X=$TMP/out1/ops-report-2026-10.xlsx
unzip -p "$X" xl/workbook.xml >"$TMP/workbook.xml"
has "sheets in order" "$TMP/workbook.xml" '<sheet name="Summary" sheetId="1"[^>]*/><sheet name="Summary detail" sheetId="2"[^>]*/><sheet name="Charts" sheetId="3"[^>]*/><sheet name="Daily" sheetId="4"[^>]*/><sheet name="Availability" sheetId="5"[^>]*/><sheet name="Incidents" sheetId="6"[^>]*/><sheet name="SLA" sheetId="7"[^>]*/><sheet name="Latency" sheetId="8"[^>]*/><sheet name="Findings" sheetId="9"[^>]*/><sheet name="Compare" sheetId="10"[^>]*/><sheet name="Sources" sheetId="11"[^>]*/><sheet name="Definitions" sheetId="12"[^>]*/><sheet name="Chart data" sheetId="13"[^>]*/><sheet name="Daily data" sheetId="14"'
for n in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do
    unzip -p "$X" "xl/worksheets/sheet$n.xml" >"$TMP/sheet$n.xml"
    hasnt "no formula in sheet $n" "$TMP/sheet$n.xml" '<f>'
done
has "incidents header frozen" "$TMP/sheet6.xml" '<pane ySplit="1"'
has "incidents autofilter" "$TMP/sheet6.xml" '<autoFilter ref="A1:'
has "availability matrix holds the hand-checked value" "$TMP/sheet5.xml" '<v>0\.99728997289972[0-9]*</v>'
has "sources list each input with its sha-256" "$TMP/sheet11.xml" "<t>$(sha256sum sample-data/maintenance.csv | cut -c1-64)</t>"
has "sources record the command line" "$TMP/sheet11.xml" "<t>[^<]*slaudit --db $DB report -o $TMP/out1/</t>"
has "chart data holds the hand-checked value" "$TMP/sheet13.xml" '<v>0\.99728997289972[0-9]*</v>'
n=$(unzip -l "$X" | grep -c 'xl/charts/chart[0-9]*\.xml')
# Three entities, two charts each (trend, incidents), TTR and the budget,
# and a burn-down on the Daily sheet for each of the ten services, each of
# which spent some budget.
same "eighteen charts" "$n" 18
cp "$X" "$TMP/out2/first.xlsx"
expect "report again" 0 "$BIN" --db "$DB" report -o "$TMP/out1/"
if cmp -s "$X" "$TMP/out2/first.xlsx"; then pass; else fail "report is not byte-identical across runs"; fi
# September holds an incident titled '=SUM(A1) shown in alert text'.
expect "report september" 0 "$BIN" --db "$DB" -q report --month 2026-09 -o "$TMP/sep.xlsx"
sheet_of "$TMP/sep.xlsx" Incidents sep3
has "hostile title is a string" "$TMP/sep3.xml" 't="inlineStr"><is><t>=SUM\(A1\) shown in alert text</t>'
hasnt "no formula in september incidents" "$TMP/sep3.xml" '<f>'
expect "report to a missing directory" 5 "$BIN" --db "$DB" report -o "$TMP/no/such/dir/r.xlsx"
if ls "$TMP/no/such/dir" >/dev/null 2>&1; then fail "report left something behind"; else pass; fi
has "missing directory named" "$TMP/err" "^slaudit: $TMP/no/such/dir/r.xlsx: the folder $TMP/no/such/dir does not exist\$"
# Output targets that are not files are refused and left as they were.
mknod "$TMP/devnull" c 1 3
expect "report onto a device" 5 "$BIN" --db "$DB" -q report -o "$TMP/devnull"
has "report onto a device: message" "$TMP/err" 'devnull: it is a character device, not a regular file: refusing to replace it'
if [ -c "$TMP/devnull" ]; then pass; else fail "report onto a device replaced the device"; fi
mkfifo "$TMP/outfifo"
expect "report onto a FIFO" 5 "$BIN" --db "$DB" -q report -o "$TMP/outfifo"
if [ -p "$TMP/outfifo" ]; then pass; else fail "report onto a FIFO replaced it"; fi
expect "tables onto a device" 5 "$BIN" --db "$DB" -q report --format csv -o "$TMP/devnull"
if [ -c "$TMP/devnull" ]; then pass; else fail "tables onto a device replaced the device"; fi
mkdir "$TMP/cwd"
(cd "$TMP/cwd" && "$BIN" --db "$DB" -q report -o - >"$TMP/out" 2>"$TMP/err")
same "workbook to -: exit" "$?" 5
has "workbook to -: message" "$TMP/err" 'a workbook cannot be written to standard output'
(cd "$TMP/cwd" && "$BIN" --db "$DB" -q report --month 2026-10 --format json -o - >"$TMP/out" 2>"$TMP/err")
same "tables to -: exit" "$?" 0
has "tables to -: on stdout" "$TMP/out" '^\{"summary":\['
same "nothing named - written" "$(ls -A "$TMP/cwd")" ""
expect "tables into a file-like name" 2 "$BIN" --db "$DB" -q report --format csv -o "$TMP/out.csv"
has "tables into a file-like name: message" "$TMP/err" "-o '$TMP/out.csv' looks like a file name, but --format csv writes a directory"
if [ -e "$TMP/out.csv" ]; then fail "a directory named out.csv was created"; else pass; fi
# Any name the file system takes works: the temporary name is short.
long=$(printf '%0250d' 0 | tr 0 l).xlsx
expect "a 255-character name" 0 "$BIN" --db "$DB" -q report -o "$TMP/$long"
if [ -f "$TMP/$long" ]; then pass; else fail "the 255-character workbook is missing"; fi
rm -f "$TMP/$long"
# A full disk under the workbook: one message of ours, none of libxlsxwriter.
mkdir "$TMP/full"
if mount -t tmpfs -o size=20k slaudit-test "$TMP/full" 2>/dev/null; then
    expect "workbook: disk full" 5 "$BIN" --db "$DB" -q report -o "$TMP/full/r.xlsx"
    same "workbook: disk full, one line" "$(wc -l <"$TMP/err")" 1
    has "workbook: disk full message" "$TMP/err" "^slaudit: $TMP/full/r.xlsx: cannot write the workbook: No space left on device\$"
    same "workbook: disk full leaves nothing" "$(ls -A "$TMP/full")" ""
    umount "$TMP/full"
else
    echo "cli: disk-full workbook test skipped: cannot mount a tmpfs here"
fi

# --- the report as plain tables ------------------------------------------------------
expect "report csv to stdout" 0 "$BIN" --db "$DB" report --month 2026-10 --format csv
has "csv tables introduced" "$TMP/out" '^# table: incidents$'
has "csv hand-checked availability" "$TMP/out" '^provider:nimbus,inference-api,2026-10,0\.99728997289972[0-9]*,0\.99728997289972[0-9]*,0\.9946[0-9]*,full,0\.999,7200,2656800,14400,7200,'
expect "report json to a directory" 0 "$BIN" --db "$DB" -q report --month 2026-10 --format json -o "$TMP/tables"
same "one json file per table" "$(ls "$TMP/tables" | tr '\n' ' ')" "availability.json daily.json findings.json incidents.json latency.json sla.json sources.json summary.json "
has "json sources hold the sha-256" "$TMP/tables/sources.json" "\"sha256\":\"$(sha256sum sample-data/maintenance.csv | cut -c1-64)\""
expect "report csv with an SLA" 0 "$BIN" --db "$DB" report --month 2026-10 --format csv \
    --entity provider:nimbus --sla tests/cli/data/sla-nimbus.json --fee 10000
# inference-api: 99.95 % allows 0.0005 x 2,656,800 s = 1,328.4 s; 7,200 s down: margin -5,871.6 s,
# the 10 % tier of a 10,000 fee.
has "csv sla row by hand" "$TMP/out" '^provider:nimbus,inference-api,2026-10,nimbus-sla,99\.95,99\.728997289972[0-9]*,false,-5871\.6,tier,10,false,1000,2026-12-01T00:00:00Z,false,'
sed -n '/^# table: findings$/,/^$/p' "$TMP/out" | grep -c ',provider:nimbus,' >"$TMP/n.csv"
"$BIN" --db "$DB" audit --entity provider:nimbus --from 2026-10-01 --to 2026-11-01 --json 2>/dev/null |
    grep -o '"rule":' | wc -l >"$TMP/n.audit"
same "csv findings are the audit's" "$(cat "$TMP/n.csv")" "$(cat "$TMP/n.audit")"
# A directory of tables is replaced as a whole set or not at all: an earlier
# set is swapped out, other files in the directory stay.
expect "tables: a first set" 0 "$BIN" --db "$DB" -q report --month 2026-10 --format csv -o "$TMP/tset"
expect "tables over an earlier set" 0 "$BIN" --db "$DB" -q report --month 2026-09 --format csv -o "$TMP/tset"
has "tables over an earlier set: the new month" "$TMP/tset/summary.csv" ',2026-09,'
hasnt "tables over an earlier set: no old row" "$TMP/tset/summary.csv" ',2026-10,'
same "tables over an earlier set: eight files, no leftovers" "$(ls -A "$TMP/tset" | tr '\n' ' ')" \
    "availability.csv daily.csv findings.csv incidents.csv latency.csv sla.csv sources.csv summary.csv "
mkdir "$TMP/mixed" && echo keep >"$TMP/mixed/notes.txt"
expect "tables beside other files" 0 "$BIN" --db "$DB" -q report --month 2026-10 --format csv -o "$TMP/mixed/"
same "tables beside other files: both kept" "$(ls -A "$TMP/mixed" | wc -l):$(cat "$TMP/mixed/notes.txt")" "9:keep"
ls -A "$TMP" "$TMP/mixed" >"$TMP/ls"
hasnt "no temporary folder left" "$TMP/ls" '^\.slaudit-'
# Disk full half-way through the set (a small tmpfs, when this user may
# mount one): the directory keeps its earlier set, untouched.
M=$TMP/full
if mount -t tmpfs -o size=256k slaudit-test "$M" 2>/dev/null; then
    expect "tables: earlier set" 0 "$BIN" --db "$DB" -q report --month 2026-09 --format csv -o "$M/tables/"
    cp -r "$M/tables" "$TMP/tables-before"
    dd if=/dev/zero of="$M/fill" bs=4k 2>/dev/null
    truncate -s -8K "$M/fill" # room for the first tables, not for the rest
    expect "tables: disk full" 5 "$BIN" --db "$DB" -q report --month 2026-10 --format csv -o "$M/tables/"
    has "tables: disk full message" "$TMP/err" '[a-z]*\.csv: cannot write: No space left on device'
    if diff -r "$TMP/tables-before" "$M/tables" >/dev/null; then pass; else
        fail "tables: disk full changed the earlier set"; fi
    same "tables: disk full leaves no temporary folder" "$(ls -A "$M" | tr '\n' ' ')" "fill tables "
    umount "$M"
else
    echo "cli: disk-full tables test skipped: cannot mount a tmpfs here"
fi
# Formula-like text is neutralised in CSV (OWASP: a ' before it, quoted);
# read back with a CSV reader. --csv-raw writes it as it was; numbers stay.
FDB=$TMP/formula.db
expect "formula titles" 0 "$BIN" --db "$FDB" -q ingest tests/data/hostile/formula-titles.csv
expect "formula csv" 0 "$BIN" --db "$FDB" -q report --month 2026-10 --format csv -o "$TMP/ftables"
expect "formula csv raw" 0 "$BIN" --db "$FDB" -q report --month 2026-10 --format csv --csv-raw -o "$TMP/ftables-raw"
csv_titles() {
    /usr/bin/python3 -c 'import csv, sys
print("|".join(r["title"] for r in csv.DictReader(open(sys.argv[1], newline=""))))' "$1"
}
same "formula csv: neutralised" "$(csv_titles "$TMP/ftables/incidents.csv")" \
    "'=cmd|' /C calc'!A0|'+1+1|'-2+3|'@SUM(A1)|'=HYPERLINK(\"http://evil.example\",\"x\")|'	=tab"
same "formula csv raw: as ingested" "$(csv_titles "$TMP/ftables-raw/incidents.csv")" \
    "=cmd|' /C calc'!A0|+1+1|-2+3|@SUM(A1)|=HYPERLINK(\"http://evil.example\",\"x\")|	=tab"
has "formula csv: numbers stay numbers" "$TMP/ftables/incidents.csv" ',3600,,false$'
expect "csv-raw without csv" 2 "$BIN" --db "$FDB" report --format json --csv-raw
expect "report bad format" 2 "$BIN" --db "$DB" report --format xml

# --- audit and rules ------------------------------------------------------------
expect "rules --help" 0 "$BIN" rules --help
has "rules --help has an example" "$TMP/out" '^Example'
expect "audit --help" 0 "$BIN" audit --help
has "audit --help has an example" "$TMP/out" '^Example'
expect "rules markdown" 0 "$BIN" rules --markdown
if cmp -s "$TMP/out" docs/rules.md; then pass; else fail "docs/rules.md differs from 'slaudit rules --markdown'"; fi
expect "rules json" 0 "$BIN" rules --json
has "rules json lists AVL-001" "$TMP/out" '"id":"AVL-001"'
# The table never cuts a check: whole lines into a pipe, wrapped to $COLUMNS.
expect "rules into a pipe" 0 env -u COLUMNS "$BIN" rules
has "rules: a long check whole" "$TMP/out" '^SLA-003 .*Allowed downtime over 2 h a month for a service supporting critical functions \(uptime < 99\.73 %\)$'
has "rules: regimes as written" "$TMP/out" '^AVL-004 .* DORA '
expect "rules at 80 columns" 0 env COLUMNS=80 "$BIN" rules
same "rules at 80 columns: no longer line" "$(awk 'length > 80' "$TMP/out" | wc -l)" 0
same "rules at 80 columns: the check continues under its column" "$(grep -A1 '^SLA-003 ' "$TMP/out" | tail -1)" "                                          a service supporting critical"
expect "audit without entity" 2 "$BIN" --db "$DB" audit --from 2026-08-01 --to 2026-11-01
expect "audit bad fail-on" 2 "$BIN" --db "$DB" audit --entity team:x --from 2026-08-01 --to 2026-11-01 --fail-on severe
ADB=$TMP/audit.db
expect "ingest audit inputs" 0 "$BIN" --db "$ADB" -q ingest sample-data/postmortems.csv sample-data/actions.csv \
    sample-data/patches.csv sample-data/oncall.csv sample-data/changes.csv sample-data/notifications.csv \
    sample-data/profile-platform.json
expect "audit fails on high" 1 "$BIN" --db "$ADB" audit --entity team:platform --from 2026-08-01 --to 2026-11-01 --fail-on high
# The profile's zone is Europe/Berlin, so the audit runs from 2026-08-01 00:00
# there (07-31 22:00Z): the schedule, written from 08-01 00:00Z, leaves those
# 2 h uncovered besides the 8 h gap of 09-14.
has "audit finds the on-call gap" "$TMP/out" 'OPS-001 .*10\.0 h in all'
has "audit finds the KEV patch" "$TMP/out" 'PAT-002 .*CVE-2026-3050'
expect "audit passes at critical" 0 "$BIN" --db "$ADB" audit --entity team:platform --from 2026-08-01 --to 2026-11-01 --fail-on critical
expect "audit json" 0 "$BIN" --db "$ADB" audit --entity team:platform --from 2026-08-01 --to 2026-11-01 --json
cp "$TMP/out" "$TMP/audit1.json"
expect "audit json again" 0 "$BIN" --db "$ADB" audit --entity team:platform --from 2026-08-01 --to 2026-11-01 --json
if cmp -s "$TMP/out" "$TMP/audit1.json"; then pass; else fail "audit findings differ between runs"; fi
has "audit evidence cites file and line" "$TMP/out" '"file":"sample-data/patches.csv","line":5'
expect "audit workbook" 0 "$BIN" --db "$ADB" -q audit --entity team:platform --from 2026-08-01 --to 2026-11-01 -o "$TMP/audit.xlsx"
unzip -p "$TMP/audit.xlsx" xl/workbook.xml >"$TMP/aw.xml"
has "audit sheets" "$TMP/aw.xml" '<sheet name="Cover"[^>]*/><sheet name="Findings"[^>]*/><sheet name="Evidence"[^>]*/><sheet name="Rules"[^>]*/><sheet name="Sources"'
# Evidence rows name their finding by its number on Findings: the first is 1.
unzip -p "$TMP/audit.xlsx" xl/worksheets/sheet2.xml >"$TMP/af.xml"
unzip -p "$TMP/audit.xlsx" xl/worksheets/sheet3.xml >"$TMP/ae.xml"
# The cover: what, when, under which profile and catalog, the findings by
# severity as the text output counts them, and the command.
expect "audit text for the cover" 0 "$BIN" --db "$ADB" audit --entity team:platform --from 2026-08-01 --to 2026-11-01
high=$(grep -c '^high ' "$TMP/out")
medium=$(grep -c '^medium ' "$TMP/out")
cells_of "$TMP/audit.xlsx" Cover acov
same "audit cover: entity" "$(beside acov Entity)" "team:platform"
same "audit cover: period in the profile's zone" "$(beside acov Period)" "2026-08-01 to 2026-10-31, whole days in Europe/Berlin"
same "audit cover: regimes as written" "$(beside acov Profile)" "stored; regimes: DORA GDPR"
has "audit cover: catalog version" "$TMP/acov.cells" '^B[0-9]+	version [0-9a-f]{16}: [0-9]+ rules, [0-9]+ implemented; in this audit [0-9]+ evaluated'
same "audit cover: high count" "$(beside acov High)" "$high"
same "audit cover: medium count" "$(beside acov Medium)" "$medium"
same "audit cover: total" "$(beside acov Total)" "$((high + medium))"
has "audit cover: command" "$TMP/acov.cells" "^B[0-9]+	.*slaudit --db $ADB -q audit --entity team:platform"
# Findings by severity, worst first: no high after the first medium.
cells_of "$TMP/audit.xlsx" Findings afc
same "audit findings: severities in order" "$(awk -F'\t' '$1 ~ /^C[0-9]+$/ && $1 != "C1" { print $2 }' "$TMP/afc.cells" | uniq | tr '\n' ' ')" "high medium "
hasnt "audit findings: regime key not shown" "$TMP/afc.cells" '	dora$'
has "audit findings: regime as written" "$TMP/afc.cells" '^B[0-9]+	DORA$'
# Sources: each input with the SHA-256 of its bytes.
cells_of "$TMP/audit.xlsx" Sources asrc
sum=$(sha256sum sample-data/patches.csv | cut -d' ' -f1)
same "audit sources: SHA-256 of an input" "$(beside asrc sample-data/patches.csv)" "$sum"
has "audit findings numbered from 1" "$TMP/af.xml" '<c r="A2"[^>]*><v>1</v></c>'
has "audit evidence names finding 1" "$TMP/ae.xml" '<c r="A2"[^>]*><v>1</v></c>'

# --- eval: the contract measure beside the neutral one ---------------------------------
# inference-api, October: 7200 s down of 2,656,800 eligible (99.72899 %); 99.95 %
# allows 1328.4 s, margin -5871.6 s; [99.0, 99.95) gives 10 % of 10000; claims by 30 Nov.
expect "eval with an SLA" 0 "$BIN" --db "$DB" --json eval --month 2026-10 --entity provider:nimbus --service inference-api --sla tests/cli/data/sla-nimbus.json --fee 10000
has "contract row" "$TMP/out" '"service":"inference-api","window":\{"kind":"month","start":"2026-10-01T00:00:00Z","end":"2026-11-01T00:00:00Z"\},"measure":"contract","availability":0\.99728997289972[0-9]*,"downtime_seconds":7200'
has "contract attainment" "$TMP/out" '"target_percent":99\.95,"attainment_percent":99\.7289972899729[0-9]*,"met":false,"allowed_downtime_seconds":1328\.[0-9]+,"margin_seconds":-5871\.[0-9]+,"credit_match":"tier","credit_tier_line":5,"credit_percent":10,"credit_capped":false,"credit_amount":1000,"claim_deadline":"2026-11-30"'
has "burn-rate alert replayed" "$TMP/out" '"rule":"page-1h","severity":"page","fired":"2026-10-'
# A month in progress: 99.9 % monthly, probes of 10-01..10-03 with 10 min down
# at 10:00. The budget is October's: 0.001 x 2678400 = 2678.4 s, 600 s is
# 22.4 % of it; burn rate (600 / 259200) / 0.001 = 2.31. October's 31 days
# set page-1h at 0.02 x 744 h / 1 h = 14.88.
BDB=$TMP/budget.db
awk 'BEGIN { print "time,service,status"; for (m = 0; m < 3 * 1440; m++)
    printf "2026-10-%02dT%02d:%02d:00Z,api,%s\n", 1 + int(m / 1440), int(m % 1440 / 60), m % 60,
        (m >= 600 && m < 610) ? "down" : "up" }' >"$TMP/budget-probes.csv"
sed 's/"percent":99.95/"percent":99.9/' tests/cli/data/sla-nimbus.json >"$TMP/sla-999.json"
expect "budget probes" 0 "$BIN" --db "$BDB" -q ingest --entity provider:nimbus "$TMP/budget-probes.csv"
expect "budget of a month in progress" 0 "$BIN" --db "$BDB" --json eval --from 2026-10-01 --to 2026-10-04 --entity provider:nimbus --service api --sla "$TMP/sla-999.json"
has "budget is the whole month's" "$TMP/out" '"error_budget":\{"allowed_seconds":2678\.[34][0-9]*,"consumed_seconds":600,"remaining_seconds":2078\.[34][0-9]*,"consumed_share":0\.2240[0-9]*,"elapsed_share":0\.0967[0-9]*,"burn_rate":2\.3148[0-9]*\}'
has "threshold scaled to october" "$TMP/out" '"rule":"page-1h","severity":"page","fired":"2026-10-01T10:01:00Z","cleared":"2026-10-01T10:15:00Z","threshold":14\.88,'
# Rolling windows are local days: in New York, --to 2026-03-15 ends at 03-15
# 00:00 EDT (04:00Z), so the last day is 03-14; the week began 03-08 00:00 EST
# and is 167 h long (clocks went forward).
expect "rolling west of utc" 0 "$BIN" --db "$BDB" --tz America/New_York eval --rolling 7 --from 2026-03-08 --to 2026-03-15
has "rolling label is the last local day" "$TMP/out" 'rolling 7d to 2026-03-14 '
hasnt "rolling label not the utc date" "$TMP/out" 'to 2026-03-15'
expect "rolling west of utc json" 0 "$BIN" --db "$BDB" --tz America/New_York --json eval --rolling 7 --from 2026-03-08 --to 2026-03-15
has "rolling window of local days" "$TMP/out" '"window":\{"kind":"rolling","start":"2026-03-08T00:00:00-05:00","end":"2026-03-15T00:00:00-04:00"\}'
expect "eval --sla needs --entity" 2 "$BIN" --db "$DB" eval --month 2026-10 --sla tests/cli/data/sla-nimbus.json
expect "eval by quarter" 0 "$BIN" --db "$DB" eval --from 2026-07-01 --to 2027-01-01 --window quarter --entity provider:nimbus
has "quarter label" "$TMP/out" 'provider:nimbus +\(all\) +2026-Q3'
has "second quarter label" "$TMP/out" 'provider:nimbus +\(all\) +2026-Q4'
# A span is the span asked for: never widened to the windows around it.
expect "eval part of a quarter refused" 2 "$BIN" --db "$DB" eval --from 2026-08-01 --to 2026-11-01 --window quarter --entity provider:nimbus
has "part of a quarter says how to ask" "$TMP/err" 'is not whole quarter windows in UTC: give bounds of whole windows, or leave out --window'
expect "eval span of its own" 0 "$BIN" --db "$DB" eval --from 2026-08-12 --to 2026-08-22 --entity provider:nimbus
has "span of its own labelled with its days" "$TMP/out" 'provider:nimbus +\(all\) +10d 2026-08-12 to 2026-08-21'
hasnt "span of its own is not August" "$TMP/out" ' 2026-08 '
expect "eval rolling" 0 "$BIN" --db "$DB" --json eval --from 2026-10-02 --to 2026-11-01 --rolling 30 --entity provider:nimbus
has "rolling window" "$TMP/out" '"kind":"rolling","start":"2026-10-02T00:00:00Z","end":"2026-11-01T00:00:00Z"'

# --- decide and compare -------------------------------------------------------------
expect "decide --help" 0 "$BIN" decide --help
has "decide --help has an example" "$TMP/out" '^Example'
expect "decide without a profile" 2 "$BIN" --db "$DB" decide
expect "decide with a missing profile" 3 "$BIN" --db "$DB" decide --profile "$TMP/none.yaml"
expect "decide with a bad profile" 3 "$BIN" --db "$DB" decide --profile tests/data/decide/bad-unknown-field.yaml
has "bad profile names the field" "$TMP/err" "bad-unknown-field.yaml:6: costs: unknown field 'enginer_hour'"
for f in tests/data/decide/bad-contradiction-*.yaml; do
    expect "decide refuses $(basename "$f" .yaml)" 3 "$BIN" --db "$DB" decide --profile "$f"
    has "$(basename "$f" .yaml) names the line and why" "$TMP/err" "^slaudit: $f:[0-9]+: .*: "
done
expect "decide with a required count missing" 3 "$BIN" --db "$DB" decide --profile tests/data/decide/bad-missing-size.yaml
has "a missing count names its section's line" "$TMP/err" "bad-missing-size.yaml:3: missing field team.size \(required\)"
expect "decide sample" 0 "$BIN" --db "$DB" decide --profile sample-data/team.yaml --from 2026-08-01 --to 2026-11-01
has "decide recommends" "$TMP/out" '^Recommendation: managed with provider:nimbus$'
has "decide says whether the guide's answer stands" "$TMP/out" "^Guide's answer: managed; measured data does not overturn it"
has "decide states the rotation rule" "$TMP/out" 'Google SRE book'
has "decide shows the arithmetic" "$TMP/out" 'GPUs 128 × 2\.20 × 730\.5 h = 205,709'
has "decide shows the boundary" "$TMP/out" '^  capacity allocation and quota +strategic +team'
expect "decide json" 0 "$BIN" --db "$DB" --json decide --profile sample-data/team.yaml --from 2026-08-01 --to 2026-11-01
has "decide json recommendation" "$TMP/out" '^\{"recommendation":"managed","provider":"provider:nimbus"'
has "decide json reasons" "$TMP/out" '"reasons":\[\{"rule":"T-type","basis":"profile"'
has "decide json options" "$TMP/out" '"options":\[\{"model":"self-managed"'
has "decide json downtime is (1 - A) x 730.5 h" "$TMP/out" '"availability":0\.99583[0-9]*,"downtime_hours_per_month":3\.043[0-9]*,'
has "decide json readiness" "$TMP/out" '"readiness":\[\{"condition":"dedicated platform or SRE engineers","met":"yes"'
has "decide json break-even" "$TMP/out" '"breakeven":\["routine operations: '
has "decide json changes, re-run" "$TMP/out" '"changes":\[\{"input":"routine_operations_hours","provider":null,"now":300,"changes_answer":true,"at":[0-9.]+,"answer_then":"hybrid","provider_then":"provider:nimbus","at_margin":true'
has "decide json says the answer is at the margin" "$TMP/out" '"at_margin":true,"changes"'
has "decide json totals are complete" "$TMP/out" '"total":298110\.[0-9]*,"complete":true'
# The downtime cost of self-managed, as its arithmetic says: 3.04 h x (4000 + 900).
has "decide json downtime cost" "$TMP/out" '"on_call":4383,"incident_labour":[0-9.]+,"downtime":14915\.2[0-9]*,"operations":298110\.[0-9]*,"ramp_loss_one_off":0,"ramp_loss":0,"audit_findings_per_month":null,"compliance_risk":0,"total":298110\.'
expect "decide workbook" 0 "$BIN" --db "$DB" -q decide --profile sample-data/team.yaml --from 2026-08-01 --to 2026-11-01 -o "$TMP/decision.xlsx"
unzip -p "$TMP/decision.xlsx" xl/workbook.xml >"$TMP/dw.xml"
has "decision sheets" "$TMP/dw.xml" '<sheet name="Decision"[^>]*/><sheet name="Decision arithmetic"[^>]*/><sheet name="Decision evidence"[^>]*/><sheet name="Measured"'
unzip -p "$TMP/decision.xlsx" xl/sharedStrings.xml >"$TMP/ds.xml"
has "decision sheet reads back" "$TMP/ds.xml" 'Operating model: managed with provider:nimbus'
# The first sheet is a one-page memo: the answer, three deciding reasons, the
# cost of each option as a table and a chart, what would change it; it prints
# on one portrait page, and its rows are short enough that the page, scaled to
# fit, keeps its text at 8 points or more (684 pt of a Letter page x 11 / 8).
sheet_of "$TMP/decision.xlsx" Decision dmemo
has "decision memo: the three deciding reasons" "$TMP/ds.xml" '<t>3\. [^<]*</t>'
has "decision memo: the production rule decides" "$TMP/ds.xml" '<t>1\. production inference on 32 GPUs'
has "decision memo: what would change it" "$TMP/ds.xml" '<t>What would change it \(each found by re-running the decision\)</t>'
has "decision memo: short option labels" "$TMP/ds.xml" '<t>managed, nimbus</t>'
has "decision memo: fits one page" "$TMP/dmemo.xml" '<pageSetUpPr fitToPage="1"/>'
has "decision memo: portrait" "$TMP/dmemo.xml" '<pageSetup orientation="portrait"'
has "decision memo: its own print area" "$TMP/dw.xml" '<definedName name="_xlnm.Print_Area" localSheetId="0">Decision!\$A\$1:\$D\$[0-9]+</definedName>'
unzip -p "$TMP/decision.xlsx" xl/charts/chart1.xml >"$TMP/dchart.xml" 2>/dev/null
has "decision memo: the costs as a column chart" "$TMP/dchart.xml" '<c:barDir val="col"/>'
has "decision memo: the chart draws the memo's table" "$TMP/dchart.xml" '<c:f>Decision!\$B\$[0-9]+:\$B\$[0-9]+</c:f>'
last=$(sed -n 's/.*Print_Area" localSheetId="0">Decision!\$A\$1:\$D\$\([0-9]*\)<.*/\1/p' "$TMP/dw.xml")
points=$(awk -v last="$last" '{ while (match($0, /<row r="[0-9]+"[^>]*>/)) { t = substr($0, RSTART, RLENGTH); $0 = substr($0, RSTART + RLENGTH); r = t; sub(/.*r="/, "", r); sub(/".*/, "", r); h = 15; if (t ~ / ht="/) { h = t; sub(/.* ht="/, "", h); sub(/".*/, "", h) } ht[r] = h } } END { s = 0; for (i = 1; i <= last; i++) s += (i in ht) ? ht[i] : 15; print s }' "$TMP/dmemo.xml")
if [ -n "$points" ] && awk -v p="$points" 'BEGIN { exit !(p > 0 && p <= 684 * 11 / 8) }'; then pass; else fail "decision memo: $points pt tall, more than one page at 8 pt"; fi
has "decision arithmetic sheet: every option's arithmetic" "$TMP/ds.xml" 'GPUs 128 × 2\.95 × 730\.5 h = 275,837'
# The period is local days of the profile's zone, exactly: a zone whose clocks
# change in the period measures the same records, no earlier window pooled in.
has "decide says what it measured" "$TMP/out" '^Measured 2026-08-01 to 2026-11-01 \(exclusive\) in America/Los_Angeles: 92 local days, 2208 h$'
# An air-gapped workload: the memo shows every provider excluded, the answer
# self-managed, the constraint the first reason; a profile may list workloads.
expect "decide air-gapped workbook" 0 "$BIN" --db "$DB" -q decide --profile tests/data/decide/table/air-gapped.yaml --from 2026-08-01 --to 2026-11-01 -o "$TMP/airgap.xlsx"
unzip -p "$TMP/airgap.xlsx" xl/sharedStrings.xml >"$TMP/airgap.xml"
has "decide air-gapped memo: the answer" "$TMP/airgap.xml" '<t>Operating model: self-managed</t>'
has "decide air-gapped memo: the constraint decides" "$TMP/airgap.xml" '<t>1\. no provider listed can run the guide.s answer \(managed\): excluded: defence-models needs an air gap'
has "decide air-gapped memo: providers excluded" "$TMP/airgap.xml" '<t>excluded</t>'
has "decide air-gapped memo: the workloads" "$TMP/airgap.xml" 'Workloads: defence-models: 64 GPUs, research, air-gapped'
sed 's#zone: America/Los_Angeles#zone: Australia/Sydney#' sample-data/team.yaml >"$TMP/sydney.yaml"
expect "decide in Sydney" 0 "$BIN" --db "$DB" decide --profile "$TMP/sydney.yaml" --from 2026-08-01 --to 2026-11-01
has "decide in Sydney says what it measured" "$TMP/out" '^Measured 2026-08-01 to 2026-11-01 \(exclusive\) in Australia/Sydney: 92 local days, 2207 h \(the clocks changed in the period\)$'
has "decide in Sydney keeps the recommendation" "$TMP/out" '^Recommendation: managed with provider:nimbus$'
has "decide in Sydney measures the monitoring of the period" "$TMP/out" '^  monitoring and incident-response tooling +met +measured: 99\.[0-9]+ % of service time monitored'
has "decide in Sydney takes response times from the period" "$TMP/out" '^  operations treated as a discipline +met +measured: 8[0-9] % of 8[0-9] incidents acknowledged'
hasnt "decide in Sydney pools no earlier window" "$TMP/out" 'partial record'
sed 's#zone: America/Los_Angeles#zone: Europe/Berlin#' sample-data/team.yaml >"$TMP/berlin.yaml"
expect "decide in Berlin" 0 "$BIN" --db "$DB" decide --profile "$TMP/berlin.yaml" --from 2026-08-01 --to 2026-11-01
has "decide in Berlin says what it measured" "$TMP/out" '^Measured 2026-08-01 to 2026-11-01 \(exclusive\) in Europe/Berlin: 92 local days, 2209 h'
expect "decide in Berlin on an empty period" 0 "$BIN" --db "$DB" decide --profile "$TMP/berlin.yaml" --from 2027-01-01 --to 2027-04-01
has "decide in Berlin on an empty period measures nothing" "$TMP/out" "^Guide's answer: hybrid, from the profile alone: nothing was measured"
expect "decide refuses a time of day" 2 "$BIN" --db "$DB" decide --profile sample-data/team.yaml --from 2026-08-01T12:00:00Z --to 2026-11-01
has "decide time of day refusal says why" "$TMP/err" "a date is expected \(YYYY-MM-DD\): the period is whole days in the profile's zone"
# A week of records is not enough evidence: the checks say so, never pass or fail.
expect "decide on a week" 0 "$BIN" --db "$DB" decide --profile sample-data/team.yaml --from 2026-10-01 --to 2026-10-08
has "decide on a week: readiness too thin" "$TMP/out" '^  operations treated as a discipline +too thin +not enough evidence: team:platform: 7 days measured \(at least 28\)'
has "decide on a week: the guide's path" "$TMP/out" "E-evidence; measured\] .*the guide's path: "
has "decide states the evidence minimums" "$TMP/out" '^Evidence each measured check needs: a period of at least 28 days'
# A period the store holds nothing of: the profile alone decides, says so, and never prints nan.
expect "decide on an unmeasured period" 0 "$BIN" --db "$DB" decide --profile sample-data/team.yaml --from 2020-01-01 --to 2020-04-01
has "decide unmeasured says so" "$TMP/out" "^Guide's answer: hybrid, from the profile alone: nothing was measured"
has "decide unmeasured names what is left out" "$TMP/out" 'incidents not measured \(left out\); downtime not measured \(left out\); total of the known parts'
hasnt "decide unmeasured prints no nan" "$TMP/out" '[^a-z]nan[^a-z]'
hasnt "decide unmeasured judges no rotation sustainable" "$TMP/out" ' sustainable +(yes|no)'
has "decide unmeasured says no measurement backs it" "$TMP/out" 'N-unmeasured'
has "decide unmeasured names no provider as chosen" "$TMP/out" '^Recommendation: hybrid, provider not chosen yet: the reliability of provider:[a-z]+, listed first on the known parts of its cost, is not measured in the period$'
hasnt "decide unmeasured buys nothing it cannot show" "$TMP/out" 'R-premium'
expect "decide json on an unmeasured period" 0 "$BIN" --db "$DB" --json decide --profile sample-data/team.yaml --from 2020-01-01 --to 2020-04-01
hasnt "decide json unmeasured has no nan" "$TMP/out" '[^a-z]nan[^a-z]'
has "decide json says nothing was measured" "$TMP/out" '"measured_any":false'
has "decide json unmeasured chooses no provider" "$TMP/out" '"provider":null,"provider_listed_first":"provider:[a-z]+"'
expect "decide workbook on an unmeasured period" 0 "$BIN" --db "$DB" -q decide --profile sample-data/team.yaml --from 2020-01-01 --to 2020-04-01 -o "$TMP/decision0.xlsx"
unzip -p "$TMP/decision0.xlsx" xl/sharedStrings.xml >"$TMP/ds0.xml"
unzip -p "$TMP/decision0.xlsx" xl/worksheets/sheet1.xml >"$TMP/ds0s.xml"
hasnt "decision workbook unmeasured has no nan" "$TMP/ds0.xml" '[^a-z]nan[^a-z]'
hasnt "decision workbook unmeasured has no NaN number" "$TMP/ds0s.xml" '<v>nan</v>'
sed 's/^  tie_margin_percent: 10$/  tie_margin_percent: 10\ndecision:\n  require_measured_data: true/' sample-data/team.yaml >"$TMP/strict.yaml"
expect "decide refuses unmeasured when the profile asks" 3 "$BIN" --db "$DB" decide --profile "$TMP/strict.yaml" --from 2020-01-01 --to 2020-04-01
has "decide refusal names the setting" "$TMP/err" 'strict.yaml: nothing of team:platform or its providers is measured in the period.*require_measured_data'
expect "decide strict profile on measured data" 0 "$BIN" --db "$DB" decide --profile "$TMP/strict.yaml" --from 2026-08-01 --to 2026-11-01
has "decide names the guide" "$TMP/out" 'the guide "Managed vs Self-Managed GPU Clusters: A Decision Framework"'
has "decide shows readiness" "$TMP/out" '^  a sustainable on-call rotation +NOT MET'
has "decide shows what would change it" "$TMP/out" '^  staffing: at [0-9]+ on the rotation \(platform engineers at least as many\) \(now 5\) the answer becomes'
has "decide names each provider's availability" "$TMP/out" "^  provider:nimbus's availability: at [0-9.]+ % \(now 99\.[0-9]+ % measured\) the answer becomes"
has "decide names the facts of rule-bound cases" "$TMP/out" '^  team type \(now research\): as small-ai '
has "decide says the answer is at the margin" "$TMP/out" 'R-margin; profile\+measured\] the answer is at the margin'
has "decide says what the premium buys" "$TMP/out" 'R-premium; profile\+measured\] what the answer buys: managed \(provider:nimbus\) costs [0-9,]+ a month \([0-9,]+ a year\) more than self-managed and frees [0-9,]+ of the [0-9,]+ engineer-hours a month self-managed takes \([0-9,]+ kept.*per engineer-hour freed'
hasnt "decide does not call a below-commitment option compliant" "$TMP/out" 'nimbus.*: meets every constraint'

# --- decide: risk and one-off rows, measured on-call load --------------------------
# The ramp's lost research and the compliance risk of regulated work are rows
# of every option's total; the rotation's load rule reads the stored shifts.
DRDB=$TMP/risk.db
cp "$DB" "$DRDB"
expect "decide risk: ingest the on-call shifts" 0 "$BIN" --db "$DRDB" -q ingest sample-data/oncall.csv
expect "decide risk: sample" 0 "$BIN" --db "$DRDB" decide --profile sample-data/team.yaml --from 2026-08-01 --to 2026-11-01
has "decide risk: none apply to the sample" "$TMP/out" '^Risk and one-off rows: none apply \(workloads not regulated; capacity needed after the self-managed ramp ends\)'
has "decide risk: load measured on the stored shifts" "$TMP/out" 'measured on 4 stored on-call shifts \(2,193 h\): 0\.48 pages per 12 hours on call'
sed -e 's/regulated: false/regulated: true/' -e 's/needed_within_weeks: 26 .*/needed_within_weeks: 6/' -e 's/^  audit_finding: 400 .*/  audit_finding: 500/' sample-data/team.yaml >"$TMP/risk.yaml"
expect "decide risk: regulated and needed fast" 0 "$BIN" --db "$DRDB" decide --profile "$TMP/risk.yaml" --from 2026-08-01 --to 2026-11-01
has "decide risk: the comparison table" "$TMP/out" '^  self-managed \(team:platform\) +298,110 +75,600 +[0-9,]+ +[0-9,]+$'
has "decide risk: ramp arithmetic" "$TMP/out" 'ramp loss \(one-off, risk\): \(12 − 6\) weeks × 168 h × 900 = 907,200 over 12 months = 75,600'
has "decide risk: compliance arithmetic" "$TMP/out" 'compliance risk \(risk\): [0-9.]+ audit findings a month × 25 % kept × 500 = '
has "decide risk: the speed rule is cited" "$TMP/out" 'W-speed; profile\] capacity is needed within 6 weeks'
has "decide risk: the regulated rule is cited behind readiness" "$TMP/out" 'W-regulated; profile\+measured\] .*managed, as the rules above already do; .*compliance risk of [0-9,]+ a month self-managed'
expect "decide risk: json" 0 "$BIN" --db "$DRDB" --json decide --profile "$TMP/risk.yaml" --from 2026-08-01 --to 2026-11-01
has "decide risk: json rows" "$TMP/out" '"operations":298110\.[0-9]*,"ramp_loss_one_off":907200,"ramp_loss":75600,"audit_findings_per_month":[0-9.]+,"compliance_risk":[0-9.]+,"total":'
has "decide risk: json on-call measured" "$TMP/out" '"oncall":\{"shifts":4,"hours":2193,"responders":3,'
expect "decide risk: unmeasured period" 0 "$BIN" --db "$DRDB" decide --profile "$TMP/risk.yaml" --from 2020-01-01 --to 2020-04-01
has "decide risk: unmeasured findings are left out" "$TMP/out" 'compliance risk \(risk\): audit findings not measured \(left out\)'
hasnt "decide risk: unmeasured prints no nan" "$TMP/out" '[^a-z]nan[^a-z]'
expect "decide risk: json unmeasured" 0 "$BIN" --db "$DRDB" --json decide --profile "$TMP/risk.yaml" --from 2020-01-01 --to 2020-04-01
has "decide risk: json unmeasured compliance is null" "$TMP/out" '"audit_findings_per_month":null,"compliance_risk":null'
hasnt "decide risk: json unmeasured has no nan" "$TMP/out" '[^a-z]nan[^a-z]'
expect "decide risk: workbook" 0 "$BIN" --db "$DRDB" -q decide --profile "$TMP/risk.yaml" --from 2026-08-01 --to 2026-11-01 -o "$TMP/risk.xlsx"
unzip -p "$TMP/risk.xlsx" xl/sharedStrings.xml >"$TMP/risk.xml"
has "decide risk: workbook columns" "$TMP/risk.xml" 'Ramp loss \(one-off, risk\)'
has "decide risk: workbook arithmetic" "$TMP/risk.xml" 'total with risk and one-off'
# A real provider: Google Cloud's status history as the candidate of a
# regulated product team the store has nothing of. The provider is measured,
# the team's findings are not: that row is left out, never zero, never nan.
DREAL=${SLAUDIT_REAL:-../shared/real}/incidents/gcp-status-incidents.json
if [ -f "$DREAL" ]; then
    DRFDB=$TMP/decide-real.db
    expect "decide real: ingest gcp" 0 "$BIN" --db "$DRFDB" -q ingest --covers 2021-07-01..2022-08-01 "$DREAL"
    printf '%s\n' 'team: {type: product, size: 40, platform_engineers: 2, entity: "team:platform"}' \
        'on_call: {rotation_size: 3, hours_covered_per_week: 50}' \
        'workloads: {production_inference: {gpus: 64, uptime_commitment_percent: 99.5}, regulated: true}' \
        'providers: [{entity: "provider:google-cloud", gpu_hour: 3.10, services: [Google Compute Engine, Google Kubernetes Engine]}]' \
        'costs: {engineer_hour: 110, gpu_hour_self: 2.40, managed_premium_percent: 25, downtime_hour: 2000, routine_ops_hours_per_month: 160, audit_finding: 400}' >"$TMP/real-team.yaml"
    expect "decide real: decide" 0 "$BIN" --db "$DRFDB" decide --profile "$TMP/real-team.yaml" --from 2021-08-01 --to 2021-11-01
    has "decide real: managed on google-cloud" "$TMP/out" '^Recommendation: managed with provider:google-cloud$'
    has "decide real: the provider measured" "$TMP/out" '^\* managed \(provider:google-cloud\) +99\.[0-9]{3}% '
    has "decide real: the regulated rule agrees" "$TMP/out" 'W-regulated; profile\] .*managed, as the rules above already do; the audit engine found nothing to check for team:platform'
    has "decide real: unmeasured findings left out" "$TMP/out" 'compliance risk \(risk\): audit findings not measured \(left out\); total with risk and one-off of the known parts'
    hasnt "decide real: no nan" "$TMP/out" '[^a-z](nan|inf)[^a-z]'
    expect "decide real: json" 0 "$BIN" --db "$DRFDB" --json decide --profile "$TMP/real-team.yaml" --from 2021-08-01 --to 2021-11-01
    hasnt "decide real: json no nan" "$TMP/out" '[^a-z](nan|inf)[^a-z]'
else
    echo "cli: skipped decide on a real provider: $DREAL is absent (set SLAUDIT_REAL to the folder holding incidents/)"
fi
expect "compare --help" 0 "$BIN" compare --help
expect "compare needs two" 2 "$BIN" --db "$DB" compare team:platform
expect "compare the same twice" 2 "$BIN" --db "$DB" compare team:platform team:platform
expect "compare a non-entity" 2 "$BIN" --db "$DB" compare team:platform nimbus
expect "compare" 0 "$BIN" --db "$DB" compare team:platform provider:nimbus --from 2026-10-01 --to 2026-11-01
has "compare header: names whole" "$TMP/out" '^metric +unit +team:platform +provider:nimbus +B - A better$'
has "compare month row" "$TMP/out" '^availability 2026-10 '
expect "compare json" 0 "$BIN" --db "$DB" --json compare team:platform provider:nimbus --from 2026-10-01 --to 2026-11-01
has "compare json metric" "$TMP/out" '"metrics":\[\{"name":"availability","unit":"%","a":99\.[0-9]+,"b":99\.[0-9]+,"difference":'
has "compare json cites the project's definitions" "$TMP/out" '"definitions":"neutral \(docs/design\.md section 4\), identical for both"'
# team:platform's incidents come from PagerDuty (no started time): every TTR
# runs from detected; nimbus's status page records when impact began.
has "compare json says not alike" "$TMP/out" '"measured_alike":false,"unlike":"team:platform and provider:nimbus are not measured alike: TTR runs from detected \(no started time recorded\) for 100 % of team:platform.s incidents and 0 % of provider:nimbus.s"'
expect "compare notes the method" 0 "$BIN" --db "$DB" compare team:platform provider:nimbus --from 2026-10-01 --to 2026-11-01
has "compare note" "$TMP/err" '^slaudit: note: team:platform and provider:nimbus are not measured alike'
has "compare row of the share" "$TMP/out" '^TTR measured from detected +% +100\.000% +0\.000%'
expect "eval ttr share" 0 "$BIN" --db "$DB" eval --month 2026-10 --entity team:platform
has "eval ttr_det column" "$TMP/out" ' ttr_det$'
has "eval ttr_det value" "$TMP/out" '^team:platform +\(all\) +2026-10 .* 100%$'
expect "eval ttr share json" 0 "$BIN" --db "$DB" --json eval --month 2026-10 --entity team:platform
has "ttr started_from_detected" "$TMP/out" '"service":null,.*"ttr":\{"n":[0-9]+,.*"low_sample":(true|false),"impossible_order":0,"started_from_detected":1\}'
has "mtbf over failures" "$TMP/out" '"mtbf_seconds":[0-9.e+]+,"failures":12,'
expect "compare an unknown entity" 3 "$BIN" --db "$DB" compare team:platform provider:none --from 2026-10-01 --to 2026-11-01
has "compare lists the known entities" "$TMP/err" "unknown entity 'provider:none' \(known: provider:coreline, provider:nimbus, team:platform\)"
expect "compare a period without data" 0 "$BIN" --db "$DB" compare team:platform provider:nimbus --from 2020-01-01 --to 2020-02-01
has "compare notes the missing data" "$TMP/err" 'no data for provider:nimbus in the period'

# --- reading commands: a store that is missing, read-only, or a name unknown ---
for cmd in "eval" "report -o $TMP/typo.xlsx" "audit --entity team:platform --from 2026-10-01 --to 2026-11-01" \
    "compare team:platform provider:nimbus" "decide --profile sample-data/team.yaml"; do
    # shellcheck disable=SC2086
    expect "no store: $cmd" 4 "$BIN" --db "$TMP/typo.db" $cmd
    has "no store: $cmd: message" "$TMP/err" "^slaudit: no store at $TMP/typo.db \(ingest something first, or check --db\)\$"
done
if [ -e "$TMP/typo.db" ]; then fail "a reading command created a store"; else pass; fi
for cmd in "eval" "report -q --format json" "audit --from 2026-10-01 --to 2026-11-01"; do
    # shellcheck disable=SC2086
    expect "unknown entity: $cmd" 3 "$BIN" --db "$DB" $cmd --entity provider:typo
    has "unknown entity: $cmd: lists the known" "$TMP/err" "unknown entity 'provider:typo' \(known: provider:coreline, provider:nimbus, team:platform\)"
done
expect "unknown service" 3 "$BIN" --db "$DB" eval --entity provider:nimbus --service nope --sla "$DATA/sla-nimbus.json"
has "unknown service lists the known" "$TMP/err" "unknown service 'nope' of provider:nimbus \(known: gpu-cluster-east, inference-api, object-storage, scheduler\)"
for cmd in "eval --entity provider:" "report --entity team:" "audit --from 2026-10-01 --to 2026-11-01 --entity provider:" \
    "compare provider: team:platform" "ingest --entity team: $DATA/naive-times.csv" "sla import --entity provider: $DATA/sla-nimbus.json"; do
    # shellcheck disable=SC2086
    expect "empty entity name: $cmd" 2 "$BIN" --db "$DB" $cmd
    has "empty entity name: $cmd: message" "$TMP/err" "'(provider|team):' is not provider:NAME or team:NAME"
done
"$BIN" --db "$TMP/empty.db" ingest "$DATA/unknown.csv" >/dev/null 2>&1 # a store, no data
expect "eval on an empty store" 3 "$BIN" --db "$TMP/empty.db" eval --month 2026-10
has "eval on an empty store: message" "$TMP/err" 'the store holds no data: nothing to evaluate'
# A store on a read-only file system is read, and eval warns that it could
# not save its results.
mkdir "$TMP/ro"
if mount -t tmpfs -o size=16m slaudit-test "$TMP/ro" 2>/dev/null; then
    cp "$DB" "$TMP/ro/demo.db"
    mount -o remount,ro "$TMP/ro"
    expect "read-only store: eval" 0 "$BIN" --db "$TMP/ro/demo.db" eval --month 2026-10
    has "read-only store: eval rows" "$TMP/out" 'provider:nimbus +inference-api +2026-10 +99\.729%'
    has "read-only store: eval warns" "$TMP/err" '^slaudit: warning: .*demo.db: the results were not saved'
    expect "read-only store: report" 0 "$BIN" --db "$TMP/ro/demo.db" -q report --month 2026-10 -o "$TMP/ro.xlsx"
    expect "read-only store: audit" 0 "$BIN" --db "$TMP/ro/demo.db" audit --entity team:platform --from 2026-10-01 --to 2026-11-01
    umount "$TMP/ro"
else
    echo "cli: read-only store test skipped: cannot mount a tmpfs here"
fi

# Another program's SQLite database is refused before anything changes in it;
# a store made before stores carried their application_id still opens.
sqlite3 "$TMP/foreign.db" "CREATE TABLE notes (x); INSERT INTO notes VALUES (1);"
for cmd in "ingest $DATA/naive-times.csv" "eval" "report --format json"; do
    # shellcheck disable=SC2086
    expect "foreign database: $cmd" 4 "$BIN" --db "$TMP/foreign.db" $cmd
    has "foreign database: $cmd: message" "$TMP/err" "foreign.db: not a slaudit store \(another program's SQLite database\?\); it was left as it was"
done
same "foreign database: journal mode unchanged" "$(sqlite3 "$TMP/foreign.db" 'PRAGMA journal_mode')" delete
same "foreign database: tables unchanged" "$(sqlite3 "$TMP/foreign.db" "SELECT group_concat(name) FROM sqlite_schema")" notes
cp "$DB" "$TMP/old.db"
sqlite3 "$TMP/old.db" "PRAGMA application_id = 0; PRAGMA user_version = 9;"
expect "store without an application id: read" 0 "$BIN" --db "$TMP/old.db" eval --no-save --month 2026-10
same "store without an application id: a reader leaves it" "$(sqlite3 "$TMP/old.db" 'PRAGMA application_id')" 0
expect "store without an application id: written" 0 "$BIN" --db "$TMP/old.db" -q ingest "$DATA/naive-times.csv"
same "store without an application id: stamped" "$(sqlite3 "$TMP/old.db" 'PRAGMA application_id; PRAGMA user_version' | tr '\n' ' ')" "1397506389 $(sqlite3 "$IDB" 'PRAGMA user_version') "

# A damaged store is said to be damaged, not evaluated: one page overwritten
# (a table page that eval itself never reads), and a truncated file.
cp "$DB" "$TMP/damaged.db"
head -c 4096 /dev/zero | tr '\0' 'x' | dd of="$TMP/damaged.db" bs=4096 seek=2 conv=notrunc 2>/dev/null
for cmd in "eval --no-save --month 2026-10" "report --format json" "ingest $DATA/naive-times.csv"; do
    # shellcheck disable=SC2086
    expect "damaged store: $cmd" 4 "$BIN" --db "$TMP/damaged.db" $cmd
    has "damaged store: $cmd: message" "$TMP/err" '^slaudit: .*damaged.db: the store is damaged \(Page 3: .*\): restore it from a backup, or ingest the sources again into a new store$'
done
cp "$DB" "$TMP/truncated.db"
truncate -s 200000 "$TMP/truncated.db"
expect "truncated store" 4 "$BIN" --db "$TMP/truncated.db" eval --no-save --month 2026-10
has "truncated store: message" "$TMP/err" 'the store is damaged \(database disk image is malformed\)'
echo "not a database" >"$TMP/text.db"
expect "text file as the store" 4 "$BIN" --db "$TMP/text.db" eval
has "text file as the store: message" "$TMP/err" 'not a store, or the store is damaged \(file is not a database\)'

# Control characters from the input never reach the terminal raw: ESC, OSC,
# BEL, CR and a C1 character (U+009B, CSI) in an entity, service, key and
# title come out as \x1b, \x07, \x0d, \u009b in every text output and message.
raw_ctl() { # raw_ctl NAME FILE: no C0 but LF and TAB, no DEL, no C1 in FILE
    if LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]\\|\302[\200-\237]')" "$2"; then
        fail "$1: a raw control character in $(basename "$2")"; else pass; fi
}
ESC=$(printf '\033')
printf 'id,entity,service,severity,title,started,detected,acknowledged,resolved\n"K\033[31m1","team:x\033]0;pwned\007","svc\033]0;pwned\007",sev1,"ti\rtle \302\233 here",2026-10-01T00:00:00Z,2026-10-01T00:00:00Z,,2026-10-01T01:00:00Z\n"K2","team:x\033]0;pwned\007","svc\033]0;pwned\007",sev1,late,2026-10-0\0339,,,\n' >"$TMP/inject.csv"
IDB=$TMP/inject.db
IENT="team:x${ESC}]0;pwned$(printf '\007')"
expect "injection: ingest" 0 "$BIN" --db "$IDB" ingest "$TMP/inject.csv"
raw_ctl "injection: reject message" "$TMP/err"
has "injection: reject message escaped" "$TMP/err" "bad started time '2026-10-0\\\\x1b9'"
for cmd in "eval --month 2026-10" "audit --from 2026-10-01 --to 2026-11-01 --entity $IENT" \
    "report --month 2026-10 -o $TMP/inject.xlsx" "compare $IENT team:x"; do
    # shellcheck disable=SC2086
    "$BIN" --db "$IDB" $cmd >"$TMP/out" 2>"$TMP/err"
    raw_ctl "injection: $cmd: stdout" "$TMP/out"
    raw_ctl "injection: $cmd: stderr" "$TMP/err"
done
"$BIN" --db "$IDB" eval --month 2026-10 >"$TMP/out" 2>&1
has "injection: eval shows the escaped name" "$TMP/out" '^team:x\\x1b\]0;pwned\\x07 '
"$BIN" --db "$IDB" audit --from 2026-10-01 --to 2026-11-01 --entity "$IENT" >"$TMP/out" 2>&1
has "injection: audit shows the escaped key" "$TMP/out" 'incident K\\x1b\[31m1'
"$BIN" --db "$IDB" --json eval --month 2026-10 --no-save >"$TMP/out"
raw_ctl "injection: eval json" "$TMP/out"
has "injection: eval json escapes" "$TMP/out" '"entity":"team:x\\u001b\]0;pwned\\u0007"'
"$BIN" --db "$IDB" --json report --month 2026-10 --format json >"$TMP/out"
has "injection: json tables escape C1" "$TMP/out" '"title":"ti\\u000dtle \\u009b here"'
"$BIN" --db "$IDB" report --month 2026-10 --format csv >"$TMP/out"
has "injection: csv into a pipe is data, as it is" "$TMP/out" "^$IENT,"
printf '# Service Level Agreement\nMonthly Uptime Percentage of at least 99.9%%\033]0;pwned\007 in each calendar month.\n' >"$TMP/inject-sla.md"
"$BIN" sla extract "$TMP/inject-sla.md" >"$TMP/out" 2>"$TMP/err"
raw_ctl "injection: sla extract: stdout" "$TMP/out"
raw_ctl "injection: sla extract: stderr" "$TMP/err"

# --- sla extract, import, score ---------------------------------------------
SLA=$(pwd)/tests/data/sla
expect "sla --help" 0 "$BIN" sla --help
has "sla help has an example" "$TMP/out" 'slaudit sla score provider-sla.md'
expect "sla without action" 2 "$BIN" sla
expect "sla unknown action" 2 "$BIN" sla explain "$SLA/acme-gpu.md"
expect "sla extract missing file" 3 "$BIN" sla extract "$TMP/none.md"
has "sla missing file message" "$TMP/err" '^slaudit: .*none\.md: cannot open'
expect "sla extract" 0 "$BIN" sla extract "$SLA/acme-gpu.md"
has "sla extract target with line" "$TMP/out" '99\.95% per month +\(line 9\)'
has "sla extract tier as written" "$TMP/out" '\[99%, 99\.95%\) +→ 10% credit +\(line 15\)'
expect "sla extract json" 0 "$BIN" sla extract --json "$SLA/boreal-cloud.html"
has "sla json window" "$TMP/out" '"percent":99\.9,"window":"quarter"'
has "sla json overlap reported" "$TMP/out" '"kind":"overlap","from_percent":99,"to_percent":99'
has "sla json claim in words" "$TMP/out" '"claim_deadline_days": null'
"$BIN" sla extract --json "$SLA/acme-gpu.md" >"$TMP/terms.json"
expect "sla import needs entity" 2 "$BIN" --db "$DB" sla import "$TMP/terms.json"
expect "sla import json" 0 "$BIN" --db "$DB" sla import "$TMP/terms.json" --entity provider:acme --effective 2026-03-01
has "sla import says what" "$TMP/out" 'stored the SLA of provider:acme, in force from 2026-03-01: 1 uptime targets, 3 credit tiers'
same "sla import stored" "$(sql "SELECT entity || ' ' || kind || ' ' || effective_from FROM commitments")" "provider:acme sla 1772323200"
has "sla stored terms are JSON" "$TMP/terms.json" '"percent":99\.95'
expect "sla import again" 0 "$BIN" --db "$DB" sla import "$TMP/terms.json" --entity provider:acme --effective 2026-03-01
has "sla import again changes nothing" "$TMP/err" 'already imported'
has "sla import again says where" "$TMP/err" 'already imported for provider:acme in force from 2026-03-01 \(same SHA-256\), nothing changed'
same "sla import again stores nothing" "$(sql "SELECT count(*) FROM commitments")" 1
# The SHA-256 guards the same document in the same place only: another
# entity or a new date is a new commitment of the same source.
expect "sla import for another entity" 0 "$BIN" --db "$DB" sla import "$TMP/terms.json" --entity provider:zeta --effective 2026-03-01
has "sla import for another entity stored" "$TMP/out" 'stored the SLA of provider:zeta, in force from 2026-03-01'
expect "sla import with a new date" 0 "$BIN" --db "$DB" sla import "$TMP/terms.json" --entity provider:acme --effective 2026-06-01
has "sla import with a new date stored" "$TMP/out" 'stored the SLA of provider:acme, in force from 2026-06-01'
same "sla import: three commitments of one source" "$(sql "SELECT count(*) || ' ' || count(DISTINCT source_id) FROM commitments")" "3 1"
expect "sla import for another service" 0 "$BIN" --db "$DB" -q sla import "$TMP/terms.json" --entity provider:acme --service gpu --effective 2026-03-01
same "sla import per service" "$(sql "SELECT count(*) FROM commitments WHERE service = 'gpu'")" 1
sql "DELETE FROM commitments WHERE entity = 'provider:zeta' OR effective_from = 1780272000 OR service = 'gpu'"
expect "sla import document" 0 "$BIN" --db "$DB" sla import "$SLA/delta-tsv.txt" --entity provider:delta
same "sla two commitments" "$(sql "SELECT count(*) FROM commitments")" "2"
expect "sla score of a file that is not an SLA" 3 "$BIN" sla score sample-data/maintenance.csv
has "sla score says no terms" "$TMP/err" '^slaudit: sample-data/maintenance\.csv: no SLA terms found'
hasnt "sla score prints no score" "$TMP/out" 'score'
expect "sla score of a README that quotes figures" 3 "$BIN" sla score tests/data/sla-evidence/tool-readme.md
has "sla score says it is no SLA" "$TMP/err" '^slaudit: tests/data/sla-evidence/tool-readme\.md: not an SLA: 1 point of SLA evidence, under the 3 an SLA gives'
hasnt "sla score of no SLA prints no score" "$TMP/out" 'score'
expect "sla score at the evidence threshold" 0 "$BIN" sla score tests/data/sla-evidence/three-terms.md
has "sla score at the threshold scores" "$TMP/out" '^three-terms\.md: score [0-9]+ / 100'
expect "sla score" 0 "$BIN" sla score "$SLA/acme-gpu.md"
has "sla score total" "$TMP/out" '^acme-gpu\.md: score [0-9]+ / 100'
has "sla score allowed downtime" "$TMP/out" '99\.95%: 21\.9 min a month, 65\.7 min a quarter, 262\.8 min a year'
expect "sla score flags quote lines" 0 "$BIN" sla score "$SLA/delta-tsv.txt"
has "sla score SLA-001" "$TMP/out" '^  SLA-001 high'
has "sla score gap" "$TMP/out" 'credit table gap: no band covers 98 % to 99 %'
expect "sla score json" 0 "$BIN" --json sla score "$SLA/cirrus-prose.txt"
has "sla score json" "$TMP/out" '^\{"document":"cirrus-prose\.txt","score":[0-9.]+,"criteria":\[\{"id":"uptime"'
has "sla score json flag line" "$TMP/out" '"rule":"SLA-005","severity":"medium","title":"open-ended exclusion","detail":"[^"]*","line":24'
# A replay measures what it saw: without --covers the history speaks for its
# first record's start (5 October, 10:00) to its last record's end (2
# December, 16:00), so December is 40 h of 744 (5.38 %): no verdict.
expect "sla score replay of what it saw" 0 "$BIN" sla score "$SLA/acme-gpu.md" --history "$SLA/history/incidents.csv" "$SLA/history/maintenance.csv"
has "sla replay coverage column" "$TMP/out" '^  window +delivered +neutral +coverage +met'
has "sla replay partial month flagged" "$TMP/out" '2026-10 +99\.687% +99\.687% +85\.75% +BREACHED +10% .*\(partial coverage\)'
has "sla replay thin month has no verdict" "$TMP/out" '2026-12 +0\.000% +0\.000% +5\.38% +no verdict +0% .*\(insufficient coverage\)'
has "sla replay says why" "$TMP/out" '1 window below 50% monitoring coverage: measured, not judged met or breached, no credit'
expect "sla score replay json of what it saw" 0 "$BIN" --json sla score "$SLA/acme-gpu.md" --history "$SLA/history/incidents.csv"
has "sla replay json no verdict" "$TMP/out" '"window":"2026-12",[^}]*"coverage":0\.053763440860215[0-9]*,"coverage_flag":"insufficient","met":null,"credit_percent":0'
expect "sla score --covers needs --history" 2 "$BIN" sla score "$SLA/acme-gpu.md" --covers 2026-10-01..2027-01-01
expect "sla score replay" 0 "$BIN" sla score "$SLA/acme-gpu.md" --history "$SLA/history/incidents.csv" "$SLA/history/maintenance.csv" --covers 2026-10-01..2027-01-01 -o "$TMP/score.xlsx"
has "sla replay breach" "$TMP/out" '2026-10 +99\.731% +99\.731% +100\.00% +BREACHED +10%'
has "sla replay maintenance excluded" "$TMP/out" '2026-11 +99\.993% +99\.993% +100\.00% +met +0% +180 m'
has "sla replay capped credit" "$TMP/out" '2026-12 .*BREACHED +100%'
unzip -p "$TMP/score.xlsx" xl/workbook.xml >"$TMP/sw.xml"
has "sla workbook sheets" "$TMP/sw.xml" '<sheet name="Scorecard"[^>]*/><sheet name="Red flags"[^>]*/><sheet name="Terms"[^>]*/><sheet name="Allowed downtime"[^>]*/><sheet name="Replay"'
unzip -p "$TMP/score.xlsx" xl/sharedStrings.xml >"$TMP/ss.xml"
has "sla workbook reads back" "$TMP/ss.xml" 'acme-gpu\.md: [0-9]+ / 100'
# Points, then weight: the uptime criterion scores 13 of 15 (99.95 % a month).
unzip -p "$TMP/score.xlsx" xl/worksheets/sheet1.xml >"$TMP/sc1.xml"
has "scorecard points beside the weight" "$TMP/sc1.xml" '<c r="B4"[^>]*><v>13</v></c><c r="C4"[^>]*><v>15</v></c>'
# A history of two providers (and two services of one) is replayed one
# entity at a time: October has 44,640 minutes; acme's api is down 120 and
# its gpu 3 (99.724 % pooled, 99.993 % gpu alone); beta is down a day.
H2=tests/cli/data/history-two-providers.csv
expect "sla score pooled history" 0 "$BIN" sla score "$SLA/acme-gpu.md" --history "$H2"
has "sla score pooled history says so" "$TMP/err" "note: .*history-two-providers\.csv: the history holds 2 entities, replayed pooled as one; give --entity"
expect "sla score one entity" 0 "$BIN" sla score "$SLA/acme-gpu.md" --history "$H2" --entity provider:acme --covers 2026-10-01..2026-11-01
has "sla score one entity figure" "$TMP/out" '^  2026-10 +99\.724% +99\.724% +100\.00% +BREACHED'
has "sla score one entity, several services" "$TMP/err" 'the history holds several services of provider:acme, replayed pooled'
expect "sla score one service" 0 "$BIN" sla score "$SLA/acme-gpu.md" --history "$H2" --entity provider:acme --service gpu --covers 2026-10-01..2026-11-01
has "sla score one service figure" "$TMP/out" '^  2026-10 +99\.993% +99\.993% +100\.00% +met'
same "sla score one service, no note" "$(cat "$TMP/err")" ""
expect "sla score an entity the history lacks" 3 "$BIN" sla score "$SLA/acme-gpu.md" --history "$H2" --entity provider:none
has "sla score an entity the history lacks message" "$TMP/err" 'the history holds nothing for provider:none'
expect "sla score --entity without --history" 2 "$BIN" sla score "$SLA/acme-gpu.md" --entity provider:acme
expect "sla score bad history" 3 "$BIN" sla score "$SLA/acme-gpu.md" --history "$SLA/acme-gpu.md"

# --- sla: PDF and Word documents ----------------------------------------------
# ledger-storage exists as Markdown, PDF and DOCX: the three give the same terms.
for kind in pdf docx; do
    expect "sla extract --json $kind" 0 "$BIN" sla extract --json "$SLA/ledger-storage.$kind"
    has "sla $kind target" "$TMP/out" '"percent":99\.9,"window":"month"'
    has "sla $kind first tier" "$TMP/out" '"lower_percent":99,"lower_inclusive":true,"upper_percent":99\.9,"upper_inclusive":false,"credit_percent":10'
    has "sla $kind open tier" "$TMP/out" '"lower_percent":null,"lower_inclusive":false,"upper_percent":95,"upper_inclusive":false,"credit_percent":100'
    has "sla $kind claim" "$TMP/out" '"claim_deadline_days": 30'
    sed 's/"[a-z_]*line": *[0-9]*//g; s/"document": "[^"]*"//' "$TMP/out" >"$TMP/terms.$kind"
done
"$BIN" sla extract --json "$SLA/ledger-storage.md" | sed 's/"[a-z_]*line": *[0-9]*//g; s/"document": "[^"]*"//' >"$TMP/terms.md"
same "sla pdf terms equal the Markdown's" "$(cmp -s "$TMP/terms.md" "$TMP/terms.pdf" && echo same)" same
same "sla docx terms equal the Markdown's" "$(cmp -s "$TMP/terms.md" "$TMP/terms.docx" && echo same)" same
expect "sla extract docx" 0 "$BIN" sla extract "$SLA/ledger-storage.docx"
has "sla docx: the inserted target with its paragraph" "$TMP/out" '99\.9% per month +\(line 3\)'
hasnt "sla docx: the struck cap is no cap" "$TMP/out" 'Credit cap +10'
expect "sla score pdf" 0 "$BIN" sla score "$SLA/ledger-storage.pdf"
expect "sla import docx" 0 "$BIN" --db "$TMP/docx.db" sla import "$SLA/ledger-storage.docx" --entity provider:ledger --effective 2026-05-01
has "sla import docx says what" "$TMP/out" 'stored the SLA of provider:ledger, in force from 2026-05-01: 1 uptime targets, 3 credit tiers'
# Malformed documents: exit 3, the file and the reason.
head -c 700 "$SLA/ledger-storage.pdf" >"$TMP/cut.pdf"
expect "sla truncated pdf" 3 "$BIN" sla extract --json "$TMP/cut.pdf"
has "sla truncated pdf message" "$TMP/err" '^slaudit: .*cut\.pdf: not a readable PDF: '
head -c 900 "$SLA/ledger-storage.docx" >"$TMP/cut.docx"
expect "sla truncated docx" 3 "$BIN" sla extract --json "$TMP/cut.docx"
has "sla truncated docx message" "$TMP/err" '^slaudit: .*cut\.docx: not a readable zip archive: '
/usr/bin/python3 - "$TMP" <<'PY'
import sys, zipfile
tmp = sys.argv[1]
with zipfile.ZipFile(tmp + "/sheet.docx", "w") as z:
    z.writestr("xl/workbook.xml", "<workbook/>")
with zipfile.ZipFile(tmp + "/bomb.docx", "w", zipfile.ZIP_DEFLATED) as z:
    z.writestr("word/document.xml", " " * (33 << 20))
with zipfile.ZipFile(tmp + "/broken.docx", "w") as z:
    z.writestr("word/document.xml", '<w:document xmlns:w="w">\n<w:body>\n<w:p>\n</w:body>')
PY
expect "sla zip without word/document.xml" 3 "$BIN" sla extract "$TMP/sheet.docx"
has "sla zip without word/document.xml message" "$TMP/err" '^slaudit: .*sheet\.docx: zip archive without word/document\.xml: not a Word document$'
expect "sla zip bomb" 3 "$BIN" sla score "$TMP/bomb.docx"
has "sla zip bomb message" "$TMP/err" '^slaudit: .*bomb\.docx: word/document\.xml expands past 32 MB$'
expect "sla docx with broken XML" 3 "$BIN" sla import "$TMP/broken.docx" --entity provider:x --db "$TMP/docx.db"
has "sla docx with broken XML names the line" "$TMP/err" '^slaudit: .*broken\.docx:4: word/document\.xml is not well-formed XML: '

# --- ingest options of log and generic formats (issue 3) ------------------------
F=tests/data/formats
IDB=$TMP/ingest-opts.db
expect "slurm needs service" 3 "$BIN" --db "$IDB" ingest --entity team:hpc $F/slurmctld.log
has "slurm needs service message" "$TMP/err" 'slurmctld.log: a slurmctld log needs --entity and --service'
expect "slurm log" 0 "$BIN" --db "$IDB" ingest --entity team:hpc --service gpu-a $F/slurmctld.log
has "slurm log detected" "$TMP/out" 'slurmctld-log: read 9, stored 8, rejected 1'
expect "syslog --year" 0 "$BIN" --db "$IDB" ingest --entity team:hpc --service gpu-b --year 2026 $F/slurmctld-syslog.log
same "syslog --year turns the year" "$(sqlite3 "$IDB" "SELECT resolved FROM incidents WHERE key LIKE 'slurm:outage:%' AND service = 'gpu-b'")" 1798762201
expect "bad --year" 2 "$BIN" --db "$IDB" ingest --year 20x $F/slurmctld.log
has "bad --year message" "$TMP/err" "--year '20x' is not a year"
expect "dmesg without --boot-time" 3 "$BIN" --db "$IDB" ingest --entity team:hpc $F/xid-dmesg-boot.log
has "dmesg boot stamps rejected" "$TMP/err" 'nothing stored: all 4 records read as nvidia-xid were rejected'
has "dmesg rejects shown" "$TMP/err" 'xid-dmesg-boot.log:[0-9]+: rejected: '
same "dmesg with every record rejected is recorded nowhere" "$(sqlite3 "$IDB" "SELECT count(*) FROM sources WHERE path LIKE '%xid-dmesg-boot.log'")" 0
expect "dmesg --boot-time" 0 "$BIN" --db "$TMP/boot.db" ingest --entity team:hpc --host node-a --boot-time 2026-03-02T00:00:00Z $F/xid-dmesg-boot.log
has "dmesg --boot-time places the stamps" "$TMP/out" 'rejected 0'
expect "bad --boot-time" 2 "$BIN" --db "$IDB" ingest --boot-time soon $F/xid-dmesg-boot.log
expect "jsonl --map" 0 "$BIN" --db "$IDB" ingest --entity team:ops \
    --map 'key=ref.number,title=what,severity=impact.level,started=timeline.began,resolved=timeline.fixed,service=area' \
    $F/custom-incidents.jsonl
has "jsonl --map format" "$TMP/out" 'jsonl: read 2, stored 2'
same "jsonl --map severity" "$(sqlite3 "$IDB" "SELECT severity FROM incidents WHERE key = '881'")" sev1
expect "bad --map" 2 "$BIN" --db "$IDB" ingest --map 'when=ts' $F/probes.jsonl
has "bad --map message" "$TMP/err" "^slaudit: --map: 'when=ts' is not FIELD=PATH"
expect "--config pattern" 0 "$BIN" --db "$IDB" ingest --entity team:ops --config $F/checks-pattern.yaml $F/checks.log
has "--config pattern format" "$TMP/out" 'line-pattern: read 4, stored 3, rejected 1'
has "--config pattern reject line" "$TMP/err" 'checks.log:3: rejected: the line does not match the pattern'
sed 's/Z check/ check/' $F/checks.log >"$TMP/naive-checks.log"
expect "--config pattern, times without offset" 0 "$BIN" --db "$IDB" ingest --entity team:ops \
    --config $F/checks-pattern.yaml "$TMP/naive-checks.log"
has "each naive time counted once" "$TMP/err" 'naive-checks.log: 3 timestamps had no UTC offset'
expect "backtracking pattern (every line rejected: nothing stored)" 3 "$BIN" --db "$IDB" ingest --entity team:ops --config $F/backtrack.yaml $F/backtrack.log
has "backtracking pattern message" "$TMP/err" "^slaudit: $F/backtrack.log:1: rejected: pattern ran out of its match budget on this line"
expect "bad config" 2 "$BIN" --db "$IDB" ingest --config $F/checks.log $F/checks.log
awk 'BEGIN { for (i = 0; i < 70000; i++) printf "{\"time\":%d,\"service\":\"api\",\"status\":\"up\"}\n", 1775000000 + 60 * i }' >"$TMP/long.jsonl"
expect "no progress when stderr is a file" 0 "$BIN" --db "$TMP/p1.db" ingest --entity team:ops "$TMP/long.jsonl"
hasnt "no progress line in a file" "$TMP/err" 'records'
if command -v script >/dev/null 2>&1; then
    script -qec "\"$BIN\" --db \"$TMP/p2.db\" ingest --entity team:ops \"$TMP/long.jsonl\" >/dev/null" "$TMP/tty" >/dev/null 2>&1
    has "progress line on a terminal" "$TMP/tty" 'long.jsonl: [0-9]+%, 65536 records'
fi

# --- eval: stored results, GPU capacity, reconciliation ---------------------
R=$TMP/rec.db
printf 'time,service,status\n2026-10-01T00:00:00Z,api,up\n2026-10-05T10:00:00Z,api,down\n2026-10-05T10:20:00Z,api,up\n2026-10-12T08:00:00Z,api,down\n2026-10-12T08:02:00Z,api,up\n2026-10-20T00:00:00Z,api,up\n2026-10-31T23:59:00Z,api,up\n' >"$TMP/rp.csv"
printf 'service,start,end,status\napi,2026-10-05T10:05:00Z,2026-10-05T10:30:00Z,down\napi,2026-10-15T00:00:00Z,2026-10-15T01:00:00Z,partial\n' >"$TMP/rs.csv"
printf 'service,start,end,status,units,unit_kind\napi,2026-10-10T00:00:00Z,2026-10-10T10:00:00Z,down,2,node\n' >"$TMP/ru.csv"
expect "eval data" 0 "$BIN" --db "$R" ingest --entity provider:acme "$TMP/rp.csv" "$TMP/rs.csv" "$TMP/ru.csv"
# 650 min of service-level downtime; GPU-hours lost by hand: (30 + 2 + 0.3 x 60) min
# x 64 GPUs = 53.33 GPU-h, plus 2 nodes x 8 GPUs x 10 h = 160: 213.3.
# The probes' gaps, sorted: 120, 1200, 381600, 596400, 662280, 1036740 s; the
# interpolated median is (381600 + 596400) / 2 = 489000, so only the last gap
# (longer than 978000) turns unknown, 489000 s after 10-20 00:00: covered
# 10-01 00:00 .. 10-25 15:50 and 10-31 23:59 .. 11-01, 2130660 s.
# 1 - 39000 / 2130660 = 98.170 %; 1 - 213.33 / (64 x 2130660 / 3600) = 99.437 %.
expect "eval --fleet" 0 "$BIN" --db "$R" eval --month 2026-10 --entity provider:acme --fleet 64
has "capacity beside the service figure" "$TMP/out" 'provider:acme +api +2026-10 +98\.170% +99\.437% +64 +[0-9.]+ +213\.3 +1'
same "eval writes eval_results" "$(sqlite3 "$R" "select count(*) from eval_results where measure = 'neutral'")" "2"
expect "eval again" 0 "$BIN" --db "$R" eval --month 2026-10 --entity provider:acme --fleet 64
same "eval replaces its rows" "$(sqlite3 "$R" "select count(*) from eval_results")" "2"
expect "eval --no-save" 0 "$BIN" --db "$R" eval --month 2026-10 --entity provider:acme --no-save
same "no-save writes nothing" "$(sqlite3 "$R" "select count(distinct definitions_hash) from eval_results")" "1"
expect "eval --json capacity" 0 "$BIN" --db "$R" --json eval --month 2026-10 --entity provider:acme --fleet 64 --no-save
has "json capacity block" "$TMP/out" '"capacity":\{"fleet_gpus":64,"gpu_hours":[0-9.]+,"gpu_hours_lost":213\.3'
has "json fault nodes" "$TMP/out" '"hardware_fault_nodes":\[\]'
expect "reconcile" 0 "$BIN" --db "$R" eval --reconcile --month 2026-10 --entity provider:acme --service api
has "reconcile seen by you" "$TMP/out" 'seen by you: 1 outages \(1 reported by the provider, 0 never reported'
has "reconcile unconfirmed" "$TMP/out" 'reported by the provider: 3 \(1 confirmed, 2 not seen by your probes, 0 unverifiable\)'
expect "reconcile --slack 0" 0 "$BIN" --db "$R" --json eval --reconcile --month 2026-10 --entity provider:acme --service api --slack 0
has "reconcile json" "$TMP/out" '"observed":\[\{"start":"2026-10-05T10:00:00Z","end":"2026-10-05T10:20:00Z","seconds":1200,"status":"down".*"overlap_seconds":900,"verdict":"reported"'
expect "reconcile needs a service" 2 "$BIN" --db "$R" eval --reconcile --month 2026-10 --entity provider:acme
expect "eval --fleet 0" 2 "$BIN" --db "$R" eval --month 2026-10 --fleet 0
printf '{"document":"acme-sla","uptime_targets":[{"percent":99.9,"window":"month","line":1}],"clauses":[{"kind":"min_outage_minutes","value":5,"text":"5 consecutive minutes","line":2}]}\n' >"$TMP/acme.json"
expect "sla import for eval" 0 "$BIN" --db "$R" sla import "$TMP/acme.json" --entity provider:acme --service api
expect "eval reads the stored sla" 0 "$BIN" --db "$R" --json eval --month 2026-10 --entity provider:acme --no-save
has "stored sla gives the contract measure" "$TMP/out" '"measure":"contract".*"rules":\{"min_outage_seconds":300'
has "stored sla named" "$TMP/out" '"sla":\{"document":"acme-sla","kind":"sla"'
expect "eval --no-stored-sla" 0 "$BIN" --db "$R" --json eval --month 2026-10 --entity provider:acme --no-save --no-stored-sla
hasnt "no contract without stored sla" "$TMP/out" '"measure":"contract"'
expect "eval --help example" 0 "$BIN" eval --help
has "eval help reconcile" "$TMP/out" 'slaudit eval --reconcile --entity provider:nimbus'

# --- the monthly report: SLA, Findings, Decision; audit and scorecard workbooks --------
# Findings rows of entity $2 in sheet XML $1 as "service|subject|message|evidence", sorted.
report_findings() {
    sed 's/<row /\n<row /g' "$1" | grep -E "<c r=\"E[0-9]*\"( s=\"[0-9]+\")? t=\"inlineStr\"><is><t>$2</t>" |
        sed -E 's/.*<c r="F[0-9]+"[^>]*><is><t>([^<]*)<\/t>.*<c r="I[0-9]+"[^>]*><is><t>([^<]*)<\/t>.*<c r="J[0-9]+"[^>]*><is><t>([^<]*)<\/t>.*<c r="L[0-9]+"[^>]*><v>([0-9]+)<\/v>.*/\1|\2|\3|\4/' |
        sort
}
# The same of `slaudit audit --json` output in $1.
audit_findings() {
    sed 's/\],"rules":.*//; s/{"rule":/\n/g' "$1" | tail -n +2 | awk '
    function field(name,   v) {
        if (match($0, "\"" name "\":(null|\"[^\"]*\")")) {
            v = substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 3)
            return v == "null" ? "" : substr(v, 2, length(v) - 2)
        }
        return ""
    }
    { s = field("service"); if (s == "") s = "(all services)"
      print s "|" field("subject") "|" field("message") "|" gsub(/"kind":/, "&") }' | sort
}
RDB=$TMP/report.db
cp "$DB" "$RDB"
expect "audit inputs beside the sample" 0 "$BIN" --db "$RDB" -q ingest sample-data/postmortems.csv \
    sample-data/actions.csv sample-data/patches.csv sample-data/oncall.csv sample-data/changes.csv \
    sample-data/notifications.csv sample-data/profile-platform.json
R=$TMP/report-sla.xlsx
expect "report with an SLA" 0 "$BIN" --db "$RDB" report --month 2026-10 --entity provider:nimbus \
    --service inference-api --sla tests/cli/data/sla-nimbus.json --fee 10000 -o "$R"
has "report prints the contract rows" "$TMP/out" 'provider:nimbus +inference-api +2026-10 +99\.729% +99\.95%'
sheet_of "$R" SLA rsla
# inference-api, October: 99.72899 % against 99.95 %, tier [99, 99.95) of line 5: 10 % of 10000, claim by 30 Nov.
has "sla sheet row" "$TMP/rsla.xml" '<c r="B4"( s="[0-9]+")? t="inlineStr"><is><t>inference-api</t></is></c><c r="C4"( s="[0-9]+")? t="inlineStr"><is><t>2026-10</t></is></c><c r="D4"( s="[0-9]+")? t="inlineStr"><is><t>nimbus-sla</t></is></c><c r="E4" s="[0-9]+"><v>0\.9995[0-9]*</v></c><c r="F4" s="[0-9]+"><v>0\.99728997289972[0-9]*</v></c><c r="G4" s="[0-9]+" t="inlineStr"><is><t>breached</t></is></c><c r="H4" s="[0-9]+"><v>-97\.86[0-9]*</v></c><c r="I4"( s="[0-9]+")? t="inlineStr"><is><t>\[99%, 99\.95%\) → 10%</t></is></c><c r="J4" s="[0-9]+"><v>5</v></c><c r="K4" s="[0-9]+"><v>0\.1</v></c><c r="L4" s="[0-9]+"><v>1000</v></c><c r="M4" s="[0-9]+"><v>46356</v></c>'
sheet_of "$R" Summary rsum
has "summary credits due" "$TMP/rsum.xml" '<c r="I4" s="[0-9]+"><v>1000</v></c>'
has "summary: the SLA covers one service, the entity keeps the default target" "$TMP/rsum.xml" '<c r="C4" s="[0-9]+"><v>0\.999</v></c>'
sheet_of "$R" Availability ravail
has "availability target from the SLA" "$TMP/ravail.xml" '<t>inference-api</t></is></c><c r="C[0-9]+" s="[0-9]+"><v>0\.9995[0-9]*</v>'
sheet_of "$R" "Chart data" rcd
has "error budget from the contract measure" "$TMP/rcd.xml" '<t>budget of nimbus-sla \(contract measure\)</t>'
expect "report without an SLA" 0 "$BIN" --db "$RDB" -q report --month 2026-10 --profile sample-data/team.yaml -o "$TMP/all1.xlsx"
unzip -p "$TMP/all1.xlsx" xl/workbook.xml >"$TMP/rw.xml"
has "report sheets with a profile" "$TMP/rw.xml" '<sheet name="SLA"[^>]*/><sheet name="Latency"[^>]*/><sheet name="Findings"[^>]*/><sheet name="Compare"[^>]*/><sheet name="Decision"[^>]*/><sheet name="Decision arithmetic"[^>]*/><sheet name="Decision evidence"[^>]*/><sheet name="Sources"'
sheet_of "$TMP/all1.xlsx" SLA asla
has "sla sheet says none applies" "$TMP/asla.xml" 'No SLA applies to any entity this month'
sheet_of "$TMP/all1.xlsx" Findings afind
has "findings sheet lists the KEV patch" "$TMP/afind.xml" '<t>team:platform</t>.*CVE-2026-3050'
# team:platform's profile counts months in Europe/Berlin: the report's October
# (UTC dates) is that zone's October for its audit, so each service's miss of
# 99.9 % is there, labelled and dated in that zone: from 2026-10-01 00:00 there
# (Excel day 46296, no fraction: 09-30 22:00Z) to 11-01 00:00 (46327).
has "findings sheet has the zone's october" "$TMP/afind.xml" '<t>AVL-001</t>.*<t>team:platform</t></is></c><c r="F[0-9]+"( s="[0-9]+")? t="inlineStr"><is><t>k8s-control-plane</t></is></c><c r="G[0-9]+" s="[0-9]+"><v>46296</v></c><c r="H[0-9]+" s="[0-9]+"><v>46327</v></c><c r="I[0-9]+"( s="[0-9]+")? t="inlineStr"><is><t>2026-10 \(Europe/Berlin\)</t>'
has "findings sheet names the zone" "$TMP/afind.xml" '<t>Europe/Berlin</t>'
expect "audit months in the profile's zone" 0 "$BIN" --db "$RDB" audit --entity team:platform --from 2026-08-01 --to 2026-11-01
# Berlin's August (07-31 22:00Z .. 08-31 22:00Z) is evaluated and named as
# August; September's figure is September's.
has "august in berlin" "$TMP/out" 'k8s-control-plane availability in 2026-08 \(Europe/Berlin\) was 99\.55[0-9] %'
has "september in berlin" "$TMP/out" 'k8s-control-plane availability in 2026-09 \(Europe/Berlin\) was 99\.880 %'
same "three months for each service" "$(grep -c 'AVL-001 .* availability in 2026-' "$TMP/out")" 9
has "findings sheet says what each audit covered" "$TMP/afind.xml" '<t>team:platform: [0-9]+ findings; rules [0-9]+ evaluated'
# The report keeps findings compactly (no evidence rows, shared strings): each
# entity's rows still say what `slaudit audit` says, with as many evidence rows.
for e in team:platform provider:coreline; do
    "$BIN" --db "$RDB" audit --entity $e --from 2026-10-01 --to 2026-11-01 --json >"$TMP/afj.json" 2>/dev/null
    report_findings "$TMP/afind.xml" $e >"$TMP/afr1"
    audit_findings "$TMP/afj.json" >"$TMP/afr2"
    if [ -s "$TMP/afr1" ] && cmp -s "$TMP/afr1" "$TMP/afr2"; then pass; else fail "report findings of $e differ from the audit's"; fi
done
sheet_of "$TMP/all1.xlsx" Summary asum
has "summary top findings" "$TMP/asum.xml" '<t>Top findings</t>'
sheet_of "$TMP/all1.xlsx" "Summary detail" asumd
has "summary counts findings" "$TMP/asumd.xml" '<c r="U6" s="[0-9]+"><v>[1-9][0-9]*</v></c>'
sheet_of "$TMP/all1.xlsx" Decision adec
has "decision sheet in the report" "$TMP/adec.xml" '<t>Operating model: managed with provider:nimbus</t>'
cp "$TMP/all1.xlsx" "$TMP/all2.xlsx"
expect "report with a profile again" 0 "$BIN" --db "$RDB" -q report --month 2026-10 --profile sample-data/team.yaml -o "$TMP/all1.xlsx"
if cmp -s "$TMP/all1.xlsx" "$TMP/all2.xlsx"; then pass; else fail "report with findings and decision is not byte-identical"; fi
expect "report with a bad profile" 3 "$BIN" --db "$RDB" -q report --month 2026-10 --profile tests/data/decide/bad-unknown-field.yaml -o "$TMP/bad.xlsx"
expect "report --sla without --entity" 2 "$BIN" --db "$RDB" report --month 2026-10 --sla tests/cli/data/sla-nimbus.json
# One target per row: coreline commits to nothing and its profile states a
# 99.5 % objective, so every sheet and the findings judge it against 99.5 %.
CDB=$TMP/coreline.db
cp "$RDB" "$CDB"
expect "coreline's profile" 0 "$BIN" --db "$CDB" -q ingest sample-data/profile-coreline.json
expect "report with coreline's objective" 0 "$BIN" --db "$CDB" -q report --month 2026-10 -o "$TMP/core.xlsx"
# rows of entity $2 in sheet XML $1, one per line
rows_of() { sed 's/<row /\n<row /g' "$1" | grep "<t>$2</t>"; }
sheet_of "$TMP/core.xlsx" Summary csum
same "summary: coreline at 99.5 %" "$(rows_of "$TMP/csum.xml" provider:coreline | grep -c '<c r="C[0-9]*" s="[0-9]*"><v>0\.995</v>')" 1
sheet_of "$TMP/core.xlsx" Availability cavail
same "availability: coreline's 4 rows at 99.5 %" "$(rows_of "$TMP/cavail.xml" provider:coreline | grep -c '<c r="C[0-9]*" s="[0-9]*"><v>0\.995</v>')" 4
sheet_of "$TMP/core.xlsx" Compare ccmp
has "compare: coreline's target 99.5 %" "$TMP/ccmp.xml" '<t>Target</t></is></c><c r="B[0-9]*" s="[0-9]*"><v>0\.995</v>'
sheet_of "$TMP/core.xlsx" "Chart data" ccd
same "budget: coreline's 3 services at 99.5 %" "$(rows_of "$TMP/ccd.xml" provider:coreline | grep "profile's objective" | grep -c '<v>0\.995</v>')" 3
sheet_of "$TMP/core.xlsx" Findings cfind
has "findings: coreline against 99.5 %" "$TMP/cfind.xml" 'below the 99\.5 % committed in the profile'"'"'s slo_percent'
hasnt "findings: coreline never against 99.9 %" "$TMP/cfind.xml" '<t>[a-z-]* availability in 2026-10 was [0-9.]* %, below the 99\.9 % committed in the profile'
expect "eval json with coreline's objective" 0 "$BIN" --db "$CDB" --json eval --month 2026-10 --entity provider:coreline --no-save
same "eval json: each row's one target" "$(grep -o '"target_percent":99.5,"target_source":"objective"' "$TMP/out" | wc -l)" 4
sheet_of "$TMP/audit.xlsx" Findings aud
unzip -p "$TMP/audit.xlsx" xl/sharedStrings.xml >"$TMP/ass.xml"
has "audit findings numbered" "$TMP/aud.xml" '<c r="A2" s="[0-9]+"><v>1</v></c>'
has "audit findings name the entity" "$TMP/ass.xml" '<t>Entity</t>.*<t>team:platform</t>'
sheet_of "$TMP/audit.xlsx" Evidence aev
nf=$(grep -o '<row r="[0-9]*"' "$TMP/aud.xml" | tail -1 | grep -o '[0-9]*')
maxref=$(grep -o '<c r="A[0-9]*" s="[0-9]*"><v>[0-9]*</v>' "$TMP/aev.xml" | sed 's/.*<v>//;s/<\/v>//' | sort -n | tail -1)
if [ -n "$maxref" ] && [ "$maxref" -le $((nf - 1)) ]; then pass; else fail "evidence names finding $maxref of $((nf - 1))"; fi
cells_of "$TMP/audit.xlsx" Sources asrc
has "audit sources name the version" "$TMP/asrc.cells" "^B[0-9]+	$("$BIN" --version | cut -d' ' -f2)\$"
case "$(beside asrc "Command line")" in *"slaudit --db $ADB -q audit --entity team:platform"*) pass ;; *) fail "audit sources name the command" ;; esac
unzip -p "$TMP/score.xlsx" xl/sharedStrings.xml >"$TMP/ss2.xml"
has "scorecard terms: coverage, remedy, RPO" "$TMP/ss2.xml" '<t>Support coverage</t>.*<t>Credits are the sole remedy</t>.*<t>RPO</t>'

# --- ingest: PagerDuty JSON, Opsgenie, milestone JSON, Uptime Kuma, OpenSLO --
FDB=$TMP/formats3.db
F=tests/data/formats
for pair in pagerduty-incidents.json:pagerduty-json:4:2:2:0 pagerduty-analytics.json:pagerduty-json:3:1:1:1 \
    opsgenie-alerts.json:opsgenie:3:2:1:0 opsgenie-incidents.csv:opsgenie:4:2:2:0; do
    IFS=: read -r file fmt r s j d <<EOT
$pair
EOT
    expect "ingest $file" 0 "$BIN" --db "$FDB" ingest --json "$F/$file"
    has "$file detected as $fmt with its counts" "$TMP/out" "\"format\":\"$fmt\",\"sha256\":\"[0-9a-f]{64}\",\"read\":$r,\"stored\":$s,\"rejected\":$j,\"duplicates\":$d"
done
has "opsgenie reject names file and line" "$TMP/err" "opsgenie-incidents.csv:4: rejected: bad createdAt time 'not a time'"
for file in incidentio-incidents.json firehydrant-incidents.json rootly-incidents.json; do
    expect "ingest $file" 0 "$BIN" --db "$FDB" ingest --json --entity team:ml-infra "$F/$file"
    has "$file detected as milestones-json" "$TMP/out" '"format":"milestones-json"'
done
expect "ingest uptime kuma" 0 "$BIN" --db "$FDB" ingest --json --entity team:ml-serving "$F/uptime-kuma-heartbeats.csv"
has "uptime kuma heartbeats as probes" "$TMP/out" '"format":"uptime-kuma",.*"read":9,"stored":7,"rejected":2,"duplicates":0,"intervals":5'
expect "ingest openslo" 0 "$BIN" --db "$FDB" ingest --json --entity team:ml-serving "$F/openslo.yaml"
has "openslo: one commitment per SLO" "$TMP/out" '"format":"openslo",.*"read":5,"stored":4,"rejected":1'
has "openslo: the 12-hour window rejected" "$TMP/err" "openslo.yaml:55: rejected: time window '12h' is shorter than a day"
same "openslo commitments stored as slo" "$(sqlite3 "$FDB" "select count(*) from commitments where kind = 'slo' and entity = 'team:ml-serving'")" 4
# A file forced through a parser that is not its own is refused and not
# recorded, so its own parser reads it afterwards.
for fmt in openslo upptime-meta; do
    expect "checks.log as $fmt" 3 "$BIN" --db "$FDB" ingest --format "$fmt" --entity team:ml-serving "$F/checks.log"
    has "checks.log as $fmt: refused" "$TMP/err" "checks.log:1: not an (OpenSLO document|Upptime badge or \.upptimerc\.yml file)"
done
expect "checks.log with its pattern after" 0 "$BIN" --db "$FDB" ingest --json --entity team:ml-serving --config "$F/checks-pattern.yaml" "$F/checks.log"
has "checks.log read, not already ingested" "$TMP/out" '"read":4,"stored":3,"rejected":1,.*"already_ingested":false'
expect "eval against the team's own SLO" 0 "$BIN" --db "$FDB" eval --month 2026-10 --entity team:ml-serving --json
has "eval reads the SLO" "$TMP/out" '"sla":\{"document":"inference-api-availability","kind":"slo"[^}]*"target_percent":99\.5'

# --- audit: the SLA document rules and GPU capacity ---------------------------
SDB=$TMP/audit-sla.db
expect "audit inputs for a provider" 0 "$BIN" --db "$SDB" -q ingest tests/data/audit/gpu-probes.csv tests/data/audit/profile-acme.json
expect "audit without an SLA" 0 "$BIN" --db "$SDB" audit --entity provider:acme --from 2026-08-01 --to 2026-11-01 --json
has "SLA rules without an SLA have no data" "$TMP/out" '"id":"SLA-001","state":"no data","why":"no SLA'
has "GPU-003 over the profile's fleet" "$TMP/out" '"rule":"GPU-003".*lost 64\.0 of [0-9.]+ GPU-hours in 2026-09 \([0-9.]+ % of a 64-GPU fleet\)'
expect "audit: import an SLA" 0 "$BIN" --db "$SDB" -q sla import tests/data/sla/cirrus-prose.txt --entity provider:acme --effective 2026-08-01
expect "audit with an SLA" 0 "$BIN" --db "$SDB" audit --entity provider:acme --from 2026-08-01 --to 2026-11-01
has "SLA-003 cites the uptime line" "$TMP/out" '^medium +SLA-003 .*cirrus-prose\.txt: 99\.5 % allows 219 minutes a month \(line 3\)$'
has "SLA-006 from the scorecard" "$TMP/out" '^high +SLA-006 .*under 48 h notice and no cap on its hours \(line 23\)$'
hasnt "a sound term raises no flag" "$TMP/out" 'SLA-007'
expect "audit json with an SLA" 0 "$BIN" --db "$SDB" audit --entity provider:acme --from 2026-08-01 --to 2026-11-01 --json
has "SLA evidence is the document line" "$TMP/out" '"kind":"document","ref":"cirrus-prose.txt","detail":"open-ended exclusion: \\"[^"]*reasonable control\\""[^}]*"file":"cirrus-prose.txt","line":24'

# --- minimum coverage: unknown is not a number ---------------------------------
# The small sample files monitor a few hours of October: 0.09 % coverage.
CDB=$TMP/coverage.db
expect "coverage: ingest the samples" 0 "$BIN" --db "$CDB" -q ingest sample-data/actions.csv sample-data/changes.csv sample-data/maintenance.csv sample-data/notifications.csv sample-data/oncall.csv sample-data/patches.csv sample-data/postmortems.csv
expect "coverage: report" 0 "$BIN" --db "$CDB" report --month 2026-10 -o "$TMP/coverage.xlsx"
has "coverage: insufficient said" "$TMP/out" '^provider:nimbus +\(all\) +2026-10 +- .*insufficient coverage: 0\.09 % monitored, measured 0\.000 %$'
hasnt "coverage: no 0 % shown" "$TMP/out" ' 0\.000%'
unzip -p "$TMP/coverage.xlsx" xl/worksheets/sheet1.xml >"$TMP/cov1.xml"
has "coverage: the Summary says it" "$TMP/cov1.xml" '<t>insufficient coverage</t>'
expect "coverage: eval json" 0 "$BIN" --db "$CDB" eval --month 2026-10 --entity provider:nimbus --json
has "coverage: null with the measured value beside it" "$TMP/out" '"service":null,[^}]*\},"measure":"neutral","availability":null,[^{]*"availability_measured":0,"monitoring_coverage":0\.000896[0-9]*,"coverage_flag":"insufficient"'
has "coverage: thresholds with the definitions" "$TMP/out" '"minimum_coverage":\{"insufficient_below":0\.5,"partial_below":0\.95\}'
expect "coverage: thresholds are options" 0 "$BIN" --db "$CDB" eval --month 2026-10 --entity provider:nimbus --min-coverage 0.05 --partial-coverage 10
has "coverage: partial below the option" "$TMP/out" '^provider:nimbus +\(all\) +2026-10 +0\.000% .*partial coverage: 0\.09 % monitored$'
expect "coverage: csv" 0 "$BIN" --db "$CDB" report --month 2026-10 --format csv
has "coverage: csv leaves availability empty" "$TMP/out" '^provider:nimbus,2026-10,4,,0,0\.000896[0-9]*,insufficient,'
expect "coverage: a percent" 2 "$BIN" --db "$CDB" eval --min-coverage 150
has "coverage: a percent message" "$TMP/err" "^slaudit: --min-coverage '150' is a percent, 0 to 100"
expect "coverage: min above partial" 2 "$BIN" --db "$CDB" report --min-coverage 96
has "coverage: min above partial message" "$TMP/err" "above --partial-coverage 95 %"

# --- SLO specifications: Sloth, Pyrra, and objectives over windows of days ------
SDB=$TMP/slo.db
expect "ingest sloth" 0 "$BIN" --db "$SDB" ingest --entity team:ml-platform "$F/sloth.yml"
has "sloth: detected, per kind" "$TMP/out" 'sloth: read 3, stored 2, rejected 1, duplicates 0: 2 commitments$'
has "sloth: the SLO without an objective rejected" "$TMP/err" "sloth.yml:24: rejected: objective of 'no-objective'"
same "sloth: 99.9 over a rolling 30 days" "$(sqlite3 "$SDB" "select json_extract(terms, '$.uptime_targets[0].percent') || ' ' || json_extract(terms, '$.uptime_targets[0].window') || ' ' || json_extract(terms, '$.uptime_targets[0].days') from commitments where document = 'inference-gateway-requests-availability'")" "99.9 rolling 30"
expect "ingest pyrra" 0 "$BIN" --db "$SDB" ingest --entity team:hpc --service scheduler "$F/pyrra.yaml"
has "pyrra: detected, per kind" "$TMP/out" 'pyrra: read 3, stored 2, rejected 1, duplicates 0: 2 commitments$'
same "pyrra: 4w and 1y as rolling days" "$(sqlite3 "$SDB" "select group_concat(json_extract(terms, '$.uptime_targets[0].percent') || '/' || json_extract(terms, '$.uptime_targets[0].days'), ' ') from (select terms from commitments where entity = 'team:hpc' order by document)")" "99.5/28 95/365"
printf 'entity,service,start,end,status\nteam:hpc,scheduler,2026-09-01T00:00:00Z,2026-10-20T00:00:00Z,up\nteam:hpc,scheduler,2026-10-20T00:00:00Z,2026-10-20T06:00:00Z,down\nteam:hpc,scheduler,2026-10-20T06:00:00Z,2026-11-01T00:00:00Z,up\n' >"$TMP/slo-iv.csv"
expect "ingest the scheduler's history" 0 "$BIN" --db "$SDB" ingest "$TMP/slo-iv.csv"
expect "eval a rolling objective" 0 "$BIN" --db "$SDB" --json eval --month 2026-10 --entity team:hpc
# 4 weeks back from 1 November hold the 6 hours down: 99.107 % of a 99.5 % objective
has "eval: the rolling 28 days to the month's end" "$TMP/out" '"window":\{"kind":"rolling","start":"2026-10-04T00:00:00Z","end":"2026-11-01T00:00:00Z"\},"measure":"contract","availability":0.99107'
expect "eval text names the rolling window" 0 "$BIN" --db "$SDB" eval --month 2026-10 --entity team:hpc
has "eval text: rolling 28d" "$TMP/out" 'scheduler +rolling 28d to 2026-10-31 +99\.107% +99\.50%'
# The report's console shows the windows of the month asked for and counts
# the earlier ones in one line.
expect "report with rolling objectives" 0 "$BIN" --db "$SDB" report --month 2026-10 -o "$TMP/slo.xlsx"
has "report: the rolling window ending with the month" "$TMP/out" '^team:hpc +scheduler +rolling 28d to 2026-10-31 +99\.107%'
hasnt "report: no window ending before the month's last day" "$TMP/out" 'rolling [0-9]+d to 2026-(09-|10-[0-2])'
has "report: the earlier windows counted" "$TMP/out" '^not shown: 2 rows of earlier windows, the first ending 2026-09-05: 1 met, 0 missed, 1 unknown; eval lists every window$'
same "report: one row per commitment in the credits" "$(grep -c 'fee unknown' "$TMP/out")" 2

# --- workbook colours and the trend at a glance -----------------------------------
# The fill of a cell and its number, read from the zip with the standard
# library: "FILL VALUE" (FILL "none" when the cell's style has none).
xlsx_cell() {
    /usr/bin/python3 - "$@" <<'PY'
import re, sys, zipfile
book, name, ref = sys.argv[1:4]
z = zipfile.ZipFile(book)
wb = z.read("xl/workbook.xml").decode()
names = re.findall(r'<sheet name="([^"]*)"', wb)
sheet = z.read("xl/worksheets/sheet%d.xml" % (names.index(name) + 1)).decode()
styles = z.read("xl/styles.xml").decode()
c = re.search(r'<c r="%s"( s="(\d+)")?[^>]*?(/>|>(.*?)</c>)' % ref, sheet)
xfs = re.findall(r"<xf [^>]*>", styles.split("<cellXfs")[1].split("</cellXfs>")[0])
fills = styles.split("<fills")[1].split("</fills>")[0].split("<fill>")[1:]
fill = "none"
if c and c.group(2):
    fid = int(re.search(r'fillId="(\d+)"', xfs[int(c.group(2))]).group(1))
    m = re.search(r'<fgColor rgb="(\w+)"', fills[fid])
    fill = m.group(1) if m else "none"
v = re.search(r"<v>([^<]*)</v>", c.group(4) or "") if c else None
print(fill, v.group(1) if v else "-")
PY
}
CORE=$TMP/core.xlsx # coreline judged against its profile's 99.5 %, the others 99.9 %
# Summary rows: coreline 99.407 % (1.19 budgets of 0.5 %: amber), nimbus
# 99.875 % (1.25 budgets: amber), platform 99.579 % (4.2 budgets: red).
same "colours: coreline amber" "$(xlsx_cell "$CORE" Summary B4 | cut -d' ' -f1)" FFFFEB9C
same "colours: nimbus amber" "$(xlsx_cell "$CORE" Summary B5 | cut -d' ' -f1)" FFFFEB9C
same "colours: platform red" "$(xlsx_cell "$CORE" Summary B6 | cut -d' ' -f1)" FFFFC7CE
sheet_of "$CORE" Availability kavail
has "colours: availability green from the target" "$TMP/kavail.xml" 'operator="between"><formula>0\.995</formula><formula>1</formula>'
has "colours: availability red beyond two budgets" "$TMP/kavail.xml" 'operator="lessThan"><formula>0\.99</formula>.*operator="lessThan"><formula>0\.998</formula>'
unzip -p "$CORE" xl/workbook.xml >"$TMP/kwb.xml"
has "print titles: availability row labels on every page" "$TMP/kwb.xml" '<definedName name="_xlnm.Print_Titles" localSheetId="4">Availability!\$A:\$C,Availability!\$1:\$1</definedName>'
# The change is this month less the month before, as the Availability sheet
# has them: coreline's (all services) row is row 2, September E, October F.
sep=$(xlsx_cell "$CORE" Availability E2 | cut -d' ' -f2)
oct=$(xlsx_cell "$CORE" Availability F2 | cut -d' ' -f2)
change=$(xlsx_cell "$CORE" Summary F4 | cut -d' ' -f2)
same "trend: coreline's change in points" "$(awk -v a="$oct" -v b="$sep" -v c="$change" 'BEGIN { d = 100 * (a - b) - c; print (d < 1e-9 && d > -1e-9) ? "ok" : d }')" ok
sheet_of "$CORE" Summary ksum
has "trend: the month compared with" "$TMP/ksum.xml" '<t>Change vs 2026-09 \(points\)</t>'
has "trend: year to date named" "$TMP/ksum.xml" 'year to date pools 2026-08 to 2026-10'
# The year to date pooled from the months is the evaluation of the one
# window they make, August to October.
for pair in provider:coreline:C4 team:platform:C6; do
    e=${pair%:*} ref=${pair##*:}
    ytd=$(xlsx_cell "$CORE" "Summary detail" "$ref" | cut -d' ' -f2)
    expect "trend: $e over august to october" 0 "$BIN" --db "$TMP/coreline.db" eval --rolling 92 \
        --from 2026-08-01 --to 2026-11-01 --entity "$e" --no-save
    has "trend: $e year to date as one window" "$TMP/out" "^$e +\\(all\\) +rolling 92d to 2026-10-31 +$(awk -v y="$ytd" 'BEGIN { printf "%.3f", 100 * y }')%"
done
# Targets of 99.5 % and 99.9 %: the trend draws a line for each.
sheet_of "$CORE" "Chart data" kcd
has "chart: a line per target" "$TMP/kcd.xml" '<t>notebook-hub</t></is></c><c r="L3" [^>]*><is><t>Target 99\.5 %</t></is></c><c r="M3" [^>]*><is><t>Target 99\.9 %</t>'
# One trend per entity, each with the target its services are judged
# against: coreline's (chart 1) at 99.5 %, platform's (chart 5) at 99.9 %.
unzip -p "$CORE" xl/charts/chart1.xml >"$TMP/kc1.xml"
has "chart: coreline's target drawn" "$TMP/kc1.xml" "<c:f>'Chart data'!\\\$L\\\$3</c:f>"
hasnt "chart: not platform's target" "$TMP/kc1.xml" "<c:f>'Chart data'!\\\$M\\\$3</c:f>"
unzip -p "$CORE" xl/charts/chart5.xml >"$TMP/kc5.xml"
has "chart: platform's trend" "$TMP/kc5.xml" '<a:t>Availability of team:platform'
has "chart: platform's target drawn" "$TMP/kc5.xml" "<c:f>'Chart data'!\\\$M\\\$3</c:f>"
expect "colours: amber up to 1.1 budgets" 0 "$BIN" --db "$TMP/coreline.db" -q report --month 2026-10 --amber-budgets 1.1 -o "$TMP/core11.xlsx"
same "colours: coreline red at 1.19 budgets" "$(xlsx_cell "$TMP/core11.xlsx" Summary B4 | cut -d' ' -f1)" FFFFC7CE
sheet_of "$TMP/core11.xlsx" Definitions kdef
has "colours: the setting on the Definitions sheet" "$TMP/kdef.xml" '<t>Amber up to \(error budgets\)</t></is></c><c r="B[0-9]+" s="[0-9]+"><v>1\.1</v>'
expect "colours: fewer than one budget" 2 "$BIN" --db "$TMP/coreline.db" report --amber-budgets 0.5
has "colours: fewer than one budget message" "$TMP/err" "^slaudit: --amber-budgets '0.5' is a number of error budgets, 1 to 1000"

# --- decide: one workload cap for every option ------------------------------------
# The hybrid's operations, as its cost counts them: 300 h x (0.75 + 0.25 x 25 %) =
# 243.75 h routine, + 309.2 x 0.75 of the team's incidents + 208.1 x 0.5 x 0.25 of
# nimbus's: 501.7 h of 6 x 160 = 52.3 %, over the 50 % cap; managed keeps 75 h +
# 104.1 h = 18.7 %, coreline 75 h + 327.3 h = 41.9 %.
expect "workload cap: decide" 0 "$BIN" --db "$DB" decide --profile sample-data/team.yaml --from 2026-08-01 --to 2026-11-01
has "workload cap: the hybrid counts the provider's incidents" "$TMP/out" "^  hybrid \(production on provider:nimbus, research on team:platform\): the team's on-call rotation is not sustainable: .*operations take 52 % of 6 platform engineers' time \(at most 50 %\)"
expect "workload cap: json" 0 "$BIN" --db "$DB" --json decide --profile sample-data/team.yaml --from 2026-08-01 --to 2026-11-01
same "workload cap: every option's share" "$(jq -c '[.options[] | .rotation.operations_share * 1000 | round]' "$TMP/out")" '[635,187,419,523,581]'

# --- fees stored with the SLA, one contract row per service, credits per commitment ---
FDB="$TMP/fees.db"
# October (44,640 min): gpu down 60 min (99.866 %, 10 %), storage down 600 min (98.656 %, 25 %).
printf 'service,start,end,status\ngpu,2026-10-01T00:00:00Z,2026-10-31T23:00:00Z,up\ngpu,2026-10-31T23:00:00Z,2026-11-01T00:00:00Z,down\nstorage,2026-10-01T00:00:00Z,2026-10-31T14:00:00Z,up\nstorage,2026-10-31T14:00:00Z,2026-11-01T00:00:00Z,down\n' >"$TMP/fees.csv"
printf '{"document":"acme-sla.md","uptime_targets":[{"percent":99.9,"window":"month","line":1}],"credit_tiers":[{"lower_percent":99,"lower_inclusive":true,"upper_percent":99.9,"upper_inclusive":false,"credit_percent":10,"line":2},{"lower_percent":null,"lower_inclusive":false,"upper_percent":99,"upper_inclusive":false,"credit_percent":25,"line":3}]}\n' >"$TMP/fees-sla.json"
expect "fees: ingest" 0 "$BIN" --db "$FDB" ingest --entity provider:acme "$TMP/fees.csv"
expect "fees: import without a fee" 0 "$BIN" --db "$FDB" sla import "$TMP/fees-sla.json" --entity provider:acme
expect "fees: unpriced credits" 0 "$BIN" --db "$FDB" eval --entity provider:acme --month 2026-10 --no-save
has "fees: unpriced, each of its own service's fee" "$TMP/out" '2 of 2 services: 10 % of gpu.s fee \+ 25 % of storage.s fee$'
has "fees: the pooled row has no alerts of its own" "$TMP/out" '^provider:acme +\(all\) .* 7\.39 +- +- +-$'
has "fees: said per service" "$TMP/out" 'credits and burn alerts are per service'
expect "fees: --fee prices the stored SLA" 0 "$BIN" --db "$FDB" eval --entity provider:acme --month 2026-10 --fee 1000 --no-save
has "fees: gpu 10 % of 1,000" "$TMP/out" '^provider:acme +gpu .* 10% +100\.00 '
has "fees: storage 25 % of 1,000" "$TMP/out" '^provider:acme +storage .* 25% +250\.00 '
expect "fees: --fee without --entity" 2 "$BIN" --db "$FDB" eval --month 2026-10 --fee 1000
expect "fees: --currency without --fee" 2 "$BIN" --db "$FDB" sla import "$TMP/fees-sla.json" --entity provider:acme --currency USD
expect "fees: bad fee" 2 "$BIN" --db "$FDB" sla import "$TMP/fees-sla.json" --entity provider:acme --fee ten
expect "fees: store storage's own fee" 0 "$BIN" --db "$FDB" sla import "$TMP/fees-sla.json" --entity provider:acme --service storage --fee 4000 --currency USD
has "fees: import says the fee" "$TMP/out" 'fee 4000\.00 USD a month'
expect "fees: store every service's fee" 0 "$BIN" --db "$FDB" sla import "$TMP/fees-sla.json" --entity provider:acme --fee 1000 --currency USD
has "fees: a new fee replaces the version" "$TMP/out" 'replaces the version with the same date'
expect "fees: stored fees" 0 "$BIN" --db "$FDB" eval --entity provider:acme --month 2026-10 --no-save
same "fees: one contract row for storage" "$(grep -Ec '^provider:acme +storage +2026-10 +[0-9.]+% +99\.90%' "$TMP/out")" 1
has "fees: gpu under the entity's SLA" "$TMP/out" '^provider:acme +gpu .* 10% +100\.00 '
has "fees: storage under its own" "$TMP/out" '^provider:acme +storage .* 25% +1000\.00 '
has "fees: credits of the entity's SLA" "$TMP/out" '\(every service\) +2026-10 .* 1000\.00 USD each +1 of 1 services: 100\.00 USD$'
has "fees: credits of storage's SLA" "$TMP/out" 'storage +2026-10 .* 4000\.00 USD +1 of 1 services: 1000\.00 USD$'
expect "fees: json" 0 "$BIN" --db "$FDB" eval --entity provider:acme --month 2026-10 --json --no-save
same "fees: json credits per commitment" "$(jq -c '[.credits[] | [.service, .monthly_fee, .currency, .amount_due]]' "$TMP/out")" '[[null,1000,"USD",100],["storage",4000,"USD",1000]]'
same "fees: json pooled burn alerts" "$(jq -c '[.results[] | select(.measure == "contract" and .service == null) | .sla.burn_alerts, .sla.burn_alerts_scope]' "$TMP/out")" '[null,"per service"]'
expect "fees: --sla for one service" 0 "$BIN" --db "$FDB" eval --entity provider:acme --month 2026-10 --sla "$TMP/fees-sla.json" --service gpu --fee 500 --no-save
same "fees: one contract row for gpu" "$(grep -Ec '^provider:acme +gpu +2026-10 +[0-9.]+% +99\.90%' "$TMP/out")" 1
has "fees: gpu under the SLA given" "$TMP/out" '^provider:acme +gpu .* 10% +50\.00 '
expect "fees: report" 0 "$BIN" --db "$FDB" report --month 2026-10 -o "$TMP/fees-out/"
unzip -p "$TMP/fees-out/ops-report-2026-10.xlsx" 'xl/worksheets/*.xml' >"$TMP/fees-sheets.xml"
has "fees: the SLA sheet's credits per commitment" "$TMP/fees-sheets.xml" 'Credits per commitment \(windows ending this month\)'
has "fees: pooled alerts per service" "$TMP/fees-sheets.xml" '>per service<'
# Summary credits: 100 + 1000 USD, the sum of priced amounts.
has "fees: summary amount" "$TMP/fees-sheets.xml" '<v>1100</v>'
# Without fees, each credit stays a percent of its own service's fee.
FDB2="$TMP/fees2.db"
expect "fees: ingest without fees" 0 "$BIN" --db "$FDB2" -q ingest --entity provider:acme "$TMP/fees.csv"
expect "fees: import without fees" 0 "$BIN" --db "$FDB2" -q sla import "$TMP/fees-sla.json" --entity provider:acme
expect "fees: report without fees" 0 "$BIN" --db "$FDB2" report --month 2026-10 -o "$TMP/fees-out2/"
unzip -p "$TMP/fees-out2/ops-report-2026-10.xlsx" 'xl/worksheets/*.xml' >"$TMP/fees-sheets2.xml"
has "fees: summary lists each service's percent" "$TMP/fees-sheets2.xml" "10 % of gpu's fee \+ 25 % of storage's fee"
hasnt "fees: no percent of one fee added to another" "$TMP/fees-sheets2.xml" '35 % of the fee'
expect "fees: forget the SLA" 0 "$BIN" --db "$FDB" forget "$TMP/fees-sla.json"
same "fees: its fees go with it" "$(sqlite3 "$FDB" 'select count(*) from commitments; select count(*) from commitment_fees' | tr '\n' ' ')" "0 0 "

# --- every command that reads a file refuses a FIFO at once ---------------------
expect "sla extract fifo" 3 "$BIN" sla extract "$TMP/fifo"
has "sla extract fifo message" "$TMP/err" "fifo: not a regular file"
expect "sla score fifo" 3 "$BIN" sla score "$TMP/fifo"
expect "eval --sla fifo" 3 "$BIN" --db "$DB" eval --sla "$TMP/fifo" --entity provider:nimbus

# --- GPU and cluster logs: SXid, hosts, the log's span, controller-wide outages ---
GDB=$TMP/gpu-logs.db
G=tests/data/formats
expect "gpu: dmesg without --host" 3 "$BIN" --db "$GDB" ingest --entity team:hpc $G/sxid-dmesg.log
has "gpu: dmesg without --host says so" "$TMP/err" 'sxid-dmesg.log:2: rejected: no host: the log names none; give --host$'
same "gpu: no empty host stored" "$(sqlite3 "$GDB" "select count(*) from gpu_events where host = ''")" 0
expect "gpu: SXid beside Xid" 0 "$BIN" --db "$GDB" ingest --entity team:hpc --host node-a $G/sxid-dmesg.log
has "gpu: SXid counted as GPU events" "$TMP/out" 'nvidia-xid: read 8, stored 8, rejected 0, duplicates 0: 2 incidents, 2 status intervals, 4 GPU events$'
same "gpu: SXid codes, actions" "$(sqlite3 "$GDB" "select group_concat(xid || ' ' || action, ',') from (select xid, action from gpu_events order by time, xid)")" "79 drain,20034 reset,12028 none,20034 reset"
expect "gpu: the host from the log" 0 "$BIN" --db "$GDB" ingest --entity team:hpc $G/xid-log-host.log
same "gpu: the host from the log stored" "$(sqlite3 "$GDB" "select host from gpu_events where time = 1772442000 and host <> 'node-a'")" gpu-11
expect "gpu: a month-long journal" 0 "$BIN" --db "$GDB" ingest --entity team:month $G/xid-journal-month.log
expect "gpu: the month from the log's span" 0 "$BIN" --db "$GDB" eval --month 2026-03 --entity team:month
has "gpu: one 2-hour estimate in a known month" "$TMP/out" '^team:month +\(all\) +2026-03 +99\.731% +120\.0 +0\.0 '
expect "gpu: a renamed Statuspage component" 0 "$BIN" --db "$GDB" ingest $G/statuspage-renamed.json
expect "gpu: a renamed component is one service" 0 "$BIN" --db "$GDB" eval --month 2026-10 --entity provider:renamed-cloud
has "gpu: the latest name" "$TMP/out" '^provider:renamed-cloud +API Requests +2026-10 '
hasnt "gpu: no row under the old name" "$TMP/out" '^provider:renamed-cloud +API +2026-10 '
# audit rules fit the record's source: a machine log carries no acknowledgement
MLDB=$TMP/machine-log.db
expect "record source: a scheduler log" 0 "$BIN" --db "$MLDB" ingest --entity team:sched --service cluster tests/data/formats/slurmctld.log
same "record source: its incidents have no acknowledgement" "$(sqlite3 "$MLDB" "select count(*) from incidents where acknowledged is null and severity is not null")" "$(sqlite3 "$MLDB" "select count(*) from incidents")"
expect "record source: audit" 0 "$BIN" --db "$MLDB" --json audit --entity team:sched --from 2000-01-01 --to 2100-01-01
same "record source: no INC-005 for what a log cannot carry" "$(jq '[.findings[] | select(.rule == "INC-005")] | length' "$TMP/out")" 0
expect "record source: the rule says its sources" 0 "$BIN" rules --json
same "record source: INC-004's sources" "$(jq -c '.[] | select(.id == "INC-004") | .sources' "$TMP/out")" '["team records"]'
# incidents that name no service: in the entity's row, said on each service row
NSDB=$TMP/no-service.db
sed -n '/^== incidents.json/,/^== expect/p' tests/data/metrics/incidents-without-service.case | sed '1d;$d' >"$TMP/no-service.json"
expect "no service: ingest" 0 "$BIN" --db "$NSDB" ingest "$TMP/no-service.json"
expect "no service: eval" 0 "$BIN" --db "$NSDB" eval --month 2026-10
has "no service: the entity row counts them" "$TMP/out" '^provider:nimbus +\(all\) +2026-10 .* 3 +1/1/0/1/0 '
has "no service: the service row says so" "$TMP/out" '^provider:nimbus +API +2026-10 .* 1 +1/0/0/0/0 .*  2 of the entity.s incidents name no service \(in \(all\) only\)$'
hasnt "no service: not on the entity row" "$TMP/out" '(all).*name no service'
# the detector explains itself
: >"$TMP/nothing.json"
expect "detect: an empty file" 3 "$BIN" --db "$GDB" ingest "$TMP/nothing.json"
has "detect: an empty file said" "$TMP/err" 'nothing.json:1: format not recognised: empty file$'
printf '<?xml version="1.0"?>\n<catalog><item/></catalog>\n' >"$TMP/catalog.xml"
expect "detect: XML of no feed" 3 "$BIN" --db "$GDB" ingest "$TMP/catalog.xml"
has "detect: XML of no feed said" "$TMP/err" 'catalog.xml:1: format not recognised: XML without an Atom or RSS root'
printf '[{"when": "2026-03-01T00:00:00Z", "what": "db", "level": 2}]\n' >"$TMP/array.json"
expect "detect: an array of objects" 3 "$BIN" --db "$GDB" ingest "$TMP/array.json"
has "detect: an array of objects said" "$TMP/err" 'format not recognised: a JSON array of objects with fields when, what, level: try --format jsonl with a field map'
printf '\211PNG\r\n\032\n\000\000\000\rIHDR' >"$TMP/chart.png"
expect "detect: an image" 3 "$BIN" --db "$GDB" ingest "$TMP/chart.png"
has "detect: an image said" "$TMP/err" 'chart.png:1: format not recognised: a PNG image, not text: every format slaudit ingests is UTF-8 text'
expect "detect: an image with --format" 3 "$BIN" --db "$GDB" ingest --format statuspage-feed "$TMP/chart.png"
has "detect: an image with --format said" "$TMP/err" 'chart.png:1: a PNG image, not text: --format statuspage-feed cannot read it; every format slaudit ingests is UTF-8 text'
hasnt "detect: no XML parser error for an image" "$TMP/err" 'Document is empty'
printf 'apiVersion: sloth.slok.dev/v1\nkind: AlertWindows\nspec:\n  sloPeriod: 30d\n' >"$TMP/windows.yaml"
expect "detect: a spec kind no format reads" 3 "$BIN" --db "$GDB" ingest "$TMP/windows.yaml"
has "detect: the kind that would be read" "$TMP/err" 'kind AlertWindows, which no format reads: the closest is sloth, which reads kind PrometheusServiceLevel'
printf '{"action": "Create", "alert": {"alertId": "a1", "message": "disk", "createdAt": 1},\n "integrationName": "hook"}\n' >"$TMP/hook.json"
expect "detect: a payload no format reads" 3 "$BIN" --db "$GDB" ingest "$TMP/hook.json"
has "detect: the closest format and why" "$TMP/err" 'not an export slaudit knows; the closest is opsgenie, which reads alert, message, createdAt too but detects JSON with tinyId and createdAt'
printf '{"page": {"name": "Acme"}, "incident_updates": []}\n' >"$TMP/looks-like.json"
expect "detect: taken for a format that then finds nothing" 3 "$BIN" --db "$GDB" ingest "$TMP/looks-like.json"
has "detect: the mismatch named" "$TMP/err" "looks-like.json: no records: the file looked like statuspage-json \\(a JSON object with page and incident_updates, shortlink or scheduled_maintenances\\), but nothing in it reads as statuspage-json's records; give --format if it is another\$"
if [ -d "${SLAUDIT_REAL:-../shared/real}/exports" ]; then
    GR=${SLAUDIT_REAL:-../shared/real}/exports
    GRDB=$TMP/gpu-real.db
    expect "gpu real sxid log without --boot-time" 3 "$BIN" --db "$GRDB" ingest --entity team:real --host gpu-a "$GR/nvidia-xid/gpud-sxid-readme-xid79-nvswitch.log"
    has "gpu real sxid log: seconds since boot said" "$TMP/err" 'give --boot-time'
    expect "gpu real sxid log" 0 "$BIN" --db "$GRDB" ingest --entity team:real --host gpu-a --boot-time 2025-01-01T00:00:00Z "$GR/nvidia-xid/gpud-sxid-readme-xid79-nvswitch.log"
    has "gpu real sxid log: per kind" "$TMP/out" 'read 8, stored 8, rejected 0, duplicates 0: 1 incident, 2 status intervals, 5 GPU events$'
    same "gpu real sxid log: one Xid, four SXid errors" "$(sqlite3 "$GRDB" "select group_concat(n, ' ') from (select xid || 'x' || count(*) as n from gpu_events group by xid order by xid)")" "79x1 20034x4"
    same "gpu real sxid log: every event on the host" "$(sqlite3 "$GRDB" "select group_concat(distinct host) from gpu_events")" gpu-a
    same "gpu real sxid log: one burst" "$(sqlite3 "$GRDB" "select title from incidents")" "Xid 79, SXid 20034 on gpu-a: 1 GPU, drain"
    expect "gpu real sxid log: the month" 0 "$BIN" --db "$GRDB" eval --month 2025-03
    has "gpu real sxid log: 12 s of log cannot speak for the month" "$TMP/out" '^team:real +\(all\) +2025-03 +- .*insufficient coverage'
    expect "gpu real slurmctld" 0 "$BIN" --db "$GRDB" ingest --entity team:hpc --service cluster "$GR/slurmctld-log/liciascl-slurmctld-tail-down-returned.log"
    has "gpu real slurmctld: one outage" "$TMP/out" ': 1 incident, 5 status intervals$'
    same "gpu real slurmctld: the nodes affected" "$(sqlite3 "$GRDB" "select title || ' ' || json_extract(extra, '$.nodes') from incidents where entity = 'team:hpc'")" '4 nodes down at once: Not responding ["compute00","compute01","compute02","compute03"]'
    expect "gpu real slurmctld: the month" 0 "$BIN" --db "$GRDB" eval --month 2024-04 --entity team:hpc
    has "gpu real slurmctld: 24 minutes down in 6 h of log" "$TMP/out" '^team:hpc +\(all\) +2024-04 +- +24\.2 .* 1 +0/0/1/0/0 .*insufficient coverage: 0\.88 % monitored, measured 93\.648 %$'
else
    echo "cli: skipped the real GPU and cluster logs: ${SLAUDIT_REAL:-../shared/real}/exports is absent"
fi

# --- responder load: pages per on-call primary, outside working hours, per shift ---
# The demo store with the on-call schedule ($RDB): in September raj is primary
# until 09-14 00:00Z and lee from 09-14 08:00Z (the 8 h between have no
# primary and no incident). Pages are the team's incidents of the month; the
# store's own count and the ones outside 09:00-18:00 Mon-Fri UTC, by SQL:
resp_sql() { sqlite3 "$RDB" "select count(*) || '/' || coalesce(sum(strftime('%H', t, 'unixepoch') + 0 not between 9 and 17 or strftime('%w', t, 'unixepoch') in ('0', '6')), 0) from (select coalesce(detected, started) as t from incidents where entity = 'team:platform' and coalesce(started, detected) >= $1 and coalesce(started, detected) < $2 and coalesce(detected, started) >= $3 and coalesce(detected, started) < $4)"; }
SEP1=1788220800 OCT1=1790812800 SEP14=1789344000
expect "responders: report" 0 "$BIN" --db "$RDB" -q report --month 2026-09 -o "$TMP/resp.xlsx"
same "responders: sheet order" "$(unzip -p "$TMP/resp.xlsx" xl/workbook.xml | grep -o '<sheet name="[^"]*"' | sed 's/.*="//; s/"$//' | grep -A1 '^Incidents$' | tail -1)" "Responders"
cells_of "$TMP/resp.xlsx" Responders resp
# resp_row LABEL: columns C..H of the first row whose B is LABEL, as C/D/E/G/H
resp_row() {
    awk -F'\t' -v label="$1" '
        { col = substr($1, 1, 1); row = substr($1, 2); v[col, row] = $2 }
        col == "B" && $2 == label && !found { found = row }
        END { if (found) print v["C", found] "/" v["D", found] "/" v["E", found] "/" v["G", found] "/" v["H", found] }
    ' "$TMP/resp.cells"
}
raj=$(resp_sql $SEP1 $OCT1 $SEP1 $SEP14)
lee=$(resp_sql $SEP1 $OCT1 $((SEP14 + 28800)) $OCT1)
all=$(resp_sql $SEP1 $OCT1 0 9999999999)
same "responders: the store's counts" "$raj $lee $all" "12/7 11/7 23/14"
same "responders: raj, one shift" "$(resp_row raj)" "1/12/7/12/"
same "responders: lee, one shift" "$(resp_row lee)" "1/11/7/11/"
same "responders: the team, mean and max per shift" "$(resp_row '(all responders)')" "2/23/14/11.5/12"
hasnt "responders: every page has a responder" "$TMP/resp.cells" 'no responder'
cells_of "$TMP/resp.xlsx" Definitions rdef
same "responders: definition of outside working hours" "$(beside rdef 'Outside working hours')" "not 09:00–18:00 Mon–Fri"
# A page in the 8 h with no primary (Monday 09-14 03:00Z) has no responder,
# and is outside working hours.
RLDB=$TMP/resp-gap.db
cp "$RDB" "$RLDB"
printf '%s\n' 'id,entity,service,severity,title,started,detected,acknowledged,resolved' \
    'GAP-1,team:platform,api,sev2,paged in the gap,2026-09-14T03:00:00Z,2026-09-14T03:00:00Z,2026-09-14T03:10:00Z,2026-09-14T04:00:00Z' >"$TMP/gap-incident.csv"
expect "responders: a page in the gap" 0 "$BIN" --db "$RLDB" -q ingest --format incident-csv "$TMP/gap-incident.csv"
expect "responders: report with the gap" 0 "$BIN" --db "$RLDB" -q report --month 2026-09 -o "$TMP/resp-gap.xlsx"
cells_of "$TMP/resp-gap.xlsx" Responders resp
same "responders: no responder row" "$(resp_row 'no responder')" "/1/1//"
same "responders: the team counts it, not per shift" "$(resp_row '(all responders)')" "2/24/15/11.5/12"
# The report of one entity shows that entity's responders only: none here.
expect "responders: report of a provider" 0 "$BIN" --db "$RDB" -q report --month 2026-09 --entity provider:nimbus -o "$TMP/resp-nimbus.xlsx"
unzip -p "$TMP/resp-nimbus.xlsx" xl/workbook.xml >"$TMP/resp-nimbus.wb"
has "responders: the provider's workbook" "$TMP/resp-nimbus.wb" '<sheet name="Incidents"'
hasnt "responders: no sheet for a provider without shifts" "$TMP/resp-nimbus.wb" '<sheet name="Responders"'

# --- real exports nobody on the project wrote (../shared/real, when present) -----
# Read in place, never copied: each file's counts per kind, a few stored
# values, and the failures that must come before anything is stored.
REAL=${SLAUDIT_REAL:-../shared/real}/exports
if [ -d "$REAL" ]; then
    RDB=$TMP/real.db
    rsql() { sqlite3 "$RDB" "$1"; }
    for f in opsgenie/xsoar-get_alerts.json opsgenie/xsoar-get_incidents_without_next.json \
        milestones-json/incidentio-singer-tap-incidents.json; do
        expect "real $f without --entity" 3 "$BIN" --db "$RDB" ingest "$REAL/$f"
        has "real $f: every record rejected" "$TMP/err" 'nothing stored: all 1 records read as [a-z-]+ were rejected'
        expect "real $f with --entity" 0 "$BIN" --db "$RDB" ingest --entity team:real "$REAL/$f"
        has "real $f: one incident" "$TMP/out" 'read 1, stored 1, rejected 0, duplicates 0: 1 incident$'
    done
    same "real opsgenie alert stored open" "$(rsql "select state from incidents where key like 'b7da6303-%'")" open
    expect "real pagerduty analytics" 0 "$BIN" --db "$RDB" ingest --entity team:real "$REAL/pagerduty-json/asyncpd-analytics-raw-incidents.json"
    has "real pagerduty analytics: one incident" "$TMP/out" ': 1 incident$'
    same "real pagerduty analytics resolved" "$(rsql "select state || ' ' || resolved from incidents where key = 'P9UMCAE'")" "resolved 1610120392"
    expect "real pagerduty analytics under another --tz" 0 "$BIN" --db "$TMP/real-tz.db" --tz America/New_York ingest --entity team:real "$REAL/pagerduty-json/asyncpd-analytics-raw-incidents.json"
    same "real pagerduty analytics: its time_zone, not --tz" "$(sqlite3 "$TMP/real-tz.db" "select resolved from incidents where key = 'P9UMCAE'")" 1610120392
    for f in nvidia-xid/gpud-sxid-readme-xid79-nvswitch.log openslo/openslo-ratio-timeslices.yaml \
        openslo/openslo-timeslices-calendar.yaml prometheus-range/prometheus-docs-query_range-up.json \
        slurmctld-log/liciascl-slurmctld-tail-down-returned.log; do
        expect "real $f without --entity" 3 "$BIN" --db "$RDB" ingest "$REAL/$f"
        has "real $f: one error before reading" "$TMP/err" 'no entity: [a-z-]+ files name none; give --entity'
        hasnt "real $f: no reject" "$TMP/err" 'rejected'
    done
    expect "real prometheus up" 0 "$BIN" --db "$RDB" ingest --entity team:real "$REAL/prometheus-range/prometheus-docs-query_range-up.json"
    has "real prometheus up: probes and intervals" "$TMP/out" 'read 6, stored 6, rejected 0, duplicates 0: 6 probe results, 3 status intervals$'
    expect "real prometheus non-up series" 3 "$BIN" --db "$RDB" ingest --entity team:real "$REAL/prometheus-range/grafana-range_missing.result.json"
    has "real prometheus non-up series: nothing stored" "$TMP/err" 'nothing stored: all 3 records'
    expect "real slurmctld" 0 "$BIN" --db "$RDB" ingest --entity team:hpc --service cluster "$REAL/slurmctld-log/liciascl-slurmctld-tail-down-returned.log"
    has "real slurmctld: per kind" "$TMP/out" 'read 6, stored 6, rejected 0, duplicates 0: 1 incident, 5 status intervals$'
    same "real slurmctld: one outage of the four nodes" "$(rsql "select started || '-' || resolved || ' ' || json_extract(extra, '$.units') from incidents where key like 'slurm:outage:%'")" "1712931778-1712933231 4"
    expect "real sloth v1alpha" 0 "$BIN" --db "$RDB" ingest --entity team:real "$REAL/unsupported/sloth-openslo-v1alpha-getting-started.yml"
    has "real sloth v1alpha: one objective" "$TMP/out" 'openslo: read 1, stored 1, rejected 0, duplicates 0: 1 commitment$'
    same "real sloth v1alpha: 99.9 over a rolling 30 days" "$(rsql "select service || ' ' || json_extract(terms, '$.uptime_targets[0].percent') || ' ' || json_extract(terms, '$.uptime_targets[0].window') || ' ' || json_extract(terms, '$.uptime_targets[0].days') from commitments")" "my-service 99.9 rolling 30"
    # SLO specifications: each window stored as written, none refused
    expect "real openslo 2w rolling" 0 "$BIN" --db "$RDB" ingest --entity team:web "$REAL/openslo/openslo-ratio-timeslices.yaml"
    has "real openslo 2w rolling: one objective" "$TMP/out" 'openslo: read 1, stored 1, rejected 0, duplicates 0: 1 commitment$'
    same "real openslo 2w rolling: 99 % over 14 rolling days" "$(rsql "select service || ' ' || json_extract(terms, '$.uptime_targets[0].percent') || ' ' || json_extract(terms, '$.uptime_targets[0].window') || ' ' || json_extract(terms, '$.uptime_targets[0].days') from commitments where document = 'main-page'")" "web-shop 99 rolling 14"
    expect "real openslo calendar week" 0 "$BIN" --db "$RDB" ingest --entity team:web "$REAL/openslo/openslo-timeslices-calendar.yaml"
    has "real openslo calendar week: one objective" "$TMP/out" 'openslo: read 1, stored 1, rejected 0, duplicates 0: 1 commitment$'
    same "real openslo calendar week: 99.95 % over weeks from 2022-01-01" "$(rsql "select service || ' ' || json_extract(terms, '$.uptime_targets[0].percent') || ' ' || json_extract(terms, '$.uptime_targets[0].window') || ' ' || json_extract(terms, '$.uptime_targets[0].days') || ' ' || json_extract(terms, '$.uptime_targets[0].start_date') || ' ' || json_extract(terms, '$.slo.time_zone') from commitments where document = 'service-availability'")" "web-availability 99.95 days 7 2022-01-01 America/New_York"
    expect "real sloth prometheus/v1" 0 "$BIN" --db "$RDB" ingest --entity team:web "$REAL/unsupported/sloth-prometheus-v1-getting-started.yml"
    has "real sloth prometheus/v1: one objective" "$TMP/out" 'sloth: read 1, stored 1, rejected 0, duplicates 0: 1 commitment$'
    same "real sloth prometheus/v1: 99.9 over Sloth's 30 days" "$(rsql "select service || ' ' || json_extract(terms, '$.uptime_targets[0].percent') || ' ' || json_extract(terms, '$.uptime_targets[0].window') || ' ' || json_extract(terms, '$.uptime_targets[0].days') from commitments where document = 'myservice-requests-availability'")" "myservice 99.9 rolling 30"
    expect "real pyrra without --entity" 3 "$BIN" --db "$RDB" ingest "$REAL/unsupported/pyrra-apiserver-request-errors.yaml"
    expect "real pyrra" 0 "$BIN" --db "$RDB" ingest --entity team:k8s "$REAL/unsupported/pyrra-apiserver-request-errors.yaml"
    has "real pyrra: two objectives, the closing --- passed over" "$TMP/out" 'pyrra: read 2, stored 2, rejected 0, duplicates 0: 2 commitments$'
    same "real pyrra: 99.99 over 2w, 99 over 1w" "$(rsql "select group_concat(document || ' ' || json_extract(terms, '$.uptime_targets[0].percent') || ' ' || json_extract(terms, '$.uptime_targets[0].window') || ' ' || json_extract(terms, '$.uptime_targets[0].days'), ', ') from (select document, terms from commitments where entity = 'team:k8s' order by document)")" "apiserver-read-response-errors 99.99 rolling 14, apiserver-write-response-errors 99 rolling 7"
    same "real: failed files recorded nowhere" "$(rsql "select count(*) from sources where path like '%grafana%'")" 0
    expect "real forget one export" 0 "$BIN" --db "$RDB" forget "$REAL/opsgenie/xsoar-get_alerts.json"
    has "real forget one export: its incident" "$TMP/out" 'forgot 1 source: 1 incidents,'
else
    echo "cli: skipped the real exports: $REAL is absent (set SLAUDIT_REAL to the folder holding exports/)"
fi

# --- status feeds (Atom, RSS) and the span of a status history --------------
# Feeds are read with libxml2: RSS items keyed by their link with RFC 822
# dates, the impact's start taken from the resolution's text, declared
# entities never expanded, a malformed feed failing at its line. --covers sets
# the span a provider's history speaks for; without it, the span runs to the
# export's generation time.
FDB=$TMP/feeds.db
fsql() { sqlite3 "$FDB" "$1"; }
feed_update() { # DAY TIME WORD TEXT: one <p> of a Statuspage timeline, escaped
    printf '&lt;p&gt;&lt;small&gt;Aug &lt;var data-var=%s&gt;%s&lt;/var&gt;, &lt;var data-var=%s&gt;%s&lt;/var&gt; UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;%s&lt;/strong&gt; - %s&lt;/p&gt;' \
        "'date'" "$1" "'time'" "$2" "$3" "$4"
}
{
    printf '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0">\n<channel>\n'
    printf '<title>Lumen Status - Incident History</title>\n<link>https://status.lumen.example</link>\n'
    printf '<item>\n<title>GraphQL timeouts</title>\n<description>%s%s</description>\n' \
        "$(feed_update 11 20:06 Resolved 'On August 11, 2026, between 14:00 UTC and 16:00 UTC requests timed out.')" \
        "$(feed_update 11 14:50 Investigating 'We are investigating.')"
    printf '<pubDate>Tue, 11 Aug 2026 20:06:00 +0000</pubDate>\n'
    printf '<link>https://status.lumen.example/incidents/q9f3lx</link>\n<guid>tag:status.lumen.example,2005:Incident/4242</guid>\n</item>\n'
    printf '</channel>\n</rss>\n'
} >"$TMP/history.rss"
expect "feeds: rss" 0 "$BIN" --db "$FDB" ingest "$TMP/history.rss"
has "feeds: rss read as a feed" "$TMP/out" 'statuspage-feed: read 1, stored 1, rejected 0, duplicates 0: 1 incident$'
same "feeds: rss keyed by its link, impact from the resolution" \
    "$(fsql "select key || ' ' || entity || ' ' || started || ' ' || detected || ' ' || resolved from incidents")" \
    "q9f3lx provider:lumen 1786456800 1786459800 1786478760"
sed 's|<pubDate>Tue, 11 Aug 2026 20:06:00 +0000</pubDate>|<pubDate>Tuesday</pubDate>|; s|q9f3lx|zz1|' "$TMP/history.rss" >"$TMP/baddate.rss"
expect "feeds: rss pubDate not RFC 822" 3 "$BIN" --db "$FDB" ingest "$TMP/baddate.rss"
has "feeds: rss pubDate rejected at its item" "$TMP/err" "baddate.rss:6: rejected: bad published time 'Tuesday': not an RFC 822 date"
{
    printf '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n<title>Lumen Status</title>\n'
    printf '<entry><id>tag:x,2005:Incident/1</id><published>2026-08-11T20:06:00Z</published>\n'
    printf '<title>open title</entry>\n</feed>\n'
} >"$TMP/bad.atom"
expect "feeds: malformed XML" 3 "$BIN" --db "$FDB" ingest "$TMP/bad.atom"
has "feeds: malformed XML at its line" "$TMP/err" '^slaudit: .*bad\.atom:5: XML: Opening and ending tag mismatch: title line 5 and entry'
has "feeds: malformed XML stores nothing" "$TMP/err" 'nothing from this file was stored'
printf 'SECRET-FEED-TEXT\n' >"$TMP/secret.txt"
hostile_feed() { # DECLARATIONS REFERENCES: an Atom feed whose one title refers to entities
    printf '<?xml version="1.0"?>\n<!DOCTYPE feed [%s]>\n' "$1"
    printf '<feed xmlns="http://www.w3.org/2005/Atom"><title>Lumen Status</title>\n'
    printf '<entry><id>tag:x,2005:Incident/7</id><published>2026-08-12T10:00:00Z</published>\n'
    printf '<title>Outage %s</title><content type="html">%s%s</content></entry>\n</feed>\n' "$2" \
        "$(feed_update 12 11:00 Resolved 'Fixed.')" "$(feed_update 12 10:00 Investigating 'Looking.')"
}
hostile_feed "<!ENTITY xxe SYSTEM \"file://$TMP/secret.txt\"><!ENTITY own \"EXPANDED\">" '&xxe;&own;' >"$TMP/xxe.atom"
# The entry would lose its text: rejected, the entity named; the file's one
# entry rejected, nothing is stored.
expect "feeds: declared entities" 3 "$BIN" --db "$FDB" ingest "$TMP/xxe.atom"
has "feeds: an entity that would lose text is a reject" "$TMP/err" 'xxe\.atom:[0-9]+: rejected: entry text refers to the entity &xxe; declared in the feed: slaudit expands no entity'
same "feeds: no entity expanded, no file read" "$(fsql "select count(*) from incidents where key = '7'")" 0
same "feeds: nothing of the file in the store" "$(fsql "select count(*) from incidents where title like '%SECRET%' or title like '%EXPANDED%'")" 0
laughs='<!ENTITY lol0 "lol">'
for i in 1 2 3 4 5 6 7 8 9; do
    j=$((i - 1))
    laughs="$laughs<!ENTITY lol$i \"&lol$j;&lol$j;&lol$j;&lol$j;&lol$j;&lol$j;&lol$j;&lol$j;&lol$j;&lol$j;\">"
done
hostile_feed "$laughs" '&lol9;' | sed 's|Incident/7|Incident/8|' >"$TMP/laughs.atom"
expect "feeds: a billion laughs" 3 timeout 30 "$BIN" --db "$FDB" ingest "$TMP/laughs.atom"
has "feeds: a billion laughs refused by libxml2" "$TMP/err" 'laughs\.atom:[0-9]+: XML: .*\(not well-formed\)'
same "feeds: a billion laughs stores nothing" "$(fsql "select count(*) from incidents where key = '8'")" 0
printf '<?xml version="1.0"?>\n<html><title>x</title></html>\n' >"$TMP/page.xml"
expect "feeds: XML of another root" 3 "$BIN" --db "$FDB" ingest --format statuspage-feed "$TMP/page.xml"
has "feeds: XML of another root message" "$TMP/err" 'page\.xml:2: XML without an Atom or RSS root: <html> is not <feed> nor <rss>'

CVDB=$TMP/covers.db
cat >"$TMP/export.json" <<'JSON'
{"page": {"id": "p", "name": "Lumen", "updated_at": "2026-10-20T00:00:00Z"},
 "incidents": [{"id": "i1", "name": "API down", "status": "resolved", "impact": "critical",
   "created_at": "2026-10-10T10:00:00Z", "started_at": "2026-10-10T10:00:00Z",
   "resolved_at": "2026-10-10T11:00:00Z", "components": [{"id": "c", "name": "API"}],
   "incident_updates": []}]}
JSON
expect "covers: ingest --help" 0 "$BIN" ingest --help
has "covers: in --help" "$TMP/out" '^  --covers FROM\.\.TO  the span a provider'
expect "covers: not a range" 2 "$BIN" --db "$CVDB" ingest --covers 2026-10-01 "$TMP/export.json"
has "covers: not a range message" "$TMP/err" "^slaudit: --covers '2026-10-01' is not FROM\.\.TO"
expect "covers: backwards" 2 "$BIN" --db "$CVDB" ingest --covers 2026-11-01..2026-10-01 "$TMP/export.json"
has "covers: backwards message" "$TMP/err" 'TO is not after FROM'
expect "covers: bad date" 2 "$BIN" --db "$CVDB" ingest --covers 2026-10-01..soon "$TMP/export.json"
expect "covers: derived span" 0 "$BIN" --db "$TMP/derived.db" ingest "$TMP/export.json"
same "covers: derived span runs to the generation time" \
    "$(sqlite3 "$TMP/derived.db" "select start || '-' || end from intervals where key like 'coverage:%'")" "1791626400-1792454400"
expect "covers: derived eval" 0 "$BIN" --db "$TMP/derived.db" eval --month 2026-10
has "covers: derived leaves the 1st to the 10th unknown" "$TMP/out" '^provider:lumen +\(all\) +2026-10 +- .*insufficient coverage: 30\.91 % monitored, measured 99\.565 %$'
expect "covers: given span" 0 "$BIN" --db "$CVDB" ingest --covers 2026-10-01..2026-11-01 "$TMP/export.json"
same "covers: given span stored" "$(sqlite3 "$CVDB" "select start || '-' || end from intervals where key like 'coverage:%'")" "1790812800-1793491200"
expect "covers: given eval" 0 "$BIN" --db "$CVDB" eval --month 2026-10
has "covers: the whole month measured" "$TMP/out" '^provider:lumen +\(all\) +2026-10 +99\.866% +60\.0 +0\.0 '
printf 'service,start,end,status\nAPI,2026-10-02T00:00:00Z,2026-10-02T01:00:00Z,down\n' >"$TMP/intervals.csv"
expect "covers: not a history" 3 "$BIN" --db "$CVDB" ingest --covers 2026-10-01..2026-11-01 --entity team:x "$TMP/intervals.csv"
has "covers: not a history message" "$TMP/err" 'intervals\.csv: --covers: interval-csv gives no status history to cover'
same "covers: not a history recorded nowhere" "$(sqlite3 "$CVDB" "select count(*) from sources where path like '%intervals.csv'")" 0

REALDIR=${SLAUDIT_REAL:-../shared/real}
if [ -f "$REALDIR/incidents/githubstatus-history.atom" ]; then
    RFDB=$TMP/real-feeds.db
    expect "real feed: github atom" 0 "$BIN" --db "$RFDB" ingest "$REALDIR/incidents/githubstatus-history.atom"
    has "real feed: 25 incidents" "$TMP/out" 'statuspage-feed: read 25, stored 25, rejected 0, duplicates 0: 25 incidents$'
    same "real feed: 18 state an earlier start" "$(sqlite3 "$RFDB" "select count(*) from incidents where started < detected")" 18
    same "real feed: a stated window" "$(sqlite3 "$RFDB" "select started || ' ' || detected from incidents where key = '31147598'")" "1786456800 1786459800"
    same "real feed: a postmortem's slipped date, its clock kept" "$(sqlite3 "$RFDB" "select started from incidents where key = '31199495'")" 1787029320
    same "real feed: no start after its first update" "$(sqlite3 "$RFDB" "select count(*) from incidents where started > detected or detected - started > 43200")" 0
    expect "real feed: --covers refused" 3 "$BIN" --db "$RFDB" ingest --replace --covers 2026-08-01..2026-09-01 "$REALDIR/incidents/githubstatus-history.atom"
    has "real feed: --covers refused message" "$TMP/err" 'statuspage-feed gives no status history to cover'
    expect "real gcp: --covers" 0 "$BIN" --db "$RFDB" ingest --covers 2021-07-01..2022-08-01 "$REALDIR/incidents/gcp-status-incidents.json"
    expect "real gcp: eval the first month" 0 "$BIN" --db "$RFDB" eval --month 2021-07 --entity provider:google-cloud
    has "real gcp: July 2021 measured whole" "$TMP/out" '^provider:google-cloud +\(all\) +2021-07 +99\.539% +5757\.6 +0\.0 '
    hasnt "real gcp: no partial coverage" "$TMP/out" 'partial coverage'
    expect "real downtime windows" 0 "$BIN" --db "$RFDB" ingest --entity provider:ghwin --service github "$REALDIR/incidents/githubstatus-downtime_windows.csv"
    has "real downtime windows: the span they cover" "$TMP/out" 'interval-csv: read 820, stored 798, rejected 22, duplicates 0: 798 status intervals$'
    same "real downtime windows: span from the first window to the last" "$(sqlite3 "$RFDB" "select start || '-' || end from intervals where entity = 'provider:ghwin' and key like 'coverage:%'")" "1648149060-1787272620"
    expect "real downtime windows: eval" 0 "$BIN" --db "$RFDB" eval --month 2024-06 --entity provider:ghwin
    has "real downtime windows: June 2024 measured whole" "$TMP/out" '^provider:ghwin +\(all\) +2024-06 +99\.883% +50\.4 +0\.0 '
else
    echo "cli: skipped the real status feeds: $REALDIR/incidents is absent (set SLAUDIT_REAL to the folder holding incidents/)"
fi

# --- state-change logs: a status holds until the next change ---------------------
# tests/data/formats/status-changes.jsonl and uptime-kuma-webhooks.jsonl; the
# intervals and months are worked out in tests/parsers/formats/test_state_changes.c.
SDB=$TMP/changes.db
SC=$(pwd)/tests/data/formats
ssql() { sqlite3 "$SDB" "$1"; }
expect "changes: archiver log" 0 "$BIN" --db "$SDB" ingest --entity provider:acme "$SC/status-changes.jsonl"
has "changes: archiver log per kind" "$TMP/out" 'jsonl: read 7, stored 4, rejected 1, duplicates 0: 4 state changes, 6 status intervals, 2 records of no service \(skipped\)$'
has "changes: an unknown status, with its line" "$TMP/err" "status-changes\.jsonl:6: rejected: unknown new status 'sideways' \(up, operational,"
same "changes: api down across the month boundary" "$(ssql "select start || '-' || \"end\" from intervals where service = 'api' and status = 'down'")" "1790809200-1790816400"
same "changes: the last status ends with the log" "$(ssql "select max(\"end\") from intervals")" 1793404800
expect "changes: september" 0 "$BIN" --db "$SDB" eval --month 2026-09 --entity provider:acme
has "changes: september api" "$TMP/out" '^provider:acme +api +2026-09 +99\.861% '
has "changes: september web (partial at 0.3)" "$TMP/out" '^provider:acme +web +2026-09 +99\.979% '
hasnt "changes: september fully known" "$TMP/out" 'coverage'
expect "changes: october" 0 "$BIN" --db "$SDB" eval --month 2026-10 --entity provider:acme
has "changes: october web, the log's last day unknown" "$TMP/out" '^provider:acme +web +2026-10 +99\.917% +36\.0 +24\.0 '
expect "changes: kuma webhooks" 0 "$BIN" --db "$SDB" ingest --json --entity team:ml "$SC/uptime-kuma-webhooks.jsonl"
has "changes: kuma webhooks json" "$TMP/out" '"format":"uptime-kuma","sha256":"[0-9a-f]+","read":6,"stored":4,"rejected":2,"duplicates":0,"intervals":3,.*"probes":0,"changes":4,"skipped":0'
has "changes: kuma test notification rejected" "$TMP/err" "uptime-kuma-webhooks\.jsonl:4: rejected: webhook payload without a heartbeat"
same "changes: kuma up until the next payload" "$(ssql "select \"end\" - start from intervals where entity = 'team:ml' and service = 'inference-api' and status = 'up'")" 307800
printf '%s\n' '{"at":"2026-10-01T00:00:00Z","from":"none","to":"minor"}' '{"at":"2026-10-01T01:00:00Z","from":"minor","to":"none"}' >"$TMP/page-only.jsonl"
expect "changes: a log of no service" 3 "$BIN" --db "$SDB" ingest --entity provider:acme "$TMP/page-only.jsonl"
has "changes: a log of no service says so" "$TMP/err" 'nothing stored: none of the 2 records read as jsonl names a service whose status changes \(map one: --map service=PATH\)'
expect "changes: record kind in --map" 2 "$BIN" --db "$SDB" ingest --map record=sample --entity provider:acme "$TMP/page-only.jsonl"
has "changes: record kind message" "$TMP/err" "'record=sample': the record is incident, probe or change"
# Alert transitions through a line pattern: record: change, groups from and to.
printf '%s\n' '2026-10-01T00:00:00Z alert gpu-node-7 up->down' '2026-10-01T03:00:00Z alert gpu-node-7 down->up' '2026-10-02T00:00:00Z heartbeat' >"$TMP/alerts.log"
printf '%s\n' 'record: change' "pattern: '^(?<time>\\S+) (?:alert (?<service>\\S+) (?<from>\\w+)->(?<to>\\w+)|heartbeat)\$'" >"$TMP/alerts.yaml"
expect "changes: alert transitions" 0 "$BIN" --db "$SDB" ingest --format line-pattern --config "$TMP/alerts.yaml" --entity team:hpc "$TMP/alerts.log"
has "changes: alert transitions per kind" "$TMP/out" 'line-pattern: read 3, stored 2, rejected 0, duplicates 0: 2 state changes, 2 status intervals, 1 record of no service \(skipped\)$'
same "changes: alert up until the log's heartbeat" "$(ssql "select start || '-' || \"end\" from intervals where entity = 'team:hpc' and status = 'up'")" "1790823600-1790899200"
RCH=${SLAUDIT_REAL:-../shared/real}/exports/jsonl/ai-status-archive-anthropic-changes.jsonl
if [ -f "$RCH" ]; then
    # The archiver's log of status.claude.com: 12 component changes among 27
    # lines, from its baseline on 2026-09-15 12:19:09 to 2026-10-08 01:10:02.
    expect "changes: real archiver log" 0 "$BIN" --db "$SDB" ingest --entity provider:anthropic "$RCH"
    has "changes: real archiver log per kind" "$TMP/out" 'jsonl: read 27, stored 12, rejected 0, duplicates 0: 12 state changes, 16 status intervals, 15 records of no service \(skipped\)$'
    same "changes: real partial outage" "$(ssql "select start || '-' || \"end\" from intervals where service = 'bpp5gb3hpjcl' and status = 'partial'")" "1790038864-1790056894"
    same "changes: real up from the baseline" "$(ssql "select min(start) from intervals where entity = 'provider:anthropic' and service = '0qbwn08sd68x' and status = 'up'")" 1789474749
    same "changes: real last change covers nothing" "$(ssql "select count(*) from intervals where entity = 'provider:anthropic' and status = 'degraded'")" 0
    expect "changes: real september" 0 "$BIN" --db "$SDB" eval --month 2026-09 --entity provider:anthropic
    has "changes: real september entity" "$TMP/out" '^provider:anthropic +\(all\) +2026-09 +99\.677% .*partial coverage: 51\.62 % monitored$'
    has "changes: real september component" "$TMP/out" '^provider:anthropic +bpp5gb3hpjcl +2026-09 +99\.596% '
else
    echo "cli: skipped the real state-change log: $RCH is absent (set SLAUDIT_REAL to the folder holding exports/)"
fi
RUP=${SLAUDIT_REAL:-../shared/real}/uptime/manticore-upptime/history-commit-log.tsv
if [ -f "$RUP" ]; then
    # 314 status commits of 18 sites; each site's last change holds to the
    # newest commit, 2026-08-22 01:18:30 ("Update status summary").
    expect "changes: real upptime commit log" 0 "$BIN" --db "$SDB" ingest --entity team:manticore "$RUP"
    has "changes: real upptime commit log per kind" "$TMP/out" 'upptime-commits: read 314, stored 314, rejected 0, duplicates 0: 314 status intervals$'
    same "changes: real upptime last changes end with the log" "$(ssql "select count(distinct service) from intervals where entity = 'team:manticore' and \"end\" = 1787361510")" 18
else
    echo "cli: skipped the real upptime commit log: $RUP is absent (set SLAUDIT_REAL to the folder holding uptime/)"
fi

# --- PagerDuty v3 webhook events: one incident from each incident's events ---
WDB=$TMP/webhooks.db
expect "ingest pagerduty webhooks" 0 "$BIN" --db "$WDB" ingest tests/data/formats/pagerduty-webhooks.jsonl
has "webhooks detected, counted per kind" "$TMP/out" 'pagerduty-json: read 10, stored 2, rejected 1, duplicates 6: 2 incidents, 1 record of no service \(skipped\)$'
has "webhook reject names its line" "$TMP/err" 'pagerduty-webhooks.jsonl:9: rejected: webhook event without occurred_at'
same "webhook incident times by occurred_at" "$(sqlite3 "$WDB" "select key || ' ' || detected || ' ' || acknowledged || ' ' || coalesce(resolved, '-') || ' ' || state from incidents order by key" | tr '\n' ';')" \
    "Q2ABC 1791108000 1791108300 1791110700 resolved;Q2DEF 1791273600 1791274200 - triggered;"
expect "pagerduty webhooks as --json" 0 "$BIN" --db "$TMP/webhooks2.db" ingest --json --format pagerduty-json tests/data/formats/pagerduty-webhooks.jsonl
has "webhooks --json: incidents and skipped" "$TMP/out" '"incidents":2,.*"skipped":1'
awk 'BEGIN { for (i = 0; i <= 100000; i++) printf "{\"event\":{\"event_type\":\"incident.triggered\",\"resource_type\":\"incident\",\"occurred_at\":\"2026-10-04T10:00:00Z\",\"data\":{\"id\":\"Q%07d\"}}}\n", i }' >"$TMP/many-hooks.jsonl"
expect "webhooks of too many incidents" 3 "$BIN" --db "$TMP/webhooks3.db" ingest --entity team:x "$TMP/many-hooks.jsonl"
has "webhooks: the incident limit named" "$TMP/err" 'many-hooks.jsonl:100001: too many incidents in one file of webhook events: the limit is 100000; split the file'

# --- claim: the credit claim pack, its figures those of eval --json -------------
# claim_vs_eval BOOK EVAL_JSON NAME: the Credits sheet of BOOK against the
# contract rows of EVAL_JSON with a credit due and coverage not insufficient
# (service, attainment, downtime, allowed, outages, credit, claim-by date);
# leaves the normalised rows in $TMP/NAME-eval.tsv.
claim_vs_eval() {
    jq -r '.results[] | select(.measure == "contract" and .service != null and .sla.credit_percent > 0
            and .coverage_flag != "insufficient")
        | [.service, .sla.attainment_percent, .downtime_seconds, .sla.allowed_downtime_seconds,
           .outages, .sla.credit_percent, .sla.claim_deadline] | @tsv' "$2" |
        awk -F'\t' '{ printf "%s\t%.9f\t%.3f\t%.3f\t%d\t%g\t%s\n", $1, $2, $3, $4, $5, $6, $7 }' \
        >"$TMP/$3-eval.tsv"
    cells_of "$1" Credits "$3-credits"
    awk -F'\t' '{ col = substr($1, 1, 1); row = substr($1, 2) + 0; if (row > 1) v[row, col] = $2; if (row > n) n = row }
        END { for (r = 2; r <= n; r++)
            printf "%s\t%.9f\t%.3f\t%.3f\t%d\t%g\t%s\n", v[r, "A"], v[r, "D"] * 100, v[r, "G"] * 60,
                v[r, "F"] * 60, v[r, "H"], v[r, "K"], v[r, "O"] }' "$TMP/$3-credits.cells" >"$TMP/$3-book.tsv"
    if [ -s "$TMP/$3-eval.tsv" ] && cmp -s "$TMP/$3-eval.tsv" "$TMP/$3-book.tsv"; then pass; else
        fail "claim: $3: the Credits sheet differs from eval --json"
        diff "$TMP/$3-eval.tsv" "$TMP/$3-book.tsv" | sed 's/^/  | /' >&2
    fi
}
# The demo's store with the demo's SLA, as `make demo` imports it.
CDB=$TMP/claim.db
cp "$TMP/demo.db" "$CDB"
expect "claim: import the demo's SLA" 0 "$BIN" --db "$CDB" -q sla import sample-data/nimbus-sla.md --entity provider:nimbus --effective 2026-08-01
expect "claim: help" 0 "$BIN" claim --help
has "claim: help has an example" "$TMP/out" '^  slaudit claim --entity provider:nimbus --month 2026-10 -o claims/$'
expect "claim: no folder" 2 "$BIN" --db "$CDB" claim --entity provider:nimbus --month 2026-10
expect "claim: a bad month" 2 "$BIN" --db "$CDB" claim --entity provider:nimbus --month 2026-13 -o "$TMP/claims"
expect "claim: no json form" 2 "$BIN" --db "$CDB" --json claim --entity provider:nimbus --month 2026-10 -o "$TMP/claims"
expect "claim: an unknown entity" 3 "$BIN" --db "$CDB" claim --entity provider:nobody --month 2026-10 -o "$TMP/claims"
expect "claim: into a folder whose parent is missing" 5 "$BIN" --db "$CDB" claim --entity provider:nimbus --month 2026-10 -o "$TMP/no/such/claims"
if [ -e "$TMP/no" ]; then fail "claim: a failed pack left something behind"; else pass; fi
expect "claim: a month with nothing due" 0 "$BIN" --db "$CDB" claim --entity provider:nimbus --month 2026-07 -o "$TMP/claims-july"
has "claim: nothing due said" "$TMP/out" '^no credit due for provider:nimbus in 2026-07: nothing written$'
if [ -e "$TMP/claims-july" ]; then fail "claim: nothing due, yet a folder was made"; else pass; fi
expect "claim: an entity without an SLA" 0 "$BIN" --db "$CDB" claim --entity provider:coreline --month 2026-10 -o "$TMP/claims-coreline"
has "claim: no SLA said" "$TMP/out" 'no credit due for provider:coreline in 2026-10 \(no SLA is stored for it'
expect "claim: october" 0 "$BIN" --db "$CDB" claim --entity provider:nimbus --month 2026-10 -o "$TMP/claims"
CX=$TMP/claims/claim-provider-nimbus-2026-10.xlsx
CT=$TMP/claims/claim-provider-nimbus-2026-10.txt
has "claim: wrote both" "$TMP/out" "^wrote $TMP/claims/claim-provider-nimbus-2026-10.xlsx and $TMP/claims/claim-provider-nimbus-2026-10.txt\$"
same "claim: two files and nothing else" "$(ls -A "$TMP/claims" | tr '\n' ' ')" "claim-provider-nimbus-2026-10.txt claim-provider-nimbus-2026-10.xlsx "
# Every contract row of eval --json with a credit due, against the Credits sheet.
expect "claim: eval json of the month" 0 "$BIN" --db "$CDB" --json eval --month 2026-10 --entity provider:nimbus --no-save
same "claim: eval has two credits due" "$(jq '[.results[] | select(.measure == "contract" and .service != null and .sla.credit_percent > 0)] | length' "$TMP/out")" 2
claim_vs_eval "$CX" "$TMP/out" demo
# The outages listed add up to the downtime counted, per service.
cells_of "$CX" Outages claimout
awk -F'\t' '{ col = substr($1, 1, 1); row = substr($1, 2) + 0; if (row > 1) v[row, col] = $2; if (row > n) n = row }
    END { for (r = 2; r <= n; r++) if (!((v[r, "A"], v[r, "B"]) in seen)) {
              seen[v[r, "A"], v[r, "B"]] = 1; sum[v[r, "A"]] += v[r, "F"] * 60 }
          for (s in sum) printf "%s\t%.3f\n", s, sum[s] }' "$TMP/claimout.cells" | sort >"$TMP/claim-out-sum.tsv"
cut -f1,3 "$TMP/demo-eval.tsv" | sort >"$TMP/claim-eval-down.tsv"
if cmp -s "$TMP/claim-eval-down.tsv" "$TMP/claim-out-sum.tsv"; then pass; else
    fail "claim: the outages do not add up to the downtime counted"; diff "$TMP/claim-eval-down.tsv" "$TMP/claim-out-sum.tsv" | sed 's/^/  | /' >&2
fi
has "claim: an outage's incident with its file and line" "$TMP/claimout.cells" 'incidents-providers\.csv$'
has "claim: the incident cited" "$TMP/claimout.cells" '	NIM-1054$'
cells_of "$CX" Claim claimsheet
same "claim: claim by" "$(beside claimsheet 'Claim by')" 2026-11-30
same "claim: the commitment as a fraction, shown as a percent" "$(beside claimsheet 'Commitment')" 0.999
same "claim: the tier's credit as a fraction" "$(beside claimsheet 'Tier credit')" 0.1
has "claim: the commitment quoted with its lines" "$TMP/claimsheet.cells" 'lines 9-11: "Nimbus will use commercially reasonable efforts to make each Covered Service available with a Monthly Uptime Percentage of at least 99\.9% during any calendar month\."'
has "claim: the tier quoted with its line, no table pipes" "$TMP/claimsheet.cells" 'line 27: "Less than 99\.9% but equal to or greater than 99\.0% — 10%"'
hasnt "claim: no Markdown pipe quoted" "$TMP/claimsheet.cells" '"[^"]*\|'
# Each value beside its label: the words a figure rests on share its row.
awk -F'\t' '{ row = substr($1, 2) + 0; col = substr($1, 1, 1); if (col == "A") a[row] = 1; if (col == "D") d[row] = 1 }
    END { for (r in d) if (!(r in a)) print r }' "$TMP/claimsheet.cells" >"$TMP/claim-alone"
same "claim: no words on a row without their label" "$(cat "$TMP/claim-alone")" ""
hasnt "claim: the letter names no folder" "$CT" '[^ ]*/[^ ]*\.csv'
cells_of "$CX" Excluded claimexcl
has "claim: a short outage forgiven, with the document's line" "$TMP/claimexcl.cells" 'shorter than the 5 consecutive minutes the document requires \(line 15\)'
has "claim: partial service set aside, with the line" "$TMP/claimexcl.cells" 'partial service, which the document says is not downtime \(line 16\)'
has "claim: the letter quotes the commitment" "$CT" '^  Commitment, lines 9-11: "Nimbus will use'
has "claim: the letter cites the incident's line" "$CT" 'incidents-providers\.csv:[0-9]+ incident NIM-1054 '
has "claim: the letter's deadline" "$CT" '^  Claim by: 2026-11-30$'
for n in 1 2 3 4 5; do
    unzip -p "$CX" "xl/worksheets/sheet$n.xml" >"$TMP/claim-sheet$n.xml"
    hasnt "claim: no formula in sheet $n" "$TMP/claim-sheet$n.xml" '<f>'
done
cp "$CX" "$TMP/claim-first.xlsx"
cp "$CT" "$TMP/claim-first.txt"
expect "claim: again" 0 "$BIN" --db "$CDB" claim --entity provider:nimbus --month 2026-10 -o "$TMP/claims"
if cmp -s "$CX" "$TMP/claim-first.xlsx" && cmp -s "$CT" "$TMP/claim-first.txt"; then pass; else
    fail "claim: the pack is not byte-identical across runs"; fi
# A priced SLA from corrected JSON, and an incident titled as a formula: the
# amount is the fee's share, the title stays text, and the pack says the
# document was not at hand to quote.
HDB=$TMP/claim-hostile.db
printf 'id,entity,service,severity,title,started,detected,acknowledged,mitigated,resolved,postmortem,ticket\nH-1,provider:acme,storage,sev1,"=HYPERLINK(""http://x"")",2026-10-31T14:00:00Z,2026-10-31T14:01:00Z,2026-10-31T14:05:00Z,,2026-10-31T23:00:00Z,,\n' >"$TMP/claim-incidents.csv"
expect "claim: hostile ingest" 0 "$BIN" --db "$HDB" -q ingest --entity provider:acme "$TMP/fees.csv" "$TMP/claim-incidents.csv"
expect "claim: priced import" 0 "$BIN" --db "$HDB" -q sla import "$TMP/fees-sla.json" --entity provider:acme --fee 1000 --currency USD
expect "claim: priced" 0 "$BIN" --db "$HDB" claim --entity provider:acme --month 2026-10 -o "$TMP/claims-acme"
has "claim: gpu's amount" "$TMP/out" '^gpu: 99\.866 % against 99\.9 %, 1 outage counted: credit 10 %, 100\.00 USD; claim by '
has "claim: storage's amount" "$TMP/out" '^storage: 98\.656 % against 99\.9 %, 1 outage counted: credit 25 %, 250\.00 USD; claim by '
has "claim: no claim window said plainly" "$TMP/out" 'claim by the document names no claim window$'
has "claim: JSON terms are not quoted" "$TMP/err" 'the terms were imported as JSON'
AX=$TMP/claims-acme/claim-provider-acme-2026-10.xlsx
cells_of "$AX" Outages acmeout
has "claim: a hostile title is text" "$TMP/acmeout.cells" '	sev1: =HYPERLINK\("http://x"\)$'
hasnt "claim: no formula from a title" "$TMP/acmeout.xml" '<f>'
cells_of "$AX" Credits acmecredits
same "claim: storage's amount in the book" "$(awk -F'\t' '$1 == "M3" { print $2 }' "$TMP/acmecredits.cells")" 250
same "claim: the currency" "$(awk -F'\t' '$1 == "N3" { print $2 }' "$TMP/acmecredits.cells")" USD
# A credit on three days of monitoring of a month is not claimed: eval shows
# no availability below 50 % coverage, and the pack says why it left it out.
printf 'service,start,end,status\nthin,2026-10-01T00:00:00Z,2026-10-03T23:00:00Z,up\nthin,2026-10-03T23:00:00Z,2026-10-04T00:00:00Z,down\n' >"$TMP/claim-thin.csv"
TDB=$TMP/claim-thin.db
expect "claim: thin ingest" 0 "$BIN" --db "$TDB" -q ingest --entity provider:thin "$TMP/claim-thin.csv"
expect "claim: thin import" 0 "$BIN" --db "$TDB" -q sla import "$TMP/fees-sla.json" --entity provider:thin
expect "claim: thin eval" 0 "$BIN" --db "$TDB" --json eval --entity provider:thin --month 2026-10 --no-save
same "claim: eval's credit on thin monitoring" "$(jq -c '[.results[] | select(.measure == "contract" and .service == "thin") | .availability, .coverage_flag, .sla.credit_percent]' "$TMP/out")" '[null,"insufficient",25]'
expect "claim: thin" 0 "$BIN" --db "$TDB" claim --entity provider:thin --month 2026-10 -o "$TMP/claims-thin"
has "claim: thin is left out, said why" "$TMP/err" 'provider:thin thin in 2026-10: not claimed: insufficient coverage, 9\.68 % monitored'
has "claim: thin writes nothing" "$TMP/out" '^no credit to claim for provider:thin in 2026-10 \(1 left out for insufficient coverage\): nothing written$'
if [ -e "$TMP/claims-thin" ]; then fail "claim: thin made a folder"; else pass; fi
# A real status history (an Upptime commit log) under a real SLA document:
# at eval's 50 % nothing is claimed (the log covers days of the month); at
# 10 % the pack holds what eval --json gives at 10 %, quoting the document.
RCL=${SLAUDIT_REAL:-../shared/real}
if [ -f "$RCL/uptime/manticore-upptime/history-commit-log.tsv" ] && [ -f "$RCL/sla/supabase.txt" ]; then
    RDBC=$TMP/claim-real.db
    expect "claim real: ingest" 0 "$BIN" --db "$RDBC" -q ingest --entity provider:manticore "$RCL/uptime/manticore-upptime/history-commit-log.tsv"
    expect "claim real: import" 0 "$BIN" --db "$RDBC" -q sla import "$RCL/sla/supabase.txt" --entity provider:manticore --effective 2020-01-01
    expect "claim real: at 50 %" 0 "$BIN" --db "$RDBC" claim --entity provider:manticore --month 2026-08 -o "$TMP/claims-real50"
    has "claim real: nothing to claim at 50 %" "$TMP/out" '^no credit to claim for provider:manticore in 2026-08 \([0-9]+ left out for insufficient coverage\): nothing written$'
    expect "claim real: at 10 %" 0 "$BIN" --db "$RDBC" claim --entity provider:manticore --month 2026-08 --min-coverage 10 -o "$TMP/claims-real"
    expect "claim real: eval at 10 %" 0 "$BIN" --db "$RDBC" --json eval --entity provider:manticore --month 2026-08 --min-coverage 10 --no-save
    claim_vs_eval "$TMP/claims-real/claim-provider-manticore-2026-08.xlsx" "$TMP/out" real
    has "claim real: the document quoted" "$TMP/claims-real/claim-provider-manticore-2026-08.txt" 'Commitment, line 9: "Supabase will provide Actual Availability for at least'
else
    echo "cli: skipped the real claim pack: $RCL/uptime or $RCL/sla is absent (set SLAUDIT_REAL to the folder holding uptime/ and sla/)"
fi

# --- workbook layout: wrapped rows, page setup, footers, the LibreOffice render ---
# Every sheet of every workbook prints one page across with its header row on
# every page and a footer naming the sheet, the period and the page; wrapped
# rows carry their own height (neither Excel nor LibreOffice fits them).
layout_sheets() { unzip -p "$1" xl/workbook.xml | grep -o '<sheet name="[^"]*"' | sed 's/<sheet name="//; s/"$//'; }
for book in "$X" "$TMP/audit.xlsx" "$TMP/score.xlsx" "$TMP/decision0.xlsx"; do
    n=0
    layout_sheets "$book" >"$TMP/lay-names"
    while IFS= read -r name; do
        n=$((n + 1))
        unzip -p "$book" "xl/worksheets/sheet$n.xml" >"$TMP/lay.xml"
        has "layout: $(basename "$book") '$name' fits one page across, or a fixed scale" "$TMP/lay.xml" '<pageSetUpPr fitToPage="1"/>|<pageSetup scale="(7[3-9]|[89][0-9]|100)"'
        has "layout: $(basename "$book") '$name' footer" "$TMP/lay.xml" "<oddFooter>&amp;C&amp;A — .* — page &amp;P of &amp;N</oddFooter>"
    done <"$TMP/lay-names"
done
has "layout: the month in the monthly footer" "$TMP/sheet1.xml" '<oddFooter>&amp;C&amp;A — 2026-10 — page'
has "layout: wide Summary detail printed landscape" "$TMP/sheet2.xml" 'orientation="landscape"'
# Charts whole: a fixed scale of 73 % or more (fitting would drop the page
# breaks), and a break wherever a row of charts would cross a page: at 75 %
# a page holds 42 rows, the title and two rows of charts (19 rows each).
has "layout: the Charts sheet at a fixed scale" "$TMP/sheet3.xml" '<pageSetup scale="75" orientation="landscape"/>'
has "layout: a page break after two rows of charts" "$TMP/sheet3.xml" '<rowBreaks count="1" manualBreakCount="1"><brk id="41" max="16383" man="1"/></rowBreaks>'
has "layout: the Daily sheet one page across at 8 pt" "$TMP/sheet4.xml" '<pageSetup scale="7[3-9]" orientation="landscape"/>'
has "layout: burn-downs break between rows of charts" "$TMP/sheet4.xml" '<rowBreaks count="2" manualBreakCount="2"><brk id="41" [^>]*/><brk id="77" [^>]*/></rowBreaks>'
has "layout: definitions rows as tall as their text" "$TMP/sheet12.xml" '<row r="[0-9]+"[^>]* ht="[0-9.]+" customHeight="1"'
sheet_of "$TMP/audit.xlsx" Cover lcover
has "layout: the audit's footer names entity and days" "$TMP/lcover.xml" '<oddFooter>&amp;C&amp;A — team:platform, 2026-[0-9-]+ to 2026-[0-9-]+ — page'
hasnt "layout: the audit cover is portrait" "$TMP/lcover.xml" 'orientation="landscape"'
sheet_of "$TMP/decision0.xlsx" "Decision evidence" ldec
has "layout: the decision's reasons wrap over merged columns" "$TMP/ldec.xml" '<mergeCell ref="C[0-9]+:J[0-9]+"/>'
expect "layout: report into a folder that does not exist" 5 "$BIN" --db "$DB" -q report --month 2026-10 -o "$TMP/nodir/x.xlsx"
has "layout: the missing folder is named, not a temporary file" "$TMP/err" "^slaudit: $TMP/nodir/x.xlsx: the folder $TMP/nodir does not exist$"
hasnt "layout: no temporary name in the message" "$TMP/err" '\.slaudit-'
# The render: LibreOffice prints the workbook to PDF with each sheet's setup.
if command -v soffice >/dev/null 2>&1 && command -v pdftoppm >/dev/null 2>&1; then
    if sh scripts/render.sh "$X" "$TMP/render" 30 1 1 >"$TMP/out" 2>"$TMP/err"; then pass; else fail "layout: render: $(cat "$TMP/err")"; fi
    if [ -s "$TMP/render/ops-report-2026-10-01.png" ] || [ -s "$TMP/render/ops-report-2026-10-1.png" ]; then pass; else fail "layout: render wrote no first page"; fi
    if command -v pdftotext >/dev/null 2>&1; then
        pdftotext -f 1 -l 1 "$TMP/render/ops-report-2026-10.pdf" "$TMP/render/p1.txt"
        has "layout: rendered first page is the Summary with its footer" "$TMP/render/p1.txt" 'Summary — 2026-10 — page 1 of [0-9]+'
        has "layout: rendered Summary shows the RAG in words" "$TMP/render/p1.txt" '^(green|amber|red)$'
    fi
else
    echo "cli: skipped the LibreOffice render: soffice or pdftoppm is not installed"
fi
expect "layout: render without a workbook" 2 sh scripts/render.sh
# Small things a reader notices: a credit is a percent of the fee, shown as
# one, and the Terms sheet labels each clause in words, not by its JSON key.
sheet_of "$TMP/score.xlsx" Replay lrep
has "layout: the replay's credit as a percent" "$TMP/lrep.xml" '<c r="E[0-9]+" s="[0-9]+"><v>0\.1</v></c>'
expect "layout: score the sample SLA" 0 "$BIN" -q sla score sample-data/nimbus-sla.md -o "$TMP/lay-score.xlsx"
unzip -p "$TMP/lay-score.xlsx" xl/sharedStrings.xml >"$TMP/lay-ss.xml"
has "layout: a clause labelled in words" "$TMP/lay-ss.xml" '<t>Minimum countable outage \(min\)</t>'
hasnt "layout: no clause key where a label belongs" "$TMP/lay-ss.xml" '<t>[a-z]+_[a-z_]+</t>'
# The scorecard says whose document it is, by its name, not by the folder it
# was read from; the Terms sheet quotes a line once, without table pipes,
# and its labels fit their column.
expect "layout: score by an absolute path" 0 "$BIN" -q sla score "$(pwd)/tests/data/sla/tarn-network.txt" -o "$TMP/lay-tarn.xlsx"
cells_of "$TMP/lay-tarn.xlsx" Scorecard laytarn
has "layout: scorecard titled with provider and document" "$TMP/laytarn.cells" '^A1	[^	/]+ — tarn-network\.txt: [0-9]+ / 100$'
sheet_of "$TMP/lay-tarn.xlsx" Scorecard laytarn1
has "layout: scorecard footer names the document" "$TMP/laytarn1.xml" '<oddFooter>&amp;C&amp;A — tarn-network\.txt — page'
cells_of "$TMP/lay-tarn.xlsx" Terms laytterms
same "layout: one paragraph quoted once" "$(grep -c '	the same line as above$' "$TMP/laytterms.cells")" 1
hasnt "layout: no table pipes in the Terms" "$TMP/laytterms.cells" '	\|'
sheet_of "$TMP/lay-tarn.xlsx" Terms laytterms1
has "layout: the Terms' labels fit" "$TMP/laytterms1.xml" '<col min="1" max="1" width="38'
cells_of "$TMP/lay-score.xlsx" Terms laysterms
has "layout: a credit tier row without its pipes" "$TMP/laysterms.cells" '	Less than 99\.9% but equal to or greater than 99\.0% — 10%$'

# --- report: the Daily sheet (status strip, burn-downs) and the charts per entity ---
DX=$TMP/daily.xlsx
expect "daily: report" 0 "$BIN" --db "$DB" -q report --month 2026-10 -o "$DX"
unzip -p "$DX" xl/workbook.xml >"$TMP/dwb.xml"
has "daily: after charts, its data last" "$TMP/dwb.xml" '<sheet name="Charts" [^>]*/><sheet name="Daily" .*<sheet name="Chart data" [^>]*/><sheet name="Daily data" [^>]*/></sheets>'
# inference-api (row 9) is the hand calculation of sample-data/README.md:
# 53 min down on 7 October, 27 min of partial (weighted 0.3) on the 14th,
# maintenance announced in time on the 21st, 40 min of it unannounced (so
# downtime, shown down) on the 25th: 7200 s in all.
sheet_of "$DX" Daily dly
has "daily: inference-api's row" "$TMP/dly.xml" '<c r="B9"[^>]*><is><t>inference-api</t>'
same "daily: 7 Oct down, 53 min" "$(xlsx_cell "$DX" Daily I9)" "FFE84A4A 53"
same "daily: 14 Oct partial, 27 min" "$(xlsx_cell "$DX" Daily P9)" "FFF4A460 27"
same "daily: 21 Oct eligible maintenance" "$(xlsx_cell "$DX" Daily W9)" "FF9DC3E6 -"
same "daily: 25 Oct unannounced maintenance is down" "$(xlsx_cell "$DX" Daily AA9)" "FFE84A4A 40"
same "daily: 1 Oct up" "$(xlsx_cell "$DX" Daily C9)" "FF8CCF7E -"
same "daily: the days add up to the month's 7200 s" "$(/usr/bin/python3 -c '
import re, sys
row = re.search(r"<row r=\"9\"[^>]*>(.*?)</row>", open(sys.argv[1]).read()).group(1)
print(sum(float(v) for v in re.findall(r"<v>([^<]*)</v>", row)))' "$TMP/dly.xml")" 120.0
for k in $(seq 1 "$(unzip -l "$DX" | grep -c 'xl/charts/chart[0-9]*\.xml')"); do
    unzip -p "$DX" "xl/charts/chart$k.xml" >"$TMP/dchart$k.xml"
done
cat "$TMP"/dchart*.xml >"$TMP/dcharts.xml"
has "daily: a burn-down names the neutral measure" "$TMP/dcharts.xml" 'Budget left: team:platform / notebook-hub \(neutral measure, 99\.9 % default\)'
has "daily: an even burn, dashed" "$TMP/dcharts.xml" "<c:f>'Daily data'!\\\$C\\\$4</c:f>.*<a:prstDash val=\"dash\"/>"
has "charts: one trend per entity" "$TMP/dchart1.xml" '<a:t>Availability of provider:coreline, last 3 months</a:t>'
has "charts: incidents per entity" "$TMP/dchart2.xml" '<a:t>Incidents of provider:coreline by severity per month</a:t>'
has "charts: TTR in hours past 300 minutes" "$TMP/dchart7.xml" '<a:t>Hours</a:t>'
has "charts: the budget names its measure" "$TMP/dchart8.xml" '<a:t>Error budget this month, neutral measure, 99\.9 % default</a:t>'
# A provider's history the size of a public cloud's: 60 services with long
# names over two months, service k down k minutes on 10 September and k
# more on 10 October. The trend draws the 8 with the most downtime and the
# other 52 as one pooled line; Chart data keeps every service.
awk 'BEGIN { print "entity,service,start,end,status"
    for (k = 1; k <= 60; k++) {
        s = sprintf("regional-managed-service-%02d-asia-pacific-southeast", k)
        for (m = 9; m <= 10; m++) {
            printf "provider:bigcloud,%s,2026-%02d-01T00:00:00Z,2026-%02d-10T00:00:00Z,up\n", s, m, m
            t = sprintf("2026-%02d-10T%02d:%02d:00Z", m, int(k / 60), k % 60)
            printf "provider:bigcloud,%s,2026-%02d-10T00:00:00Z,%s,down\n", s, m, t
            printf "provider:bigcloud,%s,%s,%s,up\n", s, t, m == 9 ? "2026-10-01T00:00:00Z" : "2026-11-01T00:00:00Z"
        } } }' >"$TMP/bigcloud.csv"
BIG=$TMP/bigcloud.db
expect "charts: a 60-service history" 0 "$BIN" --db "$BIG" -q ingest "$TMP/bigcloud.csv"
expect "charts: its report" 0 "$BIN" --db "$BIG" -q report --month 2026-10 -o "$TMP/big.xlsx"
unzip -p "$TMP/big.xlsx" xl/charts/chart1.xml >"$TMP/bigchart1.xml"
has "charts: the worst 8 and the rest, said in the title" "$TMP/bigchart1.xml" '<a:t>Availability of provider:bigcloud, last 2 months: the 8 services with the most downtime, the other 52 pooled</a:t>'
same "charts: 8 services and the pooled line" "$(grep -o '<c:ser>' "$TMP/bigchart1.xml" | wc -l)" 10
has "charts: the worst service drawn" "$TMP/bigchart1.xml" "<c:f>'Chart data'!\\\$BI\\\$3</c:f>"
hasnt "charts: a service of the rest not drawn" "$TMP/bigchart1.xml" "<c:f>'Chart data'!\\\$B\\\$3</c:f>"
cells_of "$TMP/big.xlsx" "Chart data" bigdata
has "charts: every service on Chart data" "$TMP/bigdata.cells" '^BI3	regional-managed-service-60-asia-pacific-southeast$'
has "charts: the rest's column" "$TMP/bigdata.cells" '	Other 52 services \(pooled\)$'
# The 52 least-down services pool 1378 of 52 × 44,640 minutes in October.
has "charts: the rest pooled" "$TMP/bigdata.cells" '	0\.99940636'
# The budget: the 15 that spent the most (60 down to 46 minutes), then the
# other 45 summed: 1 + 2 + ... + 45 = 1035 minutes.
unzip -p "$TMP/big.xlsx" xl/charts/chart2.xml >"$TMP/bigchart2.xml"
has "charts: the budget's worst 15 and the rest, said" "$TMP/bigchart2.xml" ': the 15 services that spent the most, the other 45 summed</a:t>'
has "charts: the budget draws 16 categories" "$TMP/bigchart2.xml" "<c:f>'Chart data'!\\\$A\\\$76:\\\$A\\\$91</c:f>"
has "charts: the worst first" "$TMP/bigdata.cells" '^A76	regional-managed-service-60-asia-pacific-southeast$'
has "charts: the rest summed" "$TMP/bigdata.cells" '^A91	Other 45 services \(summed\)$'
same "charts: the rest's downtime" "$(awk -F'\t' '$1 == "C91" { print $2 }' "$TMP/bigdata.cells")" 1035
# With nimbus's SLA imported, its services' budgets are the contract
# measure's: the burn-down and the budget chart say so.
cp "$DB" "$TMP/dsla.db"
expect "daily: sla import" 0 "$BIN" --db "$TMP/dsla.db" -q sla import sample-data/nimbus-sla.md --entity provider:nimbus --effective 2026-08-01
expect "daily: report with the sla" 0 "$BIN" --db "$TMP/dsla.db" -q report --month 2026-10 -o "$TMP/dsla.xlsx"
unzip -p "$TMP/dsla.xlsx" 'xl/charts/chart*.xml' >"$TMP/dslacharts.xml"
has "daily: a burn-down names the contract measure" "$TMP/dslacharts.xml" 'Budget left: provider:nimbus / inference-api \(contract measure, 99\.9 % of nimbus-sla\.md\)'
has "charts: mixed measures said so" "$TMP/dslacharts.xml" 'Error budget this month, contract or neutral measure'
sheet_of "$TMP/dsla.xlsx" "Chart data" dcd
has "charts: the SLA's budgets marked" "$TMP/dcd.xml" '<t>inference-api \(SLA\)</t>'
# Berlin: October ends its summer time on the 25th, a day of 25 hours; the
# even burn steps by 25/744 of the budget that day, 24/744 on the others.
expect "daily: report in a zone" 0 "$BIN" --db "$DB" -q --tz Europe/Berlin report --month 2026-10 -o "$TMP/daily-berlin.xlsx"
same "daily: 31 local days in Berlin" "$(xlsx_cell "$TMP/daily-berlin.xlsx" "Daily data" A35)" "none 31"
same "daily: the 25-hour day burns 25/24 of a day" "$(/usr/bin/python3 -c '
import re, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = re.findall(r"<sheet name=\"([^\"]*)\"", z.read("xl/workbook.xml").decode())
sh = z.read("xl/worksheets/sheet%d.xml" % (names.index("Daily data") + 1)).decode()
v = lambda ref: float(re.search(r"<c r=\"%s\"[^>]*><v>([^<]*)</v>" % ref, sh).group(1))
print(round((v("C28") - v("C29")) / (v("C27") - v("C28")), 6))' "$TMP/daily-berlin.xlsx")" 1.041667
# A real status history: GCP's incidents of March 2022, 28 services, four of
# which had downtime: four burn-downs, the other 24 named in one line.
RGCP=${SLAUDIT_REAL:-../shared/real}/incidents/gcp-status-incidents.json
if [ -f "$RGCP" ]; then
    GDB=$TMP/gcp-daily.db
    expect "daily: real gcp history" 0 "$BIN" --db "$GDB" -q ingest --entity provider:gcp "$RGCP"
    expect "daily: real gcp report" 0 "$BIN" --db "$GDB" -q report --month 2022-03 -o "$TMP/gcp.xlsx"
    same "daily: real gcp, two charts, ttr, budget and four burn-downs" "$(unzip -l "$TMP/gcp.xlsx" | grep -c 'xl/charts/chart[0-9]*\.xml')" 8
    sheet_of "$TMP/gcp.xlsx" Daily gdly
    has "daily: real gcp, untouched budgets named" "$TMP/gdly.xml" 'Full error budget left all month, no downtime: Apigee \(provider:gcp\)'
    # Multiple Products: 548.1 min in March, 444 of them on the 31st.
    same "daily: real gcp, the 31st" "$(xlsx_cell "$TMP/gcp.xlsx" Daily AG31)" "FFE84A4A 444"
else
    echo "cli: skipped the real GCP history for the Daily sheet: $RGCP is absent (set SLAUDIT_REAL to the folder holding incidents/)"
fi

# --- probe latency: percentiles per service and month, the profile's objective ---
LDB=$TMP/latency.db
mkdir -p "$TMP/lat"
# api: 100..500 ms a minute apart, a down probe with none, the 00:04 probe
# twice (the 9999 of the repeat dropped with it): p50 = rank 3 = 300 ms,
# p95 = p99 = rank 5 = 500.5 ms. The objective, 80 % at or under 400 ms:
# 4 of 5, met.
cat >"$TMP/lat/probes.csv" <<'CSV'
time,entity,service,status,latency_ms
2026-10-01T00:00:00Z,team:web,api,up,100
2026-10-01T00:01:00Z,team:web,api,up,200
2026-10-01T00:02:00Z,team:web,api,up,300
2026-10-01T00:03:00Z,team:web,api,down,
2026-10-01T00:04:00Z,team:web,api,up,400
2026-10-01T00:04:00Z,team:web,api,up,9999
2026-10-01T00:05:00Z,team:web,api,up,500.5
CSV
cat >"$TMP/lat/profile.json" <<'JSON'
{"entity": "team:web", "latency": {"percentile": 80, "threshold_ms": 400}}
JSON
expect "latency: ingest probes" 0 "$BIN" --db "$LDB" ingest "$TMP/lat/probes.csv"
has "latency: samples counted" "$TMP/out" 'probes.csv: probe-csv: read 7, stored 6, rejected 0, duplicates 1: 6 probe results, 3 status intervals, 5 latency samples$'
expect "latency: ingest the profile" 0 "$BIN" --db "$LDB" ingest --format profile-json "$TMP/lat/profile.json"
expect "latency: eval --json" 0 "$BIN" --db "$LDB" eval --month 2026-10 --json
has "latency: p50 p95 p99 by nearest rank" "$TMP/out" '"service":"api",.*"latency":\{"samples":5,"p50_ms":300,"p95_ms":500.5,"p99_ms":500.5,"max_ms":500.5,"objective":\{"percentile":80,"threshold_ms":400,"under":4,"share_under":0.8,"met":true\}\}'
has "latency: the entity row pools none" "$TMP/out" '"service":null,.*"latency":null'
has "latency: the method in the definitions" "$TMP/out" '"latency_percentiles":"nearest rank'
# The same bytes again add nothing; the same probes in another file count once.
expect "latency: the same file again" 0 "$BIN" --db "$LDB" ingest --json "$TMP/lat/probes.csv"
has "latency: the same file again stores none" "$TMP/out" '"already_ingested":true,"latency_samples":0'
awk -F, 'NR == 1 { print "time,service,entity,status,latency_ms"; next } { print $1 "," $3 "," $2 "," $4 "," $5 }' "$TMP/lat/probes.csv" >"$TMP/lat/copy.csv"
expect "latency: the same probes in another file" 0 "$BIN" --db "$LDB" ingest "$TMP/lat/copy.csv"
expect "latency: eval after the copy" 0 "$BIN" --db "$LDB" eval --month 2026-10 --json
has "latency: a probe read twice counts once" "$TMP/out" '"service":"api",.*"latency":\{"samples":5,"p50_ms":300,'
expect "latency: forget the first file" 0 "$BIN" --db "$LDB" forget --json "$TMP/lat/probes.csv"
has "latency: forget counts the samples" "$TMP/out" '"latency_samples":5'
expect "latency: forget the copy" 0 "$BIN" --db "$LDB" forget "$TMP/lat/copy.csv"
has "latency: forget says the samples" "$TMP/out" ', 5 latency samples$'
same "latency: nothing left" "$(sqlite3 "$LDB" 'select count(*) from latency_hours')" 0
# A month in a zone: 23:30 UTC on 30 September is October in Berlin.
cat >"$TMP/lat/edge.csv" <<'CSV'
time,entity,service,status,latency_ms
2026-09-30T21:59:00Z,team:web,edge,up,900
2026-09-30T22:00:00Z,team:web,edge,up,10
2026-10-01T00:00:00Z,team:web,edge,up,20
CSV
expect "latency: ingest edge" 0 "$BIN" --db "$LDB" ingest --probe-interval 60 "$TMP/lat/edge.csv"
expect "latency: Berlin's October" 0 "$BIN" --db "$LDB" --tz Europe/Berlin eval --month 2026-10 --json
has "latency: the zone's month takes its own probes" "$TMP/out" '"service":"edge",.*"latency":\{"samples":2,"p50_ms":10,"p95_ms":20,'
expect "latency: UTC October" 0 "$BIN" --db "$LDB" eval --month 2026-10 --json
has "latency: the UTC month takes one" "$TMP/out" '"service":"edge",.*"latency":\{"samples":1,"p50_ms":20,'
printf 'time,service,status,latency_ms\n2026-10-01T00:00:00Z,api,up,fast\n2026-10-01T00:01:00Z,api,up,12\n' >"$TMP/lat/bad.csv"
expect "latency: a latency_ms that is no number" 0 "$BIN" --db "$TMP/lat-bad.db" ingest --entity team:web "$TMP/lat/bad.csv"
has "latency: its probe stands, without a sample" "$TMP/out" 'read 2, stored 2, rejected 0, duplicates 0: 2 probe results, 1 status interval, 1 latency sample$'
# Uptime Kuma's ping is the latency; a failed check (null ping) states none.
cat >"$TMP/lat/kuma.csv" <<'CSV'
name,monitor_id,status,time,ping,msg
inference-api,3,1,2026-10-01 10:00:00.000,42,200 - OK
inference-api,3,0,2026-10-01 10:01:00.000,,timeout
inference-api,3,1,2026-10-01 10:02:00.000,58,200 - OK
CSV
expect "latency: kuma ping" 0 "$BIN" --db "$TMP/lat-kuma.db" ingest --entity team:ml "$TMP/lat/kuma.csv"
has "latency: kuma samples" "$TMP/out" 'uptime-kuma: .*, 2 latency samples$'
# The monthly workbook's Latency sheet.
expect "latency: report" 0 "$BIN" --db "$LDB" --tz Europe/Berlin report --month 2026-10 -o "$TMP/lat/report.xlsx"
cells_of "$TMP/lat/report.xlsx" Latency latsheet
has "latency: sheet header" "$TMP/latsheet.cells" '^E1	p95 \(ms\)'
has "latency: sheet row" "$TMP/latsheet.cells" '^B2	edge'
has "latency: sheet p50" "$TMP/latsheet.cells" '^D2	10$'
has "latency: sheet objective" "$TMP/latsheet.cells" '^H2	80 % at or under 400 ms'
has "latency: sheet met" "$TMP/latsheet.cells" '^J2	met$'
# The demo: every probe of the sample states a latency unless it got no answer.
cp "$DB" "$TMP/lat-demo.db"
expect "latency: the demo's profile" 0 "$BIN" --db "$TMP/lat-demo.db" -q ingest sample-data/profile-platform.json
expect "latency: demo eval" 0 "$BIN" --db "$TMP/lat-demo.db" eval --month 2026-10 --entity team:platform --json
has "latency: demo k8s-control-plane misses 99 % at or under 250 ms" "$TMP/out" '"service":"k8s-control-plane",.*"p99_ms":481,.*"met":false'
# A failed Upptime check writes responseTime 0: a probe, no latency sample.
printf 'url: https://jobs.example\nstatus: down\ncode: 0\nresponseTime: 0\nlastUpdated: 2026-10-01T10:30:00Z\nstartTime: 2026-09-01T00:00:00Z\ngenerator: Upptime <https://github.com/upptime/upptime>\n' >"$TMP/failed-check.yml"
expect "latency: a failed upptime check" 0 "$BIN" --db "$TMP/lat-failed.db" ingest --entity team:jobs "$TMP/failed-check.yml"
has "latency: a failed check is no sample" "$TMP/out" 'read 1, stored 1, rejected 0, duplicates 0: 1 probe result, 1 status interval$'
# Badges and the configuration are recognised and skipped, not refused.
printf '{"schemaVersion":1,"label":"uptime 7 days","message":"99.5%%","color":"green"}\n' >"$TMP/uptime-week.json"
printf 'owner: acme\nrepo: status\nsites:\n  - name: API\n    url: https://x\n' >"$TMP/upptimerc.yml"
expect "upptime meta: skipped" 0 "$BIN" --db "$TMP/meta.db" ingest "$TMP/uptime-week.json" "$TMP/upptimerc.yml"
has "upptime meta: a badge skipped, why" "$TMP/out" 'uptime-week.json: upptime-meta: skipped, nothing to store: an Upptime badge: a rounded figure over an unstated span'
has "upptime meta: the configuration skipped" "$TMP/out" 'upptimerc.yml: upptime-meta: skipped, nothing to store: an Upptime configuration'
same "upptime meta: not recorded" "$(sqlite3 "$TMP/meta.db" "select count(*) from sources")" 0
expect "upptime meta: --json" 0 "$BIN" --db "$TMP/meta.db" --json ingest "$TMP/uptime-week.json"
has "upptime meta: --json says why" "$TMP/out" '"skipped_why":"an Upptime badge: '
RLAT=${SLAUDIT_REAL:-../shared/real}/uptime/manticore-upptime/history
if [ -d "$RLAT" ]; then
    # Each history file is the site's last check: one sample, its responseTime.
    expect "latency: real upptime history" 0 "$BIN" --db "$TMP/lat-real.db" ingest --entity provider:manticore "$RLAT"/catalog-demo.yml
    has "latency: real upptime one sample" "$TMP/out" '1 probe result, 1 status interval, 1 latency sample$'
    expect "latency: real upptime eval" 0 "$BIN" --db "$TMP/lat-real.db" eval --month 2026-08 --json
    has "latency: real upptime responseTime" "$TMP/out" '"service":"catalog-demo",.*"latency":\{"samples":1,"p50_ms":979,'
else
    echo "cli: skipped the real upptime latency: $RLAT is absent (set SLAUDIT_REAL to the folder holding uptime/)"
fi

# --- report tables: latency and daily, the figures of the workbook ----------------
# The latency table holds the Latency sheet's rows: edge in Berlin's October,
# p50 10 ms, its objective met (the sheet read above).
expect "report tables: latency" 0 "$BIN" --db "$LDB" --tz Europe/Berlin report --month 2026-10 --format json
has "report tables: the latency table" "$TMP/out" '"sla":\[\],"latency":\[$'
has "report tables: the latency row" "$TMP/out" '^\{"entity":"team:web","service":"edge","month":"2026-10","samples":2,"p50_ms":10,"p95_ms":20,"p99_ms":20,"max_ms":20,"objective_percentile":80,"objective_threshold_ms":400,"share_under":1,"met":true\}\],"daily":\[$'
same "report tables: latency p50 as on the sheet" \
    "$(sed -n 's/.*"service":"edge","month":"2026-10","samples":2,"p50_ms":\([0-9.]*\),.*/\1/p' "$TMP/out")" \
    "$(sed -n 's/^D2	//p' "$TMP/latsheet.cells")"
# The daily table holds the Daily sheet's days and the Daily data sheet's
# budget: inference-api down 53 min on 7 October (3180 s), the budget left at
# that day's end what the burn-down draws (the workbook $DX, read above).
expect "report tables: daily" 0 "$BIN" --db "$DB" -q report --month 2026-10 --format csv -o "$TMP/rtab"
has "report tables: daily header" "$TMP/rtab/daily.csv" '^entity,service,date,downtime_seconds,unknown_seconds,maintenance_seconds,worst_status,budget_left_seconds,even_burn_left_seconds,budget_basis$'
has "report tables: 7 Oct down, 3180 s" "$TMP/rtab/daily.csv" '^provider:nimbus,inference-api,2026-10-07,3180,0,0,down,'
same "report tables: 7 Oct as on the Daily sheet" "$(xlsx_cell "$DX" Daily I9 | cut -d' ' -f2)" \
    "$(awk -F, '$2 == "inference-api" && $3 == "2026-10-07" { print $4 / 60 }' "$TMP/rtab/daily.csv")"
same "report tables: a month of days per service" \
    "$(awk -F, '$2 == "inference-api"' "$TMP/rtab/daily.csv" | wc -l)" 31
same "report tables: budget left as on the Daily data sheet" "$(/usr/bin/python3 -c '
import csv, re, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = re.findall(r"<sheet name=\"([^\"]*)\"", z.read("xl/workbook.xml").decode())
sh = z.read("xl/worksheets/sheet%d.xml" % (names.index("Daily data") + 1)).decode()
cells = dict(re.findall(r"<c r=\"([A-Z]+[0-9]+)\"[^>]*>(?:<is><t>|<v>)([^<]*)<", sh))
col = next(re.sub(r"[0-9]", "", ref) for ref, t in cells.items() if t == "provider:nimbus / inference-api")
unit = 3600 if cells[col + "4"].endswith("(h)") else 60
row = next(r for r in csv.DictReader(open(sys.argv[2])) if r["service"] == "inference-api" and r["date"] == "2026-10-07")
print(round(float(row["budget_left_seconds"]) / unit, 1) == round(float(cells[col + "11"]), 1), cells[col + "11"] != "")' "$DX" "$TMP/rtab/daily.csv")" "True True"
RGCPT=${SLAUDIT_REAL:-../shared/real}/incidents/gcp-status-incidents.json
if [ -f "$RGCPT" ]; then
    # GCP's March 2022: 28 services of 31 days; Multiple Products down 444
    # min on the 31st, as the Daily sheet shows it.
    expect "report tables: real gcp ingest" 0 "$BIN" --db "$TMP/gcp-tables.db" -q ingest --entity provider:gcp "$RGCPT"
    expect "report tables: real gcp" 0 "$BIN" --db "$TMP/gcp-tables.db" -q report --month 2022-03 --format csv -o "$TMP/gcp-tables"
    same "report tables: real gcp, 28 services by 31 days" "$(tail -n +2 "$TMP/gcp-tables/daily.csv" | wc -l)" 868
    has "report tables: real gcp, the 31st" "$TMP/gcp-tables/daily.csv" '^provider:gcp,Multiple Products,2022-03-31,26640,0,0,down,'
else
    echo "cli: skipped the real GCP history for the daily table: $RGCPT is absent (set SLAUDIT_REAL to the folder holding incidents/)"
fi

# --- the scorecard on real SLA documents: no flag its own terms contradict ---
# Each document of ../shared/real/sla scored in place: a flag that quotes
# text cites its line, the maintenance criterion and the maintenance flag
# agree, and the claim criterion does not deny the evidence SLA-007 quotes.
RSLA=${SLAUDIT_REAL:-../shared/real}/sla
if [ -d "$RSLA" ]; then
    for f in "$RSLA"/*.txt; do
        n=$(basename "$f")
        expect "real sla score $n" 0 "$BIN" sla score "$f"
        hasnt "real $n: every quoted flag cites its line" "$TMP/out" '^      "'
        if grep -q '^  SLA-006 ' "$TMP/out"; then
            hasnt "real $n: maintenance flagged, so not 'no exclusion names maintenance'" "$TMP/out" 'no exclusion names maintenance'
        fi
        if grep -q '^  SLA-007 ' "$TMP/out"; then
            hasnt "real $n: evidence flagged, so not 'no term makes the customer bring evidence'" "$TMP/out" 'no term makes the customer bring evidence'
        fi
    done
    expect "real sla score codio" 0 "$BIN" sla score "$RSLA/codio.txt"
    has "real codio: efforts instead of a commitment" "$TMP/out" '^  SLA-015 medium an effort, not a commitment'
    expect "real sla score tencent" 0 "$BIN" sla score "$RSLA/tencent-cloud-cvm.txt"
    has "real tencent: credits as vouchers" "$TMP/out" '^  SLA-017 medium credits paid as vouchers'
    expect "real sla score guance" 0 "$BIN" sla score "$RSLA/guance-saas.txt"
    has "real guance: 2 h of maintenance against 44 min" "$TMP/out" '^  SLA-018 high .*up to 2 h of maintenance outside the downtime, against 44 minutes'
    expect "real sla score appscode" 0 "$BIN" sla score "$RSLA/appscode.txt"
    hasnt "real appscode: a formula is no provider measure" "$TMP/out" '^  SLA-01[67] '
else
    echo "cli: skipped the real SLA scorecards: $RSLA is absent (set SLAUDIT_REAL to the folder holding sla/)"
fi

# --- the credit side of sla extract: form of credit, liability cap, minimum credit ---
SLA=$(pwd)/tests/data/sla
expect "sla extract remedy refund" 0 "$BIN" sla extract --json "$SLA/remedy-refund.md"
has "refund: the form" "$TMP/out" '"credit_form": "refund"'
has "refund: a fixed liability cap" "$TMP/out" '"amount": 50000,'
has "refund: the customer measures" "$TMP/out" '"measured_by": "customer_evidence"'
expect "sla extract remedy extension" 0 "$BIN" sla extract --json "$SLA/remedy-extension.txt"
has "extension: the form" "$TMP/out" '"credit_form": "service_extension"'
has "extension: void at termination" "$TMP/out" '"void_at_termination": true'
has "extension: twice six months of fees" "$TMP/out" '"percent": 200,'
# The terms corrected by hand and read back: a refund beside a voucher clause
# is refused, naming the field.
printf '{"clauses": [{"kind": "credits_voucher"}], "credit_form": "refund"}\n' >"$TMP/contradict.json"
expect "sla score contradicting credit form" 3 "$BIN" sla score "$TMP/contradict.json"
has "contradicting credit form: named" "$TMP/err" "credit_form"
# 5 % per full 1 % below 99.9 %: storage at 98.656 % is one step (5 % of
# 1,000 = 50); gpu at 99.866 % is short of a full step and owes nothing.
SDB="$TMP/step.db"
printf 'service,start,end,status\ngpu,2026-10-01T00:00:00Z,2026-10-31T23:00:00Z,up\ngpu,2026-10-31T23:00:00Z,2026-11-01T00:00:00Z,down\nstorage,2026-10-01T00:00:00Z,2026-10-31T14:00:00Z,up\nstorage,2026-10-31T14:00:00Z,2026-11-01T00:00:00Z,down\n' >"$TMP/step.csv"
expect "per step: ingest" 0 "$BIN" --db "$SDB" ingest --entity provider:acme "$TMP/step.csv"
expect "per step: import" 0 "$BIN" --db "$SDB" sla import "$SLA/remedy-step.md" --entity provider:acme --fee 1000 --currency USD
expect "per step: eval" 0 "$BIN" --db "$SDB" eval --entity provider:acme --month 2026-10 --no-save
has "per step: storage one full step, 5 % of 1,000" "$TMP/out" '^provider:acme +storage .* 5% +50\.00 '
has "per step: gpu short of a full step" "$TMP/out" '^provider:acme +gpu .* 0% +0\.00 '
# Credits that are no share of the fee, each in its own unit. gpu is down
# 77 minutes of October (99.828 % against 99.9 %): ten times the downtime
# is 770 minutes, 12 h 50 min of service, not a percentage of the fee.
UDB="$TMP/unit.db"
printf 'service,start,end,status\ngpu,2026-10-01T00:00:00Z,2026-10-31T22:43:00Z,up\ngpu,2026-10-31T22:43:00Z,2026-11-01T00:00:00Z,down\n' >"$TMP/unit.csv"
expect "unit: extract json" 0 "$BIN" sla extract --json "$SLA/unit-service-time.md"
same "unit: the tier in its unit" "$(jq -c '.credit_tiers[0] | [.unit, .value, .of, .credit_percent]' "$TMP/out")" '["service_time_multiple",10,"downtime",null]'
cp "$TMP/out" "$TMP/unit-terms.json"
expect "unit: terms read back" 0 "$BIN" sla score --json "$TMP/unit-terms.json"
same "unit: json round trip" "$(jq -c '.terms.credit_tiers' "$TMP/out")" "$(jq -c '.credit_tiers' "$TMP/unit-terms.json")"
expect "unit: extract text" 0 "$BIN" sla extract "$SLA/unit-table.md"
has "unit: days of service" "$TMP/out" '\[99%, 99\.5%\)  → 3 days of service  \(line 7\)'
has "unit: a fixed amount" "$TMP/out" '→ USD 50  \(line 8\)'
has "unit: usage credits" "$TMP/out" '→ 1000 usage credits  \(line 9\)'
has "unit: an extension" "$TMP/out" '→ subscription extended by 30 days  \(line 10\)'
hasnt "unit: no bogus percentage" "$TMP/out" '\bnan\b|→ [0-9.]+% credit'
expect "unit: ingest" 0 "$BIN" --db "$UDB" ingest --entity provider:heron "$TMP/unit.csv"
expect "unit: import" 0 "$BIN" --db "$UDB" sla import "$SLA/unit-service-time.md" --entity provider:heron --fee 1000 --currency USD
expect "unit: eval" 0 "$BIN" --db "$UDB" eval --entity provider:heron --month 2026-10 --no-save
has "unit: eval says the time owed" "$TMP/out" '^provider:heron +gpu .* NO 12 h 50 min of service +- '
has "unit: credits due in its unit" "$TMP/out" '12 h 50 min of service for gpu'
expect "unit: eval json" 0 "$BIN" --db "$UDB" --json eval --entity provider:heron --month 2026-10 --no-save
same "unit: eval json owed" "$(jq -c '[.results[] | select(.measure == "contract" and .service == "gpu") | .sla | .credit_percent, .credit_amount, .credit_owed.value, .credit_owed.in, .credit_owed.text][]' "$TMP/out" | tr '\n' ' ')" 'null null 46200 "seconds" "12 h 50 min of service" '
expect "unit: claim" 0 "$BIN" --db "$UDB" claim --entity provider:heron --month 2026-10 -o "$TMP/unit-claim"
has "unit: claim in its unit" "$TMP/out" 'credit 12 h 50 min of service, in kind'
has "unit: claim letter in its unit" "$TMP/unit-claim/claim-provider-heron-2026-10.txt" 'Credit claimed: 12 h 50 min of service \('
expect "unit: replay" 0 "$BIN" sla score "$SLA/unit-service-time.md" --history "$TMP/unit.csv"
has "unit: replay window in its unit" "$TMP/out" 'BREACHED +- .*\(credit: 12 h 50 min of service\)'
has "unit: replay total in its unit" "$TMP/out" 'and 12 h 50 min of service;'
expect "unit: replay json" 0 "$BIN" sla score --json "$SLA/unit-service-time.md" --history "$TMP/unit.csv"
same "unit: replay json total" "$(jq -c '.replay.credit_owed_totals[0] | [.unit, .value]' "$TMP/out")" '["service_time_multiple",46200]'
# A pro-rata refund: 77 min of 44,640 in October is 0.1725 % of the fee;
# without a fee the amount is unknown, with 1,000 it is 1.72.
PDB="$TMP/prorata.db"
expect "pro rata: ingest" 0 "$BIN" --db "$PDB" ingest --entity provider:plover "$TMP/unit.csv"
expect "pro rata: import without a fee" 0 "$BIN" --db "$PDB" sla import "$SLA/unit-pro-rata.txt" --entity provider:plover
expect "pro rata: eval json" 0 "$BIN" --db "$PDB" --json eval --entity provider:plover --month 2026-10 --no-save
same "pro rata: no fee, amount unknown" "$(jq -c '[.results[] | select(.measure == "contract" and .service == "gpu") | .sla | (.credit_percent * 10000 | round), .credit_amount, .credit_owed.unit][]' "$TMP/out" | tr '\n' ' ')" '1725 null "pro_rata" '
expect "pro rata: eval with the fee" 0 "$BIN" --db "$PDB" eval --entity provider:plover --month 2026-10 --no-save --fee 1000
has "pro rata: priced" "$TMP/out" '^provider:plover +gpu .* pro rata, 0\.1725% of the fee +1\.72 '
RCS=${SLAUDIT_REAL:-../shared/real}/sla
if [ -d "$RCS" ]; then
    expect "real supabase: terms" 0 "$BIN" sla extract --json "$RCS/supabase.txt"
    has "real supabase: credits have no cash value" "$TMP/out" '"void_at_termination": true'
    has "real supabase: credited to the account" "$TMP/out" '"credit_form": "invoice_credit"'
    expect "real stedi: terms" 0 "$BIN" sla extract --json "$RCS/stedi-public-guides.txt"
    has "real stedi: no credit of a dollar or less" "$TMP/out" '"minimum_credit": \{'
    hasnt "real stedi: no refund, so not the refund form" "$TMP/out" '"credit_form": "refund"'
else
    echo "cli: skipped the credit side on real SLA documents: $RCS is absent (set SLAUDIT_REAL to the folder holding sla/)"
fi

# --- SLA documents given as Markdown, PDF and DOCX: the same terms ------------
# Each version's sla extract --json, less the document's name and the line
# numbers (a PDF's lines are as poppler reads them, a DOCX's its paragraphs),
# equals the Markdown's: the bands written "≥ 99% and < 99.95%", a German
# table with decimal commas and empty cells, the title from the document's
# properties, a tracked change accepted, a page in two columns.
terms_of() {
    "$BIN" sla extract --json "$1" | sed -E 's/"[a-z_]*line": *[0-9]+//g; /^  "document": /d'
}
for doc in notation-and notation-german spruce-columns; do
    terms_of "$SLA/$doc.md" >"$TMP/same.md"
    for ext in pdf docx; do
        [ -f "$SLA/$doc.$ext" ] || continue
        terms_of "$SLA/$doc.$ext" >"$TMP/same.$ext"
        same "sla $doc.$ext terms equal the Markdown's" \
            "$(diff "$TMP/same.md" "$TMP/same.$ext" >&2 && echo same)" same
    done
done
has "sla german: the title from the properties" "$TMP/same.docx" '"service": "Service Level Agreement Fichte Cloud"'
"$BIN" sla extract "$SLA/notation-german.docx" >"$TMP/out" 2>&1
has "sla german docx: the inserted target" "$TMP/out" '99\.95% per month'
/usr/bin/python3 - "$TMP/blank.pdf" <<'PY'
import sys
page = (b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
        b"2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
        b"3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n"
        b"trailer << /Root 1 0 R >>\n%%EOF\n")
open(sys.argv[1], "wb").write(page)
PY
expect "sla pdf without a text layer" 3 "$BIN" sla extract --json "$TMP/blank.pdf"
has "sla pdf without a text layer message" "$TMP/err" '^slaudit: .*blank\.pdf: PDF without text \(scanned pages are not read\)$'
# --- SLA commitments: measure, scope in parts, eligibility, durability ---------
CSLA=tests/data/sla
expect "commitment extract" 0 "$BIN" sla extract --json "$CSLA/commitment-requests.md"
has "commitment: measure of the uptime definition" "$TMP/out" '"measure":"error_rate"'
has "commitment: scope in parts" "$TMP/out" '"scope_of":\{"service":null,"region":"EU","plan":"Premium","operation":"read"\}'
has "commitment: eligibility with its line" "$TMP/out" '"text":"This commitment only applies to buckets deployed across two or more availability zones.","line":14'
has "commitment: durability kept apart" "$TMP/out" '"durability_percent": 99.999999999'
hasnt "commitment: durability is no target" "$TMP/out" '"percent":99.999999999'
expect "commitment extract text" 0 "$BIN" sla extract "$CSLA/commitment-requests.md"
has "commitment text: the measure" "$TMP/out" '^      measured by error rate$'
has "commitment text: the scope in parts" "$TMP/out" '^      scope: region EU, plan Premium, operation read$'
has "commitment text: a condition with its line" "$TMP/out" '^      condition: Customers must have a paid support plan to rely on it\.  \(line 15\)$'
has "commitment text: durability whole" "$TMP/out" '^  durability 99\.999999999%, not an uptime target  \(line 17\)$'
expect "commitment workbook" 0 "$BIN" sla score "$CSLA/commitment-requests.md" -o "$TMP/commit.xlsx"
unzip -p "$TMP/commit.xlsx" xl/sharedStrings.xml >"$TMP/commit-strings.xml" 2>/dev/null
has "commitment workbook: measured by, approximate" "$TMP/commit-strings.xml" 'error rate \(the minutes read it as time, an approximation\)'
expect "commitment score" 0 "$BIN" sla score "$CSLA/commitment-requests.md"
has "commitment score: minutes of an error rate are an approximation" "$TMP/out" '^      measured by error rate in the document: these minutes read it as time, an approximation$'
expect "commitment score json" 0 "$BIN" sla score --json "$CSLA/commitment-requests.md"
has "commitment score json: approximate" "$TMP/out" '"measure":"error_rate","approximate":true'
expect "commitment time score" 0 "$BIN" sla score "$CSLA/commitment-time.html"
hasnt "commitment time score: no approximation for time" "$TMP/out" 'approximation'
"$BIN" sla extract --json "$CSLA/commitment-requests.md" >"$TMP/commit.json"
expect "commitment replay" 0 "$BIN" sla score "$TMP/commit.json" --history "$SLA/history/incidents.csv"
has "commitment replay: the note on stderr" "$TMP/err" '^slaudit: note: commitment-requests.md:5: commitment c1 \(99.9%\) is measured by error rate; the contract figure measures time, an approximation of it$'
sed 's/"measure":"error_rate"/"measure":"latency"/' "$TMP/commit.json" >"$TMP/commit-bad.json"
expect "commitment: unknown measure in corrected terms" 3 "$BIN" sla score "$TMP/commit-bad.json"
has "commitment: the wrong field is named" "$TMP/err" 'measure'
sed 's/"percent":99.95/"percent":99.95,"measure":"requests"/' tests/cli/data/sla-nimbus.json >"$TMP/sla-requests.json"
expect "commitment eval by requests" 0 "$BIN" --db "$DB" eval --month 2026-10 --entity provider:nimbus --service inference-api --sla "$TMP/sla-requests.json" --fee 10000 --no-save
has "commitment eval: the approximation noted" "$TMP/err" 'commitment c1 \(99.95%\) is measured by requests; the contract figure measures time, an approximation of it$'
expect "commitment eval by time" 0 "$BIN" --db "$DB" eval --month 2026-10 --entity provider:nimbus --service inference-api --sla tests/cli/data/sla-nimbus.json --fee 10000 --no-save
hasnt "commitment eval: nothing noted for time" "$TMP/err" 'approximation'
hasnt "commitment eval: a stated window is not noted" "$TMP/err" 'states no measurement window'
# A window the document does not state: null in the terms, the month taken
# by the contract figure, and said so.
expect "window unstated: extract" 0 "$BIN" sla extract --json "$CSLA/window-unstated.md"
has "window unstated: null in the terms" "$TMP/out" '"percent":99.95,"window":null'
cp "$TMP/out" "$TMP/unstated.json"
expect "window unstated: score" 0 "$BIN" sla score "$CSLA/window-unstated.md"
has "window unstated: the criterion says the month is assumed" "$TMP/out" '99\.95 % per month \(no window stated: the month assumed\)'
expect "window unstated: eval" 0 "$BIN" --db "$DB" eval --month 2026-10 --entity provider:nimbus --service inference-api --sla "$TMP/unstated.json" --fee 10000 --no-save
has "window unstated: eval notes the month taken" "$TMP/err" 'window-unstated\.md:3: commitment c1 \(99\.95%\) states no measurement window; the contract figure takes the calendar month$'
if [ -d "$RSLA" ]; then
    for f in "$RSLA"/*.txt; do
        n=$(basename "$f")
        expect "real commitment extract $n" 0 "$BIN" sla extract --json "$f"
        hasnt "real $n: no durability figure taken as a target" "$TMP/out" '"percent":99\.9999999'
        hasnt "real $n: a missed target's credit is no eligibility" "$TMP/out" '"text":"[^"]*(does not|can ?not) meet[^"]*eligible'
    done
    expect "real commitment azure storage" 0 "$BIN" sla extract --json "$RSLA/azure-china-storage.txt"
    has "real azure storage: measured by requests" "$TMP/out" '"percent":99.99,[^}]*"measure":"requests"'
    has "real azure storage: read operations" "$TMP/out" '"operation":"read"'
    expect "real commitment fortrabbit" 0 "$BIN" sla extract --json "$RSLA/fortrabbit.txt"
    has "real fortrabbit: a production plan" "$TMP/out" '"plan":"production"'
else
    echo "cli: skipped the real SLA commitments: $RSLA is absent (set SLAUDIT_REAL to the folder holding sla/)"
fi

# --- the documentation against the tree and the binary, and the README's tour ---
if sh tests/cli/docs.sh "$BIN"; then pass; else fail "the documentation differs from the tree and the binary (tests/cli/docs.sh)"; fi
# The README's tour, pasted in order into a fresh copy after the demo's steps.
if sh tests/cli/tour.sh "$BIN" "$GEN"; then pass; else fail "the README's tour does not print what the README shows (tests/cli/tour.sh)"; fi

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
