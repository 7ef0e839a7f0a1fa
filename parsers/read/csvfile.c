/* csvfile.c — line-fed libcsv with per-record line numbers and limits. */
#include "parsers/read/csvfile.h"

#include <assert.h>
#include <csv.h>
#include <ctype.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/base/jsonw.h"
#include "engine/base/strbuf.h"
#include "parsers/read/lines.h"

#define CSV_MAX_RECORD LINES_MAX_LENGTH
/* CSV_STRICT_FINI: without it csv_fini() closes a quote left open at the end
 * of the file as if it were fine, and the record would read as good. */
#define CSV_OPTIONS (CSV_STRICT | CSV_STRICT_FINI | CSV_APPEND_NULL)

struct csvfile {
    struct csv_parser parser;
    struct lines lines;
    struct strbuf raw;    /* the record's lines */
    struct strbuf values; /* field bytes, each NUL-terminated */
    size_t *offsets, *lengths;
    char **fields;
    size_t nfields, afields, afield_ptrs;
    bool record_done, nomem;
    int records;      /* records libcsv ended in the lines fed since the last one */
    bool quotes_open; /* the record's lines so far hold an odd number of quotes */
    enum sl_status status;
};

/* Room for one more field's offset and length. */
static bool
room_for_field(struct csvfile *c)
{
    if (c->nfields < c->afields)
        return true;
    size_t a = c->afields ? c->afields * 2 : 32;
    size_t *o = realloc(c->offsets, a * sizeof *o);
    if (o)
        c->offsets = o;
    size_t *l = realloc(c->lengths, a * sizeof *l);
    if (l)
        c->lengths = l;
    if (!o || !l) {
        c->nomem = true;
        return false;
    }
    c->afields = a;
    return true;
}

static void
on_field(void *data, size_t len, void *ctx)
{
    struct csvfile *c = ctx;
    if (!room_for_field(c))
        return;
    c->offsets[c->nfields] = c->values.len;
    c->lengths[c->nfields] = len;
    if (strbuf_add(&c->values, data ? data : "", data ? len : 0) || strbuf_addch(&c->values, '\0'))
        c->nomem = true;
    c->nfields++;
}

static void
on_record(int terminator, void *ctx)
{
    (void)terminator;
    struct csvfile *c = ctx;
    c->record_done = true;
    c->records++;
}

enum sl_status
csvfile_open(FILE *f, struct csvfile **out)
{
    struct csvfile *c = calloc(1, sizeof *c);
    if (!c || csv_init(&c->parser, CSV_OPTIONS) != 0) {
        free(c);
        return SL_ERR_NOMEM;
    }
    lines_init(&c->lines, f, CSV_MAX_RECORD);
    lines_count_skipped(&c->lines, '"');
    strbuf_init(&c->raw, CSV_MAX_RECORD + 2);
    strbuf_init(&c->values, CSV_MAX_RECORD + CSV_MAX_RECORD / 2);
    *out = c;
    return SL_OK;
}

void
csvfile_free(struct csvfile *c)
{
    if (!c)
        return;
    csv_free(&c->parser);
    lines_release(&c->lines);
    strbuf_release(&c->raw);
    strbuf_release(&c->values);
    free(c->offsets);
    free(c->lengths);
    free(c->fields);
    free(c);
}

enum sl_status
csvfile_status(const struct csvfile *c)
{
    return c->status;
}

enum sl_status
csvfile_fail_diag(const struct csvfile *c, const char *path, struct sl_diag *diag)
{
    if (c->status == SL_ERR_IO)
        return lines_read_error(&c->lines, path, diag);
    return diag_set(diag, c->status, path, c->lines.number, "%s",
                    c->status == SL_ERR_NOMEM ? "out of memory" : sl_strerror(c->status));
}

static void
start_over(struct csvfile *c)
{
    csv_free(&c->parser);
    csv_init(&c->parser, CSV_OPTIONS);
    c->nfields = 0;
    c->record_done = false;
    c->records = 0;
    c->quotes_open = false;
    strbuf_reset(&c->values);
}

static const char *
text_problem(const char *s, size_t n)
{
    if (memchr(s, '\0', n))
        return "NUL byte in the line";
    for (size_t i = 0; i < n;) {
        size_t len = jsonw_utf8_sequence_length((const unsigned char *)s + i, n - i);
        if (!len)
            return "bytes that are not UTF-8";
        i += len;
    }
    return NULL;
}

static enum csv_next
bad(struct csvfile *c, struct csv_record *rec, long line, const char *reason)
{
    start_over(c);
    rec->nfields = 0;
    rec->line = line;
    rec->raw = c->raw.buf;
    rec->raw_len = c->raw.len;
    rec->reason = reason;
    return CSV_BAD;
}

static enum csv_next
finish_record(struct csvfile *c, struct csv_record *rec, long line)
{
    if (c->nomem) {
        c->status = SL_ERR_NOMEM;
        return CSV_FAIL;
    }
    if (c->nfields + 1 > c->afield_ptrs) {
        size_t a = c->nfields + 1 > 2 * c->afield_ptrs ? c->nfields + 1 : 2 * c->afield_ptrs;
        char **fields = realloc(c->fields, a * sizeof *fields);
        if (!fields) {
            c->status = SL_ERR_NOMEM;
            return CSV_FAIL;
        }
        c->fields = fields;
        c->afield_ptrs = a;
    }
    for (size_t i = 0; i < c->nfields; i++)
        c->fields[i] = c->values.buf + c->offsets[i];
    rec->nfields = c->nfields;
    rec->fields = c->fields;
    rec->lengths = c->lengths;
    rec->line = line;
    rec->raw = c->raw.buf;
    rec->raw_len = c->raw.len;
    rec->reason = NULL;
    c->nfields = 0;
    c->record_done = false;
    c->records = 0;
    c->quotes_open = false;
    return CSV_RECORD;
}

/* Whether the line holds an odd number of quotes, its skipped part (of an
 * over-long line) counted: in RFC 4180 an escaped quote is two, so the
 * parity of the count says whether a quoted field goes on past the line. */
static bool
odd_quotes(const struct csvfile *c, const char *line, size_t len)
{
    size_t n = c->lines.skipped_count;
    for (const char *p = line, *end = line + len; (p = memchr(p, '"', (size_t)(end - p))); p++)
        n++;
    return n & 1;
}

/* A record that cannot be read, whose lines so far leave a quoted field
 * open: the lines after are still inside that field, not records. They
 * are skipped to the line that closes it (or the end of the file), so
 * reading goes on at the record after, not in the middle of this one. */
static enum csv_next
unreadable(struct csvfile *c, struct csv_record *rec, long line, const char *reason, bool open)
{
    while (open) {
        const char *text;
        size_t len;
        enum lines_result lr = lines_next(&c->lines, &text, &len);
        if (lr == LINES_IO) {
            c->status = SL_ERR_IO;
            return CSV_FAIL;
        }
        if (lr == LINES_END)
            break;
        open ^= odd_quotes(c, text, len);
    }
    return bad(c, rec, line, reason);
}

static bool
is_blank(char ch)
{
    return ch == ' ' || ch == '\t';
}

/* A record that is one line of plain text (printable ASCII and tabs, no
 * quote, not only blanks) reads the same with libcsv as without it: fields
 * split at every comma, blanks trimmed at both ends. Such a line is split here
 * in one pass, skipping libcsv's per-byte callbacks and the UTF-8 check (ASCII
 * is UTF-8, and has no NUL). Any other line returns false, untouched in
 * effect, for libcsv to read with all of RFC 4180. */
static bool
plain_byte(unsigned char ch)
{
    return ch < 0x20 ? ch == '\t' : ch < 0x7f && ch != '"';
}

static const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;

/* True when some byte of w is below n (n <= 128): exact, no false alarms (the
 * bit trick of "Bit Twiddling Hacks"). */
static bool
has_byte_below(uint64_t w, unsigned n)
{
    return ((w - ones * n) & ~w & highs) != 0;
}

/* Whether every byte of line is printable ASCII, a tab, and not a quote;
 * eight bytes at a time, since every byte of a probe file passes here. */
static bool
plain_text(const char *line, size_t len)
{
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, line + i, 8);
        if ((w & highs) || has_byte_below(w ^ (ones * 0x7f), 1) ||
            has_byte_below(w ^ (ones * '"'), 1))
            return false;
        if (has_byte_below(w, 0x20))
            for (size_t k = i; k < i + 8; k++)
                if (!plain_byte((unsigned char)line[k]))
                    return false;
    }
    for (; i < len; i++)
        if (!plain_byte((unsigned char)line[i]))
            return false;
    return true;
}

static bool
split_plain(struct csvfile *c, const char *line, size_t len)
{
    if (!plain_text(line, len) || strbuf_grow(&c->values, len + 1))
        return false;
    char *out = c->values.buf;
    memcpy(out, line, len);
    out[len] = '\0';
    c->values.len = len;
    c->nfields = 0;
    for (size_t at = 0;;) {
        char *comma = memchr(out + at, ',', len - at);
        size_t end = comma ? (size_t)(comma - out) : len, a = at, b = end;
        while (a < b && is_blank(out[a]))
            a++;
        while (b > a && is_blank(out[b - 1]))
            b--;
        if (!room_for_field(c))
            return false;
        out[b] = '\0';
        c->offsets[c->nfields] = a;
        c->lengths[c->nfields] = b - a;
        c->nfields++;
        if (!comma)
            break;
        at = end + 1;
    }
    /* Only blanks: libcsv starts no record on such a line. */
    return c->nfields > 1 || c->lengths[0] > 0;
}

enum csv_next
csvfile_next(struct csvfile *c, struct csv_record *rec)
{
    long first = 0;
    strbuf_reset(&c->raw);
    strbuf_reset(&c->values);
    c->nfields = 0;
    for (;;) {
        const char *line;
        size_t len;
        enum lines_result lr = lines_next(&c->lines, &line, &len);
        if (lr == LINES_IO) {
            c->status = SL_ERR_IO;
            return CSV_FAIL;
        }
        if (lr == LINES_END) {
            if (first == 0)
                return CSV_END;
            if (csv_fini(&c->parser, on_field, on_record, c) != 0 || !c->record_done)
                return bad(c, rec, first, "quoted field not closed before the end of the file");
            return finish_record(c, rec, first);
        }
        if (first == 0) {
            if (len == 0 || (len == 1 && line[0] == '\r'))
                continue; /* blank lines between records carry nothing */
            first = c->lines.number;
            if (lr == LINES_OK && split_plain(c, line, len)) {
                enum csv_next next = finish_record(c, rec, first);
                rec->raw = line;
                rec->raw_len = len;
                return next;
            }
            strbuf_reset(&c->values);
            c->nfields = 0;
            if (c->nomem) {
                c->status = SL_ERR_NOMEM;
                return CSV_FAIL;
            }
        }
        if (c->raw.len && strbuf_addch(&c->raw, '\n'))
            lr = LINES_TOO_LONG;
        if (lr == LINES_OK && strbuf_add(&c->raw, line, len))
            lr = LINES_TOO_LONG;
        bool open = c->quotes_open ^ odd_quotes(c, line, len);
        if (lr == LINES_TOO_LONG) {
            /* kept with the reject: the record's first 256 bytes */
            if (!c->raw.len)
                strbuf_add(&c->raw, line, len < 256 ? len : 256);
            if (c->raw.len > 256)
                c->raw.buf[c->raw.len = 256] = '\0';
            return unreadable(c, rec, first, "record longer than 1 MiB", open);
        }
        const char *problem = text_problem(line, len);
        if (problem)
            return unreadable(c, rec, first, problem, open);
        c->quotes_open = open;
        if (csv_parse(&c->parser, line, len, on_field, on_record, c) != len ||
            csv_parse(&c->parser, "\n", 1, on_field, on_record, c) != 1)
            return bad(c, rec, first, "broken quoting (a quote inside an unquoted field?)");
        /* libcsv ends a record at a CR too: a lone CR outside quotes in a
         * file of LF line ends would make two records of one line. */
        if (c->records > 1)
            return bad(c, rec, first, "a carriage return (CR) outside quotes inside the record");
        if (c->record_done)
            return finish_record(c, rec, first);
    }
}

int
csvfile_column(const struct csv_record *header, const char *name)
{
    for (size_t i = 0; i < header->nfields; i++)
        if (!strcasecmp(header->fields[i], name))
            return (int)i;
    return -1;
}

const char *
csvfile_field(const struct csv_record *rec, int i)
{
    if (i < 0 || (size_t)i >= rec->nfields)
        return "";
    return rec->fields[i];
}

int
csvfile_header_matches(const char *head, size_t len, const char *const names[])
{
    if (len >= 3 && !memcmp(head, "\xef\xbb\xbf", 3)) {
        head += 3;
        len -= 3;
    }
    size_t n = 0;
    while (n < len && head[n] != '\n' && head[n] != '\r') /* a header ends at either */
        n++;
    /* Each name counts once, however many columns carry it: a header with a
     * column twice ("id,id,...") must not look more like a format than it
     * is, nor unlike one that wants its names exactly. */
    uint64_t seen = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && head[j] != ',')
            j++;
        size_t a = i, b = j;
        while (a < b && (isspace((unsigned char)head[a]) || head[a] == '"'))
            a++;
        while (b > a && (isspace((unsigned char)head[b - 1]) || head[b - 1] == '"'))
            b--;
        for (size_t k = 0; names[k]; k++) {
            assert(k < 64);
            if (strlen(names[k]) == b - a && !strncasecmp(head + a, names[k], b - a))
                seen |= UINT64_C(1) << k;
        }
        i = j + 1;
    }
    return __builtin_popcountll(seen);
}
