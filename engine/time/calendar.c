/* calendar.c — weekends, holidays and month arithmetic in a zone. */
#include "engine/time/calendar.h"

#include "engine/time/sltime.h"

static int64_t
day_number(int64_t t, const char *zone, struct sl_civil *c)
{
    sltime_to_civil(t, zone, c, NULL);
    return sltime_days_from_civil(c->year, c->month, c->day);
}

static bool
business_day_number(const struct calendar *c, int64_t day)
{
    /* 1970-01-01 (day 0) was a Thursday: (day + 3) % 7 is 0 on Monday. */
    int64_t weekday = ((day + 3) % 7 + 7) % 7;
    if (weekday >= 5)
        return false;
    for (size_t i = 0; i < c->nholidays; i++)
        if (c->holidays[i] == day)
            return false;
    return true;
}

static int64_t
start_of_day(int64_t day, int hour, const char *zone)
{
    /* Civil date from a day number: walk from the epoch's civil calendar. */
    int64_t z = day + 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    struct sl_civil cv = {0};
    cv.day = (int)(doy - (153 * mp + 2) / 5 + 1);
    cv.month = (int)(mp < 10 ? mp + 3 : mp - 9);
    cv.year = (int)(yoe + era * 400 + (cv.month <= 2));
    cv.hour = hour;
    return sltime_from_civil(&cv, zone);
}

bool
calendar_is_business_day(const struct calendar *c, int64_t t)
{
    struct sl_civil cv;
    return business_day_number(c, day_number(t, c->zone, &cv));
}

int64_t
calendar_business_deadline(const struct calendar *c, int64_t t, int n)
{
    struct sl_civil cv;
    int64_t day = day_number(t, c->zone, &cv);
    int counted = 0;
    while (counted < n)
        if (business_day_number(c, ++day))
            counted++;
    return start_of_day(day + 1, 0, c->zone);
}

int64_t
calendar_next_working_noon(const struct calendar *c, int64_t t)
{
    struct sl_civil cv;
    int64_t day = day_number(t, c->zone, &cv);
    if (business_day_number(c, day))
        return t;
    while (!business_day_number(c, ++day))
        ;
    return start_of_day(day, 12, c->zone);
}

int64_t
calendar_add_months(int64_t t, int n, const char *zone)
{
    struct sl_civil cv;
    sltime_to_civil(t, zone, &cv, NULL);
    int months = cv.year * 12 + (cv.month - 1) + n;
    cv.year = months / 12;
    cv.month = months % 12 + 1;
    int dim = sltime_days_in_month(cv.year, cv.month);
    if (cv.day > dim)
        cv.day = dim;
    return sltime_from_civil(&cv, zone);
}
