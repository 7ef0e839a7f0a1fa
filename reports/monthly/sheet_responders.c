/* sheet_responders.c — the Responders sheet: for each entity with on-call
 * shifts, its pages of the report month ("(all responders)", with the pages
 * per shift), then each on-call primary's pages, those outside working hours,
 * and the pages no shift covered ("no responder"). */
#include <math.h>
#include <string.h>

#include "engine/measure/responder_load.h"
#include "reports/xlsx/sheet.h"

enum {
    COL_ENTITY,
    COL_RESPONDER,
    COL_SHIFTS,
    COL_PAGES,
    COL_OFF_HOURS,
    COL_OFF_SHARE,
    COL_MEAN,
    COL_MAX,
};

static const struct xlsx_column responder_columns[] = {
    [COL_ENTITY] = {"Entity", 22},
    [COL_RESPONDER] = {"Responder", 20},
    [COL_SHIFTS] = {"Shifts", 9},
    [COL_PAGES] = {"Pages", 9},
    [COL_OFF_HOURS] = {"Pages outside working hours", 14},
    [COL_OFF_SHARE] = {"Share outside working hours", 14},
    [COL_MEAN] = {"Pages per shift (mean)", 12},
    [COL_MAX] = {"Pages per shift (max)", 12},
    {NULL, 0},
};

static void
write_counts(struct xlsx_sheet *sh, uint32_t row, long pages, long off)
{
    xlsx_number(sh, row, COL_PAGES, (double)pages, XLSX_INTEGER);
    xlsx_number(sh, row, COL_OFF_HOURS, (double)off, XLSX_INTEGER);
    if (pages > 0)
        xlsx_percent(sh, row, COL_OFF_SHARE, (double)off / (double)pages);
}

enum sl_status
sheet_responders_write(struct xlsx_book *book, const struct eval_result *r,
                       const struct report_info *info, struct sl_diag *diag)
{
    (void)r;
    const struct responder_load *rl = info->responders;
    if (!rl || !rl->nentities)
        return SL_OK;
    struct xlsx_table t;
    xlsx_table_begin(&t, book, "Responders", responder_columns, rl->nentities + rl->nrows);
    size_t k = 0;
    for (size_t i = 0; i < rl->nentities; i++) {
        const struct responder_entity *e = &rl->entities[i];
        uint32_t row;
        struct xlsx_sheet *sh = xlsx_table_row(&t, &row);
        if (!sh)
            break;
        xlsx_text(sh, row, COL_ENTITY, e->entity, XLSX_PLAIN);
        xlsx_text(sh, row, COL_RESPONDER, "(all responders)", XLSX_BOLD);
        xlsx_number(sh, row, COL_SHIFTS, (double)e->shifts, XLSX_INTEGER);
        write_counts(sh, row, e->pages, e->off_hours);
        if (!isnan(e->mean_per_shift)) {
            xlsx_number(sh, row, COL_MEAN, e->mean_per_shift, XLSX_DECIMAL1);
            xlsx_number(sh, row, COL_MAX, (double)e->max_per_shift, XLSX_INTEGER);
        }
        for (; k < rl->nrows && !strcmp(rl->rows[k].entity, e->entity); k++) {
            const struct responder_row *p = &rl->rows[k];
            if (!(sh = xlsx_table_row(&t, &row)))
                break;
            xlsx_text(sh, row, COL_ENTITY, p->entity, XLSX_PLAIN);
            if (p->responder) {
                xlsx_text(sh, row, COL_RESPONDER, p->responder, XLSX_PLAIN);
                xlsx_number(sh, row, COL_SHIFTS, (double)p->shifts, XLSX_INTEGER);
            } else
                xlsx_text(sh, row, COL_RESPONDER, "no responder", XLSX_MUTED);
            write_counts(sh, row, p->pages, p->off_hours);
            if (p->responder && p->shifts > 0)
                xlsx_number(sh, row, COL_MEAN, (double)p->pages / (double)p->shifts, XLSX_DECIMAL1);
        }
    }
    return xlsx_status(book, diag);
}
