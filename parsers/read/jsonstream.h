/* jsonstream.h — reads a JSON document one record at a time, so memory holds
 * one record, not the file, and every record knows the line it starts on.
 *
 * The records of a document are: the elements of a top-level array; and, for
 * a top-level object, the elements of each member that is an array (with the
 * member's name as key) and each other member's value whole (is_member true).
 * A top-level object is read in two passes over the file: every is_member
 * record comes first, then the arrays' elements, whatever the members' order
 * in the file (the file must be seekable).
 * JSON Lines files give one record per non-blank line (key NULL).
 *
 * A record that is not valid JSON is rejected (line and jansson's message);
 * a file whose structure is broken (unbalanced brackets, not JSON at all)
 * fails at once with SL_ERR_INPUT, and so does a document nested deeper
 * than JSONDOC_MAX_DEPTH (counting the document's own array or object),
 * at the line of the bracket that crosses. In JSON Lines each line is its
 * own document: a line nested too deep is a rejected record. The callback borrows the node; it is
 * freed when the callback returns. */
#ifndef SLAUDIT_JSONSTREAM_H
#define SLAUDIT_JSONSTREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/ingest/ingest.h"
#include "engine/base/jsondoc.h"

#define JSONSTREAM_MAX_RECORD ((size_t)64 << 20)

struct jsonstream_record {
    const char *key;        /* member name, or NULL for a top-level array / JSON Lines */
    bool is_member;         /* the whole value of a non-array member */
    struct json_node *node; /* borrowed */
    long line;              /* where the record starts */
    const char *raw;        /* its text, for rejects */
    size_t raw_len;
};

/* Returns non-OK only to end the file. */
typedef enum sl_status (*jsonstream_fn)(void *ctx, const struct jsonstream_record *rec);

enum sl_status jsonstream_read(struct ingest *ing, FILE *f, jsonstream_fn fn, void *ctx);
/* jsonstream_read after a survey: a first pass over the document that hands
 * survey() every array element (of a top-level array, or of a top-level
 * object's arrays), so that a parser learns what the whole file says (a
 * component's latest name) before its records; a survey record that does
 * not parse is skipped there and rejected once, in the pass that follows.
 * survey may be NULL. The file must be seekable. */
enum sl_status jsonstream_read_survey(struct ingest *ing, FILE *f, jsonstream_fn survey,
                                      jsonstream_fn fn, void *ctx);
enum sl_status jsonstream_read_lines(struct ingest *ing, FILE *f, jsonstream_fn fn, void *ctx);

/* Offered each non-blank line of JSON Lines before it is parsed: sets *taken
 * when it used the line itself, else the line goes through jansson to fn as
 * usual. Returns non-OK only to end the file. */
typedef enum sl_status (*jsonstream_line_fn)(void *ctx, long line, const char *text, size_t len,
                                             bool *taken);
/* jsonstream_read_lines with quick() offered every line first. */
enum sl_status jsonstream_read_lines_quick(struct ingest *ing, FILE *f, jsonstream_line_fn quick,
                                           jsonstream_fn fn, void *ctx);

/* For sniffing: does head[0..len) contain text (e.g. "\"incident_updates\"")? */
bool jsonstream_head_has(const char *head, size_t len, const char *text);
/* The first non-blank byte of head (after a UTF-8 byte-order mark), or 0. */
char jsonstream_head_first(const char *head, size_t len);

/* Helpers for the JSON parsers: a member's string, or NULL when missing,
 * null or empty; a member's number as text is accepted too. */
const char *jsonstream_str(const struct json_node *n, const char *key);
/* A member's string, or its number written out (integers without a
 * fraction), into buf; NULL when missing, null, empty or another kind. */
const char *jsonstream_text(const struct json_node *n, const char *key, char *buf, size_t len);

/* Rejects rec with reason (printf-style). */
enum sl_status jsonstream_reject(struct ingest *ing, const struct jsonstream_record *rec,
                                 const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Parses a timestamp member into *out (SLTIME_NONE when missing). On a bad
 * value writes "bad KEY time 'TEXT': why" into why[0..n) and returns
 * SL_ERR_INPUT. */
enum sl_status jsonstream_time(struct ingest *ing, const struct json_node *n, const char *key,
                               int64_t *out, char *why, size_t whylen);

/* Lower-cases name into out as an entity "provider:<slug>" (letters, digits,
 * '-', '.' kept; other runs become '-'). */
void jsonstream_provider(const char *name, char *out, size_t outlen);

#endif
