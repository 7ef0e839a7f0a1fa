/* upptime_summary.c — an Upptime repository's history/summary.json: per site
 * name, url, slug, status, uptime percentages (rounded text) and
 * dailyMinutesDown {"YYYY-MM-DD": minutes}. Only the minutes are
 * measurements: each day's minutes become one down interval of that length
 * starting at midnight UTC (Upptime counts UTC days and does not say when in
 * the day they fell, so a day-level total is exact but its place in the day
 * is not). The percentages are Upptime's own rounding and are not stored. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

struct state {
    struct ingest *ing;
    const struct jsonstream_record *rec;
    const char *service;
    enum sl_status rc;
};

static int
day_minutes(void *ctx, const char *key, struct json_node *value)
{
    struct state *s = ctx;
    double minutes;
    int64_t day, end;
    const char *why = "";
    char reason[200], k[64];
    if (!jsondoc_number(value, &minutes) || minutes < 0 || minutes > 1440) {
        snprintf(reason, sizeof reason, "dailyMinutesDown '%.20s': not 0-1440 minutes", key);
        s->rc = jsonstream_reject(s->ing, s->rec, "%s", reason);
    } else if (ingest_time(s->ing, key, strlen(key), &day, &why)) {
        s->rc = jsonstream_reject(s->ing, s->rec, "dailyMinutesDown day '%.20s': %s", key, why);
    } else if (minutes >= 1 && !sltime_add_seconds(day, minutes * 60, &end)) {
        s->rc = jsonstream_reject(s->ing, s->rec, "dailyMinutesDown day '%.20s': " SLTIME_RANGE_WHY,
                                  key);
    } else if (minutes >= 1) {
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
    return s->rc != SL_OK;
}

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct ingest *ing = ctx;
    if (rec->key)
        return SL_OK;
    struct state s = {ing, rec, jsonstream_str(rec->node, "slug"), SL_OK};
    if (!s.service)
        return jsonstream_reject(ing, rec, "site without a slug");
    if (!ing->entity)
        return jsonstream_reject(ing, rec, "no entity: Upptime files name none; give --entity");
    jsondoc_each_member(jsondoc_get(rec->node, "dailyMinutesDown"), day_minutes, &s);
    return s.rc;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    return jsonstream_read(ing, f, on_record, ing);
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
    "as a down interval; needs --entity",
    "a JSON array with slug and dailyMinutesDown",
    sniff,
    parse,
};
