/* availability.c — the neutral measure's settings and the pooling of several
 * services' figures; the figures themselves come from the contract timeline
 * (engine/measure/contract.c). */
#include "engine/measure/availability.h"

#include <math.h>
#include <string.h>

void
availability_default_params(struct avail_params *p)
{
    memset(p, 0, sizeof *p);
    p->weight[SVC_DOWN] = 1.0;
    p->weight[SVC_MAINTENANCE] = 1.0;
    p->weight[SVC_PARTIAL] = AVAIL_DEFAULT_PARTIAL_WEIGHT;
    p->notice_seconds = AVAIL_DEFAULT_NOTICE_SECONDS;
    p->coverage.min = AVAIL_DEFAULT_COVERAGE_MIN;
    p->coverage.partial = AVAIL_DEFAULT_COVERAGE_PARTIAL;
}

double
availability_coverage(const struct avail_result *a)
{
    if (a->window_seconds <= 0)
        return NAN;
    return 1.0 - (double)a->unknown_seconds / (double)a->window_seconds;
}

/* Compared on the known seconds against threshold × window, with a tolerance
 * far below one second, so that 50 % of a window is exactly 50 %. */
static bool
below(const struct avail_result *a, double threshold)
{
    double known = (double)(a->window_seconds - a->unknown_seconds);
    return known < threshold * (double)a->window_seconds - 1e-6;
}

enum avail_coverage
availability_coverage_flag(const struct avail_result *a, const struct avail_coverage_rule *rule)
{
    if (a->window_seconds <= 0 || below(a, rule->min))
        return AVAIL_COVERAGE_INSUFFICIENT;
    if (below(a, rule->partial))
        return AVAIL_COVERAGE_PARTIAL;
    return AVAIL_COVERAGE_FULL;
}

const char *
availability_coverage_name(enum avail_coverage c)
{
    switch (c) {
    case AVAIL_COVERAGE_PARTIAL:
        return "partial";
    case AVAIL_COVERAGE_INSUFFICIENT:
        return "insufficient";
    case AVAIL_COVERAGE_FULL:
        break;
    }
    return "full";
}

const char *
availability_coverage_label(enum avail_coverage c)
{
    switch (c) {
    case AVAIL_COVERAGE_PARTIAL:
        return "partial coverage";
    case AVAIL_COVERAGE_INSUFFICIENT:
        return "insufficient coverage";
    case AVAIL_COVERAGE_FULL:
        break;
    }
    return NULL;
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
