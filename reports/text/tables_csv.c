/* tables_csv.c — the report's tables as CSV (RFC 4180): a line of column names,
 * then a line per row; a field is quoted when it holds a comma, a quote, a
 * line break, or space at either end. A formula-like text cell gets a ' before
 * it and quotes, unless raw (tables.h). Numbers in their shortest round-trip
 * form, booleans as true/false, a missing value as an empty field. */
#include <string.h>

#include "engine/base/jsonw.h"
#include "reports/text/tables.h"

static enum sl_status
add_field(struct strbuf *sb, const char *s)
{
    size_t n = strlen(s);
    if (strcspn(s, ",\"\r\n") == n && (n == 0 || (s[0] != ' ' && s[n - 1] != ' ')))
        return strbuf_add(sb, s, n);
    enum sl_status st = strbuf_addch(sb, '"');
    for (; st == SL_OK && *s; s++)
        st = *s == '"' ? strbuf_add(sb, "\"\"", 2) : strbuf_addch(sb, *s);
    return st ? st : strbuf_addch(sb, '"');
}

/* A text a spreadsheet would run as a formula: '=', '+', '-', '@', or a
 * tab or CR before one (OWASP, CSV injection). */
static bool
formula_like(const char *s)
{
    return *s && strchr("=+-@\t\r", *s) != NULL;
}

/* "'" and the text, quoted: the spreadsheet shows the text, the quote marks
 * it as text. */
static enum sl_status
add_neutralised(struct strbuf *sb, const char *s)
{
    enum sl_status st = strbuf_add(sb, "\"'", 2);
    for (; st == SL_OK && *s; s++)
        st = *s == '"' ? strbuf_add(sb, "\"\"", 2) : strbuf_addch(sb, *s);
    return st ? st : strbuf_addch(sb, '"');
}

static enum sl_status
add_cell(struct strbuf *sb, const struct table_cell *c, bool raw)
{
    switch (c->kind) {
    case TABLE_TEXT:
        if (c->text && !raw && formula_like(c->text))
            return add_neutralised(sb, c->text);
        return c->text ? add_field(sb, c->text) : SL_OK;
    case TABLE_NUMBER:
        return jsonw_num(sb, c->number);
    case TABLE_INTEGER:
        return jsonw_int(sb, c->integer);
    case TABLE_BOOL:
        return strbuf_addstr(sb, c->integer ? "true" : "false");
    case TABLE_NULL:
        break;
    }
    return SL_OK;
}

static enum sl_status
nomem(struct table_out *o, enum sl_status st)
{
    return diag_set(o->diag, st, o->dir ? o->path : "<stdout>", 0,
                    "out of memory for a row of a table");
}

static enum sl_status
csv_begin(void *ctx, const char *name, const char *const *columns, size_t n)
{
    struct table_out *o = ctx;
    enum sl_status st = table_out_begin(o, name, columns, n);
    if (st != SL_OK)
        return st;
    if (!o->dir)
        st = strbuf_addf(&o->sb, "# table: %s\n", name);
    for (size_t i = 0; st == SL_OK && i < n; i++) {
        if (i > 0)
            st = strbuf_addch(&o->sb, ',');
        if (st == SL_OK)
            st = add_field(&o->sb, columns[i]);
    }
    if (st == SL_OK)
        st = strbuf_addch(&o->sb, '\n');
    return st == SL_OK ? table_out_flush(o) : nomem(o, st);
}

static enum sl_status
csv_row(void *ctx, const struct table_cell *cells, size_t n)
{
    struct table_out *o = ctx;
    enum sl_status st = SL_OK;
    for (size_t i = 0; st == SL_OK && i < n; i++) {
        if (i > 0)
            st = strbuf_addch(&o->sb, ',');
        if (st == SL_OK)
            st = add_cell(&o->sb, &cells[i], o->raw);
    }
    if (st == SL_OK)
        st = strbuf_addch(&o->sb, '\n');
    o->rows++;
    return st == SL_OK ? table_out_flush(o) : nomem(o, st);
}

static enum sl_status
csv_end(void *ctx)
{
    struct table_out *o = ctx;
    if (!o->dir) { /* an empty line ends the table on a shared stream */
        enum sl_status st = strbuf_addch(&o->sb, '\n');
        if (st != SL_OK)
            return nomem(o, st);
    }
    return table_out_end(o);
}

const struct table_sink tables_csv_sink = {csv_begin, csv_row, csv_end};
