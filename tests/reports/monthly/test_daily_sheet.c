/* test_daily_sheet.c — the Daily sheet of the monthly workbook and the Daily
 * data behind it (reports/monthly/sheet_daily.c), read back from the zip:
 * the status strip's cells, their numbers and fill colours; the burn-down
 * chart per service, its series, its unit and the measure its title names;
 * the budget left by day, worked out by hand. */
#include <criterion/criterion.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/measure/eval.h"
#include "reports/monthly/report.h"
#include "tests/reports/xlsx_read.h"

#define DAY 86400

static char dir[64], path[128];
static struct eval_row rows[2];
static struct daily_day days[31];
static struct eval_result result;
static struct report_info info;

/* October 2026 in UTC for provider:acme / gpu-a: up, but down 10 minutes
 * on the 2nd, partial 2 h on the 3rd (36 min of downtime), eligible
 * maintenance 2 h on the 10th and nothing known of the 20th. Downtime
 * 600 + 2160 = 2760 s. */
static void
build_spent(double target, bool spent)
{
    struct window oct = window_month(2026, 10, NULL);
    memset(rows, 0, sizeof rows);
    memset(&result, 0, sizeof result);
    memset(&info, 0, sizeof info);
    double consumed = 0;
    for (int d = 0; d < 31; d++) {
        struct daily_day *x = &days[d];
        *x = (struct daily_day){.start = oct.start + d * DAY,
                                .end = oct.start + (d + 1) * DAY,
                                .eligible_seconds = DAY,
                                .worst = SVC_UP};
        if (d == 1 && spent) {
            x->downtime_seconds = 600;
            x->worst = SVC_DOWN;
        } else if (d == 2 && spent) {
            x->downtime_seconds = 2160;
            x->worst = SVC_PARTIAL;
        } else if (d == 9) {
            x->maintenance_seconds = 7200;
            x->eligible_seconds = DAY - 7200;
            x->worst = SVC_MAINTENANCE;
        } else if (d == 19) {
            x->unknown_seconds = DAY;
            x->eligible_seconds = 0;
            x->worst = SVC_UNKNOWN;
        }
        consumed += x->downtime_seconds;
        x->consumed_seconds = consumed;
    }
    for (int i = 0; i < 2; i++) {
        struct eval_row *r = &rows[i];
        r->entity = "provider:acme";
        r->service = i ? "gpu-a" : NULL;
        r->window = oct;
        r->avail.window_seconds = oct.end - oct.start;
        r->avail.maintenance_seconds = 7200;
        r->avail.unknown_seconds = DAY;
        r->avail.eligible_seconds = r->avail.window_seconds - 7200 - DAY;
        r->avail.downtime_seconds = spent ? 2760 : 0;
        r->avail.known = true;
        r->avail.availability = 1.0 - r->avail.downtime_seconds / (double)r->avail.eligible_seconds;
        r->mtbf_seconds = NAN;
        r->target_percent = target;
        r->target_source = TARGET_DEFAULT;
    }
    rows[1].daily = (struct daily){days, 31};
    availability_default_params(&result.params.avail);
    result.rows = rows;
    result.nrows = 2;
    info.month = oct;
    info.version = "test";
    snprintf(path, sizeof path, "%s/d.xlsx", dir);
    struct sl_diag diag = {0};
    cr_assert_eq(report_monthly_write(path, &result, &info, &diag), SL_OK, "%s", diag.message);
}

static void
build(double target)
{
    build_spent(target, true);
}

static void
setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/slaudit-daily-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
}

static void
teardown(void)
{
    unlink(path);
    rmdir(dir);
}

TestSuite(daily_sheet, .init = setup, .fini = teardown);

/* The chart part whose title holds text, or NULL. */
static char *
chart_titled(const char *text)
{
    char *types = zip_part(path, "[[]Content_Types].xml") /* unzip reads [ as a pattern */;
    int n = 0;
    for (const char *t = types; (t = strstr(t, "/xl/charts/chart")); t++)
        n++;
    free(types);
    for (int k = 1; k <= n; k++) {
        char part[32];
        snprintf(part, sizeof part, "xl/charts/chart%d.xml", k);
        char *c = zip_part(path, part);
        if (strstr(c, text))
            return c;
        free(c);
    }
    return NULL;
}

static void
assert_fill(const char *sheet, const char *styles, const char *ref, const char *want)
{
    char fmt[32], fill[9];
    char *c = cell(sheet, ref);
    cr_assert_not_null(c, "no cell %s", ref);
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fill, want, "fill of %s", ref);
    free(c);
}

Test(daily_sheet, after_charts_and_its_data_last)
{
    build(99.9);
    char *wb = zip_part(path, "xl/workbook.xml");
    const char *charts = strstr(wb, "<sheet name=\"Charts\"");
    const char *daily = strstr(wb, "<sheet name=\"Daily\"");
    const char *avail = strstr(wb, "<sheet name=\"Availability\"");
    const char *data = strstr(wb, "<sheet name=\"Daily data\"");
    cr_assert(charts && daily && avail && data, "%s", wb);
    cr_assert(charts < daily && daily < avail, "%s", wb);
    cr_assert_null(strstr(data + 1, "<sheet "), "Daily data is the last sheet: %s", wb);
    free(wb);
}

Test(daily_sheet, one_cell_a_day_coloured_by_its_worst_status)
{
    build(99.9);
    char *sheet = sheet_xml(path, "Daily");
    char *styles = zip_part(path, "xl/styles.xml");
    char *t = cell_text(sheet, NULL, "B5");
    cr_assert_str_eq(t, "gpu-a");
    free(t);
    t = cell_text(sheet, NULL, "C4");
    cr_assert_str_eq(t, "1", "day numbers head the columns");
    free(t);
    t = cell_text(sheet, NULL, "AG4");
    cr_assert_str_eq(t, "31");
    free(t);
    /* Day 1 up, no number; day 2 down 10 min; day 3 partial, 36 min. */
    assert_fill(sheet, styles, "C5", "FF8CCF7E");
    char *c = cell(sheet, "C5");
    cr_assert_null(strstr(c, "<v>"), "no downtime, no number: %s", c);
    free(c);
    assert_fill(sheet, styles, "D5", "FFE84A4A");
    c = cell(sheet, "D5");
    cr_assert_float_eq(value(c), 10.0, 1e-12);
    free(c);
    assert_fill(sheet, styles, "E5", "FFF4A460");
    c = cell(sheet, "E5");
    cr_assert_float_eq(value(c), 36.0, 1e-12);
    free(c);
    /* Day 10 maintenance in blue; day 20 unknown, grey with "?". */
    assert_fill(sheet, styles, "L5", "FF9DC3E6");
    assert_fill(sheet, styles, "V5", "FFD9D9D9");
    t = cell_text(sheet, NULL, "V5");
    cr_assert_str_eq(t, "?");
    free(t);
    assert_fill(sheet, styles, "W5", "FF8CCF7E");
    cr_assert_null(cell(sheet, "AH5"), "31 days, no more");
    free(sheet);
    free(styles);
}

Test(daily_sheet, a_burn_down_per_service_naming_its_measure)
{
    build(99.9);
    char *c = chart_titled("Budget left: provider:acme / gpu-a");
    cr_assert_not_null(c, "no burn-down chart");
    cr_assert(strstr(c, "neutral measure, 99.9 % default"), "the measure in the title: %s", c);
    cr_assert(strstr(c, "<a:t>Minutes</a:t>"), "%s", c);
    cr_assert(strstr(c, "<a:t>Day of the month</a:t>"), "%s", c);
    cr_assert(strstr(c, "<c:f>'Daily data'!$B$4</c:f>"), "the budget left's name: %s", c);
    cr_assert(strstr(c, "<c:f>'Daily data'!$B$5:$B$35</c:f>"), "31 days: %s", c);
    cr_assert(strstr(c, "<c:f>'Daily data'!$C$5:$C$35</c:f>"), "the even burn: %s", c);
    cr_assert(strstr(c, "<c:f>'Daily data'!$A$5:$A$35</c:f>"), "days as categories: %s", c);
    cr_assert(strstr(c, "<a:prstDash val=\"dash\"/>"), "the even burn dashed: %s", c);
    free(c);

    /* 99.9 % of October less the 2 h maintenance: 0.001 × 2671200 s =
     * 44.52 min; after the 2nd 34.52, after the 3rd −1.48, overspent. */
    char *sheet = sheet_xml(path, "Daily data");
    char *t = cell_text(sheet, NULL, "B4");
    cr_assert_str_eq(t, "Left (min)");
    free(t);
    t = cell_text(sheet, NULL, "B3");
    cr_assert_str_eq(t, "provider:acme / gpu-a");
    free(t);
    static const struct {
        const char *ref;
        double v;
    } want[] = {{"A5", 1},     {"A35", 31},    {"B5", 44.52},           {"B6", 34.52},
                {"B7", -1.48}, {"B35", -1.48}, {"C5", 44.52 * 30 / 31}, {"C35", 0.0}};
    for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
        char *x = cell(sheet, want[k].ref);
        cr_assert_not_null(x, "%s", want[k].ref);
        cr_assert_float_eq(value(x), want[k].v, 1e-9, "%s", want[k].ref);
        free(x);
    }
    free(sheet);
}

Test(daily_sheet, a_large_budget_burns_down_in_hours)
{
    /* 99 % allows 0.01 × 2671200 s = 445.2 min, more than 300: in hours,
     * 7.42 h at the end of the 1st. */
    build(99.0);
    char *c = chart_titled("Budget left");
    cr_assert_not_null(c);
    cr_assert(strstr(c, "<a:t>Hours</a:t>"), "%s", c);
    free(c);
    char *sheet = sheet_xml(path, "Daily data");
    char *t = cell_text(sheet, NULL, "B4");
    cr_assert_str_eq(t, "Left (h)");
    free(t);
    char *x = cell(sheet, "B5");
    cr_assert_float_eq(value(x), 7.42, 1e-9);
    free(x);
    free(sheet);
}

Test(daily_sheet, none_without_days)
{
    build(99.9);
    rows[1].daily = (struct daily){NULL, 0};
    struct sl_diag diag = {0};
    cr_assert_eq(report_monthly_write(path, &result, &info, &diag), SL_OK, "%s", diag.message);
    char *wb = zip_part(path, "xl/workbook.xml");
    cr_assert_null(strstr(wb, "\"Daily"), "%s", wb);
    free(wb);
}

Test(daily_sheet, an_untouched_budget_is_named_not_drawn)
{
    /* No downtime all month: no flat burn-down, a line saying so, and no
     * Daily data; the strip is still drawn. */
    build_spent(99.9, false);
    cr_assert_null(chart_titled("Budget left"));
    char *sheet = sheet_xml(path, "Daily");
    cr_assert(strstr(sheet, "Full error budget left all month, no downtime: gpu-a (provider:acme)"),
              "%s", sheet);
    cr_assert(strstr(sheet, "No service spent error budget this month"), "%s", sheet);
    free(sheet);
    char *wb = zip_part(path, "xl/workbook.xml");
    cr_assert(strstr(wb, "\"Daily\""), "%s", wb);
    cr_assert_null(strstr(wb, "\"Daily data\""), "%s", wb);
    free(wb);
}
