/* capacity.c — GPU-seconds lost per window from intervals that name units,
 * swept once over a service's timeline, and the tally of nodes with repeated
 * hardware faults. */
#include "engine/measure/capacity.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"

long
capacity_interval_gpus(const struct interval *iv, int gpus_per_node)
{
    if (iv->units <= 0)
        return 0;
    if (iv->unit_kind && !strcmp(iv->unit_kind, "node"))
        return (long)iv->units * (gpus_per_node > 0 ? gpus_per_node : 1);
    return iv->units;
}

struct cap_event {
    int64_t t;
    int delta;  /* +1 opens, -1 closes */
    int status; /* enum svc_status */
    long gpus;  /* 0: a service-level interval */
};

static int
cmp_cap_event(const void *a, const void *b)
{
    const struct cap_event *x = a, *y = b;
    return (x->t > y->t) - (x->t < y->t);
}

/* The running state of the sweep. */
struct cap_state {
    long count[SVC_STATUS_COUNT]; /* service-level intervals open, per status */
    long unit_gpus;               /* GPUs of open unit intervals that weigh */
};

static void
apply_event(struct cap_state *s, const struct cap_event *e, const double *weight)
{
    if (e->gpus == 0)
        s->count[e->status] += e->delta;
    else if (weight[e->status] > 0)
        s->unit_gpus += e->delta * e->gpus;
}

static double
service_weight(const struct cap_state *s, const double *weight)
{
    for (int st = SVC_STATUS_COUNT - 1; st > SVC_UNKNOWN; st--)
        if (s->count[st] > 0)
            return weight[st];
    return 0;
}

enum sl_status
capacity_measure_windows(const struct contract_timeline *tl, const struct interval *iv, size_t n,
                         const struct window *w, size_t nw, const struct capacity_params *p,
                         struct capacity_result *out)
{
    const double *weight = tl->rules.weight;
    double fleet = (double)p->fleet_gpus;
    struct cap_event *ev = malloc((2 * n + 1) * sizeof *ev);
    struct cap_state state = {{0}, 0};
    size_t nev = 0, e = 0, k = 0;
    if (!ev)
        return SL_ERR_NOMEM;
    for (size_t i = 0; i < nw; i++) {
        out[i] = (struct capacity_result){
            .evaluated = p->fleet_gpus > 0, .fleet_gpus = p->fleet_gpus, .availability = NAN};
        for (size_t j = 0; j < n; j++)
            if (iv[j].units > 0 && iv[j].start < w[i].end && iv[j].end > w[i].start)
                out[i].unit_intervals++;
    }
    for (size_t j = 0; j < n; j++) {
        if (iv[j].end <= iv[j].start || (unsigned)iv[j].status >= SVC_STATUS_COUNT)
            continue;
        long gpus = capacity_interval_gpus(&iv[j], p->gpus_per_node);
        ev[nev++] = (struct cap_event){iv[j].start, +1, (int)iv[j].status, gpus};
        ev[nev++] = (struct cap_event){iv[j].end, -1, (int)iv[j].status, gpus};
    }
    qsort(ev, nev, sizeof *ev, cmp_cap_event);
    for (size_t si = 0; si < tl->n && k < nw && p->fleet_gpus > 0; si++) {
        const struct contract_segment *seg = &tl->seg[si];
        if (seg->cls != CONTRACT_COUNTED)
            continue;
        int64_t t = seg->start;
        while (t < seg->end && k < nw) {
            while (e < nev && ev[e].t <= t)
                apply_event(&state, &ev[e++], weight);
            while (k < nw && w[k].end <= t)
                k++;
            if (k == nw)
                break;
            int64_t next = seg->end;
            if (e < nev && ev[e].t < next)
                next = ev[e].t;
            if (t < w[k].start) {
                t = next < w[k].start ? next : w[k].start;
                continue;
            }
            if (w[k].end < next)
                next = w[k].end;
            double len = (double)(next - t);
            double frac =
                seg->ineligible ? weight[SVC_MAINTENANCE] : service_weight(&state, weight);
            double units = fmin(fleet, (double)state.unit_gpus);
            double lost = fmax(frac * fleet, units);
            out[k].gpu_seconds += fleet * len;
            out[k].gpu_seconds_lost += lost * len;
            if (units > frac * fleet)
                out[k].unit_gpu_seconds_lost += (units - frac * fleet) * len;
            t = next;
        }
    }
    for (size_t i = 0; i < nw; i++) {
        out[i].known = out[i].gpu_seconds > 0;
        if (out[i].known)
            out[i].availability = 1.0 - out[i].gpu_seconds_lost / out[i].gpu_seconds;
    }
    free(ev);
    return SL_OK;
}

void
capacity_pool(struct capacity_result *into, const struct capacity_result *add)
{
    if (!add->evaluated)
        return;
    into->evaluated = true;
    if (add->fleet_gpus > into->fleet_gpus)
        into->fleet_gpus = add->fleet_gpus;
    into->gpu_seconds += add->gpu_seconds;
    into->gpu_seconds_lost += add->gpu_seconds_lost;
    into->unit_gpu_seconds_lost += add->unit_gpu_seconds_lost;
    into->unit_intervals += add->unit_intervals;
    into->known = into->gpu_seconds > 0;
    into->availability = into->known ? 1.0 - into->gpu_seconds_lost / into->gpu_seconds : NAN;
}

enum sl_status
capacity_faults_add(struct capacity_faults *f, const struct gpu_event *ev)
{
    if (!ev->host || !*ev->host || !ev->xid_class || strcmp(ev->xid_class, "hardware"))
        return SL_OK;
    struct capacity_fault_node *node = NULL;
    for (size_t i = 0; i < f->n && !node; i++)
        if (!strcmp(f->v[i].host, ev->host))
            node = &f->v[i];
    if (!node) {
        if (grow_reserve((void **)&f->v, &f->alloc, f->n + 1, sizeof *f->v))
            return SL_ERR_NOMEM;
        node = &f->v[f->n];
        memset(node, 0, sizeof *node);
        if (!(node->host = strdup(ev->host)))
            return SL_ERR_NOMEM;
        node->first = node->last = ev->time;
        f->n++;
    }
    node->count++;
    if (ev->time < node->first)
        node->first = ev->time;
    if (ev->time > node->last)
        node->last = ev->time;
    bool seen = false;
    for (size_t i = 0; i < node->nxids; i++)
        seen |= node->xids[i] == ev->xid;
    if (!seen && node->nxids < sizeof node->xids / sizeof node->xids[0])
        node->xids[node->nxids++] = ev->xid;
    return SL_OK;
}

static int
cmp_fault_node(const void *a, const void *b)
{
    const struct capacity_fault_node *x = a, *y = b;
    if (x->count != y->count)
        return x->count > y->count ? -1 : 1;
    return strcmp(x->host, y->host);
}

void
capacity_faults_finish(struct capacity_faults *f, int threshold)
{
    size_t k = 0;
    for (size_t i = 0; i < f->n; i++) {
        if (f->v[i].count >= threshold)
            f->v[k++] = f->v[i];
        else
            free(f->v[i].host);
    }
    f->n = k;
    if (k > 1)
        qsort(f->v, k, sizeof *f->v, cmp_fault_node);
}

void
capacity_faults_release(struct capacity_faults *f)
{
    for (size_t i = 0; i < f->n; i++)
        free(f->v[i].host);
    free(f->v);
    f->v = NULL;
    f->n = f->alloc = 0;
}
