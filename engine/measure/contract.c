/* contract.c — the classified timeline of a service (worst status, eligible
 * maintenance and its monthly cap, exclusions, the minimum countable outage),
 * windows measured on it, attainment and chronic failure. */
#include "engine/measure/contract.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/time/sltime.h"

/* Event kinds beyond the statuses. */
enum { EV_MAINT_ELIGIBLE = SVC_STATUS_COUNT, EV_MAINT_INELIGIBLE, EV_EXCLUDED, EV_KINDS };

struct event {
    int64_t t;
    int delta; /* +1 opens, -1 closes */
    int kind;
};

void
contract_rules_neutral(struct contract_rules *r)
{
    memset(r, 0, sizeof *r);
    r->window = WINDOW_MONTH;
    r->target_percent = NAN;
    r->weight[SVC_DOWN] = 1.0;
    r->weight[SVC_MAINTENANCE] = 1.0;
    r->weight[SVC_PARTIAL] = AVAIL_DEFAULT_PARTIAL_WEIGHT;
    r->maintenance_excluded = true;
    r->notice_seconds = AVAIL_DEFAULT_NOTICE_SECONDS;
}

enum sl_status
contract_rules_from_terms(const struct sla_terms *t, size_t target, struct contract_rules *out)
{
    static const enum window_kind kinds[] = {
        [SLA_WINDOW_MONTH] = WINDOW_MONTH, [SLA_WINDOW_QUARTER] = WINDOW_QUARTER,
        [SLA_WINDOW_YEAR] = WINDOW_YEAR,   [SLA_WINDOW_ROLLING] = WINDOW_ROLLING,
        [SLA_WINDOW_DAYS] = WINDOW_DAYS,
    };
    contract_rules_neutral(out);
    if (target >= t->ntargets)
        return SL_ERR_USAGE;
    const struct sla_uptime_target *u = &t->targets[target];
    out->target_percent = u->percent;
    out->window = (unsigned)u->window <= SLA_WINDOW_DAYS ? kinds[u->window] : WINDOW_MONTH;
    if ((out->window == WINDOW_ROLLING || out->window == WINDOW_DAYS) && u->days < 1)
        out->window = WINDOW_MONTH; /* a window of no days: terms built by hand */
    out->window_days = u->days;
    out->window_first_day = u->start_day;
    /* The document's own definition: maintenance is left out only where it
     * says so, with its notice period, else the 48 h default. */
    out->maintenance_excluded = t->maintenance_excluded;
    if (!isnan(t->maintenance_notice_hours) && t->maintenance_notice_hours >= 0)
        out->notice_seconds = (int64_t)llround(t->maintenance_notice_hours * 3600.0);
    /* The clauses the document writes about counting: a minimum outage in
     * minutes, a monthly maintenance cap in hours, and partial (or degraded)
     * service counted as downtime. A clause without a usable value is left
     * to the defaults. */
    const struct sla_clause *c = sla_terms_clause(t, SLA_CLAUSE_MIN_OUTAGE);
    if (c && !isnan(c->value) && c->value > 0 && c->value < 1e6)
        out->min_outage_seconds = (int64_t)llround(c->value * 60.0);
    c = sla_terms_clause(t, SLA_CLAUSE_MAINTENANCE_CAP);
    if (c && !isnan(c->value) && c->value > 0 && c->value < 1e5)
        out->maintenance_cap_seconds = (int64_t)llround(c->value * 3600.0);
    /* A document that says partial or degraded service is not downtime
     * weighs it 0: its downtime is the total loss of service it defines. */
    if (sla_terms_clause(t, SLA_CLAUSE_PARTIAL_EXCLUDED))
        out->weight[SVC_PARTIAL] = out->weight[SVC_DEGRADED] = 0.0;
    c = sla_terms_clause(t, SLA_CLAUSE_PARTIAL_COUNTED);
    if (c) {
        out->weight[SVC_PARTIAL] = 1.0;
        if (c->text && (strcasestr(c->text, "degraded") || strcasestr(c->text, "impaired") ||
                        strcasestr(c->text, "reduced")))
            out->weight[SVC_DEGRADED] = 1.0;
    }
    return SL_OK;
}

static int
cmp_event(const void *a, const void *b)
{
    const struct event *x = a, *y = b;
    return (x->t > y->t) - (x->t < y->t);
}

static bool
add_event_pair(struct event *ev, size_t *n, int64_t start, int64_t end, int64_t from, int64_t to,
               int kind)
{
    if (start < from)
        start = from;
    if (end > to)
        end = to;
    if (end <= start)
        return false;
    ev[(*n)++] = (struct event){start, +1, kind};
    ev[(*n)++] = (struct event){end, -1, kind};
    return true;
}

/* A growable segment list that merges a stretch into the last segment when
 * they touch and are classified alike. */
struct seglist {
    struct contract_segment *v;
    size_t n, alloc;
};

static bool
seg_push(struct seglist *l, int64_t start, int64_t end, int cls, int status, int ineligible)
{
    if (end <= start)
        return true;
    if (l->n) {
        struct contract_segment *last = &l->v[l->n - 1];
        if (last->end == start && last->cls == cls && last->status == status &&
            last->ineligible == ineligible) {
            last->end = end;
            return true;
        }
    }
    if (grow_reserve((void **)&l->v, &l->alloc, l->n + 1, sizeof *l->v))
        return false;
    l->v[l->n++] = (struct contract_segment){
        start, end, (unsigned char)cls, (unsigned char)status, (unsigned char)ineligible, 0};
    return true;
}

static bool
weigh_stretch(struct seglist *l, int64_t start, int64_t end, const long open[EV_KINDS])
{
    int worst = SVC_UNKNOWN;
    for (int s = SVC_STATUS_COUNT - 1; s > SVC_UNKNOWN; s--) {
        if (open[s] > 0) {
            worst = s;
            break;
        }
    }
    if (open[EV_EXCLUDED] > 0)
        return seg_push(l, start, end, CONTRACT_EXCLUDED, worst, 0);
    if (open[EV_MAINT_ELIGIBLE] > 0)
        return seg_push(l, start, end, CONTRACT_MAINTENANCE, worst, 0);
    if (open[EV_MAINT_INELIGIBLE] > 0)
        return seg_push(l, start, end, CONTRACT_COUNTED,
                        worst < SVC_MAINTENANCE ? SVC_MAINTENANCE : worst, 1);
    if (worst == SVC_UNKNOWN)
        return seg_push(l, start, end, CONTRACT_UNKNOWN, worst, 0);
    return seg_push(l, start, end, CONTRACT_COUNTED, worst, 0);
}

/* The ends of the intervals opened so far, a binary min-heap on time. */
struct end_heap {
    struct event *v;
    size_t n, alloc;
};

static bool
heap_push(struct end_heap *h, struct event e)
{
    if (grow_reserve((void **)&h->v, &h->alloc, h->n + 1, sizeof *h->v))
        return false;
    size_t i = h->n++;
    while (i > 0 && h->v[(i - 1) / 2].t > e.t) {
        h->v[i] = h->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->v[i] = e;
    return true;
}

static struct event
heap_pop(struct end_heap *h)
{
    struct event top = h->v[0], last = h->v[--h->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= h->n)
            break;
        if (c + 1 < h->n && h->v[c + 1].t < h->v[c].t)
            c++;
        if (h->v[c].t >= last.t)
            break;
        h->v[i] = h->v[c];
        i = c;
    }
    if (h->n)
        h->v[i] = last;
    return top;
}

/* The events of intervals in order of start, in time order. Sources that
 * overlap leave the ends out of order (qsort of every event was a sixth of
 * an evaluation): each end waits in a heap, which holds only the intervals
 * open at once, until a later start passes it. The order of events at the
 * same instant is free: the sweep weighs a stretch only when time moves. */
static bool
merge_events(const struct interval *iv, size_t n, int64_t from, int64_t to, struct event *ev,
             size_t *nev)
{
    struct end_heap ends = {0};
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (iv[i].status == SVC_UNKNOWN)
            continue;
        int64_t start = iv[i].start < from ? from : iv[i].start;
        int64_t end = iv[i].end > to ? to : iv[i].end;
        if (end <= start)
            continue;
        while (ends.n && ends.v[0].t <= start)
            ev[k++] = heap_pop(&ends);
        ev[k++] = (struct event){start, +1, (int)iv[i].status};
        if (!heap_push(&ends, (struct event){end, -1, (int)iv[i].status})) {
            free(ends.v);
            return false;
        }
    }
    while (ends.n)
        ev[k++] = heap_pop(&ends);
    free(ends.v);
    *nev = k;
    return true;
}

/* The status events of the intervals, sorted: merged when the intervals come
 * in order of start (as the store reads them), else sorted. */
static struct event *
interval_events(const struct interval *iv, size_t n, int64_t from, int64_t to, size_t *nev)
{
    struct event *ev = malloc((2 * n + 1) * sizeof *ev);
    if (!ev)
        return NULL;
    bool by_start = true;
    for (size_t i = 1; i < n && by_start; i++)
        by_start = iv[i - 1].start <= iv[i].start;
    if (by_start) {
        if (merge_events(iv, n, from, to, ev, nev))
            return ev;
        free(ev);
        return NULL;
    }
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (iv[i].status != SVC_UNKNOWN)
            add_event_pair(ev, &k, iv[i].start, iv[i].end, from, to, (int)iv[i].status);
    qsort(ev, k, sizeof *ev, cmp_event);
    *nev = k;
    return ev;
}

static struct event *
other_events(const struct maintenance *m, size_t nm, const struct contract_rules *r, int64_t from,
             int64_t to, size_t *nev)
{
    struct event *ev = malloc((2 * (nm + r->nexclusions) + 1) * sizeof *ev);
    if (!ev)
        return NULL;
    size_t k = 0;
    for (size_t i = 0; i < nm; i++) {
        bool eligible = r->maintenance_excluded && m[i].announced != SLTIME_NONE &&
                        m[i].announced <= m[i].start - r->notice_seconds;
        add_event_pair(ev, &k, m[i].start, m[i].end, from, to,
                       eligible ? EV_MAINT_ELIGIBLE : EV_MAINT_INELIGIBLE);
    }
    for (size_t i = 0; i < r->nexclusions; i++)
        add_event_pair(ev, &k, r->exclusions[i].start, r->exclusions[i].end, from, to, EV_EXCLUDED);
    qsort(ev, k, sizeof *ev, cmp_event);
    *nev = k;
    return ev;
}

static bool
sweep(const struct event *a, size_t na, const struct event *b, size_t nb, int64_t from, int64_t to,
      struct seglist *out)
{
    long open[EV_KINDS] = {0};
    int64_t prev = from;
    size_t i = 0, j = 0;
    while (i < na || j < nb) {
        const struct event *e = (j >= nb || (i < na && a[i].t <= b[j].t)) ? &a[i++] : &b[j++];
        if (e->t > prev) {
            if (!weigh_stretch(out, prev, e->t, open))
                return false;
            prev = e->t;
        }
        open[e->kind] += e->delta;
    }
    return to <= prev || weigh_stretch(out, prev, to, open);
}

/* Applies the monthly cap: eligible maintenance beyond the cap of its calendar
 * month becomes counted, ineligible maintenance. */
static bool
apply_cap(struct seglist *l, const struct contract_rules *r, const char *zone)
{
    struct seglist out = {0};
    int64_t month_start = SLTIME_NONE, month_end = SLTIME_NONE, cap_left = 0;
    for (size_t i = 0; i < l->n; i++) {
        const struct contract_segment *s = &l->v[i];
        if (s->cls != CONTRACT_MAINTENANCE) {
            if (!seg_push(&out, s->start, s->end, s->cls, s->status, s->ineligible))
                goto fail;
            continue;
        }
        for (int64_t t = s->start; t < s->end;) {
            if (month_start == SLTIME_NONE || t >= month_end || t < month_start) {
                struct window m = window_month_of(t, zone);
                month_start = m.start;
                month_end = m.end;
                cap_left = r->maintenance_cap_seconds;
            }
            int64_t piece_end = s->end < month_end ? s->end : month_end;
            int64_t allowed = piece_end - t < cap_left ? piece_end - t : cap_left;
            cap_left -= allowed;
            int over = s->status < SVC_MAINTENANCE ? SVC_MAINTENANCE : s->status;
            if (!seg_push(&out, t, t + allowed, CONTRACT_MAINTENANCE, s->status, 0) ||
                !seg_push(&out, t + allowed, piece_end, CONTRACT_COUNTED, over, 1))
                goto fail;
            t = piece_end;
        }
    }
    free(l->v);
    *l = out;
    return true;
fail:
    free(out.v);
    return false;
}

double
contract_segment_weight(const struct contract_timeline *tl, const struct contract_segment *s)
{
    if (s->cls != CONTRACT_COUNTED || s->forgiven)
        return 0.0;
    return tl->rules.weight[s->status];
}

/* True when segment b continues the outage run of segment a. */
static bool
continues_run(const struct contract_timeline *tl, const struct contract_segment *a,
              const struct contract_segment *b)
{
    return a->end == b->start && contract_segment_weight(tl, a) > 0 &&
           contract_segment_weight(tl, b) > 0;
}

static void
forgive_short_outages(struct contract_timeline *tl)
{
    int64_t min = tl->rules.min_outage_seconds;
    if (min <= 0)
        return;
    size_t i = 0;
    while (i < tl->n) {
        if (contract_segment_weight(tl, &tl->seg[i]) <= 0) {
            i++;
            continue;
        }
        size_t j = i + 1;
        while (j < tl->n && continues_run(tl, &tl->seg[j - 1], &tl->seg[j]))
            j++;
        if (tl->seg[j - 1].end - tl->seg[i].start < min)
            for (size_t k = i; k < j; k++)
                tl->seg[k].forgiven = 1;
        i = j;
    }
}

enum sl_status
contract_timeline_build(const struct interval *intervals, size_t n, const struct maintenance *maint,
                        size_t nmaint, int64_t from, int64_t to, const char *zone,
                        const struct contract_rules *rules, struct contract_timeline *out)
{
    struct event *a = NULL, *b = NULL;
    size_t na = 0, nb = 0;
    struct seglist l = {0};
    enum sl_status rc = SL_ERR_NOMEM;

    memset(out, 0, sizeof *out);
    out->rules = *rules;
    out->rules.exclusions = NULL;
    out->rules.nexclusions = 0;
    out->from = from;
    out->to = to > from ? to : from;
    if (to <= from)
        return SL_OK;
    if (!(a = interval_events(intervals, n, from, to, &na)) ||
        !(b = other_events(maint, nmaint, rules, from, to, &nb)) ||
        !sweep(a, na, b, nb, from, to, &l))
        goto out;
    if (rules->maintenance_cap_seconds > 0 && !apply_cap(&l, rules, zone))
        goto out;
    out->seg = l.v;
    out->n = l.n;
    l.v = NULL;
    forgive_short_outages(out);
    rc = SL_OK;
out:
    free(l.v);
    free(a);
    free(b);
    return rc;
}

void
contract_timeline_release(struct contract_timeline *tl)
{
    free(tl->seg);
    tl->seg = NULL;
    tl->n = 0;
}

/* The first segment that ends after t. */
static size_t
first_after(const struct contract_timeline *tl, int64_t t)
{
    size_t lo = 0, hi = tl->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (tl->seg[mid].end <= t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

void
contract_timeline_measure(const struct contract_timeline *tl, int64_t from, int64_t to,
                          struct contract_measure *out)
{
    memset(out, 0, sizeof *out);
    struct avail_result *a = &out->avail;
    a->window_seconds = to > from ? to - from : 0;
    int64_t covered = 0;
    for (size_t i = first_after(tl, from); i < tl->n && tl->seg[i].start < to; i++) {
        const struct contract_segment *s = &tl->seg[i];
        int64_t lo = s->start > from ? s->start : from;
        int64_t hi = s->end < to ? s->end : to;
        int64_t len = hi - lo;
        covered += len;
        switch (s->cls) {
        case CONTRACT_UNKNOWN:
            a->unknown_seconds += len;
            break;
        case CONTRACT_MAINTENANCE:
            a->maintenance_seconds += len;
            break;
        case CONTRACT_EXCLUDED:
            out->excluded_seconds += len;
            break;
        default: {
            double w = contract_segment_weight(tl, s);
            a->eligible_seconds += len;
            a->status_seconds[s->status] += len;
            if (s->ineligible)
                a->ineligible_maintenance_seconds += len;
            if (s->forgiven)
                out->forgiven_seconds += len;
            a->downtime_seconds += w * (double)len;
            if (w > 0 && (lo == from || i == 0 || !continues_run(tl, &tl->seg[i - 1], s)))
                out->outages++;
        }
        }
    }
    /* Time outside the range the timeline was built over is unknown. */
    a->unknown_seconds += a->window_seconds - covered;
    a->known = a->eligible_seconds > 0;
    a->availability = a->known ? 1.0 - a->downtime_seconds / (double)a->eligible_seconds : 0.0;
    assert(a->eligible_seconds + a->unknown_seconds + a->maintenance_seconds +
               out->excluded_seconds ==
           a->window_seconds);
}

const char *
contract_stretch_name(enum contract_stretch_kind k)
{
    static const char *const names[CONTRACT_STRETCH_KIND_COUNT] = {
        [CONTRACT_STRETCH_OUTAGE] = "outage",
        [CONTRACT_STRETCH_FORGIVEN] = "forgiven",
        [CONTRACT_STRETCH_MAINTENANCE] = "maintenance",
        [CONTRACT_STRETCH_EXCLUDED] = "excluded",
        [CONTRACT_STRETCH_UNKNOWN] = "unknown",
        [CONTRACT_STRETCH_WEIGHTLESS] = "weightless",
    };
    return (unsigned)k < CONTRACT_STRETCH_KIND_COUNT ? names[k] : "unknown";
}

/* The stretch kind of a segment; -1 for up time, which is not reported. */
static int
stretch_kind_of(const struct contract_timeline *tl, const struct contract_segment *s)
{
    switch (s->cls) {
    case CONTRACT_UNKNOWN:
        return CONTRACT_STRETCH_UNKNOWN;
    case CONTRACT_MAINTENANCE:
        return CONTRACT_STRETCH_MAINTENANCE;
    case CONTRACT_EXCLUDED:
        return CONTRACT_STRETCH_EXCLUDED;
    default:
        if (s->forgiven)
            return CONTRACT_STRETCH_FORGIVEN;
        if (contract_segment_weight(tl, s) > 0)
            return CONTRACT_STRETCH_OUTAGE;
        return s->status == SVC_UP ? -1 : CONTRACT_STRETCH_WEIGHTLESS;
    }
}

int
contract_each_stretch(const struct contract_timeline *tl, int64_t from, int64_t to,
                      contract_stretch_fn fn, void *ctx)
{
    size_t i = first_after(tl, from);
    /* A run that starts before the window is walked from its first segment,
     * so that run_start is the whole run's. */
    while (i > 0 && i < tl->n && tl->seg[i - 1].end == tl->seg[i].start &&
           stretch_kind_of(tl, &tl->seg[i - 1]) == stretch_kind_of(tl, &tl->seg[i]) &&
           stretch_kind_of(tl, &tl->seg[i]) >= 0)
        i--;
    while (i < tl->n && tl->seg[i].start < to) {
        int kind = stretch_kind_of(tl, &tl->seg[i]);
        size_t j = i + 1;
        while (j < tl->n && kind >= 0 && tl->seg[j - 1].end == tl->seg[j].start &&
               stretch_kind_of(tl, &tl->seg[j]) == kind)
            j++;
        if (kind >= 0 && tl->seg[j - 1].end > from) {
            struct contract_stretch st = {.kind = (enum contract_stretch_kind)kind,
                                          .run_start = tl->seg[i].start,
                                          .run_end = tl->seg[j - 1].end,
                                          .worst = SVC_UP};
            st.start = st.run_start > from ? st.run_start : from;
            st.end = st.run_end < to ? st.run_end : to;
            for (size_t k = i; k < j; k++) {
                const struct contract_segment *s = &tl->seg[k];
                int64_t lo = s->start > from ? s->start : from;
                int64_t hi = s->end < to ? s->end : to;
                if (hi > lo)
                    st.downtime_seconds += contract_segment_weight(tl, s) * (double)(hi - lo);
                if (s->cls == CONTRACT_COUNTED && s->status > st.worst)
                    st.worst = (enum svc_status)s->status;
                st.ineligible |= s->ineligible != 0;
            }
            int stop = fn(ctx, &st);
            if (stop)
                return stop;
        }
        i = j;
    }
    return 0;
}

enum sl_status
contract_measure_window(const struct interval *intervals, size_t n, const struct maintenance *maint,
                        size_t nmaint, int64_t from, int64_t to, const char *zone,
                        const struct contract_rules *rules, struct contract_measure *out)
{
    struct contract_timeline tl;
    enum sl_status rc =
        contract_timeline_build(intervals, n, maint, nmaint, from, to, zone, rules, &tl);
    if (rc)
        return rc;
    contract_timeline_measure(&tl, from, to, out);
    contract_timeline_release(&tl);
    return SL_OK;
}

int64_t
contract_claim_deadline(int64_t window_end, long days, const char *zone)
{
    if (days < 0 || window_end == SLTIME_NONE)
        return SLTIME_NONE;
    struct sl_civil c;
    long offset;
    sltime_to_civil(window_end, zone, &c, &offset);
    /* Calendar days in the zone: move the civil date (the day count runs on
     * past the month's end) and map it back, so a DST change inside the claim
     * period shifts nothing. */
    c.day += (int)days;
    return sltime_from_civil(&c, zone);
}

/* Seconds to the millisecond; + 0.0 turns a rounded −0 into 0. */
static double
to_ms(double seconds)
{
    return round(seconds * 1000.0) / 1000.0 + 0.0;
}

double
contract_allowed_seconds(double target_percent, int64_t eligible_seconds)
{
    return to_ms((1.0 - target_percent / 100.0) * (double)eligible_seconds);
}

double
contract_margin_seconds(double allowed_seconds, double used_seconds)
{
    return to_ms(allowed_seconds - used_seconds);
}

void
contract_attain(const struct contract_rules *rules, const struct sla_terms *terms,
                const struct contract_measure *m, const struct window *w, const char *zone,
                double fee, struct contract_attainment *out)
{
    const struct avail_result *a = &m->avail;
    memset(out, 0, sizeof *out);
    out->known = a->known;
    out->target_percent = rules->target_percent;
    out->attainment_percent = a->known ? 100.0 * a->availability : NAN;
    out->claim_deadline = SLTIME_NONE;
    if (!isnan(out->target_percent)) {
        out->allowed_downtime_seconds =
            contract_allowed_seconds(out->target_percent, a->eligible_seconds);
        out->margin_seconds =
            contract_margin_seconds(out->allowed_downtime_seconds, a->downtime_seconds);
        out->met =
            a->known && out->attainment_percent >= out->target_percent - CREDIT_EPSILON_PERCENT;
    }
    if (terms) {
        /* The units counted by downtime count the window's countable
         * downtime: what the exclusions and the minimum outage leave. */
        struct credit_window cw = {a->known ? a->downtime_seconds : NAN,
                                   (double)(w->end - w->start), a->known ? m->outages : -1};
        credit_for_terms(terms, out->target_percent, out->attainment_percent, fee, &cw,
                         &out->credit);
        out->claim_deadline = contract_claim_deadline(w->end, terms->claim_deadline_days, zone);
    } else {
        credit_compute(NULL, 0, out->target_percent, NAN, out->attainment_percent, fee, NULL,
                       &out->credit);
    }
}

void
contract_chronic_default(struct chronic_rule *r)
{
    r->consecutive = 3;
    r->of_count = 3;
    r->of_windows = 6;
}

long
contract_chronic(const bool *breached, size_t n, const struct chronic_rule *r,
                 bool *consecutive_run)
{
    int run = 0;
    for (size_t i = 0; i < n; i++) {
        run = breached[i] ? run + 1 : 0;
        if (r->consecutive > 0 && run >= r->consecutive) {
            if (consecutive_run)
                *consecutive_run = true;
            return (long)i;
        }
        if (r->of_count > 0 && r->of_windows > 0 && breached[i]) {
            int count = 0;
            size_t first = i + 1 >= (size_t)r->of_windows ? i + 1 - (size_t)r->of_windows : 0;
            for (size_t k = first; k <= i; k++)
                count += breached[k];
            if (count >= r->of_count) {
                if (consecutive_run)
                    *consecutive_run = false;
                return (long)i;
            }
        }
    }
    return -1;
}
