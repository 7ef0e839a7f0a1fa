#!/bin/sh
# A throwaway PostgreSQL server for the tests: one cluster in DIR, reached
# through a unix socket in DIR only (no TCP), trusted, with a database and a
# role both named slaudit.
#
#   sh tests/pg/cluster.sh start DIR       cluster created and running
#   sh tests/pg/cluster.sh stop DIR        stopped, DIR removed
#   sh tests/pg/cluster.sh with-cluster CMD [ARG...]
#                                          a fresh DIR under TMPDIR, CMD run
#                                          with SLAUDIT_PG_TEST set to its
#                                          connection string and
#                                          SLAUDIT_PG_BIN to the folder of
#                                          psql, and the cluster always
#                                          stopped and removed after, when
#                                          CMD fails or is interrupted too;
#                                          exits with CMD's status
#   sh tests/pg/cluster.sh with-clusters CMD [ARG...]
#                                          the same with two clusters, the
#                                          second's connection string in
#                                          SLAUDIT_PG_TEST2 (the two-server
#                                          store of tests/pg/fdw.sh)
#
# Deadlocks are looked for after 100 ms instead of a second: the tests
# make ingests deadlock on purpose (tests/pg/run.sh).
#
# initdb refuses to run as root: as root the server commands run as the
# unprivileged postgres user of Debian's postgresql package, with DIR
# handed to it. Binaries are taken from PATH, else /usr/lib/postgresql/*/bin.
# Without them it prints one line and exits 0, having run nothing.
set -eu

skip_line="slaudit: PostgreSQL server binaries not found; PostgreSQL tests skipped"

find_bin() { # the folder holding initdb and pg_ctl, or nothing
    if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
        dirname "$(command -v initdb)"
        return
    fi
    for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -r); do
        if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
            echo "$d"
            return
        fi
    done
}

as_server() { # runs a server command as the user that owns the cluster
    if [ "$(id -u)" -eq 0 ]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# start and stop run in a subshell, so that their dir is not the caller's.
start() (
    dir=$1
    bin=$2
    mkdir -p "$dir"
    if [ "$(id -u)" -eq 0 ]; then
        chown postgres "$dir"
        chmod 700 "$dir"
    fi
    as_server "$bin/initdb" -D "$dir/data" --auth=trust --locale=C -E UTF8 -U slaudit \
        >"$dir/initdb.log" 2>&1 || {
        cat "$dir/initdb.log" >&2
        return 1
    }
    as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" \
        -o "-k $dir -c listen_addresses='' -c deadlock_timeout=100ms" -w start >/dev/null || {
        cat "$dir/server.log" >&2
        return 1
    }
    as_server "$bin/psql" -q -h "$dir" -U slaudit -d postgres -c 'CREATE DATABASE slaudit' \
        >/dev/null
)

stop() (
    dir=$1
    bin=$2
    if [ -f "$dir/data/postmaster.pid" ]; then
        as_server "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
)

[ $# -ge 1 ] || {
    echo "usage: cluster.sh start DIR | stop DIR | with-cluster[s] CMD [ARG...]" >&2
    exit 2
}
bin=$(find_bin)
if [ -z "$bin" ]; then
    echo "$skip_line"
    exit 0
fi
# psql sits beside initdb in Debian's folders; the PATH links may not.
[ -x "$bin/psql" ] || bin=$(dirname "$(readlink -f "$bin/initdb")")

what=$1
shift
case "$what" in
start)
    [ $# -eq 1 ] || { echo "usage: cluster.sh start DIR" >&2; exit 2; }
    start "$(realpath -m "$1")" "$bin"
    ;;
stop)
    [ $# -eq 1 ] || { echo "usage: cluster.sh stop DIR" >&2; exit 2; }
    stop "$(realpath -m "$1")" "$bin"
    ;;
with-cluster | with-clusters)
    [ $# -ge 1 ] || { echo "usage: cluster.sh $what CMD [ARG...]" >&2; exit 2; }
    # The second cluster's folder is named once it exists, so that the trap
    # stops and removes what there is of it.
    dir2=
    dir=$(mktemp -d "${TMPDIR:-/tmp}/slaudit-pg.XXXXXX")
    trap 'rc=$?; trap - EXIT; stop "$dir" "$bin"; [ -z "$dir2" ] || stop "$dir2" "$bin"; exit $rc' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
    start "$dir" "$bin"
    # Not one left from the caller's environment: a command run with one
    # cluster is not handed a second.
    unset SLAUDIT_PG_TEST2
    if [ "$what" = with-clusters ]; then
        dir2=$(mktemp -d "${TMPDIR:-/tmp}/slaudit-pg.XXXXXX")
        start "$dir2" "$bin"
        SLAUDIT_PG_TEST2="host=$dir2 dbname=slaudit user=slaudit"
        export SLAUDIT_PG_TEST2
    fi
    rc=0
    SLAUDIT_PG_TEST="host=$dir dbname=slaudit user=slaudit" SLAUDIT_PG_BIN=$bin "$@" || rc=$?
    exit $rc
    ;;
*)
    echo "cluster.sh: unknown command '$what'" >&2
    exit 2
    ;;
esac
