/* availability.c — a sweep over interval and maintenance boundaries that gives
 * each stretch of the window its worst status, then weighs it. */
#include "engine/measure/availability.h"

#include <stdlib.h>
#include <string.h>

#include "engine/time/sltime.h"

/* Event kinds beyond the statuses: the two maintenance classes. */
enum { EV_MAINT_ELIGIBLE = SVC_STATUS_COUNT, EV_MAINT_INELIGIBLE, EV_KINDS };

struct event {
    int64_t t;
    int delta; /* +1 opens, -1 closes */
    int kind;  /* an enum svc_status or an EV_MAINT_* */
};

static int
cmp_event(const void *a, const void *b)
{
    const struct event *x = a, *y = b;
    return (x->t > y->t) - (x->t < y->t);
}

void
availability_default_params(struct avail_params *p)
{
    memset(p, 0, sizeof *p);
    p->weight[SVC_DOWN] = 1.0;
    p->weight[SVC_MAINTENANCE] = 1.0;
    p->weight[SVC_PARTIAL] = AVAIL_DEFAULT_PARTIAL_WEIGHT;
    p->notice_seconds = AVAIL_DEFAULT_NOTICE_SECONDS;
}

static void
finish(struct avail_result *r)
{
    r->known = r->eligible_seconds > 0;
    r->availability = r->known ? 1.0 - r->downtime_seconds / (double)r->eligible_seconds : 0.0;
}

void
availability_pool(struct avail_result *a, const struct avail_result *b)
{
    a->window_seconds += b->window_seconds;
    a->eligible_seconds += b->eligible_seconds;
    a->unknown_seconds += b->unknown_seconds;
    a->maintenance_seconds += b->maintenance_seconds;
    a->ineligible_maintenance_seconds += b->ineligible_maintenance_seconds;
    for (int s = 0; s < SVC_STATUS_COUNT; s++)
        a->status_seconds[s] += b->status_seconds[s];
    a->downtime_seconds += b->downtime_seconds;
    finish(a);
}

static void
add_event_pair(struct event *ev, size_t *n, int64_t start, int64_t end, int64_t from, int64_t to,
               int kind)
{
    if (start < from)
        start = from;
    if (end > to)
        end = to;
    if (end <= start)
        return;
    ev[(*n)++] = (struct event){start, +1, kind};
    ev[(*n)++] = (struct event){end, -1, kind};
}

/* Accounts for the stretch [.., +len) given the open counts. */
static void
weigh_stretch(int64_t len, const long open[EV_KINDS], int64_t *cap_left,
              const struct avail_params *p, struct avail_result *r)
{
    int worst = SVC_UNKNOWN;
    for (int s = SVC_STATUS_COUNT - 1; s > SVC_UNKNOWN; s--) {
        if (open[s] > 0) {
            worst = s;
            break;
        }
    }
    int64_t ineligible = 0;
    if (open[EV_MAINT_ELIGIBLE] > 0) {
        int64_t excluded = len;
        if (p->maintenance_cap_seconds > 0) {
            if (excluded > *cap_left)
                excluded = *cap_left;
            *cap_left -= excluded;
        }
        r->maintenance_seconds += excluded;
        ineligible = len - excluded;
    } else if (open[EV_MAINT_INELIGIBLE] > 0) {
        ineligible = len;
    }
    if (ineligible > 0 || open[EV_MAINT_ELIGIBLE] > 0) {
        if (ineligible == 0)
            return;
        /* Maintenance that does not qualify is downtime, known or not. */
        if (worst < SVC_MAINTENANCE)
            worst = SVC_MAINTENANCE;
        len = ineligible;
        r->ineligible_maintenance_seconds += len;
    }
    if (worst == SVC_UNKNOWN) {
        r->unknown_seconds += len;
        return;
    }
    r->eligible_seconds += len;
    r->status_seconds[worst] += len;
    r->downtime_seconds += p->weight[worst] * (double)len;
}

enum sl_status
availability_compute(const struct interval *intervals, size_t n, const struct maintenance *maint,
                     size_t nmaint, int64_t from, int64_t to, const struct avail_params *p,
                     struct avail_result *out)
{
    memset(out, 0, sizeof *out);
    out->window_seconds = to > from ? to - from : 0;
    if (to <= from) {
        finish(out);
        return SL_OK;
    }
    struct event *ev = malloc((2 * (n + nmaint) + 1) * sizeof *ev);
    if (!ev)
        return SL_ERR_NOMEM;
    size_t nev = 0;
    for (size_t i = 0; i < n; i++)
        add_event_pair(ev, &nev, intervals[i].start, intervals[i].end, from, to,
                       (int)intervals[i].status);
    for (size_t i = 0; i < nmaint; i++) {
        const struct maintenance *m = &maint[i];
        bool eligible = m->announced != SLTIME_NONE && m->announced <= m->start - p->notice_seconds;
        add_event_pair(ev, &nev, m->start, m->end, from, to,
                       eligible ? EV_MAINT_ELIGIBLE : EV_MAINT_INELIGIBLE);
    }
    qsort(ev, nev, sizeof *ev, cmp_event);

    long open[EV_KINDS] = {0};
    int64_t cap_left = p->maintenance_cap_seconds;
    int64_t prev = from;
    for (size_t i = 0; i < nev; i++) {
        if (ev[i].t > prev) {
            weigh_stretch(ev[i].t - prev, open, &cap_left, p, out);
            prev = ev[i].t;
        }
        open[ev[i].kind] += ev[i].delta;
    }
    if (to > prev)
        weigh_stretch(to - prev, open, &cap_left, p, out);
    free(ev);
    finish(out);
    return SL_OK;
}
