/* test_uptime_kuma.c — Uptime Kuma heartbeats (parsers/uptime_kuma.c), CSV
 * and heartbeatList JSON: status codes 0–3 (pending as down, maintenance),
 * UTC times with milliseconds whatever --tz says, monitor names and ids as
 * services, rejects, probes folded into intervals. Fixtures:
 * tests/data/formats/uptime-kuma-heartbeats.{csv,json}. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define CSV "data/formats/uptime-kuma-heartbeats.csv"
#define JSON "data/formats/uptime-kuma-heartbeats.json"

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

TestSuite(uptime_kuma, .init = setup, .fini = teardown);

static const struct parser *
detect(const char *path)
{
    char head[PARSER_SNIFF_BYTES];
    FILE *f = fopen(path, "rb");
    cr_assert(f);
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    return parser_detect(head, n);
}

Test(uptime_kuma, detected)
{
    cr_assert_eq(detect(CSV), &parser_uptime_kuma);
    cr_assert_eq(detect(JSON), &parser_uptime_kuma);
}

Test(uptime_kuma, csv_statuses)
{
    struct parse_run run;
    struct parse_options opt = {"team:ml-serving", NULL, "America/New_York"};
    cr_assert_eq(parse_file(&fx, &parser_uptime_kuma, CSV, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 9, 7, 2, 0);
    cr_assert_eq(run.ing.shown[0].line, 9);
    cr_assert_str_eq(run.ing.shown[0].reason, "unknown status '7' (0, 1, 2 or 3)");
    cr_assert_eq(run.ing.shown[1].line, 10);
    cr_assert_str_eq(run.ing.shown[1].reason, "no monitor name or id");
    struct fx_intervals got;
    fixture_intervals(&fx, "team:ml-serving", "inference-api", FX_ALL_FROM, FX_ALL_TO, &got);
    /* up [0,2m), down [2m,4m) (pending is down), up [4m,5m), maintenance
     * [5m,6m), up from 6m; times are UTC though --tz is New York */
    cr_assert_geq(got.n, 4);
    cr_assert_eq(got.v[0].start, OCT1);
    cr_assert_eq(got.v[0].status, SVC_UP);
    cr_assert_eq(got.v[1].start, OCT1 + 120);
    cr_assert_eq(got.v[1].end, OCT1 + 240);
    cr_assert_eq(got.v[1].status, SVC_DOWN);
    cr_assert_eq(got.v[2].status, SVC_UP);
    cr_assert_eq(got.v[3].start, OCT1 + 300);
    cr_assert_eq(got.v[3].status, SVC_MAINTENANCE);
}

Test(uptime_kuma, json_heartbeat_list)
{
    struct parse_run run;
    struct parse_options opt = {"team:ml-serving", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_uptime_kuma, JSON, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 3, 3, 0, 0);
    struct fx_intervals got;
    fixture_intervals(&fx, "team:ml-serving", "monitor-12", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_geq(got.n, 2);
    cr_assert_eq(got.v[1].start, OCT1 + 60);
    cr_assert_eq(got.v[1].end, OCT1 + 120);
    cr_assert_eq(got.v[1].status, SVC_DOWN);
}

Test(uptime_kuma, needs_entity)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_uptime_kuma, JSON, NULL, &run), SL_OK);
    expect_counts(&run, 3, 0, 3, 0);
    cr_assert_str_eq(run.ing.shown[0].reason, "no entity: Uptime Kuma names none; give --entity");
}
