/* test_time_range.c — instants outside 1970-2200 made by the parsers that
 * build them from numbers rather than from text sltime_parse reads: each is
 * a rejected record with its line and reason, and the records around it are
 * stored. A Prometheus time of 9223372036854775807 was cast from a double
 * (undefined) and ended as a database CHECK error; 99999999999 stored
 * intervals in the year 5138; --boot-time plus a huge [seconds] stamp
 * overflowed; a dmesg -T stamp of the year 9999 was kept. The inputs are
 * written by the tests. */
#include <criterion/criterion.h>
#include <string.h>

#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

static struct fixture fx;

static void
setup(void)
{
    fixture_open(&fx);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(parsed_time_range, .init = setup, .fini = teardown);

static const struct parse_options ops = {.entity = "team:ops"};

static const char *
write_text(const char *name, const char *text, char path[512])
{
    fixture_write(&fx, name, text, strlen(text), path);
    return path;
}

static void
expect_reject(const struct parse_run *run, int i, long line, const char *reason)
{
    cr_assert_eq(run->ing.shown[i].line, line, "reject %d at line %ld, expected %ld: %s", i,
                 run->ing.shown[i].line, line, run->ing.shown[i].reason);
    cr_assert(strstr(run->ing.shown[i].reason, reason), "reject %d: %s", i,
              run->ing.shown[i].reason);
}

Test(parsed_time_range, prometheus)
{
    char path[512];
    write_text("up.json",
               "{\"status\": \"success\", \"data\": {\"resultType\": \"matrix\", \"result\": [\n"
               "{\"metric\": {\"instance\": \"a\"}, \"values\": [[1775300400, \"1\"],\n"
               " [9223372036854775807, \"1\"], [99999999999, \"0\"], [-5, \"1\"], [1e300, \"0\"],\n"
               " [1775300460, \"1\"], [1775300520, \"1\"]]}]}}\n",
               path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_prometheus_range, path, &ops, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 7, 3, 4, 0);
    /* the whole "data" member is one record: its line is where it starts */
    expect_reject(&run, 0, 1, "a: value 1 at 9.22337203685478e+18: time out of range (1970-2200)");
    expect_reject(&run, 1, 1, "a: value 2 at 99999999999: time out of range");
    expect_reject(&run, 2, 1, "a: value 3 at -5: time out of range");
    expect_reject(&run, 3, 1, "a: value 4 at 1e+300: time out of range");
    cr_assert_eq(fixture_count(&fx, "SELECT max(end) FROM intervals"), INT64_C(1775300580));
}

Test(parsed_time_range, xid_boot_time_and_dmesg_year)
{
    char path[512];
    write_text("xid.log",
               "[ 3600.000000] NVRM: Xid (PCI:0000:4c:00): 31, pid=1201, name=python3, Ch 08\n"
               "[99999999999999999999.5] NVRM: Xid (PCI:0000:4c:00): 31, pid=1, name=x, Ch 08\n"
               "[Sun Feb 23 16:24:18 9999] NVRM: Xid (PCI:0000:4c:00): 74, pid=0, NVLink: x\n"
               "[ 7200.25] NVRM: Xid (PCI:0000:4c:00): 74, pid=0, NVLink: fatal\n",
               path);
    struct parse_run run;
    struct parse_extra extra = {.boot_time = INT64_C(1772409600), /* 2026-03-02T00:00Z */
                                .host = "node-a"};
    cr_assert_eq(parse_file_extra(&fx, &parser_nvidia_xid, path, &ops, &extra, &run), SL_OK, "%s",
                 run.diag.message);
    cr_assert_eq(run.ing.counts.rejected, 2);
    expect_reject(&run, 0, 2,
                  "time out of range (1970-2200): --boot-time plus the seconds since boot");
    expect_reject(&run, 1, 3, "time out of range (1970-2200)");
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events"), 2);
    cr_assert_eq(fixture_count(&fx, "SELECT max(time) FROM gpu_events"),
                 INT64_C(1772409600) + 7200);
}

Test(parsed_time_range, line_pattern_log_stamps)
{
    char config[512], log[512];
    write_text(
        "boot.yaml",
        "record: probe\npattern: '^(?<time>\\[[^]]+\\]) (?<service>\\w+) (?<status>\\w+)$'\n",
        config);
    write_text("boot.log",
               "[ 12.5] api up\n[99999999999999999999] api down\n[Sun Feb 23 16:24:18 9999] api "
               "up\n[ 72.5] api down\n",
               log);
    struct parse_run run;
    struct parse_extra extra = {.boot_time = INT64_C(1772409600), .config = config};
    cr_assert_eq(parse_file_extra(&fx, &parser_line_pattern, log, &ops, &extra, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 4, 2, 2, 0);
    expect_reject(&run, 0, 2,
                  "bad time '[99999999999999999999]': time out of range (1970-2200): --boot-time");
    expect_reject(&run, 1, 3, "bad time '[Sun Feb 23 16:24:18 9999]': year out of range");
}

Test(parsed_time_range, upptime_summary_minutes_past_the_end)
{
    char path[512];
    write_text("summary.json",
               "[{\"name\": \"API\", \"slug\": \"api\",\n"
               "  \"dailyMinutesDown\": {\"2200-12-31\": 1440, \"2026-10-01\": 5}}]\n",
               path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_upptime_summary, path, &ops, &run), SL_OK, "%s",
                 run.diag.message);
    cr_assert_eq(run.ing.counts.rejected, 1);
    expect_reject(&run, 0, 1, "dailyMinutesDown day '2200-12-31': time out of range");
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE end - start = 300"), 1);
}
