/* reconcile.c — merges each side's records into stretches of trouble and
 * matches them against the other side with a slack and a minimum overlap. */
#include "engine/measure/reconcile.h"

#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"

/* Which side each source format is on. Sentinel-terminated. */
static const struct {
    const char *format;
    enum reconcile_role role;
} roles[] = {
    {"statuspage-json", RECONCILE_PROVIDER},   {"statuspage-feed", RECONCILE_PROVIDER},
    {"gcp-status", RECONCILE_PROVIDER},        {"aws-health", RECONCILE_PROVIDER},
    {"interval-csv", RECONCILE_PROVIDER},      {"probe-csv", RECONCILE_PROBE},
    {"upptime-history", RECONCILE_PROBE},      {"upptime-summary", RECONCILE_PROBE},
    {"upptime-commits", RECONCILE_PROBE},      {"incident-csv", RECONCILE_INCIDENT_LOG},
    {"pagerduty-csv", RECONCILE_INCIDENT_LOG}, {NULL, RECONCILE_IGNORED},
};

enum reconcile_role
reconcile_role_of(const char *format)
{
    for (size_t i = 0; format && roles[i].format; i++)
        if (!strcmp(roles[i].format, format))
            return roles[i].role;
    return RECONCILE_IGNORED;
}

const char *
reconcile_role_name(enum reconcile_role r)
{
    static const char *const names[] = {"ignored", "provider", "probe", "incident_log"};
    return (unsigned)r < sizeof names / sizeof names[0] ? names[r] : "ignored";
}

const char *
reconcile_verdict_name(enum reconcile_verdict v)
{
    static const char *const names[] = {"reported", "unreported", "confirmed", "unconfirmed",
                                        "unverifiable"};
    return (unsigned)v < sizeof names / sizeof names[0] ? names[v] : "unknown";
}

void
reconcile_default_params(struct reconcile_params *p)
{
    p->min_outage_seconds = RECONCILE_DEFAULT_MIN_OUTAGE;
    p->slack_seconds = RECONCILE_DEFAULT_SLACK;
    p->min_overlap_seconds = RECONCILE_DEFAULT_MIN_OVERLAP;
}

static int
cmp_item(const void *a, const void *b)
{
    const struct reconcile_item *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return (x->end > y->end) - (x->end < y->end);
}

static bool
is_trouble(enum svc_status s, bool degraded_counts)
{
    return s == SVC_DOWN || s == SVC_PARTIAL || (degraded_counts && s == SVC_DEGRADED);
}

/* Merges the items that pass (trouble statuses, or every incident) into
 * spans clipped to [from, to), in time order. *out owned by the caller. */
static enum sl_status
merge_spans(const struct reconcile_item *items, size_t n, bool degraded_counts, int64_t from,
            int64_t to, struct reconcile_span **out, size_t *nout)
{
    struct reconcile_item *v = malloc((n + 1) * sizeof *v);
    struct reconcile_span *s = NULL;
    size_t k = 0, ns = 0;
    enum sl_status rc = SL_ERR_NOMEM;
    *out = NULL;
    *nout = 0;
    if (!v)
        goto out;
    for (size_t i = 0; i < n; i++) {
        struct reconcile_item it = items[i];
        if (!it.incident && !is_trouble(it.status, degraded_counts))
            continue;
        if (it.start < from)
            it.start = from;
        if (it.end > to)
            it.end = to;
        if (it.end > it.start)
            v[k++] = it;
    }
    qsort(v, k, sizeof *v, cmp_item);
    if (!(s = calloc(k + 1, sizeof *s)))
        goto out;
    for (size_t i = 0; i < k; i++) {
        struct reconcile_span *cur = ns ? &s[ns - 1] : NULL;
        if (!cur || v[i].start > cur->end) {
            cur = &s[ns++];
            cur->start = v[i].start;
            cur->end = v[i].end;
            cur->status = v[i].status;
        }
        if (v[i].end > cur->end)
            cur->end = v[i].end;
        if (v[i].status > cur->status)
            cur->status = v[i].status;
        if (v[i].incident) {
            if (!cur->incidents && !(cur->first_incident = strdup(v[i].incident)))
                goto out;
            cur->incidents++;
        } else {
            cur->from_intervals = true;
        }
    }
    *out = s;
    *nout = ns;
    s = NULL;
    rc = SL_OK;
out:
    if (s)
        for (size_t i = 0; i < ns; i++)
            free(s[i].first_incident);
    free(s);
    free(v);
    return rc;
}

static int64_t
overlap(int64_t a0, int64_t a1, int64_t b0, int64_t b1)
{
    int64_t lo = a0 > b0 ? a0 : b0, hi = a1 < b1 ? a1 : b1;
    return hi > lo ? hi - lo : 0;
}

/* Σ over the reports, each widened by slack, of the overlap with o, at
 * most |o|. */
static int64_t
observed_overlap(const struct reconcile_span *o, const struct reconcile_span *reports, size_t n,
                 int64_t slack)
{
    int64_t sum = 0, len = o->end - o->start;
    for (size_t i = 0; i < n; i++)
        sum += overlap(o->start, o->end, reports[i].start - slack, reports[i].end + slack);
    return sum < len ? sum : len;
}

static bool
reaches(int64_t got, int64_t len, int64_t min_overlap)
{
    return got >= (len < min_overlap ? len : min_overlap) && got > 0;
}

/* Seconds of [a, b) that the probes had data for: the union of probe
 * intervals of a known status. */
static int64_t
watched(const struct reconcile_span *known, size_t nknown, int64_t a, int64_t b)
{
    int64_t sum = 0;
    for (size_t i = 0; i < nknown; i++)
        sum += overlap(a, b, known[i].start, known[i].end);
    return sum;
}

enum sl_status
reconcile_compute(const struct reconcile_item *provider, size_t nprovider,
                  const struct reconcile_item *probes, size_t nprobes,
                  const struct reconcile_item *incidents, size_t nincidents, int64_t from,
                  int64_t to, const struct reconcile_params *p, struct reconcile_result *out)
{
    struct reconcile_span *runs = NULL, *known = NULL;
    struct reconcile_item *obs = NULL, *all_known = NULL;
    size_t nruns = 0, nknown = 0, nobs = 0;
    enum sl_status rc;

    out->from = from;
    out->to = to;
    out->params = *p;
    /* The provider's reports: degraded counts as reporting trouble. */
    if ((rc = merge_spans(provider, nprovider, true, from, to, &out->reported, &out->nreported)))
        goto out;
    /* The probes' outage runs, then those long enough with the incidents. */
    if ((rc = merge_spans(probes, nprobes, false, from, to, &runs, &nruns)))
        goto out;
    rc = SL_ERR_NOMEM;
    if (!(obs = malloc((nruns + nincidents + 1) * sizeof *obs)) ||
        !(all_known = malloc((nprobes + 1) * sizeof *all_known)))
        goto out;
    for (size_t i = 0; i < nruns; i++) {
        if (runs[i].end - runs[i].start < p->min_outage_seconds) {
            out->short_probe_runs++;
            continue;
        }
        obs[nobs++] = (struct reconcile_item){runs[i].start, runs[i].end, runs[i].status, NULL};
    }
    for (size_t i = 0; i < nincidents; i++)
        obs[nobs++] = incidents[i];
    if ((rc = merge_spans(obs, nobs, false, from, to, &out->observed, &out->nobserved)))
        goto out;
    /* What the probes watched: every known status, as one union. */
    for (size_t i = 0; i < nprobes; i++) {
        all_known[i] = probes[i];
        all_known[i].incident = NULL;
        if (probes[i].status != SVC_UNKNOWN)
            all_known[i].status = SVC_DOWN; /* any known status passes the merge */
    }
    if ((rc = merge_spans(all_known, nprobes, false, from, to, &known, &nknown)))
        goto out;

    for (size_t i = 0; i < out->nobserved; i++) {
        struct reconcile_span *o = &out->observed[i];
        int64_t len = o->end - o->start;
        o->overlap_seconds = observed_overlap(o, out->reported, out->nreported, p->slack_seconds);
        o->verdict = reaches(o->overlap_seconds, len, p->min_overlap_seconds)
                         ? RECONCILE_REPORTED
                         : RECONCILE_UNREPORTED;
        out->observed_seconds += len;
        if (o->verdict == RECONCILE_REPORTED) {
            out->observed_reported++;
        } else {
            out->observed_unreported++;
            out->unreported_seconds += len;
        }
    }
    for (size_t i = 0; i < out->nreported; i++) {
        struct reconcile_span *r = &out->reported[i];
        int64_t len = r->end - r->start, got = 0;
        /* The report widened, against the observations as they are. */
        for (size_t k = 0; k < out->nobserved; k++)
            got += overlap(r->start - p->slack_seconds, r->end + p->slack_seconds,
                           out->observed[k].start, out->observed[k].end);
        r->overlap_seconds = got;
        r->watched_seconds = watched(known, nknown, r->start, r->end);
        out->reported_seconds += len;
        if (reaches(got, len, p->min_overlap_seconds)) {
            r->verdict = RECONCILE_CONFIRMED;
            out->reports_confirmed++;
        } else if (2 * r->watched_seconds < len) {
            r->verdict = RECONCILE_UNVERIFIABLE;
            out->reports_unverifiable++;
        } else {
            r->verdict = RECONCILE_UNCONFIRMED;
            out->reports_unconfirmed++;
        }
    }
    rc = SL_OK;
out:
    for (size_t i = 0; i < nruns; i++)
        free(runs[i].first_incident);
    free(runs);
    free(known);
    free(obs);
    free(all_known);
    return rc;
}

/* The records of each side, with the strings they borrow owned here. */
struct side {
    struct reconcile_item *v;
    size_t n, alloc;
};

struct gather {
    struct side provider, probes, incidents;
    char **keys;
    size_t nkeys, akeys;
    long ignored;
    int64_t to;
    bool nomem;
};

static bool
side_add(struct side *s, const struct reconcile_item *it)
{
    if (grow_reserve((void **)&s->v, &s->alloc, s->n + 1, sizeof *s->v))
        return false;
    s->v[s->n++] = *it;
    return true;
}

static int
gather_interval(void *ctx, const struct interval *iv, const char *format)
{
    struct gather *g = ctx;
    struct reconcile_item it = {iv->start, iv->end, iv->status, NULL};
    switch (reconcile_role_of(format)) {
    case RECONCILE_PROVIDER:
        g->nomem = !side_add(&g->provider, &it);
        break;
    case RECONCILE_PROBE:
        g->nomem = !side_add(&g->probes, &it);
        break;
    default:
        g->ignored++;
    }
    return g->nomem;
}

static int
gather_incident(void *ctx, const struct incident *inc, const char *format)
{
    struct gather *g = ctx;
    enum reconcile_role role = reconcile_role_of(format);
    if (incident_state_is_merged(inc->state) ||
        (role != RECONCILE_PROVIDER && role != RECONCILE_INCIDENT_LOG)) {
        g->ignored++;
        return 0;
    }
    int64_t start = inc->started != SLTIME_NONE ? inc->started : inc->detected;
    int64_t end = inc->resolved != SLTIME_NONE    ? inc->resolved
                  : inc->mitigated != SLTIME_NONE ? inc->mitigated
                                                  : g->to;
    if (g->nkeys == g->akeys) {
        size_t a = g->akeys ? 2 * g->akeys : 32;
        void *p = realloc(g->keys, a * sizeof *g->keys);
        if (!p) {
            g->nomem = true;
            return 1;
        }
        g->keys = p;
        g->akeys = a;
    }
    if (!(g->keys[g->nkeys] = strdup(inc->key ? inc->key : "?"))) {
        g->nomem = true;
        return 1;
    }
    struct reconcile_item it = {start, end, SVC_DOWN, g->keys[g->nkeys++]};
    g->nomem = !side_add(role == RECONCILE_PROVIDER ? &g->provider : &g->incidents, &it);
    return g->nomem;
}

enum sl_status
reconcile_run(struct store *st, const char *entity, const char *service, int64_t from, int64_t to,
              const struct reconcile_params *p, struct reconcile_result *out, struct sl_diag *diag)
{
    struct gather g = {.to = to};
    enum sl_status rc;
    memset(out, 0, sizeof *out);
    if (to <= from)
        return diag_set(diag, SL_ERR_USAGE, NULL, 0, "the window is empty");
    if ((rc = store_each_interval_sourced(st, entity, service, from, to, gather_interval, &g,
                                          diag)) ||
        (rc =
             store_each_incident_sourced(st, entity, service, from, to, gather_incident, &g, diag)))
        goto out;
    if (g.nomem) {
        rc = diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
        goto out;
    }
    rc = reconcile_compute(g.provider.v, g.provider.n, g.probes.v, g.probes.n, g.incidents.v,
                           g.incidents.n, from, to, p, out);
    out->provider_records = (long)g.provider.n;
    out->probe_records = (long)g.probes.n;
    out->incident_records = (long)g.incidents.n;
    out->ignored_records = g.ignored;
    if (rc)
        diag_set(diag, rc, NULL, 0, "out of memory");
out:
    free(g.provider.v);
    free(g.probes.v);
    free(g.incidents.v);
    for (size_t i = 0; i < g.nkeys; i++)
        free(g.keys[i]);
    free(g.keys);
    if (rc)
        reconcile_result_release(out);
    return rc;
}

void
reconcile_result_release(struct reconcile_result *r)
{
    for (size_t i = 0; i < r->nreported; i++)
        free(r->reported[i].first_incident);
    for (size_t i = 0; i < r->nobserved; i++)
        free(r->observed[i].first_incident);
    free(r->reported);
    free(r->observed);
    r->reported = r->observed = NULL;
    r->nreported = r->nobserved = 0;
}
