/* stats.h — descriptive statistics of durations: n, mean, median, p90, max and
 * a 95 % bootstrap interval of the median. Percentiles interpolate linearly
 * between closest ranks (the method of numpy's and pandas' defaults). The
 * bootstrap uses a fixed seed, so the same values give the same interval. */
#ifndef SLAUDIT_STATS_H
#define SLAUDIT_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/status.h"

#define STATS_LOW_SAMPLE 10 /* fewer values than this are too few to judge */
#define STATS_BOOTSTRAP_ROUNDS 1000
#define STATS_BOOTSTRAP_SEED 20261130u

struct duration_stats {
    long n;
    double mean, median, p90, max; /* seconds; meaningless when n == 0 */
    double median_ci[2];           /* 95 % bootstrap interval of the median */
    bool low_sample;               /* n < STATS_LOW_SAMPLE */
};

/* Quantile q in [0,1] of sorted values v[0..n), n > 0. */
double stats_quantile_sorted(const double *v, size_t n, double q);

/* Describes values[0..n); sorts values in place. */
enum sl_status stats_describe(double *values, size_t n, struct duration_stats *out);

#endif
