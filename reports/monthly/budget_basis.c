/* budget_basis.c — which error budget a service row of the report shows. */
#include "reports/monthly/budget_basis.h"

#include <stdio.h>
#include <string.h>

void
budget_basis_of(const struct eval_result *r, const struct eval_row *row, struct budget_basis *out)
{
    memset(out, 0, sizeof *out);
    const struct eval_contract_row *c = row->contract;
    if (c && c->neutral == row && c->budget.known) {
        const char *doc = r->params.commitments[c->commitment].terms->document;
        out->budget = c->budget;
        out->contract = true;
        out->daily = &c->daily;
        snprintf(out->basis, sizeof out->basis, "budget of %s (contract measure)", doc);
        snprintf(out->measure, sizeof out->measure, "contract measure, %g %% of %s",
                 c->budget.target_percent, doc);
        return;
    }
    budget_compute(row->target_percent, &row->avail, row->window.start, row->window.end,
                   row->window.end, &out->budget);
    out->daily = &row->daily;
    snprintf(out->basis, sizeof out->basis, "neutral measure at %s",
             target_source_phrase(row->target_source));
    snprintf(out->measure, sizeof out->measure, "neutral measure, %g %% %s", row->target_percent,
             target_source_name(row->target_source));
}
