/* sheet_daily.c — the Daily sheet of the monthly workbook: a status strip
 * per service (one cell a day, coloured by the worst status of the day, as
 * Statuspage and Uptime Kuma draw uptime), the error-budget burn-down of each
 * service over the month (budget left at each day's end, beside an even
 * burn, as Nobl9 and Grafana SLO reports draw it), and the Daily data sheet of
 * the figures the burn-downs draw. The days come from the evaluation (engine/measure/daily.h). */
#include "reports/monthly/sheet_daily.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports/monthly/budget_basis.h"
#include "reports/xlsx/sheet.h"
#include "reports/xlsx/xlgrid.h"

#define SHEET_NAME "Daily"
#define DATA_SHEET "Daily data" /* the figures the burn-downs draw */
#define TABLE_ROW 2             /* on DATA_SHEET: service labels, then the header */
#define STRIP_HEADER 3          /* the row of day numbers */
#define DAY_COL0 2              /* the column of the first day */
/* The strip and the burn-downs print one page across at 8 points or more
 * (xlgrid_end): the columns' 1,271 px fit a landscape page at 73 %. */
#define ENTITY_WIDTH 12  /* wrapped: a long name takes a second line */
#define SERVICE_WIDTH 22 /* wrapped */
#define DAY_WIDTH 4.0    /* "1440" minutes, whole */
#define CHART_W 560
#define CHART_H 320
#define CHART_ROWS 18 /* rows a chart takes, with a gap below */
#define CHART_COL1 12 /* the second chart across: past 578 px of the columns before */
/* Minutes up to this, hours beyond: a burn-down of 0.5 to 7 h reads in hours. */
#define HOURS_FROM_MINUTES 300.0

/* The strip's colours, fill and text, by the day's status (daily.h). */
static const struct {
    uint32_t fill, font;
    const char *legend;
} strip_colours[SVC_STATUS_COUNT] = {
    [SVC_UNKNOWN] = {0xD9D9D9, 0x595959, "unknown: nothing monitored that day"},
    [SVC_UP] = {0x8CCF7E, 0x1E4D17, "up all the known time"},
    [SVC_DEGRADED] = {0xFFD966, 0x000000, "degraded at worst (no downtime)"},
    [SVC_PARTIAL] = {0xF4A460, 0x000000, "partial outage at worst"},
    [SVC_MAINTENANCE] = {0x9DC3E6, 0x1F3864, "eligible maintenance, nothing worse"},
    [SVC_DOWN] = {0xE84A4A, 0xFFFFFF, "down (or maintenance not announced in time)"},
};

/* The legend's order: worst first, as the engine ranks them. */
static const enum svc_status legend_order[] = {SVC_DOWN,        SVC_PARTIAL, SVC_DEGRADED,
                                               SVC_MAINTENANCE, SVC_UP,      SVC_UNKNOWN};
#define NLEGEND (sizeof legend_order / sizeof legend_order[0])

/* A service of the month and its burn-down, when it has one. */
struct daily_service {
    const struct eval_row *row;
    struct budget_basis bb;
    bool burn;    /* a known budget, spent in part: a burn-down to draw */
    bool full;    /* a known budget not touched all month: named, not drawn */
    bool hours;   /* the burn-down in hours */
    uint16_t col; /* its first column in the figures */
};

struct daily_plan {
    struct daily_service *v;
    size_t n;
    size_t nburn, nfull;
    size_t ndays; /* the most days any service has */
    uint32_t legend_row, chart_row;
};

static enum sl_status
plan_build(struct daily_plan *p, const struct eval_result *r, const struct report_info *info)
{
    memset(p, 0, sizeof *p);
    p->v = calloc(r->nrows + 1, sizeof *p->v);
    if (!p->v)
        return SL_ERR_NOMEM;
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if (!row->service || !sheet_same_window(&row->window, &info->month) || row->daily.n == 0)
            continue;
        struct daily_service *s = &p->v[p->n++];
        s->row = row;
        budget_basis_of(r, row, &s->bb);
        bool budget = s->bb.budget.known && s->bb.daily->n > 0 && s->bb.budget.allowed_seconds > 0;
        /* A budget never touched is a flat line: say so in a word instead. */
        s->burn = budget && s->bb.budget.consumed_seconds > 0;
        s->full = budget && !s->burn;
        p->nfull += s->full;
        s->hours = s->bb.budget.allowed_seconds / 60.0 > HOURS_FROM_MINUTES;
        if (s->burn)
            s->col = (uint16_t)(1 + 2 * p->nburn++);
        if (row->daily.n > p->ndays)
            p->ndays = row->daily.n;
    }
    p->legend_row = STRIP_HEADER + (uint32_t)p->n + 2;
    p->chart_row = p->legend_row + (uint32_t)NLEGEND + 2;
    return SL_OK;
}

/* The figure of a budget in the service's unit. */
static double
in_unit(const struct daily_service *s, double seconds)
{
    return seconds / (s->hours ? 3600.0 : 60.0);
}

static void
write_strip(struct xlsx_sheet *sh, const struct daily_plan *p)
{
    char num[24];
    xlsx_text(sh, STRIP_HEADER, 0, "Entity", XLSX_HEADER);
    xlsx_text(sh, STRIP_HEADER, 1, "Service", XLSX_HEADER);
    for (size_t d = 0; d < p->ndays; d++) {
        snprintf(num, sizeof num, "%zu", d + 1);
        xlsx_text(sh, STRIP_HEADER, (uint16_t)(DAY_COL0 + d), num, XLSX_HEADER);
    }
    for (size_t k = 0; k < p->n; k++) {
        const struct eval_row *row = p->v[k].row;
        uint32_t y = STRIP_HEADER + 1 + (uint32_t)k;
        xlsx_text(sh, y, 0, row->entity, XLSX_WRAP);
        xlsx_text(sh, y, 1, row->service, XLSX_WRAP);
        for (size_t d = 0; d < row->daily.n; d++) {
            const struct daily_day *day = &row->daily.day[d];
            unsigned s = (unsigned)day->worst < SVC_STATUS_COUNT ? (unsigned)day->worst : 0;
            /* The day's downtime in minutes, to a tenth; nothing when none. */
            double minutes = round(day->downtime_seconds / 6.0) / 10.0;
            xlsx_swatch(sh, y, (uint16_t)(DAY_COL0 + d), s == SVC_UNKNOWN ? "?" : NULL,
                        minutes > 0 ? minutes : NAN, strip_colours[s].fill, strip_colours[s].font);
        }
    }
}

static void
write_legend(struct xlsx_sheet *sh, const struct daily_plan *p, const struct avail_params *a)
{
    char note[300];
    /* The weights are the run's settings, not always the defaults. */
    snprintf(note, sizeof note,
             "a cell is a local day; its number the day's downtime in minutes on the neutral "
             "measure (down %g, partial %g, degraded %g; eligible maintenance and unknown time "
             "left out); ? no data",
             a->weight[SVC_DOWN], a->weight[SVC_PARTIAL], a->weight[SVC_DEGRADED]);
    xlsx_text(sh, p->legend_row, 0, "Legend", XLSX_BOLD);
    xlsx_text(sh, p->legend_row, 1, note, XLSX_MUTED);
    for (size_t i = 0; i < NLEGEND; i++) {
        enum svc_status s = legend_order[i];
        uint32_t y = p->legend_row + 1 + (uint32_t)i;
        xlsx_text(sh, y, 0, svc_status_name(s), XLSX_PLAIN);
        xlsx_swatch(sh, y, 1, strip_colours[s].legend, NAN, strip_colours[s].fill,
                    strip_colours[s].font);
    }
}

static void
add_burndowns(struct xlsx_book *book, struct xlsx_sheet *sh, const struct daily_plan *p)
{
    if (p->nfull > 0) {
        char list[4096];
        size_t len =
            (size_t)snprintf(list, sizeof list, "Full error budget left all month, no downtime: ");
        for (size_t k = 0, i = 0; k < p->n && len < sizeof list; k++) {
            if (!p->v[k].full)
                continue;
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s (%s)", i++ ? ", " : "",
                                    p->v[k].row->service, p->v[k].row->entity);
        }
        xlsx_text(sh, p->chart_row - 1, 0, list, XLSX_MUTED);
    }
    if (p->nburn == 0) {
        xlsx_text(sh, p->chart_row, 0,
                  p->nfull ? "No service spent error budget this month: no burn-down."
                           : "No service with an error budget this month: no burn-down.",
                  XLSX_MUTED);
        return;
    }
    struct xlgrid g = {.row0 = p->chart_row,
                       .rows = CHART_ROWS,
                       .col1 = CHART_COL1,
                       .width = CHART_W,
                       .height = CHART_H};
    for (size_t k = 0; k < p->n; k++) {
        const struct daily_service *s = &p->v[k];
        if (!s->burn)
            continue;
        char title[512];
        snprintf(title, sizeof title, "Budget left: %s / %s (%s)", s->row->entity, s->row->service,
                 s->bb.measure);
        struct xlsx_chart_spec spec = {
            .kind = XLSX_CHART_LINE,
            .title = title,
            .category_title = "Day of the month",
            .value_title = s->hours ? "Hours" : "Minutes",
            .value_format = s->hours ? "0.0" : "0",
            .value_min = NAN,
            .value_max = NAN,
            .no_markers = true,
        };
        struct xlsx_chart *c = xlsx_chart_new(book, &spec);
        uint32_t first = TABLE_ROW + 2, last = first + (uint32_t)s->bb.daily->n - 1;
        xlsx_chart_series(c, DATA_SHEET, TABLE_ROW + 1, first, last, 0, s->col, 0xC00000);
        xlsx_chart_series(c, DATA_SHEET, TABLE_ROW + 1, first, last, 0, (uint16_t)(s->col + 1),
                          0x7F7F7F);
        xlsx_chart_series_dashed(c);
        xlgrid_place(sh, &g, c, "");
    }
    xlgrid_end(sh, &g);
}

/* The figures of the burn-downs: a pair of columns per service, the budget
 * left at each day's end and what an even burn would have left. */
static void
write_figures(struct xlsx_sheet *sh, const struct daily_plan *p)
{
    if (p->nburn == 0)
        return;
    char label[300];
    xlsx_text(sh, 0, 0, "The error budget left at each day's end, as the Daily sheet draws it",
              XLSX_BOLD);
    for (size_t k = 0; k < p->n; k++) {
        const struct daily_service *s = &p->v[k];
        if (!s->burn)
            continue;
        snprintf(label, sizeof label, "%s / %s", s->row->entity, s->row->service);
        xlsx_text(sh, TABLE_ROW, s->col, label, XLSX_BOLD);
    }
    xlsx_text(sh, TABLE_ROW + 1, 0, "Day", XLSX_HEADER);
    for (size_t k = 0; k < p->n; k++) { /* a row at a time: constant memory */
        const struct daily_service *s = &p->v[k];
        if (!s->burn)
            continue;
        xlsx_text(sh, TABLE_ROW + 1, s->col, s->hours ? "Left (h)" : "Left (min)", XLSX_HEADER);
        xlsx_text(sh, TABLE_ROW + 1, (uint16_t)(s->col + 1),
                  s->hours ? "Even burn (h)" : "Even burn (min)", XLSX_HEADER);
    }
    for (size_t d = 0; d < p->ndays; d++) {
        uint32_t y = TABLE_ROW + 2 + (uint32_t)d;
        xlsx_number(sh, y, 0, (double)(d + 1), XLSX_INTEGER);
        for (size_t k = 0; k < p->n; k++) {
            const struct daily_service *s = &p->v[k];
            if (!s->burn || d >= s->bb.daily->n)
                continue;
            const struct daily_day *day = &s->bb.daily->day[d];
            double allowed = s->bb.budget.allowed_seconds;
            xlsx_number(sh, y, s->col, in_unit(s, daily_remaining_seconds(allowed, day)),
                        XLSX_DECIMAL1);
            xlsx_number(sh, y, (uint16_t)(s->col + 1),
                        in_unit(s, daily_even_seconds(allowed, day, s->row->window.start,
                                                      s->row->window.end)),
                        XLSX_DECIMAL1);
        }
    }
}

enum sl_status
sheet_daily_write(struct xlsx_book *book, const struct eval_result *r,
                  const struct report_info *info, struct sl_diag *diag)
{
    struct daily_plan p;
    enum sl_status st = plan_build(&p, r, info);
    if (st != SL_OK) {
        st = diag_set(diag, st, "", 0, "out of memory for the Daily sheet");
        goto out;
    }
    if (p.n == 0)
        goto out; /* no service measured day by day: no sheet */
    if (DAY_COL0 + p.ndays > XLSX_MAX_COL || 1 + 2 * p.nburn > XLSX_MAX_COL) {
        st = diag_set(diag, SL_ERR_LIMIT, "", 0,
                      "%zu services are more columns than the Daily sheet holds", p.nburn);
        goto out;
    }
    struct xlsx_sheet *sh = xlsx_add_sheet(book, SHEET_NAME);
    char month[48], title[128];
    window_label(&info->month, month);
    snprintf(title, sizeof title, "Daily status and error budget %s (%s)", month,
             info->zone ? info->zone : "UTC");
    xlsx_text(sh, 0, 0, title, XLSX_BOLD);
    xlsx_text(sh, 1, 0,
              "Each service's days, coloured by the worst status of the day; below, the error "
              "budget left at each day's end. Definitions on the Definitions sheet.",
              XLSX_MUTED);
    xlsx_column_width(sh, 0, 0, ENTITY_WIDTH);
    xlsx_column_width(sh, 1, 1, SERVICE_WIDTH);
    xlsx_column_width(sh, DAY_COL0, (uint16_t)(DAY_COL0 + (p.ndays ? p.ndays - 1 : 0)), DAY_WIDTH);
    write_strip(sh, &p);
    write_legend(sh, &p, &r->params.avail);
    add_burndowns(book, sh, &p);
    xlsx_print_fit(sh, true, 1);
    st = xlsx_status(book, diag);
out:
    free(p.v);
    return st;
}

enum sl_status
sheet_daily_data_write(struct xlsx_book *book, const struct eval_result *r,
                       const struct report_info *info, struct sl_diag *diag)
{
    struct daily_plan p;
    enum sl_status st = plan_build(&p, r, info);
    if (st != SL_OK) {
        st = diag_set(diag, st, "", 0, "out of memory for the Daily data sheet");
        goto out;
    }
    if (p.nburn == 0 || 1 + 2 * p.nburn > XLSX_MAX_COL)
        goto out; /* no burn-down drawn (too many columns: sheet_daily_write said so) */
    struct xlsx_sheet *sh = xlsx_add_sheet(book, DATA_SHEET);
    xlsx_column_width(sh, 0, 0, 8);
    xlsx_column_width(sh, 1, (uint16_t)(2 * p.nburn), 16);
    write_figures(sh, &p);
    st = xlsx_status(book, diag);
out:
    free(p.v);
    return st;
}
