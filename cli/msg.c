/* msg.c — formats and prints errors and notes on stderr, and keeps control
 * characters from the input off the terminal. */
#include "cli/msg.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "engine/base/termsafe.h"

static bool quiet;

static void vreport(const char *kind, const char *file, long line, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
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

/* ---- control and invisible characters ----
 * Text from the input (entity, service, key, title, SLA text) reaches the
 * terminal inside messages and tables; an ESC, OSC, CR or other control
 * character in it would be obeyed by the terminal (`svc\e]0;pwned\a` sets
 * its title), and an invisible one (engine/base/termsafe.h: U+202E, a
 * zero-width space) would make one name print as another. Every C0
 * character, DEL and every C1 character (U+0080 to U+009F, as UTF-8) is
 * written as text instead: \x1b, \x7f, \u009b; every invisible character
 * as its code point, as JSON escapes it: \u202e, \udb40\udc41. */

struct escaper {
    unsigned char held[4]; /* a UTF-8 sequence begun but not yet whole */
    size_t nheld, need;
};

/* The held sequence, whole or cut short, goes out: as its code point when
 * it is a C1 or invisible character, else as it is. */
static size_t
release_held(struct escaper *e, char *out)
{
    const char *seq = (const char *)e->held;
    size_t n = e->nheld;
    e->nheld = 0;
    uint32_t cp;
    if (n == 2 && e->held[0] == 0xc2 && e->held[1] <= 0x9f) /* U+0080..U+009F */
        return termsafe_code_point_text(e->held[1], out);
    if (termsafe_invisible(seq, n, &cp) == n)
        return termsafe_code_point_text(cp, out);
    memcpy(out, seq, n);
    return n;
}

/* Appends the escaped form of buf[0..n) to out (room for 12 * n + 16
 * bytes); keep says which C0 characters pass as they are ("\n\t" on
 * stdout). A UTF-8 sequence cut by the end of buf is held for the next
 * call. */
static size_t
escape(struct escaper *e, const char *buf, size_t n, const char *keep, char *out)
{
    static const char hex[] = "0123456789abcdef";
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)buf[i];
        if (e->nheld > 0) {
            if ((c & 0xc0) == 0x80) {
                e->held[e->nheld++] = c;
                if (e->nheld == e->need)
                    k += release_held(e, out + k);
                continue;
            }
            k += release_held(e, out + k); /* cut short: not a character */
        }
        if (termsafe_utf8_length(c) > 0) {
            e->held[0] = c;
            e->nheld = 1;
            e->need = termsafe_utf8_length(c);
        } else if ((c < 0x20 && !(c && strchr(keep, c))) || c == 0x7f) {
            out[k++] = '\\';
            out[k++] = 'x';
            out[k++] = hex[c >> 4];
            out[k++] = hex[c & 15];
        } else {
            out[k++] = (char)c;
        }
    }
    return k;
}

/* A sequence held back at the end of a write goes out now. */
static size_t
escape_end(struct escaper *e, char *out)
{
    return e->nheld ? release_held(e, out) : 0;
}

/* Standard output: everything printed, escaped as above but for line
 * breaks and tabs, which tables and text need; machine data (msg.h) only
 * when it goes to a terminal. */
struct out_filter {
    int fd;
    bool data; /* msg_stdout_data() was called */
    bool tty;
    struct escaper e;
};

static ssize_t
out_write(void *cookie, const char *buf, size_t n)
{
    struct out_filter *f = cookie;
    if (f->data && !f->tty)
        return write_all(f->fd, buf, n) ? (ssize_t)n : -1;
    char out[12 * 512 + 16];
    for (size_t i = 0; i < n; i += 512) {
        size_t chunk = n - i < 512 ? n - i : 512;
        size_t k = escape(&f->e, buf + i, chunk, "\n\t", out);
        if (!write_all(f->fd, out, k))
            return -1;
    }
    return (ssize_t)n;
}

static int
out_close(void *cookie)
{
    struct out_filter *f = cookie;
    char out[16];
    size_t k = escape_end(&f->e, out);
    return write_all(f->fd, out, k) ? 0 : -1;
}

static struct out_filter out_filter = {.fd = STDOUT_FILENO};

void
msg_stdout_data(void)
{
    fflush(stdout);
    out_filter.data = true;
}

static struct stream_filter err_filter = {.fd = STDERR_FILENO, .line_start = true};

int
msg_width(void)
{
    const char *columns = getenv("COLUMNS");
    if (columns && *columns) {
        char *end;
        long n = strtol(columns, &end, 10);
        if (!*end && n >= 40 && n <= 10000)
            return (int)n;
    }
    struct winsize ws;
    if (isatty(STDOUT_FILENO) && !ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_col >= 40)
        return ws.ws_col;
    return 0;
}

void
msg_init(void)
{
    cookie_io_functions_t io = {.write = filter_write};
    FILE *f = fopencookie(&err_filter, "w", io);
    if (!f)
        return; /* stderr stays as it was */
    setvbuf(f, NULL, _IOLBF, BUFSIZ);
    stderr = f;
    out_filter.tty = isatty(STDOUT_FILENO);
    cookie_io_functions_t out_io = {.write = out_write, .close = out_close};
    FILE *o = fopencookie(&out_filter, "w", out_io);
    if (!o)
        return; /* stdout stays as it was */
    setvbuf(o, NULL, out_filter.tty ? _IOLBF : _IOFBF, BUFSIZ);
    stdout = o;
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
    /* One line, every control character in it escaped (a line break in
     * a name included: it could forge a message of its own). */
    char text[2048], where[640], out[12 * (sizeof text + sizeof where) + 16];
    vsnprintf(text, sizeof text, fmt, ap);
    where[0] = '\0';
    if (file && *file && line > 0)
        snprintf(where, sizeof where, "%s:%ld: ", file, line);
    else if (file && *file)
        snprintf(where, sizeof where, "%s: ", file);
    struct escaper e = {0};
    size_t k = escape(&e, where, strlen(where), "", out);
    k += escape(&e, text, strlen(text), "", out + k);
    k += escape_end(&e, out + k);
    fprintf(stderr, "slaudit: %s%s%.*s\n", kind ? kind : "", kind ? ": " : "", (int)k, out);
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
