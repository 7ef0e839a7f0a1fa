/* test_incident_times.c — the durations of one incident
 * (engine/incident_times.c, docs/design.md §4): TTD, TTA, TTM, TTR, the fallbacks
 * between started and detected, missing ends, and inconsistent records. */
#include <criterion/criterion.h>

#include "engine/model/incident_times.h"
#include "engine/time/sltime.h"

#define T INT64_C(1790812800)

static struct incident
incident(int64_t started, int64_t detected, int64_t ack, int64_t mitigated, int64_t resolved)
{
    struct incident inc = {0};
    inc.key = "INC-1";
    inc.entity = "provider:acme";
    inc.started = started;
    inc.detected = detected;
    inc.acknowledged = ack;
    inc.mitigated = mitigated;
    inc.resolved = resolved;
    return inc;
}

#define NONE SLTIME_NONE

Test(incident_times, each_duration)
{
    /* started T, detected +100, acknowledged +160, mitigated +400, resolved +1000:
     * TTD 100, TTA 160−100 = 60, TTM 400, TTR 1000 */
    struct incident inc = incident(T, T + 100, T + 160, T + 400, T + 1000);
    struct incident_times it;
    incident_times_of(&inc, &it);
    cr_assert_eq(it.start, T);
    cr_assert_eq(it.seconds[MEASURE_TTD], 100);
    cr_assert_eq(it.seconds[MEASURE_TTA], 60);
    cr_assert_eq(it.seconds[MEASURE_TTM], 400);
    cr_assert_eq(it.seconds[MEASURE_TTR], 1000);
    cr_assert_null(incident_times_problem(&inc));
    cr_assert_not(incident_is_open(&inc));
}

Test(incident_times, started_missing_falls_back_to_detected)
{
    /* start = detected = T+100: no TTD (it needs both), TTA 60, TTM 300, TTR 900 */
    struct incident inc = incident(NONE, T + 100, T + 160, T + 400, T + 1000);
    struct incident_times it;
    incident_times_of(&inc, &it);
    cr_assert_eq(it.start, T + 100);
    cr_assert_eq(it.seconds[MEASURE_TTD], INCIDENT_NO_DURATION);
    cr_assert_eq(it.seconds[MEASURE_TTA], 60);
    cr_assert_eq(it.seconds[MEASURE_TTM], 300);
    cr_assert_eq(it.seconds[MEASURE_TTR], 900);
    cr_assert_null(incident_times_problem(&inc));
}

Test(incident_times, detected_missing_falls_back_to_started)
{
    /* detected = started = T: no TTD, TTA = ack − started = 160 */
    struct incident inc = incident(T, NONE, T + 160, NONE, T + 1000);
    struct incident_times it;
    incident_times_of(&inc, &it);
    cr_assert_eq(it.start, T);
    cr_assert_eq(it.seconds[MEASURE_TTD], INCIDENT_NO_DURATION);
    cr_assert_eq(it.seconds[MEASURE_TTA], 160);
    cr_assert_eq(it.seconds[MEASURE_TTM], INCIDENT_NO_DURATION);
    cr_assert_eq(it.seconds[MEASURE_TTR], 1000);
}

Test(incident_times, missing_ack_has_no_tta)
{
    struct incident inc = incident(T, T + 100, NONE, NONE, NONE);
    struct incident_times it;
    incident_times_of(&inc, &it);
    cr_assert_eq(it.seconds[MEASURE_TTA], INCIDENT_NO_DURATION);
    cr_assert_eq(it.seconds[MEASURE_TTR], INCIDENT_NO_DURATION);
    cr_assert_eq(it.seconds[MEASURE_TTD], 100);
    cr_assert(incident_is_open(&inc));
}

Test(incident_times, nothing_known)
{
    struct incident inc = incident(NONE, NONE, T, NONE, T + 10);
    struct incident_times it;
    incident_times_of(&inc, &it);
    cr_assert_eq(it.start, NONE);
    for (int m = 0; m < MEASURE_COUNT; m++)
        cr_assert_eq(it.seconds[m], INCIDENT_NO_DURATION, "%s", incident_measure_name(m));
    cr_assert_str_eq(incident_times_problem(&inc), "no started or detected time");
}

Test(incident_times, negative_span_has_no_duration)
{
    /* acknowledged before detected: no TTA rather than a negative one */
    struct incident inc = incident(T, T + 100, T + 50, NONE, NONE);
    struct incident_times it;
    incident_times_of(&inc, &it);
    cr_assert_eq(it.seconds[MEASURE_TTA], INCIDENT_NO_DURATION);
    cr_assert(it.impossible[MEASURE_TTA]);
    /* the other durations stand, and a missing end is not impossible */
    cr_assert_eq(it.seconds[MEASURE_TTD], 100);
    cr_assert_not(it.impossible[MEASURE_TTD]);
    cr_assert_not(it.impossible[MEASURE_TTR]);
    cr_assert_eq(it.seconds[MEASURE_TTR], INCIDENT_NO_DURATION);
}

Test(incident_times, problems)
{
    struct incident inc = incident(T, NONE, NONE, NONE, T - 1);
    cr_assert_str_eq(incident_times_problem(&inc), "resolved before started");
    cr_assert_null(incident_times_disorder(&inc));
    /* Every other impossible order keeps the incident (docs/design.md §4)
     * and names the one duration it costs. */
    inc = incident(T, NONE, NONE, T - 1, NONE);
    cr_assert_null(incident_times_problem(&inc));
    cr_assert_str_eq(incident_times_disorder(&inc), "mitigated before started");
    inc = incident(T, T + 100, T + 50, NONE, NONE);
    cr_assert_null(incident_times_problem(&inc));
    cr_assert_str_eq(incident_times_disorder(&inc), "acknowledged before detected");
    inc = incident(T, T - 60, NONE, NONE, NONE);
    cr_assert_null(incident_times_problem(&inc));
    cr_assert_str_eq(incident_times_disorder(&inc), "detected before started");
    /* with detected missing, an acknowledgement before started is before
     * the fallback detected */
    inc = incident(T, NONE, T - 5, NONE, T + 60);
    cr_assert_null(incident_times_problem(&inc));
    cr_assert_str_eq(incident_times_disorder(&inc), "acknowledged before detected");
    /* Orders no duration measures are accepted as the source wrote them:
     * detected after resolved (found in a review), mitigated after resolved,
     * acknowledged after resolved, acknowledged after mitigated. */
    inc = incident(T, T + 600, NONE, NONE, T + 300);
    cr_assert_null(incident_times_problem(&inc));
    inc = incident(T, NONE, NONE, T + 500, T + 400);
    cr_assert_null(incident_times_problem(&inc));
    inc = incident(T, T + 10, T + 900, T + 100, T + 300);
    cr_assert_null(incident_times_problem(&inc));
    /* with started missing, detected is the start */
    inc = incident(NONE, T, NONE, NONE, T - 1);
    cr_assert_str_eq(incident_times_problem(&inc), "resolved before started");
    /* equal times are consistent */
    inc = incident(T, T, T, T, T);
    cr_assert_null(incident_times_problem(&inc));
    cr_assert_null(incident_times_disorder(&inc));
}

Test(incident_times, measure_names)
{
    cr_assert_str_eq(incident_measure_name(MEASURE_TTD), "TTD");
    cr_assert_str_eq(incident_measure_name(MEASURE_TTA), "TTA");
    cr_assert_str_eq(incident_measure_name(MEASURE_TTM), "TTM");
    cr_assert_str_eq(incident_measure_name(MEASURE_TTR), "TTR");
    cr_assert_str_eq(incident_measure_name(MEASURE_COUNT), "?");
}
