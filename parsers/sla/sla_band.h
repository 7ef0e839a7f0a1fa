/* sla_band.h — one credit band read from its words: the bounds and the
 * inclusivity the document wrote. The comparisons and range words are rows
 * of the phrasing table (SLA_FILL_BAND_OP, SLA_FILL_BAND_RANGE).
 *
 *   "less than 99.9% but equal to or greater than 99.0%"  [99.0, 99.9)
 *   "99.00% <= Availability < 99.90%"                      [99.0, 99.9)
 *   "99.0% - 99.9%", "99.95 to 99%"                        both ends included
 *   "98% or less"                                          (open, 98]
 *
 * A comparison before a figure applies to it ("< 95"); one after a figure
 * and before the subject is turned round ("95 <= uptime" is uptime >= 95). A
 * bare figure alone reads as "below" it. Figures followed by a unit that is
 * not a percentage ("43.2 min") are not bounds. */
#ifndef SLAUDIT_SLA_BAND_H
#define SLAUDIT_SLA_BAND_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/sla/sla_terms.h"
#include "parsers/sla/sla_match.h"

/* Fills the bounds and inclusivity of tier (not its credit or line). Returns
 * false when text holds no bound; *explicit_op is false when the only bound
 * is a bare figure, which prose must not read as a band. */
bool sla_band_parse(const struct sla_matcher *mx, const char *text, size_t len,
                    struct sla_credit_tier *tier, bool *explicit_op);

/* Reads schedules written as upper bounds only ("< 99.95% | 10%", "< 99% |
 * 25%") as ladders: each tier runs down to the next one's bound. Tiers more
 * than a few lines apart are separate schedules. */
void sla_band_close_ladders(struct sla_terms *t);

#endif
