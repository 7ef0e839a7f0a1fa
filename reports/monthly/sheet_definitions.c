/* sheet_definitions.c — the Definitions sheet: every formula and setting the
 * figures of the workbook were computed with, so a reader can check them. */
#include <stdio.h>

#include "engine/model/model.h"
#include "engine/time/sltime.h"
#include "engine/measure/responder_load.h"
#include "engine/measure/stats.h"
#include "reports/xlsx/sheet.h"

#define HEADER_ROW 2

static const struct xlsx_column definition_columns[] = {
    {"Item", 30},
    {"Value", 24},
    {"Definition", 100},
    {NULL, 0},
};

/* The prose that does not depend on the run, as data. */
struct definition {
    const char *item, *value, *text;
};

static const struct definition availability_rules[] = {
    {"Availability", "A = 1 − Σ w·|interval ∩ W′| / |W′|",
     "w is the weight of the interval's status (below); W′ is the window less eligible "
     "maintenance and less unknown time. A window with no known time has no availability: it "
     "reads \"unknown\", never 100 %."},
    {"Unknown time", "left out",
     "Unknown is neither up nor down: an instant no interval covers, or covered only by "
     "`unknown`, leaves the denominator and is reported as monitoring coverage "
     "(1 − unknown / window)."},
    {"Overlapping sources", "worst status",
     "Where several sources cover one service, each instant takes the worst status "
     "(down > maintenance > partial > degraded > up)."},
    {"Probe results", "[t, next probe)",
     "A probe at t with status s covers [t, next probe). A gap longer than 2× the service's "
     "median probe interval becomes unknown after one interval."},
    {"Ineligible maintenance", "counts as downtime",
     "Maintenance announced too late, beyond the cap, or a `maintenance` status no announced "
     "window covers counts as downtime (weight 1)."},
    {"Entity pooling", "Σ downtime / Σ W′",
     "The entity row (\"(all services)\") pools its services: downtime and eligible time are "
     "added over the services before dividing; it counts every incident of the entity."},
    {NULL, NULL, NULL},
};

/* After the colours (write_colours). */
static const struct definition judging_rules[] = {
    {"Error budget", "(1 − target) × (window − maintenance)",
     "Allowed downtime is (1 − target) × the whole window less eligible maintenance (unknown "
     "time does not shrink it), and what remains of it the allowed less the downtime, both to "
     "the millisecond; the Charts sheet sets each service's downtime beside it. Burn rate is "
     "the error rate (downtime ÷ W′) ÷ (1 − target)."},
    {"Change vs the month before", "this month − the month before",
     "The Summary's change columns: availability in percentage points (99.812 % after "
     "99.950 % is ▼ -0.138), incidents as a count, MTTR (the mean TTR) in minutes. ▲ is up and "
     "▼ down, whatever is better. Blank where either month has no figure (no row, unknown or "
     "insufficient coverage, no resolved incident), never 0."},
    {"Availability year to date", "Σ downtime ÷ Σ W′",
     "The entity's months of the report month's year up to and including it, pooled as the "
     "entity row pools its services, under the same minimum coverage. Months before the "
     "stored data begins are not counted: the Summary says which months it pools, and the "
     "Note where an entity's own months begin later."},
    {NULL, NULL, NULL},
};

static const struct definition incident_rules[] = {
    {"TTD", "detected − started", "Time to detect."},
    {"TTA", "acknowledged − detected", "Time to acknowledge."},
    {"TTM", "mitigated − started", "Time to mitigate."},
    {"TTR", "resolved − started", "Time to resolve."},
    {"Missing start", "fallback",
     "A missing `started` falls back to `detected`, and a missing `detected` to `started`, "
     "except for TTD, which needs both. A duration whose ends are missing, or that would be "
     "negative, has no value (a blank cell) and is left out of the statistics."},
    {"Merged or duplicate", "left out, counted",
     "Merged or duplicate incidents are left out of every count and statistic and counted in "
     "\"Merged (left out)\"."},
    {"Open / unacknowledged", "left out of TTR / TTA",
     "An incident without a resolved time is open and has no TTR; one without an "
     "acknowledged time has no TTA."},
    {"MTTA, MTTR", "mean, with the median",
     "MTTA is the mean TTA, MTTR the mean TTR, in minutes. The median stands beside each, "
     "because incident durations are heavily skewed and a mean alone misleads."},
    {"Percentiles", "linear interpolation",
     "Between closest ranks: the method of numpy's and pandas' defaults."},
    /* Probe latency (the Latency sheet). */
    {"Latency percentiles", "nearest rank",
     "The sample of rank ⌈p/100 × n⌉ of the n probe latencies of the service in the month "
     "(probe time in the month, in the report's zone), always a measured latency; probes "
     "without an answer state none."},
    {"Latency objective", "share at or under ≥ percentile",
     "Met when the share of samples at or under the profile's threshold_ms is at least its "
     "percentile; a sample equal to the threshold is under it. No samples: neither."},
    {NULL, NULL, NULL},
};

static void
write_row(struct xlsx_sheet *sh, uint32_t *row, const char *item, const char *value,
          const char *text)
{
    xlsx_text(sh, *row, 0, item, XLSX_BOLD);
    /* wrapped: a formula or the command line never runs under the next column */
    xlsx_text(sh, *row, 1, value, XLSX_WRAP);
    xlsx_text(sh, *row, 2, text, XLSX_WRAP);
    (*row)++;
}

static void
write_number_row(struct xlsx_sheet *sh, uint32_t *row, const char *item, double value,
                 const char *text)
{
    xlsx_text(sh, *row, 0, item, XLSX_BOLD);
    xlsx_number(sh, *row, 1, value, XLSX_DECIMAL1);
    xlsx_text(sh, *row, 2, text, XLSX_WRAP);
    (*row)++;
}

static void
write_percent_row(struct xlsx_sheet *sh, uint32_t *row, const char *item, double value,
                  const char *text)
{
    xlsx_text(sh, *row, 0, item, XLSX_BOLD);
    xlsx_number(sh, *row, 1, value, XLSX_PERCENT);
    xlsx_text(sh, *row, 2, text, XLSX_WRAP);
    (*row)++;
}

static void
write_rules(struct xlsx_sheet *sh, uint32_t *row, const struct definition *d)
{
    for (; d->item; d++)
        write_row(sh, row, d->item, d->value, d->text);
}

static void
write_target(struct xlsx_sheet *sh, uint32_t *row)
{
    char value[64], text[400];
    snprintf(value, sizeof value, "%g %% unless committed", TARGET_DEFAULT_PERCENT);
    snprintf(text, sizeof text,
             "Each row is judged against one target, the same on every sheet and in the "
             "findings: the availability its SLA or SLO commits to where one applies, else the "
             "entity profile's slo_percent, else %g %%. The Target column shows which; targets "
             "are compared as written (99.9 %% read back as 0.9990000000000001 is 99.9 %%).",
             TARGET_DEFAULT_PERCENT);
    write_row(sh, row, "Target", value, text);
}

/* The colours, with the amber band as the number it was run with. */
static void
write_colours(struct xlsx_sheet *sh, uint32_t *row, const struct report_info *info)
{
    double n = sheet_amber_budgets(info);
    char value[64], text[512];
    double floor = 100.0 * sheet_amber_floor(target_fraction(TARGET_DEFAULT_PERCENT), n);
    snprintf(value, sizeof value, "green / amber ≤ %g budgets / red / grey", n);
    snprintf(text, sizeof text,
             "Green: the target is met (A ≥ target). Amber: missed by at most the number of error "
             "budgets below, 1 − A ≤ N × (1 − target) (%.3g %% to %g %% for a %g %% target). Red: "
             "missed by more. Grey: below the minimum coverage, \"insufficient coverage\" and no "
             "figure. Availability shows three decimals, so 99.95 %% and 99.9 %% differ.",
             floor, TARGET_DEFAULT_PERCENT, TARGET_DEFAULT_PERCENT);
    write_row(sh, row, "Red / amber / green / grey", value, text);
    write_number_row(sh, row, "Amber up to (error budgets)", n,
                     "N: a miss of up to N times the downtime the target allows is amber, more is "
                     "red (slaudit report --amber-budgets; 2 unless set).");
}

static void
write_run(struct xlsx_sheet *sh, uint32_t *row, const struct report_info *info)
{
    const char *zone = info->zone ? info->zone : "UTC";
    char month[48], start[40], end[40], text[256];
    window_label(&info->month, month);
    sltime_format(info->month.start, info->zone, start);
    sltime_format(info->month.end, info->zone, end);

    write_row(sh, row, "slaudit version", info->version ? info->version : "unknown", NULL);
    write_row(sh, row, "Command line", info->command_line, "As run, for the record.");
    snprintf(text, sizeof text, "[%s, %s): the Summary and the Incidents sheets cover it.", start,
             end);
    write_row(sh, row, "Report month", month, text);
    write_row(sh, row, "Calendar zone", zone,
              "Months are aligned in this zone; the times on the Incidents sheet are local "
              "times in it.");
    write_row(sh, row, "Availability months", "up to 12",
              "The Availability sheet shows every month evaluated, up to 12 ending at the report "
              "month; \"no data\" where a service has no result for a month.");
    write_row(sh, row, "Workbook created", end,
              "The end of the report month, never the time of the run, so the same inputs give a "
              "byte-identical file.");
}

static void
write_settings(struct xlsx_sheet *sh, uint32_t *row, const struct avail_params *p)
{
    char item[64], text[256];
    for (int s = SVC_UP; s < SVC_STATUS_COUNT; s++) {
        const char *name = svc_status_name((enum svc_status)s);
        snprintf(item, sizeof item, "Weight of '%s'", name);
        snprintf(text, sizeof text, "Share of time in status '%s' counted as downtime.", name);
        write_number_row(sh, row, item, p->weight[s], text);
    }
    write_number_row(sh, row, "Maintenance notice (h)", (double)p->notice_seconds / 3600.0,
                     "Maintenance is eligible (left out of W′) only if announced at least this "
                     "long before it starts.");
    if (p->maintenance_cap_seconds > 0)
        write_number_row(sh, row, "Maintenance cap (h)",
                         (double)p->maintenance_cap_seconds / 3600.0,
                         "Eligible maintenance allowed per window; beyond it maintenance counts "
                         "as downtime.");
    else
        write_row(sh, row, "Maintenance cap (h)", "no cap",
                  "All announced maintenance is eligible, however long.");
    snprintf(text, sizeof text,
             "Below this monitoring coverage (1 − unknown / window; an entity row pools its "
             "services) the availability is not a number: it reads \"insufficient coverage\" in "
             "a grey cell, the measured value only in the Note.");
    write_percent_row(sh, row, "Minimum coverage", p->coverage.min, text);
    snprintf(text, sizeof text,
             "From the minimum coverage up to this the availability is shown and flagged "
             "\"partial coverage\" in the Note.");
    write_percent_row(sh, row, "Partial coverage below", p->coverage.partial, text);
}

static void
write_statistics(struct xlsx_sheet *sh, uint32_t *row)
{
    char value[64], text[256];
    snprintf(value, sizeof value, "%d rounds, seed %u", STATS_BOOTSTRAP_ROUNDS,
             (unsigned)STATS_BOOTSTRAP_SEED);
    snprintf(text, sizeof text,
             "95 %% interval of the median: %d resamples with replacement, fixed seed %u, so "
             "runs repeat.",
             STATS_BOOTSTRAP_ROUNDS, (unsigned)STATS_BOOTSTRAP_SEED);
    write_row(sh, row, "Bootstrap", value, text);
    snprintf(value, sizeof value, "fewer than %d", STATS_LOW_SAMPLE);
    snprintf(text, sizeof text,
             "Fewer than %d measured incidents: the figures are shown but flagged \"too few to "
             "judge\".",
             STATS_LOW_SAMPLE);
    write_row(sh, row, "Low sample", value, text);
}

static const struct definition responder_rules[] = {
    {"Page", "an incident",
     "Every incident of the entity that starts in the report month is a page, at its detected "
     "time (else its start); merged and duplicate incidents included."},
    {"Responder", "primary on call when detected",
     "The primary of the on-call shift that covers the page's time (start ≤ t < end; for the "
     "page's service, or a shift for every service; the latest-starting one where shifts "
     "overlap). A shift with no primary covers nothing: a page no shift covers is counted under "
     "\"no responder\"."},
    {"Outside working hours", "not 09:00–18:00 Mon–Fri",
     "A page whose local time in the calendar zone is before 09:00, at or after 18:00, or on a "
     "Saturday or Sunday."},
    {"Shifts", "overlapping the month",
     "On-call shifts with a primary that overlap the report month, each counted once, whole."},
    {"Pages per shift", "mean, maximum",
     "Mean: pages with a responder ÷ shifts (per responder: their pages ÷ their shifts). "
     "Maximum: the most pages one shift took. As PagerDuty Analytics counts interruptions per "
     "shift."},
    {NULL, NULL, NULL},
};

static void
write_section(struct xlsx_sheet *sh, uint32_t *row, const char *title)
{
    (*row)++;
    xlsx_text(sh, (*row)++, 0, title, XLSX_HEADER);
}

enum sl_status
sheet_definitions_write(struct xlsx_book *book, const struct eval_result *r,
                        const struct report_info *info, struct sl_diag *diag)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Definitions");
    uint32_t row = HEADER_ROW + 1;
    xlsx_text(sh, 0, 0, "Definitions and settings behind every figure in this workbook", XLSX_BOLD);
    for (uint16_t c = 0; definition_columns[c].title; c++) { /* a list, not a table: no filter */
        xlsx_text(sh, HEADER_ROW, c, definition_columns[c].title, XLSX_HEADER);
        xlsx_column_width(sh, c, c, definition_columns[c].width);
    }
    write_run(sh, &row, info);
    write_section(sh, &row, "Availability");
    write_rules(sh, &row, availability_rules);
    write_target(sh, &row);
    write_colours(sh, &row, info);
    write_rules(sh, &row, judging_rules);
    write_settings(sh, &row, &r->params.avail);
    write_section(sh, &row, "Incidents");
    write_rules(sh, &row, incident_rules);
    write_statistics(sh, &row);
    if (info->responders && info->responders->nentities) { /* as the Responders sheet */
        write_section(sh, &row, "Responders");
        write_rules(sh, &row, responder_rules);
    }
    return xlsx_status(book, diag);
}
