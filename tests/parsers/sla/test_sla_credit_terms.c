/* The credit side of the SLA reader (sla_credit_terms.c): the form of
 * credit, forfeiture at termination, who measures, the liability cap and
 * the minimum credit of every corpus document under tests/data/sla, against
 * the terms written by hand beside it (NAME.expected.json; a key left out
 * is not checked). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/jsondoc.h"
#include "engine/sla/sla_remedy.h"
#include "parsers/sla/sla_extract.h"

/* want[key] against got: null is absent (NAN), a number is equal. */
static void
expect_num(const struct json_node *want, const char *key, double got, const char *what)
{
    struct json_node *n = jsondoc_get(want, key);
    double v;
    if (!n)
        return;
    if (jsondoc_kind(n) == JNODE_NULL) {
        cr_expect(isnan(got), "%s: %s should be absent, got %g", what, key, got);
        return;
    }
    cr_assert(jsondoc_number(n, &v));
    cr_expect(fabs(got - v) < 1e-9, "%s: %s = %g, expected %g", what, key, got, v);
}

/* want[key] against got: null is NULL (or ""), a string is equal. */
static void
expect_str(const struct json_node *want, const char *key, const char *got, const char *what)
{
    struct json_node *n = jsondoc_get(want, key);
    if (!n)
        return;
    if (jsondoc_kind(n) == JNODE_NULL) {
        cr_expect(!got || !got[0], "%s: %s should be absent, got %s", what, key, got);
        return;
    }
    cr_expect_str_eq(got ? got : "(none)", jsondoc_string(n), "%s: %s", what, key);
}

static void
check_remedy(const struct json_node *exp, const struct sla_terms *t, const char *doc)
{
    struct json_node *tiers = jsondoc_get(exp, "credit_tiers");
    for (size_t i = 0; i < t->ntiers && i < jsondoc_size(tiers); i++) {
        struct json_node *e = jsondoc_at(tiers, i);
        const char *unit = jsondoc_get_string(e, "unit");
        if (!unit)
            continue;
        cr_expect_str_eq(sla_credit_unit_name(t->tiers[i].unit), unit, "%s: tier %zu unit", doc, i);
        if (t->tiers[i].unit == SLA_UNIT_PERCENT_PER_STEP) {
            expect_num(e, "value", t->tiers[i].value, doc);
            expect_num(e, "step_percent", t->tiers[i].step_percent, doc);
        } else if (!sla_credit_unit_of_fee(t->tiers[i].unit)) {
            expect_num(e, "value", t->tiers[i].value, doc);
            expect_str(e, "of", sla_credit_basis_name(t->tiers[i].basis), doc);
            expect_str(e, "currency", t->tiers[i].currency, doc);
        }
    }
    expect_str(exp, "measured_by", sla_measured_by_name(sla_remedy_measured_by(t)), doc);
    expect_str(exp, "credit_form", sla_credit_form_name(sla_remedy_credit_form(t)), doc);
    expect_num(exp, "credit_form_line", (double)sla_remedy_credit_form_line(t), doc);
    bool void_want;
    if (jsondoc_bool(jsondoc_get(exp, "void_at_termination"), &void_want))
        cr_expect_eq(t->void_at_termination, void_want, "%s: void_at_termination", doc);
    expect_num(exp, "void_at_termination_line", (double)t->void_at_termination_line, doc);
    struct json_node *l = jsondoc_get(exp, "liability_cap");
    if (l && jsondoc_kind(l) == JNODE_NULL)
        cr_expect(!sla_remedy_has_liability_cap(t), "%s: no liability cap", doc);
    else if (l) {
        cr_expect(sla_remedy_has_liability_cap(t), "%s: a liability cap", doc);
        expect_num(l, "percent", t->liability_cap.percent, doc);
        expect_num(l, "months", t->liability_cap.months, doc);
        expect_num(l, "amount", t->liability_cap.amount, doc);
        expect_str(l, "currency", t->liability_cap.currency, doc);
        expect_num(l, "line", (double)t->liability_cap.line, doc);
    }
    struct json_node *m = jsondoc_get(exp, "minimum_credit");
    if (m && jsondoc_kind(m) == JNODE_NULL)
        cr_expect(!sla_remedy_has_minimum_credit(t), "%s: no minimum credit", doc);
    else if (m) {
        cr_expect(sla_remedy_has_minimum_credit(t), "%s: a minimum credit", doc);
        expect_num(m, "amount", t->minimum_credit.amount, doc);
        expect_str(m, "currency", t->minimum_credit.currency, doc);
        expect_num(m, "percent", t->minimum_credit.percent, doc);
        expect_num(m, "line", (double)t->minimum_credit.line, doc);
    }
}

Test(sla_credit_terms, documents_match_their_hand_written_credit_side)
{
    const char *dir = "data/sla";
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "run from tests/");
    struct dirent *e;
    int remedy = 0;
    while ((e = readdir(d))) {
        const char *dot = strrchr(e->d_name, '.');
        if (e->d_name[0] == '.' || !dot || strstr(e->d_name, ".expected.json") ||
            !strcmp(dot, ".json"))
            continue;
        char path[512], exp_path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        snprintf(exp_path, sizeof exp_path, "%s/%.*s.expected.json", dir, (int)(dot - e->d_name),
                 e->d_name);
        FILE *f = fopen(exp_path, "rb");
        if (!f)
            continue;
        struct json_node *exp;
        struct sl_diag diag = {0};
        cr_assert_eq(jsondoc_load_file(f, exp_path, &exp, &diag), SL_OK, "%s", diag.message);
        fclose(f);
        struct sla_terms t;
        sla_terms_init(&t);
        cr_assert_eq(sla_extract_file(path, 0, &t, &diag), SL_OK, "%s", diag.message);
        check_remedy(exp, &t, e->d_name);
        remedy += jsondoc_get(exp, "credit_form") != NULL;
        sla_terms_release(&t);
        jsondoc_free(exp);
    }
    closedir(d);
    cr_assert_geq(remedy, 4, "each form of credit has a document");
}

static void
extract_string(const char *text, struct sla_terms *t)
{
    struct sla_text doc;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(text, strlen(text), "x.md", &doc, &d), SL_OK, "%s", d.message);
    sla_terms_init(t);
    cr_assert_eq(sla_extract_text(&doc, "x.md", 0, t, &d), SL_OK, "%s", d.message);
    sla_text_release(&doc);
}

Test(sla_credit_terms, a_forfeit_claim_is_not_forfeiture_at_termination)
{
    struct sla_terms t;
    extract_string("If the Customer does not comply, the Customer will forfeit its right to a "
                   "service credit.\n",
                   &t);
    cr_expect(!t.void_at_termination);
    sla_terms_release(&t);
}

Test(sla_credit_terms, a_refund_denied_is_not_the_refund_form)
{
    struct sla_terms t;
    extract_string("Service credits will not be refunded to you in cash.\n", &t);
    cr_expect_neq(sla_remedy_credit_form(&t), SLA_FORM_REFUND);
    sla_terms_release(&t);
}

Test(sla_credit_terms, a_liability_cap_is_not_a_credit_cap)
{
    struct sla_terms t;
    extract_string("Total liability shall not exceed the fees paid in the twelve months before "
                   "the claim.\n",
                   &t);
    cr_expect(isnan(t.credit_cap_percent));
    cr_expect_float_eq(t.liability_cap.percent, 100, 1e-9);
    cr_expect_float_eq(t.liability_cap.months, 12, 1e-9);
    sla_terms_release(&t);
}

Test(sla_credit_terms, a_minimum_in_millions_and_euros)
{
    struct sla_terms t;
    extract_string("Our liability is capped at EUR 1.5 million.\n\nNo service credit is issued "
                   "unless it is more than 5 euros; credits below 5 euros are not issued.\n",
                   &t);
    cr_expect_float_eq(t.liability_cap.amount, 1.5e6, 1e-6);
    cr_expect_str_eq(t.liability_cap.currency, "EUR");
    cr_expect_float_eq(t.minimum_credit.amount, 5, 1e-9);
    cr_expect_str_eq(t.minimum_credit.currency, "EUR");
    sla_terms_release(&t);
}

Test(sla_credit_terms, a_credit_per_step_beside_a_table_is_not_a_tier)
{
    /* The table states the bands; the sentence only explains them. */
    struct sla_terms t;
    extract_string("Uptime of at least 99.5% per year.\n\nA credit of 10% of the annual fees for "
                   "each full 0.5% below it.\n\n| Availability | Credit |\n|---|---|\n"
                   "| below 99.5% | 10% |\n",
                   &t);
    cr_assert_eq(t.ntiers, 1);
    cr_expect_eq(t.tiers[0].unit, SLA_UNIT_PERCENT_OF_FEE);
    sla_terms_release(&t);
}

/* One credit sentence under a 99.9 % commitment: its only tier. */
static void
expect_unit_tier(const char *sentence, enum sla_credit_unit unit, double value,
                 enum sla_credit_basis basis)
{
    char text[600];
    snprintf(text, sizeof text, "Uptime of at least 99.9%% per month.\n\n%s\n", sentence);
    struct sla_terms t;
    extract_string(text, &t);
    cr_assert_eq(t.ntiers, 1, "%s", sentence);
    cr_expect_eq(t.tiers[0].unit, unit, "%s: unit %s", sentence,
                 sla_credit_unit_name(t.tiers[0].unit));
    cr_expect_float_eq(t.tiers[0].value, value, 1e-9, "%s", sentence);
    cr_expect_eq(t.tiers[0].basis, basis, "%s", sentence);
    cr_expect(isnan(t.tiers[0].credit_percent), "%s: no percentage", sentence);
    cr_expect_float_eq(t.tiers[0].upper_percent, 99.9, 1e-9, "%s", sentence);
    sla_terms_release(&t);
}

Test(sla_credit_terms, credits_in_service_time)
{
    expect_unit_tier("A service credit of 100 times the downtime is granted.",
                     SLA_UNIT_SERVICE_TIME_MULTIPLE, 100, SLA_BASIS_DOWNTIME);
    expect_unit_tier("Service credits are calculated at a ratio of 30:1 against the outage.",
                     SLA_UNIT_SERVICE_TIME_MULTIPLE, 30, SLA_BASIS_DOWNTIME);
    expect_unit_tier("The credit is 10x the duration of the outage.",
                     SLA_UNIT_SERVICE_TIME_MULTIPLE, 10, SLA_BASIS_DOWNTIME);
    expect_unit_tier("Der Kunde erhält eine Gutschrift in Höhe des 10-fachen der Ausfallzeit.",
                     SLA_UNIT_SERVICE_TIME_MULTIPLE, 10, SLA_BASIS_DOWNTIME);
}

Test(sla_credit_terms, credits_in_days_money_credits_pro_rata_and_extensions)
{
    expect_unit_tier("We credit one day of service for each hour of downtime.",
                     SLA_UNIT_SERVICE_DAYS, 1, SLA_BASIS_DOWNTIME_HOUR);
    expect_unit_tier("The service credit is 3 days of service.", SLA_UNIT_SERVICE_DAYS, 3,
                     SLA_BASIS_NONE);
    expect_unit_tier("As a credit you receive 2 free months of service.", SLA_UNIT_SERVICE_DAYS, 60,
                     SLA_BASIS_NONE);
    expect_unit_tier("Als Gutschrift erhält der Kunde 2 Tage kostenlose Nutzung je Stunde "
                     "Ausfallzeit.",
                     SLA_UNIT_SERVICE_DAYS, 2, SLA_BASIS_DOWNTIME_HOUR);
    expect_unit_tier("We will credit your account with USD 50.", SLA_UNIT_FIXED_AMOUNT, 50,
                     SLA_BASIS_NONE);
    expect_unit_tier("We credit USD 25 for each hour of downtime.", SLA_UNIT_FIXED_AMOUNT, 25,
                     SLA_BASIS_DOWNTIME_HOUR);
    expect_unit_tier("A credit of 1,000 credits is added to the account.", SLA_UNIT_USAGE_CREDITS,
                     1000, SLA_BASIS_NONE);
    expect_unit_tier("Die Gutschrift ist eine anteilige Erstattung der Gebühren für die Dauer "
                     "der Nichtverfügbarkeit.",
                     SLA_UNIT_PRO_RATA, 1, SLA_BASIS_DOWNTIME);
    expect_unit_tier("As a credit, the subscription term is extended by 2 weeks.",
                     SLA_UNIT_LICENSE_EXTENSION, 14, SLA_BASIS_NONE);
    expect_unit_tier("Als Gutschrift wird die Laufzeit um 1 Monat verlängert.",
                     SLA_UNIT_LICENSE_EXTENSION, 30, SLA_BASIS_NONE);
}

Test(sla_credit_terms, figures_that_grant_no_credit_in_a_unit)
{
    static const char *const none[] = {
        /* A claim window, a minimum credit, a liability cap, a time. */
        "Credit claims must be made within 30 days of service disruption.",
        "Credits of less than USD 10 will not be issued.",
        "Our liability for credits shall not exceed USD 5,000.",
        "Credit requests received after 10:15 are handled the next day.",
        /* A count of claims, a claim's contents. */
        "Customers may claim at most 2 credits per month.",
        "Credit claims must include 3 days of service logs.",
    };
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        char text[600];
        snprintf(text, sizeof text, "Uptime of at least 99.9%% per month.\n\n%s\n", none[i]);
        struct sla_terms t;
        extract_string(text, &t);
        cr_expect_eq(t.ntiers, 0, "%s: %zu tiers", none[i], t.ntiers);
        sla_terms_release(&t);
    }
}

Test(sla_credit_terms, a_percentage_in_a_cell_wins_over_another_unit)
{
    /* "2 week extension or 10% of the fee" is read as its percentage. */
    struct sla_terms t;
    extract_string("Uptime of at least 99.5% per month.\n\n| Availability | Credit |\n|---|---|\n"
                   "| below 99.5% | 2 week extension or 10% of the monthly fee |\n",
                   &t);
    cr_assert_eq(t.ntiers, 1);
    cr_expect_eq(t.tiers[0].unit, SLA_UNIT_PERCENT_OF_FEE);
    cr_expect_float_eq(t.tiers[0].credit_percent, 10, 1e-9);
    sla_terms_release(&t);
}

Test(sla_credit_terms, the_form_of_credit_from_a_cell)
{
    struct sla_terms t;
    extract_string("Uptime of at least 99.5% per month.\n\n| Service credit | |\n|---|---|\n"
                   "| Paid as | Refund |\n",
                   &t);
    cr_expect_eq(t.credit_form, SLA_FORM_REFUND);
    cr_expect_eq(t.credit_form_line, 5);
    sla_terms_release(&t);
    /* A voucher in a cell is the voucher clause, as in prose. */
    extract_string("Uptime of at least 99.5% per month.\n\n| Service credit | |\n|---|---|\n"
                   "| Paid as | Voucher |\n",
                   &t);
    cr_expect_eq(sla_remedy_credit_form(&t), SLA_FORM_VOUCHER);
    cr_expect_eq(t.credit_form, SLA_FORM_UNKNOWN);
    cr_expect_not_null(sla_terms_clause(&t, SLA_CLAUSE_CREDITS_VOUCHER));
    sla_terms_release(&t);
    /* A cell outside any talk of credits names no form. */
    extract_string("Uptime of at least 99.5% per month.\n\n| Contact | |\n|---|---|\n"
                   "| Paid as | Refund |\n",
                   &t);
    cr_expect_eq(t.credit_form, SLA_FORM_UNKNOWN);
    sla_terms_release(&t);
}
