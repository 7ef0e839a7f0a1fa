/* fuzz_nesting.c — libFuzzer harness for nesting (docs/limits.md: YAML 256
 * levels, JSON 64). The first byte picks a mode:
 *
 * even: the rest is a YAML stream, measured by the nesting scan
 *   (engine/base/yamlnest.h) and parsed by libyaml. When the scan lets it
 *   through and libyaml reads it, the tree is never deeper than the scan
 *   allows for (an indentless sequence — "key:" then "- " at the key's
 *   column — is one column for two collections, so twice the scan's depth);
 *   when the scan refuses it, yamldoc never reads it to its end.
 *   Aliases are left out of that check: they share nodes, not nesting.
 *
 * odd: the next bytes build a document nested to a depth they choose, up
 *   to 5,000 levels, in one of the forms below, with the innermost scalar
 *   from the input; it must be read when within the limit and refused with
 *   the nesting message when past it — never parsed past it, which for
 *   YAML would take time growing with the square of the depth. */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/jsondoc.h"
#include "engine/base/strbuf.h"
#include "engine/base/yamldoc.h"
#include "engine/base/yamlnest.h"
#include "engine/store/store.h"
#include "parsers/formats/registry.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct store *store;
static unsigned long run;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    struct sl_diag diag = {0};
    if (store_open(":memory:", &store, &diag)) {
        fprintf(stderr, "fuzz_nesting: %s\n", diag.message);
        exit(2);
    }
    return 0;
}

/* The deepest path of collections under n, up to cap (a cycle through an
 * anchor would otherwise never end). */
static int
tree_depth(const struct yamldoc *doc, const struct yaml_node *n, int cap)
{
    if (cap <= 0)
        return 0;
    int deepest = 0;
    struct yaml_node *k, *v;
    switch (yamldoc_kind(n)) {
    case YNODE_SEQUENCE:
        for (size_t i = 0; i < yamldoc_size(n); i++) {
            int d = tree_depth(doc, yamldoc_at(doc, n, i), cap - 1);
            deepest = d > deepest ? d : deepest;
        }
        return deepest + 1;
    case YNODE_MAPPING:
        for (size_t i = 0; yamldoc_pair(doc, n, i, &k, &v); i++) {
            int a = tree_depth(doc, k, cap - 1), b = tree_depth(doc, v, cap - 1);
            deepest = a > deepest ? a : deepest;
            deepest = b > deepest ? b : deepest;
        }
        return deepest + 1;
    default:
        return 0;
    }
}

static FILE *
mem(const void *data, size_t size)
{
    static const char nothing[1];
    FILE *f = fmemopen(size ? (void *)(uintptr_t)data : (void *)(uintptr_t)nothing, size ? size : 1,
                       "rb");
    if (f && !size)
        fseek(f, 1, SEEK_SET);
    return f;
}

static void
scan_against_libyaml(const uint8_t *data, size_t size)
{
    struct yamlnest n;
    yamlnest_init(&n);
    bool refused = yamlnest_feed(&n, (const char *)data, size) != YAMLNEST_OK;
    bool aliases = memchr(data, '*', size) != NULL;
    FILE *f = mem(data, size);
    if (!f)
        return;
    struct yamldoc_stream *ys = NULL;
    struct sl_diag diag = {0};
    enum sl_status rc = yamldoc_open(f, "fuzz.yaml", &ys, &diag);
    struct yamldoc *doc = NULL;
    while (!rc && !(rc = yamldoc_next(ys, &doc, &diag)) && doc) {
        int cap = 4 * YAMLNEST_MAX_DEPTH + 8;
        int depth = tree_depth(doc, yamldoc_root(doc), cap);
        /* the scan's count at the end of the stream bounds every document */
        assert(aliases || depth <= 2 * n.deepest + 1);
        assert(depth < cap || aliases);
        yamldoc_free(doc);
    }
    /* Refused: never read to its end (libyaml may first find an error in
     * what it was given before the refusal). */
    if (refused)
        assert(rc != SL_OK);
    yamldoc_close(ys);
    fclose(f);
}

enum form {
    YAML_FLOW_SEQUENCE, /* x: [[[ 1 ]]]: depth + 1 */
    YAML_FLOW_MAPPING,  /* x: {a: {a: 1}}: depth + 1 */
    YAML_COMPACT,       /* - - - x: depth */
    YAML_INDENTED,      /* k: / " k:" / ...: depth */
    YAML_BLOCK_FLOW,    /* - - [[ x ]]: depth, half of each */
    JSON_STREAMED,      /* [[[...]]] through a streamed JSON parser: depth */
    JSON_WHOLE,         /* {"a": {"a": ...}} read whole: depth */
    FORMS
};

static void
build(struct strbuf *sb, enum form form, long depth, const char *inner)
{
    switch (form) {
    case YAML_FLOW_SEQUENCE:
    case YAML_FLOW_MAPPING:
        strbuf_addstr(sb, "x: ");
        for (long i = 0; i < depth; i++)
            strbuf_addstr(sb, form == YAML_FLOW_SEQUENCE ? "[" : "{a: ");
        strbuf_addstr(sb, inner);
        for (long i = 0; i < depth; i++)
            strbuf_addch(sb, form == YAML_FLOW_SEQUENCE ? ']' : '}');
        break;
    case YAML_COMPACT:
        for (long i = 0; i < depth; i++)
            strbuf_addstr(sb, "- ");
        strbuf_addstr(sb, inner);
        break;
    case YAML_INDENTED:
        for (long i = 0; i < depth; i++) {
            for (long k = 0; k < i; k++)
                strbuf_addch(sb, ' ');
            strbuf_addstr(sb, i + 1 < depth ? "k:\n" : "k: ");
        }
        strbuf_addstr(sb, inner);
        break;
    case YAML_BLOCK_FLOW:
        for (long i = 0; i < depth / 2; i++)
            strbuf_addstr(sb, "- ");
        for (long i = depth / 2; i < depth; i++)
            strbuf_addch(sb, '[');
        strbuf_addstr(sb, inner);
        for (long i = depth / 2; i < depth; i++)
            strbuf_addch(sb, ']');
        break;
    case JSON_STREAMED:
        for (long i = 0; i < depth; i++)
            strbuf_addch(sb, '[');
        strbuf_addf(sb, "\"%s\"", inner);
        for (long i = 0; i < depth; i++)
            strbuf_addch(sb, ']');
        break;
    case JSON_WHOLE:
        for (long i = 0; i < depth; i++)
            strbuf_addstr(sb, "{\"a\": ");
        strbuf_addf(sb, "\"%s\"", inner);
        for (long i = 0; i < depth; i++)
            strbuf_addch(sb, '}');
        break;
    case FORMS:
        break;
    }
    strbuf_addch(sb, '\n');
}

/* Runs a streamed JSON parser (Uptime Kuma reads a top-level array of
 * heartbeats) over text; its status and message. */
static enum sl_status
streamed(const char *text, size_t len, struct sl_diag *diag)
{
    FILE *f = mem(text, len);
    if (!f)
        return SL_ERR_NOMEM;
    struct ingest ing;
    char sha[65];
    bool already = false;
    snprintf(sha, sizeof sha, "nesting-%lu", run++);
    ingest_init(&ing, store, "fuzz.json", diag);
    ing.entity = "team:fuzz";
    enum sl_status rc =
        store_source_begin(store, "fuzz.json", sha, "uptime-kuma", (long long)len, &already, diag);
    if (!rc)
        rc = parser_uptime_kuma.parse(&ing, f);
    store_source_abort(store);
    ingest_release(&ing);
    fclose(f);
    return rc;
}

static void
built(const uint8_t *data, size_t size)
{
    if (size < 4)
        return;
    enum form form = (enum form)(data[1] % FORMS);
    long depth = (long)data[2] << 8 | data[3];
    bool json = form == JSON_STREAMED || form == JSON_WHOLE;
    long limit = json ? JSONDOC_MAX_DEPTH : YAMLNEST_MAX_DEPTH;
    if (data[1] & 0x80)
        depth %= 2 * limit + 8; /* about the limit */
    else
        depth %= 5001; /* far past it: 100,000 took libyaml 26 s, 5,000 would be 0.1 s */
    if (form == YAML_INDENTED && depth > 600)
        depth = 600; /* its lines grow with the depth: 180 KB at most */
    char inner[17] = "x";
    size_t n = 0;
    for (size_t i = 4; i < size && n < 16; i++)
        if ((data[i] >= 'a' && data[i] <= 'z') || (data[i] >= '0' && data[i] <= '9'))
            inner[n++] = (char)data[i];
    if (n)
        inner[n] = '\0';
    long levels = form == YAML_FLOW_SEQUENCE || form == YAML_FLOW_MAPPING ? depth + 1 : depth;
    struct strbuf sb = STRBUF_INIT;
    build(&sb, form, depth, inner);
    struct sl_diag diag = {0};
    enum sl_status rc;
    const char *deeper;
    if (form == JSON_STREAMED) {
        rc = streamed(sb.buf, sb.len, &diag);
        deeper = "JSON nested deeper than 64 levels";
    } else if (form == JSON_WHOLE) {
        struct json_node *root = NULL;
        rc = jsondoc_load_buffer(sb.buf, sb.len, "fuzz.json", 1, &root, &diag);
        jsondoc_free(root);
        deeper = "JSON nested deeper than 64 levels";
    } else {
        FILE *f = mem(sb.buf, sb.len);
        struct yamldoc_stream *ys = NULL;
        struct yamldoc *doc = NULL;
        rc = f ? yamldoc_open(f, "fuzz.yaml", &ys, &diag) : SL_ERR_NOMEM;
        if (!rc)
            rc = yamldoc_next(ys, &doc, &diag);
        yamldoc_free(doc);
        yamldoc_close(ys);
        if (f)
            fclose(f);
        deeper = "YAML nested deeper than 256 levels";
    }
    bool refused = rc == SL_ERR_INPUT && strstr(diag.message, deeper);
    if (levels > limit)
        assert(refused);
    else
        assert(!refused);
    strbuf_release(&sb);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!size)
        return 0;
    if (data[0] & 1)
        built(data, size);
    else
        scan_against_libyaml(data + 1, size - 1);
    return 0;
}
