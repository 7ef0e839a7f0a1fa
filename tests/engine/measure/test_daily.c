/* test_daily.c — a window day by day (engine/measure/daily.c): October 2026
 * in UTC with an outage across midnight, a partial afternoon, a degraded
 * hour, announced and unannounced maintenance and a day without data; March
 * 2026 in Europe/Berlin, whose 29th is 23 hours long; and the evaluation
 * handing the days to the rows of the window it is asked for. Every figure
 * is worked out by hand in the comments. */
#include <criterion/criterion.h>
#include <math.h>

#include "engine/measure/daily.h"
#include "engine/measure/eval.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"
#include "engine/time/window.h"
#include "tests/engine/fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 (OCT1 + 31 * DAY)
#define MIN 60
#define HOUR 3600
#define DAY 86400
#define AT(day, h, m) (OCT1 + ((day)-1) * DAY + (h)*HOUR + (m)*MIN) /* 2026-10-<day> */

static struct contract_timeline tl;
static struct daily days;

static void
iv(struct interval *v, int64_t from, int64_t to, enum svc_status s)
{
    *v = (struct interval){.entity = "p", .service = "s", .start = from, .end = to, .status = s};
}

/* October up, except: down 2 Oct 23:50 – 3 Oct 00:20; partial 5 Oct
 * 12:00–14:00; degraded 6 Oct 09:00–10:00; nothing known of 20 Oct.
 * Maintenance 10 Oct 02:00–04:00 announced three days before (eligible) and
 * 12 Oct 01:00–01:30 never announced (downtime). */
static void
october(void)
{
    struct interval v[10];
    size_t n = 0;
    iv(&v[n++], OCT1 - DAY, AT(2, 23, 50), SVC_UP);
    iv(&v[n++], AT(2, 23, 50), AT(3, 0, 20), SVC_DOWN);
    iv(&v[n++], AT(3, 0, 20), AT(5, 12, 0), SVC_UP);
    iv(&v[n++], AT(5, 12, 0), AT(5, 14, 0), SVC_PARTIAL);
    iv(&v[n++], AT(5, 14, 0), AT(6, 9, 0), SVC_UP);
    iv(&v[n++], AT(6, 9, 0), AT(6, 10, 0), SVC_DEGRADED);
    iv(&v[n++], AT(6, 10, 0), AT(20, 0, 0), SVC_UP);
    iv(&v[n++], AT(21, 0, 0), NOV1 + DAY, SVC_UP);
    struct maintenance mt[2] = {
        {.entity = "p",
         .service = "s",
         .start = AT(10, 2, 0),
         .end = AT(10, 4, 0),
         .announced = AT(7, 2, 0)},
        {.entity = "p",
         .service = "s",
         .start = AT(12, 1, 0),
         .end = AT(12, 1, 30),
         .announced = SLTIME_NONE},
    };
    struct contract_rules r;
    contract_rules_neutral(&r);
    cr_assert_eq(contract_timeline_build(v, n, mt, 2, OCT1 - DAY, NOV1 + DAY, NULL, &r, &tl),
                 SL_OK);
    cr_assert_eq(daily_compute(&tl, OCT1, NOV1, NULL, &days), SL_OK);
}

static void
release(void)
{
    daily_release(&days);
    contract_timeline_release(&tl);
}

#define D(n) (&days.day[(n)-1]) /* the day of October n */

Test(daily, one_local_day_each)
{
    october();
    cr_assert_eq(days.n, 31);
    for (size_t i = 0; i < days.n; i++) {
        cr_assert_eq(days.day[i].start, OCT1 + (int64_t)i * DAY);
        cr_assert_eq(days.day[i].end, OCT1 + (int64_t)(i + 1) * DAY);
    }
    release();
}

Test(daily, an_outage_across_midnight_falls_in_both_days)
{
    /* 10 minutes before midnight, 20 after. */
    october();
    cr_assert_float_eq(D(2)->downtime_seconds, 600.0, 1e-9);
    cr_assert_float_eq(D(3)->downtime_seconds, 1200.0, 1e-9);
    cr_assert_eq(D(2)->worst, SVC_DOWN);
    cr_assert_eq(D(3)->worst, SVC_DOWN);
    cr_assert_eq(D(1)->worst, SVC_UP);
    cr_assert_float_eq(D(1)->downtime_seconds, 0.0, 1e-9);
    release();
}

Test(daily, partial_weighs_three_tenths_and_degraded_nothing)
{
    /* 2 h partial × 0.3 = 2160 s; the degraded hour is no downtime but shows. */
    october();
    cr_assert_float_eq(D(5)->downtime_seconds, 2160.0, 1e-9);
    cr_assert_eq(D(5)->worst, SVC_PARTIAL);
    cr_assert_float_eq(D(6)->downtime_seconds, 0.0, 1e-9);
    cr_assert_eq(D(6)->worst, SVC_DEGRADED);
    release();
}

Test(daily, eligible_maintenance_leaves_the_day)
{
    /* Announced 72 h ahead: 2 h out of the denominator, no downtime. */
    october();
    cr_assert_eq(D(10)->maintenance_seconds, 2 * HOUR);
    cr_assert_eq(D(10)->eligible_seconds, DAY - 2 * HOUR);
    cr_assert_float_eq(D(10)->downtime_seconds, 0.0, 1e-9);
    cr_assert_eq(D(10)->worst, SVC_MAINTENANCE);
    release();
}

Test(daily, unannounced_maintenance_is_downtime_and_shows_down)
{
    october();
    cr_assert_eq(D(12)->maintenance_seconds, 0);
    cr_assert_float_eq(D(12)->downtime_seconds, 1800.0, 1e-9);
    cr_assert_eq(D(12)->worst, SVC_DOWN);
    release();
}

Test(daily, a_day_without_data_is_unknown)
{
    october();
    cr_assert_eq(D(20)->worst, SVC_UNKNOWN);
    cr_assert_eq(D(20)->unknown_seconds, DAY);
    cr_assert_eq(D(20)->eligible_seconds, 0);
    cr_assert_eq(D(21)->worst, SVC_UP);
    release();
}

Test(daily, the_days_add_up_to_the_month)
{
    /* 600 + 1200 + 2160 + 1800 = 5760 s, as the month measured whole. */
    october();
    struct contract_measure m;
    contract_timeline_measure(&tl, OCT1, NOV1, &m);
    cr_assert_float_eq(D(31)->consumed_seconds, 5760.0, 1e-9);
    cr_assert_float_eq(D(31)->consumed_seconds, m.avail.downtime_seconds, 1e-9);
    release();
}

Test(daily, remaining_budget_by_day)
{
    /* 99.9 % of October less the eligible 2 h: 0.001 × (2678400 − 7200)
     * = 2671.2 s. Left at the end of 1 Oct: all of it; of 3 Oct: 2671.2 −
     * 1800 = 871.2; of 5 Oct: 871.2 − 2160 = −1288.8 (overspent); of 31
     * Oct: 2671.2 − 5760 = −3088.8. */
    october();
    double allowed = contract_allowed_seconds(99.9, 31 * DAY - 2 * HOUR);
    cr_assert_float_eq(allowed, 2671.2, 1e-9);
    cr_assert_float_eq(daily_remaining_seconds(allowed, D(1)), 2671.2, 1e-9);
    cr_assert_float_eq(daily_remaining_seconds(allowed, D(3)), 871.2, 1e-9);
    cr_assert_float_eq(daily_remaining_seconds(allowed, D(5)), -1288.8, 1e-9);
    cr_assert_float_eq(daily_remaining_seconds(allowed, D(31)), -3088.8, 1e-9);
    /* An even burn leaves 30/31 after the first day, nothing after the last. */
    cr_assert_float_eq(daily_even_seconds(allowed, D(1), OCT1, NOV1), allowed * 30 / 31, 1e-9);
    cr_assert_float_eq(daily_even_seconds(allowed, D(31), OCT1, NOV1), 0.0, 1e-9);
    release();
}

/* March 2026 in Europe/Berlin: from 28 Feb 23:00Z; clocks go forward on
 * 29 March, a day of 23 hours. Down 28 Mar 23:30 – 29 Mar 00:30 local
 * (22:30Z – 23:30Z). */
#define MAR1_BERLIN INT64_C(1772319600)
#define MAR29_BERLIN INT64_C(1774738800)
#define APR1_BERLIN INT64_C(1774994400)

Test(daily, a_dst_month_in_a_zone)
{
    struct interval v[3];
    iv(&v[0], MAR1_BERLIN - DAY, MAR29_BERLIN - 30 * MIN, SVC_UP);
    iv(&v[1], MAR29_BERLIN - 30 * MIN, MAR29_BERLIN + 30 * MIN, SVC_DOWN);
    iv(&v[2], MAR29_BERLIN + 30 * MIN, APR1_BERLIN + DAY, SVC_UP);
    struct contract_rules r;
    contract_rules_neutral(&r);
    struct window w = window_month(2026, 3, "Europe/Berlin");
    cr_assert_eq(w.start, MAR1_BERLIN);
    cr_assert_eq(w.end, APR1_BERLIN);
    cr_assert_eq(contract_timeline_build(v, 3, NULL, 0, w.start - DAY, w.end + DAY, "Europe/Berlin",
                                         &r, &tl),
                 SL_OK);
    cr_assert_eq(daily_compute(&tl, w.start, w.end, "Europe/Berlin", &days), SL_OK);
    cr_assert_eq(days.n, 31);
    cr_assert_eq(D(1)->start, MAR1_BERLIN);
    cr_assert_eq(D(28)->end, MAR29_BERLIN);
    cr_assert_eq(D(29)->end - D(29)->start, 23 * HOUR);
    cr_assert_eq(D(29)->eligible_seconds, 23 * HOUR);
    cr_assert_eq(D(30)->end - D(30)->start, DAY);
    cr_assert_eq(D(31)->end, APR1_BERLIN);
    cr_assert_float_eq(D(28)->downtime_seconds, 1800.0, 1e-9);
    cr_assert_float_eq(D(29)->downtime_seconds, 1800.0, 1e-9);
    cr_assert_eq(D(27)->worst, SVC_UP);
    release();
}

Test(daily, an_empty_window_is_a_usage_error)
{
    struct contract_rules r;
    contract_rules_neutral(&r);
    cr_assert_eq(contract_timeline_build(NULL, 0, NULL, 0, OCT1, NOV1, NULL, &r, &tl), SL_OK);
    cr_assert_eq(daily_compute(&tl, OCT1, OCT1, NULL, &days), SL_ERR_USAGE);
    cr_assert_eq(days.n, 0);
    /* No data at all: every day unknown. */
    cr_assert_eq(daily_compute(&tl, OCT1, NOV1, NULL, &days), SL_OK);
    cr_assert_eq(days.n, 31);
    cr_assert_eq(D(15)->worst, SVC_UNKNOWN);
    release();
}

/* ---- the evaluation hands the days to the rows of the window ---- */

static struct fixture fx;

Test(daily, eval_gives_the_days_of_the_window_asked)
{
    bool already;
    struct sl_diag d;
    struct source_counts counts = {0};
    fixture_open(&fx);
    cr_assert_eq(store_source_begin(fx.st, "t.csv", "abc", "test", 1, &already, &d), SL_OK);
    struct interval v[3];
    iv(&v[0], OCT1 - 40 * DAY, AT(2, 23, 50), SVC_UP);
    iv(&v[1], AT(2, 23, 50), AT(3, 0, 20), SVC_DOWN);
    iv(&v[2], AT(3, 0, 20), NOV1 + DAY, SVC_UP);
    for (int i = 0; i < 3; i++)
        cr_assert_eq(store_add_interval(fx.st, &v[i], &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);

    struct eval_params p;
    eval_default_params(&p);
    p.from = OCT1 - 30 * DAY;
    p.to = NOV1;
    p.daily_from = OCT1;
    p.daily_to = NOV1;
    struct eval_result r;
    cr_assert_eq(eval_run(fx.st, &p, &r, &d), SL_OK, "%s", d.message);
    size_t with_days = 0;
    for (size_t i = 0; i < r.nrows; i++) {
        const struct eval_row *row = &r.rows[i];
        if (row->daily.n == 0)
            continue;
        with_days++;
        cr_assert_not_null(row->service, "the entity row has no days of its own");
        cr_assert_eq(row->window.start, OCT1);
        cr_assert_eq(row->daily.n, 31);
        cr_assert_float_eq(row->daily.day[1].downtime_seconds, 600.0, 1e-9);
        cr_assert_float_eq(row->daily.day[30].consumed_seconds, row->avail.downtime_seconds, 1e-9);
    }
    cr_assert_eq(with_days, 1, "only the service row of October: September has none");
    eval_result_release(&r);
    fixture_close(&fx);
}
