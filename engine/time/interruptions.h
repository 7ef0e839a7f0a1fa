/* interruptions.h — when pages land, in PagerDuty's three bands, classified in
 * the on-call engineers' time zone:
 *
 *   business  08:00–18:00 Monday to Friday
 *   off       18:00–22:00 Monday to Friday, and 08:00–22:00 Saturday and Sunday
 *   sleep     22:00–08:00 every day
 *
 * Sleep wins over the weekend: Saturday 03:00 is a sleep interruption. One
 * incident counts as one interruption, at its start (started, else detected);
 * an incident with no start is not counted. Per engineer figures divide by the
 * rotation size, because each engineer carries 1/N of the pager. */
#ifndef SLAUDIT_INTERRUPTIONS_H
#define SLAUDIT_INTERRUPTIONS_H

#include <stdint.h>

enum interruptions_band { BAND_BUSINESS, BAND_OFF, BAND_SLEEP, BAND_COUNT };

#define INTERRUPTIONS_BUSINESS_FROM 8 /* local hour, inclusive */
#define INTERRUPTIONS_BUSINESS_TO 18  /* exclusive */
#define INTERRUPTIONS_SLEEP_FROM 22   /* sleep is [22:00, 08:00) */
#define INTERRUPTIONS_SLEEP_TO 8

struct interruptions {
    long count[BAND_COUNT];
    long total;
};

/* "business", "off", "sleep". */
const char *interruptions_band_name(enum interruptions_band band);
/* The band instant t falls in, in zone (NULL = UTC). */
enum interruptions_band interruptions_band_of(int64_t t, const char *zone);
/* Counts one interruption at t (ignored when t is SLTIME_NONE). */
void interruptions_add(struct interruptions *in, int64_t t, const char *zone);

#endif
