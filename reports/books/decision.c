/* decision.c — the operating-model decision as JSON and as workbook sheets.
 * Reads the decision only; rows are written top to bottom, so the sheet also
 * fits a constant-memory workbook. */
#include "reports/books/decision.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/jsonw.h"
#include "engine/time/sltime.h"
#include "reports/xlsx/xlsx.h"

struct report_decision
report_decision_of(const struct decide_case *c, const char *version, const char *command_line)
{
    return (struct report_decision){
        .profile = &c->profile,
        .team = &c->team,
        .providers = c->providers,
        .result = c->result,
        .from = c->from,
        .to = c->to,
        .zone = c->zone,
        .profile_path = c->profile_path,
        .version = version,
        .command_line = command_line,
    };
}

void
report_decision_headline(const struct report_decision *d, char *out, size_t size)
{
    const struct decide_result *r = d->result;
    const struct team_profile *p = d->profile;
    if (r->provider < 0)
        snprintf(out, size, "%s", decide_model_name(r->recommendation));
    else if (r->provider_chosen)
        snprintf(out, size, "%s with %s", decide_model_name(r->recommendation),
                 p->providers[r->provider].entity);
    else
        snprintf(out, size,
                 "%s, provider not chosen yet: the reliability of %s, listed first on the "
                 "known parts of its cost, is not measured in the period",
                 decide_model_name(r->recommendation), p->providers[r->provider].entity);
    if (r->provisional && strlen(out) + 1 < size)
        snprintf(out + strlen(out), size - strlen(out), " (provisional: not enough evidence yet)");
}

void
report_decision_period(const struct report_decision *d, char *out, size_t size)
{
    char from[16], to[16];
    sltime_format_date(d->from, d->zone, from);
    sltime_format_date(d->to, d->zone, to);
    int days = decide_local_days(d->from, d->to, d->zone);
    double hours = (double)(d->to - d->from) / 3600.0;
    snprintf(out, size, "Measured %s to %s (exclusive) in %s: %d local %s, %.0f h%s", from, to,
             d->zone ? d->zone : "UTC", days, days == 1 ? "day" : "days", hours,
             hours != days * 24.0 ? " (the clocks changed in the period)" : "");
}

void
report_decision_workloads(const struct report_decision *d, char *out, size_t size)
{
    const struct team_profile *p = d->profile;
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < p->nworkloads && used < size; i++) {
        const struct team_workload *w = &p->workloads[i];
        char commitment[48] = "";
        if (w->production)
            snprintf(commitment, sizeof commitment, " at %.3f %%", 100.0 * w->uptime_commitment);
        int n = snprintf(out + used, size - used, "%s%s: %d GPUs, %s%s%s", i ? "; " : "", w->name,
                         w->gpus, w->production ? "production" : "research", commitment,
                         w->regulated ? ", regulated" : "");
        if (n < 0)
            return;
        used += (size_t)n;
        for (int b = 0; b < TEAM_CONSTRAINT_COUNT && used < size; b++)
            if (w->constraints & (1u << b)) {
                n = snprintf(out + used, size - used, ", %s", team_constraint_name(1u << b));
                if (n < 0)
                    return;
                used += (size_t)n;
            }
    }
}

/* ---- JSON ----------------------------------------------------------------- */

static const char *
check_name(enum decide_check c)
{
    return c == DECIDE_CHECK_YES    ? "yes"
           : c == DECIDE_CHECK_NO   ? "no"
           : c == DECIDE_CHECK_THIN ? "not enough evidence"
                                    : "not measured";
}

static void
write_rotation(struct jsonw *w, const struct decide_rotation *r)
{
    jsonw_open(w, "rotation", '{');
    jsonw_field_bool(w, "applies", r->applies);
    if (r->applies) {
        jsonw_field_bool(w, "known", r->known);
        jsonw_field_bool(w, "sustainable", r->sustainable);
        jsonw_field_int(w, "required_engineers", r->required);
        jsonw_field_num(w, "oncall_share", r->oncall_share);
        jsonw_field_num(w, "incidents_per_12h_shift", r->incidents_per_shift);
        /* Measured: the stored on-call shifts' pages per 12 hours on call. */
        jsonw_field_bool(w, "load_measured", r->load_measured);
        jsonw_field_num(w, "estimated_incidents_per_12h_shift", r->estimate_per_shift);
    }
    /* The workload cap is every option's, the provider's pager or not. */
    jsonw_field_num(w, "operations_share", r->ops_share);
    jsonw_field_str(w, "why", r->why);
    jsonw_close(w, '}');
}

static const char *const input_names[DECIDE_INPUT_COUNT] = {
    "routine_operations_hours",
    "engineer_hour",
    "rotation_size",
    "uptime_commitment",
    "incident_rate",
    "gpus",
    "provider_availability",
    "provider_gpu_hour",
    "team_type",
    "regulated",
};

static void
write_change(struct jsonw *w, const struct team_profile *p, const struct decide_change *c)
{
    jsonw_open(w, NULL, '{');
    jsonw_field_str(w, "input", input_names[c->input]);
    jsonw_field_str(w, "provider",
                    c->provider_index >= 0 ? p->providers[c->provider_index].entity : NULL);
    jsonw_field_num(w, "now", c->now);
    jsonw_field_bool(w, "changes_answer", c->flips);
    jsonw_field_num(w, "at", c->flips ? c->at : NAN);
    jsonw_field_str(w, "answer_then", c->flips ? decide_model_name(c->model) : NULL);
    jsonw_field_str(w, "provider_then",
                    c->flips && c->provider >= 0 ? p->providers[c->provider].entity : NULL);
    jsonw_field_bool(w, "at_margin", c->margin);
    jsonw_field_str(w, "text", c->text);
    jsonw_close(w, '}');
}

static void
write_option(struct jsonw *w, const struct report_decision *d, const struct decide_option *o)
{
    jsonw_open(w, NULL, '{');
    jsonw_field_str(w, "model", decide_model_name(o->model));
    jsonw_field_str(w, "label", o->label);
    jsonw_field_str(w, "provider",
                    o->provider >= 0 ? d->profile->providers[o->provider].entity : NULL);
    jsonw_field_bool(w, "measured", o->measured);
    jsonw_field_num(w, "availability", o->availability);
    jsonw_field_num(w, "downtime_hours_per_month", o->downtime_hours_month);
    if (o->model == DECIDE_HYBRID) {
        jsonw_field_num(w, "research_availability", o->research_availability);
        jsonw_field_num(w, "research_downtime_hours_per_month", o->research_downtime_hours_month);
    }
    jsonw_field_num(w, "incidents_per_month", o->incidents_month);
    jsonw_field_num(w, "incident_engineer_hours_per_month", o->engineer_hours_month);
    jsonw_open(w, "pages_per_engineer_per_month", '{');
    for (int b = 0; b < BAND_COUNT; b++)
        jsonw_field_num(w, interruptions_band_name((enum interruptions_band)b),
                        o->pages_per_engineer_month[b]);
    jsonw_close(w, '}');
    write_rotation(w, &o->rotation);
    jsonw_field_bool(w, "meets_commitment", o->meets_commitment);
    jsonw_field_bool(w, "eligible", o->eligible);
    jsonw_field_bool(w, "excluded", o->excluded);
    jsonw_field_str(w, "ineligible_because", o->eligible ? NULL : o->ineligible);
    jsonw_field_bool(w, "thin", o->thin);
    jsonw_field_str(w, "caveat", o->caveat[0] ? o->caveat : NULL);
    jsonw_field_str(w, "partial_record", o->partial[0] ? o->partial : NULL);
    jsonw_open(w, "cost_per_month", '{');
    jsonw_field_num(w, "gpu", o->cost.gpu);
    jsonw_field_num(w, "managed_operations", o->cost.managed_operations);
    jsonw_field_num(w, "routine_operations", o->cost.routine_ops);
    jsonw_field_num(w, "on_call", o->cost.on_call);
    jsonw_field_num(w, "incident_labour", o->cost.incident_labour);
    jsonw_field_num(w, "downtime", o->cost.downtime);
    jsonw_field_num(w, "operations", o->cost.operations);
    /* Risk and one-off rows: what the guide's rules stand for, in money. */
    jsonw_field_num(w, "ramp_loss_one_off", o->cost.ramp_one_off);
    jsonw_field_num(w, "ramp_loss", o->cost.ramp_loss);
    jsonw_field_num(w, "audit_findings_per_month", o->cost.findings_month);
    jsonw_field_num(w, "compliance_risk", o->cost.compliance_risk);
    jsonw_field_num(w, "total", o->cost.total);
    jsonw_field_bool(w, "complete", o->cost.complete);
    jsonw_field_str(w, "currency", d->profile->currency);
    jsonw_field_str(w, "arithmetic", o->cost.arithmetic);
    jsonw_close(w, '}');
    jsonw_close(w, '}');
}

static void
write_workload(struct jsonw *w, const struct team_workload *wl)
{
    jsonw_open(w, NULL, '{');
    jsonw_field_str(w, "name", wl->name);
    jsonw_field_str(w, "criticality", wl->production ? "production" : "research");
    jsonw_field_int(w, "gpus", wl->gpus);
    jsonw_field_num(w, "uptime_commitment", wl->uptime_commitment);
    jsonw_field_bool(w, "regulated", wl->regulated);
    jsonw_open(w, "constraints", '[');
    for (int b = 0; b < TEAM_CONSTRAINT_COUNT; b++)
        if (wl->constraints & (1u << b))
            jsonw_field_str(w, NULL, team_constraint_name(1u << b));
    jsonw_close(w, ']');
    jsonw_close(w, '}');
}

static void
write_measured(struct jsonw *w, const struct decide_measured *m)
{
    char key[16]; /* "sev1".."sev5", with room for any int as gcc -O1 counts */
    jsonw_open(w, NULL, '{');
    jsonw_field_str(w, "entity", m->entity);
    jsonw_field_bool(w, "has_uptime", m->has_uptime);
    jsonw_field_num(w, "availability", m->availability);
    jsonw_field_num(w, "monitoring_coverage", m->coverage);
    jsonw_field_int(w, "incidents", m->incidents);
    jsonw_field_int(w, "open", m->open);
    jsonw_open(w, "by_severity", '{');
    for (int s = 1; s <= 5; s++) {
        snprintf(key, sizeof key, "sev%d", s);
        jsonw_field_int(w, key, m->by_severity[s]);
    }
    jsonw_field_int(w, "none", m->by_severity[0]);
    jsonw_close(w, '}');
    jsonw_field_num(w, "incident_hours", m->incident_hours);
    jsonw_field_num(w, "incident_engineer_hours", m->engineer_hours);
    jsonw_open(w, "pages", '{');
    for (int b = 0; b < BAND_COUNT; b++)
        jsonw_field_int(w, interruptions_band_name((enum interruptions_band)b), m->pages.count[b]);
    jsonw_close(w, '}');
    jsonw_field_num(w, "tta_median_seconds", m->tta.n ? m->tta.median : NAN);
    jsonw_field_num(w, "ttr_median_seconds", m->ttr.n ? m->ttr.median : NAN);
    if (m->audit_known)
        jsonw_field_int(w, "audit_findings", m->audit_findings);
    else
        jsonw_field_null(w, "audit_findings");
    if (m->oncall_known) {
        jsonw_open(w, "oncall", '{');
        jsonw_field_int(w, "shifts", m->oncall_shifts);
        jsonw_field_num(w, "hours", m->oncall_hours);
        jsonw_field_int(w, "responders", m->oncall_responders);
        jsonw_field_int(w, "pages", m->oncall_pages);
        jsonw_field_int(w, "pages_no_shift", m->oncall_unassigned);
        jsonw_field_int(w, "off_hours_pages", m->oncall_off_hours);
        jsonw_field_num(w, "mean_pages_per_shift", m->oncall_mean_shift);
        jsonw_field_int(w, "max_pages_per_shift", m->oncall_max_per_shift);
        jsonw_field_int(w, "max_pages_per_responder", m->oncall_max_responder);
        jsonw_close(w, '}');
    } else {
        jsonw_field_null(w, "oncall");
    }
    jsonw_close(w, '}');
}

enum sl_status
report_decision_json(const struct report_decision *d, struct strbuf *sb)
{
    const struct decide_result *r = d->result;
    char from[40], to[40];
    sltime_format(d->from, d->zone, from);
    sltime_format(d->to, d->zone, to);
    struct jsonw w;
    jsonw_begin(&w, sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "recommendation", decide_model_name(r->recommendation));
    /* A provider only listed first on cost is no choice: null, and named
     * beside it. */
    jsonw_field_str(&w, "provider",
                    r->provider_chosen ? d->profile->providers[r->provider].entity : NULL);
    jsonw_field_str(
        &w, "provider_listed_first",
        r->provider >= 0 && !r->provider_chosen ? d->profile->providers[r->provider].entity : NULL);
    jsonw_field_str(&w, "default_policy", decide_model_name(r->default_model));
    jsonw_field_bool(&w, "overturned", r->overturned);
    jsonw_field_bool(&w, "proven_24x7", r->proven_24x7);
    jsonw_field_bool(&w, "measured_any", r->measured_any);
    jsonw_field_bool(&w, "provisional", r->provisional);
    jsonw_open(&w, "period", '{');
    jsonw_field_str(&w, "from", from);
    jsonw_field_str(&w, "to", to);
    jsonw_field_str(&w, "zone", d->zone ? d->zone : "UTC");
    jsonw_field_int(&w, "local_days", decide_local_days(d->from, d->to, d->zone));
    jsonw_field_num(&w, "hours", (double)(d->to - d->from) / 3600.0);
    jsonw_close(&w, '}');
    jsonw_open(&w, "workloads", '[');
    for (size_t i = 0; i < d->profile->nworkloads; i++)
        write_workload(&w, &d->profile->workloads[i]);
    jsonw_close(&w, ']');
    jsonw_open(&w, "reasons", '[');
    for (size_t i = 0; i < r->nreasons; i++) {
        jsonw_open(&w, NULL, '{');
        jsonw_field_str(&w, "rule", r->reasons[i].rule);
        jsonw_field_str(&w, "basis", r->reasons[i].basis);
        jsonw_field_str(&w, "text", r->reasons[i].text);
        jsonw_close(&w, '}');
    }
    jsonw_close(&w, ']');
    jsonw_open(&w, "options", '[');
    for (size_t i = 0; i < r->noptions; i++)
        write_option(&w, d, &r->options[i]);
    jsonw_close(&w, ']');
    jsonw_field_int(&w, "recommended_option", (int64_t)r->recommended_option);
    jsonw_open(&w, "readiness", '[');
    for (size_t i = 0; i < DECIDE_READINESS_COUNT; i++) {
        jsonw_open(&w, NULL, '{');
        jsonw_field_str(&w, "condition", r->readiness[i].condition);
        jsonw_field_str(&w, "met", check_name(r->readiness[i].met));
        jsonw_field_str(&w, "evidence", r->readiness[i].evidence);
        jsonw_close(&w, '}');
    }
    jsonw_close(&w, ']');
    jsonw_open(&w, "breakeven", '[');
    for (size_t i = 0; i < r->nchanges; i++)
        jsonw_field_str(&w, NULL, r->changes[i].text);
    jsonw_close(&w, ']');
    jsonw_field_bool(&w, "at_margin", r->at_margin);
    jsonw_open(&w, "changes", '[');
    for (size_t i = 0; i < r->nchanges; i++)
        write_change(&w, d->profile, &r->changes[i]);
    jsonw_close(&w, ']');
    jsonw_open(&w, "boundary", '[');
    for (size_t i = 0; i < DECIDE_BOUNDARY_COUNT; i++) {
        const struct decide_boundary *b = &r->boundary[i];
        jsonw_open(&w, NULL, '{');
        jsonw_field_str(&w, "operation", b->operation);
        jsonw_field_str(&w, "layer", b->layer);
        jsonw_field_str(&w, "owner", b->owner);
        jsonw_field_str(&w, "evidence", b->evidence);
        jsonw_close(&w, '}');
    }
    jsonw_close(&w, ']');
    jsonw_open(&w, "measured", '[');
    write_measured(&w, d->team);
    for (size_t i = 0; i < d->profile->nproviders; i++)
        write_measured(&w, &d->providers[i]);
    jsonw_close(&w, ']');
    jsonw_open(&w, "rules", '{');
    jsonw_field_num(&w, "hours_per_month", DECIDE_HOURS_PER_MONTH);
    jsonw_field_str(&w, "rotation",
                    "sustainable when: engineers >= ceil(2 x hours covered a week / (168 x 0.25)) "
                    "(25 % on call, primary and secondary); incidents per 12-hour shift <= 2; "
                    "operations (routine + incident engineer-hours) <= 50 % of platform "
                    "engineers' time. Source: Google SRE book, 'Being On-Call' and 'Eliminating "
                    "Toil'");
    jsonw_field_str(&w, "bands",
                    "business Mon-Fri 08-18, off Mon-Fri 18-22 and Sat-Sun 08-22, sleep 22-08 "
                    "daily, in the profile's zone (PagerDuty Analytics)");
    jsonw_field_num(&w, "tie_margin", d->profile->tie_margin);
    jsonw_open(&w, "evidence_minimum", '{');
    jsonw_field_int(&w, "days", DECIDE_MIN_DAYS);
    jsonw_field_num(&w, "coverage", DECIDE_COVERAGE_FULL);
    jsonw_field_int(&w, "incidents", DECIDE_MIN_INCIDENTS);
    jsonw_close(&w, '}');
    jsonw_close(&w, '}');
    jsonw_close(&w, '}');
    if (!w.status)
        w.status = strbuf_addch(sb, '\n');
    return w.status;
}

/* ---- workbook ------------------------------------------------------------- */

static const struct xlsx_column option_columns[] = {
    {"Option", 30},
    {"Availability", 16}, /* also the Basis of a reason: "profile+measured" */
    {"Downtime h a month", 11},
    {"Incidents a month", 11},
    {"Incident engineer-hours a month", 13},
    {"Pages per engineer a month: business", 12},
    {"off hours", 10},
    {"sleep hours", 10},
    {"Rotation", 16},
    {"Meets every constraint", 12},
    {"GPU", 12},
    {"Routine operations", 12},
    {"On call", 10},
    {"Incident labour", 12},
    {"Downtime cost", 12},
    {"Operations total", 13},
    {"Ramp loss (one-off, risk)", 13},
    {"Compliance risk", 12},
    {"Total cost a month", 13},
    {"Why not / arithmetic", 60},
    {NULL, 0},
};

/* The last column a sentence of the sheet wraps within: the Options table's
 * first ten columns, about a landscape page's width. */
#define TEXT_LAST_COL 9

static void
number_or_blank(struct xlsx_sheet *sh, uint32_t row, uint16_t col, double v, enum xlsx_style st)
{
    if (isfinite(v))
        xlsx_number(sh, row, col, v, st);
    else
        xlsx_blank(sh, row, col, XLSX_MUTED);
}

static uint32_t
write_options(struct xlsx_sheet *sh, uint32_t row, const struct report_decision *d)
{
    const struct decide_result *r = d->result;
    /* Titles only: xlsx_header would freeze the panes mid-sheet. */
    xlsx_titles(sh, row, option_columns);
    row++;
    for (size_t i = 0; i < r->noptions; i++, row++) {
        const struct decide_option *o = &r->options[i];
        uint16_t c = 0;
        xlsx_text(sh, row, c++, o->label, i == r->recommended_option ? XLSX_WRAP_BOLD : XLSX_WRAP);
        if (isfinite(o->availability)) /* a hybrid's: its production part's */
            xlsx_percent(sh, row, c++, o->availability);
        else
            xlsx_text(sh, row, c++, "unknown", XLSX_MUTED);
        number_or_blank(sh, row, c++, o->downtime_hours_month, XLSX_DECIMAL1);
        number_or_blank(sh, row, c++, o->incidents_month, XLSX_DECIMAL1);
        number_or_blank(sh, row, c++, o->engineer_hours_month, XLSX_DECIMAL1);
        for (int b = 0; b < BAND_COUNT; b++)
            number_or_blank(sh, row, c++, o->pages_per_engineer_month[b], XLSX_DECIMAL1);
        xlsx_text(sh, row, c++,
                  !o->rotation.applies      ? "provider's"
                  : !o->rotation.known      ? "not measured"
                  : o->rotation.sustainable ? "sustainable"
                                            : "not sustainable",
                  XLSX_PLAIN);
        xlsx_text(sh, row, c++, o->eligible ? "yes" : o->excluded ? "excluded" : "no", XLSX_PLAIN);
        number_or_blank(sh, row, c++, o->cost.gpu, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.routine_ops, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.on_call, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.incident_labour, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.downtime, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.operations, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.ramp_loss, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.compliance_risk, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.total, XLSX_INTEGER);
        char note[2600];
        const char *why = o->eligible ? o->caveat : o->ineligible;
        snprintf(note, sizeof note, "%s%s%s%s%s%s", why, why[0] ? ". " : "",
                 o->partial[0] ? "Measured on a partial record: " : "", o->partial,
                 o->partial[0] ? ". " : "", o->cost.arithmetic);
        xlsx_text(sh, row, c++, note, XLSX_WRAP);
    }
    return row;
}

/* The sheet's first rows: the answer, and what it was decided on. */
static uint32_t
sheet_head(struct xlsx_sheet *sh, const struct report_decision *d)
{
    const struct decide_result *r = d->result;
    const struct team_profile *p = d->profile;
    char text[1024], headline[400], period[200];
    uint32_t row = 0;
    report_decision_headline(d, headline, sizeof headline);
    snprintf(text, sizeof text, "Operating model: %s", headline);
    xlsx_text(sh, row++, 0, text, XLSX_BOLD);
    report_decision_period(d, period, sizeof period);
    snprintf(text, sizeof text, "Profile %s (%s, type %s). %s. Guide's answer: %s; %s.",
             d->profile_path ? d->profile_path : "", p->entity, team_type_name(p->type), period,
             decide_model_name(r->default_model),
             !r->measured_any ? "nothing was measured, so it rests on the profile alone"
             : r->provisional ? "the team's record is not enough evidence yet: provisional"
             : r->overturned  ? "measured data overturned it"
                              : "measured data did not overturn it");
    xlsx_text_across(sh, row++, 0, TEXT_LAST_COL, text, XLSX_MUTED_WRAP);
    return row + 1;
}

static struct xlsx_sheet *
sheet_with_columns(struct xlsx_book *book, const char *name)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, name);
    for (uint16_t c = 0; option_columns[c].title; c++) /* widened by xlsx_titles() */
        xlsx_column_width(sh, c, c, option_columns[c].width);
    return sh;
}

/* The options with every figure and the cost arithmetic. */
static void
arithmetic_sheet(struct xlsx_book *book, const struct report_decision *d)
{
    struct xlsx_sheet *sh = sheet_with_columns(book, "Decision arithmetic");
    uint32_t row = sheet_head(sh, d);
    xlsx_text(sh, row++, 0, "Options (per month; costs in the profile's currency)", XLSX_BOLD);
    row = write_options(sh, row, d);
    row++;
    xlsx_text_across(
        sh, row++, 0, TEXT_LAST_COL,
        "A month is 730.5 hours. Measured totals are scaled to a month by 730.5 / hours in "
        "the period. docs/decide.md gives every formula and its limits.",
        XLSX_MUTED_WRAP);
}

/* Every reason in full, the readiness table, every input re-run, the
 * boundary and the rules they rest on. */
static void
evidence_sheet(struct xlsx_book *book, const struct report_decision *d)
{
    const struct decide_result *r = d->result;
    struct xlsx_sheet *sh = sheet_with_columns(book, "Decision evidence");
    uint32_t row = sheet_head(sh, d);
    xlsx_text(sh, row, 0, "Rule", XLSX_HEADER);
    xlsx_text(sh, row, 1, "Basis", XLSX_HEADER);
    xlsx_text(sh, row++, 2, "Reason", XLSX_HEADER);
    for (size_t i = 0; i < r->nreasons; i++, row++) {
        xlsx_text(sh, row, 0, r->reasons[i].rule, XLSX_PLAIN);
        xlsx_text(sh, row, 1, r->reasons[i].basis, XLSX_PLAIN);
        xlsx_text_across(sh, row, 2, TEXT_LAST_COL, r->reasons[i].text, XLSX_WRAP);
    }
    row++;
    xlsx_text(sh, row, 0, "Readiness condition", XLSX_HEADER);
    xlsx_text(sh, row, 1, "Met", XLSX_HEADER);
    xlsx_text(sh, row++, 2, "Evidence", XLSX_HEADER);
    for (size_t i = 0; i < DECIDE_READINESS_COUNT; i++, row++) {
        xlsx_text(sh, row, 0, r->readiness[i].condition, XLSX_WRAP);
        xlsx_text(sh, row, 1, check_name(r->readiness[i].met), XLSX_PLAIN);
        xlsx_text_across(sh, row, 2, TEXT_LAST_COL, r->readiness[i].evidence, XLSX_WRAP);
    }
    row++;
    xlsx_text(sh, row++, 0, "What would change the answer (each re-run on the changed input)",
              XLSX_BOLD);
    for (size_t i = 0; i < r->nchanges; i++)
        xlsx_text_across(sh, row++, 0, TEXT_LAST_COL, r->changes[i].text, XLSX_WRAP);
    row++;
    xlsx_text(sh, row, 0, "Operation", XLSX_HEADER);
    xlsx_text(sh, row, 1, "Layer", XLSX_HEADER);
    xlsx_text(sh, row, 2, "Who runs it", XLSX_HEADER);
    xlsx_text(sh, row++, 3, "What the data says about the team now", XLSX_HEADER);
    for (size_t i = 0; i < DECIDE_BOUNDARY_COUNT; i++, row++) {
        const struct decide_boundary *b = &r->boundary[i];
        xlsx_text(sh, row, 0, b->operation, XLSX_WRAP);
        xlsx_text(sh, row, 1, b->layer, XLSX_PLAIN);
        xlsx_text(sh, row, 2, b->owner, XLSX_PLAIN);
        xlsx_text_across(sh, row, 3, TEXT_LAST_COL, b->evidence, XLSX_WRAP);
    }
    row++;
    xlsx_text_across(
        sh, row++, 0, TEXT_LAST_COL,
        "Rotation rule (Google SRE book, 'Being On-Call', 'Eliminating Toil'): engineers >= "
        "ceil(2 x hours covered a week / (168 x 25 %)); at most 2 incidents per 12-hour "
        "shift; operations at most 50 % of platform engineers' time.",
        XLSX_MUTED_WRAP);
    xlsx_text_across(
        sh, row++, 0, TEXT_LAST_COL,
        "Pages: one per incident, at its start, in the profile's zone: business Mon-Fri "
        "08-18, off Mon-Fri 18-22 and weekends 08-22, sleep 22-08 (PagerDuty's bands).",
        XLSX_MUTED_WRAP);
}

enum sl_status
report_decision_sheet(struct xlsx_book *book, const struct report_decision *d, struct sl_diag *diag)
{
    report_decision_memo(book, d);
    arithmetic_sheet(book, d);
    evidence_sheet(book, d);
    return xlsx_status(book, diag);
}

static const struct xlsx_column measured_columns[] = {
    {"Entity", 22},
    {"Availability", 12},
    {"Monitored", 11},
    {"Incidents", 10},
    {"Open", 7},
    {"Sev1", 7},
    {"Sev2", 7},
    {"Incident hours", 11},
    {"Engineer hours", 11},
    {"Pages business", 10},
    {"Pages off", 10},
    {"Pages sleep", 10},
    {"Median TTA (min)", 11},
    {"Median TTR (h)", 11},
    {NULL, 0},
};

static void
write_measured_row(struct xlsx_sheet *sh, uint32_t row, const struct decide_measured *m)
{
    uint16_t c = 0;
    xlsx_text(sh, row, c++, m->entity, XLSX_PLAIN);
    if (m->has_uptime) {
        xlsx_percent(sh, row, c++, m->availability);
        xlsx_percent(sh, row, c++, m->coverage);
    } else {
        xlsx_text(sh, row, c++, "unknown", XLSX_MUTED);
        xlsx_text(sh, row, c++, "unknown", XLSX_MUTED);
    }
    xlsx_number(sh, row, c++, (double)m->incidents, XLSX_INTEGER);
    xlsx_number(sh, row, c++, (double)m->open, XLSX_INTEGER);
    xlsx_number(sh, row, c++, (double)m->by_severity[1], XLSX_INTEGER);
    xlsx_number(sh, row, c++, (double)m->by_severity[2], XLSX_INTEGER);
    xlsx_number(sh, row, c++, m->incident_hours, XLSX_DECIMAL1);
    xlsx_number(sh, row, c++, m->engineer_hours, XLSX_DECIMAL1);
    for (int b = 0; b < BAND_COUNT; b++)
        xlsx_number(sh, row, c++, (double)m->pages.count[b], XLSX_INTEGER);
    number_or_blank(sh, row, c++, m->tta.n ? m->tta.median / 60.0 : NAN, XLSX_DECIMAL1);
    number_or_blank(sh, row, c++, m->ttr.n ? m->ttr.median / 3600.0 : NAN, XLSX_DECIMAL1);
}

enum sl_status
report_decision_write(const char *path, const struct report_decision *d, struct sl_diag *diag)
{
    struct xlsx_book *book = NULL;
    enum sl_status st;
    char from[16], to[16], period[40];
    sltime_format_date(d->from, d->zone, from);
    sltime_format_date(d->to, d->zone, to);
    snprintf(period, sizeof period, "%s to %s", from, to);
    struct xlsx_props props = {
        .period = period,
        .title = "slaudit operating-model decision",
        .subject = "Managed, self-managed or hybrid, with reasons and total cost of operations",
        .comments = d->version,
        .created = d->to, /* never the clock */
    };
    if ((st = xlsx_open(&book, path, &props, diag)) != SL_OK)
        goto out;
    if ((st = report_decision_sheet(book, d, diag)) != SL_OK)
        goto out;
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Measured");
    xlsx_header(sh, 0, measured_columns, (uint32_t)(1 + d->profile->nproviders));
    write_measured_row(sh, 1, d->team);
    for (size_t i = 0; i < d->profile->nproviders; i++)
        write_measured_row(sh, (uint32_t)(2 + i), &d->providers[i]);
    if ((st = xlsx_status(book, diag)) != SL_OK)
        goto out;
    st = xlsx_close(book, diag);
    book = NULL;
out:
    xlsx_abandon(book);
    return st;
}
