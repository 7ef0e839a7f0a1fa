/* test_maintenance_csv.c — maintenance windows (parsers/maintenance_csv.c)
 * through a real store: announced kept or missing, end before start and an
 * empty service rejected. Fixture: tests/data/parsers/maintenance.csv. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define DAY 86400
#define MAINT "data/parsers/maintenance.csv"

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

TestSuite(maintenance_csv, .init = setup, .fini = teardown);

Test(maintenance_csv, windows_stored)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_maintenance_csv, MAINT, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 4, 2, 2, 0);
    struct fx_maintenance got;
    fixture_maintenance(&fx, "provider:acme", "gpu-east", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    /* MW-1: 2026-10-10 02:00-04:00Z, announced 2026-10-01T00:00Z */
    cr_assert_str_eq(got.v[0].key, "MW-1");
    cr_assert_eq(got.v[0].start, OCT1 + 9 * DAY + 2 * 3600);
    cr_assert_eq(got.v[0].end, OCT1 + 9 * DAY + 4 * 3600);
    cr_assert_eq(got.v[0].announced, OCT1);
    cr_assert_eq(got.v[0].line, 2);
    /* MW-3: empty announced means never announced */
    cr_assert_str_eq(got.v[1].key, "MW-3");
    cr_assert_eq(got.v[1].announced, SLTIME_NONE);
    cr_assert_eq(got.v[1].line, 4);
    fixture_maintenance_free(&got);
}

Test(maintenance_csv, end_before_start_rejected)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_maintenance_csv, MAINT, NULL, &run), SL_OK);
    long line;
    char reason[256], raw[256];
    cr_assert(fixture_reject(&fx, 0, &line, reason, raw));
    cr_assert_eq(line, 3);
    cr_assert_str_eq(reason, "end is not after start");
    cr_assert(fixture_reject(&fx, 1, &line, reason, raw));
    cr_assert_eq(line, 5);
    cr_assert_str_eq(reason, "empty service");
}

Test(maintenance_csv, missing_end_rejected)
{
    /* with --service the empty service of MW-4 is filled, and its missing end
     * is what rejects it */
    struct parse_run run;
    struct parse_options opt = {NULL, "gpu-east", NULL};
    cr_assert_eq(parse_file(&fx, &parser_maintenance_csv, MAINT, &opt, &run), SL_OK);
    expect_counts(&run, 4, 2, 2, 0);
    cr_assert_eq(run.ing.shown[1].line, 5);
    cr_assert_str_eq(run.ing.shown[1].reason, "a maintenance window needs a start and an end");
}

Test(maintenance_csv, missing_announced_column_fails)
{
    char path[512];
    static const char text[] = "service,start,end\napi,2026-10-01,2026-10-02\n";
    fixture_write(&fx, "m.csv", text, sizeof text - 1, path);
    struct parse_run run;
    struct parse_options opt = {"team:platform", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_maintenance_csv, path, &opt, &run), SL_ERR_INPUT);
    cr_assert_str_eq(run.diag.message, "the header has no 'announced' column");
}
