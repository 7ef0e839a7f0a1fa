/* availability.c — the neutral measure's settings and the pooling of several
 * services' figures; the figures themselves come from the contract timeline
 * (engine/measure/contract.c). */
#include "engine/measure/availability.h"

#include <string.h>

void
availability_default_params(struct avail_params *p)
{
    memset(p, 0, sizeof *p);
    p->weight[SVC_DOWN] = 1.0;
    p->weight[SVC_MAINTENANCE] = 1.0;
    p->weight[SVC_PARTIAL] = AVAIL_DEFAULT_PARTIAL_WEIGHT;
    p->notice_seconds = AVAIL_DEFAULT_NOTICE_SECONDS;
}

void
availability_pool(struct avail_result *a, const struct avail_result *b)
{
    a->window_seconds += b->window_seconds;
    a->eligible_seconds += b->eligible_seconds;
    a->unknown_seconds += b->unknown_seconds;
    a->maintenance_seconds += b->maintenance_seconds;
    a->ineligible_maintenance_seconds += b->ineligible_maintenance_seconds;
    for (int s = 0; s < SVC_STATUS_COUNT; s++)
        a->status_seconds[s] += b->status_seconds[s];
    a->downtime_seconds += b->downtime_seconds;
    a->known = a->eligible_seconds > 0;
    a->availability = a->known ? 1.0 - a->downtime_seconds / (double)a->eligible_seconds : 0.0;
}
