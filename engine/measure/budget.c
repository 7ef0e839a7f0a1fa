/* budget.c — error budget arithmetic and the burn-rate alert replay over
 * minute buckets with prefix sums. */
#include "engine/measure/budget.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/time/sltime.h"

const struct burn_rule budget_default_rules[] = {
    {"page-1h", "page", 0.02, 3600, 300},
    {"page-6h", "page", 0.05, 6 * 3600, 1800},
    {"ticket-1d", "ticket", 0.10, 86400, 2 * 3600},
    {"ticket-3d", "ticket", 0.10, 3 * 86400, 6 * 3600},
    {NULL, NULL, 0, 0, 0},
};

double
budget_rule_threshold(const struct burn_rule *rule, int64_t period_seconds)
{
    return rule->budget_share * (double)period_seconds / (double)rule->long_seconds;
}

void
budget_compute(double target_percent, const struct avail_result *a, int64_t start, int64_t end,
               int64_t as_of, struct budget *out)
{
    memset(out, 0, sizeof *out);
    out->target_percent = target_percent;
    out->consumed_share = out->burn_rate = NAN;
    if (isnan(target_percent) || !a->known || end <= start)
        return;
    out->known = true;
    /* The whole window, whatever part of it has come or was monitored: the
     * budget of a month is the month's, not the days elapsed. */
    out->allowed_seconds =
        contract_allowed_seconds(target_percent, end - start - (int64_t)a->maintenance_seconds);
    out->consumed_seconds = a->downtime_seconds;
    out->remaining_seconds = contract_margin_seconds(out->allowed_seconds, out->consumed_seconds);
    if (as_of > end)
        as_of = end;
    out->elapsed_share = as_of <= start ? 0.0 : (double)(as_of - start) / (double)(end - start);
    if (out->allowed_seconds > 0)
        out->consumed_share = out->consumed_seconds / out->allowed_seconds;
    double budget = 1.0 - target_percent / 100.0;
    if (budget > 0 && a->eligible_seconds > 0)
        out->burn_rate = a->downtime_seconds / (double)a->eligible_seconds / budget;
}

/* Per-minute prefix sums of weighted downtime and known time. */
struct buckets {
    int64_t origin; /* the instant bucket 0 starts */
    size_t n;
    double *bad; /* bad[k] = downtime before origin + k·step */
    double *known;
};

static bool
fill_buckets(const struct contract_timeline *tl, int64_t from, int64_t to, struct buckets *b)
{
    b->origin = from - (((from % BUDGET_STEP_SECONDS) + BUDGET_STEP_SECONDS) % BUDGET_STEP_SECONDS);
    b->n = (size_t)((to - b->origin + BUDGET_STEP_SECONDS - 1) / BUDGET_STEP_SECONDS);
    b->bad = calloc(b->n + 1, sizeof *b->bad);
    b->known = calloc(b->n + 1, sizeof *b->known);
    if (!b->bad || !b->known)
        return false;
    for (size_t i = 0; i < tl->n; i++) {
        const struct contract_segment *s = &tl->seg[i];
        if (s->cls != CONTRACT_COUNTED || s->end <= b->origin || s->start >= to)
            continue;
        double w = contract_segment_weight(tl, s);
        int64_t lo = s->start > b->origin ? s->start : b->origin;
        int64_t hi = s->end < to ? s->end : to;
        while (lo < hi) {
            size_t k = (size_t)((lo - b->origin) / BUDGET_STEP_SECONDS);
            int64_t bucket_end = b->origin + (int64_t)(k + 1) * BUDGET_STEP_SECONDS;
            int64_t piece = (hi < bucket_end ? hi : bucket_end) - lo;
            b->known[k + 1] += (double)piece;
            b->bad[k + 1] += w * (double)piece;
            lo += piece;
        }
    }
    for (size_t k = 1; k <= b->n; k++) {
        b->bad[k] += b->bad[k - 1];
        b->known[k] += b->known[k - 1];
    }
    return true;
}

/* Burn rate over the lookback ending at bucket boundary k; NAN without known time. */
static double
burn_at(const struct buckets *b, size_t k, int64_t lookback, double budget)
{
    size_t span = (size_t)(lookback / BUDGET_STEP_SECONDS);
    size_t j = k > span ? k - span : 0;
    double known = b->known[k] - b->known[j];
    if (known <= 0)
        return NAN;
    return (b->bad[k] - b->bad[j]) / known / budget;
}

static bool
push_alert(struct burn_alert **v, size_t *n, size_t *alloc, const struct burn_alert *a)
{
    if (grow_reserve((void **)v, alloc, *n + 1, sizeof **v))
        return false;
    (*v)[(*n)++] = *a;
    return true;
}

static int
cmp_alert(const void *x, const void *y)
{
    const struct burn_alert *a = x, *b = y;
    if (a->fired != b->fired)
        return (a->fired > b->fired) - (a->fired < b->fired);
    return (a->rule > b->rule) - (a->rule < b->rule);
}

enum sl_status
budget_replay(const struct contract_timeline *tl, double target_percent, int64_t from, int64_t to,
              int64_t period_seconds, const struct burn_rule *rules, struct burn_alert **out,
              size_t *nout)
{
    struct buckets b = {0};
    struct burn_alert *v = NULL;
    size_t n = 0, alloc = 0;
    enum sl_status rc = SL_ERR_NOMEM;
    double budget = 1.0 - target_percent / 100.0;

    *out = NULL;
    *nout = 0;
    if (isnan(target_percent) || budget <= 0 || to <= from)
        return SL_OK;
    int64_t lookback = 0;
    for (size_t r = 0; rules[r].name; r++)
        if (rules[r].long_seconds > lookback)
            lookback = rules[r].long_seconds;
    int64_t start = from - lookback > tl->from ? from - lookback : tl->from;
    if (!fill_buckets(tl, start, to, &b))
        goto out;
    for (size_t r = 0; rules[r].name; r++) {
        double threshold = budget_rule_threshold(&rules[r], period_seconds);
        struct burn_alert cur = {r, threshold, SLTIME_NONE, SLTIME_NONE, 0};
        for (size_t k = 1; k <= b.n; k++) {
            int64_t t = b.origin + (int64_t)k * BUDGET_STEP_SECONDS;
            double lng = burn_at(&b, k, rules[r].long_seconds, budget);
            double sht = burn_at(&b, k, rules[r].short_seconds, budget);
            bool firing = !isnan(lng) && !isnan(sht) && lng >= threshold && sht >= threshold;
            if (firing && cur.fired == SLTIME_NONE) {
                cur.fired = t;
                cur.peak_burn = lng;
            } else if (firing && lng > cur.peak_burn) {
                cur.peak_burn = lng;
            } else if (!firing && cur.fired != SLTIME_NONE) {
                cur.cleared = t;
                if (cur.cleared > from && !push_alert(&v, &n, &alloc, &cur))
                    goto out;
                cur.fired = cur.cleared = SLTIME_NONE;
            }
        }
        if (cur.fired != SLTIME_NONE && !push_alert(&v, &n, &alloc, &cur))
            goto out;
    }
    if (n) /* qsort's array may not be NULL, even when empty */
        qsort(v, n, sizeof *v, cmp_alert);
    *out = v;
    *nout = n;
    v = NULL;
    rc = SL_OK;
out:
    free(v);
    free(b.bad);
    free(b.known);
    return rc;
}
