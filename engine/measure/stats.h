/* stats.h — descriptive statistics of durations: n, mean, median, p90, max and
 * a 95 % bootstrap interval of the median. Percentiles interpolate linearly
 * between closest ranks (the method of numpy's and pandas' defaults). The
 * bootstrap uses a fixed seed, so the same values give the same interval. */
#ifndef SLAUDIT_STATS_H
#define SLAUDIT_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"

#define STATS_LOW_SAMPLE 10 /* fewer values than this are too few to judge */
#define STATS_BOOTSTRAP_ROUNDS 1000
#define STATS_BOOTSTRAP_SEED 20261130u
#define STATS_CACHE_SLOTS 256 /* sizes of value sets whose bootstrap ranks are kept */

struct duration_stats {
    long n;
    double mean, median, p90, max; /* seconds; meaningless when n == 0 */
    double median_ci[2];           /* 95 % bootstrap interval of the median */
    bool low_sample;               /* n < STATS_LOW_SAMPLE */
};

/* The bootstrap's generator, splitmix64: small, fast and fully determined by
 * its seed; the next value of *state. Tests draw their random inputs from it. */
uint64_t stats_random(uint64_t *state);

/* Quantile q in [0,1] of sorted values v[0..n), n > 0. */
double stats_quantile_sorted(const double *v, size_t n, double q);

/* The bootstrap's draws depend only on how many values there are (the seed
 * is fixed), so which ranks of the sorted values each resample's median
 * reads is a function of n alone. A caller describing many value sets keeps
 * those ranks in a cache: each n is drawn once, not once per set. The cache
 * holds at most STATS_CACHE_SLOTS sizes (8 kB each); another size in a full
 * slot replaces the one there. Owned by the caller; not for sharing between
 * threads. stats_cache_new returns NULL when out of memory. */
struct stats_cache;
struct stats_cache *stats_cache_new(void);
void stats_cache_free(struct stats_cache *c);

/* Describes values[0..n); sorts values in place. cache may be NULL. */
enum sl_status stats_describe(double *values, size_t n, struct stats_cache *cache,
                              struct duration_stats *out);

#endif
