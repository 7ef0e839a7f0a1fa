/* gcp_status.c — the Google Cloud status dashboard's incidents.json: an array
 * of incidents with begin, created, end, modified, severity (high, medium,
 * low), status_impact (SERVICE_OUTAGE, SERVICE_DISRUPTION,
 * SERVICE_INFORMATION), service_name, affected_products and updates[]. Each
 * outage or disruption is also a status interval of its service, and the
 * span of the export is up time for every service it names (history_span.h). */
#include <stdio.h>
#include <string.h>

#include "engine/model/incident_times.h"
#include "engine/base/jsonw.h"
#include "engine/time/sltime.h"
#include "parsers/read/history_span.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

#define GCP_ENTITY "provider:google-cloud"

struct state {
    struct ingest *ing;
    struct history_span cov;
    char why[400];
};

static const struct {
    const char *impact;
    enum svc_status status;
} impacts[] = {
    {"SERVICE_OUTAGE", SVC_DOWN},
    {"SERVICE_DISRUPTION", SVC_PARTIAL},
    {"SERVICE_INFORMATION", SVC_UP},
    {NULL, SVC_UNKNOWN},
};

static enum svc_status
status_of(const char *impact)
{
    for (size_t i = 0; impact && impacts[i].impact; i++)
        if (!strcmp(impact, impacts[i].impact))
            return impacts[i].status;
    return SVC_UNKNOWN;
}

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct state *s = ctx;
    const struct json_node *n = rec->node;
    if (rec->key || jsondoc_kind(n) != JNODE_OBJECT)
        return jsonstream_reject(s->ing, rec, "not an incident object of an incidents array");
    const char *id = jsonstream_str(n, "id");
    if (!id)
        return jsonstream_reject(s->ing, rec, "incident without an id");
    const char *impact = jsonstream_str(n, "status_impact");
    struct incident inc = {0};
    inc.line = rec->line;
    inc.key = id;
    inc.entity = s->ing->entity ? s->ing->entity : GCP_ENTITY;
    inc.service = jsonstream_str(n, "service_name");
    if (!inc.service)
        inc.service = s->ing->service;
    inc.title = jsonstream_str(n, "external_desc");
    inc.severity_label = jsonstream_str(n, "severity");
    inc.severity = severity_normalise(inc.severity_label);
    inc.acknowledged = inc.mitigated = SLTIME_NONE;
    if (jsonstream_time(s->ing, n, "begin", &inc.started, s->why, sizeof s->why) ||
        jsonstream_time(s->ing, n, "created", &inc.detected, s->why, sizeof s->why) ||
        jsonstream_time(s->ing, n, "end", &inc.resolved, s->why, sizeof s->why))
        return jsonstream_reject(s->ing, rec, "%s", s->why);
    if (inc.detected != SLTIME_NONE && inc.started != SLTIME_NONE && inc.detected < inc.started)
        inc.detected = inc.started;
    inc.state = inc.resolved != SLTIME_NONE ? "resolved" : "open";
    const char *problem = incident_times_problem(&inc);
    if (problem)
        return jsonstream_reject(s->ing, rec, "%s", problem);
    struct strbuf extra = STRBUF_INIT;
    const struct json_node *products = jsondoc_get(n, "affected_products");
    struct jsonw w;
    jsonw_begin(&w, &extra);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "status_impact", impact);
    jsonw_field_str(&w, "number", jsonstream_str(n, "number"));
    jsonw_open(&w, "products", '[');
    for (size_t i = 0; i < jsondoc_size(products); i++)
        jsonw_field_str(&w, NULL, jsonstream_str(jsondoc_at(products, i), "title"));
    jsonw_close(&w, ']');
    jsonw_field_int(&w, "updates", (int64_t)jsondoc_size(jsondoc_get(n, "updates")));
    jsonw_close(&w, '}');
    inc.extra_json = extra.buf;
    enum sl_status rc;
    if (w.status)
        rc = diag_set(s->ing->diag, w.status, s->ing->path, rec->line, "%s", sl_strerror(w.status));
    else
        rc = ingest_incident(s->ing, &inc);
    strbuf_release(&extra);
    if (rc)
        return rc;
    history_span_time(&s->cov, inc.started);
    history_span_time(&s->cov, inc.resolved);
    history_span_time(&s->cov, inc.detected);
    int64_t modified;
    if (!jsonstream_time(s->ing, n, "modified", &modified, s->why, sizeof s->why))
        history_span_time(&s->cov, modified);
    if (inc.service && (rc = history_span_service(&s->cov, inc.service)))
        return diag_set(s->ing->diag, rc, s->ing->path, rec->line, "out of memory");
    enum svc_status st = status_of(impact);
    if (st <= SVC_UP || !inc.service || inc.started == SLTIME_NONE)
        return SL_OK;
    struct interval iv = {.entity = inc.entity,
                          .service = inc.service,
                          .start = inc.started,
                          .end = inc.resolved,
                          .status = st,
                          .line = rec->line,
                          .key = id};
    if (inc.resolved == SLTIME_NONE)
        rc = history_span_hold(&s->cov, &iv); /* still open: to the end of the span */
    else if (inc.resolved > inc.started)
        rc = ingest_interval(s->ing, &iv);
    return rc == SL_ERR_NOMEM ? diag_set(s->ing->diag, rc, s->ing->path, rec->line, "out of memory")
                              : rc;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state s = {.ing = ing};
    history_span_init(&s.cov);
    enum sl_status rc = jsonstream_read(ing, f, on_record, &s);
    if (!rc)
        rc = history_span_emit(&s.cov, ing, ing->entity ? ing->entity : GCP_ENTITY);
    history_span_release(&s.cov);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_first(head, len) != '[')
        return 0;
    int score = 0;
    static const char *const keys[] = {"\"status_impact\"", "\"external_desc\"",
                                       "\"affected_products\"", "\"most_recent_update\"", NULL};
    for (size_t i = 0; keys[i]; i++)
        if (jsonstream_head_has(head, len, keys[i]))
            score += 25;
    return score >= 50 ? score : 0;
}

const struct parser parser_gcp_status = {
    "gcp-status",
    "Google Cloud status dashboard incidents.json: begin, created, end, severity, "
    "status_impact, service_name, external_desc; outages and disruptions as intervals",
    "a JSON array whose objects have two or more of status_impact, external_desc, "
    "affected_products, most_recent_update",
    sniff,
    parse,
};
