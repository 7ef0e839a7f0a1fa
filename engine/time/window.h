/* window.h — evaluation windows: calendar months, quarters and years aligned in
 * a time zone, rolling windows of N local days of a zone, and calendar
 * windows of N local days that follow one another from a first day. A window is the
 * half-open range [start, end) of UTC epoch seconds. */
#ifndef SLAUDIT_WINDOW_H
#define SLAUDIT_WINDOW_H

#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"

enum window_kind { WINDOW_MONTH, WINDOW_QUARTER, WINDOW_YEAR, WINDOW_ROLLING, WINDOW_DAYS };

struct window {
    enum window_kind kind;
    int64_t start, end;
    int year, month; /* first calendar month of the window (calendar kinds) */
    /* Rolling and days windows: how many local days, and the last of them
     * (its year and month in the fields above); days 0 for one built by
     * hand. */
    int days, day;
};

const char *window_kind_name(enum window_kind kind);

struct window window_month(int year, int month, const char *zone);
struct window window_quarter(int year, int quarter, const char *zone);
struct window window_year(int year, const char *zone);
/* The days local days of zone that end at end (a local midnight; at another
 * instant the window starts at the same local time days days before). Across
 * a change of clocks the window is an hour shorter or longer than days × 24 h;
 * its last day is the local day of its last second. */
struct window window_rolling(int64_t end, int days, const char *zone);

/* The calendar window of days local days of zone that holds instant t, of
 * those that follow one another from the local day first_day (a day number,
 * sltime_days_from_civil), before it as after it. days >= 1. */
struct window window_days_of(int64_t t, int64_t first_day, int days, const char *zone);

/* The window of days of zone from the local day of from to the local day
 * before that of to: [from, to) itself when both are local midnights
 * (the caller checks start and end). A span of its own, as `eval --from
 * --to` evaluates one that is not whole calendar windows. */
struct window window_days_between(int64_t from, int64_t to, const char *zone);
/* The day number (sltime_days_from_civil) of instant t's local day in zone. */
int64_t window_local_day(int64_t t, const char *zone);
/* Local midnight of day number d (sltime_days_from_civil) in zone. */
int64_t window_day_start(int64_t d, const char *zone);
/* The calendar month holding instant t in zone. */
struct window window_month_of(int64_t t, const char *zone);
/* The month after / before w (w a month window). */
struct window window_month_next(const struct window *w, const char *zone);
struct window window_month_prev(const struct window *w, const char *zone);

/* Parses "YYYY-MM". */
enum sl_status window_parse_month(const char *text, int *year, int *month);
/* "2026-10", "2026-Q4", "2026", "rolling 30d to 2026-10-31" (a rolling
 * window's last local day), or "7d 2026-10-05 to 2026-10-11" (a window of
 * days, its first and last local day). */
void window_label(const struct window *w, char out[48]);

#endif
