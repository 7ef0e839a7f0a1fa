/* sla_lines.c — an SLA document's bytes into source lines, and the inline
 * clean-up of Markdown and HTML text; see sla_lines.h. */
#include "parsers/sla/sla_lines.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/base/jsonw.h"
#include "engine/base/strbuf.h"

/* The longest inline tag in Markdown, and the longest tag (with its
 * attributes) in HTML; a '<' without a '>' within reach is text. */
#define SLA_TAG_MAX 1024
#define SLA_HTML_TAG_MAX 65536

static enum sl_status
lines_push(struct line_list *l, const char *s, size_t n, long line)
{
    if (grow_reserve((void **)&l->v, &l->alloc, l->n + 1, sizeof *l->v))
        return SL_ERR_NOMEM;
    char *copy = malloc(n + 1);
    if (!copy)
        return SL_ERR_NOMEM;
    memcpy(copy, s, n);
    copy[n] = '\0';
    l->v[l->n++] = (struct src_line){.text = copy, .line = line};
    return SL_OK;
}

void
sla_lines_release(struct line_list *l)
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
    size_t k = jsonw_utf8_sequence_length(s, n);
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
/* A comma at in[i] that is a decimal point ("99,95 %", "99,9"), not a
 * thousands separator ("1,000"): digits before it and one, two or more
 * than three after it, or three followed by a percent sign. */
static bool
decimal_comma(const char *in, size_t i, char prev)
{
    if (!isdigit((unsigned char)prev))
        return false;
    size_t d = 0;
    while (isdigit((unsigned char)in[i + 1 + d]))
        d++;
    if (!d)
        return false;
    if (d != 3)
        return true;
    const char *p = in + i + 1 + d;
    while (*p == ' ')
        p++;
    return *p == '%';
}

char *
sla_lines_clean_inline(const char *in)
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
        if (cp == ',' && decimal_comma(in, i, sb.len ? sb.buf[sb.len - 1] : 0))
            cp = '.';
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

size_t
sla_lines_cell_starts(const char *s, size_t *at, size_t max)
{
    size_t n = 0;
    if (strchr(s, '\t') || strstr(s, ". "))
        return 0;
    const char *p = s;
    while (*p == ' ')
        p++;
    /* "iii)  the affected team": a list marker set apart, not a cell. */
    const char *gap = strstr(p, "  ");
    if (gap && gap - p <= 5 && (gap[-1] == ')' || gap[-1] == '.'))
        return 0;
    for (; *p && n < max; p++) {
        if (p[0] != ' ' || p[1] != ' ')
            continue;
        const char *q = p;
        while (*q == ' ')
            q++;
        if (!*q)
            break;
        at[n++] = (size_t)(q - s);
        p = q - 1;
    }
    return n;
}

char *
sla_lines_split_cells(const char *s)
{
    struct strbuf sb = STRBUF_INIT;
    enum sl_status st = SL_OK;
    while (*s == ' ')
        s++;
    while (*s && !st) {
        const char *q = strstr(s, "  ");
        size_t len = q ? (size_t)(q - s) : strlen(s);
        if (sb.len)
            st = strbuf_addch(&sb, '\t');
        if (!st)
            st = strbuf_add(&sb, s, len);
        s += len;
        while (*s == ' ')
            s++;
    }
    if (st) {
        strbuf_release(&sb);
        return NULL;
    }
    return sb.buf ? strbuf_detach(&sb) : strdup("");
}

enum sl_status
sla_lines_read(const char *d, size_t n, bool *html, struct line_list *out)
{
    /* A document is HTML when it opens with a tag; Markdown that carries
     * HTML blocks is Markdown, its blocks read as HTML one by one. */
    size_t i = 0;
    while (i < n && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r' || d[i] == '\n'))
        i++;
    *html = i < n && d[i] == '<' && looks_html(d, n);
    return *html ? html_to_lines(d, n, out) : text_to_lines(d, n, out);
}
