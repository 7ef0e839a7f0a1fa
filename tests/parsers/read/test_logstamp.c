/* test_logstamp.c — stamps at the start of log lines (parsers/logstamp.c):
 * an ISO stamp in the hour of the one before is read by arithmetic, and must
 * give what sltime_parse gives, line after line, in UTC and in a zone with
 * a repeated hour or a half-hour shift. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "parsers/read/logstamp.h"

/* Lines in the order a log would have them: the first of an hour fills the
 * cache, the next ones read from it, and the odd shapes in between must go
 * the long way (a leap second, an offset, a bare or long fraction, blanks,
 * a day that does not exist, another hour). */
static const char *const lines[] = {
    "[2025-01-01T00:00:06.462] a",
    "[2025-01-01T00:00:07] a",
    "[2025-01-01T00:59:59.999999] a",
    "[2025-01-01T00:30:60] leap second",
    "[2025-01-01T00:30:00+01:00] offset",
    "[2025-01-01T00:30:00Z] zulu",
    "[2025-01-01T00:30:00.] empty fraction",
    "[2025-01-01T00:30:00,5] comma",
    "[ 2025-01-01T00:31:00 ] blanks",
    "[2025-01-01T00:61:00] minute out of range",
    "[2025-02-30T00:10:00] no such day",
    "[2025-01-01T01:00:00] next hour",
    "[2025-01-01T00:10:00] the hour before again",
    "[2025-10-26T02:30:00] repeated hour in Berlin",
    "[2025-10-26T02:45:00.1] a",
    "[2025-10-26T03:00:00] a",
    "[2025-03-30T02:30:00] skipped hour in Berlin",
    "[2025-03-30T02:59:00] a",
    "[2025-10-05T02:10:00] inside Lord Howe's half-hour gap",
    "[2025-10-05T02:40:00] after it, the same hour",
    "[2025-04-06T01:20:00] inside its repeated half hour",
    "[2025-04-06T01:50:00] after it, the same hour",
};

static void
same_as_sltime_parse(const char *zone)
{
    struct logstamp ls;
    FILE *f = tmpfile();
    cr_assert_not_null(f);
    logstamp_init(&ls, f);
    fclose(f);
    struct ingest ing = {.zone = zone};
    long naive = 0;
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        const char *line = lines[i], *close = strchr(line, ']');
        const char *why = NULL, *want_why = NULL;
        int64_t t = 0, want = 0;
        size_t rest = 0;
        bool had = false;
        enum sl_status want_rc =
            sltime_parse(line + 1, (size_t)(close - line - 1), zone, &want, &had, &want_why);
        if (!want_rc && !had)
            naive++;
        enum sl_status rc = logstamp_read(&ls, &ing, line, strlen(line), &t, &rest, NULL, 0, &why);
        cr_assert_eq(rc, want_rc, "%s", line);
        if (rc) {
            cr_assert_str_eq(why, want_why, "%s", line);
            continue;
        }
        cr_assert_eq(t, want, "%s: %lld, not %lld", line, (long long)t, (long long)want);
        cr_assert_eq(rest, (size_t)(close - line + 1), "%s", line);
        cr_assert_eq(ing.naive_timestamps, naive, "%s", line);
    }
}

Test(logstamp, iso_hour_arithmetic_in_utc)
{
    same_as_sltime_parse(NULL);
}

Test(logstamp, iso_in_a_zone_with_dst)
{
    same_as_sltime_parse("Europe/Berlin");
}

/* A zone that shifts by half an hour in the middle of an hour: its hours are
 * not their first instant plus minutes and seconds. */
Test(logstamp, iso_in_a_zone_with_a_half_hour_shift)
{
    same_as_sltime_parse("Australia/Lord_Howe");
}

/* RSS 2.0's pubDate is RFC 822: each form below and the instant it names. */
Test(logstamp, rfc822_dates)
{
    static const struct {
        const char *text;
        int64_t want; /* 0: refused */
    } cases[] = {
        {"Tue, 21 Oct 2025 12:28:19 +0000", INT64_C(1761049699)},
        {"Tue, 21 Oct 2025 14:28:19 +0200", INT64_C(1761049699)},
        {"21 Oct 2025 05:28:19 PDT", INT64_C(1761049699)},
        {"Tue, 21 Oct 25 12:28:19 GMT", INT64_C(1761049699)},
        {"Tue, 21 Oct 2025 12:28 UT", INT64_C(1761049680)},
        {"  Tue, 21 Oct 2025 12:28:19 -0000\n", INT64_C(1761049699)},
        {"Tue, 31 Sep 2025 12:28:19 +0000", 0},
        {"Tue, 21 Oct 2025 12:28:19 CEST", 0},
        {"2025-10-21T12:28:19Z", 0},
        {"Tue, 21 Oct 2025 12:28:19 +2500", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct ingest ing = {0};
        int64_t t = 0;
        const char *why = NULL;
        enum sl_status rc = logstamp_rfc822(&ing, cases[i].text, strlen(cases[i].text), &t, &why);
        if (!cases[i].want) {
            cr_assert_eq(rc, SL_ERR_INPUT, "%s read as %lld", cases[i].text, (long long)t);
            cr_assert_not_null(why);
            continue;
        }
        cr_assert_eq(rc, SL_OK, "%s: %s", cases[i].text, why);
        cr_assert_eq(t, cases[i].want, "%s: %lld", cases[i].text, (long long)t);
        cr_assert_eq(ing.naive_timestamps, 0);
    }
    /* Without a zone: read in --tz, and counted as such. */
    struct ingest ing = {.zone = "Europe/Berlin"};
    int64_t t = 0;
    const char *why = NULL;
    cr_assert_eq(logstamp_rfc822(&ing, "21 Oct 2025 14:28:19", 20, &t, &why), SL_OK, "%s", why);
    cr_assert_eq(t, INT64_C(1761049699));
    cr_assert_eq(ing.naive_timestamps, 1);
}
