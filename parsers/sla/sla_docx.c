/* sla_docx.c — a Word document (DOCX) into blocks: word/document.xml out of
 * the zip archive through libzip, read with libxml2; the only file that
 * includes libzip. See sla_blocks.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <zip.h>

#include "engine/base/strbuf.h"
#include "parsers/sla/sla_blocks.h"

#define MAX_COLS 64
#define MAX_STYLES 512

struct style {
    char *id;
    int heading; /* 1-9, 0 when none */
    bool list;
};

struct dx {
    struct sla_builder *b;
    struct style styles[MAX_STYLES];
    size_t nstyles;
    long line; /* paragraphs and rows so far */
    enum sl_status status;
};

static bool
is(const xmlNode *n, const char *name)
{
    return n->type == XML_ELEMENT_NODE && !strcmp((const char *)n->name, name);
}

static const xmlNode *
child(const xmlNode *n, const char *name)
{
    for (const xmlNode *c = n ? n->children : NULL; c; c = c->next)
        if (is(c, name))
            return c;
    return NULL;
}

/* The w:val attribute (namespaced or not), NULL when absent; free with xmlFree. */
static char *
val_of(const xmlNode *n)
{
    if (!n)
        return NULL;
    for (const xmlAttr *a = n->properties; a; a = a->next)
        if (!strcmp((const char *)a->name, "val"))
            return (char *)xmlNodeGetContent((const xmlNode *)a);
    return NULL;
}

static int
int_val(const xmlNode *n, int dflt)
{
    char *v = val_of(n);
    int r = dflt;
    if (v) {
        char *end;
        long x = strtol(v, &end, 10);
        if (end != v && x >= 0 && x < 1000)
            r = (int)x;
        xmlFree(v);
    }
    return r;
}

/* "heading 2", "Heading2", "Überschrift 2", "Title": the heading level a
 * style name or id says, 0 when none. */
static int
heading_of_name(const char *s)
{
    static const char *const words[] = {"heading",
                                        "\xc3\xbc"
                                        "berschrift",
                                        "titre", NULL};
    if (!strcasecmp(s, "title"))
        return 1;
    for (int i = 0; words[i]; i++) {
        size_t k = strlen(words[i]);
        if (strncasecmp(s, words[i], k))
            continue;
        const char *p = s + k;
        while (*p == ' ')
            p++;
        if (*p >= '1' && *p <= '9' && !p[1])
            return *p - '0';
    }
    return 0;
}

/* word/styles.xml: each paragraph style's heading level and whether it is a
 * list style, by its id. */
static void
read_styles(struct dx *x, const xmlNode *root)
{
    for (const xmlNode *s = root ? root->children : NULL; s && x->nstyles < MAX_STYLES;
         s = s->next) {
        if (!is(s, "style"))
            continue;
        char *id = NULL;
        for (const xmlAttr *a = s->properties; a; a = a->next)
            if (!strcmp((const char *)a->name, "styleId"))
                id = (char *)xmlNodeGetContent((const xmlNode *)a);
        if (!id)
            continue;
        char *name = val_of(child(s, "name"));
        int level = heading_of_name(name ? name : id);
        if (!level)
            level = heading_of_name(id);
        int outline = int_val(child(child(s, "pPr"), "outlineLvl"), -1);
        if (!level && outline >= 0 && outline < 9)
            level = outline + 1;
        struct style *st = &x->styles[x->nstyles];
        st->id = strdup(id);
        st->heading = level;
        st->list = name && !strncasecmp(name, "list", 4);
        if (st->id)
            x->nstyles++;
        xmlFree(name);
        xmlFree(id);
    }
}

/* The visible text of a run tree: inserted text kept, deleted and moved-away
 * text and field codes dropped, tabs and breaks as spaces. */
static void
gather(const xmlNode *n, struct strbuf *sb)
{
    for (const xmlNode *c = n->children; c; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        const char *name = (const char *)c->name;
        if (!strcmp(name, "t")) {
            xmlChar *s = xmlNodeGetContent(c);
            if (s)
                strbuf_addstr(sb, (const char *)s);
            xmlFree(s);
        } else if (!strcmp(name, "tab") || !strcmp(name, "br") || !strcmp(name, "cr")) {
            strbuf_addch(sb, ' ');
        } else if (!strcmp(name, "noBreakHyphen")) {
            strbuf_addch(sb, '-');
        } else if (!strcmp(name, "p")) {
            if (sb->len && sb->buf[sb->len - 1] != ' ')
                strbuf_addch(sb, ' ');
            gather(c, sb);
        } else if (strcmp(name, "del") && strcmp(name, "moveFrom") && strcmp(name, "delText") &&
                   strcmp(name, "instrText") && strcmp(name, "delInstrText") &&
                   strcmp(name, "pPr") && strcmp(name, "rPr") && strcmp(name, "tcPr") &&
                   strcmp(name, "trPr") && strcmp(name, "tblPr") && strcmp(name, "tblGrid")) {
            gather(c, sb);
        }
    }
}

static void
paragraph(struct dx *x, const xmlNode *p)
{
    long line = ++x->line;
    const xmlNode *ppr = child(p, "pPr");
    char *sid = val_of(child(ppr, "pStyle"));
    int heading = 0, item = 0;
    bool found = false;
    for (size_t i = 0; sid && i < x->nstyles; i++)
        if (!strcmp(x->styles[i].id, sid)) {
            heading = x->styles[i].heading;
            item = x->styles[i].list;
            found = true;
        }
    if (sid && !found)
        heading = heading_of_name(sid);
    xmlFree(sid);
    int outline = int_val(child(ppr, "outlineLvl"), -1);
    if (!heading && outline >= 0 && outline < 9)
        heading = outline + 1;
    const xmlNode *num = child(ppr, "numPr");
    if (num && int_val(child(num, "numId"), 1) != 0)
        item = int_val(child(num, "ilvl"), 0) + 1;
    struct strbuf sb = STRBUF_INIT;
    gather(p, &sb);
    if (sb.len) {
        enum sla_unit_kind kind = heading ? SLA_UNIT_HEADING
                                  : item  ? SLA_UNIT_ITEM
                                          : SLA_UNIT_PARAGRAPH;
        x->status = sla_builder_block(x->b, kind, sb.buf, line, heading ? heading : item, NULL, 0);
    }
    strbuf_release(&sb);
}

static void
table(struct dx *x, const xmlNode *tbl)
{
    char *above[MAX_COLS] = {0}; /* the row above, by grid column, for vMerge */
    bool any_header = false;
    for (const xmlNode *tr = tbl->children; tr; tr = tr->next)
        any_header |= is(tr, "tr") && child(child(tr, "trPr"), "tblHeader") != NULL;
    bool first = true;
    for (const xmlNode *tr = tbl->children; tr && !x->status; tr = tr->next) {
        if (!is(tr, "tr"))
            continue;
        long line = ++x->line;
        char *cells[MAX_COLS] = {0};
        size_t n = 0;
        const xmlNode *trpr = child(tr, "trPr");
        for (int k = int_val(child(trpr, "gridBefore"), 0); k > 0 && n < MAX_COLS; k--)
            cells[n++] = strdup("");
        for (const xmlNode *tc = tr->children; tc && n < MAX_COLS; tc = tc->next) {
            if (!is(tc, "tc"))
                continue;
            const xmlNode *tcpr = child(tc, "tcPr");
            int span = int_val(child(tcpr, "gridSpan"), 1);
            if (span < 1)
                span = 1;
            const xmlNode *vm = child(tcpr, "vMerge");
            char *v = val_of(vm);
            bool cont = vm && (!v || strcmp(v, "restart"));
            xmlFree(v);
            struct strbuf sb = STRBUF_INIT;
            if (cont && above[n])
                strbuf_addstr(&sb, above[n]);
            else
                gather(tc, &sb);
            /* A cell spanning columns is in each of them. */
            for (int k = 0; k < span && n < MAX_COLS; k++)
                cells[n++] = strdup(sb.buf ? sb.buf : "");
            strbuf_release(&sb);
        }
        bool ok = true;
        for (size_t k = 0; k < n; k++)
            ok &= cells[k] != NULL;
        bool header = any_header ? child(trpr, "tblHeader") != NULL : first;
        x->status = ok ? sla_builder_row(x->b, cells, n, line, header) : SL_ERR_NOMEM;
        for (size_t k = 0; k < MAX_COLS; k++) {
            free(above[k]);
            above[k] = k < n ? cells[k] : NULL;
        }
        first = false;
    }
    for (size_t k = 0; k < MAX_COLS; k++)
        free(above[k]);
    sla_builder_table_end(x->b);
}

static void
body(struct dx *x, const xmlNode *n, int depth)
{
    for (const xmlNode *c = n->children; c && !x->status; c = c->next) {
        if (c->type != XML_ELEMENT_NODE)
            continue;
        if (is(c, "p"))
            paragraph(x, c);
        else if (is(c, "tbl"))
            table(x, c);
        else if (!is(c, "del") && !is(c, "moveFrom") && !is(c, "sectPr") && depth < 32)
            body(x, c, depth + 1); /* sdt, sdtContent, customXml, ins */
    }
}

/* A library's reason, as the rest of a message: its first letter lowercase. */
static const char *
reason(const char *s, char *buf, size_t size)
{
    snprintf(buf, size, "%s", s ? s : "unknown error");
    if (buf[0] >= 'A' && buf[0] <= 'Z' && !(buf[1] >= 'A' && buf[1] <= 'Z'))
        buf[0] = (char)(buf[0] - 'A' + 'a');
    size_t k = strlen(buf);
    while (k && (buf[k - 1] == '\n' || buf[k - 1] == ' '))
        buf[--k] = '\0';
    return buf;
}

/* One member of the archive, whole, refusing more than max bytes. */
static enum sl_status
read_member(zip_t *za, const char *name, size_t max, struct strbuf *out, const char *path,
            struct sl_diag *diag)
{
    char why[200];
    zip_int64_t idx = zip_name_locate(za, name, 0);
    if (idx < 0)
        return diag_set(diag, SL_ERR_INPUT, path, 0, "zip archive without %s: not a Word document",
                        name);
    zip_stat_t st;
    if (!zip_stat_index(za, (zip_uint64_t)idx, 0, &st) && (st.valid & ZIP_STAT_SIZE) &&
        st.size > max)
        return diag_set(diag, SL_ERR_LIMIT, path, 0, "%s expands past %zu MB", name, max >> 20);
    zip_file_t *zf = zip_fopen_index(za, (zip_uint64_t)idx, 0);
    if (!zf)
        return diag_set(diag, SL_ERR_INPUT, path, 0, "%s cannot be read: %s", name,
                        reason(zip_strerror(za), why, sizeof why));
    enum sl_status s = SL_OK;
    char buf[65536];
    for (;;) {
        zip_int64_t got = zip_fread(zf, buf, sizeof buf);
        if (got < 0) {
            s = diag_set(diag, SL_ERR_INPUT, path, 0, "%s cannot be read: %s", name,
                         reason(zip_file_strerror(zf), why, sizeof why));
            break;
        }
        if (got == 0)
            break;
        /* The size the archive declares may lie: count what comes out. */
        if (out->len + (size_t)got > max) {
            s = diag_set(diag, SL_ERR_LIMIT, path, 0, "%s expands past %zu MB", name, max >> 20);
            break;
        }
        if (strbuf_add(out, buf, (size_t)got)) {
            s = diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
            break;
        }
    }
    zip_fclose(zf);
    return s;
}

static xmlDoc *
parse_xml(const struct strbuf *sb, const char *name)
{
    return xmlReadMemory(sb->buf ? sb->buf : "", (int)sb->len, name, NULL,
                         XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
}

/* dc:title of docProps/core.xml, when the archive has one that reads. */
static enum sl_status
read_title(zip_t *za, struct sla_builder *b)
{
    struct strbuf xml = STRBUF_INIT;
    struct sl_diag ignored = {0};
    enum sl_status s = SL_OK;
    xmlDoc *doc = NULL;
    if (zip_name_locate(za, "docProps/core.xml", 0) < 0 ||
        read_member(za, "docProps/core.xml", SLA_DOCX_MAX_XML, &xml, "", &ignored) ||
        !(doc = parse_xml(&xml, "core.xml")))
        goto out;
    const xmlNode *root = xmlDocGetRootElement(doc);
    for (const xmlNode *c = root ? root->children : NULL; c; c = c->next)
        if (c->type == XML_ELEMENT_NODE && !xmlStrcmp(c->name, BAD_CAST "title")) {
            xmlChar *t = xmlNodeGetContent(c);
            s = t ? sla_builder_title(b, (const char *)t) : SL_OK;
            xmlFree(t);
            break;
        }
out:
    if (doc)
        xmlFreeDoc(doc);
    strbuf_release(&xml);
    return s;
}

enum sl_status
sla_docx_read(const char *d, size_t n, const char *path, struct sla_builder *b, long *nlines,
              struct sl_diag *diag)
{
    struct dx *x = calloc(1, sizeof *x);
    struct strbuf xml = STRBUF_INIT, styles = STRBUF_INIT;
    xmlDoc *doc = NULL, *sdoc = NULL;
    zip_t *za = NULL;
    enum sl_status s = SL_OK;
    *nlines = 0;
    if (!x)
        return diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
    x->b = b;
    zip_error_t err;
    zip_error_init(&err);
    zip_source_t *src = zip_source_buffer_create(d, n, 0, &err);
    if (src && !(za = zip_open_from_source(src, ZIP_RDONLY, &err)))
        zip_source_free(src);
    char why[200];
    if (!za) {
        s = diag_set(diag, SL_ERR_INPUT, path, 0, "not a readable zip archive: %s",
                     reason(zip_error_strerror(&err), why, sizeof why));
        goto out;
    }
    s = read_member(za, "word/document.xml", SLA_DOCX_MAX_XML, &xml, path, diag);
    if (s)
        goto out;
    /* Styles only name the headings: a document without them is still read. */
    if (zip_name_locate(za, "word/styles.xml", 0) >= 0 &&
        !read_member(za, "word/styles.xml", SLA_DOCX_MAX_XML, &styles, path, diag) &&
        (sdoc = parse_xml(&styles, "styles.xml")))
        read_styles(x, xmlDocGetRootElement(sdoc));
    if (!(doc = parse_xml(&xml, "document.xml"))) {
        const xmlError *e = xmlGetLastError();
        s = diag_set(diag, SL_ERR_INPUT, path, e ? e->line : 0,
                     "word/document.xml is not well-formed XML: %s",
                     reason(e ? e->message : NULL, why, sizeof why));
        goto out;
    }
    const xmlNode *root = xmlDocGetRootElement(doc);
    const xmlNode *bd = root && is(root, "document") ? child(root, "body") : NULL;
    if (!bd) {
        s = diag_set(diag, SL_ERR_INPUT, path, 0, "word/document.xml has no w:body");
        goto out;
    }
    body(x, bd, 0);
    s = x->status;
    if (!s)
        s = read_title(za, b);
    if (s == SL_ERR_NOMEM)
        diag_set(diag, s, path, 0, "out of memory");
    *nlines = x->line;
out:
    if (doc)
        xmlFreeDoc(doc);
    if (sdoc)
        xmlFreeDoc(sdoc);
    if (za)
        zip_discard(za);
    zip_error_fini(&err);
    strbuf_release(&xml);
    strbuf_release(&styles);
    for (size_t i = 0; i < x->nstyles; i++)
        free(x->styles[i].id);
    free(x);
    return s;
}
