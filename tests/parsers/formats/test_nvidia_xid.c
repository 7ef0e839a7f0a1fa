/* test_nvidia_xid.c — Xid lines (parsers/nvidia_xid.c) in syslog and
 * journald form: the syslog year from the file's date with the turn of the
 * year, the Xid table's class and action, the GPU named by its PCI address,
 * a repeated line counted as a duplicate, a boot-relative stamp rejected
 * without --boot-time and placed with it, and bursts of hardware and driver
 * Xids made into incidents and GPU intervals. */
#include <criterion/criterion.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <utime.h>

#include "parsers/formats/xid.h"
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
    /* 4 events (one seen twice), the burst of 79 and 48 on gpu-07 as one
     * incident and one GPU interval; 13 is an application error: no burst */
    expect_counts(&run, 8, 6, 1, 1);
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

Test(nvidia_xid, burst_incident_and_gpu_interval)
{
    struct parse_run run;
    struct parse_options opt = {"team:hpc", "cluster-a", NULL};
    cr_assert_eq(parse_file(&fx, &parser_nvidia_xid, LOG, &opt, &run), SL_OK);
    /* 79 at 23:59:01 and 48 at 00:00:05 are one burst; drain holds 2 h */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key = "
                                    "'xid:gpu-07:1798761541' AND severity = 'sev3' AND "
                                    "severity_label = 'xid drain' AND service = 'cluster-a' AND "
                                    "resolved = 1798761605 + 7200"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status = 'down' AND "
                                    "units = 1 AND unit_kind = 'gpu' AND start = 1798761541 AND "
                                    "end = 1798761605 + 7200"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key LIKE 'xid:gpu-08%'"),
                 0);
}

/* Many hosts, their events interleaved: each host's events make its own
 * bursts, whichever hosts came between (the table of hosts grows and its
 * probes collide on the way). */
Test(nvidia_xid, bursts_kept_per_host_among_many)
{
    enum { HOSTS = 300 };
    static char log[HOSTS * 3 * 128];
    size_t n = 0;
    /* per host: Xid 79 at 10:00, again 5 minutes later (one burst), and once
     * more at 12:00 (a second burst: more than 10 minutes after) */
    static const char *const stamps[] = {"10:00:00", "10:05:00", "12:00:00"};
    for (int round = 0; round < 3; round++) {
        for (int h = 0; h < HOSTS; h++) {
            n += (size_t)snprintf(log + n, sizeof log - n,
                                  "2026-03-01T%s+00:00 node-%03d kernel: NVRM: Xid "
                                  "(PCI:0000:%02x:00): 79, GPU has fallen off the bus.\n",
                                  stamps[round], h, h % 8);
            cr_assert_lt(n, sizeof log);
        }
    }
    char path[512];
    fixture_write(&fx, "many.log", log, n, path);
    struct parse_run run;
    struct parse_options opt = {"team:hpc", "cluster-a", NULL};
    cr_assert_eq(parse_file(&fx, &parser_nvidia_xid, path, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events"), 3 * HOSTS);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 2 * HOSTS);
    /* 10:00 to 10:05 plus the 2 h a drain holds, one GPU, for every host */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE title LIKE "
                                    "'Xid 79 on node-%: 1 GPU, drain' AND resolved - started = "
                                    "300 + 7200 AND key = 'xid:' || substr(title, 11, 8) || "
                                    "':1772359200'"),
                 HOSTS);
    cr_assert_eq(fixture_count(&fx, "SELECT count(DISTINCT key) FROM intervals WHERE key LIKE "
                                    "'xid:node-%:1772366400'"),
                 HOSTS);
}

Test(nvidia_xid, boot_time)
{
    struct parse_run run;
    struct parse_options opt = {.entity = "team:hpc"};
    struct parse_extra extra = {.boot_time = INT64_C(1772409600), /* 2026-03-02T00:00Z */
                                .host = "node-a"};
    cr_assert_eq(parse_file_extra(&fx, &parser_nvidia_xid, "data/formats/xid-dmesg-boot.log", &opt,
                                  &extra, &run),
                 SL_OK, "%s", run.diag.message);
    cr_assert_eq(run.ing.counts.rejected, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT time FROM gpu_events WHERE xid = 31"),
                 INT64_C(1772409600) + 3600);
    /* 74 on two GPUs 60 s apart: one burst, two GPU intervals; the 64 at
     * 9000 s is 29 minutes later: a burst of its own, a replacement */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 2);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE unit_kind = 'gpu'"), 3);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE title LIKE 'Xid 64%' "
                                    "AND severity = 'sev2' AND resolved - started = 43200"),
                 1);
    /* no host in plain dmesg: --host names it, and the service is the host */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE service = 'node-a' AND "
                                    "unit_kind = 'gpu'"),
                 3);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events WHERE host <> 'node-a'"), 0);
}

Test(nvidia_xid, real_dmesg)
{
    const char *path = "../../shared/real/incidents/gpu-xid119-dmesg-gpud-testdata.log";
    FILE *f = fopen(path, "rb");
    if (!f)
        cr_skip_test("../shared/real/ is absent: real dmesg not checked");
    fclose(f);
    struct parse_run run;
    struct parse_options opt = {.entity = "team:hpc", .service = "node-a"};
    struct parse_extra extra = {.host = "node-a"};
    cr_assert_eq(parse_file_extra(&fx, &parser_nvidia_xid, path, &opt, &extra, &run), SL_OK);
    /* five Xid 119 (driver, reset) in six minutes: one burst on one GPU,
     * and the log's span as up time */
    expect_counts(&run, 8, 8, 0, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE severity_label = "
                                    "'xid reset'"),
                 1);
}

/* dmesg -T names no host: without --host every event is rejected, never
 * stored under an empty host. */
Test(nvidia_xid, dmesg_without_host_rejected)
{
    struct parse_run run;
    struct parse_options opt = {.entity = "team:hpc"};
    cr_assert_eq(parse_file(&fx, &parser_nvidia_xid, "data/formats/sxid-dmesg.log", &opt, &run),
                 SL_OK, "%s", run.diag.message);
    cr_assert_eq(run.ing.counts.stored, 0);
    cr_assert_eq(run.ing.counts.rejected, 4);
    cr_assert(strstr(run.ing.shown[0].reason, "give --host"));
}

/* A hostless Xid line takes the host the log's first stamped line names. */
Test(nvidia_xid, host_from_the_log)
{
    struct parse_run run;
    struct parse_options opt = {.entity = "team:hpc"};
    struct parse_extra extra = {.host = "not-this-one"};
    cr_assert_eq(parse_file_extra(&fx, &parser_nvidia_xid, "data/formats/xid-log-host.log", &opt,
                                  &extra, &run),
                 SL_OK, "%s", run.diag.message);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events WHERE host = 'gpu-11'"), 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key LIKE "
                                    "'xid:gpu-11:%' AND service = 'gpu-11'"),
                 1);
}

/* SXid lines: one event per error (its detail lines are not events), class
 * hardware, action reset when Fatal and none when Non-fatal; a fatal SXid
 * joins the host's burst without a GPU interval, and one alone is an
 * incident of its own held for a reset. */
Test(nvidia_xid, nvswitch_sxid)
{
    struct parse_run run;
    struct parse_options opt = {.entity = "team:hpc"};
    struct parse_extra extra = {.host = "node-a"};
    cr_assert_eq(parse_file_extra(&fx, &parser_nvidia_xid, "data/formats/sxid-dmesg.log", &opt,
                                  &extra, &run),
                 SL_OK, "%s", run.diag.message);
    expect_counts(&run, 8, 8, 0, 0);
    cr_assert_eq(run.ing.kinds.gpu_events, 4);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events WHERE xid = 20034 AND "
                                    "class = 'hardware' AND action = 'reset' AND message LIKE "
                                    "'NVSwitch SXid: Fatal, Link %'"),
                 2);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events WHERE xid = 12028 AND "
                                    "action = 'none' AND gpu = 'nvidia-nvswitch0' AND "
                                    "pci = '0000:05:00.0'"),
                 1);
    /* 09:00 Xid 79 and 09:00:12 SXid: one burst, the drain's 2 h the end */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE title = 'Xid 79, SXid "
                                    "20034 on node-a: 1 GPU, drain' AND started = 1772442000 AND "
                                    "resolved = 1772442000 + 7200 AND "
                                    "json_extract(extra, '$.sxids') = '20034'"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE title = 'SXid 20034 on "
                                    "node-a: NVSwitch fabric, reset' AND started = 1772449200 AND "
                                    "resolved = 1772449200 + 600"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE unit_kind = 'gpu'"), 1);
}

/* The log's first to last stamped line is up time for the host: one Xid in
 * a month-long journal leaves the month known, not just its 2-hour estimate. */
Test(nvidia_xid, log_span_is_known_time)
{
    struct parse_run run;
    struct parse_options opt = {.entity = "team:hpc"};
    cr_assert_eq(
        parse_file(&fx, &parser_nvidia_xid, "data/formats/xid-journal-month.log", &opt, &run),
        SL_OK, "%s", run.diag.message);
    /* 2026-03-01T00:00Z to 2026-04-01T00:00Z */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status = 'up' AND "
                                    "service = 'gpu-09' AND start = 1772323200 AND "
                                    "end = 1775001600"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status = 'down'"), 1);
}
