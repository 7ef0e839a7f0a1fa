/* history_span.h — what a status page's history covers. A provider's status page
 * says a component is operational unless an incident says otherwise, so the
 * span an export covers, for every component it names, is up time; the
 * incidents' own intervals (worse statuses) overlay it. Without this, time
 * outside incidents would be unknown and leave the denominator.
 *
 * Memory holds one entry per distinct service name, not per record. */
#ifndef SLAUDIT_HISTORY_SPAN_H
#define SLAUDIT_HISTORY_SPAN_H

#include <stdint.h>

#include "engine/ingest/ingest.h"

#define HISTORY_SPAN_MAX_SERVICES 4096

struct history_span {
    char **names;
    size_t n, alloc;
    int64_t from, to; /* SLTIME_NONE until a time is seen */
};

void history_span_init(struct history_span *c);
void history_span_release(struct history_span *c);
/* Notes a service name (copied); names past HISTORY_SPAN_MAX_SERVICES are
 * ignored. */
enum sl_status history_span_service(struct history_span *c, const char *name);
/* Widens the span to include t (SLTIME_NONE is ignored). */
void history_span_time(struct history_span *c, int64_t t);
/* Stores one up interval per service over the span, keyed by the span's
 * start so that a later export with the same start extends it. The span is
 * the one the user gave (ing->covers_set: --covers FROM..TO, which sets
 * ing->covers_used), else from the earliest to the latest time noted with
 * history_span_time: every time the file states, its generation time
 * included. */
enum sl_status history_span_emit(struct history_span *c, struct ingest *ing, const char *entity);

#endif
