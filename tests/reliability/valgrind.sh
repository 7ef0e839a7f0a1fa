#!/bin/sh
# Runs the CLI tests and the metric cases with every slaudit run under valgrind's memcheck: an
# invalid read or write, a use of uninitialised memory, or a definite leak
# makes that run exit 99, which fails the test that made it.
#   sh tests/reliability/valgrind.sh BUILD_DIR
set -eu
BUILD=${1:-build}
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
VG=$BUILD/valgrind
mkdir -p "$VG"
ln -sf "$BUILD/gen-sample" "$VG/gen-sample"
# PCRE2's JIT code reads memory in ways memcheck cannot follow (Debian's
# libpcre2 is built without valgrind support): match without the JIT here.
cat >"$VG/slaudit" <<WRAP
#!/bin/sh
export SLAUDIT_REGEX_JIT=0
exec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \\
    "$BUILD/slaudit" "\$@"
WRAP
chmod +x "$VG/slaudit"
BUILD=$VG sh tests/cli/run.sh
BUILD=$VG sh tests/cli/cases.sh
