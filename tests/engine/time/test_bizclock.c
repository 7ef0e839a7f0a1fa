/* test_bizclock.c — the response clock (engine/time/bizclock.c): 24×7, and
 * business hours 08:00–18:00 Monday–Friday in a zone with holidays. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "engine/time/bizclock.h"
#include "engine/time/sltime.h"

#define FRI INT64_C(1790899200) /* Friday 2026-10-02T00:00Z */
#define HOUR 3600
#define DAY 86400

Test(bizclock, always)
{
    struct bizclock c;
    bizclock_24x7(&c);
    cr_assert_eq(bizclock_seconds(&c, FRI, FRI + 5 * HOUR), 5 * HOUR);
    cr_assert_eq(bizclock_deadline(&c, FRI, 900), FRI + 900);
}

Test(bizclock, business_hours_over_a_weekend_utc)
{
    /* Friday 17:00Z to Monday 09:00Z: 1 h on Friday + 1 h on Monday. */
    struct bizclock c;
    bizclock_business_hours(&c, NULL);
    cr_assert_eq(bizclock_seconds(&c, FRI + 17 * HOUR, FRI + 3 * DAY + 9 * HOUR), 2 * HOUR);
    /* A 4-hour target from Friday 16:00Z ends Monday 10:00Z. */
    cr_assert_eq(bizclock_deadline(&c, FRI + 16 * HOUR, 4 * HOUR), FRI + 3 * DAY + 10 * HOUR);
    /* Before opening: the clock starts at 08:00. */
    cr_assert_eq(bizclock_seconds(&c, FRI, FRI + 9 * HOUR), HOUR);
}

Test(bizclock, holiday_is_a_day_off)
{
    /* Monday 2026-10-05 declared a holiday: Friday 17:00 to Tuesday 09:00 is
     * 1 h + 1 h. */
    int64_t *days;
    size_t n;
    const char *why = NULL;
    struct bizclock c;
    cr_assert_eq(bizclock_parse_holidays("2026-10-05", &days, &n, &why), SL_OK);
    bizclock_business_hours(&c, NULL);
    c.holidays = days;
    c.nholidays = n;
    cr_assert_eq(bizclock_seconds(&c, FRI + 17 * HOUR, FRI + 4 * DAY + 9 * HOUR), 2 * HOUR);
    free(days);
    cr_assert_eq(bizclock_parse_holidays("2026-13-01", &days, &n, &why), SL_ERR_USAGE);
    cr_assert_not_null(why);
}

Test(bizclock, business_hours_in_a_zone_across_dst)
{
    /* Berlin, Friday 2026-10-23 17:00 local (15:00Z) to Monday 2026-10-26
     * 09:00 local (08:00Z, after DST ended on the 25th): 1 h + 1 h. */
    struct bizclock c;
    bizclock_business_hours(&c, "Europe/Berlin");
    int64_t fri = FRI + 21 * DAY; /* Friday 2026-10-23T00:00Z */
    cr_assert_eq(bizclock_seconds(&c, fri + 15 * HOUR, fri + 3 * DAY + 8 * HOUR), 2 * HOUR);
}
