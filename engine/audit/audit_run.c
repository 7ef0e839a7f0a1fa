/* audit_run.c — what the rules read, loaded from the store for one entity
 * and window: audit_run(). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/audit/audit.h"
#include "engine/audit/auditrec.h"
#include "engine/base/grow.h"
#include "engine/measure/eval.h"
#include "engine/base/jsondoc.h"
#include "engine/sla/sla_json.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"

/* A stored SLA version before the audit window picks the ones in force. */
struct stored_sla {
    const char *kind, *service, *document, *terms;
    int64_t effective_from;
};

struct loader {
    struct audit_data *d;
    struct store *st;
    struct sl_diag *diag;
    enum sl_status rc;
    const char *service; /* the series being read */
    size_t runs_alloc, maint_alloc, incidents_alloc, pm_alloc, action_alloc, patch_alloc;
    size_t shift_alloc, change_alloc, notice_alloc, gpu_alloc, sla_alloc;
    struct stored_sla *stored; /* every stored commitment version of the entity */
    size_t nstored, stored_alloc;
    struct audit_incident **by_key; /* incidents sorted by key */
};

static const char *
own(struct loader *l, const char *s)
{
    struct audit_data *d = l->d;
    if (!s || l->rc)
        return NULL;
    if (grow_reserve((void **)&d->owned, &d->owned_alloc, d->nowned + 1, sizeof *d->owned)) {
        l->rc = SL_ERR_NOMEM;
        return NULL;
    }
    char *c = strdup(s);
    if (!c) {
        l->rc = SL_ERR_NOMEM;
        return NULL;
    }
    return d->owned[d->nowned++] = c;
}

/* Grows *v (of *n elements, room for *alloc) by one and returns the new
 * zeroed element, or NULL when memory ran out. */
static void *
grow(struct loader *l, void **v, size_t *n, size_t *alloc, size_t size)
{
    if (l->rc)
        return NULL;
    if (grow_reserve(v, alloc, *n + 1, size)) {
        l->rc = SL_ERR_NOMEM;
        return NULL;
    }
    void *e = (char *)*v + (*n)++ * size;
    memset(e, 0, size);
    return e;
}

#define GROW(l, arr, n, alloc) grow((l), (void **)&(arr), &(n), &(alloc), sizeof *(arr))

static int64_t
json_time(const struct json_node *o, const char *key)
{
    double v;
    return jsondoc_number(jsondoc_get(o, key), &v) ? (int64_t)v : SLTIME_NONE;
}

static bool
json_flag(const struct json_node *o, const char *key)
{
    bool b = false;
    return jsondoc_bool(jsondoc_get(o, key), &b) && b;
}

static const char *
json_text(struct loader *l, const struct json_node *o, const char *key)
{
    return own(l, jsondoc_get_string(o, key));
}

static int
take_incident(void *ctx, const struct incident *inc)
{
    struct loader *l = ctx;
    struct audit_data *d = l->d;
    struct audit_incident *a = GROW(l, d->incidents, d->nincidents, l->incidents_alloc);
    if (!a)
        return 1;
    a->key = own(l, inc->key);
    a->service = own(l, inc->service);
    a->severity = own(l, inc->severity);
    a->title = own(l, inc->title);
    a->state = own(l, inc->state);
    a->started = inc->started;
    a->detected = inc->detected;
    a->acknowledged = inc->acknowledged;
    a->mitigated = inc->mitigated;
    a->resolved = inc->resolved;
    a->classified = SLTIME_NONE;
    a->source = RECORD_TEAM;
    a->origin.line = inc->line;
    if (inc->extra_json && *inc->extra_json) {
        struct json_node *x = NULL;
        struct sl_diag ignored;
        if (!jsondoc_load_buffer(inc->extra_json, strlen(inc->extra_json), "extra", 1, &x,
                                 &ignored)) {
            const char *cl = jsondoc_get_string(x, "classified");
            int64_t t;
            bool had;
            const char *why;
            if (cl && *cl && !sltime_parse(cl, strlen(cl), d->zone, &t, &had, &why))
                a->classified = t;
            a->detected_by = json_text(l, x, "detected_by");
            a->root_cause_tag = json_text(l, x, "root_cause_tag");
            a->cause = json_text(l, x, "cause");
            a->change_id = json_text(l, x, "change_id");
            if (a->root_cause_tag && !*a->root_cause_tag)
                a->root_cause_tag = NULL;
            if (a->change_id && !*a->change_id)
                a->change_id = NULL;
            jsondoc_free(x);
        }
    }
    return l->rc != SL_OK;
}

static int
key_cmp(const void *a, const void *b)
{
    const struct audit_incident *const *x = a, *const *y = b;
    return strcmp((*x)->key, (*y)->key);
}

static struct audit_incident *
find_incident(struct loader *l, const char *key)
{
    if (!l->by_key || !key)
        return NULL;
    struct audit_incident probe = {.key = key}, *pp = &probe;
    struct audit_incident **hit =
        bsearch(&pp, l->by_key, l->d->nincidents, sizeof *l->by_key, key_cmp);
    return hit ? *hit : NULL;
}

static int
take_origin(void *ctx, const char *key, const char *path, const char *format, long line)
{
    struct loader *l = ctx;
    struct audit_incident *a = find_incident(l, key);
    if (a) {
        a->origin.file = own(l, path);
        a->origin.line = line;
        a->source = record_source_of(format);
    }
    return l->rc != SL_OK;
}

static void
take_record_fields(struct loader *l, const struct audit_record *r, const struct json_node *o)
{
    struct audit_data *d = l->d;
    struct audit_origin origin = {own(l, r->source), r->line};
    if (!strcmp(r->kind, AUDITREC_POSTMORTEM)) {
        struct audit_postmortem *p = GROW(l, d->postmortems, d->npostmortems, l->pm_alloc);
        if (!p)
            return;
        p->incident = json_text(l, o, "incident");
        p->published = json_time(o, "published");
        p->impact = json_flag(o, "impact");
        p->timeline = json_flag(o, "timeline");
        p->root_cause = json_flag(o, "root_cause");
        p->actions = json_flag(o, "actions");
        p->root_cause_tag = json_text(l, o, "root_cause_tag");
        p->cause = json_text(l, o, "cause");
        p->change_id = json_text(l, o, "change_id");
        p->link = json_text(l, o, "link");
        p->origin = origin;
    } else if (!strcmp(r->kind, AUDITREC_ACTION)) {
        struct audit_action *a = GROW(l, d->actions, d->nactions, l->action_alloc);
        if (!a)
            return;
        a->key = json_text(l, o, "id");
        a->incident = json_text(l, o, "incident");
        a->owner = json_text(l, o, "owner");
        a->title = json_text(l, o, "title");
        a->due = json_time(o, "due");
        a->closed = json_time(o, "closed");
        a->origin = origin;
    } else if (!strcmp(r->kind, AUDITREC_PATCH)) {
        struct audit_patch *p = GROW(l, d->patches, d->npatches, l->patch_alloc);
        if (!p)
            return;
        p->key = json_text(l, o, "id");
        p->service = json_text(l, o, "service");
        p->advisory = json_text(l, o, "advisory");
        p->severity = json_text(l, o, "severity");
        p->exception = json_text(l, o, "exception");
        p->released = json_time(o, "released");
        p->detected = json_time(o, "detected");
        p->applied = json_time(o, "applied");
        p->kev_added = json_time(o, "kev_added");
        p->internet_facing = json_flag(o, "internet_facing");
        p->origin = origin;
    } else if (!strcmp(r->kind, AUDITREC_ONCALL)) {
        struct audit_shift *s = GROW(l, d->shifts, d->nshifts, l->shift_alloc);
        if (!s)
            return;
        s->service = json_text(l, o, "service");
        s->primary = json_text(l, o, "primary");
        s->secondary = json_text(l, o, "secondary");
        s->start = json_time(o, "start");
        s->end = json_time(o, "end");
        s->origin = origin;
    } else if (!strcmp(r->kind, AUDITREC_CHANGE)) {
        struct audit_change *c = GROW(l, d->changes, d->nchanges, l->change_alloc);
        if (!c)
            return;
        c->key = json_text(l, o, "id");
        c->service = json_text(l, o, "service");
        c->approved = json_time(o, "approved");
        c->retro_approved = json_time(o, "retro_approved");
        c->emergency = json_flag(o, "emergency");
        c->origin = origin;
        const struct json_node *list = jsondoc_get(o, "incidents");
        size_t n = jsondoc_size(list);
        if (n && !(c->incidents = calloc(n, sizeof *c->incidents))) {
            l->rc = SL_ERR_NOMEM;
            return;
        }
        for (size_t i = 0; i < n; i++)
            if ((c->incidents[c->nincidents] = own(l, jsondoc_string(jsondoc_at(list, i)))))
                c->nincidents++;
    } else if (!strcmp(r->kind, AUDITREC_NOTICE)) {
        struct audit_notice *n = GROW(l, d->notices, d->nnotices, l->notice_alloc);
        if (!n)
            return;
        n->incident = json_text(l, o, "incident");
        n->regime = json_text(l, o, "regime");
        n->kind = json_text(l, o, "kind");
        n->sent = json_time(o, "sent");
        n->aware = json_time(o, "aware");
        n->classified = json_time(o, "classified");
        n->origin = origin;
    }
}

static int
take_record(void *ctx, const struct audit_record *r)
{
    struct loader *l = ctx;
    if (!strcmp(r->kind, AUDITREC_PROFILE))
        return 0; /* read first, apart */
    struct json_node *o = NULL;
    struct sl_diag ignored;
    if (jsondoc_load_buffer(r->fields, strlen(r->fields), r->source, r->line, &o, &ignored))
        return 0; /* written by our parsers: cannot happen short of a damaged store */
    take_record_fields(l, r, o);
    jsondoc_free(o);
    return l->rc != SL_OK;
}

static int
take_profile(void *ctx, const struct audit_record *r)
{
    struct loader *l = ctx;
    struct audit_data *d = l->d;
    profile_release(&d->profile);
    l->rc = profile_from_json(&d->profile, r->fields, d->zone, l->diag);
    if (l->rc && l->diag) {
        char msg[sizeof l->diag->message];
        snprintf(msg, sizeof msg, "%s", l->diag->message);
        diag_set(l->diag, l->rc, r->source, r->line, "%s", msg);
    }
    if (!l->rc) {
        d->profile.source = strdup(r->source);
        d->profile.line = r->line;
    }
    return 1;
}

struct series_list {
    char **names;
    size_t n;
};

static int
take_series(void *ctx, const char *entity, const char *service)
{
    struct series_list *s = ctx;
    (void)entity;
    char **v = realloc(s->names, (s->n + 1) * sizeof *v);
    if (!v)
        return 1;
    s->names = v;
    if (!(v[s->n] = strdup(service)))
        return 1;
    s->n++;
    return 0;
}

static int
take_interval(void *ctx, const struct interval *iv)
{
    struct loader *l = ctx;
    struct audit_data *d = l->d;
    if (iv->status != SVC_DOWN && iv->status != SVC_PARTIAL)
        return 0;
    struct audit_run_of *last = d->nruns ? &d->runs[d->nruns - 1] : NULL;
    if (last && last->service == l->service && last->status == iv->status &&
        iv->start <= last->end) {
        if (iv->end > last->end)
            last->end = iv->end;
        return 0;
    }
    struct audit_run_of *r = GROW(l, d->runs, d->nruns, l->runs_alloc);
    if (!r)
        return 1;
    r->service = l->service;
    r->status = iv->status;
    r->start = iv->start;
    r->end = iv->end;
    return 0;
}

static int
take_maintenance(void *ctx, const struct maintenance *m)
{
    struct loader *l = ctx;
    struct audit_data *d = l->d;
    struct maintenance *c = GROW(l, d->maintenance, d->nmaintenance, l->maint_alloc);
    if (!c)
        return 1;
    *c = *m;
    c->entity = d->entity;
    c->service = l->service;
    c->key = own(l, m->key);
    return l->rc != SL_OK;
}

static int
take_sla(void *ctx, const struct commitment *cm)
{
    struct loader *l = ctx;
    struct stored_sla *s = GROW(l, l->stored, l->nstored, l->stored_alloc);
    if (s) {
        s->kind = own(l, cm->kind);
        s->service = own(l, cm->service);
        s->document = own(l, cm->document);
        s->terms = own(l, cm->terms);
        s->effective_from = cm->effective_from;
    }
    return l->rc != SL_OK;
}

static bool
same_text(const char *a, const char *b)
{
    return a == b || (a && b && !strcmp(a, b));
}

/* The commitment versions in force during [from, to): a version holds from
 * its effective_from until the next version of the same kind and service.
 * The store gives them by service, then effective_from. Terms that no longer
 * read as JSON (a damaged store) are skipped: the rules then have less to
 * say, and nothing is made up. */
static enum sl_status
load_slas(struct loader *l, const struct audit_params *p)
{
    struct audit_data *d = l->d;
    enum sl_status rc = store_each_commitment(l->st, p->entity, NULL, take_sla, l, l->diag);
    if (rc || (rc = l->rc))
        return rc;
    for (size_t i = 0; i < l->nstored && !rc; i++) {
        const struct stored_sla *s = &l->stored[i];
        const struct stored_sla *next = NULL;
        for (size_t k = i + 1; k < l->nstored && !next; k++)
            if (same_text(l->stored[k].kind, s->kind) &&
                same_text(l->stored[k].service, s->service))
                next = &l->stored[k];
        int64_t start = s->effective_from == SLTIME_NONE ? p->from : s->effective_from;
        int64_t end = next ? next->effective_from : p->to;
        if (start < p->from)
            start = p->from;
        if (end > p->to)
            end = p->to;
        if (start >= end)
            continue;
        struct audit_sla *a = GROW(l, d->slas, d->nslas, l->sla_alloc);
        if (!a)
            return l->rc;
        a->kind = s->kind;
        a->service = s->service;
        a->document = s->document;
        a->from = start;
        a->to = end;
        sla_terms_init(&a->terms);
        struct sl_diag ignored;
        rc = sla_json_read(s->terms, strlen(s->terms), s->document ? s->document : "terms",
                           &a->terms, &ignored);
        if (rc == SL_ERR_INPUT) {
            sla_terms_release(&a->terms);
            d->nslas--;
            rc = SL_OK;
        }
    }
    return rc;
}

static int
take_gpu(void *ctx, const struct gpu_event *ev)
{
    struct loader *l = ctx;
    struct audit_data *d = l->d;
    struct audit_gpu_fault *g = GROW(l, d->gpu_faults, d->ngpu_faults, l->gpu_alloc);
    if (!g)
        return 1;
    g->host = own(l, ev->host);
    g->gpu = own(l, ev->gpu ? ev->gpu : ev->pci);
    g->xid_class = own(l, ev->xid_class);
    g->xid = ev->xid;
    g->time = ev->time;
    g->origin.line = ev->line;
    return l->rc != SL_OK;
}

static int
notice_cmp(const void *a, const void *b)
{
    const struct audit_notice *x = a, *y = b;
    int c = strcmp(x->incident, y->incident);
    if (c)
        return c;
    if ((c = strcmp(x->regime, y->regime)) || (c = strcmp(x->kind, y->kind)))
        return c;
    return x->sent < y->sent ? -1 : x->sent > y->sent;
}

static enum sl_status
load_months(struct loader *l, const struct audit_params *p)
{
    struct audit_data *d = l->d;
    struct eval_params ep;
    struct eval_result r;
    eval_default_params(&ep);
    ep.zone = d->zone;
    ep.from = p->from;
    ep.to = p->to;
    ep.entity = p->entity;
    ep.skip_incidents = true; /* the rules read the incidents themselves */
    /* The fleet is a fact of the entity, so it comes with the profile. */
    double fleet = profile_threshold(&d->profile, "GPU-003", "fleet_gpus");
    double per_node = profile_threshold(&d->profile, "GPU-003", "gpus_per_node");
    if (!isnan(fleet) && fleet >= 1 && fleet <= 1e8)
        ep.capacity.fleet_gpus = (long)fleet;
    if (!isnan(per_node) && per_node >= 1 && per_node <= 1024)
        ep.capacity.gpus_per_node = (int)per_node;
    enum sl_status rc = eval_run(l->st, &ep, &r, l->diag);
    if (rc)
        return rc;
    d->months = calloc(r.nrows ? r.nrows : 1, sizeof *d->months);
    if (!d->months)
        rc = SL_ERR_NOMEM;
    for (size_t i = 0; !rc && i < r.nrows; i++) {
        const struct eval_row *row = &r.rows[i];
        if (row->window.start < p->from || row->window.end > p->to)
            continue; /* only whole months of the audit window */
        struct audit_month *m = &d->months[d->nmonths++];
        m->service = own(l, row->service);
        m->start = row->window.start;
        m->end = row->window.end;
        m->known = eval_row_shows_availability(row); /* not below the minimum coverage */
        m->availability = row->avail.availability;
        m->target_percent = NAN;
        if (row->target_source == TARGET_COMMITMENT) {
            const char *doc = r.params.commitments[row->contract->commitment].terms->document;
            m->target_percent = row->target_percent;
            m->target_from = doc ? own(l, doc) : "the SLA";
        } else if (row->target_source == TARGET_OBJECTIVE) {
            m->target_percent = row->target_percent;
            m->target_from = "the profile's slo_percent";
        }
        m->capacity_known =
            row->capacity.evaluated && row->capacity.known && row->capacity.gpu_seconds > 0;
        m->fleet_gpus = row->capacity.fleet_gpus;
        m->gpu_seconds = row->capacity.gpu_seconds;
        m->gpu_seconds_lost = row->capacity.gpu_seconds_lost;
    }
    eval_result_release(&r);
    return rc ? rc : l->rc;
}

/* A bound given as a midnight of the command's zone names a calendar day;
 * the audit counts days in the profile's zone, so it is that day's midnight
 * there. Any other instant stays as given. */
static int64_t
same_day_in(int64_t t, const char *given_zone, const char *zone)
{
    struct sl_civil c;
    sltime_to_civil(t, given_zone, &c, NULL);
    if (c.hour || c.minute || c.second)
        return t;
    return sltime_from_civil(&c, zone);
}

static enum sl_status
load(struct loader *l, const struct audit_params *given)
{
    struct audit_data *d = l->d;
    struct audit_params local = *given;
    const struct audit_params *p = &local;
    enum sl_status rc;
    if ((rc = store_each_audit_record(l->st, p->entity, AUDITREC_PROFILE, take_profile, l,
                                      l->diag)) ||
        (rc = l->rc))
        return rc;
    if (d->profile.zone) {
        d->zone = d->profile.zone;
        local.from = d->from = same_day_in(given->from, given->zone, d->zone);
        local.to = d->to = same_day_in(given->to, given->zone, d->zone);
        local.zone = d->zone;
    }
    d->calendar.zone = d->zone;
    d->calendar.holidays = d->profile.holidays;
    d->calendar.nholidays = d->profile.nholidays;

    if ((rc = store_each_incident(l->st, p->entity, p->from, p->to, take_incident, l, l->diag)) ||
        (rc = l->rc))
        return rc;
    if (d->nincidents) {
        if (!(l->by_key = malloc(d->nincidents * sizeof *l->by_key)))
            return SL_ERR_NOMEM;
        for (size_t i = 0; i < d->nincidents; i++)
            l->by_key[i] = &d->incidents[i];
        qsort(l->by_key, d->nincidents, sizeof *l->by_key, key_cmp);
        if ((rc = store_each_incident_source(l->st, p->entity, take_origin, l, l->diag)) ||
            (rc = l->rc))
            return rc;
    }

    if ((rc = store_each_audit_record(l->st, p->entity, NULL, take_record, l, l->diag)) ||
        (rc = l->rc))
        return rc;
    if (d->nnotices)
        qsort(d->notices, d->nnotices, sizeof *d->notices, notice_cmp);
    /* A postmortem's root cause tells about its incident. */
    for (size_t i = 0; i < d->npostmortems; i++) {
        struct audit_incident *inc = find_incident(l, d->postmortems[i].incident);
        if (!inc)
            continue;
        if (!inc->root_cause_tag)
            inc->root_cause_tag = d->postmortems[i].root_cause_tag;
        if (!inc->cause)
            inc->cause = d->postmortems[i].cause;
        if (!inc->change_id)
            inc->change_id = d->postmortems[i].change_id;
    }

    struct series_list series = {NULL, 0};
    rc = store_each_series(l->st, p->entity, take_series, &series, l->diag);
    for (size_t i = 0; !rc && i < series.n; i++) {
        l->service = own(l, series.names[i]);
        if (!rc)
            rc = store_each_interval(l->st, p->entity, series.names[i], p->from, p->to,
                                     take_interval, l, l->diag);
        if (!rc)
            rc = store_each_maintenance(l->st, p->entity, series.names[i], p->from, p->to,
                                        take_maintenance, l, l->diag);
        if (!rc)
            rc = l->rc;
    }
    for (size_t i = 0; i < series.n; i++)
        free(series.names[i]);
    free(series.names);
    if (rc)
        return rc;
    /* Runs are clipped to the audit window. */
    for (size_t i = 0; i < d->nruns; i++) {
        if (d->runs[i].start < p->from)
            d->runs[i].start = p->from;
        if (d->runs[i].end > p->to)
            d->runs[i].end = p->to;
    }

    if ((rc = store_each_gpu_event(l->st, p->entity, p->from, p->to, take_gpu, l, l->diag)) ||
        (rc = l->rc) || (rc = load_slas(l, p)))
        return rc;
    return load_months(l, p);
}

enum sl_status
audit_run(struct store *st, const struct audit_params *p, struct audit_result *out,
          struct sl_diag *diag)
{
    struct audit_data d;
    audit_data_init(&d, p->entity, p->from, p->to);
    d.zone = p->zone;
    struct loader l = {.d = &d, .st = st, .diag = diag};
    enum sl_status rc = load(&l, p);
    free(l.by_key);
    free(l.stored);
    if (rc == SL_ERR_NOMEM)
        diag_set(diag, rc, "", 0, "out of memory loading the audit's data");
    if (!rc)
        rc = audit_run_data(&d, out, diag);
    if (!rc) {
        /* the window and zone the audit was computed in: the profile's zone
         * moves the bounds to its own midnights */
        out->params = *p;
        out->params.from = d.from;
        out->params.to = d.to;
        out->params.zone = out->zone;
    }
    audit_data_release(&d);
    return rc;
}
