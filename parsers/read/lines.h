/* lines.h — reads a file line by line with a cap on line length, so a
 * monstrous line is reported and skipped instead of exhausting memory.
 * A UTF-8 byte-order mark at the start of the file is dropped; the line
 * terminator ("\n" or "\r\n") is not part of a line. A file whose first line
 * ends with a lone "\r" (classic Mac OS line ends, as older tools still
 * write CSV) has "\r", "\n" and "\r\n" all end lines; in any other file a
 * lone "\r" inside a line is text, as it may be inside a quoted field. */
#ifndef SLAUDIT_LINES_H
#define SLAUDIT_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/base/status.h"
#include "engine/base/strbuf.h"

#define LINES_MAX_LENGTH ((size_t)1 << 20) /* 1 MiB */

enum lines_result {
    LINES_OK,       /* *line holds the line */
    LINES_END,      /* no more lines */
    LINES_TOO_LONG, /* the line was longer than the cap: *line holds its start, the rest
                       was skipped */
    LINES_IO        /* the file could not be read: every later call says so too */
};

struct lines {
    FILE *f;
    size_t max_length;
    long number; /* of the line last returned, counting from 1 */
    struct strbuf line;
    char buf[65536];
    size_t pos, end;
    bool eof, started;
    bool cr_ends;  /* the file's first line ends with a lone CR: so do all (any of CR, LF, CRLF) */
    bool skip_lf;  /* a CR ended the last line at the end of the buffer: drop an LF after it */
    int error;     /* errno of the read that failed, once one has */
    bool counting; /* lines_count_skipped was called */
    char count_byte;      /* the byte it counts */
    size_t skipped_count; /* count_byte in the part of the last line that was skipped */
};

void lines_init(struct lines *r, FILE *f, size_t max_length);
void lines_release(struct lines *r);
enum lines_result lines_next(struct lines *r, const char **line, size_t *len);
/* From now on, count byte in the part of a LINES_TOO_LONG line that is
 * skipped, into r->skipped_count (0 for any other line): what the CSV
 * reader needs to know whether an over-long line ended inside quotes. */
void lines_count_skipped(struct lines *r, char byte);

/* After LINES_IO: SL_ERR_IO "cannot read: <why>" at path and the line that
 * could not be read (engine/base/infile.h's wording). */
enum sl_status lines_read_error(const struct lines *r, const char *path, struct sl_diag *diag);

/* A piece of a line, s[0..n), into out[0..size) as a string, cut to fit
 * (size > 0): what snprintf(out, size, "%.*s", n, s) gives as a string, for
 * a fraction of its cost. */
void lines_copy(char *out, size_t size, const char *s, size_t n);

#endif
