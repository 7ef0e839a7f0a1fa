/* textbuf.h — text for a terminal built up in a strbuf, printf-style, with
 * one sticky status: after the first failed append every later one is
 * skipped, so a renderer writes line after line and checks once at the end,
 * and a failure never leaves text with a piece missing from its middle. */
#ifndef SLAUDIT_TEXTBUF_H
#define SLAUDIT_TEXTBUF_H

#include "engine/base/status.h"
#include "engine/base/strbuf.h"

struct textbuf {
    struct strbuf *sb; /* borrowed: where the text goes */
    enum sl_status status;
};

/* Appends as printf would print. */
void textbuf_printf(struct textbuf *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void textbuf_puts(struct textbuf *t, const char *s);
void textbuf_putc(struct textbuf *t, char c);

#endif
