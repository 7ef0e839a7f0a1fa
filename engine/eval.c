/* eval.c — walks the store series by series and month by month, computing
 * availability and incident statistics into an eval_result. */
#include "engine/eval.h"

#include <stdlib.h>
#include <string.h>

#include "engine/model.h"
#include "engine/sltime.h"
#include "engine/store.h"

void
eval_default_params(struct eval_params *p)
{
    memset(p, 0, sizeof *p);
    availability_default_params(&p->avail);
}

/* Growable arrays of the things one evaluation collects. */
struct series {
    char *entity, *service;
};

struct collect {
    struct series *series;
    size_t nseries, aseries;
    struct interval *iv;
    size_t niv, aiv;
    struct maintenance *mt;
    size_t nmt, amt;
    struct eval_incident *inc;
    size_t ninc, ainc;
    bool nomem;
};

static bool
reserve(void **items, size_t *alloc, size_t n, size_t size)
{
    if (n < *alloc)
        return true;
    size_t a = *alloc ? *alloc * 2 : 64;
    void *p = realloc(*items, a * size);
    if (!p)
        return false;
    *items = p;
    *alloc = a;
    return true;
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

static int
collect_interval(void *ctx, const struct interval *iv)
{
    struct collect *c = ctx;
    if (!reserve((void **)&c->iv, &c->aiv, c->niv, sizeof *c->iv)) {
        c->nomem = true;
        return 1;
    }
    c->iv[c->niv] = *iv;
    c->iv[c->niv].entity = c->iv[c->niv].service = NULL;
    c->niv++;
    return 0;
}

static int
collect_maintenance(void *ctx, const struct maintenance *m)
{
    struct collect *c = ctx;
    if (!reserve((void **)&c->mt, &c->amt, c->nmt, sizeof *c->mt)) {
        c->nomem = true;
        return 1;
    }
    c->mt[c->nmt] = *m;
    c->mt[c->nmt].entity = c->mt[c->nmt].service = c->mt[c->nmt].key = NULL;
    c->nmt++;
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
collect_incident(void *ctx, const struct incident *inc)
{
    struct collect *c = ctx;
    if (!reserve((void **)&c->inc, &c->ainc, c->ninc, sizeof *c->inc)) {
        c->nomem = true;
        return 1;
    }
    struct eval_incident *e = &c->inc[c->ninc];
    memset(e, 0, sizeof *e);
    e->entity = dup_or_null(inc->entity);
    e->service = dup_or_null(inc->service);
    e->key = dup_or_null(inc->key);
    e->severity = dup_or_null(inc->severity);
    e->severity_label = dup_or_null(inc->severity_label);
    e->title = dup_or_null(inc->title);
    e->state = dup_or_null(inc->state);
    e->postmortem = dup_or_null(inc->postmortem);
    e->started = inc->started;
    e->detected = inc->detected;
    e->acknowledged = inc->acknowledged;
    e->mitigated = inc->mitigated;
    e->resolved = inc->resolved;
    e->merged = incident_state_is_merged(inc->state);
    e->open = incident_is_open(inc);
    incident_times_of(inc, &e->times);
    c->ninc++;
    return 0;
}

static enum sl_status
summarise_incidents(const struct eval_incident *inc, size_t n, const char *entity,
                    const char *service, const struct window *w, struct incident_summary *out)
{
    double *values[MEASURE_COUNT] = {0};
    size_t nvalues[MEASURE_COUNT] = {0};
    enum sl_status rc = SL_ERR_NOMEM;
    memset(out, 0, sizeof *out);
    for (int m = 0; m < MEASURE_COUNT; m++)
        if (n && !(values[m] = malloc(n * sizeof(double))))
            goto out;
    for (size_t i = 0; i < n; i++) {
        const struct eval_incident *e = &inc[i];
        if (strcmp(e->entity, entity) || e->times.start < w->start || e->times.start >= w->end)
            continue;
        if (service && (!e->service || strcmp(e->service, service)))
            continue;
        if (e->merged) {
            out->merged++;
            continue;
        }
        out->total++;
        out->by_severity[severity_rank(e->severity)]++;
        if (e->open)
            out->open++;
        if (e->acknowledged == SLTIME_NONE)
            out->unacknowledged++;
        for (int m = 0; m < MEASURE_COUNT; m++)
            if (e->times.seconds[m] != INCIDENT_NO_DURATION)
                values[m][nvalues[m]++] = (double)e->times.seconds[m];
    }
    rc = SL_OK;
    for (int m = 0; m < MEASURE_COUNT && !rc; m++)
        rc = stats_describe(values[m], nvalues[m], &out->measure[m]);
out:
    for (int m = 0; m < MEASURE_COUNT; m++)
        free(values[m]);
    return rc;
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
    r->nrows++;
    return row;
}

/* The months to evaluate: every calendar month overlapping [from, to). */
static size_t
month_windows(const struct eval_params *p, struct window **out)
{
    size_t n = 0, alloc = 0;
    struct window *ws = NULL;
    for (struct window w = window_month_of(p->from, p->zone); w.start < p->to;
         w = window_month_next(&w, p->zone)) {
        if (!reserve((void **)&ws, &alloc, n, sizeof *ws)) {
            free(ws);
            return (size_t)-1;
        }
        ws[n++] = w;
    }
    *out = ws;
    return n;
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
    const char **names = malloc((c->nseries + c->ninc + 1) * sizeof *names);
    size_t n = 0;
    if (!names)
        return (size_t)-1;
    for (size_t i = 0; i < c->nseries; i++)
        names[n++] = c->series[i].entity;
    for (size_t i = 0; i < c->ninc; i++)
        names[n++] = c->inc[i].entity;
    qsort(names, n, sizeof *names, cmp_str);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (k == 0 || strcmp(names[k - 1], names[i]))
            names[k++] = names[i];
    *out = names;
    return k;
}

static enum sl_status
evaluate_entity(struct store *st, const struct eval_params *p, struct collect *c,
                const char *entity, const struct window *months, size_t nmonths,
                struct eval_result *r, size_t *alloc, struct sl_diag *diag)
{
    size_t first_row = r->nrows;
    for (size_t m = 0; m < nmonths; m++)
        if (!add_row(r, alloc, entity, NULL, &months[m]))
            return diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
    int64_t from = months[0].start, to = months[nmonths - 1].end;
    for (size_t s = 0; s < c->nseries; s++) {
        if (strcmp(c->series[s].entity, entity))
            continue;
        const char *service = c->series[s].service;
        enum sl_status rc;
        c->niv = c->nmt = 0;
        if ((rc = store_each_interval(st, entity, service, from, to, collect_interval, c, diag)) ||
            (rc = store_each_maintenance(st, entity, service, from, to, collect_maintenance, c,
                                         diag)))
            return rc;
        if (c->nomem)
            return diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
        for (size_t m = 0; m < nmonths; m++) {
            struct eval_row *row = add_row(r, alloc, entity, service, &months[m]);
            if (!row)
                return diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
            if ((rc = availability_compute(c->iv, c->niv, c->mt, c->nmt, months[m].start,
                                           months[m].end, &p->avail, &row->avail)) ||
                (rc = summarise_incidents(c->inc, c->ninc, entity, service, &months[m],
                                          &row->incidents)))
                return diag_set(diag, rc, NULL, 0, "%s", sl_strerror(rc));
            availability_pool(&r->rows[first_row + m].avail, &row->avail);
        }
    }
    for (size_t m = 0; m < nmonths; m++) {
        struct eval_row *row = &r->rows[first_row + m];
        enum sl_status rc =
            summarise_incidents(c->inc, c->ninc, entity, NULL, &months[m], &row->incidents);
        if (rc)
            return diag_set(diag, rc, NULL, 0, "%s", sl_strerror(rc));
    }
    return SL_OK;
}

/* Moves the incidents of [list_from, list_to) into the result. */
static enum sl_status
keep_listed_incidents(const struct eval_params *p, struct collect *c, struct eval_result *r)
{
    if (!p->list_incidents)
        return SL_OK;
    r->incidents = malloc((c->ninc + 1) * sizeof *r->incidents);
    if (!r->incidents)
        return SL_ERR_NOMEM;
    for (size_t i = 0; i < c->ninc; i++) {
        struct eval_incident *e = &c->inc[i];
        if (e->times.start >= p->list_from && e->times.start < p->list_to) {
            r->incidents[r->nincidents++] = *e;
            memset(e, 0, sizeof *e);
        }
    }
    return SL_OK;
}

enum sl_status
eval_run(struct store *st, const struct eval_params *p, struct eval_result *out,
         struct sl_diag *diag)
{
    struct collect c = {0};
    struct window *months = NULL;
    const char **entities = NULL;
    size_t alloc = 0, nentities = 0;
    enum sl_status rc;

    memset(out, 0, sizeof *out);
    out->params = *p;
    if (p->to <= p->from)
        return diag_set(diag, SL_ERR_USAGE, NULL, 0, "the window is empty (--to is not after --from)");
    size_t nmonths = month_windows(p, &months);
    if (nmonths == (size_t)-1) {
        rc = diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
        goto out;
    }
    if ((rc = store_each_series(st, p->entity, collect_series, &c, diag)) ||
        (rc = store_each_incident(st, p->entity, months[0].start, months[nmonths - 1].end,
                                  collect_incident, &c, diag)))
        goto out;
    if (c.nomem || (nentities = entity_list(&c, &entities)) == (size_t)-1) {
        rc = diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
        goto out;
    }
    for (size_t e = 0; e < nentities && !rc; e++)
        rc = evaluate_entity(st, p, &c, entities[e], months, nmonths, out, &alloc, diag);
    if (!rc && (rc = keep_listed_incidents(p, &c, out)))
        diag_set(diag, rc, NULL, 0, "out of memory");
out:
    free(entities);
    free(months);
    for (size_t i = 0; i < c.nseries; i++) {
        free(c.series[i].entity);
        free(c.series[i].service);
    }
    free(c.series);
    free(c.iv);
    free(c.mt);
    for (size_t i = 0; i < c.ninc; i++)
        eval_incident_release(&c.inc[i]);
    free(c.inc);
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
    }
    free(r->rows);
    for (size_t i = 0; i < r->nincidents; i++)
        eval_incident_release(&r->incidents[i]);
    free(r->incidents);
    r->rows = NULL;
    r->incidents = NULL;
    r->nrows = r->nincidents = 0;
}
