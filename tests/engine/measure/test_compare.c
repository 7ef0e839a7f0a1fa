/* test_compare.c — two entities on identical definitions (engine/compare.c)
 * and the decision's measurement of one entity (decide_measure), over a
 * store holding October 2026: team:a down 1 h 33 min (93 min), provider:b
 * down 31 min, both otherwise up. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/measure/compare.h"
#include "engine/decide/decide.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "tests/engine/fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z, a Thursday */
#define NOV1 INT64_C(1793491200)
#define MIN 60
#define HOUR 3600
#define DAY 86400
#define EPS 1e-9

static struct fixture fx;

static void
add_interval(const char *entity, int64_t from, int64_t to, enum svc_status s)
{
    struct interval iv = {
        .entity = entity, .service = "gpu", .start = from, .end = to, .status = s};
    struct sl_diag d;
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
}

static void
add_incident(const char *entity, const char *key, const char *sev, const char *title, int64_t start,
             int64_t acked, int64_t resolved)
{
    struct incident inc = {.key = key,
                           .entity = entity,
                           .service = "gpu",
                           .severity = sev,
                           .title = title,
                           .started = start,
                           .detected = start,
                           .acknowledged = acked,
                           .mitigated = SLTIME_NONE,
                           .resolved = resolved};
    bool updated;
    struct sl_diag d;
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
}

static void
outage(const char *entity, int64_t at, int64_t minutes)
{
    add_interval(entity, OCT1, at, SVC_UP);
    add_interval(entity, at, at + minutes * MIN, SVC_DOWN);
    add_interval(entity, at + minutes * MIN, NOV1, SVC_UP);
}

static void
setup(void)
{
    bool already;
    struct sl_diag d;
    struct source_counts counts = {0};
    fixture_open(&fx);
    cr_assert_eq(store_source_begin(fx.st, "t.csv", "abc", "test", 1, &already, &d), SL_OK);
    outage("team:a", OCT1 + 5 * DAY + 10 * HOUR, 93);
    outage("provider:b", OCT1 + 6 * DAY + 10 * HOUR, 31);
    /* team:a: a sev1 of 2 h on Monday 5 Oct at 10:00 UTC (business), a sev3 of
     * 1 h at 23:00 (sleep), a sev4 quota ticket of 30 min on Saturday 10 Oct
     * at 12:00 (off). */
    add_incident("team:a", "A-1", "sev1", "GPU nodes down", OCT1 + 4 * DAY + 10 * HOUR,
                 OCT1 + 4 * DAY + 10 * HOUR + 5 * MIN, OCT1 + 4 * DAY + 12 * HOUR);
    add_incident("team:a", "A-2", "sev3", "Slow scheduler", OCT1 + 4 * DAY + 23 * HOUR,
                 OCT1 + 4 * DAY + 23 * HOUR + 15 * MIN, OCT1 + 5 * DAY);
    add_incident("team:a", "A-3", "sev4", "Quota request stuck", OCT1 + 9 * DAY + 12 * HOUR,
                 SLTIME_NONE, OCT1 + 9 * DAY + 12 * HOUR + 30 * MIN);
    add_incident("provider:b", "B-1", "sev2", "Fabric flap", OCT1 + 6 * DAY + 10 * HOUR,
                 OCT1 + 6 * DAY + 10 * HOUR + 20 * MIN, OCT1 + 6 * DAY + 11 * HOUR);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(compare, .init = setup, .fini = teardown);

static const struct compare_metric *
metric(const struct compare_result *r, const char *name)
{
    for (size_t i = 0; i < r->nmetrics; i++)
        if (!strcmp(r->metrics[i].name, name))
            return &r->metrics[i];
    cr_assert_fail("no metric '%s'", name);
    return NULL;
}

Test(compare, side_by_side_with_the_difference)
{
    struct compare_result r;
    struct sl_diag d = {0};
    cr_assert_eq(compare_run(fx.st, "team:a", "provider:b", OCT1, NOV1, NULL, &r, &d), SL_OK, "%s",
                 d.message);
    cr_assert(r.has_data[0] && r.has_data[1]);
    const struct compare_metric *a = metric(&r, "availability");
    /* October: 2,678,400 s; 93 min = 5,580 s and 31 min = 1,860 s down */
    cr_assert_float_eq(a->a, 100.0 * (1 - 5580.0 / 2678400), EPS);
    cr_assert_float_eq(a->b, 100.0 * (1 - 1860.0 / 2678400), EPS);
    cr_assert_float_eq(a->diff, a->b - a->a, EPS);
    cr_assert_eq(a->better, BETTER_HIGHER);
    const struct compare_metric *down = metric(&r, "downtime");
    cr_assert_float_eq(down->a, 1.55, EPS);
    cr_assert_float_eq(down->diff, 31.0 / 60 - 1.55, EPS);
    cr_assert_float_eq(metric(&r, "incidents")->a, 3, EPS);
    cr_assert_float_eq(metric(&r, "incidents")->b, 1, EPS);
    cr_assert_float_eq(metric(&r, "incidents")->diff, -2, EPS);
    cr_assert_float_eq(metric(&r, "sev1 incidents")->a, 1, EPS);
    cr_assert_float_eq(metric(&r, "unacknowledged")->a, 1, EPS);
    /* TTA: 5 and 15 min for a (median 10), 20 for b */
    cr_assert_float_eq(metric(&r, "TTA median")->a, 10, EPS);
    cr_assert_float_eq(metric(&r, "TTA median")->b, 20, EPS);
    cr_assert_float_eq(metric(&r, "TTA median")->diff, 10, EPS);
    /* TTR: 120, 60 and 30 min for a */
    cr_assert_float_eq(metric(&r, "TTR max")->a, 120, EPS);
    cr_assert_float_eq(metric(&r, "TTR median")->a, 60, EPS);
    /* no TTM anywhere: no value, no difference */
    cr_assert(isnan(metric(&r, "TTM median")->a));
    cr_assert(isnan(metric(&r, "TTM median")->diff));
    /* the month's own row */
    cr_assert_float_eq(metric(&r, "availability 2026-10")->a, a->a, EPS);
    compare_result_release(&r);
}

Test(compare, mtbf_over_failures_alike)
{
    /* team:a's failures are its sev1 and sev3 (the sev4 is not one):
     * (2,678,400 − 5,580) s / 2 = 371.15 h. Both record started times:
     * measured alike. */
    struct compare_result r;
    struct sl_diag d = {0};
    cr_assert_eq(compare_run(fx.st, "team:a", "provider:b", OCT1, NOV1, NULL, &r, &d), SL_OK);
    cr_assert_float_eq(metric(&r, "MTBF")->a, (2678400.0 - 5580) / 2 / 3600, EPS);
    cr_assert_float_eq(metric(&r, "TTR measured from detected")->a, 0, EPS);
    cr_assert(r.measured_alike);
    compare_result_release(&r);
}

/* provider:b gets a second incident from a source that records no started
 * time. */
static void
setup_unlike(void)
{
    /* the suite's setup has run first */
    bool already, updated;
    struct sl_diag d;
    struct source_counts counts = {0};
    cr_assert_eq(store_source_begin(fx.st, "u.csv", "def", "test", 1, &already, &d), SL_OK);
    struct incident inc = {.key = "B-2",
                           .entity = "provider:b",
                           .service = "gpu",
                           .severity = "sev2",
                           .started = SLTIME_NONE,
                           .detected = OCT1 + 8 * DAY,
                           .acknowledged = SLTIME_NONE,
                           .mitigated = SLTIME_NONE,
                           .resolved = OCT1 + 8 * DAY + HOUR};
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
}

Test(compare, says_when_not_measured_alike, .init = setup_unlike)
{
    /* provider:b: 1 of its 2 TTRs runs from detected, 50 %; team:a 0 %. */
    struct compare_result r;
    struct sl_diag d = {0};
    cr_assert_eq(compare_run(fx.st, "team:a", "provider:b", OCT1, NOV1, NULL, &r, &d), SL_OK);
    cr_assert_float_eq(metric(&r, "TTR measured from detected")->b, 50, EPS);
    cr_assert_not(r.measured_alike);
    cr_assert(strstr(r.unlike, "0 % of team:a's incidents and 50 % of provider:b's"), "%s",
              r.unlike);
    compare_result_release(&r);
}

Test(compare, entity_without_data_has_no_values)
{
    struct compare_result r;
    struct sl_diag d = {0};
    cr_assert_eq(compare_run(fx.st, "team:a", "provider:none", OCT1, NOV1, NULL, &r, &d), SL_OK);
    cr_assert(r.has_data[0]);
    cr_assert_not(r.has_data[1]);
    cr_assert(isnan(metric(&r, "availability")->b));
    cr_assert(isnan(metric(&r, "availability")->diff));
    compare_result_release(&r);
}

Test(compare, refuses_the_same_entity_and_an_empty_period)
{
    struct compare_result r;
    struct sl_diag d = {0};
    cr_assert_eq(compare_run(fx.st, "team:a", "team:a", OCT1, NOV1, NULL, &r, &d), SL_ERR_USAGE);
    cr_assert_eq(compare_run(fx.st, "team:a", "provider:b", NOV1, OCT1, NULL, &r, &d),
                 SL_ERR_USAGE);
}

Test(compare, decide_measures_engineer_hours_and_pages)
{
    static const double responders[6] = {1, 3, 2, 1, 1, 1};
    struct decide_measured m;
    struct sl_diag d = {0};
    cr_assert_eq(decide_measure(fx.st, "team:a", OCT1, NOV1, NULL, responders, &m, &d), SL_OK, "%s",
                 d.message);
    cr_assert(m.has_uptime);
    cr_assert_float_eq(m.availability, 1 - 5580.0 / 2678400, EPS);
    cr_assert_float_eq(m.period_hours, 744, EPS);
    cr_assert_eq(m.incidents, 3);
    /* 2 h + 1 h + 0.5 h */
    cr_assert_float_eq(m.incident_hours, 3.5, EPS);
    /* 2 h × 3 + 1 h × 1 + 0.5 h × 1 */
    cr_assert_float_eq(m.engineer_hours, 7.5, EPS);
    cr_assert_eq(m.pages.count[BAND_BUSINESS], 1);
    cr_assert_eq(m.pages.count[BAND_SLEEP], 1);
    cr_assert_eq(m.pages.count[BAND_OFF], 1);
    cr_assert_eq(m.capacity_incidents, 1); /* "Quota request stuck" */
    cr_assert_eq(m.tta.n, 2);
    cr_assert_float_eq(m.coverage, 1.0, EPS);
}

Test(compare, decide_measures_an_entity_without_data)
{
    static const double responders[6] = {1, 3, 2, 1, 1, 1};
    struct decide_measured m;
    struct sl_diag d = {0};
    cr_assert_eq(decide_measure(fx.st, "provider:none", OCT1, NOV1, NULL, responders, &m, &d),
                 SL_OK);
    cr_assert_not(m.has_uptime);
    cr_assert(isnan(m.availability));
    cr_assert_eq(m.incidents, 0);
}
