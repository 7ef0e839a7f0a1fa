/* eval_credits.c — the credits one commitment is due over a span of
 * windows, each service's credit priced with its own fee (eval.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/measure/eval.h"
#include "engine/sla/sla_credit_unit.h"

void
eval_credits_of(const struct eval_result *r, size_t commitment, int64_t from, int64_t to,
                struct eval_credits *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < r->ncontract; i++) {
        const struct eval_contract_row *c = &r->contract[i];
        /* The pooled row of an entity-wide commitment measures the services
         * together; the credits are each service's. */
        if (c->commitment != commitment || !c->service || c->window.end <= from ||
            c->window.end > to)
            continue;
        const struct credit_result *cr = &c->attainment.credit;
        out->rows++;
        out->gaps += cr->match == CREDIT_GAP;
        if (!credit_due(cr))
            continue;
        out->due++;
        if (isfinite(cr->amount)) {
            out->amount += cr->amount;
        } else {
            /* A credit in another unit (service time, money of its own)
             * has no amount in the fee's currency. */
            out->unpriced++;
            out->unpriced_percent += cr->credit_percent;
        }
    }
}

bool
eval_credits_first_window(const struct eval_result *r, size_t i)
{
    const struct eval_contract_row *c = &r->contract[i];
    if (!c->service)
        return false;
    for (size_t j = 0; j < i; j++) {
        const struct eval_contract_row *o = &r->contract[j];
        if (o->commitment == c->commitment && o->service && o->window.end == c->window.end)
            return false;
    }
    return true;
}

size_t
eval_credits_unpriced_text(const struct eval_result *r, size_t commitment, int64_t from, int64_t to,
                           char *buf, size_t size, size_t len)
{
    if (size == 0)
        return 0;
    if (len >= size)
        len = size - 1;
    buf[len] = '\0';
    for (size_t j = 0; j < r->ncontract && len + 1 < size; j++) {
        const struct eval_contract_row *row = &r->contract[j];
        const struct credit_result *cr = &row->attainment.credit;
        if (row->commitment != commitment || !row->service || row->window.end <= from ||
            row->window.end > to || !credit_due(cr) || isfinite(cr->amount))
            continue;
        char owed[96];
        bool share = credit_is_share(cr);
        if (share)
            snprintf(owed, sizeof owed, "%g %%", cr->credit_percent);
        else
            sla_credit_unit_owed_text(cr, owed, sizeof owed);
        int n = snprintf(buf + len, size - len, "%s%s %s %s%s", len ? " + " : "", owed,
                         share ? "of" : "for", row->service, share ? "'s fee" : "");
        if (n < 0)
            break;
        len += (size_t)n;
    }
    return len < size ? len : size - 1;
}
