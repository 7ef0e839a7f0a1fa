/* xlgrid.h — a grid of charts on a sheet: charts of one size placed two
 * across, row by row, from a top row down, a note in a chart's place where
 * there is nothing to draw, and a cell below the last row so the printed
 * range holds every chart whole. The Charts and Daily sheets of the monthly
 * workbook lay theirs out with it. */
#ifndef SLAUDIT_REPORTS_XLGRID_H
#define SLAUDIT_REPORTS_XLGRID_H

#include <stddef.h>
#include <stdint.h>

#include "reports/xlsx/xlsx.h"

/* The grid's shape, set by the caller, and the next free slot (start at 0).
 * Slot k is at row row0 + (k / 2) * rows, column 0 for even k and col1 for
 * odd k; col1 must lie past the first chart's width. */
struct xlgrid {
    uint32_t row0;          /* the top row of the first row of charts */
    uint32_t rows;          /* rows one chart takes, with a gap below */
    uint16_t col1;          /* the column of the second chart across */
    unsigned width, height; /* of every chart, in pixels */
    size_t next;            /* the slot the next chart goes to */
};

/* The top row of slot k. */
uint32_t xlgrid_row(const struct xlgrid *g, size_t k);

/* Places chart in the next slot (the sheet then owns it, as
 * xlsx_chart_insert() says), or, when chart is NULL, writes note there in the
 * muted style. */
void xlgrid_place(struct xlsx_sheet *sh, struct xlgrid *g, struct xlsx_chart *chart,
                  const char *note);

/* Starts the next chart on a new row of slots (nothing when the row is
 * empty). */
void xlgrid_new_row(struct xlgrid *g);

/* Ends the grid: a blank cell at column 0 of the row below the last row of
 * charts, so the printed range holds them whole, and the sheet's printing:
 * landscape, one page across at a fixed scale (xlpage_scale of the sheet's
 * or the charts' width, whichever is wider), and a page break wherever the
 * next row of charts would not fit whole on the page: before the grid when
 * its first row does not fit under what is above it. Nothing may be placed
 * after. */
void xlgrid_end(struct xlsx_sheet *sh, struct xlgrid *g);

#endif
