/* test_series_feed.c — the series read ahead on two threads
 * (engine/series_feed.c): the same batches, in list order, as reading each
 * series on the caller's connection; the caller's connection where no other
 * can see its data; stopping part way. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/measure/series_feed.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "tests/engine/fixture.h"

#define T INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NSERIES 7

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

TestSuite(series_feed, .init = setup, .fini = teardown);

static const struct series_name names[NSERIES] = {
    {"provider:a", "api"}, {"provider:a", "db"}, {"provider:a", "empty"}, {"provider:b", "api"},
    {"provider:b", "gpu"}, {"team:x", "k8s"},    {"team:x", "web"},
};

/* Series i gets 3 + 5 i intervals, every third on units, and i maintenance
 * windows; "empty" gets a maintenance window only. */
static void
fill(bool commit)
{
    struct sl_diag d = {0};
    bool already = true;
    cr_assert_eq(store_source_begin(fx.st, "in.csv", "ab", "interval-csv", 1, &already, &d), SL_OK);
    for (int i = 0; i < NSERIES; i++) {
        int nivs = strcmp(names[i].service, "empty") ? 3 + 5 * i : 0;
        for (int k = 0; k < nivs; k++) {
            struct interval iv = {.entity = names[i].entity,
                                  .service = names[i].service,
                                  .start = T + 600 * k,
                                  .end = T + 600 * k + 300 + i,
                                  .status = (enum svc_status)(k % SVC_STATUS_COUNT),
                                  .units = k % 3 ? 0 : 1 + k,
                                  .unit_kind = k % 3   ? NULL
                                               : k % 2 ? "node"
                                                       : "gpu"};
            cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
        }
        for (int k = 0; k < i + (nivs == 0); k++) {
            struct maintenance m = {names[i].entity,   names[i].service, NULL, T + 1000 * k,
                                    T + 1000 * k + 60, T - 86400 * k,    2};
            cr_assert_eq(store_add_maintenance(fx.st, &m, &d), SL_OK);
        }
    }
    if (commit) {
        struct source_counts c = {1, 1, 0, 0};
        cr_assert_eq(store_source_finish(fx.st, &c, &d), SL_OK, "%s", d.message);
    }
}

static void
assert_same_batch(const struct series_batch *a, const struct series_batch *b)
{
    cr_assert_eq(a->name, b->name);
    cr_assert_eq(a->niv, b->niv);
    cr_assert_eq(a->nmt, b->nmt);
    for (size_t k = 0; k < a->niv; k++) {
        const struct interval *x = &a->iv[k], *y = &b->iv[k];
        cr_assert(x->start == y->start && x->end == y->end && x->status == y->status &&
                  x->units == y->units && !x->entity && !x->key && !y->entity && !y->key);
        cr_assert((!x->unit_kind && !y->unit_kind) ||
                  (x->unit_kind && y->unit_kind && !strcmp(x->unit_kind, y->unit_kind)));
    }
    for (size_t k = 0; k < a->nmt; k++)
        cr_assert(a->mt[k].start == b->mt[k].start && a->mt[k].end == b->mt[k].end &&
                  a->mt[k].announced == b->mt[k].announced && !a->mt[k].entity);
}

Test(series_feed, threads_hand_out_what_one_connection_reads)
{
    fill(true);
    struct series_feed *threaded, *direct;
    struct sl_diag d = {0};
    cr_assert_eq(series_feed_new(fx.st, names, NSERIES, T - 86400, T + 86400, true, &threaded, &d),
                 SL_OK);
    cr_assert_eq(series_feed_new(fx.st, names, NSERIES, T - 86400, T + 86400, false, &direct, &d),
                 SL_OK);
    cr_assert(series_feed_threaded(threaded));
    cr_assert_not(series_feed_threaded(direct));
    for (int i = 0; i < NSERIES; i++) {
        struct series_batch a, b;
        cr_assert_eq(series_feed_take(threaded, &a, &d), SL_OK, "%s", d.message);
        cr_assert_eq(series_feed_take(direct, &b, &d), SL_OK, "%s", d.message);
        cr_assert_eq(a.name, &names[i]);
        int nivs = strcmp(names[i].service, "empty") ? 3 + 5 * i : 0;
        cr_assert_eq(a.niv, (size_t)nivs, "series %d", i);
        cr_assert_eq(a.nmt, (size_t)(i + (nivs == 0)), "series %d", i);
        for (size_t k = 0; k < a.niv; k++)
            cr_assert_eq(a.iv[k].start, T + 600 * (int64_t)k);
        if (a.niv > 3)
            cr_assert_str_eq(a.iv[3].unit_kind, "node");
        assert_same_batch(&a, &b);
    }
    series_feed_free(threaded);
    series_feed_free(direct);
}

Test(series_feed, open_transaction_is_read_on_its_connection)
{
    /* Another connection would not see rows not yet committed. */
    fill(false);
    cr_assert_null(store_shared_path(fx.st));
    struct series_feed *f;
    struct sl_diag d = {0};
    cr_assert_eq(series_feed_new(fx.st, names, NSERIES, T - 86400, T + 86400, true, &f, &d), SL_OK);
    cr_assert_not(series_feed_threaded(f));
    struct series_batch b;
    cr_assert_eq(series_feed_take(f, &b, &d), SL_OK);
    cr_assert_eq(b.niv, 3);
    series_feed_free(f);
}

Test(series_feed, freed_part_way)
{
    /* The readers are ahead, or waiting for a slot, when the feed is freed:
     * they stop and are joined, their memory freed (ASan checks). */
    fill(true);
    for (int taken = 0; taken < 3; taken++) {
        struct series_feed *f;
        struct sl_diag d = {0};
        cr_assert_eq(series_feed_new(fx.st, names, NSERIES, T - 86400, T + 86400, true, &f, &d),
                     SL_OK);
        for (int i = 0; i < taken; i++) {
            struct series_batch b;
            cr_assert_eq(series_feed_take(f, &b, &d), SL_OK);
        }
        series_feed_free(f);
    }
}
