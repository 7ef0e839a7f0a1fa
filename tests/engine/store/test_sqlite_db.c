/* test_sqlite_db.c — db.h on an SQLite file (engine/store/sqlite/): what
 * the store relies on of any backend, and the SQLite backend's own ways of
 * saying why a file cannot be opened. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/store/db.h"
#include "engine/store/schema.h"
#include "tests/engine/fixture.h"
#include "tests/engine/store/bulk_cases.h"

static struct fixture fx;
static struct db *db;

static void
setup(void)
{
    fixture_dir(&fx);
    db = NULL;
}

static void
teardown(void)
{
    db_close(db);
    fixture_close(&fx);
}

TestSuite(sqlite_db, .init = setup, .fini = teardown);

static void
open_new(void)
{
    char err[256];
    cr_assert_eq(db_open(fx.db, DB_OPEN_CREATE, &db, err, sizeof err), DB_OK, "%s", err);
    cr_assert_str_eq(db_backend(db), "sqlite");
    cr_assert_eq(db_exec(db, "CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, "
                             "\"end\" INTEGER, n REAL, b BLOB)"),
                 DB_OK, "%s", db_errmsg(db));
}

Test(sqlite_db, a_file_is_not_a_server)
{
    cr_assert_not(db_target_is_server(fx.db));
    char *shown = db_redact_target(fx.db);
    cr_assert_str_eq(shown, fx.db);
    free(shown);
}

Test(sqlite_db, a_missing_file_is_cantopen_with_no_message)
{
    char err[256] = "untouched";
    cr_assert_eq(db_open(fx.db, DB_OPEN_READ, &db, err, sizeof err), DB_CANTOPEN);
    cr_assert_null(db);
    cr_assert_str_empty(err);
    cr_assert_eq(db_open(fx.db, DB_OPEN_WRITE, &db, err, sizeof err), DB_CANTOPEN);
    cr_assert_str_empty(err);
}

Test(sqlite_db, a_folder_is_not_a_store)
{
    char err[256];
    cr_assert_eq(db_open(fx.dir, DB_OPEN_READ, &db, err, sizeof err), DB_CANTOPEN);
    cr_assert_str_eq(err, "not a store: not a regular file");
}

Test(sqlite_db, another_programs_database_is_refused_on_every_open)
{
    open_new();
    db_close(db);
    db = NULL;
    char err[256];
    for (int mode = DB_OPEN_READ; mode <= DB_OPEN_CREATE; mode++) {
        cr_assert_eq(db_open(fx.db, (enum db_open_mode)mode, &db, err, sizeof err), DB_ERROR);
        cr_assert_null(db);
        cr_assert(strstr(err, "not a slaudit store"), "%s", err);
    }
}

Test(sqlite_db, text_is_copied_when_bound_and_returning_gives_the_id)
{
    open_new();
    struct db_stmt *s;
    cr_assert_eq(db_prepare(db,
                            "INSERT INTO t (name, \"end\", n, b) VALUES (?1, ?2, ?3, ?4) "
                            "RETURNING id",
                            true, &s),
                 DB_OK, "%s", db_errmsg(db));
    for (int i = 0; i < 2; i++) {
        char *name = strdup(i ? "second" : "first");
        cr_assert_eq(db_bind_text(s, 1, name), DB_OK);
        memset(name, 'x', strlen(name)); /* the caller's copy is gone */
        free(name);
        db_bind_int64(s, 2, 100 + i);
        db_bind_double(s, 3, 0.5);
        db_bind_blob(s, 4, "\x01\x02", 2);
        cr_assert_eq(db_step(s), DB_ROW, "%s", db_errmsg(db));
        cr_assert(db_stmt_busy(s));
        cr_assert_eq(db_column_int64(s, 0), i + 1);
        cr_assert_eq(db_reset(s), DB_OK);
        cr_assert_not(db_stmt_busy(s));
    }
    db_finalize(s);
    cr_assert_eq(db_prepare(db, "SELECT name, \"end\", n, b, NULL FROM t ORDER BY id", false, &s),
                 DB_OK);
    cr_assert_eq(db_step(s), DB_ROW);
    cr_assert_str_eq(db_column_text(s, 0), "first");
    cr_assert_eq(db_column_type(s, 1), DB_INTEGER);
    cr_assert_eq(db_column_int64(s, 1), 100);
    cr_assert_eq(db_column_type(s, 2), DB_FLOAT);
    cr_assert_float_eq(db_column_double(s, 2), 0.5, 1e-12);
    size_t n = 0;
    cr_assert_eq(memcmp(db_column_blob(s, 3, &n), "\x01\x02", 2), 0);
    cr_assert_eq(n, 2);
    cr_assert_eq(db_column_type(s, 4), DB_NULL);
    cr_assert_null(db_column_text(s, 4));
    cr_assert_eq(db_step(s), DB_ROW);
    cr_assert_str_eq(db_column_text(s, 0), "second");
    cr_assert_eq(db_step(s), DB_DONE);
    db_finalize(s);
}

Test(sqlite_db, a_refused_row_is_a_constraint_and_changes_count_rows)
{
    open_new();
    cr_assert_eq(db_exec(db, "INSERT INTO t (name) VALUES ('a'), ('b')"), DB_OK);
    cr_assert_eq(db_changes(db), 2);
    cr_assert_eq(db_exec(db, "INSERT INTO t (name) VALUES ('a')"), DB_CONSTRAINT);
    cr_assert(strstr(db_errmsg(db), "UNIQUE"), "%s", db_errmsg(db));
    cr_assert_eq(db_exec(db, "INSERT INTO t (name) VALUES ('a') ON CONFLICT DO NOTHING"), DB_OK);
    cr_assert_eq(db_changes(db), 0);
    cr_assert_eq(db_exec(db, "SELECT nonsense FROM t"), DB_ERROR);
}

Test(sqlite_db, transactions_and_the_schema_version)
{
    open_new();
    cr_assert_eq(db_schema_version(db), 0);
    cr_assert_not(db_in_transaction(db));
    cr_assert_eq(db_begin(db), DB_OK);
    cr_assert(db_in_transaction(db));
    cr_assert_eq(db_set_schema_version(db, 3), DB_OK);
    cr_assert_eq(db_rollback(db), DB_OK);
    cr_assert_not(db_in_transaction(db));
    cr_assert_eq(db_schema_version(db), 0);
    cr_assert_eq(db_begin(db), DB_OK);
    cr_assert_eq(db_set_schema_version(db, 3), DB_OK);
    cr_assert_eq(db_commit(db), DB_OK);
    cr_assert_eq(db_schema_version(db), 3);
}

Test(sqlite_db, the_shared_target_is_the_file_and_none_in_memory)
{
    open_new();
    const char *shared = db_shared_target(db);
    cr_assert_not_null(shared);
    cr_assert(strstr(shared, strrchr(fx.db, '/')), "%s", shared);
    db_close(db);
    db = NULL;
    char err[256];
    cr_assert_eq(db_open(":memory:", DB_OPEN_CREATE, &db, err, sizeof err), DB_OK, "%s", err);
    cr_assert_null(db_shared_target(db));
}

Test(sqlite_db, a_reader_cannot_write)
{
    char err[256];
    /* an empty database: a store before its first migration */
    cr_assert_eq(db_open(fx.db, DB_OPEN_CREATE, &db, err, sizeof err), DB_OK, "%s", err);
    db_close(db);
    db = NULL;
    cr_assert_eq(db_open(fx.db, DB_OPEN_READ, &db, err, sizeof err), DB_OK, "%s", err);
    cr_assert_eq(db_exec(db, "CREATE TABLE t (a)"), DB_READONLY, "%s", db_errmsg(db));
}

Test(sqlite_db, a_damaged_file_says_so_on_open)
{
    char err[256];
    const char junk[] = "SQLite format 3";
    char page[4096] = {0};
    memcpy(page, junk, sizeof junk);
    char path[512];
    fixture_write(&fx, "test.db", page, sizeof page, path);
    enum db_rc rc = db_open(fx.db, DB_OPEN_READ, &db, err, sizeof err);
    cr_assert_neq(rc, DB_OK);
    cr_assert_null(db);
    cr_assert(strstr(err, "damaged"), "%s", err);
}

Test(sqlite_db, a_file_this_process_cannot_write_is_readonly_for_a_writer)
{
    char err[256];
    cr_assert_eq(db_open(fx.db, DB_OPEN_CREATE, &db, err, sizeof err), DB_OK, "%s", err);
    db_close(db);
    db = NULL;
    cr_assert_eq(chmod(fx.db, 0444), 0);
    if (access(fx.db, W_OK) == 0)
        cr_skip("the file stays writable for this user (root)");
    cr_assert_eq(db_open(fx.db, DB_OPEN_WRITE, &db, err, sizeof err), DB_READONLY);
    cr_assert_null(db);
    cr_assert_eq(db_open(fx.db, DB_OPEN_READ, &db, err, sizeof err), DB_OK, "%s", err);
}

/* db.h's bulk loads: the cases of bulk_cases.c, on a new file. */
#define SQLITE_ID "id INTEGER PRIMARY KEY"

static void
open_empty(void)
{
    char err[256];
    cr_assert_eq(db_open(fx.db, DB_OPEN_CREATE, &db, err, sizeof err), DB_OK, "%s", err);
}

Test(sqlite_db, bulk_values_round_trip)
{
    open_empty();
    bulk_case_values_round_trip(db, SQLITE_ID);
}

Test(sqlite_db, bulk_commit_and_rollback)
{
    open_empty();
    bulk_case_commit_and_rollback(db, SQLITE_ID);
}

Test(sqlite_db, bulk_refused_row)
{
    open_empty();
    bulk_case_refused_row(db, SQLITE_ID, "CHECK constraint failed");
}

Test(sqlite_db, bulk_two_tables)
{
    open_empty();
    bulk_case_two_tables(db, SQLITE_ID);
}
