/* sla_out.c — an SLA document's terms, its scorecard and the replay of a
 * history under it, as text for a terminal and as JSON (sla_out.h). */
#include "reports/text/sla_out.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/jsonw.h"
#include "engine/sla/sla_credit_unit.h"
#include "engine/sla/sla_json.h"
#include "engine/time/sltime.h"
#include "reports/text/textbuf.h"

static void
print_pct(struct textbuf *o, double v)
{
    if (isnan(v))
        textbuf_puts(o, "open");
    else
        textbuf_printf(o, "%g%%", v);
}

/* Under a target: a measure other than time, the parts of its scope, and
 * its conditions, each only when the document states it. */
static void
print_commitment(struct textbuf *o, const struct sla_uptime_target *u)
{
    if (u->measure != SLA_MEASURE_UNKNOWN && u->measure != SLA_MEASURE_TIME)
        textbuf_printf(o, "      measured by %s\n",
                       u->measure == SLA_MEASURE_ERROR_RATE ? "error rate"
                                                            : sla_measure_name(u->measure));
    const char *parts[] = {u->scope_service, u->scope_region, u->scope_plan, u->scope_operation};
    const char *names[] = {"service", "region", "plan", "operation"};
    bool any = false;
    for (size_t k = 0; k < 4; k++)
        if (parts[k]) {
            textbuf_printf(o, "%s%s %s", any ? ", " : "      scope: ", names[k], parts[k]);
            any = true;
        }
    if (any)
        textbuf_putc(o, '\n');
    for (size_t k = 0; k < u->neligibility; k++)
        textbuf_printf(o, "      condition: %s  (line %ld)\n", u->eligibility[k].text,
                       u->eligibility[k].line);
}

enum sl_status
sla_out_terms(struct strbuf *sb, const struct sla_terms *t)
{
    struct textbuf out = {sb, SL_OK}, *o = &out;
    textbuf_printf(o, "%s", t->document ? t->document : "");
    if (t->provider)
        textbuf_printf(o, " — %s", t->provider);
    if (t->service)
        textbuf_printf(o, " — %s", t->service);
    textbuf_putc(o, '\n');
    textbuf_printf(o, "\nUptime targets\n");
    if (!t->ntargets)
        textbuf_printf(o, "  none found\n");
    for (size_t i = 0; i < t->ntargets; i++) {
        textbuf_printf(o, "  %g%% per %s%s%s  (line %ld)\n", t->targets[i].percent,
                       sla_window_name(t->targets[i].window), t->targets[i].scope ? " — " : "",
                       t->targets[i].scope ? t->targets[i].scope : "", t->targets[i].line);
        print_commitment(o, &t->targets[i]);
    }
    if (!isnan(t->durability_percent))
        textbuf_printf(o, "  durability %.12g%%, not an uptime target  (line %ld)\n",
                       t->durability_percent, t->durability_line);
    textbuf_printf(o, "\nCredit tiers\n");
    if (!t->ntiers)
        textbuf_printf(o, "  none found\n");
    for (size_t i = 0; i < t->ntiers; i++) {
        const struct sla_credit_tier *c = &t->tiers[i];
        textbuf_printf(o, "  %s", isnan(c->lower_percent) ? "(" : c->lower_inclusive ? "[" : "(");
        print_pct(o, c->lower_percent);
        textbuf_puts(o, ", ");
        print_pct(o, c->upper_percent);
        char credit[96];
        sla_credit_unit_tier_text(c, credit, sizeof credit);
        textbuf_printf(o, "%s  → %s%s  (line %ld)\n",
                       isnan(c->upper_percent) ? ")"
                       : c->upper_inclusive    ? "]"
                                               : ")",
                       credit, sla_credit_unit_of_fee(c->unit) ? " credit" : "", c->line);
    }
    struct sla_band_issue *issues = NULL;
    size_t nissues = 0;
    if (!sla_score_band_issues(t, &issues, &nissues))
        for (size_t i = 0; i < nissues; i++)
            textbuf_printf(o, "  %s: %s\n", issues[i].kind == SLA_BAND_GAP ? "gap" : "overlap",
                           issues[i].text);
    free(issues);
    textbuf_printf(o, "\nCredit cap          ");
    if (isnan(t->credit_cap_percent))
        textbuf_printf(o, "not stated\n");
    else
        textbuf_printf(o, "%g%%\n", t->credit_cap_percent);
    textbuf_printf(o, "Claim deadline      ");
    if (t->claim_deadline_days >= 0)
        textbuf_printf(o, "%ld days", t->claim_deadline_days);
    textbuf_printf(o, "%s%s\n",
                   t->claim_deadline_text ? (t->claim_deadline_days >= 0 ? " — " : "") : "",
                   t->claim_deadline_text ? t->claim_deadline_text
                                          : (t->claim_deadline_days >= 0 ? "" : "not stated"));
    textbuf_printf(o, "Maintenance         %s",
                   t->maintenance_excluded ? "excluded from downtime" : "not excluded");
    if (!isnan(t->maintenance_notice_hours))
        textbuf_printf(o, ", %g h notice", t->maintenance_notice_hours);
    textbuf_putc(o, '\n');
    textbuf_printf(o, "Support coverage    %s\n",
                   sla_coverage_name(t->support_coverage) ? sla_coverage_name(t->support_coverage)
                                                          : "not stated");
    textbuf_printf(o, "Sole remedy         %s\n", t->sole_remedy ? "yes" : "no");
    textbuf_printf(o, "Chronic termination %s\n", t->chronic_failure_termination ? "yes" : "no");
    if (!isnan(t->incident_notice_hours))
        textbuf_printf(o, "Incident notice     %g h\n", t->incident_notice_hours);
    if (!isnan(t->rpo_minutes))
        textbuf_printf(o, "RPO                 %g min\n", t->rpo_minutes);
    if (!isnan(t->rto_minutes))
        textbuf_printf(o, "RTO                 %g min\n", t->rto_minutes);
    if (t->nresponse_times)
        textbuf_printf(o, "\nResponse times\n");
    for (size_t i = 0; i < t->nresponse_times; i++) {
        const struct sla_response_time *r = &t->response_times[i];
        textbuf_printf(o, "  %-36s %s %g min%s  (line %ld)\n", r->severity ? r->severity : "",
                       r->resolution ? "resolve" : "respond", r->minutes,
                       r->business_hours ? " (business time)" : "", r->line);
    }
    if (t->nexclusions)
        textbuf_printf(o, "\nExclusions\n");
    for (size_t i = 0; i < t->nexclusions; i++)
        textbuf_printf(o, "  line %-4ld %s\n", t->exclusions[i].line, t->exclusions[i].text);
    return out.status;
}

enum sl_status
sla_out_scorecard(struct strbuf *sb, const struct sla_terms *t, const struct sla_scorecard *sc)
{
    struct textbuf out = {sb, SL_OK}, *o = &out;
    textbuf_printf(o, "%s: score %.0f / 100\n\n", t->document ? t->document : "", sc->total);
    for (size_t i = 0; i < sc->ncriteria; i++) {
        const struct sla_criterion *c = &sc->criteria[i];
        textbuf_printf(o, "  %-46s %4.1f / %-3.0f %s", c->name, c->points, c->weight, c->reason);
        if (c->line)
            textbuf_printf(o, " (line %ld)", c->line);
        textbuf_putc(o, '\n');
    }
    textbuf_printf(o, "\nAllowed downtime\n");
    if (!sc->nallowed)
        textbuf_printf(o, "  no uptime commitment found\n");
    for (size_t i = 0; i < sc->nallowed; i++) {
        const struct sla_allowed_downtime *a = &sc->allowed[i];
        textbuf_printf(
            o, "  %g%%: %.1f min a month, %.1f min a quarter, %.1f min a year  (line %ld)\n",
            a->percent, a->month_minutes, a->quarter_minutes, a->year_minutes, a->line);
        if (a->approximate)
            textbuf_printf(o,
                           "      measured by %s in the document: these minutes read it as "
                           "time, an approximation\n",
                           !strcmp(a->measure, "error_rate") ? "error rate" : a->measure);
    }
    for (size_t i = 0; i < sc->nissues; i++)
        textbuf_printf(o, "  credit table %s: %s\n",
                       sc->issues[i].kind == SLA_BAND_GAP ? "gap" : "overlap", sc->issues[i].text);
    textbuf_printf(o, "\nRed flags\n");
    for (size_t i = 0; i < sc->nflags; i++) {
        const struct sla_flag *f = &sc->flags[i];
        textbuf_printf(o, "  %s %-6s %s: %s\n", f->rule, f->severity, f->title, f->detail);
        if (f->line)
            textbuf_printf(o, "      line %ld: %s\n", f->line, f->quote);
        else if (*f->quote)
            textbuf_printf(o, "      \"%s\"\n", f->quote);
    }
    return out.status;
}

static void
json_scorecard(struct jsonw *w, const struct sla_scorecard *sc)
{
    jsonw_field_fixed(w, "score", sc->total, 1);
    jsonw_open(w, "criteria", '[');
    for (size_t i = 0; i < sc->ncriteria; i++) {
        const struct sla_criterion *c = &sc->criteria[i];
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "id", c->id);
        jsonw_field_str(w, "name", c->name);
        jsonw_field_num(w, "weight", c->weight);
        jsonw_field_num(w, "points", c->points);
        jsonw_field_str(w, "reason", c->reason);
        jsonw_field_int(w, "line", c->line);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
    jsonw_open(w, "red_flags", '[');
    for (size_t i = 0; i < sc->nflags; i++) {
        const struct sla_flag *f = &sc->flags[i];
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "rule", f->rule);
        jsonw_field_str(w, "severity", f->severity);
        jsonw_field_str(w, "title", f->title);
        jsonw_field_str(w, "detail", f->detail);
        jsonw_field_int(w, "line", f->line);
        jsonw_field_str(w, "quote", *f->quote ? f->quote : NULL);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
    jsonw_open(w, "allowed_downtime", '[');
    for (size_t i = 0; i < sc->nallowed; i++) {
        const struct sla_allowed_downtime *a = &sc->allowed[i];
        jsonw_open(w, NULL, '{');
        jsonw_field_num(w, "percent", a->percent);
        jsonw_field_num(w, "month_minutes", round(a->month_minutes * 100) / 100);
        jsonw_field_num(w, "quarter_minutes", round(a->quarter_minutes * 100) / 100);
        jsonw_field_num(w, "year_minutes", round(a->year_minutes * 100) / 100);
        jsonw_field_int(w, "line", a->line);
        jsonw_field_str(w, "measure", a->measure);
        jsonw_field_bool(w, "approximate", a->approximate);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
}

/* The replay's total of unit u, a credit that is no share of the fee, as a
 * credit_result to be told; false when it is a share or nothing was owed. */
static bool
owed_total(const struct sla_replay *r, enum sla_credit_unit u, struct credit_result *total)
{
    memset(total, 0, sizeof *total);
    total->match = CREDIT_TIER;
    total->unit = u;
    total->owed = r->owed_total[u];
    memcpy(total->currency, r->currency, sizeof total->currency);
    return !credit_is_share(total) && r->owed_total[u] != 0;
}

enum sl_status
sla_out_replay(struct strbuf *sb, const struct sla_replay *r)
{
    struct textbuf out = {sb, SL_OK}, *o = &out;
    textbuf_printf(
        o, "\nReplay of the history under the document's definitions (%s windows, target %g%%)\n",
        r->window_name, r->target_percent);
    textbuf_printf(o, "  %-10s %10s %10s %9s %10s %8s %10s %10s\n", "window", "delivered",
                   "neutral", "coverage", "met", "credit", "excluded", "forgiven");
    for (size_t i = 0; i < r->nwindows; i++) {
        const struct sla_replay_window *w = &r->windows[i];
        /* A credit that is no share of the fee is told in its unit. */
        char text[80], owed[96] = "";
        if (w->credit.match == CREDIT_TIER && !credit_is_share(&w->credit)) {
            sla_credit_unit_owed_text(&w->credit, text, sizeof text);
            snprintf(owed, sizeof owed, "  (credit: %s)", text);
        }
        char credit[24] = "       -";
        if (!isnan(w->credit_percent))
            snprintf(credit, sizeof credit, "%7g%%", w->credit_percent);
        /* A window the history barely saw is measured, never judged. */
        const char *verdict = !w->judged ? "no verdict" : w->met ? "met" : "BREACHED";
        const char *flag = availability_coverage_label(w->coverage_flag);
        char note[64] = "";
        if (flag)
            snprintf(note, sizeof note, "  (%s)", flag);
        textbuf_printf(o, "  %-10s %9.3f%% %9.3f%% %8.2f%% %10s %s %8.0f m %8.0f m%s%s%s\n",
                       w->label, w->availability_percent, w->neutral_percent, 100 * w->coverage,
                       verdict, credit, w->excluded_seconds / 60.0, w->forgiven_seconds / 60.0,
                       note, w->gap ? "  (in no credit band)" : "", owed);
    }
    if (r->unjudged_coverage)
        textbuf_printf(o,
                       "  %zu window%s below %g%% monitoring coverage: measured, not judged met or "
                       "breached, no credit (--covers FROM..TO says what span the history speaks "
                       "for)\n",
                       r->unjudged_coverage, r->unjudged_coverage == 1 ? "" : "s",
                       100 * r->coverage_rule.min);
    textbuf_printf(o,
                   "  effective: %.3f%% delivered over %zu windows, %zu breached, credits %g%% of "
                   "one window's fee in all",
                   r->overall_percent, r->nwindows, r->breached, r->credit_total_percent);
    struct credit_result total;
    for (int u = 0; u <= SLA_UNIT_LICENSE_EXTENSION; u++) {
        char text[96];
        if (!owed_total(r, (enum sla_credit_unit)u, &total))
            continue;
        sla_credit_unit_owed_text(&total, text, sizeof text);
        textbuf_printf(o, ", and %s", text);
    }
    textbuf_printf(o, "; exclusions removed %.0f minutes of downtime\n",
                   r->excluded_total_seconds / 60.0);
    return out.status;
}

static void
json_replay(struct jsonw *w, const struct sla_replay *r)
{
    jsonw_open(w, "replay", '{');
    jsonw_field_str(w, "window", r->window_name);
    jsonw_field_num(w, "target_percent", r->target_percent);
    jsonw_field_num(w, "overall_percent", r->overall_percent);
    jsonw_field_int(w, "breached", (int64_t)r->breached);
    jsonw_field_int(w, "insufficient_coverage", (int64_t)r->unjudged_coverage);
    jsonw_open(w, "minimum_coverage", '{');
    jsonw_field_num(w, "insufficient_below", r->coverage_rule.min);
    jsonw_field_num(w, "partial_below", r->coverage_rule.partial);
    jsonw_close(w, '}');
    jsonw_field_num(w, "credit_total_percent", r->credit_total_percent);
    /* The credits that are no share of the fee, summed in their units. */
    jsonw_open(w, "credit_owed_totals", '[');
    struct credit_result total;
    for (int u = 0; u <= SLA_UNIT_LICENSE_EXTENSION; u++)
        if (owed_total(r, (enum sla_credit_unit)u, &total))
            sla_credit_unit_json(w, NULL, &total);
    jsonw_close(w, ']');
    jsonw_field_num(w, "excluded_seconds", r->excluded_total_seconds);
    jsonw_open(w, "windows", '[');
    for (size_t i = 0; i < r->nwindows; i++) {
        const struct sla_replay_window *rw = &r->windows[i];
        char a[40], b[40];
        sltime_format(rw->start, NULL, a);
        sltime_format(rw->end, NULL, b);
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "window", rw->label);
        jsonw_field_str(w, "start", a);
        jsonw_field_str(w, "end", b);
        jsonw_field_num(w, "availability_percent", rw->availability_percent);
        jsonw_field_num(w, "neutral_percent", rw->neutral_percent);
        jsonw_field_num(w, "coverage", rw->coverage);
        jsonw_field_str(w, "coverage_flag", availability_coverage_name(rw->coverage_flag));
        if (rw->judged)
            jsonw_field_bool(w, "met", rw->met);
        else
            jsonw_field_null(w, "met");
        jsonw_field_num(w, "credit_percent", rw->credit_percent);
        sla_credit_unit_json(w, "credit_owed", &rw->credit);
        jsonw_field_bool(w, "in_no_band", rw->gap);
        jsonw_field_num(w, "downtime_seconds", rw->downtime_seconds);
        jsonw_field_num(w, "excluded_seconds", rw->excluded_seconds);
        jsonw_field_num(w, "forgiven_seconds", rw->forgiven_seconds);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
    jsonw_close(w, '}');
}

enum sl_status
sla_out_score_json(struct strbuf *sb, const struct sla_terms *t, const struct sla_scorecard *sc,
                   const struct sla_replay *replay)
{
    struct jsonw w;
    jsonw_begin(&w, sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "document", t->document);
    json_scorecard(&w, sc);
    if (replay)
        json_replay(&w, replay);
    jsonw_open(&w, "terms", '{');
    sla_json_write_fields(&w, t);
    jsonw_close(&w, '}');
    jsonw_close(&w, '}');
    return w.status;
}
