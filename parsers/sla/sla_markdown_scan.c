/* sla_markdown_scan.c — what a Markdown document would cost cmark-gfm,
 * measured on its source lines before it is parsed; see sla_blocks.h. */
#include <stdbool.h>
#include <string.h>

#include "parsers/sla/sla_blocks.h"

static bool
blank(const char *s)
{
    return s[strspn(s, " \t")] == '\0';
}

/* The columns of a GFM table's delimiter row ("| --- | :-: |"), 0 when s is
 * not one. A delimiter row holds a pipe, else it is a heading's underline or
 * a thematic break. */
static size_t
delimiter_columns(const char *s)
{
    size_t cols = 0;
    bool pipe = false;
    const char *p = s + strspn(s, " \t");
    if (*p == '|') {
        pipe = true;
        p++;
    }
    while (*p) {
        p += strspn(p, " \t");
        if (!*p)
            break;
        if (*p == ':')
            p++;
        size_t dashes = strspn(p, "-");
        if (!dashes)
            return 0;
        p += dashes;
        if (*p == ':')
            p++;
        p += strspn(p, " \t");
        cols++;
        if (*p == '|') {
            pipe = true;
            p++;
        } else if (*p) {
            return 0;
        }
    }
    return pipe ? cols : 0;
}

static size_t
brackets(const char *s)
{
    size_t n = 0;
    for (; (s = strchr(s, '[')); s++)
        n++;
    return n;
}

enum sl_status
sla_markdown_scan(const struct line_list *lines, struct sla_builder *b)
{
    size_t cells = 0, para_brackets = 0, table_end = 0;
    long para_line = 0;
    bool in_para = false;
    for (size_t i = 0; i < lines->n; i++) {
        const struct src_line *l = &lines->v[i];
        if (blank(l->text)) {
            in_para = false;
            continue;
        }
        if (!in_para) {
            in_para = true;
            para_line = l->line;
            para_brackets = 0;
        }
        para_brackets += brackets(l->text);
        if (para_brackets > SLA_MD_MAX_BRACKETS)
            return sla_builder_refuse(b, para_line,
                                      "Markdown paragraph with more than %d brackets '[': "
                                      "links and images that many take the Markdown parser "
                                      "quadratic time",
                                      SLA_MD_MAX_BRACKETS);
        size_t cols = i && i >= table_end ? delimiter_columns(l->text) : 0;
        if (!cols)
            continue;
        /* cmark-gfm gives every row of the table the header's columns,
         * whatever the row holds: the header and each line up to a blank one. */
        for (table_end = i + 1; table_end < lines->n && !blank(lines->v[table_end].text);)
            table_end++;
        size_t rows = table_end - i; /* the header and the rows under the delimiter */
        if (cols > SLA_MD_MAX_TABLE_CELLS / rows || (cells += cols * rows) > SLA_MD_MAX_TABLE_CELLS)
            return sla_builder_refuse(b, lines->v[i - 1].line,
                                      "Markdown tables of more than %d cells "
                                      "(columns times rows) in one document",
                                      SLA_MD_MAX_TABLE_CELLS);
    }
    return SL_OK;
}
