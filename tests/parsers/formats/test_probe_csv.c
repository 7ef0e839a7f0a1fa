/* test_probe_csv.c — probe results (parsers/probe_csv.c) folded into status
 * intervals through a real store, with read/stored/duplicates/rejected
 * counts. Fixture: tests/data/parsers/probes.csv — one-minute probes from
 * 2026-10-01T00:00Z: up 00:00, 00:01 (+ a duplicate), down 00:02, 00:03, up
 * 00:04, an unknown status at 00:05, an out-of-order 00:03:30, up 00:05. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define PROBES "data/parsers/probes.csv"

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

TestSuite(probe_csv, .init = setup, .fini = teardown);

Test(probe_csv, folds_into_intervals_with_counts)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_probe_csv, PROBES, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    /* 9 rows: 6 probes taken, 1 duplicate, 2 rejected */
    expect_counts(&run, 9, 6, 2, 1);
    /* median interval 60 s: up [0,120), down [120,240), up [240,360) */
    cr_assert_eq(run.ing.intervals, 3);
    struct fx_intervals got;
    fixture_intervals(&fx, "provider:acme", "gpu-east", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 3);
    cr_assert_eq(got.v[0].start, OCT1);
    cr_assert_eq(got.v[0].end, OCT1 + 120);
    cr_assert_eq(got.v[0].status, SVC_UP);
    cr_assert_eq(got.v[1].start, OCT1 + 120);
    cr_assert_eq(got.v[1].end, OCT1 + 240);
    cr_assert_eq(got.v[1].status, SVC_DOWN);
    cr_assert_eq(got.v[2].start, OCT1 + 240);
    cr_assert_eq(got.v[2].end, OCT1 + 360);
    cr_assert_eq(got.v[2].status, SVC_UP);
}

Test(probe_csv, rejects_unknown_status_and_out_of_order)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_probe_csv, PROBES, NULL, &run), SL_OK);
    long line;
    char reason[256], raw[256];
    cr_assert(fixture_reject(&fx, 0, &line, reason, raw));
    cr_assert_eq(line, 8);
    cr_assert_str_eq(reason, "unknown status 'exploded'");
    cr_assert_str_eq(raw, "2026-10-01T00:05:00Z,gpu-east,exploded,13,provider:acme");
    cr_assert(fixture_reject(&fx, 1, &line, reason, raw));
    cr_assert_eq(line, 9);
    cr_assert_str_eq(reason, "probe earlier than the one before it for its service");
}

Test(probe_csv, service_and_entity_from_options)
{
    /* no service or entity columns; a naive time read in UTC; a bad time */
    char path[512];
    static const char text[] = "time,status,latency_ms\n"
                               "2026-10-01 00:00:00,ok,5\n"
                               "2026-10-01 00:00:30,ok,5\n"
                               "yesterday,ok,5\n"
                               "2026-10-01 00:01:00,0,5\n";
    fixture_write(&fx, "p.csv", text, sizeof text - 1, path);
    struct parse_run run;
    struct parse_options opt = {"team:platform", "k8s-api", NULL};
    cr_assert_eq(parse_file(&fx, &parser_probe_csv, path, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 4, 3, 1, 0);
    cr_assert_eq(run.ing.naive_timestamps, 3);
    cr_assert_eq(run.ing.shown[0].line, 4);
    /* "yesterday" has no '-' but is short, so it is read as a date */
    cr_assert_str_eq(run.ing.shown[0].reason, "bad probe time 'yesterday': not a timestamp");
    /* 30-second probes: up [0,60), down [60,90) */
    struct fx_intervals got;
    fixture_intervals(&fx, "team:platform", "k8s-api", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    cr_assert_eq(got.v[0].end, OCT1 + 60);
    cr_assert_eq(got.v[1].status, SVC_DOWN);
    cr_assert_eq(got.v[1].end, OCT1 + 90);
}

Test(probe_csv, missing_service_column_fails)
{
    char path[512];
    static const char text[] = "time,status\n2026-10-01T00:00:00Z,up\n";
    fixture_write(&fx, "p.csv", text, sizeof text - 1, path);
    struct parse_run run;
    struct parse_options opt = {"team:platform", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_probe_csv, path, &opt, &run), SL_ERR_INPUT);
    cr_assert_str_eq(run.diag.message, "the header has no 'service' column");
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 0);
}

Test(probe_csv, empty_time_rejected)
{
    char path[512];
    static const char text[] = "time,service,status,entity\n,api,up,provider:acme\n";
    fixture_write(&fx, "p.csv", text, sizeof text - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_probe_csv, path, NULL, &run), SL_OK);
    expect_counts(&run, 1, 0, 1, 0);
    cr_assert_str_eq(run.ing.shown[0].reason, "empty time");
}
