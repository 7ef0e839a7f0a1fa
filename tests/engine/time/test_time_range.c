/* test_time_range.c — the range every instant keeps to (sltime_in_range,
 * sltime_add_seconds in engine/time/sltime.h): its ends, the same ends for
 * epoch seconds and dates, and an offset added from a file's numbers —
 * NaN, infinities, 9223372036854775807 — refused before any conversion;
 * incident_times_problem refuses a time past the range. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/model/incident_times.h"
#include "engine/time/sltime.h"

Test(time_range, ends)
{
    cr_assert_eq(SLTIME_LAST + 1, sltime_days_from_civil(SLTIME_MAX_YEAR + 1, 1, 1) * 86400);
    cr_assert_eq(SLTIME_FIRST, sltime_days_from_civil(SLTIME_MIN_YEAR, 1, 1) * 86400);
    cr_assert(sltime_in_range(SLTIME_FIRST));
    cr_assert(sltime_in_range(SLTIME_LAST));
    cr_assert_not(sltime_in_range(SLTIME_FIRST - 1));
    cr_assert_not(sltime_in_range(SLTIME_LAST + 1));
    cr_assert_not(sltime_in_range(SLTIME_NONE));
    cr_assert_not(sltime_in_range(INT64_MAX));
}

/* Epoch seconds and dates stop at the same instant: the last second of
 * 2200 (epoch seconds used to stop at its last midnight). */
Test(time_range, parsing_keeps_to_the_same_ends)
{
    int64_t t;
    bool had;
    const char *why = NULL;
    cr_assert_eq(sltime_parse("7289654399", 10, NULL, &t, &had, &why), SL_OK, "%s", why);
    cr_assert_eq(t, SLTIME_LAST);
    cr_assert_eq(sltime_parse("2200-12-31T23:59:59Z", 20, NULL, &t, &had, &why), SL_OK);
    cr_assert_eq(t, SLTIME_LAST);
    cr_assert_eq(sltime_parse("7289654400", 10, NULL, &t, &had, &why), SL_ERR_INPUT);
    cr_assert_str_eq(why, "epoch seconds out of range");
    cr_assert_eq(sltime_parse("99999999999", 11, NULL, &t, &had, &why), SL_ERR_INPUT);
    cr_assert_eq(sltime_parse("2201-01-01T00:00:00Z", 20, NULL, &t, &had, &why), SL_ERR_INPUT);
}

Test(time_range, adding_seconds)
{
    int64_t t = 42;
    cr_assert(sltime_add_seconds(SLTIME_FIRST, 1775300400.75, &t));
    cr_assert_eq(t, INT64_C(1775300400));
    cr_assert(sltime_add_seconds(INT64_C(1775300400), -1775300400.0, &t));
    cr_assert_eq(t, 0);
    cr_assert(sltime_add_seconds(SLTIME_LAST - 10, 10, &t));
    cr_assert_eq(t, SLTIME_LAST);
    t = 42;
    const double bad[] = {
        9223372036854775807.0, 99999999999.0, -1, 1e300, -1e300, NAN, INFINITY, -INFINITY,
        7289654400.0};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        cr_assert_not(sltime_add_seconds(SLTIME_FIRST, bad[i], &t), "%g", bad[i]);
    cr_assert_not(sltime_add_seconds(SLTIME_LAST, 1, &t));
    cr_assert_not(sltime_add_seconds(INT64_MAX, 0, &t), "the base must be an instant too");
    cr_assert_not(sltime_add_seconds(SLTIME_NONE, 5, &t));
    cr_assert_eq(t, 42, "untouched when false");
}

Test(time_range, incident_time_past_the_range)
{
    struct incident inc = {.started = INT64_C(1775300400),
                           .acknowledged = SLTIME_NONE,
                           .detected = SLTIME_NONE,
                           .mitigated = SLTIME_NONE,
                           .resolved = SLTIME_LAST + 60};
    cr_assert_str_eq(incident_times_problem(&inc), SLTIME_RANGE_WHY);
    inc.resolved = SLTIME_LAST;
    cr_assert_null(incident_times_problem(&inc));
    inc.started = -60;
    cr_assert_str_eq(incident_times_problem(&inc), SLTIME_RANGE_WHY);
}
