/* jsonflat.h — a JSON object of plain scalars on one line, read in place
 * without building a tree: the quick path of JSON Lines (parsers/jsonl_generic.c).
 *
 * A line is flat when it is one object whose member names and string values
 * are valid UTF-8 without escapes or control characters, whose other values
 * are true, false, null or integers of at most 15 digits, and whose names are
 * all different. jansson reads such a line to exactly these values; anything
 * else (nesting, escapes, reals, duplicate names, text that is not JSON)
 * makes jsonflat_parse return false, which means "read it as a tree", not
 * "invalid". Members borrow the line's text. */
#ifndef SLAUDIT_JSONFLAT_H
#define SLAUDIT_JSONFLAT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/base/jsondoc.h"

#define JSONFLAT_MAX_MEMBERS 32

struct jsonflat_member {
    const char *name; /* not NUL-terminated */
    size_t name_len;
    enum jnode_kind kind; /* JNODE_STRING, JNODE_NUMBER, JNODE_BOOL or JNODE_NULL */
    const char *text;     /* the string's bytes, the integer's digits, "true" or "false" */
    size_t len;
};

struct jsonflat {
    size_t n;
    struct jsonflat_member member[JSONFLAT_MAX_MEMBERS];
};

/* Reads text[0..len) into jf; false when the line is not flat. */
bool jsonflat_parse(struct jsonflat *jf, const char *text, size_t len);

#endif
