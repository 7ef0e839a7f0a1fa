/* test_pagerduty_webhooks.c — PagerDuty v3 webhook event payloads read by
 * pagerduty-json (parsers/formats/pagerduty_json.c): each incident's events
 * folded into one record by occurred_at, whatever their order in the file;
 * a reopening clears the resolution; other events skipped; an event without
 * occurred_at rejected; JSON Lines, an array or one payload.
 * Fixture: tests/data/formats/pagerduty-webhooks.jsonl. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define OCT4_10 INT64_C(1791108000) /* 2026-10-04T10:00:00Z */
#define OCT6_08 INT64_C(1791273600) /* 2026-10-06T08:00:00Z */
#define HOOKS "data/formats/pagerduty-webhooks.jsonl"

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

TestSuite(pagerduty_webhooks, .init = setup, .fini = teardown);

Test(pagerduty_webhooks, detected)
{
    char head[PARSER_SNIFF_BYTES];
    FILE *f = fopen(HOOKS, "rb");
    cr_assert(f);
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    cr_assert_eq(parser_detect(head, n), &parser_pagerduty_json);
}

Test(pagerduty_webhooks, events_fold_into_incidents)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_json, HOOKS, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    /* 10 events: 2 incidents stored, 6 events folded into them, the
     * service event skipped, the event without occurred_at rejected */
    expect_counts(&run, 10, 2, 1, 6);
    cr_assert_eq(run.ing.kinds.incidents, 2);
    cr_assert_eq(run.ing.kinds.skipped, 1);
    struct fx_incidents got;
    fixture_incidents(&fx, "team:payments", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2, "one record per incident, not per event");
    const struct incident *a = &got.v[0];
    cr_assert_str_eq(a->key, "Q2ABC");
    cr_assert_eq(a->line, 1);
    cr_assert_eq(a->started, SLTIME_NONE, "PagerDuty knows when it was told, not impact");
    cr_assert_eq(a->detected, OCT4_10);
    cr_assert_eq(a->acknowledged, OCT4_10 + 300);
    cr_assert_eq(a->resolved, OCT4_10 + 2700);
    cr_assert_str_eq(a->state, "resolved", "the latest event's status, not the last line's");
    cr_assert_str_eq(a->service, "checkout");
    cr_assert_str_eq(a->severity_label, "P2");
    const struct incident *b = &got.v[1];
    cr_assert_str_eq(b->key, "Q2DEF");
    cr_assert_eq(b->line, 4);
    cr_assert_eq(b->detected, OCT6_08);
    cr_assert_eq(b->acknowledged, OCT6_08 + 600, "an acknowledgement logged after the resolution");
    cr_assert_eq(b->resolved, SLTIME_NONE, "reopened after its resolution");
    cr_assert_str_eq(b->state, "triggered");
    cr_assert_str_eq(b->title, "Queue backlog (again)");
    cr_assert_str_eq(b->severity_label, "low", "no priority: the urgency");
    fixture_incidents_free(&got);

    long line;
    char reason[256], raw[256];
    cr_assert(fixture_reject(&fx, 0, &line, reason, raw));
    cr_assert_eq(line, 9);
    cr_assert_str_eq(reason, "webhook event without occurred_at");
    cr_assert(!fixture_reject(&fx, 1, &line, reason, raw));
}

Test(pagerduty_webhooks, array_and_single_payload)
{
    static const char array[] =
        "[\n"
        "{\"event\": {\"event_type\": \"incident.resolved\", \"resource_type\": \"incident\",\n"
        "  \"occurred_at\": \"2026-10-04T11:00:00Z\", \"data\": {\"id\": \"Q3\", \"type\": "
        "\"incident\", \"status\": \"resolved\"}}},\n"
        "{\"event\": {\"event_type\": \"incident.triggered\", \"resource_type\": \"incident\",\n"
        "  \"occurred_at\": \"2026-10-04T10:00:00Z\", \"data\": {\"id\": \"Q3\", \"type\": "
        "\"incident\", \"status\": \"triggered\"}}},\n"
        "{\"event\": {\"event_type\": \"incident.acknowledged\", \"resource_type\": \"incident\",\n"
        "  \"occurred_at\": \"2026-10-04T10:01:00Z\", \"data\": {\"type\": \"incident\"}}},\n"
        "{\"event\": {\"event_type\": \"incident.acknowledged\", \"resource_type\": \"incident\",\n"
        "  \"occurred_at\": \"2026-10-04T10:30:00Z\", \"data\": {\"id\": \"Q3\"}}},\n"
        "{\"event\": {\"event_type\": \"incident.acknowledged\", \"resource_type\": \"incident\",\n"
        "  \"occurred_at\": \"2026-10-04T10:02:00Z\", \"data\": {\"id\": \"Q3\"}}}\n"
        "]\n";
    char path[512];
    fixture_write(&fx, "hooks.json", array, sizeof array - 1, path);
    cr_assert_eq(parser_detect(array, sizeof array - 1), &parser_pagerduty_json);
    struct parse_run run;
    struct parse_options opt = {"team:ops", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_json, path, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 5, 1, 1, 3);
    cr_assert_str_eq(run.ing.shown[0].reason, "webhook event without data.id");
    cr_assert_eq(run.ing.shown[0].line, 6);
    struct fx_incidents got;
    fixture_incidents(&fx, "team:ops", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    cr_assert_eq(got.v[0].detected, OCT4_10);
    cr_assert_eq(got.v[0].acknowledged, OCT4_10 + 120, "the first acknowledgement by its time");
    cr_assert_eq(got.v[0].resolved, OCT4_10 + 3600);
    cr_assert_str_eq(got.v[0].state, "resolved");
    fixture_incidents_free(&got);

    static const char one[] = "{\"event\": {\"id\": \"E1\", \"event_type\": \"incident.triggered\","
                              " \"resource_type\": \"incident\", \"occurred_at\": "
                              "\"2026-10-06T08:00:00Z\", \"data\": {\"id\": \"Q4\", \"type\": "
                              "\"incident\", \"status\": \"triggered\", \"urgency\": \"high\"}}}\n";
    fixture_write(&fx, "one.json", one, sizeof one - 1, path);
    cr_assert_eq(parser_detect(one, sizeof one - 1), &parser_pagerduty_json);
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_json, path, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 1, 1, 0, 0);
    fixture_incidents(&fx, "team:ops", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    cr_assert_str_eq(got.v[1].key, "Q4");
    cr_assert_eq(got.v[1].detected, OCT6_08);
    cr_assert_eq(got.v[1].resolved, SLTIME_NONE);
    fixture_incidents_free(&got);
}
