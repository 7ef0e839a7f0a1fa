/* void_csv.c — the Verica Open Incident Database (VOID) CSV: public incident
 * reports with ID, voidId, Title, Primary source, Date of incident (M/D/YYYY),
 * Date of writeup, Impact category (one or more, comma-separated within the
 * field), Name (from Organization), and in the full export Duration and
 * more. Each report is an incident of provider:<organization>; the report's
 * link is its postmortem. The dates are days, read at midnight in --tz. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/model/incident_times.h"
#include "engine/base/jsonw.h"
#include "engine/time/sltime.h"
#include "parsers/read/csvrows.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

enum col { C_ID, C_VOID_ID, C_TITLE, C_SOURCE, C_DATE, C_WRITEUP, C_IMPACT, C_ORG, C_COUNT };

static const char *const column_names[C_COUNT] = {
    "ID",
    "voidId",
    "Title",
    "Primary source",
    "Date of incident",
    "Date of writeup",
    "Impact category",
    "Name (from Organization)",
};

struct state {
    int at[C_COUNT];
    char entity[256];
};

static enum sl_status
read_header(struct csvrows *r)
{
    struct state *s = r->ctx;
    for (int i = 0; i < C_COUNT; i++)
        s->at[i] = csvfile_column(r->header, column_names[i]);
    if (s->at[C_ORG] < 0)
        s->at[C_ORG] = csvfile_column(r->header, "Organization");
    enum sl_status rc = csvrows_require(r, s->at[C_DATE], "Date of incident");
    if (!rc && s->at[C_VOID_ID] < 0)
        rc = csvrows_require(r, s->at[C_ID], "voidId");
    return rc;
}

/* "9/19/2019" → "2019-09-19"; an ISO date passes through. */
static bool
us_date(const char *text, char out[16])
{
    char *end;
    long m = strtol(text, &end, 10);
    if (*end != '/')
        return snprintf(out, 16, "%s", text) < 16;
    long d = strtol(end + 1, &end, 10);
    if (*end != '/')
        return false;
    long y = strtol(end + 1, &end, 10);
    if (*end || m < 1 || m > 12 || d < 1 || d > 31 || y < 1970 || y > 2200)
        return false;
    snprintf(out, 16, "%04ld-%02ld-%02ld", y, m, d);
    return true;
}

/* The worst severity among the comma-separated impact categories. */
static const char *
worst_severity(const char *impacts)
{
    const char *worst = NULL;
    char word[128];
    while (*impacts) {
        size_t n = strcspn(impacts, ",");
        snprintf(word, sizeof word, "%.*s", (int)(n < 127 ? n : 127), impacts);
        const char *sev = severity_normalise(word);
        if (sev && (!worst || severity_rank(sev) < severity_rank(worst)))
            worst = sev;
        impacts += n + (impacts[n] == ',');
    }
    return worst;
}

static enum sl_status
read_row(struct csvrows *r, const struct csv_record *rec)
{
    struct state *s = r->ctx;
    struct incident inc = {0};
    char date[16];
    inc.line = rec->line;
    inc.key = csvfile_field(rec, s->at[C_VOID_ID]);
    if (!*inc.key)
        inc.key = csvfile_field(rec, s->at[C_ID]);
    strbuf_reset(&r->reason);
    if (!*inc.key) {
        strbuf_addstr(&r->reason, "empty voidId and ID");
        return csvrows_reject(r, rec);
    }
    const char *org = csvfile_field(rec, s->at[C_ORG]);
    const char *entity = NULL;
    if (*org && !r->ing->entity) {
        jsonstream_provider(org, s->entity, sizeof s->entity);
        entity = s->entity;
    }
    if (!(inc.entity = csvrows_entity(r, entity)))
        return csvrows_reject(r, rec);
    const char *text = csvfile_field(rec, s->at[C_DATE]);
    const char *why = "";
    if (!*text) {
        strbuf_addstr(&r->reason, "empty Date of incident");
        return csvrows_reject(r, rec);
    }
    if (!us_date(text, date) ||
        ingest_time(r->ing, date, strlen(date), &inc.started, &why) != SL_OK) {
        strbuf_addf(&r->reason, "bad Date of incident '%.40s'%s%s", text, *why ? ": " : "", why);
        return csvrows_reject(r, rec);
    }
    inc.detected = inc.acknowledged = inc.mitigated = inc.resolved = SLTIME_NONE;
    inc.service = r->ing->service;
    inc.title = csvfile_field(rec, s->at[C_TITLE]);
    inc.postmortem = csvfile_field(rec, s->at[C_SOURCE]);
    inc.severity_label = csvfile_field(rec, s->at[C_IMPACT]);
    inc.severity = worst_severity(inc.severity_label);
    if (!*inc.title)
        inc.title = NULL;
    if (!*inc.postmortem)
        inc.postmortem = NULL;
    if (!*inc.severity_label)
        inc.severity_label = NULL;
    struct strbuf extra = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &extra);
    const char *writeup = csvfile_field(rec, s->at[C_WRITEUP]);
    if (*writeup && us_date(writeup, date)) {
        jsonw_open(&w, NULL, '{');
        jsonw_field_str(&w, "writeup_date", date);
        jsonw_close(&w, '}');
        inc.extra_json = extra.buf;
    }
    enum sl_status rc;
    if (w.status)
        rc = diag_set(r->ing->diag, w.status, r->ing->path, rec->line, "%s", sl_strerror(w.status));
    else
        rc = ingest_incident(r->ing, &inc);
    strbuf_release(&extra);
    return rc;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state s;
    memset(&s, 0, sizeof s);
    return csvrows_read(ing, f, read_header, read_row, &s);
}

static int
sniff(const char *head, size_t len)
{
    static const char *const names[] = {
        "voidId",          "Date of incident",         "Primary source",
        "Impact category", "Name (from Organization)", NULL};
    int n = csvfile_header_matches(head, len, names);
    return n >= 2 ? 25 * n : 0;
}

const struct parser parser_void_csv = {
    "void-csv",
    "Verica Open Incident Database (VOID) CSV: voidId, Title, Primary source, Date of "
    "incident (M/D/YYYY), Impact category, Name (from Organization)",
    "a CSV header with two or more of voidId, Date of incident, Primary source, Impact "
    "category, Name (from Organization)",
    sniff,
    parse,
};
