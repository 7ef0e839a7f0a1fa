/* incident_csv.c — the generic incident CSV: id, entity, service, severity,
 * title, started, detected, acknowledged, mitigated, resolved, postmortem
 * (and optionally state); columns it does not know are kept as JSON. */
#include <string.h>

#include "engine/model/incident_times.h"
#include "engine/base/jsonw.h"
#include "engine/time/sltime.h"
#include "parsers/read/csvrows.h"
#include "parsers/formats/registry.h"

enum col {
    C_ID,
    C_ENTITY,
    C_SERVICE,
    C_SEVERITY,
    C_TITLE,
    C_STATE,
    C_POSTMORTEM,
    C_STARTED,
    C_DETECTED,
    C_ACKNOWLEDGED,
    C_MITIGATED,
    C_RESOLVED,
    C_COUNT
};

static const char *const column_names[C_COUNT + 1] = {
    "id",      "entity",   "service",      "severity",  "title",    "state", "postmortem",
    "started", "detected", "acknowledged", "mitigated", "resolved", NULL,
};

struct columns {
    int at[C_COUNT];
    struct strbuf extra;
};

static enum sl_status
read_header(struct csvrows *r)
{
    struct columns *c = r->ctx;
    for (int i = 0; i < C_COUNT; i++)
        c->at[i] = csvfile_column(r->header, column_names[i]);
    enum sl_status rc = csvrows_require(r, c->at[C_ID], "id");
    if (!rc && c->at[C_STARTED] < 0 && c->at[C_DETECTED] < 0)
        rc = csvrows_require(r, -1, "started");
    if (!rc)
        rc = csvrows_require_entity(r, c->at[C_ENTITY]);
    return rc;
}

static bool
is_known_column(const struct columns *c, size_t i)
{
    for (int k = 0; k < C_COUNT; k++)
        if (c->at[k] == (int)i)
            return true;
    return false;
}

/* Unknown columns, kept so that nothing the export said is lost: *out is a
 * JSON object of the non-empty ones, or NULL when there are none. */
static enum sl_status
extra_json(struct csvrows *r, const struct csv_record *rec, const char **out)
{
    struct columns *c = r->ctx;
    struct jsonw w;
    bool any = false;
    strbuf_reset(&c->extra);
    jsonw_begin(&w, &c->extra);
    jsonw_open(&w, NULL, '{');
    for (size_t i = 0; i < r->header->nfields && i < rec->nfields; i++) {
        if (is_known_column(c, i) || rec->lengths[i] == 0)
            continue;
        jsonw_field_strn(&w, r->header->fields[i], rec->fields[i], rec->lengths[i]);
        any = true;
    }
    jsonw_close(&w, '}');
    *out = any && w.status == SL_OK ? c->extra.buf : NULL;
    return w.status;
}

static const char *
optional(const struct csv_record *rec, int col)
{
    const char *v = csvfile_field(rec, col);
    return *v ? v : NULL;
}

static enum sl_status
read_row(struct csvrows *r, const struct csv_record *rec)
{
    struct columns *c = r->ctx;
    struct incident inc = {0};
    inc.line = rec->line;
    inc.key = csvfile_field(rec, c->at[C_ID]);
    if (!*inc.key) {
        strbuf_addstr(&r->reason, "empty id");
        return csvrows_reject(r, rec);
    }
    if (!(inc.entity = csvrows_entity(r, csvfile_field(rec, c->at[C_ENTITY]))))
        return csvrows_reject(r, rec);
    inc.service = optional(rec, c->at[C_SERVICE]);
    if (!inc.service)
        inc.service = r->ing->service;
    inc.severity_label = optional(rec, c->at[C_SEVERITY]);
    inc.severity = severity_normalise(inc.severity_label);
    inc.title = optional(rec, c->at[C_TITLE]);
    inc.state = optional(rec, c->at[C_STATE]);
    inc.postmortem = optional(rec, c->at[C_POSTMORTEM]);
    if (csvrows_time(r, rec, c->at[C_STARTED], "started", &inc.started) ||
        csvrows_time(r, rec, c->at[C_DETECTED], "detected", &inc.detected) ||
        csvrows_time(r, rec, c->at[C_ACKNOWLEDGED], "acknowledged", &inc.acknowledged) ||
        csvrows_time(r, rec, c->at[C_MITIGATED], "mitigated", &inc.mitigated) ||
        csvrows_time(r, rec, c->at[C_RESOLVED], "resolved", &inc.resolved))
        return csvrows_reject(r, rec);
    const char *problem = incident_times_problem(&inc);
    if (problem) {
        strbuf_addstr(&r->reason, problem);
        return csvrows_reject(r, rec);
    }
    enum sl_status rc = extra_json(r, rec, &inc.extra_json);
    if (rc == SL_ERR_LIMIT) {
        /* Escaped as JSON, a record under the 1 MiB cap may grow past it. */
        strbuf_addstr(&r->reason, "the columns slaudit does not read are longer than 1 MiB "
                                  "written as JSON: too long to keep");
        return csvrows_reject(r, rec);
    }
    if (rc)
        return diag_set(r->ing->diag, rc, r->ing->path, rec->line, "out of memory");
    return ingest_incident(r->ing, &inc);
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct columns c;
    strbuf_init(&c.extra, 1 << 20);
    enum sl_status rc = csvrows_read(ing, f, read_header, read_row, &c);
    strbuf_release(&c.extra);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    static const char *const must[] = {"id", NULL};
    static const char *const some[] = {"started",  "detected", "resolved",
                                       "severity", "title",    NULL};
    static const char *const pagerduty[] = {"incident_number", "created_at", NULL};
    if (csvfile_header_matches(head, len, must) != 1 ||
        csvfile_header_matches(head, len, pagerduty) > 0)
        return 0;
    int n = csvfile_header_matches(head, len, some);
    return n >= 2 ? 10 * n : 0;
}

const struct parser parser_incident_csv = {
    "incident-csv",
    "incidents: id, entity, service, severity, title, started, detected, acknowledged, "
    "mitigated, resolved, postmortem (others kept)",
    "a CSV header with id and at least two of started, detected, resolved, severity, title",
    sniff,
    parse,
};
