/* test_statuspage_feed.c — the status feed reader (parsers/formats/
 * statuspage_feed.c) keeps every entry whatever the lines look like: a
 * line over 1 MiB inside an entry (its </entry> used to be lost past the
 * line reader's cap, and the next entry merged into it without a reject),
 * a minified feed of one line, and an entry over 16 MiB rejected at its
 * line with the entries after it read. The feeds are written by the tests. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/strbuf.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

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

TestSuite(statuspage_feed, .init = setup, .fini = teardown);

/* One entry: incident `id` on 2026-10-<day>, 10:00 to 11:00 UTC, with `pad`
 * bytes of text in its content; sep goes between its elements. */
static void
add_entry(struct strbuf *sb, int id, int day, size_t pad, const char *sep)
{
    strbuf_addf(sb,
                "<entry>%s<id>tag:status.example,2005:Incident/%d</id>%s"
                "<published>2026-10-%02dT12:00:00Z</published>%s<title>Outage %d</title>%s"
                "<content type=\"html\">&lt;p&gt;&lt;small&gt;Oct &lt;var "
                "data-var='date'&gt;%d&lt;/var&gt;, &lt;var data-var='time'&gt;11:00&lt;/var&gt; "
                "UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;Resolved&lt;/strong&gt; - Fixed.&lt;/"
                "p&gt;&lt;p&gt;&lt;small&gt;Oct &lt;var data-var='date'&gt;%d&lt;/var&gt;, &lt;var "
                "data-var='time'&gt;10:00&lt;/var&gt; UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;"
                "Investigating&lt;/strong&gt; - ",
                sep, id, sep, day, sep, id, sep, day, day);
    for (size_t i = 0; i < pad; i++)
        strbuf_addch(sb, 'x');
    strbuf_addf(sb, ".&lt;/p&gt;</content>%s</entry>", sep);
}

static const char *
write_feed(struct strbuf *sb, const char *name, char path[512])
{
    fixture_write(&fx, name, sb->buf, sb->len, path);
    strbuf_release(sb);
    return path;
}

static const char head[] = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                           "<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
                           "<title>Example Status - Incident History</title>\n";

static void
expect_incidents(long n)
{
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), n);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE resolved - detected = "
                                    "3600 AND started IS NULL AND entity = 'provider:example'"),
                 n, "no start stated: started unknown, detected at the first update");
}

Test(statuspage_feed, line_over_1_mib_in_an_entry)
{
    struct strbuf sb = STRBUF_INIT;
    char path[512];
    strbuf_addstr(&sb, head);
    add_entry(&sb, 1, 1, 0, "\n");
    strbuf_addch(&sb, '\n');
    add_entry(&sb, 2, 2, (size_t)2 << 20, ""); /* one line of 2 MiB, </entry> at its end */
    add_entry(&sb, 3, 3, 0, "");               /* on the same line */
    strbuf_addstr(&sb, "\n");
    add_entry(&sb, 4, 4, 0, "\n");
    strbuf_addstr(&sb, "\n</feed>\n");
    struct parse_run run;
    cr_assert_eq(
        parse_file(&fx, &parser_statuspage_feed, write_feed(&sb, "long.atom", path), NULL, &run),
        SL_OK, "%s", run.diag.message);
    expect_counts(&run, 4, 4, 0, 0);
    expect_incidents(4);
}

Test(statuspage_feed, minified_feed_on_one_line)
{
    struct strbuf sb = STRBUF_INIT;
    char path[512];
    strbuf_addstr(&sb, "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Example Status</title>");
    for (int i = 1; i <= 3; i++)
        add_entry(&sb, i, i, 0, "");
    strbuf_addstr(&sb, "</feed>");
    struct parse_run run;
    cr_assert_eq(
        parse_file(&fx, &parser_statuspage_feed, write_feed(&sb, "min.atom", path), NULL, &run),
        SL_OK, "%s", run.diag.message);
    expect_counts(&run, 3, 3, 0, 0);
    expect_incidents(3);
}

/* libxml2 holds one text node to 10 MB: a longer one ends the read at its
 * line, and nothing of the file is kept (the caller rolls back). */
Test(statuspage_feed, text_over_libxml2_limit_fails_at_its_line)
{
    struct strbuf sb = STRBUF_INIT;
    char path[512];
    strbuf_addstr(&sb, head);
    add_entry(&sb, 1, 1, 0, "\n");
    strbuf_addch(&sb, '\n');
    add_entry(&sb, 2, 2, (size_t)17 << 20, "\n"); /* content on line 14 */
    strbuf_addch(&sb, '\n');
    add_entry(&sb, 3, 3, 0, "\n");
    strbuf_addstr(&sb, "\n</feed>\n");
    struct parse_run run;
    cr_assert_eq(
        parse_file(&fx, &parser_statuspage_feed, write_feed(&sb, "huge.atom", path), NULL, &run),
        SL_ERR_INPUT);
    cr_assert_eq(run.diag.line, 14, "line %ld", run.diag.line); /* its content */
    cr_assert(strstr(run.diag.message, "a text longer than 10 MB"), "%s", run.diag.message);
}

/* An RSS 2.0 history as Statuspage writes /history.rss: the item's <link>
 * is its key (the id Statuspage's JSON uses), <pubDate> is RFC 822, and the
 * timeline is in <description>. */
static const char rss[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<rss version=\"2.0\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">\n"
    "  <channel>\n"
    "    <title>Example Status - Incident History</title>\n"
    "    <link>https://status.example.com</link>\n"
    "    <description>Statuspage</description>\n"
    "    <pubDate>Wed, 22 Oct 2025 08:00:00 +0000</pubDate>\n"
    "    <item>\n"
    "      <title>Elevated API errors</title>\n"
    "      <description>&lt;p&gt;&lt;small&gt;Oct &lt;var data-var='date'&gt;21&lt;/var&gt;, "
    "&lt;var data-var='time'&gt;13:10&lt;/var&gt; UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;"
    "Resolved&lt;/strong&gt; - Fixed.&lt;/p&gt;&lt;p&gt;&lt;small&gt;Oct &lt;var "
    "data-var='date'&gt;21&lt;/var&gt;, &lt;var data-var='time'&gt;12:28&lt;/var&gt; "
    "UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;Investigating&lt;/strong&gt; - Looking."
    "&lt;/p&gt;</description>\n"
    "      <pubDate>Tue, 21 Oct 2025 12:28:19 +0000</pubDate>\n"
    "      <link>https://status.example.com/incidents/k3lmq9zx1</link>\n"
    "      <guid isPermaLink=\"false\">tag:status.example.com,2005:Incident/998877</guid>\n"
    "    </item>\n"
    "    <item>\n"
    "      <title>No date</title>\n"
    "      <description>&lt;p&gt;Nothing.&lt;/p&gt;</description>\n"
    "      <pubDate>Tuesday the 21st</pubDate>\n"
    "      <link>https://status.example.com/incidents/bad</link>\n"
    "    </item>\n"
    "  </channel>\n"
    "</rss>\n";

Test(statuspage_feed, rss_items_keyed_by_link_with_rfc822_dates)
{
    char path[512];
    fixture_write(&fx, "history.rss", rss, strlen(rss), path);
    cr_assert_eq(parser_detect(rss, strlen(rss)), &parser_statuspage_feed);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_statuspage_feed, path, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 2, 1, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 15);
    cr_assert(strstr(run.ing.shown[0].reason, "bad published time 'Tuesday the 21st'"), "%s",
              run.ing.shown[0].reason);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key = 'k3lmq9zx1' AND "
                                    "entity = 'provider:example' AND title = 'Elevated API errors'"
                                    " AND detected = 1761049680 AND started IS NULL AND "
                                    "resolved = 1761052200 AND "
                                    "state = 'resolved' AND line = 8"),
                 1);
}

/* One incident whose first update is at 14:50 and whose resolution states
 * the impact began at 14:00; one whose postmortem's date is a slip (February
 * for an August incident) but whose clock is not; one that states a later
 * start and one in no zone, whose start is not known; a date after "From"
 * with no year; 12-hour clocks. */
static void
add_stated(struct strbuf *sb, int id, const char *first, const char *said)
{
    strbuf_addf(sb,
                "<entry><id>tag:status.example,2005:Incident/%d</id>"
                "<published>2026-08-11T20:00:00Z</published><title>Stated %d</title>"
                "<content type=\"html\">&lt;p&gt;&lt;small&gt;Aug &lt;var data-var='date'&gt;11"
                "&lt;/var&gt;, &lt;var data-var='time'&gt;20:06&lt;/var&gt; UTC&lt;/small&gt;"
                "&lt;br&gt;&lt;strong&gt;Resolved&lt;/strong&gt; - %s&lt;/p&gt;&lt;p&gt;"
                "&lt;small&gt;Aug &lt;var data-var='date'&gt;11&lt;/var&gt;, &lt;var "
                "data-var='time'&gt;%s&lt;/var&gt; UTC&lt;/small&gt;&lt;br&gt;&lt;strong&gt;"
                "Investigating&lt;/strong&gt; - Between 01:00 and 02:00 UTC nothing."
                "&lt;/p&gt;</content></entry>\n",
                id, id, said, first);
}

Test(statuspage_feed, impact_start_stated_by_the_resolution)
{
    struct strbuf sb = STRBUF_INIT;
    char path[512];
    strbuf_addstr(&sb, head);
    add_stated(&sb, 1, "14:50",
               "On August 11, 2026, between 14:00 UTC and 16:00 UTC the API was degraded.");
    add_stated(&sb, 2, "07:40", "On February 11, 2026, between 05:02 UTC and 11:30 UTC, errors.");
    add_stated(&sb, 3, "14:50", "From 15:10 to 16:00 UTC requests failed.");
    add_stated(&sb, 4, "14:50", "Between 14:00 and 16:00 PDT requests failed.");
    add_stated(&sb, 5, "00:20", "Customer impact occurred from 23:40 to 00:30 UTC.");
    add_stated(&sb, 6, "14:50", "On August 11, 2026 at 13:05 UTC we began seeing errors.");
    add_stated(&sb, 7, "14:50", "From August 11th at 14:10 UTC until 16:40 UTC, pushes failed.");
    add_stated(&sb, 8, "14:50", "Users saw errors from 1:59pm UTC to 4:06pm UTC.");
    add_stated(&sb, 9, "14:50", "Between 12:30 p.m. UTC and 1:10 p.m. UTC, errors.");
    strbuf_addstr(&sb, "</feed>\n");
    struct parse_run run;
    cr_assert_eq(
        parse_file(&fx, &parser_statuspage_feed, write_feed(&sb, "stated.atom", path), NULL, &run),
        SL_OK, "%s", run.diag.message);
    expect_counts(&run, 9, 9, 0, 0);
    static const struct {
        const char *key;
        int64_t started, detected;
    } want[] = {
        {"1", INT64_C(1786456800), INT64_C(1786459800)}, /* 14:00, first update 14:50 */
        {"2", INT64_C(1786424520), INT64_C(1786434000)}, /* 05:02 on the 11th of August */
        {"3", SLTIME_NONE, INT64_C(1786459800)},         /* later than the first: not stated */
        {"4", SLTIME_NONE, INT64_C(1786459800)},         /* PDT: no UTC clock stated */
        {"5", INT64_C(1786405200), INT64_C(1786407600)}, /* 23:40 the day before */
        {"6", INT64_C(1786453500), INT64_C(1786459800)}, /* "at 13:05 UTC we began" */
        {"7", INT64_C(1786457400), INT64_C(1786459800)}, /* 14:10 on "August 11th" */
        {"8", INT64_C(1786456740), INT64_C(1786459800)}, /* 1:59pm = 13:59 */
        {"9", INT64_C(1786451400), INT64_C(1786459800)}, /* 12:30 p.m. = 12:30 */
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        char sql[256];
        snprintf(sql, sizeof sql,
                 "SELECT count(*) FROM incidents WHERE key = '%s' AND coalesce(started, -1) = "
                 "%lld AND detected = %lld",
                 want[i].key, (long long)(want[i].started == SLTIME_NONE ? -1 : want[i].started),
                 (long long)want[i].detected);
        cr_assert_eq(fixture_count(&fx, sql), 1, "incident %s: not started %lld, detected %lld",
                     want[i].key, (long long)want[i].started, (long long)want[i].detected);
    }
}

/* Entities the feed declares are never expanded: an external one naming a
 * file leaves nothing of the file in the store, and the entry that refers
 * to it is rejected, never stored with part of its title gone. */
Test(statuspage_feed, declared_entities_are_not_expanded)
{
    char secret[512], path[512];
    fixture_write(&fx, "secret.txt", "SECRET-TEXT", 11, secret);
    struct strbuf sb = STRBUF_INIT;
    strbuf_addf(&sb,
                "<?xml version=\"1.0\"?>\n<!DOCTYPE feed [<!ENTITY xxe SYSTEM \"file://%s\">]>\n"
                "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Example Status</title>\n",
                secret);
    add_entry(&sb, 1, 1, 0, "\n");
    strbuf_addstr(&sb, "</feed>\n");
    char *title = strstr(sb.buf, "<title>Outage 1</title>");
    cr_assert_not_null(title);
    struct strbuf doc = STRBUF_INIT;
    strbuf_add(&doc, sb.buf, (size_t)(title - sb.buf));
    strbuf_addstr(&doc, "<title>Outage &xxe;</title>");
    strbuf_addstr(&doc, title + strlen("<title>Outage 1</title>"));
    strbuf_release(&sb);
    struct parse_run run;
    cr_assert_eq(
        parse_file(&fx, &parser_statuspage_feed, write_feed(&doc, "xxe.atom", path), NULL, &run),
        SL_OK, "%s", run.diag.message);
    expect_counts(&run, 1, 0, 1, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE title LIKE '%SECRET%'"),
                 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM rejects WHERE raw LIKE '%SECRET%'"), 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM rejects WHERE reason LIKE 'entry text "
                                    "refers to the entity &xxe; declared in the feed: %'"),
                 1);
}

/* An internal entity would lose its text just the same: rejected. */
Test(statuspage_feed, an_internal_entity_is_rejected_not_lost)
{
    char path[512];
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb,
                  "<?xml version=\"1.0\"?>\n<!DOCTYPE feed [<!ENTITY co \"Acme\">]>\n"
                  "<feed xmlns=\"http://www.w3.org/2005/Atom\"><title>Example Status</title>\n");
    add_entry(&sb, 1, 1, 0, "\n");
    strbuf_addstr(&sb, "</feed>\n");
    char *title = strstr(sb.buf, "<title>Outage 1</title>");
    cr_assert_not_null(title);
    memcpy(title, "<title>&co;ge 1</title>", strlen("<title>Outage 1</title>"));
    struct parse_run run;
    cr_assert_eq(
        parse_file(&fx, &parser_statuspage_feed, write_feed(&sb, "co.atom", path), NULL, &run),
        SL_OK, "%s", run.diag.message);
    expect_counts(&run, 1, 0, 1, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM rejects WHERE reason LIKE '%&co;%'"), 1);
}

Test(statuspage_feed, malformed_feed_fails_at_its_line)
{
    struct strbuf sb = STRBUF_INIT;
    char path[512];
    strbuf_addstr(&sb, head);
    add_entry(&sb, 1, 1, 0, "\n");
    strbuf_addstr(&sb, "\n<entry><id>x</id><title>broken</entry>\n</feed>\n");
    struct parse_run run;
    cr_assert_eq(
        parse_file(&fx, &parser_statuspage_feed, write_feed(&sb, "bad.atom", path), NULL, &run),
        SL_ERR_INPUT);
    cr_assert_eq(run.diag.line, 10, "line %ld: %s", run.diag.line, run.diag.message);
    cr_assert(strstr(run.diag.message, "XML: "), "%s", run.diag.message);
    cr_assert(strstr(run.diag.file, "bad.atom"), "%s", run.diag.file);
}

Test(statuspage_feed, xml_without_a_feed_root_is_not_a_feed)
{
    char path[512];
    const char doc[] = "<?xml version=\"1.0\"?>\n<html><title>x</title></html>\n";
    fixture_write(&fx, "page.xml", doc, strlen(doc), path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_statuspage_feed, path, NULL, &run), SL_ERR_INPUT);
    cr_assert_eq(run.diag.line, 2);
    cr_assert(strstr(run.diag.message, "XML without an Atom or RSS root: <html>"), "%s",
              run.diag.message);
}
