/* daily.h — a window day by day: the downtime of each local day, the error
 * budget left at each day's end, and the worst status each day saw, for the
 * burn-down chart and the daily status strip of the monthly workbook.
 *
 * The days are local calendar days of the zone (a day across a change of
 * clocks is 23 or 25 hours long) and their figures are those of the timeline
 * measured on the day (contract_timeline_measure), so they follow the
 * definitions of docs/design.md §4 exactly: partial and degraded weigh by the
 * timeline's rules, eligible maintenance and excluded periods leave the
 * denominator, unknown time is neither up nor down. The days' downtimes add
 * up to the window's.
 *
 * A day's status, the colour of its cell in the strip, is the worst it saw,
 * in this order, worst first:
 *   down         some counted time was down, or was maintenance that did not
 *                qualify (not announced in time, over the cap: it counts as
 *                downtime, so it shows as down);
 *   partial, degraded;
 *   maintenance  eligible maintenance (or an excluded period) and nothing
 *                worse;
 *   up           every known moment was up;
 *   unknown      nothing known of the day at all (no monitoring).
 * A day with some unknown time takes the worst of its known time; its
 * unknown_seconds say how much was not seen. An outage the rules forgive
 * (shorter than a contract's minimum) still shows its status. */
#ifndef SLAUDIT_DAILY_H
#define SLAUDIT_DAILY_H

#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"
#include "engine/measure/contract.h"
#include "engine/model/model.h"

struct daily_day {
    int64_t start, end;          /* the local day, [start, end) */
    double downtime_seconds;     /* Σ w·|interval ∩ day| */
    double consumed_seconds;     /* downtime from the first day's start to this day's end */
    int64_t eligible_seconds;    /* known counted time, W′ of the day */
    int64_t unknown_seconds;     /* not monitored */
    int64_t maintenance_seconds; /* eligible maintenance and excluded time */
    enum svc_status worst;       /* the day's status, as above */
};

struct daily {
    struct daily_day *day; /* owned; n entries in time order */
    size_t n;
};

/* The local days of zone (NULL = UTC) from the one holding from to the one
 * holding to − 1, each cut to [from, to) (so a window that starts and ends at
 * local midnights gives whole days), measured on tl. SL_ERR_NOMEM; SL_ERR_USAGE
 * when to <= from. Release out with daily_release() whatever it returns. */
enum sl_status daily_compute(const struct contract_timeline *tl, int64_t from, int64_t to,
                             const char *zone, struct daily *out);
void daily_release(struct daily *d);

/* The budget left at the end of day: allowed − consumed, to the millisecond
 * (contract_margin_seconds); negative once overspent. allowed is the whole
 * window's (budget.h). */
double daily_remaining_seconds(double allowed_seconds, const struct daily_day *day);

/* The budget an even burn would have left at the end of day: allowed ×
 * (window end − day end) ÷ (window end − window start). */
double daily_even_seconds(double allowed_seconds, const struct daily_day *day, int64_t start,
                          int64_t end);

#endif
