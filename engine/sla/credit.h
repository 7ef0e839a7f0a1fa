/* credit.h — service credits from an SLA's credit table (docs/design.md §4).
 *
 * A tier matches an attainment when the attainment lies within the tier's
 * bounds with the inclusivity the document wrote: "99.0 % to less than
 * 99.9 %" is [99.0, 99.9). Attainments are compared to bounds with a tolerance
 * of CREDIT_EPSILON_PERCENT, so an attainment that is a bound in exact
 * arithmetic (43.2 minutes down in a 30-day month is exactly 99.9 %) is on
 * that bound, whatever the floating-point rounding of the division.
 *
 * An attainment that matches no tier is either "no credit due" (it meets the
 * target, or lies above every tier when no target is known) or a gap: below
 * the target yet in no tier — a hole in the document's table, reported as
 * such rather than read as zero. */
#ifndef SLAUDIT_CREDIT_H
#define SLAUDIT_CREDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/sla/sla_terms.h"

/* Percentage points within which an attainment equals a bound. */
#define CREDIT_EPSILON_PERCENT 1e-9

enum credit_match {
    CREDIT_NO_TABLE, /* the terms have no credit tiers */
    CREDIT_NONE_DUE, /* no tier applies and the target is met */
    CREDIT_TIER,     /* one tier applies */
    CREDIT_GAP,      /* below the target, yet no tier covers it */
    CREDIT_UNKNOWN   /* the attainment is unknown (no measured time) */
};

/* What a window held that a credit may be counted by: its countable
 * downtime (NAN when unknown), its length, its countable outages (-1 when
 * unknown). */
struct credit_window {
    double downtime_seconds;
    double window_seconds;
    long outages;
};

struct credit_result {
    enum credit_match match;
    long tier;             /* index into the tiers when match == CREDIT_TIER, else -1 */
    double tier_percent;   /* the tier's credit (per step: value × full steps short of the
                            * band's top); 0 unless CREDIT_TIER or not a share of the fee */
    double credit_percent; /* after the cap; 0 unless CREDIT_TIER or not a share of the fee */
    bool capped;           /* the cap lowered the credit */
    double amount;         /* credit_percent × fee / 100; NAN when the fee is unknown */
    /* The credit in the tier's unit (sla_credit_unit.h): PERCENT_OF_FEE when
     * no tier applies. owed is after the cap, tier_owed before it; both 0
     * unless CREDIT_TIER, NAN when the unit needs what the window does not
     * say (the downtime). currency: FIXED_AMOUNT's, else "". */
    enum sla_credit_unit unit;
    double tier_owed, owed;
    char currency[4];
};

const char *credit_match_name(enum credit_match m);

/* True when attainment_percent lies within tier t, bounds as written. */
bool credit_tier_contains(const struct sla_credit_tier *t, double attainment_percent);

/* The index of the first tier that contains attainment_percent, or -1. When
 * tiers overlap (a document error), the most generous one applies: the tier
 * with the highest credit, then the earliest. */
long credit_tier_lookup(const struct sla_credit_tier *tiers, size_t n, double attainment_percent);

/* The credit for one window. target_percent and cap_percent are NAN when
 * unknown; fee is the fee for the window (NAN when unknown); win what the
 * window held (NULL when unknown: the units counted by downtime owe NAN).
 * An attainment that is NAN gives CREDIT_UNKNOWN. */
void credit_compute(const struct sla_credit_tier *tiers, size_t n, double target_percent,
                    double cap_percent, double attainment_percent, double fee,
                    const struct credit_window *win, struct credit_result *out);

/* credit_compute() with the tiers and cap of t. */
void credit_for_terms(const struct sla_terms *t, double target_percent, double attainment_percent,
                      double fee, const struct credit_window *win, struct credit_result *out);

/* A credit is due: a tier applies and owes more than nothing (or an
 * amount the window does not give). */
bool credit_due(const struct credit_result *r);
/* The credit is a share of the fee (credit_percent and amount mean it):
 * the fee units and a pro-rata refund. */
bool credit_is_share(const struct credit_result *r);

#endif
