/* sla_pdf.c — the text of a PDF as lines, through poppler-glib; the only
 * file that includes poppler. Each character's box on its page says where it
 * stands: characters are gathered into lines top to bottom, a wide gap
 * between two characters of a line is a column boundary (written as a TAB,
 * which the line reader takes for a table cell), a taller gap between lines
 * ends a paragraph (a blank line), and a line set larger than the body text
 * is a heading. See sla_blocks.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <poppler.h>

#include "engine/base/strbuf.h"
#include "parsers/sla/sla_blocks.h"

#define MAX_PAGES 2000
#define MAX_CHARS ((size_t)2 << 20)

struct glyph {
    double x1, y1, x2, y2;
    char u[8];
};

struct pdf_line {
    size_t from, to; /* glyphs [from, to) of the page, sorted by x */
    double top, bottom, height;
};

static int
by_center(const void *a, const void *b)
{
    const struct glyph *g = a, *h = b;
    double ya = (g->y1 + g->y2) / 2, yb = (h->y1 + h->y2) / 2;
    return ya < yb ? -1 : ya > yb ? 1 : g->x1 < h->x1 ? -1 : g->x1 > h->x1;
}

static int
by_x(const void *a, const void *b)
{
    const struct glyph *g = a, *h = b;
    return g->x1 < h->x1 ? -1 : g->x1 > h->x1;
}

static enum sl_status
add_line(struct line_list *out, char *text, int heading)
{
    if (!text)
        return SL_ERR_NOMEM;
    if (out->n == out->alloc) {
        size_t a = out->alloc ? out->alloc * 2 : 256;
        struct src_line *v = realloc(out->v, a * sizeof *v);
        if (!v) {
            free(text);
            return SL_ERR_NOMEM;
        }
        out->v = v;
        out->alloc = a;
    }
    out->v[out->n] = (struct src_line){.text = text, .line = (long)out->n + 1, .heading = heading};
    out->n++;
    return SL_OK;
}

/* The glyphs of one page: every character poppler reads, less white space
 * (the gaps between boxes say where words and cells part). */
static enum sl_status
page_glyphs(PopplerPage *page, struct glyph **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    char *text = poppler_page_get_text(page);
    PopplerRectangle *rects = NULL;
    guint nr = 0;
    if (!text || !poppler_page_get_text_layout(page, &rects, &nr)) {
        g_free(text);
        g_free(rects);
        return SL_OK;
    }
    enum sl_status s = SL_OK;
    struct glyph *v = calloc(nr ? nr : 1, sizeof *v);
    if (!v)
        s = SL_ERR_NOMEM;
    size_t k = 0;
    for (const char *p = text; v && *p && k < nr; k++) {
        const char *q = g_utf8_find_next_char(p, NULL);
        size_t len = q ? (size_t)(q - p) : strlen(p);
        const PopplerRectangle *r = &rects[k];
        bool space = len == 1 && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t');
        space |= len == 2 && !memcmp(p, "\xc2\xa0", 2);
        if (!space && len < sizeof v->u && isfinite(r->x1) && isfinite(r->x2) && isfinite(r->y1) &&
            isfinite(r->y2) && r->y2 > r->y1 && r->y2 - r->y1 < 1e4) {
            struct glyph *g = &v[(*n)++];
            *g = (struct glyph){r->x1, r->y1, r->x2, r->y2, {0}};
            memcpy(g->u, p, len);
        }
        p += len;
    }
    g_free(text);
    g_free(rects);
    if (s)
        free(v);
    else
        *out = v;
    return s;
}

/* Glyphs sorted by their centre into lines, each line sorted by x. */
static size_t
page_lines(struct glyph *g, size_t n, struct pdf_line **out)
{
    *out = NULL;
    if (!n)
        return 0;
    qsort(g, n, sizeof *g, by_center);
    struct pdf_line *v = calloc(n, sizeof *v);
    if (!v)
        return 0;
    size_t nl = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        double yc = (g[i].y1 + g[i].y2) / 2, h = g[i].y2 - g[i].y1;
        while (j < n && fabs((g[j].y1 + g[j].y2) / 2 - yc) <= 0.4 * h) {
            if (g[j].y2 - g[j].y1 > h)
                h = g[j].y2 - g[j].y1;
            j++;
        }
        qsort(g + i, j - i, sizeof *g, by_x);
        struct pdf_line *l = &v[nl++];
        l->from = i;
        l->to = j;
        l->top = g[i].y1;
        l->bottom = g[i].y2;
        for (size_t k = i; k < j; k++) {
            l->top = fmin(l->top, g[k].y1);
            l->bottom = fmax(l->bottom, g[k].y2);
        }
        l->height = h;
        i = j;
    }
    *out = v;
    return nl;
}

/* A line's text: a gap of a space's width or more is a space, a gap wider
 * than the font's height a column boundary. */
static char *
line_text(const struct glyph *g, const struct pdf_line *l, bool *cells)
{
    struct strbuf sb = STRBUF_INIT;
    *cells = false;
    for (size_t k = l->from; k < l->to; k++) {
        if (k > l->from) {
            double gap = g[k].x1 - g[k - 1].x2;
            if (gap > 1.0 * l->height) {
                strbuf_addch(&sb, '\t');
                *cells = true;
            } else if (gap > 0.15 * l->height) {
                strbuf_addch(&sb, ' ');
            }
        }
        if (strbuf_addstr(&sb, g[k].u)) {
            strbuf_release(&sb);
            return NULL;
        }
    }
    return sb.buf ? strbuf_detach(&sb) : strdup("");
}

/* The most common glyph height, to half a point: the body text's size. */
static double
body_height(const struct glyph *g, size_t n)
{
    int counts[200] = {0};
    for (size_t i = 0; i < n; i++) {
        long k = lround((g[i].y2 - g[i].y1) * 2);
        if (k > 0 && k < 200)
            counts[k]++;
    }
    int best = 0;
    for (int k = 1; k < 200; k++)
        if (counts[k] > counts[best])
            best = k;
    return best ? best / 2.0 : 0;
}

static enum sl_status
read_page(PopplerPage *page, double body, struct line_list *out)
{
    struct glyph *g;
    size_t n;
    enum sl_status s = page_glyphs(page, &g, &n);
    if (s)
        return s;
    struct pdf_line *lines;
    size_t nl = page_lines(g, n, &lines);
    if (n && !lines) {
        free(g);
        return SL_ERR_NOMEM;
    }
    if (out->n && nl) /* a page ends a paragraph */
        s = add_line(out, strdup(""), 0);
    bool cells = false;
    for (size_t i = 0; i < nl && !s; i++) {
        const struct pdf_line *l = &lines[i];
        bool above = cells;
        char *text = line_text(g, l, &cells);
        if (!text) {
            s = SL_ERR_NOMEM;
            break;
        }
        /* More space above than a line's leading: a new paragraph; rows of
         * one table stay together, however far apart. */
        if (i && !(above && cells) &&
            l->top - lines[i - 1].bottom > 0.6 * fmin(l->height, lines[i - 1].height) && out->n &&
            out->v[out->n - 1].text[0])
            s = add_line(out, strdup(""), 0);
        if (s) {
            free(text);
            break;
        }
        double ratio = body > 0 ? l->height / body : 1;
        int heading = 0;
        if (!cells && ratio >= 1.15 && strlen(text) < 120)
            heading = ratio >= 1.6 ? 1 : ratio >= 1.3 ? 2 : 3;
        s = add_line(out, text, heading);
    }
    free(lines);
    free(g);
    return s;
}

enum sl_status
sla_pdf_lines(const char *d, size_t n, const char *path, struct line_list *out,
              struct sl_diag *diag)
{
    GError *err = NULL;
    GBytes *bytes = g_bytes_new_static(d, n);
    PopplerDocument *doc = poppler_document_new_from_bytes(bytes, NULL, &err);
    enum sl_status s = SL_OK;
    if (!doc) {
        char why[200];
        snprintf(why, sizeof why, "%s", err && err->message ? err->message : "unknown error");
        if (why[0] >= 'A' && why[0] <= 'Z' && !(why[1] >= 'A' && why[1] <= 'Z'))
            why[0] = (char)(why[0] - 'A' + 'a');
        s = diag_set(diag, SL_ERR_INPUT, path, 0, "not a readable PDF: %s", why);
        goto out;
    }
    int pages = poppler_document_get_n_pages(doc);
    if (pages <= 0) {
        s = diag_set(diag, SL_ERR_INPUT, path, 0, "PDF without pages");
        goto out;
    }
    if (pages > MAX_PAGES) {
        s = diag_set(diag, SL_ERR_LIMIT, path, 0, "PDF of more than %d pages", MAX_PAGES);
        goto out;
    }
    /* The body size is the whole document's, so that a page of headings
     * alone is still read as headings. */
    struct glyph *all = NULL;
    size_t nall = 0;
    for (int i = 0; i < pages && !s; i++) {
        PopplerPage *page = poppler_document_get_page(doc, i);
        if (!page)
            continue;
        struct glyph *g;
        size_t k;
        s = page_glyphs(page, &g, &k);
        g_object_unref(page);
        if (s || !k) {
            free(g);
            continue;
        }
        struct glyph *v = realloc(all, (nall + k) * sizeof *v);
        if (!v) {
            free(g);
            s = SL_ERR_NOMEM;
            break;
        }
        all = v;
        memcpy(all + nall, g, k * sizeof *g);
        nall += k;
        free(g);
        if (nall > MAX_CHARS)
            s = diag_set(diag, SL_ERR_LIMIT, path, 0, "PDF with more than %zu characters of text",
                         MAX_CHARS);
    }
    double body = body_height(all, nall);
    free(all);
    if (!s && !nall)
        s = diag_set(diag, SL_ERR_INPUT, path, 0, "PDF without text (scanned pages are not read)");
    for (int i = 0; i < pages && !s; i++) {
        PopplerPage *page = poppler_document_get_page(doc, i);
        if (page) {
            s = read_page(page, body, out);
            g_object_unref(page);
        }
    }
    if (s == SL_ERR_NOMEM)
        diag_set(diag, s, path, 0, "out of memory");
out:
    if (err)
        g_error_free(err);
    if (doc)
        g_object_unref(doc);
    g_bytes_unref(bytes);
    return s;
}
