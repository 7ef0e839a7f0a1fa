/* fuzz_jsondoc.c — libFuzzer harness for the JSON reader (stored SLA terms and
 * the JSON formats read through it): any bytes either parse into a tree that
 * can be walked to its leaves or fail with a message; nesting deeper than
 * JSONDOC_MAX_DEPTH is refused, never recursed into. */
#include <assert.h>
#include <stdint.h>

#include "engine/base/jsondoc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t walk(const struct json_node *n, int depth);

struct member_walk {
    int depth;
    size_t leaves;
};

static int
member(void *ctx, const char *key, struct json_node *value)
{
    struct member_walk *w = ctx;
    assert(key);
    w->leaves += walk(value, w->depth + 1);
    return 0;
}

static size_t
walk(const struct json_node *n, int depth)
{
    assert(depth <= JSONDOC_MAX_DEPTH + 1);
    size_t leaves = 0;
    double d;
    bool b;
    switch (jsondoc_kind(n)) {
    case JNODE_OBJECT: {
        struct member_walk w = {depth, 0};
        jsondoc_each_member(n, member, &w);
        return w.leaves;
    }
    case JNODE_ARRAY:
        for (size_t i = 0; i < jsondoc_size(n); i++)
            leaves += walk(jsondoc_at(n, i), depth + 1);
        return leaves;
    case JNODE_STRING:
        assert(jsondoc_string(n));
        return 1;
    case JNODE_NUMBER:
        assert(jsondoc_number(n, &d));
        return 1;
    case JNODE_BOOL:
        assert(jsondoc_bool(n, &b));
        return 1;
    default:
        return 1;
    }
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct json_node *root = NULL;
    struct sl_diag diag = {0};
    if (jsondoc_load_buffer((const char *)data, size, "fuzz.json", 1, &root, &diag) == SL_OK) {
        walk(root, 0);
        jsondoc_free(root);
    } else {
        assert(diag.message[0]);
    }
    return 0;
}
