/* sheet_sla.c — the SLA sheet of the monthly workbook: per commitment, uptime
 * target and window overlapping the report month, the contract availability,
 * met or breached, the margin, the credit tier with its line in the SLA (a
 * gap in the table shown as a gap), the credit after the cap, the amount
 * where the fee is known, the claim deadline, chronic failure, burn-rate
 * alerts and response-time compliance. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/strbuf.h"
#include "engine/sla/sla_credit_unit.h"
#include "engine/time/sltime.h"
#include "reports/xlsx/sheet.h"

enum {
    COL_ENTITY,
    COL_SERVICE,
    COL_WINDOW,
    COL_DOCUMENT,
    COL_TARGET,
    COL_AVAIL,
    COL_MET,
    COL_MARGIN,
    COL_TIER,
    COL_TIER_LINE,
    COL_CREDIT,
    COL_AMOUNT,
    COL_CLAIM,
    COL_CHRONIC,
    COL_BREACHES,
    COL_ALERTS,
    COL_RESPONSE,
    COL_NOTE,
};

static const struct xlsx_column sla_columns[] = {
    [COL_ENTITY] = {"Entity", 22},
    [COL_SERVICE] = {"Service", 18},
    [COL_WINDOW] = {"Window", 10},
    [COL_DOCUMENT] = {"SLA", 22},
    [COL_TARGET] = {"Target", 9},
    [COL_AVAIL] = {"Contract availability", 12},
    [COL_MET] = {"Met or breached", 10},
    [COL_MARGIN] = {"Margin (min of allowed downtime left)", 13},
    [COL_TIER] = {"Credit tier", 24},
    [COL_TIER_LINE] = {"Tier's line in the SLA", 9},
    [COL_CREDIT] = {"Credit % of fee (after cap)", 11},
    [COL_AMOUNT] = {"Credit amount", 12},
    [COL_CLAIM] = {"Claim by", 12},
    [COL_CHRONIC] = {"Chronic failure", 26},
    [COL_BREACHES] = {"Breached windows so far", 11},
    [COL_ALERTS] = {"Burn-rate alerts", 9},
    [COL_RESPONSE] = {"Response within target", 26},
    [COL_NOTE] = {"Note", 50},
    {NULL, 0},
};

static bool
same_text(const char *a, const char *b)
{
    return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static bool
overlaps_month(const struct eval_contract_row *c, const struct window *month)
{
    return c->window.start < month->end && c->window.end > month->start;
}

static bool
breached(const struct contract_attainment *at)
{
    return at->known && !isnan(at->target_percent) && !at->met;
}

/* "[99%, 99.95%) → 10%": the tier's bounds with the inclusivity as written. */
static void
tier_text(const struct sla_credit_tier *t, char *out, size_t size)
{
    char lo[32], hi[32];
    if (isnan(t->lower_percent))
        snprintf(lo, sizeof lo, "below");
    else
        snprintf(lo, sizeof lo, "%s%g%%", t->lower_inclusive ? "[" : "(", t->lower_percent);
    if (isnan(t->upper_percent))
        snprintf(hi, sizeof hi, "and above");
    else
        snprintf(hi, sizeof hi, "%g%%%s", t->upper_percent, t->upper_inclusive ? "]" : ")");
    char credit[48];
    sla_credit_unit_tier_text(t, credit, sizeof credit);
    snprintf(out, size, "%s, %s → %s", lo, hi, credit);
}

static void
write_credit(struct xlsx_sheet *sh, uint32_t row, const struct eval_commitment *cm,
             const struct contract_attainment *at)
{
    const struct credit_result *cr = &at->credit;
    char text[160];
    switch (cr->match) {
    case CREDIT_TIER:
        tier_text(&cm->terms->tiers[cr->tier], text, sizeof text);
        xlsx_text(sh, row, COL_TIER, text, XLSX_PLAIN);
        if (cm->terms->tiers[cr->tier].line)
            xlsx_number(sh, row, COL_TIER_LINE, (double)cm->terms->tiers[cr->tier].line,
                        XLSX_INTEGER);
        if (credit_is_share(cr)) {
            xlsx_number(sh, row, COL_CREDIT, cr->credit_percent / 100, XLSX_PERCENT1);
        } else {
            sla_credit_unit_owed_text(cr, text, sizeof text);
            xlsx_text(sh, row, COL_CREDIT, text, XLSX_PLAIN);
        }
        break;
    case CREDIT_NONE_DUE:
        xlsx_text(sh, row, COL_TIER, "none due", XLSX_MUTED);
        xlsx_number(sh, row, COL_CREDIT, 0.0, XLSX_DECIMAL1);
        break;
    case CREDIT_GAP:
        xlsx_text(sh, row, COL_TIER, "gap: below target, in no tier of the table", XLSX_TEXT_RED);
        break;
    case CREDIT_NO_TABLE:
        xlsx_text(sh, row, COL_TIER, "the SLA has no credit table", XLSX_MUTED);
        break;
    case CREDIT_UNKNOWN:
        xlsx_text(sh, row, COL_TIER, "unknown: nothing measured", XLSX_MUTED);
        break;
    }
    if (isfinite(cr->amount) && (cr->match == CREDIT_TIER || cr->match == CREDIT_NONE_DUE))
        xlsx_number(sh, row, COL_AMOUNT, cr->amount, XLSX_MONEY);
    else if (credit_due(cr) && credit_is_share(cr))
        xlsx_text(sh, row, COL_AMOUNT, "fee unknown", XLSX_MUTED);
}

/* "3 windows running" or "3 of 6 windows", and the termination right. */
static void
write_chronic(struct xlsx_sheet *sh, uint32_t row, const struct eval_result *r,
              const struct eval_contract_row *c, const struct eval_commitment *cm)
{
    const struct chronic_rule *rule = &r->params.chronic;
    char text[200];
    if (c->chronic_at < 0) {
        xlsx_text(sh, row, COL_CHRONIC, "no", XLSX_MUTED);
        return;
    }
    int len;
    if (c->chronic_consecutive)
        len =
            snprintf(text, sizeof text, "chronic: breached %d windows running", rule->consecutive);
    else
        len = snprintf(text, sizeof text, "chronic: breached %d of %d windows", rule->of_count,
                       rule->of_windows);
    if (cm->terms->chronic_failure_termination && len > 0 && (size_t)len < sizeof text)
        snprintf(text + len, sizeof text - (size_t)len, "; the SLA gives a right to terminate");
    xlsx_text(sh, row, COL_CHRONIC, text, XLSX_TEXT_RED);
}

/* Breached windows of the same commitment, target and service up to c's. */
static void
write_breaches(struct xlsx_sheet *sh, uint32_t row, const struct eval_result *r,
               const struct eval_contract_row *c)
{
    long n = 0, of = 0;
    for (size_t i = 0; i < r->ncontract; i++) {
        const struct eval_contract_row *o = &r->contract[i];
        if (o->commitment != c->commitment || o->target != c->target ||
            strcmp(o->entity, c->entity) || !same_text(o->service, c->service) ||
            o->window.end > c->window.end)
            continue;
        of++;
        n += breached(&o->attainment);
    }
    char text[48];
    snprintf(text, sizeof text, "%ld of %ld", n, of);
    xlsx_text(sh, row, COL_BREACHES, text, n ? XLSX_BOLD : XLSX_PLAIN);
}

/* "sev1 4 of 5 in 15 min; sev2 none (60 min)". */
static void
write_response(struct xlsx_sheet *sh, uint32_t row, const struct eval_contract_row *c)
{
    /* every target, however many: the cell's own limit marks a cut */
    struct strbuf text = STRBUF_INIT;
    enum sl_status rc = SL_OK;
    for (size_t i = 0; i < c->nresponse && !rc; i++) {
        const struct eval_response *e = &c->response[i];
        if (e->n)
            rc = strbuf_addf(&text, "%ssev%d %ld of %ld in %g min%s", i ? "; " : "", e->severity,
                             e->within, e->n, e->target_minutes,
                             e->business_hours ? " (business hours)" : "");
        else
            rc = strbuf_addf(&text, "%ssev%d none (%g min)", i ? "; " : "", e->severity,
                             e->target_minutes);
    }
    if (c->nresponse)
        xlsx_text(sh, row, COL_RESPONSE, rc ? "(out of memory for the response targets)" : text.buf,
                  XLSX_WRAP);
    strbuf_release(&text);
}

static void
write_note(struct xlsx_sheet *sh, uint32_t row, const struct eval_contract_row *c,
           const struct window *month, const char *zone)
{
    char text[400], end[16];
    size_t len = 0;
    text[0] = '\0';
    if (!sheet_contract_in_month(c, month)) {
        sltime_format_date(c->window.end - 1, zone, end);
        len += (size_t)snprintf(text, sizeof text,
                                "the window runs to %s: figures to date, no credit due yet", end);
    }
    if (c->measure.excluded_seconds > 0 && len < sizeof text)
        len += (size_t)snprintf(text + len, sizeof text - len, "%s%.1f min excluded by the SLA",
                                len ? "; " : "", (double)c->measure.excluded_seconds / 60.0);
    if (c->measure.forgiven_seconds > 0 && len < sizeof text)
        len += (size_t)snprintf(text + len, sizeof text - len,
                                "%s%.1f min in outages shorter than the SLA's minimum",
                                len ? "; " : "", (double)c->measure.forgiven_seconds / 60.0);
    if (!c->service && len < sizeof text)
        snprintf(text + len, sizeof text - len,
                 "%sservices pooled; credits and burn alerts are per service", len ? "; " : "");
    if (text[0])
        xlsx_text(sh, row, COL_NOTE, text, XLSX_MUTED_WRAP);
}

static void
write_row(struct xlsx_sheet *sh, uint32_t row, const struct eval_result *r,
          const struct eval_contract_row *c, const struct report_info *info)
{
    const struct eval_commitment *cm = &r->params.commitments[c->commitment];
    const struct contract_attainment *at = &c->attainment;
    char label[48];
    window_label(&c->window, label);
    xlsx_text(sh, row, COL_ENTITY, c->entity, XLSX_BOLD);
    xlsx_text(sh, row, COL_SERVICE, c->service ? c->service : "(all services)",
              c->service ? XLSX_PLAIN : XLSX_MUTED);
    xlsx_text(sh, row, COL_WINDOW, label, XLSX_PLAIN);
    xlsx_text(sh, row, COL_DOCUMENT, cm->terms->document, XLSX_PLAIN);
    double target = target_fraction(at->target_percent);
    if (isfinite(target))
        xlsx_number(sh, row, COL_TARGET, target, XLSX_PERCENT);
    if (at->known && isfinite(at->attainment_percent))
        xlsx_number(sh, row, COL_AVAIL, at->attainment_percent / 100.0,
                    isfinite(target) ? sheet_rag_style(at->attainment_percent / 100.0, target,
                                                       sheet_amber_budgets(info))
                                     : XLSX_PERCENT);
    else
        xlsx_text(sh, row, COL_AVAIL, "unknown", XLSX_MUTED);
    if (!at->known || isnan(at->target_percent))
        xlsx_text(sh, row, COL_MET, "unknown", XLSX_MUTED);
    else
        xlsx_text(sh, row, COL_MET, at->met ? "met" : "breached",
                  at->met ? XLSX_PLAIN : XLSX_TEXT_RED);
    if (at->known && isfinite(at->margin_seconds))
        xlsx_number(sh, row, COL_MARGIN, at->margin_seconds / 60.0, XLSX_DECIMAL1);
    write_credit(sh, row, cm, at);
    if (at->claim_deadline != SLTIME_NONE)
        xlsx_date(sh, row, COL_CLAIM, at->claim_deadline - 1, r->params.zone);
    else
        xlsx_text(sh, row, COL_CLAIM,
                  cm->terms->claim_deadline_text ? cm->terms->claim_deadline_text : "not stated",
                  XLSX_MUTED);
    write_chronic(sh, row, r, c, cm);
    write_breaches(sh, row, r, c);
    if (c->alerts_replayed)
        xlsx_number(sh, row, COL_ALERTS, (double)c->nalerts, XLSX_INTEGER);
    else /* a pooled row: not "none fired" */
        xlsx_text(sh, row, COL_ALERTS, "per service", XLSX_MUTED);
    write_response(sh, row, c);
    write_note(sh, row, c, &info->month, r->params.zone);
}

/* Below the rows: per commitment, the credits of the windows ending this
 * month, each service priced with its own fee; the unpriced ones as a
 * percent of each service's fee. Returns the next free row. */
static uint32_t
write_commitment_credits(struct xlsx_sheet *sh, uint32_t row, const struct eval_result *r,
                         const struct window *month)
{
    static const char *const head[] = {"Entity",
                                       "Covers",
                                       "Window",
                                       "SLA",
                                       "Monthly fee",
                                       "Currency",
                                       "Services credited",
                                       "Amount due",
                                       "Unpriced credits",
                                       NULL};
    bool any = false;
    for (size_t i = 0; i < r->ncontract; i++) {
        const struct eval_contract_row *c = &r->contract[i];
        if (!eval_credits_first_window(r, i) || !sheet_contract_in_month(c, month))
            continue;
        if (!any) {
            xlsx_text(sh, row++, 0, "Credits per commitment (windows ending this month)",
                      XLSX_BOLD);
            for (uint16_t k = 0; head[k]; k++)
                xlsx_text(sh, row, k, head[k], XLSX_BOLD);
            row++;
            any = true;
        }
        const struct eval_commitment *cm = &r->params.commitments[c->commitment];
        struct eval_credits cr;
        char label[48], credited[48], unpriced[400];
        eval_credits_of(r, c->commitment, month->start, month->end, &cr);
        window_label(&c->window, label);
        xlsx_text(sh, row, 0, cm->entity, XLSX_BOLD);
        xlsx_text(sh, row, 1, cm->service ? cm->service : "(every service)",
                  cm->service ? XLSX_PLAIN : XLSX_MUTED);
        xlsx_text(sh, row, 2, label, XLSX_PLAIN);
        xlsx_text(sh, row, 3, cm->terms->document, XLSX_PLAIN);
        if (isnan(cm->monthly_fee))
            xlsx_text(sh, row, 4, "fee unknown", XLSX_MUTED);
        else
            xlsx_number(sh, row, 4, cm->monthly_fee, XLSX_MONEY);
        if (cm->currency)
            xlsx_text(sh, row, 5, cm->currency, XLSX_PLAIN);
        snprintf(credited, sizeof credited, "%zu of %zu", cr.due, cr.rows);
        xlsx_text(sh, row, 6, credited, XLSX_PLAIN);
        if (cr.due > cr.unpriced || cr.due == 0)
            xlsx_number(sh, row, 7, cr.amount, XLSX_MONEY);
        eval_credits_unpriced_text(r, c->commitment, month->start, month->end, unpriced,
                                   sizeof unpriced, 0);
        if (unpriced[0])
            xlsx_text(sh, row, 8, unpriced, XLSX_BOLD);
        row++;
    }
    return any ? row + 1 : row;
}

enum sl_status
sheet_sla_write(struct xlsx_book *book, const struct eval_result *r, const struct report_info *info,
                struct sl_diag *diag)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "SLA");
    char month[48], title[128];
    window_label(&info->month, month);
    snprintf(title, sizeof title, "SLA attainment and credits %s (%s)", month,
             info->zone ? info->zone : "UTC");
    xlsx_text(sh, 0, 0, title, XLSX_BOLD);

    uint32_t n = 0;
    for (size_t i = 0; i < r->ncontract; i++)
        n += overlaps_month(&r->contract[i], &info->month);
    xlsx_header(sh, 2, sla_columns, n);
    uint32_t row = 3;
    for (size_t i = 0; i < r->ncontract; i++)
        if (overlaps_month(&r->contract[i], &info->month))
            write_row(sh, row++, r, &r->contract[i], info);
    row++;
    row = write_commitment_credits(sh, row, r, &info->month);
    if (n == 0)
        xlsx_text(sh, row++, 0,
                  "No SLA applies to any entity this month: store one with slaudit sla import, "
                  "or give one with --sla FILE.json --entity E [--service S] [--fee N].",
                  XLSX_MUTED);
    static const char *const notes[] = {
        "Contract availability is measured under the SLA's own rules (its window, minimum "
        "outage, partial weighting, maintenance and exclusions); the Definitions sheet has "
        "the neutral measure.",
        "Margin: allowed downtime, (1 − target) × eligible time, minus the downtime counted, "
        "to the millisecond; negative when breached, 0 for a month exactly on target.",
        "A credit tier keeps the bounds the document wrote, '[' inclusive and ')' exclusive; an "
        "attainment below target that no tier covers is a gap in the table, not a zero.",
        "Credit % is after the SLA's cap; the amount is that share of the service's monthly fee, "
        "stored with the SLA (sla import --fee) or given with --fee; a service with its own SLA "
        "is measured under it alone.",
        "Claim by: the last day, in the report's zone, on which a claim is on time.",
        NULL,
    };
    for (size_t k = 0; notes[k]; k++)
        xlsx_text(sh, row++, 0, notes[k], XLSX_MUTED);
    xlsx_print_fit(sh, true, 1);
    return xlsx_status(book, diag);
}
