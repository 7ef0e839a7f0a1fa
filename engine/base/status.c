/* status.c — status messages and the diagnostic filler. */
#include "engine/base/status.h"

#include <stdio.h>
#include <string.h>

static const char *const status_messages[] = {
    [SL_OK] = "ok",
    [SL_ERR_USAGE] = "usage error",
    [SL_ERR_INPUT] = "bad input",
    [SL_ERR_IO] = "input/output error",
    [SL_ERR_DB] = "database error",
    [SL_ERR_REPORT] = "report could not be written",
    [SL_ERR_NOMEM] = "out of memory",
    [SL_ERR_LIMIT] = "size limit exceeded",
};
_Static_assert(sizeof status_messages / sizeof status_messages[0] == SL_STATUS_COUNT,
               "status_messages must have one entry per enum sl_status");

const char *
sl_strerror(enum sl_status status)
{
    if ((unsigned)status >= SL_STATUS_COUNT)
        return "unknown status";
    return status_messages[status];
}

enum sl_exit
sl_exit_code(enum sl_status status)
{
    switch (status) {
    case SL_OK:
        return SL_EXIT_OK;
    case SL_ERR_USAGE:
        return SL_EXIT_USAGE;
    case SL_ERR_INPUT:
    case SL_ERR_IO:
    case SL_ERR_LIMIT:
        return SL_EXIT_INPUT;
    case SL_ERR_DB:
    case SL_ERR_NOMEM:
        return SL_EXIT_DB;
    case SL_ERR_REPORT:
        return SL_EXIT_REPORT;
    case SL_STATUS_COUNT:
        break;
    }
    return SL_EXIT_DB;
}

enum sl_status
diag_vset(struct sl_diag *diag, enum sl_status status, const char *file, long line, const char *fmt,
          va_list ap)
{
    if (!diag)
        return status;
    snprintf(diag->file, sizeof diag->file, "%s", file ? file : "");
    diag->line = line;
    vsnprintf(diag->message, sizeof diag->message, fmt, ap);
    return status;
}

enum sl_status
diag_set(struct sl_diag *diag, enum sl_status status, const char *file, long line, const char *fmt,
         ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vset(diag, status, file, line, fmt, ap);
    va_end(ap);
    return status;
}
