/* bizclock.c — business-hours arithmetic, one local day at a time. */
#include "engine/time/bizclock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/time/sltime.h"

void
bizclock_24x7(struct bizclock *c)
{
    memset(c, 0, sizeof *c);
    c->always = true;
    c->close_minute = 24 * 60;
    c->weekdays = 0x7f;
}

void
bizclock_business_hours(struct bizclock *c, const char *zone)
{
    memset(c, 0, sizeof *c);
    c->zone = zone;
    c->open_minute = 8 * 60;
    c->close_minute = 18 * 60;
    c->weekdays = BIZCLOCK_WEEKDAYS;
}

static int
cmp_day(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

enum sl_status
bizclock_parse_holidays(const char *list, int64_t **days, size_t *n, const char **why)
{
    size_t cap = 1;
    for (const char *p = list; *p; p++)
        cap += *p == ',';
    int64_t *v = malloc(cap * sizeof *v);
    size_t k = 0;
    if (!v)
        return SL_ERR_NOMEM;
    for (const char *p = list; *p;) {
        const char *end = strchr(p, ',');
        size_t len = end ? (size_t)(end - p) : strlen(p);
        int y, m, d, used = 0;
        char buf[16];
        if (len == 0 || len >= sizeof buf)
            goto bad;
        memcpy(buf, p, len);
        buf[len] = '\0';
        if (sscanf(buf, "%4d-%2d-%2d%n", &y, &m, &d, &used) != 3 || (size_t)used != len || m < 1 ||
            m > 12 || d < 1 || d > sltime_days_in_month(y, m))
            goto bad;
        v[k++] = sltime_days_from_civil(y, m, d);
        p += len + (end != NULL);
    }
    qsort(v, k, sizeof *v, cmp_day);
    *days = v;
    *n = k;
    return SL_OK;
bad:
    free(v);
    *why = "a holiday is not a YYYY-MM-DD date";
    return SL_ERR_USAGE;
}

static bool
is_holiday(const struct bizclock *c, int64_t day)
{
    return c->nholidays && bsearch(&day, c->holidays, c->nholidays, sizeof day, cmp_day) != NULL;
}

/* Monday = 0 (1970-01-01, day 0, was a Thursday). */
static int
weekday(int64_t day)
{
    return (int)(((day + 3) % 7 + 7) % 7);
}

/* The covered stretch [*open, *close) of local day `day`; false when none. */
static bool
day_hours(const struct bizclock *c, int64_t day, int64_t *open, int64_t *close)
{
    if (!(c->weekdays & (1u << weekday(day))) || is_holiday(c, day))
        return false;
    struct sl_civil civ = {1970, 1, 1, 0, 0, 0};
    civ.day += (int)day; /* sltime_days_from_civil runs on past the month's end */
    civ.hour = c->open_minute / 60;
    civ.minute = c->open_minute % 60;
    *open = sltime_from_civil(&civ, c->zone);
    civ.hour = c->close_minute / 60;
    civ.minute = c->close_minute % 60;
    *close = sltime_from_civil(&civ, c->zone);
    return *close > *open;
}

static int64_t
local_day(int64_t t, const char *zone)
{
    struct sl_civil civ;
    long off;
    sltime_to_civil(t, zone, &civ, &off);
    return sltime_days_from_civil(civ.year, civ.month, civ.day);
}

int64_t
bizclock_seconds(const struct bizclock *c, int64_t from, int64_t to)
{
    if (to <= from)
        return 0;
    if (c->always)
        return to - from;
    int64_t total = 0;
    for (int64_t day = local_day(from, c->zone), last = local_day(to, c->zone); day <= last;
         day++) {
        int64_t open, close;
        if (!day_hours(c, day, &open, &close))
            continue;
        int64_t lo = open > from ? open : from, hi = close < to ? close : to;
        if (hi > lo)
            total += hi - lo;
    }
    return total;
}

int64_t
bizclock_deadline(const struct bizclock *c, int64_t from, int64_t seconds)
{
    if (c->always || seconds <= 0)
        return from + (seconds > 0 ? seconds : 0);
    /* Ten years of days with no covered time means a calendar with no
     * working days at all: give up rather than loop. */
    int64_t first = local_day(from, c->zone);
    for (int64_t day = first; day < first + 3660; day++) {
        int64_t open, close;
        if (!day_hours(c, day, &open, &close) || close <= from)
            continue;
        int64_t lo = open > from ? open : from;
        if (close - lo >= seconds)
            return lo + seconds;
        seconds -= close - lo;
    }
    return SLTIME_NONE;
}
