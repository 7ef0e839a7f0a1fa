/* test_reconcile.c — the provider's status history against the user's probes
 * and incidents (engine/reconcile.c), with the minimum-overlap rules checked
 * by hand, and the store reader that tells the sources apart. */
#include <criterion/criterion.h>

#include "engine/measure/reconcile.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "tests/engine/fixture.h"

#define T0 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define MIN 60
#define HOUR 3600
#define DAY 86400

static struct reconcile_params params;

static void
init(void)
{
    reconcile_default_params(&params);
}

TestSuite(reconcile, .init = init);

Test(reconcile, roles_by_format)
{
    cr_assert_eq(reconcile_role_of("statuspage-json"), RECONCILE_PROVIDER);
    cr_assert_eq(reconcile_role_of("interval-csv"), RECONCILE_PROVIDER);
    cr_assert_eq(reconcile_role_of("probe-csv"), RECONCILE_PROBE);
    cr_assert_eq(reconcile_role_of("pagerduty-csv"), RECONCILE_INCIDENT_LOG);
    cr_assert_eq(reconcile_role_of("nvidia-xid"), RECONCILE_IGNORED);
    cr_assert_eq(reconcile_role_of(NULL), RECONCILE_IGNORED);
}

Test(reconcile, unreported_and_unconfirmed_by_hand)
{
    /* Probes watch day 1 (all known). They see: down 10:00-10:20 (reported
     * by the provider 10:05-10:30: matched), down 12:00-12:03 (shorter than
     * 5 min: left out), down 14:00-14:30 (the provider's nearest report ends
     * 13:45, 15 min before: outside the 10-min slack: unreported). The
     * provider also reports 20:00-21:00 partial, which the probes watched and
     * saw up: unconfirmed; and day 2 03:00-04:00, when the probes had no data:
     * unverifiable. An incident from the user's log 16:00-16:30 overlaps the
     * provider's report 16:25-17:00 by 5 min: reported. */
    struct reconcile_item provider[] = {
        {T0 + 10 * HOUR + 5 * MIN, T0 + 10 * HOUR + 30 * MIN, SVC_DOWN, NULL},
        {T0 + 13 * HOUR, T0 + 13 * HOUR + 45 * MIN, SVC_DEGRADED, NULL},
        {T0 + 16 * HOUR + 25 * MIN, T0 + 17 * HOUR, SVC_PARTIAL, NULL},
        {T0 + 20 * HOUR, T0 + 21 * HOUR, SVC_PARTIAL, NULL},
        {T0 + 20 * HOUR + 30 * MIN, T0 + 20 * HOUR + 40 * MIN, SVC_DOWN, "SP-1"},
        {T0 + DAY + 3 * HOUR, T0 + DAY + 4 * HOUR, SVC_DOWN, NULL},
    };
    struct reconcile_item probes[] = {
        {T0, T0 + 10 * HOUR, SVC_UP, NULL},
        {T0 + 10 * HOUR, T0 + 10 * HOUR + 20 * MIN, SVC_DOWN, NULL},
        {T0 + 10 * HOUR + 20 * MIN, T0 + 12 * HOUR, SVC_UP, NULL},
        {T0 + 12 * HOUR, T0 + 12 * HOUR + 3 * MIN, SVC_DOWN, NULL},
        {T0 + 12 * HOUR + 3 * MIN, T0 + 14 * HOUR, SVC_UP, NULL},
        {T0 + 14 * HOUR, T0 + 14 * HOUR + 30 * MIN, SVC_DOWN, NULL},
        {T0 + 14 * HOUR + 30 * MIN, T0 + DAY, SVC_UP, NULL},
    };
    struct reconcile_item incidents[] = {
        {T0 + 16 * HOUR, T0 + 16 * HOUR + 30 * MIN, SVC_DOWN, "INC-9"},
    };
    struct reconcile_result r = {0};
    cr_assert_eq(
        reconcile_compute(provider, 6, probes, 7, incidents, 1, T0, T0 + 2 * DAY, &params, &r),
        SL_OK);
    cr_assert_eq(r.short_probe_runs, 1);
    cr_assert_eq(r.nobserved, 3);
    cr_assert_eq(r.observed[0].verdict, RECONCILE_REPORTED);
    cr_assert_eq(r.observed[0].overlap_seconds, 20 * MIN); /* widened: 09:55-10:40 */
    cr_assert_eq(r.observed[1].start, T0 + 14 * HOUR);
    cr_assert_eq(r.observed[1].verdict, RECONCILE_UNREPORTED);
    cr_assert_eq(r.observed[1].overlap_seconds, 0);
    cr_assert_eq(r.observed[2].verdict, RECONCILE_REPORTED);
    cr_assert_str_eq(r.observed[2].first_incident, "INC-9");
    cr_assert_eq(r.observed_unreported, 1);
    cr_assert_eq(r.unreported_seconds, 30 * MIN);
    /* The provider's incident SP-1 merges into its 20:00-21:00 report. */
    cr_assert_eq(r.nreported, 5);
    cr_assert_eq(r.reported[0].verdict, RECONCILE_CONFIRMED);
    cr_assert_eq(r.reported[1].verdict, RECONCILE_UNCONFIRMED); /* 13:00-13:45 degraded */
    cr_assert_eq(r.reported[2].verdict, RECONCILE_CONFIRMED);
    cr_assert_eq(r.reported[3].verdict, RECONCILE_UNCONFIRMED);
    cr_assert_eq(r.reported[3].incidents, 1);
    cr_assert_eq(r.reported[3].status, SVC_DOWN);
    cr_assert_eq(r.reported[3].watched_seconds, HOUR);
    cr_assert_eq(r.reported[4].verdict, RECONCILE_UNVERIFIABLE);
    cr_assert_eq(r.reported[4].watched_seconds, 0);
    cr_assert_eq(r.reports_confirmed, 2);
    cr_assert_eq(r.reports_unconfirmed, 2);
    cr_assert_eq(r.reports_unverifiable, 1);
    reconcile_result_release(&r);
}

Test(reconcile, min_overlap_for_a_short_outage)
{
    /* A 30-s observation matches on 30 s (its whole length), below the 60-s
     * minimum; with no slack a report touching it for 20 s does not match. */
    struct reconcile_item provider[] = {{T0 + 100, T0 + 200, SVC_DOWN, NULL}};
    struct reconcile_item incidents[] = {{T0 + 180, T0 + 210, SVC_DOWN, "I-1"}};
    struct reconcile_result r = {0};
    params.slack_seconds = 0;
    cr_assert_eq(reconcile_compute(provider, 1, NULL, 0, incidents, 1, T0, T0 + DAY, &params, &r),
                 SL_OK);
    cr_assert_eq(r.observed[0].overlap_seconds, 20);
    cr_assert_eq(r.observed[0].verdict, RECONCILE_UNREPORTED);
    reconcile_result_release(&r);
    params.slack_seconds = 10;
    cr_assert_eq(reconcile_compute(provider, 1, NULL, 0, incidents, 1, T0, T0 + DAY, &params, &r),
                 SL_OK);
    cr_assert_eq(r.observed[0].overlap_seconds, 30);
    cr_assert_eq(r.observed[0].verdict, RECONCILE_REPORTED);
    reconcile_result_release(&r);
}

static struct fixture fx;

static void
add_source(const char *sha, const char *format, const struct interval *iv, size_t n)
{
    bool already;
    struct sl_diag d;
    struct source_counts counts = {0};
    cr_assert_eq(store_source_begin(fx.st, format, sha, format, 1, &already, &d), SL_OK);
    for (size_t i = 0; i < n; i++)
        cr_assert_eq(store_add_interval(fx.st, &iv[i], &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
}

Test(reconcile, from_the_store_by_source_format)
{
    struct interval status[] = {{.entity = "provider:x",
                                 .service = "api",
                                 .start = T0 + HOUR,
                                 .end = T0 + 2 * HOUR,
                                 .status = SVC_DOWN}};
    struct interval probes[] = {
        {.entity = "provider:x",
         .service = "api",
         .start = T0,
         .end = T0 + 3 * HOUR,
         .status = SVC_UP},
        {.entity = "provider:x",
         .service = "api",
         .start = T0 + 5 * HOUR,
         .end = T0 + 5 * HOUR + 10 * MIN,
         .status = SVC_DOWN},
    };
    struct interval xid[] = {{.entity = "provider:x",
                              .service = "api",
                              .start = T0,
                              .end = T0 + MIN,
                              .status = SVC_DOWN,
                              .units = 1,
                              .unit_kind = "gpu"}};
    struct reconcile_result r;
    struct sl_diag d = {0};
    fixture_open(&fx);
    add_source("a1", "statuspage-json", status, 1);
    add_source("a2", "probe-csv", probes, 2);
    add_source("a3", "nvidia-xid", xid, 1);
    cr_assert_eq(reconcile_run(fx.st, "provider:x", "api", T0, T0 + DAY, &params, &r, &d), SL_OK,
                 "%s", d.message);
    cr_assert_eq(r.provider_records, 1);
    cr_assert_eq(r.probe_records, 2);
    cr_assert_eq(r.ignored_records, 1);
    /* The probes saw 01:00-02:00 up: the report is unconfirmed; their own
     * 10-minute outage at 05:00 was never reported. */
    cr_assert_eq(r.nreported, 1);
    cr_assert_eq(r.reported[0].verdict, RECONCILE_UNCONFIRMED);
    cr_assert_eq(r.nobserved, 1);
    cr_assert_eq(r.observed[0].verdict, RECONCILE_UNREPORTED);
    reconcile_result_release(&r);
    fixture_close(&fx);
}
