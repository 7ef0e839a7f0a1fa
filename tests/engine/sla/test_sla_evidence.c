/* test_sla_evidence.c — the SLA evidence that decides whether sla score reads
 * a document as an SLA (engine/sla/sla_evidence.c, docs/sla.md §4). */
#include <criterion/criterion.h>
#include <math.h>

#include "engine/sla/sla_evidence.h"

static struct sla_uptime_target target = {.percent = 99.9};

Test(sla_evidence, nothing_is_no_evidence)
{
    struct sla_terms t;
    sla_terms_init(&t);
    cr_assert_eq(sla_evidence_points(&t), 0);
}

Test(sla_evidence, a_commitment_alone_reaches_the_threshold)
{
    struct sla_terms t;
    sla_terms_init(&t);
    t.targets = &target;
    t.ntargets = 1;
    cr_assert_eq(sla_evidence_points(&t), SLA_EVIDENCE_THRESHOLD);
    t.target_implied = true; /* the top of a credit table is no commitment of its own */
    cr_assert_eq(sla_evidence_points(&t), 0);
}

Test(sla_evidence, a_schedule_counts_only_when_it_grants_a_credit)
{
    struct sla_credit_tier tiers[] = {
        {.lower_percent = NAN, .upper_percent = 10, .credit_percent = 0, .value = 0},
        {.lower_percent = NAN, .upper_percent = 99, .credit_percent = 25, .value = 25},
    };
    struct sla_terms t;
    sla_terms_init(&t);
    t.tiers = tiers;
    t.ntiers = 1;
    cr_assert_eq(sla_evidence_points(&t), 0, "a results table's 0 %% is no credit");
    t.ntiers = 2;
    cr_assert_eq(sla_evidence_points(&t), 3);
}

Test(sla_evidence, other_terms_count_one_each)
{
    struct sla_terms t;
    sla_terms_init(&t);
    t.maintenance_excluded = true;
    t.sole_remedy = true;
    cr_assert_lt(sla_evidence_points(&t), SLA_EVIDENCE_THRESHOLD);
    t.claim_deadline_days = 30;
    t.rpo_minutes = 15;
    cr_assert_eq(sla_evidence_points(&t), 4);
}
