/* test_report_month.c — `slaudit report` run whole (reports/monthly/
 * report_month.c): the period evaluated (up to twelve months, none before
 * the data), the tables on a stream with the sources and the month's
 * audits, the workbook named in a directory, and a directory that cannot be
 * made. */
#include <criterion/criterion.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/time/sltime.h"
#include "reports/monthly/report_month.h"
#include "tests/engine/fixture.h"

#define AUG1 INT64_C(1785542400) /* 2026-08-01T00:00:00Z */
#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */
#define DAY 86400

static struct fixture fx;
static struct eval_params params;
static struct report_month_request req;

/* Uptime data from August to October, and one sev1 incident in October. */
static void
setup(void)
{
    bool already, updated;
    struct sl_diag d = {0};
    struct source_counts counts = {2, 2, 0, 0};
    fixture_open(&fx);
    cr_assert_eq(store_source_begin(fx.st, "ops.csv", "abc", "test", 10, &already, &d), SL_OK);
    struct interval iv = {
        .entity = "team:ops", .service = "api", .start = AUG1, .end = NOV1, .status = SVC_UP};
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
    struct incident inc = {.key = "I-1",
                           .entity = "team:ops",
                           .service = "api",
                           .severity = "sev1",
                           .title = "down",
                           .started = OCT1 + DAY,
                           .detected = OCT1 + DAY,
                           .acknowledged = OCT1 + DAY + 300,
                           .mitigated = SLTIME_NONE,
                           .resolved = OCT1 + DAY + 3600};
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK, "%s", d.message);
    eval_default_params(&params);
    req = (struct report_month_request){.month = window_month(2026, 10, NULL),
                                        .params = &params,
                                        .version = "test",
                                        .command_line = "slaudit report"};
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(report_month, .init = setup, .fini = teardown);

Test(report_month, tables_on_a_stream_from_the_first_month_of_data)
{
    char *text = NULL;
    size_t len = 0;
    FILE *stream = open_memstream(&text, &len);
    cr_assert_not_null(stream);
    req.tables = true;
    req.table_format = TABLE_JSON;
    req.stream = stream;
    struct report_month_result res;
    struct sl_diag d = {0};
    cr_assert_eq(report_month_run(fx.st, &req, &res, &d), SL_OK, "%s", d.message);
    cr_assert_eq(fclose(stream), 0);
    cr_assert(res.have_eval);
    /* August to October: the entity row and the service row of each. */
    cr_assert_eq(res.eval.nrows, 6);
    cr_assert_eq(res.eval.rows[0].window.start, AUG1);
    cr_assert_eq(res.eval.rows[2].window.start, OCT1);
    cr_assert_eq(res.eval.nincidents, 1,
                 "the tables take the month's incidents from the evaluation");
    cr_assert(strstr(text, "\"ops.csv\""), "the sources table: %s", text);
    cr_assert(strstr(text, "\"I-1\""), "the incidents table");
    cr_assert(strstr(text, "\"findings\""), "the findings table: %s", text);
    cr_assert_not(res.decision.measured, "no profile, no decision");
    report_month_release(&res);
    free(text);
}

Test(report_month, the_workbook_in_a_directory_is_named_for_the_month)
{
    char out[600], want[700];
    snprintf(out, sizeof out, "%s/books/", fx.dir);
    snprintf(want, sizeof want, "%sops-report-2026-10.xlsx", out);
    req.output = out;
    struct report_month_result res;
    struct sl_diag d = {0};
    cr_assert_eq(report_month_run(fx.st, &req, &res, &d), SL_OK, "%s", d.message);
    cr_assert_str_eq(res.path, want);
    cr_assert_eq(access(want, R_OK), 0, "the workbook is written");
    cr_assert_eq(res.eval.nincidents, 0, "the workbook streams its incidents from the store");
    cr_assert_eq(res.eval.nlisted, 1);
    report_month_release(&res);
    unlink(want);
    rmdir(out);
}

Test(report_month, a_directory_that_cannot_be_made)
{
    char out[600];
    snprintf(out, sizeof out, "%s/missing/tables", fx.dir);
    req.tables = true;
    req.table_format = TABLE_CSV;
    req.output = out;
    struct report_month_result res;
    struct sl_diag d = {0};
    /* The tables are written into a folder beside DIR and renamed onto it
     * whole (reports/text/tables.c), so a missing parent is found when the
     * set is written: nothing is created and the parent is named. */
    cr_assert_eq(report_month_run(fx.st, &req, &res, &d), SL_ERR_REPORT);
    cr_assert(strstr(d.message, "missing does not exist"), "%s", d.message);
    struct stat sb;
    cr_assert_neq(stat(out, &sb), 0, "nothing is created");
    report_month_release(&res);
}
