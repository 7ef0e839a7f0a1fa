/* report.h — the reports slaudit writes from an evaluation. A report reads an
 * eval_result only, never the store; it is written whole or not at all (see
 * reports/xlsx.h), and the same inputs give a byte-identical file. */
#ifndef SLAUDIT_REPORTS_REPORT_H
#define SLAUDIT_REPORTS_REPORT_H

#include "engine/eval.h"
#include "engine/status.h"
#include "engine/window.h"

struct report_info {
    const char *version;      /* slaudit version */
    const char *command_line; /* as run, for the record */
    const char *zone;         /* calendar zone (NULL = UTC) */
    struct window month;      /* the report month */
};

/* The monthly operations workbook (DESIGN.md §1): sheets Summary,
 * Availability, Incidents and Definitions, in that order.
 *
 * r holds rows for up to 12 months ending at info->month: the Availability
 * matrix shows every month present, the Summary only rows whose window is
 * info->month. r's incident list (eval_params.list_incidents) is the report
 * month's. The workbook's creation time is info->month.end, never the clock.
 *
 * Errors: SL_ERR_REPORT when the file cannot be written (nothing is left
 * under path), SL_ERR_NOMEM, SL_ERR_LIMIT when a sheet outgrows Excel. */
enum sl_status report_monthly_write(const char *path, const struct eval_result *r,
                                    const struct report_info *info, struct sl_diag *diag);

#endif
