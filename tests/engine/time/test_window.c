/* test_window.c — calendar windows aligned in a zone (engine/window.c):
 * month lengths in UTC and across a DST change, leap February, quarters and
 * years, stepping between months across years, "YYYY-MM" parsing and labels.
 * Instants: 2026-01-01T00:00Z = 1767225600, 2026-10-01T00:00Z = 1790812800. */
#include <criterion/criterion.h>

#include "engine/time/sltime.h"
#include "engine/time/window.h"

#define JAN1_2026 INT64_C(1767225600)
#define OCT1_2026 INT64_C(1790812800)
#define NOV1_2026 INT64_C(1793491200)
#define JAN1_2027 INT64_C(1798761600)

Test(window, month_utc)
{
    struct window w = window_month(2026, 10, NULL);
    cr_assert_eq(w.kind, WINDOW_MONTH);
    cr_assert_eq(w.start, OCT1_2026);
    cr_assert_eq(w.end, NOV1_2026);
    cr_assert_eq(w.end - w.start, 31 * 86400); /* 2,678,400 s */
    cr_assert_eq(w.year, 2026);
    cr_assert_eq(w.month, 10);
}

Test(window, month_berlin_with_dst_end)
{
    /* 2026-10-01 00:00 CEST = 2026-09-30T22:00Z; 2026-11-01 00:00 CET =
     * 2026-10-31T23:00Z. DST ends 2026-10-25, so the month has 31 days + 1 h. */
    struct window w = window_month(2026, 10, "Europe/Berlin");
    cr_assert_eq(w.start, OCT1_2026 - 7200);
    cr_assert_eq(w.end, NOV1_2026 - 3600);
    cr_assert_eq(w.end - w.start, 2682000);
}

Test(window, month_berlin_with_dst_start)
{
    /* March 2026: DST starts 2026-03-29, so 31 days − 1 h. */
    struct window w = window_month(2026, 3, "Europe/Berlin");
    cr_assert_eq(w.end - w.start, 31 * 86400 - 3600);
    /* 2026-03-01 00:00 CET = 2026-02-28T23:00Z = 1772323200 − 3600 */
    cr_assert_eq(w.start, INT64_C(1772323200) - 3600);
}

Test(window, february_leap_year)
{
    struct window w = window_month(2028, 2, NULL);
    /* 2028-03-01T00:00Z = 1835481600; 29 days earlier is 2028-02-01 */
    cr_assert_eq(w.end, INT64_C(1835481600));
    cr_assert_eq(w.end - w.start, 29 * 86400);
    struct window n = window_month(2027, 2, NULL);
    cr_assert_eq(n.end - n.start, 28 * 86400);
}

Test(window, quarter)
{
    struct window q = window_quarter(2026, 4, NULL);
    cr_assert_eq(q.kind, WINDOW_QUARTER);
    cr_assert_eq(q.start, OCT1_2026);
    cr_assert_eq(q.end, JAN1_2027);
    cr_assert_eq(q.end - q.start, 92 * 86400); /* Oct 31 + Nov 30 + Dec 31 */
    cr_assert_eq(q.month, 10);
    struct window q1 = window_quarter(2026, 1, NULL);
    cr_assert_eq(q1.start, JAN1_2026);
    cr_assert_eq(q1.end - q1.start, 90 * 86400); /* 31 + 28 + 31 */
}

Test(window, year)
{
    struct window y = window_year(2026, NULL);
    cr_assert_eq(y.kind, WINDOW_YEAR);
    cr_assert_eq(y.start, JAN1_2026);
    cr_assert_eq(y.end, JAN1_2027);
    cr_assert_eq(y.end - y.start, 365 * 86400);
    struct window leap = window_year(2028, NULL);
    cr_assert_eq(leap.end - leap.start, 366 * 86400);
    /* In Berlin the year starts at 23:00Z the day before and is still 365 days. */
    struct window b = window_year(2026, "Europe/Berlin");
    cr_assert_eq(b.start, JAN1_2026 - 3600);
    cr_assert_eq(b.end - b.start, 365 * 86400);
}

Test(window, rolling)
{
    struct window r = window_rolling(NOV1_2026, 30, NULL);
    cr_assert_eq(r.kind, WINDOW_ROLLING);
    cr_assert_eq(r.end, NOV1_2026);
    cr_assert_eq(r.start, NOV1_2026 - 30 * 86400);
}

Test(window, rolling_local_days_west_of_utc)
{
    /* --tz America/New_York --rolling 7 --to 2026-03-15: the 7 local days
     * 03-08 .. 03-14. 03-15 00:00 EDT is 04:00Z; 03-08 00:00 EST is 05:00Z
     * (clocks went forward at 02:00 that day), so the window is 7 × 24 h
     * less one hour, and its last day is 03-14, not the UTC date of its end. */
    const char *ny = "America/New_York";
    struct sl_civil to = {2026, 3, 15, 0, 0, 0}, from = {2026, 3, 8, 0, 0, 0};
    int64_t end = sltime_from_civil(&to, ny);
    struct window r = window_rolling(end, 7, ny);
    cr_assert_eq(r.end, end);
    cr_assert_eq(r.start, sltime_from_civil(&from, ny));
    cr_assert_eq(r.end - r.start, 7 * 86400 - 3600);
    char out[48];
    window_label(&r, out);
    cr_assert_str_eq(out, "rolling 7d to 2026-03-14");
    /* the week before ends where this one starts: 03-01 .. 03-07 */
    struct window before = window_rolling(r.start, 7, ny);
    window_label(&before, out);
    cr_assert_str_eq(out, "rolling 7d to 2026-03-07");
    cr_assert_eq(before.end - before.start, 7 * 86400);
}

Test(window, month_next_across_year)
{
    struct window dec = window_month(2026, 12, NULL);
    struct window jan = window_month_next(&dec, NULL);
    cr_assert_eq(jan.year, 2027);
    cr_assert_eq(jan.month, 1);
    cr_assert_eq(jan.start, JAN1_2027);
    cr_assert_eq(jan.start, dec.end);
    struct window oct = window_month(2026, 10, NULL);
    struct window nov = window_month_next(&oct, NULL);
    cr_assert_eq(nov.month, 11);
    cr_assert_eq(nov.start, NOV1_2026);
}

Test(window, month_prev_across_year)
{
    struct window jan = window_month(2026, 1, "Europe/Berlin");
    struct window dec = window_month_prev(&jan, "Europe/Berlin");
    cr_assert_eq(dec.year, 2025);
    cr_assert_eq(dec.month, 12);
    cr_assert_eq(dec.end, jan.start);
    cr_assert_eq(dec.end - dec.start, 31 * 86400);
}

Test(window, month_of_depends_on_zone)
{
    /* 2026-09-30T23:00Z is still September in UTC but October 1 01:00 in Berlin. */
    int64_t t = OCT1_2026 - 3600;
    struct window utc = window_month_of(t, NULL);
    cr_assert_eq(utc.month, 9);
    struct window berlin = window_month_of(t, "Europe/Berlin");
    cr_assert_eq(berlin.month, 10);
    cr_assert_eq(berlin.start, OCT1_2026 - 7200);
}

Test(window, parse_month_good)
{
    int y = 0, m = 0;
    cr_assert_eq(window_parse_month("2026-10", &y, &m), SL_OK);
    cr_assert_eq(y, 2026);
    cr_assert_eq(m, 10);
    cr_assert_eq(window_parse_month("1970-01", &y, &m), SL_OK);
    cr_assert_eq(window_parse_month("2200-12", &y, &m), SL_OK);
    cr_assert_eq(y, 2200);
    cr_assert_eq(m, 12);
}

Test(window, parse_month_bad)
{
    static const char *const bad[] = {
        "",           "2026",    "2026-1",  "2026-13", "2026-00", "26-10",
        "2026-10-01", "2026/10", "abcd-ef", "1969-12", "2201-01", "2026-10x",
        " 2026-10",   "2026- 1", "2026-+1", "+202-10", "2026--1", NULL,
    };
    for (size_t i = 0; bad[i]; i++) {
        int y = -1, m = -1;
        cr_assert_eq(window_parse_month(bad[i], &y, &m), SL_ERR_USAGE, "'%s' should be rejected",
                     bad[i]);
        cr_assert_eq(y, -1, "'%s' wrote the year", bad[i]);
        cr_assert_eq(m, -1, "'%s' wrote the month", bad[i]);
    }
}

Test(window, labels)
{
    char out[48];
    struct window m = window_month(2026, 3, NULL);
    window_label(&m, out);
    cr_assert_str_eq(out, "2026-03");
    struct window q = window_quarter(2026, 4, NULL);
    window_label(&q, out);
    cr_assert_str_eq(out, "2026-Q4");
    struct window q2 = window_quarter(2026, 2, NULL);
    window_label(&q2, out);
    cr_assert_str_eq(out, "2026-Q2");
    struct window y = window_year(2026, NULL);
    window_label(&y, out);
    cr_assert_str_eq(out, "2026");
    /* the last day of a rolling window is the day of its last second */
    struct window r = window_rolling(NOV1_2026, 30, NULL);
    window_label(&r, out);
    cr_assert_str_eq(out, "rolling 30d to 2026-10-31");
}

Test(window, kind_names)
{
    cr_assert_str_eq(window_kind_name(WINDOW_MONTH), "month");
    cr_assert_str_eq(window_kind_name(WINDOW_QUARTER), "quarter");
    cr_assert_str_eq(window_kind_name(WINDOW_YEAR), "year");
    cr_assert_str_eq(window_kind_name(WINDOW_ROLLING), "rolling");
}
