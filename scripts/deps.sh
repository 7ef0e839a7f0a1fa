#!/bin/sh
# Checks that the Debian packages slaudit builds and tests with are installed.
# As root it installs what is missing; otherwise it prints the exact command and fails.
set -eu
pkgs="gcc make pkg-config libsqlite3-dev libpcre2-dev libxlsxwriter-dev libcriterion-dev libcsv-dev libssl-dev libjansson-dev libyaml-dev libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev libpoppler-glib-dev libzip-dev libpq-dev libcurl4-openssl-dev python3 postgresql tzdata unzip sqlite3 jq time clang clang-format libclang-rt-14-dev valgrind"
missing=""
for p in $pkgs; do
    status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
    case "$status" in
    *"install ok installed"*) ;;
    *) missing="$missing $p" ;;
    esac
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
    echo "slaudit: installing missing packages:$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq --no-install-recommends $missing >&2
else
    echo "slaudit: missing Debian packages:$missing" >&2
    echo "slaudit: run: sudo apt-get install -y$missing" >&2
    exit 1
fi
