/* xlsx_book.h — inside the workbook writer: the book, its sheets and its
 * charts as xlsx.c and xlsx_chart.c share them. Nothing outside
 * reports/xlsx/xlsx*.c includes it; everyone else sees the opaque types of
 * xlsx.h. */
#ifndef SLAUDIT_XLSX_BOOK_H
#define SLAUDIT_XLSX_BOOK_H

#include <stdbool.h>
#include <stdint.h>

#include <xlsxwriter.h>

#include "engine/base/status.h"
#include "reports/xlsx/outfile.h"
#include "reports/xlsx/xlpage.h"
#include "reports/xlsx/xlsx.h"
#include "reports/xlsx/xltext.h"

#define XLSX_TRACKED_COLS 128 /* columns whose widths the layout knows */

struct xlsx_sheet {
    struct xlsx_book *book;
    lxw_worksheet *ws;
    char name[XLTEXT_SHEET_NAME_SIZE];
    uint32_t current_row; /* constant memory: rows above it are gone */
    /* Layout, applied as rows are left (constant memory) or at close. */
    double widths[XLSX_TRACKED_COLS]; /* set widths; 0: the default */
    uint16_t ncols;                   /* columns written or sized */
    double *heights;                  /* points per row for wrapped text; 0: none */
    uint32_t nheights;
    double pending_height; /* constant memory: of current_row */
    bool has_header, print_set, titles_set;
    uint32_t header_row;
    /* xlsx_print_fit: orientation and pages across asked for (print_set);
     * xlsx_print_titles: the key columns already repeated. */
    bool landscape;
    uint16_t pages_wide, key_cols;
    unsigned scale; /* xlsx_print_scale: percent; 0: fitted */
};

struct xlsx_chart {
    struct xlsx_book *book;
    lxw_chart *chart; /* owned by the workbook */
    enum xlsx_chart_kind kind;
    size_t nseries;
    bool no_markers;
    lxw_chart_series *last; /* the series added last */
    uint32_t last_rgb;
};

struct xlsx_book {
    lxw_workbook *wb;
    char *path;
    struct outfile out; /* the temporary file the workbook is written to */
    lxw_format *style[XLSX_STYLE_COUNT];
    lxw_format *fill[XLSX_FILL_COUNT]; /* for conditional formats */
    struct {
        uint32_t fill, font;
        lxw_format *format;
    } swatch[XLSX_MAX_SWATCHES]; /* made as first asked for */
    size_t nswatches;
    struct xlsx_sheet **sheets;
    size_t nsheets;
    struct xlsx_chart **charts;
    size_t ncharts;
    bool constant_memory;
    uint32_t rows_per_sheet;
    char footer[XLPAGE_FOOTER_SIZE]; /* of every sheet: xlpage_footer() */
    enum sl_status status;           /* the first failure */
    struct sl_diag diag;
};

/* Records the book's first failure (later ones are dropped: the first is
 * what went wrong); every later write is then skipped. */
void xlsx_fail(struct xlsx_book *b, enum sl_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* True when row, col is on the grid and the book has not failed; a cell
 * beyond Excel's grid fails the book. */
bool xlsx_in_grid(struct xlsx_sheet *sh, uint32_t row, uint16_t col);
/* Fails the book with the cell's name when a libxlsxwriter call failed. */
void xlsx_check(struct xlsx_sheet *sh, lxw_error err, uint32_t row, uint16_t col);

#endif
