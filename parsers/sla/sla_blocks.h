/* sla_blocks.h — how the document readers add blocks to a struct sla_text.
 * sla_text.c owns the builder and decides which reader a document goes to;
 * sla_markdown.c (the only file that includes cmark-gfm) reads Markdown and
 * plain text, sla_html.c reads HTML, whole documents or blocks inside
 * Markdown, sla_docx.c (the only file that includes libzip) reads Word
 * documents and sla_pdf.c (the only file that includes poppler) turns a PDF
 * into lines for the line reader. Internal to those files.
 *
 * A block is one unit: a heading with its level, a paragraph, a list item
 * with its nesting depth (1 = outermost), or a table row whose cells are
 * joined by one TAB. Text is reduced with sla_lines_clean_inline() on the way in. */
#ifndef SLAUDIT_SLA_BLOCKS_H
#define SLAUDIT_SLA_BLOCKS_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/base/status.h"
#include "parsers/sla/sla_lines.h"
#include "parsers/sla/sla_text.h"

struct sla_builder;

/* One block of kind (not a row) starting on line; level is the heading level
 * or list depth (0 for a paragraph). breaks/nbreaks (may be NULL/0) say where
 * in text later source lines begin. */
enum sl_status sla_builder_block(struct sla_builder *b, enum sla_unit_kind kind, const char *text,
                                 long line, int level, const struct sla_break *breaks,
                                 size_t nbreaks);
/* One table row of ncells cells; header marks a header row. Rows added one
 * after another belong to one table until sla_builder_table_end(). */
enum sl_status sla_builder_row(struct sla_builder *b, char *const *cells, size_t ncells, long line,
                               bool header);
void sla_builder_table_end(struct sla_builder *b);
/* A reader's refusal of the document past one of its limits, at line (0:
 * none): sets the document's diag and returns SL_ERR_LIMIT. */
enum sl_status sla_builder_refuse(struct sla_builder *b, long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The title the document gives itself (a PDF's or DOCX's properties), taken
 * as YAML front matter's "title:" is; ignored when blank or when it is the
 * name of a file ("Microsoft Word - draft.doc"). */
enum sl_status sla_builder_title(struct sla_builder *b, const char *title);
/* Source lines [from, to) of lines (0-based indexes) read as plain text: runs
 * of spaces or TABs and "a | b" as table rows, list markers as items, lone
 * short lines as headings, wrapped lines joined. first_item makes the first
 * block a list item of depth level. */
enum sl_status sla_builder_lines(struct sla_builder *b, const struct line_list *lines, size_t from,
                                 size_t to, bool first_item, int level);

/* How deep a document's tree may nest (Markdown block quotes, lists and
 * inlines; HTML elements): the readers walk it by recursion. */
#define SLA_MAX_NESTING 256
/* Cells of a document's GFM tables, columns times rows as cmark-gfm makes
 * them (every row as wide as the header). */
#define SLA_MD_MAX_TABLE_CELLS 100000
/* Brackets '[' in one Markdown paragraph: cmark-gfm takes time quadratic in
 * them (link and image openers). */
#define SLA_MD_MAX_BRACKETS 10000

/* Refuses (sla_builder_refuse) Markdown source lines past
 * SLA_MD_MAX_TABLE_CELLS or SLA_MD_MAX_BRACKETS, before cmark-gfm is given
 * them; SL_OK otherwise. */
enum sl_status sla_markdown_scan(const struct line_list *lines, struct sla_builder *b);
/* Markdown (or plain text) in d[0..n) into blocks; lines are its source
 * lines. Errors: SL_ERR_NOMEM, SL_ERR_LIMIT (sla_markdown_scan's limits, or
 * nested deeper than SLA_MAX_NESTING). */
enum sl_status sla_markdown_read(const char *d, size_t n, const struct line_list *lines,
                                 struct sla_builder *b);
/* HTML in d[0..n) into blocks, its first line being source line first_line.
 * Entities are decoded, <br> breaks a line, rowspan and colspan are expanded
 * into every cell they cover; no network access. Errors: SL_ERR_NOMEM,
 * SL_ERR_INPUT (not readable as HTML), SL_ERR_LIMIT (elements nested deeper
 * than SLA_MAX_NESTING). */
enum sl_status sla_html_read(const char *d, size_t n, long first_line, struct sla_builder *b);

#define SLA_DOCX_MAX_XML ((size_t)32 << 20) /* a member expanding past this is refused */

/* A Word document, the zip archive d[0..n), into blocks from its
 * word/document.xml: paragraphs with their heading level (from the style,
 * named in word/styles.xml, or the outline level), list items (numbered
 * paragraphs, with their level), table rows (gridSpan and vMerge expanded
 * into every cell they cover; rows marked tblHeader, or else the first, are
 * header rows), and the text as it reads with tracked changes accepted
 * (w:ins kept, w:del dropped). A DOCX has no lines: each paragraph and each
 * table row counts as one, from 1; *nlines is their number. The title in
 * docProps/core.xml (dc:title), when there, goes to sla_builder_title().
 * Errors, with
 * diag set: SL_ERR_INPUT (not a zip archive, no word/document.xml, not
 * well-formed XML: its line), SL_ERR_LIMIT (a member expanding past
 * SLA_DOCX_MAX_XML), SL_ERR_NOMEM. */
enum sl_status sla_docx_read(const char *d, size_t n, const char *path, struct sla_builder *b,
                             long *nlines, struct sl_diag *diag);
/* The text of the PDF d[0..n) as lines (appended to out, numbered from 1) in
 * reading order: top to bottom on each page, a page set in two columns
 * (a gutter most lines leave free) left column then right, a blank line
 * between paragraphs (a gap taller than the leading), columns and pages, the
 * cells of aligned columns joined by one TAB (a row short of its table's
 * columns gets its empty cells back), and heading set on a line larger than
 * the body text (1-3 by its size). Errors, with diag set: SL_ERR_INPUT (not
 * readable, no pages, no text), SL_ERR_LIMIT, SL_ERR_NOMEM. */
enum sl_status sla_pdf_lines(const char *d, size_t n, const char *path, struct line_list *out,
                             struct sl_diag *diag);
/* The Title of the PDF d[0..n)'s document information, or NULL (none, not
 * readable, out of memory); the caller frees it. */
char *sla_pdf_title(const char *d, size_t n);

#endif
