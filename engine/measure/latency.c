/* latency.c — nearest-rank percentiles of probe latency, and the profile's
 * latency objective. */
#include "engine/measure/latency.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/base/jsondoc.h"
#include "engine/store/store.h"

uint32_t
latency_nearest_rank(const uint32_t *sorted, size_t n, double p)
{
    if (n == 0)
        return 0;
    /* The rank is computed on p as written (95, not 0.95) so that 95 % of
     * 20 samples is rank 19 exactly, not 19.000000000000004 rounded up. */
    double rank = ceil(p * (double)n / 100.0 - 1e-9);
    if (rank < 1)
        rank = 1;
    if (rank > (double)n)
        rank = (double)n;
    return sorted[(size_t)rank - 1];
}

/* By time; a stable order for one second is kept by the index. */
struct indexed {
    int64_t t;
    size_t at;
    uint32_t micros;
};

static int
by_time(const void *a, const void *b)
{
    const struct indexed *x = a, *y = b;
    if (x->t != y->t)
        return x->t < y->t ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at;
}

static int
by_micros(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static bool
objective_set(const struct latency_objective *obj)
{
    return obj && obj->set && obj->percentile > 0 && obj->percentile <= 100 &&
           obj->threshold_ms > 0;
}

enum sl_status
latency_summarise(struct latency_sample *samples, size_t n, const struct latency_objective *obj,
                  struct latency_result *out)
{
    struct indexed *ix = NULL;
    uint32_t *v = NULL;
    enum sl_status rc = SL_OK;

    memset(out, 0, sizeof *out);
    out->p50_ms = out->p95_ms = out->p99_ms = out->max_ms = out->share_under = NAN;
    out->met = LATENCY_UNKNOWN;
    if (objective_set(obj))
        out->objective = *obj;
    if (n == 0)
        goto out;
    ix = malloc(n * sizeof *ix);
    v = malloc(n * sizeof *v);
    if (!ix || !v) {
        rc = SL_ERR_NOMEM;
        goto out;
    }
    for (size_t i = 0; i < n; i++)
        ix[i] = (struct indexed){samples[i].t, i, samples[i].micros};
    qsort(ix, n, sizeof *ix, by_time);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (i == 0 || ix[i].t != ix[i - 1].t)
            v[m++] = ix[i].micros;
    qsort(v, m, sizeof *v, by_micros);
    out->samples = (long)m;
    out->p50_ms = latency_nearest_rank(v, m, 50) / 1000.0;
    out->p95_ms = latency_nearest_rank(v, m, 95) / 1000.0;
    out->p99_ms = latency_nearest_rank(v, m, 99) / 1000.0;
    out->max_ms = v[m - 1] / 1000.0;
    if (out->objective.set) {
        /* The threshold in microseconds, as the samples are kept. */
        double limit = round(out->objective.threshold_ms * 1000.0);
        long under = 0;
        for (size_t i = 0; i < m && (double)v[i] <= limit; i++)
            under++;
        out->under = under;
        out->share_under = (double)under / (double)m;
        /* under / m >= percentile / 100, compared in integers of the
         * percentile as written to 1e-9 %: no rounding trace decides it. */
        double need = ceil(out->objective.percentile * (double)m / 100.0 - 1e-9);
        out->met = (double)under >= need ? LATENCY_MET : LATENCY_MISSED;
    }
out:
    free(ix);
    free(v);
    return rc;
}

struct gather {
    struct latency_sample *v;
    size_t n, alloc;
    bool nomem;
};

static int
take(void *ctx, const struct latency_sample *s, size_t n)
{
    struct gather *g = ctx;
    if (grow_reserve((void **)&g->v, &g->alloc, g->n + n, sizeof *g->v)) {
        g->nomem = true;
        return 1;
    }
    memcpy(g->v + g->n, s, n * sizeof *s);
    g->n += n;
    return 0;
}

enum sl_status
latency_measure(struct store *st, const char *entity, const char *service, int64_t from, int64_t to,
                const struct latency_objective *obj, struct latency_result *out,
                struct sl_diag *diag)
{
    struct gather g = {0};
    enum sl_status rc = store_latency_each(st, entity, service, from, to, take, &g, diag);
    if (!rc && g.nomem)
        rc = diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
    if (!rc && (rc = latency_summarise(g.v, g.n, obj, out)))
        diag_set(diag, rc, NULL, 0, "out of memory");
    free(g.v);
    return rc;
}

/* One entry of the profile's latency field, when it states an objective. */
static bool
read_entry(const struct json_node *n, struct latency_objective *out)
{
    double p, ms;
    if (!jsondoc_number(jsondoc_get(n, "percentile"), &p) ||
        !jsondoc_number(jsondoc_get(n, "threshold_ms"), &ms) || !(p > 0 && p <= 100) || !(ms > 0) ||
        !isfinite(ms))
        return false;
    *out = (struct latency_objective){true, p, ms};
    return true;
}

struct wanted {
    const char *service;
    struct latency_objective *out;
};

static int
take_profile(void *ctx, const struct audit_record *r)
{
    struct wanted *w = ctx;
    struct json_node *root = NULL;
    struct sl_diag ignored;
    if (jsondoc_load_buffer(r->fields, strlen(r->fields), r->source, r->line, &root, &ignored))
        return 1; /* a profile that does not parse states nothing: the audit says so */
    const struct json_node *lat = jsondoc_get(root, "latency");
    struct latency_objective any = {0}, named = {0};
    if (jsondoc_kind(lat) == JNODE_OBJECT) {
        read_entry(lat, &any);
    } else if (jsondoc_kind(lat) == JNODE_ARRAY) {
        for (size_t i = 0; i < jsondoc_size(lat); i++) {
            const struct json_node *e = jsondoc_at(lat, i);
            const char *svc = jsondoc_get_string(e, "service");
            if (!svc && !any.set)
                read_entry(e, &any);
            else if (svc && w->service && !strcmp(svc, w->service) && !named.set)
                read_entry(e, &named);
        }
    }
    *w->out = named.set ? named : any;
    jsondoc_free(root);
    return 1; /* the first record only */
}

enum sl_status
latency_objective_of(struct store *st, const char *entity, const char *service,
                     struct latency_objective *out, struct sl_diag *diag)
{
    struct wanted w = {service, out};
    memset(out, 0, sizeof *out);
    return store_each_audit_record(st, entity, "profile", take_profile, &w, diag);
}
