/* test_milestones_json.c — incident.io, FireHydrant and Rootly style
 * incidents through parsers/milestones_json.c: each form of milestone
 * (incident_timestamp_values, milestones[], flat *_at under JSON:API
 * attributes), the preference among names for one timestamp, severities by
 * name, rejects, and a later export updating. Fixtures:
 * tests/data/formats/{incidentio,firehydrant,rootly}-incidents.json. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define DAY 86400
#define IIO "data/formats/incidentio-incidents.json"
#define FH "data/formats/firehydrant-incidents.json"
#define ROOTLY "data/formats/rootly-incidents.json"

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

TestSuite(milestones_json, .init = setup, .fini = teardown);

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

Test(milestones_json, detected)
{
    cr_assert_eq(detect(IIO), &parser_milestones_json);
    cr_assert_eq(detect(FH), &parser_milestones_json);
    cr_assert_eq(detect(ROOTLY), &parser_milestones_json);
}

Test(milestones_json, incident_io_timestamps)
{
    struct parse_run run;
    struct parse_options opt = {"team:ml-infra", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_milestones_json, IIO, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 2, 1, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 19);
    cr_assert_str_eq(run.ing.shown[0].reason, "resolved before started");
    struct fx_incidents got;
    fixture_incidents(&fx, "team:ml-infra", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    const struct incident *a = &got.v[0];
    int64_t day = OCT1 + 9 * DAY;
    cr_assert_str_eq(a->key, "01FDAG4SAP5TYPT98WGR2N7W91");
    cr_assert_str_eq(a->severity_label, "Major");
    cr_assert_str_eq(a->severity, "sev2");
    cr_assert_str_eq(a->state, "Closed");
    cr_assert_eq(a->started, day + 8 * 3600 + 50 * 60, "Impact started");
    cr_assert_eq(a->detected, day + 9 * 3600, "Reported at");
    cr_assert_eq(a->acknowledged, day + 9 * 3600 + 6 * 60, "Accepted at");
    cr_assert_eq(a->mitigated, day + 9 * 3600 + 40 * 60, "Fixed at");
    cr_assert_eq(a->resolved, day + 10 * 3600 + 20 * 60, "Resolved at wins over Closed at");
    fixture_incidents_free(&got);
}

Test(milestones_json, firehydrant_milestones)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_milestones_json, FH, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 2, 1, 1, 0);
    cr_assert_str_eq(run.ing.shown[0].reason, "bad started time 'yesterday': not a timestamp");
    struct fx_incidents got;
    fixture_incidents(&fx, "team:gpu-platform", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    const struct incident *a = &got.v[0];
    int64_t t = OCT1 + 11 * DAY + 2 * 3600;
    cr_assert_str_eq(a->service, "training-cluster");
    cr_assert_str_eq(a->severity, "sev1");
    cr_assert_eq(a->started, t);
    cr_assert_eq(a->detected, t + 600, "detected wins over identified");
    cr_assert_eq(a->acknowledged, t + 720);
    cr_assert_eq(a->mitigated, t + 3600);
    cr_assert_eq(a->resolved, t + 7200);
    fixture_incidents_free(&got);
}

Test(milestones_json, rootly_attributes_and_update)
{
    struct parse_run run;
    struct parse_options opt = {"team:storage", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_milestones_json, ROOTLY, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 1, 1, 0, 0);
    struct fx_incidents got;
    fixture_incidents(&fx, "team:storage", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    int64_t t = OCT1 + 12 * DAY + 6 * 3600;
    cr_assert_str_eq(got.v[0].title, "Object storage 503s");
    cr_assert_str_eq(got.v[0].severity_label, "SEV2");
    cr_assert_eq(got.v[0].started, t);
    cr_assert_eq(got.v[0].detected, t + 240);
    cr_assert_eq(got.v[0].resolved, t + 3600);
    fixture_incidents_free(&got);

    char path[512];
    static const char later[] = "{\"data\":[{\"id\":\"c2a4e1f0-7d8b-4b33-9a39-000000000001\","
                                "\"attributes\":{\"title\":\"Object storage 503s\","
                                "\"started_at\":\"2026-10-13T05:50:00Z\","
                                "\"mitigated_at\":\"2026-10-13T06:30:00Z\","
                                "\"resolved_at\":\"2026-10-13T07:00:00Z\"}}]}\n";
    fixture_write(&fx, "later.json", later, sizeof later - 1, path);
    cr_assert_eq(parse_file(&fx, &parser_milestones_json, path, &opt, &run), SL_OK);
    expect_counts(&run, 1, 0, 0, 1);
    fixture_incidents(&fx, "team:storage", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1, "the later export updates, not duplicates");
    cr_assert_eq(got.v[0].started, t - 600, "Started moved earlier");
    fixture_incidents_free(&got);
}
