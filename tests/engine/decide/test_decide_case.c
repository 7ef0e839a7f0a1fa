/* test_decide_case.c — the decision of a team profile gathered whole
 * (engine/decide/decide_case.c): measured and decided, which entities the
 * store held data for, and the profile's own errors. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/decide/decide_case.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define DATA "data/decide/"
#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */

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

TestSuite(decide_case, .init = setup, .fini = teardown);

/* The provider has a month of uptime data; the team has nothing. */
Test(decide_case, decided_and_told_whose_data_is_missing)
{
    bool already;
    struct sl_diag d = {0};
    struct source_counts counts = {0};
    cr_assert_eq(store_source_begin(fx.st, "p.csv", "abc", "test", 1, &already, &d), SL_OK);
    struct interval iv = {.entity = "provider:nimbus",
                          .service = "gpu",
                          .start = OCT1,
                          .end = NOV1,
                          .status = SVC_UP};
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK, "%s", d.message);

    struct decide_case c;
    cr_assert_eq(
        decide_case_build(&c, fx.st, DATA "minimal.yaml", OCT1 / 86400, NOV1 / 86400, NULL, &d),
        SL_OK, "%s", d.message);
    cr_assert(c.measured);
    cr_assert_not(c.team_has_data);
    cr_assert(c.provider_has_data[0]);
    cr_assert_str_eq(c.profile_path, DATA "minimal.yaml");
    cr_assert_eq(c.from, OCT1);
    cr_assert_eq(c.to, NOV1);
    cr_assert_str_eq(c.team.entity, "team:ml");
    cr_assert_str_eq(c.providers[0].entity, "provider:nimbus");
    cr_assert_not_null(c.result);
    cr_assert_gt(c.result->noptions, 0);
    decide_case_release(&c);
    cr_assert_null(c.result);
}

Test(decide_case, an_unknown_zone_is_the_profile_s_error)
{
    char path[512];
    static const char yaml[] = "team:\n  type: small-ai\n  size: 6\n  platform_engineers: 0\n"
                               "  entity: team:ml\n  zone: Mars/Olympus\n"
                               "on_call:\n  rotation_size: 0\n  hours_covered_per_week: 0\n"
                               "workloads:\n  research:\n    gpus: 16\n"
                               "providers:\n  - provider:nimbus\n"
                               "costs:\n  engineer_hour: 95\n  gpu_hour_self: 2.5\n"
                               "  managed_premium_percent: 20\n"
                               "  routine_ops_hours_per_month: 80\n";
    fixture_write(&fx, "team.yaml", yaml, strlen(yaml), path);
    struct decide_case c;
    struct sl_diag d = {0};
    cr_assert_eq(decide_case_build(&c, fx.st, path, OCT1 / 86400, NOV1 / 86400, NULL, &d),
                 SL_ERR_INPUT);
    cr_assert_str_eq(d.file, path);
    cr_assert_str_eq(d.message, "team.zone: unknown time zone 'Mars/Olympus'");
    cr_assert_not(c.measured);
    decide_case_release(&c);
}

Test(decide_case, a_missing_profile_measures_nothing)
{
    char path[600];
    snprintf(path, sizeof path, "%s/none.yaml", fx.dir);
    struct decide_case c;
    struct sl_diag d = {0};
    cr_assert_neq(decide_case_build(&c, fx.st, path, OCT1 / 86400, NOV1 / 86400, NULL, &d), SL_OK);
    cr_assert_not(c.have_profile);
    cr_assert_not(c.measured);
    cr_assert_null(c.result);
    decide_case_release(&c);
}
