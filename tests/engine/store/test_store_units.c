/* test_store_units.c — migration 3 of the store: intervals that say how many
 * GPUs or nodes they affect, keyed intervals updated by a later export, and
 * GPU fault events with their duplicate check. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/store/store.h"
#include "tests/engine/fixture.h"

#define T INT64_C(1790812800) /* 2026-10-01T00:00:00Z */

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

TestSuite(store_units, .init = setup, .fini = teardown);

static void
begin(const char *sha)
{
    struct sl_diag d = {0};
    bool already = true;
    cr_assert_eq(store_source_begin(fx.st, "node.log", sha, "slurmctld", 1, &already, &d), SL_OK,
                 "%s", d.message);
}

static void
finish(void)
{
    struct sl_diag d = {0};
    struct source_counts c = {0};
    cr_assert_eq(store_source_finish(fx.st, &c, &d), SL_OK, "%s", d.message);
}

static int
keep_interval(void *ctx, const struct interval *iv)
{
    struct interval *out = ctx;
    out->start = iv->start;
    out->end = iv->end;
    out->units = iv->units;
    out->status = iv->status;
    out->line = iv->unit_kind && !strcmp(iv->unit_kind, "node");
    out->key = iv->key ? "read back" : NULL;
    return 0;
}

Test(store_units, keyed_interval_updates_and_keeps_units)
{
    struct sl_diag d = {0};
    bool updated = true;
    struct interval iv = {.entity = "team:hpc",
                          .service = "cluster-a",
                          .start = T,
                          .end = T + 600,
                          .status = SVC_DOWN,
                          .units = 4,
                          .unit_kind = "node",
                          .key = "node[01-04]@1"};
    begin("1111111111111111111111111111111111111111111111111111111111111111");
    cr_assert_eq(store_put_interval(fx.st, &iv, &updated, &d), SL_OK, "%s", d.message);
    cr_assert_not(updated);
    finish();
    /* a later export of the same interval, now longer */
    iv.end = T + 1200;
    begin("2222222222222222222222222222222222222222222222222222222222222222");
    cr_assert_eq(store_put_interval(fx.st, &iv, &updated, &d), SL_OK, "%s", d.message);
    cr_assert(updated);
    finish();
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 1);
    struct interval got = {0};
    cr_assert_eq(
        store_each_interval(fx.st, "team:hpc", "cluster-a", 0, T + 86400, keep_interval, &got, &d),
        SL_OK);
    cr_assert_eq(got.end, T + 1200);
    cr_assert_eq(got.units, 4);
    cr_assert_eq(got.line, 1, "unit_kind node read back");
    cr_assert_null(got.key, "no reader of intervals needs the key: it is not read back");
}

Test(store_units, units_must_be_positive_kind_known)
{
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM pragma_table_info('intervals') "
                                    "WHERE name IN ('units','unit_kind','key')"),
                 3);
    struct sl_diag d = {0};
    struct interval iv = {.entity = "team:hpc",
                          .service = "c",
                          .start = T,
                          .end = T + 1,
                          .status = SVC_DOWN,
                          .units = 2,
                          .unit_kind = "rack"};
    begin("3333333333333333333333333333333333333333333333333333333333333333");
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "held for the next batch");
    struct source_counts c = {0};
    cr_assert_eq(store_source_finish(fx.st, &c, &d), SL_ERR_DB);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 0);
}

static int
collect_ends(void *ctx, const struct interval *iv)
{
    int64_t **at = ctx;
    *(*at)++ = iv->end;
    return 0;
}

/* The rows of a batch of SQLite's bulk load (sqlite_db.c). */
#define HELD 32

/* Keyless intervals go to a bulk load, which holds them; a keyed one, a
 * reader and the end of the source each flush it first, so every row is
 * stored, in the order it came (ids follow it), and a reader sees them all. */
Test(store_units, keyless_intervals_batched_in_order)
{
    struct sl_diag d = {0};
    bool updated = true;
    char service[16];
    begin("6666666666666666666666666666666666666666666666666666666666666666");
    for (int i = 0; i < 2 * HELD + 5; i++) {
        /* a buffer the caller reuses: the store keeps its own copy */
        snprintf(service, sizeof service, "svc-%d", i % 3);
        struct interval iv = {.entity = "team:hpc",
                              .service = service,
                              .start = T + 60 * i,
                              .end = T + 60 * i + 60,
                              .status = i % 2 ? SVC_DOWN : SVC_UP};
        if (i == HELD + 3) {
            iv.key = "keyed";
            cr_assert_eq(store_put_interval(fx.st, &iv, &updated, &d), SL_OK, "%s", d.message);
            cr_assert_not(updated);
        } else {
            cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
        }
    }
    /* inside the transaction a reader sees the five held last */
    int64_t ends[3 * HELD], *at = ends;
    cr_assert_eq(
        store_each_interval(fx.st, "team:hpc", "svc-1", 0, T + 86400, collect_ends, &at, &d), SL_OK,
        "%s", d.message);
    cr_assert_eq(at - ends, (2 * HELD + 5 + 1) / 3);
    finish();
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 2 * HELD + 5);
    /* ids in the order of arrival, the keyed one among them */
    cr_assert_eq(fixture_count(&fx,
                               "SELECT count(*) FROM intervals a JOIN intervals b ON "
                               "b.id = a.id + 1 WHERE b.start = a.start + 60 AND "
                               "b.service = 'svc-' || (((a.start - 1790812800) / 60 + 1) % 3)"),
                 2 * HELD + 4);
    cr_assert_eq(fixture_count(&fx, "SELECT (start - 1790812800) / 60 FROM intervals "
                                    "WHERE key = 'keyed'"),
                 HELD + 3);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status = 'down' AND "
                                    "(start - 1790812800) / 60 % 2 = 1"),
                 HELD + 2);
}

/* Abandoning the source drops what is held: nothing of it is inserted later. */
Test(store_units, abort_drops_held_intervals)
{
    struct sl_diag d = {0};
    struct interval iv = {
        .entity = "team:hpc", .service = "c", .start = T, .end = T + 60, .status = SVC_DOWN};
    begin("7777777777777777777777777777777777777777777777777777777777777777");
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
    store_source_abort(fx.st);
    begin("8888888888888888888888888888888888888888888888888888888888888888");
    finish();
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 0);
}

/* The insert of a keyed interval skips only a taken key: any other broken
 * constraint is still an error, not an update. */
Test(store_units, keyed_interval_checked_like_any_other)
{
    struct sl_diag d = {0};
    bool updated = true;
    struct interval iv = {.entity = "team:hpc",
                          .service = "c",
                          .start = T,
                          .end = T + 1,
                          .status = SVC_DOWN,
                          .units = 2,
                          .unit_kind = "rack",
                          .key = "rack1@1"};
    begin("5555555555555555555555555555555555555555555555555555555555555555");
    cr_assert_eq(store_put_interval(fx.st, &iv, &updated, &d), SL_ERR_DB);
    cr_assert_not(updated);
    store_source_abort(fx.st);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 0);
}

static int
count_event(void *ctx, const struct gpu_event *ev)
{
    int *n = ctx;
    cr_assert_eq(ev->xid, 79);
    cr_assert_str_eq(ev->pci, "0000:9b:00");
    cr_assert_null(ev->host, "an unknown host reads back as NULL");
    cr_assert_str_eq(ev->action, "replace");
    (*n)++;
    return 0;
}

Test(store_units, gpu_event_seen_twice_is_a_duplicate)
{
    struct sl_diag d = {0};
    bool dup = true;
    struct gpu_event ev = {.entity = "team:hpc",
                           .time = T,
                           .pci = "0000:9b:00",
                           .xid = 79,
                           .xid_class = "hardware",
                           .action = "replace",
                           .message = "GPU has fallen off the bus.",
                           .line = 3};
    begin("4444444444444444444444444444444444444444444444444444444444444444");
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &dup, &d), SL_OK, "%s", d.message);
    cr_assert_not(dup);
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &dup, &d), SL_OK, "%s", d.message);
    cr_assert(dup);
    finish();
    int n = 0;
    cr_assert_eq(store_each_gpu_event(fx.st, NULL, 0, T + 1, count_event, &n, &d), SL_OK);
    cr_assert_eq(n, 1);
    /* one entity's events: its own, within the window */
    cr_assert_eq(store_each_gpu_event(fx.st, "team:hpc", T, T + 1, count_event, &n, &d), SL_OK);
    cr_assert_eq(n, 2);
    cr_assert_eq(store_each_gpu_event(fx.st, "team:other", 0, T + 1, count_event, &n, &d), SL_OK);
    cr_assert_eq(store_each_gpu_event(fx.st, "team:hpc", T + 1, T + 2, count_event, &n, &d), SL_OK);
    cr_assert_eq(n, 2);
}
