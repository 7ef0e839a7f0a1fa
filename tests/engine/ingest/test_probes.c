/* test_probes.c — probe results folded into status intervals
 * (engine/ingest/probes.c, docs/design.md §4): a probe covers until the next
 * one, the last covers one interval, every gap longer than 2× the expected
 * interval (given, else the series' interpolated median gap) turns unknown
 * after one interval, and duplicates and out-of-order probes change nothing.
 * Times are offsets from T = 2026-10-01T00:00Z. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/ingest/probes.h"

#define T INT64_C(1790812800)

struct emitted {
    size_t n;
    struct interval v[32];
    char text[32][2][32];
};

static enum sl_status
collect(void *ctx, const struct interval *iv)
{
    struct emitted *e = ctx;
    cr_assert_lt(e->n, 32);
    size_t i = e->n++;
    e->v[i] = *iv;
    /* the strings belong to the probes object and die with it */
    snprintf(e->text[i][0], 32, "%s", iv->entity);
    snprintf(e->text[i][1], 32, "%s", iv->service);
    e->v[i].entity = e->text[i][0];
    e->v[i].service = e->text[i][1];
    return SL_OK;
}

static enum probe_outcome
add(struct probes *p, const char *service, int64_t t, enum svc_status s)
{
    enum probe_outcome o;
    cr_assert_eq(probes_add(p, "provider:acme", service, T + t, s, &o), SL_OK);
    return o;
}

/* Series may interleave as they are emitted: compared in (entity, service,
 * start) order. */
static int
cmp_interval(const void *a, const void *b)
{
    const struct interval *x = a, *y = b;
    int c = strcmp(x->entity, y->entity);
    if (!c)
        c = strcmp(x->service, y->service);
    return c ? c : (x->start > y->start) - (x->start < y->start);
}

static void
finish(struct probes *p, struct emitted *e)
{
    long n = -1;
    e->n = 0;
    cr_assert_eq(probes_finish(p, collect, e, &n), SL_OK);
    cr_assert_eq((size_t)n, e->n, "the count must match what was emitted");
    qsort(e->v, e->n, sizeof e->v[0], cmp_interval);
}

static void
expect(const struct emitted *e, size_t i, int64_t from, int64_t to, enum svc_status s)
{
    cr_assert_lt(i, e->n, "interval %zu missing (only %zu)", i, e->n);
    cr_assert_eq(e->v[i].start, T + from, "interval %zu starts at %lld, expected %lld", i,
                 (long long)(e->v[i].start - T), (long long)from);
    cr_assert_eq(e->v[i].end, T + to, "interval %zu ends at %lld, expected %lld", i,
                 (long long)(e->v[i].end - T), (long long)to);
    cr_assert_eq(e->v[i].status, s, "interval %zu status %s", i, svc_status_name(e->v[i].status));
}

Test(probes, steady_minute_probes_one_interval)
{
    /* ten probes at 0, 60, … 540, all up: [0, 540 + 60) */
    struct probes *p = probes_new(0);
    struct emitted e;
    for (int i = 0; i < 10; i++)
        cr_assert_eq(add(p, "gpu-east", 60 * i, SVC_UP), PROBE_TAKEN);
    finish(p, &e);
    cr_assert_eq(e.n, 1);
    expect(&e, 0, 0, 600, SVC_UP);
    cr_assert_str_eq(e.v[0].entity, "provider:acme");
    cr_assert_str_eq(e.v[0].service, "gpu-east");
    probes_free(p);
}

Test(probes, status_change_splits_at_probe_time)
{
    /* up 0,60,120; down 180,240; up 300,360:
     * up [0,180), down [180,300), up [300,420) */
    struct probes *p = probes_new(0);
    struct emitted e;
    add(p, "gpu-east", 0, SVC_UP);
    add(p, "gpu-east", 60, SVC_UP);
    add(p, "gpu-east", 120, SVC_UP);
    add(p, "gpu-east", 180, SVC_DOWN);
    add(p, "gpu-east", 240, SVC_DOWN);
    add(p, "gpu-east", 300, SVC_UP);
    add(p, "gpu-east", 360, SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 3);
    expect(&e, 0, 0, 180, SVC_UP);
    expect(&e, 1, 180, 300, SVC_DOWN);
    expect(&e, 2, 300, 420, SVC_UP);
    probes_free(p);
}

Test(probes, last_probe_covers_one_median_interval)
{
    /* five-minute probes at 0, 300, 600: the last covers [600, 900) */
    struct probes *p = probes_new(0);
    struct emitted e;
    add(p, "api", 0, SVC_UP);
    add(p, "api", 300, SVC_UP);
    add(p, "api", 600, SVC_DOWN);
    finish(p, &e);
    cr_assert_eq(e.n, 2);
    expect(&e, 0, 0, 600, SVC_UP);
    expect(&e, 1, 600, 900, SVC_DOWN);
    probes_free(p);
}

Test(probes, long_gap_becomes_unknown_after_one_interval)
{
    /* up at 0,60,120,180 then 600,660,720. Deltas 60×5 and 420: median 60.
     * 420 > 2×60, so the probe at 180 covers [180,240) and [240,600) is unknown
     * (not emitted): up [0,240), up [600,780). */
    struct probes *p = probes_new(0);
    struct emitted e;
    static const int at[] = {0, 60, 120, 180, 600, 660, 720};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        add(p, "gpu-east", at[i], SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 2);
    expect(&e, 0, 0, 240, SVC_UP);
    expect(&e, 1, 600, 780, SVC_UP);
    probes_free(p);
}

Test(probes, gap_with_status_change)
{
    /* up 0,60,120; silence; down 600,660: up [0,180), unknown, down [600,720) */
    struct probes *p = probes_new(0);
    struct emitted e;
    add(p, "gpu-east", 0, SVC_UP);
    add(p, "gpu-east", 60, SVC_UP);
    add(p, "gpu-east", 120, SVC_UP);
    add(p, "gpu-east", 600, SVC_DOWN);
    add(p, "gpu-east", 660, SVC_DOWN);
    finish(p, &e);
    cr_assert_eq(e.n, 2);
    expect(&e, 0, 0, 180, SVC_UP);
    expect(&e, 1, 600, 720, SVC_DOWN);
    probes_free(p);
}

Test(probes, gap_of_exactly_twice_the_median_is_covered)
{
    /* deltas 60, 60, 120, 60: median 60; the 120 s gap is not longer than
     * 2×60, so it stays covered: one interval [0, 300 + 60) */
    struct probes *p = probes_new(0);
    struct emitted e;
    add(p, "gpu-east", 0, SVC_UP);
    add(p, "gpu-east", 60, SVC_UP);
    add(p, "gpu-east", 120, SVC_UP);
    add(p, "gpu-east", 240, SVC_UP);
    add(p, "gpu-east", 300, SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 1);
    expect(&e, 0, 0, 360, SVC_UP);
    probes_free(p);
}

Test(probes, jitter_creates_no_gaps)
{
    /* probes at 0, 62, 120, 178, 240, 302, 360 (60 ± 2 s): deltas 62,58,62,58,62,58.
     * Sorted: 58×3, 62×3; the interpolated median is (58 + 62) / 2 = 60, and
     * the last probe covers [360, 420). No gap anywhere: one interval [0, 420). */
    struct probes *p = probes_new(0);
    struct emitted e;
    static const int at[] = {0, 62, 120, 178, 240, 302, 360};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        add(p, "gpu-east", at[i], SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 1);
    expect(&e, 0, 0, 420, SVC_UP);
    probes_free(p);
}

Test(probes, jitter_with_status_change)
{
    /* the same jitter with a down probe at 178: up [0,178), down [178,240), up [240,420) */
    struct probes *p = probes_new(0);
    struct emitted e;
    static const int at[] = {0, 62, 120, 178, 240, 302, 360};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        add(p, "gpu-east", at[i], at[i] == 178 ? SVC_DOWN : SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 3);
    expect(&e, 0, 0, 178, SVC_UP);
    expect(&e, 1, 178, 240, SVC_DOWN);
    expect(&e, 2, 240, 420, SVC_UP);
    probes_free(p);
}

Test(probes, duplicate_and_out_of_order)
{
    struct probes *p = probes_new(0);
    struct emitted e;
    cr_assert_eq(add(p, "gpu-east", 0, SVC_UP), PROBE_TAKEN);
    cr_assert_eq(add(p, "gpu-east", 60, SVC_UP), PROBE_TAKEN);
    /* same time again, even with another status: a duplicate, ignored */
    cr_assert_eq(add(p, "gpu-east", 60, SVC_UP), PROBE_DUPLICATE);
    cr_assert_eq(add(p, "gpu-east", 60, SVC_DOWN), PROBE_DUPLICATE);
    /* earlier than the last: out of order, ignored */
    cr_assert_eq(add(p, "gpu-east", 30, SVC_DOWN), PROBE_OUT_OF_ORDER);
    cr_assert_eq(add(p, "gpu-east", 120, SVC_UP), PROBE_TAKEN);
    finish(p, &e);
    /* nothing of the ignored probes shows: up [0, 180) */
    cr_assert_eq(e.n, 1);
    expect(&e, 0, 0, 180, SVC_UP);
    probes_free(p);
}

Test(probes, two_series_interleaved)
{
    /* A: up at 0, 60, 120. B: down at 30, 90, 150. Fed in time order, they
     * stay apart: A up [0,180), B down [30,210). */
    struct probes *p = probes_new(0);
    struct emitted e;
    for (int i = 0; i < 3; i++) {
        cr_assert_eq(add(p, "gpu-east", 60 * i, SVC_UP), PROBE_TAKEN);
        cr_assert_eq(add(p, "gpu-west", 60 * i + 30, SVC_DOWN), PROBE_TAKEN);
    }
    finish(p, &e);
    cr_assert_eq(e.n, 2);
    expect(&e, 0, 0, 180, SVC_UP);
    cr_assert_str_eq(e.v[0].service, "gpu-east");
    expect(&e, 1, 30, 210, SVC_DOWN);
    cr_assert_str_eq(e.v[1].service, "gpu-west");
    probes_free(p);
}

Test(probes, same_service_other_entity_is_another_series)
{
    struct probes *p = probes_new(0);
    struct emitted e;
    enum probe_outcome o;
    cr_assert_eq(probes_add(p, "provider:acme", "api", T, SVC_UP, &o), SL_OK);
    cr_assert_eq(probes_add(p, "team:platform", "api", T, SVC_DOWN, &o), SL_OK);
    cr_assert_eq(o, PROBE_TAKEN, "same time in another series is not a duplicate");
    finish(p, &e);
    cr_assert_eq(e.n, 2);
    cr_assert_str_eq(e.v[0].entity, "provider:acme");
    cr_assert_str_eq(e.v[1].entity, "team:platform");
    probes_free(p);
}

Test(probes, single_probe_uses_default_interval)
{
    struct probes *p = probes_new(0);
    struct emitted e;
    add(p, "gpu-east", 1000, SVC_PARTIAL);
    finish(p, &e);
    cr_assert_eq(e.n, 1);
    expect(&e, 0, 1000, 1000 + PROBES_DEFAULT_INTERVAL, SVC_PARTIAL);
    probes_free(p);
}

static enum sl_status
count_series(void *ctx, const struct interval *iv)
{
    int *seen = ctx;
    int k = -1;
    cr_assert_eq(sscanf(iv->service, "svc-%d", &k), 1);
    cr_assert(k >= 0 && k < 100);
    seen[k]++;
    cr_assert_eq(iv->start, T);
    cr_assert_eq(iv->end, T + 120);
    return SL_OK;
}

Test(probes, many_series_grow_the_table)
{
    /* 100 series, more than the 64 slots a new object starts with: each keeps
     * its own run [0, 60 + 60) and is emitted once. */
    struct probes *p = probes_new(0);
    char name[16];
    int seen[100] = {0};
    for (int s = 0; s < 100; s++) {
        snprintf(name, sizeof name, "svc-%d", s);
        cr_assert_eq(add(p, name, 0, SVC_UP), PROBE_TAKEN);
    }
    for (int s = 0; s < 100; s++) {
        snprintf(name, sizeof name, "svc-%d", s);
        cr_assert_eq(add(p, name, 60, SVC_UP), PROBE_TAKEN, "%s lost its first probe", name);
    }
    long n = 0;
    cr_assert_eq(probes_finish(p, count_series, seen, &n), SL_OK);
    cr_assert_eq(n, 100);
    for (int s = 0; s < 100; s++)
        cr_assert_eq(seen[s], 1, "svc-%d emitted %d times", s, seen[s]);
    probes_free(p);
}

static enum sl_status
refuse(void *ctx, const struct interval *iv)
{
    (void)iv;
    ++*(int *)ctx;
    return SL_ERR_DB;
}

Test(probes, emit_failure_stops)
{
    struct probes *p = probes_new(0);
    int calls = 0;
    long n = 0;
    add(p, "a", 0, SVC_UP);
    add(p, "b", 0, SVC_UP);
    cr_assert_eq(probes_finish(p, refuse, &calls, &n), SL_ERR_DB);
    cr_assert_eq(calls, 1);
    cr_assert_eq(n, 0);
    probes_free(p);
}

Test(probes, finish_forgets)
{
    struct probes *p = probes_new(0);
    struct emitted e;
    add(p, "gpu-east", 0, SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 1);
    finish(p, &e);
    cr_assert_eq(e.n, 0, "a second finish emits nothing");
    /* and the object is usable again */
    cr_assert_eq(add(p, "gpu-east", 0, SVC_DOWN), PROBE_TAKEN);
    finish(p, &e);
    cr_assert_eq(e.n, 1);
    expect(&e, 0, 0, 60, SVC_DOWN);
    probes_free(p);
}

Test(probes, stale_probe_invents_no_coverage)
{
    /* down at 00:00 and at 12:00, then up every minute from 12:01 to 13:00
     * (60 probes). Gaps: 43200 once, then 60 sixty times (12:00→12:01 and
     * 59 more); sorted, the middle of 61 gaps (rank 30) is 60, so the
     * median is 60 and a gap longer than 120 is unknown after 60 s.
     *   down [00:00, 00:01)   the 12-hour gap is unknown after one minute
     *   down [12:00, 12:01)
     *   up   [12:01, 13:01)   the last probe covers one interval
     * 2 down minutes and 60 up: availability 60/62 = 96.77 %. Judging the
     * first gap against the shortest one seen so far (itself) covered the
     * whole night: down [00:00, 12:01), 721 minutes, 60/781 = 7.68 %. */
    struct probes *p = probes_new(0);
    struct emitted e;
    add(p, "api", 0, SVC_DOWN);
    add(p, "api", 43200, SVC_DOWN);
    for (int i = 1; i <= 60; i++)
        add(p, "api", 43200 + 60 * i, SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 3);
    expect(&e, 0, 0, 60, SVC_DOWN);
    expect(&e, 1, 43200, 43260, SVC_DOWN);
    expect(&e, 2, 43260, 46860, SVC_UP);
    probes_free(p);
}

Test(probes, slow_start_is_judged_against_the_final_median)
{
    /* up at 0, 300, 600, 900 (five-minute probes), then every minute to
     * 1500: gaps 300×3 and 60×10, median 60 (rank 6 of 13, sorted). Each
     * five-minute gap is longer than 120: every early probe covers one minute.
     *   up [0,60) [300,360) [600,660) [900, 1500 + 60) */
    struct probes *p = probes_new(0);
    struct emitted e;
    for (int t = 0; t <= 900; t += 300)
        add(p, "api", t, SVC_UP);
    for (int t = 960; t <= 1500; t += 60)
        add(p, "api", t, SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 4);
    expect(&e, 0, 0, 60, SVC_UP);
    expect(&e, 1, 300, 360, SVC_UP);
    expect(&e, 2, 600, 660, SVC_UP);
    expect(&e, 3, 900, 1560, SVC_UP);
    probes_free(p);
}

Test(probes, median_is_interpolated)
{
    /* probes at 0, 59, 119, 238, 358: gaps 59, 60, 119, 120. Four gaps: the
     * median is the mean of the two middle ones, (60 + 119) / 2 = 89.5, so
     * no gap is longer than 179 and the last probe covers 89.5 s, rounded
     * up to 90: one interval [0, 448). (The lower middle gap, 60, would
     * have made it [0, 418).) */
    struct probes *p = probes_new(0);
    struct emitted e;
    static const int at[] = {0, 59, 119, 238, 358};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        add(p, "api", at[i], SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 1);
    expect(&e, 0, 0, 448, SVC_UP);
    probes_free(p);
}

Test(probes, given_interval_overrides_the_median)
{
    /* up at 0, 60, 120, 600 with a five-minute interval given: the 480 s gap
     * is not longer than 600, so it is covered, and the last probe covers
     * 300 s: [0, 900). With the median (60) it would be [0,180) [600,660). */
    struct probes *p = probes_new(300);
    struct emitted e;
    static const int at[] = {0, 60, 120, 600};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        add(p, "api", at[i], SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 1);
    expect(&e, 0, 0, 900, SVC_UP);
    probes_free(p);
}

Test(probes, gap_wider_than_32_bits)
{
    /* interval 60 given; up at 0 and 60, down 2^32 + 7 s later: the up
     * probes cover [0, 120), the down one [t, t + 60). */
    struct probes *p = probes_new(60);
    struct emitted e;
    int64_t far = 60 + (INT64_C(1) << 32) + 7;
    add(p, "api", 0, SVC_UP);
    add(p, "api", 60, SVC_UP);
    add(p, "api", far, SVC_DOWN);
    finish(p, &e);
    cr_assert_eq(e.n, 2);
    expect(&e, 0, 0, 120, SVC_UP);
    expect(&e, 1, far, far + 60, SVC_DOWN);
    probes_free(p);
}

Test(probes, many_distinct_gaps_keep_the_mass_exact)
{
    /* 23 gaps of 60 and 17 distinct gaps of 1000..1016, one each: 18 distinct
     * lengths, more than the histogram keeps, so nearby long gaps merge; the
     * 60 s bin holds 23 of 40 gaps, both middle ranks (19 and 20), so the
     * median stays 60 and every long gap is unknown after 60 s: 17 short
     * intervals and one for the last run of minute probes. */
    struct probes *p = probes_new(0);
    struct emitted e;
    int64_t t = 0;
    for (int i = 0; i < 17; i++) {
        add(p, "api", t, SVC_UP);
        t += 1000 + i;
    }
    for (int i = 0; i <= 23; i++, t += 60)
        add(p, "api", t, SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 18);
    expect(&e, 0, 0, 60, SVC_UP);
    int64_t last_run = e.v[17].start - T;
    expect(&e, 16, last_run - 1016, last_run - 1016 + 60, SVC_UP);
    expect(&e, 17, last_run, last_run + 23 * 60 + 60, SVC_UP);
    probes_free(p);
}

static int
cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Irregular gaps of many distinct lengths, drawn from [lo, lo + spread): the
 * expected interval is still their exact interpolated median (docs/design.md
 * §4), found here by sorting them; the last probe covers one interval,
 * rounded up to the whole second, and no gap is longer than twice the
 * median, so the series is one interval. */
static void
check_exact_median(int ngaps, int64_t lo, int64_t spread, uint64_t seed)
{
    struct probes *p = probes_new(0);
    struct emitted e;
    int64_t *gaps = malloc((size_t)ngaps * sizeof *gaps);
    cr_assert_not_null(gaps);
    int64_t t = 0;
    add(p, "api", t, SVC_UP);
    for (int i = 0; i < ngaps; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u;
        gaps[i] = lo + (int64_t)((seed >> 33) % (uint64_t)spread);
        t += gaps[i];
        add(p, "api", t, SVC_UP);
    }
    qsort(gaps, (size_t)ngaps, sizeof *gaps, cmp_i64);
    int64_t twice = gaps[(ngaps - 1) / 2] + gaps[ngaps / 2];
    finish(p, &e);
    cr_assert_eq(e.n, 1);
    expect(&e, 0, 0, t + (twice + 1) / 2, SVC_UP);
    free(gaps);
    probes_free(p);
}

Test(probes, median_of_many_distinct_gaps_is_exact)
{
    /* 111 distinct lengths (two passes narrow the merged range), then 1,000
     * (three passes), with odd and even numbers of gaps. */
    check_exact_median(2001, 150, 111, 7);
    check_exact_median(2000, 150, 111, 11);
    check_exact_median(5001, 1000, 1000, 13);
    check_exact_median(5000, 1000, 1000, 17);
}

Test(probes, median_exact_when_the_middle_ranks_straddle_two_ranges)
{
    /* 17 distinct lengths, one each, then one more of the lowest: the middle
     * ranks 8 and 9 of 18 are 1007 and 1008, whichever ranges they fall in
     * after merging: the interval is (1007 + 1008) / 2 = 1007.5, rounded up
     * for the last probe's cover. */
    struct probes *p = probes_new(0);
    struct emitted e;
    int64_t t = 0;
    add(p, "api", t, SVC_UP);
    for (int i = 0; i < 17; i++) {
        t += 1000 + i;
        add(p, "api", t, SVC_UP);
    }
    t += 1000;
    add(p, "api", t, SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 1);
    expect(&e, 0, 0, t + 1008, SVC_UP);
    probes_free(p);
}

Test(probes, too_many_series_is_refused)
{
    /* PROBES_MAX_SERIES series are taken; the next one is a limit, not a
     * silent drop, and the series already known still take probes. */
    struct probes *p = probes_new(0);
    char name[24];
    enum probe_outcome o;
    for (int s = 0; s < PROBES_MAX_SERIES; s++) {
        snprintf(name, sizeof name, "svc-%d", s);
        cr_assert_eq(probes_add(p, "team:x", name, T, SVC_UP, &o), SL_OK);
    }
    cr_assert_eq(probes_add(p, "team:x", "one-more", T, SVC_UP, &o), SL_ERR_LIMIT);
    cr_assert_eq(probes_add(p, "team:x", "svc-7", T + 60, SVC_UP, &o), SL_OK);
    cr_assert_eq(o, PROBE_TAKEN);
    cr_assert_eq(probes_series(p), PROBES_MAX_SERIES);
    probes_free(p);
}

Test(probes, names_too_long_are_refused)
{
    /* Names of 1000 + 1 bytes plus "team:x" and its NUL (7): 1008 bytes a
     * series; 4 MiB = 4,194,304 bytes hold 4161 of them (4,194,288), so the
     * 4162nd is refused. */
    struct probes *p = probes_new(0);
    char name[1001];
    enum probe_outcome o;
    memset(name, 'n', 1000);
    name[1000] = '\0';
    int s = 0;
    enum sl_status rc;
    for (;; s++) {
        snprintf(name, 12, "%011d", s);
        name[11] = 'n';
        if ((rc = probes_add(p, "team:x", name, T, SVC_UP, &o)))
            break;
    }
    cr_assert_eq(rc, SL_ERR_LIMIT);
    cr_assert_eq(s, 4161);
    probes_free(p);
}

Test(probes, parse_interval)
{
    int64_t s = 0;
    cr_assert(probes_parse_interval("90", &s) && s == 90);
    cr_assert(probes_parse_interval("60s", &s) && s == 60);
    cr_assert(probes_parse_interval("5m", &s) && s == 300);
    cr_assert(probes_parse_interval("1h", &s) && s == 3600);
    cr_assert(probes_parse_interval("24h", &s) && s == 86400);
    static const char *const bad[] = {"", "0", "-5", "5x", "5m3", "25h", " 5", "m", "1e3"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_assert(!probes_parse_interval(bad[i], &s), "'%s' taken", bad[i]);
}

/* Latency, handed over one series' UTC hour at a time at finish. */
struct hours {
    size_t calls, samples;
    int64_t hour[8];
    size_t n[8];
    uint32_t micros[16];
};

static enum sl_status
no_interval(void *ctx, const struct interval *iv)
{
    (void)ctx;
    (void)iv;
    return SL_OK;
}

static enum sl_status
take_hour(void *ctx, const char *entity, const char *service, int64_t hour,
          const struct latency_sample *s, size_t n)
{
    struct hours *h = ctx;
    (void)entity;
    (void)service;
    cr_assert_lt(h->calls, 8);
    h->hour[h->calls] = hour;
    h->n[h->calls++] = n;
    for (size_t i = 0; i < n; i++) {
        cr_assert_eq(s[i].t - (s[i].t % 3600), hour, "every sample in its hour");
        h->micros[h->samples++] = s[i].micros;
    }
    return SL_OK;
}

Test(probes, latency_by_hour_and_duplicates_dropped)
{
    /* 2026-10-01T00:58, 00:59, 00:59 again (a duplicate: its 999 ms is
     * dropped with it), 01:00, one with no latency at 01:01. */
    const int64_t t0 = INT64_C(1790812800);
    struct probes *p = probes_new(60);
    enum probe_outcome o;
    struct hours h = {0};
    long n, samples;
    cr_assert_eq(probes_add_latency(p, "team:x", "api", t0 + 3480, SVC_UP, 100000, &o), SL_OK);
    cr_assert_eq(probes_add_latency(p, "team:x", "api", t0 + 3540, SVC_UP, 200000, &o), SL_OK);
    cr_assert_eq(probes_add_latency(p, "team:x", "api", t0 + 3540, SVC_UP, 999000, &o), SL_OK);
    cr_assert_eq(o, PROBE_DUPLICATE);
    cr_assert_eq(probes_add_latency(p, "team:x", "api", t0 + 3600, SVC_DOWN, 300000, &o), SL_OK);
    cr_assert_eq(probes_add(p, "team:x", "api", t0 + 3660, SVC_UP, &o), SL_OK);
    cr_assert_eq(probes_finish_latency(p, no_interval, take_hour, &h, &n, &samples), SL_OK);
    cr_assert_eq(samples, 3);
    cr_assert_eq(h.calls, 2);
    cr_assert_eq(h.hour[0], t0);
    cr_assert_eq(h.n[0], 2);
    cr_assert_eq(h.hour[1], t0 + 3600);
    cr_assert_eq(h.n[1], 1);
    cr_assert_eq(h.micros[0], 100000);
    cr_assert_eq(h.micros[1], 200000);
    cr_assert_eq(h.micros[2], 300000);
    probes_free(p);
}
