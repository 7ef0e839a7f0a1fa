/* compare.c — two entities on identical definitions. The metrics are a
 * table: name, unit, which way is better, and how to read it from an
 * evaluation row. */
#include "engine/measure/compare.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/measure/eval.h"

enum source {
    S_AVAIL,
    S_DOWN_H,
    S_COVERAGE,
    S_UNKNOWN_H,
    S_MAINT_H,
    S_INELIGIBLE_H,
    S_DEGRADED_H,
    S_PARTIAL_H,
    S_MTBF_H,
    S_INCIDENTS,
    S_SEV,
    S_OPEN,
    S_MERGED,
    S_UNACKED,
    S_STAT,
    S_TTR_FROM_DETECTED
};

static const struct {
    const char *name, *unit;
    enum compare_better better;
    enum source source;
    int arg;  /* severity for S_SEV; measure for S_STAT */
    int stat; /* S_STAT: 0 n, 1 mean, 2 median, 3 p90, 4 max */
} metric_table[] = {
    {"availability", "%", BETTER_HIGHER, S_AVAIL, 0, 0},
    {"downtime", "h", BETTER_LOWER, S_DOWN_H, 0, 0},
    {"monitored", "%", BETTER_HIGHER, S_COVERAGE, 0, 0},
    {"unmonitored", "h", BETTER_LOWER, S_UNKNOWN_H, 0, 0},
    {"eligible maintenance", "h", BETTER_NEITHER, S_MAINT_H, 0, 0},
    {"late-announced maintenance (downtime)", "h", BETTER_LOWER, S_INELIGIBLE_H, 0, 0},
    {"degraded", "h", BETTER_LOWER, S_DEGRADED_H, 0, 0},
    {"partial outage", "h", BETTER_LOWER, S_PARTIAL_H, 0, 0},
    {"MTBF", "h", BETTER_HIGHER, S_MTBF_H, 0, 0},
    {"incidents", "count", BETTER_LOWER, S_INCIDENTS, 0, 0},
    {"sev1 incidents", "count", BETTER_LOWER, S_SEV, 1, 0},
    {"sev2 incidents", "count", BETTER_LOWER, S_SEV, 2, 0},
    {"sev3 incidents", "count", BETTER_LOWER, S_SEV, 3, 0},
    {"sev4 incidents", "count", BETTER_LOWER, S_SEV, 4, 0},
    {"sev5 incidents", "count", BETTER_LOWER, S_SEV, 5, 0},
    {"open incidents", "count", BETTER_LOWER, S_OPEN, 0, 0},
    {"merged or duplicate (left out)", "count", BETTER_NEITHER, S_MERGED, 0, 0},
    {"unacknowledged", "count", BETTER_LOWER, S_UNACKED, 0, 0},
    {"TTD n", "count", BETTER_NEITHER, S_STAT, MEASURE_TTD, 0},
    {"TTD mean", "min", BETTER_LOWER, S_STAT, MEASURE_TTD, 1},
    {"TTD median", "min", BETTER_LOWER, S_STAT, MEASURE_TTD, 2},
    {"TTD p90", "min", BETTER_LOWER, S_STAT, MEASURE_TTD, 3},
    {"TTA n", "count", BETTER_NEITHER, S_STAT, MEASURE_TTA, 0},
    {"TTA mean", "min", BETTER_LOWER, S_STAT, MEASURE_TTA, 1},
    {"TTA median", "min", BETTER_LOWER, S_STAT, MEASURE_TTA, 2},
    {"TTA p90", "min", BETTER_LOWER, S_STAT, MEASURE_TTA, 3},
    {"TTA max", "min", BETTER_LOWER, S_STAT, MEASURE_TTA, 4},
    {"TTM n", "count", BETTER_NEITHER, S_STAT, MEASURE_TTM, 0},
    {"TTM mean", "min", BETTER_LOWER, S_STAT, MEASURE_TTM, 1},
    {"TTM median", "min", BETTER_LOWER, S_STAT, MEASURE_TTM, 2},
    {"TTM p90", "min", BETTER_LOWER, S_STAT, MEASURE_TTM, 3},
    {"TTR n", "count", BETTER_NEITHER, S_STAT, MEASURE_TTR, 0},
    {"TTR mean", "min", BETTER_LOWER, S_STAT, MEASURE_TTR, 1},
    {"TTR median", "min", BETTER_LOWER, S_STAT, MEASURE_TTR, 2},
    {"TTR p90", "min", BETTER_LOWER, S_STAT, MEASURE_TTR, 3},
    {"TTR max", "min", BETTER_LOWER, S_STAT, MEASURE_TTR, 4},
    {"TTR measured from detected", "%", BETTER_NEITHER, S_TTR_FROM_DETECTED, 0, 0},
};
#define NMETRICS (sizeof metric_table / sizeof metric_table[0])

const char *
compare_better_name(enum compare_better b)
{
    return b == BETTER_HIGHER ? "higher" : b == BETTER_LOWER ? "lower" : "";
}

static double
stat_value(const struct duration_stats *s, int which)
{
    if (which == 0)
        return (double)s->n;
    if (s->n == 0)
        return NAN;
    double v = which == 1 ? s->mean : which == 2 ? s->median : which == 3 ? s->p90 : s->max;
    return v / 60.0;
}

static double
value_of(const struct eval_row *row, size_t m)
{
    if (!row)
        return NAN;
    const struct avail_result *a = &row->avail;
    const struct incident_summary *inc = &row->incidents;
    switch (metric_table[m].source) {
    case S_AVAIL:
        return a->known ? 100.0 * a->availability : NAN;
    case S_DOWN_H:
        return a->known ? a->downtime_seconds / 3600.0 : NAN;
    case S_COVERAGE:
        return a->window_seconds > 0 && a->known
                   ? 100.0 * (1.0 - (double)a->unknown_seconds / (double)a->window_seconds)
                   : NAN;
    case S_UNKNOWN_H:
        return a->known ? (double)a->unknown_seconds / 3600.0 : NAN;
    case S_MAINT_H:
        return a->known ? (double)a->maintenance_seconds / 3600.0 : NAN;
    case S_INELIGIBLE_H:
        return a->known ? (double)a->ineligible_maintenance_seconds / 3600.0 : NAN;
    case S_DEGRADED_H:
        return a->known ? (double)a->status_seconds[SVC_DEGRADED] / 3600.0 : NAN;
    case S_PARTIAL_H:
        return a->known ? (double)a->status_seconds[SVC_PARTIAL] / 3600.0 : NAN;
    case S_MTBF_H:
        return isfinite(row->mtbf_seconds) ? row->mtbf_seconds / 3600.0 : NAN;
    case S_INCIDENTS:
        return (double)inc->total;
    case S_SEV:
        return (double)inc->by_severity[metric_table[m].arg];
    case S_OPEN:
        return (double)inc->open;
    case S_MERGED:
        return (double)inc->merged;
    case S_UNACKED:
        return (double)inc->unacknowledged;
    case S_STAT:
        return stat_value(&inc->measure[metric_table[m].arg], metric_table[m].stat);
    case S_TTR_FROM_DETECTED:
        return inc->measure[MEASURE_TTR].n
                   ? 100.0 * (double)inc->ttr_from_detected / (double)inc->measure[MEASURE_TTR].n
                   : NAN;
    }
    return NAN;
}

/* The entity-as-a-whole row of entity in window w, or NULL. */
static const struct eval_row *
entity_row(const struct eval_result *r, const char *entity, const struct window *w)
{
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if (!row->service && !strcmp(row->entity, entity) &&
            (!w || (row->window.start == w->start && row->window.end == w->end)))
            return row;
    }
    return NULL;
}

static enum sl_status
evaluate(struct store *st, const char *entity, int64_t from, int64_t to, const char *zone,
         bool monthly, struct eval_result *out, struct sl_diag *diag)
{
    struct eval_params p;
    eval_default_params(&p);
    p.zone = zone;
    p.from = from;
    p.to = to;
    p.entity = entity;
    if (!monthly) {
        p.window = WINDOW_ROLLING;
        p.rolling_days = (int)((to - from + 86399) / 86400);
    }
    return eval_run(st, &p, out, diag);
}

static void
set_metric(struct compare_metric *m, const char *name, const char *unit, double a, double b,
           enum compare_better better)
{
    snprintf(m->name, sizeof m->name, "%s", name);
    m->unit = unit;
    m->a = a;
    m->b = b;
    m->diff = isfinite(a) && isfinite(b) ? b - a : NAN;
    m->better = better;
}

/* Where one entity's sources record when impact started and the other's
 * only when they were told (PagerDuty), their TTR and TTD are not measured
 * alike: said once, with the shares. */
static void
note_unlike(struct compare_result *out, const struct compare_metric *from_detected)
{
    double a = from_detected->a, b = from_detected->b;
    out->measured_alike = true;
    if (!isfinite(a) || !isfinite(b) || fabs(a - b) <= COMPARE_ALIKE_POINTS)
        return;
    out->measured_alike = false;
    snprintf(out->unlike, sizeof out->unlike,
             "%s and %s are not measured alike: TTR runs from detected (no started time "
             "recorded) for %.0f %% of %s's incidents and %.0f %% of %s's",
             out->a, out->b, a, out->a, b, out->b);
}

enum sl_status
compare_run(struct store *st, const char *a, const char *b, int64_t from, int64_t to,
            const char *zone, struct compare_result *out, struct sl_diag *diag)
{
    struct eval_result ra[2], rb[2]; /* [0] the period, [1] its months */
    int have = 0;
    enum sl_status s = SL_OK;
    struct window *months = NULL;
    size_t nmonths = 0;
    memset(out, 0, sizeof *out);
    if (to <= from)
        return diag_set(diag, SL_ERR_USAGE, "", 0, "the period is empty");
    if (!strcmp(a, b))
        return diag_set(diag, SL_ERR_USAGE, "", 0, "compare two different entities");
    snprintf(out->a, sizeof out->a, "%s", a);
    snprintf(out->b, sizeof out->b, "%s", b);
    out->from = from;
    out->to = to;
    for (int k = 0; k < 2; k++) {
        if ((s = evaluate(st, a, from, to, zone, k == 1, &ra[k], diag)))
            goto out;
        have++;
        if ((s = evaluate(st, b, from, to, zone, k == 1, &rb[k], diag))) {
            eval_result_release(&ra[k]);
            have--;
            goto out;
        }
        have++;
    }
    if ((s = eval_windows(WINDOW_MONTH, 0, from, to, zone, &months, &nmonths)))
        goto out;
    if (!(out->metrics = calloc(NMETRICS + nmonths, sizeof *out->metrics))) {
        s = diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory");
        goto out;
    }
    const struct eval_row *pa = entity_row(&ra[0], a, NULL), *pb = entity_row(&rb[0], b, NULL);
    out->has_data[0] = pa && (pa->avail.known || pa->incidents.total > 0);
    out->has_data[1] = pb && (pb->avail.known || pb->incidents.total > 0);
    for (size_t m = 0; m < NMETRICS; m++)
        set_metric(&out->metrics[out->nmetrics++], metric_table[m].name, metric_table[m].unit,
                   value_of(pa, m), value_of(pb, m), metric_table[m].better);
    note_unlike(out, &out->metrics[NMETRICS - 1]);
    for (size_t i = 0; i < nmonths; i++) {
        char label[48], name[64];
        window_label(&months[i], label);
        snprintf(name, sizeof name, "availability %s", label);
        set_metric(&out->metrics[out->nmetrics++], name, "%",
                   value_of(entity_row(&ra[1], a, &months[i]), 0),
                   value_of(entity_row(&rb[1], b, &months[i]), 0), BETTER_HIGHER);
    }
out:
    free(months);
    if (have >= 2) {
        eval_result_release(&ra[0]);
        eval_result_release(&rb[0]);
    }
    if (have >= 4) {
        eval_result_release(&ra[1]);
        eval_result_release(&rb[1]);
    }
    if (s)
        compare_result_release(out);
    return s;
}

void
compare_result_release(struct compare_result *r)
{
    free(r->metrics);
    r->metrics = NULL;
    r->nmetrics = 0;
}
