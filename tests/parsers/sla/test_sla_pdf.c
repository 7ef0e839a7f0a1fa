/* test_sla_pdf.c — PDF documents (parsers/sla/sla_pdf.c) through the SLA
 * reader: reading order, headings by type size, table rows rebuilt from
 * aligned columns, paragraphs from the spacing, the terms read from them,
 * a page in two columns read column by column, and PDFs that cannot be
 * read. tests/data/sla/ledger-storage.pdf and spruce-columns.pdf are written
 * by tests/data/make-sla-documents.py. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/infile.h"
#include "engine/base/strbuf.h"
#include "parsers/sla/sla_extract.h"
#include "parsers/sla/sla_text.h"

#define LEDGER "data/sla/ledger-storage.pdf"
#define COLUMNS "data/sla/spruce-columns.pdf"

static void
read_bytes(const char *path, struct strbuf *sb)
{
    struct sl_diag d = {0};
    cr_assert_eq(infile_read_all(path, sb, SLA_TEXT_MAX_BYTES, &d), SL_OK, "%s", d.message);
}

static void
parse_file(const char *path, struct sla_text *t)
{
    struct strbuf sb = STRBUF_INIT;
    struct sl_diag d = {0};
    read_bytes(path, &sb);
    cr_assert_eq(sla_text_parse(sb.buf, sb.len, path, t, &d), SL_OK, "%s", d.message);
    strbuf_release(&sb);
}

static const struct sla_unit *
find_unit(const struct sla_text *t, const char *prefix)
{
    for (size_t i = 0; i < t->nunits; i++)
        if (!strncmp(t->units[i].text, prefix, strlen(prefix)))
            return &t->units[i];
    return NULL;
}

Test(sla_pdf, headings_by_type_size)
{
    struct sla_text t;
    parse_file(LEDGER, &t);
    cr_assert_gt(t.nunits, 0);
    const struct sla_unit *u = &t.units[0];
    cr_expect_str_eq(u->text, "Ledger Storage Service Level Agreement", "reading order");
    cr_expect_eq(u->kind, SLA_UNIT_HEADING);
    cr_expect_eq(u->level, 1, "18 pt over a 10 pt body");
    u = find_unit(&t, "2. Service Credits");
    cr_assert_not_null(u);
    cr_expect_eq(u->kind, SLA_UNIT_HEADING);
    cr_expect_eq(u->level, 2, "14 pt over a 10 pt body");
    sla_text_release(&t);
}

Test(sla_pdf, wrapped_lines_of_a_paragraph_are_joined)
{
    struct sla_text t;
    parse_file(LEDGER, &t);
    const struct sla_unit *u = find_unit(&t, "The Provider will make");
    cr_assert_not_null(u);
    cr_expect_eq(u->kind, SLA_UNIT_PARAGRAPH);
    cr_expect_str_eq(u->text,
                     "The Provider will make the Ledger Storage service available with a "
                     "Monthly Uptime Percentage of at least 99.9% in each calendar month.");
    cr_expect_eq(sla_text_line_at(u, strlen(u->text) - 3), u->line + 1, "second line");
    sla_text_release(&t);
}

Test(sla_pdf, aligned_columns_are_one_table)
{
    struct sla_text t;
    parse_file(LEDGER, &t);
    const struct sla_unit *head = find_unit(&t, "Service\t");
    cr_assert_not_null(head);
    cr_expect_eq(head->kind, SLA_UNIT_ROW);
    cr_expect_str_eq(head->text, "Service\tMonthly Uptime Percentage\tService Credit");
    for (int k = 1; k <= 3; k++) {
        cr_assert_eq(head[k].kind, SLA_UNIT_ROW, "row %d", k);
        cr_expect_eq(head[k].table, head->table, "row %d in the same table", k);
        cr_expect_eq(head[k].line, head->line + k, "row %d on the next line", k);
    }
    char *copy, *cells[8];
    size_t n = sla_text_cells(&head[1], &copy, cells, 8);
    cr_assert_eq(n, 3);
    cr_expect_str_eq(cells[0], "Storage");
    cr_expect_str_eq(cells[1], "Less than 99.9% but equal to or greater than 99.0%");
    cr_expect_str_eq(cells[2], "10%");
    free(copy);
    sla_text_release(&t);
}

Test(sla_pdf, list_markers_make_items)
{
    struct sla_text t;
    parse_file(LEDGER, &t);
    const struct sla_unit *u = find_unit(&t, "scheduled maintenance");
    cr_assert_not_null(u);
    cr_expect_eq(u->kind, SLA_UNIT_ITEM);
    sla_text_release(&t);
}

Test(sla_pdf, terms_from_the_pdf)
{
    struct sla_terms terms;
    struct sl_diag d = {0};
    sla_terms_init(&terms);
    cr_assert_eq(sla_extract_file(LEDGER, 0, &terms, &d), SL_OK, "%s", d.message);
    cr_assert_eq(terms.ntargets, 1);
    cr_expect_float_eq(terms.targets[0].percent, 99.9, 1e-9);
    cr_expect_eq(terms.targets[0].window, SLA_WINDOW_MONTH);
    cr_assert_eq(terms.ntiers, 3);
    cr_expect_float_eq(terms.tiers[1].lower_percent, 95.0, 1e-9);
    cr_expect_float_eq(terms.tiers[1].upper_percent, 99.0, 1e-9);
    cr_expect_float_eq(terms.tiers[1].credit_percent, 25, 1e-9);
    cr_expect_eq(terms.claim_deadline_days, 30);
    /* A term quotes the line poppler read. */
    cr_assert_gt(terms.tiers[0].line, 0);
    cr_assert_leq((size_t)terms.tiers[0].line, terms.nsource_lines);
    sla_terms_release(&terms);
}

/* Two columns whose lines stand level: each paragraph is read whole, down
 * its own column, and the left column comes before the right. */
Test(sla_pdf, two_columns_are_read_one_after_the_other)
{
    struct sla_text t;
    parse_file(COLUMNS, &t);
    const struct sla_unit *u = find_unit(&t, "The Provider will make");
    cr_assert_not_null(u);
    cr_expect_str_eq(u->text, "The Provider will make Spruce Compute available with a Monthly "
                              "Uptime Percentage of at least 99.95% in each calendar month of "
                              "the term.");
    u = find_unit(&t, "The Customer must");
    cr_assert_not_null(u);
    cr_expect_str_eq(u->text, "The Customer must submit a claim within 45 days of the end of the "
                              "month in which the incident occurred, with the affected instance "
                              "identifiers.");
    const char *order[] = {
        "Spruce Compute Service", "1. Service Commitment", "2. Measurement", "3. Claims",
        "4. Exclusions",          "5. Service Credits",    "Credits for"};
    const struct sla_unit *prev = NULL;
    for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
        u = find_unit(&t, order[i]);
        cr_assert_not_null(u, "%s", order[i]);
        if (prev)
            cr_expect_gt(u, prev, "%s after the unit before it", order[i]);
        prev = u;
    }
    sla_text_release(&t);
}

/* The credit table below the columns runs across the gutter: still rows. */
Test(sla_pdf, a_table_across_the_columns_stays_rows)
{
    struct sla_text t;
    parse_file(COLUMNS, &t);
    const struct sla_unit *head = find_unit(&t, "Service\t");
    cr_assert_not_null(head);
    cr_expect_eq(head->kind, SLA_UNIT_ROW);
    cr_expect_str_eq(head->text, "Service\tMonthly Uptime Percentage\tService Credit");
    for (int k = 1; k <= 3; k++) {
        cr_assert_eq(head[k].kind, SLA_UNIT_ROW, "row %d", k);
        cr_expect_eq(head[k].table, head->table, "row %d in the same table", k);
    }
    cr_expect_str_eq(head[1].text,
                     "Compute\tLess than 99.95% but equal to or greater than 99.0%\t10%");
    sla_text_release(&t);
}

/* A one-page PDF in Helvetica whose content stream is ops, in sb. */
static void
one_page_pdf(struct strbuf *sb, const char *ops)
{
    cr_assert_eq(strbuf_addf(sb,
                             "%%PDF-1.4\n"
                             "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
                             "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
                             "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
                             "/Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >> endobj\n"
                             "5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> "
                             "endobj\n"
                             "4 0 obj << >> stream\n%s\nendstream endobj\n"
                             "trailer << /Root 1 0 R >>\n%%%%EOF\n",
                             ops),
                 SL_OK);
}

/* A table of two columns alone on a page is no pair of text columns: its
 * short cells stay side by side, one row a line. */
Test(sla_pdf, a_two_column_table_is_not_two_columns)
{
    struct strbuf ops = STRBUF_INIT, pdf = STRBUF_INIT;
    for (int i = 0; i < 6; i++)
        cr_assert_eq(strbuf_addf(&ops,
                                 "BT /F1 10 Tf 72 %d Td (Severity %d) Tj ET\n"
                                 "BT /F1 10 Tf 400 %d Td (%d hours) Tj ET\n",
                                 700 - 15 * i, i + 1, 700 - 15 * i, 2 * i + 1),
                     SL_OK);
    one_page_pdf(&pdf, ops.buf);
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(pdf.buf, pdf.len, "table.pdf", &t, &d), SL_OK, "%s", d.message);
    const struct sla_unit *u = find_unit(&t, "Severity 2");
    cr_assert_not_null(u);
    cr_expect_eq(u->kind, SLA_UNIT_ROW);
    cr_expect_str_eq(u->text, "Severity 2\t3 hours");
    sla_text_release(&t);
    strbuf_release(&ops);
    strbuf_release(&pdf);
}

/* A header set off the column of its figures: no row has a cell in every
 * column the starts make, so no row is given an empty cell. */
Test(sla_pdf, a_header_off_its_column_adds_no_cell)
{
    struct strbuf pdf = STRBUF_INIT;
    one_page_pdf(&pdf, "BT /F1 10 Tf 72 700 Td (Monthly Uptime) Tj ET\n"
                       "BT /F1 10 Tf 290 700 Td (Service Credit) Tj ET\n"
                       "BT /F1 10 Tf 72 685 Td (Less than 99.9%) Tj ET\n"
                       "BT /F1 10 Tf 320 685 Td (10%) Tj ET\n"
                       "BT /F1 10 Tf 72 670 Td (Less than 99.0%) Tj ET\n"
                       "BT /F1 10 Tf 320 670 Td (25%) Tj ET\n");
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(pdf.buf, pdf.len, "header.pdf", &t, &d), SL_OK, "%s", d.message);
    const struct sla_unit *u = find_unit(&t, "Less than 99.9%");
    cr_assert_not_null(u);
    cr_expect_str_eq(u->text, "Less than 99.9%\t10%");
    sla_text_release(&t);
    strbuf_release(&pdf);
}

/* A cell left empty in a table leaves no text and no gap: the columns of
 * the rows around it put it back. */
Test(sla_pdf, an_empty_cell_is_put_back_from_the_columns)
{
    struct sla_text t;
    parse_file("data/sla/notation-german.pdf", &t);
    /* (decimal commas read as points) */
    const struct sla_unit *u = find_unit(&t, "99.50 %");
    cr_assert_not_null(u);
    cr_expect_eq(u->kind, SLA_UNIT_ROW);
    cr_expect_str_eq(u->text, "99.50 %\t\t25 %", "the middle cell is empty");
    u = find_unit(&t, "99.90 %");
    cr_assert_not_null(u);
    cr_expect_str_eq(u->text, "99.90 %\t99.50 %\t10 %", "a full row as it was");
    sla_text_release(&t);
}

/* The Title of the document information names the service, as a Markdown
 * document's front matter does; a PDF without one has none from it. */
Test(sla_pdf, the_title_of_the_document_information)
{
    struct sla_text t;
    parse_file("data/sla/notation-german.pdf", &t);
    cr_assert_not_null(t.meta_service);
    cr_expect_str_eq(t.meta_service, "Service Level Agreement Fichte Cloud");
    sla_text_release(&t);
    parse_file(LEDGER, &t);
    cr_expect_null(t.meta_service);
    sla_text_release(&t);
}

static void
expect_refused(const char *data, size_t len, const char *words)
{
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(data, len, "sla.pdf", &t, &d), SL_ERR_INPUT, "%s", d.message);
    cr_expect(strstr(d.message, words), "message: %s", d.message);
    cr_expect_str_eq(d.file, "sla.pdf");
}

Test(sla_pdf, a_damaged_pdf_is_an_error)
{
    expect_refused("%PDF-1.4\ngarbage", 16, "not a readable PDF");
    struct strbuf sb = STRBUF_INIT;
    read_bytes(LEDGER, &sb);
    expect_refused(sb.buf, sb.len / 2, "not a readable PDF");
    strbuf_release(&sb);
}

Test(sla_pdf, a_pdf_without_text_is_an_error)
{
    /* One empty page; poppler rebuilds the missing cross-reference table. */
    static const char blank[] = "%PDF-1.4\n"
                                "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
                                "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n"
                                "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> "
                                "endobj\n"
                                "trailer << /Root 1 0 R >>\n%%EOF\n";
    expect_refused(blank, sizeof blank - 1, "without text");
}
