/* test_pagerduty_csv.c — PagerDuty's incident export (parsers/pagerduty_csv.c)
 * through a real store: acknowledged and resolved computed from
 * seconds_to_first_ack / seconds_to_resolve, -07:00 offsets, the entity
 * team:<team_name>, severity from priority else urgency, and rejects.
 * Fixture: tests/data/parsers/pagerduty.csv. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define DAY 86400
#define PD "data/parsers/pagerduty.csv"

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

TestSuite(pagerduty_csv, .init = setup, .fini = teardown);

Test(pagerduty_csv, times_from_seconds_and_offsets)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_csv, PD, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 4, 2, 2, 0);
    struct fx_incidents got;
    fixture_incidents(&fx, "team:sre", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);

    /* PABC1: created 2026-10-04T09:15:00-07:00 = 16:15Z = OCT1 + 3 d + 58,500 s;
     * acknowledged 300 s later, resolved 5400 s later */
    const struct incident *a = &got.v[0];
    int64_t c1 = OCT1 + 3 * DAY + 16 * 3600 + 15 * 60;
    cr_assert_str_eq(a->key, "PABC1");
    cr_assert_eq(a->line, 2);
    cr_assert_str_eq(a->entity, "team:sre");
    cr_assert_str_eq(a->service, "db-primary");
    cr_assert_str_eq(a->title, "Database failover");
    cr_assert_str_eq(a->state, "resolved");
    cr_assert_str_eq(a->severity, "sev1");
    cr_assert_str_eq(a->severity_label, "P1");
    cr_assert_eq(a->started, SLTIME_NONE,
                 "PagerDuty knows when it was told, not when impact began");
    cr_assert_eq(a->detected, c1);
    cr_assert_eq(a->acknowledged, c1 + 300);
    cr_assert_eq(a->resolved, c1 + 5400);
    cr_assert_eq(a->mitigated, SLTIME_NONE);

    /* PABC2: 2026-10-05T23:00-07:00 = 2026-10-06T06:00Z; resolved_at given
     * (01:00-07:00 = 08:00Z); no ack; no priority so the urgency is the label */
    const struct incident *b = &got.v[1];
    int64_t c2 = OCT1 + 5 * DAY + 6 * 3600;
    cr_assert_str_eq(b->key, "PABC2");
    cr_assert_eq(b->detected, c2);
    cr_assert_eq(b->resolved, c2 + 7200);
    cr_assert_eq(b->acknowledged, SLTIME_NONE);
    cr_assert_str_eq(b->severity_label, "low");
    cr_assert_str_eq(b->severity, "sev4");
    fixture_incidents_free(&got);
}

Test(pagerduty_csv, rejects)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_csv, PD, NULL, &run), SL_OK);
    long line;
    char reason[256], raw[256];
    cr_assert(fixture_reject(&fx, 0, &line, reason, raw));
    cr_assert_eq(line, 4);
    cr_assert_str_eq(reason, "bad seconds_to_first_ack 'abc'");
    /* no team and no --entity */
    cr_assert(fixture_reject(&fx, 1, &line, reason, raw));
    cr_assert_eq(line, 5);
    cr_assert_str_eq(reason, "no entity: add an entity column or give --entity");
}

Test(pagerduty_csv, entity_option_wins_and_number_is_key)
{
    struct parse_run run;
    struct parse_options opt = {"team:oncall", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_csv, PD, &opt, &run), SL_OK);
    expect_counts(&run, 4, 3, 1, 0);
    struct fx_incidents got;
    fixture_incidents(&fx, "team:oncall", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 3);
    /* the row without id is known by its incident_number */
    cr_assert_str_eq(got.v[2].key, "104");
    cr_assert_str_eq(got.v[2].state, "triggered");
    cr_assert_eq(got.v[2].resolved, SLTIME_NONE);
    fixture_incidents_free(&got);
    fixture_incidents(&fx, "team:sre", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 0);
    fixture_incidents_free(&got);
}

Test(pagerduty_csv, negative_seconds_rejected)
{
    char path[512];
    static const char text[] = "id,team_name,created_at,seconds_to_resolve\n"
                               "P1,sre,2026-10-01T00:00:00Z,-5\n"
                               "P2,sre,2026-10-01T00:00:00Z,12.9\n";
    fixture_write(&fx, "neg.csv", text, sizeof text - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_csv, path, NULL, &run), SL_OK);
    expect_counts(&run, 2, 1, 1, 0);
    cr_assert_str_eq(run.ing.shown[0].reason, "bad seconds_to_resolve '-5'");
    struct fx_incidents got;
    fixture_incidents(&fx, NULL, FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    cr_assert_eq(got.v[0].resolved, OCT1 + 12, "fractions of a second are dropped");
    fixture_incidents_free(&got);
}

Test(pagerduty_csv, missing_created_at_fails)
{
    char path[512];
    static const char text[] = "id,incident_number,urgency\nP1,1,high\n";
    fixture_write(&fx, "nocreated.csv", text, sizeof text - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_csv, path, NULL, &run), SL_ERR_INPUT);
    cr_assert_str_eq(run.diag.message, "the header has no 'created_at' column");
}

Test(pagerduty_csv, wide_export_names_the_right_column)
{
    /* seconds_to_first_ack is the file's 23rd column: the reason must name
     * it (an index mix-up once read column_names[22], past its end) */
    struct parse_run run;
    cr_assert_eq(
        parse_file(&fx, &parser_pagerduty_csv, "data/parsers/pagerduty-wide.csv", NULL, &run),
        SL_OK);
    expect_counts(&run, 1, 0, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 2);
    cr_assert_str_eq(run.ing.shown[0].reason, "bad seconds_to_first_ack 'abc'");
}
