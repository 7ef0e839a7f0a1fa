/* The credit side of SLA terms (sla_remedy.h): the derived measured_by and
 * credit_form, and their JSON written and read back. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/base/strbuf.h"
#include "engine/sla/sla_json.h"
#include "engine/sla/sla_remedy.h"

static enum sl_status
read_json(const char *text, struct sla_terms *t, struct sl_diag *d)
{
    sla_terms_init(t);
    return sla_json_read(text, strlen(text), "t.json", t, d);
}

static void
add_clause(struct sla_terms *t, enum sla_clause_kind k)
{
    t->clauses = realloc(t->clauses, (t->nclauses + 1) * sizeof *t->clauses);
    cr_assert_not_null(t->clauses);
    t->clauses[t->nclauses++] = (struct sla_clause){k, NAN, NULL, 3};
}

Test(sla_remedy, measured_by_follows_the_clauses)
{
    struct sla_terms t;
    sla_terms_init(&t);
    cr_expect_eq(sla_remedy_measured_by(&t), SLA_MEASURED_UNKNOWN);
    add_clause(&t, SLA_CLAUSE_CUSTOMER_EVIDENCE);
    cr_expect_eq(sla_remedy_measured_by(&t), SLA_MEASURED_CUSTOMER_EVIDENCE);
    add_clause(&t, SLA_CLAUSE_MEASURED_BY_PROVIDER);
    cr_expect_eq(sla_remedy_measured_by(&t), SLA_MEASURED_EITHER);
    sla_terms_release(&t);
    sla_terms_init(&t);
    add_clause(&t, SLA_CLAUSE_MEASURED_BY_PROVIDER);
    cr_expect_str_eq(sla_measured_by_name(sla_remedy_measured_by(&t)), "provider");
    sla_terms_release(&t);
}

Test(sla_remedy, the_voucher_clause_is_the_voucher_form)
{
    struct sla_terms t;
    sla_terms_init(&t);
    t.credit_form = SLA_FORM_REFUND;
    t.credit_form_line = 9;
    cr_expect_eq(sla_remedy_credit_form(&t), SLA_FORM_REFUND);
    add_clause(&t, SLA_CLAUSE_CREDITS_VOUCHER);
    cr_expect_eq(sla_remedy_credit_form(&t), SLA_FORM_VOUCHER);
    cr_expect_eq(sla_remedy_credit_form_line(&t), 3);
    sla_terms_release(&t);
}

Test(sla_remedy, json_round_trip_keeps_the_credit_side)
{
    const char *in = "{\"credit_form\": \"service_extension\", \"credit_form_line\": 7,"
                     " \"void_at_termination\": true, \"void_at_termination_line\": 8,"
                     " \"measured_by\": \"either\","
                     " \"liability_cap\": {\"percent\": 200, \"of\": \"fees\", \"months\": 6,"
                     " \"text\": \"twice the fees\", \"line\": 9},"
                     " \"minimum_credit\": {\"amount\": 10, \"currency\": \"USD\", \"line\": 4}}";
    struct sla_terms t, back;
    struct sl_diag d = {0};
    cr_assert_eq(read_json(in, &t, &d), SL_OK, "%s", d.message);
    cr_expect_eq(t.credit_form, SLA_FORM_SERVICE_EXTENSION);
    cr_expect_eq(t.credit_form_line, 7);
    cr_expect(t.void_at_termination);
    cr_expect_eq(t.void_at_termination_line, 8);
    cr_expect_eq(sla_remedy_measured_by(&t), SLA_MEASURED_EITHER);
    cr_expect_float_eq(t.liability_cap.percent, 200, 1e-9);
    cr_expect_float_eq(t.liability_cap.months, 6, 1e-9);
    cr_expect(isnan(t.liability_cap.amount));
    cr_expect_str_eq(t.liability_cap.text, "twice the fees");
    cr_expect_float_eq(t.minimum_credit.amount, 10, 1e-9);
    cr_expect_str_eq(t.minimum_credit.currency, "USD");
    cr_expect(isnan(t.minimum_credit.percent));
    struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
    cr_assert_eq(sla_json_write(&a, &t, 1), SL_OK);
    cr_assert_eq(read_json(a.buf, &back, &d), SL_OK, "%s", d.message);
    cr_assert_eq(sla_json_write(&b, &back, 1), SL_OK);
    cr_expect_str_eq(a.buf, b.buf);
    cr_expect(strstr(a.buf, "\"credit_form\":\"service_extension\""), "%s", a.buf);
    cr_expect(strstr(a.buf, "\"measured_by\":\"either\""), "%s", a.buf);
    strbuf_release(&a);
    strbuf_release(&b);
    sla_terms_release(&t);
    sla_terms_release(&back);
}

Test(sla_remedy, a_voucher_from_json_is_the_clause)
{
    struct sla_terms t;
    struct sl_diag d = {0};
    cr_assert_eq(read_json("{\"credit_form\": \"voucher\", \"credit_form_line\": 5}", &t, &d),
                 SL_OK, "%s", d.message);
    const struct sla_clause *c = sla_terms_clause(&t, SLA_CLAUSE_CREDITS_VOUCHER);
    cr_assert_not_null(c);
    cr_expect_eq(c->line, 5);
    cr_expect_eq(t.credit_form, SLA_FORM_UNKNOWN);
    sla_terms_release(&t);
}

Test(sla_remedy, json_that_contradicts_its_clauses_is_an_error)
{
    struct sla_terms t;
    struct sl_diag d = {0};
    const char *form =
        "{\"clauses\": [{\"kind\": \"credits_voucher\"}], \"credit_form\": \"refund\"}";
    cr_expect_eq(read_json(form, &t, &d), SL_ERR_INPUT);
    cr_expect(strstr(d.message, "credit_form"), "%s", d.message);
    const char *by =
        "{\"clauses\": [{\"kind\": \"customer_evidence\"}], \"measured_by\": \"provider\"}";
    cr_expect_eq(read_json(by, &t, &d), SL_ERR_INPUT);
    cr_expect(strstr(d.message, "measured_by"), "%s", d.message);
    cr_expect_eq(read_json("{\"liability_cap\": 5}", &t, &d), SL_ERR_INPUT);
    cr_expect(strstr(d.message, "liability_cap"), "%s", d.message);
}

Test(sla_remedy, a_per_step_tier_is_read_back)
{
    const char *in = "{\"credit_tiers\": [{\"upper_percent\": 99.9, \"unit\": "
                     "\"percent_per_step\", \"value\": 5, \"step_percent\": 1}]}";
    struct sla_terms t;
    struct sl_diag d = {0};
    cr_assert_eq(read_json(in, &t, &d), SL_OK, "%s", d.message);
    cr_assert_eq(t.ntiers, 1);
    cr_expect_eq(t.tiers[0].unit, SLA_UNIT_PERCENT_PER_STEP);
    cr_expect_float_eq(t.tiers[0].value, 5, 1e-9);
    cr_expect_float_eq(t.tiers[0].step_percent, 1, 1e-9);
    cr_expect_float_eq(t.tiers[0].credit_percent, 5, 1e-9);
    struct strbuf a = STRBUF_INIT;
    cr_assert_eq(sla_json_write(&a, &t, 1), SL_OK);
    cr_expect(strstr(a.buf, "\"unit\":\"percent_per_step\",\"value\":5,\"step_percent\":1"), "%s",
              a.buf);
    strbuf_release(&a);
    sla_terms_release(&t);
    const char *unknown = "{\"credit_tiers\": [{\"upper_percent\": 99.9, \"unit\": "
                          "\"percent_of_revenue\", \"value\": 3}]}";
    cr_expect_eq(read_json(unknown, &t, &d), SL_ERR_INPUT);
    cr_expect(strstr(d.message, "credit_tiers[].unit"), "%s", d.message);
}
