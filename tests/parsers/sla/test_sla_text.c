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
