/* pg_copy.h — a value written as one cell of the text format of COPY …
 * FROM STDIN: NULL as \N, an integer in decimal, a double with 17
 * significant digits (read back as the same double, as a bound one is),
 * text with a backslash before each byte the format gives a meaning to
 * (backslash, tab, newline, carriage return) and every other control byte
 * escaped too, and a blob as bytea's hex form, \x and two digits a byte,
 * its backslash doubled. Bytes from 0x80 up (UTF-8) go as they are. Only
 * engine/store/postgres/ includes this. */
#ifndef SLAUDIT_PG_COPY_H
#define SLAUDIT_PG_COPY_H

#include <stddef.h>

#include "engine/store/db.h"

/* The most bytes pg_copy_cell writes for v. */
size_t pg_copy_cell_size(const struct db_value *v);
/* v written to out, which has room for pg_copy_cell_size(v) bytes; the bytes
 * written (no NUL after them). */
size_t pg_copy_cell(char *out, const struct db_value *v);

#endif
