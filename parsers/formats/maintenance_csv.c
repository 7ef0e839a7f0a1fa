/* maintenance_csv.c — maintenance windows: service, start, end, announced,
 * and optionally id and entity. An empty announced means never announced. */
#include <string.h>

#include "engine/time/sltime.h"
#include "parsers/read/csvrows.h"
#include "parsers/formats/registry.h"

enum col { C_ID, C_ENTITY, C_SERVICE, C_START, C_END, C_ANNOUNCED, C_COUNT };

static const char *const column_names[C_COUNT] = {"id",    "entity", "service",
                                                  "start", "end",    "announced"};

static enum sl_status
read_header(struct csvrows *r)
{
    int *at = r->ctx;
    for (int i = 0; i < C_COUNT; i++)
        at[i] = csvfile_column(r->header, column_names[i]);
    enum sl_status rc = csvrows_require(r, at[C_START], "start");
    if (!rc)
        rc = csvrows_require(r, at[C_END], "end");
    if (!rc)
        rc = csvrows_require(r, at[C_ANNOUNCED], "announced");
    if (!rc && !r->ing->service)
        rc = csvrows_require(r, at[C_SERVICE], "service");
    if (!rc)
        rc = csvrows_require_entity(r, at[C_ENTITY]);
    return rc;
}

static enum sl_status
read_row(struct csvrows *r, const struct csv_record *rec)
{
    int *at = r->ctx;
    struct maintenance m = {0};
    m.line = rec->line;
    if (!(m.entity = csvrows_entity(r, csvfile_field(rec, at[C_ENTITY]))))
        return csvrows_reject(r, rec);
    m.service = csvfile_field(rec, at[C_SERVICE]);
    if (!*m.service && !(m.service = r->ing->service)) {
        strbuf_addstr(&r->reason, "empty service");
        return csvrows_reject(r, rec);
    }
    m.key = *csvfile_field(rec, at[C_ID]) ? csvfile_field(rec, at[C_ID]) : NULL;
    if (csvrows_time(r, rec, at[C_START], "start", &m.start) ||
        csvrows_time(r, rec, at[C_END], "end", &m.end) ||
        csvrows_time(r, rec, at[C_ANNOUNCED], "announced", &m.announced))
        return csvrows_reject(r, rec);
    if (m.start == SLTIME_NONE || m.end == SLTIME_NONE) {
        strbuf_addstr(&r->reason, "a maintenance window needs a start and an end");
        return csvrows_reject(r, rec);
    }
    if (m.end <= m.start) {
        strbuf_addstr(&r->reason, "end is not after start");
        return csvrows_reject(r, rec);
    }
    return ingest_maintenance(r->ing, &m);
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    int at[C_COUNT];
    return csvrows_read(ing, f, read_header, read_row, at);
}

static int
sniff(const char *head, size_t len)
{
    static const char *const names[] = {"start", "end", "announced", NULL};
    return csvfile_header_matches(head, len, names) == 3 ? 50 : 0;
}

const struct parser parser_maintenance_csv = {
    "maintenance-csv",
    "maintenance windows: service, start, end, announced (empty: never), optional id, entity",
    "a CSV header with start, end and announced",
    sniff,
    parse,
};
