/* msg.c — formats and prints errors and notes on stderr. */
#include "cli/msg.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static bool quiet;

/* ---- standard error as the user sees it ----
 * libxlsxwriter prints its own lines ("[ERROR] workbook_close(): ...",
 * "[WARNING]: ...") on stderr, naming our temporary file; every failure it
 * announces also comes back to us as an error code, which the diagnostic
 * reports. So stderr is a filter that drops lines starting with those tags
 * and passes everything else as it is. */

struct stream_filter {
    int fd;
    bool line_start; /* the next byte begins a line */
    bool dropping;   /* inside a library line, up to its newline */
    char held[16];   /* the start of a line that may be a library tag */
    size_t nheld;
};

static const char *const library_tags[] = {"[ERROR]", "[WARNING]"};

static bool
write_all(int fd, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, buf, n);
        if (w < 0)
            return false;
        buf += w;
        n -= (size_t)w;
    }
    return true;
}

/* 1: held is a whole tag, 0: a prefix of one, -1: neither. */
static int
tag_match(const char *held, size_t n)
{
    int best = -1;
    for (size_t i = 0; i < sizeof library_tags / sizeof library_tags[0]; i++) {
        size_t len = strlen(library_tags[i]);
        if (n <= len && memcmp(held, library_tags[i], n) == 0)
            best = n == len ? 1 : (best < 0 ? 0 : best);
    }
    return best;
}

static ssize_t
filter_write(void *cookie, const char *buf, size_t n)
{
    struct stream_filter *f = cookie;
    char out[1024];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        char c = buf[i];
        if (f->dropping) {
            if (c == '\n') {
                f->dropping = false;
                f->line_start = true;
            }
            continue;
        }
        if (f->line_start && (f->nheld > 0 || c == '[')) {
            f->held[f->nheld++] = c;
            int m = tag_match(f->held, f->nheld);
            if (m == 1) {
                f->dropping = true;
                f->nheld = 0;
                continue;
            }
            if (m == 0)
                continue;
            if (!write_all(f->fd, out, k) || !write_all(f->fd, f->held, f->nheld))
                return -1;
            k = 0;
            f->line_start = c == '\n';
            f->nheld = 0;
            continue;
        }
        out[k++] = c;
        f->line_start = c == '\n' || c == '\r';
        if (k == sizeof out) {
            if (!write_all(f->fd, out, k))
                return -1;
            k = 0;
        }
    }
    return write_all(f->fd, out, k) ? (ssize_t)n : -1;
}

static struct stream_filter err_filter = {.fd = STDERR_FILENO, .line_start = true};

void
msg_init(void)
{
    cookie_io_functions_t io = {.write = filter_write};
    FILE *f = fopencookie(&err_filter, "w", io);
    if (!f)
        return; /* stderr stays as it was */
    setvbuf(f, NULL, _IOLBF, BUFSIZ);
    stderr = f;
}

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

void
msg_warn(const char *file, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vreport("warning", file, line, fmt, ap);
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
