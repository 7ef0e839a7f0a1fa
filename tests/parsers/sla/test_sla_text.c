/* test_sla_text.c — plain text through the SLA reader's line reader, the
 * one a PDF's lines go through too (parsers/sla/sla_text.c, sla_lines.c):
 * columns aligned by spaces. */
#include <criterion/criterion.h>
#include <string.h>

#include "parsers/sla/sla_text.h"

static const struct sla_unit *
find_unit(const struct sla_text *t, const char *prefix)
{
    for (size_t i = 0; i < t->nunits; i++)
        if (!strncmp(t->units[i].text, prefix, strlen(prefix)))
            return &t->units[i];
    return NULL;
}

/* Plain text goes through the same line reader as a PDF's lines: columns
 * aligned by two spaces or more are cells when a neighbouring line has a
 * cell at the same column. */
Test(sla_text, plain_text_columns_aligned_by_spaces_are_rows)
{
    static const char doc[] = "Service Credits\n"
                              "\n"
                              "Monthly Uptime    Service Credit\n"
                              "Less than 99.95%  10%\n"
                              "Less than 99.0%   25%\n"
                              "\n"
                              "A sentence.  With two spaces  after its stop is prose.\n"
                              "\n"
                              "ii)   the dates of each incident;\n"
                              "iii)  the affected team id.\n";
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(doc, sizeof doc - 1, "sla.txt", &t, &d), SL_OK, "%s", d.message);
    const struct sla_unit *head = find_unit(&t, "Monthly Uptime");
    cr_assert_not_null(head);
    cr_expect_eq(head->kind, SLA_UNIT_ROW, "the header lines up with the rows");
    cr_expect_str_eq(head->text, "Monthly Uptime\tService Credit");
    cr_assert_eq(head[1].kind, SLA_UNIT_ROW);
    cr_expect_str_eq(head[1].text, "Less than 99.95%\t10%");
    cr_expect_eq(head[1].table, head->table);
    const struct sla_unit *prose = find_unit(&t, "A sentence.");
    cr_assert_not_null(prose);
    cr_expect_eq(prose->kind, SLA_UNIT_PARAGRAPH);
    const struct sla_unit *item = find_unit(&t, "ii)");
    cr_assert_not_null(item);
    cr_expect_neq(item->kind, SLA_UNIT_ROW, "markers set apart by spaces are no cells");
    cr_expect(strstr(item->text, "iii) the affected team id."), "%s", item->text);
    sla_text_release(&t);
}

/* Sentence ends: the text, and what its first sentence is. */
static const struct {
    const char *text, *first;
} sentences[] = {
    {"Credits are due. Claims go to support.", "Credits are due."},
    {"Is it down? Then claim.", "Is it down?"},
    {"Uptime is 99.9% a month. (Excluding maintenance.)", "Uptime is 99.9% a month."},
    {"Nimbus Inc. Cloud services are covered. Claims go to support.",
     "Nimbus Inc. Cloud services are covered."},
    {"Harbor Ltd. Compute is covered. No more.", "Harbor Ltd. Compute is covered."},
    {"Sold by Tern Corp. Resellers are covered. No more.",
     "Sold by Tern Corp. Resellers are covered."},
    {"Some regions, e.g. Frankfurt, are excluded. No more.",
     "Some regions, e.g. Frankfurt, are excluded."},
    {"Ticket No. 5 applies. No more.", "Ticket No. 5 applies."},
    {"version 2.1 applies. no capital follows", "version 2.1 applies. no capital follows"},
};

Test(sla_text, a_sentence_ends_at_its_full_stop_not_at_an_abbreviation)
{
    for (size_t i = 0; i < sizeof sentences / sizeof sentences[0]; i++) {
        const char *s = sentences[i].text;
        size_t end = sla_text_sentence_end(s, 0, strlen(s));
        cr_expect_eq(end, strlen(sentences[i].first), "%s: ends after %zu bytes", s, end);
        cr_expect(!strncmp(s, sentences[i].first, end), "%s", s);
    }
}
