/* xlgrid.c — a grid of charts on a sheet, two across (xlgrid.h). */
#include "reports/xlsx/xlgrid.h"

#include <assert.h>

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

void
xlgrid_end(struct xlsx_sheet *sh, struct xlgrid *g)
{
    xlgrid_new_row(g);
    xlsx_blank(sh, xlgrid_row(g, g->next), 0, XLSX_MUTED);
}
