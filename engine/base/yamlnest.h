/* yamlnest.h — how deep a YAML stream nests, measured byte by byte before
 * libyaml reads the bytes. libyaml's time grows with the square of the flow
 * nesting (`x: ` then 100,000 '[' and as many ']' took 26 s), so yamldoc
 * feeds every byte it reads through here first and refuses the stream at the
 * byte that nests deeper than the limit.
 *
 * The depth is the open flow collections ('[' and '{') plus the open block
 * collections: one for each indentation column a sequence entry ("- ") or a
 * mapping key ("key: ") opens, as libyaml's own indentation stack counts
 * them, so `- - - x` is three deep. The scan knows enough YAML to count only
 * real nesting: quoted scalars, comments, tags and block scalars (| and >)
 * are skipped, and a '[' inside a plain scalar of block context ("see [1]")
 * is text. Where it cannot tell, it counts: it may over-count text, never
 * under-count nesting libyaml would see. A UTF-8 byte-order mark at the
 * start is skipped; a UTF-16 one is refused (libyaml would read UTF-16,
 * which this scan cannot). */
#ifndef SLAUDIT_YAMLNEST_H
#define SLAUDIT_YAMLNEST_H

#include <stdbool.h>
#include <stddef.h>

#define YAMLNEST_MAX_DEPTH 256

enum yamlnest_result {
    YAMLNEST_OK,
    YAMLNEST_TOO_DEEP, /* nested deeper than YAMLNEST_MAX_DEPTH at `line` */
    YAMLNEST_UTF16,    /* the stream starts with a UTF-16 byte-order mark */
};

struct yamlnest {
    long line;   /* of the byte last scanned, from 1 */
    int depth;   /* flow + nblock, now */
    int deepest; /* the most depth has been */
    /* the scanner's state: see yamlnest.c */
    int state, pending, pending_col, col, indent, flow, nblock, scalar_indent, marker, started;
    bool at_node, line_start, space_before, block_scalar, cr;
    int block[YAMLNEST_MAX_DEPTH + 1]; /* columns of the open block collections */
};

void yamlnest_init(struct yamlnest *n);
/* Scans the next len bytes of the stream. Once it returns other than
 * YAMLNEST_OK it keeps returning that. */
enum yamlnest_result yamlnest_feed(struct yamlnest *n, const char *bytes, size_t len);

#endif
