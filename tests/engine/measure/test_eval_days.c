/* test_eval_days.c — objectives over windows of days (engine/measure/eval.c):
 * a rolling 7-day target is measured on 7-day windows ending at the end of
 * the evaluation, going back; a target of calendar weeks on the weeks that
 * follow one another from its first day; window_days_of aligns before and
 * after that day alike; the labels name each window. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/measure/eval.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"
#include "engine/time/window.h"
#include "tests/engine/fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z, a Thursday */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */
#define MIN 60
#define DAY 86400

static struct fixture fx;

static void
add_interval(int64_t from, int64_t to, enum svc_status s)
{
    struct interval iv = {
        .entity = "team:web", .service = "shop", .start = from, .end = to, .status = s};
    struct sl_diag d;
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
}

/* September 20 to November 10 up, but 6 minutes across the Sep/Oct edge
 * and 3 minutes on 10 October. */
static void
setup(void)
{
    bool already;
    struct sl_diag d;
    struct source_counts counts = {0};
    fixture_open(&fx);
    cr_assert_eq(store_source_begin(fx.st, "t.csv", "abc", "test", 1, &already, &d), SL_OK);
    add_interval(OCT1 - 11 * DAY, OCT1 - 2 * MIN, SVC_UP);
    add_interval(OCT1 - 2 * MIN, OCT1 + 4 * MIN, SVC_DOWN);
    add_interval(OCT1 + 4 * MIN, OCT1 + 9 * DAY, SVC_UP);
    add_interval(OCT1 + 9 * DAY, OCT1 + 9 * DAY + 3 * MIN, SVC_DOWN);
    add_interval(OCT1 + 9 * DAY + 3 * MIN, NOV1 + 9 * DAY, SVC_UP);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(eval_days, .init = setup, .fini = teardown);

static void
run_target(struct sla_uptime_target *u, struct eval_result *r)
{
    struct sla_terms t;
    struct eval_params p;
    struct sl_diag d = {0};
    sla_terms_init(&t);
    t.targets = u;
    t.ntargets = 1;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    struct eval_commitment cm = {.entity = "team:web",
                                 .service = "shop",
                                 .terms = &t,
                                 .monthly_fee = NAN,
                                 .min_outage_seconds = -1,
                                 .maintenance_cap_seconds = -1,
                                 .partial_weight = NAN};
    p.commitments = &cm;
    p.ncommitments = 1;
    cr_assert_eq(eval_run(fx.st, &p, r, &d), SL_OK, "%s", d.message);
}

Test(eval_days, rolling_days_end_at_the_evaluation_end)
{
    struct sla_uptime_target u = {
        .percent = 99.9, .window = SLA_WINDOW_ROLLING, .line = 1, .days = 7};
    struct eval_result r;
    run_target(&u, &r);
    /* 7-day windows back from 1 November while they reach into October:
     * Oct 25, 18, 11, 4 and Sep 27. */
    cr_assert_eq(r.ncontract, 5);
    const struct eval_contract_row *first = &r.contract[0], *last = &r.contract[4];
    cr_assert_eq(first->window.kind, WINDOW_ROLLING);
    cr_assert_eq(first->window.days, 7);
    cr_assert_eq(first->window.start, OCT1 - 4 * DAY);
    cr_assert_eq(last->window.end, NOV1);
    cr_assert_eq(last->window.start, NOV1 - 7 * DAY);
    /* the whole 6 minutes in the first, 3 in the second; the allowance is
     * 0.1 % of a week, 604.8 s */
    cr_assert_float_eq(first->measure.avail.downtime_seconds, 360, 1e-9);
    cr_assert_float_eq(r.contract[1].measure.avail.downtime_seconds, 180, 1e-9);
    cr_assert_float_eq(first->attainment.allowed_downtime_seconds, 604.8, 1e-6);
    cr_assert(first->attainment.met);
    cr_assert_float_eq(last->measure.avail.downtime_seconds, 0, 1e-9);
    char label[48];
    window_label(&last->window, label);
    cr_assert_str_eq(label, "rolling 7d to 2026-10-31");
    eval_result_release(&r);
}

Test(eval_days, calendar_weeks_from_their_first_day)
{
    /* weeks from Saturday 3 October 2026: the one holding 1 October began on
     * 26 September; six weeks reach into October */
    struct sla_uptime_target u = {.percent = 99.95,
                                  .window = SLA_WINDOW_DAYS,
                                  .line = 1,
                                  .days = 7,
                                  .start_day = sltime_days_from_civil(2026, 10, 3)};
    struct eval_result r;
    run_target(&u, &r);
    cr_assert_eq(r.ncontract, 6);
    cr_assert_eq(r.contract[0].window.kind, WINDOW_DAYS);
    cr_assert_eq(r.contract[0].window.start, OCT1 - 5 * DAY);
    cr_assert_eq(r.contract[0].window.end, OCT1 + 2 * DAY);
    cr_assert_eq(r.contract[5].window.start, OCT1 + 30 * DAY);
    cr_assert_float_eq(r.contract[0].measure.avail.downtime_seconds, 360, 1e-9);
    /* 99.95 % of a week allows 302.4 s: the first week breaches */
    cr_assert_not(r.contract[0].attainment.met);
    cr_assert_float_eq(r.contract[2].measure.avail.downtime_seconds, 180, 1e-9);
    cr_assert(r.contract[2].attainment.met);
    char label[48];
    window_label(&r.contract[0].window, label);
    cr_assert_str_eq(label, "7d 2026-09-26 to 2026-10-02");
    eval_result_release(&r);
}

Test(eval_days, days_windows_align_on_both_sides_of_their_first_day)
{
    int64_t first = sltime_days_from_civil(2026, 10, 3);
    struct window w = window_days_of(OCT1, first, 7, "Europe/Berlin");
    struct sl_civil c;
    sltime_to_civil(w.start, "Europe/Berlin", &c, NULL);
    cr_assert(c.year == 2026 && c.month == 9 && c.day == 26 && c.hour == 0, "%d-%d-%d %d", c.year,
              c.month, c.day, c.hour);
    /* across the end of summer time (25 October) a week is an hour longer */
    w = window_days_of(OCT1 + 23 * DAY, first, 7, "Europe/Berlin");
    cr_assert_eq(w.end - w.start, 7 * DAY + 3600);
    w = window_days_of(first * DAY + 13 * DAY, first, 14, NULL);
    cr_assert_eq(w.start, first * DAY);
    w = window_days_of(first * DAY - 1, first, 14, NULL);
    cr_assert_eq(w.end, first * DAY);
}
