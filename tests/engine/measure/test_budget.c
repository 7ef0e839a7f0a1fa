/* test_budget.c — error budgets and the replay of the SRE workbook's
 * multiwindow burn-rate alerts (engine/budget.c). One 10-minute outage at
 * 2026-10-01T00:00Z after four clean days, against a 99.9 % objective
 * (budget 0.001); the firing and clearing minutes are worked out by hand. */
#include <criterion/criterion.h>
#include <math.h>

#include "engine/measure/budget.h"
#include "engine/time/sltime.h"

#define T INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define DAY 86400

static struct contract_timeline tl;
static struct burn_alert *alerts;
static size_t nalerts;

static void
replay_over(int64_t period)
{
    struct interval ivs[] = {
        {.entity = "p", .service = "s", .start = T - 4 * DAY, .end = T + 2 * DAY, .status = SVC_UP},
        {.entity = "p", .service = "s", .start = T, .end = T + 600, .status = SVC_DOWN},
    };
    struct contract_rules r;
    contract_rules_neutral(&r);
    cr_assert_eq(contract_timeline_build(ivs, 2, NULL, 0, T - 4 * DAY, T + 2 * DAY, NULL, &r, &tl),
                 SL_OK);
    cr_assert_eq(
        budget_replay(&tl, 99.9, T - DAY, T + DAY, period, budget_default_rules, &alerts, &nalerts),
        SL_OK);
    contract_timeline_release(&tl);
}

static void
replay(void)
{
    replay_over(30 * DAY);
}

Test(budget, page_1h_fires_after_one_minute)
{
    /* A 30-day objective. After 1 min: 1 h burn 60/3600/0.001 = 16.7 ≥ 14.4,
     * 5 m burn 200. It clears when the 5-minute window holds no downtime:
     * T+900. Peak 1 h burn: 600/3600/0.001 = 166.7. */
    replay();
    cr_assert_eq(nalerts, 4);
    cr_assert_str_eq(budget_default_rules[alerts[0].rule].name, "page-1h");
    cr_assert_float_eq(alerts[0].threshold, 14.4, 1e-9);
    cr_assert_eq(alerts[0].fired, T + 60);
    cr_assert_eq(alerts[0].cleared, T + 900);
    cr_assert_float_eq(alerts[0].peak_burn, 600.0 / 3600 / 0.001, 1e-6);
    free(alerts);
}

Test(budget, page_6h_and_the_tickets)
{
    /* 6 h at ≥ 6 needs 129.6 s: fires at T+180 (3 min), clears when the 30 m
     * window is clean, T+2400. 1 d at ≥ 3 needs 259.2 s: fires at T+300;
     * its 2 h short window holds ≥ 21.6 s until T+7778.4, so it clears at the
     * minute T+7800. 3 d at ≥ 1 needs 259.2 s: fires at T+300; the 6 h short
     * window holds ≥ 21.6 s of downtime until T+22200. */
    replay();
    cr_assert_str_eq(budget_default_rules[alerts[1].rule].name, "page-6h");
    cr_assert_float_eq(alerts[1].threshold, 6, 1e-9);
    cr_assert_eq(alerts[1].fired, T + 180);
    cr_assert_eq(alerts[1].cleared, T + 2400);
    cr_assert_str_eq(budget_default_rules[alerts[2].rule].name, "ticket-1d");
    cr_assert_float_eq(alerts[2].threshold, 3, 1e-9);
    cr_assert_eq(alerts[2].fired, T + 300);
    cr_assert_eq(alerts[2].cleared, T + 7800);
    cr_assert_str_eq(budget_default_rules[alerts[3].rule].name, "ticket-3d");
    cr_assert_float_eq(alerts[3].threshold, 1, 1e-9);
    cr_assert_eq(alerts[3].fired, T + 300);
    cr_assert_eq(alerts[3].cleared, T + 22200);
    free(alerts);
}

Test(budget, thresholds_scale_with_the_period)
{
    /* threshold = budget share × period ÷ long window.
     * 30 d (720 h): 0.02×720/1 = 14.4, 0.05×720/6 = 6, 0.1×720/24 = 3, 0.1×720/72 = 1.
     * February 2026 (28 d, 672 h): 13.44, 5.6, 2.8, 0.9333.
     * Q4 2026 (Oct 1 – Jan 1, 92 d, 2208 h): 44.16, 18.4, 9.2, 3.0667. */
    static const double want[3][4] = {
        {14.4, 6, 3, 1}, {13.44, 5.6, 2.8, 67.2 / 72}, {44.16, 18.4, 9.2, 220.8 / 72}};
    static const int days[3] = {30, 28, 92};
    for (int p = 0; p < 3; p++)
        for (int r = 0; r < 4; r++)
            cr_assert_float_eq(budget_rule_threshold(&budget_default_rules[r], days[p] * DAY),
                               want[p][r], 1e-9, "%d days, rule %d", days[p], r);
    cr_assert_null(budget_default_rules[4].name);
}

Test(budget, quarterly_objective_pages_later)
{
    /* The same outage against a quarterly (92-day) objective: page-1h needs a
     * 1 h burn of 44.16, i.e. 159 s: fires at T+180 and clears at T+900 (its
     * 5 m window needs 13.2 s). page-6h needs 18.4 over 6 h, 397.4 s: fires
     * at T+420; its 30 m window needs 33.1 s, held until T+2366.9: clears at
     * T+2400. The tickets need 794.9 s in 1 d and in 3 d: the 600 s outage
     * raises neither. */
    replay_over(92 * DAY);
    cr_assert_eq(nalerts, 2);
    cr_assert_str_eq(budget_default_rules[alerts[0].rule].name, "page-1h");
    cr_assert_eq(alerts[0].fired, T + 180);
    cr_assert_eq(alerts[0].cleared, T + 900);
    cr_assert_str_eq(budget_default_rules[alerts[1].rule].name, "page-6h");
    cr_assert_eq(alerts[1].fired, T + 420);
    cr_assert_eq(alerts[1].cleared, T + 2400);
    free(alerts);
}

Test(budget, no_downtime_no_alerts)
{
    struct interval iv = {
        .entity = "p", .service = "s", .start = T - 4 * DAY, .end = T + DAY, .status = SVC_UP};
    struct contract_rules r;
    contract_rules_neutral(&r);
    cr_assert_eq(contract_timeline_build(&iv, 1, NULL, 0, T - 4 * DAY, T + DAY, NULL, &r, &tl),
                 SL_OK);
    cr_assert_eq(
        budget_replay(&tl, 99.9, T, T + DAY, 30 * DAY, budget_default_rules, &alerts, &nalerts),
        SL_OK);
    contract_timeline_release(&tl);
    cr_assert_eq(nalerts, 0);
    free(alerts);
}

Test(budget, arithmetic)
{
    /* 30-day month, 99.9 %: allowed 2592 s whatever has elapsed. Half the
     * month measured (15 d known), 1296 s down: half consumed, 1296 left;
     * error rate 1296 / 1296000 = 0.001, burn rate 0.001 / 0.001 = 1.0. */
    struct avail_result a = {0};
    struct budget b;
    a.known = true;
    a.eligible_seconds = 15 * DAY;
    a.downtime_seconds = 1296;
    budget_compute(99.9, &a, T, T + 30 * DAY, T + 15 * DAY, &b);
    cr_assert(b.known);
    cr_assert_float_eq(b.allowed_seconds, 2592, 1e-6);
    cr_assert_float_eq(b.remaining_seconds, 1296, 1e-6);
    cr_assert_float_eq(b.consumed_share, 0.5, 1e-9);
    cr_assert_float_eq(b.elapsed_share, 0.5, 1e-12);
    cr_assert_float_eq(b.burn_rate, 1.0, 1e-9);
    /* The whole month measured: 1296 / 2592000 / 0.001 = 0.5. */
    a.eligible_seconds = 30 * DAY;
    budget_compute(99.9, &a, T, T + 30 * DAY, T + 40 * DAY, &b);
    cr_assert_float_eq(b.burn_rate, 0.5, 1e-9);
    /* Eligible maintenance (1 h) leaves the budget: 0.001 × (2592000 − 3600). */
    a.maintenance_seconds = 3600;
    budget_compute(99.9, &a, T, T + 30 * DAY, T + 40 * DAY, &b);
    cr_assert_float_eq(b.allowed_seconds, 2588.4, 1e-6);
    a.maintenance_seconds = 0;
    /* Unknown time or no target: no budget. */
    a.known = false;
    budget_compute(99.9, &a, T, T + 30 * DAY, T + 40 * DAY, &b);
    cr_assert_not(b.known);
    a.known = true;
    budget_compute(NAN, &a, T, T + 30 * DAY, T + 40 * DAY, &b);
    cr_assert_not(b.known);
}

Test(budget, month_in_progress)
{
    /* 99.9 % monthly, evaluated on 2026-10-01..10-04 (3 days known) with a
     * 10-minute outage. October has 31 days, 2678400 s:
     *   allowed  = 0.001 × 2678400 = 2678.4 s (the whole month's)
     *   consumed = 600 / 2678.4 = 22.4 %
     *   burn     = (600 / 259200) / 0.001 = 2.31
     * (The budget of the elapsed days alone gave 259.2 s, 231 % and 23.9.) */
    struct avail_result a = {0};
    struct budget b;
    a.known = true;
    a.eligible_seconds = 3 * DAY;
    a.unknown_seconds = 28 * DAY;
    a.downtime_seconds = 600;
    budget_compute(99.9, &a, T, T + 31 * DAY, T + 3 * DAY, &b);
    cr_assert_float_eq(b.allowed_seconds, 2678.4, 1e-6);
    cr_assert_float_eq(b.consumed_share, 600 / 2678.4, 1e-9);
    cr_assert_float_eq(b.remaining_seconds, 2078.4, 1e-6);
    cr_assert_float_eq(b.burn_rate, 600.0 / 259200 / 0.001, 1e-9);
    cr_assert_float_eq(b.elapsed_share, 3.0 / 31, 1e-12);
}
