/* pagerduty_json.c — PagerDuty's REST `GET /incidents` response (incidents[],
 * or one incident as `GET /incidents/{id}` gives it: {"incident": {...}}
 * with created_at, status, last_status_change_at, urgency, priority.summary,
 * service.summary, teams[], acknowledgements[]) and the Analytics
 * `POST /analytics/raw/incidents` response (data[] with created_at,
 * resolved_at, seconds_to_first_ack, seconds_to_resolve, priority_name,
 * service_name, team_name; its naive timestamps in the response's time_zone,
 * whatever --tz says). As in pagerduty_csv.c, created_at is when
 * PagerDuty was told: the detected time; started stays unknown.
 *
 * It also reads v3 webhook event payloads ({"event": {id, event_type,
 * resource_type, occurred_at, data: the incident}}), one a line, in an array
 * or one alone. The events of an incident (data.id) fold into one record,
 * applied by occurred_at whatever their order in the file:
 * incident.triggered is the detected time (as created_at is), the first
 * incident.acknowledged the acknowledgement, the last incident.resolved the
 * resolution unless an incident.reopened came after it; title, status,
 * service, priority and urgency come from the latest event. Events of other
 * resources or types are skipped; one without data.id or occurred_at is
 * rejected. The records are stored when the file has been read. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"

#include "engine/model/incident_times.h"
#include "engine/time/sltime.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

/* One incident as its webhook events tell it so far. */
struct fold {
    char key[64], title[256], status[24], service[160], priority[48], urgency[16], team[160];
    long line;      /* of its first event in the file */
    int64_t latest; /* occurred_at of the event the names come from */
    int64_t triggered, created, acknowledged, resolved, reopened;
};

struct state {
    struct ingest *ing;
    struct fold *folds; /* in the order the incidents first appear */
    size_t nfolds, cap;
    size_t *slots; /* open addressing over folds: index + 1, 0 = empty */
    size_t nslots; /* a power of two, at least twice nfolds */
    char entity[256];
    char number[32];
    char seconds[32];
    char why[400];
    char zone[64]; /* an Analytics response's time_zone, for its naive times */
};

/* The `summary` of a reference object ({"id", "type", "summary"}). */
static const char *
summary_of(const struct json_node *ref)
{
    return jsonstream_str(ref, "summary");
}

/* A time given as whole or decimal seconds after `from`: SL_OK and *out
 * unchanged when the member is missing. */
static enum sl_status
seconds_after(struct state *s, const struct json_node *n, const char *key, int64_t from,
              int64_t *out)
{
    struct json_node *v = jsondoc_get(n, key);
    double d = -1;
    if (!v || jsondoc_kind(v) == JNODE_NULL)
        return SL_OK;
    if (!jsondoc_number(v, &d) || !(d >= 0 && d < 1e10) || !sltime_add_seconds(from, d, out)) {
        const char *t = jsonstream_text(n, key, s->seconds, sizeof s->seconds);
        snprintf(s->why, sizeof s->why, "bad %s '%.40s'%s", key, t ? t : "(not a number)",
                 d >= 0 && d < 1e10 ? ": " SLTIME_RANGE_WHY : "");
        return SL_ERR_INPUT;
    }
    return SL_OK;
}

/* The earliest acknowledgements[].at of a REST incident. */
static enum sl_status
first_ack(struct state *s, const struct json_node *n, int64_t *out)
{
    const struct json_node *acks = jsondoc_get(n, "acknowledgements");
    for (size_t i = 0; i < jsondoc_size(acks); i++) {
        int64_t t;
        if (jsonstream_time(s->ing, jsondoc_at(acks, i), "at", &t, s->why, sizeof s->why))
            return SL_ERR_INPUT;
        if (t != SLTIME_NONE && (*out == SLTIME_NONE || t < *out))
            *out = t;
    }
    return SL_OK;
}

/* The REST shape's own fields: nested references and the status clock. */
static enum sl_status
read_rest(struct state *s, const struct json_node *n, struct incident *inc, const char **team)
{
    inc->service = summary_of(jsondoc_get(n, "service"));
    inc->severity_label = summary_of(jsondoc_get(n, "priority"));
    *team = summary_of(jsondoc_at(jsondoc_get(n, "teams"), 0));
    if (jsonstream_time(s->ing, n, "resolved_at", &inc->resolved, s->why, sizeof s->why) ||
        first_ack(s, n, &inc->acknowledged))
        return SL_ERR_INPUT;
    /* The last status change of a resolved incident is its resolution; of an
     * acknowledged one with no acknowledgements listed, its acknowledgement. */
    int64_t changed;
    if (jsonstream_time(s->ing, n, "last_status_change_at", &changed, s->why, sizeof s->why))
        return SL_ERR_INPUT;
    if (inc->state && !strcmp(inc->state, "resolved") && inc->resolved == SLTIME_NONE)
        inc->resolved = changed;
    if (inc->state && !strcmp(inc->state, "acknowledged") && inc->acknowledged == SLTIME_NONE)
        inc->acknowledged = changed;
    return SL_OK;
}

/* The Analytics shape: flat names and durations in seconds. */
static enum sl_status
read_analytics(struct state *s, const struct json_node *n, struct incident *inc, const char **team)
{
    inc->service = jsonstream_str(n, "service_name");
    inc->severity_label = jsonstream_str(n, "priority_name");
    *team = jsonstream_str(n, "team_name");
    if (jsonstream_time(s->ing, n, "resolved_at", &inc->resolved, s->why, sizeof s->why))
        return SL_ERR_INPUT;
    if (inc->detected == SLTIME_NONE)
        return SL_OK;
    if (seconds_after(s, n, "seconds_to_first_ack", inc->detected, &inc->acknowledged))
        return SL_ERR_INPUT;
    if (inc->resolved == SLTIME_NONE &&
        seconds_after(s, n, "seconds_to_resolve", inc->detected, &inc->resolved))
        return SL_ERR_INPUT;
    return SL_OK;
}

static size_t
key_hash(const char *key)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (const unsigned char *p = (const unsigned char *)key; *p; p++)
        h = (h ^ *p) * UINT64_C(1099511628211);
    return (size_t)h;
}

/* Puts folds[i] in its slot; the table has room. */
static void
slot_put(struct state *s, size_t i)
{
    size_t at = key_hash(s->folds[i].key) & (s->nslots - 1);
    while (s->slots[at])
        at = (at + 1) & (s->nslots - 1);
    s->slots[at] = i + 1;
}

/* The most incidents one file's webhook events may tell: their folds take
 * under 1 KiB each. */
#define WEBHOOK_MAX_INCIDENTS 100000

/* The fold of incident key, a new one (line, times unknown) when there is
 * none yet; *fresh says which. NULL when memory ran out or the file tells
 * more than WEBHOOK_MAX_INCIDENTS (*full set). */
static struct fold *
fold_of(struct state *s, const char *key, long line, bool *fresh, bool *full)
{
    char k[sizeof s->folds->key];
    snprintf(k, sizeof k, "%s", key);
    *fresh = false;
    if (s->nslots) {
        for (size_t at = key_hash(k) & (s->nslots - 1); s->slots[at];
             at = (at + 1) & (s->nslots - 1))
            if (!strcmp(s->folds[s->slots[at] - 1].key, k))
                return &s->folds[s->slots[at] - 1];
    }
    *full = s->nfolds >= WEBHOOK_MAX_INCIDENTS;
    if (*full || grow_reserve((void **)&s->folds, &s->cap, s->nfolds + 1, sizeof *s->folds))
        return NULL;
    if (2 * (s->nfolds + 1) > s->nslots) {
        size_t n = s->nslots ? 2 * s->nslots : 64;
        size_t *slots = calloc(n, sizeof *slots);
        if (!slots)
            return NULL;
        free(s->slots);
        s->slots = slots;
        s->nslots = n;
        for (size_t i = 0; i < s->nfolds; i++)
            slot_put(s, i);
    }
    struct fold *f = &s->folds[s->nfolds];
    *f = (struct fold){.line = line,
                       .latest = SLTIME_NONE,
                       .triggered = SLTIME_NONE,
                       .created = SLTIME_NONE,
                       .acknowledged = SLTIME_NONE,
                       .resolved = SLTIME_NONE,
                       .reopened = SLTIME_NONE};
    snprintf(f->key, sizeof f->key, "%s", k);
    slot_put(s, s->nfolds++);
    *fresh = true;
    return f;
}

static void
copy_or_clear(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

/* The webhook event types that carry the incident as their data. */
static bool
incident_event(const char *type)
{
    static const char *const known[] = {"incident.triggered",
                                        "incident.acknowledged",
                                        "incident.unacknowledged",
                                        "incident.resolved",
                                        "incident.reopened",
                                        "incident.priority_updated",
                                        "incident.escalated",
                                        "incident.reassigned",
                                        "incident.delegated",
                                        "incident.service_updated",
                                        NULL};
    for (size_t i = 0; type && known[i]; i++)
        if (!strcmp(type, known[i]))
            return true;
    return false;
}

static bool
earlier(int64_t t, int64_t than)
{
    return than == SLTIME_NONE || t < than;
}

static bool
later(int64_t t, int64_t than)
{
    return than == SLTIME_NONE || t > than;
}

/* One v3 webhook event (the object inside {"event": ...}). */
static enum sl_status
webhook_event(struct state *s, const struct jsonstream_record *rec, const struct json_node *ev)
{
    const char *type = jsonstream_str(ev, "event_type");
    const char *resource = jsonstream_str(ev, "resource_type");
    const struct json_node *data = jsondoc_get(ev, "data");
    const char *data_type = jsonstream_str(data, "type");
    if ((resource && strcmp(resource, "incident")) || !incident_event(type) ||
        (data_type && strcmp(data_type, "incident"))) {
        ingest_skipped(s->ing);
        return SL_OK;
    }
    int64_t at, created;
    if (jsonstream_time(s->ing, ev, "occurred_at", &at, s->why, sizeof s->why) ||
        jsonstream_time(s->ing, data, "created_at", &created, s->why, sizeof s->why))
        return jsonstream_reject(s->ing, rec, "%s", s->why);
    if (at == SLTIME_NONE)
        return jsonstream_reject(s->ing, rec, "webhook event without occurred_at");
    const char *key = jsonstream_str(data, "id");
    if (!key)
        return jsonstream_reject(s->ing, rec, "webhook event without data.id");
    bool fresh = false, full = false;
    struct fold *f = fold_of(s, key, rec->line, &fresh, &full);
    if (!f && full)
        return diag_set(s->ing->diag, SL_ERR_INPUT, s->ing->path, rec->line,
                        "too many incidents in one file of webhook events: the limit is %d; "
                        "split the file",
                        WEBHOOK_MAX_INCIDENTS);
    if (!f)
        return diag_set(s->ing->diag, SL_ERR_NOMEM, s->ing->path, rec->line, "out of memory");
    if (!fresh)
        ingest_folded(s->ing);
    if (created != SLTIME_NONE && earlier(created, f->created))
        f->created = created;
    if (!strcmp(type, "incident.triggered") && earlier(at, f->triggered))
        f->triggered = at;
    else if (!strcmp(type, "incident.acknowledged") && earlier(at, f->acknowledged))
        f->acknowledged = at;
    else if (!strcmp(type, "incident.resolved") && later(at, f->resolved))
        f->resolved = at;
    else if (!strcmp(type, "incident.reopened") && later(at, f->reopened))
        f->reopened = at;
    if (f->latest == SLTIME_NONE || at >= f->latest) {
        f->latest = at;
        copy_or_clear(f->title, sizeof f->title, jsonstream_str(data, "title"));
        copy_or_clear(f->status, sizeof f->status, jsonstream_str(data, "status"));
        copy_or_clear(f->service, sizeof f->service, summary_of(jsondoc_get(data, "service")));
        copy_or_clear(f->priority, sizeof f->priority, summary_of(jsondoc_get(data, "priority")));
        copy_or_clear(f->urgency, sizeof f->urgency, jsonstream_str(data, "urgency"));
        copy_or_clear(f->team, sizeof f->team,
                      summary_of(jsondoc_at(jsondoc_get(data, "teams"), 0)));
    }
    return SL_OK;
}

static const char *
or_null(const char *text)
{
    return *text ? text : NULL;
}

/* Stores the incidents the webhook events told, in the order they first
 * appeared. */
static enum sl_status
webhook_emit(struct state *s)
{
    enum sl_status rc = SL_OK;
    for (size_t i = 0; !rc && i < s->nfolds; i++) {
        struct fold *f = &s->folds[i];
        struct incident inc = {
            .key = f->key,
            .line = f->line,
            .state = or_null(f->status),
            .title = or_null(f->title),
            .service = or_null(f->service),
            .severity_label = or_null(f->priority),
            .started = SLTIME_NONE,
            .detected = f->triggered != SLTIME_NONE ? f->triggered : f->created,
            .acknowledged = f->acknowledged,
            .mitigated = SLTIME_NONE,
            /* a reopening after the last resolution leaves it open */
            .resolved =
                f->reopened == SLTIME_NONE || f->resolved > f->reopened ? f->resolved : SLTIME_NONE,
        };
        if (!inc.severity_label)
            inc.severity_label = or_null(f->urgency);
        inc.severity = severity_normalise(inc.severity_label);
        if (!inc.service)
            inc.service = s->ing->service;
        inc.entity = s->ing->entity;
        if (!inc.entity && *f->team) {
            snprintf(s->entity, sizeof s->entity, "team:%s", f->team);
            inc.entity = s->entity;
        }
        const char *problem = incident_times_problem(&inc);
        if (!inc.entity)
            rc = ingest_reject(s->ing, f->line,
                               "no entity: the incident names no team; give --entity", "", 0);
        else if (inc.detected == SLTIME_NONE)
            rc =
                ingest_reject(s->ing, f->line,
                              "incident with no incident.triggered event and no created_at", "", 0);
        else if (problem)
            rc = ingest_reject(s->ing, f->line, problem, "", 0);
        else
            rc = ingest_incident(s->ing, &inc);
    }
    return rc;
}

/* The webhook event a record holds: {"event": {...}} or the bare event. */
static const struct json_node *
webhook_of(const struct jsonstream_record *rec)
{
    const struct json_node *n = rec->node;
    if (rec->is_member)
        return rec->key && !strcmp(rec->key, "event") && jsondoc_kind(n) == JNODE_OBJECT ? n : NULL;
    if (rec->key || jsondoc_kind(n) != JNODE_OBJECT)
        return NULL;
    const struct json_node *ev = jsondoc_get(n, "event");
    if (jsondoc_kind(ev) == JNODE_OBJECT && jsondoc_get(ev, "event_type"))
        return ev;
    return jsondoc_get(n, "event_type") && jsondoc_get(n, "occurred_at") ? n : NULL;
}

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct state *s = ctx;
    const struct json_node *n = rec->node;
    const struct json_node *ev = webhook_of(rec);
    if (ev)
        return webhook_event(s, rec, ev);
    bool analytics = rec->key && !strcmp(rec->key, "data");
    if (rec->is_member && !strcmp(rec->key, "time_zone")) {
        /* The zone the response's naive timestamps are written in; it
         * comes before the records (jsonstream reads members first). */
        const char *zone = jsondoc_string(n);
        if (zone && strlen(zone) < sizeof s->zone && sltime_zone_valid(zone)) {
            snprintf(s->zone, sizeof s->zone, "%s", zone);
            s->ing->zone = s->zone;
        }
        return SL_OK;
    }
    /* One incident, as GET /incidents/{id} returns it: {"incident": {...}}. */
    bool single = rec->is_member && !strcmp(rec->key, "incident");
    /* limit, offset, more, total, first, last, filters: paging, not records */
    if (rec->is_member && !single)
        return SL_OK;
    if (!rec->key || (!analytics && !single && strcmp(rec->key, "incidents")))
        return jsonstream_reject(s->ing, rec, "not in an incidents[] or data[] array");
    if (jsondoc_kind(n) != JNODE_OBJECT)
        return jsonstream_reject(s->ing, rec, "not an incident object");
    struct incident inc = {
        .line = rec->line,
        .started = SLTIME_NONE,
        .acknowledged = SLTIME_NONE,
        .mitigated = SLTIME_NONE,
        .resolved = SLTIME_NONE,
    };
    inc.key = jsonstream_str(n, "id");
    if (!inc.key)
        inc.key = jsonstream_text(n, "incident_number", s->number, sizeof s->number);
    if (!inc.key)
        return jsonstream_reject(s->ing, rec, "incident without an id or incident_number");
    inc.state = jsonstream_str(n, "status");
    inc.title = jsonstream_str(n, "title");
    if (!inc.title)
        inc.title = jsonstream_str(n, "description");
    if (jsonstream_time(s->ing, n, "created_at", &inc.detected, s->why, sizeof s->why))
        return jsonstream_reject(s->ing, rec, "%s", s->why);
    if (inc.detected == SLTIME_NONE)
        return jsonstream_reject(s->ing, rec, "incident without created_at");
    const char *team = NULL;
    if (analytics ? read_analytics(s, n, &inc, &team) : read_rest(s, n, &inc, &team))
        return jsonstream_reject(s->ing, rec, "%s", s->why);
    if (!inc.severity_label)
        inc.severity_label = jsonstream_str(n, "urgency");
    inc.severity = severity_normalise(inc.severity_label);
    if (!inc.service)
        inc.service = s->ing->service;
    inc.entity = s->ing->entity;
    if (!inc.entity && team) {
        snprintf(s->entity, sizeof s->entity, "team:%s", team);
        inc.entity = s->entity;
    }
    if (!inc.entity)
        return jsonstream_reject(s->ing, rec,
                                 "no entity: the incident names no team; give "
                                 "--entity");
    const char *problem = incident_times_problem(&inc);
    if (problem)
        return jsonstream_reject(s->ing, rec, "%s", problem);
    return ingest_incident(s->ing, &inc);
}

/* Whether f (seekable, at its start) reads as JSON Lines: its first line
 * ends the object it opens and the next line opens another. The position is
 * restored. */
static bool
json_lines(FILE *f)
{
    char head[PARSER_SNIFF_BYTES];
    long at = ftell(f);
    if (at < 0)
        return false;
    size_t n = fread(head, 1, sizeof head, f);
    if (fseek(f, at, SEEK_SET))
        return false;
    const char *nl = memchr(head, '\n', n);
    if (!nl)
        return false;
    const char *end = nl;
    while (end > head && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    return end > head && end[-1] == '}' &&
           jsonstream_head_first(nl + 1, n - (size_t)(nl + 1 - head)) == '{';
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state *s = calloc(1, sizeof *s);
    if (!s)
        return diag_set(ing->diag, SL_ERR_NOMEM, ing->path, 0, "out of memory");
    s->ing = ing;
    const char *zone = ing->zone;
    enum sl_status rc = json_lines(f) ? jsonstream_read_lines(ing, f, on_record, s)
                                      : jsonstream_read(ing, f, on_record, s);
    if (!rc)
        rc = webhook_emit(s);
    ing->zone = zone;
    free(s->folds);
    free(s->slots);
    free(s);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    char first = jsonstream_head_first(head, len);
    if ((first == '{' || first == '[') && jsonstream_head_has(head, len, "\"event_type\"") &&
        jsonstream_head_has(head, len, "\"occurred_at\"") &&
        jsonstream_head_has(head, len, "\"incident."))
        return 85; /* v3 webhook event payloads */
    if (first != '{')
        return 0;
    bool rest = jsonstream_head_has(head, len, "\"incidents\"") ||
                jsonstream_head_has(head, len, "\"incident\"");
    bool analytics = jsonstream_head_has(head, len, "\"data\"");
    if (!rest && !analytics)
        return 0;
    static const char *const keys[] = {"\"incident_number\"",       "\"urgency\"",
                                       "\"last_status_change_at\"", "\"seconds_to_resolve\"",
                                       "\"escalation_policy\"",     "\"priority_name\"",
                                       "\"seconds_to_first_ack\"",  NULL};
    int n = 0;
    for (size_t i = 0; keys[i]; i++)
        n += jsonstream_head_has(head, len, keys[i]);
    return n >= 2 ? 40 + 10 * n : 0;
}

const struct parser parser_pagerduty_json = {
    "pagerduty-json",
    "PagerDuty REST GET /incidents (incidents[]: id, incident_number, title, status, urgency, "
    "priority.summary, service.summary, teams, created_at, acknowledgements[].at, "
    "last_status_change_at) and Analytics raw incidents (data[]: priority_name, service_name, "
    "team_name, created_at, resolved_at, seconds_to_first_ack, seconds_to_resolve) and v3 "
    "webhook event payloads (event.event_type incident.*, occurred_at, data.id), one incident "
    "from each incident's events",
    "a JSON object with incidents[] or data[] and two or more of incident_number, urgency, "
    "last_status_change_at, escalation_policy, priority_name, seconds_to_first_ack, "
    "seconds_to_resolve; or JSON (Lines) with event_type, occurred_at and incident.* event types",
    sniff,
    parse,
};
