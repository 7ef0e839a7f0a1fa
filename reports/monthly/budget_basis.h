/* budget_basis.h — the one error budget the monthly workbook shows for a
 * service row of the report month, so that the budget chart, its figures and
 * the burn-down all show the same measure:
 *
 *   - the contract measure's own budget, under the SLA's counting rules,
 *     where the row's commitment is measured in exactly the row's window and
 *     its budget is known;
 *   - else the neutral measure's, at the target the row is judged against
 *     (the commitment's, the profile's objective or the default).
 *
 * Everything filled in points into, or is copied from, the evaluation; out
 * lives as long as r. */
#ifndef SLAUDIT_REPORTS_BUDGET_BASIS_H
#define SLAUDIT_REPORTS_BUDGET_BASIS_H

#include <stdbool.h>

#include "engine/measure/eval.h"

struct budget_basis {
    struct budget budget;
    bool contract;             /* the contract measure's; else the neutral measure's */
    const struct daily *daily; /* the days under the same measure (empty when not asked) */
    char basis[300];           /* "budget of acme-sla.md (contract measure)", for a Basis column */
    /* For a chart title: "contract measure, 99.95 % of acme-sla.md",
     * "neutral measure, 99.9 % default" (objective, commitment). */
    char measure[200];
};

void budget_basis_of(const struct eval_result *r, const struct eval_row *row,
                     struct budget_basis *out);

#endif
