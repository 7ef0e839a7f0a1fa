/* sheet_incidents.c — the Incidents sheet: every incident of the report month
 * with its times in the report's zone and its TTD/TTA/TTM/TTR in minutes, in
 * order, continued on "Incidents (2)"... past Excel's row limit. */
#include "reports/xlsx/sheet.h"

enum {
    COL_ENTITY,
    COL_SERVICE,
    COL_ID,
    COL_SEVERITY,
    COL_LABEL,
    COL_TITLE,
    COL_STATE,
    COL_STARTED,
    COL_DETECTED,
    COL_ACKNOWLEDGED,
    COL_MITIGATED,
    COL_RESOLVED,
    COL_TTD, /* COL_TTD + m for enum incident_measure m */
    COL_POSTMORTEM = COL_TTD + MEASURE_COUNT,
    COL_MERGED,
};

static const struct xlsx_column incident_columns[] = {
    [COL_ENTITY] = {"Entity", 22},
    [COL_SERVICE] = {"Service", 20},
    [COL_ID] = {"ID", 14},
    [COL_SEVERITY] = {"Severity", 9},
    [COL_LABEL] = {"Source severity", 10},
    [COL_TITLE] = {"Title", 50},
    [COL_STATE] = {"State", 11},
    [COL_STARTED] = {"Started", 17},
    [COL_DETECTED] = {"Detected", 17},
    [COL_ACKNOWLEDGED] = {"Acknowledged", 17},
    [COL_MITIGATED] = {"Mitigated", 17},
    [COL_RESOLVED] = {"Resolved", 17},
    [COL_TTD + MEASURE_TTD] = {"TTD (min)", 9},
    [COL_TTD + MEASURE_TTA] = {"TTA (min)", 9},
    [COL_TTD + MEASURE_TTM] = {"TTM (min)", 9},
    [COL_TTD + MEASURE_TTR] = {"TTR (min)", 9},
    [COL_POSTMORTEM] = {"Postmortem", 30},
    [COL_MERGED] = {"Merged", 8},
    {NULL, 0},
};

static void
write_incident(struct xlsx_sheet *sh, uint32_t row, const struct eval_incident *inc,
               const char *zone)
{
    xlsx_text(sh, row, COL_ENTITY, inc->entity, XLSX_PLAIN);
    xlsx_text(sh, row, COL_SERVICE, inc->service, XLSX_PLAIN);
    xlsx_text(sh, row, COL_ID, inc->key, XLSX_PLAIN);
    xlsx_text(sh, row, COL_SEVERITY, inc->severity, XLSX_PLAIN);
    xlsx_text(sh, row, COL_LABEL, inc->severity_label, XLSX_PLAIN);
    xlsx_text(sh, row, COL_TITLE, inc->title, XLSX_PLAIN);
    xlsx_text(sh, row, COL_STATE, inc->state, XLSX_PLAIN);
    xlsx_instant(sh, row, COL_STARTED, inc->started, zone);
    xlsx_instant(sh, row, COL_DETECTED, inc->detected, zone);
    xlsx_instant(sh, row, COL_ACKNOWLEDGED, inc->acknowledged, zone);
    xlsx_instant(sh, row, COL_MITIGATED, inc->mitigated, zone);
    xlsx_instant(sh, row, COL_RESOLVED, inc->resolved, zone);
    for (int m = 0; m < MEASURE_COUNT; m++) {
        int64_t s = inc->times.seconds[m];
        if (s != INCIDENT_NO_DURATION)
            xlsx_number(sh, row, (uint16_t)(COL_TTD + m), (double)s / 60.0, XLSX_DECIMAL1);
    }
    xlsx_text(sh, row, COL_POSTMORTEM, inc->postmortem, XLSX_WRAP); /* the last column */
    xlsx_text(sh, row, COL_MERGED, inc->merged ? "yes" : "no", XLSX_PLAIN);
}

struct incident_rows {
    struct xlsx_table table;
    const char *zone;
};

static int
write_next_incident(void *ctx, const struct eval_incident *inc)
{
    struct incident_rows *t = ctx;
    uint32_t row;
    struct xlsx_sheet *sh = xlsx_table_row(&t->table, &row);
    if (!sh)
        return 1;
    write_incident(sh, row, inc, t->zone);
    return 0;
}

/* In constant memory, the rows may come from info->incidents one at a time:
 * each leaves memory once written. */
enum sl_status
sheet_incidents_write(struct xlsx_book *book, const struct eval_result *r,
                      const struct report_info *info, struct sl_diag *diag)
{
    struct incident_rows t = {.zone = info->zone};
    const struct report_incidents *src = info->incidents;
    xlsx_table_begin(&t.table, book, "Incidents", incident_columns, src ? src->n : r->nincidents);
    if (src) {
        enum sl_status rc = src->each(src->src, write_next_incident, &t, diag);
        if (rc)
            return rc;
    } else {
        for (size_t i = 0; i < r->nincidents; i++)
            if (write_next_incident(&t, &r->incidents[i]))
                break;
    }
    return xlsx_status(book, diag);
}
