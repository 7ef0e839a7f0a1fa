/* sheet_latency.c — the Latency sheet: probe latency of each service in the
 * report month (samples, p50, p95, p99 by the nearest-rank method) and the
 * latency objective its entity's profile names, met or missed. Added only
 * when some service of the month has latency or an objective. */
#include <stdio.h>

#include "reports/xlsx/sheet.h"

enum {
    COL_ENTITY,
    COL_SERVICE,
    COL_SAMPLES,
    COL_P50,
    COL_P95,
    COL_P99,
    COL_MAX,
    COL_OBJECTIVE,
    COL_SHARE,
    COL_MET,
};

static const struct xlsx_column latency_columns[] = {
    [COL_ENTITY] = {"Entity", 22},
    [COL_SERVICE] = {"Service", 22},
    [COL_SAMPLES] = {"Samples", 10},
    [COL_P50] = {"p50 (ms)", 10},
    [COL_P95] = {"p95 (ms)", 10},
    [COL_P99] = {"p99 (ms)", 10},
    [COL_MAX] = {"Max (ms)", 10},
    [COL_OBJECTIVE] = {"Objective", 22},
    [COL_SHARE] = {"Share at or under", 12},
    [COL_MET] = {"Met", 18},
    {NULL, 0},
};

static bool
has_latency(const struct eval_row *row, const struct window *month)
{
    return row->service && sheet_same_window(&row->window, month) &&
           (row->latency.samples > 0 || row->latency.objective.set);
}

static void
write_row(struct xlsx_sheet *sh, uint32_t at, const struct eval_row *row)
{
    const struct latency_result *l = &row->latency;
    char text[64];
    xlsx_text(sh, at, COL_ENTITY, row->entity, XLSX_PLAIN);
    xlsx_text(sh, at, COL_SERVICE, row->service, XLSX_PLAIN);
    xlsx_number(sh, at, COL_SAMPLES, (double)l->samples, XLSX_INTEGER);
    xlsx_number(sh, at, COL_P50, l->p50_ms, XLSX_DECIMAL1);
    xlsx_number(sh, at, COL_P95, l->p95_ms, XLSX_DECIMAL1);
    xlsx_number(sh, at, COL_P99, l->p99_ms, XLSX_DECIMAL1);
    xlsx_number(sh, at, COL_MAX, l->max_ms, XLSX_DECIMAL1);
    if (!l->objective.set) {
        xlsx_text(sh, at, COL_OBJECTIVE, "none stated", XLSX_MUTED);
        return;
    }
    snprintf(text, sizeof text, "%g %% at or under %g ms", l->objective.percentile,
             l->objective.threshold_ms);
    xlsx_text(sh, at, COL_OBJECTIVE, text, XLSX_PLAIN);
    if (l->met == LATENCY_UNKNOWN) {
        xlsx_text(sh, at, COL_MET, "no samples", XLSX_MUTED);
        return;
    }
    xlsx_percent(sh, at, COL_SHARE, l->share_under);
    xlsx_text(sh, at, COL_MET, l->met == LATENCY_MET ? "met" : "missed",
              l->met == LATENCY_MET ? XLSX_PLAIN : XLSX_TEXT_RED);
}

enum sl_status
sheet_latency_write(struct xlsx_book *book, const struct eval_result *r,
                    const struct report_info *info, struct sl_diag *diag)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nrows; i++)
        n += has_latency(&r->rows[i], &info->month);
    if (!n)
        return SL_OK;
    struct xlsx_table t;
    xlsx_table_begin(&t, book, "Latency", latency_columns, n);
    for (size_t i = 0; i < r->nrows; i++) {
        uint32_t at;
        struct xlsx_sheet *sh;
        if (!has_latency(&r->rows[i], &info->month))
            continue;
        if (!(sh = xlsx_table_row(&t, &at)))
            break;
        write_row(sh, at, &r->rows[i]);
    }
    return xlsx_status(book, diag);
}
