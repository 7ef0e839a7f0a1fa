/* fieldmap.c — field mappings and records built from them (see fieldmap.h). */
#include "parsers/read/fieldmap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/model/incident_times.h"
#include "engine/model/model.h"
#include "engine/base/infile.h"
#include "engine/time/sltime.h"
#include "engine/base/yamldoc.h"

static const struct {
    const char *name;
    const char *defaults;
} fields[] = {
    [FM_KEY] = {"key", "id|key|incident_id|number|uuid"},
    [FM_ENTITY] = {"entity", "entity"},
    [FM_SERVICE] = {"service", "service|service_name|monitor|target|job|instance|component|"
                               "component_name|component_id"},
    [FM_TITLE] = {"title", "title|name|summary|message|description"},
    [FM_SEVERITY] = {"severity", "severity|priority|sev|urgency"},
    [FM_STATE] = {"state", "state|incident_status"},
    [FM_STARTED] = {"started", "started_at|started|start|begin|impact_started_at"},
    [FM_DETECTED] = {"detected", "detected_at|detected|created_at|created"},
    [FM_ACKNOWLEDGED] = {"acknowledged", "acknowledged_at|acknowledged|acked_at"},
    [FM_MITIGATED] = {"mitigated", "mitigated_at|mitigated"},
    [FM_RESOLVED] = {"resolved", "resolved_at|resolved|end|ended_at|closed_at"},
    [FM_TIME] = {"time", "time|timestamp|ts|checked_at|at|changed_at"},
    [FM_STATUS] = {"status", "status|up|result|success|ok"},
    [FM_FROM] = {"from", "from|from_status|old_status|previous_status"},
    [FM_TO] = {"to", "to|to_status|new_status"},
};
_Static_assert(sizeof fields / sizeof fields[0] == FM_COUNT, "one entry per field");

const char *
fieldmap_name(enum fm_field f)
{
    return (unsigned)f < FM_COUNT ? fields[f].name : "?";
}

const char *
fieldmap_defaults(enum fm_field f)
{
    return (unsigned)f < FM_COUNT ? fields[f].defaults : "";
}

static int
field_of(const char *name, size_t len)
{
    for (int i = 0; i < FM_COUNT; i++)
        if (strlen(fields[i].name) == len && !strncmp(fields[i].name, name, len))
            return i;
    return -1;
}

void
fieldmap_release(struct fieldmap *fm)
{
    for (int i = 0; i < FM_COUNT; i++)
        free(fm->path[i]);
    free(fm->pattern);
    memset(fm, 0, sizeof *fm);
}

static enum sl_status
set_path(struct fieldmap *fm, int f, const char *path, size_t len)
{
    char *copy = strndup(path, len);
    if (!copy)
        return SL_ERR_NOMEM;
    free(fm->path[f]);
    fm->path[f] = copy;
    return SL_OK;
}

/* "incident", "probe" or "change" into *out; false for anything else. */
static bool
record_kind(const char *text, size_t len, enum fm_record *out)
{
    static const struct {
        const char *name;
        enum fm_record kind;
    } kinds[] = {
        {"incident", FM_RECORD_INCIDENT}, {"probe", FM_RECORD_PROBE}, {"change", FM_RECORD_CHANGE}};
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strlen(kinds[i].name) == len && !strncmp(kinds[i].name, text, len)) {
            *out = kinds[i].kind;
            return true;
        }
    return false;
}

static enum sl_status
load_config(struct fieldmap *fm, const char *config, struct sl_diag *diag)
{
    struct yamldoc_stream *ys = NULL;
    struct yamldoc *doc = NULL;
    enum sl_status rc = SL_OK;
    FILE *f;
    if (infile_open(config, &f, NULL, diag))
        return diag_set(diag, SL_ERR_USAGE, config, 0, "cannot open the config file: %s",
                        diag->message);
    if ((rc = yamldoc_open(f, config, &ys, diag)) || (rc = yamldoc_next(ys, &doc, diag)))
        goto out;
    struct yaml_node *root = doc ? yamldoc_root(doc) : NULL;
    if (yamldoc_kind(root) != YNODE_MAPPING) {
        rc = diag_set(diag, SL_ERR_USAGE, config, 1, "not a mapping of record, pattern, fields");
        goto out;
    }
    struct yaml_node *k, *v;
    for (size_t i = 0; yamldoc_pair(doc, root, i, &k, &v); i++) {
        const char *key = yamldoc_scalar(k), *val = yamldoc_scalar(v);
        long line = yamldoc_line(k);
        if (key && !strcmp(key, "record") && val) {
            if (!record_kind(val, strlen(val), &fm->record)) {
                rc = diag_set(diag, SL_ERR_USAGE, config, line,
                              "record '%s' is not incident, probe or change", val);
                goto out;
            }
        } else if (key && !strcmp(key, "pattern") && val) {
            free(fm->pattern);
            if (!(fm->pattern = strdup(val))) {
                rc = SL_ERR_NOMEM;
                goto out;
            }
            fm->pattern_line = yamldoc_line(v);
        } else if (key && (!strcmp(key, "fields") || !strcmp(key, "map")) &&
                   yamldoc_kind(v) == YNODE_MAPPING) {
            struct yaml_node *fk, *fv;
            for (size_t j = 0; yamldoc_pair(doc, v, j, &fk, &fv); j++) {
                const char *name = yamldoc_scalar(fk), *path = yamldoc_scalar(fv);
                int fi = name ? field_of(name, strlen(name)) : -1;
                if (fi < 0 || !path) {
                    rc = diag_set(diag, SL_ERR_USAGE, config, yamldoc_line(fk),
                                  "unknown field '%s' (fields: key, entity, service, title, "
                                  "severity, state, started, detected, acknowledged, "
                                  "mitigated, resolved, time, status, from, to)",
                                  name ? name : "");
                    goto out;
                }
                if ((rc = set_path(fm, fi, path, strlen(path))))
                    goto out;
            }
        } else {
            rc = diag_set(diag, SL_ERR_USAGE, config, line,
                          "unknown setting '%s' (record, pattern, fields)", key ? key : "");
            goto out;
        }
    }
out:
    if (rc == SL_ERR_NOMEM)
        diag_set(diag, rc, config, 0, "out of memory");
    else if (rc == SL_ERR_INPUT)
        rc = SL_ERR_USAGE; /* a config that is not YAML is a usage error */
    yamldoc_free(doc);
    yamldoc_close(ys);
    fclose(f);
    return rc;
}

enum sl_status
fieldmap_load(struct fieldmap *fm, const char *config, const char *map, struct sl_diag *diag)
{
    memset(fm, 0, sizeof *fm);
    enum sl_status rc = config ? load_config(fm, config, diag) : SL_OK;
    for (const char *p = map; !rc && p && *p;) {
        size_t n = strcspn(p, ",");
        const char *eq = memchr(p, '=', n);
        if (eq && eq - p == 6 && !strncmp(p, "record", 6)) {
            if (!record_kind(eq + 1, (size_t)(p + n - eq - 1), &fm->record))
                return diag_set(diag, SL_ERR_USAGE, "--map", 0,
                                "'%.*s': the record is incident, probe or change", (int)n, p);
            p += n + (p[n] == ',');
            continue;
        }
        int fi = eq ? field_of(p, (size_t)(eq - p)) : -1;
        if (fi < 0 || eq + 1 == p + n)
            return diag_set(diag, SL_ERR_USAGE, "--map", 0,
                            "'%.*s' is not FIELD=PATH with a known field (key, entity, service, "
                            "title, severity, state, started, detected, acknowledged, mitigated, "
                            "resolved, time, status, from, to) or record=KIND",
                            (int)n, p);
        if (set_path(fm, fi, eq + 1, (size_t)(p + n - eq - 1)))
            return diag_set(diag, SL_ERR_NOMEM, "--map", 0, "out of memory");
        p += n + (p[n] == ',');
    }
    return rc;
}

static const char *
value(const char *const values[FM_COUNT], enum fm_field f)
{
    return values[f] && values[f][0] ? values[f] : NULL;
}

static enum sl_status
emit_probe(struct ingest *ing, const char *const values[FM_COUNT], long line, const char *raw,
           size_t raw_len)
{
    const char *entity = value(values, FM_ENTITY) ? value(values, FM_ENTITY) : ing->entity;
    const char *service = value(values, FM_SERVICE) ? value(values, FM_SERVICE) : ing->service;
    const char *word = value(values, FM_STATUS), *when = value(values, FM_TIME);
    char reason[256];
    if (!entity || !service)
        return ingest_reject(ing, line,
                             !entity ? "probe without an entity: give --entity"
                                     : "probe without a service: give --service",
                             raw, raw_len);
    enum svc_status st;
    if (!word || !svc_status_parse(word, &st)) {
        snprintf(reason, sizeof reason, "unknown status '%s'", word ? word : "");
        return ingest_reject(ing, line, reason, raw, raw_len);
    }
    int64_t t;
    const char *why = "missing";
    if (!when || ingest_time(ing, when, strlen(when), &t, &why)) {
        snprintf(reason, sizeof reason, "bad time '%s': %s", when ? when : "", why);
        return ingest_reject(ing, line, reason, raw, raw_len);
    }
    return ingest_probe(ing, entity, service, t, st, line, raw, raw_len);
}

static enum sl_status
emit_incident(struct ingest *ing, const char *const values[FM_COUNT], long line, const char *raw,
              size_t raw_len)
{
    static const enum fm_field times[] = {FM_STARTED, FM_DETECTED, FM_ACKNOWLEDGED, FM_MITIGATED,
                                          FM_RESOLVED};
    struct incident inc = {
        .key = value(values, FM_KEY),
        .entity = value(values, FM_ENTITY) ? value(values, FM_ENTITY) : ing->entity,
        .service = value(values, FM_SERVICE) ? value(values, FM_SERVICE) : ing->service,
        .title = value(values, FM_TITLE),
        .severity_label = value(values, FM_SEVERITY),
        .state = value(values, FM_STATE),
        .line = line,
    };
    char reason[256];
    if (!inc.key)
        return ingest_reject(ing, line, "incident without a key (map one: --map key=PATH)", raw,
                             raw_len);
    if (!inc.entity)
        return ingest_reject(ing, line, "incident without an entity: give --entity", raw, raw_len);
    inc.severity = severity_normalise(inc.severity_label);
    int64_t *slot[] = {&inc.started, &inc.detected, &inc.acknowledged, &inc.mitigated,
                       &inc.resolved};
    for (size_t i = 0; i < sizeof times / sizeof times[0]; i++) {
        const char *text = value(values, times[i]), *why = "";
        *slot[i] = SLTIME_NONE;
        if (text && ingest_time(ing, text, strlen(text), slot[i], &why)) {
            snprintf(reason, sizeof reason, "bad %s time '%.60s': %s", fieldmap_name(times[i]),
                     text, why);
            return ingest_reject(ing, line, reason, raw, raw_len);
        }
    }
    if (!inc.state)
        inc.state = inc.resolved != SLTIME_NONE ? "resolved" : "open";
    const char *problem = incident_times_problem(&inc);
    if (problem)
        return ingest_reject(ing, line, problem, raw, raw_len);
    return ingest_incident(ing, &inc);
}

/* A status word of a state change into *st; false (and a reason) for a
 * word that is not one. */
static bool
change_status(const char *word, const char *which, enum svc_status *st, char *reason, size_t n)
{
    if (svc_status_parse(word, st))
        return true;
    snprintf(reason, n,
             "unknown %s status '%.60s' (up, operational, degraded, degraded_performance, "
             "partial, partial_outage, down, major_outage, maintenance, unknown)",
             which, word);
    return false;
}

static enum sl_status
emit_change(struct ingest *ing, const char *const values[FM_COUNT], long line, const char *raw,
            size_t raw_len)
{
    const char *entity = value(values, FM_ENTITY) ? value(values, FM_ENTITY) : ing->entity;
    const char *service = value(values, FM_SERVICE) ? value(values, FM_SERVICE) : ing->service;
    const char *to = value(values, FM_TO) ? value(values, FM_TO) : value(values, FM_STATUS);
    const char *from = value(values, FM_FROM), *when = value(values, FM_TIME);
    char reason[256];
    int64_t t;
    const char *why = "missing";
    if (!when || ingest_time(ing, when, strlen(when), &t, &why) || t == SLTIME_NONE) {
        snprintf(reason, sizeof reason, "bad time '%.60s': %s", when ? when : "", why);
        return ingest_reject(ing, line, reason, raw, raw_len);
    }
    if (!service)
        return ingest_change_skipped(ing, t);
    if (!entity)
        return ingest_reject(ing, line, "state change without an entity: give --entity", raw,
                             raw_len);
    enum svc_status st_to, st_from = SVC_UNKNOWN;
    if (!to)
        return ingest_reject(ing, line, "state change without a status (map one: --map to=PATH)",
                             raw, raw_len);
    if (!change_status(to, "new", &st_to, reason, sizeof reason) ||
        (from && !change_status(from, "previous", &st_from, reason, sizeof reason)))
        return ingest_reject(ing, line, reason, raw, raw_len);
    return ingest_change(ing, entity, service, t, st_from, st_to, line, raw, raw_len);
}

enum sl_status
fieldmap_emit(struct ingest *ing, const struct fieldmap *fm, const char *const values[FM_COUNT],
              long line, const char *raw, size_t raw_len)
{
    if (fm->record == FM_RECORD_CHANGE || (fm->record == FM_RECORD_AUTO && value(values, FM_TO) &&
                                           value(values, FM_TIME) && !value(values, FM_STARTED)))
        return emit_change(ing, values, line, raw, raw_len);
    bool probe =
        fm->record == FM_RECORD_PROBE || (fm->record == FM_RECORD_AUTO && value(values, FM_TIME) &&
                                          value(values, FM_STATUS) && !value(values, FM_STARTED));
    return probe ? emit_probe(ing, values, line, raw, raw_len)
                 : emit_incident(ing, values, line, raw, raw_len);
}
