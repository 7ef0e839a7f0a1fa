/* test_opsgenie.c — Opsgenie alerts (JSON, Alert API v2) and incidents (CSV)
 * through parsers/opsgenie.c: ack and close from report.ackTime/closeTime in
 * milliseconds, closed by the last update, impact start as started, owner
 * team as entity, P1–P5, rejects, and a later export updating an alert.
 * Fixtures: tests/data/formats/opsgenie-*. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define DAY 86400
#define ALERTS "data/formats/opsgenie-alerts.json"
#define INCIDENTS "data/formats/opsgenie-incidents.csv"

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

TestSuite(opsgenie, .init = setup, .fini = teardown);

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

Test(opsgenie, detected_as_json_and_csv)
{
    cr_assert_eq(detect(ALERTS), &parser_opsgenie);
    cr_assert_eq(detect(INCIDENTS), &parser_opsgenie);
}

Test(opsgenie, alerts_json)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_opsgenie, ALERTS, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 3, 2, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 36);
    cr_assert_str_eq(run.ing.shown[0].reason, "bad ackTime 'later'");
    struct fx_incidents got;
    fixture_incidents(&fx, "team:gpu-platform", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    const struct incident *a = &got.v[0];
    int64_t c1 = OCT1 + 3 * DAY + 16 * 3600 + 15 * 60;
    cr_assert_str_eq(a->key, "70413a06-38d6-4c85-92b8-5ebc900d42e2");
    cr_assert_str_eq(a->title, "gpu-node-17 not responding");
    cr_assert_str_eq(a->severity_label, "P2");
    cr_assert_str_eq(a->severity, "sev2");
    cr_assert_eq(a->started, SLTIME_NONE);
    cr_assert_eq(a->detected, c1);
    cr_assert_eq(a->acknowledged, c1 + 125, "ackTime is in milliseconds");
    cr_assert_eq(a->resolved, c1 + 5400);
    cr_assert(strstr(a->extra_json, "\"tags\":\"gpu,rack-12\""), "%s", a->extra_json);
    /* closed without a closeTime: closed at its last update */
    const struct incident *b = &got.v[1];
    cr_assert_eq(b->detected, OCT1 + 4 * DAY + 8 * 3600);
    cr_assert_eq(b->resolved, b->detected + 1800);
    cr_assert_eq(b->acknowledged, SLTIME_NONE);
    cr_assert_str_eq(b->severity, "sev4");
    fixture_incidents_free(&got);
}

Test(opsgenie, incidents_csv)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_opsgenie, INCIDENTS, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 4, 2, 2, 0);
    cr_assert_eq(run.ing.shown[0].line, 4);
    cr_assert_str_eq(run.ing.shown[0].reason, "bad createdAt time 'not a time': not a timestamp");
    cr_assert_eq(run.ing.shown[1].line, 5);
    cr_assert_str_eq(run.ing.shown[1].reason,
                     "no entity: the record names no owner team; give --entity");
    struct fx_incidents got;
    fixture_incidents(&fx, "team:gpu-platform", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    const struct incident *a = &got.v[0];
    int64_t c = OCT1 + 6 * DAY + 10 * 3600;
    cr_assert_str_eq(a->key, "41", "no id column: tinyId is the key");
    cr_assert_eq(a->started, c - 480, "impactStartDate");
    cr_assert_eq(a->detected, c);
    cr_assert_eq(a->acknowledged, c + 180);
    cr_assert_eq(a->mitigated, c + 2400, "impactEndDate");
    cr_assert_eq(a->resolved, c + 3600);
    cr_assert_str_eq(a->severity, "sev1");
    fixture_incidents_free(&got);
    fixture_incidents(&fx, "team:identity", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    cr_assert_str_eq(got.v[0].severity, "sev5");
    cr_assert_eq(got.v[0].resolved, SLTIME_NONE);
    fixture_incidents_free(&got);
}

Test(opsgenie, later_export_updates)
{
    char path[512];
    static const char text[] =
        "[{\"id\":\"70413a06-38d6-4c85-92b8-5ebc900d42e2\",\"tinyId\":\"1791\","
        "\"message\":\"gpu-node-17 not responding\",\"status\":\"open\",\"priority\":\"P1\","
        "\"createdAt\":\"2026-10-04T16:15:00Z\",\"teams\":[{\"name\":\"gpu-platform\"}]}]\n";
    fixture_write(&fx, "later.json", text, sizeof text - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_opsgenie, ALERTS, NULL, &run), SL_OK);
    cr_assert_eq(parse_file(&fx, &parser_opsgenie, path, NULL, &run), SL_OK);
    expect_counts(&run, 1, 0, 0, 1);
    struct fx_incidents got;
    fixture_incidents(&fx, "team:gpu-platform", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    cr_assert_str_eq(got.v[0].severity, "sev1", "the later export's priority stands");
    fixture_incidents_free(&got);
}
