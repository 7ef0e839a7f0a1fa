/* test_contract.c — the contract measure (engine/contract.c): the SLA's own
 * rules over a classified timeline, attainment, claim deadlines and chronic
 * failure. Every expected figure is worked out by hand in the comment above
 * its assertion. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/measure/budget.h"
#include "engine/measure/contract.h"
#include "engine/time/sltime.h"
#include "engine/measure/stats.h"
#include "engine/time/window.h"

#define SEP1 INT64_C(1788220800) /* 2026-09-01T00:00:00Z */
#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */
#define MIN 60
#define HOUR 3600
#define DAY 86400
#define EPS 1e-9

static struct interval
iv(int64_t from, int64_t to, enum svc_status s)
{
    struct interval i = {
        .entity = "provider:acme", .service = "gpu", .start = from, .end = to, .status = s};
    return i;
}

static struct maintenance
mw(int64_t from, int64_t to, int64_t announced_before)
{
    struct maintenance m = {.entity = "provider:acme",
                            .service = "gpu",
                            .key = "MW",
                            .start = from,
                            .end = to,
                            .announced = from - announced_before};
    return m;
}

static struct contract_measure
measure(const struct interval *ivs, size_t n, const struct maintenance *m, size_t nm, int64_t from,
        int64_t to, const struct contract_rules *r)
{
    struct contract_measure out;
    cr_assert_eq(contract_measure_window(ivs, n, m, nm, from, to, NULL, r, &out), SL_OK);
    cr_assert_eq(out.avail.window_seconds, to - from);
    return out;
}

Test(contract, neutral_measure_by_hand)
{
    /* Two sources overlapping, a partial stretch, unknown time, eligible and
     * ineligible maintenance, under the neutral rules. Second by second:
     *   [0, 1000)      up                                      1000 up
     *   [1000, 1600)   down (beats up and partial)              600 down
     *   [1600, 2000)   partial                                  400 partial
     *   [2000, 3000)   up                                      1000 up
     *   [3000, 3500)   maintenance announced 3 days ahead       500 left out
     *   [3500, 5000)   up                                      1500 up
     *   [5000, 6000)   no interval                             1000 unknown
     *   [6000, 7000)   degraded                                1000 degraded
     *   [7000, 7300)   maintenance announced 1 h ahead          300 maintenance, counted
     *   [7300, 10000)  degraded (up [8000, 9000) under it)     2700 degraded
     * W′ = 10,000 − 1000 − 500 = 8500; downtime = 600 + 0.3 × 400 + 300 =
     * 1020; A = 1 − 1020 / 8500 = 0.88. */
    struct interval ivs[] = {
        iv(OCT1, OCT1 + 5000, SVC_UP),
        iv(OCT1 + 1000, OCT1 + 1600, SVC_DOWN),
        iv(OCT1 + 1300, OCT1 + 2000, SVC_PARTIAL),
        iv(OCT1 + 6000, OCT1 + 10000, SVC_DEGRADED),
        iv(OCT1 + 8000, OCT1 + 9000, SVC_UP),
    };
    struct maintenance m[] = {mw(OCT1 + 3000, OCT1 + 3500, 3 * DAY),
                              mw(OCT1 + 7000, OCT1 + 7300, HOUR)};
    struct contract_rules r;
    contract_rules_neutral(&r);
    struct contract_measure got = measure(ivs, 5, m, 2, OCT1, OCT1 + 10000, &r);
    cr_assert_eq(got.avail.eligible_seconds, 8500);
    cr_assert_eq(got.avail.unknown_seconds, 1000);
    cr_assert_eq(got.avail.maintenance_seconds, 500);
    cr_assert_eq(got.avail.ineligible_maintenance_seconds, 300);
    cr_assert_eq(got.avail.status_seconds[SVC_UP], 3500);
    cr_assert_eq(got.avail.status_seconds[SVC_DOWN], 600);
    cr_assert_eq(got.avail.status_seconds[SVC_PARTIAL], 400);
    cr_assert_eq(got.avail.status_seconds[SVC_DEGRADED], 3700);
    cr_assert_eq(got.avail.status_seconds[SVC_MAINTENANCE], 300);
    cr_assert_eq(got.avail.status_seconds[SVC_UNKNOWN], 0);
    cr_assert_float_eq(got.avail.downtime_seconds, 1020, EPS);
    cr_assert_float_eq(got.avail.availability, 0.88, EPS);
    cr_assert_eq(got.outages, 2, "down and partial, then the short-notice maintenance");
}

Test(contract, overlapping_sources_worst_wins)
{
    /* Probes down [0, 600), the status page partial [300, 900): down 600 s,
     * partial 300 s × 0.3 = 90 s; 690 s of 10,000 s. */
    struct interval ivs[] = {iv(OCT1, OCT1 + 10000, SVC_UP), iv(OCT1, OCT1 + 600, SVC_DOWN),
                             iv(OCT1 + 300, OCT1 + 900, SVC_PARTIAL)};
    struct contract_rules r;
    contract_rules_neutral(&r);
    struct contract_measure m = measure(ivs, 3, NULL, 0, OCT1, OCT1 + 10000, &r);
    cr_assert_eq(m.avail.status_seconds[SVC_DOWN], 600);
    cr_assert_eq(m.avail.status_seconds[SVC_PARTIAL], 300);
    cr_assert_float_eq(m.avail.downtime_seconds, 690, EPS);
    cr_assert_eq(m.outages, 1, "down then partial is one outage run");
}

Test(contract, minimum_outage_forgives_short_runs)
{
    /* Under a 5-minute minimum: a 4-minute outage is forgiven, a 6-minute one
     * counts, and 3 min down + 3 min partial back to back are one 6-minute
     * run that counts (180 + 0.3 × 180 = 234 s). Total 360 + 234 = 594 s. */
    struct interval ivs[] = {
        iv(OCT1, OCT1 + DAY, SVC_UP),
        iv(OCT1 + 1000, OCT1 + 1000 + 4 * MIN, SVC_DOWN),
        iv(OCT1 + 5000, OCT1 + 5000 + 6 * MIN, SVC_DOWN),
        iv(OCT1 + 9000, OCT1 + 9000 + 3 * MIN, SVC_DOWN),
        iv(OCT1 + 9000 + 3 * MIN, OCT1 + 9000 + 6 * MIN, SVC_PARTIAL),
    };
    struct contract_rules r;
    contract_rules_neutral(&r);
    r.min_outage_seconds = 5 * MIN;
    struct contract_measure m = measure(ivs, 5, NULL, 0, OCT1, OCT1 + DAY, &r);
    cr_assert_float_eq(m.avail.downtime_seconds, 594, EPS);
    cr_assert_eq(m.forgiven_seconds, 4 * MIN);
    cr_assert_eq(m.outages, 2);
    /* The forgiven time stays in the denominator as known time. */
    cr_assert_eq(m.avail.eligible_seconds, DAY);
}

Test(contract, outage_spanning_two_months_is_judged_whole)
{
    /* Down 2026-09-30T23:58Z to 2026-10-01T00:04Z: 6 minutes, so it counts
     * under a 5-minute minimum, 2 min in September and 4 in October. */
    struct interval ivs[] = {iv(SEP1, NOV1, SVC_UP), iv(OCT1 - 2 * MIN, OCT1 + 4 * MIN, SVC_DOWN)};
    struct contract_rules r;
    struct contract_timeline tl;
    struct contract_measure sep, oct;
    contract_rules_neutral(&r);
    r.min_outage_seconds = 5 * MIN;
    cr_assert_eq(contract_timeline_build(ivs, 2, NULL, 0, SEP1, NOV1, NULL, &r, &tl), SL_OK);
    contract_timeline_measure(&tl, SEP1, OCT1, &sep);
    contract_timeline_measure(&tl, OCT1, NOV1, &oct);
    contract_timeline_release(&tl);
    cr_assert_float_eq(sep.avail.downtime_seconds, 120, EPS);
    cr_assert_float_eq(oct.avail.downtime_seconds, 240, EPS);
    cr_assert_eq(sep.outages, 1);
    cr_assert_eq(oct.outages, 1);
    /* September alone, cut at the month end, sees only 2 minutes: forgiven. */
    struct contract_measure alone = measure(ivs, 2, NULL, 0, SEP1, OCT1, &r);
    cr_assert_float_eq(alone.avail.downtime_seconds, 0, EPS);
    cr_assert_eq(alone.forgiven_seconds, 120);
}

Test(contract, ineligible_maintenance_is_downtime)
{
    /* Announced 6 h ahead against 48 h notice: its hour is downtime though the
     * probes said up. The one announced 3 days ahead is left out. */
    struct interval ivs[] = {iv(OCT1, OCT1 + DAY, SVC_UP)};
    struct maintenance m[] = {mw(OCT1 + 2 * HOUR, OCT1 + 3 * HOUR, 6 * HOUR),
                              mw(OCT1 + 10 * HOUR, OCT1 + 12 * HOUR, 3 * DAY)};
    struct contract_rules r;
    contract_rules_neutral(&r);
    struct contract_measure c = measure(ivs, 1, m, 2, OCT1, OCT1 + DAY, &r);
    cr_assert_float_eq(c.avail.downtime_seconds, HOUR, EPS);
    cr_assert_eq(c.avail.ineligible_maintenance_seconds, HOUR);
    cr_assert_eq(c.avail.maintenance_seconds, 2 * HOUR);
    cr_assert_eq(c.avail.eligible_seconds, 22 * HOUR);
    /* A contract with a 4 h notice period accepts both. */
    r.notice_seconds = 4 * HOUR;
    c = measure(ivs, 1, m, 2, OCT1, OCT1 + DAY, &r);
    cr_assert_float_eq(c.avail.downtime_seconds, 0, EPS);
    cr_assert_eq(c.avail.maintenance_seconds, 3 * HOUR);
}

/* The rules a document gives: maintenance it excludes is left out when
 * announced at least its notice ahead, 48 h when it states none; exactly the
 * notice qualifies, one second less does not. */
Test(contract, notice_boundary_of_the_terms)
{
    struct sla_uptime_target target = {.percent = 99.9, .window = SLA_WINDOW_MONTH, .line = 1};
    struct sla_terms t;
    sla_terms_init(&t);
    t.targets = &target;
    t.ntargets = 1;
    t.maintenance_excluded = true;
    struct contract_rules r;
    cr_assert_eq(contract_rules_from_terms(&t, 0, &r), SL_OK);
    cr_assert_eq(r.notice_seconds, 48 * HOUR, "the default when the document states none");
    struct interval ivs[] = {iv(OCT1, OCT1 + DAY, SVC_UP)};
    struct maintenance m[] = {mw(OCT1 + 10 * HOUR, OCT1 + 11 * HOUR, 48 * HOUR),
                              mw(OCT1 + 12 * HOUR, OCT1 + 13 * HOUR, 48 * HOUR - 1)};
    struct contract_measure c = measure(ivs, 1, m, 2, OCT1, OCT1 + DAY, &r);
    cr_assert_eq(c.avail.maintenance_seconds, HOUR, "announced exactly 48 h ahead");
    cr_assert_eq(c.avail.ineligible_maintenance_seconds, HOUR, "one second short");
    t.maintenance_notice_hours = 24;
    cr_assert_eq(contract_rules_from_terms(&t, 0, &r), SL_OK);
    cr_assert_eq(r.notice_seconds, 24 * HOUR);
    c = measure(ivs, 1, m, 2, OCT1, OCT1 + DAY, &r);
    cr_assert_eq(c.avail.maintenance_seconds, 2 * HOUR, "both meet a 24 h notice");
}

/* A document that says partial or degraded service is not downtime weighs
 * both 0; one that counts partial service weighs it 1; one silent keeps the
 * neutral 0.3. */
Test(contract, partial_weight_from_the_terms)
{
    struct sla_uptime_target target = {.percent = 99.9, .window = SLA_WINDOW_MONTH, .line = 1};
    struct sla_clause clause = {SLA_CLAUSE_PARTIAL_EXCLUDED, NAN, "Partial loss is not Downtime",
                                4};
    struct sla_terms t;
    sla_terms_init(&t);
    t.targets = &target;
    t.ntargets = 1;
    struct contract_rules r;
    cr_assert_eq(contract_rules_from_terms(&t, 0, &r), SL_OK);
    cr_assert_float_eq(r.weight[SVC_PARTIAL], 0.3, EPS, "silent: the neutral weight");
    t.clauses = &clause;
    t.nclauses = 1;
    cr_assert_eq(contract_rules_from_terms(&t, 0, &r), SL_OK);
    cr_assert_float_eq(r.weight[SVC_PARTIAL], 0, EPS);
    cr_assert_float_eq(r.weight[SVC_DEGRADED], 0, EPS);
    cr_assert_float_eq(r.weight[SVC_DOWN], 1, EPS);
    struct interval ivs[] = {iv(OCT1, OCT1 + DAY, SVC_UP), iv(OCT1, OCT1 + HOUR, SVC_PARTIAL),
                             iv(OCT1 + 2 * HOUR, OCT1 + 3 * HOUR, SVC_DOWN)};
    struct contract_measure c = measure(ivs, 3, NULL, 0, OCT1, OCT1 + DAY, &r);
    cr_assert_float_eq(c.avail.downtime_seconds, HOUR, EPS, "the partial hour counts for nothing");
    clause.kind = SLA_CLAUSE_PARTIAL_COUNTED;
    clause.text = "Partial outages count as Downtime";
    cr_assert_eq(contract_rules_from_terms(&t, 0, &r), SL_OK);
    cr_assert_float_eq(r.weight[SVC_PARTIAL], 1, EPS);
}

Test(contract, maintenance_not_excluded_by_the_terms)
{
    /* A document that never excludes maintenance: all 3 h count. */
    struct interval ivs[] = {iv(OCT1, OCT1 + DAY, SVC_UP)};
    struct maintenance m[] = {mw(OCT1 + 10 * HOUR, OCT1 + 13 * HOUR, 7 * DAY)};
    struct contract_rules r;
    contract_rules_neutral(&r);
    r.maintenance_excluded = false;
    struct contract_measure c = measure(ivs, 1, m, 1, OCT1, OCT1 + DAY, &r);
    cr_assert_float_eq(c.avail.downtime_seconds, 3 * HOUR, EPS);
    cr_assert_eq(c.avail.maintenance_seconds, 0);
}

Test(contract, monthly_maintenance_cap)
{
    /* Cap 2 h a month. October: 1.5 h then 1.5 h of announced maintenance;
     * the first fits, the second only for 0.5 h, so 1 h counts as downtime.
     * A September window 23:00–02:00 across the month end: 1 h in September
     * and 2 h in October's own cap? No: October's cap is shared with the
     * others, so it is checked separately below. */
    struct interval ivs[] = {iv(OCT1, NOV1, SVC_UP)};
    struct maintenance m[] = {mw(OCT1 + DAY, OCT1 + DAY + 90 * MIN, 3 * DAY),
                              mw(OCT1 + 5 * DAY, OCT1 + 5 * DAY + 90 * MIN, 3 * DAY)};
    struct contract_rules r;
    contract_rules_neutral(&r);
    r.maintenance_cap_seconds = 2 * HOUR;
    struct contract_measure c = measure(ivs, 1, m, 2, OCT1, NOV1, &r);
    cr_assert_eq(c.avail.maintenance_seconds, 2 * HOUR);
    cr_assert_eq(c.avail.ineligible_maintenance_seconds, HOUR);
    cr_assert_float_eq(c.avail.downtime_seconds, HOUR, EPS);
}

Test(contract, maintenance_cap_restarts_each_month)
{
    /* Cap 2 h. 2026-09-30T22:00Z to 2026-10-01T02:00Z: 2 h in September (all
     * within its cap) and 2 h in October (within October's own cap). */
    struct interval ivs[] = {iv(SEP1, NOV1, SVC_UP)};
    struct maintenance m[] = {mw(OCT1 - 2 * HOUR, OCT1 + 2 * HOUR, 3 * DAY)};
    struct contract_rules r;
    struct contract_timeline tl;
    struct contract_measure sep, oct;
    contract_rules_neutral(&r);
    r.maintenance_cap_seconds = 2 * HOUR;
    cr_assert_eq(contract_timeline_build(ivs, 1, m, 1, SEP1, NOV1, NULL, &r, &tl), SL_OK);
    contract_timeline_measure(&tl, SEP1, OCT1, &sep);
    contract_timeline_measure(&tl, OCT1, NOV1, &oct);
    contract_timeline_release(&tl);
    cr_assert_eq(sep.avail.maintenance_seconds, 2 * HOUR);
    cr_assert_eq(oct.avail.maintenance_seconds, 2 * HOUR);
    cr_assert_float_eq(sep.avail.downtime_seconds + oct.avail.downtime_seconds, 0, EPS);
}

Test(contract, exclusions_leave_the_denominator)
{
    /* A 2 h outage the terms exclude (force majeure): neither downtime nor
     * counted time. */
    struct interval ivs[] = {iv(OCT1, OCT1 + DAY, SVC_UP),
                             iv(OCT1 + HOUR, OCT1 + 3 * HOUR, SVC_DOWN)};
    struct contract_exclusion ex = {OCT1 + HOUR, OCT1 + 3 * HOUR, "force majeure"};
    struct contract_rules r;
    contract_rules_neutral(&r);
    r.exclusions = &ex;
    r.nexclusions = 1;
    struct contract_measure c = measure(ivs, 2, NULL, 0, OCT1, OCT1 + DAY, &r);
    cr_assert_eq(c.excluded_seconds, 2 * HOUR);
    cr_assert_float_eq(c.avail.downtime_seconds, 0, EPS);
    cr_assert_eq(c.avail.eligible_seconds, 22 * HOUR);
}

Test(contract, partial_weight_of_the_contract)
{
    /* A definition that counts partial outages in full. */
    struct interval ivs[] = {iv(OCT1, OCT1 + 10000, SVC_UP),
                             iv(OCT1 + 9000, OCT1 + 10000, SVC_PARTIAL)};
    struct contract_rules r;
    contract_rules_neutral(&r);
    r.weight[SVC_PARTIAL] = 1.0;
    struct contract_measure c = measure(ivs, 2, NULL, 0, OCT1, OCT1 + 10000, &r);
    cr_assert_float_eq(c.avail.availability, 0.9, EPS);
}

Test(contract, empty_window_is_unknown)
{
    struct contract_rules r;
    struct contract_attainment at;
    contract_rules_neutral(&r);
    r.target_percent = 99.9;
    struct contract_measure c = measure(NULL, 0, NULL, 0, OCT1, NOV1, &r);
    cr_assert_not(c.avail.known);
    cr_assert_eq(c.avail.unknown_seconds, NOV1 - OCT1);
    struct window w = window_month(2026, 10, NULL);
    contract_attain(&r, NULL, &c, &w, NULL, 1000, &at);
    cr_assert_not(at.known);
    cr_assert_not(at.met, "an unknown window is not met");
    cr_assert(isnan(at.attainment_percent));
    cr_assert_eq(at.credit.match, CREDIT_UNKNOWN);
}

Test(contract, time_outside_the_timeline_is_unknown)
{
    /* Built over [OCT1, OCT1 + 10,000): down 1000 s, up the rest. Measured
     * over [OCT1 − 1000, OCT1 + 11,000): the 2000 s outside the built range
     * are unknown, not up, so W′ stays 10,000 s and A = 1 − 1000/10,000. */
    struct interval ivs[] = {iv(OCT1 - DAY, OCT1 + 1000, SVC_DOWN),
                             iv(OCT1 + 1000, OCT1 + DAY, SVC_UP)};
    struct contract_rules r;
    struct contract_timeline tl;
    struct contract_measure m;
    contract_rules_neutral(&r);
    cr_assert_eq(contract_timeline_build(ivs, 2, NULL, 0, OCT1, OCT1 + 10000, NULL, &r, &tl),
                 SL_OK);
    contract_timeline_measure(&tl, OCT1 - 1000, OCT1 + 11000, &m);
    contract_timeline_release(&tl);
    cr_assert_eq(m.avail.window_seconds, 12000);
    cr_assert_eq(m.avail.unknown_seconds, 2000);
    cr_assert_eq(m.avail.eligible_seconds, 10000);
    cr_assert_float_eq(m.avail.availability, 0.9, EPS);
}

Test(contract, dst_month_in_berlin)
{
    /* October 2026 in Europe/Berlin has 31 days and one extra hour (DST ends
     * on the 25th): 2,682,000 s. One hour down: A = 1 − 3600/2682000. */
    struct window w = window_month(2026, 10, "Europe/Berlin");
    cr_assert_eq(w.end - w.start, 31 * DAY + HOUR);
    struct interval ivs[] = {iv(w.start - DAY, w.end + DAY, SVC_UP),
                             iv(w.start + 24 * DAY, w.start + 24 * DAY + HOUR, SVC_DOWN)};
    struct contract_rules r;
    struct contract_measure c;
    contract_rules_neutral(&r);
    cr_assert_eq(contract_measure_window(ivs, 2, NULL, 0, w.start, w.end, "Europe/Berlin", &r, &c),
                 SL_OK);
    cr_assert_float_eq(c.avail.availability, 1.0 - 3600.0 / 2682000.0, 1e-12);
}

static struct sla_credit_tier tiers[] = {
    {99.0, 99.9, true, false, 10, 1, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""},
    {NAN, 99.0, false, false, 25, 2, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""},
};

static struct contract_attainment
attain_september(double down_seconds)
{
    /* September 2026 (UTC) has 2,592,000 s; 99.9 % allows 2,592 s. */
    struct interval ivs[] = {iv(SEP1, OCT1, SVC_UP),
                             iv(SEP1 + DAY, SEP1 + DAY + (int64_t)down_seconds, SVC_DOWN)};
    struct sla_terms t;
    struct contract_rules r;
    struct contract_measure c;
    struct contract_attainment at;
    struct window w = window_month(2026, 9, NULL);
    sla_terms_init(&t);
    t.tiers = tiers;
    t.ntiers = 2;
    t.claim_deadline_days = 30;
    contract_rules_neutral(&r);
    r.target_percent = 99.9;
    cr_assert_eq(contract_measure_window(ivs, 2, NULL, 0, w.start, w.end, NULL, &r, &c), SL_OK);
    contract_attain(&r, &t, &c, &w, NULL, 5000, &at);
    return at;
}

Test(contract, attainment_exactly_on_the_target)
{
    /* 2,592 s down: exactly 99.9 %: met, margin 0, no credit. Allowed
     * downtime is 0.1 % of 2,592,000 s, 2592 s to the millisecond, not the
     * 2591.9999999997 s that 1 − 99.9 / 100 gives in binary, so the margin
     * is 0 and not −2.9e-10 s (nor −0). */
    struct contract_attainment at = attain_september(2592);
    cr_assert(at.met);
    cr_assert_eq(at.allowed_downtime_seconds, 2592.0);
    cr_assert_eq(at.margin_seconds, 0.0);
    cr_assert_not(signbit(at.margin_seconds), "margin 0, not -0");
    cr_assert_eq(at.credit.match, CREDIT_NONE_DUE);
    cr_assert_float_eq(at.credit.amount, 0, EPS);
}

Test(contract, allowed_downtime_to_the_millisecond)
{
    /* 0.1 % of 2,592,000 s is 2592 s; 0.05 % of 2,678,400 s is 1339.2 s. */
    cr_assert_eq(contract_allowed_seconds(99.9, 2592000), 2592.0);
    cr_assert_eq(contract_allowed_seconds(99.95, 2678400), 1339.2);
    cr_assert(isnan(contract_allowed_seconds(NAN, 2592000)));
    cr_assert_eq(contract_margin_seconds(2592.0, 2592.0 + 2e-10), 0.0);
    cr_assert_not(signbit(contract_margin_seconds(2592.0, 2592.0 + 2e-10)));
    cr_assert_eq(contract_margin_seconds(1339.2, 7200), -5860.8);
    /* The error budget of the exactly met month: all of it used, none left. */
    struct avail_result a = {.known = true,
                             .eligible_seconds = 2592000,
                             .downtime_seconds = 2592,
                             .window_seconds = 2592000};
    struct budget b;
    budget_compute(99.9, &a, SEP1, OCT1, OCT1, &b);
    cr_assert(b.known);
    cr_assert_eq(b.allowed_seconds, 2592.0);
    cr_assert_eq(b.remaining_seconds, 0.0);
    cr_assert_float_eq(b.consumed_share, 1.0, 1e-15);
}

Test(contract, attainment_one_second_past_the_target)
{
    /* 2,593 s: breached by one second; [99.0, 99.9) gives 10 % of 5000. */
    struct contract_attainment at = attain_september(2593);
    cr_assert_not(at.met);
    cr_assert_float_eq(at.margin_seconds, -1, 1e-6);
    cr_assert_eq(at.credit.tier, 0);
    cr_assert_float_eq(at.credit.amount, 500, EPS);
}

Test(contract, attainment_exactly_on_a_lower_tier_bound)
{
    /* 25,920 s down = 99.0 % exactly: in [99.0, 99.9), 10 %, not 25 %. */
    struct contract_attainment at = attain_september(25920);
    cr_assert_eq(at.credit.tier, 0);
    cr_assert_float_eq(at.credit.credit_percent, 10, EPS);
    /* One more second: below 99.0, the 25 % tier. */
    cr_assert_eq(attain_september(25921).credit.tier, 1);
}

Test(contract, claim_deadline_utc)
{
    /* September ends 2026-10-01T00:00Z; 30 days later the claim window closes
     * at 2026-10-31T00:00Z (claims on time through 30 October). */
    struct contract_attainment at = attain_september(0);
    cr_assert_eq(at.claim_deadline, OCT1 + 30 * DAY);
    cr_assert_eq(contract_claim_deadline(OCT1, -1, NULL), SLTIME_NONE);
}

Test(contract, claim_deadline_across_dst)
{
    /* September in Berlin ends 2026-10-01T00:00+02:00; thirty calendar days on
     * is 2026-10-31T00:00+01:00 (DST ended on the 25th) = 2026-10-30T23:00Z. */
    struct window w = window_month(2026, 9, "Europe/Berlin");
    int64_t d = contract_claim_deadline(w.end, 30, "Europe/Berlin");
    cr_assert_eq(d, OCT1 + 30 * DAY - HOUR);
}

Test(contract, rules_from_terms)
{
    struct sla_terms t;
    struct sla_uptime_target u = {.percent = 99.5, .window = SLA_WINDOW_QUARTER, .line = 3};
    struct contract_rules r;
    sla_terms_init(&t);
    t.targets = &u;
    t.ntargets = 1;
    t.maintenance_excluded = true;
    t.maintenance_notice_hours = 72;
    cr_assert_eq(contract_rules_from_terms(&t, 0, &r), SL_OK);
    cr_assert_eq(r.window, WINDOW_QUARTER);
    cr_assert_float_eq(r.target_percent, 99.5, EPS);
    cr_assert_eq(r.notice_seconds, 72 * HOUR);
    cr_assert(r.maintenance_excluded);
    cr_assert_eq(contract_rules_from_terms(&t, 1, &r), SL_ERR_USAGE);
    /* No notice written: the 48 h default. */
    t.maintenance_notice_hours = NAN;
    contract_rules_from_terms(&t, 0, &r);
    cr_assert_eq(r.notice_seconds, 48 * HOUR);
}

Test(contract, chronic_three_consecutive)
{
    bool b[] = {false, true, true, true, false};
    bool consecutive = false;
    struct chronic_rule r;
    contract_chronic_default(&r);
    cr_assert_eq(contract_chronic(b, 5, &r, &consecutive), 3);
    cr_assert(consecutive);
}

Test(contract, chronic_three_of_six)
{
    bool b[] = {true, false, true, false, false, true};
    bool consecutive = true;
    struct chronic_rule r;
    contract_chronic_default(&r);
    cr_assert_eq(contract_chronic(b, 6, &r, &consecutive), 5);
    cr_assert_not(consecutive);
}

Test(contract, chronic_not_within_six)
{
    /* Breaches 0, 5 and 6: windows 1..6 hold two, windows 0..5 two. */
    bool b[] = {true, false, false, false, false, true, false, true};
    struct chronic_rule r;
    contract_chronic_default(&r);
    cr_assert_eq(contract_chronic(b, 8, &r, NULL), -1);
    /* Configurable: 2 of 6 is met at window 5. */
    r.of_count = 2;
    cr_assert_eq(contract_chronic(b, 8, &r, NULL), 5);
}

static int
by_start(const void *a, const void *b)
{
    const struct interval *x = a, *y = b;
    return (x->start > y->start) - (x->start < y->start);
}

Test(contract, merged_events_match_sorted_events)
{
    /* Three sources of random stretches (gaps, overlaps, shared edges, some
     * crossing the range's edges): intervals in order of start, whose events
     * are merged, give the same timeline as the same intervals in reverse,
     * whose events are sorted. */
    enum { N = 3000 };
    static struct interval fwd[N], rev[N];
    uint64_t rng = 42;
    size_t n = 0;
    for (int src = 0; src < 3; src++) {
        int64_t t = OCT1 - 2 * HOUR;
        for (int i = 0; i < N / 3; i++) {
            t += (int64_t)(stats_random(&rng) % 3) * 60; /* a gap, or none */
            int64_t len = 60 + (int64_t)(stats_random(&rng) % (src == 2 ? 7200 : 900));
            fwd[n++] = iv(t, t + len, (enum svc_status)(stats_random(&rng) % SVC_STATUS_COUNT));
            t += src == 1 ? len / 2 : len; /* source 1 overlaps itself */
        }
    }
    qsort(fwd, n, sizeof *fwd, by_start);
    for (size_t i = 0; i < n; i++)
        rev[i] = fwd[n - 1 - i];
    struct maintenance m[] = {mw(OCT1 + DAY, OCT1 + DAY + HOUR, 3 * DAY)};
    struct contract_rules r;
    contract_rules_neutral(&r);
    r.min_outage_seconds = 5 * MIN;
    struct contract_timeline a, b;
    int64_t to = OCT1 + 10 * DAY;
    cr_assert_eq(contract_timeline_build(fwd, n, m, 1, OCT1, to, NULL, &r, &a), SL_OK);
    cr_assert_eq(contract_timeline_build(rev, n, m, 1, OCT1, to, NULL, &r, &b), SL_OK);
    cr_assert_gt(a.n, 1000);
    cr_assert_eq(a.n, b.n);
    for (size_t i = 0; i < a.n; i++) {
        const struct contract_segment *x = &a.seg[i], *y = &b.seg[i];
        cr_assert(x->start == y->start && x->end == y->end && x->cls == y->cls &&
                      x->status == y->status && x->ineligible == y->ineligible &&
                      x->forgiven == y->forgiven,
                  "segment %zu", i);
    }
    contract_timeline_release(&a);
    contract_timeline_release(&b);
}
