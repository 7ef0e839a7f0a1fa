/* lines.c — buffered, capped line reader. */
#include "parsers/lines.h"

#include <string.h>

void
lines_init(struct lines *r, FILE *f, size_t max_length)
{
    memset(r, 0, sizeof *r);
    r->f = f;
    r->max_length = max_length ? max_length : LINES_MAX_LENGTH;
    strbuf_init(&r->line, r->max_length);
}

void
lines_release(struct lines *r)
{
    strbuf_release(&r->line);
}

static bool
fill(struct lines *r)
{
    if (r->eof)
        return false;
    r->pos = 0;
    r->end = fread(r->buf, 1, sizeof r->buf, r->f);
    if (r->end == 0) {
        r->eof = true;
        return false;
    }
    if (!r->started) {
        r->started = true;
        if (r->end >= 3 && !memcmp(r->buf, "\xef\xbb\xbf", 3))
            r->pos = 3;
    }
    return true;
}

enum lines_result
lines_next(struct lines *r, const char **line, size_t *len)
{
    bool too_long = false, any = false;
    strbuf_reset(&r->line);
    for (;;) {
        if (r->pos == r->end && !fill(r)) {
            if (ferror(r->f))
                return LINES_IO;
            if (!any)
                return LINES_END;
            break;
        }
        any = true;
        char *start = r->buf + r->pos;
        char *nl = memchr(start, '\n', r->end - r->pos);
        size_t n = nl ? (size_t)(nl - start) : r->end - r->pos;
        if (!too_long && strbuf_add(&r->line, start, n) != SL_OK) {
            too_long = true;
            size_t room = r->max_length - r->line.len;
            strbuf_add(&r->line, start, room);
        }
        r->pos += n + (nl != NULL);
        if (nl)
            break;
    }
    r->number++;
    if (r->line.len && r->line.buf[r->line.len - 1] == '\r')
        r->line.buf[--r->line.len] = '\0';
    *line = r->line.buf;
    *len = r->line.len;
    return too_long ? LINES_TOO_LONG : LINES_OK;
}
