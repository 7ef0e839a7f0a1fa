/* test_eval.c — the evaluation over a store (engine/eval.c): neutral and
 * contract rows side by side, windows of every kind, an outage spanning two
 * months, response compliance with an unacknowledged incident, chronic
 * failure, and an empty window that stays unknown. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/eval.h"
#include "engine/sltime.h"
#include "engine/store.h"
#include "fixture.h"

#define SEP1 INT64_C(1788220800) /* 2026-09-01T00:00:00Z */
#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */
#define MIN 60
#define HOUR 3600
#define DAY 86400

static struct fixture fx;

static void
add_interval(int64_t from, int64_t to, enum svc_status s)
{
    struct interval iv = {
        .entity = "provider:acme", .service = "gpu", .start = from, .end = to, .status = s};
    struct sl_diag d;
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
}

static void
add_incident(const char *key, const char *sev, int64_t detected, int64_t acked, int64_t resolved)
{
    struct incident inc = {.key = key, .entity = "provider:acme", .service = "gpu",
                           .severity = sev, .started = detected, .detected = detected,
                           .acknowledged = acked, .mitigated = SLTIME_NONE, .resolved = resolved};
    bool updated;
    struct sl_diag d;
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
}

/* Aug–Oct up, with a 6-minute outage across the Sep/Oct boundary and a
 * 3-minute one on 10 October; two sev1 incidents in October, one of them
 * never acknowledged. */
static void
setup(void)
{
    bool already;
    struct sl_diag d;
    struct source_counts counts = {0};
    fixture_open(&fx);
    cr_assert_eq(store_source_begin(fx.st, "t.csv", "abc", "test", 1, &already, &d), SL_OK);
    add_interval(SEP1, OCT1 - 2 * MIN, SVC_UP);
    add_interval(OCT1 - 2 * MIN, OCT1 + 4 * MIN, SVC_DOWN);
    add_interval(OCT1 + 4 * MIN, OCT1 + 9 * DAY, SVC_UP);
    add_interval(OCT1 + 9 * DAY, OCT1 + 9 * DAY + 3 * MIN, SVC_DOWN);
    add_interval(OCT1 + 9 * DAY + 3 * MIN, NOV1, SVC_UP);
    add_incident("I-1", "sev1", OCT1 + DAY, OCT1 + DAY + 10 * MIN, OCT1 + DAY + HOUR);
    add_incident("I-2", "sev1", OCT1 + 2 * DAY, SLTIME_NONE, OCT1 + 2 * DAY + HOUR);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

static struct sla_uptime_target target = {99.99, SLA_WINDOW_MONTH, NULL, 1};
static struct sla_credit_tier tiers[] = {{NAN, 99.99, false, false, 10, 2}};
static struct sla_response_time response[] = {{"Severity 1", 15, false, false, 3}};

static void
terms(struct sla_terms *t)
{
    sla_terms_init(t);
    t->targets = &target;
    t->ntargets = 1;
    t->tiers = tiers;
    t->ntiers = 1;
    t->claim_deadline_days = 30;
    t->maintenance_excluded = true;
    t->response_times = response;
    t->nresponse_times = 1;
}

static void
run(struct eval_params *p, const struct eval_commitment *cm, size_t ncm, struct eval_result *r)
{
    struct sl_diag d = {0};
    p->commitments = cm;
    p->ncommitments = ncm;
    cr_assert_eq(eval_run(fx.st, p, r, &d), SL_OK, "%s", d.message);
}

TestSuite(eval, .init = setup, .fini = teardown);

Test(eval, neutral_and_contract_side_by_side)
{
    /* Neutral October: 240 s + 180 s down of 2,678,400 s. The contract has a
     * 5-minute minimum: the 3-minute outage is forgiven, the 6-minute one
     * counts whole (240 s of it in October). */
    struct sla_terms t;
    struct eval_params p;
    struct eval_result r;
    terms(&t);
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    struct eval_commitment cm = {"provider:acme", "gpu", &t, 1000, 5 * MIN, 0, NAN};
    run(&p, &cm, 1, &r);
    cr_assert_eq(r.nrows, 2); /* entity row, service row */
    cr_assert_float_eq(r.rows[1].avail.downtime_seconds, 420, 1e-9);
    cr_assert_eq(r.ncontract, 1);
    const struct eval_contract_row *c = &r.contract[0];
    cr_assert_str_eq(c->service, "gpu");
    cr_assert_float_eq(c->measure.avail.downtime_seconds, 240, 1e-9);
    cr_assert_eq(c->measure.forgiven_seconds, 180);
    /* 99.99 % of 2,678,400 s allows 267.84 s: met, margin 27.84 s. */
    cr_assert(c->attainment.met);
    cr_assert_float_eq(c->attainment.margin_seconds, 27.84, 1e-6);
    cr_assert_eq(c->attainment.credit.match, CREDIT_NONE_DUE);
    cr_assert_eq(c->attainment.claim_deadline, NOV1 + 30 * DAY);
    cr_assert(c->budget.known);
    cr_assert_float_eq(c->budget.consumed_seconds, 240, 1e-9);
    /* Response: I-1 acknowledged in 10 min (within 15), I-2 never. */
    cr_assert_eq(c->nresponse, 1);
    cr_assert_eq(c->response[0].severity, 1);
    cr_assert_eq(c->response[0].n, 2);
    cr_assert_eq(c->response[0].within, 1);
    cr_assert_eq(c->response[0].unacknowledged, 1);
    cr_assert_float_eq(c->response[0].share, 0.5, 1e-12);
    /* The neutral figures count the unacknowledged one apart. */
    cr_assert_eq(r.rows[1].incidents.unacknowledged, 1);
    cr_assert_eq(r.rows[1].incidents.measure[MEASURE_TTA].n, 1);
    eval_result_release(&r);
}

Test(eval, breach_credit_and_chronic)
{
    /* Without a minimum both months breach 99.99 %: September has 120 s of
     * 2,592,000 (99.99537 %: met), October 420 s (99.9843 %: breached).
     * A 99.999 % target breaches both; with a rule of 2 consecutive, chronic
     * failure is reached in October. */
    struct sla_terms t;
    struct eval_params p;
    struct eval_result r;
    struct sla_uptime_target strict = {99.999, SLA_WINDOW_MONTH, NULL, 1};
    terms(&t);
    t.targets = &strict;
    eval_default_params(&p);
    p.from = SEP1;
    p.to = NOV1;
    p.chronic.consecutive = 2;
    struct eval_commitment cm = {"provider:acme", NULL, &t, NAN, 0, 0, NAN};
    run(&p, &cm, 1, &r);
    /* Entity-wide commitment: entity rows (2 months) then service rows. */
    cr_assert_eq(r.ncontract, 4);
    cr_assert_null(r.contract[0].service);
    cr_assert_float_eq(r.contract[0].measure.avail.downtime_seconds, 120, 1e-9);
    cr_assert_not(r.contract[0].attainment.met);
    /* 99.99537 % is below the 99.999 target yet above the only tier (< 99.99):
     * a gap in the table. October's 99.9843 % is in the tier. */
    cr_assert_eq(r.contract[0].attainment.credit.match, CREDIT_GAP);
    cr_assert_eq(r.contract[1].attainment.credit.match, CREDIT_TIER);
    cr_assert(isnan(r.contract[1].attainment.credit.amount), "no fee, no amount");
    cr_assert_eq(r.contract[0].chronic_at, -1);
    cr_assert_eq(r.contract[1].chronic_at, 1);
    cr_assert(r.contract[1].chronic_consecutive);
    cr_assert_str_eq(r.contract[3].service, "gpu");
    cr_assert_eq(r.contract[3].chronic_at, 1);
    eval_result_release(&r);
}

Test(eval, empty_window_is_unknown_not_100)
{
    struct sla_terms t;
    struct eval_params p;
    struct eval_result r;
    terms(&t);
    eval_default_params(&p);
    p.from = sltime_days_from_civil(2025, 1, 1) * DAY;
    p.to = sltime_days_from_civil(2025, 2, 1) * DAY;
    struct eval_commitment cm = {"provider:acme", "gpu", &t, 1000, 0, 0, NAN};
    run(&p, &cm, 1, &r);
    cr_assert_eq(r.ncontract, 1);
    cr_assert_not(r.rows[1].avail.known);
    cr_assert_not(r.contract[0].attainment.known);
    cr_assert_not(r.contract[0].attainment.met);
    cr_assert_eq(r.contract[0].attainment.credit.match, CREDIT_UNKNOWN);
    cr_assert_not(r.contract[0].budget.known);
    cr_assert(isnan(r.rows[1].mtbf_seconds));
    eval_result_release(&r);
}

Test(eval, quarter_and_rolling_windows)
{
    struct eval_params p;
    struct eval_result r;
    eval_default_params(&p);
    p.from = SEP1;
    p.to = NOV1;
    p.window = WINDOW_QUARTER;
    run(&p, NULL, 0, &r);
    /* Q3 and Q4 2026 overlap September–October. */
    cr_assert_eq(r.nrows, 4);
    cr_assert_eq(r.rows[0].window.kind, WINDOW_QUARTER);
    cr_assert_float_eq(r.rows[3].avail.downtime_seconds, 420, 1e-9);
    eval_result_release(&r);

    eval_default_params(&p);
    p.from = SEP1;
    p.to = NOV1;
    p.window = WINDOW_ROLLING;
    p.rolling_days = 30;
    run(&p, NULL, 0, &r);
    /* 61 days back from 1 November in 30-day steps: three windows. */
    cr_assert_eq(r.nrows, 6);
    cr_assert_eq(r.rows[2].window.end, NOV1);
    cr_assert_eq(r.rows[2].window.start, NOV1 - 30 * DAY);
    eval_result_release(&r);
}

Test(eval, mtbf)
{
    /* October: (2,678,400 − 420) s known-and-up over 2 incidents. */
    struct eval_params p;
    struct eval_result r;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    run(&p, NULL, 0, &r);
    cr_assert_float_eq(r.rows[1].mtbf_seconds, (2678400.0 - 420.0) / 2, 1e-6);
    eval_result_release(&r);
}

Test(eval, severity_labels, .init = NULL, .fini = NULL)
{
    cr_assert_eq(eval_severity_of_label("Severity 1"), 1);
    cr_assert_eq(eval_severity_of_label("P2"), 2);
    cr_assert_eq(eval_severity_of_label("Sev-3"), 3);
    cr_assert_eq(eval_severity_of_label("urgent"), 1);
    cr_assert_eq(eval_severity_of_label("Level 12"), 0);
}
