/* sla_text.c — an SLA document (Markdown, plain text, HTML) into units with
 * their source lines; see sla_text.h. */
#include "parsers/sla_text.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/infile.h"
#include "engine/jsonw.h"
#include "engine/strbuf.h"

/* The longest inline tag in Markdown, and the longest tag (with its
 * attributes) in HTML; a '<' without a '>' within reach is text. */
#define SLA_TAG_MAX 1024
#define SLA_HTML_TAG_MAX 65536

/* One line of the document as the block reader sees it. */
struct src_line {
    char *text;
    long line;
    bool row_break; /* HTML: the end of a table (a blank line follows) */
};

struct line_list {
    struct src_line *v;
    size_t n, alloc;
};

static enum sl_status
lines_push(struct line_list *l, const char *s, size_t n, long line)
{
    if (l->n == l->alloc) {
        size_t alloc = l->alloc ? l->alloc * 2 : 64;
        struct src_line *v = realloc(l->v, alloc * sizeof *v);
        if (!v)
            return SL_ERR_NOMEM;
        l->v = v;
        l->alloc = alloc;
    }
    char *copy = malloc(n + 1);
    if (!copy)
        return SL_ERR_NOMEM;
    memcpy(copy, s, n);
    copy[n] = '\0';
    l->v[l->n++] = (struct src_line){copy, line, false};
    return SL_OK;
}

static void
lines_release(struct line_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->v[i].text);
    free(l->v);
    memset(l, 0, sizeof *l);
}

/* ---- entities and inline clean-up ------------------------------------- */

struct entity {
    const char *name;
    unsigned code;
};

static const struct entity entities[] = {
    {"amp", '&'},    {"lt", '<'},      {"gt", '>'},        {"quot", '"'},    {"apos", '\''},
    {"nbsp", ' '},   {"ge", 0x2265},   {"le", 0x2264},     {"ndash", '-'},   {"mdash", '-'},
    {"minus", '-'},  {"rsquo", '\''},  {"lsquo", '\''},    {"ldquo", '"'},   {"rdquo", '"'},
    {"times", 0xd7}, {"middot", 0xb7}, {"hellip", 0x2026}, {"bull", 0x2022}, {"shy", 0},
    {"copy", 0xa9},  {"reg", 0xae},    {"trade", 0x2122},  {"euro", 0x20ac}, {"sect", 0xa7},
    {"lsaquo", '<'}, {"rsaquo", '>'},  {"laquo", '"'},     {"raquo", '"'},   {NULL, 0},
};

static void
add_codepoint(struct strbuf *sb, unsigned c)
{
    /* Typographic punctuation becomes ASCII so the patterns stay simple. */
    switch (c) {
    case 0:
        return;
    case 0xa0:
    case 0x2002:
    case 0x2003:
    case 0x2009:
    case 0x202f:
        c = ' ';
        break;
    case 0x2018:
    case 0x2019:
    case 0x2032:
        c = '\'';
        break;
    case 0x201c:
    case 0x201d:
        c = '"';
        break;
    case 0x2010:
    case 0x2011:
    case 0x2012:
    case 0x2013:
    case 0x2014:
    case 0x2212:
        c = '-';
        break;
    case 0xff05:
        c = '%';
        break;
    }
    if (c < 0x80) {
        strbuf_addch(sb, (char)c);
    } else if (c < 0x800) {
        strbuf_addch(sb, (char)(0xc0 | (c >> 6)));
        strbuf_addch(sb, (char)(0x80 | (c & 0x3f)));
    } else if (c < 0x10000) {
        strbuf_addch(sb, (char)(0xe0 | (c >> 12)));
        strbuf_addch(sb, (char)(0x80 | ((c >> 6) & 0x3f)));
        strbuf_addch(sb, (char)(0x80 | (c & 0x3f)));
    } else if (c < 0x110000) {
        strbuf_addch(sb, (char)(0xf0 | (c >> 18)));
        strbuf_addch(sb, (char)(0x80 | ((c >> 12) & 0x3f)));
        strbuf_addch(sb, (char)(0x80 | ((c >> 6) & 0x3f)));
        strbuf_addch(sb, (char)(0x80 | (c & 0x3f)));
    }
}

/* Decodes the entity at s (s[0] == '&'); returns the bytes used, 0 if none. */
static size_t
decode_entity(const char *s, struct strbuf *sb)
{
    const char *semi = memchr(s, ';', strnlen(s, 12));
    if (!semi || semi == s + 1)
        return 0;
    size_t n = (size_t)(semi - s - 1);
    if (s[1] == '#') {
        char *end;
        errno = 0;
        unsigned long c =
            (s[2] == 'x' || s[2] == 'X') ? strtoul(s + 3, &end, 16) : strtoul(s + 2, &end, 10);
        if (end != semi || errno || c > 0x10ffff)
            return 0;
        add_codepoint(sb, (unsigned)c);
        return n + 2;
    }
    for (const struct entity *e = entities; e->name; e++) {
        if (strlen(e->name) == n && !strncmp(s + 1, e->name, n)) {
            add_codepoint(sb, e->code);
            return n + 2;
        }
    }
    return 0;
}

/* Decodes one UTF-8 sequence; returns its length and the code point, or 0
 * for an invalid byte. */
static size_t
utf8_decode(const unsigned char *s, size_t n, unsigned *cp)
{
    size_t k = utf8_sequence_length(s, n);
    if (!k)
        return 0;
    if (k == 1)
        *cp = s[0];
    else if (k == 2)
        *cp = ((s[0] & 0x1fu) << 6) | (s[1] & 0x3fu);
    else if (k == 3)
        *cp = ((s[0] & 0x0fu) << 12) | ((s[1] & 0x3fu) << 6) | (s[2] & 0x3fu);
    else
        *cp = ((s[0] & 0x07u) << 18) | ((s[1] & 0x3fu) << 12) | ((s[2] & 0x3fu) << 6) |
              (s[3] & 0x3fu);
    return k;
}

static bool
is_tag_start(const char *s)
{
    return s[0] == '<' && (isalpha((unsigned char)s[1]) || s[1] == '/' || s[1] == '!');
}

/* The same within n bytes (raw HTML need not be NUL-terminated). */
static bool
is_tag_start_n(const char *s, size_t n)
{
    return n >= 2 && is_tag_start(s);
}

/* Markdown and HTML reduced to their text: entities, inline tags, emphasis,
 * links, escapes; typographic characters to ASCII; spaces collapsed. */
static char *
clean_inline(const char *in)
{
    struct strbuf sb = STRBUF_INIT;
    size_t n = strlen(in);
    for (size_t i = 0; i < n;) {
        const char *s = in + i;
        if (s[0] == '&') {
            size_t used = decode_entity(s, &sb);
            if (used) {
                i += used;
                continue;
            }
        }
        if (is_tag_start(s)) {
            /* A tag is short; bounding the search keeps "<a<a<a..." linear. */
            const char *gt = memchr(s, '>', strnlen(s, SLA_TAG_MAX));
            if (gt) {
                if (!strncasecmp(s, "<br", 3))
                    strbuf_addch(&sb, ' ');
                i += (size_t)(gt - s) + 1;
                continue;
            }
        }
        if ((s[0] == '*' && s[1] == '*') || (s[0] == '_' && s[1] == '_')) {
            i += 2;
            continue;
        }
        if (s[0] == '\\' && s[1] && ispunct((unsigned char)s[1])) {
            strbuf_addch(&sb, s[1]);
            i += 2;
            continue;
        }
        if (s[0] == '`') {
            i++;
            continue;
        }
        if (s[0] == ']' && s[1] == '(') { /* [text](url): keep the text */
            const char *close = strchr(s + 2, ')');
            if (close) {
                i += (size_t)(close - s) + 1;
                continue;
            }
        }
        /* Only a short link text is looked for, so a line of brackets stays linear. */
        if (s[0] == '[' && memmem(s, strnlen(s, 300), "](", 2)) {
            i++;
            continue;
        }
        unsigned cp;
        size_t k = utf8_decode((const unsigned char *)s, n - i, &cp);
        if (!k) {
            strbuf_addch(&sb, '?');
            i++;
            continue;
        }
        if (cp == '\t' || cp == '\r' || cp == '\n')
            cp = ' ';
        if (cp == ' ' && (sb.len == 0 || sb.buf[sb.len - 1] == ' ')) {
            i += k;
            continue;
        }
        add_codepoint(&sb, cp);
        i += k;
    }
    while (sb.len && sb.buf[sb.len - 1] == ' ')
        sb.buf[--sb.len] = '\0';
    return strbuf_detach(&sb);
}

/* ---- HTML to lines ----------------------------------------------------- */

static bool
looks_html(const char *d, size_t n)
{
    int tags = 0;
    /* Block structure only: Markdown tables may carry <br> and <span>. */
    static const char *const names[] = {"<p>",   "<p ", "<div", "<table",   "<tr", "<td",
                                        "<li",   "<h1", "<h2",  "<h3",      "<h4", "<html",
                                        "<body", "<ul", "<th",  "<section", NULL};
    size_t lim = n < 65536 ? n : 65536;
    for (size_t i = 0; i < lim; i++) {
        if (d[i] != '<')
            continue;
        for (int k = 0; names[k]; k++)
            if (lim - i >= strlen(names[k]) && !strncasecmp(d + i, names[k], strlen(names[k])))
                tags++;
    }
    return tags >= 4;
}

static bool
tag_is(const char *name, size_t n, const char *const *set)
{
    for (int k = 0; set[k]; k++)
        if (strlen(set[k]) == n && !strncasecmp(name, set[k], n))
            return true;
    return false;
}

/* Columns of an HTML table whose spans are followed; cells past it are kept
 * but their spans are not. */
#define HTML_MAX_COLS 16

struct html_state {
    struct line_list *out;
    struct strbuf cur;
    long cur_line;
    bool in_row;
    /* The cell being read: where its text starts in cur, its spans. */
    bool in_cell;
    size_t cell_start;
    int col, colspan, rowspan;
    /* A cell with rowspan="n" fills its columns of the next n - 1 rows. */
    struct {
        char *text;
        int rows_left;
    } carry[HTML_MAX_COLS];
};

/* The value of a numeric attribute (colspan="2") of the tag in [tag, end); 1
 * when absent or out of range. */
static int
span_attribute(const char *tag, const char *end, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = tag; p + n < end; p++) {
        if (strncasecmp(p, name, n))
            continue;
        const char *q = p + n;
        while (q < end && (*q == ' ' || *q == '=' || *q == '"' || *q == '\''))
            q++;
        long v = 0;
        while (q < end && isdigit((unsigned char)*q) && v < 1000)
            v = v * 10 + (*q++ - '0');
        return v >= 1 && v <= HTML_MAX_COLS ? (int)v : 1;
    }
    return 1;
}

static void
html_carry_reset(struct html_state *h)
{
    for (int c = 0; c < HTML_MAX_COLS; c++) {
        free(h->carry[c].text);
        h->carry[c].text = NULL;
        h->carry[c].rows_left = 0;
    }
}

/* Emits the cells carried down into this row from column h->col on, as long
 * as they are contiguous (all of them when rest is true: the row's end). */
static enum sl_status
html_carried_cells(struct html_state *h, bool rest)
{
    enum sl_status s = SL_OK;
    for (; h->col < HTML_MAX_COLS && !s; h->col++) {
        if (h->carry[h->col].rows_left <= 0) {
            if (rest)
                continue;
            break;
        }
        s = strbuf_addf(&h->cur, "%s | ", h->carry[h->col].text);
        if (--h->carry[h->col].rows_left == 0) {
            free(h->carry[h->col].text);
            h->carry[h->col].text = NULL;
        }
    }
    return s;
}

/* Ends the cell being read: repeats it across its colspan, and remembers it
 * for the rows its rowspan covers. */
static enum sl_status
html_cell_close(struct html_state *h)
{
    if (!h->in_cell)
        return SL_OK;
    h->in_cell = false;
    size_t start = h->cell_start < h->cur.len ? h->cell_start : h->cur.len;
    char *text = strndup(h->cur.buf + start, h->cur.len - start);
    if (!text)
        return SL_ERR_NOMEM;
    enum sl_status s = strbuf_addstr(&h->cur, " | ");
    for (int k = 1; k < h->colspan && !s; k++)
        s = strbuf_addf(&h->cur, "%s | ", text);
    for (int k = 0; k < h->colspan && h->rowspan > 1 && !s; k++) {
        int c = h->col + k;
        if (c >= HTML_MAX_COLS)
            break;
        free(h->carry[c].text);
        h->carry[c].text = strdup(text);
        h->carry[c].rows_left = h->carry[c].text ? h->rowspan - 1 : 0;
    }
    h->col += h->colspan;
    free(text);
    return s;
}

static enum sl_status
html_flush(struct html_state *h, bool blank_after)
{
    enum sl_status s = SL_OK;
    size_t i = 0;
    while (i < h->cur.len && h->cur.buf[i] == ' ')
        i++;
    if (i < h->cur.len)
        s = lines_push(h->out, h->cur.buf + i, h->cur.len - i, h->cur_line);
    if (!s && blank_after)
        s = lines_push(h->out, "", 0, h->cur_line);
    strbuf_reset(&h->cur);
    return s;
}

static enum sl_status
html_to_lines(const char *d, size_t n, struct line_list *out)
{
    static const char *const blocks[] = {
        "p",  "div", "ul",  "ol", "section", "article", "header", "footer", "blockquote", "dl",
        "dt", "dd",  "pre", "hr", "main",    "nav",     "body",   "html",   "form",       NULL};
    static const char *const headings[] = {"h1", "h2", "h3", "h4", "h5", "h6", "title", NULL};
    static const char *const skipped[] = {"script", "style", "head", "noscript", NULL};
    struct html_state h = {.out = out, .cur = STRBUF_INIT, .cur_line = 1};
    long line = 1;
    enum sl_status s = SL_OK;
    bool no_more_gt = false; /* no '>' after this point: no more tags */
    for (size_t i = 0; i < n && !s;) {
        if (d[i] == '\n') {
            line++;
            if (h.cur.len && h.cur.buf[h.cur.len - 1] != ' ')
                s = strbuf_addch(&h.cur, ' ');
            i++;
            continue;
        }
        if (n - i >= 4 && !memcmp(d + i, "<!--", 4)) {
            const char *end = memmem(d + i, n - i, "-->", 3);
            size_t stop = end ? (size_t)(end - d) + 3 : n;
            for (; i < stop; i++)
                line += d[i] == '\n';
            continue;
        }
        if (no_more_gt || !is_tag_start_n(d + i, n - i)) {
            if (!h.cur.len)
                h.cur_line = line;
            s = strbuf_addch(&h.cur, d[i] == '\r' ? ' ' : d[i]);
            i++;
            continue;
        }
        const char *gt = memchr(d + i, '>', n - i < SLA_HTML_TAG_MAX ? n - i : SLA_HTML_TAG_MAX);
        if (!gt) {
            no_more_gt = n - i < SLA_HTML_TAG_MAX;
            s = strbuf_addch(&h.cur, d[i++]);
            continue;
        }
        size_t tag_end = (size_t)(gt - d) + 1;
        bool closing = d[i + 1] == '/';
        const char *name = d + i + 1 + closing;
        size_t nlen = 0;
        while (name + nlen < gt && isalnum((unsigned char)name[nlen]))
            nlen++;
        size_t tag_start = i;
        for (size_t k = i; k < tag_end; k++)
            line += d[k] == '\n';
        i = tag_end;
        if (!closing && tag_is(name, nlen, skipped)) {
            char close[16];
            snprintf(close, sizeof close, "</%.*s", (int)(nlen < 10 ? nlen : 10), name);
            size_t k = i, cl = strlen(close);
            while (k < n && (n - k < cl || strncasecmp(d + k, close, cl)))
                line += d[k++] == '\n';
            i = k;
            continue;
        }
        if (tag_is(name, nlen, (const char *const[]){"tr", NULL})) {
            s = html_cell_close(&h);
            if (!s && h.in_row)
                s = html_carried_cells(&h, true);
            s = s ? s : html_flush(&h, false);
            h.in_row = !closing;
            h.col = 0;
            if (!closing) {
                h.cur_line = line;
                s = s ? s : strbuf_addstr(&h.cur, "| ");
            }
        } else if (tag_is(name, nlen, (const char *const[]){"td", "th", NULL})) {
            /* A cell may be left unclosed: the next one closes it. */
            s = html_cell_close(&h);
            if (!closing && !s) {
                if (!h.in_row) {
                    h.cur_line = line;
                    h.in_row = true;
                    h.col = 0;
                    s = strbuf_addstr(&h.cur, "| ");
                }
                s = s ? s : html_carried_cells(&h, false);
                h.in_cell = true;
                h.cell_start = h.cur.len;
                h.colspan = span_attribute(d + tag_start, d + tag_end, "colspan");
                h.rowspan = span_attribute(d + tag_start, d + tag_end, "rowspan");
            }
        } else if (tag_is(name, nlen, (const char *const[]){"br", NULL})) {
            s = h.in_row ? strbuf_addch(&h.cur, ' ') : html_flush(&h, false);
        } else if (tag_is(name, nlen, (const char *const[]){"li", NULL})) {
            s = html_flush(&h, !closing);
            if (!closing) {
                h.cur_line = line;
                s = s ? s : strbuf_addstr(&h.cur, "- ");
            }
        } else if (tag_is(name, nlen, headings)) {
            s = html_flush(&h, true);
            if (!closing) {
                h.cur_line = line;
                s = s ? s : strbuf_addstr(&h.cur, "# ");
            }
        } else if (tag_is(name, nlen, (const char *const[]){"table", NULL})) {
            /* A table's start or end closes whatever row was left open. */
            s = html_cell_close(&h);
            s = s ? s : html_flush(&h, true);
            h.in_row = false;
            html_carry_reset(&h);
        } else if (tag_is(name, nlen, blocks)) {
            if (!h.in_row)
                s = html_flush(&h, true);
        } else {
            /* An inline tag: keep the text around it apart. */
            if (h.cur.len && h.cur.buf[h.cur.len - 1] != ' ' &&
                tag_is(name, nlen,
                       (const char *const[]){"span", "a", "strong", "em", "b", "i", "code",
                                             NULL}) == false)
                s = strbuf_addch(&h.cur, ' ');
        }
    }
    if (!s)
        s = html_flush(&h, false);
    html_carry_reset(&h);
    strbuf_release(&h.cur);
    return s;
}

static enum sl_status
text_to_lines(const char *d, size_t n, struct line_list *out)
{
    long line = 1;
    size_t start = 0;
    enum sl_status s = SL_OK;
    for (size_t i = 0; i <= n && !s; i++) {
        if (i < n && d[i] != '\n')
            continue;
        size_t end = i;
        if (end > start && d[end - 1] == '\r')
            end--;
        s = lines_push(out, d + start, end - start, line++);
        start = i + 1;
    }
    return s;
}

/* ---- blocks ---------------------------------------------------------- */

struct builder {
    struct sla_text *t;
    size_t alloc;
    struct strbuf text;
    struct sla_break *breaks;
    size_t nbreaks, abreaks;
    long line;
    enum sla_unit_kind kind;
    bool open;
    int table;  /* current table index, -1 when not in a table */
    int tables; /* tables seen */
    int heading;
};

static enum sl_status
unit_close(struct builder *b)
{
    if (!b->open)
        return SL_OK;
    b->open = false;
    struct sla_text *t = b->t;
    if (t->nunits == b->alloc) {
        size_t alloc = b->alloc ? b->alloc * 2 : 64;
        struct sla_unit *v = realloc(t->units, alloc * sizeof *v);
        if (!v)
            return SL_ERR_NOMEM;
        t->units = v;
        b->alloc = alloc;
    }
    enum sla_unit_kind kind = b->kind;
    /* A lone short line without closing punctuation or figures is a heading
     * ("3.2 Exceptions", "Service Credits"). */
    if (kind == SLA_UNIT_PARAGRAPH && !b->nbreaks && b->text.len && b->text.len < 70 &&
        !strchr(".,;:", b->text.buf[b->text.len - 1]) && !strchr(b->text.buf, '%'))
        kind = SLA_UNIT_HEADING;
    struct sla_unit *u = &t->units[t->nunits];
    u->kind = kind;
    u->len = b->text.len;
    u->text = strbuf_detach(&b->text);
    u->line = b->line;
    u->breaks = b->breaks;
    u->nbreaks = b->nbreaks;
    u->table = kind == SLA_UNIT_ROW ? b->table : -1;
    u->heading = b->heading;
    if (kind == SLA_UNIT_HEADING)
        b->heading = (int)t->nunits;
    t->nunits++;
    b->breaks = NULL;
    b->nbreaks = b->abreaks = 0;
    return SL_OK;
}

static enum sl_status
unit_open(struct builder *b, enum sla_unit_kind kind, long line, const char *text)
{
    enum sl_status s = unit_close(b);
    if (s)
        return s;
    b->open = true;
    b->kind = kind;
    b->line = line;
    return strbuf_addstr(&b->text, text);
}

static enum sl_status
unit_continue(struct builder *b, long line, const char *text)
{
    if (b->nbreaks == b->abreaks) {
        size_t a = b->abreaks ? b->abreaks * 2 : 8;
        struct sla_break *v = realloc(b->breaks, a * sizeof *v);
        if (!v)
            return SL_ERR_NOMEM;
        b->breaks = v;
        b->abreaks = a;
    }
    enum sl_status s = strbuf_addch(&b->text, ' ');
    b->breaks[b->nbreaks++] = (struct sla_break){b->text.len, line};
    return s ? s : strbuf_addstr(&b->text, text);
}

static bool
blank(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
    return !*s;
}

/* A Markdown horizontal rule or table separator row. */
static bool
rule_line(const char *s)
{
    bool dash = false;
    for (; *s; s++) {
        if (*s == '-' || *s == '*' || *s == '_' || *s == '=')
            dash = true;
        else if (!strchr(" \t|:", *s))
            return false;
    }
    return dash;
}

/* Length of a list marker at s ("- ", "1. ", "(a) ", "(iv)"), 0 if none. */
static size_t
list_marker(const char *s)
{
    const char *p = s;
    if (strchr("-*+", *p) && p[1] == ' ')
        return 2;
    if (!strncmp(p, "\xe2\x80\xa2", 3)) /* • */
        return 3 + (p[3] == ' ');
    if (*p == '(') {
        const char *q = p + 1;
        while (isalnum((unsigned char)*q) && q - p < 6)
            q++;
        if (*q == ')' && q > p + 1)
            return (size_t)(q - p) + 1 + (q[1] == ' ');
        return 0;
    }
    if (isdigit((unsigned char)*p)) {
        const char *q = p;
        while (isdigit((unsigned char)*q))
            q++;
        if ((*q == '.' || *q == ')') && q[1] == ' ' && q - p <= 2)
            return (size_t)(q - p) + 2;
        return 0;
    }
    if (islower((unsigned char)*p) && (p[1] == '.' || p[1] == ')') && p[2] == ' ')
        return 3;
    return 0;
}

/* Cells of a Markdown ("| a | b |") or tab-separated row, cleaned and joined
 * by tabs; NULL when the line is not a row. */
static char *
row_text(const char *raw, bool *is_row)
{
    const char *s = raw;
    while (*s == ' ')
        s++;
    char sep = 0;
    if (*s == '|')
        sep = '|';
    else if (strchr(s, '\t')) {
        int fields = 0;
        for (const char *p = s, *q; *p; p = *q ? q + 1 : q) {
            q = strchr(p, '\t');
            if (!q)
                q = p + strlen(p);
            const char *a = p;
            while (a < q && *a == ' ')
                a++;
            fields += a < q;
        }
        if (fields >= 2)
            sep = '\t';
    }
    /* A fixed-width table: cells apart by runs of three or more spaces. */
    bool spaced = false;
    if (!sep && !list_marker(s) && strstr(s, "   ")) {
        int fields = 0;
        bool digit = false;
        for (const char *p = s; *p;) {
            const char *q = strstr(p, "   ");
            if (!q)
                q = p + strlen(p);
            fields += q > p;
            for (const char *d = p; d < q; d++)
                digit |= isdigit((unsigned char)*d) != 0;
            p = q;
            while (*p == ' ')
                p++;
        }
        spaced = fields >= 2 && digit && !strstr(s, ". ");
    }
    *is_row = sep != 0 || spaced;
    if (spaced) {
        struct strbuf sb = STRBUF_INIT;
        for (const char *p = s; *p;) {
            const char *q = strstr(p, "   ");
            if (!q)
                q = p + strlen(p);
            char *cell = strndup(p, (size_t)(q - p));
            char *clean = cell ? clean_inline(cell) : NULL;
            free(cell);
            if (clean && *clean) {
                if (sb.len)
                    strbuf_addch(&sb, '\t');
                strbuf_addstr(&sb, clean);
            }
            free(clean);
            p = q;
            while (*p == ' ')
                p++;
        }
        return strbuf_detach(&sb);
    }
    if (!sep)
        return NULL;
    struct strbuf sb = STRBUF_INIT;
    const char *p = s + (sep == '|');
    int cells = 0;
    while (*p) {
        const char *q = p;
        while (*q && !(*q == sep && (q == p || q[-1] != '\\')))
            q++;
        size_t n = (size_t)(q - p);
        char *cell = malloc(n + 1);
        if (!cell)
            break;
        memcpy(cell, p, n);
        cell[n] = '\0';
        char *clean = clean_inline(cell);
        free(cell);
        bool last = !*q || (sep == '|' && blank(q + 1));
        if (clean && (*clean || !last || sep == '\t')) {
            if (cells++)
                strbuf_addch(&sb, '\t');
            strbuf_addstr(&sb, clean);
        }
        free(clean);
        if (!*q || last)
            break;
        p = q + 1;
    }
    return strbuf_detach(&sb);
}

/* "at least five\n(5) business days": a line that opens with the digits of
 * the number word ending the paragraph above continues it; it is no list. */
static bool
wrapped_figure(const struct builder *b, const char *p)
{
    static const char *const words[] = {
        "one",   "two",   "three",   "four",   "five",    "six",     "seven",  "eight",
        "nine",  "ten",   "eleven",  "twelve", "fifteen", "twenty",  "thirty", "forty",
        "fifty", "sixty", "seventy", "eighty", "ninety",  "hundred", NULL};
    if (!b->open || b->kind == SLA_UNIT_HEADING || p[0] != '(' || !isdigit((unsigned char)p[1]) ||
        !b->text.len)
        return false;
    size_t end = b->text.len, start = end;
    while (start && isalpha((unsigned char)b->text.buf[start - 1]))
        start--;
    if (start == end)
        return false;
    for (int k = 0; words[k]; k++)
        if (strlen(words[k]) == end - start &&
            !strncasecmp(b->text.buf + start, words[k], end - start))
            return true;
    return false;
}

static enum sl_status
build_units(struct line_list *lines, struct sla_text *t)
{
    struct builder b = {.t = t, .text = STRBUF_INIT, .table = -1, .heading = -1};
    enum sl_status s = SL_OK;
    size_t first = 0;
    /* YAML front matter: kept as lines, not read as terms. */
    if (lines->n && !strcmp(lines->v[0].text, "---")) {
        for (size_t i = 1; i < lines->n && i < 60; i++) {
            if (!strcmp(lines->v[i].text, "---")) {
                first = i + 1;
                break;
            }
        }
    }
    for (size_t i = first; i < lines->n && !s; i++) {
        const char *raw = lines->v[i].text;
        long line = lines->v[i].line;
        if (blank(raw)) {
            s = unit_close(&b);
            b.table = -1;
            continue;
        }
        bool is_row;
        char *row = row_text(raw, &is_row);
        if (is_row) {
            const char *tr = raw;
            while (*tr == ' ')
                tr++;
            if (rule_line(tr)) {
                free(row);
                continue;
            }
            if (b.table < 0)
                b.table = b.tables++;
            s = row ? unit_open(&b, SLA_UNIT_ROW, line, row) : SL_ERR_NOMEM;
            free(row);
            if (!s)
                s = unit_close(&b);
            continue;
        }
        if (b.table >= 0) {
            b.table = -1;
        }
        const char *p = raw;
        while (*p == ' ' || *p == '\t')
            p++;
        if (rule_line(p)) {
            s = unit_close(&b);
            continue;
        }
        char *clean = clean_inline(p);
        if (!clean)
            return SL_ERR_NOMEM;
        size_t hashes = 0;
        while (p[hashes] == '#')
            hashes++;
        size_t plen = strlen(p);
        /* A bold line is a heading unless it states a figure or a sentence
         * ("**Availability Level: 99.5% per calendar year.**"). */
        bool bold_line = plen > 4 && !strncmp(p, "**", 2) && !strcmp(p + plen - 2, "**") &&
                         !memchr(p + 2, '*', plen - 4) && !strchr(p, '%') && p[plen - 3] != '.';
        size_t marker = list_marker(p);
        if ((hashes && hashes <= 6 && p[hashes] == ' ') || bold_line) {
            char *h = clean;
            while (*h == '#' || *h == ' ')
                h++;
            s = unit_open(&b, SLA_UNIT_HEADING, line, h);
            if (!s)
                s = unit_close(&b);
        } else if (marker && !wrapped_figure(&b, p)) {
            s = unit_open(&b, SLA_UNIT_ITEM, line, clean);
        } else if (b.open && b.kind != SLA_UNIT_HEADING) {
            s = unit_continue(&b, line, clean);
        } else {
            s = unit_open(&b, SLA_UNIT_PARAGRAPH, line, clean);
        }
        free(clean);
    }
    if (!s)
        s = unit_close(&b);
    strbuf_release(&b.text);
    free(b.breaks);
    return s;
}

enum sl_status
sla_text_parse(const char *data, size_t len, const char *path, struct sla_text *out,
               struct sl_diag *diag)
{
    struct line_list lines = {0};
    enum sl_status s;
    memset(out, 0, sizeof *out);
    if (len > SLA_TEXT_MAX_BYTES)
        return diag_set(diag, SL_ERR_LIMIT, path, 0, "document larger than %zu MB",
                        SLA_TEXT_MAX_BYTES >> 20);
    out->html = looks_html(data, len);
    s = out->html ? html_to_lines(data, len, &lines) : text_to_lines(data, len, &lines);
    if (s)
        goto out;
    /* The lines as read, for quoting: line numbers of HTML are its source's. */
    long last = lines.n ? lines.v[lines.n - 1].line : 0;
    out->lines = calloc((size_t)last + 1, sizeof *out->lines);
    if (!out->lines) {
        s = SL_ERR_NOMEM;
        goto out;
    }
    out->nlines = (size_t)last;
    for (size_t i = 0; i < lines.n; i++) {
        size_t k = (size_t)lines.v[i].line - 1;
        char *clean = clean_inline(lines.v[i].text);
        if (!clean) {
            s = SL_ERR_NOMEM;
            goto out;
        }
        if (out->lines[k] && *clean) {
            struct strbuf sb = STRBUF_INIT;
            strbuf_addf(&sb, "%s %s", out->lines[k], clean);
            free(out->lines[k]);
            free(clean);
            out->lines[k] = strbuf_detach(&sb);
        } else if (!out->lines[k]) {
            out->lines[k] = clean;
        } else {
            free(clean);
        }
    }
    for (size_t k = 0; k < out->nlines; k++)
        if (!out->lines[k] && !(out->lines[k] = strdup(""))) {
            s = SL_ERR_NOMEM;
            goto out;
        }
    s = build_units(&lines, out);
out:
    lines_release(&lines);
    if (s) {
        sla_text_release(out);
        if (s == SL_ERR_NOMEM)
            diag_set(diag, s, path, 0, "out of memory");
    }
    return s;
}

enum sl_status
sla_text_read(const char *path, struct sla_text *out, struct sl_diag *diag)
{
    struct strbuf sb = STRBUF_INIT;
    memset(out, 0, sizeof *out);
    enum sl_status s = infile_read_all(path, &sb, SLA_TEXT_MAX_BYTES, diag);
    if (!s) {
        /* A UTF-8 byte order mark is not text. */
        size_t skip = sb.len >= 3 && !memcmp(sb.buf, "\xef\xbb\xbf", 3) ? 3 : 0;
        s = sla_text_parse(sb.buf + skip, sb.len - skip, path, out, diag);
    }
    strbuf_release(&sb);
    return s;
}

void
sla_text_release(struct sla_text *t)
{
    for (size_t i = 0; i < t->nunits; i++) {
        free(t->units[i].text);
        free(t->units[i].breaks);
    }
    free(t->units);
    for (size_t i = 0; i < t->nlines; i++)
        free(t->lines[i]);
    free(t->lines);
    memset(t, 0, sizeof *t);
}

long
sla_text_line_at(const struct sla_unit *u, size_t off)
{
    long line = u->line;
    for (size_t i = 0; i < u->nbreaks && u->breaks[i].off <= off; i++)
        line = u->breaks[i].line;
    return line;
}

size_t
sla_text_cells(const struct sla_unit *u, char **copy, char **cells, size_t max)
{
    size_t n = 0;
    *copy = strdup(u->text);
    if (!*copy)
        return 0;
    for (char *p = *copy; n < max;) {
        cells[n++] = p;
        char *tab = strchr(p, '\t');
        if (!tab)
            break;
        *tab = '\0';
        p = tab + 1;
    }
    return n;
}
