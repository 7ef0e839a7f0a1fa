/* test_store_open.c — how the store is opened: the reading modes never
 * create a store nor write to one. */
#include <criterion/criterion.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "engine/store/schema.h"
#include "engine/store/store.h"
#include "tests/engine/fixture.h"

static struct fixture fx;

static void
setup(void)
{
    fixture_dir(&fx);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(store_open, .init = setup, .fini = teardown);

Test(store_open, reading_a_missing_store_is_an_error_and_creates_nothing)
{
    struct store *st = NULL;
    struct sl_diag d = {0};
    for (int mode = STORE_UPDATE; mode <= STORE_READ; mode++) {
        cr_assert_eq(store_open_for(fx.db, (enum store_mode)mode, &st, &d), SL_ERR_DB);
        cr_assert_null(st);
        cr_assert(strstr(d.message, "no store at ") && strstr(d.message, "check --db"), "%s",
                  d.message);
        cr_assert_neq(access(fx.db, F_OK), 0, "no file created");
    }
}

Test(store_open, a_reader_cannot_write_and_an_updater_can)
{
    struct store *st;
    struct sl_diag d = {0};
    cr_assert_eq(store_open(fx.db, &st, &d), SL_OK, "%s", d.message);
    store_close(st);
    cr_assert_eq(store_open_for(fx.db, STORE_READ, &st, &d), SL_OK, "%s", d.message);
    cr_assert(store_read_only(st));
    struct eval_record rec = {.definitions_hash = "h",
                              .definitions = "{}",
                              .entity = "team:a",
                              .window_kind = "month",
                              .window_start = 0,
                              .window_end = 1,
                              .measure = "neutral",
                              .result = "{}"};
    cr_assert_eq(store_put_eval_results(st, &rec, 1, &d), SL_ERR_DB);
    cr_assert(strstr(d.message, "readonly"), "%s", d.message);
    store_close(st);
    cr_assert_eq(store_open_for(fx.db, STORE_UPDATE, &st, &d), SL_OK, "%s", d.message);
    cr_assert_not(store_read_only(st));
    cr_assert_eq(store_put_eval_results(st, &rec, 1, &d), SL_OK, "%s", d.message);
    store_close(st);
}

Test(store_open, a_reader_leaves_an_old_enough_store_as_it_is)
{
    struct store *st;
    struct sl_diag d = {0};
    cr_assert_eq(store_open(fx.db, &st, &d), SL_OK, "%s", d.message);
    int current = store_schema_version(st);
    store_close(st);
    fixture_set_user_version(fx.db, current - 1);
    cr_assert_eq(store_open_for(fx.db, STORE_READ, &st, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_schema_version(st), current - 1, "not migrated by a reader");
    store_close(st);
}

Test(store_open, another_programs_database_is_refused_unchanged)
{
    sqlite3 *db;
    cr_assert_eq(sqlite3_open(fx.db, &db), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(db, "CREATE TABLE notes (x)", NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
    struct store *st = NULL;
    struct sl_diag d = {0};
    for (int mode = STORE_CREATE; mode <= STORE_READ; mode++) {
        cr_assert_eq(store_open_for(fx.db, (enum store_mode)mode, &st, &d), SL_ERR_DB);
        cr_assert(strstr(d.message, "not a slaudit store"), "%s", d.message);
    }
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sqlite_schema"), 1);
    cr_assert_eq(fixture_count(&fx, "PRAGMA user_version"), 0);
}

Test(store_open, entities_and_services_known)
{
    struct store *st;
    struct sl_diag d = {0};
    bool already, known;
    cr_assert_eq(store_open(fx.db, &st, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_source_begin(st, "x.csv", "aa", "incident-csv", 1, &already, &d), SL_OK);
    struct interval iv = {
        .entity = "provider:acme", .service = "api", .start = 0, .end = 60, .status = SVC_DOWN};
    cr_assert_eq(store_add_interval(st, &iv, &d), SL_OK, "%s", d.message);
    struct source_counts c = {1, 1, 0, 0};
    cr_assert_eq(store_source_finish(st, &c, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_entity_known(st, "provider:acme", NULL, &known, &d), SL_OK);
    cr_assert(known);
    cr_assert_eq(store_entity_known(st, "provider:acme", "api", &known, &d), SL_OK);
    cr_assert(known);
    cr_assert_eq(store_entity_known(st, "provider:acme", "web", &known, &d), SL_OK);
    cr_assert_not(known);
    cr_assert_eq(store_entity_known(st, "provider:other", NULL, &known, &d), SL_OK);
    cr_assert_not(known);
    store_close(st);
}

/* A commitment with a fee of 7 EUR read back from a store built by the
 * first `version` migrations alone, as an older slaudit left it. */
struct read_fee {
    int n;
    bool has_fee;
    double fee;
};

static int
note_fee(void *ctx, const struct commitment *c)
{
    struct read_fee *r = ctx;
    r->n++;
    r->has_fee = c->has_fee;
    r->fee = c->fee;
    return 0;
}

static void
build_store_at(const char *path, int version)
{
    sqlite3 *db;
    cr_assert_eq(sqlite3_open(path, &db), SQLITE_OK);
    for (int i = 0; i < version; i++)
        cr_assert_eq(sqlite3_exec(db, schema_migrations[i], NULL, NULL, NULL), SQLITE_OK,
                     "migration %d: %s", i + 1, sqlite3_errmsg(db));
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA user_version = %d", version);
    cr_assert_eq(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
    cr_assert_eq(sqlite3_exec(db,
                              "INSERT INTO sources (id, path, sha256, format, ingested_at) "
                              "VALUES (1, 'sla.md', 'aa', 'sla', 0);"
                              "INSERT INTO commitments (id, source_id, entity, kind, terms, "
                              "imported_at) VALUES (1, 1, 'provider:acme', 'sla', '{}', 0);",
                              NULL, NULL, NULL),
                 SQLITE_OK, "%s", sqlite3_errmsg(db));
    if (version >= SCHEMA_VERSION_FEES)
        cr_assert_eq(sqlite3_exec(db,
                                  version >= SCHEMA_VERSION_FEE_ENTITY
                                      ? "INSERT INTO commitment_fees (commitment_id, fee, "
                                        "currency, entity) VALUES (1, 7, 'EUR', 'provider:acme')"
                                      : "INSERT INTO commitment_fees (commitment_id, fee, "
                                        "currency) VALUES (1, 7, 'EUR')",
                                  NULL, NULL, NULL),
                     SQLITE_OK, "%s", sqlite3_errmsg(db));
    sqlite3_close(db);
}

Test(store_open, a_reader_reads_commitments_of_every_readable_version)
{
    for (int version = schema_readable; version < schema_version; version++) {
        char path[600];
        snprintf(path, sizeof path, "%s.v%d", fx.db, version);
        build_store_at(path, version);
        struct store *st;
        struct sl_diag d = {0};
        cr_assert_eq(store_open_for(path, STORE_READ, &st, &d), SL_OK, "%d: %s", version,
                     d.message);
        cr_assert_eq(store_schema_version(st), version, "read as it is");
        struct read_fee r = {0};
        cr_assert_eq(store_each_commitment(st, NULL, NULL, note_fee, &r, &d), SL_OK, "%d: %s",
                     version, d.message);
        cr_assert_eq(r.n, 1, "version %d", version);
        cr_assert_eq(r.has_fee, version >= SCHEMA_VERSION_FEES, "version %d", version);
        if (r.has_fee)
            cr_assert_float_eq(r.fee, 7.0, 1e-9);
        store_close(st);
        unlink(path);
    }
}

Test(store_open, a_writer_gives_each_fee_its_commitments_entity)
{
    build_store_at(fx.db, SCHEMA_VERSION_FEE_ENTITY - 1);
    struct store *st;
    struct sl_diag d = {0};
    cr_assert_eq(store_open(fx.db, &st, &d), SL_OK, "%s", d.message);
    store_close(st);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM commitment_fees "
                                    "WHERE entity = 'provider:acme' AND fee = 7"),
                 1);
}
