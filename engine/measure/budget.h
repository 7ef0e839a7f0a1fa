/* budget.h — error budgets and the multiwindow burn-rate alerts of the Google
 * SRE workbook ("Alerting on SLOs"), replayed over history.
 *
 *   allowed   = (1 − target) × eligible seconds of the window
 *   consumed  = weighted downtime of the window
 *   remaining = allowed − consumed (negative when overspent)
 *   burn rate = consumed share ÷ elapsed share of the window
 *
 * An alert rule fires at an instant t when the burn rate over the long window
 * ending at t AND over the short window ending at t both reach its threshold;
 * the burn rate over a lookback is (downtime ÷ known eligible time in it) ÷
 * (1 − target). Lookbacks with no known time do not fire. The replay steps
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
    double burn_rate;         /* consumed_share ÷ elapsed_share; NAN when undefined */
};

/* The budget of window [start, end) as of as_of (the end for a past window). */
void budget_compute(double target_percent, const struct avail_result *a, int64_t start, int64_t end,
                    int64_t as_of, struct budget *out);

struct burn_rule {
    const char *name;     /* "page-1h", ... */
    const char *severity; /* "page" or "ticket" */
    double burn_rate;     /* threshold */
    int64_t long_seconds, short_seconds;
};

/* The workbook's three: page at 14.4 over 1 h and 5 m, page at 6 over 6 h
 * and 30 m, ticket at 1 over 3 d and 6 h. Ends with a {NULL} sentinel. */
extern const struct burn_rule budget_default_rules[];

/* One episode of a rule firing: from fired until cleared (SLTIME_NONE when
 * still firing at the end of the replay). */
struct burn_alert {
    size_t rule; /* index into the rules */
    int64_t fired, cleared;
    double peak_burn; /* highest long-window burn rate while firing */
};

/* Replays rules (sentinel-terminated) over [from, to) on tl, whose range
 * should start at least the longest lookback before from. Episodes that are
 * firing at some time in [from, to) (one that fired in the lookback before
 * from and is still firing included) are returned in *out (owned by the caller; free()), ordered by
 * fired then rule. target_percent must be below 100. */
enum sl_status budget_replay(const struct contract_timeline *tl, double target_percent,
                             int64_t from, int64_t to, const struct burn_rule *rules,
                             struct burn_alert **out, size_t *nout);

#endif
