/* msg.c — formats and prints errors and notes on stderr. */
#include "cli/msg.h"

#include <stdarg.h>
#include <stdio.h>

static bool quiet;

static void vreport(const char *kind, const char *file, long line, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));

void
msg_set_quiet(bool q)
{
    quiet = q;
}

bool
msg_quiet(void)
{
    return quiet;
}

static void
vreport(const char *kind, const char *file, long line, const char *fmt, va_list ap)
{
    fputs("slaudit: ", stderr);
    if (kind)
        fprintf(stderr, "%s: ", kind);
    if (file && *file) {
        if (line > 0)
            fprintf(stderr, "%s:%ld: ", file, line);
        else
            fprintf(stderr, "%s: ", file);
    }
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

int
msg_error(int code, const char *file, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(NULL, file, line, fmt, ap);
    va_end(ap);
    return code;
}

int
msg_diag(enum sl_status status, const struct sl_diag *diag)
{
    const char *message = diag->message[0] ? diag->message : sl_strerror(status);
    return msg_error((int)sl_exit_code(status), diag->file, diag->line, "%s", message);
}

void
msg_note(const char *file, long line, const char *fmt, ...)
{
    if (quiet)
        return;
    va_list ap;
    va_start(ap, fmt);
    vreport("note", file, line, fmt, ap);
    va_end(ap);
}

int
msg_usage(const char *command, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport(NULL, NULL, 0, fmt, ap);
    va_end(ap);
    fprintf(stderr, "slaudit: see 'slaudit %s%s--help'\n", command ? command : "",
            command ? " " : "");
    return SL_EXIT_USAGE;
}
