/* monthly.c — the monthly operations workbook: Summary, Summary detail,
 * Charts, Daily, Availability, Incidents, Responders, SLA, Latency, Findings,
 * Compare, Decision, Sources, Definitions, Chart data and Daily data, written
 * whole or not at all, in constant memory. */
#include <stdio.h>

#include "reports/books/decision.h"
#include "reports/monthly/report.h"
#include "reports/monthly/sheet_daily.h"
#include "reports/xlsx/sheet.h"
#include "reports/xlsx/sheet_sources.h"
#include "reports/xlsx/xlsx.h"

static enum sl_status
write_sources(struct xlsx_book *book, const struct eval_result *r, const struct report_info *info,
              struct sl_diag *diag)
{
    (void)r;
    return sheet_sources_write(book, info, diag);
}

/* The Decision sheet, when a team profile was given. */
static enum sl_status
write_decision(struct xlsx_book *book, const struct eval_result *r, const struct report_info *info,
               struct sl_diag *diag)
{
    (void)r;
    return info->decision ? report_decision_sheet(book, info->decision, diag) : SL_OK;
}

/* The sheets, in workbook order. */
static const struct {
    enum sl_status (*write)(struct xlsx_book *, const struct eval_result *,
                            const struct report_info *, struct sl_diag *);
} monthly_sheets[] = {
    {sheet_summary_write},
    {chart_monthly_write},
    {sheet_daily_write},
    {sheet_availability_write},
    {sheet_incidents_write},
    {sheet_responders_write},
    {sheet_sla_write},
    {sheet_latency_write}, /* only when a service has latency or an objective */
    {sheet_findings_month_write},
    {sheet_compare_write},
    {write_decision},
    {write_sources},
    {sheet_definitions_write},
    {chart_monthly_data_write}, /* the figures behind the Charts sheet */
    {sheet_daily_data_write},   /* last: the figures behind the Daily sheet's burn-downs */
    {NULL},
};

enum sl_status
report_monthly_write(const char *path, const struct eval_result *r, const struct report_info *info,
                     struct sl_diag *diag)
{
    struct xlsx_book *book = NULL;
    enum sl_status st;
    if (!r || !info || info->month.end <= info->month.start)
        return diag_set(diag, SL_ERR_REPORT, path, 0, "no evaluation or report month to write");

    char month[48], title[96], subject[160];
    window_label(&info->month, month);
    snprintf(title, sizeof title, "slaudit monthly operations report %s", month);
    snprintf(subject, sizeof subject, "Availability, incidents, MTTA and MTTR for %s (%s)", month,
             info->zone ? info->zone : "UTC");
    struct xlsx_props props = {
        .title = title,
        .subject = subject,
        .comments = info->version,
        .created = info->month.end, /* never the clock: same inputs, same bytes */
        .constant_memory = true,    /* the Incidents sheet may run to a million rows */
        .rows_per_sheet = info->rows_per_sheet,
        .period = month,
    };
    if ((st = xlsx_open(&book, path, &props, diag)) != SL_OK)
        goto out;
    for (size_t i = 0; monthly_sheets[i].write; i++)
        if ((st = monthly_sheets[i].write(book, r, info, diag)) != SL_OK)
            goto out;
    st = xlsx_close(book, diag);
    book = NULL;
out:
    xlsx_abandon(book);
    return st;
}
