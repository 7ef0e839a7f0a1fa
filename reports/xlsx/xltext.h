/* xltext.h — Excel's rules for text, apart from any library: what fits in a
 * cell and what makes a legal sheet name. Counts are in characters as Excel
 * counts them (UTF-16 units for cells, characters for sheet names), never
 * bytes, and nothing is ever cut inside a UTF-8 sequence. */
#ifndef SLAUDIT_REPORTS_XLTEXT_H
#define SLAUDIT_REPORTS_XLTEXT_H

#include <stddef.h>

#include "engine/base/status.h"
#include "engine/base/strbuf.h"

#define XLTEXT_CELL_MAX 32767      /* UTF-16 units in one cell */
#define XLTEXT_SHEET_NAME_MAX 31   /* characters in a sheet name */
#define XLTEXT_SHEET_NAME_SIZE 128 /* bytes for 31 UTF-8 characters and the NUL */
#define XLTEXT_TRUNCATED "\xe2\x80\xa6 [truncated]"

/* Makes text fit a cell, to be read back exactly as given. *out is text
 * itself when it is valid UTF-8 within XLTEXT_CELL_MAX with nothing Excel
 * would decode; otherwise a copy built in sb (the caller's, released by the
 * caller) in which each invalid byte is U+FFFD, the '_' of text that looks
 * like Excel's escape "_xHHHH_" is escaped as "_x005F_", and text too long is
 * cut and ended with XLTEXT_TRUNCATED, XLTEXT_CELL_MAX units in all (the
 * escapes counted, so the count errs short). Fails only for want of memory. */
enum sl_status xltext_fit_cell(const char *text, struct strbuf *sb, const char **out);

/* Makes a legal sheet name of name in out: each of []:*?/\ , each control
 * character and each invalid byte becomes '_', a leading or trailing
 * apostrophe becomes '_', the name is cut to 31 characters, an empty name
 * becomes "Sheet" and the reserved "History" becomes "History_". Returns the
 * length in bytes. name may be NULL. */
size_t xltext_sheet_name(const char *name, char out[XLTEXT_SHEET_NAME_SIZE]);

/* Cuts the valid UTF-8 string s to at most max characters. */
void xltext_cut(char *s, size_t max);

/* Compares as Excel compares sheet names, ignoring ASCII case. */
int xltext_casecmp(const char *a, const char *b);

#endif
