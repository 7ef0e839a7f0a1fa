/* textbuf.c — printf-style appends with one sticky status (textbuf.h). */
#include "reports/text/textbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
textbuf_printf(struct textbuf *t, const char *fmt, ...)
{
    if (t->status)
        return;
    va_list ap;
    char small[512];
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0) {
        t->status = SL_ERR_INPUT;
        return;
    }
    if ((size_t)n < sizeof small) {
        t->status = strbuf_add(t->sb, small, (size_t)n);
        return;
    }
    char *big = malloc((size_t)n + 1);
    if (!big) {
        t->status = SL_ERR_NOMEM;
        return;
    }
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->status = strbuf_add(t->sb, big, (size_t)n);
    free(big);
}

void
textbuf_puts(struct textbuf *t, const char *s)
{
    if (!t->status)
        t->status = strbuf_addstr(t->sb, s);
}

void
textbuf_putc(struct textbuf *t, char c)
{
    if (!t->status)
        t->status = strbuf_addch(t->sb, c);
}
