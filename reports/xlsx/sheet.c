/* sheet.c — what the sheet writers share: the target a row is judged against,
 * the red/amber/green bands around it, and the credits an entity is due. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "reports/xlsx/sheet.h"

double
sheet_target(const struct eval_row *row)
{
    return target_fraction(row->target_percent);
}

bool
sheet_contract_in_month(const struct eval_contract_row *c, const struct window *month)
{
    return c->window.end > month->start && c->window.end <= month->end;
}

void
sheet_credits_of(const struct eval_result *r, const char *entity, const struct window *month,
                 struct sheet_credits *out)
{
    memset(out, 0, sizeof *out);
    for (size_t k = 0; k < r->params.ncommitments; k++) {
        const struct eval_commitment *cm = &r->params.commitments[k];
        struct eval_credits c;
        if (strcmp(cm->entity, entity) != 0)
            continue;
        eval_credits_of(r, k, month->start, month->end, &c);
        out->rows += c.rows;
        out->due += c.due;
        out->amount += c.amount;
        out->unpriced += c.unpriced;
        out->gaps += c.gaps;
        if (c.unpriced && out->nunpriced < SHEET_CREDITS_UNPRICED)
            out->unpriced_of[out->nunpriced++] = k;
        /* One currency for the sum, else none. */
        if (c.due > c.unpriced && cm->currency) {
            if (!out->currency && !out->mixed_currency)
                out->currency = cm->currency;
            else if (out->currency && strcmp(out->currency, cm->currency)) {
                out->currency = NULL;
                out->mixed_currency = true;
            }
        }
    }
}

size_t
sheet_unpriced_text(const struct eval_result *r, const struct sheet_credits *c,
                    const struct window *month, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < c->nunpriced; i++)
        len = eval_credits_unpriced_text(r, c->unpriced_of[i], month->start, month->end, buf, size,
                                         len);
    return len;
}

double
sheet_amber_budgets(const struct report_info *info)
{
    return info && info->amber_budgets > 0 ? info->amber_budgets : REPORT_AMBER_BUDGETS;
}

double
sheet_amber_floor(double target, double budgets)
{
    double floor = 1.0 - budgets * (1.0 - target);
    return floor > 0.0 ? floor : 0.0;
}

void
sheet_availability_cell(struct xlsx_sheet *sh, uint32_t row, uint16_t col,
                        const struct eval_row *er, double budgets, enum xlsx_style style)
{
    const struct avail_result *a = &er->avail;
    if (er->coverage == AVAIL_COVERAGE_INSUFFICIENT && a->window_seconds > 0)
        xlsx_text(sh, row, col, availability_coverage_label(er->coverage), XLSX_TEXT_GREY);
    else if (!a->known)
        xlsx_text(sh, row, col, "unknown", XLSX_MUTED);
    else
        xlsx_number(sh, row, col, a->availability,
                    budgets > 0 ? sheet_rag_style(a->availability, sheet_target(er), budgets)
                                : style);
}

void
sheet_coverage_note(const struct eval_row *er, char *buf, size_t size)
{
    const struct avail_result *a = &er->avail;
    const char *label = availability_coverage_label(er->coverage);
    buf[0] = '\0';
    if (!label || a->window_seconds <= 0)
        return;
    int n = snprintf(buf, size, "%s: %.2f %% monitored", label, 100.0 * availability_coverage(a));
    if (er->coverage == AVAIL_COVERAGE_INSUFFICIENT && a->known && n > 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n, ", measured %.3f %%", 100.0 * a->availability);
}

enum xlsx_style
sheet_rag_style(double availability, double target, double budgets)
{
    if (availability >= target)
        return XLSX_PERCENT_GREEN;
    if (availability >= sheet_amber_floor(target, budgets))
        return XLSX_PERCENT_AMBER;
    return XLSX_PERCENT_RED;
}
