/* changes.h — turns a state-change log into status intervals (docs/design.md
 * §4, State-change logs). Some inputs record changes, not samples: a status
 * page's component going from operational to degraded, an Uptime Kuma
 * webhook, an alert moving between states. A status there holds from its
 * change until the next change of its series (entity and service), however
 * long the gap: unlike a probe, it is never judged against an interval.
 *
 * The span the input declares bounds what the log says: its earliest and
 * latest times, taken from every record the file states a time in (not only
 * the changes), and widened by the caller with changes_span_time. The last
 * status of a series holds until the span's end; a log whose latest time is
 * its last change therefore does not extend that status at all. A change
 * that names the status it left (`from`) says the series held that status
 * before it: the first change of a series gives its `from` status from the
 * span's start to that change.
 *
 * Consecutive changes to one status fold into one interval, and a change at
 * the instant of its series' previous change replaces it. A change earlier
 * than its series' previous one is out of order and changes nothing.
 *
 * Memory holds one fixed-size entry per series (its names, its first change
 * and the interval still open), never the changes: closed intervals are
 * handed to the caller as soon as the next change closes them, in time
 * order within a series; the first and last pieces of each series come at
 * changes_finish. More than CHANGES_MAX_SERIES series, or names (entity
 * and service) taking more than CHANGES_MAX_NAME_BYTES, is refused
 * (SL_ERR_LIMIT) rather than held in memory. */
#ifndef SLAUDIT_CHANGES_H
#define SLAUDIT_CHANGES_H

#include <stddef.h>
#include <stdint.h>

#include "engine/model/model.h"
#include "engine/base/status.h"

#define CHANGES_MAX_SERIES 50000
#define CHANGES_MAX_NAME_BYTES ((size_t)4 << 20)

enum change_outcome { CHANGE_TAKEN, CHANGE_OUT_OF_ORDER };

/* Receives one interval; its strings live until the call returns. */
typedef enum sl_status (*changes_emit_fn)(void *ctx, const struct interval *iv);

struct changes;

struct changes *changes_new(void);
void changes_free(struct changes *c);

/* Notes that the input states time t (widens the span). */
void changes_span_time(struct changes *c, int64_t t);

/* One change of (entity, service) at t to status to; from is the status it
 * left, SVC_UNKNOWN when the input does not say. Names are copied. An
 * interval the change closes is passed to emit before this returns. line is
 * the change's line in its file, kept with the intervals it opens.
 * SL_ERR_LIMIT past CHANGES_MAX_SERIES or CHANGES_MAX_NAME_BYTES (the
 * change is not taken), SL_ERR_NOMEM, or emit's failure. */
enum sl_status changes_add(struct changes *c, const char *entity, const char *service, int64_t t,
                           enum svc_status from, enum svc_status to, long line,
                           enum change_outcome *outcome, changes_emit_fn emit, void *ctx);

/* How many series have been seen. */
size_t changes_series(const struct changes *c);

/* Emits what only the whole span settles — each series' `from` status
 * before its first change and its last status up to the span's end — then
 * forgets every series. *emitted counts the intervals emitted here and by
 * changes_add since the last finish. */
enum sl_status changes_finish(struct changes *c, changes_emit_fn emit, void *ctx, long *emitted);

#endif
