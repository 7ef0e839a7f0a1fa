/* availability.h — the figures of a time-based availability measure and the
 * neutral measure's settings (docs/design.md §4):
 *
 *   A = 1 − Σ w(status)·|interval ∩ W′| / |W′|
 *
 * W′ is the window less eligible maintenance and less unknown time. One engine
 * computes these figures, the contract timeline of engine/measure/contract.h:
 * the neutral measure is its special case contract_rules_neutral() gives, with
 * the weights, notice and cap of struct avail_params copied in. This header
 * holds what every measure shares: the settings, the result, and the pooling
 * of several services' results. */
#ifndef SLAUDIT_AVAILABILITY_H
#define SLAUDIT_AVAILABILITY_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/model/model.h"

#define AVAIL_DEFAULT_NOTICE_SECONDS (48 * 3600)
#define AVAIL_DEFAULT_PARTIAL_WEIGHT 0.3

/* The settings of the neutral measure: the weights, and the notice and cap
 * that make maintenance eligible. */
struct avail_params {
    double weight[SVC_STATUS_COUNT]; /* downtime weight per status */
    int64_t notice_seconds;          /* announcement needed for eligible maintenance */
    int64_t maintenance_cap_seconds; /* eligible maintenance allowed per window; 0 = no cap */
};

struct avail_result {
    int64_t window_seconds;
    int64_t eligible_seconds;                 /* |W′| */
    int64_t unknown_seconds;                  /* left out: no monitoring */
    int64_t maintenance_seconds;              /* left out: eligible maintenance */
    int64_t ineligible_maintenance_seconds;   /* counted as downtime */
    int64_t status_seconds[SVC_STATUS_COUNT]; /* known time by worst status, within W′ */
    double downtime_seconds;                  /* Σ w·|interval ∩ W′| */
    double availability;                      /* valid when known */
    bool known;                               /* W′ is not empty: never 100 % of nothing */
};

/* The neutral defaults: down 1, maintenance (unannounced) 1, partial 0.3,
 * degraded 0, up 0; 48 h notice; no cap. */
void availability_default_params(struct avail_params *p);

/* Adds b's seconds into a and recomputes a's availability: the pooled figure
 * of several services (Σ downtime / Σ W′). */
void availability_pool(struct avail_result *a, const struct avail_result *b);

#endif
