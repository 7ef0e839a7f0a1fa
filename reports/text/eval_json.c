/* eval_json.c — JSON rendering of evaluation results: the neutral rows, then
 * the contract rows with their "sla" block. */
#include "reports/text/eval_json.h"

#include "engine/base/jsonw.h"
#include "engine/model/model.h"
#include "engine/sla/sla_credit_unit.h"
#include "engine/time/sltime.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static void
field_time(struct jsonw *w, const char *key, int64_t t, const char *zone)
{
    char text[40];
    if (t == SLTIME_NONE) {
        jsonw_field_null(w, key);
        return;
    }
    sltime_format(t, zone, text);
    jsonw_field_str(w, key, text);
}

static void
field_date(struct jsonw *w, const char *key, int64_t t, const char *zone)
{
    char text[16];
    if (t == SLTIME_NONE) {
        jsonw_field_null(w, key);
        return;
    }
    sltime_format_date(t, zone, text);
    jsonw_field_str(w, key, text);
}

static void
write_window(struct jsonw *w, const struct window *win, const char *zone)
{
    jsonw_open(w, "window", '{');
    jsonw_field_str(w, "kind", window_kind_name(win->kind));
    field_time(w, "start", win->start, zone);
    field_time(w, "end", win->end, zone);
    jsonw_close(w, '}');
}

static void
write_stats_fields(struct jsonw *w, const struct duration_stats *s)
{
    jsonw_field_int(w, "n", s->n);
    if (s->n == 0) {
        jsonw_field_null(w, "mean");
        jsonw_field_null(w, "median");
        jsonw_field_null(w, "p90");
        jsonw_field_null(w, "max");
        jsonw_field_null(w, "median_ci");
        jsonw_field_bool(w, "low_sample", true);
    } else {
        jsonw_field_num(w, "mean", s->mean);
        jsonw_field_num(w, "median", s->median);
        jsonw_field_num(w, "p90", s->p90);
        jsonw_field_num(w, "max", s->max);
        jsonw_open(w, "median_ci", '[');
        jsonw_field_num(w, NULL, s->median_ci[0]);
        jsonw_field_num(w, NULL, s->median_ci[1]);
        jsonw_close(w, ']');
        jsonw_field_bool(w, "low_sample", s->low_sample);
    }
}

static void
write_stats(struct jsonw *w, const char *key, const struct duration_stats *s)
{
    jsonw_open(w, key, '{');
    write_stats_fields(w, s);
    jsonw_close(w, '}');
}

/* key is NULL for the object alone. */
static void
write_definitions(struct jsonw *w, const char *key, const struct eval_params *p)
{
    jsonw_open(w, key, '{');
    jsonw_field_str(w, "availability",
                    "1 - sum(weight(status) * seconds) / eligible_seconds; eligible = window - "
                    "eligible maintenance - unknown; worst status wins where sources overlap");
    jsonw_open(w, "weights", '{');
    for (int s = SVC_UP; s < SVC_STATUS_COUNT; s++)
        jsonw_field_num(w, svc_status_name((enum svc_status)s), p->avail.weight[s]);
    jsonw_close(w, '}');
    jsonw_field_int(w, "maintenance_notice_seconds", p->avail.notice_seconds);
    if (p->avail.maintenance_cap_seconds)
        jsonw_field_int(w, "maintenance_cap_seconds", p->avail.maintenance_cap_seconds);
    else
        jsonw_field_null(w, "maintenance_cap_seconds");
    jsonw_field_str(w, "monitoring_coverage", "1 - unknown_seconds / window_seconds");
    jsonw_open(w, "minimum_coverage", '{');
    jsonw_field_num(w, "insufficient_below", p->avail.coverage.min);
    jsonw_field_num(w, "partial_below", p->avail.coverage.partial);
    jsonw_close(w, '}');
    jsonw_field_str(w, "time_zone", p->zone ? p->zone : "UTC");
    jsonw_field_str(w, "ttd", "detected - started; both recorded");
    jsonw_field_str(w, "tta", "acknowledged - detected");
    jsonw_field_str(w, "ttm", "mitigated - started");
    jsonw_field_str(w, "ttr",
                    "resolved - started, else detected (the share so measured is "
                    "ttr.started_from_detected)");
    jsonw_field_str(w, "mtbf", "(eligible - downtime) / failures");
    jsonw_field_int(w, "failure_worst_severity", p->failure_severity);
    jsonw_field_str(w, "percentiles", "linear interpolation between closest ranks");
    jsonw_field_str(w, "latency_percentiles",
                    "nearest rank: the sample of rank ceil(p/100 x n), probes in the window");
    jsonw_field_str(w, "latency_objective",
                    "share of samples at or under threshold_ms >= percentile %");
    jsonw_open(w, "bootstrap", '{');
    jsonw_field_int(w, "rounds", STATS_BOOTSTRAP_ROUNDS);
    jsonw_field_int(w, "seed", STATS_BOOTSTRAP_SEED);
    jsonw_field_num(w, "level", 0.95);
    jsonw_close(w, '}');
    jsonw_field_int(w, "low_sample_below", STATS_LOW_SAMPLE);
    if (p->capacity.fleet_gpus > 0) {
        jsonw_open(w, "capacity", '{');
        jsonw_field_int(w, "fleet_gpus", p->capacity.fleet_gpus);
        jsonw_field_int(w, "gpus_per_node", p->capacity.gpus_per_node);
        jsonw_close(w, '}');
    } else {
        jsonw_field_null(w, "capacity");
    }
    jsonw_field_int(w, "hardware_fault_threshold", p->fault_threshold);
    jsonw_open(w, "commitments", '[');
    for (size_t i = 0; i < p->ncommitments; i++) {
        const struct eval_commitment *cm = &p->commitments[i];
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "entity", cm->entity);
        jsonw_field_str(w, "service", cm->service);
        jsonw_field_str(w, "kind", cm->kind ? cm->kind : "sla");
        jsonw_field_str(w, "source", cm->kind ? "store" : "file");
        jsonw_field_str(w, "document", cm->terms->document);
        field_time(w, "effective_from", cm->kind ? cm->effective_from : SLTIME_NONE, p->zone);
        jsonw_field_num(w, "monthly_fee", cm->monthly_fee);
        jsonw_field_str(w, "currency", cm->currency);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
    jsonw_close(w, '}');
}

enum sl_status
eval_json_definitions(const struct eval_result *r, struct strbuf *sb)
{
    struct jsonw w;
    jsonw_begin(&w, sb);
    write_definitions(&w, NULL, &r->params);
    return w.status;
}

/* The "incidents" object, then the measures' statistics beside it. */
static void
write_incidents(struct jsonw *w, const struct incident_summary *inc)
{
    char key[16]; /* "sev1".."sev5", with room for any int as gcc -O1 counts */
    jsonw_open(w, "incidents", '{');
    jsonw_field_int(w, "total", inc->total);
    jsonw_open(w, "by_severity", '{');
    for (int s = 1; s <= 5; s++) {
        snprintf(key, sizeof key, "sev%d", s);
        jsonw_field_int(w, key, inc->by_severity[s]);
    }
    jsonw_field_int(w, "none", inc->by_severity[0]);
    jsonw_close(w, '}');
    jsonw_field_int(w, "open", inc->open);
    jsonw_field_int(w, "merged_left_out", inc->merged);
    jsonw_field_int(w, "unacknowledged", inc->unacknowledged);
    jsonw_field_int(w, "entity_without_service", inc->entity_without_service);
    jsonw_close(w, '}');
    static const char *const keys[MEASURE_COUNT] = {"ttd", "tta", "ttm", "ttr"};
    for (int m = 0; m < MEASURE_COUNT; m++) {
        const struct duration_stats *s = &inc->measure[m];
        jsonw_open(w, keys[m], '{');
        write_stats_fields(w, s);
        /* the incidents whose stamps for this measure are in an impossible
         * order: counted above, left out of these figures only */
        jsonw_field_int(w, "impossible_order", inc->impossible_order[m]);
        /* TTR with the share measured from detected, where started was not
         * recorded: not like for like with sources that record it */
        if (m == MEASURE_TTR)
            jsonw_field_num(w, "started_from_detected",
                            s->n ? (double)inc->ttr_from_detected / (double)s->n : NAN);
        jsonw_close(w, '}');
    }
    jsonw_open(w, "by_severity_stats", '{');
    for (int s = 1; s <= 5; s++) {
        snprintf(key, sizeof key, "sev%d", s);
        jsonw_open(w, key, '{');
        write_stats(w, "tta", &inc->severity_measure[s][MEASURE_TTA]);
        write_stats(w, "ttr", &inc->severity_measure[s][MEASURE_TTR]);
        jsonw_close(w, '}');
    }
    jsonw_close(w, '}');
}

static void
write_capacity(struct jsonw *w, const struct capacity_result *c)
{
    if (!c->evaluated) {
        jsonw_field_null(w, "capacity");
        return;
    }
    jsonw_open(w, "capacity", '{');
    jsonw_field_int(w, "fleet_gpus", c->fleet_gpus);
    jsonw_field_num(w, "gpu_hours", c->gpu_seconds / 3600.0);
    jsonw_field_num(w, "gpu_hours_lost", c->gpu_seconds_lost / 3600.0);
    jsonw_field_num(w, "unit_gpu_hours_lost", c->unit_gpu_seconds_lost / 3600.0);
    jsonw_field_num(w, "availability", c->known ? c->availability : NAN);
    jsonw_field_int(w, "unit_intervals", c->unit_intervals);
    jsonw_close(w, '}');
}

/* The fields every result row opens with, up to "coverage_flag". */
static void
write_row_head(struct jsonw *w, const char *entity, const char *service, const struct window *win,
               const char *zone, const char *measure, const struct avail_result *a,
               enum avail_coverage coverage)
{
    jsonw_field_str(w, "entity", entity);
    jsonw_field_str(w, "service", service);
    write_window(w, win, zone);
    jsonw_field_str(w, "measure", measure);
    /* Below the minimum coverage the availability is null and the measured
     * value is only a note beside it (docs/design.md §4). */
    bool shown = a->known && coverage != AVAIL_COVERAGE_INSUFFICIENT;
    jsonw_field_num(w, "availability", shown ? a->availability : NAN);
    jsonw_field_num(w, "downtime_seconds", a->downtime_seconds);
    jsonw_field_int(w, "eligible_seconds", a->eligible_seconds);
    jsonw_field_int(w, "unknown_seconds", a->unknown_seconds);
    jsonw_field_int(w, "maintenance_seconds", a->maintenance_seconds);
    jsonw_field_int(w, "ineligible_maintenance_seconds", a->ineligible_maintenance_seconds);
    jsonw_field_num(w, "availability_measured", a->known ? a->availability : NAN);
    jsonw_field_num(w, "monitoring_coverage", availability_coverage(a));
    jsonw_field_str(w, "coverage_flag", availability_coverage_name(coverage));
}

/* "latency": null where the service has no latency and no objective. */
static void
write_latency(struct jsonw *w, const struct latency_result *l)
{
    if (!l->samples && !l->objective.set) {
        jsonw_field_null(w, "latency");
        return;
    }
    jsonw_open(w, "latency", '{');
    jsonw_field_int(w, "samples", l->samples);
    jsonw_field_num(w, "p50_ms", l->p50_ms);
    jsonw_field_num(w, "p95_ms", l->p95_ms);
    jsonw_field_num(w, "p99_ms", l->p99_ms);
    jsonw_field_num(w, "max_ms", l->max_ms);
    if (l->objective.set) {
        jsonw_open(w, "objective", '{');
        jsonw_field_num(w, "percentile", l->objective.percentile);
        jsonw_field_num(w, "threshold_ms", l->objective.threshold_ms);
        jsonw_field_int(w, "under", l->under);
        jsonw_field_num(w, "share_under", l->share_under);
        if (l->met == LATENCY_UNKNOWN)
            jsonw_field_null(w, "met");
        else
            jsonw_field_bool(w, "met", l->met == LATENCY_MET);
        jsonw_close(w, '}');
    } else {
        jsonw_field_null(w, "objective");
    }
    jsonw_close(w, '}');
}

static void
write_row(struct jsonw *w, const struct eval_row *row, const char *zone)
{
    jsonw_open(w, NULL, '{');
    write_row_head(w, row->entity, row->service, &row->window, zone, "neutral", &row->avail,
                   row->coverage);
    write_incidents(w, &row->incidents);
    jsonw_field_num(w, "mtbf_seconds", row->mtbf_seconds);
    jsonw_field_int(w, "failures", row->failures);
    write_capacity(w, &row->capacity);
    /* The one target the row is judged against, as written. */
    jsonw_field_num(w, "target_percent", 100.0 * target_fraction(row->target_percent));
    jsonw_field_str(w, "target_source", target_source_name(row->target_source));
    write_latency(w, &row->latency);
    jsonw_field_null(w, "sla");
    jsonw_close(w, '}');
}

/* key is NULL for the object alone. */
static void
write_sla(struct jsonw *w, const char *key, const struct eval_result *r,
          const struct eval_contract_row *c)
{
    const struct eval_commitment *cm = &r->params.commitments[c->commitment];
    const struct contract_attainment *at = &c->attainment;
    const struct credit_result *cr = &at->credit;
    const char *zone = r->params.zone;
    jsonw_open(w, key, '{');
    jsonw_field_str(w, "document", cm->terms->document);
    jsonw_field_str(w, "kind", cm->kind ? cm->kind : "sla");
    field_time(w, "effective_from", cm->kind ? cm->effective_from : SLTIME_NONE, zone);
    jsonw_field_num(w, "target_percent", at->target_percent);
    jsonw_field_num(w, "attainment_percent", at->attainment_percent);
    if (!at->known || isnan(at->target_percent))
        jsonw_field_null(w, "met");
    else
        jsonw_field_bool(w, "met", at->met);
    jsonw_field_num(w, "allowed_downtime_seconds", at->known ? at->allowed_downtime_seconds : NAN);
    jsonw_field_num(w, "margin_seconds", at->known ? at->margin_seconds : NAN);
    jsonw_field_str(w, "credit_match", credit_match_name(cr->match));
    if (cr->tier >= 0)
        jsonw_field_int(w, "credit_tier_line", cm->terms->tiers[cr->tier].line);
    else
        jsonw_field_null(w, "credit_tier_line");
    /* A credit that is no share of the fee has no percentage: credit_owed. */
    jsonw_field_num(w, "credit_percent",
                    (cr->match == CREDIT_TIER && credit_is_share(cr)) ||
                            cr->match == CREDIT_NONE_DUE
                        ? cr->credit_percent
                        : NAN);
    jsonw_field_bool(w, "credit_capped", cr->capped);
    jsonw_field_num(w, "credit_amount", cr->amount);
    /* The last local day on which a claim is on time. */
    field_date(w, "claim_deadline",
               at->claim_deadline == SLTIME_NONE ? SLTIME_NONE : at->claim_deadline - 1, zone);
    jsonw_field_str(w, "claim_deadline_text", cm->terms->claim_deadline_text);
    jsonw_field_str(w, "currency", isfinite(cr->amount) ? cm->currency : NULL);
    sla_credit_unit_json(w, "credit_owed", cr);
    if (c->chronic_at >= 0) {
        jsonw_open(w, "chronic_failure", '{');
        jsonw_field_str(w, "rule", c->chronic_consecutive ? "consecutive" : "of_windows");
        jsonw_close(w, '}');
    } else {
        jsonw_field_null(w, "chronic_failure");
    }
    const struct budget *b = &c->budget;
    if (b->known) {
        jsonw_open(w, "error_budget", '{');
        jsonw_field_num(w, "allowed_seconds", b->allowed_seconds);
        jsonw_field_num(w, "consumed_seconds", b->consumed_seconds);
        jsonw_field_num(w, "remaining_seconds", b->remaining_seconds);
        jsonw_field_num(w, "consumed_share", b->consumed_share);
        jsonw_field_num(w, "elapsed_share", b->elapsed_share);
        jsonw_field_num(w, "burn_rate", b->burn_rate);
        jsonw_close(w, '}');
    } else {
        jsonw_field_null(w, "error_budget");
    }
    if (!c->alerts_replayed) {
        /* A pooled row: not "none fired", but not replayed here. */
        jsonw_field_null(w, "burn_alerts");
        jsonw_field_str(w, "burn_alerts_scope", c->service ? "not replayed" : "per service");
    } else {
        jsonw_field_str(w, "burn_alerts_scope", "this row");
        jsonw_open(w, "burn_alerts", '[');
    }
    for (size_t i = 0; c->alerts_replayed && i < c->nalerts; i++) {
        const struct burn_alert *a = &c->alerts[i];
        const struct burn_rule *rule = &r->params.burn_rules[a->rule];
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "rule", rule->name);
        jsonw_field_str(w, "severity", rule->severity);
        field_time(w, "fired", a->fired, zone);
        field_time(w, "cleared", a->cleared, zone);
        jsonw_field_num(w, "threshold", a->threshold);
        jsonw_field_num(w, "peak_burn_rate", a->peak_burn);
        jsonw_close(w, '}');
    }
    if (c->alerts_replayed)
        jsonw_close(w, ']');
    jsonw_open(w, "response", '[');
    for (size_t i = 0; i < c->nresponse; i++) {
        const struct eval_response *e = &c->response[i];
        char severity[16];
        snprintf(severity, sizeof severity, "sev%d", e->severity);
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "severity", severity);
        jsonw_field_str(w, "kind", e->resolution ? "resolution" : "response");
        jsonw_field_num(w, "target_minutes", e->target_minutes);
        jsonw_field_str(w, "clock", e->business_hours ? "business_hours" : "24x7");
        jsonw_field_int(w, "n", e->n);
        jsonw_field_int(w, "within", e->within);
        jsonw_field_int(w, "late", e->late);
        jsonw_field_int(w, e->resolution ? "unresolved" : "unacknowledged", e->unacknowledged);
        jsonw_field_int(w, "impossible_order", e->impossible_order);
        jsonw_field_num(w, "share_within", e->share);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
    jsonw_close(w, '}');
}

static void
write_contract_row(struct jsonw *w, const struct eval_result *r, const struct eval_contract_row *c)
{
    jsonw_open(w, NULL, '{');
    write_row_head(w, c->entity, c->service, &c->window, r->params.zone, "contract",
                   &c->measure.avail, c->coverage);
    jsonw_field_int(w, "excluded_seconds", c->measure.excluded_seconds);
    jsonw_field_int(w, "forgiven_seconds", c->measure.forgiven_seconds);
    jsonw_field_int(w, "outages", c->measure.outages);
    jsonw_open(w, "rules", '{');
    jsonw_field_int(w, "min_outage_seconds", c->rules.min_outage_seconds);
    jsonw_field_num(w, "partial_weight", c->rules.weight[SVC_PARTIAL]);
    jsonw_field_bool(w, "maintenance_excluded", c->rules.maintenance_excluded);
    jsonw_field_int(w, "maintenance_notice_seconds", c->rules.notice_seconds);
    if (c->rules.maintenance_cap_seconds)
        jsonw_field_int(w, "maintenance_cap_seconds", c->rules.maintenance_cap_seconds);
    else
        jsonw_field_null(w, "maintenance_cap_seconds");
    jsonw_close(w, '}');
    if (c->neutral) { /* the incident figures of the window it shares */
        write_incidents(w, &c->neutral->incidents);
    } else {
        jsonw_field_null(w, "incidents");
        jsonw_field_null(w, "tta");
        jsonw_field_null(w, "ttr");
    }
    write_sla(w, "sla", r, c);
    jsonw_close(w, '}');
}

enum sl_status
eval_json_result(const struct eval_result *r, size_t k, struct strbuf *sb)
{
    struct jsonw w;
    jsonw_begin(&w, sb);
    if (k < r->nrows)
        write_row(&w, &r->rows[k], r->params.zone);
    else if (k - r->nrows < r->ncontract)
        write_contract_row(&w, r, &r->contract[k - r->nrows]);
    return w.status;
}

enum sl_status
eval_json_sla(const struct eval_result *r, size_t k, struct strbuf *sb)
{
    struct jsonw w;
    jsonw_begin(&w, sb);
    write_sla(&w, NULL, r, &r->contract[k]);
    return w.status;
}

/* "credits": per commitment and window, the credits of its service rows,
 * each priced with its own fee; amount_due sums the priced ones only, and
 * unpriced lists the others (a percent of each service's fee, never
 * added together). */
static void
write_credits(struct jsonw *w, const struct eval_result *r)
{
    const char *zone = r->params.zone;
    jsonw_open(w, "credits", '[');
    for (size_t i = 0; i < r->ncontract; i++) {
        if (!eval_credits_first_window(r, i))
            continue;
        const struct eval_contract_row *c = &r->contract[i];
        const struct eval_commitment *cm = &r->params.commitments[c->commitment];
        struct eval_credits cr;
        eval_credits_of(r, c->commitment, c->window.end - 1, c->window.end, &cr);
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "entity", cm->entity);
        jsonw_field_str(w, "service", cm->service);
        jsonw_field_str(w, "document", cm->terms->document);
        jsonw_field_str(w, "kind", cm->kind ? cm->kind : "sla");
        write_window(w, &c->window, zone);
        jsonw_field_num(w, "monthly_fee", cm->monthly_fee);
        jsonw_field_str(w, "currency", cm->currency);
        jsonw_field_int(w, "services", (long long)cr.rows);
        jsonw_field_int(w, "due", (long long)cr.due);
        jsonw_field_num(w, "amount_due", cr.due > cr.unpriced || cr.due == 0 ? cr.amount : NAN);
        jsonw_open(w, "by_service", '[');
        for (size_t j = 0; j < r->ncontract; j++) {
            const struct eval_contract_row *o = &r->contract[j];
            const struct credit_result *x = &o->attainment.credit;
            if (o->commitment != c->commitment || !o->service || o->window.end != c->window.end)
                continue;
            jsonw_open(w, NULL, '{');
            jsonw_field_str(w, "service", o->service);
            jsonw_field_str(w, "credit_match", credit_match_name(x->match));
            jsonw_field_num(
                w, "credit_percent",
                x->match == CREDIT_TIER || x->match == CREDIT_NONE_DUE ? x->credit_percent : NAN);
            jsonw_field_num(w, "amount", x->amount);
            jsonw_close(w, '}');
        }
        jsonw_close(w, ']');
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
}

static void
write_faults(struct jsonw *w, const struct eval_result *r)
{
    const char *zone = r->params.zone;
    jsonw_open(w, "hardware_fault_nodes", '[');
    for (size_t i = 0; i < r->nfaults; i++) {
        const struct eval_fault_node *f = &r->faults[i];
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "entity", f->entity);
        write_window(w, &f->window, zone);
        jsonw_field_str(w, "host", f->node.host);
        jsonw_field_int(w, "hardware_events", f->node.count);
        field_time(w, "first", f->node.first, zone);
        field_time(w, "last", f->node.last, zone);
        jsonw_open(w, "xids", '[');
        for (size_t x = 0; x < f->node.nxids; x++)
            jsonw_field_int(w, NULL, f->node.xids[x]);
        jsonw_close(w, ']');
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
}

static void
write_span(struct jsonw *w, const struct reconcile_span *s, const char *zone, bool report)
{
    jsonw_open(w, NULL, '{');
    field_time(w, "start", s->start, zone);
    field_time(w, "end", s->end, zone);
    jsonw_field_int(w, "seconds", s->end - s->start);
    jsonw_field_str(w, "status", svc_status_name(s->status));
    jsonw_field_bool(w, "from_intervals", s->from_intervals);
    jsonw_field_int(w, "incidents", s->incidents);
    jsonw_field_str(w, "first_incident", s->first_incident);
    jsonw_field_int(w, "overlap_seconds", s->overlap_seconds);
    if (report)
        jsonw_field_int(w, "watched_seconds", s->watched_seconds);
    jsonw_field_str(w, "verdict", reconcile_verdict_name(s->verdict));
    jsonw_close(w, '}');
}

enum sl_status
eval_json_reconcile(const struct reconcile_result *r, const char *entity, const char *service,
                    const char *zone, struct strbuf *sb)
{
    struct jsonw w;
    jsonw_begin(&w, sb);
    jsonw_open(&w, NULL, '{');
    jsonw_open(&w, "reconcile", '{');
    jsonw_field_str(&w, "entity", entity);
    jsonw_field_str(&w, "service", service);
    field_time(&w, "from", r->from, zone);
    field_time(&w, "to", r->to, zone);
    jsonw_open(&w, "rules", '{');
    jsonw_field_int(&w, "probe_min_outage_seconds", r->params.min_outage_seconds);
    jsonw_field_int(&w, "slack_seconds", r->params.slack_seconds);
    jsonw_field_int(&w, "min_overlap_seconds", r->params.min_overlap_seconds);
    jsonw_close(&w, '}');
    jsonw_open(&w, "records", '{');
    jsonw_field_int(&w, "provider", r->provider_records);
    jsonw_field_int(&w, "probe", r->probe_records);
    jsonw_field_int(&w, "incident_log", r->incident_records);
    jsonw_field_int(&w, "ignored", r->ignored_records);
    jsonw_field_int(&w, "short_probe_runs", r->short_probe_runs);
    jsonw_close(&w, '}');
    jsonw_open(&w, "summary", '{');
    jsonw_field_int(&w, "observed", (int64_t)r->nobserved);
    jsonw_field_int(&w, "observed_reported", r->observed_reported);
    jsonw_field_int(&w, "observed_unreported", r->observed_unreported);
    jsonw_field_int(&w, "reports", (int64_t)r->nreported);
    jsonw_field_int(&w, "reports_confirmed", r->reports_confirmed);
    jsonw_field_int(&w, "reports_unconfirmed", r->reports_unconfirmed);
    jsonw_field_int(&w, "reports_unverifiable", r->reports_unverifiable);
    jsonw_field_int(&w, "observed_seconds", r->observed_seconds);
    jsonw_field_int(&w, "unreported_seconds", r->unreported_seconds);
    jsonw_field_int(&w, "reported_seconds", r->reported_seconds);
    jsonw_close(&w, '}');
    jsonw_open(&w, "observed", '[');
    for (size_t i = 0; i < r->nobserved; i++)
        write_span(&w, &r->observed[i], zone, false);
    jsonw_close(&w, ']');
    jsonw_open(&w, "reported", '[');
    for (size_t i = 0; i < r->nreported; i++)
        write_span(&w, &r->reported[i], zone, true);
    jsonw_close(&w, ']');
    jsonw_close(&w, '}');
    jsonw_close(&w, '}');
    if (!w.status)
        w.status = strbuf_addch(sb, '\n');
    return w.status;
}

enum sl_status
eval_json_write(const struct eval_result *r, struct strbuf *out)
{
    struct jsonw w;
    jsonw_begin(&w, out);
    jsonw_open(&w, NULL, '{');
    write_definitions(&w, "definitions", &r->params);
    jsonw_open(&w, "results", '[');
    for (size_t i = 0; i < r->nrows; i++)
        write_row(&w, &r->rows[i], r->params.zone);
    for (size_t i = 0; i < r->ncontract; i++)
        write_contract_row(&w, r, &r->contract[i]);
    jsonw_close(&w, ']');
    write_credits(&w, r);
    write_faults(&w, r);
    jsonw_close(&w, '}');
    if (!w.status)
        w.status = strbuf_addch(out, '\n');
    return w.status;
}
