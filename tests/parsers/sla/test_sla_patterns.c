/* test_sla_patterns.c — the clause rows of parsers/sla/sla_patterns.c that
 * the scorecard's reviewer flags rest on: an effort instead of a commitment,
 * measurement by the provider, credits as vouchers, evidence the customer
 * must bring; and the lines of the claim deadline, cap and sole remedy. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/sla/sla_terms.h"
#include "parsers/sla/sla_extract.h"
#include "parsers/sla/sla_text.h"

static void
extract(const char *doc, struct sla_terms *t)
{
    struct sla_text text;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(doc, strlen(doc), "test.md", &text, &d), SL_OK, "%s", d.message);
    sla_terms_init(t);
    cr_assert_eq(sla_extract_text(&text, "test.md", 0, t, &d), SL_OK, "%s", d.message);
    sla_text_release(&text);
}

static long
clause_line(const char *doc, enum sla_clause_kind k)
{
    struct sla_terms t;
    extract(doc, &t);
    const struct sla_clause *c = sla_terms_clause(&t, k);
    long line = c ? c->line : 0;
    sla_terms_release(&t);
    return line;
}

Test(sla_patterns, reasonable_efforts_towards_the_uptime)
{
    cr_assert_eq(clause_line("Title\n\nWe will use commercially reasonable efforts to make the "
                             "Service available with a Monthly Uptime Percentage of 99.9%.\n",
                             SLA_CLAUSE_BEST_EFFORTS),
                 3);
    cr_assert_eq(clause_line("Title\n\nWe will make the Service available 99.9% of the time.\n",
                             SLA_CLAUSE_BEST_EFFORTS),
                 0, "a plain commitment");
    cr_assert_eq(clause_line("Title\n\nWe take commercially reasonable steps to minimise data "
                             "loss.\n",
                             SLA_CLAUSE_BEST_EFFORTS),
                 0, "not about the uptime");
}

Test(sla_patterns, measured_by_the_provider)
{
    cr_assert_eq(clause_line("Title\n\nUptime is at least 99.9% a month, as measured by "
                             "Examplecorp.\n",
                             SLA_CLAUSE_MEASURED_BY_PROVIDER),
                 3);
    cr_assert_eq(clause_line("Title\n\nOur monitoring records shall prevail in any dispute.\n",
                             SLA_CLAUSE_MEASURED_BY_PROVIDER),
                 3, "the provider's records prevail");
    cr_assert_eq(clause_line("Title\n\nMonthly Uptime Percentage is calculated by subtracting "
                             "from 100% the percentage of minutes unavailable.\n",
                             SLA_CLAUSE_MEASURED_BY_PROVIDER),
                 0, "a formula is not a measurer");
    cr_assert_eq(clause_line("Title\n\nThe credit is the pro-rata cost, as determined by the "
                             "provider in its reasonable discretion.\n",
                             SLA_CLAUSE_MEASURED_BY_PROVIDER),
                 0, "a price, not the uptime");
}

Test(sla_patterns, credits_as_vouchers)
{
    cr_assert_eq(clause_line("Title\n\nCompensation will be made in the form of voucher.\n",
                             SLA_CLAUSE_CREDITS_VOUCHER),
                 3);
    cr_assert_eq(clause_line("Title\n\nThe fee excludes gift vouchers and discount vouchers.\n",
                             SLA_CLAUSE_CREDITS_VOUCHER),
                 0, "vouchers the customer paid with are no credit");
}

Test(sla_patterns, the_customer_must_prove)
{
    cr_assert_eq(clause_line("Title\n\nTo claim, the Customer must prove the Failed Requests "
                             "it claims.\n",
                             SLA_CLAUSE_CUSTOMER_EVIDENCE),
                 3);
    cr_assert_eq(clause_line("Title\n\nThe burden of proof lies with the Customer.\n",
                             SLA_CLAUSE_CUSTOMER_EVIDENCE),
                 3);
}

Test(sla_patterns, claim_cap_and_sole_remedy_keep_their_lines)
{
    struct sla_terms t;
    extract("Title\n\nCredits are your sole and exclusive remedy.\n\nService credits will not "
            "exceed 50% of the monthly fee.\n\nYou must submit a claim within 30 days of the "
            "incident.\n",
            &t);
    cr_assert(t.sole_remedy);
    cr_assert_eq(t.sole_remedy_line, 3);
    cr_assert_float_eq(t.credit_cap_percent, 50, 1e-9);
    cr_assert_eq(t.credit_cap_line, 5);
    cr_assert_eq(t.claim_deadline_days, 30);
    cr_assert_eq(t.claim_deadline_line, 7);
    sla_terms_release(&t);
}

/* The claim deadline keeps its unit as written: months stay months, business
 * days business days, weeks are days. */
Test(sla_patterns, the_claim_deadline_keeps_its_unit)
{
    static const struct {
        const char *words;
        enum sla_claim_unit unit;
        double amount;
    } cases[] = {
        {"within two (2) months of the end of the month", SLA_CLAIM_MONTHS, 2},
        {"within 15 business days of the incident", SLA_CLAIM_BUSINESS_DAYS, 15},
        {"within 2 weeks of the incident", SLA_CLAIM_DAYS, 14},
        {"within 72 hours of the incident", SLA_CLAIM_HOURS, 72},
        {"within thirty (30) days of the incident", SLA_CLAIM_DAYS, 30},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char doc[300];
        snprintf(doc, sizeof doc, "Title\n\nTo receive a service credit, submit a claim %s.\n",
                 cases[i].words);
        struct sla_terms t;
        extract(doc, &t);
        cr_expect_eq(t.claim_deadline_unit, cases[i].unit, "%s", cases[i].words);
        cr_expect_float_eq(t.claim_deadline_amount, cases[i].amount, 1e-9, "%s", cases[i].words);
        sla_terms_release(&t);
    }
}

/* A credit cap says what it is a share of: "the applicable Monthly Service
 * Fee" is the monthly fee; "the fees for the affected service" the affected
 * service's. */
Test(sla_patterns, the_credit_cap_names_what_it_is_a_share_of)
{
    static const struct {
        const char *sentence;
        double percent;
        enum sla_cap_of of;
    } cases[] = {
        {"Service credits shall be no more than the applicable Monthly Service Fee.", 100,
         SLA_CAP_OF_MONTHLY_FEE},
        {"Service credits will not exceed 50% of the fees paid for the affected service.", 50,
         SLA_CAP_OF_AFFECTED_SERVICE_FEE},
        {"Service credits will not exceed 30% of the annual fees.", 30, SLA_CAP_OF_UNKNOWN},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char doc[300];
        snprintf(doc, sizeof doc, "Title\n\n%s\n", cases[i].sentence);
        struct sla_terms t;
        extract(doc, &t);
        cr_expect_float_eq(t.credit_cap_percent, cases[i].percent, 1e-9, "%s", cases[i].sentence);
        cr_expect_eq(t.credit_cap_of, cases[i].of, "%s", cases[i].sentence);
        sla_terms_release(&t);
    }
}
