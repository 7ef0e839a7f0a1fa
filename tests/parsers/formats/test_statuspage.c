/* test_statuspage.c — Statuspage's API JSON (parsers/statuspage_json.c) and
 * its Atom history feed (parsers/statuspage_feed.c): incidents with impact,
 * component status changes as intervals, the up time the export covers,
 * maintenance, rejects, re-export updating, and the feed's year-less
 * timeline across the turn of the year. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/base/strbuf.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define JSON "data/formats/statuspage-incidents.json"
#define ATOM "data/formats/statuspage-history.atom"
#define OCT5_10 INT64_C(1791194400) /* 2026-10-05T10:00:00Z */

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

TestSuite(statuspage, .init = setup, .fini = teardown);

Test(statuspage, json_detected_by_content)
{
    char head[4096];
    FILE *f = fopen(JSON, "rb");
    cr_assert_not_null(f);
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    cr_assert_eq(parser_detect(head, n), &parser_statuspage_json);
}

Test(statuspage, json_incidents_intervals_maintenance)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_statuspage_json, JSON, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    /* 2 incidents + 4 component intervals + 2 coverage intervals + 1 maintenance
     * stored; the backwards incident and the one without id rejected */
    expect_counts(&run, 11, 9, 2, 0);
    cr_assert_eq(run.ing.shown[0].line, 51);
    cr_assert_str_eq(run.ing.shown[0].reason, "resolved before started");
    cr_assert_str_eq(run.ing.shown[1].reason, "incident without an id");

    struct fx_incidents got;
    fixture_incidents(&fx, "provider:nimbus-gpu-cloud", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    const struct incident *a = &got.v[0];
    cr_assert_str_eq(a->key, "inc-a");
    cr_assert_str_eq(a->severity, "sev1");
    cr_assert_str_eq(a->severity_label, "critical");
    cr_assert_str_eq(a->service, "GPU us-east");
    cr_assert_eq(a->started, OCT5_10);
    cr_assert_eq(a->detected, OCT5_10 + 300);
    cr_assert_eq(a->mitigated, OCT5_10 + 5400);
    cr_assert_eq(a->resolved, OCT5_10 + 7200);
    cr_assert_str_eq(a->postmortem, "https://stspg.example/a");
    /* inc-b: -05:00 offsets; minor → sev4 */
    cr_assert_str_eq(got.v[1].severity, "sev4");
    cr_assert_eq(got.v[1].started, OCT5_10 + 5 * 86400 + 3 * 3600);
    fixture_incidents_free(&got);

    /* GPU us-east: down 10:05-11:00, partial 11:00-12:00, and the covering up
     * interval from the first incident to the page's updated_at */
    struct fx_intervals iv;
    fixture_intervals(&fx, "provider:nimbus-gpu-cloud", "GPU us-east", FX_ALL_FROM, FX_ALL_TO, &iv);
    cr_assert_eq(iv.n, 3);
    cr_assert_eq(iv.v[0].status, SVC_UP);
    cr_assert_eq(iv.v[0].start, OCT5_10);
    cr_assert_eq(iv.v[1].status, SVC_DOWN);
    cr_assert_eq(iv.v[1].start, OCT5_10 + 300);
    cr_assert_eq(iv.v[1].end, OCT5_10 + 3600);
    cr_assert_eq(iv.v[2].status, SVC_PARTIAL);
    cr_assert_eq(iv.v[2].end, OCT5_10 + 7200);
    /* API: degraded from the update, and from inc-b's impact (no component
     * changes in its updates) */
    fixture_intervals(&fx, "provider:nimbus-gpu-cloud", "API", FX_ALL_FROM, FX_ALL_TO, &iv);
    cr_assert_eq(iv.n, 3);
    cr_assert_eq(iv.v[1].status, SVC_DEGRADED);
    cr_assert_eq(iv.v[2].status, SVC_DEGRADED);

    struct fx_maintenance m;
    fixture_maintenance(&fx, "provider:nimbus-gpu-cloud", "GPU us-east", FX_ALL_FROM, FX_ALL_TO,
                        &m);
    cr_assert_eq(m.n, 1);
    cr_assert_str_eq(m.v[0].key, "mnt-1");
    cr_assert_eq(m.v[0].end - m.v[0].start, 7200);
    cr_assert_neq(m.v[0].announced, SLTIME_NONE);
    fixture_maintenance_free(&m);
}

Test(statuspage, json_later_export_updates)
{
    char path[512];
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_statuspage_json, JSON, NULL, &run), SL_OK);
    /* the same content with one byte changed is a new export of the same page */
    FILE *f = fopen(JSON, "rb");
    char buf[16384];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    buf[n++] = '\n';
    fixture_write(&fx, "again.json", buf, n, path);
    cr_assert_eq(parse_file(&fx, &parser_statuspage_json, path, NULL, &run), SL_OK);
    /* incidents and keyed intervals update; the maintenance window is added again */
    cr_assert_eq(run.ing.counts.duplicates, 8);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 2);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 6);
}

/* Archivers write members in sorted order: the page after the incidents.
 * What the page says still applies to every incident. */
Test(statuspage, json_page_after_the_incidents)
{
    char path[512];
    static const char text[] =
        "{\"incidents\": [{\"id\": \"z1\", \"name\": \"Slow API\", \"impact\": \"minor\",\n"
        "  \"created_at\": \"2026-10-05T10:00:00Z\", \"started_at\": \"2026-10-05T10:00:00Z\",\n"
        "  \"resolved_at\": \"2026-10-05T11:00:00Z\", \"status\": \"resolved\",\n"
        "  \"components\": [{\"name\": \"API\"}], \"incident_updates\": []}],\n"
        " \"page\": {\"name\": \"Zeta Cloud\", \"updated_at\": \"2026-10-06T00:00:00Z\"}}\n";
    fixture_write(&fx, "sorted.json", text, sizeof text - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_statuspage_json, path, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    cr_assert_eq(run.ing.counts.rejected, 0, "%s", run.ing.shown[0].reason);
    struct fx_incidents got;
    fixture_incidents(&fx, "provider:zeta-cloud", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    cr_assert_str_eq(got.v[0].key, "z1");
    cr_assert_eq(got.v[0].started, OCT5_10);
    fixture_incidents_free(&got);
}

/* scheduled-maintenances.json: started_at is when the maintenance was
 * posted; the window is the work, from scheduled_for (else the first
 * in_progress update) to resolved_at, announced at created_at. */
Test(statuspage, json_maintenance_window_is_the_work_not_the_notice)
{
    char path[512];
    static const char text[] =
        "{\"page\": {\"name\": \"Zeta Cloud\"}, \"scheduled_maintenances\": [\n"
        " {\"id\": \"m1\", \"name\": \"DB upgrade\", \"impact\": \"maintenance\",\n"
        "  \"created_at\": \"2026-10-04T10:00:00Z\", \"started_at\": \"2026-10-04T10:00:00Z\",\n"
        "  \"scheduled_for\": \"2026-10-05T16:00:00Z\", \"scheduled_until\": "
        "\"2026-10-05T18:00:00Z\",\n"
        "  \"resolved_at\": \"2026-10-05T16:26:00Z\", \"components\": [{\"name\": \"DB\"}],\n"
        "  \"incident_updates\": []},\n"
        " {\"id\": \"m2\", \"name\": \"Network\", \"impact\": \"maintenance\",\n"
        "  \"created_at\": \"2026-10-04T10:00:00Z\", \"started_at\": \"2026-10-04T10:00:00Z\",\n"
        "  \"resolved_at\": \"2026-10-05T13:00:00Z\", \"components\": [{\"name\": \"Net\"}],\n"
        "  \"incident_updates\": [{\"status\": \"completed\", \"created_at\": "
        "\"2026-10-05T13:00:00Z\"},\n"
        "   {\"status\": \"in_progress\", \"created_at\": \"2026-10-05T12:00:00Z\"},\n"
        "   {\"status\": \"scheduled\", \"created_at\": \"2026-10-04T10:00:00Z\"}]}]}\n";
    fixture_write(&fx, "maint.json", text, sizeof text - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_statuspage_json, path, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    struct fx_maintenance m;
    fixture_maintenance(&fx, "provider:zeta-cloud", "DB", FX_ALL_FROM, FX_ALL_TO, &m);
    cr_assert_eq(m.n, 1);
    cr_assert_eq(m.v[0].start, OCT5_10 + 6 * 3600);
    cr_assert_eq(m.v[0].end - m.v[0].start, 26 * 60, "26 minutes, not the time since the notice");
    cr_assert_eq(m.v[0].announced, OCT5_10 - 86400);
    fixture_maintenance_free(&m);
    fixture_maintenance(&fx, "provider:zeta-cloud", "Net", FX_ALL_FROM, FX_ALL_TO, &m);
    cr_assert_eq(m.n, 1);
    cr_assert_eq(m.v[0].start, OCT5_10 + 2 * 3600, "from the first in_progress update");
    cr_assert_eq(m.v[0].end, OCT5_10 + 3 * 3600);
    fixture_maintenance_free(&m);
}

Test(statuspage, json_broken_structure_fails)
{
    char path[512];
    static const char text[] = "{\"page\": {\"name\": \"X\"}, \"incidents\": [{\"id\": \"a\"";
    fixture_write(&fx, "broken.json", text, sizeof text - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_statuspage_json, path, NULL, &run), SL_ERR_INPUT);
    cr_assert(strstr(run.diag.message, "not valid JSON"), "%s", run.diag.message);
}

Test(statuspage, feed_turn_of_the_year)
{
    char head[4096];
    FILE *f = fopen(ATOM, "rb");
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    cr_assert_eq(parser_detect(head, n), &parser_statuspage_feed);

    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_statuspage_feed, ATOM, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 2, 1, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 13);
    cr_assert_str_eq(run.ing.shown[0].reason, "no dated updates in the entry's content");
    struct fx_incidents got;
    fixture_incidents(&fx, "provider:nimbus", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    /* Dec 31 22:00 belongs to 2026, the year before publication */
    int64_t dec31_22 = INT64_C(1798754400);
    cr_assert_str_eq(got.v[0].key, "777");
    cr_assert_str_eq(got.v[0].service, "Scheduler");
    cr_assert_str_eq(got.v[0].state, "resolved");
    cr_assert_eq(got.v[0].detected, dec31_22);
    cr_assert_eq(got.v[0].started, SLTIME_NONE, "the feed states no start");
    cr_assert_eq(got.v[0].mitigated, dec31_22 + 110 * 60);
    cr_assert_eq(got.v[0].resolved, dec31_22 + 210 * 60);
    cr_assert_null(got.v[0].severity);
    fixture_incidents_free(&got);
}

/* One incident of entity provider:big, critical from 10:00 to 12:00 on
 * 2026-10-05, naming components C-0 .. C-<n-1>: with per_update, each in an
 * update of its own (C-i goes to major_outage at 10:00 + i s), else only in
 * "components" (the impact stands for them all). */
static const char *
big_incident(int n, bool per_update, char path[512])
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "{\"page\": {\"id\": \"pg\", \"name\": \"Big\", \"updated_at\": "
                       "\"2026-10-20T00:00:00Z\"},\n\"incidents\": [{\"id\": \"big-1\", "
                       "\"name\": \"Everything\", \"status\": \"resolved\", \"impact\": "
                       "\"critical\", \"created_at\": \"2026-10-05T10:00:00Z\", \"started_at\": "
                       "\"2026-10-05T10:00:00Z\", \"resolved_at\": \"2026-10-05T12:00:00Z\",\n"
                       "\"components\": [");
    for (int i = 0; i < n; i++)
        strbuf_addf(&sb, "%s{\"id\": \"c%d\", \"name\": \"C-%d\"}", i ? "," : "", i, i);
    strbuf_addstr(&sb, "],\n\"incident_updates\": [");
    for (int i = 0; per_update && i < n; i++)
        strbuf_addf(&sb,
                    "%s{\"id\": \"u%d\", \"status\": \"investigating\", \"created_at\": "
                    "\"2026-10-05T10:%02d:%02dZ\", \"affected_components\": [{\"code\": \"c%d\", "
                    "\"name\": \"C-%d\", \"old_status\": \"operational\", \"new_status\": "
                    "\"major_outage\"}]}\n",
                    i ? "," : "", i, i / 60, i % 60, i, i);
    strbuf_addstr(&sb, "]}]}\n");
    fixture_write(&fx, "big.json", sb.buf, sb.len, path);
    strbuf_release(&sb);
    return path;
}

static void
expect_down(const char *service, int64_t from)
{
    struct fx_intervals got;
    fixture_intervals(&fx, "provider:big", service, FX_ALL_FROM, FX_ALL_TO, &got);
    size_t down = 0;
    for (size_t i = 0; i < got.n; i++)
        if (got.v[i].status == SVC_DOWN) {
            down++;
            cr_assert_eq(got.v[i].start, from, "%s starts at %lld", service,
                         (long long)got.v[i].start);
            cr_assert_eq(got.v[i].end, OCT5_10 + 2 * 3600);
        }
    cr_assert_eq(down, 1, "%s: %zu down intervals", service, down);
}

Test(statuspage, every_component_of_a_large_incident)
{
    /* 70 components named by the incident alone: each is down for its two
     * hours, the 65th to the 70th too (they were dropped past 64). */
    char path[512];
    struct parse_run run;
    struct parse_options opt = {.entity = "provider:big"};
    big_incident(70, false, path);
    cr_assert_eq(parse_file(&fx, &parser_statuspage_json, path, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_down("C-0", OCT5_10);
    expect_down("C-64", OCT5_10);
    expect_down("C-69", OCT5_10);
}

Test(statuspage, every_update_of_a_long_incident)
{
    /* 600 updates, each taking one more component down: C-599 goes down at
     * 10:09:59 (its update was the 600th, past the 512 read before, and its
     * component past the 64 tracked). */
    char path[512];
    struct parse_run run;
    struct parse_options opt = {.entity = "provider:big"};
    big_incident(600, true, path);
    cr_assert_eq(parse_file(&fx, &parser_statuspage_json, path, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_down("C-0", OCT5_10);
    expect_down("C-511", OCT5_10 + 511);
    expect_down("C-599", OCT5_10 + 599);
}

/* A component is its id: "API" renamed "API Requests" between two
 * incidents is one service, under its latest name, whatever the order of
 * the incidents in the file; a page's own components[] name wins. */
Test(statuspage, json_renamed_component_is_one_service)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_statuspage_json, "data/formats/statuspage-renamed.json",
                            NULL, &run),
                 SL_OK, "%s", run.diag.message);
    cr_assert_eq(run.ing.counts.rejected, 0, "%s", run.ing.shown[0].reason);
    cr_assert_eq(fixture_count(&fx, "SELECT count(DISTINCT service) FROM intervals"), 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE service = "
                                    "'API Requests' AND status = 'degraded'"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE service = "
                                    "'API Requests'"),
                 2);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key = 'r1' AND "
                                    "json_extract(extra, '$.components[0]') = 'API Requests'"),
                 1);

    char path[512];
    static const char page[] =
        "{\"page\": {\"name\": \"Renamed Cloud\", \"updated_at\": \"2026-10-31T00:00:00Z\"},\n"
        " \"incidents\": [{\"id\": \"r3\", \"name\": \"Down\", \"impact\": \"critical\",\n"
        "  \"created_at\": \"2026-10-25T10:00:00Z\", \"resolved_at\": \"2026-10-25T11:00:00Z\",\n"
        "  \"status\": \"resolved\", \"incident_updates\": [],\n"
        "  \"components\": [{\"id\": \"cmp1\", \"name\": \"API Requests\",\n"
        "   \"updated_at\": \"2026-10-30T00:00:00Z\"}]}],\n"
        " \"components\": [{\"id\": \"cmp1\", \"name\": \"Public API\", \"group\": false}]}\n";
    fixture_write(&fx, "summary.json", page, sizeof page - 1, path);
    cr_assert_eq(parse_file(&fx, &parser_statuspage_json, path, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key = 'r3' AND "
                                    "service = 'Public API'"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE key = 'r3/0' AND "
                                    "service = 'Public API'"),
                 1);
}
