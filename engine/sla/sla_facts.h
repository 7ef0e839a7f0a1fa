/* sla_facts.h — what the scorecard knows about a document, read once from
 * its terms. The criteria and the red flags both read these facts and
 * nothing else, so a criterion cannot say "maintenance is not excluded"
 * while a flag quotes a maintenance exclusion. */
#ifndef SLAUDIT_SLA_FACTS_H
#define SLAUDIT_SLA_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/sla/sla_terms.h"

struct sla_facts {
    const struct sla_uptime_target *target; /* the highest committed uptime, or NULL */
    const struct sla_credit_tier *worst;    /* the tier with the largest credit, or NULL */
    /* Maintenance is outside the downtime: the terms say so, or an
     * exclusion or open-ended clause names it. The line is the first such
     * term's (0 when the terms say so without a line). */
    bool maintenance_excluded;
    long maintenance_line;
    double month_budget_minutes; /* the downtime the target allows in 730 h; NAN: no target */
    /* The clause of each kind, or NULL. */
    const struct sla_clause *clause[SLA_CLAUSE_COUNT];
    size_t responses, resolutions;
    long response_line;     /* the first response target's line */
    bool fast_first;        /* the first severity answered within the schedule's limit */
    double fast_first_mins; /* the limit used */
};

/* Reads f from t; fast_first_minutes is the first-severity response limit. */
void sla_facts_read(const struct sla_terms *t, double fast_first_minutes, struct sla_facts *f);

#endif
