/* coverage.h — what a status page's history covers. A provider's status page
 * says a component is operational unless an incident says otherwise, so the
 * span an export covers, for every component it names, is up time; the
 * incidents' own intervals (worse statuses) overlay it. Without this, time
 * outside incidents would be unknown and leave the denominator.
 *
 * Memory holds one entry per distinct service name, not per record. */
#ifndef SLAUDIT_COVERAGE_H
#define SLAUDIT_COVERAGE_H

#include <stdint.h>

#include "engine/ingest/ingest.h"

#define COVERAGE_MAX_SERVICES 4096

struct coverage {
    char **names;
    size_t n, alloc;
    int64_t from, to; /* SLTIME_NONE until a time is seen */
};

void coverage_init(struct coverage *c);
void coverage_release(struct coverage *c);
/* Notes a service name (copied); names past COVERAGE_MAX_SERVICES are
 * ignored. */
enum sl_status coverage_service(struct coverage *c, const char *name);
/* Widens the span to include t (SLTIME_NONE is ignored). */
void coverage_time(struct coverage *c, int64_t t);
/* Stores one up interval per service over the span, keyed by the span's
 * start so that a later export with the same start extends it. */
enum sl_status coverage_emit(struct coverage *c, struct ingest *ing, const char *entity);

#endif
