/* window.c — calendar and rolling windows. */
#include "engine/time/window.h"

#include <stdio.h>

#include "engine/time/sltime.h"

const char *
window_kind_name(enum window_kind kind)
{
    switch (kind) {
    case WINDOW_MONTH:
        return "month";
    case WINDOW_QUARTER:
        return "quarter";
    case WINDOW_YEAR:
        return "year";
    case WINDOW_ROLLING:
        return "rolling";
    case WINDOW_DAYS:
        return "days";
    }
    return "unknown";
}

static int64_t
month_start(int year, int month, const char *zone)
{
    while (month > 12) {
        month -= 12;
        year++;
    }
    while (month < 1) {
        month += 12;
        year--;
    }
    struct sl_civil c = {year, month, 1, 0, 0, 0};
    return sltime_from_civil(&c, zone);
}

struct window
window_month(int year, int month, const char *zone)
{
    struct window w = {WINDOW_MONTH,
                       month_start(year, month, zone),
                       month_start(year, month + 1, zone),
                       year,
                       month,
                       0,
                       0};
    return w;
}

struct window
window_quarter(int year, int quarter, const char *zone)
{
    int month = (quarter - 1) * 3 + 1;
    struct window w = {WINDOW_QUARTER,
                       month_start(year, month, zone),
                       month_start(year, month + 3, zone),
                       year,
                       month,
                       0,
                       0};
    return w;
}

struct window
window_year(int year, const char *zone)
{
    struct window w = {
        WINDOW_YEAR, month_start(year, 1, zone), month_start(year + 1, 1, zone), year, 1, 0, 0};
    return w;
}

struct window
window_rolling(int64_t end, int days, const char *zone)
{
    struct sl_civil c, last;
    sltime_to_civil(end, zone, &c, NULL);
    sltime_to_civil(end - 1, zone, &last, NULL);
    /* days before c's date, by day numbers: the UTC date of a day number is
     * the civil date it counts */
    int64_t daynum = sltime_days_from_civil(c.year, c.month, c.day) - days;
    struct sl_civil first;
    sltime_to_civil(daynum * 86400, NULL, &first, NULL);
    first.hour = c.hour;
    first.minute = c.minute;
    first.second = c.second;
    struct window w = {
        WINDOW_ROLLING, sltime_from_civil(&first, zone), end, last.year, last.month, days,
        last.day};
    return w;
}

int64_t
window_local_day(int64_t t, const char *zone)
{
    struct sl_civil c;
    sltime_to_civil(t, zone, &c, NULL);
    return sltime_days_from_civil(c.year, c.month, c.day);
}

int64_t
window_day_start(int64_t d, const char *zone)
{
    struct sl_civil c;
    sltime_to_civil(d * 86400, NULL, &c, NULL);
    c.hour = c.minute = c.second = 0;
    return sltime_from_civil(&c, zone);
}

struct window
window_days_of(int64_t t, int64_t first_day, int days, const char *zone)
{
    struct sl_civil last;
    if (days < 1)
        days = 1;
    int64_t k = window_local_day(t, zone) - first_day;
    int64_t n = k >= 0 ? k / days : -((-k + days - 1) / days);
    int64_t d0 = first_day + n * days;
    struct window w = {
        WINDOW_DAYS, window_day_start(d0, zone), window_day_start(d0 + days, zone), 0, 0, days, 0};
    sltime_to_civil((d0 + days - 1) * 86400, NULL, &last, NULL);
    w.year = last.year;
    w.month = last.month;
    w.day = last.day;
    return w;
}

struct window
window_days_between(int64_t from, int64_t to, const char *zone)
{
    int64_t first = window_local_day(from, zone), end = window_local_day(to, zone);
    return window_days_of(from, first, end > first ? (int)(end - first) : 1, zone);
}

struct window
window_month_of(int64_t t, const char *zone)
{
    struct sl_civil c;
    sltime_to_civil(t, zone, &c, NULL);
    return window_month(c.year, c.month, zone);
}

struct window
window_month_next(const struct window *w, const char *zone)
{
    return w->month == 12 ? window_month(w->year + 1, 1, zone)
                          : window_month(w->year, w->month + 1, zone);
}

struct window
window_month_prev(const struct window *w, const char *zone)
{
    return w->month == 1 ? window_month(w->year - 1, 12, zone)
                         : window_month(w->year, w->month - 1, zone);
}

enum sl_status
window_parse_month(const char *text, int *year, int *month)
{
    int y, m, n = 0;
    /* sscanf alone would take "2026- 1" and "2026-+1": require the digits. */
    for (int i = 0; i < 7; i++)
        if (i == 4 ? text[i] != '-' : (text[i] < '0' || text[i] > '9'))
            return SL_ERR_USAGE;
    if (sscanf(text, "%4d-%2d%n", &y, &m, &n) != 2 || text[n] != '\0' || n != 7)
        return SL_ERR_USAGE;
    if (y < SLTIME_MIN_YEAR || y > SLTIME_MAX_YEAR || m < 1 || m > 12)
        return SL_ERR_USAGE;
    *year = y;
    *month = m;
    return SL_OK;
}

void
window_label(const struct window *w, char out[48])
{
    switch (w->kind) {
    case WINDOW_MONTH:
        snprintf(out, 48, "%04d-%02d", w->year, w->month);
        return;
    case WINDOW_QUARTER:
        snprintf(out, 48, "%04d-Q%d", w->year, (w->month - 1) / 3 + 1);
        return;
    case WINDOW_YEAR:
        snprintf(out, 48, "%04d", w->year);
        return;
    case WINDOW_ROLLING: {
        if (w->days > 0) {
            snprintf(out, 48, "rolling %dd to %04d-%02d-%02d", w->days, w->year, w->month, w->day);
            return;
        }
        char end[16]; /* built by hand: whole UTC days */
        sltime_format_date(w->end - 1, NULL, end);
        snprintf(out, 48, "rolling %lldd to %s", (long long)((w->end - w->start) / 86400), end);
        return;
    }
    case WINDOW_DAYS: {
        struct sl_civil c; /* the first local day, counted back from the last */
        sltime_to_civil(sltime_days_from_civil(w->year, w->month, w->day) * 86400 -
                            (int64_t)(w->days - 1) * 86400,
                        NULL, &c, NULL);
        snprintf(out, 48, "%dd %04d-%02d-%02d to %04d-%02d-%02d", w->days, c.year, c.month, c.day,
                 w->year, w->month, w->day);
        return;
    }
    }
    out[0] = '\0';
}
