/* test_sla_budgets.c — the limits of the Markdown and HTML readers
 * (parsers/sla/sla_markdown_scan.c, sla_markdown.c, sla_html.c): a document
 * at a limit is read, one past it refused with the limit and its line. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/base/strbuf.h"
#include "parsers/sla/sla_blocks.h"
#include "parsers/sla/sla_text.h"

static enum sl_status
parse(const struct strbuf *doc, const char *path, struct sl_diag *d)
{
    struct sla_text t;
    enum sl_status s = sla_text_parse(doc->buf, doc->len, path, &t, d);
    if (!s)
        sla_text_release(&t);
    return s;
}

static void
repeat(struct strbuf *sb, const char *s, int n)
{
    for (int i = 0; i < n; i++)
        cr_assert_eq(strbuf_addstr(sb, s), SL_OK);
}

static void
quotes(struct strbuf *sb, int depth)
{
    strbuf_addstr(sb, "# SLA\n\n");
    repeat(sb, ">", depth);
    strbuf_addstr(sb, " 99.9% a month.\n");
}

Test(sla_budgets, markdown_nested_to_the_limit_is_read_past_it_refused)
{
    struct strbuf at = STRBUF_INIT, past = STRBUF_INIT;
    struct sl_diag d = {0};
    /* the document, each quote and its paragraph are levels of the tree */
    quotes(&at, SLA_MAX_NESTING - 2);
    cr_expect_eq(parse(&at, "at.md", &d), SL_OK, "%s", d.message);
    quotes(&past, SLA_MAX_NESTING - 1);
    cr_assert_eq(parse(&past, "past.md", &d), SL_ERR_LIMIT);
    cr_expect_str_eq(d.message, "Markdown nested deeper than 256 levels");
    cr_expect_eq(d.line, 3);
    strbuf_release(&at);
    strbuf_release(&past);
}

static void
table(struct strbuf *sb, int cols, int rows)
{
    strbuf_addstr(sb, "# SLA\n\n");
    repeat(sb, "|a", cols);
    strbuf_addstr(sb, "|\n");
    repeat(sb, "|-", cols);
    strbuf_addstr(sb, "|\n");
    repeat(sb, "x\n", rows - 1);
}

Test(sla_budgets, markdown_table_cells_are_counted_before_parsing)
{
    struct strbuf at = STRBUF_INIT, past = STRBUF_INIT;
    struct sl_diag d = {0};
    table(&at, 100, SLA_MD_MAX_TABLE_CELLS / 100);
    cr_expect_eq(parse(&at, "at.md", &d), SL_OK, "%s", d.message);
    table(&past, 100, SLA_MD_MAX_TABLE_CELLS / 100 + 1);
    cr_assert_eq(parse(&past, "past.md", &d), SL_ERR_LIMIT);
    cr_expect(strstr(d.message, "Markdown tables of more than 100000 cells"), "%s", d.message);
    cr_expect_eq(d.line, 3);
    strbuf_release(&at);
    strbuf_release(&past);
}

Test(sla_budgets, markdown_brackets_are_counted_by_paragraph)
{
    struct strbuf apart = STRBUF_INIT, one = STRBUF_INIT;
    struct sl_diag d = {0};
    strbuf_addstr(&apart, "# SLA\n\n");
    for (int i = 0; i < 3; i++) {
        repeat(&apart, "![[]()", SLA_MD_MAX_BRACKETS / 2);
        strbuf_addstr(&apart, "\n\n");
    }
    cr_expect_eq(parse(&apart, "apart.md", &d), SL_OK, "%s", d.message);
    strbuf_addstr(&one, "# SLA\n\ntext\n");
    repeat(&one, "![[]()", SLA_MD_MAX_BRACKETS / 2 + 1);
    cr_assert_eq(parse(&one, "one.md", &d), SL_ERR_LIMIT);
    cr_expect(strstr(d.message, "more than 10000 brackets"), "%s", d.message);
    cr_expect_eq(d.line, 3, "the paragraph's first line");
    strbuf_release(&apart);
    strbuf_release(&one);
}

Test(sla_budgets, html_nested_past_the_limit_is_refused)
{
    struct strbuf doc = STRBUF_INIT;
    struct sl_diag d = {0};
    strbuf_addstr(&doc, "<html><body><h1>SLA</h1>\n");
    repeat(&doc, "<ul><li>x", SLA_MAX_NESTING);
    cr_assert_eq(parse(&doc, "deep.html", &d), SL_ERR_LIMIT);
    cr_expect_str_eq(d.message, "HTML nested deeper than 256 levels");
    cr_expect_eq(d.line, 2);
    strbuf_release(&doc);
}

Test(sla_budgets, html_list_items_keep_their_depth)
{
    static const char doc[] = "<html><body><ul><li>one<ul><li>two<ol><li>three</li></ol></li></ul>"
                              "</li></ul><ul><li>again</li></ul></body></html>\n";
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(doc, sizeof doc - 1, "l.html", &t, &d), SL_OK, "%s", d.message);
    int want[] = {1, 2, 3, 1};
    size_t k = 0;
    for (size_t i = 0; i < t.nunits; i++)
        if (t.units[i].kind == SLA_UNIT_ITEM && k < 4)
            cr_expect_eq(t.units[i].level, want[k++], "item %zu: %s", k, t.units[i].text);
    cr_expect_eq(k, 4);
    sla_text_release(&t);
}
