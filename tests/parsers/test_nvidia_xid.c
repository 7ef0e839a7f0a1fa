/* test_nvidia_xid.c — Xid lines (parsers/nvidia_xid.c) in syslog and
 * journald form: the syslog year from the file's date with the turn of the
 * year, the Xid table's class and action, the GPU named by its PCI address,
 * a repeated line counted as a duplicate, and a boot-relative stamp rejected. */
#include <criterion/criterion.h>
#include <sys/stat.h>
#include <time.h>
#include <utime.h>

#include "engine/xid.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define LOG "data/formats/xid-syslog.log"

static struct fixture fx;

static void
setup(void)
{
    fixture_open(&fx);
    /* the syslog year comes from the file's date: pin it to 2027-01-02 */
    struct utimbuf t = {INT64_C(1798848000), INT64_C(1798848000)};
    utime(LOG, &t);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(nvidia_xid, .init = setup, .fini = teardown);

Test(nvidia_xid, table)
{
    cr_assert_str_eq(xid_lookup(79)->action, "drain");
    cr_assert_str_eq(xid_lookup(79)->xid_class, "hardware");
    cr_assert_str_eq(xid_lookup(13)->xid_class, "application");
    cr_assert_str_eq(xid_lookup(9999)->xid_class, "unknown");
}

Test(nvidia_xid, syslog_and_journald)
{
    struct parse_run run;
    struct parse_options opt = {"team:hpc", "cluster-a", NULL};
    cr_assert_eq(parse_file(&fx, &parser_nvidia_xid, LOG, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 5, 3, 1, 1);
    cr_assert_eq(run.ing.shown[0].line, 6);
    /* Dec 31 is 2026, Jan 1 is 2027 */
    cr_assert_eq(fixture_count(&fx, "SELECT time FROM gpu_events WHERE xid = 79"),
                 INT64_C(1798761541));
    cr_assert_eq(fixture_count(&fx, "SELECT time FROM gpu_events WHERE xid = 48"),
                 INT64_C(1798761605));
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events WHERE xid = 79 AND "
                                    "gpu = 'GPU-11111111-2222-3333-4444-555555555555' AND "
                                    "host = 'gpu-07' AND action = 'drain'"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events WHERE host = 'gpu-08' AND "
                                    "class = 'application'"),
                 1);
}
