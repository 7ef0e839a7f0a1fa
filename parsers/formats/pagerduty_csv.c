/* pagerduty_csv.c — PagerDuty's incident export and Analytics raw-incident
 * columns (id, incident_number, description, status, urgency, priority_name,
 * service_name, team_name, created_at, resolved_at, seconds_to_first_ack,
 * seconds_to_resolve, ...). PagerDuty's one creation time is when the alert
 * triggered: it is the detected time; started stays unknown and falls back to
 * it for TTA, TTM and TTR, so no TTD is claimed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/model/incident_times.h"
#include "engine/time/sltime.h"
#include "parsers/read/csvrows.h"
#include "parsers/formats/registry.h"

enum col {
    C_ID,
    C_NUMBER,
    C_TITLE,
    C_DESCRIPTION,
    C_STATUS,
    C_URGENCY,
    C_PRIORITY,
    C_SERVICE,
    C_TEAM,
    C_CREATED,
    C_ACKNOWLEDGED,
    C_RESOLVED,
    C_TO_ACK,
    C_TO_RESOLVE,
    C_COUNT
};

static const char *const column_names[C_COUNT] = {
    "id",
    "incident_number",
    "title",
    "description",
    "status",
    "urgency",
    "priority_name",
    "service_name",
    "team_name",
    "created_at",
    "acknowledged_at",
    "resolved_at",
    "seconds_to_first_ack",
    "seconds_to_resolve",
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
    enum sl_status rc = csvrows_require(r, s->at[C_CREATED], "created_at");
    if (!rc && s->at[C_ID] < 0 && s->at[C_NUMBER] < 0)
        rc = csvrows_require(r, -1, "id");
    return rc;
}

/* A time given as seconds after created_at, in column `which` (a C_*, not
 * the file's column index: column_names is indexed by C_*). */
static enum sl_status
seconds_after(struct csvrows *r, const struct csv_record *rec, enum col col, int64_t created,
              int64_t *out)
{
    const struct state *s = r->ctx;
    const char *text = csvfile_field(rec, s->at[col]);
    if (!*text)
        return SL_OK;
    /* Whole or decimal seconds, digits only: no signs, exponents, hex or nan. */
    int64_t v = 0;
    const char *p = text;
    for (; *p >= '0' && *p <= '9' && v < 10000000000; p++)
        v = v * 10 + (*p - '0');
    if (*p == '.')
        for (p++; *p >= '0' && *p <= '9'; p++)
            ;
    if (*p || p == text || v >= 10000000000) {
        strbuf_addf(&r->reason, "bad %s '%.40s'", column_names[col], text);
        return SL_ERR_INPUT;
    }
    *out = created + v;
    return SL_OK;
}

static const char *
non_empty(const char *v)
{
    return *v ? v : NULL;
}

static enum sl_status
read_row(struct csvrows *r, const struct csv_record *rec)
{
    struct state *s = r->ctx;
    struct incident inc = {0};
    inc.line = rec->line;
    inc.key = non_empty(csvfile_field(rec, s->at[C_ID]));
    if (!inc.key)
        inc.key = non_empty(csvfile_field(rec, s->at[C_NUMBER]));
    if (!inc.key) {
        strbuf_addstr(&r->reason, "empty id and incident_number");
        return csvrows_reject(r, rec);
    }
    const char *team = csvfile_field(rec, s->at[C_TEAM]);
    const char *entity = NULL;
    if (!r->ing->entity && *team) {
        snprintf(s->entity, sizeof s->entity, "team:%s", team);
        entity = s->entity;
    }
    if (!(inc.entity = csvrows_entity(r, entity)))
        return csvrows_reject(r, rec);
    inc.service = non_empty(csvfile_field(rec, s->at[C_SERVICE]));
    if (!inc.service)
        inc.service = r->ing->service;
    inc.severity_label = non_empty(csvfile_field(rec, s->at[C_PRIORITY]));
    if (!inc.severity_label)
        inc.severity_label = non_empty(csvfile_field(rec, s->at[C_URGENCY]));
    inc.severity = severity_normalise(inc.severity_label);
    inc.title = non_empty(csvfile_field(rec, s->at[C_TITLE]));
    if (!inc.title)
        inc.title = non_empty(csvfile_field(rec, s->at[C_DESCRIPTION]));
    inc.state = non_empty(csvfile_field(rec, s->at[C_STATUS]));
    inc.mitigated = SLTIME_NONE;
    inc.started = SLTIME_NONE;
    if (csvrows_time(r, rec, s->at[C_CREATED], "created_at", &inc.detected) ||
        csvrows_time(r, rec, s->at[C_ACKNOWLEDGED], "acknowledged_at", &inc.acknowledged) ||
        csvrows_time(r, rec, s->at[C_RESOLVED], "resolved_at", &inc.resolved))
        return csvrows_reject(r, rec);
    if (inc.detected != SLTIME_NONE &&
        ((inc.acknowledged == SLTIME_NONE &&
          seconds_after(r, rec, C_TO_ACK, inc.detected, &inc.acknowledged)) ||
         (inc.resolved == SLTIME_NONE &&
          seconds_after(r, rec, C_TO_RESOLVE, inc.detected, &inc.resolved))))
        return csvrows_reject(r, rec);
    const char *problem = incident_times_problem(&inc);
    if (problem) {
        strbuf_addstr(&r->reason, problem);
        return csvrows_reject(r, rec);
    }
    return ingest_incident(r->ing, &inc);
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state s;
    return csvrows_read(ing, f, read_header, read_row, &s);
}

static int
sniff(const char *head, size_t len)
{
    static const char *const names[] = {"incident_number", "created_at",         "urgency",
                                        "service_name",    "seconds_to_resolve", NULL};
    int n = csvfile_header_matches(head, len, names);
    return n >= 2 ? 20 * n : 0;
}

const struct parser parser_pagerduty_csv = {
    "pagerduty-csv",
    "PagerDuty incident export / Analytics raw incidents: id, incident_number, description, "
    "status, urgency, priority_name, service_name, team_name, created_at, resolved_at, "
    "seconds_to_first_ack, seconds_to_resolve",
    "a CSV header with two or more of incident_number, created_at, urgency, service_name, "
    "seconds_to_resolve",
    sniff,
    parse,
};
