/* jsondoc.c — the jansson wrapper. */
#include "engine/base/jsondoc.h"

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* struct json_node is never defined: it is json_t seen through our name. */
static json_t *
J(const struct json_node *n)
{
    return (json_t *)(uintptr_t)n;
}

static struct json_node *
N(json_t *j)
{
    return (struct json_node *)j;
}

static size_t
depth_of(json_t *j, size_t limit)
{
    if (limit == 0)
        return 1;
    size_t deepest = 0;
    if (json_is_array(j)) {
        size_t i;
        json_t *v;
        json_array_foreach(j, i, v)
        {
            size_t d = depth_of(v, limit - 1);
            if (d > deepest)
                deepest = d;
        }
    } else if (json_is_object(j)) {
        const char *k;
        json_t *v;
        json_object_foreach(j, k, v)
        {
            size_t d = depth_of(v, limit - 1);
            if (d > deepest)
                deepest = d;
        }
    } else {
        return 0;
    }
    return deepest + 1;
}

/* The line (counting from line) where text first nests deeper than
 * JSONDOC_MAX_DEPTH, or 0 when it does not. Strings are skipped; brackets
 * that do not balance are left for jansson to refuse. */
static long
too_deep_at(const char *text, size_t len, long line)
{
    long depth = 0;
    bool in_string = false;
    for (size_t i = 0; i < len; i++) {
        char c = text[i];
        if (c == '\n')
            line++;
        if (in_string) {
            if (c == '\\' && i + 1 < len && text[i + 1] != '\n')
                i++;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > JSONDOC_MAX_DEPTH)
                return line;
        } else if (c == ']' || c == '}') {
            depth--;
        }
    }
    return 0;
}

static enum sl_status
loaded(json_t *j, const json_error_t *err, const char *path, long line_base,
       struct json_node **root, struct sl_diag *diag)
{
    if (!j)
        return diag_set(diag, SL_ERR_INPUT, path, line_base + (err->line > 0 ? err->line : 1) - 1,
                        "bad JSON at column %d: %s", err->column, err->text);
    if (depth_of(j, JSONDOC_MAX_DEPTH + 1) > JSONDOC_MAX_DEPTH) {
        json_decref(j);
        return diag_set(diag, SL_ERR_INPUT, path, line_base, "JSON nested deeper than %d levels",
                        JSONDOC_MAX_DEPTH);
    }
    *root = N(j);
    return SL_OK;
}

enum sl_status
jsondoc_load_file(FILE *f, const char *path, struct json_node **root, struct sl_diag *diag)
{
    json_error_t err;
    json_t *j = json_loadf(f, JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL, &err);
    return loaded(j, &err, path, 1, root, diag);
}

enum sl_status
jsondoc_load_buffer(const char *text, size_t len, const char *path, long line,
                    struct json_node **root, struct sl_diag *diag)
{
    json_error_t err;
    /* A UTF-8 byte-order mark is not JSON, but editors write one. */
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {
        text += 3;
        len -= 3;
    }
    long first = line > 0 ? line : 1, deep = too_deep_at(text, len, first);
    if (deep)
        return diag_set(diag, SL_ERR_INPUT, path, deep, "JSON nested deeper than %d levels",
                        JSONDOC_MAX_DEPTH);
    json_t *j = json_loadb(text, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY, &err);
    return loaded(j, &err, path, first, root, diag);
}

void
jsondoc_free(struct json_node *root)
{
    json_decref(J(root));
}

enum jnode_kind
jsondoc_kind(const struct json_node *n)
{
    if (!n)
        return JNODE_NULL;
    switch (json_typeof(J(n))) {
    case JSON_OBJECT:
        return JNODE_OBJECT;
    case JSON_ARRAY:
        return JNODE_ARRAY;
    case JSON_STRING:
        return JNODE_STRING;
    case JSON_INTEGER:
    case JSON_REAL:
        return JNODE_NUMBER;
    case JSON_TRUE:
    case JSON_FALSE:
        return JNODE_BOOL;
    case JSON_NULL:
        break;
    }
    return JNODE_NULL;
}

struct json_node *
jsondoc_get(const struct json_node *n, const char *key)
{
    return n && json_is_object(J(n)) ? N(json_object_get(J(n), key)) : NULL;
}

struct json_node *
jsondoc_at(const struct json_node *n, size_t i)
{
    return n && json_is_array(J(n)) ? N(json_array_get(J(n), i)) : NULL;
}

size_t
jsondoc_size(const struct json_node *n)
{
    if (!n)
        return 0;
    if (json_is_array(J(n)))
        return json_array_size(J(n));
    if (json_is_object(J(n)))
        return json_object_size(J(n));
    return 0;
}

const char *
jsondoc_string(const struct json_node *n)
{
    return n && json_is_string(J(n)) ? json_string_value(J(n)) : NULL;
}

const char *
jsondoc_get_string(const struct json_node *n, const char *key)
{
    return jsondoc_string(jsondoc_get(n, key));
}

bool
jsondoc_number(const struct json_node *n, double *out)
{
    if (!n || !json_is_number(J(n)))
        return false;
    *out = json_number_value(J(n));
    return true;
}

bool
jsondoc_bool(const struct json_node *n, bool *out)
{
    if (!n || !json_is_boolean(J(n)))
        return false;
    *out = json_is_true(J(n));
    return true;
}

void
jsondoc_each_member(const struct json_node *n,
                    int (*fn)(void *ctx, const char *key, struct json_node *value), void *ctx)
{
    if (!n || !json_is_object(J(n)))
        return;
    const char *key;
    json_t *value;
    json_object_foreach(J(n), key, value)
    {
        if (fn(ctx, key, N(value)))
            return;
    }
}
