/* credit.c — credit-tier lookup with the document's own bound inclusivity, the
 * cap, and the amount. */
#include "engine/sla/credit.h"

#include <math.h>
#include <string.h>

#include "engine/sla/sla_credit_unit.h"

static const char *const match_names[] = {"no_table", "none_due", "tier", "gap", "unknown"};
_Static_assert(sizeof match_names / sizeof match_names[0] == CREDIT_UNKNOWN + 1,
               "one name per credit_match");

const char *
credit_match_name(enum credit_match m)
{
    return (unsigned)m <= CREDIT_UNKNOWN ? match_names[m] : "?";
}

/* -1, 0 or 1 as a is below, on or above bound, within the tolerance. */
static int
compare_to_bound(double a, double bound)
{
    if (fabs(a - bound) <= CREDIT_EPSILON_PERCENT)
        return 0;
    return a < bound ? -1 : 1;
}

bool
credit_tier_contains(const struct sla_credit_tier *t, double attainment_percent)
{
    if (isnan(attainment_percent))
        return false;
    if (!isnan(t->lower_percent)) {
        int c = compare_to_bound(attainment_percent, t->lower_percent);
        if (c < 0 || (c == 0 && !t->lower_inclusive))
            return false;
    }
    if (!isnan(t->upper_percent)) {
        int c = compare_to_bound(attainment_percent, t->upper_percent);
        if (c > 0 || (c == 0 && !t->upper_inclusive))
            return false;
    }
    return true;
}

long
credit_tier_lookup(const struct sla_credit_tier *tiers, size_t n, double attainment_percent)
{
    long best = -1;
    for (size_t i = 0; i < n; i++)
        if (credit_tier_contains(&tiers[i], attainment_percent) &&
            (best < 0 || tiers[i].credit_percent > tiers[best].credit_percent))
            best = (long)i;
    return best;
}

/* True when attainment lies above every tier's upper bound, which is how a
 * table with no stated target still says "no credit". */
static bool
above_every_tier(const struct sla_credit_tier *tiers, size_t n, double a)
{
    for (size_t i = 0; i < n; i++) {
        if (isnan(tiers[i].upper_percent))
            return false;
        int c = compare_to_bound(a, tiers[i].upper_percent);
        if (c < 0 || (c == 0 && tiers[i].upper_inclusive))
            return false;
    }
    return true;
}

/* The credit tier t grants at attainment a: as written, or for
 * PERCENT_PER_STEP value × the full steps a lies below the band's top (the
 * target when the band is open above). */
static double
tier_credit(const struct sla_credit_tier *t, double target, double a)
{
    if (t->unit != SLA_UNIT_PERCENT_PER_STEP)
        return t->credit_percent;
    double top = isnan(t->upper_percent) ? target : t->upper_percent;
    if (isnan(top) || !(t->step_percent > 0) || a >= top)
        return 0;
    /* "Each full step": a shortfall that is a whole number of steps in exact
     * arithmetic counts all of them, whatever the rounding. */
    double steps = floor((top - a) / t->step_percent + CREDIT_EPSILON_PERCENT);
    return steps * t->value;
}

void
credit_compute(const struct sla_credit_tier *tiers, size_t n, double target_percent,
               double cap_percent, double attainment_percent, double fee,
               const struct credit_window *win, struct credit_result *out)
{
    memset(out, 0, sizeof *out);
    out->match = CREDIT_NO_TABLE;
    out->tier = -1;
    out->unit = SLA_UNIT_PERCENT_OF_FEE;
    out->amount = NAN;
    if (isnan(attainment_percent)) {
        out->match = CREDIT_UNKNOWN;
        return;
    }
    if (n == 0)
        return;
    long i = credit_tier_lookup(tiers, n, attainment_percent);
    if (i < 0) {
        bool met = isnan(target_percent)
                       ? above_every_tier(tiers, n, attainment_percent)
                       : compare_to_bound(attainment_percent, target_percent) >= 0;
        out->match = met ? CREDIT_NONE_DUE : CREDIT_GAP;
        /* A gap owes an amount the document does not say: it stays unknown. */
        if (met && !isnan(fee))
            out->amount = 0;
        return;
    }
    out->match = CREDIT_TIER;
    out->tier = i;
    out->unit = tiers[i].unit;
    if (!sla_credit_unit_of_fee(tiers[i].unit)) {
        sla_credit_unit_owe(&tiers[i], win, cap_percent, fee, out);
        return;
    }
    out->tier_percent = tier_credit(&tiers[i], target_percent, attainment_percent);
    out->credit_percent = out->tier_percent;
    if (!isnan(cap_percent) && out->credit_percent > cap_percent) {
        out->credit_percent = cap_percent;
        out->capped = true;
    }
    out->tier_owed = out->tier_percent;
    out->owed = out->credit_percent;
    if (!isnan(fee))
        out->amount = fee * out->credit_percent / 100.0;
}

void
credit_for_terms(const struct sla_terms *t, double target_percent, double attainment_percent,
                 double fee, const struct credit_window *win, struct credit_result *out)
{
    credit_compute(t->tiers, t->ntiers, target_percent, t->credit_cap_percent, attainment_percent,
                   fee, win, out);
}

bool
credit_is_share(const struct credit_result *r)
{
    return sla_credit_unit_of_fee(r->unit) || r->unit == SLA_UNIT_PRO_RATA;
}

bool
credit_due(const struct credit_result *r)
{
    if (r->match != CREDIT_TIER)
        return false;
    if (sla_credit_unit_of_fee(r->unit))
        return r->credit_percent > 0;
    return !(r->owed <= 0); /* NAN: due, how much unknown */
}
