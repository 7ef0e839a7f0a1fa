/* test_pagerduty_json.c — PagerDuty's REST incidents and Analytics raw
 * incidents (parsers/pagerduty_json.c): detected from created_at, the first
 * acknowledgement, resolution from last_status_change_at, seconds_to_* after
 * created_at, team:<team> as entity, rejects, and a later export updating
 * the same incident. Fixtures: tests/data/formats/pagerduty-*.json. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define DAY 86400
#define REST "data/formats/pagerduty-incidents.json"
#define ANALYTICS "data/formats/pagerduty-analytics.json"

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

TestSuite(pagerduty_json, .init = setup, .fini = teardown);

Test(pagerduty_json, detected)
{
    char head[PARSER_SNIFF_BYTES];
    FILE *f = fopen(REST, "rb");
    cr_assert(f);
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    cr_assert_eq(parser_detect(head, n), &parser_pagerduty_json);
    f = fopen(ANALYTICS, "rb");
    cr_assert(f);
    n = fread(head, 1, sizeof head, f);
    fclose(f);
    cr_assert_eq(parser_detect(head, n), &parser_pagerduty_json);
}

Test(pagerduty_json, rest_incidents)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_json, REST, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 4, 2, 2, 0);
    struct fx_incidents got;
    fixture_incidents(&fx, "team:gpu-platform", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    /* Q1AAA: 09:15-07:00 = 16:15Z on Oct 4; resolved at its last status
     * change, 90 minutes later; no acknowledgements left in the export */
    const struct incident *a = &got.v[0];
    int64_t c1 = OCT1 + 3 * DAY + 16 * 3600 + 15 * 60;
    cr_assert_str_eq(a->key, "Q1AAA");
    cr_assert_eq(a->line, 3);
    cr_assert_str_eq(a->service, "training-cluster");
    cr_assert_str_eq(a->title, "GPU nodes unreachable in rack 12");
    cr_assert_str_eq(a->severity_label, "P1");
    cr_assert_str_eq(a->severity, "sev1");
    cr_assert_str_eq(a->state, "resolved");
    cr_assert_eq(a->started, SLTIME_NONE, "PagerDuty knows when it was told, not impact");
    cr_assert_eq(a->detected, c1);
    cr_assert_eq(a->acknowledged, SLTIME_NONE);
    cr_assert_eq(a->resolved, c1 + 5400);
    /* Q1BBB: the earliest of two acknowledgements; no priority, so urgency */
    const struct incident *b = &got.v[1];
    int64_t c2 = OCT1 + 5 * DAY + 6 * 3600;
    cr_assert_str_eq(b->key, "Q1BBB");
    cr_assert_eq(b->detected, c2);
    cr_assert_eq(b->acknowledged, c2 + 240);
    cr_assert_eq(b->resolved, SLTIME_NONE);
    cr_assert_str_eq(b->severity_label, "low");
    cr_assert_str_eq(b->severity, "sev4");
    fixture_incidents_free(&got);

    long line;
    char reason[256], raw[256];
    cr_assert(fixture_reject(&fx, 0, &line, reason, raw));
    cr_assert_eq(line, 34);
    cr_assert_str_eq(reason, "bad created_at time '2026-13-01T00:00:00Z': month out of range");
    cr_assert(fixture_reject(&fx, 1, &line, reason, raw));
    cr_assert_eq(line, 42);
    cr_assert_str_eq(reason, "no entity: the incident names no team; give --entity");
}

Test(pagerduty_json, analytics_updates_rest)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_json, REST, NULL, &run), SL_OK);
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_json, ANALYTICS, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    /* Q1AAA again (a duplicate that updates), Q1DDD rejected, Q1EEE new */
    expect_counts(&run, 3, 1, 1, 1);
    cr_assert_str_eq(run.ing.shown[0].reason, "bad seconds_to_first_ack 'soon'");
    struct fx_incidents got;
    fixture_incidents(&fx, "team:gpu-platform", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2, "the same incident is updated, not stored twice");
    const struct incident *a = &got.v[0];
    int64_t c1 = OCT1 + 3 * DAY + 16 * 3600 + 15 * 60;
    cr_assert_str_eq(a->key, "Q1AAA");
    cr_assert_eq(a->acknowledged, c1 + 240);
    cr_assert_eq(a->resolved, c1 + 5400);
    cr_assert_str_eq(a->severity_label, "P2");
    cr_assert_str_eq(a->severity, "sev2");
    fixture_incidents_free(&got);
    fixture_incidents(&fx, "team:identity", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    cr_assert_str_eq(got.v[0].service, "sso");
    cr_assert_eq(got.v[0].acknowledged - got.v[0].detected, 60);
    fixture_incidents_free(&got);
}

Test(pagerduty_json, entity_option_wins)
{
    struct parse_run run;
    struct parse_options opt = {"team:oncall", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_json, REST, &opt, &run), SL_OK);
    expect_counts(&run, 4, 3, 1, 0);
    struct fx_incidents got;
    fixture_incidents(&fx, "team:oncall", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 3);
    cr_assert_str_eq(got.v[2].key, "104", "no id: the incident number is the key");
    fixture_incidents_free(&got);
}

Test(pagerduty_json, not_json_fails)
{
    char path[512];
    static const char text[] = "{\"incidents\": [ {\"id\": \"X\", ";
    fixture_write(&fx, "cut.json", text, sizeof text - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_json, path, NULL, &run), SL_ERR_INPUT);
}

/* The Analytics response names the zone of its naive timestamps, after the
 * records: it is honoured whatever --tz says, and whatever the order. */
Test(pagerduty_json, analytics_time_zone_read_wherever_it_is)
{
    char path[512];
    static const char text[] = "{\"data\": [{\"id\": \"QZ1\", \"created_at\": "
                               "\"2026-10-05T12:00:00\", \"seconds_to_resolve\": 600,\n"
                               "  \"priority_name\": \"P2\", \"team_name\": \"Core\"}],\n"
                               " \"more\": false, \"time_zone\": \"Europe/Berlin\"}\n";
    fixture_write(&fx, "tz.json", text, sizeof text - 1, path);
    struct parse_run run;
    struct parse_options opt = {"team:core", NULL, "America/New_York"};
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_json, path, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    struct fx_incidents got;
    fixture_incidents(&fx, "team:core", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    /* 12:00 in Berlin (CEST, +02:00) is 10:00Z */
    cr_assert_eq(got.v[0].detected, INT64_C(1791194400), "%lld", (long long)got.v[0].detected);
    cr_assert_eq(got.v[0].resolved, INT64_C(1791194400) + 600);
    fixture_incidents_free(&got);
    cr_assert_str_eq(run.ing.zone, "America/New_York", "the caller's zone is given back");
}

/* GET /incidents/{id}: one incident under "incident". */
Test(pagerduty_json, single_incident)
{
    char path[512];
    static const char text[] =
        "{\"incident\": {\"id\": \"PX1\", \"incident_number\": 7, \"title\": \"Disk full\",\n"
        "  \"created_at\": \"2026-10-05T10:00:00Z\", \"status\": \"resolved\",\n"
        "  \"last_status_change_at\": \"2026-10-05T11:00:00Z\", \"urgency\": \"high\",\n"
        "  \"service\": {\"summary\": \"db\"}, \"teams\": [{\"summary\": \"Storage\"}]}}\n";
    fixture_write(&fx, "one.json", text, sizeof text - 1, path);
    char head[1024];
    size_t n = strlen(text);
    memcpy(head, text, n);
    cr_assert_eq(parser_detect(head, n), &parser_pagerduty_json);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_pagerduty_json, path, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 1, 1, 0, 0);
    struct fx_incidents got;
    fixture_incidents(&fx, "team:Storage", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    cr_assert_str_eq(got.v[0].key, "PX1");
    cr_assert_eq(got.v[0].resolved, INT64_C(1791194400) + 3600);
    fixture_incidents_free(&got);
}
