/* interruptions.c — business / off / sleep classification of page times. */
#include <assert.h>

#include "engine/time/interruptions.h"
#include "engine/time/sltime.h"

static const char *const band_names[BAND_COUNT] = {"business", "off", "sleep"};

const char *
interruptions_band_name(enum interruptions_band band)
{
    assert(band >= 0 && band < BAND_COUNT);
    return band_names[band];
}

/* 0 = Sunday … 6 = Saturday. 1970-01-01 was a Thursday. */
static int
weekday_of(const struct sl_civil *c)
{
    int64_t days = sltime_days_from_civil(c->year, c->month, c->day);
    int64_t w = (days + 4) % 7;
    return (int)(w < 0 ? w + 7 : w);
}

enum interruptions_band
interruptions_band_of(int64_t t, const char *zone)
{
    struct sl_civil c;
    long offset;
    sltime_to_civil(t, zone, &c, &offset);
    if (c.hour >= INTERRUPTIONS_SLEEP_FROM || c.hour < INTERRUPTIONS_SLEEP_TO)
        return BAND_SLEEP;
    int wd = weekday_of(&c);
    if (wd == 0 || wd == 6)
        return BAND_OFF;
    if (c.hour >= INTERRUPTIONS_BUSINESS_FROM && c.hour < INTERRUPTIONS_BUSINESS_TO)
        return BAND_BUSINESS;
    return BAND_OFF;
}

void
interruptions_add(struct interruptions *in, int64_t t, const char *zone)
{
    if (t == SLTIME_NONE)
        return;
    in->count[interruptions_band_of(t, zone)]++;
    in->total++;
}
