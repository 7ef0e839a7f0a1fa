/* eval_json.c — JSON rendering of evaluation results. */
#include "reports/eval_json.h"

#include "engine/jsonw.h"
#include "engine/model.h"
#include "engine/sltime.h"

static void
write_stats(struct strbuf *sb, const char *key, const struct duration_stats *s)
{
    jsonw_key(sb, key);
    strbuf_addf(sb, "{\"n\":%ld,", s->n);
    if (s->n == 0) {
        strbuf_addstr(sb, "\"mean\":null,\"median\":null,\"p90\":null,\"max\":null,"
                          "\"median_ci\":null,\"low_sample\":true}");
        return;
    }
    strbuf_addstr(sb, "\"mean\":");
    jsonw_num(sb, s->mean);
    strbuf_addstr(sb, ",\"median\":");
    jsonw_num(sb, s->median);
    strbuf_addstr(sb, ",\"p90\":");
    jsonw_num(sb, s->p90);
    strbuf_addstr(sb, ",\"max\":");
    jsonw_num(sb, s->max);
    strbuf_addstr(sb, ",\"median_ci\":[");
    jsonw_num(sb, s->median_ci[0]);
    strbuf_addch(sb, ',');
    jsonw_num(sb, s->median_ci[1]);
    strbuf_addf(sb, "],\"low_sample\":%s}", s->low_sample ? "true" : "false");
}

static void
write_definitions(struct strbuf *sb, const struct eval_params *p)
{
    strbuf_addstr(sb, "\"definitions\":{\"availability\":");
    jsonw_str(sb, "1 - sum(weight(status) * seconds) / eligible_seconds; eligible = window - "
                  "eligible maintenance - unknown; worst status wins where sources overlap");
    strbuf_addstr(sb, ",\"weights\":{");
    for (int s = SVC_UP; s < SVC_STATUS_COUNT; s++) {
        if (s > SVC_UP)
            strbuf_addch(sb, ',');
        jsonw_key(sb, svc_status_name((enum svc_status)s));
        jsonw_num(sb, p->avail.weight[s]);
    }
    strbuf_addf(sb, "},\"maintenance_notice_seconds\":%lld,\"maintenance_cap_seconds\":",
                (long long)p->avail.notice_seconds);
    if (p->avail.maintenance_cap_seconds)
        jsonw_int(sb, p->avail.maintenance_cap_seconds);
    else
        strbuf_addstr(sb, "null");
    strbuf_addstr(sb, ",\"time_zone\":");
    jsonw_str(sb, p->zone ? p->zone : "UTC");
    strbuf_addstr(sb, ",\"ttd\":\"detected - started\",\"tta\":\"acknowledged - detected\","
                      "\"ttm\":\"mitigated - started\",\"ttr\":\"resolved - started\","
                      "\"percentiles\":\"linear interpolation between closest ranks\",");
    strbuf_addf(sb, "\"bootstrap\":{\"rounds\":%d,\"seed\":%u,\"level\":0.95},"
                    "\"low_sample_below\":%d}",
                STATS_BOOTSTRAP_ROUNDS, STATS_BOOTSTRAP_SEED, STATS_LOW_SAMPLE);
}

static void
write_row(struct strbuf *sb, const struct eval_row *row, const char *zone)
{
    char start[40], end[40];
    const struct avail_result *a = &row->avail;
    const struct incident_summary *inc = &row->incidents;
    sltime_format(row->window.start, zone, start);
    sltime_format(row->window.end, zone, end);
    strbuf_addch(sb, '{');
    jsonw_key(sb, "entity");
    jsonw_str(sb, row->entity);
    strbuf_addch(sb, ',');
    jsonw_key(sb, "service");
    jsonw_str(sb, row->service);
    strbuf_addf(sb, ",\"window\":{\"kind\":\"%s\",\"start\":\"%s\",\"end\":\"%s\"},",
                window_kind_name(row->window.kind), start, end);
    strbuf_addstr(sb, "\"measure\":\"neutral\",\"availability\":");
    if (a->known)
        jsonw_num(sb, a->availability);
    else
        strbuf_addstr(sb, "null");
    strbuf_addstr(sb, ",\"downtime_seconds\":");
    jsonw_num(sb, a->downtime_seconds);
    strbuf_addf(sb,
                ",\"eligible_seconds\":%lld,\"unknown_seconds\":%lld,"
                "\"maintenance_seconds\":%lld,\"ineligible_maintenance_seconds\":%lld,",
                (long long)a->eligible_seconds, (long long)a->unknown_seconds,
                (long long)a->maintenance_seconds, (long long)a->ineligible_maintenance_seconds);
    strbuf_addf(sb, "\"incidents\":{\"total\":%ld,\"by_severity\":{", inc->total);
    for (int s = 1; s <= 5; s++)
        strbuf_addf(sb, "%s\"sev%d\":%ld", s > 1 ? "," : "", s, inc->by_severity[s]);
    strbuf_addf(sb, ",\"none\":%ld},\"open\":%ld,\"merged_left_out\":%ld,\"unacknowledged\":%ld},",
                inc->by_severity[0], inc->open, inc->merged, inc->unacknowledged);
    write_stats(sb, "ttd", &inc->measure[MEASURE_TTD]);
    strbuf_addch(sb, ',');
    write_stats(sb, "tta", &inc->measure[MEASURE_TTA]);
    strbuf_addch(sb, ',');
    write_stats(sb, "ttm", &inc->measure[MEASURE_TTM]);
    strbuf_addch(sb, ',');
    write_stats(sb, "ttr", &inc->measure[MEASURE_TTR]);
    strbuf_addstr(sb, ",\"sla\":null}");
}

enum sl_status
eval_json_write(const struct eval_result *r, struct strbuf *out)
{
    strbuf_addch(out, '{');
    write_definitions(out, &r->params);
    strbuf_addstr(out, ",\"results\":[");
    for (size_t i = 0; i < r->nrows; i++) {
        if (i)
            strbuf_addch(out, ',');
        write_row(out, &r->rows[i], r->params.zone);
    }
    return strbuf_addstr(out, "]}\n");
}
