/* probes.h — turns probe results into status intervals (docs/design.md §4).
 *
 * A probe at t with status s covers [t, next probe of its series). A gap longer
 * than twice the series' median probe interval becomes unknown after one
 * median interval; the last probe of a series covers one median interval.
 * Consecutive probes with one status fold into one interval, so only status
 * changes are stored. Unknown time is not stored: no interval means unknown.
 *
 * Memory holds one entry per status run, not per probe. Gaps are detected
 * against twice the shortest probe interval seen so far in the series, then
 * confirmed against the median when the file ends; a series whose probes
 * slow down mid-file may have an early gap shorter than twice the final median
 * read as covered. The median is taken over the first PROBES_MAX_CADENCES
 * distinct probe intervals of a series. A series with one probe uses
 * PROBES_DEFAULT_INTERVAL. */
#ifndef SLAUDIT_PROBES_H
#define SLAUDIT_PROBES_H

#include <stdint.h>

#include "engine/model/model.h"
#include "engine/base/status.h"

#define PROBES_DEFAULT_INTERVAL 60
#define PROBES_MAX_CADENCES 256

enum probe_outcome { PROBE_TAKEN, PROBE_DUPLICATE, PROBE_OUT_OF_ORDER };

struct probes;

struct probes *probes_new(void);
void probes_free(struct probes *p);

/* Adds one probe; entity and service are copied. A probe at the same time as
 * the last one of its series is a duplicate; an earlier one is out of order;
 * neither changes anything. */
enum sl_status probes_add(struct probes *p, const char *entity, const char *service, int64_t t,
                          enum svc_status status, enum probe_outcome *outcome);

typedef enum sl_status (*probes_emit_fn)(void *ctx, const struct interval *iv);
/* Emits every series' intervals, series by series in time order, then forgets
 * them. *emitted counts the intervals. */
enum sl_status probes_finish(struct probes *p, probes_emit_fn emit, void *ctx, long *emitted);

#endif
