/* msg.h — the one reporter of messages to the user. Every message goes to
 * stderr as `slaudit: FILE:LINE: what is wrong` (file and line when known),
 * lowercase, no final period. Only cli/ prints. */
#ifndef SLAUDIT_MSG_H
#define SLAUDIT_MSG_H

#include <stdbool.h>

#include "engine/base/status.h"

/* Called first in main: stderr becomes a line-buffered filter that drops
 * the lines libraries print of their own ("[ERROR] ...", "[WARNING]: ..."
 * from libxlsxwriter), whose failures our diagnostics report; stdout
 * becomes a filter that writes every control character but line break and
 * tab — C0, DEL, and C1 (U+0080..U+009F) — as text (\x1b, \u009b), so that
 * text from the input cannot drive the terminal. Messages escape every
 * control character, line breaks too: one message, one line. */
void msg_init(void);
/* What follows on stdout is data in a machine format (CSV): written as it
 * is, unless stdout is a terminal. JSON needs no call: its writer escapes
 * every control character itself. */
void msg_stdout_data(void);

/* The width text on stdout should keep to: $COLUMNS when it is set (a
 * number from 40), else the terminal's when stdout is one, else 0: no
 * limit (a pipe or a file gets whole lines). */
int msg_width(void);

void msg_set_quiet(bool quiet);
bool msg_quiet(void);

/* Prints the error and returns code, for `return msg_error(...)`. */
int msg_error(int code, const char *file, long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Prints a library diagnostic and returns the exit code its status maps to. */
int msg_diag(enum sl_status status, const struct sl_diag *diag);
/* A note: printed unless -q. */
void msg_note(const char *file, long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A warning: something was not done, the command goes on; printed even
 * with -q. */
void msg_warn(const char *file, long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* A usage error: the message, a pointer to --help, and SL_EXIT_USAGE. */
int msg_usage(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
