/* sla_text.c — an SLA document (Markdown, plain text, HTML, PDF, DOCX) into
 * units with their source lines; see sla_text.h. */
#include "parsers/sla/sla_text.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/base/infile.h"
#include "engine/base/yamldoc.h"
#include "engine/base/strbuf.h"
#include "parsers/sla/sla_blocks.h"
#include "parsers/sla/sla_lines.h"

/* ---- blocks ---------------------------------------------------------- */

struct sla_builder {
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
    int level;
    bool header;
    const char *path; /* the document, for a reader's refusal */
    struct sl_diag *diag;
};

static enum sl_status
unit_close(struct sla_builder *b)
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
    u->level = b->level;
    b->level = 0;
    u->header = kind == SLA_UNIT_ROW && b->header;
    if (kind == SLA_UNIT_HEADING)
        b->heading = (int)t->nunits;
    t->nunits++;
    b->breaks = NULL;
    b->nbreaks = b->abreaks = 0;
    return SL_OK;
}

/* Whether title ends in the name of the file it was made from: word
 * processors write "Microsoft Word - draft-v3.doc" as a PDF's Title, which
 * names no service. */
static bool
names_a_file(const char *title)
{
    static const char *const ext[] = {".doc", ".docx", ".rtf", ".odt", ".pdf", ".txt", ".pages"};
    size_t n = strlen(title);
    while (n && strchr(" \t\r\n", title[n - 1]))
        n--;
    for (size_t i = 0; i < sizeof ext / sizeof *ext; i++) {
        size_t k = strlen(ext[i]);
        if (n > k && !strncasecmp(title + n - k, ext[i], k))
            return true;
    }
    return false;
}

enum sl_status
sla_builder_refuse(struct sla_builder *b, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    enum sl_status s = diag_vset(b->diag, SL_ERR_LIMIT, b->path, line, fmt, ap);
    va_end(ap);
    return s;
}

enum sl_status
sla_builder_title(struct sla_builder *b, const char *title)
{
    while (*title == ' ' || *title == '\t' || *title == '\n' || *title == '\r')
        title++;
    if (!*title || b->t->meta_service || names_a_file(title))
        return SL_OK;
    return (b->t->meta_service = sla_lines_clean_inline(title)) ? SL_OK : SL_ERR_NOMEM;
}

static enum sl_status
unit_open(struct sla_builder *b, enum sla_unit_kind kind, long line, const char *text)
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
unit_continue(struct sla_builder *b, long line, const char *text)
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
    /* "< 99.9% | 10%": a row without outer pipes, when every cell has text
     * and none reads as a sentence. */
    if (!sep && strchr(s, '|') && !strstr(s, ". ")) {
        int fields = 0;
        bool empty = false;
        for (const char *p = s, *q; *p; p = *q ? q + 1 : q) {
            q = strchr(p, '|');
            if (!q)
                q = p + strlen(p);
            const char *a = p;
            while (a < q && (*a == ' ' || *a == '\t'))
                a++;
            fields++;
            empty |= a == q;
        }
        if (fields >= 2 && !empty)
            sep = '|';
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
            char *clean = cell ? sla_lines_clean_inline(cell) : NULL;
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
    const char *p = s + (*s == '|');
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
        char *clean = sla_lines_clean_inline(cell);
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
wrapped_figure(const struct sla_builder *b, const char *p)
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

enum sl_status
sla_builder_block(struct sla_builder *b, enum sla_unit_kind kind, const char *text, long line,
                  int level, const struct sla_break *breaks, size_t nbreaks)
{
    char *clean = sla_lines_clean_inline(text);
    if (!clean)
        return SL_ERR_NOMEM;
    enum sl_status s = unit_close(b);
    b->table = -1;
    const char *h = clean;
    while (*h == ' ')
        h++;
    if (!s && *h) {
        s = unit_open(b, kind, line, h);
        b->level = level;
        /* Break offsets are into text, which cleaning may shorten: keep the
         * ones that still fall inside. */
        for (size_t i = 0; i < nbreaks && !s; i++) {
            if (breaks[i].off >= b->text.len)
                break;
            if (b->nbreaks == b->abreaks) {
                size_t a = b->abreaks ? b->abreaks * 2 : 8;
                struct sla_break *v = realloc(b->breaks, a * sizeof *v);
                if (!v) {
                    s = SL_ERR_NOMEM;
                    break;
                }
                b->breaks = v;
                b->abreaks = a;
            }
            b->breaks[b->nbreaks++] = breaks[i];
        }
        if (!s)
            s = unit_close(b);
        b->level = 0;
    }
    free(clean);
    return s;
}

enum sl_status
sla_builder_row(struct sla_builder *b, char *const *cells, size_t ncells, long line, bool header)
{
    enum sl_status s = unit_close(b);
    if (s)
        return s;
    struct strbuf sb = STRBUF_INIT;
    bool any = false;
    for (size_t i = 0; i < ncells && !s; i++) {
        char *clean = sla_lines_clean_inline(cells[i] ? cells[i] : "");
        if (!clean)
            s = SL_ERR_NOMEM;
        else {
            if (i)
                s = strbuf_addch(&sb, '\t');
            /* A TAB inside a cell would split it. */
            for (char *c = clean; *c; c++)
                if (*c == '\t')
                    *c = ' ';
            any |= *clean != '\0';
            if (!s)
                s = strbuf_addstr(&sb, clean);
        }
        free(clean);
    }
    if (!s && any) {
        if (b->table < 0)
            b->table = b->tables++;
        b->header = header;
        s = unit_open(b, SLA_UNIT_ROW, line, sb.buf ? sb.buf : "");
        if (!s)
            s = unit_close(b);
        b->header = false;
    }
    strbuf_release(&sb);
    return s;
}

void
sla_builder_table_end(struct sla_builder *b)
{
    b->table = -1;
}

/* Line i of [from, to) shares a cell's starting column with the line above
 * or below it: a row of a table whose columns are aligned by spaces. */
static bool
aligned_row(const struct line_list *lines, size_t i, size_t from, size_t to)
{
    size_t at[16], nb[16];
    size_t n = sla_lines_cell_starts(lines->v[i].text, at, 16);
    if (!n || list_marker(lines->v[i].text))
        return false;
    for (size_t j = i > from ? i - 1 : i + 1; j <= i + 1 && j < to && j < lines->n; j += 2) {
        size_t m = sla_lines_cell_starts(lines->v[j].text, nb, 16);
        for (size_t a = 0; a < n; a++)
            for (size_t k = 0; k < m; k++)
                if (at[a] == nb[k])
                    return true;
    }
    return false;
}

enum sl_status
sla_builder_lines(struct sla_builder *b, const struct line_list *lines, size_t from, size_t to,
                  bool first_item, int level)
{
    enum sl_status s = unit_close(b);
    b->table = -1;
    for (size_t i = from; i < to && i < lines->n && !s; i++) {
        const char *raw = lines->v[i].text;
        long line = lines->v[i].line;
        if (lines->v[i].heading && !blank(raw)) {
            /* PDF: the type size said so. */
            char *h = sla_lines_clean_inline(raw);
            s = h ? unit_open(b, SLA_UNIT_HEADING, line, h) : SL_ERR_NOMEM;
            free(h);
            b->level = lines->v[i].heading;
            b->table = -1;
            if (!s)
                s = unit_close(b);
            b->level = 0;
            continue;
        }
        if (blank(raw)) {
            s = unit_close(b);
            b->table = -1;
            continue;
        }
        bool is_row;
        char *row = row_text(raw, &is_row);
        if (!is_row && aligned_row(lines, i, from, to)) {
            char *cells = sla_lines_split_cells(raw);
            free(row);
            row = cells ? row_text(cells, &is_row) : NULL;
            is_row = true;
            free(cells);
        }
        if (is_row) {
            const char *tr = raw;
            while (*tr == ' ')
                tr++;
            if (rule_line(tr)) {
                free(row);
                continue;
            }
            if (b->table < 0)
                b->table = b->tables++;
            s = row ? unit_open(b, SLA_UNIT_ROW, line, row) : SL_ERR_NOMEM;
            free(row);
            if (!s)
                s = unit_close(b);
            continue;
        }
        b->table = -1;
        const char *p = raw;
        while (*p == ' ' || *p == '\t' || *p == '>')
            p++;
        if (rule_line(p)) {
            s = unit_close(b);
            continue;
        }
        char *clean = sla_lines_clean_inline(p);
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
        bool item = marker || (first_item && i == from);
        if ((hashes && hashes <= 6 && p[hashes] == ' ') || bold_line) {
            char *h = clean;
            while (*h == '#' || *h == ' ')
                h++;
            s = unit_open(b, SLA_UNIT_HEADING, line, h);
            b->level = hashes ? (int)hashes : 0;
            if (!s)
                s = unit_close(b);
            b->level = 0;
        } else if (item && !wrapped_figure(b, p)) {
            /* The marker is layout, not text: "(a) ", "2. ", "- ". */
            char *text = clean;
            if (marker) {
                const char *q = p + marker;
                while (*q == ' ')
                    q++;
                text = sla_lines_clean_inline(q);
                if (!text) {
                    free(clean);
                    return SL_ERR_NOMEM;
                }
            }
            s = unit_open(b, SLA_UNIT_ITEM, line, text);
            if (text != clean)
                free(text);
            b->level = level ? level + (i != from) : 1;
        } else if (b->open && b->kind != SLA_UNIT_HEADING) {
            s = unit_continue(b, line, clean);
        } else {
            s = unit_open(b, SLA_UNIT_PARAGRAPH, line, clean);
        }
        free(clean);
    }
    if (!s)
        s = unit_close(b);
    b->level = 0;
    return s;
}

enum doc_kind { DOC_TEXT, DOC_PDF, DOC_DOCX };

/* By content: a PDF opens with its magic, a Word document is a zip archive. */
static enum doc_kind
doc_kind(const char *d, size_t n)
{
    if (n >= 5 && !memcmp(d, "%PDF-", 5))
        return DOC_PDF;
    if (n >= 4 && !memcmp(d, "PK\x03\x04", 4))
        return DOC_DOCX;
    return DOC_TEXT;
}

static enum sl_status
build_units(const char *data, size_t len, enum doc_kind kind, bool html, struct line_list *lines,
            struct sla_text *t, const char *path, struct sl_diag *diag)
{
    struct sla_builder b = {
        .t = t, .text = STRBUF_INIT, .table = -1, .heading = -1, .path = path, .diag = diag};
    enum sl_status s = kind == DOC_PDF ? sla_builder_lines(&b, lines, 0, lines->n, false, 0)
                       : html          ? sla_html_read(data, len, 1, &b)
                                       : sla_markdown_read(data, len, lines, &b);
    if (!s)
        s = unit_close(&b);
    strbuf_release(&b.text);
    free(b.breaks);
    return s;
}

/* The first scalar of the mapping among keys, copied; NULL when none. */
static char *
meta_value(const struct yamldoc *doc, const struct yaml_node *root, const char *const *keys)
{
    for (int i = 0; keys[i]; i++) {
        const char *v = yamldoc_get_scalar(doc, root, keys[i]);
        if (v && *v)
            return strdup(v);
    }
    return NULL;
}

/* YAML front matter between "---" lines: provider, service and effective
 * date. Front matter YAML cannot read is left alone, as text nobody asked
 * for; it never fails the document. */
static void
read_front_matter(const char *d, size_t n, struct sla_text *t)
{
    static const char *const provider[] = {"provider", "company", "vendor", NULL};
    static const char *const service[] = {"service", "product", "title", NULL};
    static const char *const effective[] = {"effective", "effective_date", "effective-date",
                                            "date",      "last_updated",   NULL};
    if (n < 4 || strncmp(d, "---", 3) || (d[3] != '\n' && d[3] != '\r'))
        return;
    const char *end = memmem(d + 3, n - 3 < 8192 ? n - 3 : 8192, "\n---", 4);
    if (!end)
        return;
    FILE *f = fmemopen((void *)(uintptr_t)(d + 4), (size_t)(end - d - 3), "r");
    if (!f)
        return;
    struct yamldoc_stream *ys = NULL;
    struct yamldoc *doc = NULL;
    struct sl_diag diag = {0};
    if (!yamldoc_open(f, "front matter", &ys, &diag) && !yamldoc_next(ys, &doc, &diag) && doc) {
        const struct yaml_node *root = yamldoc_root(doc);
        if (root && yamldoc_kind(root) == YNODE_MAPPING) {
            t->meta_provider = meta_value(doc, root, provider);
            t->meta_service = meta_value(doc, root, service);
            t->meta_effective = meta_value(doc, root, effective);
        }
    }
    if (doc)
        yamldoc_free(doc);
    if (ys)
        yamldoc_close(ys);
    fclose(f);
}

/* The document reader and the line reader count lines apart (markup the
 * line reader could not reduce, a document cut short): every unit's line is
 * a line of the document, if only an empty one, so a term always has a line
 * to quote. */
static enum sl_status
cover_unit_lines(struct sla_text *t)
{
    size_t need = t->nlines;
    for (size_t i = 0; i < t->nunits; i++)
        if (t->units[i].line > 0 && (size_t)t->units[i].line > need)
            need = (size_t)t->units[i].line;
    if (need == t->nlines)
        return SL_OK;
    char **grown = realloc(t->lines, (need + 1) * sizeof *grown);
    if (!grown)
        return SL_ERR_NOMEM;
    t->lines = grown;
    t->lines[need] = NULL;
    for (; t->nlines < need; t->nlines++)
        if (!(t->lines[t->nlines] = strdup("")))
            return SL_ERR_NOMEM;
    return SL_OK;
}

/* A Word document's blocks, and as its lines the text of each paragraph and
 * row (cells apart by " | "), so that a term can quote its line. */
static enum sl_status
read_docx(const char *data, size_t len, const char *path, struct sla_text *t, struct sl_diag *diag)
{
    struct sla_builder b = {
        .t = t, .text = STRBUF_INIT, .table = -1, .heading = -1, .path = path, .diag = diag};
    long nlines = 0;
    enum sl_status s = sla_docx_read(data, len, path, &b, &nlines, diag);
    if (!s)
        s = unit_close(&b);
    strbuf_release(&b.text);
    free(b.breaks);
    if (s)
        return s;
    if (!(t->lines = calloc((size_t)nlines + 1, sizeof *t->lines)))
        return SL_ERR_NOMEM;
    t->nlines = (size_t)nlines;
    for (size_t i = 0; i < t->nunits; i++) {
        const struct sla_unit *u = &t->units[i];
        if (u->line < 1 || u->line > nlines || t->lines[u->line - 1])
            continue;
        struct strbuf sb = STRBUF_INIT;
        for (const char *p = u->text; *p && !s; p++)
            s = *p == '\t' ? strbuf_addstr(&sb, " | ") : strbuf_addch(&sb, *p);
        t->lines[u->line - 1] = sb.buf ? strbuf_detach(&sb) : strdup("");
        if (s || !t->lines[u->line - 1])
            return SL_ERR_NOMEM;
    }
    for (size_t k = 0; k < t->nlines; k++)
        if (!t->lines[k] && !(t->lines[k] = strdup("")))
            return SL_ERR_NOMEM;
    return SL_OK;
}

/* The lines as read, for quoting: line numbers of HTML are its source's,
 * and the pieces one source line holds (HTML blocks on one line) are joined
 * by a space, each appended once, so that the time stays linear. */
static enum sl_status
quoted_lines(const struct line_list *lines, struct sla_text *out)
{
    size_t last = lines->n ? (size_t)lines->v[lines->n - 1].line : 0;
    struct strbuf *joined = calloc(last + 1, sizeof *joined);
    out->lines = calloc(last + 1, sizeof *out->lines);
    enum sl_status s = joined && out->lines ? SL_OK : SL_ERR_NOMEM;
    if (!s)
        out->nlines = last;
    for (size_t i = 0; i < lines->n && !s; i++) {
        size_t k = (size_t)lines->v[i].line - 1;
        char *clean = sla_lines_clean_inline(lines->v[i].text);
        if (!clean)
            s = SL_ERR_NOMEM;
        else if (!joined[k].alloc) /* the line's first piece, even an empty one */
            s = strbuf_grow(&joined[k], 0) ? SL_ERR_NOMEM : strbuf_addstr(&joined[k], clean);
        else if (*clean)
            s = strbuf_addch(&joined[k], ' ') ? SL_ERR_NOMEM : strbuf_addstr(&joined[k], clean);
        free(clean);
    }
    for (size_t k = 0; k < last && !s; k++)
        if (!(out->lines[k] = strbuf_detach(&joined[k])))
            s = SL_ERR_NOMEM;
    for (size_t k = 0; joined && k < last; k++)
        strbuf_release(&joined[k]);
    free(joined);
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
    enum doc_kind kind = doc_kind(data, len);
    if (kind == DOC_DOCX) {
        s = read_docx(data, len, path, out, diag);
        goto out;
    }
    s = kind == DOC_PDF ? sla_pdf_lines(data, len, path, &lines, diag)
                        : sla_lines_read(data, len, &out->html, &lines);
    if (s)
        goto out;
    if (kind == DOC_PDF) {
        char *title = sla_pdf_title(data, len);
        struct sla_builder tb = {.t = out};
        s = title ? sla_builder_title(&tb, title) : SL_OK;
        free(title);
        if (s)
            goto out;
    }
    s = quoted_lines(&lines, out);
    if (s)
        goto out;
    if (!out->html && kind == DOC_TEXT)
        read_front_matter(data, len, out);
    s = build_units(data, len, kind, out->html, &lines, out, path, diag);
    if (!s)
        s = cover_unit_lines(out);
out:
    sla_lines_release(&lines);
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
    free(t->meta_provider);
    free(t->meta_service);
    free(t->meta_effective);
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

size_t
sla_text_sentence_end(const char *s, size_t from, size_t len)
{
    static const char *const abbreviations[] = {"Inc", "Ltd", "Corp", "e.g", "i.e", "No"};
    for (size_t i = from; i + 2 < len; i++) {
        if (!strchr(".!?", s[i]) || s[i + 1] != ' ')
            continue;
        unsigned char next = (unsigned char)s[i + 2];
        if (!(isupper(next) || next == '(' || next == '"'))
            continue;
        bool abbreviated = false;
        for (size_t k = 0; s[i] == '.' && k < sizeof abbreviations / sizeof *abbreviations; k++) {
            size_t n = strlen(abbreviations[k]);
            abbreviated |= i >= n && !strncmp(s + i - n, abbreviations[k], n);
        }
        if (!abbreviated)
            return i + 1;
    }
    return len;
}
