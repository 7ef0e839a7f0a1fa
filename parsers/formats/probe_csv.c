/* probe_csv.c — probe results: time, service, status, latency_ms, and
 * optionally entity. Probes are folded into status intervals on ingest. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/read/csvrows.h"
#include "parsers/formats/registry.h"

enum col { C_TIME, C_SERVICE, C_STATUS, C_ENTITY, C_LATENCY, C_COUNT };

static const char *const column_names[C_COUNT] = {"time", "service", "status", "entity",
                                                  "latency_ms"};

struct probe_csv {
    int at[C_COUNT];
    char word[16]; /* the status word last read, and what it means */
    size_t word_len;
    enum svc_status status;
};

/* Status words repeat on nearly every row: the last one is remembered. */
static bool
read_status(struct probe_csv *pc, const char *word, size_t len, enum svc_status *out)
{
    if (len == pc->word_len && len && !memcmp(word, pc->word, len)) {
        *out = pc->status;
        return true;
    }
    if (!svc_status_parse(word, out))
        return false;
    if (len < sizeof pc->word) {
        memcpy(pc->word, word, len);
        pc->word_len = len;
        pc->status = *out;
    }
    return true;
}

static enum sl_status
read_header(struct csvrows *r)
{
    int *at = ((struct probe_csv *)r->ctx)->at;
    for (int i = 0; i < C_COUNT; i++)
        at[i] = csvfile_column(r->header, column_names[i]);
    enum sl_status rc = csvrows_require(r, at[C_TIME], "time");
    if (!rc)
        rc = csvrows_require(r, at[C_STATUS], "status");
    if (!rc && !r->ing->service)
        rc = csvrows_require(r, at[C_SERVICE], "service");
    if (!rc)
        rc = csvrows_require_entity(r, at[C_ENTITY]);
    return rc;
}

static enum sl_status
read_row(struct csvrows *r, const struct csv_record *rec)
{
    struct probe_csv *pc = r->ctx;
    int *at = pc->at;
    const char *entity = csvrows_entity(r, csvfile_field(rec, at[C_ENTITY]));
    if (!entity)
        return csvrows_reject(r, rec);
    const char *service = csvfile_field(rec, at[C_SERVICE]);
    if (!*service && !(service = r->ing->service)) {
        strbuf_addstr(&r->reason, "empty service");
        return csvrows_reject(r, rec);
    }
    const char *word = csvfile_field(rec, at[C_STATUS]);
    enum svc_status status;
    size_t word_len = at[C_STATUS] < (int)rec->nfields ? rec->lengths[at[C_STATUS]] : 0;
    if (!read_status(pc, word, word_len, &status)) {
        strbuf_addf(&r->reason, "unknown status '%.40s'", word);
        return csvrows_reject(r, rec);
    }
    int64_t t;
    if (csvrows_time(r, rec, at[C_TIME], "probe", &t))
        return csvrows_reject(r, rec);
    if (t == INT64_MIN) {
        strbuf_addstr(&r->reason, "empty time");
        return csvrows_reject(r, rec);
    }
    /* A latency that is not a finite number of milliseconds >= 0 ("nan",
     * "-", 1e999) states none: the probe's status still stands. */
    double latency = NAN;
    const char *ms = csvfile_field(rec, at[C_LATENCY]);
    if (*ms) {
        char *end;
        latency = strtod(ms, &end);
        if (end == ms || *end || !isfinite(latency) || latency < 0)
            latency = NAN;
    }
    return ingest_probe_latency(r->ing, entity, service, t, status, latency, rec->line, rec->raw,
                                rec->raw_len);
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct probe_csv pc = {{0}, {0}, 0, SVC_UNKNOWN};
    return csvrows_read(ing, f, read_header, read_row, &pc);
}

static int
sniff(const char *head, size_t len)
{
    static const char *const must[] = {"time", "status", NULL};
    static const char *const some[] = {"service", "latency_ms", "entity", NULL};
    if (csvfile_header_matches(head, len, must) != 2)
        return 0;
    return 30 + 10 * csvfile_header_matches(head, len, some);
}

const struct parser parser_probe_csv = {
    "probe-csv",
    "probe results: time, service, status (up, degraded, partial, down, maintenance), "
    "latency_ms, optional entity; folded into status intervals, latency kept per probe",
    "a CSV header with time and status",
    sniff,
    parse,
};
