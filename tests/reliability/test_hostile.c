/* test_hostile.c — hostile input to the library: a pattern built to backtrack
 * stops at the PCRE2 limit with a clear error and in bounded time, JSON nested
 * past the limit is refused, and timestamps out of range are rejected with a
 * reason. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/base/jsondoc.h"
#include "engine/base/regex.h"
#include "engine/time/sltime.h"

static double
seconds_since(const struct timespec *t0)
{
    struct timespec t1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0->tv_sec) + (double)(t1.tv_nsec - t0->tv_nsec) / 1e9;
}

Test(hostile, backtracking_pattern_stops_at_the_limit)
{
    struct regex *re;
    struct sl_diag diag = {0};
    cr_assert_eq(regex_compile("(a+)+$", 0, &re, &diag), SL_OK, "%s", diag.message);
    size_t n = 100000;
    char *subject = malloc(n + 1);
    cr_assert_not_null(subject);
    memset(subject, 'a', n - 1);
    subject[n - 1] = 'b';
    subject[n] = '\0';
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    bool found = true;
    struct regex_match m;
    enum sl_status rc = regex_search(re, subject, n, 0, &found, &m, &diag);
    double took = seconds_since(&t0);
    cr_expect_eq(rc, SL_ERR_LIMIT, "status %d: %s", rc, diag.message);
    cr_expect_not(found);
    cr_expect(strstr(diag.message, "PCRE2") && strstr(diag.message, "limit"), "%s", diag.message);
    cr_expect_lt(took, 5.0, "took %.2f s", took);
    free(subject);
    regex_free(re);
}

Test(hostile, nested_quantifiers_on_a_short_subject_stop_too)
{
    struct regex *re;
    struct sl_diag diag = {0};
    cr_assert_eq(regex_compile("^(\\w+\\s?)*$", 0, &re, &diag), SL_OK, "%s", diag.message);
    const char *subject = "an operations note that ends in a character the class refuses!";
    bool found = true;
    struct regex_match m;
    enum sl_status rc = regex_search(re, subject, strlen(subject), 0, &found, &m, &diag);
    cr_expect(rc == SL_ERR_LIMIT || (rc == SL_OK && !found), "status %d: %s", rc, diag.message);
    regex_free(re);
}

Test(hostile, invalid_utf8_subject_is_an_input_error)
{
    struct regex *re;
    struct sl_diag diag = {0};
    cr_assert_eq(regex_compile("caf.", 0, &re, &diag), SL_OK, "%s", diag.message);
    bool found = true;
    struct regex_match m;
    enum sl_status rc = regex_search(re, "caf\xe9", 4, 0, &found, &m, &diag);
    cr_expect_eq(rc, SL_ERR_INPUT, "status %d", rc);
    cr_expect(diag.message[0]);
    regex_free(re);
}

Test(hostile, json_nested_past_the_limit_is_refused)
{
    size_t depth = 20000;
    char *text = malloc(2 * depth);
    cr_assert_not_null(text);
    memset(text, '[', depth);
    memset(text + depth, ']', depth);
    struct json_node *root = NULL;
    struct sl_diag diag = {0};
    enum sl_status rc = jsondoc_load_buffer(text, 2 * depth, "deep.json", 1, &root, &diag);
    cr_expect_neq(rc, SL_OK);
    cr_expect_null(root);
    cr_expect(diag.message[0]);
    free(text);

    char ok[2 * JSONDOC_MAX_DEPTH];
    memset(ok, '[', JSONDOC_MAX_DEPTH);
    memset(ok + JSONDOC_MAX_DEPTH, ']', JSONDOC_MAX_DEPTH);
    cr_expect_eq(jsondoc_load_buffer(ok, sizeof ok, "ok.json", 1, &root, &diag), SL_OK, "%s",
                 diag.message);
    jsondoc_free(root);
}

struct bad_time {
    const char *text, *why;
};

Test(hostile, timestamps_out_of_range_are_rejected_with_a_reason)
{
    static const struct bad_time cases[] = {
        {"0000-00-00", "year out of range (1970-2200)"},
        {"2026-02-30", "day out of range for its month"},
        {"2026-02-30T10:00:00Z", "day out of range for its month"},
        {"9999-12-31T23:59:59Z", "year out of range (1970-2200)"},
        {"99999999999999999999", "epoch seconds out of range"},
        {"1970-01-01T01:00:00+02:00", "year out of range (1970-2200)"},
        {"2200-12-31T23:00:00-02:00", "year out of range (1970-2200)"},
        {"2026-10-01T24:00:00Z", "time of day out of range"},
        {"2026-10-01T10:00:00+19:00", "UTC offset out of range"},
        {NULL, NULL},
    };
    for (const struct bad_time *c = cases; c->text; c++) {
        int64_t t;
        bool had_offset;
        const char *why = NULL;
        cr_expect_eq(sltime_parse(c->text, strlen(c->text), NULL, &t, &had_offset, &why),
                     SL_ERR_INPUT, "'%s' was accepted", c->text);
        cr_expect_str_eq(why ? why : "(none)", c->why, "'%s'", c->text);
    }
}

Test(hostile, range_edges_are_accepted)
{
    int64_t t;
    bool had_offset;
    const char *why = NULL;
    cr_expect_eq(sltime_parse("1970-01-01T00:00:00Z", 20, NULL, &t, &had_offset, &why), SL_OK);
    cr_expect_eq(t, 0);
    cr_expect_eq(sltime_parse("2200-12-31T23:59:59Z", 20, NULL, &t, &had_offset, &why), SL_OK);
    cr_expect_eq(t, sltime_days_from_civil(2201, 1, 1) * 86400 - 1);
}

/* The line given is where the limit is crossed, not where the text starts;
 * brackets in strings do not count. */
Test(hostile, json_too_deep_names_its_line)
{
    char text[512];
    int n = snprintf(text, sizeof text, "{\"s\": \"[[[[{{{{\\\"[[\",\n\"a\":\n");
    for (int i = 0; i < 70; i++)
        text[n++] = '[';
    struct json_node *root = NULL;
    struct sl_diag diag = {0};
    cr_assert_eq(jsondoc_load_buffer(text, (size_t)n, "deep.json", 10, &root, &diag), SL_ERR_INPUT);
    cr_assert_eq(diag.line, 12);
    cr_assert_str_eq(diag.message, "JSON nested deeper than 64 levels");
}
