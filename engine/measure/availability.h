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

/* Minimum coverage (docs/design.md §4). Coverage is 1 − unknown ÷ window (a
 * pooled row's window is the sum of its services' windows). Below min the
 * availability is not a number ("insufficient coverage"); from min up to
 * partial it is shown and flagged "partial coverage"; at partial and above it
 * is full. Both are fractions, settings of the run. */
#define AVAIL_DEFAULT_COVERAGE_MIN 0.50
#define AVAIL_DEFAULT_COVERAGE_PARTIAL 0.95

struct avail_coverage_rule {
    double min;     /* below: insufficient */
    double partial; /* below (and at least min): partial */
};

enum avail_coverage {
    AVAIL_COVERAGE_FULL,
    AVAIL_COVERAGE_PARTIAL,
    AVAIL_COVERAGE_INSUFFICIENT,
};

/* The settings of the neutral measure: the weights, and the notice and cap
 * that make maintenance eligible. */
struct avail_params {
    double weight[SVC_STATUS_COUNT];     /* downtime weight per status */
    int64_t notice_seconds;              /* announcement needed for eligible maintenance */
    int64_t maintenance_cap_seconds;     /* eligible maintenance allowed per window; 0 = no cap */
    struct avail_coverage_rule coverage; /* minimum coverage thresholds */
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

/* 1 − unknown ÷ window; NAN for an empty window. */
double availability_coverage(const struct avail_result *a);

/* The flag of a's coverage under rule (insufficient for an empty window).
 * A window whose known time is all maintenance can be full yet not known. */
enum avail_coverage availability_coverage_flag(const struct avail_result *a,
                                               const struct avail_coverage_rule *rule);

/* "full", "partial", "insufficient" (the JSON and CSV value). */
const char *availability_coverage_name(enum avail_coverage c);

/* "partial coverage", "insufficient coverage" (the text shown); NULL for full. */
const char *availability_coverage_label(enum avail_coverage c);

/* The neutral defaults: down 1, maintenance (unannounced) 1, partial 0.3,
 * degraded 0, up 0; 48 h notice; no cap. */
void availability_default_params(struct avail_params *p);

/* Adds b's seconds into a and recomputes a's availability: the pooled figure
 * of several services (Σ downtime / Σ W′). */
void availability_pool(struct avail_result *a, const struct avail_result *b);

#endif
