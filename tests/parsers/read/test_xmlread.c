/* test_xmlread.c — XML and HTML through libxml2 (parsers/read/xmlread.c):
 * entities a document declares are never expanded nor fetched (an external
 * entity naming a file the test wrote, a billion-laughs), a document that is
 * not well-formed fails at its line, and the HTML walk sees elements and
 * decoded text in order. The documents are written by the tests. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/strbuf.h"
#include "parsers/read/xmlread.h"
#include "tests/engine/fixture.h"

static struct fixture fx;

static void
setup(void)
{
    fixture_dir(&fx);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(xmlread, .init = setup, .fini = teardown);

/* Reads the whole of text; *all gets every START as "<name>" and every TEXT,
 * in order. Returns the status of the read. */
static enum sl_status
read_all(const char *text, struct strbuf *all, struct sl_diag *diag)
{
    char path[512];
    fixture_write(&fx, "doc.xml", text, strlen(text), path);
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f);
    struct xmlread *r = xmlread_open(f, "doc.xml", diag);
    cr_assert_not_null(r);
    struct xmlread_node n;
    enum sl_status rc;
    long nodes = 0;
    while (!(rc = xmlread_next(r, &n)) && n.kind != XMLREAD_DONE) {
        cr_assert_lt(++nodes, 100000, "the read does not end");
        if (n.kind == XMLREAD_START)
            strbuf_addf(all, "<%s>", n.name);
        else if (n.kind == XMLREAD_TEXT)
            strbuf_add(all, n.text, n.len);
    }
    xmlread_free(r);
    fclose(f);
    return rc;
}

Test(xmlread, elements_text_and_cdata_in_order)
{
    struct strbuf all = STRBUF_INIT;
    struct sl_diag d = {0};
    cr_assert_eq(read_all("<?xml version=\"1.0\"?>\n<a xmlns:c=\"urn:x\"><b>one &amp; "
                          "<![CDATA[<two>]]></b><c:d/></a>\n",
                          &all, &d),
                 SL_OK, "%s", d.message);
    cr_assert_str_eq(all.buf, "<a><b>one & <two><d>");
    strbuf_release(&all);
}

Test(xmlread, no_entity_is_expanded_nor_read)
{
    char secret[512];
    fixture_write(&fx, "secret.txt", "SECRET-TEXT", 11, secret);
    char doc[2048];
    snprintf(doc, sizeof doc,
             "<?xml version=\"1.0\"?>\n"
             "<!DOCTYPE a [<!ENTITY xxe SYSTEM \"file://%s\">\n"
             "             <!ENTITY net SYSTEM \"http://127.0.0.1:9/x\">\n"
             "             <!ENTITY own \"EXPANDED\">]>\n"
             "<a><b>before &xxe; &net; &own; after</b></a>\n",
             secret);
    struct strbuf all = STRBUF_INIT;
    struct sl_diag d = {0};
    cr_assert_eq(read_all(doc, &all, &d), SL_OK, "%s", d.message);
    cr_assert_null(strstr(all.buf, "SECRET"), "the entity was expanded: %s", all.buf);
    cr_assert_null(strstr(all.buf, "EXPANDED"), "the entity was expanded: %s", all.buf);
    cr_assert_str_eq(all.buf, "<a><b>before    after");
    strbuf_release(&all);
}

/* Nine levels of ten references: a billion "lol"s if expanded. Left
 * unexpanded, or refused by libxml2's amplification check: never 3 GB. */
Test(xmlread, a_billion_laughs_does_not_expand, .timeout = 20)
{
    struct strbuf doc = STRBUF_INIT;
    strbuf_addstr(&doc, "<?xml version=\"1.0\"?>\n<!DOCTYPE a [\n<!ENTITY lol0 \"lol\">\n");
    for (int i = 1; i <= 9; i++) {
        strbuf_addf(&doc, "<!ENTITY lol%d \"", i);
        for (int k = 0; k < 10; k++)
            strbuf_addf(&doc, "&lol%d;", i - 1);
        strbuf_addstr(&doc, "\">\n");
    }
    strbuf_addstr(&doc, "]>\n<a><b>&lol9;</b><c>kept</c></a>\n");
    struct strbuf all = STRBUF_INIT;
    struct sl_diag d = {0};
    enum sl_status rc = read_all(doc.buf, &all, &d);
    cr_assert(rc == SL_OK || rc == SL_ERR_INPUT, "%s", sl_strerror(rc));
    cr_assert_lt(all.len, 64, "expanded to %zu bytes", all.len);
    if (rc == SL_OK)
        cr_assert_str_eq(all.buf, "<a><b><c>kept");
    else
        cr_assert(strstr(d.message, "XML: "), "%s", d.message);
    strbuf_release(&doc);
    strbuf_release(&all);
}

Test(xmlread, not_well_formed_fails_at_its_line)
{
    struct strbuf all = STRBUF_INIT;
    struct sl_diag d = {0};
    cr_assert_eq(read_all("<a>\n<b>one</b>\n<c>two</b>\n</a>\n", &all, &d), SL_ERR_INPUT);
    cr_assert_str_eq(d.file, "doc.xml");
    cr_assert_eq(d.line, 3, "line %ld: %s", d.line, d.message);
    cr_assert(strstr(d.message, "XML: ") && strstr(d.message, "mismatch"), "%s", d.message);
    strbuf_release(&all);
}

Test(xmlread, an_empty_file_is_not_a_document)
{
    struct strbuf all = STRBUF_INIT;
    struct sl_diag d = {0};
    cr_assert_eq(read_all("", &all, &d), SL_ERR_INPUT);
    cr_assert(strstr(d.message, "XML: "), "%s", d.message);
    strbuf_release(&all);
}

struct walked {
    struct strbuf sb;
};

static void
enter(void *ctx, const char *name)
{
    strbuf_addf(&((struct walked *)ctx)->sb, "<%s>", name);
}

static void
leave(void *ctx, const char *name)
{
    strbuf_addf(&((struct walked *)ctx)->sb, "</%s>", name);
}

static void
text(void *ctx, const char *t, size_t n)
{
    strbuf_add(&((struct walked *)ctx)->sb, t, n);
}

Test(xmlread, html_walk_in_document_order)
{
    struct walked w = {STRBUF_INIT};
    struct xmlread_html_visitor v = {enter, leave, text, &w};
    const char html[] = "<p><small>Aug <var data-var='date'>21</var></small><br><strong>Resolved"
                        "</strong> - a &amp; b<p>next &lt;x&gt;";
    cr_assert_eq(xmlread_html(html, strlen(html), &v), SL_OK);
    cr_assert_str_eq(w.sb.buf, "<html><body><p><small>Aug <var>21</var></small><br></br><strong>"
                               "Resolved</strong> - a & b</p><p>next <x></p></body></html>");
    strbuf_release(&w.sb);
}
