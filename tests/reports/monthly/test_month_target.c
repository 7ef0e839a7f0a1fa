/* test_month_target.c — one target per row on every sheet of the monthly
 * workbook: an entity judged against its profile's objective shows that
 * target on Summary, Availability, Compare and the error budget alike, and
 * an imported 99.9 % (read back as 99.90000000000001) is the default 99.9 %,
 * so the trend chart keeps its common target line. Read back from the zip. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/measure/eval.h"
#include "reports/monthly/report.h"
#include "tests/reports/xlsx_read.h"

static char dir[64], path[128];
static struct eval_row rows[6];
static struct eval_result result;
static struct report_info info;

static int
count_series(const char *chart)
{
    int n = 0;
    for (const char *s = chart; (s = strstr(s, "<c:ser>")); s++)
        n++;
    return n;
}

static void
add_row(char *entity, char *service, double a, double target, enum target_source source)
{
    struct window oct = window_month(2026, 10, NULL);
    struct eval_row *r = &rows[result.nrows++];
    memset(r, 0, sizeof *r);
    r->entity = entity;
    r->service = service;
    r->window = oct;
    r->avail.window_seconds = oct.end - oct.start;
    r->avail.eligible_seconds = r->avail.window_seconds;
    r->avail.known = true;
    r->avail.availability = a;
    r->avail.downtime_seconds = (1.0 - a) * (double)r->avail.eligible_seconds;
    r->mtbf_seconds = NAN;
    r->target_percent = target;
    r->target_source = source;
}

static void
write_book(void)
{
    snprintf(dir, sizeof dir, "/tmp/slaudit-monthtarget-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/t.xlsx", dir);
    result.rows = rows;
    result.params.zone = NULL;
    availability_default_params(&result.params.avail);
    info = (struct report_info){
        .version = "t", .command_line = "slaudit report", .month = window_month(2026, 10, NULL)};
    struct sl_diag diag = {0};
    cr_assert_eq(report_monthly_write(path, &result, &info, &diag), SL_OK, "%s", diag.message);
}

static void
setup(void)
{
    memset(&result, 0, sizeof result);
}

static void
teardown(void)
{
    unlink(path);
    rmdir(dir);
}

static double
number_at(const char *sheet, const char *ref)
{
    char *c = cell(sheet, ref);
    cr_assert_not_null(c, "no cell %s", ref);
    cr_assert(strstr(c, "<v>"), "%s has no number: %s", ref, c);
    double v = value(c);
    free(c);
    return v;
}

/* The row (1-based) whose column col holds text, or 0. */
static int
row_with(const char *sheet, char col, const char *text, int after)
{
    for (int r = after + 1; r < 200; r++) {
        char ref[16];
        snprintf(ref, sizeof ref, "%c%d", col, r);
        char *c = cell(sheet, ref);
        char *t = c && strstr(c, "t=\"inlineStr\"") ? cell_text(sheet, NULL, ref) : NULL;
        bool hit = t && !strcmp(t, text);
        free(t);
        free(c);
        if (hit)
            return r;
    }
    return 0;
}

TestSuite(month_target, .init = setup, .fini = teardown);

Test(month_target, the_profiles_objective_on_every_sheet)
{
    /* provider:core states a 99.5 % objective in its profile; team:x has
     * nothing, so 99.9 %. */
    add_row("provider:core", NULL, 0.9941, 99.5, TARGET_OBJECTIVE);
    add_row("provider:core", "fabric", 0.9917, 99.5, TARGET_OBJECTIVE);
    add_row("provider:core", "gpu", 0.9967, 99.5, TARGET_OBJECTIVE);
    add_row("team:x", NULL, 0.9990, TARGET_DEFAULT_PERCENT, TARGET_DEFAULT);
    add_row("team:x", "api", 0.9990, TARGET_DEFAULT_PERCENT, TARGET_DEFAULT);
    write_book();
    char ref[16];

    char *sheet = sheet_xml(path, "Summary");
    int r = row_with(sheet, 'A', "provider:core", 0);
    cr_assert_gt(r, 0);
    snprintf(ref, sizeof ref, "C%d", r);
    cr_assert_eq(number_at(sheet, ref), 0.995);
    snprintf(ref, sizeof ref, "C%d", row_with(sheet, 'A', "team:x", 0));
    cr_assert_eq(number_at(sheet, ref), 0.999);
    free(sheet);

    sheet = sheet_xml(path, "Availability");
    for (int k = 2; k <= 4; k++) { /* core: (all services), fabric, gpu */
        snprintf(ref, sizeof ref, "C%d", k);
        cr_assert_eq(number_at(sheet, ref), 0.995, "%s", ref);
    }
    cr_assert_eq(number_at(sheet, "C5"), 0.999);
    cr_assert(strstr(sheet, "<formula>0.995</formula>"), "amber below 99.5 %%: %s", sheet);
    free(sheet);

    sheet = sheet_xml(path, "Compare");
    r = row_with(sheet, 'A', "Target", 0);
    cr_assert_gt(r, 0);
    snprintf(ref, sizeof ref, "B%d", r); /* providers first */
    cr_assert_eq(number_at(sheet, ref), 0.995);
    snprintf(ref, sizeof ref, "C%d", r);
    cr_assert_eq(number_at(sheet, ref), 0.999);
    free(sheet);

    /* The error budget of each core service at 99.5 %: 0.5 % of October's
     * 2,678,400 s is 13,392 s, 223.2 min. */
    sheet = sheet_xml(path, "Chart data");
    int header = row_with(sheet, 'H', "Basis", 0);
    cr_assert_gt(header, 0);
    r = row_with(sheet, 'A', "fabric", header);
    cr_assert_gt(r, 0);
    snprintf(ref, sizeof ref, "B%d", r);
    cr_assert_float_eq(number_at(sheet, ref), 223.2, 1e-9);
    snprintf(ref, sizeof ref, "D%d", r);
    cr_assert_eq(number_at(sheet, ref), 0.995);
    snprintf(ref, sizeof ref, "H%d", r);
    char *t = cell_text(sheet, NULL, ref);
    cr_assert_str_eq(t, "neutral measure at the profile's objective");
    free(t);
    /* The services' targets differ: a line for each, named by its value,
     * beside fabric, gpu and api in B to D. */
    t = cell_text(sheet, NULL, "E3");
    cr_assert_str_eq(t, "Target 99.5 %");
    free(t);
    t = cell_text(sheet, NULL, "F3");
    cr_assert_str_eq(t, "Target 99.9 %");
    free(t);
    cr_assert_eq(number_at(sheet, "E4"), 0.995);
    cr_assert_eq(number_at(sheet, "F4"), 0.999);
    cr_assert_eq(row_with(sheet, 'E', "Target", 0), 0, "no common target");
    free(sheet);
    /* Each entity's chart draws the target its services are judged
     * against: core's fabric and gpu at 99.5 %, team's api at 99.9 %. */
    char *c1 = zip_part(path, "xl/charts/chart1.xml");
    cr_assert_eq(count_series(c1), 3, "two services and their target line: %s", c1);
    cr_assert(strstr(c1, "'Chart data'!$E$3"), "the 99.5 %% target's name: %s", c1);
    cr_assert_null(strstr(c1, "'Chart data'!$F$3"), "not the 99.9 %% line: %s", c1);
    free(c1);
    char *c3 = zip_part(path, "xl/charts/chart2.xml"); /* no incidents: no chart of them */
    cr_assert_eq(count_series(c3), 2, "api and its target line: %s", c3);
    cr_assert(strstr(c3, "'Chart data'!$F$3"), "the second target's name: %s", c3);
    free(c3);
}

Test(month_target, an_imported_target_is_the_default_one)
{
    /* 99.9 % imported with a trace of arithmetic (the next double above
     * 99.9) is the default 99.9 %: one common target, written 0.999, and its
     * line on the chart. */
    double imported = nextafter(99.9, 100.0);
    add_row("provider:nim", NULL, 0.9995, imported, TARGET_COMMITMENT);
    add_row("provider:nim", "api", 0.9995, imported, TARGET_COMMITMENT);
    add_row("team:x", NULL, 0.9985, TARGET_DEFAULT_PERCENT, TARGET_DEFAULT);
    add_row("team:x", "db", 0.9985, TARGET_DEFAULT_PERCENT, TARGET_DEFAULT);
    cr_assert_neq(rows[1].target_percent, rows[3].target_percent);
    write_book();
    char *sheet = sheet_xml(path, "Chart data");
    /* the trend: header on row 3, services in B and C, the target in D */
    char *t = cell_text(sheet, NULL, "D3");
    cr_assert_str_eq(t, "Target");
    free(t);
    cr_assert_eq(number_at(sheet, "D4"), 0.999);
    free(sheet);
    /* One chart per entity, each with the common target's line. */
    char *c1 = zip_part(path, "xl/charts/chart1.xml");
    cr_assert_eq(count_series(c1), 2, "api and the target line: %s", c1);
    cr_assert(strstr(c1, "'Chart data'!$D$3"), "%s", c1);
    free(c1);
    char *c3 = zip_part(path, "xl/charts/chart2.xml"); /* no incidents: no chart of them */
    cr_assert_eq(count_series(c3), 2, "db and the target line: %s", c3);
    cr_assert(strstr(c3, "'Chart data'!$D$3"), "%s", c3);
    free(c3);
    sheet = sheet_xml(path, "Summary");
    cr_assert_eq(number_at(sheet, "C4"), 0.999, "written as the document wrote it");
    free(sheet);
}
