/* test_interruptions.c — PagerDuty's business / off / sleep bands
 * (engine/interruptions.c). 2026-10-05 is a Monday, 2026-10-03 a Saturday. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/time/interruptions.h"
#include "engine/time/sltime.h"

static int64_t
at(const char *text)
{
    int64_t t;
    bool had;
    const char *why;
    cr_assert_eq(sltime_parse(text, strlen(text), NULL, &t, &had, &why), SL_OK, "%s", text);
    return t;
}

static void
expect(const char *when, const char *zone, enum interruptions_band band)
{
    cr_assert_eq(interruptions_band_of(at(when), zone), band, "%s in %s: got %s", when,
                 zone ? zone : "UTC",
                 interruptions_band_name(interruptions_band_of(at(when), zone)));
}

Test(interruptions, weekday_edges_in_utc)
{
    expect("2026-10-05T07:59:59Z", NULL, BAND_SLEEP);
    expect("2026-10-05T08:00:00Z", NULL, BAND_BUSINESS);
    expect("2026-10-05T17:59:59Z", NULL, BAND_BUSINESS);
    expect("2026-10-05T18:00:00Z", NULL, BAND_OFF);
    expect("2026-10-05T21:59:59Z", NULL, BAND_OFF);
    expect("2026-10-05T22:00:00Z", NULL, BAND_SLEEP);
    expect("2026-10-09T12:00:00Z", NULL, BAND_BUSINESS); /* Friday */
}

Test(interruptions, weekend_is_off_except_sleep)
{
    expect("2026-10-03T12:00:00Z", NULL, BAND_OFF);
    expect("2026-10-03T08:00:00Z", NULL, BAND_OFF);
    expect("2026-10-03T03:00:00Z", NULL, BAND_SLEEP);
    expect("2026-10-04T21:30:00Z", NULL, BAND_OFF);
    expect("2026-10-04T23:00:00Z", NULL, BAND_SLEEP);
}

Test(interruptions, classified_in_the_engineers_zone)
{
    /* Los Angeles is UTC−7 in October. */
    expect("2026-10-05T16:00:00Z", "America/Los_Angeles", BAND_BUSINESS); /* Mon 09:00 */
    expect("2026-10-05T06:00:00Z", "America/Los_Angeles", BAND_SLEEP);    /* Sun 23:00 */
    expect("2026-10-06T03:00:00Z", "America/Los_Angeles", BAND_OFF);      /* Mon 20:00 */
    /* Monday 10:00 UTC is Monday 12:00 in Berlin, but Saturday 10:00 UTC is off. */
    expect("2026-10-05T10:00:00Z", "Europe/Berlin", BAND_BUSINESS);
    expect("2026-10-03T10:00:00Z", "Europe/Berlin", BAND_OFF);
}

Test(interruptions, counts_and_skips_missing_times)
{
    struct interruptions in = {{0}, 0};
    interruptions_add(&in, at("2026-10-05T09:00:00Z"), NULL);
    interruptions_add(&in, at("2026-10-05T23:00:00Z"), NULL);
    interruptions_add(&in, at("2026-10-06T02:00:00Z"), NULL);
    interruptions_add(&in, SLTIME_NONE, NULL);
    cr_assert_eq(in.total, 3);
    cr_assert_eq(in.count[BAND_BUSINESS], 1);
    cr_assert_eq(in.count[BAND_OFF], 0);
    cr_assert_eq(in.count[BAND_SLEEP], 2);
}

Test(interruptions, band_names)
{
    cr_assert_str_eq(interruptions_band_name(BAND_BUSINESS), "business");
    cr_assert_str_eq(interruptions_band_name(BAND_OFF), "off");
    cr_assert_str_eq(interruptions_band_name(BAND_SLEEP), "sleep");
}
