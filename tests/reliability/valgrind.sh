#!/bin/sh
# Runs the CLI tests and the metric cases with slaudit runs under valgrind's
# memcheck: an invalid read or write, a use of uninitialised memory, or a
# definite leak makes that run exit 99, which fails the test that made it.
#   sh tests/reliability/valgrind.sh BUILD_DIR
# VALGRIND_EVERY=N puts one run in N under memcheck, counted in the order
# the tests make them, and runs the others as they are: a run under memcheck
# takes about 40 times as long, and the sanitizer build (make sanitize)
# already runs every test with ASan, its leak check and UBSan. The default,
# 1, puts every run under memcheck.
set -eu
BUILD=${1:-build}
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
EVERY=${VALGRIND_EVERY:-1}
VG=$BUILD/valgrind
mkdir -p "$VG"
: >"$VG/runs"
: >"$VG/checked"
ln -sf "$BUILD/gen-sample" "$VG/gen-sample"
# PCRE2's JIT code reads memory in ways memcheck cannot follow (Debian's
# libpcre2 is built without valgrind support): match without the JIT here.
cat >"$VG/slaudit" <<WRAP
#!/bin/sh
echo >>"$VG/runs"
if [ \$((\$(wc -l <"$VG/runs") % $EVERY)) -ne 0 ]; then
    exec "$BUILD/slaudit" "\$@"
fi
echo >>"$VG/checked"
export SLAUDIT_REGEX_JIT=0
exec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \\
    "$BUILD/slaudit" "\$@"
WRAP
chmod +x "$VG/slaudit"
rc=0
BUILD=$VG sh tests/cli/run.sh || rc=1
BUILD=$VG sh tests/cli/cases.sh || rc=1
echo "valgrind: $(wc -l <"$VG/checked") of $(wc -l <"$VG/runs") slaudit runs under memcheck"
exit $rc
