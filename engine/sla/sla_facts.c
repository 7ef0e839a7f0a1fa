/* sla_facts.c — the facts the scorecard reads from SLA terms (sla_facts.h). */
#include "engine/sla/sla_facts.h"

#include <math.h>
#include <string.h>
#include <strings.h>

#define MONTH_MINUTES (730.0 * 60)

static bool
names_maintenance(const char *text)
{
    if (!text)
        return false;
    for (const char *p = text; *p; p++)
        if (!strncasecmp(p, "maintenance", 11))
            return true;
    return false;
}

/* Whether tier a, rather than b, is the worst tier's credit: the larger
 * share of the fee; a share before a credit in another unit (NAN), which no
 * percentage can be weighed against; between two of those, the lower band
 * (an open bottom lowest). */
static bool
weighs_more(const struct sla_credit_tier *a, const struct sla_credit_tier *b)
{
    if (!isnan(a->credit_percent) || !isnan(b->credit_percent))
        return a->credit_percent > b->credit_percent ||
               (isnan(b->credit_percent) && !isnan(a->credit_percent));
    if (isnan(a->lower_percent) != isnan(b->lower_percent))
        return isnan(a->lower_percent);
    return a->lower_percent < b->lower_percent;
}

void
sla_facts_read(const struct sla_terms *t, double fast_first_minutes, struct sla_facts *f)
{
    memset(f, 0, sizeof *f);
    for (size_t i = 0; i < t->ntargets; i++)
        if (!f->target || t->targets[i].percent > f->target->percent)
            f->target = &t->targets[i];
    f->month_budget_minutes = f->target ? (1 - f->target->percent / 100) * MONTH_MINUTES : NAN;
    for (size_t i = 0; i < t->ntiers; i++)
        if (!f->worst || weighs_more(&t->tiers[i], f->worst))
            f->worst = &t->tiers[i];
    for (size_t i = 0; i < t->nclauses; i++)
        if (!f->clause[t->clauses[i].kind])
            f->clause[t->clauses[i].kind] = &t->clauses[i];

    f->maintenance_excluded = t->maintenance_excluded;
    for (size_t i = 0; i < t->nexclusions && !f->maintenance_line; i++)
        if (names_maintenance(t->exclusions[i].text)) {
            f->maintenance_excluded = true;
            f->maintenance_line = t->exclusions[i].line;
        }
    for (size_t i = 0; i < t->nclauses && !f->maintenance_line; i++) {
        const struct sla_clause *c = &t->clauses[i];
        if ((c->kind == SLA_CLAUSE_CATCH_ALL_EXCLUSION || c->kind == SLA_CLAUSE_MAINTENANCE_CAP) &&
            names_maintenance(c->text)) {
            f->maintenance_excluded = true;
            f->maintenance_line = c->line;
        }
    }

    f->fast_first_mins = fast_first_minutes;
    for (size_t i = 0; i < t->nresponse_times; i++) {
        const struct sla_response_time *r = &t->response_times[i];
        if (r->resolution) {
            f->resolutions++;
            continue;
        }
        f->responses++;
        if (!f->response_line)
            f->response_line = r->line;
        if (i == 0 && r->minutes <= fast_first_minutes)
            f->fast_first = true;
    }
}
