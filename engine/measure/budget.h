/* budget.h — error budgets and the multiwindow burn-rate alerts of the Google
 * SRE workbook ("Alerting on SLOs"), replayed over history.
 *
 *   allowed   = (1 − target) × (the whole window − eligible maintenance);
 *               for a window still in progress, the whole window too, not
 *               the part elapsed
 *   consumed  = weighted downtime of the window so far
 *   remaining = allowed − consumed (negative when overspent)
 *   burn rate = error rate so far ÷ (1 − target), the error rate being
 *               downtime ÷ known eligible time (the SRE workbook's, Sloth's)
 *
 * An alert rule fires at an instant t when the burn rate over the long window
 * ending at t AND over the short window ending at t both reach its threshold;
 * the burn rate over a lookback is (downtime ÷ known eligible time in it) ÷
 * (1 − target). Lookbacks with no known time do not fire. A rule is the share
 * of the budget it pages on within its long window, so its threshold scales
 * with the objective's period as Sloth and Pyrra scale it:
 *   threshold = budget share × period ÷ long window
 * (2 % in 1 h of a 30-day period: 0.02 × 720 h ÷ 1 h = 14.4). The replay steps
 * through time one minute at a time (BUDGET_STEP_SECONDS), so a firing or a
 * clearing instant is a whole minute of UTC. */
#ifndef SLAUDIT_BUDGET_H
#define SLAUDIT_BUDGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/measure/availability.h"
#include "engine/measure/contract.h"
#include "engine/base/status.h"

#define BUDGET_STEP_SECONDS 60

struct budget {
    bool known; /* a target and measured time */
    double target_percent;
    double allowed_seconds; /* to the ms: contract_allowed_seconds() */
    double consumed_seconds;
    double remaining_seconds; /* allowed − consumed, to the ms */
    double consumed_share;    /* consumed ÷ allowed; NAN when nothing is allowed */
    double elapsed_share;     /* of the window at as_of, within [0, 1] */
    double burn_rate;         /* error rate ÷ (1 − target); NAN without known time */
};

/* The budget of window [start, end) as of as_of (the end for a past window);
 * a holds what was measured of the window (time not yet come is unknown). */
void budget_compute(double target_percent, const struct avail_result *a, int64_t start, int64_t end,
                    int64_t as_of, struct budget *out);

struct burn_rule {
    const char *name;     /* "page-1h", ... */
    const char *severity; /* "page" or "ticket" */
    double budget_share;  /* of the period's budget spent within long_seconds */
    int64_t long_seconds, short_seconds;
};

/* The workbook's and Sloth's four: page on 2 % of the budget in 1 h (short
 * window 5 m) and on 5 % in 6 h (30 m), ticket on 10 % in 1 d (2 h) and on
 * 10 % in 3 d (6 h): 14.4, 6, 3 and 1 for a 30-day period. Ends with a
 * {NULL} sentinel. */
extern const struct burn_rule budget_default_rules[];

/* The burn-rate threshold of rule for an objective over period_seconds. */
double budget_rule_threshold(const struct burn_rule *rule, int64_t period_seconds);

/* One episode of a rule firing: from fired until cleared (SLTIME_NONE when
 * still firing at the end of the replay). */
struct burn_alert {
    size_t rule;      /* index into the rules */
    double threshold; /* the rule's, for the objective's period */
    int64_t fired, cleared;
    double peak_burn; /* highest long-window burn rate while firing */
};

/* Replays rules (sentinel-terminated) over [from, to) on tl, whose range
 * should start at least the longest lookback before from, for an objective
 * over period_seconds (the length of its window: a month, a quarter), which
 * sets each rule's threshold. Episodes that are
 * firing at some time in [from, to) (one that fired in the lookback before
 * from and is still firing included) are returned in *out (owned by the caller; free()), ordered by
 * fired then rule. target_percent must be below 100. */
enum sl_status budget_replay(const struct contract_timeline *tl, double target_percent,
                             int64_t from, int64_t to, int64_t period_seconds,
                             const struct burn_rule *rules, struct burn_alert **out, size_t *nout);

#endif
