/* test_sltime.c — parsing and formatting of instants (engine/sltime.c):
 * offsets, fractions, naive times read in a zone across DST, the DST gap and
 * the repeated hour, calendar validation, zone names, and conversions in two
 * zones from several threads at once. Expected instants
 * were computed by hand from 2026-01-01T00:00:00Z = 1767225600 and checked
 * with `date -u -d ... +%s`. */
#include <criterion/criterion.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/time/sltime.h"

#define JAN1_2026 INT64_C(1767225600) /* 2026-01-01T00:00:00Z */
#define OCT1_2026 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */

static int64_t
parse_ok(const char *s, const char *tz, bool *had_offset)
{
    int64_t t = 0;
    bool had = false;
    const char *why = NULL;
    enum sl_status rc = sltime_parse(s, strlen(s), tz, &t, &had, &why);
    cr_assert_eq(rc, SL_OK, "'%s' should parse, got: %s", s, why ? why : "?");
    if (had_offset)
        *had_offset = had;
    return t;
}

/* Returns the reason given for a timestamp that must not parse. */
static const char *
parse_bad(const char *s)
{
    int64_t t = 12345;
    bool had = false;
    const char *why = NULL;
    enum sl_status rc = sltime_parse(s, strlen(s), NULL, &t, &had, &why);
    cr_assert_eq(rc, SL_ERR_INPUT, "'%s' should be rejected", s);
    cr_assert_not_null(why, "'%s' rejected without a reason", s);
    return why;
}

Test(sltime, rfc3339_with_z)
{
    bool had;
    /* 12:34:56 = 45296 s after midnight */
    cr_assert_eq(parse_ok("2026-10-01T12:34:56Z", NULL, &had), OCT1_2026 + 45296);
    cr_assert(had);
    cr_assert_eq(parse_ok("2026-10-01t12:34:56z", NULL, NULL), OCT1_2026 + 45296);
}

Test(sltime, positive_offset)
{
    bool had;
    /* 12:34:56+02:00 is 10:34:56Z = 38096 s */
    cr_assert_eq(parse_ok("2026-10-01T12:34:56+02:00", NULL, &had), OCT1_2026 + 38096);
    cr_assert(had);
    /* the colon is optional */
    cr_assert_eq(parse_ok("2026-10-01T12:34:56+0200", NULL, NULL), OCT1_2026 + 38096);
}

Test(sltime, negative_offset)
{
    /* 12:34:56-07:00 is 19:34:56Z = 70496 s */
    cr_assert_eq(parse_ok("2026-10-01T12:34:56-07:00", NULL, NULL), OCT1_2026 + 70496);
    /* crossing midnight backwards: 2026-10-01T01:00:00+05:30 = 2026-09-30T19:30Z */
    cr_assert_eq(parse_ok("2026-10-01T01:00:00+05:30", NULL, NULL), OCT1_2026 - 16200);
}

Test(sltime, offset_ignores_zone)
{
    /* An explicit offset wins over the zone given for naive times. */
    cr_assert_eq(parse_ok("2026-10-01T12:34:56Z", "America/New_York", NULL), OCT1_2026 + 45296);
}

Test(sltime, fractional_seconds_dropped)
{
    cr_assert_eq(parse_ok("2026-10-01T12:34:56.999Z", NULL, NULL), OCT1_2026 + 45296);
    cr_assert_eq(parse_ok("2026-10-01T12:34:56,5+02:00", NULL, NULL), OCT1_2026 + 38096);
    cr_assert_eq(parse_ok("2026-10-01T12:34:56.000001Z", NULL, NULL), OCT1_2026 + 45296);
    cr_assert_str_eq(parse_bad("2026-10-01T12:34:56.Z"), "empty fraction of a second");
}

Test(sltime, space_separator)
{
    bool had = true;
    cr_assert_eq(parse_ok("2026-10-01 12:34:56Z", NULL, NULL), OCT1_2026 + 45296);
    /* no seconds, no offset: 12:34 = 45240 s, read in UTC */
    cr_assert_eq(parse_ok("2026-10-01 12:34", NULL, &had), OCT1_2026 + 45240);
    cr_assert_not(had);
    /* surrounding blanks are ignored */
    cr_assert_eq(parse_ok("  2026-10-01 12:34:56 UTC\t", NULL, NULL), OCT1_2026 + 45296);
}

Test(sltime, date_only)
{
    bool had = true;
    cr_assert_eq(parse_ok("2026-10-01", NULL, &had), OCT1_2026);
    cr_assert_not(had);
    /* a date alone in a zone is that zone's midnight: 00:00 CEST = 22:00Z the day before */
    cr_assert_eq(parse_ok("2026-10-01", "Europe/Berlin", NULL), OCT1_2026 - 7200);
}

Test(sltime, epoch_seconds)
{
    bool had = false;
    cr_assert_eq(parse_ok("1790812800", NULL, &had), OCT1_2026);
    cr_assert(had, "epoch seconds are UTC by definition");
    cr_assert_eq(parse_ok("1790812800.75", "Europe/Berlin", NULL), OCT1_2026);
    cr_assert_str_eq(parse_bad("1790812800x"), "not a timestamp");
    cr_assert_str_eq(parse_bad("9999999999999"), "epoch seconds out of range");
}

Test(sltime, naive_utc_when_no_zone)
{
    bool had = true;
    /* 2026-01-15T12:00 = Jan 1 + 14 days + 12 h */
    cr_assert_eq(parse_ok("2026-01-15T12:00:00", NULL, &had), JAN1_2026 + 14 * 86400 + 43200);
    cr_assert_not(had);
    cr_assert_eq(parse_ok("2026-01-15T12:00:00", "UTC", NULL), JAN1_2026 + 14 * 86400 + 43200);
}

Test(sltime, naive_berlin_winter_is_utc_plus_1)
{
    /* 12:00 CET = 11:00Z = 1768474800 */
    cr_assert_eq(parse_ok("2026-01-15T12:00:00", "Europe/Berlin", NULL), INT64_C(1768474800));
    cr_assert_eq(INT64_C(1768474800), JAN1_2026 + 14 * 86400 + 11 * 3600);
}

Test(sltime, naive_berlin_summer_is_utc_plus_2)
{
    /* 12:00 CEST = 10:00Z = 1784109600 */
    cr_assert_eq(parse_ok("2026-07-15T12:00:00", "Europe/Berlin", NULL), INT64_C(1784109600));
    cr_assert_eq(INT64_C(1784109600), JAN1_2026 + 195 * 86400 + 10 * 3600);
}

Test(sltime, dst_gap_moves_forward)
{
    /* America/New_York springs forward on 2026-03-08: 02:00 EST becomes 03:00 EDT,
     * so 02:30 does not exist. Moved forward by the gap it reads as 03:30 EDT =
     * 07:30Z = 1772955000. */
    cr_assert_eq(parse_ok("2026-03-08T02:30:00", "America/New_York", NULL), INT64_C(1772955000));
    /* just before the gap: 01:59:59 EST = 06:59:59Z */
    cr_assert_eq(parse_ok("2026-03-08T01:59:59", "America/New_York", NULL),
                 INT64_C(1772955000) - 1801);
    /* just after: 03:00 EDT = 07:00Z */
    cr_assert_eq(parse_ok("2026-03-08T03:00:00", "America/New_York", NULL),
                 INT64_C(1772955000) - 1800);
}

Test(sltime, repeated_hour_takes_first_reading)
{
    /* America/New_York falls back on 2026-11-01: 01:00-02:00 happens twice.
     * 01:30 EDT (the first, daylight reading) = 05:30Z = 1793511000; the
     * second reading, 01:30 EST, would be 06:30Z. A winter time converted
     * first must not tip the choice (glibc's mktime would). */
    parse_ok("2026-12-01T01:30:00", "America/New_York", NULL);
    cr_assert_eq(parse_ok("2026-11-01T01:30:00", "America/New_York", NULL), INT64_C(1793511000));
    /* the hour after is unambiguous: 02:30 EST = 07:30Z */
    cr_assert_eq(parse_ok("2026-11-01T02:30:00", "America/New_York", NULL),
                 INT64_C(1793511000) + 7200);
}

Test(sltime, berlin_transitions)
{
    /* 2026-03-29 02:30 does not exist in Berlin (02:00 CET → 03:00 CEST): moved
     * forward it is 03:30 CEST = 01:30Z. 2026-10-25 02:30 happens twice: the
     * first reading is 02:30 CEST = 00:30Z. Day starts: 2026-03-29 = 1774742400,
     * 2026-10-25 = 1792886400. */
    cr_assert_eq(parse_ok("2026-03-29T02:30:00", "Europe/Berlin", NULL),
                 INT64_C(1774742400) + 5400);
    cr_assert_eq(parse_ok("2026-10-25T02:30:00", "Europe/Berlin", NULL),
                 INT64_C(1792886400) + 1800);
    cr_assert_eq(parse_ok("2026-10-25T03:30:00", "Europe/Berlin", NULL),
                 INT64_C(1792886400) + 9000);
}

Test(sltime, repeated_hour_is_stable)
{
    /* The same text gives the same instant whatever was converted before it. */
    int64_t first = parse_ok("2026-11-01T01:30:00", "America/New_York", NULL);
    parse_ok("2026-11-01T03:00:00", "America/New_York", NULL);
    parse_ok("2026-07-01T01:30:00", "America/New_York", NULL);
    parse_ok("2026-12-01T01:30:00", "America/New_York", NULL);
    cr_assert_eq(parse_ok("2026-11-01T01:30:00", "America/New_York", NULL), first);
}

Test(sltime, invalid_zero_date)
{
    cr_assert_str_eq(parse_bad("0000-00-00"), "year out of range (1970-2200)");
}

Test(sltime, invalid_february_30)
{
    cr_assert_str_eq(parse_bad("2026-02-30"), "day out of range for its month");
    cr_assert_str_eq(parse_bad("2026-04-31T00:00:00Z"), "day out of range for its month");
}

Test(sltime, invalid_month_13)
{
    cr_assert_str_eq(parse_bad("2026-13-01"), "month out of range");
    cr_assert_str_eq(parse_bad("2026-00-10"), "month out of range");
}

Test(sltime, invalid_year_out_of_range)
{
    cr_assert_str_eq(parse_bad("9999-12-31"), "year out of range (1970-2200)");
    cr_assert_str_eq(parse_bad("1969-12-31T23:59:59Z"), "year out of range (1970-2200)");
}

Test(sltime, invalid_trailing_garbage)
{
    cr_assert_str_eq(parse_bad("2026-10-01T12:00:00Zjunk"), "unexpected text after the timestamp");
    cr_assert_str_eq(parse_bad("2026-10-01x"), "unexpected text after the timestamp");
    cr_assert_str_eq(parse_bad("2026-10-01T12:00:00+25:00"), "UTC offset out of range");
}

Test(sltime, invalid_empty)
{
    cr_assert_str_eq(parse_bad(""), "empty timestamp");
    cr_assert_str_eq(parse_bad("   "), "empty timestamp");
}

Test(sltime, invalid_time_of_day)
{
    cr_assert_str_eq(parse_bad("2026-10-01T24:00:00Z"), "time of day out of range");
    cr_assert_str_eq(parse_bad("2026-10-01T12:60Z"), "time of day out of range");
    cr_assert_str_eq(parse_bad("2026-10-01T1:00Z"), "bad time of day (expected HH:MM)");
    cr_assert_str_eq(parse_bad("Oct-01-2026"), "not a date (expected YYYY-MM-DD)");
    /* no '-' and longer than a year: read as epoch seconds, which it is not */
    cr_assert_str_eq(parse_bad("Oct 1 2026"), "not a timestamp");
}

Test(sltime, leap_second_reads_as_59)
{
    /* 23:59:60Z is taken as 23:59:59Z */
    cr_assert_eq(parse_ok("2026-12-31T23:59:60Z", NULL, NULL),
                 parse_ok("2026-12-31T23:59:59Z", NULL, NULL));
}

Test(sltime, leap_day_2028_valid)
{
    /* 2028-02-29T00:00Z = 1835395200, one day before 2028-03-01 = 1835481600 */
    cr_assert_eq(parse_ok("2028-02-29", NULL, NULL), INT64_C(1835395200));
    cr_assert_eq(parse_ok("2028-03-01", NULL, NULL) - parse_ok("2028-02-29", NULL, NULL), 86400);
    cr_assert_eq(sltime_days_in_month(2028, 2), 29);
}

Test(sltime, leap_day_2027_invalid)
{
    cr_assert_str_eq(parse_bad("2027-02-29"), "day out of range for its month");
    cr_assert_eq(sltime_days_in_month(2027, 2), 28);
    /* century rules: 2100 is not a leap year, 2000 is */
    cr_assert_eq(sltime_days_in_month(2100, 2), 28);
    cr_assert_eq(sltime_days_in_month(2000, 2), 29);
    cr_assert_eq(sltime_days_in_month(2026, 13), 0);
}

Test(sltime, days_from_civil)
{
    cr_assert_eq(sltime_days_from_civil(1970, 1, 1), 0);
    cr_assert_eq(sltime_days_from_civil(2026, 1, 1) * 86400, JAN1_2026);
    cr_assert_eq(sltime_days_from_civil(2026, 10, 1) * 86400, OCT1_2026);
}

Test(sltime, format_utc_round_trip)
{
    char out[40];
    sltime_format(OCT1_2026 + 45296, NULL, out);
    cr_assert_str_eq(out, "2026-10-01T12:34:56Z");
    cr_assert_eq(parse_ok(out, NULL, NULL), OCT1_2026 + 45296);
    sltime_format(0, "UTC", out);
    cr_assert_str_eq(out, "1970-01-01T00:00:00Z");
}

Test(sltime, format_in_zone_uses_offset)
{
    char out[40];
    /* OCT1_2026 is 02:00 CEST and 20:00 EDT the day before */
    sltime_format(OCT1_2026, "Europe/Berlin", out);
    cr_assert_str_eq(out, "2026-10-01T02:00:00+02:00");
    cr_assert_eq(parse_ok(out, NULL, NULL), OCT1_2026);
    sltime_format(OCT1_2026, "America/New_York", out);
    cr_assert_str_eq(out, "2026-09-30T20:00:00-04:00");
    cr_assert_eq(parse_ok(out, NULL, NULL), OCT1_2026);
    /* winter in Berlin: +01:00 */
    sltime_format(JAN1_2026, "Europe/Berlin", out);
    cr_assert_str_eq(out, "2026-01-01T01:00:00+01:00");
    /* a half-hour zone */
    sltime_format(JAN1_2026, "Asia/Kolkata", out);
    cr_assert_str_eq(out, "2026-01-01T05:30:00+05:30");
}

Test(sltime, format_round_trips_every_hour_of_a_dst_day)
{
    /* Every hour across the Berlin fall-back day survives format → parse. */
    char out[40];
    int64_t from = INT64_C(1792886400); /* 2026-10-25T00:00:00Z */
    for (int64_t t = from - 86400; t < from + 86400; t += 1800) {
        sltime_format(t, "Europe/Berlin", out);
        cr_assert_eq(parse_ok(out, NULL, NULL), t, "%s", out);
    }
}

Test(sltime, format_date)
{
    char out[16];
    sltime_format_date(OCT1_2026 - 1, NULL, out);
    cr_assert_str_eq(out, "2026-09-30");
    sltime_format_date(OCT1_2026 - 1, "Europe/Berlin", out);
    cr_assert_str_eq(out, "2026-10-01");
}

Test(sltime, to_civil_offset)
{
    struct sl_civil c;
    long off = 0;
    sltime_to_civil(INT64_C(1784109600), "Europe/Berlin", &c, &off);
    cr_assert_eq(off, 7200);
    cr_assert_eq(c.year, 2026);
    cr_assert_eq(c.month, 7);
    cr_assert_eq(c.day, 15);
    cr_assert_eq(c.hour, 12);
    sltime_to_civil(INT64_C(1784109600), NULL, &c, &off);
    cr_assert_eq(off, 0);
    cr_assert_eq(c.hour, 10);
}

Test(sltime, from_civil_matches_parse)
{
    struct sl_civil c = {2026, 7, 15, 12, 0, 0};
    cr_assert_eq(sltime_from_civil(&c, "Europe/Berlin"), INT64_C(1784109600));
    cr_assert_eq(sltime_from_civil(&c, NULL), INT64_C(1784109600) + 7200);
}

Test(sltime, zone_valid)
{
    cr_assert(sltime_zone_valid("UTC"));
    cr_assert(sltime_zone_valid("Europe/Berlin"));
    cr_assert(sltime_zone_valid("America/New_York"));
    cr_assert_not(sltime_zone_valid("Nowhere/City"));
    cr_assert_not(sltime_zone_valid("../etc/passwd"));
    cr_assert_not(sltime_zone_valid("/etc/passwd"));
    cr_assert_not(sltime_zone_valid("Europe/../../../etc/passwd"));
}

Test(sltime, zone_check_names_the_problem)
{
    const char *why = NULL;
    cr_assert_eq(sltime_zone_check("Europe/Berlin", &why), SL_OK);
    cr_assert_eq(sltime_zone_check(NULL, &why), SL_OK);
    cr_assert_eq(sltime_zone_check("Mars/Olympus", &why), SL_ERR_INPUT);
    cr_assert_str_eq(why, "unknown time zone");
    /* A folder of zones and the database's own tables were read as UTC once. */
    cr_assert_eq(sltime_zone_check("Europe", &why), SL_ERR_INPUT);
    cr_assert_str_eq(why, "a folder of zones, not a zone");
    cr_assert_not(sltime_zone_valid("America"));
    cr_assert_eq(sltime_zone_check("zone.tab", &why), SL_ERR_INPUT);
    cr_assert_str_eq(why, "not a zone file of the tz database");
    cr_assert_eq(sltime_zone_check("Europe/Berlin/", &why), SL_ERR_INPUT);
    cr_assert_str_eq(why, "unknown time zone");
    /* the answer is the same the second time, from the cache */
    cr_assert_eq(sltime_zone_check("Europe", &why), SL_ERR_INPUT);
    cr_assert_str_eq(why, "a folder of zones, not a zone");
}

Test(sltime, offset_beyond_18_hours)
{
    int64_t t;
    bool had;
    const char *why = NULL;
    cr_assert_eq(parse_ok("2026-10-01T18:00:00+18:00", NULL, NULL), OCT1_2026);
    cr_assert_eq(parse_ok("2026-10-01T00:00:00-18:00", NULL, NULL), OCT1_2026 + 18 * 3600);
    cr_assert_str_eq(parse_bad("2026-10-01T12:00:00+18:01"), "UTC offset out of range");
    cr_assert_str_eq(parse_bad("2026-10-01T12:00:00-18:30"), "UTC offset out of range");
    cr_assert_eq(sltime_parse("2026-10-01T12:00:00+1859", 24, NULL, &t, &had, &why), SL_ERR_INPUT);
}

Test(sltime, zone_dir_is_the_callers)
{
    /* An empty folder holds no zones; UTC needs none. */
    char dir[] = "/tmp/sltime-zones-XXXXXX";
    cr_assert_not_null(mkdtemp(dir));
    cr_assert_eq(sltime_set_zone_dir(dir), SL_OK);
    cr_assert_not(sltime_zone_valid("Europe/Berlin"));
    cr_assert(sltime_zone_valid("UTC"));
    cr_assert_eq(sltime_set_zone_dir(NULL), SL_OK);
    cr_assert(sltime_zone_valid("America/New_York"));
    rmdir(dir);
}

/* Conversions in two zones from several threads at once. When the zone was
 * switched through $TZ for the whole process, a thread converting in one zone
 * read the offsets of the zone another thread had just switched to. */
enum { ZONE_THREADS = 4, ZONE_INSTANTS = 64, ZONE_ROUNDS = 400 };

static const char *const thread_zones[2] = {"Europe/Berlin", "America/New_York"};

struct zone_expect {
    int64_t t;
    char text[2][40]; /* sltime_format in each zone */
    struct sl_civil civil[2];
};

static struct zone_expect expected[ZONE_INSTANTS];

static void *
convert_in_two_zones(void *arg)
{
    long wrong = 0, first = (long)(intptr_t)arg;
    for (long round = 0; round < ZONE_ROUNDS; round++) {
        for (int i = 0; i < ZONE_INSTANTS; i++) {
            const struct zone_expect *e = &expected[i];
            int z = (int)((first + round + i) % 2);
            char text[40];
            struct sl_civil c;
            sltime_format(e->t, thread_zones[z], text);
            sltime_to_civil(e->t, thread_zones[z], &c, NULL);
            wrong += strcmp(text, e->text[z]) != 0;
            wrong += memcmp(&c, &e->civil[z], sizeof c) != 0;
            wrong += sltime_from_civil(&e->civil[z], thread_zones[z]) != e->t;
        }
    }
    return (void *)(intptr_t)wrong;
}

Test(sltime, two_zones_from_many_threads)
{
    /* Instants through 2026, every 137 h (so at every hour of the day, in
     * summer and in winter), none in a repeated hour. */
    for (int i = 0; i < ZONE_INSTANTS; i++) {
        struct zone_expect *e = &expected[i];
        e->t = JAN1_2026 + i * INT64_C(137) * 3600;
        for (int z = 0; z < 2; z++) {
            sltime_format(e->t, thread_zones[z], e->text[z]);
            sltime_to_civil(e->t, thread_zones[z], &e->civil[z], NULL);
            cr_assert_eq(sltime_from_civil(&e->civil[z], thread_zones[z]), e->t, "%s", e->text[z]);
        }
    }
    /* The table itself, at two instants worked by hand: 2026-01-01T00:00Z is
     * 01:00 CET and 19:00 EST the day before; 137 h x 40 later is
     * 2026-08-17T08:00Z, 10:00 CEST and 04:00 EDT. */
    cr_assert_str_eq(expected[0].text[0], "2026-01-01T01:00:00+01:00");
    cr_assert_str_eq(expected[0].text[1], "2025-12-31T19:00:00-05:00");
    cr_assert_str_eq(expected[40].text[0], "2026-08-17T10:00:00+02:00");
    cr_assert_str_eq(expected[40].text[1], "2026-08-17T04:00:00-04:00");

    pthread_t th[ZONE_THREADS];
    for (long k = 0; k < ZONE_THREADS; k++)
        cr_assert_eq(pthread_create(&th[k], NULL, convert_in_two_zones, (void *)(intptr_t)k), 0);
    long wrong = 0;
    for (int k = 0; k < ZONE_THREADS; k++) {
        void *r;
        pthread_join(th[k], &r);
        wrong += (long)(intptr_t)r;
    }
    cr_assert_eq(wrong, 0, "%ld conversions out of %d gave another zone's answer", wrong,
                 ZONE_THREADS * ZONE_ROUNDS * ZONE_INSTANTS * 3);
}
