/* infile.h — opening an input file the way every command should: without
 * blocking (a FIFO is refused, never waited on), and only when it is a
 * regular file. Directories, devices and sockets are refused with a clear
 * reason. */
#ifndef SLAUDIT_INFILE_H
#define SLAUDIT_INFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

#include "engine/base/status.h"
#include "engine/base/strbuf.h"

/* Opens path for reading. On success *out is the stream (the caller closes
 * it) and *st, when not NULL, the file's status. On failure returns
 * SL_ERR_IO ("cannot open: …") or SL_ERR_INPUT ("not a regular file") with
 * path as the diagnostic's file. */
enum sl_status infile_open(const char *path, FILE **out, struct stat *st, struct sl_diag *diag);

/* What to say of a UTF-16 file: every reader of slaudit reads UTF-8. */
#define INFILE_UTF16_MESSAGE "UTF-16 text: convert to UTF-8, e.g. iconv -f UTF-16 -t UTF-8"

/* Whether head[0..len), a file's first bytes, is UTF-16: its byte-order
 * mark, or (without one) text whose every other byte is NUL, as ASCII is
 * in UTF-16. */
bool infile_utf16(const char *head, size_t len);

/* What head[0..len), a file's first bytes, is when it is not text, NULL
 * when it may be: UTF-16 (INFILE_UTF16_MESSAGE); a kind its first bytes
 * name ("a PNG image", "a PDF document", "a ZIP archive (.docx, .xlsx)",
 * "gzip-compressed data", ...); else "binary data" for a NUL byte. Every
 * input slaudit ingests is UTF-8 text, so such a file is refused before any
 * reader sees it. */
const char *infile_not_text(const char *head, size_t len);
/* What to say after it. */
#define INFILE_TEXT_ONLY                                                                           \
    "every format slaudit ingests is UTF-8 text (JSON, CSV, YAML, XML or log lines)"

/* The diagnostic of a read that failed: SL_ERR_IO "cannot read: <strerror>"
 * at path:line (line 0: none), err the errno of the failed read (0: EIO).
 * Every reader of an input file reports a failed read through it, so that
 * all stop the same way with the same words. */
enum sl_status infile_read_error(struct sl_diag *diag, const char *path, long line, int err);

/* Reads the whole of path into sb (appending), refusing files larger than
 * max bytes with SL_ERR_LIMIT ("larger than N MiB") before reading past it. */
enum sl_status infile_read_all(const char *path, struct strbuf *sb, size_t max,
                               struct sl_diag *diag);

#endif
