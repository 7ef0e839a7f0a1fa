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
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE resolved - started = "
                                    "3600 AND entity = 'provider:example'"),
                 n);
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

Test(statuspage_feed, entry_over_16_mib_rejected_at_its_line)
{
    struct strbuf sb = STRBUF_INIT;
    char path[512];
    strbuf_addstr(&sb, head);
    add_entry(&sb, 1, 1, 0, "\n");
    strbuf_addch(&sb, '\n');
    add_entry(&sb, 2, 2, (size_t)17 << 20, "\n"); /* starts on line 10 */
    strbuf_addch(&sb, '\n');
    add_entry(&sb, 3, 3, 0, "\n");
    strbuf_addstr(&sb, "\n</feed>\n");
    struct parse_run run;
    cr_assert_eq(
        parse_file(&fx, &parser_statuspage_feed, write_feed(&sb, "huge.atom", path), NULL, &run),
        SL_OK, "%s", run.diag.message);
    expect_counts(&run, 3, 2, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 10);
    cr_assert_str_eq(run.ing.shown[0].reason, "entry longer than 16 MiB");
    expect_incidents(2);
}
