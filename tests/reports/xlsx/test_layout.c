/* test_layout.c — text that fits and sheets that print: the line estimates
 * of xlpage.h, and the row heights, page setup, print titles and footer the
 * workbook writer gives every sheet, read back from the zip. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "reports/xlsx/xlpage.h"
#include "reports/xlsx/xlsx.h"
#include "tests/reports/xlsx_read.h"

/* ---- the estimates ---- */

Test(xlpage, one_line_when_it_fits)
{
    cr_assert_eq(xlpage_lines("", 10, false), 1);
    cr_assert_eq(xlpage_lines(NULL, 10, false), 1);
    cr_assert_eq(xlpage_lines("short", 10, false), 1);
}

Test(xlpage, wraps_at_words)
{
    /* A column 10 units wide holds 8 characters a line, less its padding
     * and indent: "aaaa bbbb" is 9. */
    cr_assert_eq(xlpage_lines("aaaa bbbb", 10, false), 2);
    cr_assert_eq(xlpage_lines("aaa bbb", 10, false), 1);
    cr_assert_eq(xlpage_lines("aaaa bbbb cccc dddd", 10, false), 4);
    /* Twice as wide, half the lines. */
    cr_assert_eq(xlpage_lines("aaaa bbbb cccc dddd", 20, false), 2);
}

Test(xlpage, each_newline_starts_a_line)
{
    cr_assert_eq(xlpage_lines("a\nb\nc", 40, false), 3);
    cr_assert_eq(xlpage_lines("a\n\nc", 40, false), 3);
}

Test(xlpage, a_long_word_breaks)
{
    cr_assert_eq(xlpage_lines("abcdefghijklmnopqrstuvwx", 10, false), 3);
}

Test(xlpage, characters_not_bytes)
{
    /* Seven two-byte characters fit where seven ASCII ones do. */
    cr_assert_eq(xlpage_lines("ééééééé", 9, false), 1);
    cr_assert_eq(xlpage_lines("éééééééé", 9, false), 2);
}

Test(xlpage, bold_is_wider)
{
    cr_assert_eq(xlpage_lines("abcdefg", 9, false), 1);
    cr_assert_eq(xlpage_lines("abcdefg", 9, true), 2);
}

Test(xlpage, heights_and_their_ceiling)
{
    cr_assert_float_eq(xlpage_height(1), 15.0, 1e-9);
    cr_assert_float_eq(xlpage_height(3), 45.0, 1e-9);
    cr_assert_float_eq(xlpage_height(1000), XLPAGE_MAX_POINTS, 1e-9);
}

Test(xlpage, word_width_fits_the_longest_word)
{
    double w = xlpage_word_width("Eligible maintenance (h)", true);
    cr_assert_eq(xlpage_lines("maintenance", w, true), 1);
    cr_assert_lt(w, 20);
}

Test(xlpage, landscape_when_wider_than_portrait)
{
    cr_assert(!xlpage_landscape(XLPAGE_PORTRAIT_WIDTH));
    cr_assert(xlpage_landscape(XLPAGE_PORTRAIT_WIDTH + 1));
}

Test(xlpage, pages_across_keep_eight_points)
{
    bool key;
    /* One landscape page holds 121 units at full size, 166 at 8 of 11 points. */
    cr_assert_eq(xlpage_pages_across(150, 20, true, &key), 1);
    cr_assert(key);
    cr_assert_eq(xlpage_pages_across(XLPAGE_LANDSCAPE_WIDTH / XLPAGE_MIN_SCALE + 1, 20, true, &key),
                 2);
    /* 320 units with a 20-unit key on each page: 300 over 146 a page. */
    cr_assert_eq(xlpage_pages_across(320, 20, true, &key), 3);
    /* A key wider than half a page is not repeated. */
    cr_assert_eq(xlpage_pages_across(320, 100, true, &key), 2);
    cr_assert(!key);
    cr_assert_eq(xlpage_pages_across(200, 10, false, &key), 2, "portrait holds less");
}

Test(xlpage, footer_names_sheet_period_and_page)
{
    char f[XLPAGE_FOOTER_SIZE];
    xlpage_footer("2026-10", f);
    cr_assert_str_eq(f, "&C&A — 2026-10 — page &P of &N");
    xlpage_footer(NULL, f);
    cr_assert_str_eq(f, "&C&A — page &P of &N");
    xlpage_footer("R&D", f);
    cr_assert_str_eq(f, "&C&A — R&&D — page &P of &N", "an & prints as itself");
}

Test(xlpage, a_long_period_is_cut_whole_characters)
{
    char period[600], f[XLPAGE_FOOTER_SIZE];
    period[0] = 'x'; /* then é's, so that a cut by bytes would halve one */
    for (size_t i = 1; i + 2 < sizeof period; i += 2)
        memcpy(period + i, "é", 2);
    period[sizeof period - 1] = '\0';
    xlpage_footer(period, f);
    cr_assert_lt(strlen(f), (size_t)XLPAGE_FOOTER_SIZE);
    const char *tail = strstr(f, " — page &P of &N");
    cr_assert_not_null(tail, "%s", f);
    /* What comes before the tail is whole é's after the head and the x. */
    cr_assert_eq((size_t)(tail - f - strlen("&C&A — x")) % 2, 0);
    cr_assert_eq(strcmp(tail, " — page &P of &N"), 0);
}

/* ---- a workbook read back ---- */

static char dir[] = "/tmp/slaudit-layout-XXXXXX";
static char path[128];

static void
setup(void)
{
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/l.xlsx", dir);
}

static void
teardown(void)
{
    unlink(path);
    rmdir(dir);
}

static const struct xlsx_column narrow_columns[] = {
    {"Name", 10}, {"Unmonitored time (h)", 4}, {"Message", 20}, {NULL, 0}};
static const struct xlsx_column wide_columns[] = {{"Name", 40}, {"Message", 60}, {NULL, 0}};
static const struct xlsx_column very_wide_columns[] = {
    {"Service", 20}, {"Reason", 100}, {"Evidence", 100}, {NULL, 0}};

#define LONG_MESSAGE "one two three four five six seven eight nine ten eleven twelve"

/* Writes a narrow and a wide sheet, each with a header at row 1, a wrapped
 * long message in row 2 and a short one in row 3. */
static void
write_book(bool constant_memory, const char *period)
{
    struct sl_diag diag = {0};
    struct xlsx_book *book;
    struct xlsx_props props = {.title = "t",
                               .subject = "s",
                               .created = 1000000000,
                               .constant_memory = constant_memory,
                               .period = period};
    cr_assert_eq(xlsx_open(&book, path, &props, &diag), SL_OK, "%s", diag.message);
    struct xlsx_sheet *narrow = xlsx_add_sheet(book, "Narrow");
    xlsx_text(narrow, 0, 0, "A title above the table", XLSX_BOLD);
    xlsx_header(narrow, 1, narrow_columns, 2);
    xlsx_text(narrow, 2, 0, "a", XLSX_PLAIN);
    xlsx_text(narrow, 2, 2, LONG_MESSAGE, XLSX_WRAP);
    xlsx_text(narrow, 3, 2, "short", XLSX_WRAP);
    xlsx_text_across(narrow, 5, 0, 2, LONG_MESSAGE " " LONG_MESSAGE, XLSX_WRAP);
    struct xlsx_sheet *wide = xlsx_add_sheet(book, "Wide");
    xlsx_header(wide, 0, wide_columns, 1);
    xlsx_text(wide, 1, 1, LONG_MESSAGE, XLSX_WRAP);
    struct xlsx_sheet *very_wide = xlsx_add_sheet(book, "Very wide");
    xlsx_header(very_wide, 0, very_wide_columns, 1);
    xlsx_text(very_wide, 1, 2, LONG_MESSAGE, XLSX_WRAP);
    cr_assert_eq(xlsx_close(book, &diag), SL_OK, "%s", diag.message);
}

/* The <row> element of row r (1-based) in sheet, as a string the caller frees. */
static char *
row_elem(const char *sheet, int r)
{
    char pat[32];
    snprintf(pat, sizeof pat, "<row r=\"%d\"", r);
    const char *at = strstr(sheet, pat);
    if (!at)
        return NULL;
    const char *end = strchr(at, '>');
    return strndup(at, (size_t)(end - at + 1));
}

/* True when the row element has the height of lines lines, set by hand. */
static bool
has_lines(const char *row, unsigned lines)
{
    char want[32];
    snprintf(want, sizeof want, "ht=\"%g\"", xlpage_height(lines));
    return row && strstr(row, want) && strstr(row, "customHeight=\"1\"");
}

static void
assert_row_heights(void)
{
    char *sheet = sheet_xml(path, "Narrow");
    char *row = row_elem(sheet, 3);
    /* 62 characters in 20 units, 18 a line: "one two three four" / "five
     * six seven" / "eight nine ten" / "eleven twelve". */
    cr_assert_eq(xlpage_lines(LONG_MESSAGE, 20, false), 4);
    cr_assert(has_lines(row, 4), "%s", row);
    free(row);
    row = row_elem(sheet, 4);
    cr_assert(row && !strstr(row, "ht="), "one line keeps the default: %s", row);
    free(row);
    row = row_elem(sheet, 2); /* the widened column still wraps its title */
    cr_assert(row && strstr(row, "customHeight=\"1\""), "%s", row);
    free(row);
    /* Across three columns the joint width counts: narrower than the
     * doubled message alone in 20 units would need. */
    unsigned across = xlpage_lines(LONG_MESSAGE " " LONG_MESSAGE, 10 + 12 + 20, false);
    cr_assert_lt(across, xlpage_lines(LONG_MESSAGE " " LONG_MESSAGE, 20, false));
    row = row_elem(sheet, 6);
    cr_assert(row && strstr(row, "customHeight=\"1\""), "%s", row);
    free(row);
    cr_assert(strstr(sheet, "<mergeCell ref=\"A6:C6\"/>"), "%s", sheet);
    /* No title word is broken: "Unmonitored" widens its 4-unit column. */
    const char *col = strstr(sheet, "<col min=\"2\" max=\"2\" width=\"");
    cr_assert_not_null(col, "%s", sheet);
    cr_assert_gt(strtod(col + strlen("<col min=\"2\" max=\"2\" width=\""), NULL), 12.0);
    free(sheet);
}

Test(layout, wrapped_rows_are_tall_enough, .init = setup, .fini = teardown)
{
    write_book(false, "March 2026");
    assert_row_heights();
}

Test(layout, wrapped_rows_in_constant_memory, .init = setup, .fini = teardown)
{
    write_book(true, "March 2026");
    assert_row_heights();
}

Test(layout, every_sheet_prints, .init = setup, .fini = teardown)
{
    write_book(false, "March 2026");
    char *narrow = sheet_xml(path, "Narrow");
    char *wide = sheet_xml(path, "Wide");
    /* One page across, as many down as it takes. */
    cr_assert(strstr(narrow, "<pageSetUpPr fitToPage=\"1\"/>"), "%s", narrow);
    cr_assert(strstr(narrow, "fitToHeight=\"0\""), "%s", narrow);
    cr_assert(strstr(wide, "<pageSetUpPr fitToPage=\"1\"/>"), "%s", wide);
    /* Landscape only where wide: 34 units is portrait, 100 landscape. */
    cr_assert_null(strstr(narrow, "orientation=\"landscape\""), "%s", narrow);
    cr_assert(strstr(wide, "orientation=\"landscape\""), "%s", wide);
    /* The footer: sheet name, period, page of pages. */
    cr_assert(strstr(narrow, "<oddFooter>&amp;C&amp;A — March 2026 — page &amp;P of "
                             "&amp;N</oddFooter>"),
              "%s", narrow);
    cr_assert(strstr(wide, "<oddFooter>&amp;C&amp;A — March 2026 — page"), "%s", wide);
    cr_assert_null(strstr(wide, "fitToWidth="), "one page across: %s", wide);
    /* 220 units would print at 6 points on one page: two pages across,
     * each beginning with the key column. */
    char *very_wide = sheet_xml(path, "Very wide");
    cr_assert(strstr(very_wide, "fitToWidth=\"2\""), "%s", very_wide);
    free(very_wide);
    free(narrow);
    free(wide);
    /* Each sheet's header row on every page. */
    char *wb = zip_part(path, "xl/workbook.xml");
    cr_assert(strstr(wb, "<definedName name=\"_xlnm.Print_Titles\" localSheetId=\"0\">"
                         "Narrow!$2:$2</definedName>"),
              "%s", wb);
    cr_assert(strstr(wb, "<definedName name=\"_xlnm.Print_Titles\" localSheetId=\"1\">"
                         "Wide!$1:$1</definedName>"),
              "%s", wb);
    cr_assert(strstr(wb, "<definedName name=\"_xlnm.Print_Titles\" localSheetId=\"2\">"
                         "'Very wide'!$A:$A,'Very wide'!$1:$1</definedName>"),
              "%s", wb);
    free(wb);
}

Test(layout, no_period_no_dash, .init = setup, .fini = teardown)
{
    write_book(false, NULL);
    char *narrow = sheet_xml(path, "Narrow");
    cr_assert(strstr(narrow, "<oddFooter>&amp;C&amp;A — page &amp;P of &amp;N</oddFooter>"), "%s",
              narrow);
    free(narrow);
}

Test(layout, a_count_beside_its_label, .init = setup, .fini = teardown)
{
    struct sl_diag diag = {0};
    struct xlsx_book *book;
    struct xlsx_props props = {.title = "t", .subject = "s", .created = 1000000000};
    cr_assert_eq(xlsx_open(&book, path, &props, &diag), SL_OK, "%s", diag.message);
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Cover");
    xlsx_column_width(sh, 1, 1, 90);
    xlsx_text(sh, 0, 0, "High", XLSX_PLAIN);
    xlsx_number(sh, 0, 1, 36, XLSX_INTEGER_LEFT);
    cr_assert_eq(xlsx_close(book, &diag), SL_OK, "%s", diag.message);
    char *sheet = sheet_xml(path, "Cover");
    char *styles = zip_part(path, "xl/styles.xml");
    char *c = cell(sheet, "B1");
    cr_assert_not_null(c);
    cr_assert_float_eq(value(c), 36, 0, "a number still: %s", c);
    /* Its style's alignment: the xf of index s in cellXfs. */
    long s = attr(c, "s");
    const char *xfs = strstr(styles, "<cellXfs");
    cr_assert_not_null(xfs);
    const char *xf = nth(xfs, "cellXfs", "<xf ", s);
    const char *next = strstr(xf + 1, "<xf ");
    const char *close = strstr(xf, "</cellXfs>");
    size_t len = (size_t)((next && next < close ? next : close) - xf);
    char *one = strndup(xf, len);
    cr_assert(strstr(one, "horizontal=\"left\""), "%s", one);
    free(one);
    free(c);
    free(styles);
    free(sheet);
}
