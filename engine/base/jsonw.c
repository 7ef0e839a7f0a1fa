/* jsonw.c — JSON string escaping and number formatting. */
#include "engine/base/jsonw.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t
jsonw_utf8_sequence_length(const unsigned char *s, size_t n)
{
    if (s[0] < 0x80)
        return 1;
    size_t len;
    unsigned min;
    if ((s[0] & 0xe0) == 0xc0) {
        len = 2;
        min = 0x80;
    } else if ((s[0] & 0xf0) == 0xe0) {
        len = 3;
        min = 0x800;
    } else if ((s[0] & 0xf8) == 0xf0) {
        len = 4;
        min = 0x10000;
    } else {
        return 0;
    }
    if (len > n)
        return 0;
    unsigned cp = s[0] & (0x7f >> len);
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return len;
}

enum sl_status
jsonw_strn(struct strbuf *sb, const char *s, size_t n)
{
    const unsigned char *p = (const unsigned char *)s;
    enum sl_status rc = strbuf_addch(sb, '"');
    for (size_t i = 0; i < n && !rc;) {
        unsigned char c = p[i];
        if (c == '"' || c == '\\') {
            char esc[2] = {'\\', (char)c};
            rc = strbuf_add(sb, esc, 2);
            i++;
        } else if (c < 0x20 || c == 0x7f) {
            rc = strbuf_addf(sb, "\\u%04x", c);
            i++;
        } else {
            size_t len = jsonw_utf8_sequence_length(p + i, n - i);
            if (len == 2 && c == 0xc2 && p[i + 1] <= 0x9f) { /* C1: U+0080..U+009F */
                rc = strbuf_addf(sb, "\\u%04x", p[i + 1]);
                i += 2;
            } else if (len == 0) {
                rc = strbuf_addstr(sb, "\\ufffd");
                i++;
            } else {
                rc = strbuf_add(sb, p + i, len);
                i += len;
            }
        }
    }
    return rc ? rc : strbuf_addch(sb, '"');
}

enum sl_status
jsonw_str(struct strbuf *sb, const char *s)
{
    return s ? jsonw_strn(sb, s, strlen(s)) : strbuf_addstr(sb, "null");
}

enum sl_status
jsonw_num(struct strbuf *sb, double v)
{
    if (!isfinite(v))
        return strbuf_addstr(sb, "null");
    char buf[40];
    for (int prec = 6; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    return strbuf_addstr(sb, buf);
}

enum sl_status
jsonw_int(struct strbuf *sb, int64_t v)
{
    return strbuf_addf(sb, "%lld", (long long)v);
}

enum sl_status
jsonw_key(struct strbuf *sb, const char *key)
{
    enum sl_status rc = jsonw_str(sb, key);
    return rc ? rc : strbuf_addch(sb, ':');
}

void
jsonw_begin(struct jsonw *w, struct strbuf *sb)
{
    w->sb = sb;
    w->status = SL_OK;
    w->depth = 0;
    w->indent = 0;
}

/* Whether the members of a container depth deep go on lines of their own. */
static bool
indented(const struct jsonw *w, int depth)
{
    return depth > 0 && depth <= w->indent;
}

/* The comma, line break and key that come before a value. */
static void
lead_in(struct jsonw *w, const char *key)
{
    if (w->status)
        return;
    const struct strbuf *sb = w->sb;
    char last = sb->len ? sb->buf[sb->len - 1] : '\0';
    bool own_line = indented(w, w->depth);
    if (last && !strchr("{[,:\n", last))
        w->status = strbuf_addch(w->sb, ',');
    if (!w->status && own_line)
        w->status = strbuf_addf(w->sb, "\n%*s", 2 * w->depth, "");
    if (!w->status && key)
        w->status = jsonw_key(w->sb, key);
    if (!w->status && key && own_line)
        w->status = strbuf_addch(w->sb, ' ');
}

void
jsonw_open(struct jsonw *w, const char *key, char bracket)
{
    lead_in(w, key);
    if (!w->status)
        w->status = strbuf_addch(w->sb, bracket);
    w->depth++;
}

void
jsonw_close(struct jsonw *w, char bracket)
{
    bool own_line = indented(w, w->depth);
    w->depth--;
    if (w->status)
        return;
    char last = w->sb->len ? w->sb->buf[w->sb->len - 1] : '\0';
    if (own_line && last != '{' && last != '[')
        w->status = strbuf_addf(w->sb, "\n%*s", 2 * w->depth, "");
    if (!w->status)
        w->status = strbuf_addch(w->sb, bracket);
}

void
jsonw_field_str(struct jsonw *w, const char *key, const char *value)
{
    lead_in(w, key);
    if (!w->status)
        w->status = jsonw_str(w->sb, value);
}

void
jsonw_field_strn(struct jsonw *w, const char *key, const char *value, size_t n)
{
    lead_in(w, key);
    if (!w->status)
        w->status = jsonw_strn(w->sb, value, n);
}

void
jsonw_field_int(struct jsonw *w, const char *key, int64_t value)
{
    lead_in(w, key);
    if (!w->status)
        w->status = jsonw_int(w->sb, value);
}

void
jsonw_field_num(struct jsonw *w, const char *key, double value)
{
    lead_in(w, key);
    if (!w->status)
        w->status = jsonw_num(w->sb, value);
}

void
jsonw_field_fixed(struct jsonw *w, const char *key, double value, int decimals)
{
    assert(decimals >= 0);
    lead_in(w, key);
    if (!w->status)
        w->status = isfinite(value) ? strbuf_addf(w->sb, "%.*f", decimals, value)
                                    : strbuf_addstr(w->sb, "null");
}

void
jsonw_field_bool(struct jsonw *w, const char *key, bool value)
{
    lead_in(w, key);
    if (!w->status)
        w->status = strbuf_addstr(w->sb, value ? "true" : "false");
}

void
jsonw_field_null(struct jsonw *w, const char *key)
{
    lead_in(w, key);
    if (!w->status)
        w->status = strbuf_addstr(w->sb, "null");
}
