/* test_sla_criteria.c — the criteria and the red flags read the same facts
 * of the terms (engine/sla/sla_facts.c, sla_criteria.c): a criterion never
 * says what a flag's quoted line contradicts, each flag cites its line, and
 * the flags a reviewer must catch (efforts, provider-only measurement,
 * vouchers, a maintenance allowance over the downtime budget, a short claim
 * window) are raised. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sla/sla_score.h"

static void
add_target(struct sla_terms *t, double pct, long line)
{
    t->targets = realloc(t->targets, (t->ntargets + 1) * sizeof *t->targets);
    cr_assert_not_null(t->targets);
    t->targets[t->ntargets++] =
        (struct sla_uptime_target){.percent = pct, .window = SLA_WINDOW_MONTH, .line = line};
}

static void
add_clause(struct sla_terms *t, enum sla_clause_kind k, double value, const char *text, long line)
{
    t->clauses = realloc(t->clauses, (t->nclauses + 1) * sizeof *t->clauses);
    cr_assert_not_null(t->clauses);
    t->clauses[t->nclauses++] = (struct sla_clause){k, value, strdup(text), line};
}

static void
add_exclusion(struct sla_terms *t, const char *text, long line)
{
    t->exclusions = realloc(t->exclusions, (t->nexclusions + 1) * sizeof *t->exclusions);
    cr_assert_not_null(t->exclusions);
    t->exclusions[t->nexclusions++] = (struct sla_exclusion){strdup(text), line};
}

static const struct sla_flag *
flag_of(const struct sla_scorecard *sc, const char *rule)
{
    for (size_t i = 0; i < sc->nflags; i++)
        if (!strcmp(sc->flags[i].rule, rule))
            return &sc->flags[i];
    return NULL;
}

static const struct sla_criterion *
criterion_of(const struct sla_scorecard *sc, const char *id)
{
    for (size_t i = 0; i < sc->ncriteria; i++)
        if (!strcmp(sc->criteria[i].id, id))
            return &sc->criteria[i];
    cr_assert_fail("no criterion %s", id);
    return NULL;
}

/* An exclusion that names maintenance is a maintenance exclusion, even when
 * no sentence set maintenance_excluded: the criterion does not give the full
 * 8 points for "not excluded" while SLA-006 quotes that exclusion. */
Test(sla_criteria, an_exclusion_naming_maintenance_is_read_by_both)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    add_target(&t, 99.9, 3);
    add_exclusion(&t, "Emergency maintenance", 12);
    cr_assert_not(t.maintenance_excluded);
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    const struct sla_criterion *c = criterion_of(&sc, "maintenance");
    cr_assert_lt(c->points, c->weight, "%s", c->reason);
    cr_assert_eq(c->line, 12);
    const struct sla_flag *f = flag_of(&sc, "SLA-006");
    cr_assert_not_null(f);
    cr_assert_eq(f->line, 12);
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

Test(sla_criteria, an_open_ended_clause_naming_maintenance_counts_too)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    add_clause(&t, SLA_CLAUSE_CATCH_ALL_EXCLUSION, NAN, "emergency maintenance", 20);
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_assert_eq(criterion_of(&sc, "maintenance")->line, 20);
    cr_assert_not_null(flag_of(&sc, "SLA-005"));
    cr_assert_not_null(flag_of(&sc, "SLA-006"));
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

Test(sla_criteria, no_maintenance_term_gives_the_full_points)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    add_exclusion(&t, "Customer's own equipment", 12);
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_assert_float_eq(criterion_of(&sc, "maintenance")->points, 8, 1e-9);
    cr_assert_null(flag_of(&sc, "SLA-006"));
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

/* Evidence the customer must bring takes the points away, and the reason
 * says so; without such a clause the reason says none was found. */
Test(sla_criteria, the_claim_reason_follows_the_evidence_clause)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    t.claim_deadline_days = 30;
    t.claim_deadline_text = strdup("within 30 days");
    t.claim_deadline_line = 7;
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    const struct sla_criterion *c = criterion_of(&sc, "claim_process");
    cr_assert(strstr(c->reason, "no term makes the customer bring evidence"), "%s", c->reason);
    cr_assert_float_eq(c->points, 3 + 4, 1e-9);
    cr_assert_eq(c->line, 7);
    sla_scorecard_release(&sc);
    add_clause(&t, SLA_CLAUSE_CUSTOMER_EVIDENCE, NAN, "must prove Failed Requests", 9);
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    c = criterion_of(&sc, "claim_process");
    cr_assert(strstr(c->reason, "the customer must bring the evidence"), "%s", c->reason);
    cr_assert_float_eq(c->points, 3 + 2, 1e-9);
    cr_assert_eq(c->line, 9);
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

/* The claim flag cites the deadline's line; under 30 days it says so in its
 * title. */
Test(sla_criteria, a_short_claim_window_is_flagged_at_its_line)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    t.claim_deadline_days = 10;
    t.claim_deadline_text = strdup("within 10 days");
    t.claim_deadline_line = 14;
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    const struct sla_flag *f = flag_of(&sc, "SLA-008");
    cr_assert_not_null(f);
    cr_assert_eq(f->line, 14);
    cr_assert_str_eq(f->title, "claim window under 30 days");
    sla_scorecard_release(&sc);
    t.claim_deadline_days = 30;
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_assert_str_eq(flag_of(&sc, "SLA-008")->title, "credits must be claimed");
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

Test(sla_criteria, the_sole_remedy_flag_cites_its_line)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    t.sole_remedy = true;
    t.sole_remedy_line = 33;
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_assert_eq(flag_of(&sc, "SLA-001")->line, 33);
    cr_assert_eq(criterion_of(&sc, "credit_cap_remedy")->line, 33);
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

/* A clause that raises a flag of its own, cited at the clause's line with
 * the clause's words; no such clause, no flag. Where a sharper flag would
 * take its place, that one is not raised by the clause alone. */
static const struct clause_flag_case {
    const char *name;
    enum sla_clause_kind kind;
    const char *text;
    long line;
    const char *flag;
    const char *not_flag; /* NULL: none to check */
} clause_flag_cases[] = {
    {"efforts instead of a commitment", SLA_CLAUSE_BEST_EFFORTS, "commercially reasonable efforts",
     4, "SLA-015", NULL},
    {"provider-only measurement", SLA_CLAUSE_MEASURED_BY_PROVIDER, "as measured by the provider", 5,
     "SLA-016", "SLA-007"},
    {"credits as vouchers", SLA_CLAUSE_CREDITS_VOUCHER, "in the form of voucher", 39, "SLA-017",
     NULL},
};

Test(sla_criteria, a_clause_raises_its_flag_at_its_line)
{
    for (size_t i = 0; i < sizeof clause_flag_cases / sizeof clause_flag_cases[0]; i++) {
        const struct clause_flag_case *c = &clause_flag_cases[i];
        struct sla_terms t;
        struct sla_scorecard sc;
        sla_terms_init(&t);
        cr_assert_eq(sla_score(&t, &sc), SL_OK, "%s", c->name);
        cr_assert_null(flag_of(&sc, c->flag), "%s: no clause, no %s", c->name, c->flag);
        sla_scorecard_release(&sc);
        add_clause(&t, c->kind, NAN, c->text, c->line);
        cr_assert_eq(sla_score(&t, &sc), SL_OK, "%s", c->name);
        const struct sla_flag *f = flag_of(&sc, c->flag);
        cr_assert_not_null(f, "%s: no %s", c->name, c->flag);
        cr_assert_eq(f->line, c->line, "%s: %s at line %ld", c->name, c->flag, f->line);
        cr_assert_str_eq(f->quote, c->text, "%s: %s quotes '%s'", c->name, c->flag, f->quote);
        if (c->not_flag)
            cr_assert_null(flag_of(&sc, c->not_flag), "%s: %s as well", c->name, c->not_flag);
        sla_scorecard_release(&sc);
        sla_terms_release(&t);
    }
}

/* Measured by the provider alone is SLA-016 (above); with a claim needing
 * the customer's evidence as well, the sharper SLA-007 instead. */
Test(sla_criteria, provider_only_measurement_with_customer_evidence)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    add_clause(&t, SLA_CLAUSE_MEASURED_BY_PROVIDER, NAN, "as measured by the provider", 5);
    add_clause(&t, SLA_CLAUSE_CUSTOMER_EVIDENCE, NAN, "must include logs", 8);
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_assert_null(flag_of(&sc, "SLA-016"));
    cr_assert_eq(flag_of(&sc, "SLA-007")->line, 8);
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

/* 8 h of maintenance a month against 99.9 % (43.8 min): flagged; half an
 * hour fits the budget; no target, no budget to compare with. */
Test(sla_criteria, a_maintenance_allowance_over_the_downtime_budget)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    t.maintenance_excluded = true;
    add_clause(&t, SLA_CLAUSE_MAINTENANCE_CAP, 8, "maintenance will not exceed 8 hours", 21);
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_assert_null(flag_of(&sc, "SLA-018"));
    sla_scorecard_release(&sc);
    add_target(&t, 99.9, 3);
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    const struct sla_flag *f = flag_of(&sc, "SLA-018");
    cr_assert_not_null(f);
    cr_assert_eq(f->line, 21);
    cr_assert(strstr(f->detail, "44 minutes"), "%s", f->detail);
    sla_scorecard_release(&sc);
    t.clauses[0].value = 0.5;
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_assert_null(flag_of(&sc, "SLA-018"));
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

/* Two months is 60 days to the claim criterion; ten days is a short window. */
Test(sla_criteria, a_claim_deadline_in_months_counts_as_days)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    t.claim_deadline_text = strdup("within two (2) months");
    t.claim_deadline_unit = SLA_CLAIM_MONTHS;
    t.claim_deadline_amount = 2;
    cr_assert_float_eq(sla_claim_deadline_days(&t), 60, 1e-9);
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_assert_float_eq(criterion_of(&sc, "claim_process")->points, 4 + 4, 1e-9);
    cr_assert(strstr(flag_of(&sc, "SLA-008")->detail, "(2 months)"), "%s",
              flag_of(&sc, "SLA-008")->detail);
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

/* A schedule in units that are no share of the fee: the worst tier is the
 * lowest band (no percentage to weigh), it scores as "lower" (1) plus the
 * tiers (2) and the fit (2), and no percentage is made up for it. */
Test(sla_criteria, a_schedule_in_another_unit_weighs_its_lowest_band)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    add_target(&t, 99.5, 3);
    static const struct {
        double lo, hi, value;
        enum sla_credit_unit unit;
    } rows[] = {
        {99.0, 99.5, 3, SLA_UNIT_SERVICE_DAYS},
        {NAN, 95.0, 30, SLA_UNIT_LICENSE_EXTENSION},
        {95.0, 99.0, 50, SLA_UNIT_FIXED_AMOUNT},
    };
    t.tiers = calloc(3, sizeof *t.tiers);
    cr_assert_not_null(t.tiers);
    for (size_t i = 0; i < 3; i++)
        t.tiers[t.ntiers++] = (struct sla_credit_tier){.lower_percent = rows[i].lo,
                                                       .upper_percent = rows[i].hi,
                                                       .lower_inclusive = true,
                                                       .credit_percent = NAN,
                                                       .line = 7 + (long)i,
                                                       .unit = rows[i].unit,
                                                       .value = rows[i].value};
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    const struct sla_criterion *c = criterion_of(&sc, "credit_schedule");
    cr_expect_float_eq(c->points, 5, 1e-9);
    cr_expect_eq(c->line, 8, "the open band below 95 %%");
    cr_expect(strstr(c->reason, "worst subscription extended by 30 days (no share of the fee"),
              "%s", c->reason);
    cr_assert_null(flag_of(&sc, "SLA-002"));
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}
