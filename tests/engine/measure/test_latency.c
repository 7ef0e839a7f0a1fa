/* test_latency.c — probe latency percentiles by the nearest-rank method and
 * the latency objective (engine/measure/latency.c), against figures worked
 * out by hand in the comments; and a month of a zone taking exactly its own
 * samples from the store (engine/store/store_latency.c). */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/measure/latency.h"
#include "engine/store/store.h"
#include "engine/store/store_latency.h"
#include "engine/time/window.h"
#include "tests/engine/fixture.h"

#define T INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define SHA_A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define SHA_B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"

/* Samples one minute apart from T, latencies in milliseconds. */
static size_t
minutes(struct latency_sample *s, const double *ms, size_t n)
{
    for (size_t i = 0; i < n; i++)
        s[i] = (struct latency_sample){T + 60 * (int64_t)i, (uint32_t)llround(ms[i] * 1000)};
    return n;
}

static struct latency_result
summary(const double *ms, size_t n, const struct latency_objective *obj)
{
    struct latency_sample s[128];
    struct latency_result r;
    cr_assert_leq(n, 128);
    cr_assert_eq(latency_summarise(s, minutes(s, ms, n), obj, &r), SL_OK);
    return r;
}

Test(latency, odd_count)
{
    /* 5 samples sorted 10 20 30 40 50: p50 rank ⌈2.5⌉ = 3 → 30; p95 rank
     * ⌈4.75⌉ = 5 → 50; p99 rank ⌈4.95⌉ = 5 → 50. Given out of order. */
    static const double ms[] = {50, 10, 40, 20, 30};
    struct latency_result r = summary(ms, 5, NULL);
    cr_assert_eq(r.samples, 5);
    cr_assert_eq(r.p50_ms, 30);
    cr_assert_eq(r.p95_ms, 50);
    cr_assert_eq(r.p99_ms, 50);
    cr_assert_eq(r.max_ms, 50);
    cr_assert_eq(r.met, LATENCY_UNKNOWN);
    cr_assert(isnan(r.share_under));
}

Test(latency, even_count_takes_a_sample_not_a_mean)
{
    /* 4 samples 10 20 30 40: p50 rank ⌈2⌉ = 2 → 20 (an interpolated median
     * would say 25); p95 rank ⌈3.8⌉ = 4 → 40. */
    static const double ms[] = {10, 20, 30, 40};
    struct latency_result r = summary(ms, 4, NULL);
    cr_assert_eq(r.p50_ms, 20);
    cr_assert_eq(r.p95_ms, 40);
    cr_assert_eq(r.p99_ms, 40);
}

Test(latency, twenty_samples_rank_exactly)
{
    /* 1..20 ms: 95 % of 20 is rank 19 exactly, not 20 by a rounding trace;
     * p50 rank 10; p99 rank ⌈19.8⌉ = 20. */
    double ms[20];
    for (int i = 0; i < 20; i++)
        ms[i] = i + 1;
    struct latency_result r = summary(ms, 20, NULL);
    cr_assert_eq(r.p50_ms, 10);
    cr_assert_eq(r.p95_ms, 19);
    cr_assert_eq(r.p99_ms, 20);
}

Test(latency, ties)
{
    /* 7 7 7 7 9 100: p50 rank 3 → 7, p95 rank ⌈5.7⌉ = 6 → 100. */
    static const double ms[] = {7, 100, 7, 9, 7, 7};
    struct latency_result r = summary(ms, 6, NULL);
    cr_assert_eq(r.p50_ms, 7);
    cr_assert_eq(r.p95_ms, 100);
    cr_assert_eq(r.p99_ms, 100);
}

Test(latency, one_sample)
{
    static const double ms[] = {123.456};
    struct latency_result r = summary(ms, 1, NULL);
    cr_assert_eq(r.samples, 1);
    cr_assert_float_eq(r.p50_ms, 123.456, 1e-9);
    cr_assert_float_eq(r.p99_ms, 123.456, 1e-9);
}

Test(latency, no_sample)
{
    struct latency_objective obj = {true, 95, 300};
    struct latency_result r;
    cr_assert_eq(latency_summarise(NULL, 0, &obj, &r), SL_OK);
    cr_assert_eq(r.samples, 0);
    cr_assert(isnan(r.p50_ms) && isnan(r.p95_ms) && isnan(r.p99_ms) && isnan(r.max_ms));
    cr_assert(r.objective.set, "the objective is shown even without samples");
    cr_assert_eq(r.met, LATENCY_UNKNOWN, "nothing measured: neither met nor missed");
    cr_assert_eq(latency_nearest_rank(NULL, 0, 50), 0);
}

Test(latency, nearest_rank_edges)
{
    static const uint32_t v[] = {1, 2, 3};
    cr_assert_eq(latency_nearest_rank(v, 3, 0), 1, "p0 is the smallest");
    cr_assert_eq(latency_nearest_rank(v, 3, 100), 3, "p100 is the largest");
    cr_assert_eq(latency_nearest_rank(v, 3, 33.3), 1, "rank ⌈0.999⌉ = 1");
    cr_assert_eq(latency_nearest_rank(v, 3, 34), 2, "rank ⌈1.02⌉ = 2");
}

Test(latency, the_same_second_counts_once)
{
    /* The same probe read from two files: 100 ms at T twice (the first
     * kept, not the 900 of the repeat), 200 at T+60. */
    struct latency_sample s[] = {{T, 100000}, {T + 60, 200000}, {T, 900000}};
    struct latency_result r;
    cr_assert_eq(latency_summarise(s, 3, NULL, &r), SL_OK);
    cr_assert_eq(r.samples, 2);
    cr_assert_eq(r.max_ms, 200);
    cr_assert_eq(r.p50_ms, 100);
}

Test(latency, objective_met_at_the_percentile)
{
    /* 20 samples, 19 at or under 300 ms (one exactly 300: under, as a
     * Prometheus le bucket counts it), one at 301: 19/20 = 95 % ≥ 95 %:
     * met. */
    double ms[20];
    for (int i = 0; i < 18; i++)
        ms[i] = 100;
    ms[18] = 300;
    ms[19] = 301;
    struct latency_objective obj = {true, 95, 300};
    struct latency_result r = summary(ms, 20, &obj);
    cr_assert_eq(r.under, 19);
    cr_assert_float_eq(r.share_under, 0.95, 1e-12);
    cr_assert_eq(r.met, LATENCY_MET);
    /* One more slow sample: 19/21 = 90.5 % < 95 %: missed. */
    double more[21];
    memcpy(more, ms, sizeof ms);
    more[20] = 5000;
    r = summary(more, 21, &obj);
    cr_assert_eq(r.under, 19);
    cr_assert_eq(r.met, LATENCY_MISSED);
    /* A stricter threshold below the sample at 300 ms: 18/20 = 90 %. */
    struct latency_objective strict = {true, 95, 299.999};
    r = summary(ms, 20, &strict);
    cr_assert_eq(r.under, 18);
    cr_assert_eq(r.met, LATENCY_MISSED);
}

Test(latency, an_objective_out_of_range_states_nothing)
{
    static const double ms[] = {10};
    struct latency_objective bad = {true, 120, 300};
    struct latency_result r = summary(ms, 1, &bad);
    cr_assert_not(r.objective.set);
    cr_assert_eq(r.met, LATENCY_UNKNOWN);
}

static struct fixture fx;

static void
setup(void)
{
    fixture_open(&fx);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

static void
store_hour(const char *sha, int64_t hour, const struct latency_sample *s, size_t n)
{
    struct sl_diag d = {0};
    bool already;
    struct source_counts c = {0};
    cr_assert_eq(store_source_begin(fx.st, sha, sha, "probe-csv", 1, &already, &d), SL_OK, "%s",
                 d.message);
    cr_assert_eq(store_latency_add_hour(fx.st, "team:web", "api", hour, s, n, &d), SL_OK, "%s",
                 d.message);
    cr_assert_eq(store_source_finish(fx.st, &c, &d), SL_OK, "%s", d.message);
}

Test(latency, a_month_in_a_zone_takes_its_own_samples, .init = setup, .fini = teardown)
{
    /* October 2026 in Europe/Berlin is [2026-09-30T22:00Z,
     * 2026-10-31T23:00Z): CEST at its start, CET after 25 October. */
    int64_t start = T - 2 * 3600, end = T + 31 * 86400 - 3600;
    struct latency_sample before[] = {{start - 1, 1000000}, {start, 10000}};
    struct latency_sample after[] = {{end - 1, 20000}, {end, 2000000}};
    store_hour(SHA_A, start - 3600, before, 1);
    store_hour(SHA_B, start, before + 1, 1);
    /* the last hour of the month and the first of November, one row */
    struct sl_diag d = {0};
    bool already;
    struct source_counts c = {0};
    cr_assert_eq(store_source_begin(fx.st, "c", "cc", "probe-csv", 1, &already, &d), SL_OK);
    cr_assert_eq(store_latency_add_hour(fx.st, "team:web", "api", end - 3600, after, 1, &d), SL_OK);
    cr_assert_eq(store_latency_add_hour(fx.st, "team:web", "api", end, after + 1, 1, &d), SL_OK);
    cr_assert_eq(store_source_finish(fx.st, &c, &d), SL_OK);

    struct window w = window_month(2026, 10, "Europe/Berlin");
    cr_assert_eq(w.start, start);
    cr_assert_eq(w.end, end);
    struct latency_result r;
    cr_assert_eq(latency_measure(fx.st, "team:web", "api", w.start, w.end, NULL, &r, &d), SL_OK,
                 "%s", d.message);
    cr_assert_eq(r.samples, 2, "the 1 s before and the first second after are out");
    cr_assert_eq(r.p50_ms, 10);
    cr_assert_eq(r.max_ms, 20);
    /* The UTC month starts two hours later and ends an hour later: it
     * holds neither of the first two samples, and both of the last two. */
    struct window u = window_month(2026, 10, NULL);
    cr_assert_eq(latency_measure(fx.st, "team:web", "api", u.start, u.end, NULL, &r, &d), SL_OK);
    cr_assert_eq(r.samples, 2, "20 ms at 22:59:59Z and 2000 ms at 23:00Z on 31 October");
    cr_assert_eq(r.max_ms, 2000);
}

Test(latency, samples_go_with_their_source, .init = setup, .fini = teardown)
{
    struct latency_sample s[] = {{T + 5, 1000}, {T + 65, 2000}, {T + 3599, 3000}};
    store_hour(SHA_A, T, s, 3);
    struct sl_diag d = {0};
    struct latency_result r;
    cr_assert_eq(latency_measure(fx.st, "team:web", "api", T, T + 3600, NULL, &r, &d), SL_OK);
    cr_assert_eq(r.samples, 3);
    cr_assert_eq(r.p99_ms, 3);
    struct store_forgotten f;
    cr_assert_eq(store_forget(fx.st, SHA_A, NULL, &f, &d), SL_OK, "%s", d.message);
    cr_assert_eq(f.latency_samples, 3);
    cr_assert_eq(latency_measure(fx.st, "team:web", "api", T, T + 3600, NULL, &r, &d), SL_OK);
    cr_assert_eq(r.samples, 0);
}

Test(latency, a_sample_outside_its_hour_is_refused, .init = setup, .fini = teardown)
{
    struct latency_sample s[] = {{T + 3600, 1000}};
    struct sl_diag d = {0};
    bool already;
    cr_assert_eq(store_source_begin(fx.st, "x", SHA_A, "probe-csv", 1, &already, &d), SL_OK);
    cr_assert_eq(store_latency_add_hour(fx.st, "team:web", "api", T, s, 1, &d), SL_ERR_USAGE);
    store_source_abort(fx.st);
}

static void
put_profile(const char *fields)
{
    struct sl_diag d = {0};
    bool already, updated;
    struct source_counts c = {0};
    struct audit_record rec = {"profile", "team:web", "profile", fields, 1, NULL};
    cr_assert_eq(store_source_begin(fx.st, "p.json", SHA_B, "profile-json", 1, &already, &d),
                 SL_OK);
    cr_assert_eq(store_add_audit_record(fx.st, &rec, &updated, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_finish(fx.st, &c, &d), SL_OK);
}

Test(latency, the_profile_names_the_objective, .init = setup, .fini = teardown)
{
    put_profile("{\"latency\": [{\"percentile\": 95, \"threshold_ms\": 300},"
                " {\"service\": \"api\", \"percentile\": 99, \"threshold_ms\": 800},"
                " {\"service\": \"batch\", \"percentile\": 200, \"threshold_ms\": 1}]}");
    struct latency_objective o;
    struct sl_diag d = {0};
    cr_assert_eq(latency_objective_of(fx.st, "team:web", "api", &o, &d), SL_OK);
    cr_assert(o.set);
    cr_assert_eq(o.percentile, 99, "the service's own entry wins");
    cr_assert_eq(o.threshold_ms, 800);
    cr_assert_eq(latency_objective_of(fx.st, "team:web", "web", &o, &d), SL_OK);
    cr_assert_eq(o.percentile, 95, "the entry naming no service");
    cr_assert_eq(latency_objective_of(fx.st, "team:web", "batch", &o, &d), SL_OK);
    cr_assert_eq(o.percentile, 95, "an entry out of range states nothing");
    cr_assert_eq(latency_objective_of(fx.st, "team:db", "api", &o, &d), SL_OK);
    cr_assert_not(o.set, "no profile");
}

Test(latency, a_profile_object_applies_to_every_service, .init = setup, .fini = teardown)
{
    put_profile(
        "{\"slo_percent\": 99.9, \"latency\": {\"percentile\": 90, \"threshold_ms\": 250}}");
    struct latency_objective o;
    struct sl_diag d = {0};
    cr_assert_eq(latency_objective_of(fx.st, "team:web", "anything", &o, &d), SL_OK);
    cr_assert(o.set);
    cr_assert_eq(o.percentile, 90);
    cr_assert_eq(o.threshold_ms, 250);
}
