/* lines.c — buffered, capped line reader. A line that lies whole in the read
 * buffer is returned where it lies (its terminator overwritten by a NUL), so
 * the common case copies nothing; only a line longer than the buffer is
 * gathered in the strbuf. */
#include "parsers/read/lines.h"

#include <assert.h>
#include <errno.h>
#include <string.h>

#include "engine/base/infile.h"

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

/* Whether the first line of s[0..n) ends with a CR that no LF follows: a
 * file written with the line ends of classic Mac OS, as some tools still
 * write CSV. A CR at the end of s, whose next byte is not read yet, does
 * not decide it. */
static bool
first_end_is_lone_cr(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\n')
            return false;
        if (s[i] == '\r')
            return i + 1 < n && s[i + 1] != '\n';
    }
    return false;
}

/* Reads more after the unread bytes, first moving them to the front of the
 * buffer. False at the end of the file, and on a failed read (r->error). */
static bool
fill(struct lines *r)
{
    if (r->eof)
        return false;
    size_t keep = r->end - r->pos;
    if (keep == sizeof r->buf)
        return true; /* full: the caller gathers the line in pieces */
    if (r->pos) {
        memmove(r->buf, r->buf + r->pos, keep);
        r->pos = 0;
        r->end = keep;
    }
    size_t n = fread(r->buf + r->end, 1, sizeof r->buf - r->end, r->f);
    if (n == 0) {
        if (ferror(r->f))
            r->error = errno ? errno : EIO;
        r->eof = true;
        return false;
    }
    if (!r->started) {
        r->started = true;
        if (n >= 3 && !memcmp(r->buf, "\xef\xbb\xbf", 3))
            r->pos = 3;
        r->cr_ends = first_end_is_lone_cr(r->buf + r->pos, n - r->pos);
    }
    r->end += n;
    return true;
}

/* Where the line at s[0..n) ends: its first terminator, or NULL. */
static char *
find_end(const struct lines *r, char *s, size_t n)
{
    if (!r->cr_ends)
        return memchr(s, '\n', n);
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\n' || s[i] == '\r')
            return s + i;
    return NULL;
}

/* After a CR that ended a line: an LF right after it belongs to it. */
static void
after_cr(struct lines *r)
{
    if (r->pos < r->end) {
        if (r->buf[r->pos] == '\n')
            r->pos++;
    } else {
        r->skip_lf = true; /* the next byte is not read yet */
    }
}

static void
count_skipped(struct lines *r, const char *s, size_t n)
{
    if (!r->counting)
        return;
    const char *end = s + n;
    while ((s = memchr(s, r->count_byte, (size_t)(end - s))) != NULL) {
        r->skipped_count++;
        s++;
    }
}

static void
gather(struct lines *r, const char *start, size_t n, bool *too_long)
{
    if (*too_long) {
        count_skipped(r, start, n);
    } else if (strbuf_add(&r->line, start, n) != SL_OK) {
        *too_long = true;
        size_t kept = r->max_length - r->line.len;
        strbuf_add(&r->line, start, kept);
        count_skipped(r, start + kept, n - kept);
    }
}

void
lines_count_skipped(struct lines *r, char byte)
{
    r->counting = true;
    r->count_byte = byte;
}

enum lines_result
lines_next(struct lines *r, const char **line, size_t *len)
{
    bool too_long = false, gathering = false;
    r->skipped_count = 0;
    if (r->error)
        return LINES_IO;
    if (r->skip_lf) {
        r->skip_lf = false;
        if (r->pos < r->end || fill(r))
            after_cr(r);
        if (r->error)
            return LINES_IO;
    }
    strbuf_reset(&r->line);
    for (;;) {
        char *start = r->buf + r->pos;
        size_t avail = r->end - r->pos;
        char *nl = avail ? find_end(r, start, avail) : NULL;
        if (nl && !gathering && (size_t)(nl - start) <= r->max_length) {
            size_t n = (size_t)(nl - start);
            bool cr = *nl == '\r';
            r->pos += n + 1;
            if (cr)
                after_cr(r);
            else if (n && start[n - 1] == '\r')
                n--;
            start[n] = '\0';
            r->number++;
            *line = start;
            *len = n;
            return LINES_OK;
        }
        if (!nl) {
            /* The line goes on past the buffer: read more, keeping it whole
             * while it fits, in pieces once it does not. */
            if (!gathering && avail < sizeof r->buf && fill(r))
                continue;
            if (!r->error && avail == 0 && !r->eof && fill(r))
                continue;
            /* A failed read ends the file here: the part of a line before
             * it is not a line. */
            if (r->error)
                return LINES_IO;
            if (avail == 0) {
                if (!gathering)
                    return LINES_END;
                break;
            }
        }
        size_t n = nl ? (size_t)(nl - start) : avail;
        bool cr = nl && *nl == '\r';
        gather(r, start, n, &too_long);
        gathering = true;
        r->pos += n + (nl != NULL);
        if (cr)
            after_cr(r);
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

enum sl_status
lines_read_error(const struct lines *r, const char *path, struct sl_diag *diag)
{
    return infile_read_error(diag, path, r->number + 1, r->error);
}

void
lines_copy(char *out, size_t size, const char *s, size_t n)
{
    assert(size > 0);
    if (n >= size)
        n = size - 1;
    memcpy(out, s, n);
    out[n] = '\0';
}
