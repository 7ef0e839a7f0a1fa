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
    for (size_t i = 0; i < r->ncontract; i++) {
        const struct eval_contract_row *c = &r->contract[i];
        if (strcmp(c->entity, entity) != 0 || !sheet_contract_in_month(c, month))
            continue;
        /* An entity-wide commitment's pooled row stands beside its service
         * rows; a commitment to the entity alone has only that row. */
        const struct eval_commitment *cm = &r->params.commitments[c->commitment];
        if (!c->service && !cm->service) {
            bool has_service_rows = false;
            for (size_t j = 0; j < r->ncontract && !has_service_rows; j++)
                has_service_rows = r->contract[j].service &&
                                   r->contract[j].commitment == c->commitment &&
                                   !strcmp(r->contract[j].entity, entity);
            if (has_service_rows)
                continue;
        }
        const struct credit_result *cr = &c->attainment.credit;
        out->rows++;
        out->gaps += cr->match == CREDIT_GAP;
        if (cr->match != CREDIT_TIER || !(cr->credit_percent > 0))
            continue;
        out->due++;
        if (isfinite(cr->amount)) {
            out->amount += cr->amount;
        } else {
            out->unpriced++;
            out->unpriced_percent += cr->credit_percent;
        }
    }
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
