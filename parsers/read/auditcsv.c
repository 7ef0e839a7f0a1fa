/* auditcsv.c — table-driven CSV reading for the audit-input formats. */
#include "parsers/read/auditcsv.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/audit/auditrec.h"
#include "engine/base/jsonw.h"
#include "engine/time/sltime.h"
#include "parsers/read/csvrows.h"

struct state {
    const struct auditcsv_format *fmt;
    int at[AUDITCSV_MAX_COLUMNS];
    int entity_at;
    struct strbuf fields, key;
};

static enum sl_status
read_header(struct csvrows *r)
{
    struct state *s = r->ctx;
    s->entity_at = csvfile_column(r->header, "entity");
    for (size_t i = 0; s->fmt->columns[i].name; i++) {
        s->at[i] = csvfile_column(r->header, s->fmt->columns[i].name);
        enum sl_status rc = SL_OK;
        if (s->fmt->columns[i].required)
            rc = csvrows_require(r, s->at[i], s->fmt->columns[i].name);
        if (rc)
            return rc;
    }
    return csvrows_require_entity(r, s->entity_at);
}

static bool
parse_flag(const char *text, bool *out)
{
    static const char *const yes[] = {"yes", "y", "true", "1", "x", NULL};
    static const char *const no[] = {"no", "n", "false", "0", "", NULL};
    for (size_t i = 0; yes[i]; i++)
        if (!strcasecmp(text, yes[i]))
            return *out = true, true;
    for (size_t i = 0; no[i]; i++)
        if (!strcasecmp(text, no[i]))
            return *out = false, true;
    return false;
}

static void
add_list(struct jsonw *w, const char *key, const char *text)
{
    jsonw_open(w, key, '[');
    const char *p = text;
    while (*p) {
        size_t n = strcspn(p, ";,");
        const char *b = p, *e = p + n;
        while (b < e && (*b == ' ' || *b == '\t'))
            b++;
        while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
            e--;
        if (e > b)
            jsonw_field_strn(w, NULL, b, (size_t)(e - b));
        p += n;
        if (*p)
            p++;
    }
    jsonw_close(w, ']');
}

/* Writes one column as a field of the open object; SL_ERR_INPUT (with
 * r->reason) when its value is bad. Write errors stay in w->status. */
static enum sl_status
add_value(struct csvrows *r, const struct csv_record *rec, const struct auditcsv_column *col,
          int at, struct jsonw *w)
{
    const char *text = csvfile_field(rec, at);
    if (col->required && !*text) {
        strbuf_reset(&r->reason);
        strbuf_addf(&r->reason, "empty %s", col->name);
        return SL_ERR_INPUT;
    }
    switch (col->type) {
    case ACOL_TEXT:
        if (!*text || !col->allowed) {
            jsonw_field_str(w, col->name, *text ? text : NULL);
            return SL_OK;
        }
        for (size_t i = 0; col->allowed[i]; i++) {
            if (!strcasecmp(text, col->allowed[i])) {
                jsonw_field_str(w, col->name, col->allowed[i]);
                return SL_OK;
            }
        }
        strbuf_reset(&r->reason);
        strbuf_addf(&r->reason, "unknown %s '%.40s'", col->name, text);
        return SL_ERR_INPUT;
    case ACOL_TIME: {
        int64_t t;
        if (csvrows_time(r, rec, at, col->name, &t))
            return SL_ERR_INPUT;
        if (t == SLTIME_NONE)
            jsonw_field_null(w, col->name);
        else
            jsonw_field_int(w, col->name, t);
        return SL_OK;
    }
    case ACOL_FLAG: {
        bool v;
        if (!parse_flag(text, &v)) {
            strbuf_reset(&r->reason);
            strbuf_addf(&r->reason, "bad %s '%.40s': expected yes or no", col->name, text);
            return SL_ERR_INPUT;
        }
        jsonw_field_bool(w, col->name, v);
        return SL_OK;
    }
    case ACOL_NUMBER: {
        if (!*text) {
            jsonw_field_null(w, col->name);
            return SL_OK;
        }
        char *end;
        errno = 0;
        double v = strtod(text, &end);
        if (errno || *end || !isfinite(v)) {
            strbuf_reset(&r->reason);
            strbuf_addf(&r->reason, "bad %s '%.40s': not a number", col->name, text);
            return SL_ERR_INPUT;
        }
        jsonw_field_num(w, col->name, v);
        return SL_OK;
    }
    case ACOL_LIST:
        add_list(w, col->name, text);
        return SL_OK;
    }
    return SL_OK;
}

static enum sl_status
read_row(struct csvrows *r, const struct csv_record *rec)
{
    struct state *s = r->ctx;
    const struct auditcsv_column *cols = s->fmt->columns;
    const char *entity = csvrows_entity(r, csvfile_field(rec, s->entity_at));
    if (!entity)
        return csvrows_reject(r, rec);
    strbuf_reset(&s->fields);
    strbuf_reset(&s->key);
    struct jsonw w;
    jsonw_begin(&w, &s->fields);
    jsonw_open(&w, NULL, '{');
    enum sl_status rc = SL_OK;
    for (size_t i = 0; !rc && !w.status && cols[i].name; i++)
        rc = add_value(r, rec, &cols[i], s->at[i], &w);
    if (rc)
        return csvrows_reject(r, rec);
    jsonw_close(&w, '}');
    if (w.status == SL_ERR_LIMIT) {
        /* Escaped as JSON, a record under the 1 MiB cap may grow past it. */
        strbuf_addstr(&r->reason, "the record is longer than 1 MiB written as JSON: too long to "
                                  "keep");
        return csvrows_reject(r, rec);
    }
    rc = w.status;
    for (size_t k = 0; !rc && s->fmt->key_columns[k]; k++) {
        const char *v = csvfile_field(rec, csvfile_column(r->header, s->fmt->key_columns[k]));
        if (k)
            rc = strbuf_addch(&s->key, '|');
        if (!rc)
            rc = strbuf_addstr(&s->key, v);
    }
    if (rc)
        return diag_set(r->ing->diag, rc, r->ing->path, rec->line, "%s", sl_strerror(rc));
    struct audit_record ar = {s->fmt->kind, entity, s->key.buf, s->fields.buf, rec->line, NULL};
    return auditrec_ingest(r->ing, &ar);
}

enum sl_status
auditcsv_parse(struct ingest *ing, FILE *f, const struct auditcsv_format *fmt)
{
    struct state s = {.fmt = fmt};
    strbuf_init(&s.fields, 1 << 20);
    strbuf_init(&s.key, 4096);
    enum sl_status rc = csvrows_read(ing, f, read_header, read_row, &s);
    strbuf_release(&s.fields);
    strbuf_release(&s.key);
    return rc;
}

int
auditcsv_sniff(const char *head, size_t len, const struct auditcsv_format *fmt, const char *marker)
{
    const char *names[AUDITCSV_MAX_COLUMNS + 2];
    size_t n = 0;
    for (size_t i = 0; fmt->columns[i].name; i++)
        if (fmt->columns[i].required)
            names[n++] = fmt->columns[i].name;
    names[n++] = marker;
    names[n] = NULL;
    return csvfile_header_matches(head, len, names) == (int)n ? 70 : 0;
}
