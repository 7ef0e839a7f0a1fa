/* test_upptime.c — an Upptime repository: history/<slug>.yml
 * (parsers/upptime_history.c) and the status commit log
 * (parsers/upptime_commits.c), newest first, turned into intervals per site
 * slug. */
#include <criterion/criterion.h>

#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define T10 INT64_C(1790848800) /* 2026-10-01T10:00:00Z */

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

TestSuite(upptime, .init = setup, .fini = teardown);

Test(upptime, commit_log_to_intervals)
{
    struct parse_run run;
    struct parse_options opt = {"team:web", NULL, NULL};
    cr_assert_eq(
        parse_file(&fx, &parser_upptime_commits, "data/formats/upptime-commits.tsv", &opt, &run),
        SL_OK, "%s", run.diag.message);
    /* the bad line is rejected; 3 changes give 2 intervals (the last has no end) */
    expect_counts(&run, 3, 2, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 5);
    struct fx_intervals iv;
    fixture_intervals(&fx, "team:web", "job-api", FX_ALL_FROM, FX_ALL_TO, &iv);
    cr_assert_eq(iv.n, 2);
    cr_assert_eq(iv.v[0].status, SVC_UP);
    cr_assert_eq(iv.v[0].end, T10 + 1800);
    cr_assert_eq(iv.v[1].status, SVC_DOWN);
    cr_assert_eq(iv.v[1].end, T10 + 7200);
}

Test(upptime, history_yml_is_one_probe)
{
    struct parse_run run;
    struct parse_options opt = {"team:web", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_upptime_history, "data/formats/job-api.yml", &opt, &run),
                 SL_OK, "%s", run.diag.message);
    expect_counts(&run, 1, 1, 0, 0);
    struct fx_intervals iv;
    fixture_intervals(&fx, "team:web", "job-api", FX_ALL_FROM, FX_ALL_TO, &iv);
    cr_assert_eq(iv.n, 1);
    cr_assert_eq(iv.v[0].status, SVC_DOWN);
    cr_assert_eq(iv.v[0].start, T10 + 1800);
}

Test(upptime, history_yml_without_entity_rejected)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_upptime_history, "data/formats/job-api.yml", NULL, &run),
                 SL_OK);
    expect_counts(&run, 1, 0, 1, 0);
}
