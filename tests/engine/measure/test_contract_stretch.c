/* Tests of contract_each_stretch: a window read as the contract reads it,
 * the outages that make its downtime and the time it sets aside. */
#include <criterion/criterion.h>

#include "engine/measure/contract.h"

#define SEP1 INT64_C(1788220800) /* 2026-09-01T00:00:00Z */
#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */
#define MIN 60
#define HOUR 3600
#define DAY 86400

static struct interval
iv(int64_t from, int64_t to, enum svc_status s)
{
    struct interval i = {
        .entity = "provider:acme", .service = "gpu", .start = from, .end = to, .status = s};
    return i;
}

struct seen {
    struct contract_stretch s[16];
    size_t n;
};

static int
take(void *ctx, const struct contract_stretch *s)
{
    struct seen *seen = ctx;
    cr_assert_lt(seen->n, 16);
    seen->s[seen->n++] = *s;
    return 0;
}

Test(contract_stretch, outages_and_set_asides_in_order)
{
    /* Under a 5-minute minimum, partial service weighed 0.5, degraded 0 and
     * 48 h notice:
     *   Sep 30 23:58 - Oct 1 00:00  down, then partial to 00:04: one run of
     *                                6 min across the month edge: counts
     *   Oct 1 01:00 - 01:04          down, 4 min: forgiven
     *   Oct 1 02:00 - 03:00          degraded: weightless
     *   Oct 1 04:00 - 05:00          maintenance announced 3 days ahead: set aside
     *   Oct 1 06:00 - 06:10 down, then 06:10 - 07:00 maintenance announced
     *                                1 h ahead: one outage of 60 min, ineligible
     *   Oct 1 08:00 - 09:00          no interval at all: unknown */
    struct interval ivs[] = {
        iv(SEP1, OCT1 + 8 * HOUR, SVC_UP),
        iv(OCT1 - 2 * MIN, OCT1, SVC_DOWN),
        iv(OCT1, OCT1 + 4 * MIN, SVC_PARTIAL),
        iv(OCT1 + HOUR, OCT1 + HOUR + 4 * MIN, SVC_DOWN),
        iv(OCT1 + 2 * HOUR, OCT1 + 3 * HOUR, SVC_DEGRADED),
        iv(OCT1 + 6 * HOUR, OCT1 + 6 * HOUR + 10 * MIN, SVC_DOWN),
        iv(OCT1 + 9 * HOUR, NOV1, SVC_UP),
    };
    struct maintenance m[] = {
        {.start = OCT1 + 4 * HOUR, .end = OCT1 + 5 * HOUR, .announced = OCT1 + 4 * HOUR - 3 * DAY},
        {.start = OCT1 + 6 * HOUR + 10 * MIN,
         .end = OCT1 + 7 * HOUR,
         .announced = OCT1 + 5 * HOUR + 10 * MIN},
    };
    struct contract_rules r;
    struct contract_timeline tl;
    struct contract_measure cm;
    contract_rules_neutral(&r);
    r.min_outage_seconds = 5 * MIN;
    r.weight[SVC_PARTIAL] = 0.5;
    r.weight[SVC_DEGRADED] = 0;
    cr_assert_eq(contract_timeline_build(ivs, 7, m, 2, SEP1, NOV1, NULL, &r, &tl), SL_OK);
    contract_timeline_measure(&tl, OCT1, NOV1, &cm);

    struct seen seen = {0};
    cr_assert_eq(contract_each_stretch(&tl, OCT1, NOV1, take, &seen), 0);
    static const enum contract_stretch_kind kinds[] = {
        CONTRACT_STRETCH_OUTAGE,      CONTRACT_STRETCH_FORGIVEN, CONTRACT_STRETCH_WEIGHTLESS,
        CONTRACT_STRETCH_MAINTENANCE, CONTRACT_STRETCH_OUTAGE,   CONTRACT_STRETCH_UNKNOWN,
    };
    cr_assert_eq(seen.n, 6);
    for (size_t i = 0; i < 6; i++)
        cr_assert_eq(seen.s[i].kind, kinds[i], "stretch %zu is %s", i,
                     contract_stretch_name(seen.s[i].kind));

    /* The run across the edge: cut to the window, judged whole. */
    cr_assert_eq(seen.s[0].start, OCT1);
    cr_assert_eq(seen.s[0].end, OCT1 + 4 * MIN);
    cr_assert_eq(seen.s[0].run_start, OCT1 - 2 * MIN);
    cr_assert_float_eq(seen.s[0].downtime_seconds, 0.5 * 4 * MIN, 1e-9);
    cr_assert_eq(seen.s[0].worst, SVC_DOWN); /* of the whole run */
    cr_assert_eq(seen.s[1].end - seen.s[1].start, 4 * MIN);
    cr_assert_eq(seen.s[2].worst, SVC_DEGRADED);
    cr_assert_eq(seen.s[3].start, OCT1 + 4 * HOUR);
    /* Down and maintenance that did not qualify are one outage. */
    cr_assert_eq(seen.s[4].start, OCT1 + 6 * HOUR);
    cr_assert_eq(seen.s[4].end, OCT1 + 7 * HOUR);
    cr_assert(seen.s[4].ineligible);
    cr_assert(!seen.s[0].ineligible);
    cr_assert_eq(seen.s[5].start, OCT1 + 8 * HOUR);
    cr_assert_eq(seen.s[5].end, OCT1 + 9 * HOUR);

    /* The outages are the whole of the measure's downtime. */
    double sum = 0;
    for (size_t i = 0; i < seen.n; i++)
        if (seen.s[i].kind == CONTRACT_STRETCH_OUTAGE)
            sum += seen.s[i].downtime_seconds;
    cr_assert_float_eq(sum, cm.avail.downtime_seconds, 1e-9);
    cr_assert_eq(cm.outages, 2);
    contract_timeline_release(&tl);
}

static int
stop_at_first(void *ctx, const struct contract_stretch *s)
{
    (void)s;
    ++*(int *)ctx;
    return 7;
}

Test(contract_stretch, a_callback_stops_the_walk)
{
    struct interval ivs[] = {iv(OCT1, OCT1 + HOUR, SVC_DOWN), iv(OCT1 + 2 * HOUR, NOV1, SVC_DOWN)};
    struct contract_rules r;
    struct contract_timeline tl;
    int calls = 0;
    contract_rules_neutral(&r);
    cr_assert_eq(contract_timeline_build(ivs, 2, NULL, 0, OCT1, NOV1, NULL, &r, &tl), SL_OK);
    cr_assert_eq(contract_each_stretch(&tl, OCT1, NOV1, stop_at_first, &calls), 7);
    cr_assert_eq(calls, 1);
    contract_timeline_release(&tl);
}
