/* test_history_covers.c — the span a provider's status history speaks for
 * (parsers/read/history_span.c through engine/ingest/ingest_file.c): from the
 * earliest to the latest time the export states, its generation time
 * included; the span --covers gives instead; and --covers refused for a
 * format that reads no history. The files are written by the tests. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/ingest/ingest_file.h"
#include "parsers/formats/registry.h"
#include "tests/engine/fixture.h"

#define OCT1 INT64_C(1790812800)  /* 2026-10-01T00:00:00Z */
#define OCT10 INT64_C(1791626400) /* 2026-10-10T10:00:00Z */
#define OCT20 INT64_C(1792454400) /* 2026-10-20T00:00:00Z */
#define NOV1 INT64_C(1793491200)  /* 2026-11-01T00:00:00Z */

static struct fixture fx;
static struct sl_diag diag;

static void
setup(void)
{
    fixture_open(&fx);
    memset(&diag, 0, sizeof diag);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(history_covers, .init = setup, .fini = teardown);

/* An export generated on the 20th whose only incident is on the 10th. */
static const char export_json[] =
    "{\"page\": {\"id\": \"p\", \"name\": \"Nimbus\", \"updated_at\": \"2026-10-20T00:00:00Z\"},\n"
    " \"incidents\": [{\"id\": \"i1\", \"name\": \"API down\", \"status\": \"resolved\",\n"
    "   \"impact\": \"major\", \"created_at\": \"2026-10-10T10:00:00Z\",\n"
    "   \"started_at\": \"2026-10-10T10:00:00Z\", \"resolved_at\": \"2026-10-10T11:00:00Z\",\n"
    "   \"components\": [{\"id\": \"c\", \"name\": \"API\"}], \"incident_updates\": []}]}\n";

static enum sl_status
ingest(const char *format, const char *name, const char *text, bool covers, int64_t from,
       int64_t to, struct ingest_file_result *res)
{
    char path[512];
    fixture_write(&fx, name, text, strlen(text), path);
    struct ingest_file_options opt = {
        .format = parser_ingest_format(parser_by_name(format)),
        .entity = "provider:nimbus",
        .covers = covers,
        .covers_from = from,
        .covers_to = to,
    };
    return ingest_file(fx.st, path, &opt, res, &diag);
}

static long
coverage(int64_t start, int64_t end)
{
    char sql[256];
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM intervals WHERE service = 'API' AND status = 'up' AND "
             "start = %lld AND end = %lld",
             (long long)start, (long long)end);
    return fixture_count(&fx, sql);
}

Test(history_covers, derived_span_runs_to_the_generation_time)
{
    struct ingest_file_result res;
    cr_assert_eq(ingest("statuspage-json", "export.json", export_json, false, 0, 0, &res), SL_OK,
                 "%s", diag.message);
    cr_assert_eq(coverage(OCT10, OCT20), 1, "the span is the 10th to the page's updated_at");
}

Test(history_covers, covers_sets_the_span)
{
    struct ingest_file_result res;
    cr_assert_eq(ingest("statuspage-json", "export.json", export_json, true, OCT1, NOV1, &res),
                 SL_OK, "%s", diag.message);
    cr_assert_eq(coverage(OCT1, NOV1), 1, "the 1st to the 10th is up, not unknown");
    cr_assert_eq(coverage(OCT10, OCT20), 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status != 'up' AND "
                                    "start = 1791626400 AND end = 1791630000"),
                 1, "the incident's own interval overlays the span");
}

/* Downtime windows exported from a status page are its history too. */
Test(history_covers, covers_for_downtime_windows)
{
    struct ingest_file_result res;
    const char csv[] = "incident_id,service,downtime_start,downtime_end,impact\n"
                       "1,API,2026-10-10T10:00:00Z,2026-10-10T11:00:00Z,critical\n";
    cr_assert_eq(ingest("interval-csv", "windows.csv", csv, true, OCT1, NOV1, &res), SL_OK, "%s",
                 diag.message);
    cr_assert_eq(coverage(OCT1, NOV1), 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status = 'down'"), 1);
}

Test(history_covers, covers_refused_for_a_format_that_reads_no_history)
{
    struct ingest_file_result res;
    const char csv[] = "service,start,end,status\nAPI,2026-10-02T00:00:00Z,2026-10-02T01:00:00Z,"
                       "down\n";
    cr_assert_eq(ingest("interval-csv", "iv.csv", csv, true, OCT1, NOV1, &res), SL_ERR_INPUT);
    cr_assert(strstr(diag.message, "--covers: interval-csv gives no status history to cover"), "%s",
              diag.message);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 0);
}

static long
held(const char *service, const char *status, int64_t start, int64_t end)
{
    char sql[320];
    snprintf(sql, sizeof sql,
             "SELECT count(*) FROM intervals WHERE service = '%s' AND status = '%s' AND "
             "start = %lld AND end = %lld",
             service, status, (long long)start, (long long)end);
    return fixture_count(&fx, sql);
}

/* An incident still open when the file was written: its status holds to
 * the end of the span (the latest time stated, here the later incident's
 * last modification at 12:00 on the 20th), else to --covers' end. */
static const char gcp_open[] =
    "[{\"id\": \"g1\", \"begin\": \"2026-10-10T10:00:00+00:00\", \"created\": "
    "\"2026-10-10T10:20:00+00:00\", \"modified\": \"2026-10-10T11:00:00+00:00\",\n"
    "  \"status_impact\": \"SERVICE_OUTAGE\", \"severity\": \"high\", \"service_name\": \"API\"},\n"
    " {\"id\": \"g0\", \"begin\": \"2026-10-01T00:00:00+00:00\", \"end\": "
    "\"2026-10-01T01:00:00+00:00\", \"modified\": \"2026-10-20T12:00:00+00:00\",\n"
    "  \"status_impact\": \"SERVICE_OUTAGE\", \"severity\": \"high\", \"service_name\": \"DB\"}]\n";

Test(history_covers, open_cloud_incident_holds_to_the_span_end)
{
    struct ingest_file_result res;
    cr_assert_eq(ingest("gcp-status", "gcp.json", gcp_open, false, 0, 0, &res), SL_OK, "%s",
                 diag.message);
    cr_assert_eq(held("API", "down", OCT10, OCT20 + 12 * 3600), 1,
                 "down from its begin to the latest time the file states");
    cr_assert_eq(held("API", "up", OCT1, OCT20 + 12 * 3600), 1);
}

Test(history_covers, open_cloud_incident_holds_to_covers_end)
{
    struct ingest_file_result res;
    cr_assert_eq(ingest("gcp-status", "gcp.json", gcp_open, true, OCT1, NOV1, &res), SL_OK, "%s",
                 diag.message);
    cr_assert_eq(held("API", "down", OCT10, NOV1), 1);
}

/* An AWS event not marked [RESOLVED]: posted 10:00 AM PDT on the 10th
 * (17:00Z), updated at 12:00 PM PDT (19:00Z); the archive's later event
 * ends the span on the 20th at 17:00Z. */
static const char aws_open[] =
    "{\"archive\": [\n"
    " {\"service_name\": \"API\", \"summary\": \"Errors\", \"date\": \"1791651600\", \"status\": "
    "\"3\", \"service\": \"api\",\n"
    "  \"description\": \"<div><span class=\\\"yellowfg\\\">10:00 AM PDT</span>&nbsp;Errors.</div>"
    "<div><span class=\\\"yellowfg\\\">12:00 PM PDT</span>&nbsp;Still.</div>\"},\n"
    " {\"service_name\": \"DB\", \"summary\": \"[RESOLVED] Note\", \"date\": \"1792515600\", "
    "\"status\": \"1\", \"service\": \"db\",\n"
    "  \"description\": \"<div><span class=\\\"yellowfg\\\">10:00 AM "
    "PDT</span>&nbsp;Fine.</div>\"}\n"
    "], \"current\": []}\n";

Test(history_covers, open_aws_event_holds_to_the_span_end)
{
    struct ingest_file_result res;
    cr_assert_eq(ingest("aws-health", "aws.json", aws_open, false, 0, 0, &res), SL_OK, "%s",
                 diag.message);
    cr_assert_eq(held("api", "down", INT64_C(1791651600), INT64_C(1792515600)), 1,
                 "down from the first update to the span's end, not to the last update");
}
