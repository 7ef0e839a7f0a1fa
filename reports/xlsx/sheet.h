/* sheet.h — the sheet writers of the report workbooks, one file per sheet kind
 * (sheet_summary.c, sheet_availability.c, ...). Each adds its sheet to book and
 * writes it; a failure sticks to the book (reports/xlsx.h) and is returned. */
#ifndef SLAUDIT_REPORTS_SHEET_H
#define SLAUDIT_REPORTS_SHEET_H

#include <stdbool.h>

#include "engine/measure/eval.h"
#include "engine/audit/findings.h"
#include "engine/base/status.h"
#include "reports/monthly/report.h"
#include "reports/xlsx/xlsx.h"

/* The availability target row is judged against, the one the evaluation
 * chose for it (eval.h), as a fraction written as the document wrote it:
 * 0.999 for 99.9 %. */
double sheet_target(const struct eval_row *row);

/* The credits an entity is due for the report month: per commitment
 * (eval_credits_of), every service row whose window ends within the month,
 * each priced with its own service's fee (the pooled row of an entity-wide
 * commitment is shown on the SLA sheet, not added, so nothing is counted
 * twice, and no percent of one fee is added to a percent of another). */
#define SHEET_CREDITS_UNPRICED 16
struct sheet_credits {
    size_t rows;          /* contract rows considered */
    size_t due;           /* of them, with a credit above 0 */
    double amount;        /* Σ amount where the fee is known */
    size_t unpriced;      /* credits due whose fee is unknown */
    size_t gaps;          /* attainments in a gap of the credit table */
    const char *currency; /* of the amount, when every priced credit states the same */
    bool mixed_currency;  /* priced credits in more than one currency */
    size_t unpriced_of[SHEET_CREDITS_UNPRICED]; /* commitments with unpriced credits */
    size_t nunpriced;
};
void sheet_credits_of(const struct eval_result *r, const char *entity, const struct window *month,
                      struct sheet_credits *out);
/* "10 % of gpu-cluster-east's fee + 10 % of scheduler's fee": the unpriced
 * credits of c, each of its own service's fee. Returns the length written. */
size_t sheet_unpriced_text(const struct eval_result *r, const struct sheet_credits *c,
                           const struct window *month, char *buf, size_t size);
/* True when the contract row's window ends within month: its credits fall
 * due with this report. */
bool sheet_contract_in_month(const struct eval_contract_row *c, const struct window *month);
/* How many error budgets a miss may take and stay amber: info's setting, or
 * REPORT_AMBER_BUDGETS when it sets none. */
double sheet_amber_budgets(const struct report_info *info);
/* Below this is red for target: 1 − budgets × (1 − target), not below 0.
 * At or above target is green; from here up to the target, amber. */
double sheet_amber_floor(double target, double budgets);
/* The percent style for availability against target: green, amber or red,
 * amber for a miss of up to budgets error budgets. */
enum xlsx_style sheet_rag_style(double availability, double target, double budgets);
/* Writes er's availability at (row, col): "insufficient coverage" in a grey
 * cell below the minimum coverage (never a red 0 %), "unknown" when nothing
 * is known, else the figure, in red/amber/green against er's target when
 * budgets > 0 (amber up to that many error budgets), else in style. */
void sheet_availability_cell(struct xlsx_sheet *sh, uint32_t row, uint16_t col,
                             const struct eval_row *er, double budgets, enum xlsx_style style);
/* The coverage note of er for a Note column, into buf: "insufficient
 * coverage: 0.09 % monitored, measured 0.000 %", "partial coverage: 72.00 %
 * monitored", or "" at full coverage. */
void sheet_coverage_note(const struct eval_row *er, char *buf, size_t size);

/* The writers of the monthly workbook. Each adds its sheet (or sheets) to
 * book; r and info are borrowed. */
enum sl_status sheet_summary_write(struct xlsx_book *book, const struct eval_result *r,
                                   const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_availability_write(struct xlsx_book *book, const struct eval_result *r,
                                        const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_incidents_write(struct xlsx_book *book, const struct eval_result *r,
                                     const struct report_info *info, struct sl_diag *diag);
/* The Responders sheet, when info->responders holds an entity with on-call
 * shifts; nothing otherwise. */
enum sl_status sheet_responders_write(struct xlsx_book *book, const struct eval_result *r,
                                      const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_definitions_write(struct xlsx_book *book, const struct eval_result *r,
                                       const struct report_info *info, struct sl_diag *diag);
/* Charts: availability trend per service, incidents by severity per month,
 * the spread of TTR and the error budget, drawn from the "Chart data" sheet
 * that chart_monthly_data_write() adds (later, at the end of the workbook). */
enum sl_status chart_monthly_write(struct xlsx_book *book, const struct eval_result *r,
                                   const struct report_info *info, struct sl_diag *diag);
enum sl_status chart_monthly_data_write(struct xlsx_book *book, const struct eval_result *r,
                                        const struct report_info *info, struct sl_diag *diag);
/* Compare: the entities of the report month side by side, providers first,
 * on the identical neutral definitions. Adds nothing for fewer than two. */
/* SLA: attainment and credits per commitment and window, with claim
 * deadlines and chronic failure, for the windows that end within the month. */
enum sl_status sheet_sla_write(struct xlsx_book *book, const struct eval_result *r,
                               const struct report_info *info, struct sl_diag *diag);
/* The findings of info->audits, worst first (then in the order of the audits
 * and of each audit's own list), as an array the caller frees; *n is their
 * number. NULL with *n == 0 when there are none; SL_ERR_NOMEM. */
enum sl_status sheet_findings_month(const struct report_info *info, const struct finding ***out,
                                    size_t *n);
/* Findings: the audit of each entity over the month (info->audits). */
enum sl_status sheet_findings_month_write(struct xlsx_book *book, const struct eval_result *r,
                                          const struct report_info *info, struct sl_diag *diag);
enum sl_status sheet_compare_write(struct xlsx_book *book, const struct eval_result *r,
                                   const struct report_info *info, struct sl_diag *diag);

/* Latency: probe latency per service in the report month and its objective
 * (engine/measure/latency.h). Adds nothing when no service of the month has
 * latency or an objective. */
enum sl_status sheet_latency_write(struct xlsx_book *book, const struct eval_result *r,
                                   const struct report_info *info, struct sl_diag *diag);

/* True when w is the same window as month. */
static inline int
sheet_same_window(const struct window *w, const struct window *month)
{
    return w->start == month->start && w->end == month->end;
}

#endif
