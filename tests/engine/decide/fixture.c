/* fixture.c — the decision tests' shared organisation and measurements
 * (fixture.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fixture.h"

void
fixture_profile(struct team_profile *p)
{
    team_profile_init(p);
    p->type = TEAM_RESEARCH;
    p->size = 40;
    p->platform_engineers = 8;
    p->entity = (char *)"team:t";
    p->rotation_size = 8;
    p->hours_covered_week = 168;
    p->research_gpus = 80;
    p->engineer_hour = 100;
    p->gpu_hour_self = 2.0;
    p->managed_premium = 0.25;
    p->lost_research_hour = 1000;
    p->routine_ops_hours = 200;
    p->on_call_hour = 5;
    p->providers[0].entity = (char *)"provider:a";
    p->providers[0].gpu_hour = NAN;
    p->providers[1].entity = (char *)"provider:b";
    p->providers[1].gpu_hour = NAN;
    p->nproviders = 1;
}

struct decide_measured
fixture_measured(const char *entity, double availability, long incidents, double incident_hours,
                 double engineer_hours)
{
    struct decide_measured m;
    memset(&m, 0, sizeof m);
    snprintf(m.entity, sizeof m.entity, "%s", entity);
    m.period_hours = MONTH;
    m.days = 30;
    m.has_uptime = !isnan(availability);
    m.availability = availability;
    m.coverage = 1.0;
    m.incidents = incidents;
    m.incident_hours = incident_hours;
    m.engineer_hours = engineer_hours;
    m.pages.count[BAND_SLEEP] = incidents;
    m.pages.total = incidents;
    m.tta.n = incidents; /* every incident acknowledged on record */
    return m;
}
