/* stats.c — percentiles and the seeded bootstrap of the median. */
#include "engine/stats.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

static int
cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double
stats_quantile_sorted(const double *v, size_t n, double q)
{
    if (n == 1)
        return v[0];
    double pos = q * (double)(n - 1);
    size_t lo = (size_t)pos;
    if (lo >= n - 1)
        return v[n - 1];
    double frac = pos - (double)lo;
    return v[lo] + (v[lo + 1] - v[lo]) * frac;
}

/* splitmix64: small, fast and fully determined by its seed. */
static uint64_t
next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* x % d without a division, for a fixed d > 0 (Lemire, Kaser and Kurz,
 * "Faster remainder by direct computation", 2019): with m = 2^128 / d rounded
 * up, the remainder is the high 64 bits of (m * x mod 2^128) * d. Exact for
 * every 64-bit x and d, so the draws are the ones `%` gives; a 64-bit `div`
 * was three quarters of the bootstrap's time. unsigned __int128 is a GCC and
 * Clang extension, present on every 64-bit target we build for. */
struct fastmod {
    unsigned __int128 m;
    uint64_t d;
};

static struct fastmod
fastmod_init(uint64_t d)
{
    assert(d > 0);
    struct fastmod f = {.m = ~(unsigned __int128)0 / d + 1, .d = d};
    return f;
}

static inline uint64_t
fastmod_of(const struct fastmod *f, uint64_t x)
{
    unsigned __int128 low = f->m * x; /* wraps modulo 2^128, as it should */
    unsigned __int128 bottom = ((unsigned __int128)(uint64_t)low * f->d) >> 64;
    unsigned __int128 top = (unsigned __int128)(uint64_t)(low >> 64) * f->d;
    return (uint64_t)((bottom + top) >> 64);
}

/* Value at rank k (0-based) of the resample whose draw counts per index of
 * sorted[] are counts[]: the resample sorted is each sorted[j] repeated
 * counts[j] times, so the rank is found by walking the cumulative counts.
 * *j and *seen carry the walk from one call to the next (k never falls). */
static double
resample_rank(const double *sorted, const uint32_t *counts, size_t k, size_t *j, size_t *seen)
{
    while (*seen + counts[*j] <= k) {
        *seen += counts[*j];
        (*j)++;
    }
    return sorted[*j];
}

/* The median of each of STATS_BOOTSTRAP_ROUNDS resamples of sorted[0..n),
 * then the 2.5 and 97.5 percentiles of those medians. A resample draws n
 * indices into the sorted values; counting the draws per index and walking
 * the counts to the middle ranks gives, value for value, what sorting the
 * resample gives, in O(n) rather than O(n log n) a round. The draws are the
 * same (same seed, same order), so the interval is bit for bit the one the
 * sorting method gives (tests/engine/test_stats.c compares the two). */
static enum sl_status
bootstrap_median(const double *sorted, size_t n, double ci[2])
{
    double *medians = malloc(STATS_BOOTSTRAP_ROUNDS * sizeof *medians);
    uint32_t *counts = malloc(n * sizeof *counts);
    enum sl_status rc = SL_ERR_NOMEM;
    if (!medians || !counts)
        goto out;
    assert(n > 0 && n <= UINT32_MAX);
    /* stats_quantile_sorted at q = 0.5: ranks lo and lo + 1, weight frac */
    double pos = 0.5 * (double)(n - 1);
    size_t lo = (size_t)pos;
    double frac = pos - (double)lo;
    struct fastmod mod_n = fastmod_init(n);
    uint64_t state = STATS_BOOTSTRAP_SEED;
    for (int r = 0; r < STATS_BOOTSTRAP_ROUNDS; r++) {
        memset(counts, 0, n * sizeof *counts);
        for (size_t i = 0; i < n; i++)
            counts[fastmod_of(&mod_n, next_random(&state))]++;
        size_t j = 0, seen = 0;
        double v_lo = resample_rank(sorted, counts, lo, &j, &seen);
        if (n == 1 || lo >= n - 1) {
            medians[r] = v_lo;
            continue;
        }
        double v_hi = resample_rank(sorted, counts, lo + 1, &j, &seen);
        medians[r] = v_lo + (v_hi - v_lo) * frac;
    }
    qsort(medians, STATS_BOOTSTRAP_ROUNDS, sizeof *medians, cmp_double);
    ci[0] = stats_quantile_sorted(medians, STATS_BOOTSTRAP_ROUNDS, 0.025);
    ci[1] = stats_quantile_sorted(medians, STATS_BOOTSTRAP_ROUNDS, 0.975);
    rc = SL_OK;
out:
    free(medians);
    free(counts);
    return rc;
}

enum sl_status
stats_describe(double *values, size_t n, struct duration_stats *out)
{
    memset(out, 0, sizeof *out);
    out->n = (long)n;
    out->low_sample = n < STATS_LOW_SAMPLE;
    if (n == 0)
        return SL_OK;
    qsort(values, n, sizeof *values, cmp_double);
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += values[i];
    out->mean = sum / (double)n;
    out->median = stats_quantile_sorted(values, n, 0.5);
    out->p90 = stats_quantile_sorted(values, n, 0.9);
    out->max = values[n - 1];
    return bootstrap_median(values, n, out->median_ci);
}
