/* report_month.c — the monthly report run whole: what it shows gathered
 * from the store, then written as the workbook or as tables
 * (report_month.h). */
#include "reports/monthly/report_month.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/audit/audit_entities.h"
#include "engine/measure/responder_load.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"
#include "reports/books/decision.h"
#include "reports/xlsx/sheet_sources.h"

/* The path to write: PATH itself, or DIR/ops-report-YYYY-MM.xlsx. */
static enum sl_status
output_path(const char *arg, const struct window *month, char *out, size_t size,
            struct sl_diag *diag)
{
    char name[64];
    snprintf(name, sizeof name, "ops-report-%04d-%02d.xlsx", month->year, month->month);
    struct stat sb;
    size_t n = arg ? strlen(arg) : 0;
    bool dir = arg && ((n && arg[n - 1] == '/') || (!stat(arg, &sb) && S_ISDIR(sb.st_mode)));
    if (!arg)
        snprintf(out, size, "%s", name);
    else if (!dir)
        snprintf(out, size, "%s", arg);
    else {
        if (mkdir(arg, 0777) && errno != EEXIST)
            return diag_set(diag, SL_ERR_REPORT, arg, 0, "cannot create the directory: %s",
                            strerror(errno));
        snprintf(out, size, "%s%s%s", arg, arg[n - 1] == '/' ? "" : "/", name);
    }
    return SL_OK;
}

/* The Incidents sheet's rows, read from the store one at a time while the
 * sheet is written, so the workbook never holds the month's incidents. */
struct listed_incidents {
    struct store *st;
    const struct eval_params *p;
};

static enum sl_status
each_listed_incident(void *src, eval_incident_fn fn, void *ctx, struct sl_diag *diag)
{
    const struct listed_incidents *l = src;
    return eval_each_listed_incident(l->st, l->p, fn, ctx, diag);
}

enum sl_status
report_month_run(struct store *st, const struct report_month_request *req,
                 struct report_month_result *out, struct sl_diag *diag)
{
    memset(out, 0, sizeof *out);
    struct eval_params p = *req->params;
    struct window w = req->month;
    bool tables = req->tables;

    /* Up to twelve months ending at the report month, for the trend columns;
     * months before the data begins say nothing and are left out. */
    struct window first = w;
    int64_t data_first, data_last;
    enum sl_status s = store_data_span(st, &data_first, &data_last, diag);
    if (s)
        return s;
    for (int i = 0; i < 11 && data_first != SLTIME_NONE && first.start > data_first; i++)
        first = window_month_prev(&first, req->zone);
    p.from = first.start;
    p.to = w.end;
    /* The workbook streams the month's incidents from the store (below); the
     * tables take them from the evaluation. */
    p.list_incidents = tables;
    p.list_from = w.start;
    p.list_to = w.end;
    /* The report month day by day: the workbook's Daily sheet, the tables'
     * daily table. */
    p.daily_from = w.start;
    p.daily_to = w.end;

    const char *table_dir = tables ? req->output : NULL;
    if (!tables && (s = output_path(req->output, &w, out->path, sizeof out->path, diag)))
        return s;
    struct report_sources sources = {0};
    struct audit_entities audits = {NULL, NULL, 0};
    struct responder_load responders = {0};
    if ((s = report_sources_collect(st, &sources, diag)))
        goto out;
    s = eval_run(st, &p, &out->eval, diag);
    if (s)
        goto out;
    out->have_eval = true;
    struct report_info info = {
        .version = req->version,
        .command_line = req->command_line,
        .zone = req->zone,
        .month = w,
        .sources = sources.v,
        .nsources = sources.n,
        .amber_budgets = req->amber_budgets,
    };
    if ((s = audit_entities_run(st, &out->eval, &w, req->zone, &audits, diag)))
        goto out;
    info.audits = audits.v;
    info.naudits = audits.n;
    if (tables) {
        s = report_tables_write(req->table_format, table_dir, req->stream, &out->eval, &info, diag);
        goto out;
    }
    struct report_decision decision;
    if (req->profile) {
        int64_t first_day, end_day;
        decide_months(w.year, w.month, 3, &first_day, &end_day);
        if ((s = decide_case_build(&out->decision, st, req->profile, first_day, end_day, req->zone,
                                   diag)))
            goto out;
        decision = report_decision_of(&out->decision, req->version, req->command_line);
        info.decision = &decision;
    }
    struct bizclock hours;
    responder_load_clock(&hours, req->zone);
    if ((s = responder_load_run(st, p.entity, w.start, w.end, &hours, &responders, diag)))
        goto out;
    info.responders = &responders;
    struct listed_incidents listed = {st, &p};
    struct report_incidents incidents = {out->eval.nlisted, each_listed_incident, &listed};
    info.incidents = &incidents;
    s = report_monthly_write(out->path, &out->eval, &info, diag);
out:
    responder_load_release(&responders);
    audit_entities_release(&audits);
    report_sources_release(&sources);
    return s;
}

void
report_month_release(struct report_month_result *out)
{
    if (out->have_eval)
        eval_result_release(&out->eval);
    out->have_eval = false;
    decide_case_release(&out->decision);
}
