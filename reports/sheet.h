/* sheet.h — the sheet writers of the report workbooks, one file per sheet kind
 * (sheet_summary.c, sheet_availability.c, ...). Each adds its sheet to book and
 * writes it; a failure sticks to the book (reports/xlsx.h) and is returned. */
#ifndef SLAUDIT_REPORTS_SHEET_H
#define SLAUDIT_REPORTS_SHEET_H

#include "engine/eval.h"
#include "engine/status.h"
#include "reports/report.h"
#include "reports/xlsx.h"

/* Availability at or above these is green, amber; below amber is red. */
#define SHEET_GREEN_AT 0.999
#define SHEET_AMBER_AT 0.99

enum sl_status sheet_summary_write(struct xlsx_book *book, const struct eval_result *r,
                                   const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_availability_write(struct xlsx_book *book, const struct eval_result *r,
                                        const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_incidents_write(struct xlsx_book *book, const struct eval_result *r,
                                     const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_definitions_write(struct xlsx_book *book, const struct eval_result *r,
                                       const struct report_info *info, struct sl_diag *diag);

/* True when w is the same window as month. */
static inline int
sheet_same_window(const struct window *w, const struct window *month)
{
    return w->start == month->start && w->end == month->end;
}

#endif
