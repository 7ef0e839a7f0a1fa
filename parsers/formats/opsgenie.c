/* opsgenie.c — Opsgenie alert and incident exports, as JSON (the Alert API
 * v2 `GET /v2/alerts` and Incident API `GET /v1/incidents` responses: data[]
 * or a bare array) or CSV (the same names as columns). Fields: id, tinyId,
 * message, priority P1–P5, status, createdAt, acknowledged, report.ackTime /
 * report.closeTime (milliseconds after createdAt), closedAt, updatedAt,
 * owner team, tags, impactStartDate / impactEndDate. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/model/incident_times.h"
#include "engine/base/jsonw.h"
#include "engine/time/sltime.h"
#include "parsers/read/csvrows.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

enum field {
    F_ID,
    F_TINY,
    F_MESSAGE,
    F_STATUS,
    F_PRIORITY,
    F_CREATED,
    F_UPDATED,
    F_ACKED_AT,
    F_ACK_MS,
    F_CLOSED_AT,
    F_CLOSE_MS,
    F_TEAM,
    F_TAGS,
    F_ACKNOWLEDGED,
    F_IMPACT_START,
    F_IMPACT_END,
    F_SERVICE,
    F_COUNT
};

/* The names a field goes by, '|'-separated: the JSON member first, then the
 * column titles an export may use (matched without regard to case). */
static const char *const field_names[F_COUNT] = {
    [F_ID] = "id|alertId|alert id|incidentId|incident id",
    [F_TINY] = "tinyId|tiny id|tiny_id",
    [F_MESSAGE] = "message",
    [F_STATUS] = "status",
    [F_PRIORITY] = "priority",
    [F_CREATED] = "createdAt|created at|created_at",
    [F_UPDATED] = "updatedAt|updated at|updated_at",
    [F_ACKED_AT] = "acknowledgedAt|acknowledged at|acknowledged_at|ackedAt",
    [F_ACK_MS] = "ackTime|ack time|ack_time",
    [F_CLOSED_AT] = "closedAt|closed at|closed_at|resolvedAt|resolved at",
    [F_CLOSE_MS] = "closeTime|close time|close_time",
    [F_TEAM] = "ownerTeam|owner team|owner_team|teams|team",
    [F_TAGS] = "tags",
    [F_ACKNOWLEDGED] = "acknowledged",
    [F_IMPACT_START] = "impactStartDate|impact start date|impact_start_date",
    [F_IMPACT_END] = "impactEndDate|impact end date|impact_end_date",
    [F_SERVICE] = "impactedServices|impacted services|service",
};

#define VALUE_MAX 1024

struct state {
    struct ingest *ing;
    int at[F_COUNT]; /* CSV: the column of each field, or -1 */
    char buf[F_COUNT][VALUE_MAX];
    char entity[256];
    char why[400];
};

/* The field's values of one record; NULL = absent. */
struct values {
    const char *v[F_COUNT];
};

/* Calls fn with each name of field f until it returns true. */
static int
each_name(enum field f, int (*fn)(void *ctx, const char *name), void *ctx)
{
    char name[64];
    const char *p = field_names[f];
    while (*p) {
        size_t len = strcspn(p, "|");
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        int r = fn(ctx, name);
        if (r >= 0)
            return r;
        p += len + (p[len] == '|');
    }
    return -1;
}

/* A millisecond count after created, as from Opsgenie's report object. */
static enum sl_status
after_ms(struct state *s, const char *text, const char *what, int64_t created, int64_t *out)
{
    if (!text || created == SLTIME_NONE)
        return SL_OK;
    char *end;
    double ms = strtod(text, &end);
    if (end == text || *end || !(ms >= 0 && ms < 1e13)) {
        snprintf(s->why, sizeof s->why, "bad %s '%.40s'", what, text);
        return SL_ERR_INPUT;
    }
    if (!sltime_add_seconds(created, ms / 1000, out)) {
        snprintf(s->why, sizeof s->why, "bad %s '%.40s': " SLTIME_RANGE_WHY, what, text);
        return SL_ERR_INPUT;
    }
    return SL_OK;
}

static enum sl_status
read_time(struct state *s, const char *text, const char *what, int64_t *out)
{
    const char *why = "";
    *out = SLTIME_NONE;
    if (!text)
        return SL_OK;
    /* The JSON responses give epoch milliseconds in some places. */
    char num[32];
    size_t digits = strspn(text, "0123456789");
    if (digits >= 12 && !text[digits]) {
        snprintf(num, sizeof num, "%.*s", (int)(digits - 3), text);
        text = num;
    }
    if (ingest_time(s->ing, text, strlen(text), out, &why) == SL_OK)
        return SL_OK;
    snprintf(s->why, sizeof s->why, "bad %s time '%.60s': %s", what, text, why);
    return SL_ERR_INPUT;
}

static bool
is_closed(const char *status)
{
    return status && (!strcasecmp(status, "closed") || !strcasecmp(status, "resolved"));
}

/* Stores one alert or incident from its field values. */
static enum sl_status
emit(struct state *s, const struct values *val, long line, const char *raw, size_t raw_len)
{
    const char *const *v = val->v;
    struct incident inc = {
        .line = line,
        .key = v[F_ID] ? v[F_ID] : v[F_TINY],
        .title = v[F_MESSAGE],
        .state = v[F_STATUS],
        .severity_label = v[F_PRIORITY],
        .service = v[F_SERVICE] ? v[F_SERVICE] : s->ing->service,
        .entity = s->ing->entity,
    };
    if (!inc.key)
        return ingest_reject(s->ing, line, "no id or tinyId", raw, raw_len);
    inc.severity = severity_normalise(inc.severity_label);
    if (!inc.entity && v[F_TEAM]) {
        snprintf(s->entity, sizeof s->entity, "team:%s", v[F_TEAM]);
        inc.entity = s->entity;
    }
    if (!inc.entity)
        return ingest_reject(s->ing, line,
                             "no entity: the record names no owner team; give "
                             "--entity",
                             raw, raw_len);
    int64_t updated;
    if (read_time(s, v[F_CREATED], "createdAt", &inc.detected) ||
        read_time(s, v[F_IMPACT_START], "impactStartDate", &inc.started) ||
        read_time(s, v[F_IMPACT_END], "impactEndDate", &inc.mitigated) ||
        read_time(s, v[F_ACKED_AT], "acknowledgedAt", &inc.acknowledged) ||
        read_time(s, v[F_CLOSED_AT], "closedAt", &inc.resolved) ||
        read_time(s, v[F_UPDATED], "updatedAt", &updated))
        return ingest_reject(s->ing, line, s->why, raw, raw_len);
    if (inc.detected == SLTIME_NONE)
        return ingest_reject(s->ing, line, "no createdAt", raw, raw_len);
    if ((inc.acknowledged == SLTIME_NONE &&
         after_ms(s, v[F_ACK_MS], "ackTime", inc.detected, &inc.acknowledged)) ||
        (inc.resolved == SLTIME_NONE &&
         after_ms(s, v[F_CLOSE_MS], "closeTime", inc.detected, &inc.resolved)))
        return ingest_reject(s->ing, line, s->why, raw, raw_len);
    /* A closed record with no close time was closed by its last update. */
    if (inc.resolved == SLTIME_NONE && is_closed(inc.state))
        inc.resolved = updated;
    if (inc.started != SLTIME_NONE && inc.started > inc.detected)
        inc.started = SLTIME_NONE; /* impact noted after the alert: not a start */
    const char *problem = incident_times_problem(&inc);
    if (problem)
        return ingest_reject(s->ing, line, problem, raw, raw_len);
    struct strbuf extra = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &extra);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "tiny_id", v[F_TINY]);
    jsonw_field_str(&w, "tags", v[F_TAGS]);
    jsonw_field_str(&w, "acknowledged", v[F_ACKNOWLEDGED]);
    jsonw_close(&w, '}');
    inc.extra_json = extra.buf;
    enum sl_status rc;
    if (w.status)
        rc = diag_set(s->ing->diag, w.status, s->ing->path, line, "%s", sl_strerror(w.status));
    else
        rc = ingest_incident(s->ing, &inc);
    strbuf_release(&extra);
    return rc;
}

/* --- CSV --------------------------------------------------------------- */

struct header_ref {
    const struct csv_record *header;
};

static int
find_column(void *ctx, const char *name)
{
    const struct header_ref *h = ctx;
    return csvfile_column(h->header, name);
}

static enum sl_status
csv_header(struct csvrows *r)
{
    struct state *s = r->ctx;
    struct header_ref h = {r->header};
    for (int f = 0; f < F_COUNT; f++)
        s->at[f] = each_name((enum field)f, find_column, &h);
    enum sl_status rc = csvrows_require(r, s->at[F_CREATED], "createdAt");
    if (!rc && s->at[F_ID] < 0 && s->at[F_TINY] < 0)
        rc = csvrows_require(r, -1, "tinyId");
    return rc;
}

static enum sl_status
csv_row(struct csvrows *r, const struct csv_record *rec)
{
    struct state *s = r->ctx;
    struct values val;
    for (int f = 0; f < F_COUNT; f++) {
        const char *t = csvfile_field(rec, s->at[f]);
        val.v[f] = *t ? t : NULL;
    }
    return emit(s, &val, rec->line, rec->raw, rec->raw_len);
}

/* --- JSON -------------------------------------------------------------- */

struct lookup {
    const struct json_node *n;
    const struct json_node *found;
};

static int
find_member(void *ctx, const char *name)
{
    struct lookup *l = ctx;
    const struct json_node *v = jsondoc_get(l->n, name);
    if (!v || jsondoc_kind(v) == JNODE_NULL)
        return -1;
    l->found = v;
    return 1;
}

/* The text of a node: a string, a number, true/false, the first element's
 * name or id for an array of objects (teams), an array of strings joined by
 * commas (tags). */
static const char *
node_text(const struct json_node *n, char *buf, size_t len)
{
    double d;
    bool b;
    const char *str = jsondoc_string(n);
    if (str)
        return *str ? str : NULL;
    if (jsondoc_number(n, &d)) {
        snprintf(buf, len, "%.0f", d);
        return buf;
    }
    if (jsondoc_bool(n, &b))
        return b ? "true" : "false";
    if (jsondoc_kind(n) == JNODE_OBJECT) {
        const char *name = jsonstream_str(n, "name");
        return name ? name : jsonstream_str(n, "id");
    }
    if (jsondoc_kind(n) != JNODE_ARRAY || !jsondoc_size(n))
        return NULL;
    if (jsondoc_kind(jsondoc_at(n, 0)) == JNODE_OBJECT)
        return node_text(jsondoc_at(n, 0), buf, len);
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < jsondoc_size(n) && used + 1 < len; i++) {
        const char *item = jsondoc_string(jsondoc_at(n, i));
        if (item)
            used += (size_t)snprintf(buf + used, len - used, "%s%s", used ? "," : "", item);
    }
    return *buf ? buf : NULL;
}

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct state *s = ctx;
    if (rec->is_member) /* took, requestId, paging */
        return SL_OK;
    if (rec->key && strcmp(rec->key, "data"))
        return SL_OK; /* another list of the response, not alerts */
    if (jsondoc_kind(rec->node) != JNODE_OBJECT)
        return jsonstream_reject(s->ing, rec, "not an alert or incident object");
    struct values val;
    const struct json_node *report = jsondoc_get(rec->node, "report");
    for (int f = 0; f < F_COUNT; f++) {
        struct lookup l = {.n = rec->node};
        if ((f == F_ACK_MS || f == F_CLOSE_MS) && report)
            l.n = report;
        val.v[f] = each_name((enum field)f, find_member, &l) > 0
                       ? node_text(l.found, s->buf[f], VALUE_MAX)
                       : NULL;
    }
    return emit(s, &val, rec->line, rec->raw, rec->raw_len);
}

/* The first non-blank byte of the file, leaving the stream at its start;
 * 0 when the stream cannot be peeked at (a pipe): then CSV is assumed
 * unless the very first byte opens JSON. */
static int
first_byte(FILE *f)
{
    long at = ftell(f);
    int c = getc(f);
    if (at < 0) {
        if (c != EOF)
            ungetc(c, f);
        return c;
    }
    if (c == 0xEF && getc(f) == 0xBB && getc(f) == 0xBF)
        c = getc(f);
    while (c == ' ' || c == '\t' || c == '\r' || c == '\n')
        c = getc(f);
    if (fseek(f, at, SEEK_SET))
        return 0;
    return c;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state *s = calloc(1, sizeof *s);
    if (!s)
        return diag_set(ing->diag, SL_ERR_NOMEM, ing->path, 0, "out of memory");
    s->ing = ing;
    int c = first_byte(f);
    enum sl_status rc = c == '{' || c == '[' ? jsonstream_read(ing, f, on_record, s)
                                             : csvrows_read(ing, f, csv_header, csv_row, s);
    free(s);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    char first = jsonstream_head_first(head, len);
    if (first == '{' || first == '[') {
        if (!jsonstream_head_has(head, len, "\"tinyId\""))
            return 0;
        return jsonstream_head_has(head, len, "\"createdAt\"") ? 70 : 0;
    }
    static const char *const tiny[] = {"tinyId", "tiny id", "tiny_id", NULL};
    static const char *const others[] = {"message",      "priority",   "createdAt", "created at",
                                         "acknowledged", "owner team", "ownerTeam", "closedAt",
                                         "closed at",    "status",     NULL};
    if (csvfile_header_matches(head, len, tiny) < 1)
        return 0;
    int n = csvfile_header_matches(head, len, others);
    return n >= 3 ? 60 + n : 0;
}

const struct parser parser_opsgenie = {
    "opsgenie",
    "Opsgenie alerts and incidents, JSON (data[] of the Alert API v2 / Incident API v1) or CSV: "
    "id, tinyId, message, status, priority P1-P5, createdAt, acknowledgedAt or report.ackTime, "
    "closedAt or report.closeTime, updatedAt, owner team, tags, impactStartDate, impactEndDate",
    "JSON with tinyId and createdAt, or a CSV header with tinyId and three or more of message, "
    "priority, createdAt, acknowledged, owner team, closedAt, status",
    sniff,
    parse,
};
