/* xltext.c — Excel's text rules: UTF-8 checked, cells cut to 32,767 UTF-16
 * units with a visible note, sheet names made legal. */
#include "reports/xlsx/xltext.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define TRUNCATED_UNITS 13 /* XLTEXT_TRUNCATED: "…" is one UTF-16 unit */

/* The length of the UTF-8 sequence at s (n bytes available), 0 if it is not
 * a valid one; *units is its length in UTF-16 units. */
static size_t
utf8_sequence(const unsigned char *s, size_t n, unsigned *units)
{
    *units = 1;
    if (s[0] < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF;
    if (s[0] >= 0xC2 && s[0] <= 0xDF) {
        len = 2;
    } else if (s[0] >= 0xE0 && s[0] <= 0xEF) {
        len = 3;
        if (s[0] == 0xE0)
            lo = 0xA0;
        if (s[0] == 0xED) /* no surrogates */
            hi = 0x9F;
    } else if (s[0] >= 0xF0 && s[0] <= 0xF4) {
        len = 4;
        *units = 2;
        if (s[0] == 0xF0)
            lo = 0x90;
        if (s[0] == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < len; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    return len;
}

/* True when s starts with text Excel would read as an escape, "_x0041_". */
static bool
looks_escaped(const unsigned char *s, size_t n)
{
    if (n < 7 || s[0] != '_' || (s[1] != 'x' && s[1] != 'X') || s[6] != '_')
        return false;
    for (int i = 2; i < 6; i++)
        if (!isxdigit(s[i]))
            return false;
    return true;
}

/* One piece of the cell text at s: returns the input bytes it takes and sets
 * *units to the UTF-16 units it writes and *repl to what it writes instead of
 * the input, or NULL to copy it. */
static size_t
piece(const unsigned char *s, size_t n, unsigned *units, const char **repl)
{
    size_t len = utf8_sequence(s, n, units);
    *repl = NULL;
    if (len == 0) {
        *repl = "\xef\xbf\xbd"; /* U+FFFD for a byte that is not UTF-8 */
        return 1;
    }
    if (looks_escaped(s, n)) {
        *repl = "_x005F_"; /* Excel's escape of '_' keeps "_x0041_" literal */
        *units = 7;
    }
    return len;
}

enum sl_status
xltext_fit_cell(const char *text, struct strbuf *sb, const char **out)
{
    const unsigned char *s = (const unsigned char *)text;
    /* Most cells are short ASCII without '_': one byte is one unit and
     * nothing needs replacing, so that prefix is counted at a glance. */
    size_t ascii = 0;
    while (s[ascii] && s[ascii] < 0x80 && s[ascii] != '_')
        ascii++;
    *out = text;
    if (!s[ascii] && ascii <= XLTEXT_CELL_MAX)
        return SL_OK;
    size_t n = ascii + strlen(text + ascii), total = ascii;
    bool verbatim = true;
    unsigned u;
    const char *repl;
    for (size_t i = ascii; i < n;) {
        i += piece(s + i, n - i, &u, &repl);
        verbatim = verbatim && !repl;
        total += u;
    }
    if (verbatim && total <= XLTEXT_CELL_MAX)
        return SL_OK;

    bool cut = total > XLTEXT_CELL_MAX;
    size_t budget = cut ? XLTEXT_CELL_MAX - TRUNCATED_UNITS : total, used = 0;
    enum sl_status st = SL_OK;
    for (size_t i = 0; st == SL_OK && i < n;) {
        size_t len = piece(s + i, n - i, &u, &repl);
        if (used + u > budget)
            break;
        used += u;
        st = repl ? strbuf_addstr(sb, repl) : strbuf_add(sb, s + i, len);
        i += len;
    }
    if (st == SL_OK && cut)
        st = strbuf_addstr(sb, XLTEXT_TRUNCATED);
    *out = sb->buf;
    return st;
}

int
xltext_casecmp(const char *a, const char *b)
{
    for (;; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        x += (x >= 'A' && x <= 'Z') ? 32 : 0;
        y += (y >= 'A' && y <= 'Z') ? 32 : 0;
        if (x != y || x == 0)
            return x - y;
    }
}

size_t
xltext_sheet_name(const char *name, char out[XLTEXT_SHEET_NAME_SIZE])
{
    const unsigned char *s = (const unsigned char *)(name ? name : "");
    size_t n = strlen((const char *)s), o = 0, chars = 0, last = 0;
    unsigned u;
    for (size_t i = 0; i < n && chars < XLTEXT_SHEET_NAME_MAX; chars++) {
        size_t len = utf8_sequence(s + i, n - i, &u);
        last = o;
        if (len > 1) {
            memcpy(out + o, s + i, len);
            o += len;
        } else {
            bool bad = len == 0 || s[i] < 0x20 || s[i] == 0x7F || strchr("[]:*?/\\", s[i]);
            out[o++] = bad ? '_' : (char)s[i];
        }
        i += len ? len : 1;
    }
    out[o] = '\0';
    if (o == 0)
        return (size_t)snprintf(out, XLTEXT_SHEET_NAME_SIZE, "Sheet");
    if (out[0] == '\'')
        out[0] = '_';
    if (out[last] == '\'')
        out[last] = '_';
    if (xltext_casecmp(out, "History") == 0) /* Excel reserves it */
        return (size_t)snprintf(out, XLTEXT_SHEET_NAME_SIZE, "History_");
    return o;
}

void
xltext_cut(char *s, size_t max)
{
    size_t chars = 0, i = 0;
    for (; s[i] && chars < max; chars++)
        for (i++; ((unsigned char)s[i] & 0xC0) == 0x80; i++)
            ;
    s[i] = '\0';
}
