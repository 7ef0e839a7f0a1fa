/* history_span.h — what a status page's history covers. A provider's status page
 * says a component is operational unless an incident says otherwise, so the
 * span an export covers, for every component it names, is up time; the
 * incidents' own intervals (worse statuses) overlay it. Without this, time
 * outside incidents would be unknown and leave the denominator.
 *
 * A status the file states last, still current when the file was written (an
 * incident not yet resolved), holds until the span ends (docs/design.md §4,
 * State-change logs): it is held with history_span_hold and written, with
 * the span's end, by history_span_emit.
 *
 * Memory holds one entry per distinct service name and one per held status,
 * not per record. */
#ifndef SLAUDIT_HISTORY_SPAN_H
#define SLAUDIT_HISTORY_SPAN_H

#include <stdint.h>

#include "engine/ingest/ingest.h"

#define HISTORY_SPAN_MAX_SERVICES 4096

/* A status still current at the end of the file, from start. */
struct history_hold {
    char *entity, *service, *key;
    int64_t start;
    enum svc_status status;
    long line;
};

struct history_span {
    char **names;
    size_t n, alloc;
    struct history_hold *held;
    size_t nheld, aheld;
    int64_t from, to; /* SLTIME_NONE until a time is seen */
};

void history_span_init(struct history_span *c);
void history_span_release(struct history_span *c);
/* Notes a service name (copied); names past HISTORY_SPAN_MAX_SERVICES are
 * ignored. */
enum sl_status history_span_service(struct history_span *c, const char *name);
/* Widens the span to include t (SLTIME_NONE is ignored). */
void history_span_time(struct history_span *c, int64_t t);
/* Holds iv's status from iv->start to the end of the span (iv->end is not
 * read); its strings are copied and the service noted. A NULL iv->entity
 * takes the entity history_span_emit is given. At most
 * HISTORY_SPAN_MAX_SERVICES statuses are held; later ones are ignored. */
enum sl_status history_span_hold(struct history_span *c, const struct interval *iv);
/* Stores one up interval per service over the span, keyed by the span's
 * start so that a later export with the same start extends it, and every
 * held status from its start to the span's end (none that starts at or after
 * that end). The span is
 * the one the user gave (ing->covers_set: --covers FROM..TO, which sets
 * ing->covers_used), else from the earliest to the latest time noted with
 * history_span_time: every time the file states, its generation time
 * included. */
enum sl_status history_span_emit(struct history_span *c, struct ingest *ing, const char *entity);

#endif
