# lib.sh — what the PostgreSQL store's tests share (tests/pg/run.sh and
# tests/pg/fdw.sh source it from the top of the tree): the binary and the
# servers tests/pg/cluster.sh gives, the checks of tests/lib.sh, a database
# of its own for each case, and the same inputs fed to an SQLite file and to
# a server store, each command's every output compared between the two.
# shellcheck shell=sh
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

# A server is reached as its connection string reaches it: the socket
# folder, user slaudit, trusted (the password given is ignored by the
# server, and must be by slaudit's output too).
host_of() { printf '%s\n' "$1" | sed -n 's/.*host=\([^ ]*\).*/\1/p'; }
host=$(host_of "$SLAUDIT_PG_TEST")
PASSWORD=Pw-9f3kq-never-shown
# psql_at HOST DB [ARG...]: psql on database DB of the server at HOST, rows
# unaligned, stopped by the first error
psql_at() {
    psql_host=$1 psql_db=$2
    shift 2
    "$SLAUDIT_PG_BIN/psql" -X -q -A -t -v ON_ERROR_STOP=1 -h "$psql_host" -U slaudit \
        -d "$psql_db" "$@"
}
psql_in() { psql_at "$host" "$1" -c "$2"; } # psql_in DB SQL: on the first server
# new_db NAME [HOST]: the target of a new, empty database NAME on the first
# server, or on the server at HOST
new_db() {
    psql_at "${2:-$host}" slaudit -c "CREATE DATABASE $1" >/dev/null
    echo "postgresql://slaudit:$PASSWORD@/$1?host=${2:-$host}"
}
# The target as slaudit shows it.
shown() { echo "$1" | sed "s/:$PASSWORD@/:***@/"; }

# --- the same inputs into SQLite and PostgreSQL ----------------------------------
# Each side runs in a folder of its own with the store in $SLAUDIT_DB ($SQ,
# and $PG, which the script sets) and the same arguments (absolute input
# paths, relative output paths), so that every byte either prints or writes
# may be compared: the command lines a workbook records are the same too.
"$BUILD/gen-sample" "$TMP/gen" >/dev/null || fail "gen-sample"
SQ=$TMP/sqlite/store.db
PG=
mkdir -p "$TMP/sqlite" "$TMP/pg"
# shellcheck disable=SC2034 # the scripts that source this ingest them
inputs="$TOP/sample-data/actions.csv $TOP/sample-data/changes.csv
    $TOP/sample-data/maintenance.csv $TOP/sample-data/notifications.csv
    $TOP/sample-data/oncall.csv $TOP/sample-data/patches.csv
    $TOP/sample-data/postmortems.csv $TOP/sample-data/profile-coreline.json
    $TOP/sample-data/profile-platform.json $TMP/gen/incidents-providers.csv
    $TMP/gen/pagerduty-platform.csv $TMP/gen/probes.csv $TOP/tests/cli/data/history-two-providers.csv"
# The two sides share nothing, and run at once.
n=0
both() { # both CMD...: run on each side; stdout, stderr and exit status alike, and 0
    n=$((n + 1))
    (cd "$TMP/sqlite" && SLAUDIT_DB=$SQ "$BIN" "$@" >"out.$n" 2>"err.$n"; echo $? >"rc.$n") &
    (cd "$TMP/pg" && SLAUDIT_DB=$PG "$BIN" "$@" >"out.$n" 2>"err.$n"; echo $? >"rc.$n")
    wait
    for f in out err rc; do
        if cmp -s "$TMP/sqlite/$f.$n" "$TMP/pg/$f.$n"; then pass; else
            fail "slaudit $*: $f differs between SQLite and PostgreSQL"
            diff "$TMP/sqlite/$f.$n" "$TMP/pg/$f.$n" | head -5 | cut -c1-200 >&2
        fi
    done
    same "slaudit $*: exit" "$(cat "$TMP/pg/rc.$n")" 0
}
# same_written PATH...: the file, or the folder's files, each side wrote at
# PATH, byte for byte and by name
same_written() {
    for path in "$@"; do
        if diff -rq "$TMP/sqlite/$path" "$TMP/pg/$path" >"$TMP/written" 2>&1; then pass; else
            fail "$path: what SQLite and PostgreSQL wrote differs"
            head -5 "$TMP/written" >&2
        fi
    done
}
# csv_lines CSV CMD...: CSV's header line, then its other lines through CMD
csv_lines() {
    csv_file=$1
    shift
    head -1 "$csv_file"
    tail -n +2 "$csv_file" | "$@"
}
