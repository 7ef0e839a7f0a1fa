/* sla_text.h — an SLA document (Markdown, plain text, HTML, PDF, DOCX) into
 * the block tree the term patterns run over: headings (with their level),
 * paragraphs, list items (with their nesting depth) and table rows (header
 * rows marked), each with the source line it starts on and the heading it
 * sits under.
 *
 * Markdown is read by cmark-gfm with its table extension (pipe tables with or
 * without outer pipes), HTML and HTML blocks inside Markdown by libxml2's
 * HTML parser (entities decoded, <br> as a line break, rowspan and colspan
 * expanded). Paragraphs of plain text keep the column heuristics: cells apart
 * by TABs or runs of three spaces, or of two where a neighbouring line has a
 * cell at the same column, and "a | b" rows without outer pipes. A PDF
 * (read by poppler) becomes lines that go through the same heuristics; a
 * DOCX (libzip and libxml2) gives its paragraphs, lists and tables as they
 * are. The kind is told by the content: "%PDF-", a zip header. YAML
 * front matter is kept out of the blocks. In every style, a table row's cells
 * are joined by one tab, emphasis and links are reduced to their text,
 * typographic quotes and dashes become ASCII, and wrapped lines of one
 * paragraph are joined by a space.
 *
 * Invariants: every unit's text is NUL-terminated UTF-8 (invalid bytes become
 * '?'); line >= 1; breaks[i] says where in text a later source line begins,
 * so sla_text_line_at() maps a match back to its line. */
#ifndef SLAUDIT_SLA_TEXT_H
#define SLAUDIT_SLA_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/base/status.h"

#define SLA_TEXT_MAX_BYTES ((size_t)8 << 20) /* a larger document is refused */

enum sla_unit_kind { SLA_UNIT_HEADING, SLA_UNIT_PARAGRAPH, SLA_UNIT_ITEM, SLA_UNIT_ROW };

struct sla_break {
    size_t off;
    long line;
};

struct sla_unit {
    enum sla_unit_kind kind;
    char *text;
    size_t len;
    long line;
    struct sla_break *breaks;
    size_t nbreaks;
    int table;   /* rows: the table they belong to (0, 1, ...); -1 otherwise */
    int heading; /* index of the heading unit above this one; -1 when none */
    int level;   /* headings: 1-6; list items: nesting depth from 1; else 0 */
    bool header; /* rows: a header row of its table */
};

struct sla_text {
    struct sla_unit *units;
    size_t nunits;
    /* The source as plain lines (HTML already reduced; a PDF's text as read;
     * a DOCX's paragraphs and rows, one a line), 1-based by index+1. */
    char **lines;
    size_t nlines;
    bool html;
    /* From YAML front matter ("provider:", "service:" or "title:",
     * "effective:" or "date:"); NULL when absent or not readable. */
    char *meta_provider, *meta_service, *meta_effective;
};

/* Reads a whole document. Errors: SL_ERR_IO (cannot read), SL_ERR_INPUT (a
 * PDF or DOCX that cannot be read as one, with the reason), SL_ERR_LIMIT (too
 * large), SL_ERR_NOMEM. */
enum sl_status sla_text_read(const char *path, struct sla_text *out, struct sl_diag *diag);
/* The same from a buffer (tests). */
enum sl_status sla_text_parse(const char *data, size_t len, const char *path, struct sla_text *out,
                              struct sl_diag *diag);
void sla_text_release(struct sla_text *t);

/* Where the sentence of s (len bytes) that starts at from ends: after a
 * '.', '!' or '?' followed by a space and a capital, a bracket or a quote,
 * unless the full stop closes an abbreviation ("Inc.", "Ltd.", "Corp.",
 * "e.g.", "i.e.", "No."); len when none does. */
size_t sla_text_sentence_end(const char *s, size_t from, size_t len);
/* The source line of byte offset off in unit u. */
long sla_text_line_at(const struct sla_unit *u, size_t off);
/* The table's cells of a row unit: up to max pointers into a copy the caller
 * frees with free(*copy). Returns the number of cells. */
size_t sla_text_cells(const struct sla_unit *u, char **copy, char **cells, size_t max);

#endif
