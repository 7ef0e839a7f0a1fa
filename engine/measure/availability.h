/* availability.h — time-based availability of one service over one window
 * (docs/design.md §4).
 *
 *   A = 1 − Σ w(status)·|interval ∩ W′| / |W′|
 *
 * W′ is the window less eligible maintenance and less unknown time. Where
 * intervals overlap (several sources), each instant takes the worst status.
 * Maintenance is eligible when announced at least notice_seconds before it
 * starts and while the window's maintenance cap lasts; ineligible maintenance
 * counts as downtime (weight 1), whatever the probes said. A `maintenance`
 * status that no maintenance window covers is unannounced and also counts as
 * downtime. An instant no interval covers, or covered only by `unknown`, is
 * unknown. A window with no known time has no availability (known = false),
 * never 100 %. */
#ifndef SLAUDIT_AVAILABILITY_H
#define SLAUDIT_AVAILABILITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/model/model.h"
#include "engine/base/status.h"

#define AVAIL_DEFAULT_NOTICE_SECONDS (48 * 3600)
#define AVAIL_DEFAULT_PARTIAL_WEIGHT 0.3

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
    bool known;
};

/* The neutral defaults: down 1, maintenance (unannounced) 1, partial 0.3,
 * degraded 0, up 0; 48 h notice; no cap. */
void availability_default_params(struct avail_params *p);

/* Computes over [from, to). intervals and maint need not be sorted and may
 * extend past the window. */
enum sl_status availability_compute(const struct interval *intervals, size_t n,
                                    const struct maintenance *maint, size_t nmaint, int64_t from,
                                    int64_t to, const struct avail_params *p,
                                    struct avail_result *out);

/* Adds b's seconds into a and recomputes a's availability: the pooled figure
 * of several services (Σ downtime / Σ W′). */
void availability_pool(struct avail_result *a, const struct avail_result *b);

#endif
