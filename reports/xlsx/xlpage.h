/* xlpage.h — how a sheet's text fits and prints, apart from any library: the
 * lines a wrapped text takes in a column, the row height those lines need,
 * when a sheet is wide enough to print landscape, and the page footer.
 * Neither Excel nor LibreOffice fits a row to its wrapped text on opening a
 * file, so the workbook writer (xlsx.h) sets every such height itself.
 *
 * Widths are in Excel's column units (the width of a digit of the default
 * font). The estimates err on the generous side: a renderer whose fallback
 * font is wider than Calibri (LibreOffice without Carlito draws DejaVu Sans)
 * must still show every line, so a row may be a little taller than Excel
 * needs, never shorter. */
#ifndef SLAUDIT_REPORTS_XLPAGE_H
#define SLAUDIT_REPORTS_XLPAGE_H

#include <stdbool.h>
#include <stddef.h>

#define XLPAGE_LINE_POINTS 15.0 /* one line of the 11-point default font */
#define XLPAGE_MAX_POINTS 409.0 /* Excel's tallest row */
/* Above this many column units a sheet is printed landscape: what a
 * portrait page holds across at full size. */
#define XLPAGE_PORTRAIT_WIDTH 90.0
/* What a landscape page holds across at full size (A4 and Letter less
 * their margins: 9.7 in against 7.2 in portrait). */
#define XLPAGE_LANDSCAPE_WIDTH 121.0
/* The smallest scale a printed page may take: the 11-point text at 8 points. */
#define XLPAGE_MIN_SCALE (8.0 / 11.0)
#define XLPAGE_DEFAULT_WIDTH 8.43 /* a column whose width was never set */
/* The printable height of a portrait page inside Excel's default margins
 * (0.75 in top and bottom) on US Letter, the shorter of Letter and A4. */
#define XLPAGE_PORTRAIT_POINTS 684.0
#define XLPAGE_FONT_POINTS 11.0   /* the default font */
#define XLPAGE_LEGIBLE_POINTS 8.0 /* the smallest text a printed page may show */
/* The tallest sheet that prints on one portrait page with its text no
 * smaller than XLPAGE_LEGIBLE_POINTS once scaled to fit. */
#define XLPAGE_ONE_PAGE_POINTS (XLPAGE_PORTRAIT_POINTS * XLPAGE_FONT_POINTS / XLPAGE_LEGIBLE_POINTS)
#define XLPAGE_FOOTER_SIZE 256 /* Excel's limit for a footer, and the NUL */

/* The lines text takes when wrapped at word boundaries in a column width
 * units wide, in bold when bold: each "\n" starts a line, a word wider than
 * the column is broken across lines. At least 1, even for "". */
unsigned xlpage_lines(const char *text, double width, bool bold);

/* The row height in points that shows lines lines, at most XLPAGE_MAX_POINTS. */
double xlpage_height(unsigned lines);

/* The width a column needs so that no word of text is broken (bold when
 * bold): the longest word, plus a margin. */
double xlpage_word_width(const char *text, bool bold);

/* True when a sheet total_width units wide is printed landscape. */
bool xlpage_landscape(double total_width);

/* How many pages across a sheet total_width units wide is fitted to, so
 * that no text prints under 8 points (XLPAGE_MIN_SCALE): 1 when it fits one
 * page at that scale, else enough pages with the key_width units of the key
 * columns repeated on each; *repeat_key says whether they are (not when
 * wider than half a page: they would crowd out the columns they name). */
unsigned xlpage_pages_across(double total_width, double key_width, bool landscape,
                             bool *repeat_key);

/* A landscape page's printable area in screen pixels (96 a inch) at full
 * size: Letter's width less margins, A4's height less margins, header and
 * footer (the smaller of each), and the height of a default row. */
#define XLPAGE_LANDSCAPE_PX_W 931.0
#define XLPAGE_LANDSCAPE_PX_H 640.0
#define XLPAGE_ROW_PX 20.0

/* The pixels a column width units wide takes on screen and at full print
 * size (Calibri 11: 7 a unit and 5 of padding). */
double xlpage_column_px(double width);

/* The print scale, in percent, at which a sheet width_px pixels wide fills
 * one landscape page across: at most 100, at least XLPAGE_MIN_SCALE's. */
unsigned xlpage_scale(double width_px);

/* The rows of default height one landscape page holds at scale percent. */
unsigned xlpage_rows_per_page(unsigned scale);

/* The footer of every printed page, as Excel's header/footer codes, into buf
 * (XLPAGE_FOOTER_SIZE bytes): centred, "<sheet name> — <period> — page N of
 * M", without the period when period is NULL or "". An '&' in the period is
 * doubled so that it prints as itself; a period too long for the footer is
 * cut at a character boundary. */
void xlpage_footer(const char *period, char buf[XLPAGE_FOOTER_SIZE]);

#endif
