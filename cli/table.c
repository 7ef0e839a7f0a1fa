/* table.c — evaluation rows as terminal tables: the neutral measure, then
 * the contract measure with attainment and credits. */
#include <math.h>
#include <stdio.h>

#include "cli/cli.h"
#include "engine/sltime.h"

static void
print_minutes(const struct duration_stats *s)
{
    if (s->n == 0)
        printf(" %8s %8s", "-", "-");
    else
        printf(" %8.1f %8.1f", s->mean / 60.0, s->median / 60.0);
}

void
cli_print_eval_table(const struct eval_result *r, bool entities_only, const struct window *window)
{
    printf("%-22s %-20s %-8s %9s %8s %7s %4s %14s %5s %8s %8s %8s %8s\n", "entity", "service",
           "window", "avail", "down_min", "unk_h", "inc", "sev1/2/3/4/5", "open", "mtta_min",
           "p50", "mttr_min", "p50");
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if ((entities_only && row->service) ||
            (window && (row->window.start != window->start || row->window.end != window->end)))
            continue;
        char label[48], sev[32];
        window_label(&row->window, label);
        const struct incident_summary *inc = &row->incidents;
        snprintf(sev, sizeof sev, "%ld/%ld/%ld/%ld/%ld", inc->by_severity[1], inc->by_severity[2],
                 inc->by_severity[3], inc->by_severity[4], inc->by_severity[5]);
        printf("%-22.22s %-20.20s %-8s", row->entity, row->service ? row->service : "(all)",
               label);
        if (row->avail.known)
            printf(" %8.3f%%", 100.0 * row->avail.availability);
        else
            printf(" %9s", "unknown");
        printf(" %8.1f %7.1f %4ld %14s %5ld", row->avail.downtime_seconds / 60.0,
               (double)row->avail.unknown_seconds / 3600.0, inc->total, sev, inc->open);
        print_minutes(&inc->measure[MEASURE_TTA]);
        print_minutes(&inc->measure[MEASURE_TTR]);
        putchar('\n');
    }
}

void
cli_print_contract_table(const struct eval_result *r)
{
    if (r->ncontract == 0)
        return;
    printf("\n%-22s %-20s %-8s %9s %7s %9s %5s %10s %8s %7s %6s %-10s %s\n", "entity (contract)",
           "service", "window", "avail", "target", "margin_m", "met", "credit", "amount",
           "burn", "alerts", "claim_by", "chronic");
    for (size_t i = 0; i < r->ncontract; i++) {
        const struct eval_contract_row *c = &r->contract[i];
        const struct contract_attainment *at = &c->attainment;
        char label[48], credit[16], claim[16] = "-";
        window_label(&c->window, label);
        printf("%-22.22s %-20.20s %-8s", c->entity, c->service ? c->service : "(all)", label);
        if (at->known)
            printf(" %8.3f%% %6.2f%% %9.1f %5s", at->attainment_percent, at->target_percent,
                   at->margin_seconds / 60.0, at->met ? "yes" : "NO");
        else
            printf(" %9s %6.2f%% %9s %5s", "unknown", at->target_percent, "-", "-");
        if (at->credit.match == CREDIT_TIER)
            snprintf(credit, sizeof credit, "%.4g%%%s", at->credit.credit_percent,
                     at->credit.capped ? " cap" : "");
        else
            snprintf(credit, sizeof credit, "%s", credit_match_name(at->credit.match));
        printf(" %10s", credit);
        if (isnan(at->credit.amount))
            printf(" %8s", "-");
        else
            printf(" %8.2f", at->credit.amount);
        if (c->budget.known && !isnan(c->budget.burn_rate))
            printf(" %7.2f", c->budget.burn_rate);
        else
            printf(" %7s", "-");
        if (at->claim_deadline != SLTIME_NONE)
            sltime_format_date(at->claim_deadline - 1, r->params.zone, claim);
        printf(" %6zu %-10s %s\n", c->nalerts, claim,
               c->chronic_at < 0 ? "-" : c->chronic_consecutive ? "consecutive" : "of-windows");
    }
}
