/* test_pg_db.c — the PostgreSQL backend of db.h against a real server: the
 * one of $SLAUDIT_PG_TEST (tests/pg/cluster.sh starts a throwaway one; `make
 * pg-test`). Each test works in a schema of its own, so tests run side by
 * side. The connection-string cases need no server and always run. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/store/db.h"
#include "engine/store/db_backend.h"
#include "engine/store/postgres/pg_conninfo.h"
#include "engine/store/schema.h"
#include "engine/store/store_db.h"
#include "tests/engine/store/bulk_cases.h"

static struct db *db;
static char schema[64];

/* A connection to the test server in a fresh schema, or the test skipped. */
static struct db *
connect_in_schema(const char *name, enum db_open_mode mode)
{
    const char *target = getenv("SLAUDIT_PG_TEST");
    if (!target || !*target)
        cr_skip_test("SLAUDIT_PG_TEST is not set; no PostgreSQL server to test against");
    char err[512];
    struct db *c = NULL;
    enum db_rc rc = db_postgres_ops.open(target, mode, &c, err, sizeof err);
    cr_assert_eq(rc, DB_OK, "open: %s", err);
    snprintf(schema, sizeof schema, "t_%s_%ld", name, (long)getpid());
    char sql[256];
    snprintf(sql, sizeof sql, "CREATE SCHEMA IF NOT EXISTS %s; SET search_path = %s", schema,
             schema);
    if (mode != DB_OPEN_READ)
        cr_assert_eq(db_exec(c, sql), DB_OK, "%s", db_errmsg(c));
    return c;
}

static void
drop_schema(void)
{
    if (!db)
        return;
    char sql[128];
    snprintf(sql, sizeof sql, "DROP SCHEMA IF EXISTS %s CASCADE", schema);
    db_exec(db, sql);
    db_close(db);
    db = NULL;
}

TestSuite(pg_db, .fini = drop_schema);

static void
exec_ok(const char *sql)
{
    cr_assert_eq(db_exec(db, sql), DB_OK, "%s: %s", sql, db_errmsg(db));
}

static struct db_stmt *
prep(const char *sql)
{
    struct db_stmt *s = NULL;
    cr_assert_eq(db_prepare(db, sql, false, &s), DB_OK, "%s: %s", sql, db_errmsg(db));
    return s;
}

Test(pg_db, numbered_parameters_and_one_used_twice)
{
    db = connect_in_schema("params", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE t (a integer, b text, c integer)");
    struct db_stmt *ins = prep("INSERT INTO t (a, b, c) VALUES (?1, ?2, ?1 + 1)");
    cr_assert_eq(db_bind_int64(ins, 1, 41), DB_OK);
    cr_assert_eq(db_bind_text(ins, 2, "x"), DB_OK);
    cr_assert_eq(db_step(ins), DB_DONE, "%s", db_errmsg(db));
    cr_assert_eq(db_changes(db), 1);
    db_finalize(ins);
    struct db_stmt *sel = prep("SELECT b, c FROM t WHERE a = ? AND c = ?");
    db_bind_int64(sel, 1, 41);
    db_bind_int64(sel, 2, 42);
    cr_assert_eq(db_step(sel), DB_ROW, "%s", db_errmsg(db));
    cr_assert_str_eq(db_column_text(sel, 0), "x");
    cr_assert_eq(db_column_int64(sel, 1), 42);
    cr_assert_eq(db_column_type(sel, 1), DB_INTEGER);
    cr_assert_eq(db_step(sel), DB_DONE);
    db_finalize(sel);
}

Test(pg_db, quotes_and_a_question_mark_inside_a_literal)
{
    db = connect_in_schema("quotes", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE t (a text, b text)");
    struct db_stmt *ins = prep("INSERT INTO t (a, b) VALUES ('what?', ?1)");
    db_bind_text(ins, 1, "it's \"quoted\" ?2");
    cr_assert_eq(db_step(ins), DB_DONE, "%s", db_errmsg(db));
    db_finalize(ins);
    struct db_stmt *sel = prep("SELECT a, b, 'x?y' AS \"c?\" FROM t WHERE a = 'what?'");
    cr_assert_eq(db_step(sel), DB_ROW, "%s", db_errmsg(db));
    cr_assert_str_eq(db_column_text(sel, 0), "what?");
    cr_assert_str_eq(db_column_text(sel, 1), "it's \"quoted\" ?2");
    cr_assert_str_eq(db_column_text(sel, 2), "x?y");
    db_finalize(sel);
}

Test(pg_db, null_binding_and_is_null)
{
    db = connect_in_schema("nulls", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE t (a integer, b text)");
    exec_ok("INSERT INTO t VALUES (1, 'one'), (2, NULL)");
    struct db_stmt *ins = prep("INSERT INTO t (a, b) VALUES (?1, ?2)");
    db_bind_int64(ins, 1, 3);
    db_bind_null(ins, 2);
    cr_assert_eq(db_step(ins), DB_DONE, "%s", db_errmsg(db));
    db_finalize(ins);
    struct db_stmt *sel = prep("SELECT count(*) FROM t WHERE ?1 IS NULL OR b = ?1");
    db_bind_null(sel, 1);
    cr_assert_eq(db_step(sel), DB_ROW, "%s", db_errmsg(db));
    cr_assert_eq(db_column_int64(sel, 0), 3);
    cr_assert_eq(db_reset(sel), DB_OK);
    db_bind_text(sel, 1, "one");
    cr_assert_eq(db_step(sel), DB_ROW, "%s", db_errmsg(db));
    cr_assert_eq(db_column_int64(sel, 0), 1);
    db_finalize(sel);
    struct db_stmt *up = prep("UPDATE t SET b = 'none' WHERE b IS NULL AND ?1 IS NULL");
    db_bind_null(up, 1);
    cr_assert_eq(db_step(up), DB_DONE, "%s", db_errmsg(db));
    cr_assert_eq(db_changes(db), 2);
    db_reset(up);
    db_bind_text(up, 1, "set");
    cr_assert_eq(db_step(up), DB_DONE, "%s", db_errmsg(db));
    cr_assert_eq(db_changes(db), 0);
    db_finalize(up);
    exec_ok("UPDATE t SET b = NULL WHERE a = 3");
    struct db_stmt *b = prep("SELECT b FROM t WHERE a = 3");
    cr_assert_eq(db_step(b), DB_ROW);
    cr_assert_eq(db_column_type(b, 0), DB_NULL);
    cr_assert_null(db_column_text(b, 0));
    db_finalize(b);
}

Test(pg_db, int64_extremes)
{
    db = connect_in_schema("int64", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE t (v bigint)");
    const int64_t vals[] = {INT64_MIN, -1, 0, INT64_MAX};
    struct db_stmt *ins = prep("INSERT INTO t VALUES (?1)");
    for (size_t k = 0; k < 4; k++) {
        db_bind_int64(ins, 1, vals[k]);
        cr_assert_eq(db_step(ins), DB_DONE, "%s", db_errmsg(db));
        db_reset(ins);
    }
    db_finalize(ins);
    struct db_stmt *sel = prep("SELECT v FROM t WHERE v = ?1");
    for (size_t k = 0; k < 4; k++) {
        db_bind_int64(sel, 1, vals[k]);
        cr_assert_eq(db_step(sel), DB_ROW, "%s", db_errmsg(db));
        cr_assert_eq(db_column_int64(sel, 0), vals[k]);
        db_reset(sel);
    }
    db_finalize(sel);
}

Test(pg_db, doubles_round_trip_bit_exactly)
{
    db = connect_in_schema("doubles", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE t (k integer, v double precision)");
    const double vals[] = {0.1, 1e-300, 99.95, 1.0 / 3.0, -2.5e300};
    struct db_stmt *ins = prep("INSERT INTO t VALUES (?1, ?2)");
    for (int k = 0; k < 5; k++) {
        db_bind_int64(ins, 1, k);
        db_bind_double(ins, 2, vals[k]);
        cr_assert_eq(db_step(ins), DB_DONE, "%s", db_errmsg(db));
        db_reset(ins);
    }
    db_finalize(ins);
    struct db_stmt *sel = prep("SELECT v, v = ?1 FROM t WHERE k = ?2");
    for (int k = 0; k < 5; k++) {
        db_bind_double(sel, 1, vals[k]);
        db_bind_int64(sel, 2, k);
        cr_assert_eq(db_step(sel), DB_ROW, "%s", db_errmsg(db));
        double got = db_column_double(sel, 0);
        cr_assert(memcmp(&got, &vals[k], sizeof got) == 0, "%.17g came back as %.17g", vals[k],
                  got);
        cr_assert_eq(db_column_type(sel, 0), DB_FLOAT);
        cr_assert_eq(db_column_int64(sel, 1), 1, "the server's comparison");
        db_reset(sel);
    }
    db_finalize(sel);
}

Test(pg_db, blobs_with_nul_bytes)
{
    db = connect_in_schema("blobs", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE t (b bytea, c bytea)");
    const unsigned char blob[] = {0, 1, 0, 255, '\\', 'x', 0};
    struct db_stmt *ins = prep("INSERT INTO t VALUES (?1, ?2)");
    db_bind_blob(ins, 1, blob, sizeof blob);
    db_bind_blob(ins, 2, blob + 1, 3);
    cr_assert_eq(db_step(ins), DB_DONE, "%s", db_errmsg(db));
    db_finalize(ins);
    struct db_stmt *sel = prep("SELECT b, c, length(b) FROM t");
    cr_assert_eq(db_step(sel), DB_ROW, "%s", db_errmsg(db));
    cr_assert_eq(db_column_type(sel, 0), DB_BLOB);
    size_t n = 0, m = 0;
    const void *got = db_column_blob(sel, 0, &n);
    const void *got2 = db_column_blob(sel, 1, &m);
    cr_assert_eq(n, sizeof blob);
    cr_assert(memcmp(got, blob, n) == 0);
    cr_assert_eq(m, 3);
    cr_assert(memcmp(got2, blob + 1, 3) == 0);
    db_column_blob(sel, 0, &n); /* asked twice, the same length */
    cr_assert_eq(n, sizeof blob);
    cr_assert_eq(db_column_int64(sel, 2), (int64_t)sizeof blob);
    db_finalize(sel);
}

Test(pg_db, unique_violation_is_a_constraint)
{
    db = connect_in_schema("unique", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE t (k text UNIQUE)");
    struct db_stmt *ins = prep("INSERT INTO t VALUES (?1)");
    db_bind_text(ins, 1, "a");
    cr_assert_eq(db_step(ins), DB_DONE, "%s", db_errmsg(db));
    db_reset(ins);
    db_bind_text(ins, 1, "a");
    cr_assert_eq(db_step(ins), DB_CONSTRAINT);
    cr_assert(strstr(db_errmsg(db), "duplicate key") != NULL, "%s", db_errmsg(db));
    db_finalize(ins);
}

Test(pg_db, a_statement_between_two_steps_of_a_long_read)
{
    db = connect_in_schema("between", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE t (k integer); INSERT INTO t SELECT g FROM generate_series(1, 2000) g");
    exec_ok("CREATE TABLE seen (k integer)");
    struct db_stmt *sel = prep("SELECT k FROM t ORDER BY k");
    struct db_stmt *ins = prep("INSERT INTO seen VALUES (?1)");
    int64_t rows = 0, sum = 0;
    enum db_rc rc;
    while ((rc = db_step(sel)) == DB_ROW) {
        int64_t k = db_column_int64(sel, 0);
        rows++;
        sum += k;
        cr_assert(db_stmt_busy(sel));
        db_bind_int64(ins, 1, k);
        cr_assert_eq(db_step(ins), DB_DONE, "%s", db_errmsg(db));
        cr_assert_eq(db_changes(db), 1);
        db_reset(ins);
    }
    cr_assert_eq(rc, DB_DONE, "%s", db_errmsg(db));
    cr_assert_not(db_stmt_busy(sel));
    cr_assert_eq(rows, 2000);
    cr_assert_eq(sum, 2000 * 2001 / 2);
    cr_assert_not(db_in_transaction(db), "the read's transaction ended with it");
    db_finalize(sel);
    db_finalize(ins);
    struct db_stmt *count = prep("SELECT count(*) FROM seen");
    cr_assert_eq(db_step(count), DB_ROW);
    cr_assert_eq(db_column_int64(count, 0), 2000, "the writes were committed");
    db_finalize(count);
}

Test(pg_db, changes_count_rows_and_returning_gives_a_row)
{
    db = connect_in_schema("changes", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE t (id serial PRIMARY KEY, k integer)");
    exec_ok("INSERT INTO t (k) SELECT g FROM generate_series(1, 10) g");
    struct db_stmt *up = prep("UPDATE t SET k = k + 100 WHERE k > ?1");
    db_bind_int64(up, 1, 6);
    cr_assert_eq(db_step(up), DB_DONE, "%s", db_errmsg(db));
    cr_assert_eq(db_changes(db), 4);
    db_finalize(up);
    struct db_stmt *ret = prep("INSERT INTO t (k) VALUES (?1) RETURNING id");
    db_bind_int64(ret, 1, 7);
    cr_assert_eq(db_step(ret), DB_ROW, "%s", db_errmsg(db));
    cr_assert_eq(db_column_int64(ret, 0), 11);
    cr_assert_eq(db_step(ret), DB_DONE);
    db_finalize(ret);
}

Test(pg_db, schema_version_zero_then_set)
{
    db = connect_in_schema("version", DB_OPEN_CREATE);
    cr_assert_eq(db_schema_version(db), 0);
    cr_assert_eq(db_begin(db), DB_OK);
    cr_assert(db_in_transaction(db));
    cr_assert_eq(db_set_schema_version(db, 7), DB_OK, "%s", db_errmsg(db));
    cr_assert_eq(db_commit(db), DB_OK);
    cr_assert_not(db_in_transaction(db));
    cr_assert_eq(db_schema_version(db), 7);
    cr_assert_eq(db_set_schema_version(db, 8), DB_OK, "%s", db_errmsg(db));
    cr_assert_eq(db_schema_version(db), 8);
}

/* SLAUDIT_PG_TEST with the test's schema as the one the store's tables go
 * in. */
static const char *
target_in_schema(void)
{
    static char target[512];
    snprintf(target, sizeof target, "%s options=-csearch_path=%s", getenv("SLAUDIT_PG_TEST"),
             schema);
    return target;
}

Test(pg_db, a_read_open_refuses_an_insert)
{
    db = connect_in_schema("readonly", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE t (k integer)");
    cr_assert_eq(db_set_schema_version(db, 1), DB_OK, "%s", db_errmsg(db));
    struct db *rd = NULL;
    char err[256];
    cr_assert_eq(db_postgres_ops.open(target_in_schema(), DB_OPEN_READ, &rd, err, sizeof err),
                 DB_OK, "%s", err);
    char sql[256];
    snprintf(sql, sizeof sql, "INSERT INTO %s.t VALUES (1)", schema);
    cr_assert_eq(db_exec(rd, sql), DB_READONLY, "%s", db_errmsg(rd));
    struct db_stmt *s = NULL;
    snprintf(sql, sizeof sql, "SELECT count(*) FROM %s.t", schema);
    cr_assert_eq(db_prepare(rd, sql, true, &s), DB_OK, "%s", db_errmsg(rd));
    cr_assert_eq(db_step(s), DB_ROW, "%s", db_errmsg(rd));
    cr_assert_eq(db_column_int64(s, 0), 0);
    db_finalize(s);
    db_close(rd);
}

Test(pg_db, an_empty_schema_is_a_store_only_to_create)
{
    db = connect_in_schema("empty", DB_OPEN_CREATE);
    struct db *c = NULL;
    char err[256];
    cr_assert_eq(db_postgres_ops.open(target_in_schema(), DB_OPEN_READ, &c, err, sizeof err),
                 DB_CANTOPEN);
    cr_assert_str_empty(err, "a missing store is told by the store, not the server: %s", err);
    cr_assert_eq(db_postgres_ops.open(target_in_schema(), DB_OPEN_CREATE, &c, err, sizeof err),
                 DB_OK, "%s", err);
    db_close(c);
}

Test(pg_db, another_programs_tables_are_left_alone)
{
    db = connect_in_schema("foreign", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE sources (id integer)");
    struct db *c = NULL;
    char err[256];
    cr_assert_eq(db_postgres_ops.open(target_in_schema(), DB_OPEN_CREATE, &c, err, sizeof err),
                 DB_ERROR);
    cr_assert(strstr(err, "not a slaudit store"), "%s", err);
    cr_assert_null(c);
}

/* Every migration, one version at a time, as a store is brought up to date. */
static void
migrate_one_by_one(void)
{
    for (int v = 1; v <= SCHEMA_VERSION; v++) {
        cr_assert_eq(db_begin(db), DB_OK);
        cr_assert_eq(db_lock_schema(db), DB_OK, "%s", db_errmsg(db));
        const char *sql = db_migration(db, v);
        cr_assert(!sql || db_exec(db, sql) == DB_OK, "migration %d: %s", v, db_errmsg(db));
        cr_assert_eq(db_set_schema_version(db, v), DB_OK, "%s", db_errmsg(db));
        cr_assert_eq(db_commit(db), DB_OK, "%s", db_errmsg(db));
    }
}

Test(pg_db, migrations_line_up_with_sqlites)
{
    db = connect_in_schema("migrate", DB_OPEN_CREATE);
    cr_assert_null(db_migration(db, 0));
    cr_assert_null(db_migration(db, SCHEMA_VERSION + 1));
    cr_assert_not_null(db_migration(db, 1));
    migrate_one_by_one();
    cr_assert_eq(db_schema_version(db), SCHEMA_VERSION);
    struct db *c = NULL;
    char err[256];
    cr_assert_eq(db_postgres_ops.open(target_in_schema(), DB_OPEN_READ, &c, err, sizeof err), DB_OK,
                 "%s", err);
    cr_assert_eq(db_schema_version(c), SCHEMA_VERSION);
    db_close(c);
}

Test(pg_db, the_delete_of_a_saved_result_can_search_its_whole_key)
{
    db = connect_in_schema("evalkey", DB_OPEN_CREATE);
    migrate_one_by_one();
    exec_ok("SET enable_seqscan = off");
    struct db_stmt *plan = prep("EXPLAIN DELETE FROM eval_results WHERE " STORE_EVAL_KEY_WHERE);
    db_bind_text(plan, 1, "h");
    db_bind_text(plan, 2, "provider:x");
    db_bind_null(plan, 3);
    db_bind_text(plan, 4, "month");
    db_bind_int64(plan, 5, 0);
    db_bind_int64(plan, 6, 60);
    char text[2048] = "";
    size_t len = 0;
    while (db_step(plan) == DB_ROW && len < sizeof text)
        len += (size_t)snprintf(text + len, sizeof text - len, "%s\n", db_column_text(plan, 0));
    db_finalize(plan);
    cr_assert(strstr(text, "Index Scan using eval_results_by_key"), "%s", text);
    cr_assert(strstr(text, "(definitions_hash = 'h'::text) AND (COALESCE(service, ''::text) = "
                           "''::text) AND (window_kind = 'month'::text) AND (window_end = "
                           "'60'::bigint))"),
              "%s", text);
}

Test(pg_db, a_bad_connection_shows_no_password)
{
    const char *target = getenv("SLAUDIT_PG_TEST");
    if (!target || !*target)
        cr_skip_test("SLAUDIT_PG_TEST is not set; no PostgreSQL server to test against");
    char bad[512], err[512];
    snprintf(bad, sizeof bad, "%s password=hunter2secret dbname=no_such_db_hunter2secret", target);
    struct db *c = NULL;
    cr_assert_eq(db_postgres_ops.open(bad, DB_OPEN_WRITE, &c, err, sizeof err), DB_CANTOPEN);
    cr_assert_null(c);
    cr_assert(strstr(err, "no_such_db") != NULL, "the server's message: %s", err);
    cr_assert(strstr(err, "hunter2secret") == NULL, "%s", err);
    cr_assert_eq(db_postgres_ops.open("postgresql://u:hunter2secret@/x?host=/nonexistent",
                                      DB_OPEN_WRITE, &c, err, sizeof err),
                 DB_CANTOPEN);
    cr_assert(*err);
    cr_assert(strstr(err, "hunter2secret") == NULL, "%s", err);
}

Test(pg_db, targets_that_name_a_server)
{
    cr_assert(db_postgres_target("postgresql://user@host/db"));
    cr_assert(db_postgres_target("postgres://host"));
    cr_assert(db_postgres_target("host=/tmp dbname=x"));
    cr_assert(db_postgres_target("dbname = x  sslmode=require"));
    cr_assert(db_postgres_target("password='se cret' host=h"));
    cr_assert_not(db_postgres_target("store.db"));
    cr_assert_not(db_postgres_target("./a=b.db"));
    cr_assert_not(db_postgres_target("a=b.db"), "not a libpq keyword");
    cr_assert_not(db_postgres_target("/var/lib/x/host=y"));
    cr_assert_not(db_postgres_target(""));
    /* Written as a connection string, refused by libpq: an error when
     * opened, never a SQLite file of that name. */
    cr_assert(db_postgres_target("host=/tmp dbname='x"), "an open quote");
    cr_assert(db_postgres_target("host=/tmp dbnme=x password=pw"), "a mistyped keyword");
    cr_assert(db_postgres_target("dbnme=x user=u"));
    cr_assert_not(db_postgres_target("dbnme=x"), "no keyword libpq knows");
    cr_assert_not(db_postgres_target(":memory:"));
}

static void
redacts(const char *in, const char *want)
{
    char *got = db_postgres_redact(in);
    cr_assert_not_null(got);
    cr_assert_str_eq(got, want);
    free(got);
}

Test(pg_db, redacting_masks_only_the_password)
{
    redacts("postgresql://user:secret@host/db", "postgresql://user:***@host/db");
    redacts("postgres://user@host:5432/db", "postgres://user@host:5432/db");
    redacts("postgresql://u:p%40ss@h/db?sslmode=verify-full&password=two",
            "postgresql://u:***@h/db?sslmode=verify-full&password=***");
    redacts("host=/tmp password=secret dbname=x", "host=/tmp password=*** dbname=x");
    redacts("password='se cret' sslrootcert=/etc/ca.pem", "password=*** sslrootcert=/etc/ca.pem");
    redacts("password = 'it\\'s'  host=h", "password = ***  host=h");
    redacts("host=h dbname=x", "host=h dbname=x");
    /* a ? or # belongs to the password: libpq ends the user part at @ */
    redacts("postgresql://u:pa?ss@h/db", "postgresql://u:***@h/db");
    redacts("postgresql://u:p#ss@h:5432/db?sslmode=require",
            "postgresql://u:***@h:5432/db?sslmode=require");
    redacts("postgresql://u:p@ss@h/db", "postgresql://u:***@h/db");
    /* libpq decodes a query key: ?%70assword= is password= */
    redacts("postgresql://u@h/db?%70assword=two&sslmode=require",
            "postgresql://u@h/db?%70assword=***&sslmode=require");
    redacts("postgresql://u@h/db?passw%6Frd=two", "postgresql://u@h/db?passw%6Frd=***");
    redacts("postgresql://u@h/db?passwordx=two", "postgresql://u@h/db?passwordx=two");
    /* a keyword string libpq refuses still has its password masked */
    redacts("host=/tmp password=secret dbname='x", "host=/tmp password=*** dbname='x");
}

Test(pg_db, a_password_is_blanked_in_place)
{
    char uri[] = "postgresql://u:pa?ss@h/db?%70assword=two", kw[] = "host=h password='s e' x=1",
         file[] = "store.db";
    db_blank_password(uri);
    cr_assert_str_eq(uri, "postgresql://u:*****@h/db?%70assword=***");
    db_blank_password(kw);
    cr_assert_str_eq(kw, "host=h password=***** x=1");
    db_blank_password(file);
    cr_assert_str_eq(file, "store.db");
}

Test(pg_db, a_mistyped_keyword_is_refused_as_a_connection_string)
{
    char err[512];
    struct db *c = NULL;
    cr_assert_eq(db_open("host=/nonexistent dbnme=x password=hunter2secret", DB_OPEN_WRITE, &c, err,
                         sizeof err),
                 DB_CANTOPEN);
    cr_assert_null(c);
    cr_assert(strstr(err, "not a connection string libpq reads: invalid connection option "
                          "\"dbnme\"") != NULL,
              "%s", err);
    cr_assert(strstr(err, "hunter2secret") == NULL, "%s", err);
}

Test(pg_db, a_message_echoing_the_target_is_scrubbed)
{
    char out[256];
    pg_conninfo_scrub("connection to \"host=h password='se cret'\" failed: se cret",
                      "host=h "
                      "password='se cret'",
                      out, sizeof out);
    cr_assert_str_eq(out, "connection to \"host=h password=***\" failed: ***");
    pg_conninfo_scrub("bad uri postgresql://u:p%40ss@h/db and p@ss", "postgresql://u:p%40ss@h/db",
                      out, sizeof out);
    cr_assert_str_eq(out, "bad uri postgresql://u:***@h/db and ***");
    pg_conninfo_scrub("FATAL: database \"x\" does not exist", "host=h dbname=x", out, 12);
    cr_assert_str_eq(out, "FATAL: data", "cut to the buffer");
}

Test(pg_db, redact_target_dispatches)
{
    /* db_redact_target comes here for a server, and leaves a file be. */
    char *r = db_redact_target("host=h password=pw1234");
    cr_assert_str_eq(r, "host=h password=***");
    free(r);
    r = db_redact_target("store.db");
    cr_assert_str_eq(r, "store.db");
    free(r);
}

Test(pg_db, the_shared_target_is_the_connection_string)
{
    db = connect_in_schema("shared", DB_OPEN_CREATE);
    cr_assert_str_eq(db_backend(db), "postgresql");
    cr_assert_str_eq(db_shared_target(db), getenv("SLAUDIT_PG_TEST"));
}

/* db.h's bulk loads through COPY: the cases every backend passes
 * (bulk_cases.c), then what only a server does. */
#define PG_ID "id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"

Test(pg_db, bulk_values_round_trip)
{
    db = connect_in_schema("bulk_values", DB_OPEN_CREATE);
    bulk_case_values_round_trip(db, PG_ID);
}

Test(pg_db, bulk_commit_and_rollback)
{
    db = connect_in_schema("bulk_commit", DB_OPEN_CREATE);
    bulk_case_commit_and_rollback(db, PG_ID);
}

Test(pg_db, bulk_refused_row)
{
    db = connect_in_schema("bulk_refused", DB_OPEN_CREATE);
    bulk_case_refused_row(db, PG_ID, "violates check constraint");
}

Test(pg_db, bulk_two_tables)
{
    db = connect_in_schema("bulk_two", DB_OPEN_CREATE);
    bulk_case_two_tables(db, PG_ID);
}

static struct db_bulk *
bulk(const char *table, const char *columns)
{
    struct db_bulk *b = NULL;
    cr_assert_eq(db_bulk_open(db, table, columns, &b), DB_OK, "%s", db_errmsg(db));
    return b;
}

/* Rows enough to pass the buffer, so that the COPY is open after them. */
static void
fill(struct db_bulk *b, int rows)
{
    for (int i = 1; i <= rows; i++) {
        struct db_value row[] = {db_value_int64(i), db_value_text("a row of some length")};
        cr_assert_eq(db_bulk_add(b, row), DB_OK, "%s", db_errmsg(db));
    }
}

Test(pg_db, bulk_error_says_what_an_insert_says)
{
    db = connect_in_schema("bulk_words", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE m (n bigint CHECK (n > 0), s text)");
    struct db_stmt *ins = prep("INSERT INTO m (n, s) VALUES (?1, ?2)");
    db_bind_int64(ins, 1, -1);
    db_bind_text(ins, 2, "tab\there");
    cr_assert_eq(db_step(ins), DB_CONSTRAINT);
    char inserted[1024];
    snprintf(inserted, sizeof inserted, "%s", db_errmsg(db));
    db_finalize(ins);
    struct db_bulk *b = bulk("m", "n, s");
    fill(b, 3000);
    struct db_value row[] = {db_value_int64(-1), db_value_text("tab\there")};
    cr_assert_eq(db_bulk_add(b, row), DB_OK, "%s", db_errmsg(db));
    cr_assert_eq(db_bulk_flush(b), DB_CONSTRAINT, "%s", db_errmsg(db));
    cr_assert_str_eq(db_errmsg(db), inserted);
    db_rollback(db);
    db_bulk_close(b);
}

/* A COPY's error that surfaces where nobody looks (a statement finalized)
 * is kept: COMMIT in the failed transaction would answer with a rollback,
 * not an error, and the rows would be lost unsaid. */
Test(pg_db, bulk_error_kept_for_the_commit)
{
    db = connect_in_schema("bulk_kept", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE k (n bigint CHECK (n > 0), s text)");
    struct db_stmt *sel = prep("SELECT count(*) FROM k");
    struct db_bulk *b = bulk("k", "n, s");
    cr_assert_eq(db_begin(db), DB_OK, "%s", db_errmsg(db));
    struct db_value row[] = {db_value_int64(0), db_value_text("refused")};
    cr_assert_eq(db_bulk_add(b, row), DB_OK, "%s", db_errmsg(db));
    fill(b, 3000);
    db_finalize(sel);
    cr_assert_eq(db_commit(db), DB_CONSTRAINT, "%s", db_errmsg(db));
    cr_assert(strstr(db_errmsg(db), "violates check constraint"), "%s", db_errmsg(db));
    cr_assert_eq(db_rollback(db), DB_OK, "%s", db_errmsg(db));
    sel = prep("SELECT count(*) FROM k");
    cr_assert_eq(db_step(sel), DB_ROW, "%s", db_errmsg(db));
    cr_assert_eq(db_column_int64(sel, 0), 0);
    db_finalize(sel);
    db_bulk_close(b);
}

Test(pg_db, bulk_connection_lost_is_cantopen)
{
    db = connect_in_schema("bulk_lost", DB_OPEN_CREATE);
    exec_ok("CREATE TABLE l (n bigint, s text)");
    struct db_stmt *pid = prep("SELECT pg_backend_pid()");
    cr_assert_eq(db_step(pid), DB_ROW, "%s", db_errmsg(db));
    char sql[128];
    snprintf(sql, sizeof sql, "SELECT pg_terminate_backend(%lld, 5000)",
             (long long)db_column_int64(pid, 0));
    db_finalize(pid);
    struct db_bulk *b = bulk("l", "n, s");
    cr_assert_eq(db_begin(db), DB_OK, "%s", db_errmsg(db));
    fill(b, 3000); /* the COPY is open */
    /* Another connection, to a schema that does not exist: an empty one,
     * which a create open takes, whatever the other tests left around. */
    struct db *other = NULL;
    char target[1024], err[512];
    snprintf(target, sizeof target, "%s options=-csearch_path=t_none_%ld",
             getenv("SLAUDIT_PG_TEST"), (long)getpid());
    cr_assert_eq(db_postgres_ops.open(target, DB_OPEN_CREATE, &other, err, sizeof err), DB_OK, "%s",
                 err);
    cr_assert_eq(db_exec(other, sql), DB_OK, "%s", db_errmsg(other));
    db_close(other);
    enum db_rc rc = DB_OK;
    for (int i = 0; i < 10000 && rc == DB_OK; i++) {
        struct db_value row[] = {db_value_int64(i), db_value_text("after the end")};
        rc = db_bulk_add(b, row);
    }
    if (rc == DB_OK)
        rc = db_bulk_flush(b);
    cr_assert_eq(rc, DB_CANTOPEN, "%d: %s", rc, db_errmsg(db));
    cr_assert_neq(db_commit(db), DB_OK);
    db_bulk_close(b);
    db_close(db);
    db = connect_in_schema("bulk_lost", DB_OPEN_CREATE); /* for the schema's removal */
}
