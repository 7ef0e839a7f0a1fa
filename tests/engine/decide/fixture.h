/* fixture.h — the made-up organisation and measurements the decision tests
 * share (test_decide.c, test_decide_risk.c). The period is exactly one
 * average month (730.5 h), so a measured total is also its monthly figure
 * and the numbers are easy to follow by hand. */
#ifndef TESTS_DECIDE_FIXTURE_H
#define TESTS_DECIDE_FIXTURE_H

#include "engine/decide/decide.h"

#define MONTH DECIDE_HOURS_PER_MONTH
#define EPS 1e-6

/* Fills *p with a research org: 40 people, 8 platform engineers, all 8 on a
 * 24×7 rotation, 80 research GPUs; self-managed 2.00 a GPU-hour, managed
 * +25 % (2.50). One provider, "provider:a", with no price of its own; a
 * second, "provider:b", is named but counted only if a test raises
 * nproviders. The entity strings are literals: never freed. */
void fixture_profile(struct team_profile *p);

/* Measurements of one entity over one average month: full coverage, every
 * incident a page in the sleep band and acknowledged on record. A NaN
 * availability means no uptime was measured. */
struct decide_measured fixture_measured(const char *entity, double availability, long incidents,
                                        double incident_hours, double engineer_hours);

#endif
