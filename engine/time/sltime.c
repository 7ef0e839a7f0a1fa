/* sltime.c — parsing and formatting of instants, and civil-time conversion in
 * a zone of the tz database, each zone read once into a shared cache. */
#include "engine/time/sltime.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/time/tzfile.h"

static bool
is_leap(int y)
{
    return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

int
sltime_days_in_month(int year, int month)
{
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12)
        return 0;
    return days[month - 1] + (month == 2 && is_leap(year));
}

/* Howard Hinnant's days_from_civil: proleptic Gregorian, day 0 = 1970-01-01. */
int64_t
sltime_days_from_civil(int year, int month, int day)
{
    int64_t y = year - (month <= 2);
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void
civil_from_days(int64_t z, struct sl_civil *c)
{
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t y = yoe + era * 400;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    c->day = (int)(doy - (153 * mp + 2) / 5 + 1);
    c->month = (int)(mp < 10 ? mp + 3 : mp - 9);
    c->year = (int)(y + (c->month <= 2));
}

static bool
is_utc(const char *zone)
{
    return !zone || !*zone || !strcmp(zone, "UTC") || !strcmp(zone, "Etc/UTC") ||
           !strcmp(zone, "Z");
}

/* Zones read so far, newest first. An entry is never changed or freed once
 * it is published, so lookups walk the list without the lock; loading takes
 * the lock, so each zone is read from disk once. A name that failed to load
 * is kept too (zone NULL, read as UTC), so a bad name costs one look. */
struct zone_entry {
    struct zone_entry *next;
    struct tzfile *zone;
    enum sl_status status;
    const char *why;
    char name[];
};

static _Atomic(struct zone_entry *) zones;
static pthread_mutex_t zones_lock = PTHREAD_MUTEX_INITIALIZER;
static char zone_dir[1024] = SLTIME_ZONE_DIR; /* under zones_lock */

enum sl_status
sltime_set_zone_dir(const char *dir)
{
    if (!dir || !*dir)
        dir = SLTIME_ZONE_DIR;
    if (strlen(dir) >= sizeof zone_dir)
        return SL_ERR_LIMIT;
    pthread_mutex_lock(&zones_lock);
    snprintf(zone_dir, sizeof zone_dir, "%s", dir);
    pthread_mutex_unlock(&zones_lock);
    return SL_OK;
}

static const struct zone_entry *
find_zone(struct zone_entry *e, const char *name)
{
    for (; e; e = e->next)
        if (!strcmp(e->name, name))
            return e;
    return NULL;
}

/* The entry of name, loading it on first use; NULL when memory ran out. */
static const struct zone_entry *
zone_entry(const char *name)
{
    const struct zone_entry *found =
        find_zone(atomic_load_explicit(&zones, memory_order_acquire), name);
    if (found)
        return found;
    pthread_mutex_lock(&zones_lock);
    struct zone_entry *head = atomic_load_explicit(&zones, memory_order_relaxed), *e;
    if ((found = find_zone(head, name))) /* loaded while this thread waited */
        goto out;
    size_t len = strlen(name);
    if (!(e = malloc(sizeof *e + len + 1)))
        goto out;
    memcpy(e->name, name, len + 1);
    e->status = tzfile_load(zone_dir, name, &e->zone, &e->why);
    if (e->status == SL_ERR_NOMEM) { /* not the zone's fault: try again next time */
        free(e);
        goto out;
    }
    e->next = head;
    atomic_store_explicit(&zones, e, memory_order_release);
    found = e;
out:
    pthread_mutex_unlock(&zones_lock);
    return found;
}

/* The zone's file, or NULL for UTC and for a zone that cannot be read. */
static const struct tzfile *
zone_file(const char *zone)
{
    if (is_utc(zone))
        return NULL;
    const struct zone_entry *e = zone_entry(zone);
    return e ? e->zone : NULL;
}

enum sl_status
sltime_zone_check(const char *zone, const char **why)
{
    const char *ignored;
    if (!why)
        why = &ignored;
    if (is_utc(zone))
        return SL_OK;
    const struct zone_entry *e = zone_entry(zone);
    if (!e) {
        *why = "out of memory";
        return SL_ERR_NOMEM;
    }
    if (e->status)
        *why = e->why;
    return e->status;
}

bool
sltime_zone_valid(const char *zone)
{
    return sltime_zone_check(zone, NULL) == SL_OK;
}

/* The offset east of UTC at instant t in z (NULL: UTC). */
static long
offset_at(const struct tzfile *z, int64_t t)
{
    return z ? tzfile_offset(z, t) : 0;
}

int64_t
sltime_from_civil(const struct sl_civil *c, const char *zone)
{
    int64_t utc = sltime_days_from_civil(c->year, c->month, c->day) * 86400 + c->hour * 3600 +
                  c->minute * 60 + c->second;
    const struct tzfile *z = zone_file(zone);
    if (!z)
        return utc;
    /* Not mktime(): with tm_isdst = -1 glibc resolves a repeated hour by a guess
     * left over from earlier calls, so one text could give two instants. A
     * reading is real under an offset when that offset is in force at the
     * instant it gives; the candidates are the offsets a day before and after. */
    long before = offset_at(z, utc - 86400), after = offset_at(z, utc + 86400);
    int64_t a = utc - before, b = utc - after;
    bool a_real = offset_at(z, a) == before, b_real = offset_at(z, b) == after;
    if (a_real && b_real)
        return a < b ? a : b; /* repeated: the first reading */
    if (b_real)
        return b;
    return a; /* real, or skipped: read with the offset before the gap, i.e. moved forward */
}

void
sltime_to_civil(int64_t t, const char *zone, struct sl_civil *c, long *offset_seconds)
{
    long off = offset_at(zone_file(zone), t);
    int64_t local = t + off;
    int64_t days = local >= 0 ? local / 86400 : -((-local + 86399) / 86400);
    int64_t secs = local - days * 86400;
    civil_from_days(days, c);
    c->hour = (int)(secs / 3600);
    c->minute = (int)(secs / 60 % 60);
    c->second = (int)(secs % 60);
    if (offset_seconds)
        *offset_seconds = off;
}

void
sltime_format(int64_t t, const char *zone, char out[40])
{
    struct sl_civil c;
    long off;
    sltime_to_civil(t, zone, &c, &off);
    int n = snprintf(out, 40, "%04d-%02d-%02dT%02d:%02d:%02d", c.year, c.month, c.day, c.hour,
                     c.minute, c.second);
    if (off == 0 && is_utc(zone)) {
        snprintf(out + n, 40 - (size_t)n, "Z");
    } else {
        long a = off < 0 ? -off : off;
        snprintf(out + n, 40 - (size_t)n, "%c%02ld:%02ld", off < 0 ? '-' : '+', a / 3600,
                 a / 60 % 60);
    }
}

void
sltime_format_date(int64_t t, const char *zone, char out[16])
{
    struct sl_civil c;
    sltime_to_civil(t, zone, &c, NULL);
    snprintf(out, 16, "%04d-%02d-%02d", c.year % 10000, c.month, c.day);
}

/* Reads exactly n digits at *p into *v. */
static bool
digits(const char **p, const char *end, int n, int *v)
{
    int x = 0;
    for (int i = 0; i < n; i++) {
        if (*p >= end || (*p)[0] < '0' || (*p)[0] > '9')
            return false;
        x = x * 10 + ((*p)[0] - '0');
        (*p)++;
    }
    *v = x;
    return true;
}

static enum sl_status
fail(const char **why, const char *reason)
{
    if (why)
        *why = reason;
    return SL_ERR_INPUT;
}

static enum sl_status
parse_epoch(const char *p, const char *end, int64_t *out, const char **why)
{
    int64_t v = 0;
    int n = 0;
    for (; p < end && *p >= '0' && *p <= '9'; p++, n++) {
        if (n >= 12)
            return fail(why, "epoch seconds out of range");
        v = v * 10 + (*p - '0');
    }
    if (p < end && *p == '.') {
        for (p++; p < end && *p >= '0' && *p <= '9'; p++)
            ;
    }
    if (p != end || n == 0)
        return fail(why, "not a timestamp");
    if (!sltime_in_range(v))
        return fail(why, "epoch seconds out of range");
    *out = v;
    return SL_OK;
}

enum sl_status
sltime_parse(const char *s, size_t len, const char *tz, int64_t *out, bool *had_offset,
             const char **why)
{
    const char *p = s, *end = s + len;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    while (end > p && (end[-1] == ' ' || end[-1] == '\t'))
        end--;
    if (p == end)
        return fail(why, "empty timestamp");

    /* Plain epoch seconds: all digits, longer than a year. */
    if (end - p > 8 && memchr(p, '-', (size_t)(end - p)) == NULL) {
        *had_offset = true;
        return parse_epoch(p, end, out, why);
    }

    struct sl_civil c = {0};
    if (!digits(&p, end, 4, &c.year) || p >= end || *p++ != '-' || !digits(&p, end, 2, &c.month) ||
        p >= end || *p++ != '-' || !digits(&p, end, 2, &c.day))
        return fail(why, "not a date (expected YYYY-MM-DD)");
    if (c.year < SLTIME_MIN_YEAR || c.year > SLTIME_MAX_YEAR)
        return fail(why, "year out of range (1970-2200)");
    if (c.month < 1 || c.month > 12)
        return fail(why, "month out of range");
    if (c.day < 1 || c.day > sltime_days_in_month(c.year, c.month))
        return fail(why, "day out of range for its month");

    bool offset = false;
    long off_seconds = 0;
    if (p < end && (*p == 'T' || *p == 't' || *p == ' ')) {
        p++;
        if (!digits(&p, end, 2, &c.hour) || p >= end || *p++ != ':' ||
            !digits(&p, end, 2, &c.minute))
            return fail(why, "bad time of day (expected HH:MM)");
        if (p < end && *p == ':') {
            p++;
            if (!digits(&p, end, 2, &c.second))
                return fail(why, "bad seconds");
            if (p < end && (*p == '.' || *p == ',')) {
                const char *f = ++p;
                while (p < end && *p >= '0' && *p <= '9')
                    p++;
                if (p == f)
                    return fail(why, "empty fraction of a second");
            }
        }
        if (c.hour > 23 || c.minute > 59 || c.second > 60)
            return fail(why, "time of day out of range");
        if (c.second == 60) /* a leap second reads as the last second of its minute */
            c.second = 59;
        while (p < end && *p == ' ')
            p++;
        if (p < end && (*p == 'Z' || *p == 'z')) {
            offset = true;
            p++;
        } else if (end - p == 3 && !strncmp(p, "UTC", 3)) {
            offset = true;
            p += 3;
        } else if (p < end && (*p == '+' || *p == '-')) {
            int sign = *p++ == '-' ? -1 : 1, oh, om = 0;
            if (!digits(&p, end, 2, &oh))
                return fail(why, "bad UTC offset");
            if (p < end && *p == ':')
                p++;
            if (p < end && !digits(&p, end, 2, &om))
                return fail(why, "bad UTC offset");
            if (om > 59 || oh * 60 + om > 18 * 60)
                return fail(why, "UTC offset out of range");
            offset = true;
            off_seconds = sign * (oh * 3600L + om * 60L);
        }
    }
    if (p != end)
        return fail(why, "unexpected text after the timestamp");

    int64_t t;
    if (offset) {
        t = sltime_days_from_civil(c.year, c.month, c.day) * 86400 + c.hour * 3600 + c.minute * 60 +
            c.second - off_seconds;
    } else {
        t = sltime_from_civil(&c, tz);
    }
    /* The range holds for the instant, not only for the year as written:
     * 1970-01-01T01:00+02:00 is 1969 in UTC and could never be written back. */
    if (!sltime_in_range(t))
        return fail(why, "year out of range (1970-2200)");
    *had_offset = offset;
    *out = t;
    return SL_OK;
}

bool
sltime_in_range(int64_t t)
{
    return t >= SLTIME_FIRST && t <= SLTIME_LAST;
}

bool
sltime_add_seconds(int64_t base, double seconds, int64_t *out)
{
    /* Compared as doubles first: both bounds are exact in a double. */
    if (!sltime_in_range(base) || !(seconds > -(double)SLTIME_LAST - 1) ||
        !(seconds < (double)SLTIME_LAST + 1))
        return false;
    int64_t t = base + (int64_t)seconds;
    if (!sltime_in_range(t))
        return false;
    *out = t;
    return true;
}
