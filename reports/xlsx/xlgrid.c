/* xlgrid.c — a grid of charts on a sheet, two across (xlgrid.h). */
#include "reports/xlsx/xlgrid.h"

#include <assert.h>
#include <stdlib.h>

#include "reports/xlsx/xlpage.h"

uint32_t
xlgrid_row(const struct xlgrid *g, size_t k)
{
    return g->row0 + (uint32_t)(k / 2) * g->rows;
}

static uint16_t
slot_col(const struct xlgrid *g, size_t k)
{
    return k % 2 ? g->col1 : 0;
}

void
xlgrid_place(struct xlsx_sheet *sh, struct xlgrid *g, struct xlsx_chart *chart, const char *note)
{
    assert(g->rows > 0 && g->col1 > 0);
    size_t k = g->next++;
    if (chart)
        xlsx_chart_insert(sh, xlgrid_row(g, k), slot_col(g, k), chart, g->width, g->height);
    else
        xlsx_text(sh, xlgrid_row(g, k), slot_col(g, k), note, XLSX_MUTED);
}

void
xlgrid_new_row(struct xlgrid *g)
{
    g->next += g->next % 2;
}

/* Breaks the pages of the sheet so that no row of charts crosses one. */
static void
print_whole(struct xlsx_sheet *sh, const struct xlgrid *g, size_t chart_rows)
{
    double charts = xlsx_left_px(sh, g->col1) + g->width;
    double sheet = xlsx_width_px(sh);
    unsigned scale = xlpage_scale(charts > sheet ? charts : sheet);
    unsigned per_page = xlpage_rows_per_page(scale) / g->rows;
    xlsx_print_scale(sh, scale);
    if (per_page == 0)
        per_page = 1; /* a chart taller than a page: one a page */
    uint32_t *breaks = calloc(chart_rows + 1, sizeof *breaks);
    if (!breaks)
        return; /* the automatic breaks: no chart is lost, one may be split */
    size_t n = 0;
    /* Rows above the grid: the first page takes what still fits under them. */
    unsigned first = g->row0 < xlpage_rows_per_page(scale)
                         ? (xlpage_rows_per_page(scale) - g->row0) / g->rows
                         : 0;
    if (first == 0)
        breaks[n++] = g->row0;
    for (size_t k = first ? first : per_page; k < chart_rows; k += per_page)
        breaks[n++] = g->row0 + (uint32_t)k * g->rows;
    xlsx_page_breaks(sh, breaks, n);
    free(breaks);
}

void
xlgrid_end(struct xlsx_sheet *sh, struct xlgrid *g)
{
    xlgrid_new_row(g);
    xlsx_blank(sh, xlgrid_row(g, g->next), 0, XLSX_MUTED);
    print_whole(sh, g, g->next / 2);
}
