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
replay(void)
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
        budget_replay(&tl, 99.9, T - DAY, T + DAY, budget_default_rules, &alerts, &nalerts), SL_OK);
    contract_timeline_release(&tl);
}

Test(budget, page_1h_fires_after_one_minute)
{
    /* After 1 min: 1 h burn 60/3600/0.001 = 16.7 ≥ 14.4, 5 m burn 200. It
     * clears when the 5-minute window holds no downtime: T+900. Peak 1 h burn:
     * 600/3600/0.001 = 166.7. */
    replay();
    cr_assert_eq(nalerts, 3);
    cr_assert_str_eq(budget_default_rules[alerts[0].rule].name, "page-1h");
    cr_assert_eq(alerts[0].fired, T + 60);
    cr_assert_eq(alerts[0].cleared, T + 900);
    cr_assert_float_eq(alerts[0].peak_burn, 600.0 / 3600 / 0.001, 1e-6);
    free(alerts);
}

Test(budget, page_6h_and_ticket_3d)
{
    /* 6 h at ≥ 6 needs 129.6 s: fires at T+180 (3 min), clears when the 30 m
     * window is clean, T+2400. 3 d at ≥ 1 needs 259.2 s: fires at T+300;
     * the 6 h short window holds ≥ 21.6 s of downtime until T+22200. */
    replay();
    cr_assert_str_eq(budget_default_rules[alerts[1].rule].name, "page-6h");
    cr_assert_eq(alerts[1].fired, T + 180);
    cr_assert_eq(alerts[1].cleared, T + 2400);
    cr_assert_str_eq(budget_default_rules[alerts[2].rule].name, "ticket-3d");
    cr_assert_eq(alerts[2].fired, T + 300);
    cr_assert_eq(alerts[2].cleared, T + 22200);
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
    cr_assert_eq(budget_replay(&tl, 99.9, T, T + DAY, budget_default_rules, &alerts, &nalerts),
                 SL_OK);
    contract_timeline_release(&tl);
    cr_assert_eq(nalerts, 0);
    free(alerts);
}

Test(budget, arithmetic)
{
    /* 30-day month fully known, 99.9 %: allowed 2592 s; 1296 s down: half
     * consumed, 1296 left. Half the month elapsed: burn rate 1.0. */
    struct avail_result a = {0};
    struct budget b;
    a.known = true;
    a.eligible_seconds = 30 * DAY;
    a.downtime_seconds = 1296;
    budget_compute(99.9, &a, T, T + 30 * DAY, T + 15 * DAY, &b);
    cr_assert(b.known);
    cr_assert_float_eq(b.allowed_seconds, 2592, 1e-6);
    cr_assert_float_eq(b.remaining_seconds, 1296, 1e-6);
    cr_assert_float_eq(b.consumed_share, 0.5, 1e-9);
    cr_assert_float_eq(b.elapsed_share, 0.5, 1e-12);
    cr_assert_float_eq(b.burn_rate, 1.0, 1e-9);
    /* A past window: elapsed 1, burn = consumed share. */
    budget_compute(99.9, &a, T, T + 30 * DAY, T + 40 * DAY, &b);
    cr_assert_float_eq(b.burn_rate, 0.5, 1e-9);
    /* Unknown time or no target: no budget. */
    a.known = false;
    budget_compute(99.9, &a, T, T + 30 * DAY, T + 40 * DAY, &b);
    cr_assert_not(b.known);
    a.known = true;
    budget_compute(NAN, &a, T, T + 30 * DAY, T + 40 * DAY, &b);
    cr_assert_not(b.known);
}
