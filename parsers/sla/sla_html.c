/* sla_html.c — HTML into blocks through libxml2's HTML parser (the other
 * files that include libxml2: parsers/read/xmlread.c for XML inputs and
 * sla_docx.c for a Word document's XML). See sla_blocks.h. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/HTMLparser.h>
#include <libxml/tree.h>

#include "engine/base/strbuf.h"
#include "parsers/sla/sla_blocks.h"

#define MAX_COLS 64

struct hw {
    struct sla_builder *b;
    long base; /* source line of the fragment's first line, less one */
    enum sl_status status;
    /* the block being gathered */
    struct strbuf text;
    struct sla_break breaks[64];
    size_t nbreaks;
    long line;
    enum sla_unit_kind kind;
    int level;
    int lists; /* the <ul> and <ol> the walk is inside */
    bool pending_break;
};

static bool
name_in(const xmlNode *n, const char *const *set)
{
    for (int i = 0; set[i]; i++)
        if (!strcasecmp((const char *)n->name, set[i]))
            return true;
    return false;
}

static const char *const skipped[] = {"script",   "style", "head", "noscript",
                                      "template", "svg",   NULL};
static const char *const blocks[] = {
    "p",    "div",     "section", "article", "main", "header",     "footer", "aside",   "nav",
    "ul",   "ol",      "dl",      "dt",      "dd",   "blockquote", "pre",    "address", "figure",
    "form", "details", "summary", "body",    "html", "center",     "hr",     "caption", NULL};

static long
line_of(struct hw *w, const xmlNode *n)
{
    long l = (long)xmlGetLineNo(n);
    return l > 0 ? w->base + l : w->base + 1;
}

static void
flush(struct hw *w)
{
    if (!w->status && w->text.len)
        w->status =
            sla_builder_block(w->b, w->kind, w->text.buf, w->line, w->level, w->breaks, w->nbreaks);
    strbuf_release(&w->text);
    w->nbreaks = 0;
    w->pending_break = false;
}

/* Text with its white space collapsed to single spaces. */
static void
add_text(struct hw *w, const xmlNode *n, const char *s)
{
    for (; *s && !w->status; s++) {
        bool space = *s == ' ' || *s == '\t' || *s == '\n' || *s == '\r';
        if (space) {
            if (w->text.len && w->text.buf[w->text.len - 1] != ' ')
                w->status = strbuf_addch(&w->text, ' ');
            continue;
        }
        if (!w->text.len)
            w->line = line_of(w, n);
        else if (w->pending_break && w->nbreaks < 64) {
            if (w->text.buf[w->text.len - 1] != ' ')
                strbuf_addch(&w->text, ' ');
            w->breaks[w->nbreaks++] = (struct sla_break){w->text.len, line_of(w, n)};
        }
        w->pending_break = false;
        w->status = strbuf_addch(&w->text, *s);
    }
}

/* All the text under n as one line (table cells). */
static void
cell_text(const xmlNode *n, struct strbuf *sb)
{
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) {
            for (const char *s = (const char *)c->content; s && *s; s++) {
                bool space = *s == ' ' || *s == '\t' || *s == '\n' || *s == '\r';
                if (!space)
                    strbuf_addch(sb, *s);
                else if (sb->len && sb->buf[sb->len - 1] != ' ')
                    strbuf_addch(sb, ' ');
            }
        } else if (c->type == XML_ELEMENT_NODE && !name_in(c, skipped)) {
            bool sep = !strcasecmp((const char *)c->name, "br") || name_in(c, blocks) ||
                       !strcasecmp((const char *)c->name, "li");
            if (sep && sb->len && sb->buf[sb->len - 1] != ' ')
                strbuf_addch(sb, ' ');
            cell_text(c, sb);
            if (sep && sb->len && sb->buf[sb->len - 1] != ' ')
                strbuf_addch(sb, ' ');
        }
    }
}

static int
span_of(const xmlNode *n, const char *attr)
{
    xmlChar *v = xmlGetProp(n, (const xmlChar *)attr);
    int k = 1;
    if (v) {
        long x = strtol((const char *)v, NULL, 10);
        k = x >= 1 && x <= MAX_COLS ? (int)x : 1;
        xmlFree(v);
    }
    return k;
}

struct carry {
    int left; /* rows still covered */
    char *text;
};

static void
read_row(struct hw *w, const xmlNode *tr, struct carry *carry, bool in_head)
{
    char *cells[MAX_COLS] = {0};
    size_t n = 0;
    bool all_th = true, any = false;
    const xmlNode *c = tr->children;
    while (n < MAX_COLS) {
        /* Cells carried down from a rowspan above come first. */
        if (carry[n].left > 0) {
            cells[n] = strdup(carry[n].text);
            carry[n].left--;
            n++;
            continue;
        }
        while (c && !(c->type == XML_ELEMENT_NODE && (!strcasecmp((const char *)c->name, "td") ||
                                                      !strcasecmp((const char *)c->name, "th"))))
            c = c->next;
        if (!c)
            break;
        any = true;
        all_th &= !strcasecmp((const char *)c->name, "th");
        struct strbuf sb = STRBUF_INIT;
        cell_text(c, &sb);
        const char *t = sb.buf ? sb.buf : "";
        int cols = span_of(c, "colspan"), rows = span_of(c, "rowspan");
        for (int k = 0; k < cols && n < MAX_COLS; k++, n++) {
            cells[n] = strdup(t);
            if (rows > 1) {
                free(carry[n].text);
                carry[n].text = strdup(t);
                carry[n].left = carry[n].text ? rows - 1 : 0;
            }
        }
        strbuf_release(&sb);
        c = c->next;
    }
    if (any && !w->status)
        w->status = sla_builder_row(w->b, cells, n, line_of(w, tr), in_head || all_th);
    for (size_t k = 0; k < n; k++)
        free(cells[k]);
}

static void
read_rows(struct hw *w, const xmlNode *n, struct carry *carry, bool in_head)
{
    for (const xmlNode *c = n->children; c && !w->status; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (!strcasecmp((const char *)c->name, "tr"))
            read_row(w, c, carry, in_head);
        else if (!strcasecmp((const char *)c->name, "thead"))
            read_rows(w, c, carry, true);
        else if (!strcasecmp((const char *)c->name, "tbody") ||
                 !strcasecmp((const char *)c->name, "tfoot"))
            read_rows(w, c, carry, false);
    }
}

static void walk(struct hw *w, const xmlNode *n);

static void
block(struct hw *w, const xmlNode *n, enum sla_unit_kind kind, int level)
{
    flush(w);
    enum sla_unit_kind k = w->kind;
    int l = w->level;
    w->kind = kind;
    w->level = level;
    for (const xmlNode *c = n->children; c && !w->status; c = c->next)
        walk(w, c);
    flush(w);
    w->kind = k;
    w->level = l;
}

static void
walk(struct hw *w, const xmlNode *n)
{
    if (n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) {
        add_text(w, n, (const char *)n->content);
        return;
    }
    if (n->type != XML_ELEMENT_NODE || name_in(n, skipped))
        return;
    const char *name = (const char *)n->name;
    if (!strcasecmp(name, "br")) {
        w->pending_break = w->text.len > 0;
        return;
    }
    if (!strcasecmp(name, "table")) {
        flush(w);
        struct carry carry[MAX_COLS] = {{0}};
        read_rows(w, n, carry, false);
        for (int k = 0; k < MAX_COLS; k++)
            free(carry[k].text);
        sla_builder_table_end(w->b);
        return;
    }
    if ((name[0] == 'h' || name[0] == 'H') && name[1] >= '1' && name[1] <= '6' && !name[2]) {
        block(w, n, SLA_UNIT_HEADING, name[1] - '0');
        return;
    }
    if (!strcasecmp(name, "li")) {
        block(w, n, SLA_UNIT_ITEM, w->lists ? w->lists : 1);
        return;
    }
    if (name_in(n, blocks)) {
        bool list = !strcasecmp(name, "ul") || !strcasecmp(name, "ol");
        w->lists += list;
        block(w, n, SLA_UNIT_PARAGRAPH, 0);
        w->lists -= list;
        return;
    }
    for (const xmlNode *c = n->children; c && !w->status; c = c->next)
        walk(w, c);
}

/* The line of the first node nested deeper than SLA_MAX_NESTING, found
 * without recursion; 0 when none is. */
static long
too_deep(xmlNode *top)
{
    int depth = 0;
    for (xmlNode *n = top; n;) {
        if (n->children) {
            n = n->children;
            if (++depth > SLA_MAX_NESTING) {
                long line = (long)xmlGetLineNo(n);
                return line > 0 ? line : 1;
            }
            continue;
        }
        while (n != top && !n->next) {
            n = n->parent;
            depth--;
        }
        n = n == top ? NULL : n->next;
    }
    return 0;
}

enum sl_status
sla_html_read(const char *d, size_t n, long first_line, struct sla_builder *b)
{
    if (n > (size_t)0x7fffffff)
        return SL_ERR_LIMIT;
    htmlDocPtr doc = htmlReadMemory(d, (int)n, NULL, "UTF-8",
                                    HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                                        HTML_PARSE_NONET | HTML_PARSE_NOIMPLIED);
    if (!doc)
        return n ? SL_ERR_INPUT : SL_OK;
    struct hw w = {.b = b, .base = first_line - 1, .text = STRBUF_INIT, .kind = SLA_UNIT_PARAGRAPH};
    long deep = too_deep((xmlNode *)doc);
    if (deep)
        w.status = sla_builder_refuse(b, first_line - 1 + deep, "HTML nested deeper than %d levels",
                                      SLA_MAX_NESTING);
    for (const xmlNode *c = doc->children; c && !w.status; c = c->next)
        walk(&w, c);
    flush(&w);
    xmlFreeDoc(doc);
    return w.status;
}
