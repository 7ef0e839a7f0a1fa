/* sheet_findings.c — the findings table of the audit workbook and the
 * monthly report, and the monthly report's Findings sheet built on it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/audit/audit.h"
#include "reports/xlsx/sheet.h"
#include "reports/xlsx/sheet_findings.h"

enum {
    F_NUMBER,
    F_REGIME,
    F_SEVERITY,
    F_RULE,
    F_ENTITY,
    F_SERVICE,
    F_FROM,
    F_TO,
    F_SUBJECT,
    F_MESSAGE,
    F_CLAUSE,
    F_EVIDENCE,
    F_ZONE
};

static const struct xlsx_column finding_columns[] = {
    [F_NUMBER] = {"#", 5},
    [F_REGIME] = {"Regime", 10},
    [F_SEVERITY] = {"Severity", 10},
    [F_RULE] = {"Rule", 10},
    [F_ENTITY] = {"Entity", 22},
    [F_SERVICE] = {"Service", 18},
    [F_FROM] = {"From (in Zone)", 17},
    [F_TO] = {"To (in Zone)", 17},
    [F_SUBJECT] = {"Subject", 18},
    [F_MESSAGE] = {"Finding", 80},
    [F_CLAUSE] = {"Clause", 30},
    [F_EVIDENCE] = {"Evidence rows", 10},
    [F_ZONE] = {"Zone", 16},
    {NULL, 0},
};

uint32_t
sheet_findings_table(struct xlsx_book *book, const char *name, const struct finding **findings,
                     size_t n, struct xlsx_sheet **sheet)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, name);
    if (sheet)
        *sheet = sh;
    xlsx_header(sh, 0, finding_columns, (uint32_t)n);
    for (size_t i = 0; i < n; i++) {
        const struct finding *f = findings[i];
        uint32_t row = (uint32_t)i + 1;
        xlsx_number(sh, row, F_NUMBER, (double)(i + 1), XLSX_INTEGER);
        char regime[32];
        finding_regime_title(f->regime, regime, sizeof regime);
        xlsx_text(sh, row, F_REGIME, f->regime ? regime : "—", XLSX_PLAIN);
        xlsx_text(sh, row, F_SEVERITY, finding_severity_name(f->severity),
                  f->severity >= FSEV_HIGH ? XLSX_TEXT_RED : XLSX_BOLD);
        xlsx_text(sh, row, F_RULE, f->rule_id, XLSX_PLAIN);
        xlsx_text(sh, row, F_ENTITY, f->entity, XLSX_WRAP);
        xlsx_text(sh, row, F_SERVICE, f->service ? f->service : "(all services)",
                  f->service ? XLSX_WRAP : XLSX_MUTED);
        /* the window as it was computed: a month of the profile's zone
         * reads from its first midnight there */
        xlsx_instant(sh, row, F_FROM, f->window_start, f->zone);
        xlsx_instant(sh, row, F_TO, f->window_end, f->zone);
        xlsx_text(sh, row, F_SUBJECT, f->subject, XLSX_WRAP);
        xlsx_text(sh, row, F_MESSAGE, f->message, XLSX_WRAP);
        xlsx_text(sh, row, F_CLAUSE, f->clause, XLSX_WRAP);
        xlsx_number(sh, row, F_EVIDENCE, (double)f->nevidence, XLSX_INTEGER);
        xlsx_text(sh, row, F_ZONE, f->zone ? f->zone : "UTC", XLSX_PLAIN);
    }
    return (uint32_t)n + 1;
}

/* A finding with where it came from, for a stable merge of several lists. */
struct ranked {
    const struct finding *f;
    size_t audit, index;
};

static int
worst_first(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->f->severity != y->f->severity)
        return x->f->severity > y->f->severity ? -1 : 1;
    if (x->audit != y->audit)
        return x->audit < y->audit ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

enum sl_status
sheet_findings_month(const struct report_info *info, const struct finding ***out, size_t *n)
{
    size_t total = 0;
    *out = NULL;
    *n = 0;
    for (size_t a = 0; a < info->naudits; a++)
        total += info->audits[a].findings.n;
    if (total == 0)
        return SL_OK;
    struct ranked *rk = malloc(total * sizeof *rk);
    const struct finding **v = malloc(total * sizeof *v);
    if (!rk || !v) {
        free(rk);
        free(v);
        return SL_ERR_NOMEM;
    }
    size_t k = 0;
    for (size_t a = 0; a < info->naudits; a++)
        for (size_t i = 0; i < info->audits[a].findings.n; i++)
            rk[k++] = (struct ranked){&info->audits[a].findings.v[i], a, i};
    qsort(rk, total, sizeof *rk, worst_first);
    for (size_t i = 0; i < total; i++)
        v[i] = rk[i].f;
    free(rk);
    *out = v;
    *n = total;
    return SL_OK;
}

enum sl_status
sheet_findings_month_write(struct xlsx_book *book, const struct eval_result *r,
                           const struct report_info *info, struct sl_diag *diag)
{
    const struct finding **v = NULL;
    size_t n = 0;
    struct xlsx_sheet *sh = NULL;
    (void)r;
    if (sheet_findings_month(info, &v, &n))
        return diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory for the findings");
    uint32_t row = sheet_findings_table(book, "Findings", v, n, &sh) + 1;
    free(v);
    if (!info->audits) {
        xlsx_text(sh, row, F_REGIME, "The audit was not run for this report.", XLSX_MUTED);
        return xlsx_status(book, diag);
    }
    if (n == 0)
        xlsx_text(sh, row++, F_REGIME, "No rule found anything for any entity this month.",
                  XLSX_MUTED);
    /* What each audit covered, so "no findings" is not read as "all checked". */
    for (size_t a = 0; a < info->naudits; a++) {
        const struct audit_result *ar = &info->audits[a];
        size_t evaluated = 0, nodata = 0, na = 0;
        for (size_t i = 0; i < ar->nrules; i++) {
            evaluated += ar->rules[i].state == RULE_EVALUATED;
            nodata += ar->rules[i].state == RULE_NO_DATA;
            na += ar->rules[i].state == RULE_NOT_APPLICABLE;
        }
        char text[400];
        snprintf(text, sizeof text,
                 "%s: %zu findings; rules %zu evaluated, %zu without data, %zu not applicable%s",
                 ar->params.entity, ar->findings.n, evaluated, nodata, na,
                 ar->profile_present ? ""
                                     : "; no profile stored, so regime rules were not applied");
        xlsx_text(sh, row++, F_REGIME, text, XLSX_MUTED);
    }
    xlsx_text(sh, row, F_REGIME,
              "Each finding's evidence (records with their file and line): slaudit audit "
              "--entity E --from --to -o audit.xlsx.",
              XLSX_MUTED);
    return xlsx_status(book, diag);
}
