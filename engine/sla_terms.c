/* sla_terms.c — lifecycle and names of SLA terms. */
#include "engine/sla_terms.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void
sla_terms_init(struct sla_terms *t)
{
    memset(t, 0, sizeof *t);
    t->credit_cap_percent = NAN;
    t->claim_deadline_days = -1;
    t->maintenance_notice_hours = NAN;
    t->incident_notice_hours = NAN;
    t->rpo_minutes = NAN;
    t->rto_minutes = NAN;
}

void
sla_terms_release(struct sla_terms *t)
{
    free(t->document);
    free(t->provider);
    free(t->service);
    for (size_t i = 0; i < t->ntargets; i++)
        free(t->targets[i].scope);
    free(t->targets);
    free(t->tiers);
    free(t->credit_cap_text);
    free(t->claim_deadline_text);
    for (size_t i = 0; i < t->nexclusions; i++)
        free(t->exclusions[i].text);
    free(t->exclusions);
    for (size_t i = 0; i < t->nresponse_times; i++)
        free(t->response_times[i].severity);
    free(t->response_times);
    sla_terms_init(t);
}

const char *
sla_window_name(enum sla_window w)
{
    switch (w) {
    case SLA_WINDOW_MONTH:
        return "month";
    case SLA_WINDOW_QUARTER:
        return "quarter";
    case SLA_WINDOW_YEAR:
        return "year";
    }
    return "month";
}

const char *
sla_coverage_name(enum sla_coverage c)
{
    switch (c) {
    case SLA_COVERAGE_24X7:
        return "24x7";
    case SLA_COVERAGE_BUSINESS_HOURS:
        return "business_hours";
    case SLA_COVERAGE_UNKNOWN:
        break;
    }
    return NULL;
}
