/* sla_markdown.c — Markdown and plain text into blocks through cmark-gfm and
 * its table extension; the only file that includes cmark-gfm. See
 * sla_blocks.h. */
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm-core-extensions.h>
#include <cmark-gfm.h>

#include "engine/base/strbuf.h"
#include "parsers/sla/sla_blocks.h"

struct md {
    const struct line_list *lines;
    struct sla_builder *b;
    enum sl_status status;
    long read_to; /* blocks starting at or before this line were read already */
};

/* The line, after from, that closes an HTML table ("</table>"); 0 when
 * none does. */
static long
table_close_line(const struct md *m, long from)
{
    for (size_t i = 0; i < m->lines->n; i++)
        if (m->lines->v[i].line > from && strcasestr(m->lines->v[i].text, "</table"))
            return m->lines->v[i].line;
    return 0;
}

/* An HTML table with blank lines inside comes as several HTML blocks (a
 * blank line ends one): its source lines from..to (the one that closes
 * the table), read as one fragment. */
static enum sl_status
read_split_table(struct md *m, long from, long to)
{
    struct strbuf sb = STRBUF_INIT;
    for (size_t i = 0; i < m->lines->n; i++) {
        const struct src_line *l = &m->lines->v[i];
        if (l->line >= from && l->line <= to &&
            (strbuf_addstr(&sb, l->text) || strbuf_addch(&sb, '\n'))) {
            strbuf_release(&sb);
            return SL_ERR_NOMEM;
        }
    }
    enum sl_status s = sla_html_read(sb.buf ? sb.buf : "", sb.len, from, m->b);
    strbuf_release(&sb);
    m->read_to = to;
    return s;
}

static bool
type_is(cmark_node *n, const char *name)
{
    const char *t = cmark_node_get_type_string(n);
    return t && !strcmp(t, name);
}

/* The text of an inline subtree: literals, breaks as spaces, <br> as a space,
 * other inline tags dropped (cmark has already decoded entities). */
static void
inline_text(cmark_node *n, struct strbuf *sb)
{
    for (cmark_node *c = cmark_node_first_child(n); c; c = cmark_node_next(c)) {
        const char *lit;
        switch (cmark_node_get_type(c)) {
        case CMARK_NODE_TEXT:
        case CMARK_NODE_CODE:
            lit = cmark_node_get_literal(c);
            strbuf_addstr(sb, lit ? lit : "");
            break;
        case CMARK_NODE_SOFTBREAK:
        case CMARK_NODE_LINEBREAK:
            strbuf_addch(sb, ' ');
            break;
        case CMARK_NODE_HTML_INLINE:
            lit = cmark_node_get_literal(c);
            if (lit && !strncasecmp(lit, "<br", 3))
                strbuf_addch(sb, ' ');
            break;
        default:
            inline_text(c, sb);
            break;
        }
    }
}

static void
read_table(struct md *m, cmark_node *table)
{
    long line = cmark_node_get_start_line(table);
    int i = 0;
    for (cmark_node *row = cmark_node_first_child(table); row && !m->status;
         row = cmark_node_next(row), i++) {
        if (!type_is(row, "table_row") && !type_is(row, "table_header"))
            continue;
        char *cells[64];
        size_t n = 0;
        for (cmark_node *c = cmark_node_first_child(row); c && n < 64; c = cmark_node_next(c)) {
            struct strbuf sb = STRBUF_INIT;
            inline_text(c, &sb);
            cells[n++] = sb.buf ? strbuf_detach(&sb) : strdup("");
        }
        long at = cmark_node_get_start_line(row);
        if (at <= 0) /* the delimiter row follows the header */
            at = line + i + (i > 0);
        bool ok = true;
        for (size_t k = 0; k < n; k++)
            ok &= cells[k] != NULL;
        m->status = ok ? sla_builder_row(m->b, cells, n, at,
                                         cmark_gfm_extensions_get_table_row_is_header(row) != 0)
                       : SL_ERR_NOMEM;
        for (size_t k = 0; k < n; k++)
            free(cells[k]);
    }
    sla_builder_table_end(m->b);
}

static void
read_block(struct md *m, cmark_node *n, int depth, bool first_in_item)
{
    if (m->status)
        return;
    long from = cmark_node_get_start_line(n), to = cmark_node_get_end_line(n);
    if (from > 0 && from <= m->read_to)
        return;
    switch (cmark_node_get_type(n)) {
    case CMARK_NODE_HEADING: {
        struct strbuf sb = STRBUF_INIT;
        inline_text(n, &sb);
        m->status = sla_builder_block(m->b, SLA_UNIT_HEADING, sb.buf ? sb.buf : "", from,
                                      cmark_node_get_heading_level(n), NULL, 0);
        strbuf_release(&sb);
        return;
    }
    case CMARK_NODE_PARAGRAPH:
    case CMARK_NODE_CODE_BLOCK: {
        /* Plain text reaches here too (an indented block): its lines keep
         * the column heuristics. A fenced block is program text, output or
         * a formula quoted verbatim, no clause of the agreement. */
        int flen = 0, foff = 0;
        char fch = 0;
        if (cmark_node_get_type(n) == CMARK_NODE_CODE_BLOCK &&
            cmark_node_get_fenced(n, &flen, &foff, &fch))
            return;
        size_t a = from > 0 ? (size_t)from - 1 : 0, z = to > 0 ? (size_t)to : a;
        m->status = sla_builder_lines(m->b, m->lines, a, z, first_in_item, depth);
        return;
    }
    case CMARK_NODE_HTML_BLOCK: {
        const char *lit = cmark_node_get_literal(n);
        long close = lit && strcasestr(lit, "<table") && !strcasestr(lit, "</table")
                         ? table_close_line(m, to)
                         : 0;
        if (close)
            m->status = read_split_table(m, from, close);
        else if (lit)
            m->status = sla_html_read(lit, strlen(lit), from, m->b);
        return;
    }
    case CMARK_NODE_THEMATIC_BREAK:
        return;
    case CMARK_NODE_ITEM: {
        bool first = true;
        for (cmark_node *c = cmark_node_first_child(n); c; c = cmark_node_next(c)) {
            read_block(m, c, depth, first);
            first = false;
        }
        return;
    }
    case CMARK_NODE_LIST:
        depth++;
        break;
    default:
        if (type_is(n, "table")) {
            read_table(m, n);
            return;
        }
        break;
    }
    for (cmark_node *c = cmark_node_first_child(n); c; c = cmark_node_next(c))
        read_block(m, c, depth, false);
}

/* The line of the first node nested deeper than SLA_MAX_NESTING, found
 * without recursion; 0 when none is. */
static long
too_deep(cmark_node *doc)
{
    int depth = 0;
    for (cmark_node *n = doc; n;) {
        cmark_node *child = cmark_node_first_child(n);
        if (child) {
            n = child;
            if (++depth > SLA_MAX_NESTING) {
                long line = cmark_node_get_start_line(n);
                return line > 0 ? line : 1;
            }
            continue;
        }
        while (n != doc && !cmark_node_next(n)) {
            n = cmark_node_parent(n);
            depth--;
        }
        n = n == doc ? NULL : cmark_node_next(n);
    }
    return 0;
}

enum sl_status
sla_markdown_read(const char *d, size_t n, const struct line_list *lines, struct sla_builder *b)
{
    struct md m = {.lines = lines, .b = b};
    enum sl_status s = sla_markdown_scan(lines, b);
    if (s)
        return s;
    /* YAML front matter is no Markdown: the parser sees blank lines instead,
     * so that every later line keeps its number. */
    char *copy = malloc(n + 1);
    if (!copy)
        return SL_ERR_NOMEM;
    memcpy(copy, d, n);
    copy[n] = '\0';
    if (n >= 4 && !strncmp(copy, "---", 3) && (copy[3] == '\n' || copy[3] == '\r')) {
        char *end = strstr(copy + 3, "\n---");
        if (end && (end[4] == '\n' || end[4] == '\r' || !end[4]) && end - copy < 8192)
            for (char *p = copy; p < end + 4; p++)
                if (*p != '\n')
                    *p = ' ';
    }
    cmark_gfm_core_extensions_ensure_registered();
    cmark_parser *p = cmark_parser_new(CMARK_OPT_DEFAULT);
    if (!p) {
        free(copy);
        return SL_ERR_NOMEM;
    }
    cmark_syntax_extension *table = cmark_find_syntax_extension("table");
    if (table)
        cmark_parser_attach_syntax_extension(p, table);
    cmark_parser_feed(p, copy, n);
    cmark_node *doc = cmark_parser_finish(p);
    long deep = doc ? too_deep(doc) : 0;
    if (!doc)
        m.status = SL_ERR_NOMEM;
    else if (deep)
        m.status =
            sla_builder_refuse(b, deep, "Markdown nested deeper than %d levels", SLA_MAX_NESTING);
    else
        read_block(&m, doc, 0, false);
    if (doc)
        cmark_node_free(doc);
    cmark_parser_free(p);
    free(copy);
    return m.status;
}
