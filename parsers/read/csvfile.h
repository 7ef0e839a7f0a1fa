/* csvfile.h — RFC 4180 records from a file, through libcsv (the only file that
 * includes csv.h). Quoted fields may hold commas, quotes and newlines; each
 * record knows the line it starts on and its raw text, for rejects.
 *
 * A record that cannot be read — a line over the length cap, a NUL byte,
 * bytes that are not UTF-8, broken quoting — comes back as CSV_BAD with a
 * reason; reading goes on at the next line. */
#ifndef SLAUDIT_CSVFILE_H
#define SLAUDIT_CSVFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/base/status.h"

enum csv_next { CSV_RECORD, CSV_BAD, CSV_END, CSV_FAIL };

struct csv_record {
    size_t nfields;
    char **fields; /* NUL-terminated, trimmed of surrounding spaces */
    const size_t *lengths;
    long line;       /* first line of the record */
    const char *raw; /* the record's text as read */
    size_t raw_len;
    const char *reason; /* why a CSV_BAD record could not be read */
};

struct csvfile;

enum sl_status csvfile_open(FILE *f, struct csvfile **out);
void csvfile_free(struct csvfile *c);
/* CSV_FAIL: reading the file failed or memory ran out (see csvfile_status). */
enum csv_next csvfile_next(struct csvfile *c, struct csv_record *rec);
enum sl_status csvfile_status(const struct csvfile *c);
/* After CSV_FAIL: fills diag for path ("cannot read: <why>" at the line
 * that could not be read, or "out of memory") and returns the status. */
enum sl_status csvfile_fail_diag(const struct csvfile *c, const char *path, struct sl_diag *diag);

/* Index of the column called name (case-insensitive, spaces and quotes
 * ignored) in a header record, or -1. */
int csvfile_column(const struct csv_record *header, const char *name);
/* The field at index i, or "" when i < 0 or the record is short. */
const char *csvfile_field(const struct csv_record *rec, int i);

/* For sniffing: how many of names (NULL-terminated, at most 64) are columns
 * of the first line of head[0..len); a name counts once however many
 * columns carry it. */
int csvfile_header_matches(const char *head, size_t len, const char *const names[]);

#endif
