/* report.h — the reports slaudit writes from an evaluation. A report reads an
 * eval_result only, never the store; it is written whole or not at all (see
 * reports/xlsx.h), and the same inputs give a byte-identical file. */
#ifndef SLAUDIT_REPORTS_REPORT_H
#define SLAUDIT_REPORTS_REPORT_H

#include <stddef.h>
#include <stdint.h>

#include "engine/measure/eval.h"
#include "engine/base/status.h"
#include "engine/time/window.h"

/* Availability short of its target by no more than this many error budgets
 * is amber, further is red: the default of report_info.amber_budgets. */
#define REPORT_AMBER_BUDGETS 2.0

/* One input file behind a report, as ingest recorded it. */
struct audit_result;    /* engine/audit.h */
struct report_decision; /* reports/decision.h */
struct responder_load;  /* engine/measure/responder_load.h */

struct report_source {
    const char *path, *sha256, *format;
    long long bytes;
    long read, stored, rejected, duplicates;
};

/* The report month's incidents handed out one at a time, for a listing
 * that must not be held whole (a month may hold millions). each() calls fn
 * for n incidents in order, each valid only during its call, and returns
 * fn's stop as SL_OK; src is the caller's (report_month.c reads the store
 * through eval_each_listed_incident). */
struct report_incidents {
    size_t n;
    enum sl_status (*each)(void *src, eval_incident_fn fn, void *ctx, struct sl_diag *diag);
    void *src;
};

/* What a report needs beyond the evaluation; assembled by the caller, every
 * pointer borrowed for the duration of the call. */
struct report_info {
    const char *version;                 /* slaudit version */
    const char *command_line;            /* as run, for the record */
    const char *zone;                    /* calendar zone (NULL = UTC) */
    struct window month;                 /* the report month */
    const struct report_source *sources; /* the input files, in the store's order */
    size_t nsources;
    uint32_t rows_per_sheet; /* 0 = Excel's limit; smaller only in tests */
    /* Red, amber and green: green at or above the target; amber short of
     * it by at most this many error budgets, 1 − A ≤ N × (1 − target); red
     * beyond. 0 = REPORT_AMBER_BUDGETS. */
    double amber_budgets;
    /* The audit of each entity over the report month, for the Findings sheet
     * and the Summary's top findings; NULL when the audit was not run. */
    const struct audit_result *audits;
    size_t naudits;
    /* The operating-model decision for a team profile; NULL: no Decision
     * sheet. */
    const struct report_decision *decision;
    /* The responder load of the report month, for the Responders sheet;
     * NULL or no entity: no Responders sheet. */
    const struct responder_load *responders;
    /* The Incidents sheet's rows, streamed; NULL: the evaluation's
     * incidents (eval_params.list_incidents). */
    const struct report_incidents *incidents;
};

/* The monthly operations workbook (docs/design.md §1): sheets Summary, Charts,
 * Availability, Incidents (continued on "Incidents (2)"... past Excel's row
 * limit), Responders (when info->responders has an entity), SLA, Latency
 * (when a service of the month has probe latency or an objective), Findings,
 * Compare (when there are two entities or more), Decision (when
 * info->decision is given), Sources, Definitions and Chart data, in that
 * order. Written in constant memory:
 * each row leaves memory once the next is started.
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
