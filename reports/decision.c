/* decision.c — the operating-model decision as JSON and as workbook sheets.
 * Reads the decision only; rows are written top to bottom, so the sheet also
 * fits a constant-memory workbook. */
#include "reports/decision.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/jsonw.h"
#include "engine/sltime.h"
#include "reports/xlsx.h"

/* ---- JSON ----------------------------------------------------------------- */

static void
num_member(struct strbuf *sb, const char *key, double v)
{
    jsonw_key(sb, key);
    jsonw_num(sb, v);
}

static void
write_rotation(struct strbuf *sb, const struct decide_rotation *r)
{
    strbuf_addf(sb, "{\"applies\":%s", r->applies ? "true" : "false");
    if (r->applies) {
        strbuf_addf(sb, ",\"sustainable\":%s,\"required_engineers\":%d,",
                    r->sustainable ? "true" : "false", r->required);
        num_member(sb, "oncall_share", r->oncall_share);
        strbuf_addch(sb, ',');
        num_member(sb, "incidents_per_12h_shift", r->incidents_per_shift);
        strbuf_addch(sb, ',');
        num_member(sb, "operations_share", r->ops_share);
    }
    strbuf_addstr(sb, ",\"why\":");
    jsonw_str(sb, r->why);
    strbuf_addch(sb, '}');
}

static void
write_option(struct strbuf *sb, const struct report_decision *d, const struct decide_option *o)
{
    strbuf_addstr(sb, "{\"model\":");
    jsonw_str(sb, decide_model_name(o->model));
    strbuf_addstr(sb, ",\"label\":");
    jsonw_str(sb, o->label);
    strbuf_addstr(sb, ",\"provider\":");
    jsonw_str(sb, o->provider >= 0 ? d->profile->providers[o->provider].entity : NULL);
    strbuf_addf(sb, ",\"measured\":%s,", o->measured ? "true" : "false");
    num_member(sb, "availability", o->availability);
    strbuf_addch(sb, ',');
    num_member(sb, "downtime_hours_per_month", o->downtime_hours_month);
    if (o->model == DECIDE_HYBRID) {
        strbuf_addch(sb, ',');
        num_member(sb, "research_availability", o->research_availability);
        strbuf_addch(sb, ',');
        num_member(sb, "research_downtime_hours_per_month", o->research_downtime_hours_month);
    }
    strbuf_addch(sb, ',');
    num_member(sb, "incidents_per_month", o->incidents_month);
    strbuf_addch(sb, ',');
    num_member(sb, "incident_engineer_hours_per_month", o->engineer_hours_month);
    strbuf_addstr(sb, ",\"pages_per_engineer_per_month\":{");
    for (int b = 0; b < BAND_COUNT; b++) {
        if (b)
            strbuf_addch(sb, ',');
        num_member(sb, interruptions_band_name((enum interruptions_band)b),
                   o->pages_per_engineer_month[b]);
    }
    strbuf_addstr(sb, "},\"rotation\":");
    write_rotation(sb, &o->rotation);
    strbuf_addf(sb, ",\"meets_commitment\":%s,\"eligible\":%s,\"ineligible_because\":",
                o->meets_commitment ? "true" : "false", o->eligible ? "true" : "false");
    jsonw_str(sb, o->eligible ? NULL : o->ineligible);
    strbuf_addstr(sb, ",\"cost_per_month\":{");
    num_member(sb, "gpu", o->cost.gpu);
    strbuf_addch(sb, ',');
    num_member(sb, "routine_operations", o->cost.routine_ops);
    strbuf_addch(sb, ',');
    num_member(sb, "on_call", o->cost.on_call);
    strbuf_addch(sb, ',');
    num_member(sb, "incident_labour", o->cost.incident_labour);
    strbuf_addch(sb, ',');
    num_member(sb, "downtime", o->cost.downtime);
    strbuf_addch(sb, ',');
    num_member(sb, "total", o->cost.total);
    strbuf_addstr(sb, ",\"currency\":");
    jsonw_str(sb, d->profile->currency);
    strbuf_addstr(sb, ",\"arithmetic\":");
    jsonw_str(sb, o->cost.arithmetic);
    strbuf_addstr(sb, "}}");
}

static void
write_measured(struct strbuf *sb, const struct decide_measured *m)
{
    strbuf_addstr(sb, "{\"entity\":");
    jsonw_str(sb, m->entity);
    strbuf_addf(sb, ",\"has_uptime\":%s,", m->has_uptime ? "true" : "false");
    num_member(sb, "availability", m->availability);
    strbuf_addch(sb, ',');
    num_member(sb, "monitoring_coverage", m->coverage);
    strbuf_addf(sb, ",\"incidents\":%ld,\"open\":%ld,\"by_severity\":{", m->incidents, m->open);
    for (int s = 1; s <= 5; s++)
        strbuf_addf(sb, "%s\"sev%d\":%ld", s > 1 ? "," : "", s, m->by_severity[s]);
    strbuf_addf(sb, ",\"none\":%ld},", m->by_severity[0]);
    num_member(sb, "incident_hours", m->incident_hours);
    strbuf_addch(sb, ',');
    num_member(sb, "incident_engineer_hours", m->engineer_hours);
    strbuf_addstr(sb, ",\"pages\":{");
    for (int b = 0; b < BAND_COUNT; b++)
        strbuf_addf(sb, "%s\"%s\":%ld", b ? "," : "",
                    interruptions_band_name((enum interruptions_band)b), m->pages.count[b]);
    strbuf_addstr(sb, "},");
    num_member(sb, "tta_median_seconds", m->tta.n ? m->tta.median : NAN);
    strbuf_addch(sb, ',');
    num_member(sb, "ttr_median_seconds", m->ttr.n ? m->ttr.median : NAN);
    strbuf_addch(sb, '}');
}

enum sl_status
report_decision_json(const struct report_decision *d, struct strbuf *sb)
{
    const struct decide_result *r = d->result;
    char from[40], to[40];
    sltime_format(d->from, d->zone, from);
    sltime_format(d->to, d->zone, to);
    strbuf_addstr(sb, "{\"recommendation\":");
    jsonw_str(sb, decide_model_name(r->recommendation));
    strbuf_addstr(sb, ",\"provider\":");
    jsonw_str(sb, r->provider >= 0 ? d->profile->providers[r->provider].entity : NULL);
    strbuf_addstr(sb, ",\"default_policy\":");
    jsonw_str(sb, decide_model_name(r->default_model));
    strbuf_addf(sb, ",\"overturned\":%s,\"proven_24x7\":%s,\"period\":{\"from\":",
                r->overturned ? "true" : "false", r->proven_24x7 ? "true" : "false");
    jsonw_str(sb, from);
    strbuf_addstr(sb, ",\"to\":");
    jsonw_str(sb, to);
    strbuf_addstr(sb, "},\"reasons\":[");
    for (size_t i = 0; i < r->nreasons; i++) {
        strbuf_addstr(sb, i ? ",{\"rule\":" : "{\"rule\":");
        jsonw_str(sb, r->reasons[i].rule);
        strbuf_addstr(sb, ",\"basis\":");
        jsonw_str(sb, r->reasons[i].basis);
        strbuf_addstr(sb, ",\"text\":");
        jsonw_str(sb, r->reasons[i].text);
        strbuf_addch(sb, '}');
    }
    strbuf_addstr(sb, "],\"options\":[");
    for (size_t i = 0; i < r->noptions; i++) {
        if (i)
            strbuf_addch(sb, ',');
        write_option(sb, d, &r->options[i]);
    }
    strbuf_addf(sb, "],\"recommended_option\":%zu,\"boundary\":[", r->recommended_option);
    for (size_t i = 0; i < DECIDE_BOUNDARY_COUNT; i++) {
        const struct decide_boundary *b = &r->boundary[i];
        strbuf_addstr(sb, i ? ",{\"operation\":" : "{\"operation\":");
        jsonw_str(sb, b->operation);
        strbuf_addstr(sb, ",\"layer\":");
        jsonw_str(sb, b->layer);
        strbuf_addstr(sb, ",\"owner\":");
        jsonw_str(sb, b->owner);
        strbuf_addstr(sb, ",\"evidence\":");
        jsonw_str(sb, b->evidence);
        strbuf_addch(sb, '}');
    }
    strbuf_addstr(sb, "],\"measured\":[");
    write_measured(sb, d->team);
    for (size_t i = 0; i < d->profile->nproviders; i++) {
        strbuf_addch(sb, ',');
        write_measured(sb, &d->providers[i]);
    }
    strbuf_addstr(sb, "],\"rules\":{\"hours_per_month\":");
    jsonw_num(sb, DECIDE_HOURS_PER_MONTH);
    strbuf_addstr(sb, ",\"rotation\":");
    jsonw_str(sb, "sustainable when: engineers >= ceil(2 x hours covered a week / (168 x 0.25)) "
                  "(25 % on call, primary and secondary); incidents per 12-hour shift <= 2; "
                  "operations (routine + incident engineer-hours) <= 50 % of platform engineers' "
                  "time. Source: Google SRE book, 'Being On-Call' and 'Eliminating Toil'");
    strbuf_addstr(sb, ",\"bands\":");
    jsonw_str(sb, "business Mon-Fri 08-18, off Mon-Fri 18-22 and Sat-Sun 08-22, sleep 22-08 "
                  "daily, in the profile's zone (PagerDuty Analytics)");
    strbuf_addstr(sb, ",\"tie_margin\":");
    jsonw_num(sb, d->profile->tie_margin);
    return strbuf_addstr(sb, "}}\n");
}

/* ---- workbook ------------------------------------------------------------- */

static const struct xlsx_column option_columns[] = {
    {"Option", 44},
    {"Availability", 12},
    {"Downtime h/month", 11},
    {"Incidents/month", 11},
    {"Incident engineer-h/month", 13},
    {"Pages/engineer/month: business", 12},
    {"off hours", 10},
    {"sleep hours", 10},
    {"Rotation", 16},
    {"Meets every constraint", 12},
    {"GPU", 12},
    {"Routine operations", 12},
    {"On call", 10},
    {"Incident labour", 12},
    {"Downtime cost", 12},
    {"Total cost/month", 13},
    {"Why not / arithmetic", 90},
    {NULL, 0},
};

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
    /* Plain header cells: xlsx_header would freeze the panes mid-sheet. */
    for (uint16_t c = 0; option_columns[c].title; c++)
        xlsx_text(sh, row, c, option_columns[c].title, XLSX_HEADER);
    row++;
    for (size_t i = 0; i < r->noptions; i++, row++) {
        const struct decide_option *o = &r->options[i];
        uint16_t c = 0;
        xlsx_text(sh, row, c++, o->label, i == r->recommended_option ? XLSX_BOLD : XLSX_PLAIN);
        if (o->measured)
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
                  : o->rotation.sustainable ? "sustainable"
                                            : "not sustainable",
                  XLSX_PLAIN);
        xlsx_text(sh, row, c++, o->eligible ? "yes" : "no", XLSX_PLAIN);
        number_or_blank(sh, row, c++, o->cost.gpu, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.routine_ops, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.on_call, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.incident_labour, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.downtime, XLSX_INTEGER);
        number_or_blank(sh, row, c++, o->cost.total, XLSX_INTEGER);
        char note[1500];
        snprintf(note, sizeof note, "%s%s%s", o->eligible ? "" : o->ineligible,
                 o->eligible ? "" : ". ", o->cost.arithmetic);
        xlsx_text(sh, row, c++, note, XLSX_PLAIN);
    }
    return row;
}

enum sl_status
report_decision_sheet(struct xlsx_book *book, const struct report_decision *d, struct sl_diag *diag)
{
    const struct decide_result *r = d->result;
    const struct team_profile *p = d->profile;
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Decision");
    char text[1024], from[16], to[16];
    uint32_t row = 0;
    sltime_format_date(d->from, d->zone, from);
    sltime_format_date(d->to, d->zone, to);
    for (uint16_t c = 0; option_columns[c].title; c++)
        xlsx_column_width(sh, c, c, option_columns[c].width);

    snprintf(text, sizeof text, "Operating model: %s%s%s", decide_model_name(r->recommendation),
             r->provider >= 0 ? " with " : "",
             r->provider >= 0 ? p->providers[r->provider].entity : "");
    xlsx_text(sh, row++, 0, text, XLSX_BOLD);
    snprintf(text, sizeof text,
             "Profile %s (%s, type %s). Measured %s to %s (exclusive), %s. Default policy: %s; "
             "%s.",
             d->profile_path ? d->profile_path : "", p->entity, team_type_name(p->type), from, to,
             d->zone ? d->zone : "UTC", decide_model_name(r->default_model),
             r->overturned ? "measured data overturned it" : "measured data did not overturn it");
    xlsx_text(sh, row++, 0, text, XLSX_MUTED);
    row++;
    xlsx_text(sh, row, 0, "Rule", XLSX_HEADER);
    xlsx_text(sh, row, 1, "Basis", XLSX_HEADER);
    xlsx_text(sh, row++, 2, "Reason", XLSX_HEADER);
    for (size_t i = 0; i < r->nreasons; i++, row++) {
        xlsx_text(sh, row, 0, r->reasons[i].rule, XLSX_PLAIN);
        xlsx_text(sh, row, 1, r->reasons[i].basis, XLSX_PLAIN);
        xlsx_text(sh, row, 2, r->reasons[i].text, XLSX_PLAIN);
    }
    row++;
    xlsx_text(sh, row++, 0, "Options (per month; costs in the profile's currency)", XLSX_BOLD);
    row = write_options(sh, row, d);
    row++;
    xlsx_text(sh, row, 0, "Operation", XLSX_HEADER);
    xlsx_text(sh, row, 1, "Layer", XLSX_HEADER);
    xlsx_text(sh, row, 2, "Who runs it", XLSX_HEADER);
    xlsx_text(sh, row++, 3, "What the data says about the team now", XLSX_HEADER);
    for (size_t i = 0; i < DECIDE_BOUNDARY_COUNT; i++, row++) {
        const struct decide_boundary *b = &r->boundary[i];
        xlsx_text(sh, row, 0, b->operation, XLSX_PLAIN);
        xlsx_text(sh, row, 1, b->layer, XLSX_PLAIN);
        xlsx_text(sh, row, 2, b->owner, XLSX_PLAIN);
        xlsx_text(sh, row, 3, b->evidence, XLSX_PLAIN);
    }
    row++;
    xlsx_text(sh, row++, 0,
              "Rotation rule (Google SRE book, 'Being On-Call', 'Eliminating Toil'): engineers >= "
              "ceil(2 x hours covered a week / (168 x 25 %)); at most 2 incidents per 12-hour "
              "shift; operations at most 50 % of platform engineers' time.",
              XLSX_MUTED);
    xlsx_text(sh, row++, 0,
              "Pages: one per incident, at its start, in the profile's zone: business Mon-Fri "
              "08-18, off Mon-Fri 18-22 and weekends 08-22, sleep 22-08 (PagerDuty's bands).",
              XLSX_MUTED);
    xlsx_text(sh, row++, 0,
              "A month is 730.5 hours. Measured totals are scaled to a month by 730.5 / hours in "
              "the period. docs/decide.md gives every formula and its limits.",
              XLSX_MUTED);
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
    struct xlsx_props props = {
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
