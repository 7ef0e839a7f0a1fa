/* stats.c — percentiles and the seeded bootstrap of the median. */
#include "engine/measure/stats.h"

#include <assert.h>
#include <stddef.h>
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

/* The value of rank k (0-based) of v[0..n), by Hoare's selection (Wirth's
 * form): v is reordered so that v[0..k) <= v[k] <= v[k+1..n). */
static double
select_rank(double *v, size_t n, size_t k)
{
    assert(k < n && n <= PTRDIFF_MAX);
    ptrdiff_t l = 0, r = (ptrdiff_t)n - 1, kk = (ptrdiff_t)k;
    while (l < r) {
        double x = v[k];
        ptrdiff_t i = l, j = r;
        do {
            while (v[i] < x)
                i++;
            while (x < v[j])
                j--;
            if (i <= j) {
                double t = v[i];
                v[i] = v[j];
                v[j] = t;
                i++;
                j--;
            }
        } while (i <= j);
        if (j < kk)
            l = i;
        if (kk < i)
            r = j;
    }
    return v[k];
}

/* stats_quantile_sorted(v, n, q) of v as if it were sorted, by selecting the
 * two ranks it reads instead of sorting all of v (v is reordered). The
 * values are the same, so the result is too, bit for bit. */
static double
quantile_unsorted(double *v, size_t n, double q)
{
    if (n == 1)
        return v[0];
    double pos = q * (double)(n - 1);
    size_t lo = (size_t)pos;
    if (lo >= n - 1)
        return select_rank(v, n, n - 1);
    double frac = pos - (double)lo;
    double v_lo = select_rank(v, n, lo), v_hi = v[lo + 1];
    for (size_t i = lo + 2; i < n; i++)
        if (v[i] < v_hi)
            v_hi = v[i];
    return v_lo + (v_hi - v_lo) * frac;
}

uint64_t
stats_random(uint64_t *state)
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

/* Index into sorted[] of rank k (0-based) of the resample whose draw counts
 * per index are counts[]: the resample sorted is each sorted[j] repeated
 * counts[j] times, so the rank is found by walking the cumulative counts.
 * *j and *seen carry the walk from one call to the next (k never falls). */
static uint32_t
resample_rank(const uint32_t *counts, size_t k, size_t *j, size_t *seen)
{
    while (*seen + counts[*j] <= k) {
        *seen += counts[*j];
        (*j)++;
    }
    return (uint32_t)*j;
}

/* The indices into n sorted values of the two middle ranks of each bootstrap
 * resample. The draws depend on n alone (the seed is fixed), so these do
 * too, whatever the values: every set of n values reads the same ranks. */
struct bootstrap_ranks {
    size_t n; /* 0: not computed */
    uint32_t lo[STATS_BOOTSTRAP_ROUNDS], hi[STATS_BOOTSTRAP_ROUNDS];
};

/* A slot per n modulo STATS_CACHE_SLOTS; another n in the same slot replaces
 * the one there, so the cache stays within the slots' 8 kB each. */
struct stats_cache {
    struct bootstrap_ranks *slot[STATS_CACHE_SLOTS];
};

struct stats_cache *
stats_cache_new(void)
{
    return calloc(1, sizeof(struct stats_cache));
}

void
stats_cache_free(struct stats_cache *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < STATS_CACHE_SLOTS; i++)
        free(c->slot[i]);
    free(c);
}

/* Draws STATS_BOOTSTRAP_ROUNDS resamples of n indices and records each one's
 * middle ranks. Counting the draws per index and walking the counts to the
 * middle ranks gives, index for index, what sorting the resample gives, in
 * O(n) rather than O(n log n) a round. */
static enum sl_status
bootstrap_ranks_compute(size_t n, struct bootstrap_ranks *out)
{
    assert(n > 0 && n <= UINT32_MAX);
    uint32_t *counts = malloc(n * sizeof *counts);
    if (!counts)
        return SL_ERR_NOMEM;
    size_t lo = (size_t)(0.5 * (double)(n - 1));
    struct fastmod mod_n = fastmod_init(n);
    uint64_t state = STATS_BOOTSTRAP_SEED;
    for (int r = 0; r < STATS_BOOTSTRAP_ROUNDS; r++) {
        memset(counts, 0, n * sizeof *counts);
        for (size_t i = 0; i < n; i++)
            counts[fastmod_of(&mod_n, stats_random(&state))]++;
        size_t j = 0, seen = 0;
        out->lo[r] = resample_rank(counts, lo, &j, &seen);
        out->hi[r] = lo + 1 < n ? resample_rank(counts, lo + 1, &j, &seen) : out->lo[r];
    }
    out->n = n;
    free(counts);
    return SL_OK;
}

/* The ranks for n: from the cache when it holds them, else computed (into
 * the cache when there is one, else into *scratch). */
static enum sl_status
bootstrap_ranks_of(size_t n, struct stats_cache *cache, struct bootstrap_ranks **scratch,
                   const struct bootstrap_ranks **out)
{
    struct bootstrap_ranks **slot = cache ? &cache->slot[n % STATS_CACHE_SLOTS] : scratch;
    if (*slot && (*slot)->n == n) {
        *out = *slot;
        return SL_OK;
    }
    if (!*slot && !(*slot = malloc(sizeof **slot)))
        return SL_ERR_NOMEM;
    (*slot)->n = 0;
    enum sl_status rc = bootstrap_ranks_compute(n, *slot);
    *out = *slot;
    return rc;
}

/* The median of each of STATS_BOOTSTRAP_ROUNDS resamples of sorted[0..n),
 * then the 2.5 and 97.5 percentiles of those medians. The medians are the
 * ones sorting each resample gives, bit for bit (tests/engine/test_stats.c
 * compares the two). */
static enum sl_status
bootstrap_median(const double *sorted, size_t n, struct stats_cache *cache, double ci[2])
{
    double *medians = malloc(STATS_BOOTSTRAP_ROUNDS * sizeof *medians);
    struct bootstrap_ranks *scratch = NULL;
    const struct bootstrap_ranks *ranks;
    enum sl_status rc = SL_ERR_NOMEM;
    if (!medians || (rc = bootstrap_ranks_of(n, cache, &scratch, &ranks)))
        goto out;
    /* stats_quantile_sorted at q = 0.5: ranks lo and lo + 1, weight frac */
    double pos = 0.5 * (double)(n - 1);
    double frac = pos - (double)(size_t)pos;
    for (int r = 0; r < STATS_BOOTSTRAP_ROUNDS; r++) {
        double v_lo = sorted[ranks->lo[r]];
        if (n == 1) {
            medians[r] = v_lo;
            continue;
        }
        double v_hi = sorted[ranks->hi[r]];
        medians[r] = v_lo + (v_hi - v_lo) * frac;
    }
    ci[0] = quantile_unsorted(medians, STATS_BOOTSTRAP_ROUNDS, 0.025);
    ci[1] = quantile_unsorted(medians, STATS_BOOTSTRAP_ROUNDS, 0.975);
    rc = SL_OK;
out:
    free(medians);
    free(scratch);
    return rc;
}

enum sl_status
stats_describe(double *values, size_t n, struct stats_cache *cache, struct duration_stats *out)
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
    return bootstrap_median(values, n, cache, out->median_ci);
}
