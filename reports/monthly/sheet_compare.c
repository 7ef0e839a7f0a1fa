/* sheet_compare.c — the Compare sheet: the entities of the report month side by
 * side, managed providers first and internal teams after, every figure on the
 * same neutral definitions (the Definitions sheet), so the columns compare. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/measure/stats.h"
#include "reports/xlsx/sheet.h"

#define HEADER_ROW 2

/* One line of the comparison, as data. */
enum measure_kind {
    M_KIND,
    M_SERVICES,
    M_AVAIL,
    M_TARGET,
    M_DOWNTIME,
    M_COVERAGE,
    M_INCIDENTS,
    M_SEV1,
    M_SEV2,
    M_STAT,
    M_NOTE
};

static const struct {
    const char *title;
    enum measure_kind kind;
    int measure; /* for M_STAT: enum incident_measure */
    int stat;    /* for M_STAT: 0 mean, 1 median, 2 p90, 3 max */
} compare_rows[] = {
    {"Operated by", M_KIND, 0, 0},
    {"Services", M_SERVICES, 0, 0},
    {"Availability", M_AVAIL, 0, 0},
    {"Target", M_TARGET, 0, 0},
    {"Downtime (min)", M_DOWNTIME, 0, 0},
    {"Monitoring coverage", M_COVERAGE, 0, 0},
    {"Incidents", M_INCIDENTS, 0, 0},
    {"Sev1 incidents", M_SEV1, 0, 0},
    {"Sev2 incidents", M_SEV2, 0, 0},
    {"MTTA mean (min)", M_STAT, MEASURE_TTA, 0},
    {"MTTA median (min)", M_STAT, MEASURE_TTA, 1},
    {"MTTR mean (min)", M_STAT, MEASURE_TTR, 0},
    {"MTTR median (min)", M_STAT, MEASURE_TTR, 1},
    {"TTR p90 (min)", M_STAT, MEASURE_TTR, 2},
    {"TTR max (min)", M_STAT, MEASURE_TTR, 3},
    {"Note", M_NOTE, 0, 0},
    {NULL, M_KIND, 0, 0},
};

/* Managed providers first, then internal teams, then anything else. */
static int
entity_rank(const char *entity)
{
    if (strncmp(entity, "provider:", 9) == 0)
        return 0;
    if (strncmp(entity, "team:", 5) == 0)
        return 1;
    return 2;
}

static int
cmp_entity(const void *a, const void *b)
{
    const struct eval_row *x = *(const struct eval_row *const *)a;
    const struct eval_row *y = *(const struct eval_row *const *)b;
    int c = entity_rank(x->entity) - entity_rank(y->entity);
    return c ? c : strcmp(x->entity, y->entity);
}

static long
count_services(const struct eval_result *r, const char *entity, const struct window *month)
{
    long n = 0;
    for (size_t i = 0; i < r->nrows; i++)
        n += r->rows[i].service && strcmp(r->rows[i].entity, entity) == 0 &&
             sheet_same_window(&r->rows[i].window, month);
    return n;
}

static void
write_stat(struct xlsx_sheet *sh, uint32_t row, uint16_t col, const struct duration_stats *s,
           int stat)
{
    if (s->n <= 0) {
        xlsx_text(sh, row, col, "none", XLSX_MUTED);
        return;
    }
    double v = stat == 0 ? s->mean : stat == 1 ? s->median : stat == 2 ? s->p90 : s->max;
    xlsx_number(sh, row, col, v / 60.0, XLSX_DECIMAL1);
}

static void
write_value(struct xlsx_sheet *sh, uint32_t row, uint16_t col, size_t m, const struct eval_row *er,
            const struct eval_result *r, const struct report_info *info)
{
    const struct avail_result *a = &er->avail;
    const struct incident_summary *inc = &er->incidents;
    switch (compare_rows[m].kind) {
    case M_KIND:
        xlsx_text(sh, row, col,
                  entity_rank(er->entity) == 0   ? "managed provider"
                  : entity_rank(er->entity) == 1 ? "internal team"
                                                 : "other",
                  XLSX_PLAIN);
        break;
    case M_SERVICES:
        xlsx_number(sh, row, col, (double)count_services(r, er->entity, &info->month),
                    XLSX_INTEGER);
        break;
    case M_AVAIL:
        sheet_availability_cell(sh, row, col, er, sheet_amber_budgets(info), XLSX_PERCENT);
        break;
    case M_TARGET:
        xlsx_number(sh, row, col, sheet_target(er), XLSX_PERCENT);
        break;
    case M_DOWNTIME:
        xlsx_number(sh, row, col, a->downtime_seconds / 60.0, XLSX_DECIMAL1);
        break;
    case M_COVERAGE:
        if (a->window_seconds > 0)
            xlsx_number(sh, row, col, 1.0 - (double)a->unknown_seconds / (double)a->window_seconds,
                        XLSX_PERCENT);
        break;
    case M_INCIDENTS:
        xlsx_number(sh, row, col, (double)inc->total, XLSX_INTEGER);
        break;
    case M_SEV1:
    case M_SEV2:
        xlsx_number(sh, row, col, (double)inc->by_severity[compare_rows[m].kind == M_SEV1 ? 1 : 2],
                    XLSX_INTEGER);
        break;
    case M_STAT:
        write_stat(sh, row, col, &inc->measure[compare_rows[m].measure], compare_rows[m].stat);
        break;
    case M_NOTE:
        if (inc->measure[MEASURE_TTR].low_sample || inc->measure[MEASURE_TTA].low_sample)
            xlsx_text(sh, row, col, "too few incidents to judge", XLSX_MUTED);
        break;
    }
}

enum sl_status
sheet_compare_write(struct xlsx_book *book, const struct eval_result *r,
                    const struct report_info *info, struct sl_diag *diag)
{
    enum sl_status st = SL_OK;
    size_t n = 0;
    const struct eval_row **entities = calloc(r->nrows + 1, sizeof *entities);
    if (!entities)
        return diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory for the comparison");
    for (size_t i = 0; i < r->nrows; i++)
        if (!r->rows[i].service && sheet_same_window(&r->rows[i].window, &info->month))
            entities[n++] = &r->rows[i];
    if (n < 2) /* nothing to set side by side */
        goto out;
    if (n > XLSX_MAX_COL) {
        st = diag_set(diag, SL_ERR_LIMIT, "", 0, "%zu entities are more columns than Excel holds",
                      n);
        goto out;
    }
    qsort(entities, n, sizeof *entities, cmp_entity);

    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Compare");
    char month[48], title[160];
    window_label(&info->month, month);
    snprintf(title, sizeof title,
             "Managed providers beside internal teams, %s, on identical definitions", month);
    xlsx_text(sh, 0, 0, title, XLSX_BOLD);
    xlsx_text(sh, HEADER_ROW, 0, "Measure", XLSX_HEADER);
    xlsx_column_width(sh, 0, 0, 22);
    xlsx_column_width(sh, 1, (uint16_t)n, 20);
    for (size_t e = 0; e < n; e++)
        xlsx_text(sh, HEADER_ROW, (uint16_t)(1 + e), entities[e]->entity, XLSX_HEADER);
    for (size_t m = 0; compare_rows[m].title; m++) {
        uint32_t row = HEADER_ROW + 1 + (uint32_t)m;
        xlsx_text(sh, row, 0, compare_rows[m].title, XLSX_BOLD);
        for (size_t e = 0; e < n; e++)
            write_value(sh, row, (uint16_t)(1 + e), m, entities[e], r, info);
    }
    xlsx_print_fit(sh, true, 1);
    st = xlsx_status(book, diag);
out:
    free(entities);
    return st;
}
