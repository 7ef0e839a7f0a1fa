/* csvrows.c — the shared CSV ingest loop and typed field readers. */
#include "parsers/read/csvrows.h"

#include <stdlib.h>
#include <string.h>

enum sl_status
csvrows_reject(struct csvrows *r, const struct csv_record *rec)
{
    return ingest_reject(r->ing, rec->line, r->reason.buf, rec->raw, rec->raw_len);
}

enum sl_status
csvrows_read(struct ingest *ing, FILE *f, csvrows_header_fn header, csvrows_row_fn row, void *ctx)
{
    struct csvfile *c = NULL;
    struct csvrows r = {ing, NULL, STRBUF_INIT, ctx};
    struct csv_record head, rec;
    char **head_fields = NULL;
    enum sl_status rc = csvfile_open(f, &c);
    if (rc)
        return diag_set(ing->diag, rc, ing->path, 0, "out of memory");
    strbuf_init(&r.reason, 4096);

    enum csv_next next = csvfile_next(c, &head);
    if (next == CSV_FAIL) {
        rc = csvfile_fail_diag(c, ing->path, ing->diag);
        goto out;
    }
    if (next != CSV_RECORD) {
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, next == CSV_BAD ? head.line : 1, "%s",
                      next == CSV_END ? "empty file: no header row" : head.reason);
        goto out;
    }
    /* The header's fields live in the reader's buffers; keep a copy. */
    head_fields = calloc(head.nfields + 1, sizeof *head_fields);
    if (!head_fields) {
        rc = diag_set(ing->diag, SL_ERR_NOMEM, ing->path, 1, "out of memory");
        goto out;
    }
    for (size_t i = 0; i < head.nfields; i++)
        if (!(head_fields[i] = strdup(head.fields[i]))) {
            rc = diag_set(ing->diag, SL_ERR_NOMEM, ing->path, 1, "out of memory");
            goto out;
        }
    head.fields = head_fields;
    head.raw = NULL;
    head.raw_len = 0;
    r.header = &head;
    if ((rc = header(&r)))
        goto out;

    while ((next = csvfile_next(c, &rec)) != CSV_END) {
        if (next == CSV_FAIL) {
            rc = csvfile_fail_diag(c, ing->path, ing->diag);
            goto out;
        }
        strbuf_reset(&r.reason);
        if (next == CSV_BAD) {
            strbuf_addstr(&r.reason, rec.reason);
            rc = csvrows_reject(&r, &rec);
        } else if (rec.nfields == 1 && rec.lengths[0] == 0) {
            continue;
        } else {
            rc = row(&r, &rec);
        }
        if (rc)
            goto out;
    }
out:
    if (head_fields)
        for (size_t i = 0; i < head.nfields; i++)
            free(head_fields[i]);
    free(head_fields);
    strbuf_release(&r.reason);
    csvfile_free(c);
    return rc;
}

enum sl_status
csvrows_time(struct csvrows *r, const struct csv_record *rec, int col, const char *what,
             int64_t *out)
{
    const char *text = csvfile_field(rec, col);
    size_t len = col >= 0 && (size_t)col < rec->nfields ? rec->lengths[col] : 0;
    const char *why = "";
    if (ingest_time(r->ing, text, len, out, &why) == SL_OK)
        return SL_OK;
    strbuf_reset(&r->reason);
    strbuf_addf(&r->reason, "bad %s time '%.80s': %s", what, text, why);
    return SL_ERR_INPUT;
}

const char *
csvrows_entity(struct csvrows *r, const char *field)
{
    const char *e = field && *field ? field : r->ing->entity;
    strbuf_reset(&r->reason);
    if (!e) {
        strbuf_addstr(&r->reason, "no entity: add an entity column or give --entity");
        return NULL;
    }
    if ((strncmp(e, "provider:", 9) || !e[9]) && (strncmp(e, "team:", 5) || !e[5])) {
        strbuf_addf(&r->reason, "entity '%.80s' is not provider:NAME or team:NAME", e);
        return NULL;
    }
    return e;
}

enum sl_status
csvrows_require_entity(struct csvrows *r, int col)
{
    if (col >= 0 || r->ing->entity)
        return SL_OK;
    return diag_set(r->ing->diag, SL_ERR_INPUT, r->ing->path, 1,
                    "no entity: the header has no 'entity' column; give --entity provider:NAME "
                    "or team:NAME");
}

enum sl_status
csvrows_require(struct csvrows *r, int col, const char *name)
{
    if (col >= 0)
        return SL_OK;
    return diag_set(r->ing->diag, SL_ERR_INPUT, r->ing->path, 1, "the header has no '%s' column",
                    name);
}
