/* milestones_json.c — incident.io, FireHydrant and Rootly style incidents
 * with milestone timestamps: flat `<milestone>_at` members, a `timestamps`
 * object, a `milestones[]` list ({type, occurred_at}), incident.io's
 * incident_timestamp_values[], and Rootly's JSON:API `attributes`. The
 * milestone names are a table: started / impact started, detected /
 * reported / identified, acknowledged / accepted, mitigated / fixed,
 * resolved / closed. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "engine/model/incident_times.h"
#include "engine/time/sltime.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

enum stamp { ST_STARTED, ST_DETECTED, ST_ACKNOWLEDGED, ST_MITIGATED, ST_RESOLVED, ST_COUNT };

/* Milestone names, normalised (lower case, '_' for spaces and '-', no
 * trailing "_at"), with the timestamp each sets and its preference: a lower
 * rank wins when a record gives several for one timestamp. */
static const struct {
    const char *name;
    enum stamp stamp;
    int rank;
} milestone_names[] = {
    {"impact_started", ST_STARTED, 0},
    {"started", ST_STARTED, 1},
    {"impact_start", ST_STARTED, 1},
    {"detected", ST_DETECTED, 0},
    {"reported", ST_DETECTED, 1},
    {"identified", ST_DETECTED, 2},
    {"acknowledged", ST_ACKNOWLEDGED, 0},
    {"accepted", ST_ACKNOWLEDGED, 1},
    {"mitigated", ST_MITIGATED, 0},
    {"fixed", ST_MITIGATED, 1},
    {"resolved", ST_RESOLVED, 0},
    {"closed", ST_RESOLVED, 1},
    {NULL, ST_COUNT, 0},
};

static const char *const stamp_names[ST_COUNT] = {"started", "detected", "acknowledged",
                                                  "mitigated", "resolved"};

struct state {
    struct ingest *ing;
    int64_t t[ST_COUNT];
    int rank[ST_COUNT];
    char entity[256], key[64];
    char why[400];
    bool bad;
};

/* Writes name normalised into out: lower case, spaces and '-' as '_', a
 * trailing "_at" dropped. */
static void
normalise(const char *name, char *out, size_t len)
{
    size_t n = 0;
    for (; *name && n + 1 < len; name++)
        out[n++] = *name == ' ' || *name == '-' ? '_' : (char)tolower((unsigned char)*name);
    out[n] = '\0';
    if (n > 3 && !strcmp(out + n - 3, "_at"))
        out[n - 3] = '\0';
}

/* Records a milestone time given as text or a number. */
static void
milestone(struct state *s, const char *name, const struct json_node *value)
{
    char norm[64];
    normalise(name, norm, sizeof norm);
    for (size_t i = 0; milestone_names[i].name; i++) {
        if (strcmp(norm, milestone_names[i].name))
            continue;
        enum stamp st = milestone_names[i].stamp;
        if (milestone_names[i].rank >= s->rank[st])
            return;
        const char *text = jsondoc_string(value);
        int64_t t;
        const char *why = "";
        if (!text || !*text)
            return;
        if (ingest_time(s->ing, text, strlen(text), &t, &why)) {
            if (!s->bad)
                snprintf(s->why, sizeof s->why, "bad %s time '%.60s': %s", name, text, why);
            s->bad = true;
            return;
        }
        s->t[st] = t;
        s->rank[st] = milestone_names[i].rank;
        return;
    }
}

static int
flat_member(void *ctx, const char *key, struct json_node *value)
{
    milestone(ctx, key, value);
    return 0;
}

/* Every form of milestone a record may carry. */
static void
read_milestones(struct state *s, const struct json_node *n)
{
    jsondoc_each_member(n, flat_member, s);
    jsondoc_each_member(jsondoc_get(n, "timestamps"), flat_member, s);
    static const char *const lists[] = {"milestones", "timestamps", NULL};
    static const char *const names[] = {"type", "name", "milestone", NULL};
    static const char *const times[] = {"occurred_at", "at", "timestamp", "time", "value", NULL};
    for (size_t l = 0; lists[l]; l++) {
        const struct json_node *list = jsondoc_get(n, lists[l]);
        for (size_t i = 0; jsondoc_kind(list) == JNODE_ARRAY && i < jsondoc_size(list); i++) {
            const struct json_node *m = jsondoc_at(list, i);
            const char *name = NULL;
            const struct json_node *when = NULL;
            for (size_t k = 0; names[k] && !name; k++)
                name = jsonstream_str(m, names[k]);
            for (size_t k = 0; times[k] && !jsondoc_string(when); k++)
                when = jsondoc_get(m, times[k]);
            if (name)
                milestone(s, name, when);
        }
    }
    /* incident.io: [{incident_timestamp: {name}, value: {value}}] */
    const struct json_node *iv = jsondoc_get(n, "incident_timestamp_values");
    for (size_t i = 0; i < jsondoc_size(iv); i++) {
        const struct json_node *e = jsondoc_at(iv, i);
        const char *name = jsonstream_str(jsondoc_get(e, "incident_timestamp"), "name");
        if (name)
            milestone(s, name, jsondoc_get(jsondoc_get(e, "value"), "value"));
    }
}

/* A name that may be a string, an object with a name, or Rootly's
 * {data: {attributes: {name}}}. */
static const char *
name_of(const struct json_node *v)
{
    const char *s = jsondoc_string(v);
    if (s)
        return *s ? s : NULL;
    if (jsondoc_kind(v) == JNODE_ARRAY)
        return name_of(jsondoc_at(v, 0));
    const struct json_node *attrs = jsondoc_get(jsondoc_get(v, "data"), "attributes");
    if (attrs)
        return name_of(attrs);
    s = jsonstream_str(v, "name");
    return s ? s : jsonstream_str(v, "slug");
}

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct state *s = ctx;
    if (rec->is_member) /* pagination_meta, links, meta */
        return SL_OK;
    if (rec->key && strcmp(rec->key, "incidents") && strcmp(rec->key, "data"))
        return SL_OK;
    const struct json_node *top = rec->node;
    if (jsondoc_kind(top) != JNODE_OBJECT)
        return jsonstream_reject(s->ing, rec, "not an incident object");
    const struct json_node *attrs = jsondoc_get(top, "attributes");
    const struct json_node *n = jsondoc_kind(attrs) == JNODE_OBJECT ? attrs : top;
    for (int i = 0; i < ST_COUNT; i++) {
        s->t[i] = SLTIME_NONE;
        s->rank[i] = 100;
    }
    s->bad = false;
    read_milestones(s, n);
    if (s->bad)
        return jsonstream_reject(s->ing, rec, "%s", s->why);
    struct incident inc = {
        .line = rec->line,
        .started = s->t[ST_STARTED],
        .detected = s->t[ST_DETECTED],
        .acknowledged = s->t[ST_ACKNOWLEDGED],
        .mitigated = s->t[ST_MITIGATED],
        .resolved = s->t[ST_RESOLVED],
    };
    inc.key = jsonstream_str(top, "id");
    if (!inc.key)
        inc.key = jsonstream_text(n, "reference", s->key, sizeof s->key);
    if (!inc.key)
        inc.key = jsonstream_text(n, "number", s->key, sizeof s->key);
    if (!inc.key)
        return jsonstream_reject(s->ing, rec, "incident without an id");
    inc.title = jsonstream_str(n, "name");
    if (!inc.title)
        inc.title = jsonstream_str(n, "title");
    inc.severity_label = name_of(jsondoc_get(n, "severity"));
    inc.severity = severity_normalise(inc.severity_label);
    inc.state = name_of(jsondoc_get(n, "incident_status"));
    if (!inc.state)
        inc.state = name_of(jsondoc_get(n, "status"));
    if (!inc.state)
        inc.state = name_of(jsondoc_get(n, "current_milestone"));
    inc.service = name_of(jsondoc_get(n, "services"));
    if (!inc.service)
        inc.service = name_of(jsondoc_get(n, "service"));
    if (!inc.service)
        inc.service = s->ing->service;
    inc.entity = s->ing->entity;
    const char *team = name_of(jsondoc_get(n, "teams"));
    if (!inc.entity && team) {
        snprintf(s->entity, sizeof s->entity, "team:%s", team);
        inc.entity = s->entity;
    }
    if (!inc.entity)
        return jsonstream_reject(s->ing, rec,
                                 "no entity: the incident names no team; give "
                                 "--entity");
    if (inc.started == SLTIME_NONE && inc.detected == SLTIME_NONE) {
        /* created_at is when the record was opened: the detected time */
        if (jsonstream_time(s->ing, n, "created_at", &inc.detected, s->why, sizeof s->why))
            return jsonstream_reject(s->ing, rec, "%s", s->why);
        if (inc.detected == SLTIME_NONE)
            return jsonstream_reject(s->ing, rec, "no %s or %s time", stamp_names[ST_STARTED],
                                     stamp_names[ST_DETECTED]);
    }
    const char *problem = incident_times_problem(&inc);
    if (problem)
        return jsonstream_reject(s->ing, rec, "%s", problem);
    return ingest_incident(s->ing, &inc);
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state s = {.ing = ing};
    return jsonstream_read(ing, f, on_record, &s);
}

static int
sniff(const char *head, size_t len)
{
    char first = jsonstream_head_first(head, len);
    if (first != '{' && first != '[')
        return 0;
    /* Statuspage and PagerDuty have their own readers. */
    if (jsonstream_head_has(head, len, "\"incident_updates\"") ||
        jsonstream_head_has(head, len, "\"incident_number\""))
        return 0;
    static const char *const strong[] = {"\"milestones\"", "\"incident_timestamp_values\"",
                                         "\"mitigated_at\"", "\"current_milestone\"", NULL};
    static const char *const weak[] = {"\"started_at\"",
                                       "\"detected_at\"",
                                       "\"acknowledged_at\"",
                                       "\"resolved_at\"",
                                       "\"severity\"",
                                       "\"timestamps\"",
                                       NULL};
    int s = 0, w = 0;
    for (size_t i = 0; strong[i]; i++)
        s += jsonstream_head_has(head, len, strong[i]);
    for (size_t i = 0; weak[i]; i++)
        w += jsonstream_head_has(head, len, weak[i]);
    return s >= 1 && s + w >= 2 ? 50 + 5 * (s + w) : 0;
}

const struct parser parser_milestones_json = {
    "milestones-json",
    "incident.io / FireHydrant / Rootly style incidents with milestone timestamps: "
    "<milestone>_at members, timestamps{}, milestones[]{type, occurred_at}, "
    "incident_timestamp_values[]; severity name, services, teams",
    "a JSON document with milestones, incident_timestamp_values, mitigated_at or "
    "current_milestone and two or more such names in all",
    sniff,
    parse,
};
