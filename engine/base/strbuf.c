/* strbuf.c — growable string buffer (see strbuf.h for the invariants). */
#include "engine/base/strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char strbuf_empty[1];

void
strbuf_init(struct strbuf *sb, size_t cap)
{
    sb->buf = strbuf_empty;
    sb->len = 0;
    sb->alloc = 0;
    sb->cap = cap;
}

void
strbuf_release(struct strbuf *sb)
{
    if (sb->alloc)
        free(sb->buf);
    strbuf_init(sb, sb->cap);
}

char *
strbuf_detach(struct strbuf *sb)
{
    char *s = sb->alloc ? sb->buf : strdup("");
    strbuf_init(sb, sb->cap);
    return s;
}

void
strbuf_reset(struct strbuf *sb)
{
    sb->len = 0;
    if (sb->alloc)
        sb->buf[0] = '\0';
}

enum sl_status
strbuf_grow(struct strbuf *sb, size_t extra)
{
    size_t cap = sb->cap ? sb->cap : STRBUF_DEFAULT_CAP;
    if (extra > cap || sb->len > cap - extra)
        return SL_ERR_LIMIT;
    size_t need = sb->len + extra + 1;
    if (need <= sb->alloc)
        return SL_OK;
    size_t alloc = sb->alloc ? sb->alloc : 64;
    while (alloc < need)
        alloc = alloc / 2 * 3 + 16;
    char *p = sb->alloc ? realloc(sb->buf, alloc) : malloc(alloc);
    if (!p)
        return SL_ERR_NOMEM;
    if (!sb->alloc)
        p[0] = '\0';
    sb->buf = p;
    sb->alloc = alloc;
    return SL_OK;
}

enum sl_status
strbuf_add(struct strbuf *sb, const void *data, size_t n)
{
    enum sl_status st = strbuf_grow(sb, n);
    if (st)
        return st;
    memcpy(sb->buf + sb->len, data, n);
    sb->len += n;
    sb->buf[sb->len] = '\0';
    return SL_OK;
}

enum sl_status
strbuf_addstr(struct strbuf *sb, const char *s)
{
    return strbuf_add(sb, s, strlen(s));
}

enum sl_status
strbuf_addch(struct strbuf *sb, char c)
{
    return strbuf_add(sb, &c, 1);
}

enum sl_status
strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    char small[256];
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return SL_ERR_INPUT;
    if ((size_t)n < sizeof small)
        return strbuf_add(sb, small, (size_t)n);
    enum sl_status st = strbuf_grow(sb, (size_t)n);
    if (st)
        return st;
    va_start(ap, fmt);
    vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb->len += (size_t)n;
    return SL_OK;
}
