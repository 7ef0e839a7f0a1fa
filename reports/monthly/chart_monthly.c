/* chart_monthly.c — the Charts sheet of the monthly workbook and the Chart data
 * sheet it draws from: per entity, the availability trend of its services
 * with a dashed line for each target and its incidents by severity per
 * month; then the spread of TTR per entity (in hours once minutes pass a few
 * hundred) and the error budget per service, titled with the measure it
 * shows (budget_basis.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reports/monthly/budget_basis.h"
#include "reports/xlsx/sheet.h"
#include "reports/xlsx/xlgrid.h"

#define DATA_SHEET "Chart data"
#define MAX_MONTHS 12
#define NSEV 6        /* sev1..sev5, then no severity */
#define MAX_TARGETS 4 /* target lines on the trend; more distinct targets draw none */
/* An entity with more services than this draws the ones with the most
 * downtime over the months shown, and the others pooled as one line, so the
 * legend fits beside the plot; the Chart data sheet has every service. */
#define TREND_WORST 8
/* More services than this: the budget chart draws the ones that spent the
 * most and the others summed as one pair of columns. */
#define BUDGET_WORST 15

/* Chart placement on the Charts sheet: two across (an entity's trend beside
 * its incidents), as many down as it takes. */
/* Two across fit a landscape page at 75 % (xlgrid_end), so the text in and
 * around them prints at 8 points or more, two rows of charts a page. */
#define CHART_W 600
#define CHART_H 340
#define CHART_ROW0 3
#define CHART_ROWS 19 /* rows one chart takes, with a gap below */
#define CHART_COL1 10 /* past 640 px of default columns */
/* TTR in minutes up to this, in hours beyond. */
#define TTR_HOURS_FROM_MINUTES 300.0

static const char *const sev_titles[NSEV] = {"Sev1", "Sev2", "Sev3", "Sev4", "Sev5", "No severity"};
/* Worst in dark red, fading to grey. */
static const uint32_t sev_colours[NSEV] = {0xC00000, 0xED7D31, 0xFFC000,
                                           0x5B9BD5, 0xA5A5A5, 0xD9D9D9};

enum { TTR_MEDIAN, TTR_P90, TTR_MAX, TTR_COUNT };
static const char *const ttr_titles[TTR_COUNT] = {"Median TTR (min)", "p90 TTR (min)",
                                                  "Max TTR (min)"};
static const char *const ttr_titles_hours[TTR_COUNT] = {"Median TTR (h)", "p90 TTR (h)",
                                                        "Max TTR (h)"};
static const uint32_t ttr_colours[TTR_COUNT] = {0x4472C4, 0xED7D31, 0xA5A5A5};

enum { BUDGET_ALLOWED, BUDGET_USED, BUDGET_COUNT };
static const char *const budget_titles[BUDGET_COUNT] = {"Allowed downtime (min)", "Downtime (min)"};
static const uint32_t budget_colours[BUDGET_COUNT] = {0x70AD47, 0xC00000};

/* What the charts show, and where each block sits on the data sheet. */
struct plan {
    struct window months[MAX_MONTHS]; /* oldest first, the report month last */
    size_t nmonths;
    const struct eval_row **services; /* the first row of each (entity, service) */
    size_t nservices;
    unsigned *service_targets; /* per service, a bit per target_percent[] it is judged against */
    /* The entities, each with its own charts: its services are
     * services[first_service[e] .. + nservices_of[e]) (rows come sorted by
     * entity), its incidents severity[e × nmonths + month]. */
    const char **entities;
    size_t nentities;
    size_t *first_service, *nservices_of;
    long (*severity)[NSEV];
    double *trend; /* nservices × nmonths availability; NAN where unknown */
    /* Per service its downtime over the months shown and whether its
     * entity's trend draws it (TREND_WORST); per entity how many it pools
     * as "the rest", and their pooled availability per month (rest[e ×
     * nmonths + month], NAN where unknown) from their downtime and eligible
     * time, as the entity row pools its services. */
    double *downtime;
    bool *drawn;
    size_t *nrest_of;
    double *rest, *rest_down, *rest_eligible;
    /* The distinct targets of the services, in the order first met, each
     * drawn as a line; none when there are more than MAX_TARGETS. */
    double target_percent[MAX_TARGETS];
    size_t ntargets;
    const struct eval_row **ttr; /* entity rows of the report month with a TTR */
    size_t nttr;
    bool ttr_hours;                 /* some TTR beyond TTR_HOURS_FROM_MINUTES: every one in hours */
    const struct eval_row **budget; /* service rows of the report month, known */
    size_t nbudget;
    uint32_t trend_row, severity_row, ttr_row, budget_row; /* header rows */
    uint32_t worst_budget_row;   /* the block the budget chart draws past BUDGET_WORST */
    const struct eval_result *r; /* for the commitments' targets and budgets */
};

static int
is_month_row(const struct eval_row *row)
{
    return row->window.kind == WINDOW_MONTH;
}

static int
same_service(const struct eval_row *a, const struct eval_row *b)
{
    return strcmp(a->entity, b->entity) == 0 && a->service && b->service &&
           strcmp(a->service, b->service) == 0;
}

static int
cmp_start(const void *a, const void *b)
{
    const struct window *x = a, *y = b;
    return (x->start > y->start) - (x->start < y->start);
}

static long
month_index(const struct plan *p, const struct window *w)
{
    for (size_t j = 0; j < p->nmonths; j++)
        if (p->months[j].start == w->start && p->months[j].end == w->end)
            return (long)j;
    return -1;
}

/* The months: every month window up to the report month, the last twelve. */
static enum sl_status
plan_months(struct plan *p, const struct eval_result *r, const struct report_info *info)
{
    struct window *seen = calloc(r->nrows + 1, sizeof *seen);
    size_t n = 0;
    if (!seen)
        return SL_ERR_NOMEM;
    for (size_t i = 0; i < r->nrows; i++)
        if (is_month_row(&r->rows[i]) && r->rows[i].window.end <= info->month.end)
            seen[n++] = r->rows[i].window;
    qsort(seen, n, sizeof *seen, cmp_start);
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        if (distinct == 0 || seen[distinct - 1].start != seen[i].start)
            seen[distinct++] = seen[i];
    size_t skip = distinct > MAX_MONTHS ? distinct - MAX_MONTHS : 0;
    for (size_t j = skip; j < distinct; j++)
        p->months[p->nmonths++] = seen[j];
    free(seen);
    return SL_OK;
}

static void
plan_release(struct plan *p)
{
    free(p->services);
    free(p->service_targets);
    free(p->entities);
    free(p->first_service);
    free(p->nservices_of);
    free(p->severity);
    free(p->trend);
    free(p->downtime);
    free(p->drawn);
    free(p->nrest_of);
    free(p->rest);
    free(p->rest_down);
    free(p->rest_eligible);
    free(p->ttr);
    free(p->budget);
}

/* Marks the services each entity's trend draws: all of them, or its
 * TREND_WORST with the most downtime (the first listed on a tie), the rest
 * pooled month by month. */
static void
plan_worst(struct plan *p, const struct eval_result *r)
{
    for (size_t e = 0; e < p->nentities; e++) {
        size_t first = p->first_service[e], n = p->nservices_of[e];
        for (size_t k = first; k < first + n; k++) {
            size_t worse = 0;
            for (size_t m = first; m < first + n; m++)
                worse +=
                    p->downtime[m] > p->downtime[k] || (p->downtime[m] == p->downtime[k] && m < k);
            p->drawn[k] = worse < TREND_WORST;
        }
        p->nrest_of[e] = n > TREND_WORST ? n - TREND_WORST : 0;
    }
    for (size_t i = 0, k = 0, e = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        long j = is_month_row(row) ? month_index(p, &row->window) : -1;
        if (j < 0 || !row->service)
            continue;
        while (e < p->nentities && strcmp(p->entities[e], row->entity) != 0)
            e++;
        while (k < p->nservices && !same_service(p->services[k], row))
            k++;
        if (e == p->nentities || k == p->nservices)
            break;
        if (p->drawn[k] || row->coverage == AVAIL_COVERAGE_INSUFFICIENT)
            continue;
        p->rest_down[e * p->nmonths + (size_t)j] += row->avail.downtime_seconds;
        p->rest_eligible[e * p->nmonths + (size_t)j] += (double)row->avail.eligible_seconds;
    }
    for (size_t c = 0; c < p->nentities * p->nmonths; c++)
        p->rest[c] = p->rest_eligible[c] > 0 ? 1.0 - p->rest_down[c] / p->rest_eligible[c] : NAN;
}

static enum sl_status
plan_build(struct plan *p, const struct eval_result *r, const struct report_info *info)
{
    memset(p, 0, sizeof *p);
    p->r = r;
    if (plan_months(p, r, info) != SL_OK)
        return SL_ERR_NOMEM;
    size_t n = r->nrows ? r->nrows : 1;
    p->services = calloc(n, sizeof *p->services);
    p->service_targets = calloc(n, sizeof *p->service_targets);
    p->entities = calloc(n, sizeof *p->entities);
    p->first_service = calloc(n, sizeof *p->first_service);
    p->nservices_of = calloc(n, sizeof *p->nservices_of);
    p->ttr = calloc(n, sizeof *p->ttr);
    p->budget = calloc(n, sizeof *p->budget);
    if (!p->services || !p->service_targets || !p->entities || !p->first_service ||
        !p->nservices_of || !p->ttr || !p->budget)
        return SL_ERR_NOMEM;
    /* Rows come sorted by entity, service, window: one run per entity, and
     * within it one per service. */
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if (!is_month_row(row) || month_index(p, &row->window) < 0)
            continue;
        if (p->nentities == 0 || strcmp(p->entities[p->nentities - 1], row->entity) != 0) {
            p->first_service[p->nentities] = p->nservices;
            p->entities[p->nentities++] = row->entity;
        }
        if (row->service &&
            (p->nservices == 0 || !same_service(p->services[p->nservices - 1], row))) {
            p->services[p->nservices++] = row;
            p->nservices_of[p->nentities - 1]++;
        }
    }
    p->severity = calloc(p->nentities * p->nmonths + 1, sizeof *p->severity);
    if (!p->severity)
        return SL_ERR_NOMEM;
    p->trend = malloc((p->nservices * p->nmonths + 1) * sizeof *p->trend);
    if (!p->trend)
        return SL_ERR_NOMEM;
    for (size_t k = 0; k < p->nservices * p->nmonths; k++)
        p->trend[k] = NAN;
    size_t cells = p->nentities * p->nmonths + 1;
    p->downtime = calloc(p->nservices + 1, sizeof *p->downtime);
    p->drawn = calloc(p->nservices + 1, sizeof *p->drawn);
    p->nrest_of = calloc(p->nentities + 1, sizeof *p->nrest_of);
    p->rest = malloc(cells * sizeof *p->rest);
    p->rest_down = calloc(cells, sizeof *p->rest_down);
    p->rest_eligible = calloc(cells, sizeof *p->rest_eligible);
    if (!p->downtime || !p->drawn || !p->nrest_of || !p->rest || !p->rest_down || !p->rest_eligible)
        return SL_ERR_NOMEM;
    bool too_many_targets = false;

    for (size_t i = 0, k = 0, e = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        long j = is_month_row(row) ? month_index(p, &row->window) : -1;
        if (j < 0)
            continue;
        while (e < p->nentities && strcmp(p->entities[e], row->entity) != 0)
            e++;
        if (e == p->nentities)
            break;           /* not sorted as eval.h promises; draw what was found */
        if (!row->service) { /* entity rows count every incident of the entity */
            for (int s = 0; s < NSEV; s++)
                p->severity[e * p->nmonths + (size_t)j][s] +=
                    row->incidents.by_severity[s == NSEV - 1 ? 0 : s + 1];
            if (sheet_same_window(&row->window, &info->month) &&
                row->incidents.measure[MEASURE_TTR].n > 0) {
                p->ttr[p->nttr++] = row;
                if (row->incidents.measure[MEASURE_TTR].max / 60.0 > TTR_HOURS_FROM_MINUTES)
                    p->ttr_hours = true;
            }
            continue;
        }
        while (k < p->nservices && !same_service(p->services[k], row))
            k++;
        if (k == p->nservices)
            break; /* not sorted as eval.h promises; draw what was found */
        if (eval_row_shows_availability(row))
            p->trend[k * p->nmonths + (size_t)j] = row->avail.availability;
        p->downtime[k] += row->avail.downtime_seconds;
        size_t t = 0;
        while (t < p->ntargets && !target_same(row->target_percent, p->target_percent[t]))
            t++;
        if (t == p->ntargets && t < MAX_TARGETS)
            p->target_percent[p->ntargets++] = row->target_percent;
        else if (t == p->ntargets)
            too_many_targets = true;
        if (t < MAX_TARGETS)
            p->service_targets[k] |= 1u << t;
        if (sheet_same_window(&row->window, &info->month) && eval_row_shows_availability(row))
            p->budget[p->nbudget++] = row;
    }

    if (too_many_targets)
        p->ntargets = 0;
    plan_worst(p, r);
    p->trend_row = 2;
    p->severity_row = p->trend_row + (uint32_t)p->nmonths + 2;
    p->ttr_row = p->severity_row + (uint32_t)(p->nentities * (p->nmonths + 2));
    p->budget_row = p->ttr_row + (uint32_t)p->nttr + 2;
    p->worst_budget_row = p->budget_row + (uint32_t)p->nbudget + 2;
    return SL_OK;
}

/* The lowest value the trend shows, rounded down to a readable step, so a
 * 99.9 % line is not flattened against a 0 % floor. */
static double
trend_axis_min(const struct plan *p, size_t e)
{
    double lo = 1.0;
    unsigned targets = 0;
    for (size_t k = p->first_service[e]; k < p->first_service[e] + p->nservices_of[e]; k++) {
        targets |= p->service_targets[k];
        for (size_t j = 0; j < p->nmonths && p->drawn[k]; j++)
            if (!isnan(p->trend[k * p->nmonths + j]) && p->trend[k * p->nmonths + j] < lo)
                lo = p->trend[k * p->nmonths + j];
    }
    for (size_t j = 0; j < p->nmonths && p->nrest_of[e]; j++)
        if (!isnan(p->rest[e * p->nmonths + j]) && p->rest[e * p->nmonths + j] < lo)
            lo = p->rest[e * p->nmonths + j];
    for (size_t t = 0; t < p->ntargets; t++)
        if ((targets & (1u << t)) && target_fraction(p->target_percent[t]) < lo)
            lo = target_fraction(p->target_percent[t]);
    double step = lo >= 0.99 ? 0.001 : lo >= 0.9 ? 0.01 : 0.1;
    double min = floor(lo / step - 1e-9) * step;
    if (min >= lo)
        min -= step;
    return min < 0.0 ? 0.0 : min;
}

/* The number of target lines the trend draws. */
static size_t
trend_targets(const struct plan *p)
{
    return p->nservices > 0 ? p->ntargets : 0;
}

/* "Target" when the services share one, else "Target 99.5 %". */
static void
target_label(const struct plan *p, size_t t, char *out, size_t size)
{
    if (p->ntargets == 1)
        snprintf(out, size, "Target");
    else
        snprintf(out, size, "Target %g %%", p->target_percent[t]);
}

/* The Chart data column of entity e's pooled rest, after the targets. */
static uint16_t
rest_col(const struct plan *p, size_t e)
{
    return (uint16_t)(1 + p->nservices + trend_targets(p) + e);
}

static enum sl_status
plan_check(const struct plan *p, struct sl_diag *diag)
{
    if (p->nservices + 1 + MAX_TARGETS + p->nentities > XLSX_MAX_COL)
        return diag_set(diag, SL_ERR_LIMIT, "", 0,
                        "%zu services are more columns than a chart's data sheet holds",
                        p->nservices);
    return SL_OK;
}

/* ---- the Charts sheet ---- */

/* A chart of the data block whose header row is `header`: rows below it are
 * the categories (column 0), columns 1..nseries its series, coloured by
 * colours[] (NULL: the workbook's own palette). */
static struct xlsx_chart *
block_chart(struct xlsx_book *book, const struct xlsx_chart_spec *spec, uint32_t header,
            size_t nrows, size_t nseries, const uint32_t *colours)
{
    struct xlsx_chart *c = xlsx_chart_new(book, spec);
    for (size_t k = 0; k < nseries; k++)
        xlsx_chart_series(c, DATA_SHEET, header, header + 1, header + (uint32_t)nrows, 0,
                          (uint16_t)(1 + k), colours ? colours[k] : 0);
    return c;
}

/* The trend of entity e's services, with the targets they are judged
 * against as dashed lines. */
static struct xlsx_chart *
trend_chart(struct xlsx_book *book, const struct plan *p, size_t e)
{
    char title[320];
    if (p->nrest_of[e])
        snprintf(title, sizeof title,
                 "Availability of %s, last %zu months: the %d services with the most downtime, "
                 "the other %zu pooled",
                 p->entities[e], p->nmonths, TREND_WORST, p->nrest_of[e]);
    else
        snprintf(title, sizeof title, "Availability of %s, last %zu months", p->entities[e],
                 p->nmonths);
    struct xlsx_chart_spec spec = {
        .kind = XLSX_CHART_LINE,
        .title = title,
        .category_title = "Month",
        .value_title = "Availability",
        .value_format = "0.0%",
        .value_min = trend_axis_min(p, e),
        .value_max = 1.0,
    };
    struct xlsx_chart *c = xlsx_chart_new(book, &spec);
    uint32_t first = p->trend_row + 1, last = p->trend_row + (uint32_t)p->nmonths;
    unsigned targets = 0;
    for (size_t k = p->first_service[e]; k < p->first_service[e] + p->nservices_of[e]; k++) {
        if (p->drawn[k])
            xlsx_chart_series(c, DATA_SHEET, p->trend_row, first, last, 0, (uint16_t)(1 + k), 0);
        targets |= p->service_targets[k];
    }
    if (p->nrest_of[e])
        xlsx_chart_series(c, DATA_SHEET, p->trend_row, first, last, 0, rest_col(p, e), 0x7030A0);
    static const uint32_t target_colours[MAX_TARGETS] = {0x404040, 0x7F7F7F, 0xA5A5A5, 0xBFBFBF};
    for (size_t t = 0; t < trend_targets(p); t++) {
        if (!(targets & (1u << t)))
            continue;
        xlsx_chart_series(c, DATA_SHEET, p->trend_row, first, last, 0,
                          (uint16_t)(1 + p->nservices + t), target_colours[t]);
        xlsx_chart_series_dashed(c);
    }
    return c;
}

/* NULL when the entity had no incident in any month shown: no chart of
 * zeros on empty axes. */
static struct xlsx_chart *
severity_chart(struct xlsx_book *book, const struct plan *p, size_t e)
{
    long any = 0;
    for (size_t j = 0; j < p->nmonths; j++)
        for (int s = 0; s < NSEV; s++)
            any += p->severity[e * p->nmonths + j][s];
    if (any == 0)
        return NULL;
    char title[256];
    snprintf(title, sizeof title, "Incidents of %s by severity per month", p->entities[e]);
    struct xlsx_chart_spec spec = {
        .kind = XLSX_CHART_COLUMN_STACKED,
        .title = title,
        .category_title = "Month",
        .value_title = "Incidents",
        .value_format = "0",
        .value_min = 0.0,
        .value_max = NAN,
    };
    return block_chart(book, &spec, p->severity_row + (uint32_t)(e * (p->nmonths + 2)), p->nmonths,
                       NSEV, sev_colours);
}

static struct xlsx_chart *
ttr_chart(struct xlsx_book *book, const struct plan *p)
{
    if (p->nttr == 0)
        return NULL;
    struct xlsx_chart_spec spec = {
        .kind = XLSX_CHART_COLUMN,
        .title = "Time to resolve this month: median, p90 and max",
        .category_title = "Entity",
        .value_title = p->ttr_hours ? "Hours" : "Minutes",
        .value_format = p->ttr_hours ? "0.0" : "0",
        .value_min = 0.0,
        .value_max = NAN,
    };
    return block_chart(book, &spec, p->ttr_row, p->nttr, TTR_COUNT, ttr_colours);
}

/* True when every service's budget is of one measure, *first's; else the
 * chart's categories say which are a contract's. */
static bool
budget_one_measure(const struct plan *p, struct budget_basis *first)
{
    struct budget_basis bb;
    for (size_t i = 0; i < p->nbudget; i++) {
        budget_basis_of(p->r, p->budget[i], i ? &bb : first);
        if (i && strcmp(bb.measure, first->measure) != 0)
            return false;
    }
    return true;
}

static struct xlsx_chart *
budget_chart(struct xlsx_book *book, const struct plan *p)
{
    if (p->nbudget == 0)
        return NULL;
    struct budget_basis first;
    bool one = budget_one_measure(p, &first);
    char title[400];
    snprintf(title, sizeof title, "Error budget this month, %s",
             one ? first.measure : "contract or neutral measure");
    struct xlsx_chart_spec spec = {
        .kind = XLSX_CHART_COLUMN,
        .title = title,
        .category_title =
            one ? "Service" : "Service: (SLA) the contract measure of its SLA, else neutral",
        .value_title = "Minutes (allowed, used)",
        .value_format = "0",
        .value_min = 0.0,
        .value_max = NAN,
    };
    if (p->nbudget <= BUDGET_WORST)
        return block_chart(book, &spec, p->budget_row, p->nbudget, BUDGET_COUNT, budget_colours);
    size_t len = strlen(title);
    snprintf(title + len, sizeof title - len,
             ": the %d services that spent the most, the other %zu summed", BUDGET_WORST,
             p->nbudget - BUDGET_WORST);
    return block_chart(book, &spec, p->worst_budget_row, BUDGET_WORST + 1, BUDGET_COUNT,
                       budget_colours);
}

enum sl_status
chart_monthly_write(struct xlsx_book *book, const struct eval_result *r,
                    const struct report_info *info, struct sl_diag *diag)
{
    struct plan p;
    enum sl_status st = plan_build(&p, r, info);
    if (st != SL_OK) {
        st = diag_set(diag, st, "", 0, "out of memory for the charts");
        goto out;
    }
    if ((st = plan_check(&p, diag)) != SL_OK)
        goto out;
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Charts");
    char month[48], title[128];
    window_label(&info->month, month);
    snprintf(title, sizeof title, "Charts %s (%s)", month, info->zone ? info->zone : "UTC");
    xlsx_text(sh, 0, 0, title, XLSX_BOLD);
    /* Two lines, each within the printed width of the charts. */
    xlsx_text(sh, 1, 0,
              "Per entity, the availability of its services and its incidents; then time to "
              "resolve and the error budget.",
              XLSX_MUTED);
    xlsx_text(sh, 2, 0,
              "The figures are on the Chart data sheet, the month day by day on the Daily "
              "sheet, definitions on the Definitions sheet.",
              XLSX_MUTED);
    struct xlgrid g = {.row0 = CHART_ROW0,
                       .rows = CHART_ROWS,
                       .col1 = CHART_COL1,
                       .width = CHART_W,
                       .height = CHART_H};
    if (p.nmonths == 0) {
        xlgrid_place(sh, &g, NULL, "No evaluated month: nothing to chart.");
        goto done;
    }
    for (size_t e = 0; e < p.nentities; e++) {
        char note[300];
        snprintf(note, sizeof note, "%s: no monitored service, no availability to show.",
                 p.entities[e]);
        xlgrid_place(sh, &g, p.nservices_of[e] ? trend_chart(book, &p, e) : NULL, note);
        snprintf(note, sizeof note, "%s: no incident in these months, no incidents to show.",
                 p.entities[e]);
        xlgrid_place(sh, &g, severity_chart(book, &p, e), note);
    }
    xlgrid_new_row(&g);
    xlgrid_place(sh, &g, ttr_chart(book, &p), "No resolved incident this month: no TTR to show.");
    xlgrid_place(sh, &g, budget_chart(book, &p), "No monitored service this month: no budget.");
    xlgrid_end(sh, &g);
done:
    xlsx_print_fit(sh, true, 1);
    st = xlsx_status(book, diag);
out:
    plan_release(&p);
    return st;
}

/* ---- the Chart data sheet ---- */

static void
write_month_labels(struct xlsx_sheet *sh, const struct plan *p, uint32_t header, size_t j)
{
    char label[48];
    window_label(&p->months[j], label);
    xlsx_text(sh, header + 1 + (uint32_t)j, 0, label, XLSX_PLAIN);
}

static void
write_trend(struct xlsx_sheet *sh, const struct plan *p)
{
    char label[256];
    /* The entity above its services, so a chart's legend names the service
     * alone (the chart's title names the entity). */
    xlsx_text(sh, p->trend_row - 1, 0, "Entity", XLSX_BOLD);
    for (size_t k = 0; k < p->nservices; k++)
        xlsx_text(sh, p->trend_row - 1, (uint16_t)(1 + k), p->services[k]->entity, XLSX_MUTED);
    for (size_t e = 0; e < p->nentities; e++)
        if (p->nrest_of[e])
            xlsx_text(sh, p->trend_row - 1, rest_col(p, e), p->entities[e], XLSX_MUTED);
    xlsx_text(sh, p->trend_row, 0, "Month", XLSX_HEADER);
    for (size_t k = 0; k < p->nservices; k++)
        xlsx_text(sh, p->trend_row, (uint16_t)(1 + k), p->services[k]->service, XLSX_HEADER);
    for (size_t t = 0; t < trend_targets(p); t++) {
        target_label(p, t, label, sizeof label);
        xlsx_text(sh, p->trend_row, (uint16_t)(1 + p->nservices + t), label, XLSX_HEADER);
    }
    for (size_t e = 0; e < p->nentities; e++) {
        if (!p->nrest_of[e])
            continue;
        snprintf(label, sizeof label, "Other %zu services (pooled)", p->nrest_of[e]);
        xlsx_text(sh, p->trend_row, rest_col(p, e), label, XLSX_HEADER);
    }
    for (size_t j = 0; j < p->nmonths; j++) {
        uint32_t row = p->trend_row + 1 + (uint32_t)j;
        write_month_labels(sh, p, p->trend_row, j);
        for (size_t k = 0; k < p->nservices; k++)
            xlsx_number(sh, row, (uint16_t)(1 + k), p->trend[k * p->nmonths + j], XLSX_PERCENT);
        for (size_t t = 0; t < trend_targets(p); t++)
            xlsx_number(sh, row, (uint16_t)(1 + p->nservices + t),
                        target_fraction(p->target_percent[t]), XLSX_PERCENT);
        for (size_t e = 0; e < p->nentities; e++)
            if (p->nrest_of[e])
                xlsx_number(sh, row, rest_col(p, e), p->rest[e * p->nmonths + j], XLSX_PERCENT);
    }
}

static void
write_severity(struct xlsx_sheet *sh, const struct plan *p)
{
    for (size_t e = 0; e < p->nentities; e++) {
        uint32_t header = p->severity_row + (uint32_t)(e * (p->nmonths + 2));
        xlsx_text(sh, header, 0, p->entities[e], XLSX_HEADER);
        for (int s = 0; s < NSEV; s++)
            xlsx_text(sh, header, (uint16_t)(1 + s), sev_titles[s], XLSX_HEADER);
        for (size_t j = 0; j < p->nmonths; j++) {
            write_month_labels(sh, p, header, j);
            for (int s = 0; s < NSEV; s++)
                xlsx_number(sh, header + 1 + (uint32_t)j, (uint16_t)(1 + s),
                            (double)p->severity[e * p->nmonths + j][s], XLSX_INTEGER);
        }
    }
}

static void
write_ttr(struct xlsx_sheet *sh, const struct plan *p)
{
    xlsx_text(sh, p->ttr_row, 0, "Entity", XLSX_HEADER);
    for (int m = 0; m < TTR_COUNT; m++)
        xlsx_text(sh, p->ttr_row, (uint16_t)(1 + m),
                  p->ttr_hours ? ttr_titles_hours[m] : ttr_titles[m], XLSX_HEADER);
    for (size_t i = 0; i < p->nttr; i++) {
        uint32_t row = p->ttr_row + 1 + (uint32_t)i;
        const struct duration_stats *s = &p->ttr[i]->incidents.measure[MEASURE_TTR];
        double unit = p->ttr_hours ? 3600.0 : 60.0;
        xlsx_text(sh, row, 0, p->ttr[i]->entity, XLSX_PLAIN);
        xlsx_number(sh, row, 1 + TTR_MEDIAN, s->median / unit, XLSX_DECIMAL1);
        xlsx_number(sh, row, 1 + TTR_P90, s->p90 / unit, XLSX_DECIMAL1);
        xlsx_number(sh, row, 1 + TTR_MAX, s->max / unit, XLSX_DECIMAL1);
    }
}

static void
write_budget(struct xlsx_sheet *sh, const struct plan *p)
{
    struct budget_basis first;
    bool one = budget_one_measure(p, &first);
    xlsx_text(sh, p->budget_row, 0, "Service", XLSX_HEADER);
    for (int m = 0; m < BUDGET_COUNT; m++)
        xlsx_text(sh, p->budget_row, (uint16_t)(1 + m), budget_titles[m], XLSX_HEADER);
    xlsx_text(sh, p->budget_row, 1 + BUDGET_COUNT, "Target", XLSX_HEADER);
    xlsx_text(sh, p->budget_row, 2 + BUDGET_COUNT, "Entity", XLSX_HEADER);
    xlsx_text(sh, p->budget_row, 3 + BUDGET_COUNT, "Remaining (min)", XLSX_HEADER);
    xlsx_text(sh, p->budget_row, 4 + BUDGET_COUNT, "Burn rate", XLSX_HEADER);
    xlsx_text(sh, p->budget_row, 5 + BUDGET_COUNT, "Basis", XLSX_HEADER);
    for (size_t i = 0; i < p->nbudget; i++) {
        uint32_t row = p->budget_row + 1 + (uint32_t)i;
        const struct eval_row *er = p->budget[i];
        struct budget_basis bb;
        budget_basis_of(p->r, er, &bb);
        const struct budget b = bb.budget;
        /* Short: the chart's axis labels; "(SLA)" where the measures differ. */
        char name[300];
        snprintf(name, sizeof name, "%s%s", er->service, !one && bb.contract ? " (SLA)" : "");
        xlsx_text(sh, row, 0, name, XLSX_PLAIN);
        xlsx_number(sh, row, 1 + BUDGET_ALLOWED, b.allowed_seconds / 60.0, XLSX_DECIMAL1);
        xlsx_number(sh, row, 1 + BUDGET_USED, b.consumed_seconds / 60.0, XLSX_DECIMAL1);
        xlsx_number(sh, row, 1 + BUDGET_COUNT, target_fraction(b.target_percent), XLSX_PERCENT);
        xlsx_text(sh, row, 2 + BUDGET_COUNT, er->entity, XLSX_PLAIN);
        xlsx_number(sh, row, 3 + BUDGET_COUNT, b.remaining_seconds / 60.0, XLSX_DECIMAL1);
        xlsx_number(sh, row, 4 + BUDGET_COUNT, b.burn_rate, XLSX_DECIMAL1);
        xlsx_text(sh, row, 5 + BUDGET_COUNT, bb.basis, XLSX_MUTED);
    }
}

/* The downtime service i spent of its budget. */
static double
budget_spent(const struct plan *p, size_t i)
{
    struct budget_basis bb;
    budget_basis_of(p->r, p->budget[i], &bb);
    return bb.budget.consumed_seconds;
}

/* Past BUDGET_WORST services, the block the budget chart draws: the ones
 * that spent the most, worst first (the first listed on a tie), then the
 * others summed; the table above keeps every service. */
static void
write_budget_worst(struct xlsx_sheet *sh, const struct plan *p)
{
    if (p->nbudget <= BUDGET_WORST)
        return;
    uint32_t header = p->worst_budget_row;
    xlsx_text(sh, header, 0, "Service (the chart's: the most spent, then the rest)", XLSX_HEADER);
    for (int m = 0; m < BUDGET_COUNT; m++)
        xlsx_text(sh, header, (uint16_t)(1 + m), budget_titles[m], XLSX_HEADER);
    double rest[BUDGET_COUNT] = {0, 0};
    uint32_t row[BUDGET_WORST];
    for (size_t i = 0; i < p->nbudget; i++) {
        size_t worse = 0;
        double spent = budget_spent(p, i);
        for (size_t m = 0; m < p->nbudget; m++) {
            double other = budget_spent(p, m);
            worse += other > spent || (other == spent && m < i);
        }
        struct budget_basis bb;
        budget_basis_of(p->r, p->budget[i], &bb);
        if (worse >= BUDGET_WORST) {
            rest[BUDGET_ALLOWED] += bb.budget.allowed_seconds / 60.0;
            rest[BUDGET_USED] += bb.budget.consumed_seconds / 60.0;
        } else {
            row[worse] = (uint32_t)i;
        }
    }
    /* Rows in order, worst first: constant memory writes them so. */
    for (size_t w = 0; w < BUDGET_WORST; w++) {
        struct budget_basis bb;
        budget_basis_of(p->r, p->budget[row[w]], &bb);
        uint32_t y = header + 1 + (uint32_t)w;
        xlsx_text(sh, y, 0, p->budget[row[w]]->service, XLSX_PLAIN);
        xlsx_number(sh, y, 1 + BUDGET_ALLOWED, bb.budget.allowed_seconds / 60.0, XLSX_DECIMAL1);
        xlsx_number(sh, y, 1 + BUDGET_USED, bb.budget.consumed_seconds / 60.0, XLSX_DECIMAL1);
    }
    char label[64];
    uint32_t y = header + 1 + BUDGET_WORST;
    snprintf(label, sizeof label, "Other %zu services (summed)", p->nbudget - BUDGET_WORST);
    xlsx_text(sh, y, 0, label, XLSX_PLAIN);
    xlsx_number(sh, y, 1 + BUDGET_ALLOWED, rest[BUDGET_ALLOWED], XLSX_DECIMAL1);
    xlsx_number(sh, y, 1 + BUDGET_USED, rest[BUDGET_USED], XLSX_DECIMAL1);
}

enum sl_status
chart_monthly_data_write(struct xlsx_book *book, const struct eval_result *r,
                         const struct report_info *info, struct sl_diag *diag)
{
    struct plan p;
    enum sl_status st = plan_build(&p, r, info);
    if (st != SL_OK) {
        st = diag_set(diag, st, "", 0, "out of memory for the chart data");
        goto out;
    }
    if ((st = plan_check(&p, diag)) != SL_OK)
        goto out;
    struct xlsx_sheet *sh = xlsx_add_sheet(book, DATA_SHEET);
    xlsx_text(sh, 0, 0, "The figures the Charts sheet draws", XLSX_BOLD);
    xlsx_column_width(sh, 0, 0, 34);
    xlsx_column_width(sh, 1, (uint16_t)(p.nservices + 1 > 3 ? p.nservices + 1 : 3), 16);
    write_trend(sh, &p);
    write_severity(sh, &p);
    write_ttr(sh, &p);
    write_budget(sh, &p);
    write_budget_worst(sh, &p);
    st = xlsx_status(book, diag);
out:
    plan_release(&p);
    return st;
}
