/* prometheus_range.c — Prometheus /api/v1/query_range JSON (resultType
 * matrix) for `up` or `probe_success`: each series is a service, each value
 * a probe result (1 up, 0 down) that becomes status intervals like any
 * probe file (docs/design.md §4). The service is --service, else the series'
 * instance label, else its job. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/jsondoc.h"
#include "engine/time/sltime.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

struct state {
    struct ingest *ing;
    long series;
};

static enum sl_status
one_series(struct state *s, const struct jsonstream_record *rec, const struct json_node *series)
{
    const struct json_node *metric = jsondoc_get(series, "metric");
    const char *service = s->ing->service;
    if (!service)
        service = jsondoc_get_string(metric, "instance");
    if (!service)
        service = jsondoc_get_string(metric, "job");
    if (!service)
        return jsonstream_reject(s->ing, rec, "series without instance or job: give --service");
    const struct json_node *values = jsondoc_get(series, "values");
    s->series++;
    for (size_t i = 0; i < jsondoc_size(values); i++) {
        const struct json_node *pair = jsondoc_at(values, i);
        double t;
        const char *v = jsondoc_string(jsondoc_at(pair, 1));
        enum sl_status rc;
        int64_t when;
        if (!jsondoc_number(jsondoc_at(pair, 0), &t) || !v) {
            rc = jsonstream_reject(s->ing, rec, "%s: value %zu is not [time, \"value\"]", service,
                                   i);
        } else if (!sltime_add_seconds(SLTIME_FIRST, t, &when)) {
            rc = jsonstream_reject(s->ing, rec, "%s: value %zu at %.15g: " SLTIME_RANGE_WHY,
                                   service, i, t);
        } else if (strcmp(v, "0") && strcmp(v, "1")) {
            rc = jsonstream_reject(s->ing, rec, "%s: value '%s' at %.0f is neither 0 nor 1",
                                   service, v, t);
        } else {
            rc = ingest_probe(s->ing, s->ing->entity, service, when,
                              v[0] == '1' ? SVC_UP : SVC_DOWN, rec->line, rec->raw, rec->raw_len);
        }
        if (rc)
            return rc;
    }
    return SL_OK;
}

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct state *s = ctx;
    if (!rec->key || strcmp(rec->key, "data"))
        return SL_OK; /* status, warnings, ... */
    const char *type = jsondoc_get_string(rec->node, "resultType");
    if (!type || strcmp(type, "matrix"))
        return diag_set(s->ing->diag, SL_ERR_INPUT, s->ing->path, rec->line,
                        "resultType '%s' is not matrix (use /api/v1/query_range)",
                        type ? type : "");
    if (!s->ing->entity)
        return diag_set(s->ing->diag, SL_ERR_INPUT, s->ing->path, rec->line,
                        "Prometheus results name no entity: give --entity");
    const struct json_node *result = jsondoc_get(rec->node, "result");
    for (size_t i = 0; i < jsondoc_size(result); i++) {
        enum sl_status rc = one_series(s, rec, jsondoc_at(result, i));
        if (rc)
            return rc;
    }
    return SL_OK;
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
    if (jsonstream_head_first(head, len) != '{' ||
        !jsonstream_head_has(head, len, "\"resultType\""))
        return 0;
    return jsonstream_head_has(head, len, "\"matrix\"") ? 90 : 40;
}

const struct parser parser_prometheus_range = {
    "prometheus-range",
    "Prometheus /api/v1/query_range matrix JSON of up or probe_success: one service per "
    "series (--service, else instance, else job), values 1/0 as probe results; needs --entity",
    "a JSON object with \"resultType\": \"matrix\"",
    sniff,
    parse,
};
