/* incident_times.c — durations of an incident from its timestamps. */
#include "engine/model/incident_times.h"

#include "engine/time/sltime.h"

const char *
incident_measure_name(enum incident_measure m)
{
    static const char *const names[MEASURE_COUNT] = {"TTD", "TTA", "TTM", "TTR"};
    return (unsigned)m < MEASURE_COUNT ? names[m] : "?";
}

static int64_t
span(int64_t from, int64_t to)
{
    if (from == SLTIME_NONE || to == SLTIME_NONE || to < from)
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
    out->seconds[MEASURE_TTD] = span(inc->started, inc->detected);
    out->seconds[MEASURE_TTA] = span(detected, inc->acknowledged);
    out->seconds[MEASURE_TTM] = span(started, inc->mitigated);
    out->seconds[MEASURE_TTR] = span(started, inc->resolved);
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
    int64_t detected = inc->detected != SLTIME_NONE ? inc->detected : inc->started;
    const int64_t times[] = {inc->started, inc->detected, inc->acknowledged, inc->mitigated,
                             inc->resolved};
    /* A parser that derives a time (a stamp plus an offset) may step out of
     * the range its inputs were in: no such time is kept. */
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++)
        if (times[i] != SLTIME_NONE && !sltime_in_range(times[i]))
            return SLTIME_RANGE_WHY;
    if (started == SLTIME_NONE)
        return "no started or detected time";
    /* One rule: no duration of docs/design.md §4 may be negative, each taken
     * with its fallbacks as incident_times_of takes it. Orders that no
     * duration measures (detected, acknowledged or mitigated after
     * resolved) are kept as the source wrote them. */
    if (inc->resolved != SLTIME_NONE && inc->resolved < started)
        return "resolved before started"; /* TTR */
    if (inc->mitigated != SLTIME_NONE && inc->mitigated < started)
        return "mitigated before started"; /* TTM */
    if (inc->acknowledged != SLTIME_NONE && inc->acknowledged < detected)
        return "acknowledged before detected"; /* TTA */
    if (inc->started != SLTIME_NONE && inc->detected != SLTIME_NONE && inc->detected < inc->started)
        return "detected before started"; /* TTD */
    return NULL;
}
