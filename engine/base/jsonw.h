/* jsonw.h — how slaudit writes JSON: quoted strings with every control
 * character escaped (C0, DEL and C1 as \u00XX, so that JSON printed on a
 * terminal cannot drive it; a reader gets the same text back), numbers, null, and struct jsonw
 * below, which places the punctuation and keeps the first error. Reading JSON is a parser's job and
 * uses a JSON library. */
#ifndef SLAUDIT_JSONW_H
#define SLAUDIT_JSONW_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/base/status.h"
#include "engine/base/strbuf.h"

/* Appends s as a JSON string, or null when s is NULL. Bytes that are not
 * valid UTF-8 are written as U+FFFD. */
enum sl_status jsonw_str(struct strbuf *sb, const char *s);
enum sl_status jsonw_strn(struct strbuf *sb, const char *s, size_t n);
/* Shortest round-trip form; null for NaN and infinities. */
enum sl_status jsonw_num(struct strbuf *sb, double v);
enum sl_status jsonw_int(struct strbuf *sb, int64_t v);
/* "key": */
enum sl_status jsonw_key(struct strbuf *sb, const char *key);

/* A writer that places the commas itself and keeps the first error, so a
 * document is written as a plain sequence of calls and checked once:
 *
 *     struct jsonw w;
 *     jsonw_begin(&w, sb);
 *     jsonw_open(&w, NULL, '{');
 *     jsonw_field_str(&w, "rule", id);
 *     jsonw_open(&w, "evidence", '[');  ...  jsonw_close(&w, ']');
 *     jsonw_close(&w, '}');
 *     return w.status;
 *
 * A key is NULL for an array element or the top-level value. A comma goes
 * before a value unless the buffer is empty or ends in an opening bracket, a
 * key's colon, a comma or a line break, so a writer can continue text it
 * wrote itself: a value after a key, or a piece sent out on its own after the
 * separator. After an error every call does nothing.
 *
 * The text is on one line. With indent set to n after jsonw_begin, each
 * member of the outermost n containers goes on a line of its own, indented by
 * two spaces a level and with a space after its key; deeper containers stay
 * on one line. */
struct jsonw {
    struct strbuf *sb;
    enum sl_status status;
    int depth;  /* containers open */
    int indent; /* 0: one line */
};

void jsonw_begin(struct jsonw *w, struct strbuf *sb);
void jsonw_open(struct jsonw *w, const char *key, char bracket);
void jsonw_close(struct jsonw *w, char bracket);
void jsonw_field_str(struct jsonw *w, const char *key, const char *value); /* NULL → null */
void jsonw_field_strn(struct jsonw *w, const char *key, const char *value, size_t n);
void jsonw_field_int(struct jsonw *w, const char *key, int64_t value);
void jsonw_field_num(struct jsonw *w, const char *key, double value); /* NAN → null */
/* With exactly decimals digits after the point (72.0 for a score shown to
 * tenths); NAN → null. */
void jsonw_field_fixed(struct jsonw *w, const char *key, double value, int decimals);
void jsonw_field_bool(struct jsonw *w, const char *key, bool value);
void jsonw_field_null(struct jsonw *w, const char *key);

/* Length of the valid UTF-8 sequence at s[0..n), or 0 when it is not valid. */
size_t jsonw_utf8_sequence_length(const unsigned char *s, size_t n);

#endif
