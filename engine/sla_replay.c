/* sla_replay.c — history replayed under an SLA's own rules (sla_replay.h).
 * Kept to what the replay needs: one timeline of weighted outage and
 * excluded stretches, measured per window. */
#include "engine/sla_replay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/model.h"
#include "engine/sltime.h"
#include "engine/store.h"
#include "engine/window.h"

#define PARTIAL_WEIGHT 0.3
#define DEFAULT_NOTICE_SECONDS (48 * 3600)

/* One stretch of history: an outage (weights > 0) or eligible maintenance. */
struct stretch {
    int64_t start, end;
    double contract, neutral; /* weights */
    bool excluded;            /* eligible maintenance: out of the contract's window */
};

struct collect {
    struct stretch *v;
    size_t n, alloc;
    const struct sla_terms *t;
    bool partial_counted;
    int64_t notice;
    int64_t first, last;
    bool failed;
    /* Series with intervals: their incidents are described by the intervals. */
    char **series;
    size_t nseries;
};

static void
push(struct collect *c, int64_t start, int64_t end, double contract, double neutral, bool excluded)
{
    if (end <= start || c->failed)
        return;
    if (c->n == c->alloc) {
        size_t a = c->alloc ? c->alloc * 2 : 64;
        struct stretch *v = realloc(c->v, a * sizeof *v);
        if (!v) {
            c->failed = true;
            return;
        }
        c->v = v;
        c->alloc = a;
    }
    c->v[c->n++] = (struct stretch){start, end, contract, neutral, excluded};
    if (c->first == SLTIME_NONE || start < c->first)
        c->first = start;
    if (c->last == SLTIME_NONE || end > c->last)
        c->last = end;
}

static int
on_interval(void *ctx, const struct interval *iv)
{
    struct collect *c = ctx;
    switch (iv->status) {
    case SVC_DOWN:
        push(c, iv->start, iv->end, 1, 1, false);
        break;
    case SVC_PARTIAL:
        push(c, iv->start, iv->end, c->partial_counted ? PARTIAL_WEIGHT : 0, PARTIAL_WEIGHT,
             false);
        break;
    case SVC_MAINTENANCE:
        /* A maintenance status no announced window covers is downtime. */
        push(c, iv->start, iv->end, 1, 1, false);
        break;
    default:
        if (c->first == SLTIME_NONE || iv->start < c->first)
            c->first = iv->start;
        if (c->last == SLTIME_NONE || iv->end > c->last)
            c->last = iv->end;
        break;
    }
    return 0;
}

static int
on_maintenance(void *ctx, const struct maintenance *m)
{
    struct collect *c = ctx;
    bool eligible = c->t->maintenance_excluded && m->announced != SLTIME_NONE &&
                    m->start - m->announced >= c->notice;
    /* Eligible maintenance leaves the window; the rest is downtime to both. */
    push(c, m->start, m->end, eligible ? 0 : 1, 1, eligible);
    return 0;
}

static int
on_incident(void *ctx, const struct incident *inc)
{
    struct collect *c = ctx;
    if (incident_state_is_merged(inc->state))
        return 0;
    for (size_t i = 0; inc->service && i < c->nseries; i++)
        if (!strcmp(c->series[i], inc->service))
            return 0;
    int64_t start = inc->started != SLTIME_NONE ? inc->started : inc->detected;
    int64_t end = inc->resolved != SLTIME_NONE ? inc->resolved : inc->mitigated;
    if (start == SLTIME_NONE || end == SLTIME_NONE)
        return 0;
    int rank = severity_rank(inc->severity);
    if (rank == 0 || rank <= 2)
        push(c, start, end, 1, 1, false);
    else
        push(c, start, end, c->partial_counted ? PARTIAL_WEIGHT : 0, PARTIAL_WEIGHT, false);
    return 0;
}

struct series_ctx {
    struct store *st;
    struct collect *c;
    struct sl_diag *diag;
    enum sl_status status;
};

static int
on_series(void *ctx, const char *entity, const char *service)
{
    struct series_ctx *s = ctx;
    size_t before = s->c->n;
    int64_t first = s->c->first;
    if ((s->status = store_each_interval(s->st, entity, service, INT64_MIN / 2, INT64_MAX / 2,
                                         on_interval, s->c, s->diag)))
        return 1;
    bool has_intervals = s->c->n != before || s->c->first != first;
    if ((s->status = store_each_maintenance(s->st, entity, service, INT64_MIN / 2,
                                            INT64_MAX / 2, on_maintenance, s->c, s->diag)))
        return 1;
    if (has_intervals) {
        char **v = realloc(s->c->series, (s->c->nseries + 1) * sizeof *v);
        if (!v || !(v[s->c->nseries] = strdup(service))) {
            if (v)
                s->c->series = v;
            s->c->failed = true;
            return 1;
        }
        s->c->series = v;
        s->c->nseries++;
    }
    return 0;
}

long
sla_replay_tier(const struct sla_terms *t, double a)
{
    long best = -1;
    for (size_t i = 0; i < t->ntiers; i++) {
        const struct sla_credit_tier *c = &t->tiers[i];
        bool above_lo = isnan(c->lower_percent) ||
                        (c->lower_inclusive ? a >= c->lower_percent - 1e-9
                                            : a > c->lower_percent + 1e-9);
        bool below_hi = isnan(c->upper_percent) ||
                        (c->upper_inclusive ? a <= c->upper_percent + 1e-9
                                            : a < c->upper_percent - 1e-9);
        if (above_lo && below_hi && (best < 0 || c->credit_percent > t->tiers[best].credit_percent))
            best = (long)i;
    }
    return best;
}

/* Measures one window: the worst weight at each instant, excluded time out. */
static void
measure(const struct collect *c, const struct sla_terms *t, double min_outage_seconds,
        struct sla_replay_window *w)
{
    size_t nb = 0;
    int64_t *b = malloc((2 * c->n + 2) * sizeof *b);
    if (!b)
        return;
    b[nb++] = w->start;
    b[nb++] = w->end;
    for (size_t i = 0; i < c->n; i++) {
        if (c->v[i].start > w->start && c->v[i].start < w->end)
            b[nb++] = c->v[i].start;
        if (c->v[i].end > w->start && c->v[i].end < w->end)
            b[nb++] = c->v[i].end;
    }
    for (size_t i = 1; i < nb; i++) /* insertion sort: histories are small */
        for (size_t k = i; k > 0 && b[k - 1] > b[k]; k--) {
            int64_t x = b[k];
            b[k] = b[k - 1];
            b[k - 1] = x;
        }
    double down = 0, neutral = 0, excluded = 0, forgiven = 0, run = 0, run_down = 0;
    for (size_t i = 0; i + 1 < nb; i++) {
        int64_t s = b[i], e = b[i + 1];
        if (e <= s)
            continue;
        double wc = 0, wn = 0;
        bool ex = false;
        for (size_t k = 0; k < c->n; k++) {
            const struct stretch *x = &c->v[k];
            if (x->start >= e || x->end <= s)
                continue;
            wc = fmax(wc, x->contract);
            wn = fmax(wn, x->neutral);
            ex |= x->excluded;
        }
        double len = (double)(e - s);
        neutral += wn * len;
        if (ex && wc == 0) {
            excluded += len;
            wc = 0;
        }
        /* Runs of countable outage shorter than the minimum are forgiven. */
        if (wc > 0) {
            run += len;
            run_down += wc * len;
        }
        if ((wc == 0 || i + 2 == nb) && run > 0) {
            if (run < min_outage_seconds)
                forgiven += run_down;
            else
                down += run_down;
            run = run_down = 0;
        }
    }
    free(b);
    double span = (double)(w->end - w->start);
    double eligible = span - excluded;
    w->downtime_seconds = down;
    w->excluded_seconds = excluded;
    w->forgiven_seconds = forgiven;
    w->availability_percent = eligible > 0 ? 100 * (1 - down / eligible) : NAN;
    w->neutral_percent = 100 * (1 - neutral / span);
    (void)t;
}

static struct window
window_at(enum sla_window kind, int64_t t, const char *zone)
{
    struct window m = window_month_of(t, zone);
    if (kind == SLA_WINDOW_QUARTER)
        return window_quarter(m.year, (m.month - 1) / 3 + 1, zone);
    if (kind == SLA_WINDOW_YEAR)
        return window_year(m.year, zone);
    return m;
}

enum sl_status
sla_replay_run(struct store *st, const struct sla_terms *t, const char *zone,
               struct sla_replay *out, struct sl_diag *diag)
{
    struct collect c = {.t = t, .first = SLTIME_NONE, .last = SLTIME_NONE};
    enum sl_status s = SL_OK;
    memset(out, 0, sizeof *out);
    out->target_percent = NAN;
    enum sla_window kind = SLA_WINDOW_MONTH;
    for (size_t i = 0; i < t->ntargets; i++) {
        if (isnan(out->target_percent) || t->targets[i].percent > out->target_percent) {
            out->target_percent = t->targets[i].percent;
            kind = t->targets[i].window;
        }
    }
    out->window_name = sla_window_name(kind);
    c.partial_counted = sla_terms_clause(t, SLA_CLAUSE_PARTIAL_COUNTED) != NULL;
    c.notice = isnan(t->maintenance_notice_hours) ? DEFAULT_NOTICE_SECONDS
                                                   : (int64_t)(t->maintenance_notice_hours * 3600);
    const struct sla_clause *min = sla_terms_clause(t, SLA_CLAUSE_MIN_OUTAGE);
    double min_outage = min && !isnan(min->value) ? min->value * 60 : 0;

    struct series_ctx sx = {st, &c, diag, SL_OK};
    if ((s = store_each_series(st, NULL, on_series, &sx, diag)) || (s = sx.status))
        goto out;
    if ((s = store_each_incident(st, NULL, INT64_MIN / 2, INT64_MAX / 2, on_incident, &c, diag)))
        goto out;
    if (c.failed) {
        s = diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory");
        goto out;
    }
    if (c.first == SLTIME_NONE)
        goto out;
    double down = 0, eligible = 0;
    for (struct window w = window_at(kind, c.first, zone); w.start < c.last;
         w = window_at(kind, w.end, zone)) {
        struct sla_replay_window *v = realloc(out->windows, (out->nwindows + 1) * sizeof *v);
        if (!v) {
            s = diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory");
            goto out;
        }
        out->windows = v;
        struct sla_replay_window *rw = &v[out->nwindows++];
        memset(rw, 0, sizeof *rw);
        window_label(&w, rw->label);
        rw->start = w.start;
        rw->end = w.end;
        measure(&c, t, min_outage, rw);
        double a = rw->availability_percent;
        rw->met = isnan(out->target_percent) || a >= out->target_percent - 1e-9;
        if (!rw->met) {
            out->breached++;
            long tier = sla_replay_tier(t, a);
            if (tier < 0) {
                rw->gap = t->ntiers > 0;
            } else {
                double credit = t->tiers[tier].credit_percent;
                if (!isnan(t->credit_cap_percent) && credit > t->credit_cap_percent)
                    credit = t->credit_cap_percent;
                rw->credit_percent = credit;
                out->credit_total_percent += credit;
            }
        }
        down += rw->downtime_seconds;
        eligible += (double)(w.end - w.start) - rw->excluded_seconds;
        out->excluded_total_seconds += rw->excluded_seconds + rw->forgiven_seconds;
    }
    out->overall_percent = eligible > 0 ? 100 * (1 - down / eligible) : NAN;
out:
    free(c.v);
    for (size_t i = 0; i < c.nseries; i++)
        free(c.series[i]);
    free(c.series);
    if (s)
        sla_replay_release(out);
    return s;
}

void
sla_replay_release(struct sla_replay *r)
{
    free(r->windows);
    memset(r, 0, sizeof *r);
    r->target_percent = NAN;
}
