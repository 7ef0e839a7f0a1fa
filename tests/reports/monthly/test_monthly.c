/* test_monthly.c — the monthly workbook, read back from the zip: sheet order,
 * hostile text kept as text, values and styles, determinism, failure modes. */
#include <criterion/criterion.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/measure/availability.h"
#include "engine/measure/eval.h"
#include "engine/time/sltime.h"
#include "reports/monthly/report.h"
#include "reports/xlsx/xlsx.h"
#include "reports/xlsx/xltext.h"
#include "tests/reports/xlsx_read.h"

#define ZONE "Europe/Berlin"
#define T_0510_1200Z 1791201600 /* 2026-10-05T12:00:00Z, 14:00 in Berlin */

static char dir[64];
static char long_title[40001];
static struct eval_row rows[16];
static struct eval_incident incidents[8];
static struct eval_result result;
static struct report_info info;

/* ---- the evaluation, by hand ---- */

static void
add_row(char *entity, char *service, const struct window *w, int known, double a, long total)
{
    struct eval_row *r = &rows[result.nrows++];
    r->entity = entity;
    r->service = service;
    r->window = *w;
    r->target_percent = TARGET_DEFAULT_PERCENT; /* as eval_run chooses it: nothing applies */
    r->target_source = TARGET_DEFAULT;
    r->avail.window_seconds = w->end - w->start;
    r->avail.known = known;
    r->avail.availability = known ? a : 0.0;
    r->avail.eligible_seconds = known ? r->avail.window_seconds - 3600 : 0;
    r->avail.unknown_seconds = known ? 1800 : r->avail.window_seconds;
    r->avail.maintenance_seconds = known ? 1800 : 0;
    r->avail.downtime_seconds = known ? (1.0 - a) * (double)r->avail.eligible_seconds : 0.0;
    r->incidents.total = total;
    r->incidents.by_severity[1] = total;
    for (int m = 0; m < MEASURE_COUNT; m++) {
        r->incidents.measure[m].n = total;
        r->incidents.measure[m].mean = 600.0;
        r->incidents.measure[m].median = 300.0;
        r->incidents.measure[m].low_sample = total < 10;
    }
}

static void
add_incident(char *entity, char *service, char *key, char *sev, char *title, int open, int merged)
{
    struct eval_incident *inc = &incidents[result.nincidents++];
    inc->entity = entity;
    inc->service = service;
    inc->key = key;
    inc->severity = sev;
    inc->severity_label = "P-label";
    inc->title = title;
    inc->state = merged ? "merged" : open ? "open" : "resolved";
    inc->postmortem = open ? NULL : "https://wiki/pm";
    inc->started = T_0510_1200Z;
    inc->detected = inc->started + 300;
    inc->acknowledged = inc->detected + 120;
    inc->mitigated = inc->started + 1800;
    inc->resolved = open ? SLTIME_NONE : inc->started + 3600;
    inc->times.start = inc->started;
    inc->times.seconds[MEASURE_TTD] = 300;
    inc->times.seconds[MEASURE_TTA] = 120;
    inc->times.seconds[MEASURE_TTM] = 1800;
    inc->times.seconds[MEASURE_TTR] = open ? INCIDENT_NO_DURATION : 3600;
    inc->merged = merged;
}

static void
build_result(void)
{
    struct window sep = window_month(2026, 9, ZONE), oct = window_month(2026, 10, ZONE);
    memset(&result, 0, sizeof result);
    memset(&info, 0, sizeof info);
    availability_default_params(&result.params.avail);
    result.params.zone = ZONE;
    result.rows = rows;
    result.incidents = incidents;
    /* Sorted as eval_run sorts: entity, its entity row first, then window. */
    add_row("provider:acme", NULL, &sep, 1, 0.9995, 0);
    add_row("provider:acme", NULL, &oct, 1, 0.99812, 3);
    add_row("provider:acme", "gpu-a", &sep, 1, 0.9995, 0);
    add_row("provider:acme", "gpu-a", &oct, 1, 0.99729, 2);
    add_row("provider:acme", "gpu-b", &oct, 0, 0.0, 1); /* no monitoring at all */
    add_row("provider:dark", NULL, &oct, 0, 0.0, 0);
    add_row("team:platform", NULL, &oct, 1, 0.985, 2);
    add_row("team:platform", "api", &sep, 1, 0.9999, 0);
    add_row("team:platform", "api", &oct, 1, 0.985, 2);

    memset(long_title, 'x', sizeof long_title - 1);
    add_incident("provider:acme", "gpu-a", "INC-1", "sev1", "=HYPERLINK(\"http://x\")", 0, 0);
    add_incident("provider:acme", "gpu-a", "INC-2", "sev2", "+1-2", 1, 0);
    add_incident("provider:acme", "gpu-b", "INC-3", "sev3", "@cmd", 0, 0);
    add_incident("team:platform", "api", "INC-4", "sev4", "-3", 0, 1);
    add_incident("team:platform", "api", "INC-5", NULL, long_title, 0, 0);

    static const struct report_source sources[] = {
        {"incidents.csv", "6f16d96097ea21904ae8a0cba2ef31c5a17899cf8b2f21afeae4927df1a6ecc8",
         "incident-csv", 40973, 203, 200, 2, 1},
        {"=cmd|' /C calc'!A0.csv",
         "a737c123fc4575fd481964ccfd2fa5e14a3028c0384f6d1bfc44cc03b435bd79", "pagerduty-csv", 16170,
         88, 88, 0, 0},
    };
    info.sources = sources;
    info.nsources = 2;
    info.version = "0.1.0-test";
    info.command_line = "slaudit report --month 2026-10 -o =cmd.xlsx";
    info.zone = ZONE;
    info.month = oct;
}

static void
setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/slaudit-monthly-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    build_result();
}

static void
teardown(void)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[512];
    while (d && (e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (remove(path) != 0)
            rmdir(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* ---- reading the workbook back: tests/reports/xlsx_read.h ---- */

static void
write_book(const char *name, char *path, size_t size)
{
    struct sl_diag diag = {0};
    snprintf(path, size, "%s/%s", dir, name);
    enum sl_status st = report_monthly_write(path, &result, &info, &diag);
    cr_assert_eq(st, SL_OK, "report_monthly_write: %s", diag.message);
}

/* ---- the tests ---- */

TestSuite(monthly, .init = setup, .fini = teardown);

Test(monthly, sheets_in_order)
{
    char path[512];
    write_book("m.xlsx", path, sizeof path);
    char *wb = zip_part(path, "xl/workbook.xml");
    static const char *const order[] = {
        "Summary",  "Summary detail", "Charts",  "Availability", "Incidents", "SLA",
        "Findings", "Compare",        "Sources", "Definitions",  "Chart data"};
    const char *prev = wb;
    for (size_t k = 0; k < sizeof order / sizeof *order; k++) {
        char pat[64];
        snprintf(pat, sizeof pat, "<sheet name=\"%s\" sheetId=\"%zu\"", order[k], k + 1);
        const char *at = strstr(wb, pat);
        cr_assert(at && at >= prev, "%s not where expected in %s", order[k], wb);
        prev = at;
    }
    free(wb);
}

Test(monthly, hostile_titles_stay_text)
{
    char path[512];
    write_book("m.xlsx", path, sizeof path);
    char *sheet = sheet_xml(path, "Incidents");
    char *sst = NULL; /* constant memory: no shared strings */
    cr_assert_null(strstr(sheet, "<f>"));
    cr_assert_null(strstr(sheet, "<f "));
    static const char *const want[][2] = {
        {"F2", "=HYPERLINK(\"http://x\")"}, {"F3", "+1-2"}, {"F4", "@cmd"}, {"F5", "-3"}};
    for (size_t k = 0; k < 4; k++) {
        char *t = cell_text(sheet, sst, want[k][0]);
        cr_assert_str_eq(t, want[k][1]);
        free(t);
    }
    free(sheet);
    free(sst);
}

Test(monthly, long_title_truncated_visibly)
{
    char path[512];
    write_book("m.xlsx", path, sizeof path);
    char *sheet = sheet_xml(path, "Incidents");
    char *sst = NULL; /* constant memory: no shared strings */
    char *t = cell_text(sheet, sst, "F6");
    size_t n = strlen(t);
    cr_assert_eq(n, 32767 - 13 + strlen(XLTEXT_TRUNCATED));
    cr_assert_str_eq(t + n - strlen(XLTEXT_TRUNCATED), "\xe2\x80\xa6 [truncated]");
    free(t);
    free(sheet);
    free(sst);
}

Test(monthly, availability_values_and_styles)
{
    char path[512], fmt[32], fill[9];
    write_book("m.xlsx", path, sizeof path);
    char *sheet = sheet_xml(path, "Availability");
    char *sst = NULL;
    char *styles = zip_part(path, "xl/styles.xml");

    char *c = cell(sheet, "E3"); /* provider:acme gpu-a, 2026-10 */
    cr_assert_not_null(c);
    cr_assert_null(strstr(c, "t=\""), "a number, not text: %s", c);
    cr_assert_float_eq(value(c), 0.99729, 1e-12);
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fmt, "0.000%");
    free(c);

    char *t = cell_text(sheet, sst, "E4"); /* gpu-b, 2026-10: no monitoring */
    cr_assert_str_eq(t, "unknown");
    free(t);
    t = cell_text(sheet, sst, "D4"); /* gpu-b has no September row */
    cr_assert_str_eq(t, "no data");
    free(t);
    t = cell_text(sheet, sst, "D1");
    cr_assert_str_eq(t, "2026-09");
    free(t);
    t = cell_text(sheet, sst, "B2");
    cr_assert_str_eq(t, "(all services)");
    free(t);
    t = cell_text(sheet, sst, "C1");
    cr_assert_str_eq(t, "Target");
    free(t);
    c = cell(sheet, "C3"); /* no commitment: the default target */
    cr_assert_float_eq(value(c), 0.999, 1e-12);
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fmt, "0.000%");
    free(c);
    /* One run of rows shares the default target: green from it to 100 %,
     * amber below it, red below two error budgets (99.8 %). */
    cr_assert(strstr(sheet, "<conditionalFormatting sqref=\"D2:E7\">"), "%s", sheet);
    cr_assert(strstr(sheet, "operator=\"lessThan\""));
    cr_assert(strstr(sheet, "<formula>0.998</formula>"));
    cr_assert(strstr(sheet, "<formula>0.999</formula>"));
    free(sheet);
    free(sst);
    free(styles);
}

Test(monthly, summary_rag_unknown_and_note)
{
    char path[512], fmt[32], fill[9];
    write_book("m.xlsx", path, sizeof path);
    char *sheet = sheet_xml(path, "Summary");
    char *detail = sheet_xml(path, "Summary detail");
    char *sst = NULL;
    char *styles = zip_part(path, "xl/styles.xml");

    char *c = cell(sheet, "B4"); /* provider:acme pooled, 99.812 %: amber */
    cr_assert_float_eq(value(c), 0.99812, 1e-12);
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fmt, "0.000%");
    cr_assert_str_eq(fill, "FFFFEB9C");
    free(c);
    c = cell(sheet, "B6"); /* team:platform, 98.5 %: red */
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fill, "FFFFC7CE");
    free(c);

    char *t = cell_text(sheet, sst, "A5");
    cr_assert_str_eq(t, "provider:dark");
    free(t);
    t = cell_text(detail, sst, "A5"); /* the detail names its rows too */
    cr_assert_str_eq(t, "provider:dark");
    free(t);
    t = cell_text(sheet, sst, "B5");
    cr_assert_str_eq(t, "unknown");
    free(t);
    c = cell(detail, "B4"); /* two services in October */
    cr_assert_float_eq(value(c), 2.0, 1e-12);
    free(c);
    t = cell_text(detail, sst, "W4");
    cr_assert(strstr(t, "too few to judge"), "%s", t);
    free(t);
    t = cell_text(sheet, sst, "I4"); /* credits: no commitment applies */
    cr_assert_str_eq(t, "no SLA");
    free(t);
    c = cell(sheet, "C4"); /* the default target beside it */
    cr_assert_float_eq(value(c), 0.999, 1e-12);
    free(c);
    c = cell(detail, "Q4"); /* MTTA mean 600 s */
    cr_assert_float_eq(value(c), 10.0, 1e-12);
    free(c);
    c = cell(detail, "R4"); /* MTTA median 300 s */
    cr_assert_float_eq(value(c), 5.0, 1e-12);
    free(c);
    free(detail);
    free(sheet);
    free(sst);
    free(styles);
}

/* Below the minimum coverage the Summary and Availability sheets show
 * "insufficient coverage" in a grey cell, never a red figure, with the
 * measured value in the Note; partial coverage keeps the figure and says so;
 * the Definitions sheet prints both thresholds. */
Test(monthly, insufficient_coverage_is_grey_text)
{
    char path[512], fmt[32], fill[9];
    rows[6].coverage = AVAIL_COVERAGE_INSUFFICIENT; /* team:platform, October, 98.5 % */
    rows[6].avail.unknown_seconds = rows[6].avail.window_seconds * 3 / 4;
    rows[8].coverage = AVAIL_COVERAGE_INSUFFICIENT; /* team:platform api, October */
    rows[1].coverage = AVAIL_COVERAGE_PARTIAL;      /* provider:acme, October */
    rows[1].avail.unknown_seconds = rows[1].avail.window_seconds / 4;
    write_book("c.xlsx", path, sizeof path);
    char *sheet = sheet_xml(path, "Summary");
    char *detail = sheet_xml(path, "Summary detail");
    char *styles = zip_part(path, "xl/styles.xml");

    char *t = cell_text(sheet, NULL, "B6");
    cr_assert_str_eq(t, "insufficient coverage");
    free(t);
    char *c = cell(sheet, "B6");
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fill, "FFD9D9D9", "grey, not red: %s", fill);
    free(c);
    t = cell_text(detail, NULL, "W6");
    cr_assert(strstr(t, "insufficient coverage: 25.00 % monitored, measured 98.500 %"), "%s", t);
    free(t);
    c = cell(sheet, "B4"); /* partial: the figure stays, amber as before */
    cr_assert_float_eq(value(c), 0.99812, 1e-12);
    free(c);
    t = cell_text(detail, NULL, "W4");
    cr_assert(strstr(t, "partial coverage: 75.00 % monitored"), "%s", t);
    free(t);
    free(detail);
    free(sheet);

    sheet = sheet_xml(path, "Availability");
    t = cell_text(sheet, NULL, "E7"); /* team:platform api, 2026-10 */
    cr_assert_str_eq(t, "insufficient coverage");
    free(t);
    free(sheet);

    sheet = sheet_xml(path, "Definitions");
    cr_assert(strstr(sheet, "Minimum coverage"));
    cr_assert(strstr(sheet, "Partial coverage below"));
    cr_assert(strstr(sheet, "<v>0.5</v>"), "the threshold as a number");
    cr_assert(strstr(sheet, "<v>0.95</v>"));
    free(sheet);
    free(styles);
}

Test(monthly, incidents_times_filter_and_pane)
{
    char path[512];
    write_book("m.xlsx", path, sizeof path);
    char *sheet = sheet_xml(path, "Incidents");
    cr_assert(strstr(sheet, "state=\"frozen\""), "%s", sheet);
    cr_assert(strstr(sheet, "ySplit=\"1\""));
    cr_assert(strstr(sheet, "<autoFilter ref=\"A1:R6\"/>"), "%s", sheet);

    char *c = cell(sheet, "H2"); /* started 12:00Z is 14:00 in Berlin */
    cr_assert_float_eq(value(c), 46300.0 + 14.0 / 24.0, 1e-9);
    free(c);
    c = cell(sheet, "M2"); /* TTD 300 s */
    cr_assert_float_eq(value(c), 5.0, 1e-12);
    free(c);
    cr_assert_null(cell(sheet, "P3"), "open incident: no TTR");
    cr_assert_null(cell(sheet, "L3"), "open incident: no resolved time");
    c = cell(sheet, "P2");
    cr_assert_float_eq(value(c), 60.0, 1e-12);
    free(c);
    free(sheet);

    char *wb = zip_part(path, "xl/workbook.xml");
    cr_assert(strstr(wb, "_xlnm._FilterDatabase"));
    free(wb);
}

Test(monthly, byte_identical_and_fixed_created)
{
    char a[512], b[512];
    write_book("a.xlsx", a, sizeof a);
    sleep(1); /* a wall clock leaking in would now differ */
    write_book("b.xlsx", b, sizeof b);
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    cr_assert(fa && fb);
    long n = 0;
    for (int x, y;; n++) {
        x = fgetc(fa);
        y = fgetc(fb);
        cr_assert_eq(x, y, "files differ at byte %ld", n);
        if (x == EOF)
            break;
    }
    cr_assert_gt(n, 1000);
    fclose(fa);
    fclose(fb);
    char *core = zip_part(a, "docProps/core.xml");
    /* The end of October in Berlin (CET) is 2026-10-31T23:00:00Z. */
    cr_assert(strstr(core, ">2026-10-31T23:00:00Z</dcterms:created>"), "%s", core);
    cr_assert(strstr(core, "<dc:creator>slaudit</dc:creator>"), "%s", core);
    free(core);
}

static int
count_entries(const char *path)
{
    DIR *d = opendir(path);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d)
        closedir(d);
    return n;
}

Test(monthly, missing_directory_fails_and_leaves_nothing)
{
    char path[512];
    struct sl_diag diag = {0};
    snprintf(path, sizeof path, "%s/missing/out.xlsx", dir);
    cr_assert_eq(report_monthly_write(path, &result, &info, &diag), SL_ERR_REPORT);
    cr_assert_neq(diag.message[0], '\0');
    cr_assert_neq(access(path, F_OK), 0);
    cr_assert_eq(count_entries(dir), 0);
}

Test(monthly, a_directory_in_the_way_is_refused_and_kept)
{
    char path[512];
    struct sl_diag diag = {0};
    snprintf(path, sizeof path, "%s/taken.xlsx", dir);
    cr_assert_eq(mkdir(path, 0700), 0);
    cr_assert_eq(report_monthly_write(path, &result, &info, &diag), SL_ERR_REPORT);
    cr_assert(strstr(diag.message, "it is a directory, not a regular file"), "%s", diag.message);
    cr_assert_eq(count_entries(dir), 1, "only the directory in the way is left");
    cr_assert_eq(count_entries(path), 0);
}

Test(monthly, sheet_names_sanitised_and_unique)
{
    /* Through the writer: sanitised, and made unique when two collide. */
    char path[512];
    struct sl_diag diag = {0};
    struct xlsx_book *book;
    snprintf(path, sizeof path, "%s/names.xlsx", dir);
    struct xlsx_props props = {.title = "t", .subject = "s", .created = 1790000000};
    cr_assert_eq(xlsx_open(&book, path, &props, &diag), SL_OK, "%s", diag.message);
    cr_assert_not_null(xlsx_add_sheet(book, "Q3/Q4: [draft]"));
    cr_assert_not_null(xlsx_add_sheet(book, "q3\\q4: [draft]"));
    cr_assert_eq(xlsx_close(book, &diag), SL_OK, "%s", diag.message);
    char *wb = zip_part(path, "xl/workbook.xml");
    cr_assert(strstr(wb, "<sheet name=\"Q3_Q4_ _draft_\""), "%s", wb);
    cr_assert(strstr(wb, "<sheet name=\"q3_q4_ _draft_ (2)\""), "%s", wb);
    free(wb);
}

/* ---- charts ---- */

/* The nth (0-based) <c:f> range after the nth <c:ser> of a chart part. */
static char *
series_range(const char *chart, int ser, const char *tag)
{
    const char *s = chart;
    for (int i = 0; i <= ser; i++) {
        s = strstr(s + 1, "<c:ser>");
        cr_assert_not_null(s, "no series %d", ser);
    }
    s = strstr(s, tag);
    cr_assert_not_null(s);
    s = strstr(s, "<c:f>") + 5;
    return strndup(s, strcspn(s, "<"));
}

static int
count(const char *s, const char *what)
{
    int n = 0;
    for (; (s = strstr(s, what)); s++)
        n++;
    return n;
}

static void
assert_series(const char *chart, int ser, const char *name, const char *cat, const char *val)
{
    char *t = series_range(chart, ser, "<c:tx>");
    cr_assert_str_eq(t, name, "series %d name", ser);
    free(t);
    t = series_range(chart, ser, "<c:cat>");
    cr_assert_str_eq(t, cat, "series %d categories", ser);
    free(t);
    t = series_range(chart, ser, "<c:val>");
    cr_assert_str_eq(t, val, "series %d values", ser);
    free(t);
}

Test(monthly, two_charts_per_entity_then_ttr_and_budget)
{
    char path[512];
    write_book("m.xlsx", path, sizeof path);
    char *charts = sheet_xml(path, "Charts");
    cr_assert(strstr(charts, "<drawing r:id=\"rId1\"/>"), "%s", charts);
    cr_assert(strstr(charts, "orientation=\"landscape\""), "%s", charts);
    /* A fixed scale, so that the page breaks hold: four rows of charts
     * (three entities, then TTR and the budget), two a page. */
    cr_assert(strstr(charts, "<pageSetup scale=\"75\" orientation=\"landscape\"/>"), "%s", charts);
    cr_assert(strstr(charts, "<rowBreaks count=\"1\" manualBreakCount=\"1\"><brk id=\"41\""), "%s",
              charts);
    /* provider:dark has no service: a note where its trend would be. */
    cr_assert(strstr(charts, "provider:dark: no monitored service"), "%s", charts);
    /* nor any incident: a note, not a chart of zeros on empty axes. */
    cr_assert(strstr(charts, "provider:dark: no incident in these months"), "%s", charts);
    free(charts);
    /* acme: trend and incidents; dark: neither; platform: trend and
     * incidents; then TTR and the budget. */
    char *drawing = zip_part(path, "xl/drawings/drawing1.xml");
    cr_assert_eq(count(drawing, "<c:chart "), 6, "%s", drawing);
    free(drawing);

    /* Chart data: the entities on row 2, the trend header on row 3, Sep and
     * Oct on rows 4-5; the services gpu-a, gpu-b, api in B-D and the
     * common target in E. acme's trend draws its own two services and the
     * target, dashed. */
    char *c1 = zip_part(path, "xl/charts/chart1.xml");
    cr_assert(strstr(c1, "<c:lineChart>"), "%s", c1);
    cr_assert(strstr(c1, "Availability of provider:acme, last 2 months"), "%s", c1);
    cr_assert_eq(count(c1, "<c:ser>"), 3);
    assert_series(c1, 0, "'Chart data'!$B$3", "'Chart data'!$A$4:$A$5", "'Chart data'!$B$4:$B$5");
    assert_series(c1, 1, "'Chart data'!$C$3", "'Chart data'!$A$4:$A$5", "'Chart data'!$C$4:$C$5");
    assert_series(c1, 2, "'Chart data'!$E$3", "'Chart data'!$A$4:$A$5", "'Chart data'!$E$4:$E$5");
    cr_assert_eq(count(c1, "<a:prstDash val=\"dash\"/>"), 1, "the target alone dashed: %s", c1);
    /* Excel's default, gaps, is written as no element at all. */
    cr_assert_null(strstr(c1, "<c:dispBlanksAs"), "unknown months are gaps, not zeros: %s", c1);
    cr_assert(strstr(c1, "<c:max val=\"1\"/>"), "%s", c1);
    free(c1);

    /* acme's incidents: its block's header on row 7, Sep and Oct below. */
    char *c2 = zip_part(path, "xl/charts/chart2.xml");
    cr_assert(strstr(c2, "<c:barChart>"), "%s", c2);
    cr_assert(strstr(c2, "Incidents of provider:acme by severity per month"), "%s", c2);
    cr_assert(strstr(c2, "<c:barDir val=\"col\"/>"));
    cr_assert(strstr(c2, "<c:grouping val=\"stacked\"/>"));
    cr_assert_eq(count(c2, "<c:ser>"), 6);
    assert_series(c2, 0, "'Chart data'!$B$7", "'Chart data'!$A$8:$A$9", "'Chart data'!$B$8:$B$9");
    assert_series(c2, 5, "'Chart data'!$G$7", "'Chart data'!$A$8:$A$9", "'Chart data'!$G$8:$G$9");
    cr_assert(strstr(c2, "<a:srgbClr val=\"C00000\"/>"), "sev1 in dark red");
    free(c2);
    char *c4 = zip_part(path, "xl/charts/chart3.xml");
    cr_assert(strstr(c4, "Availability of team:platform"), "%s", c4);
    cr_assert_eq(count(c4, "<c:ser>"), 2);
    assert_series(c4, 0, "'Chart data'!$D$3", "'Chart data'!$A$4:$A$5", "'Chart data'!$D$4:$D$5");
    assert_series(c4, 1, "'Chart data'!$E$3", "'Chart data'!$A$4:$A$5", "'Chart data'!$E$4:$E$5");
    free(c4);

    /* TTR: acme and platform resolved incidents in October (dark had none);
     * a few minutes each, so in minutes. */
    char *c6 = zip_part(path, "xl/charts/chart5.xml");
    cr_assert(strstr(c6, "<c:grouping val=\"clustered\"/>"), "%s", c6);
    cr_assert(strstr(c6, "<a:t>Minutes</a:t>"), "%s", c6);
    cr_assert_eq(count(c6, "<c:ser>"), 3);
    assert_series(c6, 2, "'Chart data'!$D$19", "'Chart data'!$A$20:$A$21",
                  "'Chart data'!$D$20:$D$21");
    free(c6);

    /* Budget: the monitored services of October, gpu-a and api, both on the
     * neutral measure at the default target, as the title says. */
    char *c7 = zip_part(path, "xl/charts/chart6.xml");
    cr_assert_eq(count(c7, "<c:ser>"), 2);
    cr_assert(strstr(c7, "Error budget this month, neutral measure, 99.9 % default"), "%s", c7);
    assert_series(c7, 0, "'Chart data'!$B$23", "'Chart data'!$A$24:$A$25",
                  "'Chart data'!$B$24:$B$25");
    assert_series(c7, 1, "'Chart data'!$C$23", "'Chart data'!$A$24:$A$25",
                  "'Chart data'!$C$24:$C$25");
    free(c7);
}

Test(monthly, ttr_in_hours_past_three_hundred_minutes)
{
    /* acme's slowest October incident took 7 h: every TTR is then in hours,
     * its median 300 s as 0.083 h. */
    rows[1].incidents.measure[MEASURE_TTR].max = 7 * 3600.0;
    char path[512];
    write_book("m.xlsx", path, sizeof path);
    char *c6 = zip_part(path, "xl/charts/chart5.xml");
    cr_assert(strstr(c6, "<a:t>Hours</a:t>"), "%s", c6);
    cr_assert_null(strstr(c6, "<a:t>Minutes</a:t>"), "%s", c6);
    free(c6);
    char *sheet = sheet_xml(path, "Chart data");
    char *t = cell_text(sheet, NULL, "B19");
    cr_assert_str_eq(t, "Median TTR (h)");
    free(t);
    char *c = cell(sheet, "B20");
    cr_assert_float_eq(value(c), 300.0 / 3600.0, 1e-12);
    free(c);
    c = cell(sheet, "D20");
    cr_assert_float_eq(value(c), 7.0, 1e-12);
    free(c);
    free(sheet);
}

Test(monthly, chart_data_values)
{
    char path[512], fmt[32], fill[9];
    write_book("m.xlsx", path, sizeof path);
    char *sheet = sheet_xml(path, "Chart data");
    char *styles = zip_part(path, "xl/styles.xml");
    char *t = cell_text(sheet, NULL, "B3");
    cr_assert_str_eq(t, "gpu-a");
    free(t);
    t = cell_text(sheet, NULL, "B2");
    cr_assert_str_eq(t, "provider:acme", "the entity above its service");
    free(t);
    t = cell_text(sheet, NULL, "A5");
    cr_assert_str_eq(t, "2026-10");
    free(t);
    char *c = cell(sheet, "B5");
    cr_assert_float_eq(value(c), 0.99729, 1e-12);
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fmt, "0.000%");
    free(c);
    c = cell(sheet, "C5");
    cr_assert_null(strstr(c, "<v>"), "gpu-b unknown in October: a gap, not 0: %s", c);
    free(c);
    c = cell(sheet, "C4");
    cr_assert_null(strstr(c, "<v>"), "gpu-b has no September: a gap: %s", c);
    free(c);
    c = cell(sheet, "B9"); /* sev1 in October: acme's 3, platform's in its own block */
    cr_assert_float_eq(value(c), 3.0, 1e-12);
    free(c);
    t = cell_text(sheet, NULL, "A15");
    cr_assert_str_eq(t, "team:platform");
    free(t);
    c = cell(sheet, "B17");
    cr_assert_float_eq(value(c), 2.0, 1e-12);
    free(c);
    c = cell(sheet, "B8");
    cr_assert_float_eq(value(c), 0.0, 1e-12);
    free(c);
    t = cell_text(sheet, NULL, "A20");
    cr_assert_str_eq(t, "provider:acme");
    free(t);
    c = cell(sheet, "B20"); /* median TTR 300 s */
    cr_assert_float_eq(value(c), 5.0, 1e-12);
    free(c);
    /* Allowed downtime at 99.9 % of gpu-a's whole October less its eligible
     * maintenance: 31 days and the extra DST hour, less 1800 s; the 1800 s
     * unknown stays in (the budget is the window's, not the part seen). */
    c = cell(sheet, "B24");
    cr_assert_float_eq(value(c), 0.001 * (31 * 86400 + 3600 - 1800) / 60.0, 1e-9);
    free(c);
    t = cell_text(sheet, NULL, "A24");
    cr_assert_str_eq(t, "gpu-a");
    free(t);
    free(sheet);
    free(styles);
}

/* ---- Sources and Compare ---- */

Test(monthly, sources_sheet)
{
    char path[512];
    write_book("m.xlsx", path, sizeof path);
    char *sheet = sheet_xml(path, "Sources");
    cr_assert_null(strstr(sheet, "<f>"));
    char *t = cell_text(sheet, NULL, "B1");
    cr_assert_str_eq(t, "0.1.0-test");
    free(t);
    t = cell_text(sheet, NULL, "B2");
    cr_assert_str_eq(t, "slaudit report --month 2026-10 -o =cmd.xlsx");
    free(t);
    t = cell_text(sheet, NULL, "B6");
    cr_assert_str_eq(t, "6f16d96097ea21904ae8a0cba2ef31c5a17899cf8b2f21afeae4927df1a6ecc8");
    free(t);
    t = cell_text(sheet, NULL, "A7");
    cr_assert_str_eq(t, "=cmd|' /C calc'!A0.csv");
    free(t);
    t = cell_text(sheet, NULL, "C6");
    cr_assert_str_eq(t, "incident-csv");
    free(t);
    static const struct {
        const char *ref;
        double v;
    } want[] = {{"D6", 40973}, {"E6", 203}, {"F6", 200}, {"G6", 2}, {"H6", 1}, {"B3", 2}};
    for (size_t k = 0; k < sizeof want / sizeof *want; k++) {
        char *c = cell(sheet, want[k].ref);
        cr_assert_not_null(c, "%s", want[k].ref);
        cr_assert_float_eq(value(c), want[k].v, 1e-12, "%s", want[k].ref);
        free(c);
    }
    cr_assert(strstr(sheet, "<autoFilter ref=\"A5:H7\"/>"), "%s", sheet);
    free(sheet);
}

Test(monthly, compare_providers_then_teams)
{
    char path[512];
    write_book("m.xlsx", path, sizeof path);
    char *sheet = sheet_xml(path, "Compare");
    static const char *const heads[][2] = {{"B3", "provider:acme"}, {"C3", "provider:dark"},
                                           {"D3", "team:platform"}, {"B4", "managed provider"},
                                           {"D4", "internal team"}, {"A6", "Availability"},
                                           {"C6", "unknown"}};
    for (size_t k = 0; k < sizeof heads / sizeof *heads; k++) {
        char *t = cell_text(sheet, NULL, heads[k][0]);
        cr_assert_str_eq(t, heads[k][1], "%s", heads[k][0]);
        free(t);
    }
    char *c = cell(sheet, "B6");
    cr_assert_float_eq(value(c), 0.99812, 1e-12);
    free(c);
    c = cell(sheet, "D6");
    cr_assert_float_eq(value(c), 0.985, 1e-12);
    free(c);
    char *t = cell_text(sheet, NULL, "A16");
    cr_assert_str_eq(t, "MTTR median (min)");
    free(t);
    c = cell(sheet, "B16"); /* MTTR median of acme: 300 s */
    cr_assert_float_eq(value(c), 5.0, 1e-12);
    free(c);
    free(sheet);
}

Test(monthly, compare_left_out_for_one_entity)
{
    char path[512];
    struct sl_diag diag = {0};
    result.nrows = 5; /* provider:acme only */
    snprintf(path, sizeof path, "%s/one.xlsx", dir);
    cr_assert_eq(report_monthly_write(path, &result, &info, &diag), SL_OK, "%s", diag.message);
    char *wb = zip_part(path, "xl/workbook.xml");
    cr_assert_null(strstr(wb, "\"Compare\""), "%s", wb);
    free(wb);
}

Test(monthly, empty_evaluation_has_no_charts)
{
    char path[512];
    struct sl_diag diag = {0};
    result.nrows = 0;
    result.nincidents = 0;
    snprintf(path, sizeof path, "%s/empty.xlsx", dir);
    cr_assert_eq(report_monthly_write(path, &result, &info, &diag), SL_OK, "%s", diag.message);
    char cmd[600];
    snprintf(cmd, sizeof cmd, "unzip -l '%s' | grep -q 'xl/charts/'", path);
    cr_assert_neq(system(cmd), 0, "no chart without data");
    char *sheet = sheet_xml(path, "Charts");
    char *t = cell_text(sheet, NULL, "A4");
    cr_assert(strstr(t, "nothing to chart"), "%s", t);
    free(t);
    free(sheet);
}

/* ---- long tables and constant memory ---- */

Test(monthly, incidents_split_across_sheets_in_order)
{
    char path[512];
    struct sl_diag diag = {0};
    info.rows_per_sheet = 3; /* a header and two incidents per sheet */
    snprintf(path, sizeof path, "%s/split.xlsx", dir);
    cr_assert_eq(report_monthly_write(path, &result, &info, &diag), SL_OK, "%s", diag.message);
    char *wb = zip_part(path, "xl/workbook.xml");
    const char *a = strstr(wb, "<sheet name=\"Incidents\"");
    const char *b = strstr(wb, "<sheet name=\"Incidents (2)\"");
    const char *c = strstr(wb, "<sheet name=\"Incidents (3)\"");
    const char *d = strstr(wb, "<sheet name=\"Compare\"");
    cr_assert(a && b && c && d && a < b && b < c && c < d, "%s", wb);
    cr_assert_null(strstr(wb, "Incidents (4)"));
    free(wb);
    static const char *const parts[] = {"Incidents", "Incidents (2)", "Incidents (3)"};
    static const char *const first_id[] = {"INC-1", "INC-3", "INC-5"};
    for (int k = 0; k < 3; k++) {
        char *sheet = sheet_xml(path, parts[k]);
        char *t = cell_text(sheet, NULL, "A1");
        cr_assert_str_eq(t, "Entity", "each part has the header");
        free(t);
        t = cell_text(sheet, NULL, "C2");
        cr_assert_str_eq(t, first_id[k], "rows in order");
        free(t);
        cr_assert(
            strstr(sheet, k < 2 ? "<autoFilter ref=\"A1:R3\"/>" : "<autoFilter ref=\"A1:R2\"/>"),
            "%s", sheet);
        cr_assert_null(cell(sheet, "A4"), "no more rows than fit");
        free(sheet);
    }
}

Test(monthly, constant_memory_refuses_rows_out_of_order)
{
    char path[512];
    struct sl_diag diag = {0};
    struct xlsx_book *book;
    snprintf(path, sizeof path, "%s/order.xlsx", dir);
    struct xlsx_props props = {
        .title = "t", .subject = "s", .created = 1790000000, .constant_memory = true};
    cr_assert_eq(xlsx_open(&book, path, &props, &diag), SL_OK, "%s", diag.message);
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "S");
    xlsx_text(sh, 4, 0, "five", XLSX_PLAIN);
    xlsx_text(sh, 4, 1, "same row is fine", XLSX_PLAIN);
    cr_assert_eq(xlsx_status(book, &diag), SL_OK);
    xlsx_text(sh, 1, 0, "two", XLSX_PLAIN); /* already on disk */
    cr_assert_eq(xlsx_status(book, &diag), SL_ERR_REPORT);
    cr_assert(strstr(diag.message, "rows must come in order"), "%s", diag.message);
    cr_assert_eq(xlsx_close(book, &diag), SL_ERR_REPORT);
    cr_assert_neq(access(path, F_OK), 0, "nothing written");
}
