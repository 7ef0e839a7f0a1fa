/* incident_times.c — durations of an incident from its timestamps. */
#include "engine/model/incident_times.h"

#include "engine/time/sltime.h"

const char *
incident_measure_name(enum incident_measure m)
{
    static const char *const names[MEASURE_COUNT] = {"TTD", "TTA", "TTM", "TTR"};
    return (unsigned)m < MEASURE_COUNT ? names[m] : "?";
}

/* The duration from..to, or INCIDENT_NO_DURATION when an end is missing or
 * the order is impossible (then *impossible is set). */
static int64_t
span(int64_t from, int64_t to, bool *impossible)
{
    *impossible = from != SLTIME_NONE && to != SLTIME_NONE && to < from;
    if (from == SLTIME_NONE || to == SLTIME_NONE || *impossible)
        return INCIDENT_NO_DURATION;
    return to - from;
}

void
incident_times_of(const struct incident *inc, struct incident_times *out)
{
    int64_t started = inc->started != SLTIME_NONE ? inc->started : inc->detected;
    int64_t detected = inc->detected != SLTIME_NONE ? inc->detected : inc->started;
    out->start = started;
    /* TTD needs both real timestamps: a fallback would make it zero. */
    out->seconds[MEASURE_TTD] = span(inc->started, inc->detected, &out->impossible[MEASURE_TTD]);
    out->seconds[MEASURE_TTA] = span(detected, inc->acknowledged, &out->impossible[MEASURE_TTA]);
    out->seconds[MEASURE_TTM] = span(started, inc->mitigated, &out->impossible[MEASURE_TTM]);
    out->seconds[MEASURE_TTR] = span(started, inc->resolved, &out->impossible[MEASURE_TTR]);
}

int
incident_is_open(const struct incident *inc)
{
    return inc->resolved == SLTIME_NONE;
}

const char *
incident_times_problem(const struct incident *inc)
{
    int64_t started = inc->started != SLTIME_NONE ? inc->started : inc->detected;
    const int64_t times[] = {inc->started, inc->detected, inc->acknowledged, inc->mitigated,
                             inc->resolved};
    /* A parser that derives a time (a stamp plus an offset) may step out of
     * the range its inputs were in: no such time is kept. */
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++)
        if (times[i] != SLTIME_NONE && !sltime_in_range(times[i]))
            return SLTIME_RANGE_WHY;
    if (started == SLTIME_NONE)
        return "no started or detected time";
    /* An incident that ends before it begins has no place in time; every
     * other impossible order costs only its own duration
     * (incident_times_disorder). Orders that no duration measures
     * (detected, acknowledged or mitigated after resolved) are kept as the
     * source wrote them. */
    if (inc->resolved != SLTIME_NONE && inc->resolved < started)
        return "resolved before started"; /* TTR */
    return NULL;
}

const char *
incident_times_disorder(const struct incident *inc)
{
    static const char *const why[MEASURE_COUNT] = {
        [MEASURE_TTD] = "detected before started",
        [MEASURE_TTA] = "acknowledged before detected",
        [MEASURE_TTM] = "mitigated before started",
        [MEASURE_TTR] = "resolved before started",
    };
    static const enum incident_measure order[] = {MEASURE_TTM, MEASURE_TTA, MEASURE_TTD};
    struct incident_times t;
    incident_times_of(inc, &t);
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (t.impossible[order[i]])
            return why[order[i]];
    return NULL;
}
