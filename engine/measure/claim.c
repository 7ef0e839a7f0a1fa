/* claim.c — the outages and set-asides behind each credit due, with the
 * records that show them (engine/measure/claim.h). */
#include "engine/measure/claim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"

/* What one service's history holds, read once for all its stretches. */
struct history {
    struct interval *iv;
    size_t niv, civ;
    struct maintenance *mt;
    size_t nmt, cmt;
    struct claim_evidence *ev; /* every record that may be cited, by kind then start */
    size_t nev, cev;
    struct origin *origins; /* incident key → file and line */
    size_t norigins, corigins;
    bool failed;
};

struct origin {
    char *key, *path;
    long line;
};

static char *
dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

static void
evidence_release(struct claim_evidence *e)
{
    free(e->path);
    free(e->ref);
    free(e->detail);
}

static struct claim_evidence *
new_evidence(struct history *h, enum claim_evidence_kind kind, int64_t start, int64_t end,
             const char *path, long line, const char *ref, const char *detail)
{
    if (grow_reserve((void **)&h->ev, &h->cev, h->nev + 1, sizeof *h->ev)) {
        h->failed = true;
        return NULL;
    }
    struct claim_evidence *e = &h->ev[h->nev];
    *e = (struct claim_evidence){kind,
                                 start,
                                 end,
                                 dup_or_null(path),
                                 line,
                                 dup_or_null(ref),
                                 dup_or_null(detail),
                                 SLTIME_NONE,
                                 SVC_UNKNOWN};
    if ((path && !e->path) || (ref && !e->ref) || (detail && !e->detail)) {
        evidence_release(e);
        h->failed = true;
        return NULL;
    }
    h->nev++;
    return e;
}

static int
take_interval(void *ctx, const struct interval *iv, const char *path)
{
    struct history *h = ctx;
    if (grow_reserve((void **)&h->iv, &h->civ, h->niv + 1, sizeof *h->iv)) {
        h->failed = true;
        return 1;
    }
    /* What the timeline reads: times and status (units only weigh GPUs). */
    h->iv[h->niv++] = (struct interval){.start = iv->start, .end = iv->end, .status = iv->status};
    if (iv->status == SVC_UP)
        return 0;
    struct claim_evidence *e = new_evidence(h, CLAIM_EV_INTERVAL, iv->start, iv->end, path, 0,
                                            iv->key, svc_status_name(iv->status));
    if (!e)
        return 1;
    e->status = iv->status;
    return 0;
}

static int
take_maintenance(void *ctx, const struct maintenance *m, const char *path)
{
    struct history *h = ctx;
    if (grow_reserve((void **)&h->mt, &h->cmt, h->nmt + 1, sizeof *h->mt)) {
        h->failed = true;
        return 1;
    }
    h->mt[h->nmt++] = (struct maintenance){
        .start = m->start, .end = m->end, .announced = m->announced, .line = m->line};
    struct claim_evidence *e =
        new_evidence(h, CLAIM_EV_MAINTENANCE, m->start, m->end, path, m->line, m->key, NULL);
    if (!e)
        return 1;
    e->announced = m->announced;
    return 0;
}

static int
take_origin(void *ctx, const char *key, const char *path, long line)
{
    struct history *h = ctx;
    if (grow_reserve((void **)&h->origins, &h->corigins, h->norigins + 1, sizeof *h->origins)) {
        h->failed = true;
        return 1;
    }
    struct origin *o = &h->origins[h->norigins];
    o->key = dup_or_null(key);
    o->path = dup_or_null(path);
    o->line = line;
    h->norigins++;
    if ((key && !o->key) || (path && !o->path)) {
        h->failed = true;
        return 1;
    }
    return 0;
}

/* The origins come by key (store.h), so a key is found by halving. */
static const struct origin *
origin_of(const struct history *h, const char *key)
{
    size_t lo = 0, hi = h->norigins;
    while (key && lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = strcmp(h->origins[mid].key ? h->origins[mid].key : "", key);
        if (c == 0)
            return &h->origins[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

static int
take_incident(void *ctx, const struct incident *inc, const char *format)
{
    struct history *h = ctx;
    (void)format;
    const struct origin *o = origin_of(h, inc->key);
    int64_t start = inc->started != SLTIME_NONE ? inc->started : inc->detected;
    int64_t end = inc->resolved != SLTIME_NONE ? inc->resolved : inc->mitigated;
    char detail[600];
    snprintf(detail, sizeof detail, "%s: %s", inc->severity ? inc->severity : "no severity",
             inc->title ? inc->title : "");
    return new_evidence(h, CLAIM_EV_INCIDENT, start, end, o ? o->path : NULL,
                        o ? o->line : inc->line, inc->key, detail)
               ? 0
               : 1;
}

static void
history_release(struct history *h)
{
    free(h->iv);
    free(h->mt);
    for (size_t i = 0; i < h->nev; i++)
        evidence_release(&h->ev[i]);
    free(h->ev);
    for (size_t i = 0; i < h->norigins; i++) {
        free(h->origins[i].key);
        free(h->origins[i].path);
    }
    free(h->origins);
    memset(h, 0, sizeof *h);
}

/* A record shows a stretch when it overlaps it and is of the kind that
 * makes it: the counted statuses of an outage (and the incidents of the
 * service then), the weightless statuses of time weighed at 0, the
 * maintenance windows of maintenance. */
static bool
shows(const struct contract_rules *rules, const struct contract_stretch *s,
      const struct claim_evidence *e)
{
    int64_t end = e->end == SLTIME_NONE ? INT64_MAX : e->end;
    if (e->start >= s->end || end <= s->start)
        return false;
    enum svc_status status = e->status;
    switch (s->kind) {
    case CONTRACT_STRETCH_OUTAGE:
        /* Maintenance that did not qualify counts: its window shows why. */
        if (e->kind == CLAIM_EV_MAINTENANCE)
            return s->ineligible;
        /* fall through */
    case CONTRACT_STRETCH_FORGIVEN:
        return e->kind == CLAIM_EV_INCIDENT ||
               (e->kind == CLAIM_EV_INTERVAL && rules->weight[status] > 0);
    case CONTRACT_STRETCH_WEIGHTLESS:
        return e->kind == CLAIM_EV_INTERVAL && status != SVC_UP && rules->weight[status] <= 0;
    case CONTRACT_STRETCH_MAINTENANCE:
        return e->kind == CLAIM_EV_MAINTENANCE;
    default:
        return false;
    }
}

struct walk {
    struct claim_item *item;
    const struct history *h;
    const struct contract_rules *rules;
    size_t cap;
    bool failed;
};

static int
take_stretch(void *ctx, const struct contract_stretch *s)
{
    struct walk *w = ctx;
    struct claim_item *it = w->item;
    if (grow_reserve((void **)&it->stretches, &w->cap, it->nstretches + 1, sizeof *it->stretches)) {
        w->failed = true;
        return 1;
    }
    struct claim_stretch *cs = &it->stretches[it->nstretches++];
    *cs = (struct claim_stretch){*s, NULL, 0};
    it->noutages += s->kind == CONTRACT_STRETCH_OUTAGE;
    size_t cap = 0;
    for (size_t i = 0; i < w->h->nev; i++) {
        const struct claim_evidence *e = &w->h->ev[i];
        if (!shows(w->rules, s, e))
            continue;
        if (grow_reserve((void **)&cs->ev, &cap, cs->nev + 1, sizeof *cs->ev)) {
            w->failed = true;
            return 1;
        }
        struct claim_evidence *c = &cs->ev[cs->nev];
        *c = *e;
        c->path = dup_or_null(e->path);
        c->ref = dup_or_null(e->ref);
        c->detail = dup_or_null(e->detail);
        cs->nev++;
        if ((e->path && !c->path) || (e->ref && !c->ref) || (e->detail && !c->detail)) {
            w->failed = true;
            return 1;
        }
    }
    return 0;
}

static int
cmp_evidence(const void *a, const void *b)
{
    const struct claim_evidence *x = a, *y = b;
    if (x->kind != y->kind)
        return x->kind < y->kind ? -1 : 1;
    return (x->start > y->start) - (x->start < y->start);
}

/* The span eval_run read history over: every window it measured, widened
 * by its margin. */
static void
eval_span(const struct eval_result *r, int64_t *from, int64_t *to)
{
    *from = r->params.from;
    *to = r->params.to;
    for (size_t i = 0; i < r->nrows; i++) {
        if (r->rows[i].window.start < *from)
            *from = r->rows[i].window.start;
        if (r->rows[i].window.end > *to)
            *to = r->rows[i].window.end;
    }
    for (size_t i = 0; i < r->ncontract; i++) {
        if (r->contract[i].window.start < *from)
            *from = r->contract[i].window.start;
        if (r->contract[i].window.end > *to)
            *to = r->contract[i].window.end;
    }
    *from -= EVAL_PAD_SECONDS;
    *to += EVAL_PAD_SECONDS;
}

static bool
same_measure(const struct contract_measure *a, const struct contract_measure *b)
{
    return a->avail.eligible_seconds == b->avail.eligible_seconds &&
           a->avail.unknown_seconds == b->avail.unknown_seconds &&
           a->avail.maintenance_seconds == b->avail.maintenance_seconds &&
           a->excluded_seconds == b->excluded_seconds &&
           fabs(a->avail.downtime_seconds - b->avail.downtime_seconds) < 1e-6;
}

static enum sl_status
build_item(struct store *st, const struct eval_result *r, const struct eval_contract_row *row,
           struct claim_item *it, struct sl_diag *diag)
{
    struct history h = {0};
    struct contract_timeline tl = {0};
    int64_t from, to;
    enum sl_status rc;
    eval_span(r, &from, &to);
    it->row = row;
    if ((rc = store_each_interval_origin(st, row->entity, row->service, from, to, take_interval, &h,
                                         diag)) ||
        (rc = store_each_maintenance_origin(st, row->entity, row->service, from, to,
                                            take_maintenance, &h, diag)) ||
        (rc = store_each_incident_origin(st, row->entity, take_origin, &h, diag)) ||
        (rc = store_each_incident_sourced(st, row->entity, row->service, row->window.start,
                                          row->window.end, take_incident, &h, diag)))
        goto out;
    if (h.failed) {
        rc = diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
        goto out;
    }
    qsort(h.ev, h.nev, sizeof *h.ev, cmp_evidence);
    if ((rc = contract_timeline_build(h.iv, h.niv, h.mt, h.nmt, from, to, r->params.zone,
                                      &row->rules, &tl)))
        goto out;
    struct contract_measure m;
    contract_timeline_measure(&tl, row->window.start, row->window.end, &m);
    if (!same_measure(&m, &row->measure)) {
        rc = diag_set(diag, SL_ERR_DB, NULL, 0,
                      "the history of %s %s read again does not measure as the evaluation did",
                      row->entity, row->service);
        goto out;
    }
    struct walk w = {it, &h, &row->rules, 0, false};
    contract_each_stretch(&tl, row->window.start, row->window.end, take_stretch, &w);
    if (w.failed)
        rc = diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
out:
    contract_timeline_release(&tl);
    history_release(&h);
    return rc;
}

enum sl_status
claim_build(struct store *st, const struct eval_result *r, int64_t from, int64_t to,
            struct claim *out, struct sl_diag *diag)
{
    enum sl_status rc = SL_OK;
    size_t cap = 0, icap = 0;
    memset(out, 0, sizeof *out);
    out->result = r;
    for (size_t i = 0; i < r->ncontract && !rc; i++) {
        const struct eval_contract_row *row = &r->contract[i];
        const struct contract_attainment *a = &row->attainment;
        if (!row->service || row->window.end <= from || row->window.end > to || !a->known || a->met)
            continue;
        if (!credit_due(&a->credit)) {
            out->breached_without_credit++;
            continue;
        }
        if (row->coverage == AVAIL_COVERAGE_INSUFFICIENT) {
            if (grow_reserve((void **)&out->insufficient, &icap, out->ninsufficient + 1,
                             sizeof *out->insufficient)) {
                rc = diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
                break;
            }
            out->insufficient[out->ninsufficient++] = row;
            continue;
        }
        if (grow_reserve((void **)&out->items, &cap, out->n + 1, sizeof *out->items)) {
            rc = diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
            break;
        }
        struct claim_item *it = &out->items[out->n++];
        memset(it, 0, sizeof *it);
        rc = build_item(st, r, row, it, diag);
    }
    if (rc)
        claim_release(out);
    return rc;
}

void
claim_release(struct claim *c)
{
    for (size_t i = 0; i < c->n; i++) {
        struct claim_item *it = &c->items[i];
        for (size_t j = 0; j < it->nstretches; j++) {
            for (size_t k = 0; k < it->stretches[j].nev; k++)
                evidence_release(&it->stretches[j].ev[k]);
            free(it->stretches[j].ev);
        }
        free(it->stretches);
    }
    free(c->items);
    free(c->insufficient);
    memset(c, 0, sizeof *c);
}
