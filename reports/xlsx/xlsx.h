/* xlsx.h — the workbook writer: the one wrapper around libxlsxwriter, so no other
 * file includes xlsxwriter.h and every library error becomes an sl_status.
 *
 * A workbook is written to a temporary file beside its final path and renamed
 * onto that path only once it is complete, so a half-written workbook never
 * carries the final name; on any failure the temporary file is removed.
 *
 * Writes are sticky, like stdio's error flag: the first failure is kept in the
 * book with its message, later writes do nothing, and xlsx_close() reports the
 * failure and leaves no file. So sheet code writes a whole table, then asks
 * xlsx_status() once.
 *
 * Text is always written as text, never as a formula, whatever it starts with
 * ('=', '+', '-', '@'), and reads back as written: bytes that are not UTF-8
 * become U+FFFD, text that looks like Excel's "_x0041_" escape stays literal,
 * and text longer than Excel's cell limit (32,767 UTF-16 units) is cut and
 * ends with a visible "… [truncated]" (reports/xltext.h).
 *
 * The document properties are fixed, including the creation time the caller
 * gives, so the same inputs give a byte-identical file. Strings passed in are
 * borrowed for the duration of the call. */
#ifndef SLAUDIT_REPORTS_XLSX_H
#define SLAUDIT_REPORTS_XLSX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"

#define XLSX_MAX_ROW 1048575u /* last row index (0-based) */
#define XLSX_MAX_COL 16383u   /* last column index (0-based) */

struct xlsx_book;  /* opaque; owns its sheets */
struct xlsx_sheet; /* opaque; lives as long as its book */

/* The cell styles every sheet shares. */
enum xlsx_style {
    XLSX_PLAIN = 0,
    XLSX_HEADER, /* bold, wrapped, bottom border */
    XLSX_BOLD,
    XLSX_MUTED,        /* grey italic text, for "unknown" and notes */
    XLSX_WRAP,         /* wrapped text, top aligned */
    XLSX_MUTED_WRAP,   /* XLSX_MUTED, wrapped: a note over several columns */
    XLSX_WRAP_BOLD,    /* XLSX_WRAP in bold */
    XLSX_INTEGER,      /* 0 */
    XLSX_INTEGER_LEFT, /* 0, aligned left: a count beside its label in a wide column */
    XLSX_DECIMAL1,     /* 0.0 */
    XLSX_PERCENT,      /* 0.000% — 99.95 % and 99.9 % must differ */
    XLSX_PERCENT_BOLD,
    XLSX_PERCENT1,      /* 0.0%: a credit of the fee, 10 % */
    XLSX_PERCENT_RED,   /* percent on a red fill */
    XLSX_PERCENT_AMBER, /* percent on an amber fill */
    XLSX_PERCENT_GREEN, /* percent on a green fill */
    XLSX_DATETIME,      /* yyyy-mm-dd hh:mm */
    XLSX_DATE,          /* yyyy-mm-dd */
    XLSX_MONEY,         /* #,##0.00 */
    XLSX_TEXT_RED,      /* bold dark red text on a red fill: a breach, a gap */
    XLSX_TEXT_AMBER,    /* dark amber text on an amber fill */
    XLSX_TEXT_GREEN,    /* dark green text on a green fill */
    XLSX_TEXT_GREY,     /* dark grey text on a grey fill: not a number ("insufficient coverage") */
    /* A change from one month to the next, signed and with an arrow:
     * "▲ +0.120", "▼ -0.120", "= 0.000" (the direction, not whether it is
     * good: more availability and more incidents both point up). */
    XLSX_CHANGE_DECIMAL3, /* points of availability */
    XLSX_CHANGE_DECIMAL1, /* minutes */
    XLSX_CHANGE_INTEGER,  /* counts */
    XLSX_STYLE_COUNT
};

/* Fills for conditional formats. */
enum xlsx_fill { XLSX_FILL_RED, XLSX_FILL_AMBER, XLSX_FILL_GREEN, XLSX_FILL_COUNT };

struct xlsx_props {
    const char *title;
    const char *subject;
    const char *comments; /* may be NULL */
    int64_t created;      /* UTC epoch seconds; never the wall clock */
    /* Constant memory: each row goes to a temporary file as soon as a later
     * row is started, so memory stays flat however long a sheet grows. Every
     * sheet must then be written top to bottom (a write above the current row
     * of its sheet fails), and text is stored in the cell rather than in the
     * shared-string table. */
    bool constant_memory;
    /* Rows per sheet for xlsx_table (header included); 0 = Excel's 1,048,576.
     * Smaller values exist so tests can reach the split cheaply. */
    uint32_t rows_per_sheet;
    /* The period the workbook reports on ("March 2026"), printed in the
     * footer of every page; NULL: none. */
    const char *period;
};

/* One column of a table: its header and width in characters. Column tables
 * are static arrays ending with a {NULL, 0} sentinel. */
struct xlsx_column {
    const char *title;
    double width;
};

/* Opens a workbook to be written at path (its directory must exist). Creates
 * the temporary file at once, so an unwritable place fails here, with
 * SL_ERR_REPORT, before any work is done. */
enum sl_status xlsx_open(struct xlsx_book **out, const char *path, const struct xlsx_props *props,
                         struct sl_diag *diag);

/* Writes the workbook and renames it onto its path. Frees the book, whatever
 * happens. Returns the first sticky failure if there was one (and writes
 * nothing), SL_ERR_REPORT if the file could not be written. */
enum sl_status xlsx_close(struct xlsx_book *book, struct sl_diag *diag);

/* Frees the book without writing and removes the temporary file. NULL is a
 * no-op. */
void xlsx_abandon(struct xlsx_book *book);

/* The first failure so far (SL_OK if none), copied into diag. */
enum sl_status xlsx_status(const struct xlsx_book *book, struct sl_diag *diag);

/* Adds a sheet named after name, made legal by xltext_sheet_name() and, if the
 * result is taken already, made unique with " (2)", " (3)"... Returns NULL
 * after a failure (which sticks to the book); writers ignore a NULL sheet. */
struct xlsx_sheet *xlsx_add_sheet(struct xlsx_book *book, const char *name);

/* The name the sheet was given (sanitised and unique), for chart ranges. */
const char *xlsx_sheet_name(const struct xlsx_sheet *sh);

/* Cells. row and col are 0-based. */
void xlsx_text(struct xlsx_sheet *sh, uint32_t row, uint16_t col, const char *text,
               enum xlsx_style style);
/* Text across columns first_col..last_col of row, merged into one cell, its
 * row as tall as the text needs in their joint width when style wraps. */
void xlsx_text_across(struct xlsx_sheet *sh, uint32_t row, uint16_t first_col, uint16_t last_col,
                      const char *text, enum xlsx_style style);
/* A non-finite value is written as a blank. */
void xlsx_number(struct xlsx_sheet *sh, uint32_t row, uint16_t col, double value,
                 enum xlsx_style style);
/* A fraction (0.99729) shown as a percent (99.729%) in XLSX_PERCENT. */
void xlsx_percent(struct xlsx_sheet *sh, uint32_t row, uint16_t col, double fraction);
/* An instant as an Excel date-time in zone's local time (NULL = UTC);
 * SLTIME_NONE writes a blank. */
void xlsx_instant(struct xlsx_sheet *sh, uint32_t row, uint16_t col, int64_t t, const char *zone);
/* The local calendar day of instant t in zone (NULL = UTC) as an Excel date;
 * SLTIME_NONE writes a blank. */
void xlsx_date(struct xlsx_sheet *sh, uint32_t row, uint16_t col, int64_t t, const char *zone);
/* A missing value: an empty cell, styled when style is not XLSX_PLAIN. */
void xlsx_blank(struct xlsx_sheet *sh, uint32_t row, uint16_t col, enum xlsx_style style);

/* Writes the titles of columns (up to the sentinel) at row in XLSX_HEADER, sets
 * the widths (widened where a word of the title would not fit), freezes
 * everything above and including row, and puts an autofilter over the header
 * and the ndata rows below it. The first header row of a sheet is its print
 * title (below). Returns the number of columns. */
uint16_t xlsx_header(struct xlsx_sheet *sh, uint32_t row, const struct xlsx_column *columns,
                     uint32_t ndata);
/* The titles and widths of xlsx_header alone, for a table further down a
 * sheet: nothing frozen, filtered or repeated on printed pages. */
uint16_t xlsx_titles(struct xlsx_sheet *sh, uint32_t row, const struct xlsx_column *columns);
void xlsx_column_width(struct xlsx_sheet *sh, uint16_t first, uint16_t last, double width);
/* Colours the cells of the range whose value is a number below threshold.
 * Earlier calls take priority over later ones on the same cells. Text is never
 * below a number, but Excel reads a blank cell as 0: keep blanks that should
 * stay uncoloured out of the range. */
void xlsx_fill_below(struct xlsx_sheet *sh, uint32_t first_row, uint16_t first_col,
                     uint32_t last_row, uint16_t last_col, double threshold, enum xlsx_fill fill);
/* Colours the cells of the range whose value is a number from low to high,
 * both included. Text is above every number, so it is never between two;
 * a blank reads as 0, as above. */
void xlsx_fill_between(struct xlsx_sheet *sh, uint32_t first_row, uint16_t first_col,
                       uint32_t last_row, uint16_t last_col, double low, double high,
                       enum xlsx_fill fill);

/* ---- swatches ----
 *
 * A cell whose colour stands for something, as a day's status in a strip:
 * fill and font are RGB colours, the content centred. text when not NULL
 * (short: it is written as text, as xlsx_text writes it), else value when
 * finite (in the General format, so 36 reads 36 and 0.3 reads 0.3), else a
 * coloured blank. The book keeps one format per (fill, font) pair, up to
 * XLSX_MAX_SWATCHES pairs; one more fails with SL_ERR_LIMIT. */
#define XLSX_MAX_SWATCHES 32
void xlsx_swatch(struct xlsx_sheet *sh, uint32_t row, uint16_t col, const char *text, double value,
                 uint32_t fill, uint32_t font);

/* ---- long tables ----
 *
 * A table that continues on "Name (2)", "Name (3)"... when it outgrows a
 * sheet: each part has the header row, frozen and filtered over its own rows.
 * Rows are handed out in order, so it suits constant memory. Fill the struct
 * with xlsx_table_begin() and ask xlsx_table_row() for each data row. */
struct xlsx_table {
    struct xlsx_book *book;
    const char *name;                  /* borrowed until the last row is written */
    const struct xlsx_column *columns; /* ditto */
    size_t remaining;                  /* data rows not yet handed out */
    struct xlsx_sheet *sheet;          /* the current part */
    uint32_t next_row, end_row;        /* within the current part */
    unsigned parts;
};

/* Starts the table and its first part (a header and nothing else when nrows
 * is 0). */
void xlsx_table_begin(struct xlsx_table *t, struct xlsx_book *book, const char *name,
                      const struct xlsx_column *columns, size_t nrows);
/* The sheet and *row of the next data row, starting a new part when the
 * current one is full. NULL after a failure or once nrows rows were given. */
struct xlsx_sheet *xlsx_table_row(struct xlsx_table *t, uint32_t *row);

/* ---- layout and page setup ----
 *
 * Neither Excel nor LibreOffice fits a row to wrapped text on opening, so the
 * writer does: a cell written in a wrapping style (XLSX_WRAP, XLSX_HEADER)
 * makes its row as tall as the text needs in its column's width
 * (reports/xlsx/xlpage.h), the tallest cell of a row winning. Set a
 * column's width before writing wrapped text into it.
 *
 * At close every sheet is made to print: landscape when its columns are
 * wider than a portrait page, scaled to one page across (or, where that
 * would print under 8 points, to as many pages across as keep 8 points, the
 * key column repeated on each: xlpage_pages_across), the first header
 * row (xlsx_header) repeated on every page, and a centred footer "<sheet> —
 * <period> — page N of M" (xlsx_props.period). xlsx_print_fit() and
 * xlsx_print_titles() replace the first three for a sheet that wants
 * otherwise. */

/* Prints the sheet landscape (or portrait), scaled to pages_wide pages
 * across (more where fewer would print under 8 points) and as many down as
 * it takes; pages_wide 0: not scaled, as many pages across as it takes. */
void xlsx_print_fit(struct xlsx_sheet *sh, bool landscape, uint16_t pages_wide);
/* Prints cells A1 to (last_row, last_col) alone, portrait, scaled to one
 * page: for a memo whose writer keeps it within a page at a legible size
 * (xlpage.h estimates its height). */
void xlsx_print_page(struct xlsx_sheet *sh, uint32_t last_row, uint16_t last_col);
/* Prints the sheet landscape at a fixed scale (percent) rather than fitted,
 * so that the page breaks xlsx_page_breaks() sets are kept (a fitted sheet
 * drops them). */
void xlsx_print_scale(struct xlsx_sheet *sh, unsigned percent);
/* A page starts at each of rows[0..n) (0-based, ascending; row 0 and
 * breaks past Excel's 1023 are left out). */
void xlsx_page_breaks(struct xlsx_sheet *sh, const uint32_t *rows, size_t n);
/* The pixels from the sheet's left edge to the left of column col, and the
 * width in pixels of every column written or sized. */
double xlsx_left_px(const struct xlsx_sheet *sh, uint16_t col);
double xlsx_width_px(const struct xlsx_sheet *sh);

/* Print titles: rows first_row..last_row at the top of every printed page
 * and the first label_cols columns (0: none) at the left of every page, so
 * a page that continues a table still says what its rows and columns are. */
void xlsx_print_titles(struct xlsx_sheet *sh, uint32_t first_row, uint32_t last_row,
                       uint16_t label_cols);

/* ---- charts ----
 *
 * A chart draws ranges of a data sheet; it is made with xlsx_chart_new(),
 * given series, and placed on a sheet with xlsx_chart_insert(), which hands it
 * to the book (a chart never placed is freed with the book). The value axis
 * is the vertical one for every kind here. */
enum xlsx_chart_kind {
    XLSX_CHART_LINE,           /* one line per series over the categories */
    XLSX_CHART_COLUMN,         /* clustered columns */
    XLSX_CHART_COLUMN_STACKED, /* series stacked in one column per category */
    XLSX_CHART_KIND_COUNT
};

struct xlsx_chart_spec {
    enum xlsx_chart_kind kind;
    const char *title;
    const char *category_title; /* the horizontal axis; may be NULL */
    const char *value_title;    /* the vertical axis; may be NULL */
    const char *value_format;   /* number format of the value axis; NULL = general */
    double value_min;           /* NAN: automatic */
    double value_max;           /* NAN: automatic */
    bool no_markers;            /* lines without a marker at each point (many points) */
};

struct xlsx_chart; /* opaque; lives as long as its book */

struct xlsx_chart *xlsx_chart_new(struct xlsx_book *book, const struct xlsx_chart_spec *spec);

/* One series: values in column value_col of sheet data_sheet, rows
 * first_row..last_row; categories in category_col of the same rows; its name
 * is the text of cell (name_row, value_col). data_sheet is a sheet's name as
 * xlsx_sheet_name() gives it; the sheet may be added after the chart, so a
 * chart sheet can come before its data. rgb is the series colour, 0 for the
 * automatic one. */
void xlsx_chart_series(struct xlsx_chart *chart, const char *data_sheet, uint32_t name_row,
                       uint32_t first_row, uint32_t last_row, uint16_t category_col,
                       uint16_t value_col, uint32_t rgb);

/* Draws the series added last as a dashed line (line charts only): a
 * target, an even burn, a line to read the others against. */
void xlsx_chart_series_dashed(struct xlsx_chart *chart);

/* Places chart with its top-left corner in cell (row, col), width × height
 * pixels. */
void xlsx_chart_insert(struct xlsx_sheet *sh, uint32_t row, uint16_t col, struct xlsx_chart *chart,
                       unsigned width, unsigned height);

#endif
