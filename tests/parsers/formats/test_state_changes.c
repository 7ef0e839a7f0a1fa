/* test_state_changes.c — state-change logs read as changes, not probes
 * (docs/design.md §4): a status-page archiver's JSON Lines through the
 * jsonl field map (parsers/formats/jsonl_generic.c, parsers/read/fieldmap.c)
 * and Uptime Kuma webhook payloads (parsers/formats/uptime_kuma.c). Each
 * status holds until its service's next change, the last one to the end of
 * the span the file states; the intervals and the months' availability are
 * computed by hand below. Fixtures: tests/data/formats/status-changes.jsonl,
 * tests/data/formats/uptime-kuma-webhooks.jsonl. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/measure/contract.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define DIR "data/formats/"
#define SEP1 INT64_C(1788220800) /* 2026-09-01T00:00:00Z */
#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */
#define H 3600
#define DAY 86400
#define EPS 1e-9

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

TestSuite(state_changes, .init = setup, .fini = teardown);

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

static void
expect_iv(const struct fx_intervals *got, size_t i, int64_t start, int64_t end, enum svc_status s)
{
    cr_assert_lt(i, got->n);
    cr_assert_eq(got->v[i].start, start, "interval %zu starts at %lld", i,
                 (long long)got->v[i].start);
    cr_assert_eq(got->v[i].end, end, "interval %zu ends at %lld", i, (long long)got->v[i].end);
    cr_assert_eq(got->v[i].status, s, "interval %zu is %s", i, svc_status_name(got->v[i].status));
}

/* The neutral availability of [from, to) over the stored intervals. */
static struct contract_measure
month(const char *entity, const char *service, int64_t from, int64_t to)
{
    struct fx_intervals got;
    fixture_intervals(&fx, entity, service, FX_ALL_FROM, FX_ALL_TO, &got);
    struct contract_rules r;
    contract_rules_neutral(&r);
    struct contract_measure m;
    cr_assert_eq(contract_measure_window(got.v, got.n, NULL, 0, from, to, NULL, &r, &m), SL_OK);
    return m;
}

Test(state_changes, detected)
{
    cr_assert_eq(detect(DIR "status-changes.jsonl"), &parser_jsonl_generic);
    cr_assert_eq(detect(DIR "uptime-kuma-webhooks.jsonl"), &parser_uptime_kuma);
}

/* Span [09-01, 10-31): the baseline and the last incident line name no
 * component, so they change nothing but bound the span. api: up (its first
 * `from`) to 09-30 23:00, down to 10-01 01:00 across the month boundary, up
 * to 10-31. web: up to 09-30 23:30, partial to 10-01 02:00, up to 10-31.
 * Line 6's status is no status: rejected, and api stays up. */
Test(state_changes, archiver_log_through_the_field_map)
{
    struct parse_run run;
    struct parse_options opt = {.entity = "provider:acme"};
    cr_assert_eq(parse_file(&fx, &parser_jsonl_generic, DIR "status-changes.jsonl", &opt, &run),
                 SL_OK, "%s", run.diag.message);
    expect_counts(&run, 7, 4, 1, 0);
    cr_assert_eq(run.ing.kinds.changes, 4);
    cr_assert_eq(run.ing.kinds.skipped, 2);
    cr_assert_eq(run.ing.intervals, 6);
    cr_assert_eq(run.ing.shown[0].line, 6);
    cr_assert_str_eq(run.ing.shown[0].reason,
                     "unknown new status 'sideways' (up, operational, degraded, "
                     "degraded_performance, partial, partial_outage, down, major_outage, "
                     "maintenance, unknown)");
    int64_t end = OCT1 + 30 * DAY;
    struct fx_intervals got;
    fixture_intervals(&fx, "provider:acme", "api", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 3);
    expect_iv(&got, 0, SEP1, OCT1 - H, SVC_UP);
    expect_iv(&got, 1, OCT1 - H, OCT1 + H, SVC_DOWN);
    expect_iv(&got, 2, OCT1 + H, end, SVC_UP);
    fixture_intervals(&fx, "provider:acme", "web", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 3);
    expect_iv(&got, 0, SEP1, OCT1 - H / 2, SVC_UP);
    expect_iv(&got, 1, OCT1 - H / 2, OCT1 + 2 * H, SVC_PARTIAL);
    expect_iv(&got, 2, OCT1 + 2 * H, end, SVC_UP);

    /* September: api down 3600 s of 2,592,000; web partial 1800 s × 0.3. */
    struct contract_measure m = month("provider:acme", "api", SEP1, OCT1);
    cr_assert_eq(m.avail.unknown_seconds, 0);
    cr_assert_float_eq(m.avail.availability, 1 - 3600.0 / 2592000, EPS);
    m = month("provider:acme", "web", SEP1, OCT1);
    cr_assert_float_eq(m.avail.availability, 1 - 540.0 / 2592000, EPS);
    /* October: known to 10-31 (one day unknown); api down 3600 s, web
     * partial 7200 s × 0.3, of 2,592,000 known seconds. */
    m = month("provider:acme", "api", OCT1, NOV1);
    cr_assert_eq(m.avail.unknown_seconds, DAY);
    cr_assert_float_eq(m.avail.availability, 1 - 3600.0 / 2592000, EPS);
    m = month("provider:acme", "web", OCT1, NOV1);
    cr_assert_float_eq(m.avail.availability, 1 - 2160.0 / 2592000, EPS);
}

/* The same log named through --map, as the record kind and paths of another
 * archiver's field names. */
Test(state_changes, map_names_the_fields_and_the_record)
{
    char path[512];
    static const char text[] =
        "{\"ts\":\"2026-10-01T00:00:00Z\",\"c\":{\"id\":\"gpu\"},\"new\":\"operational\"}\n"
        "{\"ts\":\"2026-10-01T06:00:00Z\",\"c\":{\"id\":\"gpu\"},\"new\":\"major_outage\"}\n"
        "{\"ts\":\"2026-10-01T08:00:00Z\",\"c\":{\"id\":\"gpu\"},\"new\":\"operational\"}\n"
        "{\"ts\":\"2026-10-02T00:00:00Z\",\"c\":{\"id\":\"gpu\"},\"new\":\"operational\"}\n";
    fixture_write(&fx, "log.jsonl", text, sizeof text - 1, path);
    struct parse_run run;
    struct parse_options opt = {.entity = "team:ml"};
    struct parse_extra extra = {.map = "record=change,time=ts,service=c.id,to=new"};
    cr_assert_eq(parse_file_extra(&fx, &parser_jsonl_generic, path, &opt, &extra, &run), SL_OK,
                 "%s", run.diag.message);
    expect_counts(&run, 4, 4, 0, 0);
    struct fx_intervals got;
    fixture_intervals(&fx, "team:ml", "gpu", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 3);
    expect_iv(&got, 0, OCT1, OCT1 + 6 * H, SVC_UP);
    expect_iv(&got, 1, OCT1 + 6 * H, OCT1 + 8 * H, SVC_DOWN);
    expect_iv(&got, 2, OCT1 + 8 * H, OCT1 + DAY, SVC_UP);
}

/* inference-api: down [10-01 10:00, 10:30), up to 10-05 00:00, the span's
 * end, where its last change (down) covers nothing; registry: maintenance
 * from 10-02 to 10-05. The test notification and status 9 are rejected. */
Test(state_changes, kuma_webhooks_are_changes)
{
    struct parse_run run;
    struct parse_options opt = {.entity = "team:ml-serving"};
    cr_assert_eq(parse_file(&fx, &parser_uptime_kuma, DIR "uptime-kuma-webhooks.jsonl", &opt, &run),
                 SL_OK, "%s", run.diag.message);
    expect_counts(&run, 6, 4, 2, 0);
    cr_assert_eq(run.ing.kinds.changes, 4);
    cr_assert_eq(run.ing.kinds.probes, 0);
    cr_assert_eq(run.ing.shown[0].line, 4);
    cr_assert_str_eq(run.ing.shown[0].reason,
                     "webhook payload without a heartbeat (a test notification?)");
    cr_assert_eq(run.ing.shown[1].line, 5);
    cr_assert_str_eq(run.ing.shown[1].reason, "unknown status '9' (0, 1, 2 or 3)");
    struct fx_intervals got;
    fixture_intervals(&fx, "team:ml-serving", "inference-api", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    expect_iv(&got, 0, OCT1 + 10 * H, OCT1 + 10 * H + 1800, SVC_DOWN);
    expect_iv(&got, 1, OCT1 + 10 * H + 1800, OCT1 + 4 * DAY, SVC_UP);
    fixture_intervals(&fx, "team:ml-serving", "registry", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    expect_iv(&got, 0, OCT1 + DAY, OCT1 + 4 * DAY, SVC_MAINTENANCE);
    /* October: known [10:00 on the 1st, the 5th) = 309,600 s, down 1800 s. */
    struct contract_measure m = month("team:ml-serving", "inference-api", OCT1, NOV1);
    cr_assert_eq(m.avail.eligible_seconds, 4 * DAY - 10 * H);
    cr_assert_float_eq(m.avail.availability, 1 - 1800.0 / (4 * DAY - 10 * H), EPS);
}

/* A file that is one payload, monitor before heartbeat: one change, and
 * the span is that one instant, so it stores no interval. */
Test(state_changes, kuma_one_payload)
{
    char path[512];
    static const char text[] = "{\"monitor\": {\"id\": 7, \"name\": \"gateway\"},\n"
                               " \"heartbeat\": {\"monitorID\": 7, \"status\": 0, \"time\": "
                               "\"2026-10-01 00:00:00.000\"},\n"
                               " \"msg\": \"[gateway] [Down]\"}\n";
    fixture_write(&fx, "one.json", text, sizeof text - 1, path);
    cr_assert_eq(detect(path), &parser_uptime_kuma);
    struct parse_run run;
    struct parse_options opt = {.entity = "team:ml-serving"};
    cr_assert_eq(parse_file(&fx, &parser_uptime_kuma, path, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 1, 1, 0, 0);
    cr_assert_eq(run.ing.kinds.changes, 1);
    cr_assert_eq(run.ing.intervals, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 0);
}
