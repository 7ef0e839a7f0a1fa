/* incident_times.h — the durations of one incident (docs/design.md §4):
 *   TTD = detected − started        TTA = acknowledged − detected
 *   TTM = mitigated − started       TTR = resolved − started
 * A missing `started` falls back to `detected`, and a missing `detected` to
 * `started`, except for TTD, which needs both (a fallback would make it zero).
 * A duration whose ends are missing, or that would be negative, is
 * INCIDENT_NO_DURATION; one that would be negative is also marked
 * impossible, so that the statistics can say how many they left out. */
#ifndef SLAUDIT_INCIDENT_TIMES_H
#define SLAUDIT_INCIDENT_TIMES_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/model/model.h"

#define INCIDENT_NO_DURATION (-1)

enum incident_measure { MEASURE_TTD, MEASURE_TTA, MEASURE_TTM, MEASURE_TTR, MEASURE_COUNT };

struct incident_times {
    int64_t start; /* started, else detected */
    int64_t seconds[MEASURE_COUNT];
    /* Both ends known but in an impossible order (the duration would be
     * negative): seconds[m] is INCIDENT_NO_DURATION and the incident is
     * still counted everywhere else (docs/design.md §4). */
    bool impossible[MEASURE_COUNT];
};

const char *incident_measure_name(enum incident_measure m);
void incident_times_of(const struct incident *inc, struct incident_times *out);
/* NULL when the incident can be kept, else why not: a time outside
 * sltime_in_range, no time that places it ("no started or detected time"),
 * or an end before its beginning ("resolved before started", started
 * falling back to detected). A record with a problem is rejected on
 * ingest: every incident passes here in ingest_incident, so this is the
 * one rule. An incident is never rejected for any other order: see
 * incident_times_disorder. */
const char *incident_times_problem(const struct incident *inc);
/* NULL when every duration it has is in a possible order, else the first
 * that is not ("mitigated before started", "acknowledged before detected",
 * "detected before started"). Such an incident is kept and counted; only
 * that duration is left out of its statistics. */
const char *incident_times_disorder(const struct incident *inc);
/* An incident is open while it has no resolved time. */
int incident_is_open(const struct incident *inc);

#endif
