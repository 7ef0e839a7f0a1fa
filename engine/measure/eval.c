/* eval.c — walks the store series by series: classifies each service's
 * history once per rule set, measures every window on it, and adds incident
 * statistics, attainment, budgets, alerts and response compliance. */
#include "engine/measure/eval.h"

#include <assert.h>
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/model/model.h"
#include "engine/measure/series_feed.h"
#include "engine/sla/sla_json.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"

void
eval_default_params(struct eval_params *p)
{
    memset(p, 0, sizeof *p);
    availability_default_params(&p->avail);
    p->window = WINDOW_MONTH;
    contract_chronic_default(&p->chronic);
    p->burn_rules = budget_default_rules;
    p->stored_commitments = true;
    p->stored_fee = NAN;
    p->capacity.gpus_per_node = CAPACITY_DEFAULT_GPUS_PER_NODE;
    p->fault_threshold = CAPACITY_DEFAULT_FAULT_THRESHOLD;
    p->failure_severity = EVAL_DEFAULT_FAILURE_SEVERITY;
}

bool
eval_row_shows_availability(const struct eval_row *row)
{
    return row->avail.known && row->coverage != AVAIL_COVERAGE_INSUFFICIENT;
}

/* Growable arrays of the things one evaluation collects. */
struct series {
    char *entity, *service;
};

struct collect {
    struct series *series;
    size_t nseries, aseries;
    /* the series being evaluated, borrowed from the feed */
    const struct interval *iv;
    size_t niv;
    const struct maintenance *mt;
    size_t nmt;
    /* the incidents of one entity at a time, so that memory follows the
     * largest entity rather than the whole range */
    struct eval_incident *inc;
    size_t ninc, ainc;
    char **inc_entities; /* the entities with incidents in the range */
    size_t ninc_entities, ainc_entities;
    /* the incidents starting in [list_from, list_to) keep their describing
     * strings when list_incidents (they go into the result); the others and
     * every one otherwise only what the statistics read */
    bool list_incidents;
    int64_t list_from, list_to;
    size_t nlisted;
    struct stats_cache *stats; /* the bootstrap's ranks, shared by every row */
    bool nomem;
};

static bool
reserve(void **items, size_t *alloc, size_t n, size_t size)
{
    return grow_reserve(items, alloc, n + 1, size) == SL_OK;
}

static char *
dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

static int
collect_series(void *ctx, const char *entity, const char *service)
{
    struct collect *c = ctx;
    if (!reserve((void **)&c->series, &c->aseries, c->nseries, sizeof *c->series)) {
        c->nomem = true;
        return 1;
    }
    struct series *s = &c->series[c->nseries];
    s->entity = strdup(entity);
    s->service = strdup(service);
    if (!s->entity || !s->service) {
        free(s->entity);
        free(s->service);
        c->nomem = true;
        return 1;
    }
    c->nseries++;
    return 0;
}

static void
eval_incident_release(struct eval_incident *e)
{
    free(e->entity);
    free(e->service);
    free(e->key);
    free(e->severity);
    free(e->severity_label);
    free(e->title);
    free(e->state);
    free(e->postmortem);
}

static int
collect_incident_entity(void *ctx, const char *entity)
{
    struct collect *c = ctx;
    char *name = dup_or_null(entity);
    if (!name ||
        !reserve((void **)&c->inc_entities, &c->ainc_entities, c->ninc_entities, sizeof name)) {
        free(name);
        c->nomem = true;
        return 1;
    }
    c->inc_entities[c->ninc_entities++] = name;
    return 0;
}

static int
collect_incident(void *ctx, const struct incident *inc)
{
    struct collect *c = ctx;
    if (!reserve((void **)&c->inc, &c->ainc, c->ninc, sizeof *c->inc)) {
        c->nomem = true;
        return 1;
    }
    struct eval_incident *e = &c->inc[c->ninc];
    memset(e, 0, sizeof *e);
    incident_times_of(inc, &e->times);
    bool listed = e->times.start >= c->list_from && e->times.start < c->list_to;
    c->nlisted += listed;
    e->entity = dup_or_null(inc->entity);
    e->service = dup_or_null(inc->service);
    e->severity = dup_or_null(inc->severity);
    if (listed && c->list_incidents) {
        e->key = dup_or_null(inc->key);
        e->severity_label = dup_or_null(inc->severity_label);
        e->title = dup_or_null(inc->title);
        e->state = dup_or_null(inc->state);
        e->postmortem = dup_or_null(inc->postmortem);
    }
    e->started = inc->started;
    e->detected = inc->detected;
    e->acknowledged = inc->acknowledged;
    e->mitigated = inc->mitigated;
    e->resolved = inc->resolved;
    e->merged = incident_state_is_merged(inc->state);
    e->open = incident_is_open(inc);
    c->ninc++;
    return 0;
}

struct listing {
    eval_incident_fn fn;
    void *ctx;
    bool nomem;
};

static int
list_incident(void *ctx, const struct incident *inc)
{
    struct listing *l = ctx;
    struct eval_incident e = {
        .entity = dup_or_null(inc->entity),
        .service = dup_or_null(inc->service),
        .key = dup_or_null(inc->key),
        .severity = dup_or_null(inc->severity),
        .severity_label = dup_or_null(inc->severity_label),
        .title = dup_or_null(inc->title),
        .state = dup_or_null(inc->state),
        .postmortem = dup_or_null(inc->postmortem),
        .started = inc->started,
        .detected = inc->detected,
        .acknowledged = inc->acknowledged,
        .mitigated = inc->mitigated,
        .resolved = inc->resolved,
        .merged = incident_state_is_merged(inc->state),
        .open = incident_is_open(inc),
    };
    incident_times_of(inc, &e.times);
    int stop = 0;
    if ((inc->entity && !e.entity) || (inc->service && !e.service) || (inc->key && !e.key) ||
        (inc->severity && !e.severity) || (inc->severity_label && !e.severity_label) ||
        (inc->title && !e.title) || (inc->state && !e.state) ||
        (inc->postmortem && !e.postmortem)) {
        l->nomem = true;
        stop = 1;
    } else {
        stop = l->fn(l->ctx, &e);
    }
    eval_incident_release(&e);
    return stop;
}

enum sl_status
eval_each_listed_incident(struct store *st, const struct eval_params *p, eval_incident_fn fn,
                          void *ctx, struct sl_diag *diag)
{
    int64_t from = p->list_from > p->from ? p->list_from : p->from;
    int64_t to = p->list_to < p->to ? p->list_to : p->to;
    struct listing l = {fn, ctx, false};
    if (to <= from)
        return SL_OK;
    enum sl_status rc = store_each_incident(st, p->entity, from, to, list_incident, &l, diag);
    if (!rc && l.nomem)
        rc = diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
    return rc;
}

/* Does incident e belong to (entity, service) and start in w? */
static bool
incident_in(const struct eval_incident *e, const char *entity, const char *service,
            const struct window *w)
{
    if (strcmp(e->entity, entity) || e->times.start < w->start || e->times.start >= w->end)
        return false;
    return !service || (e->service && !strcmp(e->service, service));
}

/* The statistics of the incidents of inc[0..n) that belong to (entity,
 * service) and start in w. The values are gathered per severity and measure
 * into one buffer sized by a counting pass, so the memory follows the
 * incidents that match, not n times every severity and measure. */
static enum sl_status
summarise_incidents(struct collect *c, const char *entity, const char *service,
                    const struct window *w, struct incident_summary *out)
{
    const struct eval_incident *inc = c->inc;
    size_t n = c->ninc;
    size_t nvalues[6][MEASURE_COUNT] = {{0}};
    double *values[6][MEASURE_COUNT];
    size_t total = 0, k;
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < n; i++) {
        const struct eval_incident *e = &inc[i];
        if (!incident_in(e, entity, service, w) || e->merged)
            continue;
        int sev = severity_rank(e->severity);
        for (int m = 0; m < MEASURE_COUNT; m++)
            if (e->times.seconds[m] != INCIDENT_NO_DURATION) {
                nvalues[sev][m]++;
                total++;
            }
    }
    /* per measure: every severity's values, then room for all of them
     * together (stats_describe sorts in place) */
    size_t most = 0;
    for (int m = 0; m < MEASURE_COUNT; m++) {
        size_t per_measure = 0;
        for (int s = 0; s < 6; s++)
            per_measure += nvalues[s][m];
        if (per_measure > most)
            most = per_measure;
    }
    double *buf = malloc((total + most + 1) * sizeof *buf);
    if (!buf)
        return SL_ERR_NOMEM;
    k = 0;
    for (int m = 0; m < MEASURE_COUNT; m++)
        for (int s = 0; s < 6; s++) {
            values[s][m] = buf + k;
            k += nvalues[s][m];
            nvalues[s][m] = 0;
        }
    double *all = buf + k;
    for (size_t i = 0; i < n; i++) {
        const struct eval_incident *e = &inc[i];
        if (!e->service && !e->merged && incident_in(e, entity, NULL, w))
            out->entity_without_service++;
        if (!incident_in(e, entity, service, w))
            continue;
        if (e->merged) {
            out->merged++;
            continue;
        }
        int sev = severity_rank(e->severity);
        out->total++;
        out->by_severity[sev]++;
        if (e->open)
            out->open++;
        if (e->acknowledged == SLTIME_NONE)
            out->unacknowledged++;
        if (e->times.seconds[MEASURE_TTR] != INCIDENT_NO_DURATION && e->started == SLTIME_NONE)
            out->ttr_from_detected++;
        for (int m = 0; m < MEASURE_COUNT; m++) {
            if (e->times.seconds[m] != INCIDENT_NO_DURATION)
                values[sev][m][nvalues[sev][m]++] = (double)e->times.seconds[m];
            out->impossible_order[m] += e->times.impossible[m];
        }
    }
    enum sl_status rc = SL_OK;
    for (int m = 0; m < MEASURE_COUNT && !rc; m++) {
        k = 0;
        for (int s = 0; s < 6; s++) {
            memcpy(all + k, values[s][m], nvalues[s][m] * sizeof(double));
            k += nvalues[s][m];
        }
        rc = stats_describe(all, k, c->stats, &out->measure[m]);
        for (int s = 0; s < 6 && !rc; s++)
            rc =
                stats_describe(values[s][m], nvalues[s][m], c->stats, &out->severity_measure[s][m]);
    }
    free(buf);
    return rc;
}

/* Failures are the incidents of sev1 .. sev<worst_counted>. */
static long
failures_of(const struct incident_summary *s, int worst_counted)
{
    long n = 0;
    for (int sev = 1; sev <= worst_counted && sev <= 5; sev++)
        n += s->by_severity[sev];
    return n;
}

static double
mtbf_of(const struct avail_result *a, long failures)
{
    if (!a->known || failures <= 0)
        return NAN;
    return ((double)a->eligible_seconds - a->downtime_seconds) / (double)failures;
}

static struct eval_row *
add_row(struct eval_result *r, size_t *alloc, const char *entity, const char *service,
        const struct window *w)
{
    if (!reserve((void **)&r->rows, alloc, r->nrows, sizeof *r->rows))
        return NULL;
    struct eval_row *row = &r->rows[r->nrows];
    memset(row, 0, sizeof *row);
    row->entity = strdup(entity);
    row->service = dup_or_null(service);
    if (!row->entity || (service && !row->service)) {
        free(row->entity);
        free(row->service);
        return NULL;
    }
    row->window = *w;
    row->mtbf_seconds = NAN;
    r->nrows++;
    return row;
}

static struct eval_contract_row *
add_contract_row(struct eval_result *r, size_t *alloc, const char *entity, const char *service,
                 const struct window *w)
{
    if (!reserve((void **)&r->contract, alloc, r->ncontract, sizeof *r->contract))
        return NULL;
    struct eval_contract_row *row = &r->contract[r->ncontract];
    memset(row, 0, sizeof *row);
    row->entity = strdup(entity);
    row->service = dup_or_null(service);
    if (!row->entity || (service && !row->service)) {
        free(row->entity);
        free(row->service);
        return NULL;
    }
    row->window = *w;
    row->chronic_at = -1;
    r->ncontract++;
    return row;
}

enum sl_status
eval_windows(enum window_kind kind, int rolling_days, int64_t from, int64_t to, const char *zone,
             struct window **out, size_t *n)
{
    size_t k = 0, alloc = 0;
    struct window *ws = NULL;
    *out = NULL;
    *n = 0;
    if (kind == WINDOW_ROLLING) {
        if (rolling_days < 1)
            return SL_ERR_USAGE;
        /* local days: each window ends where the later one starts */
        size_t count = 0;
        for (int64_t end = to; end > from; end = window_rolling(end, rolling_days, zone).start)
            count++;
        if (!(ws = malloc((count + 1) * sizeof *ws)))
            return SL_ERR_NOMEM;
        int64_t end = to;
        for (size_t i = 0; i < count; i++) {
            ws[count - 1 - i] = window_rolling(end, rolling_days, zone);
            end = ws[count - 1 - i].start;
        }
        *out = ws;
        *n = count;
        return SL_OK;
    }
    if (kind == WINDOW_DAYS) {
        /* one window of its own: the local days of [from, to) */
        if (!(ws = malloc(sizeof *ws)))
            return SL_ERR_NOMEM;
        ws[0] = window_days_between(from, to, zone);
        *out = ws;
        *n = 1;
        return SL_OK;
    }
    struct window w = window_month_of(from, zone);
    if (kind == WINDOW_QUARTER)
        w = window_quarter(w.year, (w.month - 1) / 3 + 1, zone);
    else if (kind == WINDOW_YEAR)
        w = window_year(w.year, zone);
    while (w.start < to) {
        if (!reserve((void **)&ws, &alloc, k, sizeof *ws)) {
            free(ws);
            return SL_ERR_NOMEM;
        }
        ws[k++] = w;
        int months = kind == WINDOW_QUARTER ? 3 : kind == WINDOW_YEAR ? 12 : 1;
        struct window next = w;
        for (int i = 0; i < months; i++)
            next = window_month_next(&next, zone);
        if (kind == WINDOW_QUARTER)
            w = window_quarter(next.year, (next.month - 1) / 3 + 1, zone);
        else if (kind == WINDOW_YEAR)
            w = window_year(next.year, zone);
        else
            w = next;
    }
    *out = ws;
    *n = k;
    return SL_OK;
}

int
eval_severity_of_label(const char *label)
{
    if (!label)
        return 0;
    int r = severity_rank(severity_normalise(label));
    if (r)
        return r;
    /* "Severity 1", "Priority 2", "Level 3": the first digit after a word. */
    for (const char *p = label; *p; p++)
        if (isdigit((unsigned char)*p))
            return *p >= '1' && *p <= '5' && !isdigit((unsigned char)p[1]) ? *p - '0' : 0;
    if (strcasestr(label, "urgent") || strcasestr(label, "critical"))
        return 1;
    return 0;
}

void
eval_response_compliance(const struct eval_incident *const *inc, size_t n,
                         const struct sla_response_time *rt, const struct bizclock *c,
                         struct eval_response *out)
{
    memset(out, 0, sizeof *out);
    out->severity = eval_severity_of_label(rt->severity);
    out->target_minutes = rt->minutes;
    out->business_hours = !c->always;
    out->resolution = rt->resolution;
    int64_t target = (int64_t)llround(rt->minutes * 60.0);
    for (size_t i = 0; i < n; i++) {
        const struct eval_incident *e = inc[i];
        if (e->merged || severity_rank(e->severity) != out->severity)
            continue;
        /* A response clock starts at detection, a resolution clock at the
         * start of impact (each falling back to the other). */
        int64_t from = e->detected != SLTIME_NONE ? e->detected : e->started;
        int64_t until = e->acknowledged;
        if (rt->resolution) {
            from = e->started != SLTIME_NONE ? e->started : e->detected;
            until = e->resolved;
        }
        if (until != SLTIME_NONE && from != SLTIME_NONE && until < from) {
            out->impossible_order++;
            continue;
        }
        out->n++;
        if (until == SLTIME_NONE || from == SLTIME_NONE) {
            out->unacknowledged++;
            continue;
        }
        if (bizclock_seconds(c, from, until) <= target)
            out->within++;
        else
            out->late++;
    }
    out->share = out->n ? (double)out->within / (double)out->n : NAN;
}

/* Distinct entities, in order, from the series and the incidents. */
static int
cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static size_t
entity_list(const struct collect *c, const char ***out)
{
    const char **names = malloc((c->nseries + c->ninc_entities + 1) * sizeof *names);
    size_t n = 0;
    if (!names)
        return (size_t)-1;
    for (size_t i = 0; i < c->nseries; i++)
        names[n++] = c->series[i].entity;
    for (size_t i = 0; i < c->ninc_entities; i++)
        names[n++] = c->inc_entities[i];
    qsort(names, n, sizeof *names, cmp_str);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || strcmp(names[k - 1], names[i]))
            names[k++] = names[i];
    *out = names;
    return k;
}

/* The windows of one rule set: the neutral rows' or one commitment target's. */
struct window_set {
    struct window *w;
    size_t n;
};

/* The rows of one series (an entity as a whole, or one of its services):
 * its neutral rows and its contract rows, each a run of the result's arrays. */
struct series_span {
    size_t row0, nrows;
    size_t contract0, ncontract;
    double objective_percent; /* the entity profile's slo_percent; NAN: none */
};

/* What one evaluation shares across entities. */
struct run {
    struct store *st;
    const struct eval_params *p;
    struct collect *c;
    struct series_feed *feed; /* the series of c, in order */
    struct eval_result *r;
    size_t rows_alloc, contract_alloc, faults_alloc, listed_alloc;
    struct window_set neutral;
    struct window_set *targets; /* [commitment][target], flattened */
    size_t *target_base;        /* index of commitment i's first target */
    int64_t range_from, range_to;
    struct series_span *spans; /* one per series and per entity */
    size_t nspans;
    double objective_percent; /* of the entity being evaluated; NAN: none */
    struct sl_diag *diag;
};

static void
neutral_rules(const struct eval_params *p, struct contract_rules *r)
{
    contract_rules_neutral(r);
    memcpy(r->weight, p->avail.weight, sizeof r->weight);
    r->notice_seconds = p->avail.notice_seconds;
    r->maintenance_cap_seconds = p->avail.maintenance_cap_seconds;
}

static bool
commitment_applies(const struct eval_commitment *cm, const char *entity, const char *service)
{
    if (strcmp(cm->entity, entity))
        return false;
    return !cm->service || (service && !strcmp(cm->service, service));
}

static bool
commitment_in_force(const struct eval_commitment *cm, int64_t window_start)
{
    return window_start >= cm->valid_from && (cm->valid_to == 0 || window_start < cm->valid_to);
}

static const char *
commitment_kind(const struct eval_commitment *cm)
{
    return cm->kind ? cm->kind : "sla";
}

/* An entity-wide commitment does not measure a service in a window where a
 * commitment of the same kind to that very service is in force: one
 * contract row per service and window, under the commitment that names it. */
static bool
commitment_shadowed(const struct eval_params *p, size_t k, const char *service,
                    int64_t window_start)
{
    const struct eval_commitment *cm = &p->commitments[k];
    if (cm->service)
        return false;
    for (size_t j = 0; j < p->ncommitments; j++) {
        const struct eval_commitment *o = &p->commitments[j];
        if (j != k && o->service && !strcmp(o->service, service) &&
            !strcmp(o->entity, cm->entity) && !strcmp(commitment_kind(o), commitment_kind(cm)) &&
            commitment_in_force(o, window_start))
            return true;
    }
    return false;
}

static void
commitment_rules(const struct eval_commitment *cm, size_t target, struct contract_rules *r)
{
    contract_rules_from_terms(cm->terms, target, r);
    if (cm->min_outage_seconds >= 0)
        r->min_outage_seconds = cm->min_outage_seconds;
    if (cm->maintenance_cap_seconds >= 0)
        r->maintenance_cap_seconds = cm->maintenance_cap_seconds;
    if (!isnan(cm->partial_weight))
        r->weight[SVC_PARTIAL] = cm->partial_weight;
}

/* The months a window spans, for a monthly fee. */
static double
window_months(const struct window *w)
{
    if (w->kind == WINDOW_QUARTER)
        return 3;
    if (w->kind == WINDOW_YEAR)
        return 12;
    if (w->kind == WINDOW_ROLLING || w->kind == WINDOW_DAYS)
        return (double)(w->end - w->start) / (30.4375 * 86400);
    return 1;
}

/* Incidents of (entity, service) starting in w, as pointers. */
static size_t
incidents_of(const struct collect *c, const char *entity, const char *service,
             const struct window *w, const struct eval_incident **out)
{
    size_t k = 0;
    for (size_t i = 0; i < c->ninc; i++)
        if (incident_in(&c->inc[i], entity, service, w))
            out[k++] = &c->inc[i];
    return k;
}

/* Every response target of the terms, however many severities it names. */
static enum sl_status
fill_response(const struct run *run, const struct eval_commitment *cm,
              struct eval_contract_row *row, const struct eval_incident **scratch)
{
    const struct sla_terms *t = cm->terms;
    if (t->nresponse_times == 0)
        return SL_OK;
    struct eval_response *v = realloc(row->response, t->nresponse_times * sizeof *v);
    if (!v)
        return SL_ERR_NOMEM;
    row->response = v;
    row->nresponse = 0;
    size_t n = incidents_of(run->c, row->entity, row->service, &row->window, scratch);
    for (size_t i = 0; i < t->nresponse_times; i++) {
        const struct sla_response_time *rt = &t->response_times[i];
        if (!eval_severity_of_label(rt->severity))
            continue;
        struct bizclock cov;
        if (rt->business_hours || t->support_coverage == SLA_COVERAGE_BUSINESS_HOURS) {
            bizclock_business_hours(&cov, run->p->zone);
            cov.holidays = run->p->holidays;
            cov.nholidays = run->p->nholidays;
        } else {
            bizclock_24x7(&cov);
        }
        eval_response_compliance(scratch, n, rt, &cov, &row->response[row->nresponse++]);
    }
    return SL_OK;
}

/* Attainment, budget and response of a contract row whose measure is set. */
static enum sl_status
finish_contract_row(const struct run *run, const struct eval_commitment *cm,
                    struct eval_contract_row *row, const struct eval_incident **scratch)
{
    const struct window *w = &row->window;
    double fee = isnan(cm->monthly_fee) || !row->service ? NAN : cm->monthly_fee * window_months(w);
    contract_attain(&row->rules, cm->terms, &row->measure, w, run->p->zone, fee, &row->attainment);
    budget_compute(row->rules.target_percent, &row->measure.avail, w->start, w->end, run->p->to,
                   &row->budget);
    return fill_response(run, cm, row, scratch);
}

static void
mark_chronic(struct eval_contract_row *rows, size_t n, const struct chronic_rule *rule,
             bool *scratch)
{
    for (size_t i = 0; i < n; i++)
        scratch[i] = rows[i].attainment.known && !rows[i].attainment.met;
    bool consecutive = false;
    long at = contract_chronic(scratch, n, rule, &consecutive);
    for (size_t i = 0; at >= 0 && i < n; i++) {
        if ((long)i >= at) {
            rows[i].chronic_at = at;
            rows[i].chronic_consecutive = consecutive;
        }
    }
}

/* Capacity of one service's neutral rows (from row0), pooled into its
 * entity's rows (from entity_row0). */
static enum sl_status
measure_capacity(struct run *run, const struct contract_timeline *tl, size_t row0,
                 size_t entity_row0)
{
    const struct collect *c = run->c;
    size_t nw = run->neutral.n;
    struct capacity_result *res = malloc((nw + 1) * sizeof *res);
    enum sl_status rc;
    if (!res)
        return SL_ERR_NOMEM;
    rc = capacity_measure_windows(tl, c->iv, c->niv, run->neutral.w, nw, &run->p->capacity, res);
    for (size_t m = 0; m < nw && !rc; m++) {
        run->r->rows[row0 + m].capacity = res[m];
        capacity_pool(&run->r->rows[entity_row0 + m].capacity, &res[m]);
    }
    free(res);
    return rc;
}

struct fault_tally {
    struct capacity_faults f;
    bool nomem;
};

static int
collect_fault(void *ctx, const struct gpu_event *ev)
{
    struct fault_tally *t = ctx;
    t->nomem = capacity_faults_add(&t->f, ev) != SL_OK;
    return t->nomem;
}

/* The nodes of entity with repeated hardware faults, per neutral window. */
static enum sl_status
find_fault_nodes(struct run *run, const char *entity)
{
    enum sl_status rc = SL_OK;
    for (size_t m = 0; m < run->neutral.n && !rc; m++) {
        const struct window *w = &run->neutral.w[m];
        struct fault_tally t = {{0}, false};
        struct capacity_faults f;
        rc = store_each_gpu_event(run->st, entity, w->start, w->end, collect_fault, &t, run->diag);
        f = t.f;
        if (!rc && t.nomem)
            rc = SL_ERR_NOMEM;
        if (!rc)
            capacity_faults_finish(&f, run->p->fault_threshold);
        for (size_t i = 0; i < f.n && !rc; i++) {
            struct eval_result *r = run->r;
            if (!reserve((void **)&r->faults, &run->faults_alloc, r->nfaults, sizeof *r->faults) ||
                !(r->faults[r->nfaults].entity = strdup(entity))) {
                rc = SL_ERR_NOMEM;
                break;
            }
            r->faults[r->nfaults].window = *w;
            r->faults[r->nfaults].node = f.v[i];
            f.v[i].host = NULL; /* moved */
            r->nfaults++;
        }
        capacity_faults_release(&f);
    }
    return rc;
}

/* The window is the one params asks the days of. */
static bool
daily_wanted(const struct eval_params *p, const struct window *w)
{
    return p->daily_to > p->daily_from && w->start == p->daily_from && w->end == p->daily_to;
}

/* One service's history, for the neutral rows and each commitment. */
static enum sl_status
evaluate_service(struct run *run, const char *entity, const char *service, size_t entity_row0,
                 size_t *entity_contract0, const struct eval_incident **scratch, bool *flags)
{
    const struct eval_params *p = run->p;
    struct collect *c = run->c;
    struct contract_timeline tl = {0};
    struct contract_rules rules;
    enum sl_status rc;
    int64_t from = run->range_from - EVAL_PAD_SECONDS, to = run->range_to + EVAL_PAD_SECONDS;

    struct series_batch b;
    if ((rc = series_feed_take(run->feed, &b, run->diag)))
        return rc;
    assert(!strcmp(b.name->entity, entity) && !strcmp(b.name->service, service));
    c->iv = b.iv;
    c->niv = b.niv;
    c->mt = b.mt;
    c->nmt = b.nmt;
    neutral_rules(p, &rules);
    if ((rc =
             contract_timeline_build(c->iv, c->niv, c->mt, c->nmt, from, to, p->zone, &rules, &tl)))
        return rc;
    size_t row0 = run->r->nrows;
    for (size_t m = 0; m < run->neutral.n && !rc; m++) {
        const struct window *w = &run->neutral.w[m];
        struct eval_row *row = add_row(run->r, &run->rows_alloc, entity, service, w);
        struct contract_measure cm;
        if (!row) {
            rc = SL_ERR_NOMEM;
            break;
        }
        contract_timeline_measure(&tl, w->start, w->end, &cm);
        row->avail = cm.avail;
        rc = summarise_incidents(c, entity, service, w, &row->incidents);
        row->failures = failures_of(&row->incidents, p->failure_severity);
        row->mtbf_seconds = mtbf_of(&row->avail, row->failures);
        availability_pool(&run->r->rows[entity_row0 + m].avail, &row->avail);
        if (!rc && daily_wanted(p, w))
            rc = daily_compute(&tl, w->start, w->end, p->zone, &row->daily);
    }
    if (!rc && p->capacity.fleet_gpus > 0)
        rc = measure_capacity(run, &tl, row0, entity_row0);
    contract_timeline_release(&tl);
    size_t contract0 = run->r->ncontract;

    for (size_t k = 0; k < p->ncommitments && !rc; k++) {
        const struct eval_commitment *cm = &p->commitments[k];
        if (!commitment_applies(cm, entity, service))
            continue;
        for (size_t t = 0; t < cm->terms->ntargets && !rc; t++) {
            const struct window_set *ws = &run->targets[run->target_base[k] + t];
            commitment_rules(cm, t, &rules);
            if ((rc = contract_timeline_build(c->iv, c->niv, c->mt, c->nmt, from, to, p->zone,
                                              &rules, &tl)))
                break;
            size_t first = run->r->ncontract;
            for (size_t m = 0; m < ws->n && !rc; m++) {
                if (commitment_shadowed(p, k, service, ws->w[m].start))
                    continue;
                struct eval_contract_row *row =
                    add_contract_row(run->r, &run->contract_alloc, entity, service, &ws->w[m]);
                if (!row) {
                    rc = SL_ERR_NOMEM;
                    break;
                }
                row->commitment = k;
                row->target = t;
                row->rules = rules;
                row->alerts_replayed = p->burn_rules != NULL;
                contract_timeline_measure(&tl, ws->w[m].start, ws->w[m].end, &row->measure);
                rc = finish_contract_row(run, cm, row, scratch);
                if (!rc && daily_wanted(p, &ws->w[m]))
                    rc = daily_compute(&tl, ws->w[m].start, ws->w[m].end, p->zone, &row->daily);
                if (!rc && p->burn_rules)
                    rc = budget_replay(&tl, rules.target_percent, ws->w[m].start, ws->w[m].end,
                                       ws->w[m].end - ws->w[m].start, p->burn_rules, &row->alerts,
                                       &row->nalerts);
                /* The entity row of an entity-wide commitment pools this one. */
                if (!cm->service && entity_contract0[run->target_base[k] + t] != (size_t)-1) {
                    struct eval_contract_row *er =
                        &run->r->contract[entity_contract0[run->target_base[k] + t] + m];
                    availability_pool(&er->measure.avail, &row->measure.avail);
                    er->measure.excluded_seconds += row->measure.excluded_seconds;
                    er->measure.forgiven_seconds += row->measure.forgiven_seconds;
                    er->measure.outages += row->measure.outages;
                }
            }
            contract_timeline_release(&tl);
            if (!rc)
                mark_chronic(&run->r->contract[first], run->r->ncontract - first, &p->chronic,
                             flags);
        }
    }
    run->spans[run->nspans++] =
        (struct series_span){row0, run->r->nrows - row0, contract0, run->r->ncontract - contract0,
                             run->objective_percent};
    return rc;
}

static enum sl_status
evaluate_entity(struct run *run, const char *entity, size_t *entity_contract0,
                const struct eval_incident **scratch, bool *flags)
{
    const struct eval_params *p = run->p;
    struct collect *c = run->c;
    size_t entity_row0 = run->r->nrows;
    size_t ntargets = run->target_base[p->ncommitments];
    enum sl_status rc = SL_OK;

    run->objective_percent = NAN;
    if (p->stored_commitments &&
        (rc = target_objective(run->st, entity, &run->objective_percent, run->diag)))
        return rc;
    for (size_t m = 0; m < run->neutral.n; m++)
        if (!add_row(run->r, &run->rows_alloc, entity, NULL, &run->neutral.w[m]))
            return SL_ERR_NOMEM;
    /* Entity rows of the entity-wide commitments come first, like the
     * neutral ones; their measures are pooled from the services. */
    for (size_t i = 0; i < ntargets; i++)
        entity_contract0[i] = (size_t)-1;
    size_t contract0 = run->r->ncontract;
    for (size_t k = 0; k < p->ncommitments; k++) {
        const struct eval_commitment *cm = &p->commitments[k];
        if (cm->service || strcmp(cm->entity, entity))
            continue;
        for (size_t t = 0; t < cm->terms->ntargets; t++) {
            const struct window_set *ws = &run->targets[run->target_base[k] + t];
            entity_contract0[run->target_base[k] + t] = run->r->ncontract;
            for (size_t m = 0; m < ws->n; m++) {
                struct eval_contract_row *row =
                    add_contract_row(run->r, &run->contract_alloc, entity, NULL, &ws->w[m]);
                if (!row)
                    return SL_ERR_NOMEM;
                row->commitment = k;
                row->target = t;
                commitment_rules(cm, t, &row->rules);
            }
        }
    }
    run->spans[run->nspans++] =
        (struct series_span){entity_row0, run->neutral.n, contract0, run->r->ncontract - contract0,
                             run->objective_percent};
    for (size_t s = 0; s < c->nseries && !rc; s++)
        if (!strcmp(c->series[s].entity, entity))
            rc = evaluate_service(run, entity, c->series[s].service, entity_row0, entity_contract0,
                                  scratch, flags);
    if (!rc)
        rc = find_fault_nodes(run, entity);
    for (size_t m = 0; m < run->neutral.n && !rc; m++) {
        struct eval_row *row = &run->r->rows[entity_row0 + m];
        rc = summarise_incidents(c, entity, NULL, &run->neutral.w[m], &row->incidents);
        row->failures = failures_of(&row->incidents, p->failure_severity);
        row->mtbf_seconds = mtbf_of(&row->avail, row->failures);
    }
    for (size_t k = 0; k < p->ncommitments && !rc; k++) {
        for (size_t t = 0; t < p->commitments[k].terms->ntargets; t++) {
            size_t first = entity_contract0[run->target_base[k] + t];
            if (first == (size_t)-1)
                continue;
            const struct window_set *ws = &run->targets[run->target_base[k] + t];
            for (size_t m = 0; m < ws->n && !rc; m++)
                rc = finish_contract_row(run, &p->commitments[k], &run->r->contract[first + m],
                                         scratch);
            mark_chronic(&run->r->contract[first], ws->n, &p->chronic, flags);
        }
    }
    return rc;
}

/* Moves the entity's incidents of [list_from, list_to) into the result. */
static enum sl_status
keep_listed_incidents(struct run *run)
{
    const struct eval_params *p = run->p;
    struct collect *c = run->c;
    struct eval_result *r = run->r;
    if (!p->list_incidents)
        return SL_OK;
    for (size_t i = 0; i < c->ninc; i++) {
        struct eval_incident *e = &c->inc[i];
        if (e->times.start < p->list_from || e->times.start >= p->list_to)
            continue;
        if (!reserve((void **)&r->incidents, &run->listed_alloc, r->nincidents, sizeof *e))
            return SL_ERR_NOMEM;
        r->incidents[r->nincidents++] = *e;
        memset(e, 0, sizeof *e);
    }
    return SL_OK;
}

/* The store's order of incidents: by start, entity, then key. */
static int
cmp_listed(const void *a, const void *b)
{
    const struct eval_incident *x = a, *y = b;
    int c;
    if (x->times.start != y->times.start)
        return x->times.start < y->times.start ? -1 : 1;
    if ((c = strcmp(x->entity, y->entity)))
        return c;
    return strcmp(x->key, y->key);
}

/* Reads entity's incidents of the run's range into the collection, in place
 * of the previous entity's, and sizes *scratch for them. */
static enum sl_status
collect_entity_incidents(struct run *run, const char *entity, const struct eval_incident ***scratch,
                         size_t *scratch_alloc)
{
    struct collect *c = run->c;
    for (size_t i = 0; i < c->ninc; i++)
        eval_incident_release(&c->inc[i]);
    c->ninc = 0;
    enum sl_status rc = SL_OK;
    if (!run->p->skip_incidents)
        rc = store_each_incident(run->st, entity, run->range_from, run->range_to, collect_incident,
                                 c, run->diag);
    if (rc)
        return rc;
    if (c->nomem)
        return SL_ERR_NOMEM;
    if (c->ninc >= *scratch_alloc) {
        const struct eval_incident **grown = realloc(*scratch, (c->ninc + 1) * sizeof *grown);
        if (!grown)
            return SL_ERR_NOMEM;
        *scratch = grown;
        *scratch_alloc = c->ninc + 1;
    }
    return SL_OK;
}

static void
widen(struct run *run, const struct window_set *ws)
{
    if (ws->n == 0)
        return;
    if (ws->w[0].start < run->range_from)
        run->range_from = ws->w[0].start;
    if (ws->w[ws->n - 1].end > run->range_to)
        run->range_to = ws->w[ws->n - 1].end;
}

/* The windows of one target's rules overlapping [from, to): a rolling
 * target's N-day windows ending at `to`; a target of calendar days its
 * windows from their first day; else its calendar kind's. */
static enum sl_status
target_windows(const struct contract_rules *r, const struct eval_params *p, struct window_set *ws)
{
    if (r->window != WINDOW_DAYS)
        return eval_windows(r->window, r->window == WINDOW_ROLLING ? r->window_days : 0, p->from,
                            p->to, p->zone, &ws->w, &ws->n);
    size_t alloc = 0;
    ws->w = NULL;
    ws->n = 0;
    for (struct window w = window_days_of(p->from, r->window_first_day, r->window_days, p->zone);
         w.start < p->to; w = window_days_of(w.end, r->window_first_day, r->window_days, p->zone)) {
        if (!reserve((void **)&ws->w, &alloc, ws->n, sizeof *ws->w))
            return SL_ERR_NOMEM;
        ws->w[ws->n++] = w;
    }
    return SL_OK;
}

static enum sl_status
plan_windows(struct run *run)
{
    const struct eval_params *p = run->p;
    enum sl_status rc;
    size_t ntargets = 0;
    if (!(run->target_base = malloc((p->ncommitments + 1) * sizeof *run->target_base)))
        return SL_ERR_NOMEM;
    for (size_t k = 0; k < p->ncommitments; k++) {
        run->target_base[k] = ntargets;
        ntargets += p->commitments[k].terms->ntargets;
    }
    run->target_base[p->ncommitments] = ntargets;
    if (!(run->targets = calloc(ntargets + 1, sizeof *run->targets)))
        return SL_ERR_NOMEM;
    if ((rc = eval_windows(p->window, p->rolling_days, p->from, p->to, p->zone, &run->neutral.w,
                           &run->neutral.n)))
        return rc;
    run->range_from = p->from;
    run->range_to = p->to;
    widen(run, &run->neutral);
    for (size_t k = 0; k < p->ncommitments; k++) {
        const struct sla_terms *t = p->commitments[k].terms;
        for (size_t i = 0; i < t->ntargets; i++) {
            struct contract_rules r;
            struct window_set *ws = &run->targets[run->target_base[k] + i];
            const struct eval_commitment *cm = &p->commitments[k];
            contract_rules_from_terms(t, i, &r);
            if ((rc = target_windows(&r, p, ws)))
                return rc;
            /* A version applies to the windows that start while it is in force. */
            size_t kept = 0;
            for (size_t m = 0; m < ws->n; m++)
                if (ws->w[m].start >= cm->valid_from &&
                    (cm->valid_to == 0 || ws->w[m].start < cm->valid_to))
                    ws->w[kept++] = ws->w[m];
            ws->n = kept;
            widen(run, ws);
        }
    }
    return SL_OK;
}

/* The commitments read from the store, before they are checked: v[i]'s
 * strings are own[i]'s. */
struct stored_strings {
    char *entity, *service, *kind, *document, *terms, *currency;
};

struct stored {
    struct commitment *v;
    struct stored_strings *own;
    size_t n, alloc, alloc_own;
    bool nomem;
};

static int
collect_commitment(void *ctx, const struct commitment *c)
{
    struct stored *s = ctx;
    if (!reserve((void **)&s->v, &s->alloc, s->n, sizeof *s->v) ||
        !reserve((void **)&s->own, &s->alloc_own, s->n, sizeof *s->own)) {
        s->nomem = true;
        return 1;
    }
    struct stored_strings *o = &s->own[s->n];
    struct commitment *k = &s->v[s->n];
    o->entity = strdup(c->entity);
    o->service = dup_or_null(c->service);
    o->kind = strdup(c->kind);
    o->document = dup_or_null(c->document);
    o->terms = strdup(c->terms);
    o->currency = dup_or_null(c->currency);
    *k = *c;
    k->currency = o->currency;
    k->entity = o->entity;
    k->service = o->service;
    k->kind = o->kind;
    k->document = o->document;
    k->terms = o->terms;
    s->n++;
    if (!o->entity || (c->service && !o->service) || !o->kind || (c->document && !o->document) ||
        !o->terms || (c->currency && !o->currency)) {
        s->nomem = true;
        return 1;
    }
    return 0;
}

static bool
same_scope(const char *entity, const char *service, const struct eval_commitment *cm)
{
    return !strcmp(entity, cm->entity) &&
           ((!service && !cm->service) ||
            (service && cm->service && !strcmp(service, cm->service)));
}

static bool
keep_string(struct eval_result *r, char **s)
{
    if (!*s)
        return true;
    char **v = realloc(r->strings, (r->nstrings + 1) * sizeof *v);
    if (!v)
        return false;
    r->strings = v;
    r->strings[r->nstrings++] = *s;
    *s = NULL;
    return true;
}

/* The fee of a stored commitment: params' stored_fee for the commitments
 * it names, else the one stored with it. */
static double
stored_fee(const struct eval_params *p, const struct commitment *c)
{
    bool named =
        p->entity && !strcmp(p->entity, c->entity) &&
        (!p->stored_fee_service || (c->service && !strcmp(p->stored_fee_service, c->service)));
    if (named && !isnan(p->stored_fee))
        return p->stored_fee;
    return c->has_fee ? c->fee : NAN;
}

/* The commitments of the run: those given, then the stored versions of
 * every (entity, service, kind) that no given commitment replaces, each
 * valid from its effective date until the next version's. */
static enum sl_status
gather_commitments(struct store *st, const struct eval_params *p, struct eval_result *out,
                   struct sl_diag *diag)
{
    struct stored s = {0};
    enum sl_status rc = SL_OK;
    if (p->stored_commitments &&
        (rc = store_each_commitment(st, p->entity, NULL, collect_commitment, &s, diag)))
        goto out;
    rc = SL_ERR_NOMEM;
    if (s.nomem ||
        !(out->commitments = calloc(p->ncommitments + s.n + 1, sizeof *out->commitments)) ||
        !(out->stored_terms = calloc(s.n + 1, sizeof *out->stored_terms)))
        goto out;
    rc = SL_OK;
    for (size_t i = 0; i < p->ncommitments; i++)
        out->commitments[out->ncommitments++] = p->commitments[i];
    for (size_t i = 0; i < s.n && !rc; i++) {
        struct commitment *c = &s.v[i];
        bool replaced = false;
        for (size_t k = 0; k < p->ncommitments; k++)
            replaced |= same_scope(c->entity, c->service, &p->commitments[k]);
        if (replaced)
            continue;
        struct sla_terms *t = &out->stored_terms[out->nstored_terms];
        char name[96];
        snprintf(name, sizeof name, "stored %s %lld", c->kind, c->id);
        sla_terms_init(t);
        out->nstored_terms++;
        if ((rc = sla_json_read(c->terms, strlen(c->terms), name, t, diag)))
            break;
        if (!t->document && c->document && !(t->document = strdup(c->document))) {
            rc = SL_ERR_NOMEM;
            break;
        }
        const struct commitment *next = i + 1 < s.n ? &s.v[i + 1] : NULL;
        bool same_series = next && !strcmp(next->entity, c->entity) &&
                           !strcmp(next->kind, c->kind) &&
                           ((!next->service && !c->service) ||
                            (next->service && c->service && !strcmp(next->service, c->service)));
        struct eval_commitment *cm = &out->commitments[out->ncommitments++];
        *cm = (struct eval_commitment){
            .entity = c->entity,
            .service = c->service,
            .terms = t,
            .monthly_fee = stored_fee(p, c),
            .currency = c->currency,
            .min_outage_seconds = -1,
            .maintenance_cap_seconds = -1,
            .partial_weight = NAN,
            .valid_from = c->effective_from == SLTIME_NONE ? INT64_MIN : c->effective_from,
            .valid_to =
                same_series && next->effective_from != SLTIME_NONE ? next->effective_from : 0,
            .kind = c->kind,
            .effective_from = c->effective_from,
        };
        /* A later version with the same date replaces nothing here: the
         * store keeps one per date. */
        if (!keep_string(out, &s.own[i].entity) || !keep_string(out, &s.own[i].service) ||
            !keep_string(out, &s.own[i].kind) || !keep_string(out, &s.own[i].currency))
            rc = SL_ERR_NOMEM;
    }
out:
    for (size_t i = 0; i < s.n; i++) {
        free(s.own[i].entity);
        free(s.own[i].service);
        free(s.own[i].kind);
        free(s.own[i].document);
        free(s.own[i].terms);
        free(s.own[i].currency);
    }
    free(s.own);
    free(s.v);
    out->params.commitments = out->commitments;
    out->params.ncommitments = out->ncommitments;
    return rc;
}

static bool
same_window(const struct window *a, const struct window *b)
{
    return a->start == b->start && a->end == b->end;
}

/* Links the neutral and contract rows of one series (eval.h: the contract
 * row in the row's own window first, else a monthly one, else any, each
 * overlapping the row's window and with a target). */
static void
link_span(struct eval_result *r, const struct series_span *s)
{
    struct eval_row *rows = &r->rows[s->row0];
    struct eval_contract_row *contract = &r->contract[s->contract0];
    for (size_t j = 0; j < s->ncontract; j++)
        for (size_t i = 0; i < s->nrows && !contract[j].neutral; i++)
            if (same_window(&rows[i].window, &contract[j].window))
                contract[j].neutral = &rows[i];
    for (size_t i = 0; i < s->nrows; i++) {
        const struct eval_contract_row *exact = NULL, *monthly = NULL, *any = NULL;
        for (size_t j = 0; j < s->ncontract && !exact; j++) {
            const struct eval_contract_row *c = &contract[j];
            if (c->window.end <= rows[i].window.start || c->window.start >= rows[i].window.end ||
                isnan(c->rules.target_percent))
                continue;
            if (same_window(&c->window, &rows[i].window))
                exact = c;
            else if (c->window.kind == WINDOW_MONTH && !monthly)
                monthly = c;
            else if (!any)
                any = c;
        }
        rows[i].contract = exact ? exact : monthly ? monthly : any;
        if (rows[i].contract) {
            rows[i].target_percent = rows[i].contract->rules.target_percent;
            rows[i].target_source = TARGET_COMMITMENT;
        } else if (!isnan(s->objective_percent)) {
            rows[i].target_percent = s->objective_percent;
            rows[i].target_source = TARGET_OBJECTIVE;
        } else {
            rows[i].target_percent = TARGET_DEFAULT_PERCENT;
            rows[i].target_source = TARGET_DEFAULT;
        }
    }
}

/* The row's probe latency and its objective; the entity row has none. */
static enum sl_status
measure_latency(struct store *st, struct eval_row *row, struct sl_diag *diag)
{
    struct latency_objective obj;
    enum sl_status rc = SL_OK;
    if (!row->service)
        return latency_summarise(NULL, 0, NULL, &row->latency);
    if ((rc = latency_objective_of(st, row->entity, row->service, &obj, diag)))
        return rc;
    return latency_measure(st, row->entity, row->service, row->window.start, row->window.end, &obj,
                           &row->latency, diag);
}

enum sl_status
eval_run(struct store *st, const struct eval_params *p, struct eval_result *out,
         struct sl_diag *diag)
{
    struct collect c = {
        .list_incidents = p->list_incidents, .list_from = p->list_from, .list_to = p->list_to};
    struct run run = {.st = st, .p = p, .c = &c, .r = out, .diag = diag};
    const char **entities = NULL;
    const struct eval_incident **scratch = NULL;
    size_t *entity_contract0 = NULL;
    bool *flags = NULL;
    struct series_name *names = NULL;
    size_t nentities = 0, nwindows_max = 1, scratch_alloc = 0;
    enum sl_status rc;

    memset(out, 0, sizeof *out);
    out->params = *p;
    if (p->to <= p->from)
        return diag_set(diag, SL_ERR_USAGE, NULL, 0,
                        "the window is empty (--to is not after --from)");
    if ((rc = gather_commitments(st, p, out, diag)))
        goto out;
    /* From here on the run reads the commitments gathered. */
    p = &out->params;
    run.p = p;
    if ((rc = plan_windows(&run))) {
        if (rc == SL_ERR_USAGE)
            diag_set(diag, rc, NULL, 0, "a rolling window needs a number of days of 1 or more");
        goto out;
    }
    size_t ntargets = run.target_base[p->ncommitments];
    for (size_t i = 0; i < ntargets; i++)
        if (run.targets[i].n > nwindows_max)
            nwindows_max = run.targets[i].n;
    if ((rc = store_each_series(st, p->entity, collect_series, &c, diag)) ||
        (!p->skip_incidents &&
         (rc = store_each_incident_entity(st, p->entity, run.range_from, run.range_to,
                                          collect_incident_entity, &c, diag))))
        goto out;
    rc = SL_ERR_NOMEM;
    if (c.nomem || !(c.stats = stats_cache_new()) ||
        (nentities = entity_list(&c, &entities)) == (size_t)-1 ||
        !(entity_contract0 = malloc((ntargets + 1) * sizeof *entity_contract0)) ||
        !(flags = malloc(nwindows_max * sizeof *flags)) ||
        !(names = malloc((c.nseries + 1) * sizeof *names)) ||
        !(run.spans = malloc((c.nseries + nentities + 1) * sizeof *run.spans)))
        goto out;
    for (size_t i = 0; i < c.nseries; i++)
        names[i] = (struct series_name){c.series[i].entity, c.series[i].service};
    /* evaluate_entity takes the series in this order: entities sorted as
     * the series are. */
    if ((rc = series_feed_new(st, names, c.nseries, run.range_from - EVAL_PAD_SECONDS,
                              run.range_to + EVAL_PAD_SECONDS, true, &run.feed, diag)))
        goto out;
    rc = SL_OK;
    for (size_t e = 0; e < nentities && !rc; e++) {
        rc = collect_entity_incidents(&run, entities[e], &scratch, &scratch_alloc);
        if (!rc)
            rc = evaluate_entity(&run, entities[e], entity_contract0, scratch, flags);
        if (!rc)
            rc = keep_listed_incidents(&run);
    }
    /* The arrays are complete: the links can point into them. */
    for (size_t i = 0; !rc && i < run.nspans; i++)
        link_span(out, &run.spans[i]);
    for (size_t i = 0; !rc && i < out->nrows; i++)
        out->rows[i].coverage = availability_coverage_flag(&out->rows[i].avail, &p->avail.coverage);
    for (size_t i = 0; !rc && i < out->nrows; i++)
        rc = measure_latency(st, &out->rows[i], diag);
    for (size_t i = 0; !rc && i < out->ncontract; i++)
        out->contract[i].coverage =
            availability_coverage_flag(&out->contract[i].measure.avail, &p->avail.coverage);
    if (!rc && out->nincidents)
        qsort(out->incidents, out->nincidents, sizeof *out->incidents, cmp_listed);
    out->nlisted = c.nlisted;
out:
    if (rc && diag && !diag->message[0])
        diag_set(diag, rc, NULL, 0, "%s", sl_strerror(rc));
    series_feed_free(run.feed);
    free(run.spans);
    free(names);
    free(flags);
    free(entity_contract0);
    free(scratch);
    free(entities);
    free(run.neutral.w);
    for (size_t i = 0; run.targets && i < run.target_base[p->ncommitments]; i++)
        free(run.targets[i].w);
    free(run.targets);
    free(run.target_base);
    for (size_t i = 0; i < c.nseries; i++) {
        free(c.series[i].entity);
        free(c.series[i].service);
    }
    free(c.series);
    for (size_t i = 0; i < c.ninc; i++)
        eval_incident_release(&c.inc[i]);
    free(c.inc);
    for (size_t i = 0; i < c.ninc_entities; i++)
        free(c.inc_entities[i]);
    free(c.inc_entities);
    stats_cache_free(c.stats);
    if (rc)
        eval_result_release(out);
    return rc;
}

void
eval_result_release(struct eval_result *r)
{
    for (size_t i = 0; i < r->nrows; i++) {
        free(r->rows[i].entity);
        free(r->rows[i].service);
        daily_release(&r->rows[i].daily);
    }
    free(r->rows);
    for (size_t i = 0; i < r->ncontract; i++) {
        free(r->contract[i].entity);
        free(r->contract[i].service);
        free(r->contract[i].alerts);
        free(r->contract[i].response);
        daily_release(&r->contract[i].daily);
    }
    free(r->contract);
    for (size_t i = 0; i < r->nfaults; i++) {
        free(r->faults[i].entity);
        free(r->faults[i].node.host);
    }
    free(r->faults);
    free(r->commitments);
    for (size_t i = 0; i < r->nstored_terms; i++)
        sla_terms_release(&r->stored_terms[i]);
    free(r->stored_terms);
    for (size_t i = 0; i < r->nstrings; i++)
        free(r->strings[i]);
    free(r->strings);
    r->faults = NULL;
    r->commitments = NULL;
    r->stored_terms = NULL;
    r->strings = NULL;
    r->nfaults = r->ncommitments = r->nstored_terms = r->nstrings = 0;
    r->params.commitments = NULL;
    r->params.ncommitments = 0;
    for (size_t i = 0; i < r->nincidents; i++)
        eval_incident_release(&r->incidents[i]);
    free(r->incidents);
    r->rows = NULL;
    r->contract = NULL;
    r->incidents = NULL;
    r->nrows = r->ncontract = r->nincidents = 0;
}
