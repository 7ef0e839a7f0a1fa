/* target.h — the availability target a result is judged against, chosen once
 * by the evaluation (engine/measure/eval.h): the commitment's (an SLA's or a
 * stored objective's uptime target), else the entity profile's slo_percent,
 * else TARGET_DEFAULT_PERCENT.
 *
 * Targets are percentages as documents write them. Arithmetic on them leaves
 * traces (99.9 / 100 is 0.9990000000000001), so they are compared and turned
 * into fractions at the precision they are written in: the percent rounded
 * to 1e-9. */
#ifndef SLAUDIT_TARGET_H
#define SLAUDIT_TARGET_H

#include <stdbool.h>

#include "engine/base/status.h"

struct store;

/* The target where nothing is committed and the profile states none. */
#define TARGET_DEFAULT_PERCENT 99.9

enum target_source {
    TARGET_DEFAULT,    /* TARGET_DEFAULT_PERCENT */
    TARGET_OBJECTIVE,  /* the entity profile's slo_percent */
    TARGET_COMMITMENT, /* the uptime target of an SLA or a stored objective */
};

/* "the default target", "the profile's objective", "the commitment's target". */
const char *target_source_phrase(enum target_source s);
/* "default", "objective", "commitment": the JSON name. */
const char *target_source_name(enum target_source s);

/* The percent as a fraction, as written: 99.9 gives 0.999. NAN stays NAN. */
double target_fraction(double percent);

/* True when the two percents are the same written value (equal once rounded
 * to 1e-9 %); two NANs are the same, a NAN and a number are not. */
bool target_same(double a_percent, double b_percent);

/* The slo_percent of entity's stored profile record (the first, as the audit
 * reads it), or NAN when there is none, it is not a number, or it is not in
 * (0, 100]. A record that does not parse states no objective: the audit
 * reports it. Fails only when the store does. */
enum sl_status target_objective(struct store *st, const char *entity, double *percent,
                                struct sl_diag *diag);

#endif
