/* pagerduty_json.c — PagerDuty's REST `GET /incidents` response (incidents[],
 * or one incident as `GET /incidents/{id}` gives it: {"incident": {...}}
 * with created_at, status, last_status_change_at, urgency, priority.summary,
 * service.summary, teams[], acknowledgements[]) and the Analytics
 * `POST /analytics/raw/incidents` response (data[] with created_at,
 * resolved_at, seconds_to_first_ack, seconds_to_resolve, priority_name,
 * service_name, team_name; its naive timestamps in the response's time_zone,
 * whatever --tz says). As in pagerduty_csv.c, created_at is when
 * PagerDuty was told: the detected time; started stays unknown. */
#include <stdio.h>
#include <string.h>

#include "engine/model/incident_times.h"
#include "engine/time/sltime.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

struct state {
    struct ingest *ing;
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

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct state *s = ctx;
    const struct json_node *n = rec->node;
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

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state s = {.ing = ing};
    const char *zone = ing->zone;
    enum sl_status rc = jsonstream_read(ing, f, on_record, &s);
    ing->zone = zone;
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_first(head, len) != '{')
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
    "team_name, created_at, resolved_at, seconds_to_first_ack, seconds_to_resolve)",
    "a JSON object with incidents[] or data[] and two or more of incident_number, urgency, "
    "last_status_change_at, escalation_policy, priority_name, seconds_to_first_ack, "
    "seconds_to_resolve",
    sniff,
    parse,
};
