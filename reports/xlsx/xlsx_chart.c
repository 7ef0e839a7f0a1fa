/* xlsx_chart.c — charts of a workbook over libxlsxwriter: a kind, titles and
 * axes from a spec, series drawn from a data sheet's ranges, placed on a
 * sheet (xlsx.h, "charts"). */
#include "reports/xlsx/xlsx.h"
#include "reports/xlsx/xlsx_book.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include <xlsxwriter.h>

static const uint8_t chart_types[XLSX_CHART_KIND_COUNT] = {
    [XLSX_CHART_LINE] = LXW_CHART_LINE,
    [XLSX_CHART_COLUMN] = LXW_CHART_COLUMN,
    [XLSX_CHART_COLUMN_STACKED] = LXW_CHART_COLUMN_STACKED,
};

struct xlsx_chart *
xlsx_chart_new(struct xlsx_book *book, const struct xlsx_chart_spec *spec)
{
    struct xlsx_book *b = book;
    struct xlsx_chart *c = NULL;
    if (b->status != SL_OK)
        return NULL;
    assert((unsigned)spec->kind < XLSX_CHART_KIND_COUNT);
    struct xlsx_chart **grown = realloc(b->charts, (b->ncharts + 1) * sizeof *grown);
    if (grown)
        b->charts = grown;
    if (!grown || !(c = calloc(1, sizeof *c))) {
        xlsx_fail(b, SL_ERR_NOMEM, "out of memory for a chart");
        return NULL;
    }
    c->book = b;
    c->kind = spec->kind;
    c->no_markers = spec->no_markers;
    c->chart = workbook_add_chart(b->wb, chart_types[spec->kind]);
    if (!c->chart) {
        xlsx_fail(b, SL_ERR_NOMEM, "out of memory for chart '%s'", spec->title ? spec->title : "");
        free(c);
        return NULL;
    }
    b->charts[b->ncharts++] = c;
    /* The library copies the strings it is given. */
    if (spec->title)
        chart_title_set_name(c->chart, spec->title);
    if (spec->category_title)
        chart_axis_set_name(c->chart->x_axis, spec->category_title);
    if (spec->value_title)
        chart_axis_set_name(c->chart->y_axis, spec->value_title);
    if (spec->value_format)
        chart_axis_set_num_format(c->chart->y_axis, spec->value_format);
    if (isfinite(spec->value_min))
        chart_axis_set_min(c->chart->y_axis, spec->value_min);
    if (isfinite(spec->value_max))
        chart_axis_set_max(c->chart->y_axis, spec->value_max);
    chart_legend_set_position(c->chart, LXW_CHART_LEGEND_BOTTOM);
    /* Category labels at the foot of the chart, also when values go below
     * zero (an overspent budget), not on the zero line through the middle. */
    chart_axis_set_label_position(c->chart->x_axis, LXW_CHART_AXIS_LABEL_POSITION_LOW);
    if (spec->kind == XLSX_CHART_COLUMN_STACKED)
        chart_set_series_overlap(c->chart, 100);
    chart_show_blanks_as(c->chart, LXW_CHART_BLANKS_AS_GAP); /* unknown is not zero */
    return c;
}

void
xlsx_chart_series(struct xlsx_chart *chart, const char *data_sheet, uint32_t name_row,
                  uint32_t first_row, uint32_t last_row, uint16_t category_col, uint16_t value_col,
                  uint32_t rgb)
{
    if (!chart || !data_sheet || chart->book->status != SL_OK)
        return;
    assert(first_row <= last_row && last_row <= XLSX_MAX_ROW && value_col <= XLSX_MAX_COL);
    lxw_chart_series *s = chart_add_series(chart->chart, NULL, NULL);
    if (!s) {
        xlsx_fail(chart->book, SL_ERR_NOMEM, "out of memory for a chart series");
        return;
    }
    chart_series_set_categories(s, data_sheet, first_row, category_col, last_row, category_col);
    chart_series_set_values(s, data_sheet, first_row, value_col, last_row, value_col);
    chart_series_set_name_range(s, data_sheet, name_row, value_col);
    if (rgb && chart->kind == XLSX_CHART_LINE) {
        lxw_chart_line line = {.color = rgb, .width = 2.0f};
        chart_series_set_line(s, &line);
        chart_series_set_marker_type(s, chart->no_markers ? LXW_CHART_MARKER_NONE
                                                          : LXW_CHART_MARKER_CIRCLE);
        chart_series_set_marker_size(s, 5);
        lxw_chart_fill fill = {.color = rgb};
        chart_series_set_marker_fill(s, &fill);
        lxw_chart_line edge = {.color = rgb};
        chart_series_set_marker_line(s, &edge);
    } else if (rgb) {
        lxw_chart_fill fill = {.color = rgb};
        chart_series_set_fill(s, &fill);
    }
    chart->nseries++;
    chart->last = s;
    chart->last_rgb = rgb;
}

void
xlsx_chart_series_dashed(struct xlsx_chart *chart)
{
    if (!chart || !chart->last || chart->kind != XLSX_CHART_LINE || chart->book->status != SL_OK)
        return;
    lxw_chart_line line = {
        .color = chart->last_rgb, .width = 1.5f, .dash_type = LXW_CHART_LINE_DASH_DASH};
    chart_series_set_line(chart->last, &line);
    chart_series_set_marker_type(chart->last, LXW_CHART_MARKER_NONE);
}

void
xlsx_chart_insert(struct xlsx_sheet *sh, uint32_t row, uint16_t col, struct xlsx_chart *chart,
                  unsigned width, unsigned height)
{
    if (!chart || !xlsx_in_grid(sh, row, col))
        return;
    if (chart->nseries == 0) /* Excel refuses a chart with nothing to draw */
        return;
    lxw_chart_options opt = {
        .x_scale = width / 480.0, /* libxlsxwriter's default chart is 480 × 288 */
        .y_scale = height / 288.0,
    };
    xlsx_check(sh, worksheet_insert_chart_opt(sh->ws, row, col, chart->chart, &opt), row, col);
}
