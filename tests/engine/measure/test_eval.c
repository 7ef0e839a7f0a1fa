/* test_eval.c — the evaluation over a store (engine/eval.c): neutral and
 * contract rows side by side, windows of every kind, an outage spanning two
 * months, response compliance with an unacknowledged incident, chronic
 * failure, and an empty window that stays unknown. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/audit/auditrec.h"
#include "engine/measure/eval.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "tests/engine/fixture.h"

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
    struct incident inc = {.key = key,
                           .entity = "provider:acme",
                           .service = "gpu",
                           .severity = sev,
                           .started = detected,
                           .detected = detected,
                           .acknowledged = acked,
                           .mitigated = SLTIME_NONE,
                           .resolved = resolved};
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

static struct sla_uptime_target target = {.percent = 99.99, .window = SLA_WINDOW_MONTH, .line = 1};
static struct sla_credit_tier tiers[] = {
    {NAN, 99.99, false, false, 10, 2, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""}};
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
    struct eval_commitment cm = {.entity = "provider:acme",
                                 .service = "gpu",
                                 .terms = &t,
                                 .monthly_fee = 1000,
                                 .min_outage_seconds = 5 * MIN,
                                 .partial_weight = NAN};
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
    struct sla_uptime_target strict = {.percent = 99.999, .window = SLA_WINDOW_MONTH, .line = 1};
    terms(&t);
    t.targets = &strict;
    eval_default_params(&p);
    p.from = SEP1;
    p.to = NOV1;
    p.chronic.consecutive = 2;
    struct eval_commitment cm = {
        .entity = "provider:acme", .terms = &t, .monthly_fee = NAN, .partial_weight = NAN};
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
    struct eval_commitment cm = {.entity = "provider:acme",
                                 .service = "gpu",
                                 .terms = &t,
                                 .monthly_fee = 1000,
                                 .partial_weight = NAN};
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

/* Minimum coverage on the rows: gpu is monitored all October, api only its
 * first 10 days (10/31 = 32.3 %: insufficient); the entity row pools them,
 * (31 + 10) / 62 = 66.1 %: shown, flagged partial. */
Test(eval, coverage_flag_per_row_and_pooled)
{
    bool already;
    struct sl_diag d;
    struct source_counts counts = {0};
    cr_assert_eq(store_source_begin(fx.st, "api.csv", "def", "test", 1, &already, &d), SL_OK);
    struct interval iv = {.entity = "provider:acme",
                          .service = "api",
                          .start = OCT1,
                          .end = OCT1 + 10 * DAY,
                          .status = SVC_UP};
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
    struct eval_params p;
    struct eval_result r;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    run(&p, NULL, 0, &r);
    cr_assert_eq(r.nrows, 3, "the entity row, api, gpu");
    cr_assert_null(r.rows[0].service);
    cr_assert_eq(r.rows[0].coverage, AVAIL_COVERAGE_PARTIAL);
    cr_assert_float_eq(availability_coverage(&r.rows[0].avail), 41.0 / 62.0, 1e-12);
    cr_assert(eval_row_shows_availability(&r.rows[0]));
    cr_assert_str_eq(r.rows[1].service, "api");
    cr_assert_eq(r.rows[1].coverage, AVAIL_COVERAGE_INSUFFICIENT);
    cr_assert(r.rows[1].avail.known, "measured, but not shown");
    cr_assert_not(eval_row_shows_availability(&r.rows[1]));
    cr_assert_eq(r.rows[2].coverage, AVAIL_COVERAGE_FULL);
    eval_result_release(&r);
    /* The thresholds are settings: at 30 % api is partial. */
    p.avail.coverage.min = 0.30;
    run(&p, NULL, 0, &r);
    cr_assert_eq(r.rows[1].coverage, AVAIL_COVERAGE_PARTIAL);
    eval_result_release(&r);
}

/* A Sev-1 response target in business hours (08:00–18:00 Monday to Friday,
 * UTC): an incident detected on Saturday 3 October at 12:00 and acknowledged
 * on Monday at 08:05 took 5 business minutes, within 15 (on a 24×7 clock it
 * would be 44 h late). I-1, acknowledged at 00:10 on a Friday, took none. */
Test(eval, business_hours_response_clock)
{
    bool already;
    struct sl_diag d;
    struct source_counts counts = {0};
    cr_assert_eq(store_source_begin(fx.st, "bh.csv", "bh", "test", 1, &already, &d), SL_OK);
    add_incident("I-3", "sev1", OCT1 + 2 * DAY + 12 * HOUR, OCT1 + 4 * DAY + 8 * HOUR + 5 * MIN,
                 OCT1 + 4 * DAY + 9 * HOUR);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
    struct sla_response_time business[] = {{"Severity 1", 15, true, false, 3}};
    struct sla_terms t;
    terms(&t);
    t.response_times = business;
    struct eval_params p;
    struct eval_result r;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    struct eval_commitment cm = {.entity = "provider:acme",
                                 .service = "gpu",
                                 .terms = &t,
                                 .monthly_fee = NAN,
                                 .min_outage_seconds = -1,
                                 .maintenance_cap_seconds = -1,
                                 .partial_weight = NAN};
    run(&p, &cm, 1, &r);
    cr_assert_eq(r.ncontract, 1);
    const struct eval_response *e = &r.contract[0].response[0];
    cr_assert(e->business_hours);
    cr_assert_eq(e->n, 3);
    cr_assert_eq(e->within, 2, "I-1 and I-3 within 15 business minutes");
    cr_assert_eq(e->late, 0);
    cr_assert_eq(e->unacknowledged, 1);
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

/* The suite's data and three more October incidents of another file: a sev4,
 * one with no severity, and a sev2 from a source that records no started
 * time (its TTR runs from detected). */
static void
setup_failures(void)
{
    /* the suite's setup has run first */
    bool already;
    struct sl_diag d;
    struct source_counts counts = {0};
    cr_assert_eq(store_source_begin(fx.st, "u.csv", "def", "test", 1, &already, &d), SL_OK);
    add_incident("I-3", "sev4", OCT1 + 3 * DAY, SLTIME_NONE, OCT1 + 3 * DAY + HOUR);
    add_incident("I-4", NULL, OCT1 + 4 * DAY, SLTIME_NONE, OCT1 + 4 * DAY + HOUR);
    struct incident pd = {.key = "I-5",
                          .entity = "provider:acme",
                          .service = "gpu",
                          .severity = "sev2",
                          .started = SLTIME_NONE,
                          .detected = OCT1 + 5 * DAY,
                          .acknowledged = SLTIME_NONE,
                          .mitigated = SLTIME_NONE,
                          .resolved = OCT1 + 5 * DAY + 2 * HOUR};
    bool updated;
    cr_assert_eq(store_add_incident(fx.st, &pd, &updated, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
}

Test(eval, every_response_target_of_five_severities)
{
    /* A response and a resolution target for each of five severities: ten
     * rows, in the terms' order (a fixed eight kept the first eight and
     * dropped sev5's two). sev1's incidents: I-1 acknowledged after 10 min,
     * I-2 never; both resolved after 60 min. The tenth, sev5 resolution in
     * 30 min, has no incident. */
    static char *label[5] = {"Severity 1", "Severity 2", "Severity 3", "Severity 4", "Severity 5"};
    struct sla_response_time rt[10];
    for (int i = 0; i < 5; i++) {
        rt[2 * i] = (struct sla_response_time){label[i], 15, false, false, 10 + i};
        rt[2 * i + 1] = (struct sla_response_time){label[i], 30, false, true, 20 + i};
    }
    struct sla_terms t;
    struct eval_params p;
    struct eval_result r;
    terms(&t);
    t.response_times = rt;
    t.nresponse_times = 10;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    struct eval_commitment cm = {.entity = "provider:acme",
                                 .service = "gpu",
                                 .terms = &t,
                                 .monthly_fee = NAN,
                                 .min_outage_seconds = -1,
                                 .maintenance_cap_seconds = -1,
                                 .partial_weight = NAN};
    run(&p, &cm, 1, &r);
    const struct eval_contract_row *c = &r.contract[0];
    cr_assert_eq(c->nresponse, 10);
    cr_assert_eq(c->response[0].severity, 1);
    cr_assert_eq(c->response[0].within, 1);
    cr_assert_eq(c->response[1].late, 2);
    cr_assert_eq(c->response[8].severity, 5);
    cr_assert_not(c->response[8].resolution);
    cr_assert_eq(c->response[9].severity, 5);
    cr_assert(c->response[9].resolution);
    cr_assert_eq(c->response[9].n, 0);
    eval_result_release(&r);
}

Test(eval, mtbf_counts_failures_only, .init = setup_failures)
{
    /* October holds five incidents: two sev1, a sev2, a sev4 and one with no
     * severity. Failures are sev1-3: three, so MTBF = (2,678,400 − 420) / 3.
     * With failures set to sev1 only: two, (2,678,400 − 420) / 2. */
    struct eval_params p;
    struct eval_result r;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    run(&p, NULL, 0, &r);
    cr_assert_eq(r.rows[1].incidents.total, 5);
    cr_assert_eq(r.rows[1].failures, 3);
    cr_assert_float_eq(r.rows[1].mtbf_seconds, (2678400.0 - 420.0) / 3, 1e-6);
    eval_result_release(&r);
    p.failure_severity = 1;
    run(&p, NULL, 0, &r);
    cr_assert_eq(r.rows[1].failures, 2);
    cr_assert_float_eq(r.rows[1].mtbf_seconds, (2678400.0 - 420.0) / 2, 1e-6);
    eval_result_release(&r);
}

Test(eval, ttr_from_detected_is_counted, .init = setup_failures)
{
    /* Five TTRs, one of them (I-5) measured from detected: share 1/5. The
     * same incident has no TTD (it needs both ends): four TTDs. */
    struct eval_params p;
    struct eval_result r;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    run(&p, NULL, 0, &r);
    const struct incident_summary *inc = &r.rows[1].incidents;
    cr_assert_eq(inc->measure[MEASURE_TTR].n, 5);
    cr_assert_eq(inc->ttr_from_detected, 1);
    cr_assert_eq(inc->measure[MEASURE_TTD].n, 4);
    eval_result_release(&r);
}

Test(eval, kept_listing_in_store_order_across_entities)
{
    /* the incidents are read one entity at a time; the kept listing is
     * still by start, then entity, then key, as the store lists them */
    struct incident other = {.key = "Z-1",
                             .entity = "provider:zeta",
                             .service = "api",
                             .severity = "sev2",
                             .started = OCT1 + DAY + 30 * MIN,
                             .detected = OCT1 + DAY + 30 * MIN,
                             .acknowledged = SLTIME_NONE,
                             .mitigated = SLTIME_NONE,
                             .resolved = OCT1 + 3 * DAY};
    struct incident same = other;
    same.key = "A-0";
    same.entity = "provider:aaa";
    same.started = same.detected = OCT1 + 2 * DAY;
    bool updated, already;
    struct sl_diag d = {0};
    struct source_counts counts = {0};
    cr_assert_eq(store_source_begin(fx.st, "u.csv", "def", "test", 1, &already, &d), SL_OK);
    cr_assert_eq(store_add_incident(fx.st, &other, &updated, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_add_incident(fx.st, &same, &updated, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
    struct eval_params p;
    struct eval_result r;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    p.list_incidents = true;
    p.list_from = OCT1;
    p.list_to = NOV1;
    run(&p, NULL, 0, &r);
    cr_assert_eq(r.nincidents, 4);
    cr_assert_eq(r.nlisted, 4);
    const char *want[] = {"I-1", "Z-1", "A-0", "I-2"};
    for (size_t i = 0; i < 4; i++)
        cr_assert_str_eq(r.incidents[i].key, want[i], "incident %zu", i);
    /* each entity's row counts its own */
    long total = 0;
    for (size_t i = 0; i < r.nrows; i++)
        if (!r.rows[i].service) {
            long want_n = !strcmp(r.rows[i].entity, "provider:acme") ? 2 : 1;
            cr_assert_eq(r.rows[i].incidents.total, want_n, "%s", r.rows[i].entity);
            total += r.rows[i].incidents.total;
        }
    cr_assert_eq(total, 4);
    eval_result_release(&r);
}

Test(eval, skip_incidents_keeps_availability)
{
    /* without incidents the rows' availability is the same, and they count
     * no incident */
    struct eval_params p;
    struct eval_result with, without;
    eval_default_params(&p);
    p.from = SEP1;
    p.to = NOV1;
    run(&p, NULL, 0, &with);
    p.skip_incidents = true;
    run(&p, NULL, 0, &without);
    cr_assert_eq(without.nrows, with.nrows);
    long counted = 0;
    for (size_t i = 0; i < with.nrows; i++) {
        cr_assert_eq(memcmp(&without.rows[i].avail, &with.rows[i].avail, sizeof with.rows[i].avail),
                     0);
        cr_assert_eq(without.rows[i].incidents.total, 0);
        cr_assert_eq(without.rows[i].incidents.measure[MEASURE_TTR].n, 0);
        counted += with.rows[i].incidents.total;
    }
    cr_assert_gt(counted, 0);
    eval_result_release(&with);
    eval_result_release(&without);
}

struct listed {
    size_t n;
    char keys[4][16];
    int64_t ttr[4];
};

static int
note_listed(void *ctx, const struct eval_incident *e)
{
    struct listed *l = ctx;
    cr_assert_lt(l->n, 4);
    snprintf(l->keys[l->n], sizeof l->keys[0], "%s", e->key);
    l->ttr[l->n] = e->times.seconds[MEASURE_TTR];
    l->n++;
    return 0;
}

Test(eval, listed_incidents_streamed_match_the_kept_ones)
{
    /* the listing kept by eval_run and the one read back one at a time are
     * the same incidents in the same order; without keeping, only the count
     * and the statistics remain */
    struct eval_params p;
    struct eval_result kept, counted;
    struct sl_diag d = {0};
    struct listed l = {0};
    eval_default_params(&p);
    p.from = SEP1;
    p.to = NOV1;
    p.list_incidents = true;
    p.list_from = OCT1;
    p.list_to = NOV1;
    run(&p, NULL, 0, &kept);
    cr_assert_eq(kept.nincidents, 2);
    cr_assert_eq(kept.nlisted, 2);
    cr_assert_eq(eval_each_listed_incident(fx.st, &p, note_listed, &l, &d), SL_OK, "%s", d.message);
    cr_assert_eq(l.n, 2);
    for (size_t i = 0; i < 2; i++) {
        cr_assert_str_eq(l.keys[i], kept.incidents[i].key);
        cr_assert_eq(l.ttr[i], kept.incidents[i].times.seconds[MEASURE_TTR]);
    }
    cr_assert_eq(l.ttr[0], HOUR);

    p.list_incidents = false;
    run(&p, NULL, 0, &counted);
    cr_assert_eq(counted.nincidents, 0);
    cr_assert_eq(counted.nlisted, 2);
    cr_assert_eq(counted.nrows, kept.nrows);
    for (size_t i = 0; i < kept.nrows; i++)
        cr_assert_eq(memcmp(&counted.rows[i].incidents, &kept.rows[i].incidents,
                            sizeof kept.rows[i].incidents),
                     0);
    /* a list window outside [from, to) lists nothing */
    p.list_from = NOV1;
    p.list_to = NOV1 + DAY;
    l.n = 0;
    cr_assert_eq(eval_each_listed_incident(fx.st, &p, note_listed, &l, &d), SL_OK);
    cr_assert_eq(l.n, 0);
    eval_result_release(&kept);
    eval_result_release(&counted);
}

Test(eval, severity_labels, .init = NULL, .fini = NULL)
{
    cr_assert_eq(eval_severity_of_label("Severity 1"), 1);
    cr_assert_eq(eval_severity_of_label("P2"), 2);
    cr_assert_eq(eval_severity_of_label("Sev-3"), 3);
    cr_assert_eq(eval_severity_of_label("urgent"), 1);
    cr_assert_eq(eval_severity_of_label("Level 12"), 0);
}

static void
store_sla(const char *sha, int64_t effective, const char *json)
{
    bool already, replaced;
    struct sl_diag d;
    struct source_counts counts = {0};
    struct commitment c = {.entity = "provider:acme",
                           .service = "gpu",
                           .kind = "sla",
                           .effective_from = effective,
                           .document = sha,
                           .terms = json};
    cr_assert_eq(store_source_begin(fx.st, sha, sha, "sla", 1, &already, &d), SL_OK);
    cr_assert_eq(store_add_commitment(fx.st, &c, &replaced, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
}

Test(eval, stored_versions_apply_from_their_window_start)
{
    /* v1 (in force since always): 99.99 % with a 5-minute minimum outage in
     * its own clause; v2 from 1 October: 99.9 %, no minimum. September is
     * measured under v1: the 6-minute outage across the edge counts whole,
     * 120 s in September. October under v2: 240 + 180 = 420 s, the 3-minute
     * outage counted too. */
    store_sla("v1", SLTIME_NONE,
              "{\"document\":\"v1\",\"uptime_targets\":[{\"percent\":99.99,\"window\":\"month\","
              "\"line\":1}],\"clauses\":[{\"kind\":\"min_outage_minutes\",\"value\":5,"
              "\"text\":\"5 consecutive minutes\",\"line\":2}]}");
    store_sla("v2", OCT1,
              "{\"document\":\"v2\",\"uptime_targets\":[{\"percent\":99.9,\"window\":\"month\","
              "\"line\":1}]}");
    struct eval_params p;
    struct eval_result r;
    eval_default_params(&p);
    p.from = SEP1;
    p.to = NOV1;
    run(&p, NULL, 0, &r);
    cr_assert_eq(r.ncommitments, 2);
    cr_assert_eq(r.ncontract, 2);
    const struct eval_contract_row *sep = &r.contract[0], *oct = &r.contract[1];
    cr_assert_eq(sep->window.start, SEP1);
    cr_assert_str_eq(r.params.commitments[sep->commitment].terms->document, "v1");
    cr_assert_eq(sep->rules.min_outage_seconds, 5 * MIN);
    cr_assert_float_eq(sep->rules.target_percent, 99.99, 1e-9);
    cr_assert_float_eq(sep->measure.avail.downtime_seconds, 120, 1e-9);
    cr_assert_eq(oct->window.start, OCT1);
    cr_assert_str_eq(r.params.commitments[oct->commitment].terms->document, "v2");
    cr_assert_eq(oct->rules.min_outage_seconds, 0);
    cr_assert_float_eq(oct->measure.avail.downtime_seconds, 420, 1e-9);
    cr_assert_eq(r.params.commitments[oct->commitment].effective_from, OCT1);
    eval_result_release(&r);

    /* Not read when told so. */
    p.stored_commitments = false;
    run(&p, NULL, 0, &r);
    cr_assert_eq(r.ncontract, 0);
    eval_result_release(&r);
}

Test(eval, given_commitment_replaces_stored_and_options_override_clauses)
{
    store_sla("v1", SLTIME_NONE,
              "{\"document\":\"v1\",\"uptime_targets\":[{\"percent\":99.99,\"window\":\"month\","
              "\"line\":1}],\"clauses\":[{\"kind\":\"min_outage_minutes\",\"value\":5,"
              "\"text\":\"5 consecutive minutes\",\"line\":2}]}");
    struct sla_terms t;
    struct eval_params p;
    struct eval_result r;
    terms(&t);
    struct sla_clause clause = {SLA_CLAUSE_MIN_OUTAGE, 5, NULL, 4};
    t.clauses = &clause;
    t.nclauses = 1;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    /* The terms' own 5 minutes, then an override of 0 (every second). */
    struct eval_commitment cm = {.entity = "provider:acme",
                                 .service = "gpu",
                                 .terms = &t,
                                 .monthly_fee = NAN,
                                 .min_outage_seconds = -1,
                                 .maintenance_cap_seconds = -1,
                                 .partial_weight = NAN};
    run(&p, &cm, 1, &r);
    cr_assert_eq(r.ncommitments, 1, "the stored v1 is replaced by the one given");
    cr_assert_eq(r.ncontract, 1);
    cr_assert_eq(r.contract[0].rules.min_outage_seconds, 5 * MIN);
    cr_assert_float_eq(r.contract[0].measure.avail.downtime_seconds, 240, 1e-9);
    eval_result_release(&r);
    cm.min_outage_seconds = 0;
    run(&p, &cm, 1, &r);
    cr_assert_eq(r.contract[0].rules.min_outage_seconds, 0);
    cr_assert_float_eq(r.contract[0].measure.avail.downtime_seconds, 420, 1e-9);
    eval_result_release(&r);
}

Test(eval, resolution_target_on_ttr)
{
    /* A sev1 resolution target of 45 min: I-1 (60 min) and I-2 (60 min)
     * are both late; a 90-min target has both within. */
    struct sla_terms t;
    struct eval_params p;
    struct eval_result r;
    struct sla_response_time rt[] = {{"Severity 1", 45, false, true, 5}};
    terms(&t);
    t.response_times = rt;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    struct eval_commitment cm = {.entity = "provider:acme",
                                 .service = "gpu",
                                 .terms = &t,
                                 .monthly_fee = NAN,
                                 .min_outage_seconds = -1,
                                 .maintenance_cap_seconds = -1,
                                 .partial_weight = NAN};
    run(&p, &cm, 1, &r);
    cr_assert(r.contract[0].response[0].resolution);
    cr_assert_eq(r.contract[0].response[0].late, 2);
    cr_assert_eq(r.contract[0].response[0].within, 0);
    eval_result_release(&r);
    rt[0].minutes = 90;
    run(&p, &cm, 1, &r);
    cr_assert_eq(r.contract[0].response[0].within, 2);
    eval_result_release(&r);
}

Test(eval, capacity_with_a_fleet)
{
    /* October: 420 s of service-level downtime over a fleet of 8 GPUs:
     * 3,360 GPU-seconds lost; capacity availability equals the service
     * figure when no interval names units. */
    struct eval_params p;
    struct eval_result r;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    p.capacity.fleet_gpus = 8;
    run(&p, NULL, 0, &r);
    cr_assert(r.rows[1].capacity.evaluated);
    cr_assert_float_eq(r.rows[1].capacity.gpu_seconds_lost, 3360, 1e-6);
    cr_assert_float_eq(r.rows[1].capacity.availability, r.rows[1].avail.availability, 1e-12);
    cr_assert_float_eq(r.rows[0].capacity.gpu_seconds_lost, 3360, 1e-6);
    eval_result_release(&r);
}

Test(eval, neutral_and_contract_rows_are_linked)
{
    /* An entity-wide commitment with a monthly 99.99 % and a quarterly
     * 99.9 % target over September–October. Contract rows: the entity's
     * September, October, Q3, Q4, then the same four for gpu. */
    struct sla_terms t;
    struct eval_params p;
    struct eval_result r;
    struct sla_uptime_target two[] = {{.percent = 99.99, .window = SLA_WINDOW_MONTH, .line = 1},
                                      {.percent = 99.9, .window = SLA_WINDOW_QUARTER, .line = 2}};
    terms(&t);
    t.targets = two;
    t.ntargets = 2;
    struct eval_commitment cm = {
        .entity = "provider:acme", .terms = &t, .monthly_fee = NAN, .partial_weight = NAN};
    eval_default_params(&p);
    p.from = SEP1;
    p.to = NOV1;
    run(&p, &cm, 1, &r);
    cr_assert_eq(r.nrows, 4); /* entity Sep, Oct; gpu Sep, Oct */
    cr_assert_eq(r.ncontract, 8);
    cr_assert_eq(r.contract[2].window.kind, WINDOW_QUARTER);
    cr_assert_str_eq(r.contract[5].service, "gpu");
    /* each monthly row is judged against the contract row of its own month */
    cr_assert_eq(r.rows[0].contract, &r.contract[0]);
    cr_assert_eq(r.rows[1].contract, &r.contract[1]);
    cr_assert_eq(r.rows[2].contract, &r.contract[4]);
    cr_assert_eq(r.rows[3].contract, &r.contract[5]);
    /* and the monthly contract rows share the neutral row of their window;
     * a quarter has none among monthly rows */
    cr_assert_eq(r.contract[0].neutral, &r.rows[0]);
    cr_assert_eq(r.contract[5].neutral, &r.rows[3]);
    cr_assert_null(r.contract[2].neutral);
    cr_assert_null(r.contract[7].neutral);
    eval_result_release(&r);

    /* Quarterly neutral rows: the quarter's own target beats the monthly
     * one that overlaps it. */
    p.window = WINDOW_QUARTER;
    run(&p, &cm, 1, &r);
    cr_assert_eq(r.nrows, 4); /* entity Q3, Q4; gpu Q3, Q4 */
    cr_assert_eq(r.rows[0].contract, &r.contract[2]);
    cr_assert_eq(r.rows[3].contract, &r.contract[7]);
    cr_assert_eq(r.contract[7].neutral, &r.rows[3]);
    cr_assert_null(r.contract[4].neutral);
    eval_result_release(&r);

    /* Without a quarterly target a quarter row takes the first month of the
     * commitment that overlaps it. */
    t.ntargets = 1;
    run(&p, &cm, 1, &r);
    cr_assert_eq(r.ncontract, 4);
    cr_assert_eq(r.rows[0].contract, &r.contract[0]);
    cr_assert_eq(r.rows[1].contract, &r.contract[1]);
    cr_assert_null(r.contract[0].neutral);
    eval_result_release(&r);

    /* No commitment: nothing to link. */
    run(&p, NULL, 0, &r);
    for (size_t i = 0; i < r.nrows; i++)
        cr_assert_null(r.rows[i].contract);
    eval_result_release(&r);
}

static void
store_profile(const char *fields)
{
    bool already, updated;
    struct sl_diag d;
    struct source_counts counts = {0};
    struct audit_record rec = {.kind = AUDITREC_PROFILE,
                               .entity = "provider:acme",
                               .key = "profile",
                               .fields = fields,
                               .line = 1};
    cr_assert_eq(store_source_begin(fx.st, "p.json", "p1", "profile-json", 1, &already, &d), SL_OK);
    cr_assert_eq(store_add_audit_record(fx.st, &rec, &updated, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
}

Test(eval, one_target_per_row)
{
    /* October, rows: the entity, then gpu. */
    struct sla_terms t;
    struct eval_params p;
    struct eval_result r;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;

    /* Nothing committed, no profile: the default, 99.9 %. */
    run(&p, NULL, 0, &r);
    cr_assert_eq(r.nrows, 2);
    for (size_t i = 0; i < 2; i++) {
        cr_assert_eq(r.rows[i].target_source, TARGET_DEFAULT);
        cr_assert_float_eq(r.rows[i].target_percent, 99.9, 1e-12);
    }
    eval_result_release(&r);

    /* The profile's slo_percent, for the entity and each service. */
    store_profile("{\"slo_percent\": 99.5}");
    run(&p, NULL, 0, &r);
    for (size_t i = 0; i < 2; i++) {
        cr_assert_eq(r.rows[i].target_source, TARGET_OBJECTIVE);
        cr_assert_float_eq(r.rows[i].target_percent, 99.5, 1e-12);
    }
    eval_result_release(&r);

    /* A commitment to gpu wins there; the entity row keeps the profile's. */
    terms(&t);
    struct eval_commitment cm = {.entity = "provider:acme",
                                 .service = "gpu",
                                 .terms = &t,
                                 .monthly_fee = NAN,
                                 .partial_weight = NAN};
    run(&p, &cm, 1, &r);
    cr_assert_eq(r.rows[0].target_source, TARGET_OBJECTIVE);
    cr_assert_float_eq(r.rows[0].target_percent, 99.5, 1e-12);
    cr_assert_eq(r.rows[1].target_source, TARGET_COMMITMENT);
    cr_assert_float_eq(r.rows[1].target_percent, 99.99, 1e-12);
    cr_assert_eq(r.rows[1].contract, &r.contract[0]);
    eval_result_release(&r);

    /* Without the stored records the profile is left out too. */
    p.stored_commitments = false;
    run(&p, NULL, 0, &r);
    cr_assert_eq(r.rows[1].target_source, TARGET_DEFAULT);
    eval_result_release(&r);
}

Test(eval, profile_without_a_usable_objective)
{
    struct eval_params p;
    struct eval_result r;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    store_profile("{\"slo_percent\": \"high\", \"regimes\": [\"nis2\"]}");
    run(&p, NULL, 0, &r);
    cr_assert_eq(r.rows[0].target_source, TARGET_DEFAULT, "not a number: no objective");
    cr_assert_float_eq(r.rows[0].target_percent, 99.9, 1e-12);
    eval_result_release(&r);
}
