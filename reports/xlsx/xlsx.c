/* xlsx.c — the workbook writer over libxlsxwriter: temporary file and rename,
 * fixed properties, shared formats, sticky errors, cells that are always data. */
#include "reports/xlsx/xlsx.h"
#include "reports/xlsx/xlsx_book.h"

#include <assert.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <xlsxwriter.h>

#include "engine/time/sltime.h"
#include "engine/base/strbuf.h"
#include "reports/xlsx/outfile.h"
#include "reports/xlsx/xlpage.h"
#include "reports/xlsx/xltext.h"

#define CREATED_FALLBACK 315532800 /* 1980-01-01: libxlsxwriter reads 0 as "now" */

/* The shared formats, as data. Colours are Excel's own good/neutral/bad. */
static const struct {
    bool bold, italic, wrap, border, left;
    const char *num_format;
    lxw_color_t font, fill; /* 0 = none */
} style_table[XLSX_STYLE_COUNT] = {
    [XLSX_PLAIN] = {0},
    [XLSX_HEADER] = {.bold = true, .wrap = true, .border = true},
    [XLSX_BOLD] = {.bold = true},
    [XLSX_MUTED] = {.italic = true, .font = 0x808080},
    [XLSX_WRAP] = {.wrap = true},
    [XLSX_MUTED_WRAP] = {.italic = true, .wrap = true, .font = 0x808080},
    [XLSX_WRAP_BOLD] = {.bold = true, .wrap = true},
    [XLSX_INTEGER] = {.num_format = "0"},
    [XLSX_INTEGER_LEFT] = {.num_format = "0", .left = true},
    [XLSX_DECIMAL1] = {.num_format = "0.0"},
    [XLSX_PERCENT] = {.num_format = "0.000%"},
    [XLSX_PERCENT_BOLD] = {.bold = true, .num_format = "0.000%"},
    [XLSX_PERCENT1] = {.num_format = "0.0%"},
    [XLSX_PERCENT_RED] = {.num_format = "0.000%", .font = 0x9C0006, .fill = 0xFFC7CE},
    [XLSX_PERCENT_AMBER] = {.num_format = "0.000%", .font = 0x9C5700, .fill = 0xFFEB9C},
    [XLSX_PERCENT_GREEN] = {.num_format = "0.000%", .font = 0x006100, .fill = 0xC6EFCE},
    [XLSX_DATETIME] = {.num_format = "yyyy-mm-dd hh:mm"},
    [XLSX_DATE] = {.num_format = "yyyy-mm-dd"},
    [XLSX_MONEY] = {.num_format = "#,##0.00"},
    [XLSX_TEXT_RED] = {.bold = true, .font = 0x9C0006, .fill = 0xFFC7CE},
    [XLSX_TEXT_AMBER] = {.font = 0x9C5700, .fill = 0xFFEB9C},
    [XLSX_TEXT_GREEN] = {.font = 0x006100, .fill = 0xC6EFCE},
    [XLSX_TEXT_GREY] = {.font = 0x404040, .fill = 0xD9D9D9},
    [XLSX_CHANGE_DECIMAL3] = {.num_format = "\"▲ +\"0.000;\"▼ -\"0.000;\"= \"0.000"},
    [XLSX_CHANGE_DECIMAL1] = {.num_format = "\"▲ +\"0.0;\"▼ -\"0.0;\"= \"0.0"},
    [XLSX_CHANGE_INTEGER] = {.num_format = "\"▲ +\"0;\"▼ -\"0;\"= \"0"},
};

static const struct {
    lxw_color_t font, fill;
} fill_table[XLSX_FILL_COUNT] = {
    [XLSX_FILL_RED] = {0x9C0006, 0xFFC7CE},
    [XLSX_FILL_AMBER] = {0x9C5700, 0xFFEB9C},
    [XLSX_FILL_GREEN] = {0x006100, 0xC6EFCE},
};

static void sheet_layout(struct xlsx_sheet *sh);
static void set_height(struct xlsx_sheet *sh, uint32_t row, double points);

void
xlsx_fail(struct xlsx_book *b, enum sl_status st, const char *fmt, ...)
{
    if (b->status != SL_OK)
        return;
    va_list ap;
    va_start(ap, fmt);
    b->status = diag_vset(&b->diag, st, b->path, 0, fmt, ap);
    va_end(ap);
}

static bool
sheet_name_taken(const struct xlsx_book *b, const char *name)
{
    for (size_t i = 0; i < b->nsheets; i++)
        if (xltext_casecmp(b->sheets[i]->name, name) == 0)
            return true;
    return false;
}

/* Makes name unique among the book's sheets, in place. */
static bool
unique_sheet_name(const struct xlsx_book *b, char name[XLTEXT_SHEET_NAME_SIZE])
{
    char base[XLTEXT_SHEET_NAME_SIZE];
    snprintf(base, sizeof base, "%s", name);
    for (int k = 2; sheet_name_taken(b, name); k++) {
        if (k > 9999)
            return false;
        char suffix[16];
        int slen = snprintf(suffix, sizeof suffix, " (%d)", k);
        snprintf(name, XLTEXT_SHEET_NAME_SIZE, "%s", base);
        xltext_cut(name, XLTEXT_SHEET_NAME_MAX - (size_t)slen);
        size_t len = strlen(name);
        snprintf(name + len, XLTEXT_SHEET_NAME_SIZE - len, "%s", suffix);
    }
    return true;
}

static void
add_formats(struct xlsx_book *b)
{
    for (int i = XLSX_PLAIN; i < XLSX_STYLE_COUNT; i++) {
        lxw_format *f = b->style[i] = workbook_add_format(b->wb);
        if (!f) {
            xlsx_fail(b, SL_ERR_NOMEM, "out of memory for the workbook's formats");
            return;
        }
        if (style_table[i].bold)
            format_set_bold(f);
        if (style_table[i].italic)
            format_set_italic(f);
        /* Top aligned, every style: beside a wrapped cell's many lines, a
         * row's other cells read from its first line. */
        format_set_align(f, LXW_ALIGN_VERTICAL_TOP);
        if (style_table[i].wrap)
            format_set_text_wrap(f);
        if (style_table[i].left)
            format_set_align(f, LXW_ALIGN_LEFT);
        if (!style_table[i].num_format || style_table[i].left)
            format_set_indent(f, 1); /* text clear of a number ending in the cell before */
        if (style_table[i].border)
            format_set_bottom(f, LXW_BORDER_THIN);
        if (style_table[i].num_format)
            format_set_num_format(f, style_table[i].num_format);
        if (style_table[i].font)
            format_set_font_color(f, style_table[i].font);
        if (style_table[i].fill) {
            format_set_pattern(f, LXW_PATTERN_SOLID);
            format_set_bg_color(f, style_table[i].fill);
        }
    }
    for (int i = 0; i < XLSX_FILL_COUNT; i++) {
        lxw_format *f = b->fill[i] = workbook_add_format(b->wb);
        if (!f) {
            xlsx_fail(b, SL_ERR_NOMEM, "out of memory for the workbook's formats");
            return;
        }
        format_set_font_color(f, fill_table[i].font);
        format_set_bg_color(f, fill_table[i].fill);
    }
}

static void
book_free(struct xlsx_book *b)
{
    if (b->wb)
        lxw_workbook_free(b->wb);
    outfile_abandon(&b->out);
    for (size_t i = 0; i < b->nsheets; i++) {
        free(b->sheets[i]->heights);
        free(b->sheets[i]);
    }
    free(b->sheets);
    for (size_t i = 0; i < b->ncharts; i++)
        free(b->charts[i]);
    free(b->charts);
    free(b->path);
    free(b);
}

enum sl_status
xlsx_open(struct xlsx_book **out, const char *path, const struct xlsx_props *props,
          struct sl_diag *diag)
{
    enum sl_status st = SL_OK;
    char *title = NULL, *subject = NULL, *comments = NULL;
    struct xlsx_book *b = NULL;
    *out = NULL;
    if (!path || !*path)
        return diag_set(diag, SL_ERR_REPORT, "", 0, "no path given for the workbook");
    b = calloc(1, sizeof *b);
    if (!b || !(b->path = strdup(path))) {
        st = diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
        goto out;
    }
    if ((st = outfile_begin(&b->out, path, diag)) != SL_OK)
        goto out;
    b->constant_memory = props && props->constant_memory;
    b->rows_per_sheet = props && props->rows_per_sheet >= 2 && props->rows_per_sheet <= XLSX_MAX_ROW
                            ? props->rows_per_sheet
                            : XLSX_MAX_ROW + 1;
    xlpage_footer(props ? props->period : NULL, b->footer);
    lxw_workbook_options opt = {
        .constant_memory = b->constant_memory ? LXW_TRUE : LXW_FALSE,
        .tmpdir = NULL,
    };
    b->wb = workbook_new_opt(b->out.tmp, &opt);
    if (!b->wb) {
        st = diag_set(diag, SL_ERR_NOMEM, path, 0, "cannot start a workbook: out of memory");
        goto out;
    }
    /* lxw_doc_properties holds char *; the library copies what it is given. */
    title = strdup(props && props->title ? props->title : "");
    subject = strdup(props && props->subject ? props->subject : "");
    comments = strdup(props && props->comments ? props->comments : "");
    if (!title || !subject || !comments) {
        st = diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
        goto out;
    }
    int64_t created = props && props->created > 0 ? props->created : CREATED_FALLBACK;
    lxw_doc_properties dp = {
        .title = title,
        .subject = subject,
        .author = "slaudit",
        .company = "slaudit",
        .comments = *comments ? comments : NULL,
        .created = (time_t)created,
    };
    lxw_error err = workbook_set_properties(b->wb, &dp);
    if (err != LXW_NO_ERROR) {
        st = diag_set(diag, SL_ERR_REPORT, path, 0, "workbook properties: %s", lxw_strerror(err));
        goto out;
    }
    add_formats(b);
    if ((st = xlsx_status(b, diag)) != SL_OK)
        goto out;
    *out = b;
    b = NULL;
out:
    if (b)
        book_free(b);
    free(title);
    free(subject);
    free(comments);
    return st;
}

void
xlsx_abandon(struct xlsx_book *book)
{
    if (book)
        book_free(book);
}

enum sl_status
xlsx_status(const struct xlsx_book *book, struct sl_diag *diag)
{
    if (book->status != SL_OK && diag)
        *diag = book->diag;
    return book->status;
}

enum sl_status
xlsx_close(struct xlsx_book *book, struct sl_diag *diag)
{
    struct xlsx_book *b = book;
    enum sl_status st = xlsx_status(b, diag);
    if (st != SL_OK)
        goto out;
    for (size_t i = 0; i < b->nsheets; i++)
        sheet_layout(b->sheets[i]);
    if ((st = xlsx_status(b, diag)) != SL_OK)
        goto out;
    errno = 0;
    lxw_error err = workbook_close(b->wb); /* frees the workbook, whatever happens */
    int sys = errno;
    b->wb = NULL;
    if (err != LXW_NO_ERROR) {
        /* The library's own words name the temporary file and the zip layer;
         * the system's error (a full disk, say) is what the user can act on. */
        bool file_error = err == LXW_ERROR_CREATING_XLSX_FILE ||
                          err == LXW_ERROR_CREATING_TMPFILE ||
                          err == LXW_ERROR_ZIP_FILE_OPERATION || err == LXW_ERROR_ZIP_FILE_ADD ||
                          err == LXW_ERROR_ZIP_CLOSE;
        st = diag_set(diag, SL_ERR_REPORT, b->path, 0, "cannot write the workbook: %s",
                      file_error && sys ? strerror(sys) : lxw_strerror(err));
        goto out;
    }
    st = outfile_commit(&b->out, diag);
out:
    book_free(b);
    return st;
}

struct xlsx_sheet *
xlsx_add_sheet(struct xlsx_book *book, const char *name)
{
    struct xlsx_book *b = book;
    struct xlsx_sheet *sh = NULL;
    if (b->status != SL_OK)
        return NULL;
    struct xlsx_sheet **grown = realloc(b->sheets, (b->nsheets + 1) * sizeof *grown);
    if (grown)
        b->sheets = grown;
    if (!grown || !(sh = calloc(1, sizeof *sh))) {
        xlsx_fail(b, SL_ERR_NOMEM, "out of memory for a sheet");
        return NULL;
    }
    sh->book = b;
    xltext_sheet_name(name, sh->name);
    if (!unique_sheet_name(b, sh->name)) {
        xlsx_fail(b, SL_ERR_REPORT, "too many sheets named '%s'", sh->name);
        free(sh);
        return NULL;
    }
    sh->ws = workbook_add_worksheet(b->wb, sh->name);
    if (!sh->ws) {
        xlsx_fail(b, SL_ERR_REPORT, "cannot add sheet '%s'", sh->name);
        free(sh);
        return NULL;
    }
    b->sheets[b->nsheets++] = sh;
    return sh;
}

const char *
xlsx_sheet_name(const struct xlsx_sheet *sh)
{
    return sh ? sh->name : "";
}

bool
xlsx_in_grid(struct xlsx_sheet *sh, uint32_t row, uint16_t col)
{
    if (!sh || sh->book->status != SL_OK)
        return false;
    if (row > XLSX_MAX_ROW || col > XLSX_MAX_COL) {
        xlsx_fail(sh->book, SL_ERR_LIMIT, "sheet '%s': row %lu, column %u is beyond Excel's grid",
                  sh->name, (unsigned long)row + 1, (unsigned)col + 1);
        return false;
    }
    return true;
}

/* True when a cell write at row, col may go ahead. In constant memory a row
 * above the current one is already on disk: libxlsxwriter would drop the
 * write, so it fails loudly here instead. */
static bool
writable(struct xlsx_sheet *sh, uint32_t row, uint16_t col)
{
    if (!xlsx_in_grid(sh, row, col))
        return false;
    if (sh->book->constant_memory) {
        if (row < sh->current_row) {
            xlsx_fail(sh->book, SL_ERR_REPORT,
                      "sheet '%s': row %lu written after row %lu (rows must come in order)",
                      sh->name, (unsigned long)row + 1, (unsigned long)sh->current_row + 1);
            return false;
        }
        if (row > sh->current_row && sh->pending_height > 0) {
            /* The row is about to go to disk: its height goes with it. */
            set_height(sh, sh->current_row, sh->pending_height);
            sh->pending_height = 0;
        }
        sh->current_row = row;
    }
    if (col >= sh->ncols)
        sh->ncols = (uint16_t)(col + 1);
    return true;
}

void
xlsx_check(struct xlsx_sheet *sh, lxw_error err, uint32_t row, uint16_t col)
{
    if (err == LXW_NO_ERROR)
        return;
    char cell[LXW_MAX_CELL_NAME_LENGTH];
    lxw_rowcol_to_cell(cell, row, col);
    xlsx_fail(sh->book, SL_ERR_REPORT, "sheet '%s' cell %s: %s", sh->name, cell, lxw_strerror(err));
}

/* ---- layout: row heights for wrapped text, print setup (xlpage.h) ---- */

static double
col_width(const struct xlsx_sheet *sh, uint16_t col)
{
    if (col < XLSX_TRACKED_COLS && sh->widths[col] > 0)
        return sh->widths[col];
    return XLPAGE_DEFAULT_WIDTH;
}

static void
set_height(struct xlsx_sheet *sh, uint32_t row, double points)
{
    xlsx_check(sh, worksheet_set_row(sh->ws, row, points, NULL), row, 0);
}

/* Makes row tall enough for text wrapped in column col, when style wraps:
 * at once for the row being written in constant memory (it goes to disk
 * when the next row starts), at close otherwise. */
static void
fit_height_width(struct xlsx_sheet *sh, uint32_t row, double width, const char *text,
                 enum xlsx_style style)
{
    unsigned lines = xlpage_lines(text, width, style_table[style].bold);
    if (lines <= 1)
        return;
    double h = xlpage_height(lines);
    if (sh->book->constant_memory) {
        if (h > sh->pending_height)
            sh->pending_height = h;
        return;
    }
    if (row >= sh->nheights) {
        uint32_t n = sh->nheights ? sh->nheights : 64;
        while (n <= row)
            n = n > XLSX_MAX_ROW / 2 ? XLSX_MAX_ROW + 1 : n * 2;
        double *grown = realloc(sh->heights, n * sizeof *grown);
        if (!grown) {
            xlsx_fail(sh->book, SL_ERR_NOMEM, "sheet '%s': out of memory for row heights",
                      sh->name);
            return;
        }
        memset(grown + sh->nheights, 0, (n - sh->nheights) * sizeof *grown);
        sh->heights = grown;
        sh->nheights = n;
    }
    if (h > sh->heights[row])
        sh->heights[row] = h;
}

static void
fit_height(struct xlsx_sheet *sh, uint32_t row, uint16_t col, const char *text,
           enum xlsx_style style)
{
    if (style_table[style].wrap)
        fit_height_width(sh, row, col_width(sh, col), text, style);
}

/* Orientation and pages across: as the sheet asked (xlsx_print_fit), else
 * landscape when wide and one page across; never so few pages that the
 * text prints under 8 points. A sheet split across pages repeats its key
 * column (the first, unless xlsx_print_titles named others) on each. */
static void
print_width(struct xlsx_sheet *sh)
{
    double total = 0, key = 0;
    uint16_t key_cols = sh->key_cols ? sh->key_cols : 1;
    for (uint16_t c = 0; c < sh->ncols; c++) {
        total += col_width(sh, c);
        if (c < key_cols)
            key += col_width(sh, c);
    }
    bool landscape = sh->print_set ? sh->landscape : xlpage_landscape(total);
    unsigned pages = sh->print_set ? sh->pages_wide : 1;
    if (landscape)
        worksheet_set_landscape(sh->ws);
    if (sh->scale) {
        worksheet_set_print_scale(sh->ws, (uint16_t)sh->scale);
        return;
    }
    if (pages == 0)
        return;
    bool repeat_key;
    unsigned legible = xlpage_pages_across(total, key, landscape, &repeat_key);
    if (legible > pages)
        pages = legible;
    worksheet_fit_to_pages(sh->ws, (uint16_t)pages, 0);
    if (pages > 1 && repeat_key && !sh->key_cols)
        xlsx_check(sh, worksheet_repeat_columns(sh->ws, 0, 0), 0, 0);
}

/* What every sheet gets at close: its row heights, and unless the sheet set
 * them itself, landscape when wide, one page across, its header row on every
 * page; and the book's footer. */
static void
sheet_layout(struct xlsx_sheet *sh)
{
    if (sh->book->constant_memory && sh->pending_height > 0)
        set_height(sh, sh->current_row, sh->pending_height);
    sh->pending_height = 0;
    for (uint32_t row = 0; row < sh->nheights; row++)
        if (sh->heights[row] > 0)
            set_height(sh, row, sh->heights[row]);
    print_width(sh);
    if (!sh->titles_set && sh->has_header)
        xlsx_check(sh, worksheet_repeat_rows(sh->ws, sh->header_row, sh->header_row),
                   sh->header_row, 0);
    xlsx_check(sh, worksheet_set_footer(sh->ws, sh->book->footer), 0, 0);
}

void
xlsx_blank(struct xlsx_sheet *sh, uint32_t row, uint16_t col, enum xlsx_style style)
{
    if (!writable(sh, row, col) || style == XLSX_PLAIN)
        return; /* an unstyled blank is no cell at all */
    assert((unsigned)style < XLSX_STYLE_COUNT);
    xlsx_check(sh, worksheet_write_blank(sh->ws, row, col, sh->book->style[style]), row, col);
}

void
xlsx_text(struct xlsx_sheet *sh, uint32_t row, uint16_t col, const char *text,
          enum xlsx_style style)
{
    if (!text || !*text) {
        xlsx_blank(sh, row, col, style);
        return;
    }
    if (!writable(sh, row, col))
        return;
    assert((unsigned)style < XLSX_STYLE_COUNT);
    struct strbuf sb = STRBUF_INIT;
    const char *fitted;
    enum sl_status st = xltext_fit_cell(text, &sb, &fitted);
    if (st != SL_OK)
        xlsx_fail(sh->book, st, "sheet '%s': no memory for a cell's text", sh->name);
    else { /* write_string, never write_formula: text stays text */
        xlsx_check(sh, worksheet_write_string(sh->ws, row, col, fitted, sh->book->style[style]),
                   row, col);
        fit_height(sh, row, col, fitted, style);
    }
    strbuf_release(&sb);
}

void
xlsx_text_across(struct xlsx_sheet *sh, uint32_t row, uint16_t first_col, uint16_t last_col,
                 const char *text, enum xlsx_style style)
{
    if (first_col >= last_col) {
        xlsx_text(sh, row, first_col, text, style);
        return;
    }
    if (!writable(sh, row, first_col) || !writable(sh, row, last_col))
        return;
    assert((unsigned)style < XLSX_STYLE_COUNT);
    struct strbuf sb = STRBUF_INIT;
    const char *fitted;
    if (xltext_fit_cell(text ? text : "", &sb, &fitted) != SL_OK) {
        xlsx_fail(sh->book, SL_ERR_NOMEM, "sheet '%s': no memory for a cell's text", sh->name);
    } else {
        xlsx_check(sh,
                   worksheet_merge_range(sh->ws, row, first_col, row, last_col, fitted,
                                         sh->book->style[style]),
                   row, first_col);
        double width = 0;
        for (uint32_t c = first_col; c <= last_col; c++)
            width += col_width(sh, (uint16_t)c);
        if (style_table[style].wrap)
            fit_height_width(sh, row, width, fitted, style);
    }
    strbuf_release(&sb);
}

void
xlsx_number(struct xlsx_sheet *sh, uint32_t row, uint16_t col, double value, enum xlsx_style style)
{
    if (!isfinite(value)) {
        xlsx_blank(sh, row, col, style);
        return;
    }
    if (!writable(sh, row, col))
        return;
    assert((unsigned)style < XLSX_STYLE_COUNT);
    xlsx_check(sh, worksheet_write_number(sh->ws, row, col, value, sh->book->style[style]), row,
               col);
}

void
xlsx_percent(struct xlsx_sheet *sh, uint32_t row, uint16_t col, double fraction)
{
    xlsx_number(sh, row, col, fraction, XLSX_PERCENT);
}

/* An instant as local time in zone, to the second or (style XLSX_DATE) the day. */
static void
write_civil(struct xlsx_sheet *sh, uint32_t row, uint16_t col, int64_t t, const char *zone,
            enum xlsx_style style)
{
    if (t == SLTIME_NONE || !writable(sh, row, col))
        return;
    struct sl_civil c;
    sltime_to_civil(t, zone, &c, NULL);
    if (c.year < 1900 || c.year > 9999) { /* beyond Excel's dates: keep it readable */
        char text[40];
        sltime_format(t, zone, text);
        xlsx_text(sh, row, col, text, XLSX_PLAIN);
        return;
    }
    bool day = style == XLSX_DATE;
    lxw_datetime dt = {
        c.year, c.month, c.day, day ? 0 : c.hour, day ? 0 : c.minute, day ? 0.0 : (double)c.second};
    xlsx_check(sh, worksheet_write_datetime(sh->ws, row, col, &dt, sh->book->style[style]), row,
               col);
}

void
xlsx_instant(struct xlsx_sheet *sh, uint32_t row, uint16_t col, int64_t t, const char *zone)
{
    write_civil(sh, row, col, t, zone, XLSX_DATETIME);
}

void
xlsx_date(struct xlsx_sheet *sh, uint32_t row, uint16_t col, int64_t t, const char *zone)
{
    write_civil(sh, row, col, t, zone, XLSX_DATE);
}

void
xlsx_column_width(struct xlsx_sheet *sh, uint16_t first, uint16_t last, double width)
{
    if (!xlsx_in_grid(sh, 0, last) || first > last)
        return;
    for (uint32_t c = first; c <= last && c < XLSX_TRACKED_COLS; c++)
        sh->widths[c] = width;
    if (last >= sh->ncols)
        sh->ncols = (uint16_t)(last + 1);
    xlsx_check(sh, worksheet_set_column(sh->ws, first, last, width, NULL), 0, first);
}

uint16_t
xlsx_titles(struct xlsx_sheet *sh, uint32_t row, const struct xlsx_column *columns)
{
    uint16_t n = 0;
    /* Widths first, so the row's height fits the titles as they wrap; no
     * word of a title is ever broken. */
    for (; columns[n].title; n++) {
        double fit = xlpage_word_width(columns[n].title, true);
        xlsx_column_width(sh, n, n, columns[n].width > fit ? columns[n].width : fit);
        xlsx_text(sh, row, n, columns[n].title, XLSX_HEADER);
    }
    return n;
}

uint16_t
xlsx_header(struct xlsx_sheet *sh, uint32_t row, const struct xlsx_column *columns, uint32_t ndata)
{
    uint16_t n = xlsx_titles(sh, row, columns);
    if (n == 0 || !xlsx_in_grid(sh, row, n - 1))
        return n;
    if (!sh->has_header) {
        sh->has_header = true;
        sh->header_row = row;
    }
    if (ndata > XLSX_MAX_ROW - row) {
        xlsx_fail(sh->book, SL_ERR_LIMIT, "sheet '%s': %lu rows are more than Excel holds",
                  sh->name, (unsigned long)ndata);
        return n;
    }
    worksheet_freeze_panes(sh->ws, row + 1, 0);
    xlsx_check(sh, worksheet_autofilter(sh->ws, row, 0, row + ndata, n - 1), row, 0);
    return n;
}

/* Adds the conditional format cf, filled with fill, over the range. */
static void
add_fill(struct xlsx_sheet *sh, uint32_t first_row, uint16_t first_col, uint32_t last_row,
         uint16_t last_col, lxw_conditional_format *cf, enum xlsx_fill fill)
{
    if (!xlsx_in_grid(sh, first_row, first_col) || !xlsx_in_grid(sh, last_row, last_col))
        return;
    assert((unsigned)fill < XLSX_FILL_COUNT);
    cf->type = LXW_CONDITIONAL_TYPE_CELL;
    cf->format = sh->book->fill[fill];
    xlsx_check(
        sh,
        worksheet_conditional_format_range(sh->ws, first_row, first_col, last_row, last_col, cf),
        first_row, first_col);
}

void
xlsx_fill_below(struct xlsx_sheet *sh, uint32_t first_row, uint16_t first_col, uint32_t last_row,
                uint16_t last_col, double threshold, enum xlsx_fill fill)
{
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.criteria = LXW_CONDITIONAL_CRITERIA_LESS_THAN;
    cf.value = threshold;
    add_fill(sh, first_row, first_col, last_row, last_col, &cf, fill);
}

void
xlsx_fill_between(struct xlsx_sheet *sh, uint32_t first_row, uint16_t first_col, uint32_t last_row,
                  uint16_t last_col, double low, double high, enum xlsx_fill fill)
{
    lxw_conditional_format cf;
    memset(&cf, 0, sizeof cf);
    cf.criteria = LXW_CONDITIONAL_CRITERIA_BETWEEN;
    cf.min_value = low;
    cf.max_value = high;
    add_fill(sh, first_row, first_col, last_row, last_col, &cf, fill);
}

/* ---- long tables ---- */

/* Starts the next part of t with as many rows as fit. */
static void
table_part(struct xlsx_table *t)
{
    uint32_t capacity = t->book->rows_per_sheet - 1; /* the header takes a row */
    uint32_t n = t->remaining < capacity ? (uint32_t)t->remaining : capacity;
    t->sheet = xlsx_add_sheet(t->book, t->name);
    t->parts++;
    if (!t->sheet)
        return;
    xlsx_header(t->sheet, 0, t->columns, n);
    t->next_row = 1;
    t->end_row = 1 + n;
}

void
xlsx_table_begin(struct xlsx_table *t, struct xlsx_book *book, const char *name,
                 const struct xlsx_column *columns, size_t nrows)
{
    *t = (struct xlsx_table){.book = book, .name = name, .columns = columns, .remaining = nrows};
    table_part(t);
}

struct xlsx_sheet *
xlsx_table_row(struct xlsx_table *t, uint32_t *row)
{
    if (!t->sheet || t->remaining == 0 || t->book->status != SL_OK)
        return NULL;
    if (t->next_row >= t->end_row) {
        table_part(t);
        if (!t->sheet)
            return NULL;
    }
    t->remaining--;
    *row = t->next_row++;
    return t->sheet;
}

/* ---- swatches ---- */

static lxw_format *
swatch_format(struct xlsx_book *b, uint32_t fill, uint32_t font)
{
    for (size_t i = 0; i < b->nswatches; i++)
        if (b->swatch[i].fill == fill && b->swatch[i].font == font)
            return b->swatch[i].format;
    if (b->nswatches == XLSX_MAX_SWATCHES) {
        xlsx_fail(b, SL_ERR_LIMIT, "more than %d cell colours", XLSX_MAX_SWATCHES);
        return NULL;
    }
    lxw_format *f = workbook_add_format(b->wb);
    if (!f) {
        xlsx_fail(b, SL_ERR_NOMEM, "out of memory for the workbook's formats");
        return NULL;
    }
    format_set_pattern(f, LXW_PATTERN_SOLID);
    format_set_bg_color(f, fill);
    format_set_font_color(f, font);
    format_set_align(f, LXW_ALIGN_CENTER);
    format_set_align(f, LXW_ALIGN_VERTICAL_CENTER);
    /* White edges, so a strip of days reads as separate cells. */
    format_set_border(f, LXW_BORDER_THIN);
    format_set_border_color(f, 0xFFFFFF);
    b->swatch[b->nswatches].fill = fill;
    b->swatch[b->nswatches].font = font;
    b->swatch[b->nswatches].format = f;
    b->nswatches++;
    return f;
}

void
xlsx_swatch(struct xlsx_sheet *sh, uint32_t row, uint16_t col, const char *text, double value,
            uint32_t fill, uint32_t font)
{
    if (!writable(sh, row, col))
        return;
    lxw_format *f = swatch_format(sh->book, fill, font);
    if (!f)
        return;
    if (text) {
        struct strbuf sb = STRBUF_INIT;
        const char *fitted;
        enum sl_status st = xltext_fit_cell(text, &sb, &fitted);
        if (st != SL_OK)
            xlsx_fail(sh->book, st, "sheet '%s': no memory for a cell's text", sh->name);
        else
            xlsx_check(sh, worksheet_write_string(sh->ws, row, col, fitted, f), row, col);
        strbuf_release(&sb);
    } else if (isfinite(value)) {
        xlsx_check(sh, worksheet_write_number(sh->ws, row, col, value, f), row, col);
    } else {
        xlsx_check(sh, worksheet_write_blank(sh->ws, row, col, f), row, col);
    }
}

/* ---- page setup ---- */

void
xlsx_print_fit(struct xlsx_sheet *sh, bool landscape, uint16_t pages_wide)
{
    if (!xlsx_in_grid(sh, 0, 0))
        return;
    sh->print_set = true;
    sh->landscape = landscape;
    sh->pages_wide = pages_wide;
}

void
xlsx_print_scale(struct xlsx_sheet *sh, unsigned percent)
{
    if (!xlsx_in_grid(sh, 0, 0))
        return;
    sh->print_set = true;
    sh->landscape = true;
    sh->pages_wide = 0;
    sh->scale = percent;
}

void
xlsx_page_breaks(struct xlsx_sheet *sh, const uint32_t *rows, size_t n)
{
    enum { MAX_BREAKS = 1023 };
    lxw_row_t breaks[MAX_BREAKS + 1];
    size_t k = 0;
    for (size_t i = 0; i < n && k < MAX_BREAKS; i++)
        if (rows[i] > 0)
            breaks[k++] = rows[i];
    breaks[k] = 0;
    if (k && xlsx_in_grid(sh, 0, 0))
        xlsx_check(sh, worksheet_set_h_pagebreaks(sh->ws, breaks), breaks[0], 0);
}

double
xlsx_left_px(const struct xlsx_sheet *sh, uint16_t col)
{
    double px = 0;
    for (uint16_t c = 0; c < col; c++)
        px += xlpage_column_px(col_width(sh, c));
    return px;
}

double
xlsx_width_px(const struct xlsx_sheet *sh)
{
    return xlsx_left_px(sh, sh->ncols);
}

void
xlsx_print_page(struct xlsx_sheet *sh, uint32_t last_row, uint16_t last_col)
{
    if (!xlsx_in_grid(sh, last_row, last_col))
        return;
    sh->print_set = true;
    worksheet_set_portrait(sh->ws);
    worksheet_fit_to_pages(sh->ws, 1, 1);
    xlsx_check(sh, worksheet_print_area(sh->ws, 0, 0, last_row, last_col), last_row, last_col);
}

void
xlsx_print_titles(struct xlsx_sheet *sh, uint32_t first_row, uint32_t last_row, uint16_t label_cols)
{
    if (!xlsx_in_grid(sh, last_row, label_cols) || first_row > last_row)
        return;
    sh->titles_set = true;
    sh->key_cols = label_cols;
    xlsx_check(sh, worksheet_repeat_rows(sh->ws, first_row, last_row), first_row, 0);
    if (label_cols > 0)
        xlsx_check(sh, worksheet_repeat_columns(sh->ws, 0, (lxw_col_t)(label_cols - 1)), first_row,
                   0);
}
