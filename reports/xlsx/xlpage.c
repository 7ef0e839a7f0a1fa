/* xlpage.c — estimates of how wrapped text fits a column and how a sheet
 * prints; the workbook writer applies them (reports/xlsx/xlpage.h). */
#include "reports/xlsx/xlpage.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* How much wider than a digit of Calibri the average character is drawn,
 * allowing for a wider fallback font; bold adds its own. */
#define CHAR_UNITS 1.0
#define BOLD_UNITS 1.10
/* The cell's padding and the indent of wrapped text (xlsx.c), in column
 * units, taken from the width a line may use. */
#define CELL_PADDING 1.8

/* True for the first byte of a UTF-8 character (not a continuation byte). */
static bool
starts_char(unsigned char c)
{
    return (c & 0xC0) != 0x80;
}

static double
char_units(bool bold)
{
    return bold ? CHAR_UNITS * BOLD_UNITS : CHAR_UNITS;
}

/* The lines of one paragraph (no "\n") of n bytes. */
static unsigned
paragraph_lines(const char *p, size_t n, double capacity, double unit)
{
    unsigned lines = 1;
    double used = 0.0;
    size_t i = 0;
    while (i < n) {
        while (i < n && p[i] == ' ')
            i++;
        if (i >= n)
            break;
        double word = 0.0;
        while (i < n && p[i] != ' ') {
            if (starts_char((unsigned char)p[i]))
                word += unit;
            i++;
        }
        double need = used > 0.0 ? used + unit + word : word;
        if (need <= capacity) {
            used = need;
            continue;
        }
        if (used > 0.0) {
            lines++;
            used = 0.0;
        }
        while (word > capacity) { /* a word wider than the column breaks */
            lines++;
            word -= capacity;
        }
        used = word;
    }
    return lines;
}

unsigned
xlpage_lines(const char *text, double width, bool bold)
{
    double unit = char_units(bold);
    double capacity = width - CELL_PADDING;
    if (capacity < unit)
        capacity = unit;
    if (!text)
        return 1;
    unsigned lines = 0;
    for (;;) {
        const char *nl = strchr(text, '\n');
        size_t n = nl ? (size_t)(nl - text) : strlen(text);
        lines += paragraph_lines(text, n, capacity, unit);
        if (!nl)
            break;
        text = nl + 1;
    }
    return lines;
}

double
xlpage_height(unsigned lines)
{
    double h = (lines ? lines : 1) * XLPAGE_LINE_POINTS;
    return h < XLPAGE_MAX_POINTS ? h : XLPAGE_MAX_POINTS;
}

double
xlpage_word_width(const char *text, bool bold)
{
    double unit = char_units(bold), longest = 0.0, word = 0.0;
    for (const char *p = text ? text : "";; p++) {
        if (!*p || *p == ' ' || *p == '\n') {
            if (word > longest)
                longest = word;
            word = 0.0;
            if (!*p)
                break;
        } else if (starts_char((unsigned char)*p)) {
            word += unit;
        }
    }
    return longest + CELL_PADDING + 0.5;
}

bool
xlpage_landscape(double total_width)
{
    return total_width > XLPAGE_PORTRAIT_WIDTH;
}

unsigned
xlpage_pages_across(double total_width, double key_width, bool landscape, bool *repeat_key)
{
    double page = (landscape ? XLPAGE_LANDSCAPE_WIDTH : XLPAGE_PORTRAIT_WIDTH) / XLPAGE_MIN_SCALE;
    *repeat_key = key_width > 0 && key_width < page / 2;
    if (total_width <= page)
        return 1;
    double key = *repeat_key ? key_width : 0.0;
    return (unsigned)ceil((total_width - key) / (page - key));
}

double
xlpage_column_px(double width)
{
    return floor(width * 7.0 + 5.0);
}

unsigned
xlpage_scale(double width_px)
{
    double s = width_px > 0 ? 100.0 * XLPAGE_LANDSCAPE_PX_W / width_px : 100.0;
    double least = ceil(100.0 * XLPAGE_MIN_SCALE);
    if (s > 100.0)
        s = 100.0;
    return (unsigned)(s < least ? least : floor(s));
}

unsigned
xlpage_rows_per_page(unsigned scale)
{
    return (unsigned)floor(XLPAGE_LANDSCAPE_PX_H * 100.0 / (double)scale / XLPAGE_ROW_PX);
}

void
xlpage_footer(const char *period, char buf[XLPAGE_FOOTER_SIZE])
{
    static const char head[] = "&C&A \xe2\x80\x94 ";
    static const char tail[] = "page &P of &N";
    size_t len = (size_t)snprintf(buf, XLPAGE_FOOTER_SIZE, "%s", head);
    size_t room = XLPAGE_FOOTER_SIZE - 1 - (sizeof tail - 1) - (sizeof " \xe2\x80\x94 " - 1);
    size_t char_start = len;
    bool any = false;
    for (const char *p = period ? period : ""; *p; p++) {
        size_t need = *p == '&' ? 2 : 1;
        if (starts_char((unsigned char)*p))
            char_start = len;
        if (len + need > room) {
            len = char_start; /* never half a character */
            break;
        }
        buf[len++] = *p;
        if (*p == '&')
            buf[len++] = '&';
        any = true;
    }
    buf[len] = '\0';
    snprintf(buf + len, XLPAGE_FOOTER_SIZE - len, "%s%s", any ? " \xe2\x80\x94 " : "", tail);
}
