/* test_eval_fees.c — fees stored with commitments and credits per
 * commitment (engine/measure/eval.c, eval_credits.c): two services with
 * different fees, one contract row per service and window, the pooled row
 * neither priced nor said to have no burn alerts. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/measure/eval.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */
#define MIN 60

static struct fixture fx;

/* 99.9 % a month; [99, 99.9) → 10 %, below 99 → 25 %. */
static const char terms_json[] =
    "{\"document\":\"acme-sla.md\",\"uptime_targets\":[{\"percent\":99.9,\"window\":\"month\","
    "\"line\":1}],\"credit_tiers\":[{\"lower_percent\":99,\"lower_inclusive\":true,"
    "\"upper_percent\":99.9,\"upper_inclusive\":false,\"credit_percent\":10,\"line\":2},"
    "{\"lower_percent\":null,\"lower_inclusive\":false,\"upper_percent\":99,"
    "\"upper_inclusive\":false,\"credit_percent\":25,\"line\":3}]}";

static void
add_series(const char *service, int64_t down_minutes)
{
    struct sl_diag d;
    struct interval up = {.entity = "provider:acme",
                          .service = service,
                          .start = OCT1,
                          .end = NOV1 - down_minutes * MIN,
                          .status = SVC_UP};
    struct interval down = up;
    down.start = up.end;
    down.end = NOV1;
    down.status = SVC_DOWN;
    cr_assert_eq(store_add_interval(fx.st, &up, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_add_interval(fx.st, &down, &d), SL_OK, "%s", d.message);
}

static void
store_sla(const char *sha, const char *service, double fee, const char *currency)
{
    bool already, replaced;
    struct sl_diag d;
    struct source_counts counts = {0};
    struct commitment c = {.entity = "provider:acme",
                           .service = service,
                           .kind = "sla",
                           .effective_from = SLTIME_NONE,
                           .document = "acme-sla.md",
                           .terms = terms_json,
                           .has_fee = true,
                           .fee = fee,
                           .currency = currency};
    cr_assert_eq(store_source_begin(fx.st, sha, sha, "sla", 1, &already, &d), SL_OK);
    cr_assert_eq(store_add_commitment(fx.st, &c, &replaced, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
}

/* October (44,640 min): gpu down 60 min, 99.866 % → 10 %; storage down
 * 600 min, 98.656 % → 25 %. The SLA of every service at 1,000 USD each,
 * and storage's own at 4,000 USD. */
static void
setup(void)
{
    bool already;
    struct sl_diag d;
    struct source_counts counts = {0};
    fixture_open(&fx);
    cr_assert_eq(store_source_begin(fx.st, "t.csv", "abc", "test", 1, &already, &d), SL_OK);
    add_series("gpu", 60);
    add_series("storage", 600);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
    store_sla("every", NULL, 1000, "USD");
    store_sla("storage", "storage", 4000, "USD");
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(eval_fees, .init = setup, .fini = teardown);

static void
run(struct eval_params *p, struct eval_result *r)
{
    struct sl_diag d = {0};
    p->from = OCT1;
    p->to = NOV1;
    p->entity = "provider:acme";
    cr_assert_eq(eval_run(fx.st, p, r, &d), SL_OK, "%s", d.message);
}

static const struct eval_contract_row *
row_of(const struct eval_result *r, const char *service, size_t *count)
{
    const struct eval_contract_row *found = NULL;
    *count = 0;
    for (size_t i = 0; i < r->ncontract; i++) {
        const char *s = r->contract[i].service;
        if ((!s && !service) || (s && service && !strcmp(s, service))) {
            found = &r->contract[i];
            (*count)++;
        }
    }
    return found;
}

static size_t
commitment_of(const struct eval_result *r, const char *service)
{
    for (size_t k = 0; k < r->ncommitments; k++) {
        const char *s = r->commitments[k].service;
        if ((!s && !service) || (s && service && !strcmp(s, service)))
            return k;
    }
    cr_assert_fail("no commitment for %s", service ? service : "(all)");
    return 0;
}

Test(eval_fees, stored_fees_price_each_service_with_its_own)
{
    struct eval_params p;
    struct eval_result r;
    size_t n;
    eval_default_params(&p);
    run(&p, &r);
    cr_assert_eq(r.ncommitments, 2);
    const struct eval_contract_row *gpu = row_of(&r, "gpu", &n);
    cr_assert_eq(n, 1);
    cr_assert_float_eq(gpu->attainment.credit.credit_percent, 10, 1e-9);
    cr_assert_float_eq(gpu->attainment.credit.amount, 100, 1e-9); /* 10 % of 1,000 */
    const struct eval_contract_row *storage = row_of(&r, "storage", &n);
    cr_assert_eq(n, 1, "one contract row: storage's own SLA, not also the entity's");
    cr_assert_eq(storage->commitment, commitment_of(&r, "storage"));
    cr_assert_float_eq(storage->attainment.credit.credit_percent, 25, 1e-9);
    cr_assert_float_eq(storage->attainment.credit.amount, 1000, 1e-9); /* 25 % of 4,000 */
    cr_assert_str_eq(r.params.commitments[storage->commitment].currency, "USD");

    /* The pooled row measures gpu alone (storage has its own SLA), is not
     * priced, and has no burn alerts of its own (not "none fired"). */
    const struct eval_contract_row *all = row_of(&r, NULL, &n);
    cr_assert_eq(n, 1);
    cr_assert_float_eq(all->measure.avail.downtime_seconds, 60 * MIN, 1e-9);
    cr_assert(isnan(all->attainment.credit.amount));
    cr_assert_not(all->alerts_replayed);
    cr_assert(gpu->alerts_replayed);

    struct eval_credits every, own;
    eval_credits_of(&r, commitment_of(&r, NULL), OCT1, NOV1, &every);
    eval_credits_of(&r, commitment_of(&r, "storage"), OCT1, NOV1, &own);
    cr_assert_eq(every.rows, 1);
    cr_assert_eq(every.due, 1);
    cr_assert_float_eq(every.amount, 100, 1e-9);
    cr_assert_eq(own.rows, 1);
    cr_assert_float_eq(own.amount, 1000, 1e-9);
    eval_result_release(&r);
}

Test(eval_fees, fee_given_replaces_the_stored_one)
{
    struct eval_params p;
    struct eval_result r;
    size_t n;
    eval_default_params(&p);
    p.stored_fee = 2000;
    run(&p, &r);
    cr_assert_float_eq(row_of(&r, "gpu", &n)->attainment.credit.amount, 200, 1e-9);
    cr_assert_float_eq(row_of(&r, "storage", &n)->attainment.credit.amount, 500, 1e-9);
    eval_result_release(&r);

    /* For one service: that service's own SLA only. */
    eval_default_params(&p);
    p.stored_fee = 2000;
    p.stored_fee_service = "storage";
    run(&p, &r);
    cr_assert_float_eq(row_of(&r, "gpu", &n)->attainment.credit.amount, 100, 1e-9);
    cr_assert_float_eq(row_of(&r, "storage", &n)->attainment.credit.amount, 500, 1e-9);
    eval_result_release(&r);
}

Test(eval_fees, unpriced_credits_are_listed_per_service)
{
    struct eval_params p;
    struct eval_result r;
    char text[200];
    eval_default_params(&p);
    p.stored_fee = NAN;
    run(&p, &r);
    /* Priced: nothing unpriced to list. */
    size_t k = commitment_of(&r, NULL);
    cr_assert_eq(eval_credits_unpriced_text(&r, k, OCT1, NOV1, text, sizeof text, 0), 0);
    eval_result_release(&r);

    /* A commitment without a fee: its percent of its own service's fee. */
    struct sl_diag d;
    struct commitment c = {.entity = "provider:acme",
                           .service = NULL,
                           .kind = "sla",
                           .effective_from = SLTIME_NONE,
                           .document = "acme-sla.md",
                           .terms = terms_json};
    bool already, replaced;
    struct source_counts counts = {0};
    cr_assert_eq(store_source_begin(fx.st, "nofee", "nofee", "sla", 1, &already, &d), SL_OK);
    cr_assert_eq(store_add_commitment(fx.st, &c, &replaced, &d), SL_OK, "%s", d.message);
    cr_assert(replaced, "the same entity, service, kind and date");
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
    eval_default_params(&p);
    run(&p, &r);
    k = commitment_of(&r, NULL);
    cr_assert(isnan(r.commitments[k].monthly_fee));
    eval_credits_unpriced_text(&r, k, OCT1, NOV1, text, sizeof text, 0);
    cr_assert_str_eq(text, "10 % of gpu's fee");
    struct eval_credits every;
    eval_credits_of(&r, k, OCT1, NOV1, &every);
    cr_assert_eq(every.unpriced, 1);
    cr_assert_float_eq(every.amount, 0, 1e-9);
    eval_result_release(&r);
}

static int
keep_fee(void *ctx, const struct commitment *c)
{
    double *fees = ctx;
    fees[c->service ? 1 : 0] = c->has_fee ? c->fee : -1;
    return 0;
}

Test(eval_fees, store_keeps_the_fee_with_the_commitment)
{
    double fees[2] = {0, 0};
    struct sl_diag d;
    cr_assert_eq(store_each_commitment(fx.st, "provider:acme", NULL, keep_fee, fees, &d), SL_OK);
    cr_assert_float_eq(fees[0], 1000, 1e-9);
    cr_assert_float_eq(fees[1], 4000, 1e-9);
}
