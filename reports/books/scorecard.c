/* scorecard.c — the SLA scorecard workbook (scorecard.h). */
#include "reports/books/scorecard.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/sla/sla_credit_unit.h"
#include "engine/sla/sla_points.h"
#include "reports/xlsx/xlsx.h"

static const struct xlsx_column criteria_columns[] = {
    {"Criterion", 40}, {"Points", 9}, {"Weight", 9},
    {"Why", 60},       {"Line", 7},   {"How points are given", 90},
    {NULL, 0},
};

static const struct xlsx_column flag_columns[] = {
    {"Rule", 9}, {"Severity", 10}, {"Flag", 44}, {"Detail", 60},
    {"Line", 7}, {"Quote", 90},    {NULL, 0},
};

/* The terms' labels run to 35 characters ("Claim needs the customer's
 * evidence"): whole on one line, and wrapped should a longer one come. */
static const struct xlsx_column term_columns[] = {
    {"Term", 38}, {"Value", 40}, {"Line", 7}, {"Text", 90}, {NULL, 0},
};

static const struct xlsx_column allowed_columns[] = {
    {"Uptime", 10},
    {"Window", 10},
    {"Minutes a month (730 h)", 16},
    {"Minutes a quarter", 16},
    {"Minutes a year", 16},
    {"Line", 7},
    {"Measured by", 44},
    {NULL, 0},
};

static const struct xlsx_column replay_columns[] = {
    {"Window", 12},
    {"Delivered (contract)", 14},
    {"Neutral", 12},
    {"Met", 12},
    {"Credit %", 10},
    {"Downtime min", 12},
    {"Excluded min", 12},
    {"Forgiven min", 12},
    {"Note", 30},
    {"Coverage", 10},
    {NULL, 0},
};

/* The document as a reader names it: the name it was stored under, else
 * the file's name without the folders it was read from. */
static const char *
document_name(const struct sla_terms *t, const struct scorecard_info *info)
{
    const char *d = t->document && *t->document ? t->document : info->document;
    const char *slash = d ? strrchr(d, '/') : NULL;
    return slash ? slash + 1 : d ? d : "";
}

static void
write_criteria(struct xlsx_book *book, const struct sla_terms *t, const struct sla_scorecard *sc,
               const struct scorecard_info *info)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Scorecard");
    char title[300];
    if (t->provider && *t->provider)
        snprintf(title, sizeof title, "%s \xe2\x80\x94 %s: %.0f / 100", t->provider,
                 document_name(t, info), sc->total);
    else
        snprintf(title, sizeof title, "%s: %.0f / 100", document_name(t, info), sc->total);
    xlsx_text(sh, 0, 0, title, XLSX_BOLD);
    xlsx_header(sh, 2, criteria_columns, (uint32_t)sc->ncriteria);
    for (size_t i = 0; i < sc->ncriteria; i++) {
        const struct sla_criterion *c = &sc->criteria[i];
        uint32_t r = 3 + (uint32_t)i;
        xlsx_text(sh, r, 0, c->name, XLSX_PLAIN);
        xlsx_number(sh, r, 1, c->points, XLSX_DECIMAL1);
        xlsx_number(sh, r, 2, c->weight, XLSX_INTEGER);
        xlsx_text(sh, r, 3, c->reason, XLSX_WRAP);
        if (c->line)
            xlsx_number(sh, r, 4, (double)c->line, XLSX_INTEGER);
        char how[1024];
        sla_points_describe(i, how, sizeof how);
        xlsx_text(sh, r, 5, how, XLSX_WRAP);
    }
    uint32_t r = 3 + (uint32_t)sc->ncriteria;
    xlsx_text(sh, r, 0, "Total", XLSX_BOLD);
    xlsx_number(sh, r, 1, sc->total, XLSX_DECIMAL1);
    xlsx_number(sh, r, 2, 100, XLSX_INTEGER);
    xlsx_text(sh, r + 2, 0, info->command_line ? info->command_line : "", XLSX_MUTED);
}

static void
write_flags(struct xlsx_book *book, const struct sla_scorecard *sc)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Red flags");
    xlsx_header(sh, 0, flag_columns, (uint32_t)sc->nflags);
    for (size_t i = 0; i < sc->nflags; i++) {
        const struct sla_flag *f = &sc->flags[i];
        uint32_t r = 1 + (uint32_t)i;
        xlsx_text(sh, r, 0, f->rule, XLSX_BOLD);
        xlsx_text(sh, r, 1, f->severity, XLSX_PLAIN);
        xlsx_text(sh, r, 2, f->title, XLSX_PLAIN);
        xlsx_text(sh, r, 3, f->detail, XLSX_WRAP);
        if (f->line)
            xlsx_number(sh, r, 4, (double)f->line, XLSX_INTEGER);
        xlsx_text(sh, r, 5, f->quote, XLSX_WRAP);
    }
}

/* The Terms sheet as it is written: the next row, and the document line
 * quoted last, which the rows right after it do not quote again (several
 * exclusions read from one paragraph). */
struct term_rows {
    struct xlsx_sheet *sh;
    const struct sla_terms *t;
    uint32_t r;
    long quoted;
};

static void
term_row(struct term_rows *tr, const char *term, const char *value, long line)
{
    struct xlsx_sheet *sh = tr->sh;
    xlsx_text(sh, tr->r, 0, term, XLSX_WRAP);
    xlsx_text(sh, tr->r, 1, value, XLSX_WRAP);
    if (line)
        xlsx_number(sh, tr->r, 2, (double)line, XLSX_INTEGER);
    const char *text = sla_terms_line_text(tr->t, line);
    char words[1024];
    size_t n = text ? sla_line_words(text, words, sizeof words) : 0;
    /* A line that says no more than the value (an exclusion listed on a
     * line of its own) is not written out twice. */
    bool said = n && strstr(words, value) && n <= strlen(value) + 4;
    if (line > 0 && line == tr->quoted)
        xlsx_text(sh, tr->r, 3, "the same line as above", XLSX_MUTED);
    else if (n && !said)
        xlsx_text(sh, tr->r, 3, words, XLSX_WRAP);
    tr->quoted = text ? line : 0;
    tr->r++;
}

static void
bound(char *out, size_t size, double v)
{
    if (isnan(v))
        snprintf(out, size, "open");
    else
        snprintf(out, size, "%g%%", v);
}

/* What a reader calls each clause: the Terms sheet's label, never the key
 * the JSON of the terms uses (sla_clause_name). */
static const char *const clause_labels[SLA_CLAUSE_COUNT] = {
    [SLA_CLAUSE_MEASURED_BY_PROVIDER] = "Uptime measured by the provider only",
    [SLA_CLAUSE_CUSTOMER_EVIDENCE] = "Claim needs the customer's evidence",
    [SLA_CLAUSE_CREDITS_AUTOMATIC] = "Credits applied without a claim",
    [SLA_CLAUSE_CREDITS_FUTURE_ONLY] = "Credits only against future bills",
    [SLA_CLAUSE_PARTIAL_COUNTED] = "Degraded service counts as downtime",
    [SLA_CLAUSE_PARTIAL_EXCLUDED] = "Degraded service is not downtime",
    [SLA_CLAUSE_MIN_OUTAGE] = "Minimum countable outage (min)",
    [SLA_CLAUSE_MAINTENANCE_CAP] = "Maintenance cap (h per month)",
    [SLA_CLAUSE_CATCH_ALL_EXCLUSION] = "Catch-all exclusion",
    [SLA_CLAUSE_DATA_RETURN] = "Data return at exit (days)",
    [SLA_CLAUSE_AUDIT_RIGHTS] = "Audit rights",
    [SLA_CLAUSE_UNILATERAL_CHANGE] = "Provider may change the SLA alone",
    [SLA_CLAUSE_DR_TESTED] = "Disaster recovery tested",
    [SLA_CLAUSE_BEST_EFFORTS] = "Efforts promised, not a commitment",
    [SLA_CLAUSE_CREDITS_VOUCHER] = "Credits paid as vouchers",
};

static const char *
clause_label(enum sla_clause_kind k)
{
    return (unsigned)k < SLA_CLAUSE_COUNT && clause_labels[k] ? clause_labels[k]
                                                              : sla_clause_name(k);
}

static void
write_terms(struct xlsx_book *book, const struct sla_terms *t)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Terms");
    size_t rows = t->ntargets + t->ntiers + t->nexclusions + t->nresponse_times + t->nclauses + 16;
    xlsx_header(sh, 0, term_columns, (uint32_t)rows);
    struct term_rows tr = {sh, t, 1, 0};
    char v[200], lo[32], hi[32];
    term_row(&tr, "Provider", t->provider ? t->provider : "", 0);
    term_row(&tr, "Service", t->service ? t->service : "", 0);
    for (size_t i = 0; i < t->ntargets; i++) {
        snprintf(v, sizeof v, "%g%% per %s", t->targets[i].percent,
                 sla_window_name(t->targets[i].window));
        term_row(&tr, "Uptime target", v, t->targets[i].line);
    }
    for (size_t i = 0; i < t->ntiers; i++) {
        const struct sla_credit_tier *c = &t->tiers[i];
        bound(lo, sizeof lo, c->lower_percent);
        bound(hi, sizeof hi, c->upper_percent);
        char credit[96];
        sla_credit_unit_tier_text(c, credit, sizeof credit);
        snprintf(v, sizeof v, "%s%s, %s%s → %s", c->lower_inclusive ? "[" : "(", lo, hi,
                 c->upper_inclusive ? "]" : ")", credit);
        term_row(&tr, "Credit tier", v, c->line);
    }
    bound(v, sizeof v, t->credit_cap_percent);
    term_row(&tr, "Credit cap", isnan(t->credit_cap_percent) ? "not stated" : v, 0);
    if (t->claim_deadline_days >= 0)
        snprintf(v, sizeof v, "%ld days", t->claim_deadline_days);
    else
        snprintf(v, sizeof v, "%s", t->claim_deadline_text ? t->claim_deadline_text : "not stated");
    term_row(&tr, "Claim deadline", v, 0);
    term_row(&tr, "Maintenance excluded", t->maintenance_excluded ? "yes" : "no", 0);
    if (isnan(t->maintenance_notice_hours))
        snprintf(v, sizeof v, "not stated");
    else
        snprintf(v, sizeof v, "%g hours", t->maintenance_notice_hours);
    term_row(&tr, "Maintenance notice", v, 0);
    term_row(&tr, "Support coverage",
             t->support_coverage == SLA_COVERAGE_UNKNOWN ? "not stated"
                                                         : sla_coverage_name(t->support_coverage),
             0);
    term_row(&tr, "Credits are the sole remedy", t->sole_remedy ? "yes" : "no", 0);
    term_row(&tr, "Termination for chronic failure", t->chronic_failure_termination ? "yes" : "no",
             0);
    const struct {
        const char *term, *unit;
        double value;
    } optional[] = {
        {"Notice of incidents", "hours", t->incident_notice_hours},
        {"RPO", "minutes", t->rpo_minutes},
        {"RTO", "minutes", t->rto_minutes},
    };
    for (size_t i = 0; i < sizeof optional / sizeof *optional; i++) {
        double x = optional[i].value;
        if (isnan(x))
            snprintf(v, sizeof v, "not stated");
        else
            snprintf(v, sizeof v, "%g %s", x, optional[i].unit);
        term_row(&tr, optional[i].term, v, 0);
    }
    for (size_t i = 0; i < t->nresponse_times; i++) {
        const struct sla_response_time *x = &t->response_times[i];
        snprintf(v, sizeof v, "%s: %g min%s", x->severity ? x->severity : "", x->minutes,
                 x->business_hours ? " (business)" : "");
        term_row(&tr, x->resolution ? "Resolution target" : "Response target", v, x->line);
    }
    for (size_t i = 0; i < t->nexclusions; i++)
        term_row(&tr, "Exclusion", t->exclusions[i].text, t->exclusions[i].line);
    for (size_t i = 0; i < t->nclauses; i++) {
        const struct sla_clause *c = &t->clauses[i];
        if (isnan(c->value))
            snprintf(v, sizeof v, "yes");
        else
            snprintf(v, sizeof v, "%g", c->value);
        term_row(&tr, clause_label(c->kind), v, c->line);
    }
}

static void
write_allowed(struct xlsx_book *book, const struct sla_scorecard *sc)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Allowed downtime");
    xlsx_header(sh, 0, allowed_columns, (uint32_t)sc->nallowed);
    for (size_t i = 0; i < sc->nallowed; i++) {
        const struct sla_allowed_downtime *a = &sc->allowed[i];
        uint32_t r = 1 + (uint32_t)i;
        xlsx_number(sh, r, 0, a->percent, XLSX_PLAIN);
        xlsx_text(sh, r, 1, a->window, XLSX_PLAIN);
        xlsx_number(sh, r, 2, a->month_minutes, XLSX_DECIMAL1);
        xlsx_number(sh, r, 3, a->quarter_minutes, XLSX_DECIMAL1);
        xlsx_number(sh, r, 4, a->year_minutes, XLSX_DECIMAL1);
        xlsx_number(sh, r, 5, (double)a->line, XLSX_INTEGER);
        /* The minutes are exact for time only: said so beside the others. */
        if (a->approximate) {
            char v[96];
            snprintf(v, sizeof v, "%s (the minutes read it as time, an approximation)",
                     !strcmp(a->measure, "error_rate") ? "error rate" : a->measure);
            xlsx_text(sh, r, 6, v, XLSX_PLAIN);
        } else if (a->measure) {
            xlsx_text(sh, r, 6, a->measure, XLSX_PLAIN);
        }
    }
    uint32_t r = 2 + (uint32_t)sc->nallowed;
    for (size_t i = 0; i < sc->nissues; i++)
        xlsx_text(sh, r++, 0, sc->issues[i].text, XLSX_PLAIN);
}

static void
write_replay(struct xlsx_book *book, const struct sla_replay *rp)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Replay");
    xlsx_header(sh, 0, replay_columns, (uint32_t)rp->nwindows);
    for (size_t i = 0; i < rp->nwindows; i++) {
        const struct sla_replay_window *w = &rp->windows[i];
        uint32_t r = 1 + (uint32_t)i;
        xlsx_text(sh, r, 0, w->label, XLSX_PLAIN);
        xlsx_percent(sh, r, 1, w->availability_percent / 100);
        xlsx_percent(sh, r, 2, w->neutral_percent / 100);
        xlsx_text(sh, r, 3,
                  !w->judged ? "no verdict"
                  : w->met   ? "met"
                             : "breached",
                  w->met ? XLSX_PLAIN : XLSX_BOLD);
        if (isnan(w->credit_percent)) {
            /* A credit that is no share of the fee, in its own unit. */
            char owed[96];
            sla_credit_unit_owed_text(&w->credit, owed, sizeof owed);
            xlsx_text(sh, r, 4, owed, XLSX_PLAIN);
        } else {
            xlsx_number(sh, r, 4, w->credit_percent / 100, XLSX_PERCENT1);
        }
        xlsx_number(sh, r, 5, w->downtime_seconds / 60, XLSX_DECIMAL1);
        xlsx_number(sh, r, 6, w->excluded_seconds / 60, XLSX_DECIMAL1);
        xlsx_number(sh, r, 7, w->forgiven_seconds / 60, XLSX_DECIMAL1);
        if (w->gap)
            xlsx_text(sh, r, 8, "below target, in no credit band", XLSX_MUTED);
        else if (w->coverage_flag != AVAIL_COVERAGE_FULL)
            xlsx_text(sh, r, 8, availability_coverage_label(w->coverage_flag), XLSX_MUTED);
        if (!isnan(w->coverage))
            xlsx_percent(sh, r, 9, w->coverage);
    }
}

enum sl_status
scorecard_write(const char *path, const struct sla_terms *t, const struct sla_scorecard *sc,
                const struct sla_replay *replay, const struct scorecard_info *info,
                struct sl_diag *diag)
{
    struct xlsx_book *book = NULL;
    char title[300];
    snprintf(title, sizeof title, "slaudit SLA scorecard: %s", document_name(t, info));
    struct xlsx_props props = {
        .title = title,
        .subject = "Pre-signing scorecard, red flags and replay of an SLA",
        .comments = info->version,
        .created = 0, /* never the clock: the same document gives the same bytes */
        .period = document_name(t, info), /* what every page is about */
    };
    enum sl_status s = xlsx_open(&book, path, &props, diag);
    if (s)
        return s;
    write_criteria(book, t, sc, info);
    write_flags(book, sc);
    write_terms(book, t);
    write_allowed(book, sc);
    if (replay)
        write_replay(book, replay);
    if ((s = xlsx_status(book, diag))) {
        xlsx_abandon(book);
        return s;
    }
    return xlsx_close(book, diag);
}
