/* decide_evidence.c — the evidence minimums of the measured checks
 * (decide.h, docs/decide.md §2.1): below them a check says "not enough
 * evidence", never pass or fail, and the decision offers the guide's way
 * to gather it. */
#include <math.h>
#include <stdio.h>

#include "engine/decide/decide.h"

/* "only 10 days measured (at least 28)" when the period is too short. */
static bool
span_enough(const struct decide_measured *m, char *why, size_t size)
{
    if (m->days >= DECIDE_MIN_DAYS)
        return true;
    snprintf(why, size, "%s: %d %s measured (at least %d)", m->entity, m->days,
             m->days == 1 ? "day" : "days", DECIDE_MIN_DAYS);
    return false;
}

static double
monitored_days(const struct decide_measured *m)
{
    return m->has_uptime ? m->coverage * m->period_hours / 24.0 : 0;
}

bool
decide_enough_record(const struct decide_measured *m, char *why, size_t size)
{
    why[0] = '\0';
    if (!span_enough(m, why, size))
        return false;
    if (monitored_days(m) >= DECIDE_MIN_DAYS)
        return true;
    snprintf(why, size, "%s: %.1f days of monitoring on record (at least %d)", m->entity,
             monitored_days(m), DECIDE_MIN_DAYS);
    return false;
}

bool
decide_enough_availability(const struct decide_measured *m, char *why, size_t size)
{
    why[0] = '\0';
    if (!span_enough(m, why, size))
        return false;
    if (m->has_uptime && m->coverage >= DECIDE_COVERAGE_FULL)
        return true;
    snprintf(why, size,
             "%s: %.1f %% of service time monitored, %.1f of %d days (at least %.0f %% for an "
             "availability to judge by)",
             m->entity, m->has_uptime ? 100.0 * m->coverage : 0.0, monitored_days(m), m->days,
             100.0 * DECIDE_COVERAGE_FULL);
    return false;
}

bool
decide_enough_incidents(const struct decide_measured *m, char *why, size_t size)
{
    why[0] = '\0';
    if (!span_enough(m, why, size))
        return false;
    /* Where uptime is on record, incidents count only as far as it goes:
     * ten days of records are ten days of incidents too. */
    if (m->has_uptime && monitored_days(m) < DECIDE_MIN_DAYS) {
        snprintf(why, size, "%s: %.1f days on record (at least %d)", m->entity, monitored_days(m),
                 DECIDE_MIN_DAYS);
        return false;
    }
    /* The evaluation's own flag: fewer durations than it judges by. */
    if (m->incidents >= DECIDE_MIN_INCIDENTS && !m->ttr.low_sample)
        return true;
    snprintf(why, size,
             "%s: %ld %s in %d days, %ld with a duration (at least %d, the evaluation's "
             "low-sample limit)",
             m->entity, m->incidents, m->incidents == 1 ? "incident" : "incidents", m->days,
             m->ttr.n, DECIDE_MIN_INCIDENTS);
    return false;
}

/* The days the team must be measured for: DECIDE_MIN_DAYS, or the time its
 * incident rate takes to reach DECIDE_MIN_INCIDENTS; NAN when no rate is
 * known (no incident on record). */
static double
days_needed(const struct decide_measured *t)
{
    double on_record = t->has_uptime ? monitored_days(t) : t->days;
    if (t->incidents <= 0 || on_record <= 0)
        return NAN;
    double per_day = (double)t->incidents / on_record;
    return fmax(DECIDE_MIN_DAYS, ceil(DECIDE_MIN_INCIDENTS / per_day));
}

void
decide_evidence_path(const struct team_profile *p, const struct decide_measured *t,
                     enum decide_model answer, char *out, size_t size)
{
    double days = days_needed(t);
    char how_long[160];
    if (isnan(days))
        snprintf(how_long, sizeof how_long,
                 "for at least %d days and until %d incidents are on record (none in the %d "
                 "days measured)",
                 DECIDE_MIN_DAYS, DECIDE_MIN_INCIDENTS, t->days);
    else
        snprintf(how_long, sizeof how_long,
                 "for about %.0f days (at least %d, and %d incidents at the measured %.2f a day)",
                 days, DECIDE_MIN_DAYS, DECIDE_MIN_INCIDENTS,
                 (double)t->incidents / (t->has_uptime ? monitored_days(t) : t->days));
    snprintf(out, size,
             "the guide's path: %s and measure %s's operations %s, with at least %.0f %% of "
             "service time monitored, every incident recorded with its acknowledgement and "
             "resolution, and its on-call shifts, and each candidate provider's availability "
             "over the same days; then decide again on that record",
             answer == DECIDE_MANAGED ? "start managed"
                                      : "keep what runs (or start managed) while the record grows",
             p->entity, how_long, 100.0 * DECIDE_COVERAGE_FULL);
}
