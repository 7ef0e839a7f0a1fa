#!/bin/sh
# CLI tests: the real binary's stdout, stderr and exit codes, the store it
# writes, and the workbook read back from the XML inside the zip.
# Run from the top of the tree: BUILD=build sh tests/cli/run.sh
set -u
BUILD=${BUILD:-build}
BIN=$(pwd)/$BUILD/slaudit
GEN=$(pwd)/$BUILD/gen-sample
DATA=$(pwd)/tests/cli/data
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
DB=$TMP/t.db
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $1" >&2; }

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
# has NAME FILE PATTERN (grep -E)
has() { if grep -Eq -- "$3" "$2"; then pass; else fail "$1: no /$3/ in $(basename "$2")"; fi; }
hasnt() { if grep -Eq -- "$3" "$2"; then fail "$1: unexpected /$3/ in $(basename "$2")"; else pass; fi; }
sql() { sqlite3 "$DB" "$1"; }
same() { if [ "$2" = "$3" ]; then pass; else fail "$1: got '$2', expected '$3'"; fi; }

# --- help, version, usage errors ------------------------------------------
expect "version" 0 "$BIN" --version
has "version" "$TMP/out" '^slaudit [0-9]+\.[0-9]+'
expect "help" 0 "$BIN" --help
has "help lists ingest" "$TMP/out" 'ingest'
for cmd in ingest formats eval report; do
    expect "$cmd --help" 0 "$BIN" "$cmd" --help
    has "$cmd --help has an example" "$TMP/out" '^Example'
done
expect "no command" 2 "$BIN"
expect "unknown command" 2 "$BIN" frobnicate
has "unknown command message" "$TMP/err" "^slaudit: unknown command 'frobnicate'"
expect "bad zone" 2 "$BIN" --tz Mars/Olympus eval
has "bad zone message" "$TMP/err" "unknown time zone 'Mars/Olympus'"
expect "from without to" 2 "$BIN" --db "$DB" eval --from 2026-10-01
expect "bad month" 2 "$BIN" --db "$DB" report --month 2026-13
expect "ingest nothing" 2 "$BIN" --db "$DB" ingest
expect "unknown format name" 2 "$BIN" --db "$DB" ingest --format nope x.csv
printf '\377\376i\000d\000,\000s\000t\000a\000r\000t\000e\000d\000\n\000' >"$TMP/utf16.csv"
expect "UTF-16 file" 3 "$BIN" --db "$DB" ingest "$TMP/utf16.csv"
has "UTF-16 file: said so" "$TMP/err" "utf16.csv:1: UTF-16 text: convert to UTF-8, e.g. iconv -f UTF-16 -t UTF-8\$"

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

# --- time zones -------------------------------------------------------------------
expect "naive times in a zone" 0 "$BIN" --db "$DB" --tz Europe/Berlin ingest "$DATA/naive-times.csv"
has "naive times noted" "$TMP/err" 'note: .*naive-times.csv: 2 timestamps had no UTC offset and were read in Europe/Berlin'
# 2026-10-01 00:00 in Berlin (CEST, UTC+2) is 2026-09-30T22:00:00Z.
same "naive time converted" "$(sql "select min(start) from intervals where service='tz-check'")" 1790805600

# --- the demo pipeline on the sample data ---------------------------------------------
"$GEN" "$TMP/sample" >/dev/null
DB=$TMP/demo.db
expect "ingest sample" 0 "$BIN" --db "$DB" ingest sample-data/maintenance.csv "$TMP"/sample/*.csv
has "probes folded" "$TMP/out" 'probe-csv: read 1324560, stored 1324560, rejected 0, duplicates 0 \([0-9]+ status intervals\)'
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
has "sheets in order" "$TMP/workbook.xml" '<sheet name="Summary" sheetId="1"[^>]*/><sheet name="Charts" sheetId="2"[^>]*/><sheet name="Availability" sheetId="3"[^>]*/><sheet name="Incidents" sheetId="4"[^>]*/><sheet name="SLA" sheetId="5"[^>]*/><sheet name="Findings" sheetId="6"[^>]*/><sheet name="Compare" sheetId="7"[^>]*/><sheet name="Sources" sheetId="8"[^>]*/><sheet name="Definitions" sheetId="9"[^>]*/><sheet name="Chart data" sheetId="10"'
for n in 1 2 3 4 5 6 7 8 9 10; do
    unzip -p "$X" "xl/worksheets/sheet$n.xml" >"$TMP/sheet$n.xml"
    hasnt "no formula in sheet $n" "$TMP/sheet$n.xml" '<f>'
done
has "incidents header frozen" "$TMP/sheet4.xml" '<pane ySplit="1"'
has "incidents autofilter" "$TMP/sheet4.xml" '<autoFilter ref="A1:'
has "availability matrix holds the hand-checked value" "$TMP/sheet3.xml" '<v>0\.99728997289972[0-9]*</v>'
has "sources list each input with its sha-256" "$TMP/sheet8.xml" "<t>$(sha256sum sample-data/maintenance.csv | cut -c1-64)</t>"
has "sources record the command line" "$TMP/sheet8.xml" "<t>[^<]*slaudit --db $DB report -o $TMP/out1/</t>"
has "chart data holds the hand-checked value" "$TMP/sheet10.xml" '<v>0\.99728997289972[0-9]*</v>'
n=$(unzip -l "$X" | grep -c 'xl/charts/chart[0-9]*\.xml')
same "four charts" "$n" 4
cp "$X" "$TMP/out2/first.xlsx"
expect "report again" 0 "$BIN" --db "$DB" report -o "$TMP/out1/"
if cmp -s "$X" "$TMP/out2/first.xlsx"; then pass; else fail "report is not byte-identical across runs"; fi
# September holds an incident titled '=SUM(A1) shown in alert text'.
expect "report september" 0 "$BIN" --db "$DB" -q report --month 2026-09 -o "$TMP/sep.xlsx"
unzip -p "$TMP/sep.xlsx" xl/worksheets/sheet4.xml >"$TMP/sep3.xml"
has "hostile title is a string" "$TMP/sep3.xml" 't="inlineStr"><is><t>=SUM\(A1\) shown in alert text</t>'
hasnt "no formula in september incidents" "$TMP/sep3.xml" '<f>'
expect "report to a missing directory" 5 "$BIN" --db "$DB" report -o "$TMP/no/such/dir/r.xlsx"
if ls "$TMP/no/such/dir" >/dev/null 2>&1; then fail "report left something behind"; else pass; fi

# --- the report as plain tables ------------------------------------------------------
expect "report csv to stdout" 0 "$BIN" --db "$DB" report --month 2026-10 --format csv
has "csv tables introduced" "$TMP/out" '^# table: incidents$'
has "csv hand-checked availability" "$TMP/out" '^provider:nimbus,inference-api,2026-10,0\.99728997289972[0-9]*,0\.999,7200,2656800,14400,7200,'
expect "report json to a directory" 0 "$BIN" --db "$DB" -q report --month 2026-10 --format json -o "$TMP/tables"
same "one json file per table" "$(ls "$TMP/tables" | tr '\n' ' ')" "availability.json findings.json incidents.json sla.json sources.json summary.json "
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
expect "audit without entity" 2 "$BIN" --db "$DB" audit --from 2026-08-01 --to 2026-11-01
expect "audit bad fail-on" 2 "$BIN" --db "$DB" audit --entity team:x --from 2026-08-01 --to 2026-11-01 --fail-on severe
ADB=$TMP/audit.db
expect "ingest audit inputs" 0 "$BIN" --db "$ADB" -q ingest sample-data/postmortems.csv sample-data/actions.csv \
    sample-data/patches.csv sample-data/oncall.csv sample-data/changes.csv sample-data/notifications.csv \
    sample-data/profile-platform.json
expect "audit fails on high" 1 "$BIN" --db "$ADB" audit --entity team:platform --from 2026-08-01 --to 2026-11-01 --fail-on high
has "audit finds the on-call gap" "$TMP/out" 'OPS-001 .*8\.0 h in all'
has "audit finds the KEV patch" "$TMP/out" 'PAT-002 .*CVE-2026-3050'
expect "audit passes at critical" 0 "$BIN" --db "$ADB" audit --entity team:platform --from 2026-08-01 --to 2026-11-01 --fail-on critical
expect "audit json" 0 "$BIN" --db "$ADB" audit --entity team:platform --from 2026-08-01 --to 2026-11-01 --json
cp "$TMP/out" "$TMP/audit1.json"
expect "audit json again" 0 "$BIN" --db "$ADB" audit --entity team:platform --from 2026-08-01 --to 2026-11-01 --json
if cmp -s "$TMP/out" "$TMP/audit1.json"; then pass; else fail "audit findings differ between runs"; fi
has "audit evidence cites file and line" "$TMP/out" '"file":"sample-data/patches.csv","line":5'
expect "audit workbook" 0 "$BIN" --db "$ADB" -q audit --entity team:platform --from 2026-08-01 --to 2026-11-01 -o "$TMP/audit.xlsx"
unzip -p "$TMP/audit.xlsx" xl/workbook.xml >"$TMP/aw.xml"
has "audit sheets" "$TMP/aw.xml" '<sheet name="Findings"[^>]*/><sheet name="Evidence"[^>]*/><sheet name="Rules"[^>]*/><sheet name="Sources"'

# --- eval: the contract measure beside the neutral one ---------------------------------
# inference-api, October: 7200 s down of 2,656,800 eligible (99.72899 %); 99.95 %
# allows 1328.4 s, margin -5871.6 s; [99.0, 99.95) gives 10 % of 10000; claims by 30 Nov.
expect "eval with an SLA" 0 "$BIN" --db "$DB" --json eval --month 2026-10 --entity provider:nimbus --service inference-api --sla tests/cli/data/sla-nimbus.json --fee 10000
has "contract row" "$TMP/out" '"service":"inference-api","window":\{"kind":"month","start":"2026-10-01T00:00:00Z","end":"2026-11-01T00:00:00Z"\},"measure":"contract","availability":0\.99728997289972[0-9]*,"downtime_seconds":7200'
has "contract attainment" "$TMP/out" '"target_percent":99\.95,"attainment_percent":99\.7289972899729[0-9]*,"met":false,"allowed_downtime_seconds":1328\.[0-9]+,"margin_seconds":-5871\.[0-9]+,"credit_match":"tier","credit_tier_line":5,"credit_percent":10,"credit_capped":false,"credit_amount":1000,"claim_deadline":"2026-11-30"'
has "burn-rate alert replayed" "$TMP/out" '"rule":"page-1h","severity":"page","fired":"2026-10-'
expect "eval --sla needs --entity" 2 "$BIN" --db "$DB" eval --month 2026-10 --sla tests/cli/data/sla-nimbus.json
expect "eval by quarter" 0 "$BIN" --db "$DB" eval --from 2026-08-01 --to 2026-11-01 --window quarter --entity provider:nimbus
has "quarter label" "$TMP/out" 'provider:nimbus +\(all\) +2026-Q3'
expect "eval rolling" 0 "$BIN" --db "$DB" --json eval --from 2026-10-02 --to 2026-11-01 --rolling 30 --entity provider:nimbus
has "rolling window" "$TMP/out" '"kind":"rolling","start":"2026-10-02T00:00:00Z","end":"2026-11-01T00:00:00Z"'

# --- decide and compare -------------------------------------------------------------
expect "decide --help" 0 "$BIN" decide --help
has "decide --help has an example" "$TMP/out" '^Example'
expect "decide without a profile" 2 "$BIN" --db "$DB" decide
expect "decide with a missing profile" 3 "$BIN" --db "$DB" decide --profile "$TMP/none.yaml"
expect "decide with a bad profile" 3 "$BIN" --db "$DB" decide --profile tests/data/decide/bad-unknown-field.yaml
has "bad profile names the field" "$TMP/err" "bad-unknown-field.yaml: costs: unknown field 'enginer_hour'"
expect "decide sample" 0 "$BIN" --db "$DB" decide --profile sample-data/team.yaml --from 2026-08-01 --to 2026-11-01
has "decide recommends" "$TMP/out" '^Recommendation: hybrid \(production on provider:nimbus, research on team:platform\)'
has "decide says whether the default stands" "$TMP/out" '^Default policy: hybrid; measured data does not overturn it'
has "decide states the rotation rule" "$TMP/out" 'Google SRE book'
has "decide shows the arithmetic" "$TMP/out" 'GPUs 128 × 2\.20 × 730\.5 h = 205709'
has "decide shows the boundary" "$TMP/out" '^  capacity allocation and quota +strategic +team'
expect "decide json" 0 "$BIN" --db "$DB" --json decide --profile sample-data/team.yaml --from 2026-08-01 --to 2026-11-01
has "decide json recommendation" "$TMP/out" '^\{"recommendation":"hybrid","provider":"provider:nimbus"'
has "decide json reasons" "$TMP/out" '"reasons":\[\{"rule":"T-type","basis":"profile"'
has "decide json options" "$TMP/out" '"options":\[\{"model":"self-managed"'
expect "decide workbook" 0 "$BIN" --db "$DB" -q decide --profile sample-data/team.yaml --from 2026-08-01 --to 2026-11-01 -o "$TMP/decision.xlsx"
unzip -p "$TMP/decision.xlsx" xl/workbook.xml >"$TMP/dw.xml"
has "decision sheets" "$TMP/dw.xml" '<sheet name="Decision"[^>]*/><sheet name="Measured"'
unzip -p "$TMP/decision.xlsx" xl/sharedStrings.xml >"$TMP/ds.xml"
has "decision sheet reads back" "$TMP/ds.xml" 'Operating model: hybrid with provider:nimbus'
expect "compare --help" 0 "$BIN" compare --help
expect "compare needs two" 2 "$BIN" --db "$DB" compare team:platform
expect "compare the same twice" 2 "$BIN" --db "$DB" compare team:platform team:platform
expect "compare a non-entity" 2 "$BIN" --db "$DB" compare team:platform nimbus
expect "compare" 0 "$BIN" --db "$DB" compare team:platform provider:nimbus --from 2026-10-01 --to 2026-11-01
has "compare header" "$TMP/out" '^metric +unit +team:platform +provider:nimbu'
has "compare month row" "$TMP/out" '^availability 2026-10 '
expect "compare json" 0 "$BIN" --db "$DB" --json compare team:platform provider:nimbus --from 2026-10-01 --to 2026-11-01
has "compare json metric" "$TMP/out" '"metrics":\[\{"name":"availability","unit":"%","a":99\.[0-9]+,"b":99\.[0-9]+,"difference":'
expect "compare an entity without data" 0 "$BIN" --db "$DB" compare team:platform provider:none --from 2026-10-01 --to 2026-11-01
has "compare notes the missing data" "$TMP/err" 'no data for provider:none'

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
expect "sla import document" 0 "$BIN" --db "$DB" sla import "$SLA/delta-tsv.txt" --entity provider:delta
same "sla two commitments" "$(sql "SELECT count(*) FROM commitments")" "2"
expect "sla score" 0 "$BIN" sla score "$SLA/acme-gpu.md"
has "sla score total" "$TMP/out" '^acme-gpu\.md: score [0-9]+ / 100'
has "sla score allowed downtime" "$TMP/out" '99\.95%: 21\.9 min a month, 65\.7 min a quarter, 262\.8 min a year'
expect "sla score flags quote lines" 0 "$BIN" sla score "$SLA/delta-tsv.txt"
has "sla score SLA-001" "$TMP/out" '^  SLA-001 high'
has "sla score gap" "$TMP/out" 'credit table gap: no band covers 98 % to 99 %'
expect "sla score json" 0 "$BIN" --json sla score "$SLA/cirrus-prose.txt"
has "sla score json" "$TMP/out" '^\{"document":"cirrus-prose\.txt","score":[0-9.]+,"criteria":\[\{"id":"uptime"'
has "sla score json flag line" "$TMP/out" '"rule":"SLA-005","severity":"medium","title":"open-ended exclusion","detail":"[^"]*","line":24'
expect "sla score replay" 0 "$BIN" sla score "$SLA/acme-gpu.md" --history "$SLA/history/incidents.csv" "$SLA/history/maintenance.csv" -o "$TMP/score.xlsx"
has "sla replay breach" "$TMP/out" '2026-10 +99\.731% +99\.731% +BREACHED +10%'
has "sla replay maintenance excluded" "$TMP/out" '2026-11 +99\.993% +99\.993% +met +0% +180 m'
has "sla replay capped credit" "$TMP/out" '2026-12 .*BREACHED +100%'
unzip -p "$TMP/score.xlsx" xl/workbook.xml >"$TMP/sw.xml"
has "sla workbook sheets" "$TMP/sw.xml" '<sheet name="Scorecard"[^>]*/><sheet name="Red flags"[^>]*/><sheet name="Terms"[^>]*/><sheet name="Allowed downtime"[^>]*/><sheet name="Replay"'
unzip -p "$TMP/score.xlsx" xl/sharedStrings.xml >"$TMP/ss.xml"
has "sla workbook reads back" "$TMP/ss.xml" 'acme-gpu\.md: [0-9]+ / 100'
expect "sla score bad history" 3 "$BIN" sla score "$SLA/acme-gpu.md" --history "$SLA/acme-gpu.md"

# --- ingest options of log and generic formats (issue 3) ------------------------
F=tests/data/formats
IDB=$TMP/ingest-opts.db
expect "slurm needs service" 3 "$BIN" --db "$IDB" ingest --entity team:hpc $F/slurmctld.log
has "slurm needs service message" "$TMP/err" 'slurmctld.log: a slurmctld log needs --entity and --service'
expect "slurm log" 0 "$BIN" --db "$IDB" ingest --entity team:hpc --service gpu-a $F/slurmctld.log
has "slurm log detected" "$TMP/out" 'slurmctld-log: read 10, stored 9, rejected 1'
expect "syslog --year" 0 "$BIN" --db "$IDB" ingest --entity team:hpc --service gpu-b --year 2026 $F/slurmctld-syslog.log
same "syslog --year turns the year" "$(sqlite3 "$IDB" "SELECT resolved FROM incidents WHERE key LIKE 'slurm:n2:%'")" 1798762201
expect "bad --year" 2 "$BIN" --db "$IDB" ingest --year 20x $F/slurmctld.log
has "bad --year message" "$TMP/err" "--year '20x' is not a year"
expect "dmesg without --boot-time" 0 "$BIN" --db "$IDB" ingest --entity team:hpc $F/xid-dmesg-boot.log
has "dmesg boot stamps rejected" "$TMP/out" 'rejected 4'
expect "dmesg --boot-time" 0 "$BIN" --db "$TMP/boot.db" ingest --entity team:hpc --boot-time 2026-03-02T00:00:00Z $F/xid-dmesg-boot.log
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
expect "backtracking pattern" 0 "$BIN" --db "$IDB" ingest --entity team:ops --config $F/backtrack.yaml $F/backtrack.log
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
expect "eval --fleet" 0 "$BIN" --db "$R" eval --month 2026-10 --entity provider:acme --fleet 64
has "capacity beside the service figure" "$TMP/out" 'provider:acme +api +2026-10 +98\.072% +99\.407% +64 +[0-9.]+ +213\.3 +1'
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
# Sheet N of the workbook, by name, as XML in $TMP/NAME.xml.
sheet_of() {
    n=$(unzip -p "$1" xl/workbook.xml | grep -o '<sheet name="[^"]*"' | grep -n "\"$2\"" | cut -d: -f1)
    unzip -p "$1" "xl/worksheets/sheet$n.xml" >"$TMP/$3.xml"
}
# Findings rows of entity $2 in sheet XML $1 as "service|subject|message|evidence", sorted.
report_findings() {
    sed 's/<row /\n<row /g' "$1" | grep "<c r=\"E[0-9]*\" t=\"inlineStr\"><is><t>$2</t>" |
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
has "sla sheet row" "$TMP/rsla.xml" '<c r="B4" t="inlineStr"><is><t>inference-api</t></is></c><c r="C4" t="inlineStr"><is><t>2026-10</t></is></c><c r="D4" t="inlineStr"><is><t>nimbus-sla</t></is></c><c r="E4" s="[0-9]+"><v>0\.9995[0-9]*</v></c><c r="F4" s="[0-9]+"><v>0\.99728997289972[0-9]*</v></c><c r="G4" s="[0-9]+" t="inlineStr"><is><t>breached</t></is></c><c r="H4" s="[0-9]+"><v>-97\.86[0-9]*</v></c><c r="I4" t="inlineStr"><is><t>\[99%, 99\.95%\) → 10%</t></is></c><c r="J4" s="[0-9]+"><v>5</v></c><c r="K4" s="[0-9]+"><v>10</v></c><c r="L4" s="[0-9]+"><v>1000</v></c><c r="M4" s="[0-9]+"><v>46356</v></c>'
sheet_of "$R" Summary rsum
has "summary credits due" "$TMP/rsum.xml" '<c r="V4" s="[0-9]+"><v>1000</v></c>'
has "summary: the SLA covers one service, the entity keeps the default target" "$TMP/rsum.xml" '<c r="D4" s="[0-9]+"><v>0\.999</v></c>'
sheet_of "$R" Availability ravail
has "availability target from the SLA" "$TMP/ravail.xml" '<t>inference-api</t></is></c><c r="C[0-9]+" s="[0-9]+"><v>0\.9995[0-9]*</v>'
sheet_of "$R" "Chart data" rcd
has "error budget from the contract measure" "$TMP/rcd.xml" '<t>budget of nimbus-sla \(contract measure\)</t>'
expect "report without an SLA" 0 "$BIN" --db "$RDB" -q report --month 2026-10 --profile sample-data/team.yaml -o "$TMP/all1.xlsx"
unzip -p "$TMP/all1.xlsx" xl/workbook.xml >"$TMP/rw.xml"
has "report sheets with a profile" "$TMP/rw.xml" '<sheet name="SLA"[^>]*/><sheet name="Findings"[^>]*/><sheet name="Compare"[^>]*/><sheet name="Decision"[^>]*/><sheet name="Sources"'
sheet_of "$TMP/all1.xlsx" SLA asla
has "sla sheet says none applies" "$TMP/asla.xml" 'No SLA applies to any entity this month'
sheet_of "$TMP/all1.xlsx" Findings afind
has "findings sheet lists the KEV patch" "$TMP/afind.xml" '<t>team:platform</t>.*CVE-2026-3050'
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
has "summary counts findings" "$TMP/asum.xml" '<c r="W6" s="[0-9]+"><v>[1-9][0-9]*</v></c>'
sheet_of "$TMP/all1.xlsx" Decision adec
has "decision sheet in the report" "$TMP/adec.xml" '<t>Operating model: hybrid with provider:nimbus</t>'
cp "$TMP/all1.xlsx" "$TMP/all2.xlsx"
expect "report with a profile again" 0 "$BIN" --db "$RDB" -q report --month 2026-10 --profile sample-data/team.yaml -o "$TMP/all1.xlsx"
if cmp -s "$TMP/all1.xlsx" "$TMP/all2.xlsx"; then pass; else fail "report with findings and decision is not byte-identical"; fi
expect "report with a bad profile" 3 "$BIN" --db "$RDB" -q report --month 2026-10 --profile tests/data/decide/bad-unknown-field.yaml -o "$TMP/bad.xlsx"
expect "report --sla without --entity" 2 "$BIN" --db "$RDB" report --month 2026-10 --sla tests/cli/data/sla-nimbus.json
sheet_of "$TMP/audit.xlsx" Findings aud
unzip -p "$TMP/audit.xlsx" xl/sharedStrings.xml >"$TMP/ass.xml"
has "audit findings numbered" "$TMP/aud.xml" '<c r="A2" s="[0-9]+"><v>1</v></c>'
has "audit findings name the entity" "$TMP/ass.xml" '<t>Entity</t>.*<t>team:platform</t>'
sheet_of "$TMP/audit.xlsx" Evidence aev
nf=$(grep -o '<row r="[0-9]*"' "$TMP/aud.xml" | tail -1 | grep -o '[0-9]*')
maxref=$(grep -o '<c r="A[0-9]*" s="[0-9]*"><v>[0-9]*</v>' "$TMP/aev.xml" | sed 's/.*<v>//;s/<\/v>//' | sort -n | tail -1)
if [ -n "$maxref" ] && [ "$maxref" -le $((nf - 1)) ]; then pass; else fail "evidence names finding $maxref of $((nf - 1))"; fi
has "audit sources name the version and command" "$TMP/ass.xml" "slaudit version.*slaudit --db $ADB -q audit --entity team:platform"
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
has "openslo: one commitment per SLO" "$TMP/out" '"format":"openslo",.*"read":3,"stored":2,"rejected":1'
has "openslo: the 7-day window rejected" "$TMP/err" "openslo.yaml:42: rejected: time window '7d'"
same "openslo commitments stored as slo" "$(sqlite3 "$FDB" "select count(*) from commitments where kind = 'slo' and entity = 'team:ml-serving'")" 2
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

# --- every command that reads a file refuses a FIFO at once ---------------------
expect "sla extract fifo" 3 "$BIN" sla extract "$TMP/fifo"
has "sla extract fifo message" "$TMP/err" "fifo: not a regular file"
expect "sla score fifo" 3 "$BIN" sla score "$TMP/fifo"
expect "eval --sla fifo" 3 "$BIN" --db "$DB" eval --sla "$TMP/fifo" --entity provider:nimbus

echo "cli: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
