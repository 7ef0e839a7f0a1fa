/* audit_book.c — the audit workbook: Findings (by regime, then severity,
 * numbered), Evidence (each row naming its finding's number), Rules (the
 * catalog with this audit's status of each rule) and Sources (the slaudit
 * version, the command line and every file the evidence cites), written
 * whole or not at all. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "reports/text/audit_out.h"
#include "reports/xlsx/sheet_findings.h"
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

static const struct xlsx_column source_columns[] = {
    {"Source file", 60},
    {"Evidence rows citing it", 12},
    {NULL, 0},
};

/* Findings shown by regime (none first), then the list's own order. */
static int
by_regime(const void *a, const void *b)
{
    const struct finding *const *x = a, *const *y = b;
    const char *ra = (*x)->regime ? (*x)->regime : "", *rb = (*y)->regime ? (*y)->regime : "";
    int c = strcmp(ra, rb);
    return c ? c : (*x < *y ? -1 : *x > *y);
}

static int
by_string(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
write_sources(struct xlsx_book *book, const char **files, size_t n, const char *version,
              const char *command_line)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Sources");
    qsort(files, n, sizeof *files, by_string);
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        distinct += !i || strcmp(files[i], files[i - 1]);
    xlsx_header(sh, 0, source_columns, (uint32_t)distinct);
    uint32_t row = 0;
    for (size_t i = 0; i < n;) {
        size_t j = i;
        while (j < n && !strcmp(files[j], files[i]))
            j++;
        row++;
        xlsx_text(sh, row, 0, files[i], XLSX_PLAIN);
        xlsx_number(sh, row, 1, (double)(j - i), XLSX_INTEGER);
        i = j;
    }
    row += 2;
    xlsx_text(sh, row, 0, "slaudit version", XLSX_BOLD);
    xlsx_text(sh, row++, 1, version, XLSX_PLAIN);
    xlsx_text(sh, row, 0, "Command line", XLSX_BOLD);
    xlsx_text(sh, row++, 1, command_line, XLSX_PLAIN);
    xlsx_text(sh, row, 0,
              "The same store and command give the same findings in the same order, and the "
              "same bytes.",
              XLSX_MUTED);
}

enum sl_status
audit_book_write(const char *path, const struct audit_result *r, const char *version,
                 const char *command_line, struct sl_diag *diag)
{
    struct xlsx_book *book = NULL;
    const struct finding **order = NULL;
    const char **files = NULL;
    size_t nfiles = 0, nevidence = 0;
    enum sl_status st;
    char title[160], subject[200];
    snprintf(title, sizeof title, "slaudit audit of %s", r->params.entity);
    char from[40], to[40];
    sltime_format(r->params.from, NULL, from);
    sltime_format(r->params.to, NULL, to);
    snprintf(subject, sizeof subject, "Compliance findings from %s to %s", from, to);
    struct xlsx_props props = {
        .title = title,
        .subject = subject,
        .comments = command_line ? command_line : version,
        .created = r->params.to, /* never the clock: same inputs, same bytes */
    };
    for (size_t i = 0; i < r->findings.n; i++)
        nevidence += r->findings.v[i].nevidence;
    if (r->findings.n > XLSX_MAX_ROW || nevidence > XLSX_MAX_ROW)
        return diag_set(diag, SL_ERR_LIMIT, path, 0, "more findings or evidence than Excel holds");
    order = calloc(r->findings.n + 1, sizeof *order);
    files = calloc(nevidence + 1, sizeof *files);
    if (!order || !files) {
        st = diag_set(diag, SL_ERR_NOMEM, path, 0, "out of memory");
        goto out;
    }
    if ((st = xlsx_open(&book, path, &props, diag)))
        goto out;

    for (size_t i = 0; i < r->findings.n; i++)
        order[i] = &r->findings.v[i];
    qsort(order, r->findings.n, sizeof *order, by_regime);
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
            xlsx_text(es, row, E_KIND, e->kind, XLSX_PLAIN);
            xlsx_text(es, row, E_REF, e->ref, XLSX_PLAIN);
            xlsx_text(es, row, E_DETAIL, e->detail, XLSX_PLAIN);
            xlsx_instant(es, row, E_START, e->start, NULL);
            xlsx_instant(es, row, E_END, e->end, NULL);
            xlsx_text(es, row, E_FILE, e->file, XLSX_PLAIN);
            if (e->line)
                xlsx_number(es, row, E_LINE, (double)e->line, XLSX_INTEGER);
            if (e->file)
                files[nfiles++] = e->file;
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
        xlsx_text(rs, rr, R_REGIMES, s->rule->regimes ? s->rule->regimes : "—", XLSX_PLAIN);
        xlsx_text(rs, rr, R_CHECK, s->rule->check_text, XLSX_WRAP);
        xlsx_text(rs, rr, R_CLAUSE, s->rule->clause, XLSX_PLAIN);
        xlsx_text(rs, rr, R_STATE, audit_rule_state_name(s->state), XLSX_PLAIN);
        xlsx_text(rs, rr, R_WHY, s->why, XLSX_PLAIN);
        xlsx_number(rs, rr, R_COUNT, (double)s->findings, XLSX_INTEGER);
    }
    write_sources(book, files, nfiles, version, command_line ? command_line : "");
    if ((st = xlsx_status(book, diag)))
        goto out;
    st = xlsx_close(book, diag);
    book = NULL;
out:
    xlsx_abandon(book);
    free(order);
    free(files);
    return st;
}
