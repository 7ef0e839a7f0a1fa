/* responder_load.h — the load on the people who answer pages, as PagerDuty
 * Analytics shows it: for each entity with on-call shifts stored, the pages
 * each responder took, how many of them came outside working hours, and the
 * pages per on-call shift (mean and maximum).
 *
 * Definitions (docs/metrics.md "Responder load"):
 *   - a page is an incident of the entity whose start (started, else
 *     detected) falls in [from, to) (store_each_incident); it pages at its
 *     detection time (detected, else started);
 *   - its responder is the primary of the on-call shift (kind "oncall" of
 *     store_each_audit_record) that covers that instant, start <= t < end
 *     (the latest-starting one when shifts overlap),
 *     whose service is empty or the incident's; a shift with no primary
 *     covers nothing, and a page no shift covers has no responder (a row
 *     with responder NULL);
 *   - a page is outside working hours when its instant is not inside the
 *     clock given (by default 09:00–18:00 Monday to Friday in the zone);
 *   - the shifts counted are those with a primary that overlap [from, to);
 *     pages per shift are the pages each of them took; the mean is pages
 *     with a responder over shifts counted, the maximum the largest;
 *     shift_hours sums the part of each shift counted inside [from, to). */
#ifndef SLAUDIT_RESPONDER_LOAD_H
#define SLAUDIT_RESPONDER_LOAD_H

#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"
#include "engine/time/bizclock.h"

struct store;

#define RESPONDER_LOAD_OPEN_MINUTE 540   /* 09:00 */
#define RESPONDER_LOAD_CLOSE_MINUTE 1080 /* 18:00 */

/* One responder of one entity; responder NULL: the pages no shift covered. */
struct responder_row {
    char *entity, *responder;
    long pages, off_hours;
    long shifts; /* the shifts counted whose primary this is */
};

/* One entity's totals. */
struct responder_entity {
    char *entity;
    long pages, off_hours, unassigned; /* unassigned: pages with no responder */
    long shifts;                       /* shifts counted */
    double shift_hours;                /* their hours inside [from, to) */
    double mean_per_shift;             /* NAN when shifts == 0 */
    long max_per_shift;
};

struct responder_load {
    struct responder_entity *entities; /* by entity */
    size_t nentities;
    struct responder_row *rows; /* by entity, then responder, "no responder" last */
    size_t nrows;
};

/* Sets *c to working hours 09:00–18:00 Monday to Friday in zone (NULL =
 * UTC), the default clock of responder_load_run(). */
void responder_load_clock(struct bizclock *c, const char *zone);

/* The responder load of every entity with on-call shifts stored (entity
 * alone when not NULL) over [from, to), off-hours by clock (NULL: the default
 * clock in UTC). Release out whatever it returns. Errors: the store's,
 * SL_ERR_NOMEM. A shift whose fields are not a JSON object with numeric
 * start and end is skipped. */
enum sl_status responder_load_run(struct store *st, const char *entity, int64_t from, int64_t to,
                                  const struct bizclock *clock, struct responder_load *out,
                                  struct sl_diag *diag);
void responder_load_release(struct responder_load *out);

#endif
