/* termsafe.h — what text from the input may not do on a terminal: break a
 * table's line, or hide behind characters that print as nothing.
 *
 * Invisible characters are the Unicode format characters (general category
 * Cf: bidi controls such as U+202E, zero-width space, joiners, the byte
 * order mark, tags), the line and paragraph separators U+2028 and U+2029,
 * the variation selectors and the fillers that print as blanks (U+115F,
 * U+1160, U+3164, U+FFA0). A terminal shows them as nothing or obeys them
 * (U+202E reverses what follows), so `team:core` and `team:core` with a
 * zero-width space after it look the same; cli/msg.c writes each of them as
 * text (\u200b) instead. */
#ifndef SLAUDIT_TERMSAFE_H
#define SLAUDIT_TERMSAFE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The length of the UTF-8 sequence lead begins (2 to 4), or 0 when lead is
 * not the first byte of one. */
size_t termsafe_utf8_length(unsigned char lead);
/* When s[0..n) begins with the UTF-8 of an invisible character, its length
 * (and the code point in *cp); 0 otherwise, malformed UTF-8 included. */
size_t termsafe_invisible(const char *s, size_t n, uint32_t *cp);
/* The text an invisible character is shown as: \u200b, or past U+FFFF its
 * UTF-16 pair, \udb40\udc41 — JSON's escapes, so that JSON on a terminal
 * reads back as the same text; returns its length (6 or 12; out is not
 * NUL-terminated). */
size_t termsafe_code_point_text(uint32_t cp, char out[13]);
/* s as one line of a table cell: s itself when it holds no line break (LF,
 * CR), tab or invisible character, else a copy in buf (size bytes, cut to
 * fit at a character) where each line break and tab is written as two
 * characters (\n, \r, \t), so that a name cannot start a row of its own,
 * and each invisible character as its code point, so that the cell is as
 * wide as it prints. */
const char *termsafe_line(const char *s, char *buf, size_t size);
/* termsafe_line with a buffer of 256 bytes of the block it is used in (a
 * compound literal): printf("%-22.22s", TERMSAFE_LINE(name)). */
#define TERMSAFE_LINE(s) termsafe_line((s), (char[256]){0}, 256)
/* s holds an invisible character. */
bool termsafe_has_invisible(const char *s);
/* a and b differ, but only by invisible characters: they print alike. */
bool termsafe_twins(const char *a, const char *b);

#endif
