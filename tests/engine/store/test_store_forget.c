/* test_store_forget.c — forgetting a source (engine/store/store.c): every
 * table that names its source loses the source's rows, in one transaction,
 * and other sources keep theirs; a replacing source forgets the old one
 * inside its own transaction. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/audit/auditrec.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define T INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define SHA_A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define SHA_B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
#define SHA_C "cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc"

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

TestSuite(store_forget, .init = setup, .fini = teardown);

/* One source holding one row of every kind, keyed by suffix so that two
 * sources do not collide. */
static void
store_everything(const char *path, const char *sha, const char *suffix)
{
    struct sl_diag d = {0};
    bool flag = false;
    char key[32];
    cr_assert_eq(store_source_begin(fx.st, path, sha, "test", 10, &flag, &d), SL_OK, "%s",
                 d.message);
    cr_assert_not(flag);
    snprintf(key, sizeof key, "INC-%s", suffix);
    struct incident inc = {.entity = "provider:acme", .key = key, .service = "api", .started = T};
    inc.detected = inc.acknowledged = inc.mitigated = inc.resolved = SLTIME_NONE;
    cr_assert_eq(store_add_incident(fx.st, &inc, &flag, &d), SL_OK, "%s", d.message);
    struct interval iv = {.entity = "provider:acme",
                          .service = suffix,
                          .start = T,
                          .end = T + 60,
                          .status = SVC_DOWN};
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
    struct maintenance m = {"provider:acme", suffix, key, T, T + 60, SLTIME_NONE, 3};
    cr_assert_eq(store_add_maintenance(fx.st, &m, &d), SL_OK, "%s", d.message);
    struct gpu_event ev = {.entity = "team:hpc",
                           .time = T,
                           .host = suffix,
                           .xid = 79,
                           .message = "fallen off the bus",
                           .line = 1};
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &flag, &d), SL_OK, "%s", d.message);
    struct commitment c = {.entity = "team:hpc",
                           .service = suffix,
                           .kind = "slo",
                           .effective_from = T,
                           .document = path,
                           .terms = "{}"};
    cr_assert_eq(store_add_commitment(fx.st, &c, &flag, &d), SL_OK, "%s", d.message);
    struct audit_record rec = {
        .kind = AUDITREC_PROFILE, .entity = "provider:acme", .key = key, .fields = "{}", .line = 1};
    cr_assert_eq(store_add_audit_record(fx.st, &rec, &flag, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_add_reject(fx.st, 4, "bad row", "x,y", &d), SL_OK, "%s", d.message);
    struct source_counts counts = {7, 6, 1, 0};
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK, "%s", d.message);
}

static long
rows(const char *table)
{
    char sql[100];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s", table);
    return fixture_count(&fx, sql);
}

static const char *const tables[] = {"sources",       "incidents",  "intervals",
                                     "maintenance",   "gpu_events", "commitments",
                                     "audit_records", "rejects",    NULL};

Test(store_forget, every_table_loses_the_source_and_only_it)
{
    store_everything("a.csv", SHA_A, "a");
    store_everything("b.csv", SHA_B, "b");
    struct sl_diag d = {0};
    struct store_forgotten f;
    cr_assert_eq(store_forget(fx.st, SHA_A, NULL, &f, &d), SL_OK, "%s", d.message);
    cr_assert_eq(f.sources, 1);
    cr_assert_eq(f.incidents + f.intervals + f.maintenance + f.gpu_events + f.commitments +
                     f.audit_records + f.rejects,
                 7);
    cr_assert_eq(f.intervals, 1);
    cr_assert_eq(f.gpu_events, 1);
    for (size_t i = 0; tables[i]; i++)
        cr_assert_eq(rows(tables[i]), 1, "%s keeps the other source's row", tables[i]);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources WHERE sha256 = '" SHA_B "'"), 1);

    /* By path, and the bytes may be read again afterwards. */
    cr_assert_eq(store_forget(fx.st, NULL, "b.csv", &f, &d), SL_OK, "%s", d.message);
    cr_assert_eq(f.sources, 1);
    for (size_t i = 0; tables[i]; i++)
        cr_assert_eq(rows(tables[i]), 0, "%s", tables[i]);
    store_everything("b.csv", SHA_B, "b");
    cr_assert_eq(rows("sources"), 1);
}

Test(store_forget, nothing_matching_changes_nothing)
{
    store_everything("a.csv", SHA_A, "a");
    struct sl_diag d = {0};
    struct store_forgotten f;
    cr_assert_eq(store_forget(fx.st, SHA_C, "c.csv", &f, &d), SL_OK, "%s", d.message);
    cr_assert_eq(f.sources, 0);
    cr_assert_eq(rows("incidents"), 1);
}

Test(store_forget, replace_forgets_within_the_new_transaction)
{
    store_everything("a.csv", SHA_A, "a");
    struct sl_diag d = {0};
    struct store_forgotten f;
    cr_assert_eq(store_source_replace(fx.st, "a.csv", SHA_B, "test", 10, &f, &d), SL_OK, "%s",
                 d.message);
    cr_assert_eq(f.sources, 1);
    cr_assert_eq(f.rejects, 1);
    store_source_abort(fx.st);
    cr_assert_eq(rows("incidents"), 1, "an aborted replacement keeps the old source");
    cr_assert_eq(rows("sources"), 1);
}
