/* sla_replay.c — history replayed under an SLA's own rules (sla_replay.h),
 * measured by the contract measure of engine/contract.h and credited by
 * engine/credit.h, so a replay and the monthly report agree. */
#include "engine/measure/sla_replay.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/measure/contract.h"
#include "engine/sla/credit.h"
#include "engine/model/model.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "engine/time/window.h"

#define HISTORY "history" /* the one timeline the history is pooled into */

/* The history as one timeline: the worst status wins where records overlap,
 * and an `up` interval under everything makes uncovered time up. */
struct collect {
    struct interval *iv;
    size_t n, alloc;
    struct maintenance *mt;
    size_t nmt, amt;
    int64_t first, last;
    bool failed;
    /* Series with intervals: their incidents are described by the intervals. */
    char **series;
    size_t nseries;
    /* The scope replayed (NULL: every entity, every service), and what the
     * history holds besides. */
    const char *entity, *service;
    char *last_entity;
    size_t entities, services;
};

static bool
in_scope(const struct collect *c, const char *entity, const char *service)
{
    return (!c->entity || (entity && !strcmp(c->entity, entity))) &&
           (!c->service || (service && !strcmp(c->service, service)));
}

static void
span(struct collect *c, int64_t start, int64_t end)
{
    if (c->first == SLTIME_NONE || start < c->first)
        c->first = start;
    if (c->last == SLTIME_NONE || end > c->last)
        c->last = end;
}

static void
push(struct collect *c, int64_t start, int64_t end, enum svc_status status)
{
    if (end <= start || c->failed)
        return;
    if (grow_reserve((void **)&c->iv, &c->alloc, c->n + 1, sizeof *c->iv)) {
        c->failed = true;
        return;
    }
    c->iv[c->n++] = (struct interval){
        .entity = HISTORY, .service = HISTORY, .start = start, .end = end, .status = status};
    span(c, start, end);
}

static int
on_interval(void *ctx, const struct interval *iv)
{
    push(ctx, iv->start, iv->end, iv->status);
    return 0;
}

static int
on_maintenance(void *ctx, const struct maintenance *m)
{
    struct collect *c = ctx;
    if (c->failed || m->end <= m->start)
        return 0;
    if (grow_reserve((void **)&c->mt, &c->amt, c->nmt + 1, sizeof *c->mt)) {
        c->failed = true;
        return 0;
    }
    c->mt[c->nmt++] = (struct maintenance){.entity = HISTORY,
                                           .service = HISTORY,
                                           .start = m->start,
                                           .end = m->end,
                                           .announced = m->announced};
    span(c, m->start, m->end);
    return 0;
}

static int
on_incident(void *ctx, const struct incident *inc)
{
    struct collect *c = ctx;
    if (incident_state_is_merged(inc->state) || !in_scope(c, inc->entity, inc->service))
        return 0;
    for (size_t i = 0; inc->service && i < c->nseries; i++)
        if (!strcmp(c->series[i], inc->service))
            return 0;
    int64_t start = inc->started != SLTIME_NONE ? inc->started : inc->detected;
    int64_t end = inc->resolved != SLTIME_NONE ? inc->resolved : inc->mitigated;
    if (start == SLTIME_NONE || end == SLTIME_NONE)
        return 0;
    int rank = severity_rank(inc->severity);
    push(c, start, end, rank == 0 || rank <= 2 ? SVC_DOWN : SVC_PARTIAL);
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
    s->c->services++;
    if (!s->c->last_entity || strcmp(s->c->last_entity, entity)) {
        free(s->c->last_entity);
        if (!(s->c->last_entity = strdup(entity))) {
            s->c->failed = true;
            return 1;
        }
        s->c->entities++;
    }
    if (!in_scope(s->c, entity, service))
        return 0;
    if ((s->status = store_each_interval(s->st, entity, service, INT64_MIN / 2, INT64_MAX / 2,
                                         on_interval, s->c, s->diag)))
        return 1;
    bool has_intervals = s->c->n != before;
    if ((s->status = store_each_maintenance(s->st, entity, service, INT64_MIN / 2, INT64_MAX / 2,
                                            on_maintenance, s->c, s->diag)))
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

/* The window of r holding t: a target of days, its own; a rolling target,
 * its length of days laid end to end from first_day (the history's first). */
static struct window
window_at(const struct contract_rules *r, int64_t first_day, int64_t t, const char *zone)
{
    enum window_kind kind = r->window;
    if (kind == WINDOW_DAYS || kind == WINDOW_ROLLING)
        return window_days_of(t, kind == WINDOW_DAYS ? r->window_first_day : first_day,
                              r->window_days, zone);
    struct window m = window_month_of(t, zone);
    if (kind == WINDOW_QUARTER)
        return window_quarter(m.year, (m.month - 1) / 3 + 1, zone);
    if (kind == WINDOW_YEAR)
        return window_year(m.year, zone);
    return m;
}

/* [*start, *end) cut to [from, to); false when nothing of it is left. */
static bool
clip(int64_t *start, int64_t *end, int64_t from, int64_t to)
{
    *start = *start > from ? *start : from;
    *end = *end < to ? *end : to;
    return *end > *start;
}

/* The span the user says the history speaks for: what lies outside it is
 * left out, and within it the history is known. */
static void
clip_to_span(struct collect *c, int64_t from, int64_t to)
{
    size_t k = 0;
    for (size_t i = 0; i < c->n; i++)
        if (clip(&c->iv[i].start, &c->iv[i].end, from, to))
            c->iv[k++] = c->iv[i];
    c->n = k;
    k = 0;
    for (size_t i = 0; i < c->nmt; i++)
        if (clip(&c->mt[i].start, &c->mt[i].end, from, to))
            c->mt[k++] = c->mt[i];
    c->nmt = k;
    c->first = from;
    c->last = to;
}

static double
percent_of(const struct contract_measure *m)
{
    return m->avail.known ? 100 * m->avail.availability : NAN;
}

enum sl_status
sla_replay_run(struct store *st, const struct sla_terms *t, const char *zone,
               struct sla_replay *out, struct sl_diag *diag)
{
    struct sla_replay_scope all = {NULL, NULL, SLTIME_NONE, SLTIME_NONE};
    return sla_replay_run_scope(st, t, zone, &all, out, diag);
}

enum sl_status
sla_replay_run_scope(struct store *st, const struct sla_terms *t, const char *zone,
                     const struct sla_replay_scope *scope, struct sla_replay *out,
                     struct sl_diag *diag)
{
    struct collect c = {.first = SLTIME_NONE,
                        .last = SLTIME_NONE,
                        .entity = scope->entity,
                        .service = scope->service};
    struct contract_rules rules, neutral;
    enum sl_status s = SL_OK;
    memset(out, 0, sizeof *out);
    size_t best = 0;
    for (size_t i = 1; i < t->ntargets; i++)
        if (t->targets[i].percent > t->targets[best].percent)
            best = i;
    contract_rules_neutral(&neutral);
    if (contract_rules_from_terms(t, best, &rules))
        contract_rules_neutral(&rules); /* no target: measured, never met or breached */
    out->target_percent = rules.target_percent;
    out->window_name = window_kind_name(rules.window);
    out->coverage_rule =
        (struct avail_coverage_rule){AVAIL_DEFAULT_COVERAGE_MIN, AVAIL_DEFAULT_COVERAGE_PARTIAL};

    struct series_ctx sx = {st, &c, diag, SL_OK};
    if ((s = store_each_series(st, NULL, on_series, &sx, diag)) || (s = sx.status))
        goto out;
    out->history_entities = c.entities;
    out->history_services = c.services;
    if (c.failed) {
        s = diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory");
        goto out;
    }
    if ((s = store_each_incident(st, NULL, INT64_MIN / 2, INT64_MAX / 2, on_incident, &c, diag)))
        goto out;
    if (c.first == SLTIME_NONE)
        goto out;
    if (scope->covers_from != SLTIME_NONE && scope->covers_to > scope->covers_from)
        clip_to_span(&c, scope->covers_from, scope->covers_to);
    /* A status history lists what went wrong: the span it covers is known,
     * and up where no record says otherwise; the rest of its windows is
     * unknown, as eval counts it. */
    int64_t last = c.last;
    int64_t first_day = window_local_day(c.first, zone);
    push(&c, c.first, last, SVC_UP);
    if (c.failed) {
        s = diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory");
        goto out;
    }
    double down = 0, eligible = 0;
    for (struct window w = window_at(&rules, first_day, c.first, zone); w.start < last;
         w = window_at(&rules, first_day, w.end, zone)) {
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
        int64_t from = w.start, to = w.end;
        struct contract_measure m, n;
        struct contract_attainment att;
        if ((s = contract_measure_window(c.iv, c.n, c.mt, c.nmt, from, to, zone, &rules, &m)) ||
            (s = contract_measure_window(c.iv, c.n, c.mt, c.nmt, from, to, zone, &neutral, &n))) {
            diag_set(diag, s, "", 0, "cannot measure the history");
            goto out;
        }
        contract_attain(&rules, t, &m, &w, zone, NAN, &att);
        rw->availability_percent = percent_of(&m);
        rw->neutral_percent = percent_of(&n);
        rw->downtime_seconds = m.avail.downtime_seconds;
        rw->excluded_seconds = (double)(m.avail.maintenance_seconds + m.excluded_seconds);
        rw->forgiven_seconds = (double)m.forgiven_seconds;
        rw->coverage = availability_coverage(&m.avail);
        rw->coverage_flag = availability_coverage_flag(&m.avail, &out->coverage_rule);
        bool insufficient = rw->coverage_flag == AVAIL_COVERAGE_INSUFFICIENT;
        out->unjudged_coverage += insufficient;
        rw->judged = att.known && !isnan(att.target_percent) && !insufficient;
        rw->met = !rw->judged || att.met;
        rw->gap = rw->judged && att.credit.match == CREDIT_GAP;
        rw->credit.match = CREDIT_NONE_DUE;
        if (!rw->met) {
            out->breached++;
            rw->credit = att.credit;
            if (att.credit.match == CREDIT_TIER && !credit_is_share(&att.credit)) {
                /* Told in its own unit, summed apart from the fee's share. */
                rw->credit_percent = NAN;
                out->owed_total[att.credit.unit] += att.credit.owed;
                if (att.credit.currency[0])
                    memcpy(out->currency, att.credit.currency, sizeof out->currency);
            } else {
                rw->credit_percent =
                    att.credit.match == CREDIT_TIER ? att.credit.credit_percent : 0;
                out->credit_total_percent += rw->credit_percent;
            }
        }
        down += m.avail.downtime_seconds;
        eligible += (double)m.avail.eligible_seconds;
        out->excluded_total_seconds += rw->excluded_seconds + rw->forgiven_seconds;
    }
    out->overall_percent = eligible > 0 ? 100 * (1 - down / eligible) : NAN;
out:
    free(c.iv);
    free(c.mt);
    for (size_t i = 0; i < c.nseries; i++)
        free(c.series[i]);
    free(c.series);
    free(c.last_entity);
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
