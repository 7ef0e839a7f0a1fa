/* yamlnest.c — the nesting depth of a YAML stream, byte by byte (see
 * yamlnest.h). A small lexer: it tracks whether the next byte may start a
 * node (at_node), since only there do quotes, '[', '{', "- " and block
 * scalars mean what they say; in flow context every '[' and '{' outside a
 * quoted scalar or a comment nests, as libyaml ends a plain scalar there. */
#include "engine/base/yamlnest.h"

#include <string.h>

enum {
    S_NORMAL,
    S_SQUOTE,
    S_SQUOTE_END, /* a ' inside '...': the end, or the first of '' */
    S_DQUOTE,
    S_DQUOTE_ESC,
    S_COMMENT,  /* to the end of the line */
    S_SKIPLINE, /* a block scalar's header or content line */
    S_ANCHOR,   /* &name: a node follows */
    S_ALIAS,    /* *name: the node itself */
    S_TAG,      /* !tag: a node follows */
};

void
yamlnest_init(struct yamlnest *n)
{
    memset(n, 0, sizeof *n);
    n->line = 1;
    n->at_node = true;
    n->line_start = true;
    n->space_before = true;
}

static bool
blank(unsigned char c)
{
    return c == ' ' || c == '\t';
}

static bool
anchor_char(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' ||
           c == '_';
}

static enum yamlnest_result
deeper(struct yamlnest *n)
{
    n->depth = n->flow + n->nblock;
    if (n->depth > n->deepest)
        n->deepest = n->depth;
    return n->depth > YAMLNEST_MAX_DEPTH ? YAMLNEST_TOO_DEEP : YAMLNEST_OK;
}

/* A block collection opens at column col unless one is open at or right of
 * it (a key of a mapping already open, an indentless sequence). */
static enum yamlnest_result
open_block(struct yamlnest *n, int col)
{
    if (n->nblock && n->block[n->nblock - 1] >= col)
        return YAMLNEST_OK;
    n->block[n->nblock++] = col;
    return deeper(n);
}

static void
close_blocks(struct yamlnest *n, int col)
{
    while (n->nblock && n->block[n->nblock - 1] > col)
        n->nblock--;
    n->depth = n->flow + n->nblock;
}

static enum yamlnest_result
open_flow(struct yamlnest *n)
{
    n->flow++;
    n->at_node = true;
    return deeper(n);
}

/* What a pending indicator was, now that the byte after it is known:
 * "- ", "? " and "key: " (or the same before a line break) open a block
 * collection; "---" at column 0 starts a document; anything else was the
 * start of a plain scalar, or text inside one. */
static enum yamlnest_result
settle(struct yamlnest *n, bool followed_by_blank)
{
    int p = n->pending, marker = n->marker;
    n->pending = 0;
    n->marker = 0;
    if (marker == 3 && followed_by_blank) {
        n->nblock = n->flow = n->depth = 0;
        n->at_node = true;
        return YAMLNEST_OK;
    }
    if (followed_by_blank && marker <= 1) {
        n->at_node = true;
        n->space_before = true;
        return open_block(n, p == ':' ? n->indent : n->pending_col);
    }
    if (p != ':') {
        n->indent = n->pending_col;
        n->at_node = false;
    }
    return YAMLNEST_OK;
}

static enum yamlnest_result
line_break(struct yamlnest *n)
{
    if (n->pending && settle(n, true))
        return YAMLNEST_TOO_DEEP; /* on this line, not the next */
    n->line++;
    n->col = 0;
    switch (n->state) {
    case S_SQUOTE:
    case S_DQUOTE:
        break;
    case S_DQUOTE_ESC:
        n->state = S_DQUOTE;
        break;
    default:
        n->state = S_NORMAL;
        n->line_start = true;
        if (n->flow == 0)
            n->at_node = true;
    }
    n->space_before = true;
    return YAMLNEST_OK;
}

/* The first byte of a line's content. False when the line is skipped (a
 * comment, a directive, a block scalar's content). */
static bool
line_content(struct yamlnest *n, unsigned char c)
{
    n->line_start = false;
    if (n->flow)
        return true;
    if (n->block_scalar) {
        if (n->col > n->scalar_indent) {
            n->state = S_SKIPLINE;
            return false;
        }
        n->block_scalar = false;
    }
    if (c == '#' || (c == '%' && n->col == 0)) {
        n->state = S_COMMENT;
        return false;
    }
    close_blocks(n, n->col);
    n->at_node = true;
    return true;
}

/* A byte where a node may start, in either context: quotes, properties and
 * comments mean the same in both. */
static enum yamlnest_result
node_start(struct yamlnest *n, unsigned char c)
{
    switch (c) {
    case '[':
    case '{':
        return open_flow(n);
    case '#':
        n->state = S_COMMENT;
        return YAMLNEST_OK;
    case '!':
        n->state = S_TAG;
        return YAMLNEST_OK;
    case '&':
        n->state = S_ANCHOR;
        return YAMLNEST_OK;
    case '*':
        n->state = S_ALIAS;
        return YAMLNEST_OK;
    case '\'':
        n->state = S_SQUOTE;
        break;
    case '"':
        n->state = S_DQUOTE;
        break;
    default:
        if (n->flow)
            break;
        if (c == '-' || c == '?' || c == ':') {
            n->pending = c;
            n->pending_col = n->col;
            if (c == ':')
                n->indent = n->col; /* an empty key */
            else if (c == '-' && n->col == 0)
                n->marker = 1;
            return YAMLNEST_OK;
        }
        if (c == '|' || c == '>') {
            n->block_scalar = true;
            n->scalar_indent = n->nblock ? n->block[n->nblock - 1] : -1;
            n->state = S_SKIPLINE;
            return YAMLNEST_OK;
        }
    }
    n->indent = n->col; /* where a mapping key would start */
    n->at_node = false;
    return YAMLNEST_OK;
}

/* One byte in S_NORMAL after the line's indentation. */
static enum yamlnest_result
normal(struct yamlnest *n, unsigned char c)
{
    if (blank(c)) {
        n->space_before = true;
        return YAMLNEST_OK;
    }
    bool after_blank = n->space_before;
    n->space_before = false;
    if (n->flow) {
        switch (c) {
        case '[':
        case '{':
            return open_flow(n);
        case ']':
        case '}':
            n->flow--;
            n->depth = n->flow + n->nblock;
            n->at_node = false;
            return YAMLNEST_OK;
        case ',':
        case ':':
        case '?':
            n->at_node = true;
            return YAMLNEST_OK;
        case '#':
            if (after_blank || n->at_node) {
                n->state = S_COMMENT;
                return YAMLNEST_OK;
            }
        }
        if (n->at_node)
            return node_start(n, c);
        return YAMLNEST_OK;
    }
    if (n->at_node)
        return node_start(n, c);
    if (c == '#' && after_blank) {
        n->state = S_COMMENT;
    } else if (c == ':') {
        n->pending = ':';
        n->pending_col = n->col;
    }
    return YAMLNEST_OK;
}

/* One byte other than a line break, at column n->col. */
static enum yamlnest_result
step(struct yamlnest *n, unsigned char c)
{
    if (n->pending) {
        if (n->pending == '-' && c == '-' && n->marker && n->marker < 3) {
            n->marker++;
            return YAMLNEST_OK;
        }
        enum yamlnest_result r = settle(n, blank(c));
        if (r || blank(c))
            return r;
    }
    switch (n->state) {
    case S_SQUOTE:
        if (c == '\'')
            n->state = S_SQUOTE_END;
        return YAMLNEST_OK;
    case S_SQUOTE_END:
        if (c == '\'') {
            n->state = S_SQUOTE;
            return YAMLNEST_OK;
        }
        n->state = S_NORMAL;
        n->at_node = false;
        return step(n, c);
    case S_DQUOTE:
        if (c == '\\') {
            n->state = S_DQUOTE_ESC;
        } else if (c == '"') {
            n->state = S_NORMAL;
            n->at_node = false;
        }
        return YAMLNEST_OK;
    case S_DQUOTE_ESC:
        n->state = S_DQUOTE;
        return YAMLNEST_OK;
    case S_COMMENT:
    case S_SKIPLINE:
        return YAMLNEST_OK;
    case S_ANCHOR:
    case S_ALIAS:
    case S_TAG:
        /* A tag takes any non-blank byte but a flow indicator; an anchor
         * or an alias only name bytes. A node follows a tag or an anchor. */
        if (n->state == S_TAG ? !blank(c) && !strchr("[]{},", c) : anchor_char(c))
            return YAMLNEST_OK;
        n->at_node = n->state != S_ALIAS;
        n->state = S_NORMAL;
        return step(n, c);
    default:
        if (n->line_start && (blank(c) || !line_content(n, c)))
            return YAMLNEST_OK;
        return normal(n, c);
    }
}

static enum yamlnest_result
byte(struct yamlnest *n, unsigned char c)
{
    if (n->cr && c == '\n') {
        n->cr = false;
        return YAMLNEST_OK;
    }
    n->cr = c == '\r';
    if (c == '\n' || c == '\r')
        return line_break(n);
    enum yamlnest_result r = step(n, c);
    n->col++;
    return r;
}

enum yamlnest_result
yamlnest_feed(struct yamlnest *n, const char *bytes, size_t len)
{
    if (n->started < 0)
        return YAMLNEST_UTF16;
    if (n->depth > YAMLNEST_MAX_DEPTH)
        return YAMLNEST_TOO_DEEP;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)bytes[i];
        /* A byte-order mark: UTF-8's is skipped, UTF-16's refused. A
         * stream that only starts like UTF-8's is read from its start. */
        if (n->started < 3) {
            static const unsigned char bom[] = {0xEF, 0xBB, 0xBF};
            if (n->started == 0 && (c == 0xFE || c == 0xFF)) {
                n->started = -1;
                return YAMLNEST_UTF16;
            }
            if (c == bom[n->started]) {
                n->started++;
                continue;
            }
            for (int k = 0; k < n->started; k++)
                if (byte(n, bom[k]))
                    return YAMLNEST_TOO_DEEP;
            n->started = 3;
        }
        if (byte(n, c))
            return YAMLNEST_TOO_DEEP;
    }
    return YAMLNEST_OK;
}
