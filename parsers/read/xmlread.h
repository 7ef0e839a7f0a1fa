/* xmlread.h — XML inputs and the HTML inside them, read with libxml2 (the
 * wrapper of libxml2 for the format parsers; parsers/sla/sla_html.c is the
 * other file that includes it, for SLA documents in HTML).
 *
 * An XML file is read as a stream of nodes (libxml2's xmlTextReader): memory
 * holds the node being read, not the document. It is read safely whatever
 * it holds:
 *   - no entity is expanded: a reference to an entity the document declares
 *     (&lol9; of a billion-laughs, &xxe; naming a file or a URL, &co; for a
 *     company's name) is never replaced by what it names, and comes as a
 *     node of its own (XMLREAD_ENTITY), so that a reader can refuse text
 *     that would lose it rather than lose it without a word;
 *   - no DTD is loaded, no file or URL outside the document is opened (the
 *     network is off, and every external entity loader refuses);
 *   - libxml2's own limits hold (a text node over 10 MB, nesting deeper than
 *     256 elements, an entity amplification past its factor): past one, the
 *     file is not well-formed as far as the reader goes, and says so.
 * A document that is not well-formed ends the read with SL_ERR_INPUT, the
 * diagnostic naming the file and libxml2's line and message
 * ("feed.xml:12: XML: Opening and ending tag mismatch: title line 12 and
 * entry").
 *
 * HTML (the content of a feed entry) is parsed whole by libxml2's HTML
 * parser, forgiving as browsers are, and walked in document order. */
#ifndef SLAUDIT_XMLREAD_H
#define SLAUDIT_XMLREAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/base/status.h"

enum xmlread_kind {
    XMLREAD_DONE,  /* the end of the document: nothing more */
    XMLREAD_START, /* an element opens (an empty element: START then END) */
    XMLREAD_END,   /* it closes */
    XMLREAD_TEXT,  /* text, CDATA or white space, as decoded characters */
    /* A reference to an entity the document declares, where its text would
     * stand: name is the entity's ("co" of &co;). The five of XML itself
     * (&amp; &lt; &gt; &quot; &apos;) and character references are text. */
    XMLREAD_ENTITY,
};

/* One node; its strings are valid until the next xmlread_next. */
struct xmlread_node {
    enum xmlread_kind kind;
    const char *name; /* START, END: the local name ("entry", "encoded" of content:encoded);
                       * ENTITY: the entity's */
    const char *text; /* TEXT: UTF-8, NUL-terminated */
    size_t len;       /* TEXT: strlen(text) */
    int depth;        /* the root element is at 0; its text at 1 */
    long line;        /* START: the line it opens on (0 when libxml2 knows none) */
};

struct xmlread;

/* A reader of the XML in f (borrowed; read from where it stands); path names
 * the file in diagnostics. NULL with diag set when memory runs out. */
struct xmlread *xmlread_open(FILE *f, const char *path, struct sl_diag *diag);
void xmlread_free(struct xmlread *r);

/* The next node into *n. SL_OK and n->kind XMLREAD_DONE at the end;
 * SL_ERR_INPUT (a document that is not well-formed, an empty file) or
 * SL_ERR_IO (f could not be read) with the reader's diagnostic set: it names
 * the file and the line. */
enum sl_status xmlread_next(struct xmlread *r, struct xmlread_node *n);

/* The value of attribute name (unprefixed) of the element just opened, into
 * out (at most outlen - 1 bytes kept); false when it has none. */
bool xmlread_attr(struct xmlread *r, const char *name, char *out, size_t outlen);

/* What the HTML walk calls, each optional: an element opens or closes (its
 * lowercase name), and text (decoded, UTF-8; a non-breaking space is kept as
 * the two bytes of U+00A0). */
struct xmlread_html_visitor {
    void (*enter)(void *ctx, const char *name);
    void (*leave)(void *ctx, const char *name);
    void (*text)(void *ctx, const char *text, size_t len);
    void *ctx;
};

/* Parses html[0..len) as HTML and walks it in document order. SL_OK for any
 * text (HTML is read as a browser would, whatever its errors; what libxml2
 * builds no tree of walks nothing); SL_ERR_LIMIT for a text over 2 GiB. */
enum sl_status xmlread_html(const char *html, size_t len, const struct xmlread_html_visitor *v);

#endif
