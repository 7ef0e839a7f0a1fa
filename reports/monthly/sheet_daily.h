/* sheet_daily.h — the Daily sheet of the monthly workbook and the Daily data
 * sheet behind it (docs/reports.md):
 *
 *   - a status strip: a row per service of the report month, a cell per
 *     local day coloured by the worst status of the day (daily.h: down,
 *     partial, degraded, maintenance, up, unknown each its own colour), the
 *     day's downtime in minutes in the cell, "?" for a day with no data;
 *   - a burn-down chart per service that spent some of a known error
 *     budget (those that spent none are named in one line instead of drawn
 *     as a flat line): the budget
 *     left at each day's end beside an even burn, in minutes, or in hours
 *     when the month's budget is more than 300 minutes; the title names the
 *     measure (budget_basis.h: the contract measure's own budget, else the
 *     neutral measure's at the row's target).
 *
 * The days are the evaluation's (eval_params.daily_from/daily_to set to the
 * report month); without them neither sheet is added. Daily data comes
 * last in the workbook, after Chart data, and is added only when a
 * burn-down is drawn. Errors: SL_ERR_LIMIT when the services outgrow the
 * sheet's columns, SL_ERR_NOMEM, the book's own. */
#ifndef SLAUDIT_REPORTS_SHEET_DAILY_H
#define SLAUDIT_REPORTS_SHEET_DAILY_H

#include "engine/base/status.h"
#include "engine/measure/eval.h"
#include "reports/monthly/report.h"
#include "reports/xlsx/xlsx.h"

enum sl_status sheet_daily_write(struct xlsx_book *book, const struct eval_result *r,
                                 const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_daily_data_write(struct xlsx_book *book, const struct eval_result *r,
                                      const struct report_info *info, struct sl_diag *diag);

#endif
