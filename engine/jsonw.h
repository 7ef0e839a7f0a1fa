/* jsonw.h — the few pieces of JSON writing slaudit needs: quoted strings with
 * every control character escaped, numbers, and null. Callers add the
 * punctuation. Reading JSON is a parser's job and uses a JSON library. */
#ifndef SLAUDIT_JSONW_H
#define SLAUDIT_JSONW_H

#include <stdint.h>

#include "engine/status.h"
#include "engine/strbuf.h"

/* Appends s as a JSON string, or null when s is NULL. Bytes that are not
 * valid UTF-8 are written as U+FFFD. */
enum sl_status jsonw_str(struct strbuf *sb, const char *s);
enum sl_status jsonw_strn(struct strbuf *sb, const char *s, size_t n);
/* Shortest round-trip form; null for NaN and infinities. */
enum sl_status jsonw_num(struct strbuf *sb, double v);
enum sl_status jsonw_int(struct strbuf *sb, int64_t v);
/* "key": */
enum sl_status jsonw_key(struct strbuf *sb, const char *key);

/* Length of the valid UTF-8 sequence at s[0..n), or 0 when it is not valid. */
size_t utf8_sequence_length(const unsigned char *s, size_t n);

#endif
