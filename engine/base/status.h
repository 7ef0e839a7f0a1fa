/* status.h — the one status enum of slaudit, its message table, and the
 * caller-owned diagnostic that library code fills instead of printing.
 *
 * Threads: sl_strerror and sl_exit_code read constant tables; diag_set writes
 * only the diagnostic it is given. Any thread may call them, each thread
 * filling a struct sl_diag of its own (a worker hands its diagnostic over
 * with its result, as engine/measure/series_feed.c does). */
#ifndef SLAUDIT_STATUS_H
#define SLAUDIT_STATUS_H

#include <stdarg.h>

enum sl_status {
    SL_OK = 0,
    SL_ERR_USAGE,  /* the command line is wrong */
    SL_ERR_INPUT,  /* an input file cannot be read as its format */
    SL_ERR_IO,     /* a file could not be opened, read or written */
    SL_ERR_DB,     /* the store failed */
    SL_ERR_REPORT, /* a report could not be written */
    SL_ERR_NOMEM,  /* out of memory */
    SL_ERR_LIMIT,  /* a documented size limit was exceeded */
    SL_STATUS_COUNT
};

/* Exit codes of the slaudit command (docs/design.md §5). */
enum sl_exit {
    SL_EXIT_OK = 0,
    SL_EXIT_FINDINGS = 1,
    SL_EXIT_USAGE = 2,
    SL_EXIT_INPUT = 3,
    SL_EXIT_DB = 4,
    SL_EXIT_REPORT = 5
};

/* What went wrong, where. file may be empty and line 0 when unknown. */
struct sl_diag {
    char file[512];
    long line;
    char message[768];
};

const char *sl_strerror(enum sl_status status);
/* The one mapping of a status to the command's exit code: usage 2; input, I/O
 * and size limits 3; the store and out of memory 4; a report 5. cli/ derives
 * the exit of every failed status from it (msg_diag() does). */
enum sl_exit sl_exit_code(enum sl_status status);

/* Fills diag (when not NULL) and returns status, so callers can write
 * `return diag_set(d, SL_ERR_INPUT, file, line, "bad date '%s'", s);`. */
enum sl_status diag_set(struct sl_diag *diag, enum sl_status status, const char *file, long line,
                        const char *fmt, ...) __attribute__((format(printf, 5, 6)));
enum sl_status diag_vset(struct sl_diag *diag, enum sl_status status, const char *file, long line,
                         const char *fmt, va_list ap) __attribute__((format(printf, 5, 0)));

#endif
