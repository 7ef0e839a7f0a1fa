/* test_month_colours.c — red, amber, green and grey, and the trend at a
 * glance, on cases worked out by hand and read back from the zip: the
 * Summary's fills, the Availability sheet's conditional formats as a
 * spreadsheet applies them, the change from the month before, the year to
 * date, the amber setting on the Definitions sheet, and the print titles.
 *
 * October 2026 is 2,678,400 s, September 2,592,000 s. At the default 99.9 %
 * target the error budget is 0.1 % of the month: 2,678.4 s in October. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/measure/availability.h"
#include "engine/measure/eval.h"
#include "reports/monthly/report.h"
#include "tests/reports/xlsx_read.h"

#define GREEN "FFC6EFCE"
#define AMBER "FFFFEB9C"
#define RED "FFFFC7CE"
#define GREY "FFD9D9D9"

static char dir[64], path[128];
static struct eval_row rows[12];
static struct eval_result result;
static struct report_info info;

/* An entity row over month w: availability a over the known share of the
 * month (1 − unknown), incidents with a mean TTR in seconds (n = 0: none
 * resolved). */
static struct eval_row *
add_row(char *entity, struct window w, double a, double unknown, long incidents, long resolved,
        double ttr_mean)
{
    struct eval_row *r = &rows[result.nrows++];
    memset(r, 0, sizeof *r);
    r->entity = entity;
    r->window = w;
    r->avail.window_seconds = w.end - w.start;
    r->avail.unknown_seconds = (int64_t)(unknown * (double)r->avail.window_seconds);
    r->avail.eligible_seconds = r->avail.window_seconds - r->avail.unknown_seconds;
    r->avail.known = true;
    r->avail.availability = a;
    r->avail.downtime_seconds = (1.0 - a) * (double)r->avail.eligible_seconds;
    r->coverage = availability_coverage(&r->avail) < 0.5    ? AVAIL_COVERAGE_INSUFFICIENT
                  : availability_coverage(&r->avail) < 0.95 ? AVAIL_COVERAGE_PARTIAL
                                                            : AVAIL_COVERAGE_FULL;
    r->mtbf_seconds = NAN;
    r->target_percent = TARGET_DEFAULT_PERCENT;
    r->target_source = TARGET_DEFAULT;
    r->incidents.total = incidents;
    r->incidents.measure[MEASURE_TTR].n = resolved;
    r->incidents.measure[MEASURE_TTR].mean = ttr_mean;
    r->incidents.measure[MEASURE_TTR].median = ttr_mean;
    return r;
}

static void
setup(void)
{
    struct window dec = window_month(2025, 12, NULL), sep = window_month(2026, 9, NULL),
                  oct = window_month(2026, 10, NULL);
    memset(&result, 0, sizeof result);
    result.rows = rows;
    availability_default_params(&result.params.avail);
    /* Sorted as eval_run sorts them: entity, then window. */
    add_row("team:amber", oct, 0.9985, 0, 0, 0, 0);  /* 1.5 budgets short: amber */
    add_row("team:dark", sep, 0.9999, 0, 0, 0, 0);   /* full coverage */
    add_row("team:dark", oct, 0.99, 0.6, 0, 0, 0);   /* 40 % monitored: grey */
    add_row("team:met", dec, 0.5, 0, 0, 0, 0);       /* the year before: not year to date */
    add_row("team:met", sep, 0.999, 0, 5, 5, 3000);  /* at the target: green */
    add_row("team:met", oct, 0.9995, 0, 3, 3, 1800); /* above it: green */
    add_row("team:red", sep, 0.99, 0.9, 1, 0, 0);    /* 10 % monitored: no figure */
    add_row("team:red", oct, 0.994, 0, 4, 4, 7200);  /* 6 budgets short: red */
    info = (struct report_info){.version = "t",
                                .command_line = "slaudit report --month 2026-10",
                                .month = window_month(2026, 10, NULL)};
    snprintf(dir, sizeof dir, "/tmp/slaudit-colours-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/c.xlsx", dir);
}

static void
teardown(void)
{
    unlink(path);
    rmdir(dir);
}

static void
write_book(void)
{
    struct sl_diag diag = {0};
    cr_assert_eq(report_monthly_write(path, &result, &info, &diag), SL_OK, "%s", diag.message);
}

static void
assert_fill(const char *sheet, const char *styles, const char *ref, const char *want)
{
    char fmt[128], fill[9];
    char *c = cell(sheet, ref);
    cr_assert_not_null(c, "no cell %s", ref);
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fill, want, "%s: %s", ref, c);
    free(c);
}

static void
assert_conditional(const char *sheet, const char *styles, const char *ref, const char *want)
{
    char fill[9];
    conditional_fill(sheet, styles, ref, fill);
    cr_assert_str_eq(fill, want, "%s", ref);
}

static void
assert_text(const char *sheet, const char *ref, const char *want)
{
    char *t = cell_text(sheet, NULL, ref);
    cr_assert_str_eq(t, want, "%s", ref);
    free(t);
}

static double
number_at(const char *sheet, const char *ref)
{
    char *c = cell(sheet, ref);
    cr_assert_not_null(c, "no cell %s", ref);
    cr_assert(strstr(c, "<v>") && !strstr(c, "t=\""), "%s is not a number: %s", ref, c);
    double v = value(c);
    free(c);
    return v;
}

TestSuite(month_colours, .init = setup, .fini = teardown);

/* Summary rows 4-7: team:amber, team:dark, team:met, team:red. */
Test(month_colours, summary_met_green_amber_red_grey)
{
    write_book();
    char *sheet = sheet_xml(path, "Summary");
    char *styles = zip_part(path, "xl/styles.xml");
    assert_fill(sheet, styles, "B4", AMBER); /* 99.85 %: 1 − A = 0.15 % = 1.5 budgets */
    assert_text(sheet, "B5", "insufficient coverage");
    assert_fill(sheet, styles, "B5", GREY);  /* 40 % monitored, below 50 % */
    assert_fill(sheet, styles, "B6", GREEN); /* 99.95 % ≥ 99.9 % */
    assert_fill(sheet, styles, "B7", RED);   /* 99.4 %: 0.6 % = 6 budgets */
    /* Met and RAG in words beside it, in the same colours; no figure, no
     * verdict. */
    assert_text(sheet, "D4", "no");
    assert_text(sheet, "E4", "amber");
    assert_fill(sheet, styles, "E4", AMBER);
    cr_assert_null(cell(sheet, "D5"));
    cr_assert_null(cell(sheet, "E5"));
    assert_text(sheet, "D6", "yes");
    assert_text(sheet, "E6", "green");
    assert_fill(sheet, styles, "E6", GREEN);
    assert_text(sheet, "D7", "no");
    assert_text(sheet, "E7", "red");
    assert_fill(sheet, styles, "E7", RED);
    free(styles);
    free(sheet);
}

/* The Availability sheet: months 2025-12, 2026-09, 2026-10 in D, E, F;
 * rows team:amber, team:dark, team:met, team:red. Its rules are evaluated
 * as a spreadsheet applies them. */
Test(month_colours, availability_sheet_shows_green)
{
    write_book();
    char *sheet = sheet_xml(path, "Availability");
    char *styles = zip_part(path, "xl/styles.xml");
    assert_conditional(sheet, styles, "F2", AMBER); /* 1.5 budgets */
    assert_conditional(sheet, styles, "E4", GREEN); /* 99.9 % exactly: the target is met */
    assert_conditional(sheet, styles, "F4", GREEN);
    assert_conditional(sheet, styles, "D4", RED);    /* 50 % */
    assert_conditional(sheet, styles, "F5", RED);    /* 6 budgets */
    assert_conditional(sheet, styles, "E5", "none"); /* insufficient coverage is text... */
    assert_text(sheet, "E5", "insufficient coverage");
    assert_fill(sheet, styles, "E5", GREY); /* ...in a grey cell */
    assert_fill(sheet, styles, "F3", GREY);
    assert_conditional(sheet, styles, "D2", "none"); /* "no data" is never coloured */
    assert_text(sheet, "D2", "no data");
    /* The red floor is two budgets below 99.9 %. */
    cr_assert(strstr(sheet, "<formula>0.998</formula>"), "%s", sheet);
    free(styles);
    free(sheet);
}

Test(month_colours, amber_setting_moves_the_red_floor)
{
    info.amber_budgets = 10; /* 6 budgets short is now amber */
    write_book();
    char *sheet = sheet_xml(path, "Summary");
    char *styles = zip_part(path, "xl/styles.xml");
    assert_fill(sheet, styles, "B7", AMBER);
    assert_fill(sheet, styles, "B6", GREEN);
    free(sheet);
    sheet = sheet_xml(path, "Availability");
    assert_conditional(sheet, styles, "F5", AMBER);
    assert_conditional(sheet, styles, "D4", RED); /* 50 % is still far beyond 99.0 % */
    free(sheet);
    sheet = sheet_xml(path, "Definitions");
    cr_assert(strstr(sheet, "<t>Amber up to (error budgets)</t>"));
    cr_assert(strstr(sheet, "<v>10</v>"), "the setting as a number: %s", sheet);
    cr_assert(strstr(sheet, "amber ≤ 10 budgets"));
    free(sheet);
    free(styles);
}

Test(month_colours, the_default_setting_on_the_definitions_sheet)
{
    write_book();
    char *sheet = sheet_xml(path, "Definitions");
    cr_assert(strstr(sheet, "<t>Red / amber / green / grey</t>"));
    cr_assert(strstr(sheet, "<t>green / amber ≤ 2 budgets / red / grey</t>"), "%s", sheet);
    cr_assert(strstr(sheet, "(99.8 % to 99.9 % for a 99.9 % target)"));
    cr_assert(strstr(sheet, "<t>Amber up to (error budgets)</t></is></c><c r=\"B"));
    cr_assert(strstr(sheet, "<t>Change vs the month before</t>"));
    cr_assert(strstr(sheet, "<t>Availability year to date</t>"));
    /* The formulas and the command line wrap in their column: never cut by
     * the Definition beside them. */
    char *styles = zip_part(path, "xl/styles.xml");
    const char *formula = strstr(sheet, "<t>A = 1 − Σ w·|interval ∩ W′| / |W′|</t>");
    cr_assert_not_null(formula, "%s", sheet);
    const char *c = formula;
    while (c > sheet && strncmp(c, "<c ", 3) != 0)
        c--;
    const char *xf = nth(styles, "<cellXfs", "<xf ", attr(c, "s"));
    cr_assert(strncmp(xf, "<xf ", 4) == 0 && strstr(xf, "wrapText=\"1\"") &&
                  strstr(xf, "wrapText=\"1\"") < strstr(xf, "</xf>"),
              "%.200s", xf);
    free(styles);
    free(sheet);
}

Test(month_colours, change_from_the_month_before)
{
    write_book();
    char *sheet = sheet_xml(path, "Summary");
    char *detail = sheet_xml(path, "Summary detail");
    char *styles = zip_part(path, "xl/styles.xml");
    assert_text(sheet, "F3", "Change vs 2026-09 (points)");
    assert_text(detail, "H3", "Incidents change vs 2026-09");
    assert_text(detail, "T3", "MTTR change vs 2026-09 (min)");
    /* team:met: 99.95 % after 99.9 %: +0.05 points; 3 incidents after 5: -2;
     * MTTR 30 min after 50 min: -20 min. */
    cr_assert_float_eq(number_at(sheet, "F6"), 0.05, 1e-9);
    cr_assert_float_eq(number_at(detail, "H6"), -2, 0);
    cr_assert_float_eq(number_at(detail, "T6"), -20, 1e-9);
    char fmt[128], fill[9];
    char *c = cell(sheet, "F6");
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fmt, "&quot;▲ +&quot;0.000;&quot;▼ -&quot;0.000;&quot;= &quot;0.000");
    free(c);
    c = cell(detail, "H6");
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fmt, "&quot;▲ +&quot;0;&quot;▼ -&quot;0;&quot;= &quot;0");
    free(c);
    /* team:red: September had no figure (10 % monitored) and no resolved
     * incident: the availability and MTTR changes are blank, never 0; 4
     * incidents after 1: +3. */
    cr_assert_null(cell(sheet, "F7"));
    cr_assert_null(cell(detail, "T7"));
    cr_assert_float_eq(number_at(detail, "H7"), 3, 0);
    /* team:dark has no October figure; team:amber no September at all. */
    cr_assert_null(cell(sheet, "F5"));
    cr_assert_null(cell(sheet, "F4"));
    cr_assert_null(cell(detail, "H4"));
    free(styles);
    free(detail);
    free(sheet);
}

Test(month_colours, year_to_date)
{
    write_book();
    char *sheet = sheet_xml(path, "Summary detail");
    assert_text(sheet, "C3", "Availability year to date");
    assert_text(sheet, "A2",
                "Changes are against 2026-09, blank where either month has no figure; year to "
                "date pools 2026-09 to 2026-10 (Σ downtime ÷ Σ measured time)");
    /* team:met, September and October (December 2025 is another year):
     * downtime 2,592 + 1,339.2 = 3,931.2 s over 2,592,000 + 2,678,400 s. */
    cr_assert_float_eq(number_at(sheet, "C6"), 1.0 - 3931.2 / 5270400.0, 1e-12);
    /* team:dark pools 40 % of October with all of September: 69.5 %
     * monitored, enough for a figure: downtime 259.2 + 10,713.6 s over
     * 2,592,000 + 1,071,360 s. */
    cr_assert_float_eq(number_at(sheet, "C5"), 1.0 - 10972.8 / 3663360.0, 1e-12);
    /* team:red: 10 % of September and all of October are 55 % monitored. */
    cr_assert_float_eq(number_at(sheet, "C7"), 1.0 - (0.01 * 259200 + 0.006 * 2678400) / 2937600,
                       1e-12);
    /* team:amber's months begin later than the others': the Note says so. */
    cr_assert_float_eq(number_at(sheet, "C4"), 0.9985, 1e-12);
    char *t = cell_text(sheet, NULL, "W4");
    cr_assert(strstr(t, "year to date from 2026-10"), "%s", t);
    free(t);
    char *c = cell(sheet, "W6"); /* team:met's months are the others' */
    cr_assert(!c || !strstr(c, "year to date"), "%s", c);
    free(c);
    free(sheet);
}

Test(month_colours, row_labels_on_every_printed_page)
{
    write_book();
    char *wb = zip_part(path, "xl/workbook.xml");
    cr_assert(strstr(wb, "<definedName name=\"_xlnm.Print_Titles\" localSheetId=\"3\">"
                         "Availability!$A:$C,Availability!$1:$1</definedName>"),
              "%s", wb);
    cr_assert(strstr(wb, "<definedName name=\"_xlnm.Print_Titles\" localSheetId=\"0\">"
                         "Summary!$A:$A,Summary!$3:$3</definedName>"),
              "%s", wb);
    cr_assert(strstr(wb, "<definedName name=\"_xlnm.Print_Titles\" localSheetId=\"1\">"
                         "'Summary detail'!$A:$A,'Summary detail'!$3:$3</definedName>"),
              "%s", wb);
    free(wb);
    char *sheet = sheet_xml(path, "Availability");
    cr_assert(strstr(sheet, "orientation=\"landscape\""), "%s", sheet);
    cr_assert(strstr(sheet, "<pageSetUpPr fitToPage=\"1\"/>"), "one page across: %s", sheet);
    free(sheet);
}
