/* statuspage_json.c — Atlassian Statuspage's public API: /api/v2/incidents.json,
 * summary.json and scheduled-maintenances.json ({page, incidents[],
 * components[], scheduled_maintenances[]}). Each incident keeps its impact
 * (none/minor/major/critical) as its label; the component status changes in
 * its incident_updates become status intervals per component, and the span
 * the export covers counts as up time for every component it names (see
 * history_span.h). A status still current when the file was written — the
 * last change of an incident not yet resolved, a summary's component not
 * operational — holds to the end of that span (docs/design.md §4,
 * State-change logs).
 *
 * A component is known by its id (`id` in components[], `code` in
 * affected_components), not its name: a survey of the whole file first
 * takes each id's latest name — the top-level components[] (the page as it
 * is now) over any incident, else the name of the latest update or
 * component record that gives one — and every record then names the
 * component by that, so a renamed component stays one service. A component
 * without an id keeps its own name. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/model/incident_times.h"
#include "engine/base/jsonw.h"
#include "engine/time/sltime.h"
#include "parsers/read/history_span.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

/* A component's id and its latest name. */
struct component_name {
    char *id, *name;
    int64_t at; /* when that name was given; INT64_MAX for the page's own list */
};

struct state {
    struct ingest *ing;
    char entity[256];
    struct history_span cov;
    char why[400];
    struct component_name *names;
    size_t nnames, anames;
};

/* A component's status within one incident, as its updates change it. */
struct track {
    const char *name;
    enum svc_status status;
    int64_t since;
    int changes;
};

struct change {
    int64_t t;
    const struct json_node *components;
};

/* The name the component of id goes by, else fallback. */
static const char *
name_of(const struct state *s, const char *id, const char *fallback)
{
    for (size_t i = 0; id && i < s->nnames; i++)
        if (!strcmp(s->names[i].id, id))
            return s->names[i].name;
    return fallback;
}

/* Notes that the component of id was called name at time at. */
static enum sl_status
name_note(struct state *s, const char *id, const char *name, int64_t at)
{
    if (!id || !name)
        return SL_OK;
    for (size_t i = 0; i < s->nnames; i++) {
        struct component_name *c = &s->names[i];
        if (strcmp(c->id, id))
            continue;
        if (at < c->at || !strcmp(c->name, name))
            return SL_OK;
        char *copy = strdup(name);
        if (!copy)
            return SL_ERR_NOMEM;
        free(c->name);
        c->name = copy;
        c->at = at;
        return SL_OK;
    }
    if (s->nnames >= HISTORY_SPAN_MAX_SERVICES)
        return SL_OK;
    if (s->nnames == s->anames) {
        size_t a = s->anames ? s->anames * 2 : 16;
        struct component_name *v = realloc(s->names, a * sizeof *v);
        if (!v)
            return SL_ERR_NOMEM;
        s->names = v;
        s->anames = a;
    }
    struct component_name c = {strdup(id), strdup(name), at};
    if (!c.id || !c.name) {
        free(c.id);
        free(c.name);
        return SL_ERR_NOMEM;
    }
    s->names[s->nnames++] = c;
    return SL_OK;
}

/* A member's time, SLTIME_NONE when missing or unreadable (the survey
 * judges nothing: the records' own pass rejects what is wrong). */
static int64_t
survey_time(struct state *s, const struct json_node *n, const char *key)
{
    int64_t t;
    long naive = s->ing->naive_timestamps; /* counted once, by the records' pass */
    enum sl_status rc = jsonstream_time(s->ing, n, key, &t, s->why, sizeof s->why);
    s->ing->naive_timestamps = naive;
    return rc ? SLTIME_NONE : t;
}

/* The survey: every component's latest name (see the top of the file). */
static enum sl_status
on_survey(void *ctx, const struct jsonstream_record *rec)
{
    struct state *s = ctx;
    const struct json_node *n = rec->node;
    enum sl_status rc = SL_OK;
    if (!rec->key || jsondoc_kind(n) != JNODE_OBJECT)
        return SL_OK;
    if (!strcmp(rec->key, "components"))
        return name_note(s, jsonstream_str(n, "id"), jsonstream_str(n, "name"), INT64_MAX);
    if (strcmp(rec->key, "incidents") && strcmp(rec->key, "scheduled_maintenances"))
        return SL_OK;
    int64_t base = survey_time(s, n, "updated_at");
    if (base == SLTIME_NONE)
        base = survey_time(s, n, "created_at");
    const struct json_node *comps = jsondoc_get(n, "components");
    for (size_t i = 0; i < jsondoc_size(comps) && !rc; i++) {
        const struct json_node *c = jsondoc_at(comps, i);
        int64_t at = survey_time(s, c, "updated_at");
        rc = name_note(s, jsonstream_str(c, "id"), jsonstream_str(c, "name"),
                       at != SLTIME_NONE ? at : base);
    }
    const struct json_node *updates = jsondoc_get(n, "incident_updates");
    for (size_t i = 0; i < jsondoc_size(updates) && !rc; i++) {
        const struct json_node *u = jsondoc_at(updates, i);
        const struct json_node *ac = jsondoc_get(u, "affected_components");
        int64_t at = survey_time(s, u, "display_at");
        if (at == SLTIME_NONE)
            at = survey_time(s, u, "created_at");
        for (size_t j = 0; j < jsondoc_size(ac) && !rc; j++) {
            const struct json_node *c = jsondoc_at(ac, j);
            rc = name_note(s, jsonstream_str(c, "code"), jsonstream_str(c, "name"), at);
        }
    }
    return rc;
}

static const char *
entity_of(struct state *s)
{
    if (s->ing->entity)
        return s->ing->entity;
    return s->entity[0] ? s->entity : NULL;
}

static int
by_time(const void *a, const void *b)
{
    const struct change *x = a, *y = b;
    return (x->t > y->t) - (x->t < y->t);
}

/* Statuspage shows an incident's components at its impact when no update
 * says how each component fared. */
static enum svc_status
status_of_impact(const char *impact)
{
    if (!impact)
        return SVC_UNKNOWN;
    if (!strcmp(impact, "critical"))
        return SVC_DOWN;
    if (!strcmp(impact, "major"))
        return SVC_PARTIAL;
    if (!strcmp(impact, "minor"))
        return SVC_DEGRADED;
    return SVC_UNKNOWN;
}

/* Stores the component's status from its change to end; SLTIME_NONE (an
 * incident not yet resolved) holds it to the end of the file's span. */
static enum sl_status
emit(struct state *s, const char *id, struct track *t, int64_t end, long line)
{
    if (t->status <= SVC_UP || t->since == SLTIME_NONE || (end != SLTIME_NONE && end <= t->since))
        return SL_OK;
    char key[300];
    snprintf(key, sizeof key, "%s/%d", id, t->changes);
    struct interval iv = {.entity = entity_of(s),
                          .service = t->name,
                          .start = t->since,
                          .end = end,
                          .status = t->status,
                          .line = line,
                          .key = key};
    return end == SLTIME_NONE ? history_span_hold(&s->cov, &iv) : ingest_interval(s->ing, &iv);
}

/* The growing list of one incident's components: as many as it names. */
struct tracks {
    struct track *v;
    size_t n, alloc;
};

static struct track *
track_add(struct tracks *ts, struct track t)
{
    if (ts->n == ts->alloc) {
        size_t a = ts->alloc ? ts->alloc * 2 : 16;
        struct track *v = realloc(ts->v, a * sizeof *v);
        if (!v)
            return NULL;
        ts->v = v;
        ts->alloc = a;
    }
    ts->v[ts->n] = t;
    return &ts->v[ts->n++];
}

/* NULL only when memory ran out. */
static struct track *
track_of(struct tracks *ts, const char *name)
{
    for (size_t i = 0; i < ts->n; i++)
        if (!strcmp(ts->v[i].name, name))
            return &ts->v[i];
    return track_add(ts, (struct track){name, SVC_UP, SLTIME_NONE, 0});
}

/* The component intervals of one incident: every update and every component
 * it names, however many (the record itself is bounded by
 * JSONSTREAM_MAX_RECORD). */
static enum sl_status
component_intervals(struct state *s, const struct jsonstream_record *rec, const char *id,
                    const struct incident *inc, const char *impact)
{
    const struct json_node *n = rec->node;
    const struct json_node *updates = jsondoc_get(n, "incident_updates");
    size_t nupdates = jsondoc_size(updates), nchanges = 0;
    struct change *changes = malloc((nupdates ? nupdates : 1) * sizeof *changes);
    struct tracks tracks = {NULL, 0, 0};
    int64_t end = inc->resolved;
    enum sl_status rc = SL_OK;
    if (!changes)
        return SL_ERR_NOMEM;
    for (size_t i = 0; i < nupdates; i++) {
        const struct json_node *u = jsondoc_at(updates, i);
        const struct json_node *ac = jsondoc_get(u, "affected_components");
        int64_t t;
        if (jsonstream_time(s->ing, u, "display_at", &t, s->why, sizeof s->why) || t == SLTIME_NONE)
            jsonstream_time(s->ing, u, "created_at", &t, s->why, sizeof s->why);
        history_span_time(&s->cov, t);
        if (t != SLTIME_NONE && jsondoc_size(ac))
            changes[nchanges++] = (struct change){t, ac};
    }
    qsort(changes, nchanges, sizeof changes[0], by_time);
    for (size_t i = 0; i < nchanges && !rc; i++) {
        for (size_t j = 0; j < jsondoc_size(changes[i].components) && !rc; j++) {
            const struct json_node *c = jsondoc_at(changes[i].components, j);
            const char *name = name_of(s, jsonstream_str(c, "code"), jsonstream_str(c, "name"));
            const char *word = jsonstream_str(c, "new_status");
            enum svc_status st;
            struct track *t;
            if (!name || !word || !svc_status_parse(word, &st))
                continue;
            if (!(t = track_of(&tracks, name))) {
                rc = SL_ERR_NOMEM;
                break;
            }
            if ((rc = history_span_service(&s->cov, name)))
                break;
            if (st == t->status)
                continue;
            rc = emit(s, id, t, changes[i].t, rec->line);
            t->status = st;
            t->since = changes[i].t;
            t->changes++;
        }
    }
    if (!rc && tracks.n == 0) {
        /* No update says what each component did: take the impact. */
        enum svc_status st = status_of_impact(impact);
        const struct json_node *comps = jsondoc_get(n, "components");
        int64_t start = inc->started != SLTIME_NONE ? inc->started : inc->detected;
        for (size_t i = 0; i < jsondoc_size(comps) && !rc; i++) {
            const struct json_node *c = jsondoc_at(comps, i);
            const char *name = name_of(s, jsonstream_str(c, "id"), jsonstream_str(c, "name"));
            if (!name)
                continue;
            if ((rc = history_span_service(&s->cov, name)))
                break;
            if (!track_add(&tracks, (struct track){name, st, start, 0}))
                rc = SL_ERR_NOMEM;
        }
    }
    for (size_t i = 0; i < tracks.n && !rc; i++)
        rc = emit(s, id, &tracks.v[i], end, rec->line);
    free(changes);
    free(tracks.v);
    return rc;
}

static enum sl_status
extra_json(const struct state *s, const struct json_node *n, const char *impact, struct strbuf *sb)
{
    const struct json_node *comps = jsondoc_get(n, "components");
    struct jsonw w;
    jsonw_begin(&w, sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "impact", impact);
    jsonw_field_str(&w, "shortlink", jsonstream_str(n, "shortlink"));
    jsonw_open(&w, "components", '[');
    for (size_t i = 0; i < jsondoc_size(comps); i++) {
        const struct json_node *c = jsondoc_at(comps, i);
        jsonw_field_str(&w, NULL, name_of(s, jsonstream_str(c, "id"), jsonstream_str(c, "name")));
    }
    jsonw_close(&w, ']');
    jsonw_field_int(&w, "updates", (int64_t)jsondoc_size(jsondoc_get(n, "incident_updates")));
    jsonw_close(&w, '}');
    return w.status;
}

/* The time of an incident's earliest update with status in_progress, or
 * SLTIME_NONE. */
static int64_t
first_in_progress(struct state *s, const struct json_node *n)
{
    const struct json_node *updates = jsondoc_get(n, "incident_updates");
    int64_t first = SLTIME_NONE;
    for (size_t i = 0; i < jsondoc_size(updates); i++) {
        const struct json_node *u = jsondoc_at(updates, i);
        const char *status = jsonstream_str(u, "status");
        int64_t t;
        if (!status || strcmp(status, "in_progress") ||
            jsonstream_time(s->ing, u, "created_at", &t, s->why, sizeof s->why))
            continue;
        if (t != SLTIME_NONE && (first == SLTIME_NONE || t < first))
            first = t;
    }
    return first;
}

static enum sl_status
read_incident(struct state *s, const struct jsonstream_record *rec, bool maintenance)
{
    const struct json_node *n = rec->node;
    const char *id = jsonstream_str(n, "id");
    if (jsondoc_kind(n) != JNODE_OBJECT)
        return jsonstream_reject(s->ing, rec, "an incident is not an object");
    if (!id)
        return jsonstream_reject(s->ing, rec, "incident without an id");
    if (!entity_of(s))
        return jsonstream_reject(s->ing, rec,
                                 "no entity: the file has no page name; give --entity");
    const char *impact = jsonstream_str(n, "impact");
    struct incident inc = {0};
    inc.line = rec->line;
    inc.key = id;
    inc.entity = entity_of(s);
    inc.title = jsonstream_str(n, "name");
    inc.state = jsonstream_str(n, "status");
    inc.severity_label = impact;
    inc.severity = severity_normalise(impact);
    inc.acknowledged = SLTIME_NONE;
    int64_t created, scheduled_for = SLTIME_NONE, scheduled_until = SLTIME_NONE;
    if (jsonstream_time(s->ing, n, "created_at", &created, s->why, sizeof s->why) ||
        jsonstream_time(s->ing, n, "started_at", &inc.started, s->why, sizeof s->why) ||
        jsonstream_time(s->ing, n, "monitoring_at", &inc.mitigated, s->why, sizeof s->why) ||
        jsonstream_time(s->ing, n, "resolved_at", &inc.resolved, s->why, sizeof s->why) ||
        jsonstream_time(s->ing, n, "scheduled_for", &scheduled_for, s->why, sizeof s->why) ||
        jsonstream_time(s->ing, n, "scheduled_until", &scheduled_until, s->why, sizeof s->why))
        return jsonstream_reject(s->ing, rec, "%s", s->why);
    const struct json_node *comps = jsondoc_get(n, "components");
    inc.service = name_of(s, jsonstream_str(jsondoc_at(comps, 0), "id"),
                          jsonstream_str(jsondoc_at(comps, 0), "name"));
    if (!inc.service)
        inc.service = s->ing->service;
    if (maintenance || scheduled_for != SLTIME_NONE) {
        /* Planned work: one window per component it names, from when the
         * work was scheduled to begin (or its first in_progress update) to
         * its end, announced at creation. started_at is not the start: a
         * maintenance's "start" there is when it was posted. */
        int64_t start = scheduled_for != SLTIME_NONE ? scheduled_for : first_in_progress(s, n);
        if (start == SLTIME_NONE)
            start = inc.started;
        int64_t end = inc.resolved != SLTIME_NONE ? inc.resolved : scheduled_until;
        if (start == SLTIME_NONE || end == SLTIME_NONE || end <= start)
            return jsonstream_reject(s->ing, rec, "maintenance without a start before its end");
        size_t nc = jsondoc_size(comps);
        for (size_t i = 0; i < (nc ? nc : 1); i++) {
            const struct json_node *c = jsondoc_at(comps, i);
            const char *svc =
                nc ? name_of(s, jsonstream_str(c, "id"), jsonstream_str(c, "name")) : inc.service;
            if (!svc)
                return jsonstream_reject(s->ing, rec,
                                         "maintenance names no component; give --service");
            struct maintenance m = {inc.entity, svc, id, start, end, created, rec->line};
            enum sl_status rc = ingest_maintenance(s->ing, &m);
            if (rc)
                return rc;
        }
        return SL_OK;
    }
    inc.detected = created;
    if (inc.started == SLTIME_NONE)
        inc.started = created;
    if (inc.detected != SLTIME_NONE && inc.started != SLTIME_NONE && inc.detected < inc.started)
        inc.detected = inc.started; /* published before the impact began: no earlier detection */
    if (jsonstream_str(n, "postmortem_body") ||
        jsondoc_kind(jsondoc_get(n, "postmortem_published_at")) == JNODE_STRING)
        inc.postmortem = jsonstream_str(n, "shortlink");
    const char *problem = incident_times_problem(&inc);
    if (problem)
        return jsonstream_reject(s->ing, rec, "%s", problem);
    struct strbuf extra = STRBUF_INIT;
    enum sl_status rc = extra_json(s, n, impact, &extra);
    inc.extra_json = extra.buf;
    if (rc)
        rc = diag_set(s->ing->diag, rc, s->ing->path, rec->line, "%s", sl_strerror(rc));
    else
        rc = ingest_incident(s->ing, &inc);
    strbuf_release(&extra);
    history_span_time(&s->cov, inc.started);
    history_span_time(&s->cov, inc.resolved);
    if (!rc && (rc = component_intervals(s, rec, id, &inc, impact)) == SL_ERR_NOMEM)
        rc = diag_set(s->ing->diag, rc, s->ing->path, rec->line,
                      "out of memory for the incident's components");
    return rc;
}

/* summary.json: a component's current status since it last changed, held
 * to the end of the span. */
static enum sl_status
read_component(struct state *s, const struct jsonstream_record *rec)
{
    const struct json_node *n = rec->node;
    bool group = false;
    jsondoc_bool(jsondoc_get(n, "group"), &group);
    const char *id = jsonstream_str(n, "id");
    const char *name = name_of(s, id, jsonstream_str(n, "name"));
    if (group || !name)
        return SL_OK;
    const char *word = jsonstream_str(n, "status");
    enum svc_status st;
    int64_t since;
    if (!word || !svc_status_parse(word, &st) || st <= SVC_UP ||
        jsonstream_time(s->ing, n, "updated_at", &since, s->why, sizeof s->why) ||
        since == SLTIME_NONE)
        return history_span_service(&s->cov, name);
    char key[300];
    snprintf(key, sizeof key, "component:%s:%lld", id ? id : name, (long long)since);
    struct interval iv = {.entity = entity_of(s),
                          .service = name,
                          .start = since,
                          .status = st,
                          .line = rec->line,
                          .key = key};
    return history_span_hold(&s->cov, &iv);
}

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct state *s = ctx;
    if (!rec->key)
        return jsonstream_reject(s->ing, rec, "a top-level array: not a Statuspage export");
    if (!strcmp(rec->key, "page") && rec->is_member) {
        const char *name = jsonstream_str(rec->node, "name");
        int64_t updated;
        if (name)
            jsonstream_provider(name, s->entity, sizeof s->entity);
        if (!jsonstream_time(s->ing, rec->node, "updated_at", &updated, s->why, sizeof s->why))
            history_span_time(&s->cov, updated);
        return SL_OK;
    }
    if (!strcmp(rec->key, "incidents") && !rec->is_member)
        return read_incident(s, rec, false);
    if (!strcmp(rec->key, "scheduled_maintenances") && !rec->is_member)
        return read_incident(s, rec, true);
    if (!strcmp(rec->key, "components") && !rec->is_member)
        return read_component(s, rec);
    return SL_OK;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state s = {.ing = ing};
    history_span_init(&s.cov);
    enum sl_status rc = jsonstream_read_survey(ing, f, on_survey, on_record, &s);
    if (!rc)
        rc = history_span_emit(&s.cov, ing, entity_of(&s));
    if (rc == SL_ERR_NOMEM)
        diag_set(ing->diag, rc, ing->path, 0, "out of memory");
    history_span_release(&s.cov);
    for (size_t i = 0; i < s.nnames; i++) {
        free(s.names[i].id);
        free(s.names[i].name);
    }
    free(s.names);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_first(head, len) != '{')
        return 0;
    int score = 0;
    if (jsonstream_head_has(head, len, "\"page\""))
        score += 20;
    if (jsonstream_head_has(head, len, "\"incident_updates\""))
        score += 40;
    if (jsonstream_head_has(head, len, "\"scheduled_maintenances\""))
        score += 30;
    if (jsonstream_head_has(head, len, "\"shortlink\""))
        score += 20;
    return score >= 40 ? score : 0;
}

const struct parser parser_statuspage_json = {
    "statuspage-json",
    "Atlassian Statuspage API v2 incidents.json, summary.json, scheduled-maintenances.json: "
    "incidents with impact and incident_updates, component status changes as intervals, "
    "scheduled maintenance as maintenance windows",
    "a JSON object with page and incident_updates, shortlink or scheduled_maintenances",
    sniff,
    parse,
};
