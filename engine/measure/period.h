/* period.h — the periods a command takes when it is given no dates, from
 * what the store holds (docs/metrics.md): the last complete month of the
 * stored data, and runs of calendar months ending with one.
 *
 * The last complete month is the latest calendar month (in the zone) that
 * ends at or before the end of the stored data (store_data_span: the latest
 * interval end, maintenance end, or incident resolved or start time); when
 * that month ends before the data begins (the data does not fill a whole
 * month), it is the month in which the data begins. */
#ifndef SLAUDIT_PERIOD_H
#define SLAUDIT_PERIOD_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/base/status.h"
#include "engine/time/window.h"

struct store;

/* The last complete month of st's data in zone (NULL = UTC). *empty is set,
 * and *out left alone, when the store holds no data. Errors: the store's. */
enum sl_status period_last_complete_month(struct store *st, const char *zone, struct window *out,
                                          bool *empty, struct sl_diag *diag);

/* Where the n calendar months (n >= 1) that end with month last begin: the
 * period of those months is [period_months_start(last, n, zone), last->end). */
int64_t period_months_start(const struct window *last, int n, const char *zone);

#endif
