/* sheet_summary.c — the Summary sheet: one line per entity for the report month,
 * its pooled availability in red/amber/green against its target, coverage,
 * incidents, MTTA, MTTR, the SLA credits due and its findings; below, the top
 * findings of the month. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/audit/audit.h"

#include "engine/measure/stats.h"
#include "reports/xlsx/sheet.h"

enum {
    COL_ENTITY,
    COL_SERVICES,
    COL_AVAIL,
    COL_TARGET,
    COL_DOWNTIME,
    COL_UNKNOWN,
    COL_COVERAGE,
    COL_MAINT,
    COL_INCIDENTS,
    COL_SEV1, /* ... COL_SEV1 + 4 is sev5 */
    COL_NOSEV = COL_SEV1 + 5,
    COL_OPEN,
    COL_MERGED,
    COL_MTTA_MEAN,
    COL_MTTA_MEDIAN,
    COL_MTTR_MEAN,
    COL_MTTR_MEDIAN,
    COL_CREDITS,
    COL_FINDINGS,
    COL_FINDINGS_HIGH,
    COL_NOTE,
};

/* How many of the month's findings the Summary lists. */
#define SUMMARY_TOP_FINDINGS 5

static const struct xlsx_column summary_columns[] = {
    [COL_ENTITY] = {"Entity", 26},
    [COL_SERVICES] = {"Services", 9},
    [COL_AVAIL] = {"Availability", 12},
    [COL_TARGET] = {"Target", 9},
    [COL_DOWNTIME] = {"Downtime (min)", 11},
    [COL_UNKNOWN] = {"Unmonitored (h)", 12},
    [COL_COVERAGE] = {"Monitoring coverage", 12},
    [COL_MAINT] = {"Eligible maintenance (h)", 13},
    [COL_INCIDENTS] = {"Incidents", 10},
    [COL_SEV1] = {"Sev1", 6},
    [COL_SEV1 + 1] = {"Sev2", 6},
    [COL_SEV1 + 2] = {"Sev3", 6},
    [COL_SEV1 + 3] = {"Sev4", 6},
    [COL_SEV1 + 4] = {"Sev5", 6},
    [COL_NOSEV] = {"No severity", 9},
    [COL_OPEN] = {"Open", 6},
    [COL_MERGED] = {"Merged (left out)", 10},
    [COL_MTTA_MEAN] = {"MTTA mean (min)", 11},
    [COL_MTTA_MEDIAN] = {"MTTA median (min)", 11},
    [COL_MTTR_MEAN] = {"MTTR mean (min)", 11},
    [COL_MTTR_MEDIAN] = {"MTTR median (min)", 11},
    [COL_CREDITS] = {"SLA credits due", 16},
    [COL_FINDINGS] = {"Findings", 9},
    [COL_FINDINGS_HIGH] = {"High or critical", 9},
    [COL_NOTE] = {"Note", 44},
    {NULL, 0},
};

/* An entity row of the report month: service NULL, window the month. */
static int
is_entity_row(const struct eval_row *row, const struct report_info *info)
{
    return row->service == NULL && sheet_same_window(&row->window, &info->month);
}

static long
count_services(const struct eval_result *r, const char *entity, const struct report_info *info)
{
    long n = 0;
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if (row->service && strcmp(row->entity, entity) == 0 &&
            sheet_same_window(&row->window, &info->month))
            n++;
    }
    return n;
}

/* Mean and median of one measure in minutes; blanks when nothing was measured. */
static void
write_minutes(struct xlsx_sheet *sh, uint32_t row, uint16_t col, const struct duration_stats *s)
{
    if (s->n <= 0)
        return;
    xlsx_number(sh, row, col, s->mean / 60.0, XLSX_DECIMAL1);
    xlsx_number(sh, row, (uint16_t)(col + 1), s->median / 60.0, XLSX_DECIMAL1);
}

/* The note column: what a reader must know before trusting the line. */
static void
write_note(struct xlsx_sheet *sh, uint32_t row, const struct eval_row *er)
{
    const struct duration_stats *tta = &er->incidents.measure[MEASURE_TTA];
    const struct duration_stats *ttr = &er->incidents.measure[MEASURE_TTR];
    char note[256];
    size_t len = 0;
    sheet_coverage_note(er, note, sizeof note);
    len = strlen(note);
    if (!er->avail.known && er->coverage != AVAIL_COVERAGE_INSUFFICIENT)
        len += (size_t)snprintf(note + len, sizeof note - len,
                                "no monitored time: availability unknown");
    if (tta->low_sample || ttr->low_sample)
        snprintf(note + len, sizeof note - len,
                 "%stoo few to judge: MTTA from %ld, MTTR from %ld incidents (fewer than %d)",
                 len ? "; " : "", tta->n, ttr->n, STATS_LOW_SAMPLE);
    xlsx_text(sh, row, COL_NOTE, note, XLSX_MUTED);
}

/* The credits due for windows that end this month: the amount where every
 * fee is known, else what is known and the percent still to price. */
static void
write_credits(struct xlsx_sheet *sh, uint32_t row, const struct eval_result *r, const char *entity,
              const struct report_info *info)
{
    struct sheet_credits c;
    sheet_credits_of(r, entity, &info->month, &c);
    if (c.rows == 0) {
        xlsx_text(sh, row, COL_CREDITS, "no SLA", XLSX_MUTED);
    } else if (c.unpriced == 0) {
        xlsx_number(sh, row, COL_CREDITS, c.amount, XLSX_MONEY);
    } else {
        char text[400], rest[320];
        sheet_unpriced_text(r, &c, &info->month, rest, sizeof rest);
        if (c.amount > 0)
            snprintf(text, sizeof text, "%.2f%s%s + %s", c.amount, c.currency ? " " : "",
                     c.currency ? c.currency : "", rest);
        else
            snprintf(text, sizeof text, "%s", rest);
        xlsx_text(sh, row, COL_CREDITS, text, XLSX_BOLD);
    }
}

static void
write_findings(struct xlsx_sheet *sh, uint32_t row, const char *entity,
               const struct report_info *info)
{
    for (size_t a = 0; a < info->naudits; a++) {
        const struct findings *fs = &info->audits[a].findings;
        if (strcmp(info->audits[a].params.entity, entity) != 0)
            continue;
        size_t high = findings_at_or_above(fs, FSEV_HIGH);
        xlsx_number(sh, row, COL_FINDINGS, (double)fs->n, XLSX_INTEGER);
        xlsx_number(sh, row, COL_FINDINGS_HIGH, (double)high, XLSX_INTEGER);
        return;
    }
}

/* Below the entities: the worst findings of the month, one line per entity
 * and rule (the first of them, and how many more like it), so that one
 * rule failed many times does not hide the others. */
static enum sl_status
write_top_findings(struct xlsx_sheet *sh, uint32_t row, const struct report_info *info)
{
    const struct finding **v = NULL, *shown[SUMMARY_TOP_FINDINGS];
    size_t n = 0, nshown = 0, more[SUMMARY_TOP_FINDINGS] = {0};
    if (!info->audits)
        return SL_OK;
    if (sheet_findings_month(info, &v, &n))
        return SL_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        while (k < nshown &&
               (strcmp(shown[k]->entity, v[i]->entity) || strcmp(shown[k]->rule_id, v[i]->rule_id)))
            k++;
        if (k < nshown)
            more[k]++;
        else if (nshown < SUMMARY_TOP_FINDINGS)
            shown[nshown++] = v[i];
    }
    xlsx_text(sh, row++, 0, "Top findings", XLSX_BOLD);
    if (n == 0)
        xlsx_text(sh, row++, 0, "No rule found anything this month.", XLSX_MUTED);
    for (size_t k = 0; k < nshown; k++, row++) {
        char text[1200];
        if (more[k])
            snprintf(text, sizeof text, "%s (and %zu more like it)", shown[k]->message, more[k]);
        else
            snprintf(text, sizeof text, "%s", shown[k]->message);
        xlsx_text(sh, row, 0, shown[k]->entity, XLSX_PLAIN);
        xlsx_text(sh, row, 1, finding_severity_name(shown[k]->severity),
                  shown[k]->severity >= FSEV_HIGH ? XLSX_TEXT_RED : XLSX_BOLD);
        xlsx_text(sh, row, 2, shown[k]->rule_id, XLSX_PLAIN);
        xlsx_text(sh, row, 3, text, XLSX_PLAIN);
    }
    if (n) {
        char text[96];
        snprintf(text, sizeof text, "%zu findings in all: see the Findings sheet", n);
        xlsx_text(sh, row, 0, text, XLSX_MUTED);
    }
    free(v);
    return SL_OK;
}

static void
write_entity(struct xlsx_sheet *sh, uint32_t row, const struct eval_result *r,
             const struct eval_row *er, const struct report_info *info)
{
    const struct avail_result *a = &er->avail;
    const struct incident_summary *inc = &er->incidents;

    xlsx_text(sh, row, COL_ENTITY, er->entity, XLSX_BOLD);
    xlsx_number(sh, row, COL_SERVICES, (double)count_services(r, er->entity, info), XLSX_INTEGER);
    double target = sheet_target(er);
    sheet_availability_cell(sh, row, COL_AVAIL, er, true, XLSX_PERCENT);
    xlsx_number(sh, row, COL_TARGET, target, XLSX_PERCENT);
    xlsx_number(sh, row, COL_DOWNTIME, a->downtime_seconds / 60.0, XLSX_DECIMAL1);
    xlsx_number(sh, row, COL_UNKNOWN, (double)a->unknown_seconds / 3600.0, XLSX_DECIMAL1);
    if (a->window_seconds > 0)
        xlsx_number(sh, row, COL_COVERAGE,
                    1.0 - (double)a->unknown_seconds / (double)a->window_seconds, XLSX_PERCENT);
    xlsx_number(sh, row, COL_MAINT, (double)a->maintenance_seconds / 3600.0, XLSX_DECIMAL1);

    xlsx_number(sh, row, COL_INCIDENTS, (double)inc->total, XLSX_INTEGER);
    for (int s = 1; s <= 5; s++)
        xlsx_number(sh, row, (uint16_t)(COL_SEV1 + s - 1), (double)inc->by_severity[s],
                    XLSX_INTEGER);
    xlsx_number(sh, row, COL_NOSEV, (double)inc->by_severity[0], XLSX_INTEGER);
    xlsx_number(sh, row, COL_OPEN, (double)inc->open, XLSX_INTEGER);
    xlsx_number(sh, row, COL_MERGED, (double)inc->merged, XLSX_INTEGER);
    write_minutes(sh, row, COL_MTTA_MEAN, &inc->measure[MEASURE_TTA]);
    write_minutes(sh, row, COL_MTTR_MEAN, &inc->measure[MEASURE_TTR]);
    write_credits(sh, row, r, er->entity, info);
    write_findings(sh, row, er->entity, info);
    write_note(sh, row, er);
}

enum sl_status
sheet_summary_write(struct xlsx_book *book, const struct eval_result *r,
                    const struct report_info *info, struct sl_diag *diag)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Summary");
    char month[48];
    window_label(&info->month, month);

    uint32_t n = 0;
    for (size_t i = 0; i < r->nrows; i++)
        n += is_entity_row(&r->rows[i], info) ? 1 : 0;

    char title[96];
    snprintf(title, sizeof title, "Operations summary %s (%s)", month,
             info->zone ? info->zone : "UTC");
    xlsx_text(sh, 0, 0, title, XLSX_BOLD);
    xlsx_header(sh, 2, summary_columns, n);

    uint32_t row = 3;
    for (size_t i = 0; i < r->nrows; i++)
        if (is_entity_row(&r->rows[i], info))
            write_entity(sh, row++, r, &r->rows[i], info);
    if (n == 0)
        xlsx_text(sh, row++, COL_ENTITY, "no entity has results for this month", XLSX_MUTED);
    if (write_top_findings(sh, row + 1, info))
        return diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory for the top findings");
    xlsx_print_fit(sh, true, 1);
    return xlsx_status(book, diag);
}
