/* eval_json.c — JSON rendering of evaluation results: the neutral rows, then
 * the contract rows with their "sla" block. */
#include "reports/eval_json.h"

#include "engine/jsonw.h"
#include "engine/model.h"
#include "engine/sltime.h"

#include <math.h>
#include <string.h>

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

static void write_time(struct strbuf *sb, int64_t t, const char *zone);

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
    strbuf_addf(sb,
                "\"bootstrap\":{\"rounds\":%d,\"seed\":%u,\"level\":0.95},"
                "\"low_sample_below\":%d",
                STATS_BOOTSTRAP_ROUNDS, STATS_BOOTSTRAP_SEED, STATS_LOW_SAMPLE);
    strbuf_addstr(sb, ",\"capacity\":");
    if (p->capacity.fleet_gpus > 0)
        strbuf_addf(sb, "{\"fleet_gpus\":%ld,\"gpus_per_node\":%d}", p->capacity.fleet_gpus,
                    p->capacity.gpus_per_node);
    else
        strbuf_addstr(sb, "null");
    strbuf_addf(sb, ",\"hardware_fault_threshold\":%d,\"commitments\":[", p->fault_threshold);
    for (size_t i = 0; i < p->ncommitments; i++) {
        const struct eval_commitment *cm = &p->commitments[i];
        strbuf_addstr(sb, i ? ",{\"entity\":" : "{\"entity\":");
        jsonw_str(sb, cm->entity);
        strbuf_addstr(sb, ",\"service\":");
        jsonw_str(sb, cm->service);
        strbuf_addstr(sb, ",\"kind\":");
        jsonw_str(sb, cm->kind ? cm->kind : "sla");
        strbuf_addf(sb, ",\"source\":\"%s\",\"document\":", cm->kind ? "store" : "file");
        jsonw_str(sb, cm->terms->document);
        strbuf_addstr(sb, ",\"effective_from\":");
        write_time(sb, cm->kind ? cm->effective_from : SLTIME_NONE, p->zone);
        strbuf_addch(sb, '}');
    }
    strbuf_addstr(sb, "]}");
}

void
eval_json_definitions(const struct eval_result *r, struct strbuf *sb)
{
    struct strbuf tmp = STRBUF_INIT;
    write_definitions(&tmp, &r->params);
    /* Without the key: the object alone. */
    const char *brace = strchr(tmp.buf, '{');
    strbuf_addstr(sb, brace ? brace : "{}");
    strbuf_release(&tmp);
}

static void
write_incidents(struct strbuf *sb, const struct incident_summary *inc)
{
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
    strbuf_addstr(sb, ",\"by_severity_stats\":{");
    for (int s = 1; s <= 5; s++) {
        strbuf_addf(sb, "%s\"sev%d\":{", s > 1 ? "," : "", s);
        write_stats(sb, "tta", &inc->severity_measure[s][MEASURE_TTA]);
        strbuf_addch(sb, ',');
        write_stats(sb, "ttr", &inc->severity_measure[s][MEASURE_TTR]);
        strbuf_addch(sb, '}');
    }
    strbuf_addch(sb, '}');
}

static void
write_capacity(struct strbuf *sb, const struct capacity_result *c)
{
    if (!c->evaluated) {
        strbuf_addstr(sb, "null");
        return;
    }
    strbuf_addf(sb, "{\"fleet_gpus\":%ld,\"gpu_hours\":", c->fleet_gpus);
    jsonw_num(sb, c->gpu_seconds / 3600.0);
    strbuf_addstr(sb, ",\"gpu_hours_lost\":");
    jsonw_num(sb, c->gpu_seconds_lost / 3600.0);
    strbuf_addstr(sb, ",\"unit_gpu_hours_lost\":");
    jsonw_num(sb, c->unit_gpu_seconds_lost / 3600.0);
    strbuf_addstr(sb, ",\"availability\":");
    if (c->known)
        jsonw_num(sb, c->availability);
    else
        strbuf_addstr(sb, "null");
    strbuf_addf(sb, ",\"unit_intervals\":%ld}", c->unit_intervals);
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
    write_incidents(sb, inc);
    strbuf_addstr(sb, ",\"mtbf_seconds\":");
    jsonw_num(sb, row->mtbf_seconds);
    strbuf_addstr(sb, ",\"capacity\":");
    write_capacity(sb, &row->capacity);
    strbuf_addstr(sb, ",\"sla\":null}");
}

/* The neutral row of the same entity, service and window, for the incident
 * figures of a contract row; NULL when the windows differ. */
static const struct eval_row *
neutral_twin(const struct eval_result *r, const struct eval_contract_row *c)
{
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *n = &r->rows[i];
        if (n->window.start == c->window.start && n->window.end == c->window.end &&
            !strcmp(n->entity, c->entity) &&
            ((!n->service && !c->service) ||
             (n->service && c->service && !strcmp(n->service, c->service))))
            return n;
    }
    return NULL;
}

static void
write_date(struct strbuf *sb, int64_t t, const char *zone)
{
    char d[16];
    if (t == SLTIME_NONE) {
        strbuf_addstr(sb, "null");
        return;
    }
    sltime_format_date(t, zone, d);
    jsonw_str(sb, d);
}

static void
write_time(struct strbuf *sb, int64_t t, const char *zone)
{
    char d[40];
    if (t == SLTIME_NONE) {
        strbuf_addstr(sb, "null");
        return;
    }
    sltime_format(t, zone, d);
    jsonw_str(sb, d);
}

static void
write_sla(struct strbuf *sb, const struct eval_result *r, const struct eval_contract_row *c)
{
    const struct eval_commitment *cm = &r->params.commitments[c->commitment];
    const struct contract_attainment *at = &c->attainment;
    const struct credit_result *cr = &at->credit;
    const char *zone = r->params.zone;
    strbuf_addstr(sb, "\"sla\":{\"document\":");
    jsonw_str(sb, cm->terms->document);
    strbuf_addstr(sb, ",\"kind\":");
    jsonw_str(sb, cm->kind ? cm->kind : "sla");
    strbuf_addstr(sb, ",\"effective_from\":");
    write_time(sb, cm->kind ? cm->effective_from : SLTIME_NONE, zone);
    strbuf_addstr(sb, ",\"target_percent\":");
    jsonw_num(sb, at->target_percent);
    strbuf_addstr(sb, ",\"attainment_percent\":");
    jsonw_num(sb, at->attainment_percent);
    strbuf_addstr(sb, ",\"met\":");
    strbuf_addstr(sb, !at->known || isnan(at->target_percent) ? "null"
                      : at->met                               ? "true"
                                                              : "false");
    strbuf_addstr(sb, ",\"allowed_downtime_seconds\":");
    jsonw_num(sb, at->known ? at->allowed_downtime_seconds : NAN);
    strbuf_addstr(sb, ",\"margin_seconds\":");
    jsonw_num(sb, at->known ? at->margin_seconds : NAN);
    strbuf_addf(sb, ",\"credit_match\":\"%s\",\"credit_tier_line\":", credit_match_name(cr->match));
    if (cr->tier >= 0)
        jsonw_int(sb, cm->terms->tiers[cr->tier].line);
    else
        strbuf_addstr(sb, "null");
    strbuf_addstr(sb, ",\"credit_percent\":");
    if (cr->match == CREDIT_TIER || cr->match == CREDIT_NONE_DUE)
        jsonw_num(sb, cr->credit_percent);
    else
        strbuf_addstr(sb, "null");
    strbuf_addf(sb, ",\"credit_capped\":%s,\"credit_amount\":", cr->capped ? "true" : "false");
    jsonw_num(sb, cr->amount);
    strbuf_addstr(sb, ",\"claim_deadline\":");
    /* The last local day on which a claim is on time. */
    write_date(sb, at->claim_deadline == SLTIME_NONE ? SLTIME_NONE : at->claim_deadline - 1, zone);
    strbuf_addstr(sb, ",\"claim_deadline_text\":");
    jsonw_str(sb, cm->terms->claim_deadline_text);
    strbuf_addstr(sb, ",\"chronic_failure\":");
    if (c->chronic_at >= 0)
        strbuf_addf(sb, "{\"rule\":\"%s\"}", c->chronic_consecutive ? "consecutive" : "of_windows");
    else
        strbuf_addstr(sb, "null");
    const struct budget *b = &c->budget;
    strbuf_addstr(sb, ",\"error_budget\":");
    if (!b->known) {
        strbuf_addstr(sb, "null");
    } else {
        strbuf_addstr(sb, "{\"allowed_seconds\":");
        jsonw_num(sb, b->allowed_seconds);
        strbuf_addstr(sb, ",\"consumed_seconds\":");
        jsonw_num(sb, b->consumed_seconds);
        strbuf_addstr(sb, ",\"remaining_seconds\":");
        jsonw_num(sb, b->remaining_seconds);
        strbuf_addstr(sb, ",\"consumed_share\":");
        jsonw_num(sb, b->consumed_share);
        strbuf_addstr(sb, ",\"elapsed_share\":");
        jsonw_num(sb, b->elapsed_share);
        strbuf_addstr(sb, ",\"burn_rate\":");
        jsonw_num(sb, b->burn_rate);
        strbuf_addch(sb, '}');
    }
    strbuf_addstr(sb, ",\"burn_alerts\":[");
    for (size_t i = 0; i < c->nalerts; i++) {
        const struct burn_alert *a = &c->alerts[i];
        const struct burn_rule *rule = &r->params.burn_rules[a->rule];
        strbuf_addstr(sb, i ? ",{\"rule\":" : "{\"rule\":");
        jsonw_str(sb, rule->name);
        strbuf_addstr(sb, ",\"severity\":");
        jsonw_str(sb, rule->severity);
        strbuf_addstr(sb, ",\"fired\":");
        write_time(sb, a->fired, zone);
        strbuf_addstr(sb, ",\"cleared\":");
        write_time(sb, a->cleared, zone);
        strbuf_addstr(sb, ",\"peak_burn_rate\":");
        jsonw_num(sb, a->peak_burn);
        strbuf_addch(sb, '}');
    }
    strbuf_addstr(sb, "],\"response\":[");
    for (size_t i = 0; i < c->nresponse; i++) {
        const struct eval_response *e = &c->response[i];
        strbuf_addf(sb,
                    "%s{\"severity\":\"sev%d\",\"kind\":\"%s\",\"target_minutes\":", i ? "," : "",
                    e->severity, e->resolution ? "resolution" : "response");
        jsonw_num(sb, e->target_minutes);
        strbuf_addf(sb,
                    ",\"clock\":\"%s\",\"n\":%ld,\"within\":%ld,\"late\":%ld,"
                    "\"%s\":%ld,\"share_within\":",
                    e->business_hours ? "business_hours" : "24x7", e->n, e->within, e->late,
                    e->resolution ? "unresolved" : "unacknowledged", e->unacknowledged);
        jsonw_num(sb, e->share);
        strbuf_addch(sb, '}');
    }
    strbuf_addstr(sb, "]}");
}

static void
write_contract_row(struct strbuf *sb, const struct eval_result *r,
                   const struct eval_contract_row *c)
{
    char start[40], end[40];
    const struct avail_result *a = &c->measure.avail;
    const char *zone = r->params.zone;
    const struct eval_row *twin = neutral_twin(r, c);
    sltime_format(c->window.start, zone, start);
    sltime_format(c->window.end, zone, end);
    strbuf_addstr(sb, "{\"entity\":");
    jsonw_str(sb, c->entity);
    strbuf_addstr(sb, ",\"service\":");
    jsonw_str(sb, c->service);
    strbuf_addf(sb, ",\"window\":{\"kind\":\"%s\",\"start\":\"%s\",\"end\":\"%s\"},",
                window_kind_name(c->window.kind), start, end);
    strbuf_addstr(sb, "\"measure\":\"contract\",\"availability\":");
    if (a->known)
        jsonw_num(sb, a->availability);
    else
        strbuf_addstr(sb, "null");
    strbuf_addstr(sb, ",\"downtime_seconds\":");
    jsonw_num(sb, a->downtime_seconds);
    strbuf_addf(sb,
                ",\"eligible_seconds\":%lld,\"unknown_seconds\":%lld,"
                "\"maintenance_seconds\":%lld,\"ineligible_maintenance_seconds\":%lld,"
                "\"excluded_seconds\":%lld,\"forgiven_seconds\":%lld,\"outages\":%ld,",
                (long long)a->eligible_seconds, (long long)a->unknown_seconds,
                (long long)a->maintenance_seconds, (long long)a->ineligible_maintenance_seconds,
                (long long)c->measure.excluded_seconds, (long long)c->measure.forgiven_seconds,
                c->measure.outages);
    strbuf_addstr(sb, "\"rules\":{\"min_outage_seconds\":");
    jsonw_int(sb, c->rules.min_outage_seconds);
    strbuf_addstr(sb, ",\"partial_weight\":");
    jsonw_num(sb, c->rules.weight[SVC_PARTIAL]);
    strbuf_addf(sb,
                ",\"maintenance_excluded\":%s,\"maintenance_notice_seconds\":%lld,"
                "\"maintenance_cap_seconds\":",
                c->rules.maintenance_excluded ? "true" : "false",
                (long long)c->rules.notice_seconds);
    if (c->rules.maintenance_cap_seconds)
        jsonw_int(sb, c->rules.maintenance_cap_seconds);
    else
        strbuf_addstr(sb, "null");
    strbuf_addstr(sb, "},");
    if (twin) {
        write_incidents(sb, &twin->incidents);
    } else {
        strbuf_addstr(sb, "\"incidents\":null,\"tta\":null,\"ttr\":null");
    }
    strbuf_addch(sb, ',');
    write_sla(sb, r, c);
    strbuf_addch(sb, '}');
}

void
eval_json_result(const struct eval_result *r, size_t k, struct strbuf *sb)
{
    if (k < r->nrows)
        write_row(sb, &r->rows[k], r->params.zone);
    else if (k - r->nrows < r->ncontract)
        write_contract_row(sb, r, &r->contract[k - r->nrows]);
}

void
eval_json_sla(const struct eval_result *r, size_t k, struct strbuf *sb)
{
    struct strbuf tmp = STRBUF_INIT;
    write_sla(&tmp, r, &r->contract[k]);
    /* Without the key: the object alone. */
    const char *brace = strchr(tmp.buf, '{');
    strbuf_addstr(sb, brace ? brace : "null");
    strbuf_release(&tmp);
}

static void
write_faults(struct strbuf *sb, const struct eval_result *r)
{
    const char *zone = r->params.zone;
    strbuf_addstr(sb, ",\"hardware_fault_nodes\":[");
    for (size_t i = 0; i < r->nfaults; i++) {
        const struct eval_fault_node *f = &r->faults[i];
        char start[40], end[40];
        sltime_format(f->window.start, zone, start);
        sltime_format(f->window.end, zone, end);
        strbuf_addstr(sb, i ? ",{\"entity\":" : "{\"entity\":");
        jsonw_str(sb, f->entity);
        strbuf_addf(sb, ",\"window\":{\"kind\":\"%s\",\"start\":\"%s\",\"end\":\"%s\"},\"host\":",
                    window_kind_name(f->window.kind), start, end);
        jsonw_str(sb, f->node.host);
        strbuf_addf(sb, ",\"hardware_events\":%ld,\"first\":", f->node.count);
        write_time(sb, f->node.first, zone);
        strbuf_addstr(sb, ",\"last\":");
        write_time(sb, f->node.last, zone);
        strbuf_addstr(sb, ",\"xids\":[");
        for (size_t x = 0; x < f->node.nxids; x++)
            strbuf_addf(sb, "%s%d", x ? "," : "", f->node.xids[x]);
        strbuf_addstr(sb, "]}");
    }
    strbuf_addch(sb, ']');
}

static void
write_span(struct strbuf *sb, const struct reconcile_span *s, const char *zone, bool report)
{
    strbuf_addstr(sb, "{\"start\":");
    write_time(sb, s->start, zone);
    strbuf_addstr(sb, ",\"end\":");
    write_time(sb, s->end, zone);
    strbuf_addf(sb,
                ",\"seconds\":%lld,\"status\":\"%s\",\"from_intervals\":%s,"
                "\"incidents\":%ld,\"first_incident\":",
                (long long)(s->end - s->start), svc_status_name(s->status),
                s->from_intervals ? "true" : "false", s->incidents);
    jsonw_str(sb, s->first_incident);
    strbuf_addf(sb, ",\"overlap_seconds\":%lld,", (long long)s->overlap_seconds);
    if (report)
        strbuf_addf(sb, "\"watched_seconds\":%lld,", (long long)s->watched_seconds);
    strbuf_addf(sb, "\"verdict\":\"%s\"}", reconcile_verdict_name(s->verdict));
}

void
eval_json_reconcile(const struct reconcile_result *r, const char *entity, const char *service,
                    const char *zone, struct strbuf *sb)
{
    strbuf_addstr(sb, "{\"reconcile\":{\"entity\":");
    jsonw_str(sb, entity);
    strbuf_addstr(sb, ",\"service\":");
    jsonw_str(sb, service);
    strbuf_addstr(sb, ",\"from\":");
    write_time(sb, r->from, zone);
    strbuf_addstr(sb, ",\"to\":");
    write_time(sb, r->to, zone);
    strbuf_addf(sb,
                ",\"rules\":{\"probe_min_outage_seconds\":%lld,\"slack_seconds\":%lld,"
                "\"min_overlap_seconds\":%lld},"
                "\"records\":{\"provider\":%ld,\"probe\":%ld,\"incident_log\":%ld,"
                "\"ignored\":%ld,\"short_probe_runs\":%ld},"
                "\"summary\":{\"observed\":%zu,\"observed_reported\":%ld,"
                "\"observed_unreported\":%ld,\"reports\":%zu,\"reports_confirmed\":%ld,"
                "\"reports_unconfirmed\":%ld,\"reports_unverifiable\":%ld,"
                "\"observed_seconds\":%lld,\"unreported_seconds\":%lld,"
                "\"reported_seconds\":%lld},\"observed\":[",
                (long long)r->params.min_outage_seconds, (long long)r->params.slack_seconds,
                (long long)r->params.min_overlap_seconds, r->provider_records, r->probe_records,
                r->incident_records, r->ignored_records, r->short_probe_runs, r->nobserved,
                r->observed_reported, r->observed_unreported, r->nreported, r->reports_confirmed,
                r->reports_unconfirmed, r->reports_unverifiable, (long long)r->observed_seconds,
                (long long)r->unreported_seconds, (long long)r->reported_seconds);
    for (size_t i = 0; i < r->nobserved; i++) {
        if (i)
            strbuf_addch(sb, ',');
        write_span(sb, &r->observed[i], zone, false);
    }
    strbuf_addstr(sb, "],\"reported\":[");
    for (size_t i = 0; i < r->nreported; i++) {
        if (i)
            strbuf_addch(sb, ',');
        write_span(sb, &r->reported[i], zone, true);
    }
    strbuf_addstr(sb, "]}}\n");
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
    for (size_t i = 0; i < r->ncontract; i++) {
        if (i || r->nrows)
            strbuf_addch(out, ',');
        write_contract_row(out, r, &r->contract[i]);
    }
    strbuf_addch(out, ']');
    write_faults(out, r);
    return strbuf_addstr(out, "}\n");
}
