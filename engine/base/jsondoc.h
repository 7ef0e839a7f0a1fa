/* jsondoc.h — reading JSON through jansson; the only file that includes
 * jansson.h. A document is a tree of borrowed `struct json_node` pointers
 * owned by its root: free the root with jsondoc_free() and every node taken
 * from it goes with it. Parse errors report jansson's line and column. */
#ifndef SLAUDIT_JSONDOC_H
#define SLAUDIT_JSONDOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/base/status.h"

#define JSONDOC_MAX_DEPTH 64 /* deeper nesting is refused, not recursed into */

struct json_node;

enum jnode_kind { JNODE_NULL, JNODE_BOOL, JNODE_NUMBER, JNODE_STRING, JNODE_ARRAY, JNODE_OBJECT };

/* Parses a whole stream or a buffer. On failure the diagnostic holds
 * "line L, column C: message" with path as its file. A document nested
 * deeper than JSONDOC_MAX_DEPTH is SL_ERR_INPUT "JSON nested deeper than 64
 * levels"; a buffer is measured before jansson parses it, and the line is
 * where the limit is crossed. A UTF-8 byte-order mark at the start of a
 * buffer is dropped. */
enum sl_status jsondoc_load_file(FILE *f, const char *path, struct json_node **root,
                                 struct sl_diag *diag);
enum sl_status jsondoc_load_buffer(const char *text, size_t len, const char *path, long line,
                                   struct json_node **root, struct sl_diag *diag);
void jsondoc_free(struct json_node *root);

enum jnode_kind jsondoc_kind(const struct json_node *n);
/* Member of an object, or NULL (also when n is not an object or NULL). */
struct json_node *jsondoc_get(const struct json_node *n, const char *key);
/* Element i of an array, or NULL. */
struct json_node *jsondoc_at(const struct json_node *n, size_t i);
/* Elements of an array or members of an object; 0 for anything else. */
size_t jsondoc_size(const struct json_node *n);
/* The string, or NULL when n is not a string. */
const char *jsondoc_string(const struct json_node *n);
/* The member's string, or NULL. */
const char *jsondoc_get_string(const struct json_node *n, const char *key);
/* True and *out when n is a number (integer or real). */
bool jsondoc_number(const struct json_node *n, double *out);
/* True and *out when n is true or false. */
bool jsondoc_bool(const struct json_node *n, bool *out);
/* Calls fn for each member of an object, in document order; stops when fn
 * returns non-zero. */
void jsondoc_each_member(const struct json_node *n,
                         int (*fn)(void *ctx, const char *key, struct json_node *value), void *ctx);

#endif
