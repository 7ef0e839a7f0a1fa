/* sla_pdf.c — the text of a PDF as lines, through poppler-glib; the only
 * file that includes poppler. Each character's box on its page says where it
 * stands: characters are gathered into lines top to bottom, a wide gap
 * between two characters of a line is a column boundary (written as a TAB,
 * which the line reader takes for a table cell), a taller gap between lines
 * ends a paragraph (a blank line), and a line set larger than the body text
 * is a heading. A page in two columns is read one column after the other;
 * a table's rows are laid against its columns, so that an empty cell is
 * still a cell. See sla_blocks.h. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <poppler.h>

#include "engine/base/strbuf.h"
#include "parsers/sla/sla_blocks.h"

#define MAX_PAGES 2000
#define MAX_CHARS ((size_t)2 << 20)
/* The time one document may take poppler, checked before each page it
 * reads: a page's content can be millions of operators that draw nothing. */
#define MAX_SECONDS 10

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

#define MAX_CELLS 16

/* A line's text: a gap of a space's width or more is a space, a gap wider
 * than the font's height a column boundary. x[0..*ncells) (may be NULL) gets
 * where each cell starts. */
static char *
line_text(const struct glyph *g, const struct pdf_line *l, bool *cells, double *x, size_t *ncells)
{
    struct strbuf sb = STRBUF_INIT;
    size_t n = 1;
    *cells = false;
    if (x)
        x[0] = l->from < l->to ? g[l->from].x1 : 0;
    for (size_t k = l->from; k < l->to; k++) {
        if (k > l->from) {
            double gap = g[k].x1 - g[k - 1].x2;
            if (gap > 1.0 * l->height) {
                strbuf_addch(&sb, '\t');
                *cells = true;
                if (x && n < MAX_CELLS)
                    x[n] = g[k].x1;
                n++;
            } else if (gap > 0.15 * l->height) {
                strbuf_addch(&sb, ' ');
            }
        }
        if (strbuf_addstr(&sb, g[k].u)) {
            strbuf_release(&sb);
            return NULL;
        }
    }
    if (ncells)
        *ncells = n;
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

/* ---- columns ------------------------------------------------------------
 * A page set in two columns has a gutter: an x near the middle of the text
 * that most lines leave free, with text right of it on several lines, all
 * starting at one x (the right column's margin). A run of such lines (each
 * at most one stretch of text on either side) is read left column first,
 * then right column, each top to bottom. A line crossing the gutter (a title,
 * a paragraph across the page) and a table row of more cells (two stretches
 * on one side) end the run, so a table across the page stays rows. */

#define COL_BINS 1024

struct col_line {
    double lend, rstart; /* end of the text left of the gutter, start right */
    bool left, right, ok;
};

/* The stretches of text of line l: a gap wider than the type's height (a
 * column boundary in line_text) parts them. Writes up to max [x1, x2]. */
static size_t
line_stretches(const struct glyph *g, const struct pdf_line *l, double (*v)[2], size_t max)
{
    size_t n = 0;
    for (size_t k = l->from; k < l->to; k++) {
        if (n && g[k].x1 - v[n - 1][1] <= 1.0 * l->height) {
            v[n - 1][1] = fmax(v[n - 1][1], g[k].x2);
            continue;
        }
        if (n == max)
            return n + 1;
        v[n][0] = g[k].x1;
        v[n][1] = g[k].x2;
        n++;
    }
    return n;
}

static int
by_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The value a fraction q of v[0..n) lies below (sorts v). */
static double
quantile(double *v, size_t n, double q)
{
    qsort(v, n, sizeof *v, by_double);
    return n ? v[(size_t)((double)(n - 1) * q)] : 0;
}

/* How line l stands to a gutter at x: free of it, at most one stretch on
 * either side. */
static struct col_line
col_classify(const struct glyph *g, const struct pdf_line *l, double x)
{
    double v[8][2];
    size_t n = line_stretches(g, l, v, 8);
    struct col_line c = {0};
    if (n > 8)
        return c;
    size_t nl = 0, nr = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i][0] < x && v[i][1] > x)
            return c;
        if (v[i][1] <= x) {
            nl++;
            c.lend = v[i][1];
        } else if (!nr++) {
            c.rstart = v[i][0];
        }
    }
    c.left = nl > 0;
    c.right = nr > 0;
    c.ok = nl <= 1 && nr <= 1;
    return c;
}

/* The gutter of a page, or a negative number when it has none. */
static double
find_gutter(const struct glyph *g, const struct pdf_line *lines, size_t nl)
{
    if (nl < 4)
        return -1;
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < nl; i++)
        for (size_t k = lines[i].from; k < lines[i].to; k++) {
            lo = fmin(lo, g[k].x1);
            hi = fmax(hi, g[k].x2);
        }
    if (!(hi - lo > 50))
        return -1;
    /* Lines free at each x of the middle of the text. */
    static const double from = 0.3, to = 0.7;
    int free_at[COL_BINS] = {0};
    double step = (hi - lo) * (to - from) / COL_BINS;
    for (size_t i = 0; i < nl; i++) {
        double v[64][2];
        size_t n = line_stretches(g, &lines[i], v, 64);
        if (n > 64)
            continue;
        for (int b = 0; b < COL_BINS; b++) {
            double x = lo + (hi - lo) * from + (b + 0.5) * step;
            bool covered = false;
            for (size_t j = 0; j < n && !covered; j++)
                covered = v[j][0] < x && v[j][1] > x;
            free_at[b] += !covered;
        }
    }
    /* The middle of the widest run of bins free on the most lines. */
    int most = 0;
    for (int b = 0; b < COL_BINS; b++)
        most = free_at[b] > most ? free_at[b] : most;
    if ((size_t)most * 2 < nl)
        return -1;
    int best = -1, bestlen = 0;
    for (int b = 0; b < COL_BINS;) {
        int e = b;
        while (e < COL_BINS && free_at[e] == most)
            e++;
        if (e - b > bestlen) {
            bestlen = e - b;
            best = (b + e) / 2;
        }
        b = e > b ? e : b + 1;
    }
    double x = lo + (hi - lo) * from + (best + 0.5) * step;
    /* Text right of it on several lines, starting at one margin, and text
     * left of it that fills most of the way there on a quarter of its lines
     * (prose wraps there): a gutter between columns, not the space between
     * two cells of a table. */
    double *ends = calloc(nl, sizeof *ends), *starts = calloc(nl, sizeof *starts);
    double gutter = -1;
    size_t ne = 0, ns = 0;
    if (!ends || !starts)
        goto out;
    for (size_t i = 0; i < nl; i++) {
        struct col_line c = col_classify(g, &lines[i], x);
        if (!c.ok)
            continue;
        if (c.left)
            ends[ne++] = c.lend;
        if (c.right)
            starts[ns++] = c.rstart;
    }
    if (ns < 3 || ne < 3)
        goto out;
    double margin = quantile(starts, ns, 0.5), end = quantile(ends, ne, 0.75);
    size_t at_margin = 0;
    for (size_t i = 0; i < ns; i++)
        at_margin += fabs(starts[i] - margin) <= 2;
    if (at_margin >= 3 && at_margin * 4 >= ns * 3 && margin > x && end - lo >= 0.6 * (margin - lo))
        gutter = x;
out:
    free(ends);
    free(starts);
    return gutter;
}

/* ---- reading ------------------------------------------------------------ */

/* A table row as read: its line in the output, where its cells start. */
struct pdf_row {
    size_t at, n;
    double x[MAX_CELLS];
    double height;
};

struct emitter {
    struct line_list *out;
    double body;
    bool cells;                 /* the last line was table cells */
    bool prev;                  /* a line above on this page or column */
    double top, bottom, height; /* of that line */
    struct pdf_row *rows;       /* the rows of the table being read */
    size_t nrows, arows;
};

/* The table's columns: cell starts of all its rows, sorted, a new column
 * where one starts more than a line's height right of the last. Writes the
 * first and last start of each; returns their number (0: too many). */
static size_t
table_columns(const struct emitter *e, double (*col)[2], size_t max)
{
    double xs[64 * MAX_CELLS];
    size_t n = 0;
    double tol = 0;
    for (size_t r = 0; r < e->nrows && r < 64; r++) {
        for (size_t i = 0; i < e->rows[r].n && i < MAX_CELLS; i++)
            xs[n++] = e->rows[r].x[i];
        tol = fmax(tol, e->rows[r].height);
    }
    qsort(xs, n, sizeof *xs, by_double);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (k && xs[i] - col[k - 1][1] <= tol) {
            col[k - 1][1] = xs[i];
            continue;
        }
        if (k == max)
            return 0;
        col[k][0] = col[k][1] = xs[i];
        k++;
    }
    return k;
}

/* A table's rows with fewer cells than it has columns (an empty cell leaves
 * no text, so no gap) get their empty cells back where the cells above and
 * below say the columns are. The columns are those of a full row: when no
 * row has a cell in each (a header centred over its figures starts where no
 * figure does), the rows stay as read. */
static enum sl_status
table_end(struct emitter *e)
{
    double col[MAX_CELLS][2];
    size_t ncol = e->nrows >= 2 ? table_columns(e, col, MAX_CELLS) : 0;
    bool full = false;
    for (size_t r = 0; r < e->nrows && r < 64; r++)
        full |= e->rows[r].n == ncol;
    if (!full)
        ncol = 0;
    enum sl_status s = SL_OK;
    for (size_t r = 0; r < e->nrows && r < 64 && !s; r++) {
        const struct pdf_row *row = &e->rows[r];
        if (row->n >= ncol || row->n > MAX_CELLS)
            continue;
        size_t at[MAX_CELLS], c = 0;
        bool fits = true;
        for (size_t i = 0; i < row->n && fits; i++) {
            while (c < ncol && row->x[i] > col[c][1])
                c++;
            fits = c < ncol && row->x[i] >= col[c][0];
            at[i] = c++;
        }
        if (!fits)
            continue;
        /* Cell i goes to column at[i]: TABs before it up to there. */
        struct strbuf sb = STRBUF_INIT;
        const char *p = e->out->v[row->at].text;
        size_t k = 0;
        for (size_t i = 0; i < row->n && !s; i++) {
            for (; k < at[i] && !s; k++)
                s = strbuf_addch(&sb, '\t');
            const char *q = strchr(p, '\t');
            size_t len = q ? (size_t)(q - p) : strlen(p);
            if (!s)
                s = strbuf_add(&sb, p, len);
            p += len + (q != NULL);
        }
        for (; k + 1 < ncol && !s; k++)
            s = strbuf_addch(&sb, '\t');
        if (s) {
            strbuf_release(&sb);
            break;
        }
        free(e->out->v[row->at].text);
        e->out->v[row->at].text = strbuf_detach(&sb);
    }
    e->nrows = 0;
    return s;
}

/* A blank line ends the paragraph, unless one already has. */
static enum sl_status
emit_break(struct emitter *e)
{
    e->prev = false;
    e->cells = false;
    if (table_end(e))
        return SL_ERR_NOMEM;
    if (!e->out->n || !e->out->v[e->out->n - 1].text[0])
        return SL_OK;
    return add_line(e->out, strdup(""), 0);
}

static enum sl_status
emit_line(struct emitter *e, const struct glyph *g, const struct pdf_line *l)
{
    bool above = e->cells;
    double x[MAX_CELLS];
    size_t ncells;
    char *text = line_text(g, l, &e->cells, x, &ncells);
    if (!text)
        return SL_ERR_NOMEM;
    enum sl_status s = e->cells ? SL_OK : table_end(e);
    /* More space above than a line's leading: a new paragraph; rows of one
     * table stay together, however far apart. */
    if (e->prev && !(above && e->cells) && l->top - e->bottom > 0.6 * fmin(l->height, e->height) &&
        e->out->n && e->out->v[e->out->n - 1].text[0])
        s = add_line(e->out, strdup(""), 0);
    if (s) {
        free(text);
        return s;
    }
    double ratio = e->body > 0 ? l->height / e->body : 1;
    int heading = 0;
    if (!e->cells && ratio >= 1.15 && strlen(text) < 120)
        heading = ratio >= 1.6 ? 1 : ratio >= 1.3 ? 2 : 3;
    e->prev = true;
    e->top = l->top;
    e->bottom = l->bottom;
    e->height = l->height;
    if (!s && e->cells && e->nrows == e->arows) {
        size_t a = e->arows ? e->arows * 2 : 16;
        struct pdf_row *v = realloc(e->rows, a * sizeof *v);
        if (v) {
            e->rows = v;
            e->arows = a;
        } else {
            s = SL_ERR_NOMEM;
        }
    }
    if (s) {
        free(text);
        return s;
    }
    s = add_line(e->out, text, heading);
    if (!s && e->cells) {
        struct pdf_row *row = &e->rows[e->nrows++];
        *row = (struct pdf_row){.at = e->out->n - 1, .n = ncells, .height = l->height};
        memcpy(row->x, x, (ncells < MAX_CELLS ? ncells : MAX_CELLS) * sizeof *x);
    }
    return s;
}

/* The glyphs g[0..n) as lines of their own, top to bottom. */
static enum sl_status
emit_glyphs(struct emitter *e, struct glyph *g, size_t n)
{
    struct pdf_line *lines;
    size_t nl = page_lines(g, n, &lines);
    if (n && !lines)
        return SL_ERR_NOMEM;
    enum sl_status s = SL_OK;
    for (size_t i = 0; i < nl && !s; i++)
        s = emit_line(e, g, &lines[i]);
    free(lines);
    return s;
}

/* Lines [from, to) read as two columns parted at x: the left column's
 * glyphs, then the right's, each a paragraph of its own at least. */
static enum sl_status
emit_columns(struct emitter *e, const struct glyph *g, const struct pdf_line *lines, size_t from,
             size_t to, double x)
{
    size_t n = lines[to - 1].to - lines[from].from, nleft = 0;
    struct glyph *v = malloc(n * sizeof *v);
    if (!v)
        return SL_ERR_NOMEM;
    for (size_t i = from; i < to; i++)
        for (size_t k = lines[i].from; k < lines[i].to; k++)
            if (g[k].x2 <= x)
                v[nleft++] = g[k];
    size_t nright = nleft;
    for (size_t i = from; i < to; i++)
        for (size_t k = lines[i].from; k < lines[i].to; k++)
            if (g[k].x2 > x)
                v[nright++] = g[k];
    enum sl_status s = emit_break(e);
    if (!s)
        s = emit_glyphs(e, v, nleft);
    if (!s)
        s = emit_break(e);
    if (!s)
        s = emit_glyphs(e, v + nleft, nright - nleft);
    if (!s)
        s = emit_break(e);
    free(v);
    return s;
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
    struct emitter e = {.out = out, .body = body};
    if (out->n && nl) /* a page ends a paragraph */
        s = add_line(out, strdup(""), 0);
    double x = find_gutter(g, lines, nl);
    for (size_t i = 0; i < nl && !s;) {
        /* A run of lines each side of the gutter, two or more of them with
         * text right of it, is read as columns. */
        size_t j = i, right = 0, last = i;
        while (x >= 0 && j < nl) {
            struct col_line c = col_classify(g, &lines[j], x);
            if (!c.ok)
                break;
            right += c.right;
            last = c.right ? j : last;
            j++;
        }
        /* Below the right column's last line, the left column goes on only
         * as long as its paragraph does: a heading or paragraph after a gap
         * is the text below both columns. */
        if (right >= 2)
            for (size_t k = last + 1; k <= j; k++)
                if (k == j || lines[k].top - lines[k - 1].bottom >
                                  0.6 * fmin(lines[k].height, lines[k - 1].height)) {
                    j = k;
                    break;
                }
        if (right >= 2) {
            s = emit_columns(&e, g, lines, i, j, x);
            i = j;
        } else {
            s = emit_line(&e, g, &lines[i]);
            i++;
        }
    }
    if (!s)
        s = table_end(&e);
    free(e.rows);
    free(lines);
    free(g);
    return s;
}

static double
seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* SL_ERR_LIMIT (diag set) once the document has taken MAX_SECONDS since
 * start, at the page it would read next (0-based); SL_OK before. */
static enum sl_status
within_time(double start, int page, const char *path, struct sl_diag *diag)
{
    if (seconds_now() - start <= MAX_SECONDS)
        return SL_OK;
    return diag_set(diag, SL_ERR_LIMIT, path, 0,
                    "PDF takes longer than %d s to read (stopped before page %d): "
                    "its pages draw too much",
                    MAX_SECONDS, page + 1);
}

enum sl_status
sla_pdf_lines(const char *d, size_t n, const char *path, struct line_list *out,
              struct sl_diag *diag)
{
    double start = seconds_now();
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
    for (int i = 0; i < pages && !s && !(s = within_time(start, i, path, diag)); i++) {
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
    for (int i = 0; i < pages && !s && !(s = within_time(start, i, path, diag)); i++) {
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

char *
sla_pdf_title(const char *d, size_t n)
{
    GBytes *bytes = g_bytes_new_static(d, n);
    PopplerDocument *doc = poppler_document_new_from_bytes(bytes, NULL, NULL);
    char *title = NULL;
    if (doc) {
        gchar *t = poppler_document_get_title(doc);
        if (t)
            title = strdup(t);
        g_free(t);
        g_object_unref(doc);
    }
    g_bytes_unref(bytes);
    return title;
}
