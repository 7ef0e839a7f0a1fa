/* test_probes.c — probe results folded into status intervals
 * (engine/probes.c, docs/design.md §4): a probe covers until the next one, the last
 * covers one median interval, a gap longer than 2× the median turns unknown
 * after one interval, and duplicates and out-of-order probes change nothing.
 * Times are offsets from T = 2026-10-01T00:00Z. */
#include <criterion/criterion.h>
#include <stdio.h>

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

static void
finish(struct probes *p, struct emitted *e)
{
    long n = -1;
    e->n = 0;
    cr_assert_eq(probes_finish(p, collect, e, &n), SL_OK);
    cr_assert_eq((size_t)n, e->n, "the count must match what was emitted");
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
    struct probes *p = probes_new();
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
    struct probes *p = probes_new();
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
    struct probes *p = probes_new();
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
    struct probes *p = probes_new();
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
    struct probes *p = probes_new();
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
    struct probes *p = probes_new();
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
     * Cadences sorted: 58×3, 62×3, so the median is 58 and the last probe
     * covers [360, 418). No gap anywhere: one interval [0, 418). */
    struct probes *p = probes_new();
    struct emitted e;
    static const int at[] = {0, 62, 120, 178, 240, 302, 360};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        add(p, "gpu-east", at[i], SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 1);
    expect(&e, 0, 0, 418, SVC_UP);
    probes_free(p);
}

Test(probes, jitter_with_status_change)
{
    /* the same jitter with a down probe at 178: up [0,178), down [178,240), up [240,418) */
    struct probes *p = probes_new();
    struct emitted e;
    static const int at[] = {0, 62, 120, 178, 240, 302, 360};
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        add(p, "gpu-east", at[i], at[i] == 178 ? SVC_DOWN : SVC_UP);
    finish(p, &e);
    cr_assert_eq(e.n, 3);
    expect(&e, 0, 0, 178, SVC_UP);
    expect(&e, 1, 178, 240, SVC_DOWN);
    expect(&e, 2, 240, 418, SVC_UP);
    probes_free(p);
}

Test(probes, duplicate_and_out_of_order)
{
    struct probes *p = probes_new();
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
     * stay apart, emitted series by series in first-seen order:
     * A up [0,180), B down [30,210). */
    struct probes *p = probes_new();
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
    struct probes *p = probes_new();
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
    struct probes *p = probes_new();
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
    struct probes *p = probes_new();
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
    struct probes *p = probes_new();
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
    struct probes *p = probes_new();
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
