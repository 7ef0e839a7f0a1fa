/* interval_csv.c — status intervals as CSV: service, start, end, status, and
 * optionally entity, id, units and unit_kind (gpu|node). Also reads downtime
 * window exports that name the columns downtime_start, downtime_end and give
 * a status page impact (none, minor, major, critical, maintenance) instead of
 * a status; a row with an id updates the interval a later export gives again.
 * Downtime windows are a status page's history: the span they cover is up
 * time for every service they name (history_span.h); plain intervals are
 * what they say and nothing more. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "parsers/read/csvrows.h"
#include "parsers/read/history_span.h"
#include "parsers/formats/registry.h"

enum col {
    C_SERVICE,
    C_START,
    C_END,
    C_STATUS,
    C_IMPACT,
    C_ENTITY,
    C_ID,
    C_SOURCE,
    C_UNITS,
    C_UNIT_KIND,
    C_COUNT
};

/* Each column with the names it goes by, first match wins. */
static const char *const column_names[C_COUNT][4] = {
    [C_SERVICE] = {"service", "component", NULL},
    [C_START] = {"start", "downtime_start", "started", "from"},
    [C_END] = {"end", "downtime_end", "ended", "to"},
    [C_STATUS] = {"status", NULL},
    [C_IMPACT] = {"impact", NULL},
    [C_ENTITY] = {"entity", NULL},
    [C_ID] = {"id", "incident_id", "key", NULL},
    [C_SOURCE] = {"source", NULL},
    [C_UNITS] = {"units", "gpus", "nodes", NULL},
    [C_UNIT_KIND] = {"unit_kind", NULL},
};

/* A status page's impact as the status of the affected component. */
static const struct {
    const char *impact;
    enum svc_status status;
} impacts[] = {
    {"critical", SVC_DOWN}, {"major", SVC_PARTIAL},           {"minor", SVC_DEGRADED},
    {"none", SVC_UP},       {"maintenance", SVC_MAINTENANCE}, {NULL, SVC_UNKNOWN},
};

struct state {
    int at[C_COUNT];
    char key[512];
    bool windows; /* downtime windows (an impact, no status): a history */
    struct history_span cov;
    char entity[256]; /* of the first window: the history's */
};

static enum sl_status
read_header(struct csvrows *r)
{
    struct state *s = r->ctx;
    for (int i = 0; i < C_COUNT; i++) {
        s->at[i] = -1;
        for (int j = 0; j < 4 && column_names[i][j] && s->at[i] < 0; j++)
            s->at[i] = csvfile_column(r->header, column_names[i][j]);
    }
    enum sl_status rc = csvrows_require(r, s->at[C_START], "start");
    if (!rc)
        rc = csvrows_require(r, s->at[C_END], "end");
    if (!rc && s->at[C_STATUS] < 0)
        rc = csvrows_require(r, s->at[C_IMPACT], "status");
    if (!rc)
        rc = csvrows_require_entity(r, s->at[C_ENTITY]);
    s->windows = s->at[C_STATUS] < 0;
    return rc;
}

static enum sl_status
read_row(struct csvrows *r, const struct csv_record *rec)
{
    struct state *s = r->ctx;
    struct interval iv = {0};
    iv.line = rec->line;
    if (!(iv.entity = csvrows_entity(r, csvfile_field(rec, s->at[C_ENTITY]))))
        return csvrows_reject(r, rec);
    iv.service = csvfile_field(rec, s->at[C_SERVICE]);
    if (!*iv.service && !(iv.service = r->ing->service)) {
        strbuf_addstr(&r->reason, "no service: add a service column or give --service");
        return csvrows_reject(r, rec);
    }
    const char *word = csvfile_field(rec, s->at[C_STATUS]);
    if (*word) {
        if (!svc_status_parse(word, &iv.status)) {
            strbuf_addf(&r->reason, "unknown status '%.40s'", word);
            return csvrows_reject(r, rec);
        }
    } else {
        word = csvfile_field(rec, s->at[C_IMPACT]);
        size_t i = 0;
        while (impacts[i].impact && strcasecmp(impacts[i].impact, word))
            i++;
        if (!impacts[i].impact) {
            strbuf_addf(&r->reason, "unknown impact '%.40s'", word);
            return csvrows_reject(r, rec);
        }
        iv.status = impacts[i].status;
    }
    if (csvrows_time(r, rec, s->at[C_START], "start", &iv.start) ||
        csvrows_time(r, rec, s->at[C_END], "end", &iv.end))
        return csvrows_reject(r, rec);
    if (iv.start == INT64_MIN || iv.end == INT64_MIN) {
        strbuf_addstr(&r->reason, "empty start or end");
        return csvrows_reject(r, rec);
    }
    if (iv.end <= iv.start) {
        strbuf_addstr(&r->reason, "end not after start");
        return csvrows_reject(r, rec);
    }
    const char *units = csvfile_field(rec, s->at[C_UNITS]);
    if (*units) {
        char *end;
        long n = strtol(units, &end, 10);
        const char *kind = csvfile_field(rec, s->at[C_UNIT_KIND]);
        if (*end || n < 1 || n > 10000000 || (strcmp(kind, "gpu") && strcmp(kind, "node"))) {
            strbuf_addf(&r->reason, "bad units '%.20s' %.20s: a count with unit_kind gpu or node",
                        units, kind);
            return csvrows_reject(r, rec);
        }
        iv.units = (int)n;
        iv.unit_kind = kind;
    }
    const char *id = csvfile_field(rec, s->at[C_ID]);
    if (*id) {
        snprintf(s->key, sizeof s->key, "%s/%s/%s", id, csvfile_field(rec, s->at[C_SOURCE]),
                 csvfile_field(rec, s->at[C_START]));
        iv.key = s->key;
    }
    enum sl_status rc = ingest_interval(r->ing, &iv);
    if (rc || !s->windows)
        return rc;
    if (!s->entity[0])
        snprintf(s->entity, sizeof s->entity, "%s", iv.entity);
    history_span_time(&s->cov, iv.start);
    history_span_time(&s->cov, iv.end);
    if ((rc = history_span_service(&s->cov, iv.service)))
        return diag_set(r->ing->diag, rc, r->ing->path, rec->line, "out of memory");
    return SL_OK;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state s;
    memset(&s, 0, sizeof s);
    history_span_init(&s.cov);
    enum sl_status rc = csvrows_read(ing, f, read_header, read_row, &s);
    if (!rc && s.windows)
        rc = history_span_emit(&s.cov, ing, s.entity[0] ? s.entity : ing->entity);
    history_span_release(&s.cov);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    static const char *const plain[] = {"start", "end", "status", NULL};
    static const char *const downtime[] = {"downtime_start", "downtime_end", "impact", NULL};
    static const char *const extra[] = {"service", "entity", "units", NULL};
    if (csvfile_header_matches(head, len, plain) == 3)
        return 40 + 10 * csvfile_header_matches(head, len, extra);
    if (csvfile_header_matches(head, len, downtime) == 3)
        return 60;
    return 0;
}

const struct parser parser_interval_csv = {
    "interval-csv",
    "status intervals: service, start, end, status, optional entity, id, units, unit_kind; "
    "or downtime windows (incident_id, downtime_start, downtime_end, impact)",
    "a CSV header with start, end and status, or downtime_start, downtime_end and impact",
    sniff,
    parse,
};
