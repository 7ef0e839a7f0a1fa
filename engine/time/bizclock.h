/* bizclock.h — the clock a response target runs on: 24×7, or business hours
 * in a time zone with a list of holidays.
 *
 * Business hours default to PagerDuty's: 08:00–18:00, Monday to Friday, in
 * the zone given. A holiday is a whole local day off. Local times are mapped
 * with the zone's rules on each date, so a business day that contains a DST
 * change still opens at 08:00 and closes at 18:00 local time. */
#ifndef SLAUDIT_BIZCLOCK_H
#define SLAUDIT_BIZCLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"

#define BIZCLOCK_WEEKDAYS 0x1f /* Monday..Friday: bit 0 is Monday, bit 6 Sunday */

struct bizclock {
    bool always;             /* 24×7: every second counts */
    const char *zone;        /* NULL = UTC; borrowed */
    int open_minute;         /* local minute of the day the clock starts: 480 */
    int close_minute;        /* local minute it stops: 1080 */
    unsigned weekdays;       /* BIZCLOCK_WEEKDAYS */
    const int64_t *holidays; /* local days (sltime_days_from_civil), sorted; borrowed */
    size_t nholidays;
};

void bizclock_24x7(struct bizclock *c);
void bizclock_business_hours(struct bizclock *c, const char *zone);

/* Reads "2026-12-25,2026-12-26" into sorted day numbers (owned by the caller;
 * free()). SL_ERR_USAGE with *why on a date that is not YYYY-MM-DD. */
enum sl_status bizclock_parse_holidays(const char *list, int64_t **days, size_t *n,
                                       const char **why);

/* Covered seconds in [from, to); 0 when to <= from. */
int64_t bizclock_seconds(const struct bizclock *c, int64_t from, int64_t to);

/* The instant at which `seconds` of covered time have passed since from (from
 * itself when seconds <= 0 and from is covered or seconds is 0). */
int64_t bizclock_deadline(const struct bizclock *c, int64_t from, int64_t seconds);

#endif
