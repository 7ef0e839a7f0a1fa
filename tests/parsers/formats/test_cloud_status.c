/* test_cloud_status.c — the Google Cloud status incidents.json
 * (parsers/gcp_status.c), the AWS Health Dashboard archive
 * (parsers/aws_health.c), the VOID CSV (parsers/void_csv.c) and the status
 * interval CSV (parsers/interval_csv.c): detection, field mapping, Pacific
 * times without dates, and rejects. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/time/sltime.h"
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

TestSuite(cloud_status, .init = setup, .fini = teardown);

static const struct parser *
detect(const char *path)
{
    char head[8192];
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s", path);
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    return parser_detect(head, n);
}

Test(cloud_status, detection)
{
    cr_assert_eq(detect("data/formats/gcp-incidents.json"), &parser_gcp_status);
    cr_assert_eq(detect("data/formats/aws-health.json"), &parser_aws_health);
    cr_assert_eq(detect("data/formats/void.csv"), &parser_void_csv);
    cr_assert_eq(detect("data/formats/intervals.csv"), &parser_interval_csv);
    cr_assert_eq(detect("data/formats/downtime-windows.csv"), &parser_interval_csv);
}

Test(cloud_status, gcp)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_gcp_status, "data/formats/gcp-incidents.json", NULL, &run),
                 SL_OK, "%s", run.diag.message);
    /* g1 + its outage interval, g2, and up coverage for 2 services */
    expect_counts(&run, 7, 5, 2, 0);
    cr_assert_str_eq(run.ing.shown[0].reason, "resolved before started");
    cr_assert_str_eq(run.ing.shown[1].reason, "incident without an id");
    struct fx_incidents got;
    fixture_incidents(&fx, "provider:google-cloud", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    cr_assert_str_eq(got.v[0].severity, "sev2");
    cr_assert_str_eq(got.v[0].severity_label, "high");
    cr_assert_eq(got.v[0].detected - got.v[0].started, 1200);
    cr_assert_eq(got.v[0].resolved - got.v[0].started, 7200);
    cr_assert(strstr(got.v[0].extra_json, "\"status_impact\":\"SERVICE_OUTAGE\""));
    fixture_incidents_free(&got);
    struct fx_intervals iv;
    fixture_intervals(&fx, "provider:google-cloud", "Compute Engine", FX_ALL_FROM, FX_ALL_TO, &iv);
    cr_assert_eq(iv.n, 2);
    /* same start: the shorter outage first, then the covering up time */
    cr_assert_eq(iv.v[0].status, SVC_DOWN);
    cr_assert_eq(iv.v[1].status, SVC_UP);
}

Test(cloud_status, aws_pacific_times)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_aws_health, "data/formats/aws-health.json", NULL, &run),
                 SL_OK, "%s", run.diag.message);
    /* 2 incidents + 1 disruption interval + 2 coverage intervals; no date rejected */
    expect_counts(&run, 6, 5, 1, 0);
    cr_assert_str_eq(run.ing.shown[0].reason, "event without a date");
    struct fx_incidents got;
    fixture_incidents(&fx, "provider:aws", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    /* posted 2026-10-05 18:00Z = 11:00 AM PDT; the last update at 2:15 AM is
     * the next day; the stated window 10:40 AM-11:50 PM PDT on Oct 5 */
    const struct incident *a = &got.v[0];
    cr_assert_str_eq(a->severity, "sev2");
    cr_assert_str_eq(a->severity_label, "service disruption");
    cr_assert_str_eq(a->title, "Instance launch errors");
    cr_assert_eq(a->detected, INT64_C(1791223200));
    cr_assert_eq(a->started, INT64_C(1791223200) - 20 * 60);
    cr_assert_eq(a->resolved, INT64_C(1791223200) + 12 * 3600 + 50 * 60);
    /* 2:00 AM PST on 2026-11-03 = 10:00Z */
    cr_assert_eq(got.v[1].detected, INT64_C(1793700000));
    cr_assert_str_eq(got.v[1].severity, "sev4");
    fixture_incidents_free(&got);
}

Test(cloud_status, void_reports)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_void_csv, "data/formats/void.csv", NULL, &run), SL_OK,
                 "%s", run.diag.message);
    expect_counts(&run, 3, 1, 2, 0);
    cr_assert_str_eq(run.ing.shown[0].reason, "empty Date of incident");
    cr_assert_str_eq(run.ing.shown[1].reason, "bad Date of incident '13/45/2026'");
    struct fx_incidents got;
    fixture_incidents(&fx, "provider:acme-cloud", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    cr_assert_str_eq(got.v[0].key, "recA1");
    cr_assert_str_eq(got.v[0].severity, "sev1", "the worst of its impact categories");
    cr_assert_str_eq(got.v[0].severity_label, "Increased errors,Full production outage");
    cr_assert_str_eq(got.v[0].postmortem, "https://blog.example/outage");
    cr_assert_eq(got.v[0].started, INT64_C(1789776000)); /* 2026-09-19 */
    fixture_incidents_free(&got);
}

Test(cloud_status, intervals_with_units)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_interval_csv, "data/formats/intervals.csv", NULL, &run),
                 SL_OK, "%s", run.diag.message);
    expect_counts(&run, 5, 2, 3, 0);
    cr_assert_str_eq(run.ing.shown[0].reason, "end not after start");
    cr_assert_str_eq(run.ing.shown[1].reason, "unknown status 'sideways'");
    cr_assert_str_eq(run.ing.shown[2].reason,
                     "bad units '3' rack: a count with unit_kind gpu or node");
    cr_assert_eq(fixture_count(&fx, "SELECT units FROM intervals WHERE unit_kind = 'gpu'"), 8);
}

Test(cloud_status, downtime_windows_need_entity_and_map_impact)
{
    struct parse_run run;
    struct parse_options opt = {"provider:forge", "forge", NULL};
    cr_assert_eq(
        parse_file(&fx, &parser_interval_csv, "data/formats/downtime-windows.csv", &opt, &run),
        SL_OK, "%s", run.diag.message);
    expect_counts(&run, 4, 3, 1, 0); /* the two windows and the span they cover */
    cr_assert_str_eq(run.ing.shown[0].reason, "unknown impact 'catastrophic'");
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status = 'partial' AND "
                                    "start = 1790848800 AND end = 1790850600"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status = 'maintenance'"),
                 1);
    /* Downtime windows are a status page's history: from the first window
     * to the last, time with no window is up. */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status = 'up' AND "
                                    "entity = 'provider:forge' AND service = 'forge' AND "
                                    "start = 1790848800 AND end = 1790938800"),
                 1);
}
