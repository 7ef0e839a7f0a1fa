/* sla_criteria.h — the criteria of the SLA scorecard: sla_criteria[] (in
 * sla_score.h) and the function that gives each its points from the facts
 * of the terms, with the one points schedule of sla_points.h. */
#ifndef SLAUDIT_SLA_CRITERIA_H
#define SLAUDIT_SLA_CRITERIA_H

#include <stddef.h>

#include "engine/sla/sla_facts.h"
#include "engine/sla/sla_score.h"

/* Fills sc->criteria, sc->ncriteria and sc->total; nissues is the number of
 * gaps and overlaps of the credit bands. */
void sla_criteria_score(const struct sla_terms *t, const struct sla_facts *f, size_t nissues,
                        struct sla_scorecard *sc);

#endif
