/* test_period.c — the periods taken without dates (engine/measure/
 * period.c): the last complete month of the stored data, in UTC and in a
 * zone, when the data ends on a month's edge, when it fills no whole month,
 * and an empty store; months ending with one across a year's turn. */
#include <criterion/criterion.h>
#include <stdio.h>

#include "engine/measure/period.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define SEP1 INT64_C(1788220800) /* 2026-09-01T00:00:00Z */
#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */
#define DAY 86400

static struct fixture fx;

static void
setup(void)
{
    fixture_open(&fx);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(period, .init = setup, .fini = teardown);

static void
store_up(int64_t from, int64_t to)
{
    bool already;
    struct sl_diag d = {0};
    struct source_counts counts = {0};
    char sha[32];
    snprintf(sha, sizeof sha, "%lld-%lld", (long long)from, (long long)to);
    cr_assert_eq(store_source_begin(fx.st, "t.csv", sha, "test", 1, &already, &d), SL_OK);
    struct interval iv = {
        .entity = "team:ops", .service = "api", .start = from, .end = to, .status = SVC_UP};
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK, "%s", d.message);
}

static struct window
last_complete(const char *zone)
{
    struct window w = {0};
    bool empty = true;
    struct sl_diag d = {0};
    cr_assert_eq(period_last_complete_month(fx.st, zone, &w, &empty, &d), SL_OK, "%s", d.message);
    cr_assert_not(empty);
    return w;
}

Test(period, an_empty_store_has_no_month)
{
    struct window w = {.start = 42};
    bool empty = false;
    struct sl_diag d = {0};
    cr_assert_eq(period_last_complete_month(fx.st, NULL, &w, &empty, &d), SL_OK);
    cr_assert(empty);
    cr_assert_eq(w.start, 42, "left alone");
}

Test(period, the_month_before_the_one_the_data_ends_in)
{
    store_up(SEP1, OCT1 + 10 * DAY);
    struct window w = last_complete(NULL);
    cr_assert_eq(w.start, SEP1);
    cr_assert_eq(w.end, OCT1);
}

Test(period, data_ending_on_the_month_s_edge_completes_it)
{
    store_up(SEP1, NOV1);
    struct window w = last_complete(NULL);
    cr_assert_eq(w.start, OCT1);
    cr_assert_eq(w.end, NOV1);
    /* In Berlin October ends an hour earlier (at 23:00Z on the 31st):
     * the data reaches past it, and November is not complete. */
    w = last_complete("Europe/Berlin");
    cr_assert_eq(w.year, 2026);
    cr_assert_eq(w.month, 10);
    cr_assert_eq(w.end, NOV1 - 3600);
}

Test(period, data_in_no_whole_month_takes_the_month_it_begins_in)
{
    store_up(OCT1 + 3 * DAY, OCT1 + 9 * DAY);
    struct window w = last_complete(NULL);
    cr_assert_eq(w.start, OCT1);
    cr_assert_eq(w.end, NOV1);
}

Test(period, months_ending_with_one_across_the_year)
{
    struct window feb = window_month(2027, 2, NULL);
    cr_assert_eq(period_months_start(&feb, 1, NULL), feb.start);
    struct window dec = window_month(2026, 12, NULL);
    cr_assert_eq(period_months_start(&feb, 3, NULL), dec.start);
    struct window aug = window_month(2026, 8, NULL);
    struct window oct = window_month(2026, 10, NULL);
    cr_assert_eq(period_months_start(&oct, 3, NULL), aug.start);
}
