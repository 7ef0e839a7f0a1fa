/* test_availability.c — time-based availability (docs/design.md §4):
 * A = 1 − Σ w·|interval ∩ W′| / |W′|, measured by the one engine the
 * evaluation runs: a contract timeline under the neutral rules
 * (engine/measure/contract.c), built over a range wider than the window as
 * eval_run builds it, then measured on the window. Most cases use a window of
 * 10,000 s starting at T (2026-10-01T00:00Z) so the arithmetic is easy to
 * check by hand in the comments. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/measure/availability.h"
#include "engine/measure/contract.h"
#include "engine/time/sltime.h"
#include "engine/time/window.h"

#define T INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define W 10000               /* window length used by most tests */
#define HOUR 3600
#define DAY 86400
#define EPS 1e-12

static struct interval
iv(int64_t from, int64_t to, enum svc_status status)
{
    struct interval i = {.entity = "provider:acme",
                         .service = "gpu-east",
                         .start = T + from,
                         .end = T + to,
                         .status = status};
    return i;
}

static struct maintenance
mw(int64_t from, int64_t to, int64_t announced_before)
{
    struct maintenance m = {
        "provider:acme", "gpu-east", "MW-1", T + from, T + to, T + from - announced_before, 0};
    return m;
}

/* The neutral rules as eval_run makes them: contract_rules_neutral() with
 * the settings of p copied in. */
static void
neutral_rules(const struct avail_params *p, struct contract_rules *r)
{
    contract_rules_neutral(r);
    memcpy(r->weight, p->weight, sizeof r->weight);
    r->notice_seconds = p->notice_seconds;
    r->maintenance_cap_seconds = p->maintenance_cap_seconds;
}

/* Measures [from, to) on a timeline built a day wider on each side. */
static struct avail_result
measure_with(const struct interval *ivs, size_t n, const struct maintenance *m, size_t nm,
             int64_t from, int64_t to, const struct avail_params *p)
{
    struct contract_rules rules;
    struct contract_timeline tl;
    struct contract_measure out;
    neutral_rules(p, &rules);
    cr_assert_eq(contract_timeline_build(ivs, n, m, nm, from - DAY, to + DAY, NULL, &rules, &tl),
                 SL_OK);
    contract_timeline_measure(&tl, from, to, &out);
    contract_timeline_release(&tl);
    cr_assert_eq(out.excluded_seconds, 0);
    cr_assert_eq(out.forgiven_seconds, 0);
    return out.avail;
}

static struct avail_result
compute_with(const struct interval *ivs, size_t n, const struct maintenance *m, size_t nm,
             const struct avail_params *p)
{
    struct avail_result r = measure_with(ivs, n, m, nm, T, T + W, p);
    cr_assert_eq(r.window_seconds, W);
    /* Every second of the window is accounted for exactly once. */
    cr_assert_eq(r.eligible_seconds + r.unknown_seconds + r.maintenance_seconds, W);
    return r;
}

static struct avail_result
compute(const struct interval *ivs, size_t n, const struct maintenance *m, size_t nm)
{
    struct avail_params p;
    availability_default_params(&p);
    return compute_with(ivs, n, m, nm, &p);
}

Test(availability, default_params)
{
    struct avail_params p;
    availability_default_params(&p);
    cr_assert_float_eq(p.weight[SVC_DOWN], 1.0, EPS);
    cr_assert_float_eq(p.weight[SVC_MAINTENANCE], 1.0, EPS);
    cr_assert_float_eq(p.weight[SVC_PARTIAL], 0.3, EPS);
    cr_assert_float_eq(p.weight[SVC_DEGRADED], 0.0, EPS);
    cr_assert_float_eq(p.weight[SVC_UP], 0.0, EPS);
    cr_assert_eq(p.notice_seconds, 48 * HOUR);
    cr_assert_eq(p.maintenance_cap_seconds, 0);

    /* and the engine's neutral rules start from the same figures */
    struct contract_rules r;
    contract_rules_neutral(&r);
    for (int s = 0; s < SVC_STATUS_COUNT; s++)
        cr_assert_float_eq(r.weight[s], p.weight[s], EPS, "status %d", s);
    cr_assert_eq(r.notice_seconds, p.notice_seconds);
    cr_assert_eq(r.maintenance_cap_seconds, 0);
    cr_assert(r.maintenance_excluded);
    cr_assert_eq(r.min_outage_seconds, 0);
}

Test(availability, empty_window_is_not_known)
{
    /* No interval at all: the whole window is unknown and there is no figure,
     * in particular not 100 %. */
    struct avail_result r = compute(NULL, 0, NULL, 0);
    cr_assert_not(r.known);
    cr_assert_eq(r.unknown_seconds, W);
    cr_assert_eq(r.eligible_seconds, 0);
    cr_assert_neq(r.availability, 1.0);
}

Test(availability, zero_length_window)
{
    struct avail_params p;
    struct interval i = iv(0, W, SVC_UP);
    availability_default_params(&p);
    struct avail_result r = measure_with(&i, 1, NULL, 0, T, T, &p);
    cr_assert_eq(r.window_seconds, 0);
    cr_assert_not(r.known);
}

Test(availability, only_unknown_is_not_known)
{
    struct interval i = iv(0, W, SVC_UNKNOWN);
    struct avail_result r = compute(&i, 1, NULL, 0);
    cr_assert_not(r.known);
    cr_assert_eq(r.unknown_seconds, W);
}

Test(availability, all_up)
{
    struct interval i = iv(0, W, SVC_UP);
    struct avail_result r = compute(&i, 1, NULL, 0);
    cr_assert(r.known);
    cr_assert_float_eq(r.availability, 1.0, EPS);
    cr_assert_eq(r.eligible_seconds, W);
    cr_assert_eq(r.status_seconds[SVC_UP], W);
    cr_assert_float_eq(r.downtime_seconds, 0.0, EPS);
}

Test(availability, one_down_stretch)
{
    /* 600 s down out of 10,000: A = 1 − 600/10000 = 0.94 */
    struct interval ivs[] = {iv(0, 2000, SVC_UP), iv(2000, 2600, SVC_DOWN), iv(2600, W, SVC_UP)};
    struct avail_result r = compute(ivs, 3, NULL, 0);
    cr_assert(r.known);
    cr_assert_float_eq(r.downtime_seconds, 600.0, EPS);
    cr_assert_float_eq(r.availability, 0.94, EPS);
    cr_assert_eq(r.status_seconds[SVC_DOWN], 600);
    cr_assert_eq(r.status_seconds[SVC_UP], 9400);
}

Test(availability, unsorted_input)
{
    /* the same intervals in another order give the same answer */
    struct interval ivs[] = {iv(2600, W, SVC_UP), iv(2000, 2600, SVC_DOWN), iv(0, 2000, SVC_UP)};
    struct avail_result r = compute(ivs, 3, NULL, 0);
    cr_assert_float_eq(r.availability, 0.94, EPS);
}

Test(availability, partial_weighted_0_3)
{
    /* 1000 s partial × 0.3 = 300 s of downtime: A = 1 − 300/10000 = 0.97 */
    struct interval ivs[] = {iv(0, 9000, SVC_UP), iv(9000, W, SVC_PARTIAL)};
    struct avail_result r = compute(ivs, 2, NULL, 0);
    cr_assert_float_eq(r.downtime_seconds, 300.0, 1e-9);
    cr_assert_float_eq(r.availability, 0.97, 1e-12);
    cr_assert_eq(r.status_seconds[SVC_PARTIAL], 1000);
}

Test(availability, partial_weight_is_a_parameter)
{
    /* a contract that counts partial outages in full: A = 1 − 1000/10000 */
    struct interval ivs[] = {iv(0, 9000, SVC_UP), iv(9000, W, SVC_PARTIAL)};
    struct avail_params p;
    availability_default_params(&p);
    p.weight[SVC_PARTIAL] = 1.0;
    struct avail_result r = compute_with(ivs, 2, NULL, 0, &p);
    cr_assert_float_eq(r.availability, 0.9, EPS);
}

Test(availability, degraded_weighs_nothing)
{
    struct interval ivs[] = {iv(0, 5000, SVC_DEGRADED), iv(5000, W, SVC_UP)};
    struct avail_result r = compute(ivs, 2, NULL, 0);
    cr_assert(r.known);
    cr_assert_float_eq(r.availability, 1.0, EPS);
    cr_assert_eq(r.status_seconds[SVC_DEGRADED], 5000);
    cr_assert_eq(r.eligible_seconds, W);
}

Test(availability, overlapping_sources_worst_wins_once)
{
    /* Source A: up, down [1000,3000), up.
     * Source B: up, down [2000,4000), partial [4000,5000), up.
     * Worst per instant: up [0,1000), down [1000,4000) (3000 s, not the 4000 s
     * a sum of both sources would give), partial [4000,5000), up [5000,10000).
     * Downtime = 3000 + 0.3 × 1000 = 3300: A = 1 − 3300/10000 = 0.67. */
    struct interval ivs[] = {
        iv(0, 1000, SVC_UP), iv(1000, 3000, SVC_DOWN), iv(3000, W, SVC_UP),
        iv(0, 2000, SVC_UP), iv(2000, 4000, SVC_DOWN), iv(4000, 5000, SVC_PARTIAL),
        iv(5000, W, SVC_UP),
    };
    struct avail_result r = compute(ivs, 7, NULL, 0);
    cr_assert_eq(r.status_seconds[SVC_DOWN], 3000);
    cr_assert_eq(r.status_seconds[SVC_PARTIAL], 1000);
    cr_assert_eq(r.status_seconds[SVC_UP], 6000);
    cr_assert_eq(r.eligible_seconds, W);
    cr_assert_float_eq(r.downtime_seconds, 3300.0, 1e-9);
    cr_assert_float_eq(r.availability, 0.67, 1e-12);
}

Test(availability, identical_duplicates_not_double_counted)
{
    /* the same down interval stored twice is still 500 s: A = 0.95 */
    struct interval ivs[] = {iv(0, W, SVC_UP), iv(1000, 1500, SVC_DOWN), iv(1000, 1500, SVC_DOWN)};
    struct avail_result r = compute(ivs, 3, NULL, 0);
    cr_assert_float_eq(r.availability, 0.95, EPS);
}

Test(availability, unknown_left_out_of_denominator)
{
    /* up [0,4000); nothing [4000,6000); unknown [6000,7000); down [7000,8000);
     * up [8000,10000). Unknown = 3000 s, W′ = 7000 s, downtime 1000 s:
     * A = 1 − 1000/7000 = 6/7. */
    struct interval ivs[] = {iv(0, 4000, SVC_UP), iv(6000, 7000, SVC_UNKNOWN),
                             iv(7000, 8000, SVC_DOWN), iv(8000, W, SVC_UP)};
    struct avail_result r = compute(ivs, 4, NULL, 0);
    cr_assert(r.known);
    cr_assert_eq(r.unknown_seconds, 3000);
    cr_assert_eq(r.eligible_seconds, 7000);
    cr_assert_float_eq(r.availability, 6.0 / 7.0, EPS);
}

Test(availability, known_status_beats_unknown)
{
    /* A second source that says unknown everywhere does not hide the first. */
    struct interval ivs[] = {iv(0, W, SVC_UNKNOWN), iv(0, 5000, SVC_UP), iv(5000, 6000, SVC_DOWN)};
    struct avail_result r = compute(ivs, 3, NULL, 0);
    /* known [0,6000): downtime 1000, unknown 4000: A = 1 − 1000/6000 */
    cr_assert_eq(r.unknown_seconds, 4000);
    cr_assert_eq(r.eligible_seconds, 6000);
    cr_assert_float_eq(r.availability, 5.0 / 6.0, EPS);
}

Test(availability, eligible_maintenance_excluded)
{
    /* Maintenance [2000,3000) announced 72 h before: probes said down during it,
     * but the stretch leaves W′. W′ = 9000 s, no downtime: A = 1. */
    struct interval ivs[] = {iv(0, 2000, SVC_UP), iv(2000, 3000, SVC_DOWN), iv(3000, W, SVC_UP)};
    struct maintenance m = mw(2000, 3000, 72 * HOUR);
    struct avail_result r = compute(ivs, 3, &m, 1);
    cr_assert_eq(r.maintenance_seconds, 1000);
    cr_assert_eq(r.eligible_seconds, 9000);
    cr_assert_eq(r.ineligible_maintenance_seconds, 0);
    cr_assert_float_eq(r.downtime_seconds, 0.0, EPS);
    cr_assert_float_eq(r.availability, 1.0, EPS);
}

Test(availability, maintenance_announced_exactly_48h_is_eligible)
{
    /* "at least the notice period": exactly 48 h qualifies, 48 h − 1 s does not */
    struct interval i = iv(0, W, SVC_UP);
    struct maintenance m = mw(2000, 3000, 48 * HOUR);
    struct avail_result r = compute(&i, 1, &m, 1);
    cr_assert_eq(r.maintenance_seconds, 1000);
    cr_assert_float_eq(r.availability, 1.0, EPS);

    m = mw(2000, 3000, 48 * HOUR - 1);
    r = compute(&i, 1, &m, 1);
    cr_assert_eq(r.maintenance_seconds, 0);
    cr_assert_eq(r.ineligible_maintenance_seconds, 1000);
    cr_assert_float_eq(r.availability, 0.9, EPS);
}

Test(availability, short_notice_maintenance_is_downtime)
{
    /* Announced 1 h before: ineligible, so its 1000 s count as downtime even
     * though the probes said up: A = 1 − 1000/10000 = 0.9. */
    struct interval i = iv(0, W, SVC_UP);
    struct maintenance m = mw(2000, 3000, HOUR);
    struct avail_result r = compute(&i, 1, &m, 1);
    cr_assert_eq(r.maintenance_seconds, 0);
    cr_assert_eq(r.ineligible_maintenance_seconds, 1000);
    cr_assert_eq(r.eligible_seconds, W);
    cr_assert_float_eq(r.downtime_seconds, 1000.0, EPS);
    cr_assert_float_eq(r.availability, 0.9, EPS);
}

Test(availability, unannounced_maintenance_is_downtime)
{
    struct interval i = iv(0, W, SVC_UP);
    struct maintenance m = mw(2000, 3000, 0);
    m.announced = SLTIME_NONE;
    struct avail_result r = compute(&i, 1, &m, 1);
    cr_assert_eq(r.ineligible_maintenance_seconds, 1000);
    cr_assert_float_eq(r.availability, 0.9, EPS);
}

Test(availability, ineligible_maintenance_counts_without_monitoring)
{
    /* No probe coverage during short-notice maintenance [2000,3000): it is
     * still downtime ("known or not"). Known: [0,1000) up + maintenance 1000 s.
     * W′ = 2000, downtime 1000: A = 0.5. */
    struct interval i = iv(0, 1000, SVC_UP);
    struct maintenance m = mw(2000, 3000, HOUR);
    struct avail_result r = compute(&i, 1, &m, 1);
    cr_assert_eq(r.unknown_seconds, 8000);
    cr_assert_eq(r.eligible_seconds, 2000);
    cr_assert_float_eq(r.availability, 0.5, EPS);
}

Test(availability, maintenance_status_without_window_is_downtime)
{
    /* The probes say "maintenance" but no maintenance window was announced:
     * 1000 s of downtime, A = 0.9. */
    struct interval ivs[] = {iv(0, 9000, SVC_UP), iv(9000, W, SVC_MAINTENANCE)};
    struct avail_result r = compute(ivs, 2, NULL, 0);
    cr_assert_eq(r.status_seconds[SVC_MAINTENANCE], 1000);
    cr_assert_eq(r.maintenance_seconds, 0);
    cr_assert_float_eq(r.downtime_seconds, 1000.0, EPS);
    cr_assert_float_eq(r.availability, 0.9, EPS);
}

Test(availability, maintenance_status_inside_eligible_window_excluded)
{
    struct interval ivs[] = {iv(0, 9000, SVC_UP), iv(9000, W, SVC_MAINTENANCE)};
    struct maintenance m = mw(9000, W, 72 * HOUR);
    struct avail_result r = compute(ivs, 2, &m, 1);
    cr_assert_eq(r.maintenance_seconds, 1000);
    cr_assert_float_eq(r.availability, 1.0, EPS);
}

Test(availability, maintenance_cap_splits_a_window)
{
    /* Eligible maintenance [2000,3000) with a cap of 600 s: 600 s leave W′,
     * the other 400 s are downtime. W′ = 10000 − 600 = 9400:
     * A = 1 − 400/9400. */
    struct interval i = iv(0, W, SVC_UP);
    struct maintenance m = mw(2000, 3000, 72 * HOUR);
    struct avail_params p;
    availability_default_params(&p);
    p.maintenance_cap_seconds = 600;
    struct avail_result r = compute_with(&i, 1, &m, 1, &p);
    cr_assert_eq(r.maintenance_seconds, 600);
    cr_assert_eq(r.ineligible_maintenance_seconds, 400);
    cr_assert_eq(r.eligible_seconds, 9400);
    cr_assert_float_eq(r.downtime_seconds, 400.0, EPS);
    cr_assert_float_eq(r.availability, 1.0 - 400.0 / 9400.0, EPS);
}

Test(availability, maintenance_cap_spent_in_time_order)
{
    /* Two eligible windows, [1000,1500) and [2000,3000), cap 600: the first
     * uses 500, the second gets 100 and 900 s of it are downtime.
     * W′ = 10000 − 600 = 9400, A = 1 − 900/9400. */
    struct interval i = iv(0, W, SVC_UP);
    struct maintenance m[] = {mw(2000, 3000, 72 * HOUR), mw(1000, 1500, 72 * HOUR)};
    struct avail_params p;
    availability_default_params(&p);
    p.maintenance_cap_seconds = 600;
    struct avail_result r = compute_with(&i, 1, m, 2, &p);
    cr_assert_eq(r.maintenance_seconds, 600);
    cr_assert_eq(r.ineligible_maintenance_seconds, 900);
    cr_assert_float_eq(r.availability, 1.0 - 900.0 / 9400.0, EPS);
}

Test(availability, notice_period_is_a_parameter)
{
    /* With a contract notice of 1 h, maintenance announced 2 h before qualifies. */
    struct interval i = iv(0, W, SVC_UP);
    struct maintenance m = mw(2000, 3000, 2 * HOUR);
    struct avail_params p;
    availability_default_params(&p);
    p.notice_seconds = HOUR;
    struct avail_result r = compute_with(&i, 1, &m, 1, &p);
    cr_assert_eq(r.maintenance_seconds, 1000);
    cr_assert_float_eq(r.availability, 1.0, EPS);
}

Test(availability, outage_spanning_two_months)
{
    /* Down from 2026-10-31T23:00Z to 2026-11-01T02:00Z (3 h), up otherwise.
     * October (2,678,400 s) gets 3600 s: A = 1 − 3600/2678400.
     * November (2,592,000 s) gets 7200 s: A = 1 − 7200/2592000. */
    struct window oct = window_month(2026, 10, NULL);
    struct window nov = window_month(2026, 11, NULL);
    int64_t down_from = nov.start - HOUR, down_to = nov.start + 2 * HOUR;
    struct interval ivs[] = {
        {.entity = "provider:acme",
         .service = "gpu-east",
         .start = oct.start,
         .end = down_from,
         .status = SVC_UP},
        {.entity = "provider:acme",
         .service = "gpu-east",
         .start = down_from,
         .end = down_to,
         .status = SVC_DOWN},
        {.entity = "provider:acme",
         .service = "gpu-east",
         .start = down_to,
         .end = nov.end,
         .status = SVC_UP},
    };
    struct avail_params p;
    availability_default_params(&p);

    struct avail_result r = measure_with(ivs, 3, NULL, 0, oct.start, oct.end, &p);
    cr_assert_eq(r.window_seconds, 2678400);
    cr_assert_float_eq(r.downtime_seconds, 3600.0, EPS);
    cr_assert_float_eq(r.availability, 1.0 - 3600.0 / 2678400.0, EPS);

    r = measure_with(ivs, 3, NULL, 0, nov.start, nov.end, &p);
    cr_assert_eq(r.window_seconds, 2592000);
    cr_assert_float_eq(r.downtime_seconds, 7200.0, EPS);
    cr_assert_float_eq(r.availability, 1.0 - 7200.0 / 2592000.0, EPS);
}

Test(availability, intervals_clipped_to_window)
{
    /* up [−5000,3000), down [3000,15000): inside [0,10000) that is 3000 s up
     * and 7000 s down: A = 0.3, and W′ is 10,000 s, not 20,000. */
    struct interval ivs[] = {iv(-5000, 3000, SVC_UP), iv(3000, 15000, SVC_DOWN)};
    struct avail_result r = compute(ivs, 2, NULL, 0);
    cr_assert_eq(r.eligible_seconds, W);
    cr_assert_eq(r.status_seconds[SVC_UP], 3000);
    cr_assert_eq(r.status_seconds[SVC_DOWN], 7000);
    cr_assert_float_eq(r.availability, 0.3, EPS);
}

Test(availability, intervals_outside_window_ignored)
{
    /* down entirely before and after the window; inside only up */
    struct interval ivs[] = {iv(-2000, 0, SVC_DOWN), iv(0, W, SVC_UP), iv(W, W + 500, SVC_DOWN)};
    struct avail_result r = compute(ivs, 3, NULL, 0);
    cr_assert_float_eq(r.availability, 1.0, EPS);
}

Test(availability, maintenance_clipped_to_window)
{
    /* eligible maintenance [−1000,500) only removes its 500 s inside the window */
    struct interval i = iv(0, W, SVC_UP);
    struct maintenance m = mw(-1000, 500, 72 * HOUR);
    struct avail_result r = compute(&i, 1, &m, 1);
    cr_assert_eq(r.maintenance_seconds, 500);
    cr_assert_eq(r.eligible_seconds, 9500);
}

Test(availability, pool_of_two_services)
{
    /* Service A: W′ 10,000 s, 1000 s down (A = 0.9).
     * Service B: W′ 5000 s (5000 unknown), no downtime (A = 1).
     * Pooled: 1 − 1000/15000 = 14/15, not the mean of 0.9 and 1 (0.95). */
    struct interval a_ivs[] = {iv(0, 1000, SVC_DOWN), iv(1000, W, SVC_UP)};
    struct interval b_ivs[] = {iv(0, 5000, SVC_UP)};
    struct avail_result a = compute(a_ivs, 2, NULL, 0);
    struct avail_result b = compute(b_ivs, 1, NULL, 0);
    cr_assert_float_eq(a.availability, 0.9, EPS);
    cr_assert_float_eq(b.availability, 1.0, EPS);
    availability_pool(&a, &b);
    cr_assert(a.known);
    cr_assert_eq(a.window_seconds, 2 * W);
    cr_assert_eq(a.eligible_seconds, 15000);
    cr_assert_eq(a.unknown_seconds, 5000);
    cr_assert_eq(a.status_seconds[SVC_DOWN], 1000);
    cr_assert_eq(a.status_seconds[SVC_UP], 14000);
    cr_assert_float_eq(a.downtime_seconds, 1000.0, EPS);
    cr_assert_float_eq(a.availability, 14.0 / 15.0, EPS);
}

Test(availability, pool_with_unknown_service)
{
    /* Pooling in a service with no coverage changes nothing but the unknown time. */
    struct interval a_ivs[] = {iv(0, 1000, SVC_DOWN), iv(1000, W, SVC_UP)};
    struct avail_result a = compute(a_ivs, 2, NULL, 0);
    struct avail_result none = compute(NULL, 0, NULL, 0);
    availability_pool(&a, &none);
    cr_assert(a.known);
    cr_assert_float_eq(a.availability, 0.9, EPS);
    cr_assert_eq(a.unknown_seconds, W);

    /* and an empty pool stays unknown */
    struct avail_result empty = {0};
    availability_pool(&empty, &none);
    cr_assert_not(empty.known);
}

/* Minimum coverage (docs/design.md §4): coverage = 1 − unknown ÷ window,
 * insufficient below 50 %, partial below 95 %, full from 95 % on. A window
 * of 1,000 s makes each case a count of unknown seconds. */
static enum avail_coverage
flag_of(int64_t window, int64_t unknown)
{
    struct avail_params p;
    availability_default_params(&p);
    struct avail_result a = {.window_seconds = window,
                             .unknown_seconds = unknown,
                             .eligible_seconds = window - unknown,
                             .known = window > unknown};
    return availability_coverage_flag(&a, &p.coverage);
}

Test(availability, coverage_thresholds_by_hand)
{
    cr_assert_eq(flag_of(1000, 501), AVAIL_COVERAGE_INSUFFICIENT, "49.9 %%");
    cr_assert_eq(flag_of(1000, 500), AVAIL_COVERAGE_PARTIAL, "50 %% is not below 50 %%");
    cr_assert_eq(flag_of(1000, 51), AVAIL_COVERAGE_PARTIAL, "94.9 %%");
    cr_assert_eq(flag_of(1000, 50), AVAIL_COVERAGE_FULL, "95 %% is not below 95 %%");
    cr_assert_eq(flag_of(1000, 0), AVAIL_COVERAGE_FULL);
    cr_assert_eq(flag_of(1000, 1000), AVAIL_COVERAGE_INSUFFICIENT, "nothing monitored");
    cr_assert_eq(flag_of(0, 0), AVAIL_COVERAGE_INSUFFICIENT, "an empty window");
    /* A month of 2,678,400 s: 49.9 % and 95 % exactly. */
    cr_assert_eq(flag_of(2678400, 2678400 - 1336521), AVAIL_COVERAGE_INSUFFICIENT);
    cr_assert_eq(flag_of(2678400, 133920), AVAIL_COVERAGE_FULL);
    cr_assert_eq(flag_of(2678400, 133921), AVAIL_COVERAGE_PARTIAL);
    struct avail_result a = {.window_seconds = 1000, .unknown_seconds = 51};
    cr_assert_float_eq(availability_coverage(&a), 0.949, EPS);
    a.window_seconds = 0;
    cr_assert(isnan(availability_coverage(&a)));
    cr_assert_str_eq(availability_coverage_name(AVAIL_COVERAGE_INSUFFICIENT), "insufficient");
    cr_assert_str_eq(availability_coverage_label(AVAIL_COVERAGE_PARTIAL), "partial coverage");
    cr_assert_null(availability_coverage_label(AVAIL_COVERAGE_FULL));
}

Test(availability, coverage_thresholds_are_settings)
{
    struct avail_coverage_rule rule = {.min = 0.9, .partial = 0.99};
    struct avail_result a = {.window_seconds = 1000, .unknown_seconds = 101, .known = true};
    cr_assert_eq(availability_coverage_flag(&a, &rule), AVAIL_COVERAGE_INSUFFICIENT, "89.9 %%");
    a.unknown_seconds = 100;
    cr_assert_eq(availability_coverage_flag(&a, &rule), AVAIL_COVERAGE_PARTIAL, "90 %%");
    a.unknown_seconds = 10;
    cr_assert_eq(availability_coverage_flag(&a, &rule), AVAIL_COVERAGE_FULL, "99 %%");
}
