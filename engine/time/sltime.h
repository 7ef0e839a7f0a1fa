/* sltime.h — timestamps and calendars.
 *
 * Every instant is a UTC epoch second in an int64_t; SLTIME_NONE marks a
 * missing timestamp. Parsing accepts RFC 3339 / ISO 8601 (date, date-time with
 * 'T' or a space, optional fractional seconds, 'Z' or a numeric offset) and
 * plain epoch seconds; a numeric offset is at most 18:00 either way. A
 * timestamp without an offset is read as local time in the zone given (NULL
 * means UTC), using the system tz database, so DST rules are those of the
 * zone on that date. Fractions of a second are dropped (the instant is
 * rounded down to its second).
 *
 * Zones are read from their files by engine/time/tzfile.c, never through
 * $TZ, and the offsets are those the C library's localtime gives. Each zone
 * is read once per process, on first use, into a cache that lives until the
 * process ends. A zone name that cannot be read converts as UTC; check names
 * from users with sltime_zone_check first.
 *
 * Threads: every function here may be called from any number of threads at
 * once. The zone cache takes a lock only to read a zone the first time;
 * sltime_set_zone_dir takes the same lock, and belongs before the first
 * conversion (zones already read keep the files they came from). */
#ifndef SLAUDIT_SLTIME_H
#define SLAUDIT_SLTIME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"

#define SLTIME_NONE INT64_MIN
#define SLTIME_MIN_YEAR 1970
#define SLTIME_MAX_YEAR 2200

/* The range of every instant slaudit keeps, both ends included
 * (docs/limits.md): 1970-01-01T00:00:00Z to 2200-12-31T23:59:59Z. */
#define SLTIME_FIRST INT64_C(0)
#define SLTIME_LAST INT64_C(7289654399)
/* The reason given for an instant outside it. */
#define SLTIME_RANGE_WHY "time out of range (1970-2200)"

/* Whether t is an instant in that range (SLTIME_NONE is not). The one check
 * every path that makes an instant — a parsed timestamp, a stamp plus an
 * offset, a number from a file — applies before it keeps one. */
bool sltime_in_range(int64_t t);
/* base + seconds (whole seconds kept, as a cast would) when base is in the
 * range and the sum is too; false otherwise, with *out untouched. seconds
 * may be anything a file holds — NaN, 1e300, 9223372036854775807 — and is
 * never converted to an integer outside the range, where C gives the
 * conversion no meaning. */
bool sltime_add_seconds(int64_t base, double seconds, int64_t *out);

/* Broken-down civil time (no zone of its own). month 1..12, day 1..31. */
struct sl_civil {
    int year, month, day, hour, minute, second;
};

/* Parses s[0..len). On success *out is the instant and *had_offset says whether
 * the text carried its own offset. On failure returns SL_ERR_INPUT and sets
 * *why to a static phrase ("month out of range", ...). */
enum sl_status sltime_parse(const char *s, size_t len, const char *tz, int64_t *out,
                            bool *had_offset, const char **why);

/* The folder zone names are looked up in; NULL or "" sets the default,
 * SLTIME_ZONE_DIR. The cli passes $TZDIR here, as the C library honoured
 * it. SL_ERR_LIMIT when dir is longer than 1023 bytes. */
#define SLTIME_ZONE_DIR "/usr/share/zoneinfo"
enum sl_status sltime_set_zone_dir(const char *dir);

/* Whether zone names a zone of the tz database ("UTC", "Z", NULL and "" are
 * UTC). SL_ERR_INPUT with *why (when why is not NULL) a static phrase:
 * "unknown time zone", "a folder of zones, not a zone" (--tz Europe), "not a
 * zone file of the tz database" (--tz zone.tab), "an offset more than 18
 * hours from UTC", ... (engine/time/tzfile.h); SL_ERR_IO for a zone file that
 * cannot be read; SL_ERR_NOMEM. */
enum sl_status sltime_zone_check(const char *zone, const char **why);
/* sltime_zone_check(zone, NULL) == SL_OK. */
bool sltime_zone_valid(const char *zone);

/* Local civil time in zone → instant. Times that DST skips are moved forward
 * by the gap; times it repeats take the first (daylight) reading. */
int64_t sltime_from_civil(const struct sl_civil *c, const char *zone);
/* Instant → local civil time in zone; *offset_seconds is east of UTC. */
void sltime_to_civil(int64_t t, const char *zone, struct sl_civil *c, long *offset_seconds);

/* RFC 3339 text of t in zone ("2026-10-01T00:00:00Z", "2026-03-29T03:00:00+02:00"). */
void sltime_format(int64_t t, const char *zone, char out[40]);
/* "2026-10-01" or "2026-10-01 14:03" style text in zone, for people. */
void sltime_format_date(int64_t t, const char *zone, char out[16]);

int sltime_days_in_month(int year, int month);
int64_t sltime_days_from_civil(int year, int month, int day);

#endif
