/* test_sla_docx.c — Word documents (parsers/sla/sla_docx.c) through the SLA
 * reader: heading levels from styles, list items, table rows with merged
 * cells expanded, tracked changes accepted, the terms read from them, and
 * archives that are no Word document. The documents are written by
 * tests/data/make-sla-documents.py. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/infile.h"
#include "engine/base/strbuf.h"
#include "parsers/sla/sla_extract.h"
#include "parsers/sla/sla_text.h"

static void
parse_file(const char *path, struct sla_text *t)
{
    struct strbuf sb = STRBUF_INIT;
    struct sl_diag d = {0};
    cr_assert_eq(infile_read_all(path, &sb, SLA_TEXT_MAX_BYTES, &d), SL_OK, "%s", d.message);
    cr_assert_eq(sla_text_parse(sb.buf, sb.len, path, t, &d), SL_OK, "%s", d.message);
    strbuf_release(&sb);
}

/* The first unit whose text starts with prefix, or NULL. */
static const struct sla_unit *
find_unit(const struct sla_text *t, const char *prefix)
{
    for (size_t i = 0; i < t->nunits; i++)
        if (!strncmp(t->units[i].text, prefix, strlen(prefix)))
            return &t->units[i];
    return NULL;
}

static bool
any_unit_has(const struct sla_text *t, const char *needle)
{
    for (size_t i = 0; i < t->nunits; i++)
        if (strstr(t->units[i].text, needle))
            return true;
    return false;
}

Test(sla_docx, headings_take_their_level_from_the_style_name)
{
    struct sla_text t;
    parse_file("data/sla/ledger-storage.docx", &t);
    const struct sla_unit *u = find_unit(&t, "Ledger Storage Service Level Agreement");
    cr_assert_not_null(u);
    cr_expect_eq(u->kind, SLA_UNIT_HEADING);
    cr_expect_eq(u->level, 1, "style KopfA is named heading 1 in styles.xml");
    u = find_unit(&t, "2. Service Credits");
    cr_assert_not_null(u);
    cr_expect_eq(u->kind, SLA_UNIT_HEADING);
    cr_expect_eq(u->level, 2);
    sla_text_release(&t);
}

Test(sla_docx, tracked_changes_read_as_accepted)
{
    struct sla_text t;
    parse_file("data/sla/ledger-storage.docx", &t);
    const struct sla_unit *u = find_unit(&t, "The Provider will make");
    cr_assert_not_null(u);
    cr_expect_eq(u->kind, SLA_UNIT_PARAGRAPH);
    cr_expect(strstr(u->text, "of at least 99.9% in each calendar month."), "%s", u->text);
    cr_expect_not(any_unit_has(&t, "99.5"), "deleted text is gone");
    cr_expect_not(any_unit_has(&t, "capped"), "a deleted paragraph is gone");
    sla_text_release(&t);
}

Test(sla_docx, table_rows_with_vertically_merged_cells_expanded)
{
    struct sla_text t;
    parse_file("data/sla/ledger-storage.docx", &t);
    const struct sla_unit *head = find_unit(&t, "Service\t");
    cr_assert_not_null(head);
    cr_expect_eq(head->kind, SLA_UNIT_ROW);
    cr_expect(head->header);
    cr_expect_str_eq(head->text, "Service\tMonthly Uptime Percentage\tService Credit");
    const struct sla_unit *last = head + 3;
    cr_assert_eq(last->kind, SLA_UNIT_ROW);
    cr_expect_eq(last->table, head->table);
    cr_expect_not(last->header);
    char *copy, *cells[8];
    size_t n = sla_text_cells(last, &copy, cells, 8);
    cr_assert_eq(n, 3);
    cr_expect_str_eq(cells[0], "Storage", "the merged cell is in every row it covers");
    cr_expect_str_eq(cells[1], "Less than 95.0%");
    cr_expect_str_eq(cells[2], "100%");
    free(copy);
    sla_text_release(&t);
}

Test(sla_docx, numbered_paragraphs_are_list_items)
{
    struct sla_text t;
    parse_file("data/sla/ledger-storage.docx", &t);
    const struct sla_unit *u = find_unit(&t, "scheduled maintenance");
    cr_assert_not_null(u);
    cr_expect_eq(u->kind, SLA_UNIT_ITEM);
    cr_expect_eq(u->level, 1);
    sla_text_release(&t);
}

Test(sla_docx, each_paragraph_and_row_is_a_line)
{
    struct sla_text t;
    parse_file("data/sla/ledger-storage.docx", &t);
    const struct sla_unit *u = find_unit(&t, "Storage\tLess than 95.0%");
    cr_assert_not_null(u);
    cr_expect_eq(u->line, 8, "title, heading, text, heading, header row, three rows");
    cr_assert_geq(t.nlines, 8);
    cr_expect_str_eq(t.lines[7], "Storage | Less than 95.0% | 100%");
    sla_text_release(&t);
}

Test(sla_docx, column_spans_fill_every_column)
{
    struct sla_text t;
    parse_file("data/docx/spans.docx", &t);
    const struct sla_unit *u = find_unit(&t, "Support");
    cr_assert_not_null(u);
    cr_expect_eq(u->kind, SLA_UNIT_HEADING);
    cr_expect_eq(u->level, 1, "a style id Heading1 not in styles.xml still names a level");
    u = find_unit(&t, "Response times apply");
    cr_assert_not_null(u);
    cr_expect_str_eq(
        u->text, "Response times apply around the clock\tResponse times apply around the clock");
    sla_text_release(&t);
}

Test(sla_docx, terms_from_the_accepted_text)
{
    struct sla_terms terms;
    struct sl_diag d = {0};
    sla_terms_init(&terms);
    cr_assert_eq(sla_extract_file("data/sla/ledger-storage.docx", 0, &terms, &d), SL_OK, "%s",
                 d.message);
    cr_assert_eq(terms.ntargets, 1);
    cr_expect_float_eq(terms.targets[0].percent, 99.9, 1e-9, "the inserted target, not 99.5");
    cr_expect_eq(terms.targets[0].window, SLA_WINDOW_MONTH);
    cr_expect_eq(terms.targets[0].line, 3);
    cr_assert_eq(terms.ntiers, 3);
    cr_expect_float_eq(terms.tiers[0].lower_percent, 99.0, 1e-9);
    cr_expect_float_eq(terms.tiers[0].upper_percent, 99.9, 1e-9);
    cr_expect_float_eq(terms.tiers[0].credit_percent, 10, 1e-9);
    cr_expect_float_eq(terms.tiers[2].credit_percent, 100, 1e-9);
    cr_expect_eq(terms.tiers[2].line, 8);
    cr_expect(isnan(terms.credit_cap_percent), "the struck cap is no cap");
    sla_terms_release(&terms);
}

/* dc:title of docProps/core.xml names the service, as front matter does. */
Test(sla_docx, the_title_of_the_document_properties)
{
    struct sla_text t;
    parse_file("data/sla/notation-german.docx", &t);
    cr_assert_not_null(t.meta_service);
    cr_expect_str_eq(t.meta_service, "Service Level Agreement Fichte Cloud");
    sla_text_release(&t);
    parse_file("data/sla/ledger-storage.docx", &t);
    cr_expect_null(t.meta_service, "no docProps/core.xml");
    sla_text_release(&t);
}

/* The German target was raised from 99,9 to 99,95 Prozent as a tracked
 * change: the accepted figure counts, the deleted one does not. */
Test(sla_docx, a_tracked_change_in_a_german_target)
{
    struct sla_terms terms;
    struct sl_diag d = {0};
    sla_terms_init(&terms);
    cr_assert_eq(sla_extract_file("data/sla/notation-german.docx", 0, &terms, &d), SL_OK, "%s",
                 d.message);
    cr_assert_eq(terms.ntargets, 1);
    cr_expect_float_eq(terms.targets[0].percent, 99.95, 1e-9);
    cr_assert_eq(terms.ntiers, 3);
    cr_expect_float_eq(terms.tiers[2].upper_percent, 99.5, 1e-9);
    sla_terms_release(&terms);
}

static void
expect_refused(const char *data, size_t len, enum sl_status want, const char *words)
{
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(data, len, "draft.docx", &t, &d), want, "%s", d.message);
    cr_expect(strstr(d.message, words), "message: %s", d.message);
    cr_expect_str_eq(d.file, "draft.docx");
}

Test(sla_docx, a_broken_archive_is_an_error)
{
    expect_refused("PK\x03\x04garbage", 11, SL_ERR_INPUT, "not a readable zip archive");
    struct strbuf sb = STRBUF_INIT;
    struct sl_diag d = {0};
    cr_assert_eq(infile_read_all("data/sla/ledger-storage.docx", &sb, 1 << 20, &d), SL_OK);
    expect_refused(sb.buf, sb.len / 2, SL_ERR_INPUT, "not a readable zip archive");
    strbuf_release(&sb);
}
