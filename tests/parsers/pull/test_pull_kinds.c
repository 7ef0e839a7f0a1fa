/* test_pull_kinds.c — how each API is asked (parsers/pull/): the requests
 * a kind gives from the answers before, without a network: offset pages
 * while PagerDuty says more and its 90-day windows, Opsgenie's offsets
 * while paging names a next page, incident.io's after cursor, Prometheus
 * chunks under the points limit, the status page's three documents. */
#include <criterion/criterion.h>
#include <string.h>

#include "parsers/pull/pull_kinds.h"

#define T INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define DAY 86400

static struct sl_diag diag;

/* The next request after body (NULL: the first); "" when done. */
static const char *
ask(const struct pull_kind *k, const struct pull_query *q, struct pull_step *at, const char *body,
    struct strbuf *url)
{
    bool done;
    cr_assert_eq(pull_next(k, q, at, body, body ? strlen(body) : 0, url, &done, "answer", &diag),
                 SL_OK, "%s", diag.message);
    if (!done)
        at->request++;
    return done ? "" : url->buf;
}

Test(pull_kinds, pagerduty_offsets_while_more_then_the_next_window)
{
    struct pull_query q = {.url = "https://pd", .since = T, .until = T + 100 * DAY};
    struct pull_step at = {0};
    struct strbuf url = STRBUF_INIT;
    cr_assert_str_eq(ask(&pull_pagerduty, &q, &at, NULL, &url),
                     "https://pd/incidents?since=2026-10-01T00%3A00%3A00Z&until=2026-12-30T00%3A00"
                     "%3A00Z&time_zone=UTC&limit=100&offset=0&total=false");
    cr_assert(strstr(ask(&pull_pagerduty, &q, &at, "{\"incidents\":[{},{}],\"more\":true}", &url),
                     "until=2026-12-30T00%3A00%3A00Z&time_zone=UTC&limit=100&offset=2&"));
    /* An empty page ends the window, whatever more says. */
    cr_assert(strstr(ask(&pull_pagerduty, &q, &at, "{\"incidents\":[],\"more\":true}", &url),
                     "since=2026-12-30T00%3A00%3A00Z&until=2027-01-09T00%3A00%3A00Z&time_zone=UTC&"
                     "limit=100&offset=0&"));
    cr_assert_str_eq(ask(&pull_pagerduty, &q, &at, "{\"incidents\":[{}],\"more\":false}", &url),
                     "");
    bool done;
    cr_assert_eq(
        pull_next(&pull_pagerduty, &q, &at, "{\"error\":1}", 11, &url, &done, "answer", &diag),
        SL_ERR_INPUT);
    strbuf_release(&url);
}

Test(pull_kinds, opsgenie_offsets_while_paging_names_a_next_page)
{
    struct pull_query q = {.url = "https://og", .since = T, .until = T + DAY};
    struct pull_step at = {0};
    struct strbuf url = STRBUF_INIT;
    cr_assert_str_eq(ask(&pull_opsgenie, &q, &at, NULL, &url),
                     "https://og/v2/alerts?query=createdAt%3E%3D1790812800000%20AND%20createdAt%3C"
                     "1790899200000&sort=createdAt&order=asc&limit=100&offset=0");
    cr_assert(
        strstr(ask(&pull_opsgenie, &q, &at,
                   "{\"data\":[{},{},{}],\"paging\":{\"next\":\"https://elsewhere/\"}}", &url),
               "https://og/v2/alerts?") == url.buf);
    cr_assert(strstr(url.buf, "&offset=3"));
    cr_assert_str_eq(ask(&pull_opsgenie, &q, &at, "{\"data\":[{}],\"paging\":{}}", &url), "");
    strbuf_release(&url);
}

Test(pull_kinds, incidentio_follows_the_after_cursor)
{
    struct pull_query q = {.url = "https://io"};
    struct pull_step at = {0};
    struct strbuf url = STRBUF_INIT;
    cr_assert_str_eq(ask(&pull_incidentio, &q, &at, NULL, &url),
                     "https://io/v2/incidents?page_size=250");
    cr_assert_str_eq(ask(&pull_incidentio, &q, &at,
                         "{\"incidents\":[{}],\"pagination_meta\":{\"after\":\"01H X\"}}", &url),
                     "https://io/v2/incidents?page_size=250&after=01H%20X");
    /* The same cursor again would never end: it ends the pull. */
    cr_assert_str_eq(ask(&pull_incidentio, &q, &at,
                         "{\"incidents\":[{}],\"pagination_meta\":{\"after\":\"01H X\"}}", &url),
                     "");
    strbuf_release(&url);
}

Test(pull_kinds, prometheus_chunks_under_the_points_limit)
{
    /* 20,001 points a minute apart from T: chunks of 10,000, 10,000 and 1. */
    struct pull_query q = {.url = "http://p",
                           .query = "up{job=\"a\"}",
                           .step = 60,
                           .since = T - 30,
                           .until = T + 20000 * 60 + 1};
    struct pull_step at = {0};
    struct strbuf url = STRBUF_INIT;
    cr_assert_str_eq(ask(&pull_prometheus, &q, &at, NULL, &url),
                     "http://p/api/v1/query_range?query=up%7Bjob%3D%22a%22%7D&start=1790812800&"
                     "end=1791412740&step=60");
    cr_assert(
        strstr(ask(&pull_prometheus, &q, &at, "{}", &url), "&start=1791412800&end=1792012740&"));
    cr_assert(
        strstr(ask(&pull_prometheus, &q, &at, "{}", &url), "&start=1792012800&end=1792012800&"));
    cr_assert_str_eq(ask(&pull_prometheus, &q, &at, "{}", &url), "");
    strbuf_release(&url);
}

Test(pull_kinds, statuspage_three_documents)
{
    struct pull_query q = {.url = "https://status.x"};
    struct pull_step at = {0};
    struct strbuf url = STRBUF_INIT;
    cr_assert_str_eq(ask(&pull_statuspage, &q, &at, NULL, &url),
                     "https://status.x/api/v2/incidents.json");
    cr_assert_str_eq(ask(&pull_statuspage, &q, &at, "{}", &url),
                     "https://status.x/api/v2/scheduled-maintenances.json");
    cr_assert_str_eq(ask(&pull_statuspage, &q, &at, "{}", &url),
                     "https://status.x/api/v2/components.json");
    cr_assert_str_eq(ask(&pull_statuspage, &q, &at, "{}", &url), "");
    strbuf_release(&url);
}

Test(pull_kinds, every_kind_by_name_with_a_format)
{
    for (const struct pull_kind *const *k = pull_kind_table; *k; k++) {
        cr_assert_eq(pull_kind_by_name((*k)->name), *k);
        cr_assert_not_null((*k)->format);
    }
    cr_assert_null(pull_kind_by_name("nosuch"));
}
