/* fuzz_jsonflat.c — differential harness for the quick path of JSON Lines
 * (parsers/read/jsonflat.h): every line jsonflat_parse() accepts must be read by
 * the JSON library to the same object — the same members, kinds and values.
 * A line it refuses goes to the library anyway, so refusing is always safe;
 * accepting wrongly would store a value the library would not. Each line of
 * the input is one case. */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/jsondoc.h"
#include "parsers/read/jsonflat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
same_member(const struct json_node *root, const struct jsonflat_member *m)
{
    char name[4096];
    assert(m->name_len < sizeof name);
    memcpy(name, m->name, m->name_len);
    name[m->name_len] = '\0';
    assert(strlen(name) == m->name_len); /* no NUL inside a name */
    const struct json_node *v = jsondoc_get(root, name);
    assert(v && jsondoc_kind(v) == m->kind);
    double d;
    bool b;
    switch (m->kind) {
    case JNODE_STRING:
        assert(strlen(jsondoc_string(v)) == m->len &&
               memcmp(jsondoc_string(v), m->text, m->len) == 0);
        break;
    case JNODE_NUMBER: {
        char digits[32];
        assert(m->len < sizeof digits);
        memcpy(digits, m->text, m->len);
        digits[m->len] = '\0';
        assert(jsondoc_number(v, &d) && d == strtod(digits, NULL));
        break;
    }
    case JNODE_BOOL:
        assert(jsondoc_bool(v, &b) && b == (m->len == 4 && memcmp(m->text, "true", 4) == 0));
        break;
    default:
        break;
    }
}

static void
check_line(const char *line, size_t len)
{
    struct jsonflat jf;
    if (!jsonflat_parse(&jf, line, len))
        return;
    struct json_node *root = NULL;
    struct sl_diag diag = {0};
    assert(jsondoc_load_buffer(line, len, "fuzz.jsonl", 1, &root, &diag) == SL_OK);
    assert(jsondoc_kind(root) == JNODE_OBJECT && jsondoc_size(root) == jf.n);
    for (size_t i = 0; i < jf.n; i++)
        same_member(root, &jf.member[i]);
    jsondoc_free(root);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *p = (const char *)data, *end = p + size;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t len = nl ? (size_t)(nl - p) : (size_t)(end - p);
        check_line(p, len);
        p += len + 1;
    }
    return 0;
}
