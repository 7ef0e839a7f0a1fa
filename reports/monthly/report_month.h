/* report_month.h — `slaudit report` run whole: the one part of reports/ that
 * reads the store. It gathers what the monthly report shows and hands it to
 * the writers, which read only what they are given (report.h):
 *
 *   - the evaluation of up to twelve months ending at the report month (the
 *     trend columns; months before the stored data begins are left out);
 *   - the audit of each entity over the report month (audit_entities.h);
 *   - every input file recorded in the store, for the Sources sheet;
 *   - the responder load over the report month of each entity with on-call
 *     shifts (params->entity alone when set; responder_load.h), working
 *     hours in req->zone, for the Responders sheet;
 *   - with a team profile, the decision over the three months ending with
 *     the report month (decide_case.h), for the Decision sheet;
 *
 * and writes the monthly workbook (report_monthly_write, the month's
 * incidents streamed from the store while the sheet is written) or the plain
 * tables (report_tables_write, the incidents from the evaluation). */
#ifndef SLAUDIT_REPORT_MONTH_H
#define SLAUDIT_REPORT_MONTH_H

#include <stdbool.h>
#include <stdio.h>

#include "engine/base/status.h"
#include "engine/decide/decide_case.h"
#include "engine/measure/eval.h"
#include "engine/time/window.h"
#include "reports/monthly/report.h"
#include "reports/text/tables.h"

struct store;

/* Every pointer borrowed for the call. */
struct report_month_request {
    struct window month;              /* the report month */
    const struct eval_params *params; /* the evaluation options; the period and the
                                         incident listing are set here */
    bool tables;                      /* the tables in table_format, not the workbook */
    enum table_format table_format;
    /* The workbook: a file, or a directory (ending in '/', or one that
     * exists; created when missing) to write ops-report-YYYY-MM.xlsx into;
     * NULL: that name in the current directory. The tables: a directory
     * (created when missing) for NAME.csv or NAME.json; NULL: every table on
     * stream. */
    const char *output;
    FILE *stream;
    const char *profile;                /* the workbook only: adds the Decision sheet */
    double amber_budgets;               /* report_info.amber_budgets (0: the default) */
    const char *zone;                   /* the calendar's (NULL = UTC) */
    const char *version, *command_line; /* for the record */
};

struct report_month_result {
    struct eval_result eval; /* what the report shows, for a summary */
    bool have_eval;
    /* With a profile: the decision, as far as it was built (its *_has_data
     * say which entities the store held nothing for). */
    struct decide_case decision;
    char path[4096]; /* the workbook's file */
};

/* Runs the report of req->month on st. Release out whatever it returns.
 * Errors: SL_ERR_REPORT "cannot create the directory: ..." (file: the
 * directory) or the writers' own, the store's and the evaluation's,
 * decide_case_build()'s, SL_ERR_NOMEM. A failed run leaves no partial
 * workbook or table. */
enum sl_status report_month_run(struct store *st, const struct report_month_request *req,
                                struct report_month_result *out, struct sl_diag *diag);
void report_month_release(struct report_month_result *out);

#endif
