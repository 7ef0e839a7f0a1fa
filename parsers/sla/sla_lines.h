/* sla_lines.h — the first step of reading an SLA document: its bytes into
 * source lines. HTML loses its tags (script and style with their content),
 * block elements become line breaks and each table row one tab-separated
 * line, keeping the source line it came from; other text is split at its
 * line ends. sla_lines_clean_inline() then reduces a line's Markdown or HTML to
 * its text. Used by sla_text.c only. */
#ifndef SLAUDIT_SLA_LINES_H
#define SLAUDIT_SLA_LINES_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/base/status.h"

/* One line of the document as the block reader sees it. */
struct src_line {
    char *text;
    long line;
    bool row_break; /* HTML: the end of a table (a blank line follows) */
    int heading;    /* PDF: a heading of this level (set larger than the body); 0 otherwise */
};

struct line_list {
    struct src_line *v;
    size_t n, alloc;
};

/* Splits d[0..n) into lines, as HTML when it opens with a tag and looks like HTML (*html says
 * which). Errors: SL_ERR_NOMEM. */
enum sl_status sla_lines_read(const char *d, size_t n, bool *html, struct line_list *out);
void sla_lines_release(struct line_list *l);

/* Aligned columns of plain text: the columns at which the cells of s begin
 * after a gap of two or more spaces, up to max of them in at[]; 0 for a line
 * with a TAB, a sentence (". "), a list marker set apart by spaces ("iii)  ",
 * "2.  ") or no such gap. Two lines with a cell
 * starting at the same column are rows of one table. */
size_t sla_lines_cell_starts(const char *s, size_t *at, size_t max);
/* s split at its gaps of two or more spaces, the cells joined by one TAB;
 * NULL when memory ran out. */
char *sla_lines_split_cells(const char *s);

/* Markdown and HTML reduced to their text: entities, inline tags, emphasis,
 * links, escapes; typographic characters to ASCII; spaces collapsed. A new
 * string, or NULL when memory ran out. */
char *sla_lines_clean_inline(const char *in);

#endif
