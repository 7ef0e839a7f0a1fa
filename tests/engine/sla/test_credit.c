/* test_credit.c — credit tiers with the document's inclusivity, gaps, the cap
 * and the amount (engine/credit.c, docs/design.md §4). The table is the common
 * shape: 10 % below 99.9 %, 25 % below 99.0 %, 100 % below 95.0 %. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/sla/credit.h"

#define EPS 1e-9

static const struct sla_credit_tier table[] = {
    {99.0, 99.9, true, false, 10, 11, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE,
     ""}, /* [99.0, 99.9) */
    {95.0, 99.0, true, false, 25, 12, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE,
     ""}, /* [95.0, 99.0) */
    {NAN, 95.0, false, false, 100, 13, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE,
     ""}, /* below 95.0 */
};

static struct credit_result
credit(const struct sla_credit_tier *t, size_t n, double target, double cap, double a, double fee)
{
    struct credit_result r;
    credit_compute(t, n, target, cap, a, fee, NULL, &r);
    return r;
}

Test(credit, met_target_owes_nothing)
{
    struct credit_result r = credit(table, 3, 99.9, NAN, 99.95, 1000);
    cr_assert_eq(r.match, CREDIT_NONE_DUE);
    cr_assert_eq(r.tier, -1);
    cr_assert_float_eq(r.credit_percent, 0, EPS);
    cr_assert_float_eq(r.amount, 0, EPS);
}

Test(credit, exactly_on_the_exclusive_upper_bound)
{
    /* 99.9 is not < 99.9: no tier, and the target is met. */
    struct credit_result r = credit(table, 3, 99.9, NAN, 99.9, NAN);
    cr_assert_eq(r.match, CREDIT_NONE_DUE);
    cr_assert(isnan(r.amount));
}

Test(credit, exactly_on_the_inclusive_lower_bound)
{
    /* 99.0 is in [99.0, 99.9): 10 %, not 25 %. */
    struct credit_result r = credit(table, 3, 99.9, NAN, 99.0, 2000);
    cr_assert_eq(r.match, CREDIT_TIER);
    cr_assert_eq(r.tier, 0);
    cr_assert_float_eq(r.credit_percent, 10, EPS);
    cr_assert_float_eq(r.amount, 200, EPS);
}

Test(credit, exactly_on_an_exclusive_lower_bound_alone)
{
    /* One band (99.0, 99.9): 99.0 is not in it, and no larger band below
     * takes it, so the value falls in no band: a gap, not 10 %. */
    static const struct sla_credit_tier open_below[] = {
        {99.0, 99.9, false, false, 10, 1, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""}};
    struct credit_result r = credit(open_below, 1, 99.9, NAN, 99.0, 1000);
    cr_assert_eq(r.match, CREDIT_GAP);
    cr_assert_eq(r.tier, -1);
    r = credit(open_below, 1, 99.9, NAN, 99.0001, 1000);
    cr_assert_eq(r.match, CREDIT_TIER, "just above the bound is in the band");
    cr_assert_float_eq(r.amount, 100, EPS);
}

Test(credit, bound_reached_through_rounding)
{
    /* 43.2 min down in a 30-day month is 99.9 % exactly; the division need
     * not give exactly 99.9 in floating point, the tolerance does. */
    double a = 100.0 * (1.0 - 2592.0 / 2592000.0);
    cr_assert_eq(credit(table, 3, 99.9, NAN, a, NAN).match, CREDIT_NONE_DUE);
    double b = 100.0 * (1.0 - 25920.0 / 2592000.0); /* 99.0 */
    cr_assert_eq(credit(table, 3, 99.9, NAN, b, NAN).tier, 0);
}

Test(credit, inclusivity_as_written_the_other_way)
{
    /* "more than 99.0 % and up to 99.9 %": (99.0, 99.9], then [95.0, 99.0]. */
    static const struct sla_credit_tier t[] = {
        {99.0, 99.9, false, true, 10, 1, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""},
        {95.0, 99.0, true, true, 25, 2, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""},
    };
    cr_assert_eq(credit(t, 2, 99.95, NAN, 99.9, NAN).tier, 0);
    cr_assert_eq(credit(t, 2, 99.95, NAN, 99.0, NAN).tier, 1);
    cr_assert_eq(credit(t, 2, 99.95, NAN, 99.5, NAN).tier, 0);
}

Test(credit, gap_in_the_table_is_reported)
{
    /* Nothing between 95 and 99: 97 % is below the target yet in no tier. */
    static const struct sla_credit_tier t[] = {
        {99.0, 99.9, true, false, 10, 1, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""},
        {NAN, 95.0, false, false, 50, 2, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""},
    };
    struct credit_result r = credit(t, 2, 99.9, NAN, 97.0, 1000);
    cr_assert_eq(r.match, CREDIT_GAP);
    cr_assert_eq(r.tier, -1);
    cr_assert(isnan(r.amount), "a gap owes an unknown amount, not zero");
    cr_assert_str_eq(credit_match_name(r.match), "gap");
}

Test(credit, gap_between_target_and_first_tier)
{
    /* Target 99.95 but credits start below 99.9: 99.92 is a gap. */
    cr_assert_eq(credit(table, 3, 99.95, NAN, 99.92, NAN).match, CREDIT_GAP);
}

Test(credit, no_target_uses_the_table_top)
{
    cr_assert_eq(credit(table, 3, NAN, NAN, 99.95, NAN).match, CREDIT_NONE_DUE);
    cr_assert_eq(credit(table, 3, NAN, NAN, 99.5, NAN).tier, 0);
}

Test(credit, cap_lowers_the_credit)
{
    /* 90 % falls in the 100 % tier; the cap is 50 %; fee 3000 → 1500. */
    struct credit_result r = credit(table, 3, 99.9, 50, 90.0, 3000);
    cr_assert_eq(r.tier, 2);
    cr_assert_float_eq(r.tier_percent, 100, EPS);
    cr_assert_float_eq(r.credit_percent, 50, EPS);
    cr_assert(r.capped);
    cr_assert_float_eq(r.amount, 1500, EPS);
}

Test(credit, cap_above_the_credit_changes_nothing)
{
    struct credit_result r = credit(table, 3, 99.9, 50, 98.0, NAN);
    cr_assert_float_eq(r.credit_percent, 25, EPS);
    cr_assert_not(r.capped);
}

Test(credit, overlapping_tiers_take_the_larger_credit)
{
    static const struct sla_credit_tier t[] = {
        {98.0, 99.9, true, false, 10, 1, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""},
        {95.0, 99.0, true, false, 25, 2, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""},
    };
    cr_assert_eq(credit_tier_lookup(t, 2, 98.5), 1);
    cr_assert_eq(credit_tier_lookup(t, 2, 99.5), 0);
    cr_assert_eq(credit_tier_lookup(t, 2, 94.0), -1);
}

Test(credit, unknown_attainment_and_no_table)
{
    cr_assert_eq(credit(table, 3, 99.9, NAN, NAN, 100).match, CREDIT_UNKNOWN);
    cr_assert_eq(credit(NULL, 0, 99.9, NAN, 90.0, 100).match, CREDIT_NO_TABLE);
}

Test(credit, terms_supply_tiers_and_cap)
{
    struct sla_terms t;
    struct sla_credit_tier tiers[3];
    memcpy(tiers, table, sizeof tiers);
    sla_terms_init(&t);
    t.tiers = tiers;
    t.ntiers = 3;
    t.credit_cap_percent = 30;
    struct credit_result r;
    credit_for_terms(&t, 99.9, 94.0, 100, NULL, &r);
    cr_assert_float_eq(r.credit_percent, 30, EPS);
    cr_assert_float_eq(r.amount, 30, EPS);
}

/* 5 % of the fee for each full 1 % below 99.9 %, open below. */
static const struct sla_credit_tier per_step[] = {
    {NAN, 99.9, false, false, 5, 1, SLA_UNIT_PERCENT_PER_STEP, 5, 1, SLA_BASIS_NONE, ""},
};

Test(credit, per_step_counts_full_steps_of_the_shortfall)
{
    /* 99.9 - 97.4 = 2.5 points: two full steps, 10 %; of a 200 fee, 20. */
    struct credit_result r = credit(per_step, 1, 99.9, NAN, 97.4, 200);
    cr_assert_eq(r.match, CREDIT_TIER);
    cr_assert_float_eq(r.credit_percent, 10, EPS);
    cr_assert_float_eq(r.amount, 20, EPS);
    /* Exactly three points short: three steps, 15 %. */
    cr_assert_float_eq(credit(per_step, 1, 99.9, NAN, 96.9, 100).credit_percent, 15, EPS);
    /* Less than a full step short: in the band, nothing owed. */
    r = credit(per_step, 1, 99.9, NAN, 99.5, 100);
    cr_assert_eq(r.match, CREDIT_TIER);
    cr_assert_float_eq(r.credit_percent, 0, EPS);
}

Test(credit, per_step_is_capped)
{
    /* 99.9 - 80 = 19.9 points: 19 steps, 95 %, capped at 50 %. */
    struct credit_result r = credit(per_step, 1, 99.9, 50, 80.0, 100);
    cr_assert_float_eq(r.tier_percent, 95, EPS);
    cr_assert_float_eq(r.credit_percent, 50, EPS);
    cr_assert(r.capped);
}

Test(credit, per_step_open_above_counts_from_the_target)
{
    /* A band with no top counts the steps from the target: 99 - 97.5 = 1.5
     * points of 0.5, three steps of 2 %. */
    static const struct sla_credit_tier open[] = {
        {NAN, NAN, false, false, 2, 1, SLA_UNIT_PERCENT_PER_STEP, 2, 0.5, SLA_BASIS_NONE, ""},
    };
    cr_assert_float_eq(credit(open, 1, 99.0, NAN, 97.5, 100).credit_percent, 6, EPS);
}
