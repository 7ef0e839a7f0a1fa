/* jsonstream.c — one JSON record at a time, with its line (see jsonstream.h). */
#include "parsers/read/jsonstream.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "engine/base/infile.h"
#include "engine/base/strbuf.h"
#include "parsers/read/lines.h"

struct scan {
    FILE *f;
    long line;
    int pushed; /* one character of push-back, or EOF when none */
    struct strbuf rec;
    struct strbuf key;
    struct ingest *ing;
    jsonstream_fn fn;
    void *ctx;
    /* Which records of a top-level object this pass delivers: its
     * non-array members (the first pass) or its arrays' elements (the
     * second); the others are skipped, their text not kept. */
    bool arrays;
    bool skipping;
    bool quiet; /* a survey: a record that does not parse is skipped, not rejected */
    int error;  /* errno of the read that failed, once one has */
};

static int
next_char(struct scan *s)
{
    int c;
    if (s->pushed != EOF) {
        c = s->pushed;
        s->pushed = EOF;
    } else {
        c = getc_unlocked(s->f);
        if (c == EOF && !s->error && ferror(s->f))
            s->error = errno ? errno : EIO;
    }
    if (c == '\n')
        s->line++;
    return c;
}

static void
push_back(struct scan *s, int c)
{
    if (c == '\n')
        s->line--;
    s->pushed = c;
}

static int
skip_space(struct scan *s)
{
    int c;
    do
        c = next_char(s);
    while (c == ' ' || c == '\t' || c == '\n' || c == '\r');
    return c;
}

/* The structure is broken where the file ends early; when it ended because
 * a read failed, that is what to say. */
static enum sl_status
broken(struct scan *s, const char *what)
{
    if (s->error)
        return infile_read_error(s->ing->diag, s->ing->path, s->line, s->error);
    return diag_set(s->ing->diag, SL_ERR_INPUT, s->ing->path, s->line, "not valid JSON: %s", what);
}

static enum sl_status
add(struct scan *s, struct strbuf *sb, int c)
{
    if (s->skipping)
        return SL_OK;
    if (strbuf_addch(sb, (char)c))
        return diag_set(s->ing->diag, SL_ERR_LIMIT, s->ing->path, s->line,
                        "a JSON record is longer than %zu bytes", sb->cap);
    return SL_OK;
}

/* Copies one string (the opening quote already read) into sb. */
static enum sl_status
scan_string(struct scan *s, struct strbuf *sb)
{
    enum sl_status rc = add(s, sb, '"');
    while (!rc) {
        int c = next_char(s);
        if (c == EOF)
            return broken(s, "the file ends inside a string");
        if ((rc = add(s, sb, c)))
            break;
        if (c == '\\') {
            if ((c = next_char(s)) == EOF)
                return broken(s, "the file ends inside a string");
            rc = add(s, sb, c);
        } else if (c == '"') {
            break;
        }
    }
    return rc;
}

/* The document nests deeper than JSONDOC_MAX_DEPTH: refused as a whole at
 * the bracket that crosses, as jsondoc refuses a document it parses whole,
 * before the record is gathered or parsed. */
static enum sl_status
too_deep(struct scan *s)
{
    return diag_set(s->ing->diag, SL_ERR_INPUT, s->ing->path, s->line,
                    "JSON nested deeper than %d levels", JSONDOC_MAX_DEPTH);
}

/* Copies one value starting with first into s->rec; *after is the next
 * non-blank character after it. outer is how many arrays and objects of
 * the document hold the value. */
static enum sl_status
scan_value(struct scan *s, int first, long outer, int *after)
{
    enum sl_status rc = SL_OK;
    strbuf_reset(&s->rec);
    if (first == '"') {
        rc = scan_string(s, &s->rec);
    } else if (first == '{' || first == '[') {
        long depth = 1;
        if (outer + depth > JSONDOC_MAX_DEPTH)
            return too_deep(s);
        rc = add(s, &s->rec, first);
        while (!rc && depth > 0) {
            int c = next_char(s);
            if (c == EOF)
                return broken(s, "the file ends inside an object or array");
            if (c == '"') {
                rc = scan_string(s, &s->rec);
                continue;
            }
            if (c == '{' || c == '[') {
                if (outer + ++depth > JSONDOC_MAX_DEPTH)
                    return too_deep(s);
            } else if (c == '}' || c == ']') {
                depth--;
            }
            rc = add(s, &s->rec, c);
        }
    } else {
        int c = first;
        while (!rc && c != EOF && !strchr(",]} \t\r\n", c)) {
            rc = add(s, &s->rec, c);
            c = next_char(s);
        }
        push_back(s, c);
    }
    if (!rc)
        *after = skip_space(s);
    return rc;
}

static enum sl_status
deliver(struct scan *s, const char *key, bool is_member, long line)
{
    struct json_node *root = NULL;
    struct sl_diag d = {0};
    struct jsonstream_record rec = {key, is_member, NULL, line, s->rec.buf, s->rec.len};
    enum sl_status rc = jsondoc_load_buffer(s->rec.buf, s->rec.len, s->ing->path, line, &root, &d);
    if (rc == SL_ERR_NOMEM)
        return diag_set(s->ing->diag, rc, s->ing->path, line, "out of memory");
    if (rc && s->quiet)
        return SL_OK;
    if (rc)
        return ingest_reject(s->ing, d.line ? d.line : line, d.message, s->rec.buf, s->rec.len);
    rec.node = root;
    rc = s->fn(s->ctx, &rec);
    jsondoc_free(root);
    return rc;
}

/* The elements of an array whose '[' was just read; key may be NULL.
 * outer counts the array itself and what holds it. */
static enum sl_status
scan_array(struct scan *s, const char *key, long outer, int *after)
{
    int c = skip_space(s);
    if (c == ']') {
        *after = skip_space(s);
        return SL_OK;
    }
    for (;;) {
        if (c == EOF)
            return broken(s, "the file ends inside an array");
        long line = s->line;
        enum sl_status rc = scan_value(s, c, outer, &c);
        if (!rc)
            rc = deliver(s, key, false, line);
        if (rc)
            return rc;
        if (c == ']')
            break;
        if (c != ',')
            return broken(s, "expected ',' or ']' after an array element");
        c = skip_space(s);
    }
    *after = skip_space(s);
    return SL_OK;
}

static enum sl_status
scan_object(struct scan *s)
{
    int c = skip_space(s);
    if (c == '}')
        return SL_OK;
    for (;;) {
        if (c != '"')
            return broken(s, "expected a member name");
        strbuf_reset(&s->key);
        enum sl_status rc = scan_string(s, &s->key);
        if (rc)
            return rc;
        /* Member names are compared as written, without their quotes. */
        char *name = s->key.buf + 1;
        s->key.buf[s->key.len - 1] = '\0';
        if (skip_space(s) != ':')
            return broken(s, "expected ':' after a member name");
        c = skip_space(s);
        if ((c == '[') != s->arrays) {
            s->skipping = true;
            rc = scan_value(s, c, 1, &c);
            s->skipping = false;
        } else if (c == '[') {
            rc = scan_array(s, name, 2, &c);
        } else {
            long line = s->line;
            if (!(rc = scan_value(s, c, 1, &c)))
                rc = deliver(s, name, true, line);
        }
        if (rc)
            return rc;
        if (c == '}')
            return SL_OK;
        if (c != ',')
            return broken(s, "expected ',' or '}' after a member");
        c = skip_space(s);
    }
}

/* One pass over the document from the file's start. */
static enum sl_status
read_pass(struct scan *s)
{
    enum sl_status rc;
    s->line = 1;
    s->pushed = EOF;
    int c = skip_space(s);
    if (c == 0xEF && next_char(s) == 0xBB && next_char(s) == 0xBF)
        c = skip_space(s);
    if (c == '[') {
        s->arrays = true;
        rc = scan_array(s, NULL, 1, &c);
    } else if (c == '{') {
        rc = scan_object(s);
        c = rc ? EOF : skip_space(s);
    } else {
        rc = broken(s, "the file does not start with '[' or '{'");
    }
    if (!rc && c != EOF)
        rc = broken(s, "text after the end of the document");
    if (!rc && s->error)
        rc = broken(s, "a read failed after the end of the document");
    return rc;
}

/* A top-level object is read twice: first its members that are not arrays
 * (a page's name, a response's time zone), then the elements of its arrays,
 * so that a parser has what the document says of its records before the
 * records, whatever order the members were written in (archivers sort keys).
 * Memory still holds one record at a time. */
enum sl_status
jsonstream_read(struct ingest *ing, FILE *f, jsonstream_fn fn, void *ctx)
{
    return jsonstream_read_survey(ing, f, NULL, fn, ctx);
}

enum sl_status
jsonstream_read_survey(struct ingest *ing, FILE *f, jsonstream_fn survey, jsonstream_fn fn,
                       void *ctx)
{
    struct scan s = {f, 1, EOF, STRBUF_INIT, STRBUF_INIT, ing, fn, ctx, false, false, false, 0};
    strbuf_init(&s.rec, JSONSTREAM_MAX_RECORD);
    strbuf_init(&s.key, 4096);
    long start = ftell(f);
    enum sl_status rc = SL_OK;
    if (survey) {
        s.fn = survey;
        s.arrays = s.quiet = true;
        rc = read_pass(&s);
        if (!rc && (start < 0 || fseek(f, start, SEEK_SET)))
            rc = diag_set(ing->diag, SL_ERR_IO, ing->path, 0, "cannot read the file again");
        s.fn = fn;
        s.arrays = s.quiet = false;
        s.error = 0;
    }
    if (!rc)
        rc = read_pass(&s);
    if (!rc && !s.arrays) {
        s.arrays = true;
        if (start < 0 || fseek(f, start, SEEK_SET))
            rc = diag_set(ing->diag, SL_ERR_IO, ing->path, 0, "cannot read the file again");
        else
            rc = read_pass(&s);
    }
    strbuf_release(&s.rec);
    strbuf_release(&s.key);
    return rc;
}

enum sl_status
jsonstream_read_lines(struct ingest *ing, FILE *f, jsonstream_fn fn, void *ctx)
{
    return jsonstream_read_lines_quick(ing, f, NULL, fn, ctx);
}

enum sl_status
jsonstream_read_lines_quick(struct ingest *ing, FILE *f, jsonstream_line_fn quick, jsonstream_fn fn,
                            void *ctx)
{
    struct lines r;
    const char *text;
    size_t len;
    enum lines_result got;
    enum sl_status rc = SL_OK;
    lines_init(&r, f, LINES_MAX_LENGTH);
    while (!rc && (got = lines_next(&r, &text, &len)) != LINES_END) {
        if (got == LINES_IO) {
            rc = lines_read_error(&r, ing->path, ing->diag);
            break;
        }
        if (got == LINES_TOO_LONG) {
            rc = ingest_reject(ing, r.number, "line longer than the 1 MiB limit", text, len);
            continue;
        }
        size_t i = 0;
        while (i < len && isspace((unsigned char)text[i]))
            i++;
        if (i == len)
            continue;
        bool taken = false;
        if (quick && ((rc = quick(ctx, r.number, text, len, &taken)) || taken))
            continue;
        struct json_node *root = NULL;
        struct sl_diag d = {0};
        rc = jsondoc_load_buffer(text, len, ing->path, r.number, &root, &d);
        if (rc == SL_ERR_NOMEM) {
            rc = diag_set(ing->diag, rc, ing->path, r.number, "out of memory");
        } else if (rc) {
            rc = ingest_reject(ing, r.number, d.message, text, len);
        } else {
            struct jsonstream_record rec = {NULL, false, root, r.number, text, len};
            rc = fn(ctx, &rec);
            jsondoc_free(root);
        }
    }
    lines_release(&r);
    return rc;
}

bool
jsonstream_head_has(const char *head, size_t len, const char *text)
{
    return memmem(head, len, text, strlen(text)) != NULL;
}

char
jsonstream_head_first(const char *head, size_t len)
{
    size_t i = 0;
    if (len >= 3 && !memcmp(head, "\xEF\xBB\xBF", 3))
        i = 3;
    while (i < len && isspace((unsigned char)head[i]))
        i++;
    return i < len ? head[i] : 0;
}

const char *
jsonstream_str(const struct json_node *n, const char *key)
{
    struct json_node *v = jsondoc_get(n, key);
    const char *s = jsondoc_string(v);
    if (s)
        return *s ? s : NULL;
    return NULL;
}

const char *
jsonstream_text(const struct json_node *n, const char *key, char *buf, size_t len)
{
    struct json_node *v = jsondoc_get(n, key);
    double d;
    if (jsondoc_string(v))
        return jsonstream_str(n, key);
    if (!jsondoc_number(v, &d) || len == 0)
        return NULL;
    if (d > -9e15 && d < 9e15 && d == (double)(long long)d)
        snprintf(buf, len, "%lld", (long long)d);
    else
        snprintf(buf, len, "%.17g", d);
    return buf;
}

enum sl_status
jsonstream_reject(struct ingest *ing, const struct jsonstream_record *rec, const char *fmt, ...)
{
    char reason[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(reason, sizeof reason, fmt, ap);
    va_end(ap);
    return ingest_reject(ing, rec->line, reason, rec->raw, rec->raw_len);
}

enum sl_status
jsonstream_time(struct ingest *ing, const struct json_node *n, const char *key, int64_t *out,
                char *why, size_t whylen)
{
    struct json_node *v = jsondoc_get(n, key);
    const char *text = jsondoc_string(v);
    char num[32];
    double d;
    *out = SLTIME_NONE;
    if (!text && jsondoc_number(v, &d)) {
        /* Epoch seconds, or milliseconds when too large to be seconds. */
        if (d > 1e11)
            d /= 1000;
        snprintf(num, sizeof num, "%.0f", d);
        text = num;
    }
    if (!text)
        return SL_OK;
    const char *reason = "";
    if (ingest_time(ing, text, strlen(text), out, &reason) == SL_OK)
        return SL_OK;
    snprintf(why, whylen, "bad %s time '%.60s': %s", key, text, reason);
    return SL_ERR_INPUT;
}

void
jsonstream_provider(const char *name, char *out, size_t outlen)
{
    size_t n = (size_t)snprintf(out, outlen, "provider:");
    bool dash = false;
    for (const char *p = name; *p && n + 2 < outlen; p++) {
        unsigned char c = (unsigned char)*p;
        if (isalnum(c) || c == '.' || c == '_' || c >= 0x80) {
            if (dash && n > 9)
                out[n++] = '-';
            out[n++] = (char)(c < 0x80 ? tolower(c) : c);
            dash = false;
        } else {
            dash = true;
        }
    }
    if (n == 9)
        out[n++] = '_';
    out[n] = '\0';
}
