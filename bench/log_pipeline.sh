#!/bin/sh
# log_pipeline.sh — the log ingests' baseline in `make bench`: the lines
# slaudit reads from a log found by grep, their fields cut out by awk, and
# stored by sqlite3 .import into a plain table, one pipeline a log.
#
# usage: sh bench/log_pipeline.sh kern.log|slurmctld.log|checks.log FILE DB
set -eu
kind=$1 file=$2 db=$3
case $kind in
kern.log) # Xid and SXid events: stamp, host, PCI address, code
    grep -E 'NVRM: Xid|SXid \(' "$file" |
        awk -v OFS=, '{
            match($0, /\(PCI:[^)]*\): [0-9]+/)
            split(substr($0, RSTART + 5, RLENGTH - 5), a, /\): /)
            print $1 " " $2 " " $3, $4, a[1], a[2]
        }' |
        sqlite3 "$db" "CREATE TABLE xid (time, host, pci, xid)" ".mode csv" ".import /dev/stdin xid"
    ;;
slurmctld.log) # node state messages: stamp, node, what was said
    grep -F -e ' not responding' -e ' now responding' -e ' returned to service' \
        -e ' state set to ' -e ' reason set to: ' -e ' with reason: ' "$file" |
        awk -v OFS=, '{
            for (i = 2; i < NF; i++) if ($i ~ /^[Nn]odes?$/) break
            m = $0
            sub(/.*[Nn]odes? [^ ]+ /, "", m)
            gsub(/"/, "", m)
            print substr($1, 2, 23), $(i + 1), "\"" m "\""
        }' |
        sqlite3 "$db" "CREATE TABLE node (time, node, event)" ".mode csv" ".import /dev/stdin node"
    ;;
checks.log) # one probe a line: stamp, service, result
    grep ' check ' "$file" |
        awk -v OFS=, '$4 ~ /^(OK|FAIL)$/ && $5 ~ /^[0-9]+ms$/ { print $1, $3, $4 }' |
        sqlite3 "$db" "CREATE TABLE probe (time, service, result)" ".mode csv" ".import /dev/stdin probe"
    ;;
*)
    echo "log_pipeline.sh: no pipeline for '$kind'" >&2
    exit 2
    ;;
esac
