/* incident_times.h — the durations of one incident (docs/design.md §4):
 *   TTD = detected − started        TTA = acknowledged − detected
 *   TTM = mitigated − started       TTR = resolved − started
 * A missing `started` falls back to `detected`, and a missing `detected` to
 * `started`, except for TTD, which needs both (a fallback would make it zero).
 * A duration whose ends are missing, or that would be negative, is
 * INCIDENT_NO_DURATION. */
#ifndef SLAUDIT_INCIDENT_TIMES_H
#define SLAUDIT_INCIDENT_TIMES_H

#include <stdint.h>

#include "engine/model/model.h"

#define INCIDENT_NO_DURATION (-1)

enum incident_measure { MEASURE_TTD, MEASURE_TTA, MEASURE_TTM, MEASURE_TTR, MEASURE_COUNT };

struct incident_times {
    int64_t start; /* started, else detected */
    int64_t seconds[MEASURE_COUNT];
};

const char *incident_measure_name(enum incident_measure m);
void incident_times_of(const struct incident *inc, struct incident_times *out);
/* NULL when the timestamps are consistent, else why not: a time outside
 * sltime_in_range, or a duration above that would be negative ("resolved
 * before started", "mitigated before started", "acknowledged before
 * detected", "detected before started"). Any other order is consistent. A
 * record with a problem is rejected on ingest: every incident passes here
 * in ingest_incident, so this is the one rule. */
const char *incident_times_problem(const struct incident *inc);
/* An incident is open while it has no resolved time. */
int incident_is_open(const struct incident *inc);

#endif
