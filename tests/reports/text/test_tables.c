/* test_tables.c — the report's tables as CSV and JSON: quoting, units, missing
 * values, one file per table or every table on one stream. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/audit/audit.h"
#include "engine/time/sltime.h"
#include "reports/text/tables.h"

static struct eval_row rows[2];
static struct eval_incident incidents[2];
static struct eval_result result;
static struct report_info info;
static struct sla_terms terms;
static struct eval_commitment commitment;
static struct eval_contract_row contract[2];
static struct finding findings[2];
static struct audit_result audit;
static const struct report_source sources[] = {
    {"a,b \"q\".csv", "abc123", "incident-csv", 10, 3, 2, 1, 0},
};

static void
setup(void)
{
    struct window oct = window_month(2026, 10, NULL);
    memset(&result, 0, sizeof result);
    memset(rows, 0, sizeof rows);
    memset(incidents, 0, sizeof incidents);
    rows[0] = (struct eval_row){.entity = "provider:acme", .window = oct};
    rows[0].avail = (struct avail_result){.known = true,
                                          .availability = 0.99729,
                                          .eligible_seconds = 2656800,
                                          .downtime_seconds = 7200};
    rows[0].incidents.total = 2;
    rows[0].incidents.by_severity[1] = 2;
    rows[0].incidents.measure[MEASURE_TTR] =
        (struct duration_stats){.n = 2, .mean = 90, .median = 60};
    rows[1] = (struct eval_row){.entity = "provider:acme", .service = "gpu", .window = oct};
    rows[1].avail.known = false; /* unknown: null, never 0 or 1 */
    incidents[0] = (struct eval_incident){.entity = "provider:acme",
                                          .service = "gpu",
                                          .key = "INC-1",
                                          .severity = "sev1",
                                          .title = "=SUM(A1), \"quoted\"\nsecond line",
                                          .started = 1790812800,
                                          .detected = 1790813100,
                                          .acknowledged = SLTIME_NONE,
                                          .mitigated = SLTIME_NONE,
                                          .resolved = SLTIME_NONE};
    for (int m = 0; m < MEASURE_COUNT; m++)
        incidents[0].times.seconds[m] = INCIDENT_NO_DURATION;
    incidents[0].times.seconds[MEASURE_TTD] = 300;
    result.rows = rows;
    result.nrows = 2;
    result.incidents = incidents;
    result.nincidents = 1;
    /* One commitment: the month breached with a capped credit, and the
     * month before, which the report month does not overlap. */
    terms = (struct sla_terms){.document = "acme-sla.md"};
    commitment = (struct eval_commitment){.entity = "provider:acme", .terms = &terms};
    result.params.commitments = &commitment;
    result.params.ncommitments = 1;
    contract[0] = (struct eval_contract_row){.entity = "provider:acme", .window = oct};
    contract[0].rules.target_percent = 99.9;
    contract[0].chronic_at = 0;
    contract[0].nalerts = 2;
    contract[0].attainment = (struct contract_attainment){
        .known = true,
        .target_percent = 99.9,
        .attainment_percent = 99.5,
        .met = false,
        .margin_seconds = -7966.8, /* to the ms, as contract_attain gives it */
        .credit = {.match = CREDIT_TIER, .credit_percent = 10, .capped = true, .amount = 1500},
        .claim_deadline = oct.end + 30 * 86400}; /* 30 days to claim */
    contract[1] = (struct eval_contract_row){
        .entity = "provider:acme", .service = "gpu", .window = window_month(2026, 9, NULL)};
    contract[1].rules.target_percent = NAN;
    result.contract = contract;
    result.ncontract = 2;
    /* linked as eval_run links them; September has no neutral row here */
    rows[0].contract = &contract[0];
    rows[0].target_percent = 99.9;
    rows[0].target_source = TARGET_COMMITMENT;
    contract[0].neutral = &rows[0];
    rows[1].target_percent = TARGET_DEFAULT_PERCENT;
    /* Two findings, the lesser first: the table puts the worst first. */
    findings[0] = (struct finding){.rule_id = "INC-001",
                                   .clause = "c1",
                                   .severity = FSEV_LOW,
                                   .entity = "provider:acme",
                                   .window_start = oct.start,
                                   .window_end = oct.end,
                                   .subject = "INC-1",
                                   .message = "late"};
    findings[1] = (struct finding){.rule_id = "AVL-001",
                                   .clause = "c2",
                                   .regime = "nis2",
                                   .severity = FSEV_HIGH,
                                   .entity = "provider:acme",
                                   .service = "gpu",
                                   .window_start = oct.start,
                                   .window_end = oct.end,
                                   .subject = "2026-10",
                                   .message = "=below, target",
                                   .nevidence = 3};
    audit = (struct audit_result){.findings = {.v = findings, .n = 2}};
    info = (struct report_info){.version = "t",
                                .command_line = "slaudit report",
                                .month = oct,
                                .sources = sources,
                                .nsources = 1,
                                .audits = &audit,
                                .naudits = 1};
}

static char *
write_stream(enum table_format format)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    struct sl_diag diag = {0};
    cr_assert_eq(report_tables_write(format, NULL, f, &result, &info, &diag), SL_OK, "%s",
                 diag.message);
    fclose(f);
    return buf;
}

TestSuite(tables, .init = setup);

Test(tables, csv_stream_quotes_and_blanks)
{
    char *out = write_stream(TABLE_CSV);
    static const char head[] = "# table: summary\nentity,month,services,availability,"
                               "availability_measured,monitoring_coverage,coverage_flag,target,";
    cr_assert(strncmp(out, head, strlen(head)) == 0, "%s", out);
    cr_assert(strstr(out, "\nprovider:acme,2026-10,1,0.99729,0.99729,,full,0.999,7200,"), "%s",
              out);
    cr_assert(strstr(out, "\nprovider:acme,gpu,2026-10,,,,full,0.999,0,"), "unknown is empty: %s",
              out);
    cr_assert(strstr(out, ",INC-1,sev1,,\"'=SUM(A1), \"\"quoted\"\"\nsecond line\",,"
                          "2026-10-01T00:00:00Z,2026-10-01T00:05:00Z,,,,300,,,,,false\n"),
              "%s", out);
    cr_assert(strstr(out, "# table: sources\nfile,sha256,parser,bytes,read,stored,rejected,"
                          "duplicates\n\"a,b \"\"q\"\".csv\",abc123,incident-csv,10,3,2,1,0\n\n"),
              "%s", out);
    cr_assert(strstr(out, "\n\n# table: availability\n"), "an empty line between tables");
    free(out);
}

Test(tables, csv_raw_keeps_formula_like_text)
{
    char *out = write_stream(TABLE_CSV_RAW);
    cr_assert(strstr(out, ",INC-1,sev1,,\"=SUM(A1), \"\"quoted\"\"\nsecond line\",,"), "%s", out);
    cr_assert(strstr(out, ",2026-10,\"=below, target\",c2,3,UTC\n"), "%s", out);
    cr_assert(strstr(out, ",false,-7966.8,tier,"), "numbers alike: %s", out);
    free(out);
}

Test(tables, sla_rows_of_the_month)
{
    char *out = write_stream(TABLE_CSV);
    cr_assert(strstr(out,
                     "# table: sla\nentity,service,window,document,target_percent,"
                     "availability_percent,met,margin_seconds,credit,credit_percent,"
                     "credit_capped,credit_amount,claim_deadline,chronic,burn_alerts,credit_owed\n"
                     "provider:acme,,2026-10,acme-sla.md,99.9,99.5,false,-7966.8,tier,10,"
                     "true,1500,2026-12-01T00:00:00Z,true,2,\n\n"),
              "the month's row only, the margin to the millisecond: %s", out);
    free(out);
}

Test(tables, findings_worst_first)
{
    char *out = write_stream(TABLE_CSV);
    cr_assert(strstr(out, "# table: findings\nseverity,rule,regime,entity,service,from,to,subject,"
                          "message,clause,evidence,zone\n"
                          "high,AVL-001,nis2,provider:acme,gpu,2026-10-01T00:00:00Z,"
                          "2026-11-01T00:00:00Z,2026-10,\"'=below, target\",c2,3,UTC\n"
                          "low,INC-001,,provider:acme,,2026-10-01T00:00:00Z,2026-11-01T00:00:00Z,"
                          "INC-1,late,c1,0,UTC\n\n"),
              "%s", out);
    free(out);
}

Test(tables, findings_empty_without_audits)
{
    info.audits = NULL;
    info.naudits = 0;
    char *out = write_stream(TABLE_JSON);
    cr_assert(strstr(out, ",\"findings\":[],\"sources\":[\n"), "%s", out);
    free(out);
}

Test(tables, json_stream_is_one_object)
{
    char *out = write_stream(TABLE_JSON);
    static const char head[] =
        "{\"summary\":[\n{\"entity\":\"provider:acme\",\"month\":\"2026-10\"";
    cr_assert(strncmp(out, head, strlen(head)) == 0, "%s", out);
    cr_assert(strstr(out, "\"availability\":null"), "unknown is null: %s", out);
    cr_assert(
        strstr(out, "\"mttr_mean_seconds\":90,\"mttr_median_seconds\":60,\"low_sample\":false"),
        "%s", out);
    cr_assert(strstr(out, "\"title\":\"=SUM(A1), \\\"quoted\\\"\\u000asecond line\""), "%s", out);
    cr_assert(strstr(out, "\"acknowledged\":null"), "%s", out);
    cr_assert(strstr(out, "],\"sources\":[\n{\"file\":\"a,b \\\"q\\\".csv\""), "%s", out);
    size_t n = strlen(out);
    cr_assert_str_eq(out + n - 3, "]}\n");
    free(out);
}

Test(tables, one_file_per_table_in_a_directory)
{
    char dir[] = "/tmp/slaudit-tables-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    struct sl_diag diag = {0};
    cr_assert_eq(report_tables_write(TABLE_JSON, dir, NULL, &result, &info, &diag), SL_OK, "%s",
                 diag.message);
    static const char *const names[] = {"summary", "availability", "incidents", "sla",
                                        "latency", "daily",        "findings",  "sources"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        char path[128], head[4] = {0};
        snprintf(path, sizeof path, "%s/%s.json", dir, names[k]);
        FILE *f = fopen(path, "r");
        cr_assert_not_null(f, "%s", path);
        cr_assert_eq(fread(head, 1, 2, f), 2);
        /* The fixture has no latency and no days: their arrays are empty. */
        bool empty = k == 4 || k == 5;
        cr_assert_str_eq(head, empty ? "[]" : "[\n", "an array per file: %s", names[k]);
        fclose(f);
        remove(path);
    }
    cr_assert_eq(rmdir(dir), 0, "nothing else left behind");
}

/* The Latency sheet's row: the service's percentiles and its objective; the
 * entity row, which pools no latency, has none. Without an objective, met
 * is empty. */
Test(tables, latency_per_service)
{
    rows[0].latency.samples = 9; /* never pooled: not a row of the table */
    rows[1].latency = (struct latency_result){.samples = 5,
                                              .p50_ms = 300,
                                              .p95_ms = 450,
                                              .p99_ms = 500.5,
                                              .max_ms = 510,
                                              .objective = {true, 80, 400},
                                              .under = 4,
                                              .share_under = 0.8,
                                              .met = LATENCY_MET};
    char *out = write_stream(TABLE_CSV);
    cr_assert(strstr(out, "# table: latency\nentity,service,month,samples,p50_ms,p95_ms,p99_ms,"
                          "max_ms,objective_percentile,objective_threshold_ms,share_under,met\n"
                          "provider:acme,gpu,2026-10,5,300,450,500.5,510,80,400,0.8,true\n\n"),
              "%s", out);
    free(out);
    rows[1].latency.objective.set = false;
    rows[1].latency.share_under = NAN;
    rows[1].latency.met = LATENCY_UNKNOWN;
    out = write_stream(TABLE_JSON);
    cr_assert(strstr(out, "\"max_ms\":510,\"objective_percentile\":null,"
                          "\"objective_threshold_ms\":null,\"share_under\":null,\"met\":null}"),
              "%s", out);
    free(out);
}

/* The Daily sheets' days: each local day's downtime and worst status, and
 * the budget left at its end: 99.9 % of 31 days allows 2678.4 s; 600 s down
 * on the 1st leaves 2078.4 s on both days. An unknown budget is empty. */
Test(tables, daily_per_service_and_day)
{
    struct window oct = rows[1].window;
    struct daily_day days[2] = {
        {.start = oct.start,
         .end = oct.start + 86400,
         .downtime_seconds = 600,
         .consumed_seconds = 600,
         .eligible_seconds = 86400,
         .worst = SVC_DOWN},
        {.start = oct.start + 86400,
         .end = oct.start + 2 * 86400,
         .consumed_seconds = 600,
         .eligible_seconds = 86400,
         .unknown_seconds = 60,
         .worst = SVC_UP},
    };
    rows[1].daily = (struct daily){days, 2};
    char *out = write_stream(TABLE_CSV);
    cr_assert(strstr(out, "# table: daily\nentity,service,date,downtime_seconds,unknown_seconds,"
                          "maintenance_seconds,worst_status,budget_left_seconds,"
                          "even_burn_left_seconds,budget_basis\n"
                          "provider:acme,gpu,2026-10-01,600,0,0,down,,,\n"
                          "provider:acme,gpu,2026-10-02,0,60,0,up,,,\n\n"),
              "unknown budget, empty: %s", out);
    free(out);
    rows[1].avail = (struct avail_result){.known = true,
                                          .availability = 1 - 600.0 / 2678400,
                                          .eligible_seconds = 2678400,
                                          .downtime_seconds = 600};
    out = write_stream(TABLE_CSV);
    cr_assert(strstr(out, "provider:acme,gpu,2026-10-01,600,0,0,down,2078.4,"), "%s", out);
    cr_assert(strstr(out, "provider:acme,gpu,2026-10-02,0,60,0,up,2078.4,"), "%s", out);
    cr_assert(strstr(out, ",neutral measure at the default target\n"), "%s", out);
    free(out);
    rows[1].daily = (struct daily){NULL, 0};
}

Test(tables, unwritable_directory_fails_cleanly)
{
    struct sl_diag diag = {0};
    cr_assert_eq(report_tables_write(TABLE_CSV, "/nonexistent/dir", NULL, &result, &info, &diag),
                 SL_ERR_REPORT);
    cr_assert(strstr(diag.message, "the folder /nonexistent does not exist"), "%s", diag.message);
}
