/* xmlread.c — XML streams and HTML fragments through libxml2 (see xmlread.h). */
#include "parsers/read/xmlread.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xmlreader.h>

#include "engine/base/infile.h"

struct xmlread {
    xmlTextReaderPtr reader;
    FILE *f;
    const char *path;
    struct sl_diag *diag;
    int read_errno;   /* of a read of f that failed */
    bool failed;      /* an error was reported: the first one is in diag */
    bool pending_end; /* an empty element was opened: its END comes next */
    int pending_depth;
    char name[256]; /* of the element the pending END closes */
};

/* Every entity, DTD or schema libxml2 would fetch is refused, whatever the
 * options: the documents read here never need one. */
static xmlParserInputPtr
refuse_loader(const char *url, const char *id, xmlParserCtxtPtr ctxt)
{
    (void)url;
    (void)id;
    (void)ctxt;
    return NULL;
}

static void
install_loader(void)
{
    xmlInitParser();
    xmlSetExternalEntityLoader(refuse_loader);
}

static pthread_once_t loader_once = PTHREAD_ONCE_INIT;

static int
read_cb(void *ctx, char *buf, int len)
{
    struct xmlread *r = ctx;
    size_t n = fread(buf, 1, (size_t)len, r->f);
    if (n == 0 && ferror(r->f)) {
        r->read_errno = errno ? errno : EIO;
        return -1;
    }
    return (int)n;
}

static int
close_cb(void *ctx)
{
    (void)ctx;
    return 0; /* f is the caller's */
}

/* The first error libxml2 reports is the one the user sees. */
static void
on_error(void *ctx, xmlErrorPtr err)
{
    struct xmlread *r = ctx;
    if (r->failed || !err || err->level < XML_ERR_ERROR)
        return;
    r->failed = true;
    char msg[400];
    snprintf(msg, sizeof msg, "%s", err->message ? err->message : "not well-formed");
    size_t n = strlen(msg);
    while (n && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        msg[--n] = '\0';
    long line = err->line > 0 ? err->line : 0;
    if (strstr(msg, "huge text node"))
        diag_set(r->diag, SL_ERR_INPUT, r->path, line,
                 "XML: a text longer than 10 MB, libxml2's limit for one text node");
    else
        diag_set(r->diag, SL_ERR_INPUT, r->path, line, "XML: %s (not well-formed)", msg);
}

struct xmlread *
xmlread_open(FILE *f, const char *path, struct sl_diag *diag)
{
    pthread_once(&loader_once, install_loader);
    struct xmlread *r = calloc(1, sizeof *r);
    if (!r) {
        diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
        return NULL;
    }
    r->f = f;
    r->path = path;
    r->diag = diag;
    /* No XML_PARSE_NOENT (entities stay references), no XML_PARSE_DTDLOAD
     * or DTDATTR (no DTD is fetched), no XML_PARSE_HUGE (libxml2's limits on
     * text, depth and entity amplification hold). */
    r->reader = xmlReaderForIO(read_cb, close_cb, r, NULL, NULL,
                               XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_NOWARNING);
    if (!r->reader) {
        free(r);
        diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory for the XML reader");
        return NULL;
    }
    xmlTextReaderSetStructuredErrorHandler(r->reader, on_error, r);
    return r;
}

void
xmlread_free(struct xmlread *r)
{
    if (!r)
        return;
    xmlFreeTextReader(r->reader);
    free(r);
}

static void
copy_name(char *out, size_t outlen, const xmlChar *name)
{
    snprintf(out, outlen, "%s", name ? (const char *)name : "");
}

static enum sl_status
failure(struct xmlread *r)
{
    if (r->read_errno)
        return infile_read_error(r->diag, r->path, 0, r->read_errno);
    if (!r->failed) {
        r->failed = true;
        diag_set(r->diag, SL_ERR_INPUT, r->path, 1, "XML: not a well-formed document");
    }
    return SL_ERR_INPUT;
}

enum sl_status
xmlread_next(struct xmlread *r, struct xmlread_node *n)
{
    memset(n, 0, sizeof *n);
    if (r->pending_end) {
        r->pending_end = false;
        n->kind = XMLREAD_END;
        n->name = r->name;
        n->depth = r->pending_depth;
        return SL_OK;
    }
    for (;;) {
        int got = xmlTextReaderRead(r->reader);
        if (got < 0 || r->failed || r->read_errno)
            return failure(r);
        if (got == 0) {
            n->kind = XMLREAD_DONE;
            return SL_OK;
        }
        int type = xmlTextReaderNodeType(r->reader);
        n->depth = xmlTextReaderDepth(r->reader);
        switch (type) {
        case XML_READER_TYPE_ELEMENT: {
            copy_name(r->name, sizeof r->name, xmlTextReaderConstLocalName(r->reader));
            n->kind = XMLREAD_START;
            n->name = r->name;
            xmlNodePtr node = xmlTextReaderCurrentNode(r->reader);
            n->line = node ? xmlGetLineNo(node) : 0;
            if (n->line < 0)
                n->line = 0;
            if (xmlTextReaderIsEmptyElement(r->reader) == 1) {
                r->pending_end = true;
                r->pending_depth = n->depth;
            }
            return SL_OK;
        }
        case XML_READER_TYPE_END_ELEMENT:
            copy_name(r->name, sizeof r->name, xmlTextReaderConstLocalName(r->reader));
            n->kind = XMLREAD_END;
            n->name = r->name;
            return SL_OK;
        case XML_READER_TYPE_TEXT:
        case XML_READER_TYPE_CDATA:
        case XML_READER_TYPE_WHITESPACE:
        case XML_READER_TYPE_SIGNIFICANT_WHITESPACE: {
            const xmlChar *v = xmlTextReaderConstValue(r->reader);
            n->kind = XMLREAD_TEXT;
            n->text = v ? (const char *)v : "";
            n->len = strlen(n->text);
            return SL_OK;
        }
        case XML_READER_TYPE_ENTITY_REFERENCE:
            copy_name(r->name, sizeof r->name, xmlTextReaderConstLocalName(r->reader));
            n->kind = XMLREAD_ENTITY;
            n->name = r->name;
            return SL_OK;
        default:
            /* Comments, processing instructions and the DTD carry no
             * record. */
            break;
        }
    }
}

bool
xmlread_attr(struct xmlread *r, const char *name, char *out, size_t outlen)
{
    xmlChar *v = xmlTextReaderGetAttribute(r->reader, (const xmlChar *)name);
    if (!v)
        return false;
    snprintf(out, outlen, "%s", (const char *)v);
    xmlFree(v);
    return true;
}

/* Walks the tree without recursion: a deep document cannot exhaust the
 * stack. */
static void
walk(const xmlNode *root, const struct xmlread_html_visitor *v)
{
    const xmlNode *n = root;
    while (n) {
        if (n->type == XML_ELEMENT_NODE) {
            if (v->enter)
                v->enter(v->ctx, (const char *)n->name);
            if (n->children) {
                n = n->children;
                continue;
            }
            if (v->leave)
                v->leave(v->ctx, (const char *)n->name);
        } else if ((n->type == XML_TEXT_NODE || n->type == XML_CDATA_SECTION_NODE) && n->content &&
                   v->text) {
            v->text(v->ctx, (const char *)n->content, strlen((const char *)n->content));
        }
        while (n && !n->next) {
            n = n->parent;
            if (!n || n->type == XML_DOCUMENT_NODE || n->type == XML_HTML_DOCUMENT_NODE)
                return;
            if (n->type == XML_ELEMENT_NODE && v->leave)
                v->leave(v->ctx, (const char *)n->name);
        }
        if (n)
            n = n->next;
    }
}

enum sl_status
xmlread_html(const char *html, size_t len, const struct xmlread_html_visitor *v)
{
    if (len > (size_t)0x7fffffff)
        return SL_ERR_LIMIT;
    if (!len)
        return SL_OK;
    pthread_once(&loader_once, install_loader);
    /* Without HTML_PARSE_NOIMPLIED the tree is the one a browser builds
     * (<html><body>, one <p> closed by the next); with it libxml2 nests each
     * <p> in the one before. */
    htmlDocPtr doc = htmlReadMemory(html, (int)len, NULL, "UTF-8",
                                    HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING |
                                        HTML_PARSE_NONET);
    if (!doc)
        return SL_OK; /* nothing libxml2 could build a tree of: no text */
    walk(doc->children, v);
    xmlFreeDoc(doc);
    return SL_OK;
}
