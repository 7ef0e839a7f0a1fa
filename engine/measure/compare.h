/* compare.h — two entities side by side on identical definitions: the same
 * period, zone, weights, maintenance notice and statistics, evaluated by the
 * same code (engine/eval.h), so every difference is the entities' and not the
 * method's. Each metric has A's value, B's value and B − A.
 *
 * The period's figures come from one window over the whole period (so a
 * median is the period's median, not a pool of monthly ones); the monthly
 * availability of each calendar month overlapping the period follows. */
#ifndef SLAUDIT_COMPARE_H
#define SLAUDIT_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"

struct store;

enum compare_better { BETTER_HIGHER, BETTER_LOWER, BETTER_NEITHER };

struct compare_metric {
    char name[64];    /* "availability", "ttr median", "availability 2026-09" */
    const char *unit; /* "%", "h", "min", "count" */
    double a, b;      /* NAN when the entity has no value (no data, no incidents) */
    double diff;      /* b − a; NAN when either is */
    enum compare_better better;
};

/* Shares of TTR measured from detected (percentage points) further apart
 * than this are not like for like. */
#define COMPARE_ALIKE_POINTS 5.0

struct compare_result {
    char a[96], b[96];
    int64_t from, to;
    bool has_data[2]; /* a, b: any uptime record or incident */
    /* false when the shares of TTR measured from detected (no started time
     * recorded) differ by more than COMPARE_ALIKE_POINTS; unlike then says
     * so in one sentence */
    bool measured_alike;
    char unlike[512];
    struct compare_metric *metrics; /* owned */
    size_t nmetrics;
};

/* "higher", "lower", "" */
const char *compare_better_name(enum compare_better b);

/* Evaluates a and b over [from, to) in zone (NULL = UTC). SL_ERR_USAGE when
 * the period is empty or a and b are the same; an entity with no data gives
 * NAN values (the caller says so), not an error. */
enum sl_status compare_run(struct store *st, const char *a, const char *b, int64_t from, int64_t to,
                           const char *zone, struct compare_result *out, struct sl_diag *diag);
void compare_result_release(struct compare_result *r);

#endif
