/* daily.c — a window measured local day by local day on one timeline. */
#include "engine/measure/daily.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "engine/time/sltime.h"

/* The rank of a day's status in the strip, worst highest (daily.h). */
static int
strip_rank(enum svc_status s)
{
    switch (s) {
    case SVC_DOWN:
        return 5;
    case SVC_PARTIAL:
        return 4;
    case SVC_DEGRADED:
        return 3;
    case SVC_MAINTENANCE:
        return 2;
    case SVC_UP:
        return 1;
    default:
        return 0;
    }
}

/* The status a segment shows in the strip. */
static enum svc_status
segment_shows(const struct contract_segment *s)
{
    if (s->cls == CONTRACT_MAINTENANCE || s->cls == CONTRACT_EXCLUDED)
        return SVC_MAINTENANCE;
    if (s->cls != CONTRACT_COUNTED)
        return SVC_UNKNOWN;
    /* Maintenance that is counted did not qualify: it is downtime. */
    return s->status == SVC_MAINTENANCE ? SVC_DOWN : (enum svc_status)s->status;
}

/* The worst status of tl's segments overlapping [from, to); *cursor is the
 * first segment that may still overlap, advanced as the days go by. */
static enum svc_status
worst_of(const struct contract_timeline *tl, int64_t from, int64_t to, size_t *cursor)
{
    enum svc_status worst = SVC_UNKNOWN;
    size_t i = *cursor;
    while (i < tl->n && tl->seg[i].end <= from)
        i++;
    *cursor = i;
    for (; i < tl->n && tl->seg[i].start < to; i++) {
        enum svc_status s = segment_shows(&tl->seg[i]);
        if (strip_rank(s) > strip_rank(worst))
            worst = s;
    }
    return worst;
}

/* The local midnight after the one that starts t's day. */
static int64_t
next_midnight(int64_t t, const char *zone)
{
    struct sl_civil c;
    sltime_to_civil(t, zone, &c, NULL);
    int64_t d = sltime_days_from_civil(c.year, c.month, c.day) + 1;
    sltime_to_civil(d * 86400, NULL, &c, NULL);
    c.hour = c.minute = c.second = 0;
    return sltime_from_civil(&c, zone);
}

enum sl_status
daily_compute(const struct contract_timeline *tl, int64_t from, int64_t to, const char *zone,
              struct daily *out)
{
    memset(out, 0, sizeof *out);
    if (to <= from)
        return SL_ERR_USAGE;
    size_t alloc = 0, cursor = 0;
    double consumed = 0.0;
    for (int64_t start = from; start < to;) {
        int64_t end = next_midnight(start, zone);
        if (end <= start) /* a zone that never reaches midnight again: give up cleanly */
            end = start + 86400;
        if (end > to)
            end = to;
        if (out->n == alloc) {
            size_t grown = alloc ? 2 * alloc : 32;
            struct daily_day *d = realloc(out->day, grown * sizeof *d);
            if (!d)
                return SL_ERR_NOMEM;
            out->day = d;
            alloc = grown;
        }
        struct contract_measure m;
        contract_timeline_measure(tl, start, end, &m);
        struct daily_day *day = &out->day[out->n++];
        consumed += m.avail.downtime_seconds;
        *day = (struct daily_day){
            .start = start,
            .end = end,
            .downtime_seconds = m.avail.downtime_seconds,
            .consumed_seconds = consumed,
            .eligible_seconds = m.avail.eligible_seconds,
            .unknown_seconds = m.avail.unknown_seconds,
            .maintenance_seconds = m.avail.maintenance_seconds + m.excluded_seconds,
            .worst = worst_of(tl, start, end, &cursor),
        };
        assert(day->end > day->start);
        start = end;
    }
    return SL_OK;
}

void
daily_release(struct daily *d)
{
    free(d->day);
    d->day = NULL;
    d->n = 0;
}

double
daily_remaining_seconds(double allowed_seconds, const struct daily_day *day)
{
    return contract_margin_seconds(allowed_seconds, day->consumed_seconds);
}

double
daily_even_seconds(double allowed_seconds, const struct daily_day *day, int64_t start, int64_t end)
{
    if (end <= start)
        return 0.0;
    double left = (double)(end - day->end) / (double)(end - start);
    return allowed_seconds * (left < 0.0 ? 0.0 : left);
}
