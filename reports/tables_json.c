/* tables_json.c — the report's tables as JSON: each table an array of row
 * objects keyed by column name; numbers in their shortest round-trip form, a
 * missing value null. In a directory, one array per file; on one stream, one
 * object of arrays (report_tables_write adds its braces). */
#include "engine/jsonw.h"
#include "reports/tables.h"

static enum sl_status
nomem(struct table_out *o, enum sl_status st)
{
    return diag_set(o->diag, st, o->dir ? o->path : "<stdout>", 0,
                    "out of memory for a row of a table");
}

static enum sl_status
add_cell(struct strbuf *sb, const struct table_cell *c)
{
    switch (c->kind) {
    case TABLE_TEXT:
        return jsonw_str(sb, c->text);
    case TABLE_NUMBER:
        return jsonw_num(sb, c->number);
    case TABLE_INTEGER:
        return jsonw_int(sb, c->integer);
    case TABLE_BOOL:
        return strbuf_addstr(sb, c->integer ? "true" : "false");
    case TABLE_NULL:
        break;
    }
    return strbuf_addstr(sb, "null");
}

static enum sl_status
json_begin(void *ctx, const char *name, const char *const *columns, size_t n)
{
    struct table_out *o = ctx;
    enum sl_status st = table_out_begin(o, name, columns, n);
    if (st != SL_OK)
        return st;
    if (!o->dir) {
        if (o->tables > 1)
            st = strbuf_addch(&o->sb, ',');
        if (st == SL_OK)
            st = jsonw_key(&o->sb, name);
    }
    if (st == SL_OK)
        st = strbuf_addch(&o->sb, '[');
    return st == SL_OK ? table_out_flush(o) : nomem(o, st);
}

static enum sl_status
json_row(void *ctx, const struct table_cell *cells, size_t n)
{
    struct table_out *o = ctx;
    enum sl_status st = strbuf_addstr(&o->sb, o->rows ? ",\n{" : "\n{");
    for (size_t i = 0; st == SL_OK && i < n && i < o->ncolumns; i++) {
        if (i > 0)
            st = strbuf_addch(&o->sb, ',');
        if (st == SL_OK)
            st = jsonw_key(&o->sb, o->columns[i]);
        if (st == SL_OK)
            st = add_cell(&o->sb, &cells[i]);
    }
    if (st == SL_OK)
        st = strbuf_addch(&o->sb, '}');
    o->rows++;
    return st == SL_OK ? table_out_flush(o) : nomem(o, st);
}

static enum sl_status
json_end(void *ctx)
{
    struct table_out *o = ctx;
    enum sl_status st = strbuf_addstr(&o->sb, o->dir ? "]\n" : "]");
    if (st != SL_OK)
        return nomem(o, st);
    return table_out_end(o);
}

const struct table_sink tables_json_sink = {json_begin, json_row, json_end};
