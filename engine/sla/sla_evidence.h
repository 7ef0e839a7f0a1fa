/* sla_evidence.h — how much of a service level agreement a document's
 * terms are. A README that quotes an SLA's output, a CSV export or a
 * results table can give a figure or a clause; an SLA commits to a level
 * and says what it pays. `sla score` refuses a document whose evidence is
 * under SLA_EVIDENCE_THRESHOLD (docs/sla.md §4). */
#ifndef SLAUDIT_SLA_EVIDENCE_H
#define SLAUDIT_SLA_EVIDENCE_H

#include "engine/sla/sla_terms.h"

/* An uptime commitment or a credit schedule is enough; without either,
 * three other terms. */
#define SLA_EVIDENCE_THRESHOLD 3

/* The points of t's evidence: an uptime commitment (one stated, not implied
 * by a credit table) 3; a credit schedule that grants a credit 3; a credit
 * cap, a claim deadline, maintenance or other exclusions, credits as the
 * sole remedy, a termination right for chronic failure, response targets,
 * an incident notice, an RPO or RTO: 1 each. */
int sla_evidence_points(const struct sla_terms *t);

#endif
