/* audit_book.c — the audit workbook (reports/books/audit_book.h). */
#include "reports/books/audit_book.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/audit/rules.h"
#include "engine/time/sltime.h"
#include "reports/xlsx/sheet_findings.h"
#include "reports/xlsx/sheet_sources.h"
#include "reports/xlsx/xlsx.h"

enum { E_FINDING, E_RULE, E_KIND, E_REF, E_DETAIL, E_START, E_END, E_FILE, E_LINE };

static const struct xlsx_column evidence_columns[] = {
    [E_FINDING] = {"Finding #", 9}, [E_RULE] = {"Rule", 10},
    [E_KIND] = {"Kind", 12},        [E_REF] = {"Record", 16},
    [E_DETAIL] = {"Detail", 60},    [E_START] = {"Start (UTC)", 17},
    [E_END] = {"End (UTC)", 17},    [E_FILE] = {"Source file", 40},
    [E_LINE] = {"Line", 7},         {NULL, 0},
};

enum { R_ID, R_SCOPE, R_SEVERITY, R_REGIMES, R_CHECK, R_CLAUSE, R_STATE, R_WHY, R_COUNT };

static const struct xlsx_column rule_columns[] = {
    [R_ID] = {"Rule", 10},
    [R_SCOPE] = {"Scope", 8},
    [R_SEVERITY] = {"Severity", 10},
    [R_REGIMES] = {"Regimes", 12},
    [R_CHECK] = {"Check", 70},
    [R_CLAUSE] = {"Source", 30},
    [R_STATE] = {"In this audit", 16},
    [R_WHY] = {"Why", 50},
    [R_COUNT] = {"Findings", 9},
    {NULL, 0},
};

static const char *const severity_titles[FSEV_COUNT] = {
    [FSEV_CRITICAL] = "Critical", [FSEV_HIGH] = "High", [FSEV_MEDIUM] = "Medium",
    [FSEV_LOW] = "Low",           [FSEV_INFO] = "Info",
};

static void
cover_line(struct xlsx_sheet *sh, uint32_t *row, const char *label, const char *value)
{
    xlsx_text(sh, *row, 0, label, XLSX_BOLD);
    xlsx_text(sh, (*row)++, 1, value, XLSX_WRAP);
}

/* What the audit is of, under which rules, with what result, made how. */
static void
write_cover(struct xlsx_book *book, const struct audit_result *r,
            const struct audit_book_info *info, size_t nsources)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Cover");
    char text[512], from[16], last[16], digest[17];
    uint32_t row = 0;
    xlsx_column_width(sh, 0, 0, 22);
    xlsx_column_width(sh, 1, 1, 90);
    xlsx_text(sh, row, 0, "Compliance audit", XLSX_BOLD);
    row += 2;
    cover_line(sh, &row, "Entity", r->params.entity);
    sltime_format_date(r->params.from, r->zone, from);
    sltime_format_date(r->params.to - 1, r->zone, last);
    snprintf(text, sizeof text, "%s to %s, whole days in %s", from, last,
             r->zone ? r->zone : "UTC");
    cover_line(sh, &row, "Period", text);
    if (!r->profile_present)
        snprintf(text, sizeof text,
                 "none stored: rules that need one (regimes, rotation, objectives) were not "
                 "evaluated");
    else if (r->regimes && *r->regimes) {
        char regimes[256];
        finding_regime_title(r->regimes, regimes, sizeof regimes);
        snprintf(text, sizeof text, "stored; regimes: %s", regimes);
    } else
        snprintf(text, sizeof text, "stored; it names no regime, so regime rules do not apply");
    cover_line(sh, &row, "Profile", text);
    size_t states[4] = {0};
    for (size_t i = 0; i < r->nrules; i++) {
        states[0] += r->rules[i].state == RULE_EVALUATED;
        states[1] += r->rules[i].state == RULE_NO_DATA;
        states[2] += r->rules[i].state == RULE_NOT_APPLICABLE;
        states[3] += r->rules[i].state == RULE_NOT_IMPLEMENTED;
    }
    rules_catalog_digest(digest);
    snprintf(text, sizeof text,
             "version %s: %zu rules, %zu implemented; in this audit %zu evaluated, %zu without "
             "data, %zu not applicable, %zu not implemented (see Rules)",
             digest, rules_count(), rules_implemented(), states[0], states[1], states[2],
             states[3]);
    cover_line(sh, &row, "Rule catalog", text);
    row++;
    xlsx_text(sh, row++, 0, "Findings by severity", XLSX_HEADER);
    size_t counts[FSEV_COUNT] = {0};
    for (size_t i = 0; i < r->findings.n; i++)
        counts[r->findings.v[i].severity]++;
    for (int s = FSEV_COUNT - 1; s >= 0; s--) {
        xlsx_text(sh, row, 0, severity_titles[s], XLSX_PLAIN);
        xlsx_number(sh, row++, 1, (double)counts[s], XLSX_INTEGER_LEFT);
    }
    xlsx_text(sh, row, 0, "Total", XLSX_BOLD);
    xlsx_number(sh, row++, 1, (double)r->findings.n, XLSX_INTEGER_LEFT);
    row++;
    snprintf(text, sizeof text, "%zu files, each with its SHA-256 (see Sources)", nsources);
    cover_line(sh, &row, "Inputs", text);
    cover_line(sh, &row, "Command line", info->command_line ? info->command_line : "not known");
    cover_line(sh, &row, "slaudit version", info->version);
    xlsx_print_fit(sh, false, 1);
}

enum sl_status
audit_book_write(const char *path, const struct audit_result *r, const struct audit_book_info *info,
                 struct sl_diag *diag)
{
    struct xlsx_book *book = NULL;
    const struct finding **order = NULL;
    size_t nevidence = 0;
    enum sl_status st;
    char title[160], subject[200];
    snprintf(title, sizeof title, "slaudit audit of %s", r->params.entity);
    char from[40], to[40];
    sltime_format(r->params.from, NULL, from);
    sltime_format(r->params.to, NULL, to);
    snprintf(subject, sizeof subject, "Compliance findings from %s to %s", from, to);
    char period[96], first[16], last[16]; /* as the Cover gives it */
    sltime_format_date(r->params.from, r->zone, first);
    sltime_format_date(r->params.to - 1, r->zone, last);
    snprintf(period, sizeof period, "%s, %s to %s", r->params.entity, first, last);
    struct xlsx_props props = {
        .title = title,
        .subject = subject,
        .period = period,
        .comments = info->command_line ? info->command_line : info->version,
        .created = r->params.to, /* never the clock: same inputs, same bytes */
    };
    for (size_t i = 0; i < r->findings.n; i++)
        nevidence += r->findings.v[i].nevidence;
    if (r->findings.n > XLSX_MAX_ROW || nevidence > XLSX_MAX_ROW)
        return diag_set(diag, SL_ERR_LIMIT, path, 0, "more findings or evidence than Excel holds");
    order = calloc(r->findings.n + 1, sizeof *order);
    if (!order) {
        st = diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
        goto out;
    }
    if ((st = xlsx_open(&book, path, &props, diag)))
        goto out;

    write_cover(book, r, info, info->nsources);
    for (size_t i = 0; i < r->findings.n; i++) /* the audit's order: severity, then rule */
        order[i] = &r->findings.v[i];
    sheet_findings_table(book, "Findings", order, r->findings.n, NULL);

    struct xlsx_sheet *es = xlsx_add_sheet(book, "Evidence");
    xlsx_header(es, 0, evidence_columns, (uint32_t)nevidence);
    uint32_t row = 0;
    for (size_t i = 0; i < r->findings.n; i++) { /* numbered as on Findings */
        const struct finding *f = order[i];
        for (size_t j = 0; j < f->nevidence; j++) {
            const struct finding_evidence *e = &f->evidence[j];
            row++;
            xlsx_number(es, row, E_FINDING, (double)(i + 1), XLSX_INTEGER);
            xlsx_text(es, row, E_RULE, f->rule_id, XLSX_PLAIN);
            xlsx_text(es, row, E_KIND, e->kind, XLSX_WRAP);
            xlsx_text(es, row, E_REF, e->ref, XLSX_WRAP);
            xlsx_text(es, row, E_DETAIL, e->detail, XLSX_WRAP);
            xlsx_instant(es, row, E_START, e->start, NULL);
            xlsx_instant(es, row, E_END, e->end, NULL);
            xlsx_text(es, row, E_FILE, e->file, XLSX_WRAP);
            if (e->line)
                xlsx_number(es, row, E_LINE, (double)e->line, XLSX_INTEGER);
        }
    }

    struct xlsx_sheet *rs = xlsx_add_sheet(book, "Rules");
    xlsx_header(rs, 0, rule_columns, (uint32_t)r->nrules);
    for (size_t i = 0; i < r->nrules; i++) {
        const struct audit_rule_status *s = &r->rules[i];
        uint32_t rr = (uint32_t)i + 1;
        xlsx_text(rs, rr, R_ID, s->rule->id, XLSX_PLAIN);
        xlsx_text(rs, rr, R_SCOPE, rules_scope_text(s->rule->scope), XLSX_PLAIN);
        xlsx_text(rs, rr, R_SEVERITY, finding_severity_name(s->rule->severity), XLSX_PLAIN);
        xlsx_text(rs, rr, R_REGIMES, s->rule->regimes ? s->rule->regimes : "—", XLSX_WRAP);
        xlsx_text(rs, rr, R_CHECK, s->rule->check_text, XLSX_WRAP);
        xlsx_text(rs, rr, R_CLAUSE, s->rule->clause, XLSX_WRAP);
        xlsx_text(rs, rr, R_STATE, audit_rule_state_name(s->state), XLSX_PLAIN);
        xlsx_text(rs, rr, R_WHY, s->why, XLSX_WRAP);
        xlsx_number(rs, rr, R_COUNT, (double)s->findings, XLSX_INTEGER);
    }
    struct report_info sources = {
        .version = info->version,
        .command_line = info->command_line ? info->command_line : "",
        .sources = info->sources,
        .nsources = info->nsources,
    };
    if ((st = sheet_sources_write(book, &sources, diag)))
        goto out;
    st = xlsx_close(book, diag);
    book = NULL;
out:
    xlsx_abandon(book);
    free(order);
    return st;
}
