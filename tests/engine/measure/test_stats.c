/* test_stats.c — duration statistics (engine/stats.c): linear-interpolation
 * percentiles on small hand-computed sets, mean and max, the low-sample flag
 * and the seeded bootstrap interval of the median. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/measure/stats.h"

#define EPS 1e-9

Test(stats, four_values)
{
    /* {1,2,3,4}: median at position 0.5×3 = 1.5 → 2.5;
     * p90 at 0.9×3 = 2.7 → 3 + 0.7×(4−3) = 3.7; mean 10/4 = 2.5; max 4. */
    double v[] = {4, 1, 3, 2};
    struct duration_stats s;
    cr_assert_eq(stats_describe(v, 4, NULL, &s), SL_OK);
    cr_assert_eq(s.n, 4);
    cr_assert_float_eq(s.median, 2.5, EPS);
    cr_assert_float_eq(s.p90, 3.7, EPS);
    cr_assert_float_eq(s.mean, 2.5, EPS);
    cr_assert_float_eq(s.max, 4.0, EPS);
    cr_assert(s.low_sample);
    /* the values were sorted in place */
    cr_assert_float_eq(v[0], 1.0, EPS);
    cr_assert_float_eq(v[3], 4.0, EPS);
}

Test(stats, quantile_sorted_direct)
{
    const double v[] = {1, 2, 3, 4};
    cr_assert_float_eq(stats_quantile_sorted(v, 4, 0.0), 1.0, EPS);
    cr_assert_float_eq(stats_quantile_sorted(v, 4, 1.0), 4.0, EPS);
    /* 0.25 × 3 = 0.75 → 1 + 0.75 = 1.75 */
    cr_assert_float_eq(stats_quantile_sorted(v, 4, 0.25), 1.75, EPS);
    const double w[] = {10, 20, 30};
    /* odd count: the median is the middle value; p90 at 1.8 → 20 + 0.8×10 = 28 */
    cr_assert_float_eq(stats_quantile_sorted(w, 3, 0.5), 20.0, EPS);
    cr_assert_float_eq(stats_quantile_sorted(w, 3, 0.9), 28.0, EPS);
}

Test(stats, single_value)
{
    double v[] = {42};
    struct duration_stats s;
    cr_assert_eq(stats_describe(v, 1, NULL, &s), SL_OK);
    cr_assert_eq(s.n, 1);
    cr_assert_float_eq(s.median, 42.0, EPS);
    cr_assert_float_eq(s.p90, 42.0, EPS);
    cr_assert_float_eq(s.mean, 42.0, EPS);
    cr_assert_float_eq(s.max, 42.0, EPS);
    cr_assert_float_eq(s.median_ci[0], 42.0, EPS);
    cr_assert_float_eq(s.median_ci[1], 42.0, EPS);
    cr_assert(s.low_sample);
}

Test(stats, skewed_eleven_values)
{
    /* 10..100 step 10 plus 1000. Median at 0.5×10 = 5 → 60; p90 at 9 → 100;
     * mean (550 + 1000)/11 = 140.909…; max 1000. The mean is pulled far
     * above the median, which is why reports print both. */
    double v[] = {1000, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100};
    struct duration_stats s;
    cr_assert_eq(stats_describe(v, 11, NULL, &s), SL_OK);
    cr_assert_eq(s.n, 11);
    cr_assert_float_eq(s.median, 60.0, EPS);
    cr_assert_float_eq(s.p90, 100.0, EPS);
    cr_assert_float_eq(s.mean, 1550.0 / 11.0, EPS);
    cr_assert_float_eq(s.max, 1000.0, EPS);
    cr_assert_not(s.low_sample);
}

Test(stats, low_sample_threshold)
{
    double v[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    struct duration_stats s;
    cr_assert_eq(stats_describe(v, 9, NULL, &s), SL_OK);
    cr_assert(s.low_sample, "9 values are too few");
    cr_assert_eq(stats_describe(v, 10, NULL, &s), SL_OK);
    cr_assert_not(s.low_sample, "10 values are enough");
    cr_assert_eq(STATS_LOW_SAMPLE, 10);
}

Test(stats, bootstrap_is_deterministic)
{
    double a[] = {300, 120, 900, 60, 2400, 180, 600, 45, 3600, 240, 150, 720};
    double b[sizeof a / sizeof a[0]];
    memcpy(b, a, sizeof a);
    struct duration_stats s1, s2;
    cr_assert_eq(stats_describe(a, 12, NULL, &s1), SL_OK);
    cr_assert_eq(stats_describe(b, 12, NULL, &s2), SL_OK);
    /* bit for bit the same interval */
    cr_assert_eq(memcmp(s1.median_ci, s2.median_ci, sizeof s1.median_ci), 0);
    /* sorted: 45 60 120 150 180 240 300 600 720 900 2400 3600 → median (240+300)/2 */
    cr_assert_float_eq(s1.median, 270.0, EPS);
    cr_assert_leq(s1.median_ci[0], s1.median);
    cr_assert_geq(s1.median_ci[1], s1.median);
    /* a bootstrap median cannot leave the range of the data, and with this
     * spread the interval has width */
    cr_assert_geq(s1.median_ci[0], 45.0);
    cr_assert_leq(s1.median_ci[1], 3600.0);
    cr_assert_lt(s1.median_ci[0], s1.median_ci[1]);
}

Test(stats, bootstrap_of_identical_values)
{
    double v[] = {5, 5, 5, 5, 5};
    struct duration_stats s;
    cr_assert_eq(stats_describe(v, 5, NULL, &s), SL_OK);
    cr_assert_float_eq(s.median_ci[0], 5.0, EPS);
    cr_assert_float_eq(s.median_ci[1], 5.0, EPS);
}

Test(stats, empty_set)
{
    struct duration_stats s;
    memset(&s, 0x55, sizeof s);
    cr_assert_eq(stats_describe(NULL, 0, NULL, &s), SL_OK);
    cr_assert_eq(s.n, 0);
    cr_assert(s.low_sample);
    cr_assert_float_eq(s.mean, 0.0, EPS);
}

/* The bootstrap as it was first written: each resample drawn with the same
 * splitmix64 sequence, then sorted. The counting method must give the same
 * interval, bit for bit. */
static uint64_t
reference_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static int
reference_cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void
reference_bootstrap(const double *sorted, size_t n, double ci[2])
{
    double *medians = malloc(STATS_BOOTSTRAP_ROUNDS * sizeof *medians);
    double *sample = malloc(n * sizeof *sample);
    cr_assert(medians && sample);
    uint64_t state = STATS_BOOTSTRAP_SEED;
    for (int r = 0; r < STATS_BOOTSTRAP_ROUNDS; r++) {
        for (size_t i = 0; i < n; i++)
            sample[i] = sorted[reference_random(&state) % n];
        qsort(sample, n, sizeof *sample, reference_cmp);
        medians[r] = stats_quantile_sorted(sample, n, 0.5);
    }
    qsort(medians, STATS_BOOTSTRAP_ROUNDS, sizeof *medians, reference_cmp);
    ci[0] = stats_quantile_sorted(medians, STATS_BOOTSTRAP_ROUNDS, 0.025);
    ci[1] = stats_quantile_sorted(medians, STATS_BOOTSTRAP_ROUNDS, 0.975);
    free(medians);
    free(sample);
}

Test(stats, bootstrap_matches_sorting_each_resample)
{
    /* odd and even sizes, from one value to a few hundred; half the sets
     * drawn from a few values only, so the resamples have long ties */
    const size_t sizes[] = {1, 2, 3, 4, 5, 10, 11, 64, 99, 100, 257, 500, 4099};
    uint64_t state = 12345;
    for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        for (int ties = 0; ties < 2; ties++) {
            size_t n = sizes[t];
            double *v = malloc(n * sizeof *v);
            cr_assert(v);
            for (size_t i = 0; i < n; i++) {
                uint64_t x = reference_random(&state);
                v[i] = ties ? (double)(x % 7) * 60.0 : (double)(x % 1000000) / 7.0;
            }
            struct duration_stats s;
            cr_assert_eq(stats_describe(v, n, NULL, &s), SL_OK);
            double want[2];
            reference_bootstrap(v, n, want); /* v is sorted now */
            cr_assert_eq(memcmp(s.median_ci, want, sizeof want), 0,
                         "n=%zu ties=%d: [%.17g, %.17g] against [%.17g, %.17g]", n, ties,
                         s.median_ci[0], s.median_ci[1], want[0], want[1]);
            free(v);
        }
    }
}

/* A cache of the bootstrap's ranks must give every value set the interval it
 * gets alone: sets of one size with other values, and sizes that share a
 * slot and so replace each other. */
Test(stats, cached_ranks_match_the_reference)
{
    const size_t sizes[] = {7, 7,  7 + STATS_CACHE_SLOTS, 7, 1, 2, 1 + 2 * STATS_CACHE_SLOTS,
                            1, 300};
    struct stats_cache *cache = stats_cache_new();
    cr_assert(cache);
    uint64_t state = 777;
    for (size_t t = 0; t < sizeof sizes / sizeof sizes[0]; t++) {
        size_t n = sizes[t];
        double *v = malloc(n * sizeof *v);
        cr_assert(v);
        for (size_t i = 0; i < n; i++)
            v[i] = (double)(reference_random(&state) % 100000);
        struct duration_stats s;
        cr_assert_eq(stats_describe(v, n, cache, &s), SL_OK);
        double want[2];
        reference_bootstrap(v, n, want);
        cr_assert_eq(memcmp(s.median_ci, want, sizeof want), 0,
                     "set %zu, n=%zu: [%.17g, %.17g] against [%.17g, %.17g]", t, n, s.median_ci[0],
                     s.median_ci[1], want[0], want[1]);
        free(v);
    }
    stats_cache_free(cache);
}
