#!/bin/sh
# Runs the CLI tests with every slaudit run under valgrind's memcheck: an
# invalid read or write, a use of uninitialised memory, or a definite leak
# makes that run exit 99, which fails the test that made it.
#   sh tests/reliability/valgrind.sh BUILD_DIR
set -eu
BUILD=${1:-build}
TOP=$(pwd)
VG=$BUILD/valgrind
mkdir -p "$VG"
ln -sf "$TOP/$BUILD/gen-sample" "$VG/gen-sample"
cat >"$VG/slaudit" <<WRAP
#!/bin/sh
exec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \\
    "$TOP/$BUILD/slaudit" "\$@"
WRAP
chmod +x "$VG/slaudit"
BUILD=$VG sh tests/cli/run.sh
