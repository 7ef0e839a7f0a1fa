/* upptime_summary.c — an Upptime repository's history/summary.json: per site
 * name, url, slug, status, uptime percentages (rounded text) and
 * dailyMinutesDown {"YYYY-MM-DD": minutes}. Only the minutes are
 * measurements: each day's minutes become one down interval of that length
 * starting at midnight UTC (Upptime counts UTC days and does not say when in
 * the day they fell, so a day-level total is exact but its place in the day
 * is not). The percentages are Upptime's own rounding and are not stored.
 *
 * The file is the sites' history: a day it lists is a day Upptime watched,
 * and a site it lists without down minutes was up. So it speaks for a span
 * (history_span.h) — the one --covers gives, else from the first day any
 * site lists to the end of the last — over which every site is up but for
 * its down minutes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "parsers/read/history_span.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

struct state {
    struct ingest *ing;
    const struct jsonstream_record *rec;
    const char *service;
    struct history_span *cov;
    enum sl_status rc;
};

/* One day of a site's dailyMinutesDown: the day is in the file's span, its
 * minutes one down interval from its midnight. */
static int
day_minutes(void *ctx, const char *key, struct json_node *value)
{
    struct state *s = ctx;
    double minutes;
    int64_t day, day_end, end;
    const char *why = "";
    char k[64];
    if (!jsondoc_number(value, &minutes) || minutes < 0 || minutes > 1440)
        s->rc =
            jsonstream_reject(s->ing, s->rec, "dailyMinutesDown '%.20s': not 0-1440 minutes", key);
    else if (ingest_time(s->ing, key, strlen(key), &day, &why))
        s->rc = jsonstream_reject(s->ing, s->rec, "dailyMinutesDown day '%.20s': %s", key, why);
    else if (!sltime_add_seconds(day, 86400, &day_end) ||
             !sltime_add_seconds(day, minutes * 60, &end))
        s->rc = jsonstream_reject(s->ing, s->rec, "dailyMinutesDown day '%.20s': " SLTIME_RANGE_WHY,
                                  key);
    else {
        history_span_time(s->cov, day);
        history_span_time(s->cov, day_end);
        if (minutes >= 1) {
            snprintf(k, sizeof k, "daily:%s", key);
            struct interval iv = {.entity = s->ing->entity,
                                  .service = s->service,
                                  .start = day,
                                  .end = end,
                                  .status = SVC_DOWN,
                                  .line = s->rec->line,
                                  .key = k};
            s->rc = ingest_interval(s->ing, &iv);
        }
    }
    return s->rc != SL_OK;
}

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct state *file = ctx;
    struct ingest *ing = file->ing;
    if (rec->key)
        return SL_OK;
    struct state s = {ing, rec, jsonstream_str(rec->node, "slug"), file->cov, SL_OK};
    if (!s.service)
        return jsonstream_reject(ing, rec, "site without a slug");
    if (!ing->entity)
        return jsonstream_reject(ing, rec, "no entity: Upptime files name none; give --entity");
    if ((s.rc = history_span_service(s.cov, s.service)))
        return diag_set(ing->diag, s.rc, ing->path, rec->line, "out of memory");
    jsondoc_each_member(jsondoc_get(rec->node, "dailyMinutesDown"), day_minutes, &s);
    return s.rc;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct history_span cov;
    history_span_init(&cov);
    struct state file = {.ing = ing, .cov = &cov};
    enum sl_status rc = jsonstream_read(ing, f, on_record, &file);
    if (!rc)
        rc = history_span_emit(&cov, ing, ing->entity);
    history_span_release(&cov);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_first(head, len) != '[')
        return 0;
    return jsonstream_head_has(head, len, "\"dailyMinutesDown\"") &&
                   jsonstream_head_has(head, len, "\"slug\"")
               ? 90
               : 0;
}

const struct parser parser_upptime_summary = {
    "upptime-summary",
    "Upptime history/summary.json: per site slug and dailyMinutesDown, each day's minutes "
    "as a down interval, every site up over the span the file covers (--covers, else its "
    "listed days); needs --entity",
    "a JSON array with slug and dailyMinutesDown",
    sniff,
    parse,
};
