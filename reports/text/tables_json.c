/* tables_json.c — the report's tables as JSON: each table an array of row
 * objects keyed by column name; numbers in their shortest round-trip form, a
 * missing value null. In a directory, one array per file; on one stream, one
 * object of arrays (report_tables_write adds its braces). */
#include "engine/base/jsonw.h"
#include "reports/text/tables.h"

static enum sl_status
nomem(struct table_out *o, enum sl_status st)
{
    return diag_set(o->diag, st, o->dir ? o->path : "<stdout>", 0,
                    "out of memory for a row of a table");
}

static void
field_cell(struct jsonw *w, const char *key, const struct table_cell *c)
{
    switch (c->kind) {
    case TABLE_TEXT:
        jsonw_field_str(w, key, c->text);
        return;
    case TABLE_NUMBER:
        jsonw_field_num(w, key, c->number);
        return;
    case TABLE_INTEGER:
        jsonw_field_int(w, key, c->integer);
        return;
    case TABLE_BOOL:
        jsonw_field_bool(w, key, c->integer);
        return;
    case TABLE_NULL:
        break;
    }
    jsonw_field_null(w, key);
}

/* Every piece is flushed as soon as it is written, so the writer cannot see
 * the table or row before it: the comma that separates them is written here. */
static enum sl_status
json_begin(void *ctx, const char *name, const char *const *columns, size_t n)
{
    struct table_out *o = ctx;
    enum sl_status st = table_out_begin(o, name, columns, n);
    if (st != SL_OK)
        return st;
    if (!o->dir && o->tables > 1 && (st = strbuf_addch(&o->sb, ',')))
        return nomem(o, st);
    struct jsonw w;
    jsonw_begin(&w, &o->sb);
    jsonw_open(&w, o->dir ? NULL : name, '[');
    return w.status == SL_OK ? table_out_flush(o) : nomem(o, w.status);
}

static enum sl_status
json_row(void *ctx, const struct table_cell *cells, size_t n)
{
    struct table_out *o = ctx;
    enum sl_status st = strbuf_addstr(&o->sb, o->rows ? ",\n" : "\n");
    o->rows++;
    if (st != SL_OK)
        return nomem(o, st);
    struct jsonw w;
    jsonw_begin(&w, &o->sb);
    jsonw_open(&w, NULL, '{');
    for (size_t i = 0; i < n && i < o->ncolumns; i++)
        field_cell(&w, o->columns[i], &cells[i]);
    jsonw_close(&w, '}');
    return w.status == SL_OK ? table_out_flush(o) : nomem(o, w.status);
}

static enum sl_status
json_end(void *ctx)
{
    struct table_out *o = ctx;
    struct jsonw w;
    jsonw_begin(&w, &o->sb);
    jsonw_close(&w, ']');
    if (w.status == SL_OK && o->dir)
        w.status = strbuf_addch(&o->sb, '\n');
    if (w.status != SL_OK)
        return nomem(o, w.status);
    return table_out_end(o);
}

const struct table_sink tables_json_sink = {json_begin, json_row, json_end};
