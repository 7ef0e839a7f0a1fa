/* yamldoc.c — the libyaml wrapper (see yamldoc.h). */
#include "engine/base/yamldoc.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "engine/base/infile.h"
#include "engine/base/yamlnest.h"

struct yamldoc_stream {
    yaml_parser_t parser;
    const char *path;
    bool ended;
    FILE *f;
    struct yamlnest nest;             /* every byte passes here before libyaml */
    enum yamlnest_result nest_result; /* why the reader stopped, when it did */
    int read_errno;                   /* nonzero when the file could not be read */
    size_t bytes;                     /* read so far */
};

struct yamldoc {
    yaml_document_t doc;
};

static yaml_node_t *
Y(const struct yaml_node *n)
{
    return (yaml_node_t *)(uintptr_t)n;
}

/* libyaml's reader: the bytes are measured for nesting before libyaml sees
 * them, and a stream that nests too deep ends at the read that crosses the
 * limit, with libyaml's time still linear in what it has read. */
static int
read_measured(void *data, unsigned char *buffer, size_t size, size_t *size_read)
{
    struct yamldoc_stream *s = data;
    size_t n = fread(buffer, 1, size, s->f);
    *size_read = n;
    /* A read that fails after handing over part of what was asked still
     * fails the stream: libyaml may finish a document on those bytes and
     * never ask again (yamldoc_next checks). */
    if (ferror(s->f)) {
        if (!s->read_errno)
            s->read_errno = errno ? errno : EIO;
        if (n == 0)
            return 0;
    }
    s->bytes += n;
    if (s->bytes > YAMLDOC_MAX_BYTES)
        return 0;
    s->nest_result = yamlnest_feed(&s->nest, (const char *)buffer, n);
    return s->nest_result == YAMLNEST_OK;
}

enum sl_status
yamldoc_open(FILE *f, const char *path, struct yamldoc_stream **out, struct sl_diag *diag)
{
    struct yamldoc_stream *s = calloc(1, sizeof *s);
    if (!s || !yaml_parser_initialize(&s->parser)) {
        free(s);
        return diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
    }
    s->f = f;
    s->path = path;
    yamlnest_init(&s->nest);
    yaml_parser_set_input(&s->parser, read_measured, s);
    *out = s;
    return SL_OK;
}

void
yamldoc_close(struct yamldoc_stream *s)
{
    if (!s)
        return;
    yaml_parser_delete(&s->parser);
    free(s);
}

enum sl_status
yamldoc_next(struct yamldoc_stream *s, struct yamldoc **out, struct sl_diag *diag)
{
    *out = NULL;
    if (s->ended)
        return SL_OK;
    struct yamldoc *d = calloc(1, sizeof *d);
    if (!d)
        return diag_set(diag, SL_ERR_NOMEM, s->path, 0, "out of memory");
    if (!yaml_parser_load(&s->parser, &d->doc)) {
        enum sl_status rc;
        if (s->read_errno)
            rc = infile_read_error(diag, s->path, s->nest.line, s->read_errno);
        else if (s->nest_result == YAMLNEST_TOO_DEEP)
            rc = diag_set(diag, SL_ERR_INPUT, s->path, s->nest.line,
                          "YAML nested deeper than %d levels", YAMLNEST_MAX_DEPTH);
        else if (s->bytes > YAMLDOC_MAX_BYTES)
            rc = diag_set(diag, SL_ERR_LIMIT, s->path, s->nest.line,
                          "YAML longer than %zu MiB, the most slaudit reads of one YAML file "
                          "(a scalar or a document that long is refused, not read whole)",
                          YAMLDOC_MAX_BYTES >> 20);
        else if (s->nest_result == YAMLNEST_UTF16)
            rc = diag_set(diag, SL_ERR_INPUT, s->path, 1, "%s", INFILE_UTF16_MESSAGE);
        else
            rc = diag_set(diag, s->parser.error == YAML_MEMORY_ERROR ? SL_ERR_NOMEM : SL_ERR_INPUT,
                          s->path, (long)s->parser.problem_mark.line + 1, "bad YAML: %s%s%s",
                          s->parser.problem ? s->parser.problem : "unreadable",
                          s->parser.context ? " " : "", s->parser.context ? s->parser.context : "");
        free(d);
        s->ended = true;
        return rc;
    }
    if (s->read_errno) {
        yaml_document_delete(&d->doc);
        free(d);
        s->ended = true;
        return infile_read_error(diag, s->path, s->nest.line, s->read_errno);
    }
    if (!yaml_document_get_root_node(&d->doc)) {
        yaml_document_delete(&d->doc);
        free(d);
        s->ended = true;
        return SL_OK;
    }
    if (d->doc.nodes.top - d->doc.nodes.start > YAMLDOC_MAX_NODES) {
        yamldoc_free(d);
        s->ended = true;
        return diag_set(diag, SL_ERR_LIMIT, s->path, 0, "YAML document has more than %d nodes",
                        YAMLDOC_MAX_NODES);
    }
    *out = d;
    return SL_OK;
}

void
yamldoc_free(struct yamldoc *d)
{
    if (!d)
        return;
    yaml_document_delete(&d->doc);
    free(d);
}

struct yaml_node *
yamldoc_root(const struct yamldoc *d)
{
    return (struct yaml_node *)yaml_document_get_root_node((yaml_document_t *)(uintptr_t)&d->doc);
}

enum ynode_kind
yamldoc_kind(const struct yaml_node *n)
{
    if (!n)
        return YNODE_NONE;
    switch (Y(n)->type) {
    case YAML_SCALAR_NODE:
        return YNODE_SCALAR;
    case YAML_SEQUENCE_NODE:
        return YNODE_SEQUENCE;
    case YAML_MAPPING_NODE:
        return YNODE_MAPPING;
    default:
        return YNODE_NONE;
    }
}

long
yamldoc_line(const struct yaml_node *n)
{
    return n ? (long)Y(n)->start_mark.line + 1 : 0;
}

const char *
yamldoc_scalar(const struct yaml_node *n)
{
    return yamldoc_kind(n) == YNODE_SCALAR ? (const char *)Y(n)->data.scalar.value : NULL;
}

static yaml_node_t *
node_at(const struct yamldoc *d, int id)
{
    return yaml_document_get_node((yaml_document_t *)(uintptr_t)&d->doc, id);
}

size_t
yamldoc_size(const struct yaml_node *n)
{
    switch (yamldoc_kind(n)) {
    case YNODE_SEQUENCE:
        return (size_t)(Y(n)->data.sequence.items.top - Y(n)->data.sequence.items.start);
    case YNODE_MAPPING:
        return (size_t)(Y(n)->data.mapping.pairs.top - Y(n)->data.mapping.pairs.start);
    default:
        return 0;
    }
}

struct yaml_node *
yamldoc_at(const struct yamldoc *d, const struct yaml_node *n, size_t i)
{
    if (yamldoc_kind(n) != YNODE_SEQUENCE || i >= yamldoc_size(n))
        return NULL;
    return (struct yaml_node *)node_at(d, Y(n)->data.sequence.items.start[i]);
}

bool
yamldoc_pair(const struct yamldoc *d, const struct yaml_node *n, size_t i, struct yaml_node **key,
             struct yaml_node **value)
{
    if (yamldoc_kind(n) != YNODE_MAPPING || i >= yamldoc_size(n))
        return false;
    yaml_node_pair_t *p = &Y(n)->data.mapping.pairs.start[i];
    *key = (struct yaml_node *)node_at(d, p->key);
    *value = (struct yaml_node *)node_at(d, p->value);
    return true;
}

struct yaml_node *
yamldoc_get(const struct yamldoc *d, const struct yaml_node *n, const char *key)
{
    struct yaml_node *k, *v;
    for (size_t i = 0; yamldoc_pair(d, n, i, &k, &v); i++) {
        const char *s = yamldoc_scalar(k);
        if (s && !strcmp(s, key))
            return v;
    }
    return NULL;
}

const char *
yamldoc_get_scalar(const struct yamldoc *d, const struct yaml_node *n, const char *key)
{
    return yamldoc_scalar(yamldoc_get(d, n, key));
}
