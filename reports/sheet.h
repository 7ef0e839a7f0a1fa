/* sheet.h — the sheet writers of the report workbooks, one file per sheet kind
 * (sheet_summary.c, sheet_availability.c, ...). Each adds its sheet to book and
 * writes it; a failure sticks to the book (reports/xlsx.h) and is returned. */
#ifndef SLAUDIT_REPORTS_SHEET_H
#define SLAUDIT_REPORTS_SHEET_H

#include "engine/eval.h"
#include "engine/status.h"
#include "reports/report.h"
#include "reports/xlsx.h"

/* The availability target where no commitment gives one. */
#define SHEET_DEFAULT_TARGET 0.999
/* Amber covers a shortfall of up to this many times the allowed downtime:
 * at the default target, 99.0 % to 99.9 %. */
#define SHEET_AMBER_FACTOR 10.0

/* The availability target a row is judged against: its commitment's when the
 * evaluation carries one, else SHEET_DEFAULT_TARGET. */
double sheet_target(const struct eval_row *row);
/* Below this is red for target: 1 − SHEET_AMBER_FACTOR × (1 − target), not
 * below 0. At or above target is green; in between, amber. */
double sheet_amber_floor(double target);
/* The percent style for availability against target: green, amber or red. */
enum xlsx_style sheet_rag_style(double availability, double target);

/* The writers of the monthly workbook. Each adds its sheet (or sheets) to
 * book; r and info are borrowed. */
enum sl_status sheet_summary_write(struct xlsx_book *book, const struct eval_result *r,
                                   const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_availability_write(struct xlsx_book *book, const struct eval_result *r,
                                        const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_incidents_write(struct xlsx_book *book, const struct eval_result *r,
                                     const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_definitions_write(struct xlsx_book *book, const struct eval_result *r,
                                       const struct report_info *info, struct sl_diag *diag);
/* Charts: availability trend per service, incidents by severity per month,
 * the spread of TTR and the error budget, drawn from the "Chart data" sheet
 * that sheet_chart_data_write() adds (later, at the end of the workbook). */
enum sl_status sheet_charts_write(struct xlsx_book *book, const struct eval_result *r,
                                  const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_chart_data_write(struct xlsx_book *book, const struct eval_result *r,
                                      const struct report_info *info, struct sl_diag *diag);
/* Compare: the entities of the report month side by side, providers first,
 * on the identical neutral definitions. Adds nothing for fewer than two. */
enum sl_status sheet_compare_write(struct xlsx_book *book, const struct eval_result *r,
                                   const struct report_info *info, struct sl_diag *diag);

/* True when w is the same window as month. */
static inline int
sheet_same_window(const struct window *w, const struct window *month)
{
    return w->start == month->start && w->end == month->end;
}

#endif
