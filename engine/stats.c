/* stats.c — percentiles and the seeded bootstrap of the median. */
#include "engine/stats.h"

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

static enum sl_status
bootstrap_median(const double *sorted, size_t n, double ci[2])
{
    double *medians = malloc(STATS_BOOTSTRAP_ROUNDS * sizeof *medians);
    double *sample = malloc(n * sizeof *sample);
    enum sl_status rc = SL_ERR_NOMEM;
    if (!medians || !sample)
        goto out;
    uint64_t state = STATS_BOOTSTRAP_SEED;
    for (int r = 0; r < STATS_BOOTSTRAP_ROUNDS; r++) {
        for (size_t i = 0; i < n; i++)
            sample[i] = sorted[next_random(&state) % n];
        qsort(sample, n, sizeof *sample, cmp_double);
        medians[r] = stats_quantile_sorted(sample, n, 0.5);
    }
    qsort(medians, STATS_BOOTSTRAP_ROUNDS, sizeof *medians, cmp_double);
    ci[0] = stats_quantile_sorted(medians, STATS_BOOTSTRAP_ROUNDS, 0.025);
    ci[1] = stats_quantile_sorted(medians, STATS_BOOTSTRAP_ROUNDS, 0.975);
    rc = SL_OK;
out:
    free(medians);
    free(sample);
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
