/* probes.c — per-series status runs and probe-interval histograms, folded into
 * intervals when the input ends. */
#include "engine/ingest/probes.h"

#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/time/sltime.h"

struct run {
    int64_t start, last, next; /* next: first probe after the run, or SLTIME_NONE */
    enum svc_status status;
};

struct cadence {
    int64_t delta;
    long count;
};

struct series {
    char *entity, *service;
    uint64_t hash;
    struct run *runs;
    size_t nruns, aruns;
    int64_t min_delta;
    struct cadence cadences[PROBES_MAX_CADENCES];
    size_t ncadences;
};

struct probes {
    struct series **slots; /* open addressing by hash */
    size_t nslots, nseries;
    struct series **order; /* series in first-seen order */
};

struct probes *
probes_new(void)
{
    struct probes *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->nslots = 64;
    p->slots = calloc(p->nslots, sizeof *p->slots);
    p->order = calloc(p->nslots, sizeof *p->order);
    if (!p->slots || !p->order) {
        probes_free(p);
        return NULL;
    }
    return p;
}

static void
series_free(struct series *s)
{
    free(s->entity);
    free(s->service);
    free(s->runs);
    free(s);
}

void
probes_free(struct probes *p)
{
    if (!p)
        return;
    for (size_t i = 0; i < p->nseries; i++)
        series_free(p->order[i]);
    free(p->slots);
    free(p->order);
    free(p);
}

/* Eight bytes at a time: a probe file names its series on every row, so this
 * runs once per probe. */
static uint64_t
hash_text(uint64_t h, const char *s)
{
    size_t n = strlen(s);
    uint64_t w;
    for (; n >= 8; s += 8, n -= 8) {
        memcpy(&w, s, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15u;
        h ^= h >> 29;
    }
    w = 0;
    memcpy(&w, s, n);
    h = (h ^ w ^ ((uint64_t)n << 59)) * 0x9e3779b97f4a7c15u;
    return h ^ (h >> 29);
}

static uint64_t
hash_pair(const char *a, const char *b)
{
    uint64_t h = hash_text(hash_text(1469598103934665603u, a), b);
    h = (h ^ (h >> 33)) * 0xff51afd7ed558ccdu;
    return h ^ (h >> 33);
}

static enum sl_status
grow_slots(struct probes *p)
{
    size_t n = p->nslots * 2;
    struct series **slots = calloc(n, sizeof *slots);
    struct series **order = realloc(p->order, n * sizeof *order);
    if (!slots || !order) {
        free(slots);
        if (order)
            p->order = order;
        return SL_ERR_NOMEM;
    }
    p->order = order;
    for (size_t i = 0; i < p->nseries; i++) {
        size_t j = p->order[i]->hash & (n - 1);
        while (slots[j])
            j = (j + 1) & (n - 1);
        slots[j] = p->order[i];
    }
    free(p->slots);
    p->slots = slots;
    p->nslots = n;
    return SL_OK;
}

static enum sl_status
find_series(struct probes *p, const char *entity, const char *service, struct series **out)
{
    uint64_t h = hash_pair(entity, service);
    size_t j = h & (p->nslots - 1);
    for (; p->slots[j]; j = (j + 1) & (p->nslots - 1)) {
        struct series *s = p->slots[j];
        if (s->hash == h && !strcmp(s->entity, entity) && !strcmp(s->service, service)) {
            *out = s;
            return SL_OK;
        }
    }
    if ((p->nseries + 1) * 2 > p->nslots) {
        if (grow_slots(p))
            return SL_ERR_NOMEM;
        return find_series(p, entity, service, out);
    }
    struct series *s = calloc(1, sizeof *s);
    if (!s || !(s->entity = strdup(entity)) || !(s->service = strdup(service))) {
        if (s)
            series_free(s);
        return SL_ERR_NOMEM;
    }
    s->hash = h;
    p->slots[j] = s;
    p->order[p->nseries++] = s;
    *out = s;
    return SL_OK;
}

static void
note_cadence(struct series *s, int64_t delta)
{
    if (s->min_delta == 0 || delta < s->min_delta)
        s->min_delta = delta;
    for (size_t i = 0; i < s->ncadences; i++) {
        if (s->cadences[i].delta == delta) {
            s->cadences[i].count++;
            return;
        }
    }
    if (s->ncadences < PROBES_MAX_CADENCES)
        s->cadences[s->ncadences++] = (struct cadence){delta, 1};
}

static enum sl_status
push_run(struct series *s, int64_t t, enum svc_status status)
{
    if (grow_reserve((void **)&s->runs, &s->aruns, s->nruns + 1, sizeof *s->runs))
        return SL_ERR_NOMEM;
    s->runs[s->nruns++] = (struct run){t, t, SLTIME_NONE, status};
    return SL_OK;
}

enum sl_status
probes_add(struct probes *p, const char *entity, const char *service, int64_t t,
           enum svc_status status, enum probe_outcome *outcome)
{
    struct series *s;
    enum sl_status rc = find_series(p, entity, service, &s);
    if (rc)
        return rc;
    *outcome = PROBE_TAKEN;
    if (s->nruns == 0)
        return push_run(s, t, status);
    struct run *r = &s->runs[s->nruns - 1];
    if (t == r->last) {
        *outcome = PROBE_DUPLICATE;
        return SL_OK;
    }
    if (t < r->last) {
        *outcome = PROBE_OUT_OF_ORDER;
        return SL_OK;
    }
    int64_t delta = t - r->last;
    note_cadence(s, delta);
    if (status == r->status && delta <= 2 * s->min_delta) {
        r->last = t;
        return SL_OK;
    }
    r->next = t;
    return push_run(s, t, status);
}

static int
cmp_cadence(const void *a, const void *b)
{
    const struct cadence *x = a, *y = b;
    return (x->delta > y->delta) - (x->delta < y->delta);
}

static int64_t
median_cadence(struct series *s)
{
    if (s->ncadences == 0)
        return PROBES_DEFAULT_INTERVAL;
    qsort(s->cadences, s->ncadences, sizeof *s->cadences, cmp_cadence);
    long total = 0, seen = 0;
    for (size_t i = 0; i < s->ncadences; i++)
        total += s->cadences[i].count;
    for (size_t i = 0; i < s->ncadences; i++) {
        seen += s->cadences[i].count;
        if (2 * seen >= total)
            return s->cadences[i].delta;
    }
    return s->cadences[s->ncadences - 1].delta;
}

/* Folds one series' runs into intervals, joining neighbours of one status. */
static enum sl_status
emit_series(struct series *s, probes_emit_fn emit, void *ctx, long *emitted)
{
    int64_t median = median_cadence(s);
    struct interval pending = {.entity = s->entity, .service = s->service, .status = SVC_UNKNOWN};
    bool have = false;
    for (size_t i = 0; i < s->nruns; i++) {
        const struct run *r = &s->runs[i];
        int64_t end = r->last + median;
        if (r->next != SLTIME_NONE && r->next - r->last <= 2 * median)
            end = r->next;
        if (have && pending.status == r->status && pending.end == r->start) {
            pending.end = end;
            continue;
        }
        if (have) {
            enum sl_status rc = emit(ctx, &pending);
            if (rc)
                return rc;
            (*emitted)++;
        }
        pending.start = r->start;
        pending.end = end;
        pending.status = r->status;
        have = true;
    }
    if (have) {
        enum sl_status rc = emit(ctx, &pending);
        if (rc)
            return rc;
        (*emitted)++;
    }
    return SL_OK;
}

enum sl_status
probes_finish(struct probes *p, probes_emit_fn emit, void *ctx, long *emitted)
{
    *emitted = 0;
    for (size_t i = 0; i < p->nseries; i++) {
        enum sl_status rc = emit_series(p->order[i], emit, ctx, emitted);
        if (rc)
            return rc;
    }
    for (size_t i = 0; i < p->nseries; i++)
        series_free(p->order[i]);
    memset(p->slots, 0, p->nslots * sizeof *p->slots);
    p->nseries = 0;
    return SL_OK;
}
