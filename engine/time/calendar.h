/* calendar.h — business days for reporting clocks: weekends and a holiday
 * list in a time zone. A business day is Monday to Friday, local to the zone,
 * and not a holiday. Holidays are civil dates (days from sltime_days_from_civil),
 * borrowed from the caller. */
#ifndef SLAUDIT_CALENDAR_H
#define SLAUDIT_CALENDAR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct calendar {
    const char *zone;        /* NULL = UTC */
    const int64_t *holidays; /* civil day numbers, any order */
    size_t nholidays;
};

bool calendar_is_business_day(const struct calendar *c, int64_t t);
/* The end of the n-th business day after the local day holding t (n >= 1):
 * the instant the next day begins. "Within 4 business days after" is met by
 * any time before it. */
int64_t calendar_business_deadline(const struct calendar *c, int64_t t, int n);
/* t when it falls on a business day, else 12:00 local on the next business
 * day (the DORA rule for deadlines that fall on a weekend or holiday). */
int64_t calendar_next_working_noon(const struct calendar *c, int64_t t);
/* The same local time n calendar months later, the day clamped to the month's
 * length (31 January + 1 month = 28 or 29 February). */
int64_t calendar_add_months(int64_t t, int n, const char *zone);

#endif
