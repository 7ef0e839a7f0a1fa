/* sla_evidence.c — the SLA evidence of terms (sla_evidence.h). */
#include "engine/sla/sla_evidence.h"

#include <math.h>
#include <stdbool.h>

/* A tier that grants something: a share of the fee above 0, or a credit in
 * another unit. */
static bool
grants_credit(const struct sla_credit_tier *tier)
{
    return tier->unit == SLA_UNIT_PERCENT_OF_FEE ? tier->credit_percent > 0 : tier->value > 0;
}

int
sla_evidence_points(const struct sla_terms *t)
{
    int points = 0;
    if (t->ntargets && !t->target_implied)
        points += 3;
    for (size_t i = 0; i < t->ntiers; i++)
        if (grants_credit(&t->tiers[i])) {
            points += 3;
            break;
        }
    const bool one_each[] = {
        !isnan(t->credit_cap_percent) || t->credit_cap_text,
        t->claim_deadline_days >= 0 || t->claim_deadline_text,
        t->maintenance_excluded || t->nexclusions,
        t->sole_remedy,
        t->chronic_failure_termination,
        t->nresponse_times > 0,
        !isnan(t->incident_notice_hours),
        !isnan(t->rpo_minutes) || !isnan(t->rto_minutes),
    };
    for (size_t i = 0; i < sizeof one_each / sizeof *one_each; i++)
        points += one_each[i];
    return points;
}
