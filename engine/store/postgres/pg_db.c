/* pg_db.c — db.h over libpq: the store's SQL on a PostgreSQL server.
 *
 * Statements are prepared on the server under a name of their own. A query
 * (SELECT, VALUES, TABLE, WITH) is read through a server-side cursor,
 * FETCH_ROWS rows at a time, so memory stays bounded on any size and another
 * statement may run between two steps. A cursor lives in a transaction:
 * when none is open, the first cursor opens one (the "read transaction"),
 * and the last cursor to end or be reset commits it. A statement run while
 * a read transaction is open runs inside a savepoint, so that its failure
 * does not end the reads around it; its changes are committed with the read
 * transaction. db_begin while a read transaction is open takes it over as
 * the caller's transaction. db_in_transaction is true only for the caller's
 * own. A cursor does not outlive the caller's COMMIT or ROLLBACK: a step
 * after it fails with DB_ERROR. */
#include "engine/store/postgres/pg_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/store/postgres/pg_conninfo.h"
#include "engine/store/postgres/pg_schema.h"
#include "engine/store/schema.h"

/* The server's message is kept on one line, as slaudit's messages are: its
 * lines (ERROR, DETAIL, HINT, …) joined by "; ". */
void
pg_db_set_err(struct pg_db *db, const char *msg)
{
    char raw[PG_DB_ERR_SIZE];
    if (!msg || !*msg)
        msg = "unknown PostgreSQL error";
    size_t n = 0;
    for (const char *p = msg; *p && n + 3 < sizeof raw; p++) {
        if (*p != '\n') {
            raw[n++] = *p;
            continue;
        }
        while (p[1] == '\n' || p[1] == ' ')
            p++;
        if (p[1]) {
            raw[n++] = ';';
            raw[n++] = ' ';
        }
    }
    while (n && raw[n - 1] == ' ')
        n--;
    raw[n] = '\0';
    pg_conninfo_scrub(raw, db->target, db->err, sizeof db->err);
}

static enum db_rc
rc_of_state(const char *state)
{
    if (!state || strlen(state) != 5)
        return DB_ERROR;
    if (strncmp(state, "23", 2) == 0)
        return DB_CONSTRAINT;
    if (strcmp(state, "40001") == 0 || strcmp(state, "40P01") == 0)
        return DB_RETRY;
    if (strcmp(state, "25006") == 0 || strcmp(state, "42501") == 0)
        return DB_READONLY;
    if (strcmp(state, "55P03") == 0)
        return DB_BUSY;
    if (strncmp(state, "08", 2) == 0)
        return DB_CANTOPEN;
    if (strcmp(state, "53200") == 0)
        return DB_NOMEM;
    if (strcmp(state, "XX001") == 0 || strcmp(state, "XX002") == 0)
        return DB_CORRUPT;
    return DB_ERROR;
}

enum db_rc
pg_db_check(struct pg_db *db, PGresult *res, bool keep)
{
    ExecStatusType st = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK) {
        if (!keep)
            PQclear(res);
        return DB_OK;
    }
    enum db_rc rc;
    db->state[0] = '\0';
    if (res) {
        const char *state = PQresultErrorField(res, PG_DIAG_SQLSTATE);
        pg_db_set_err(db, PQresultErrorMessage(res));
        rc = rc_of_state(state);
        if (state)
            snprintf(db->state, sizeof db->state, "%s", state);
        PQclear(res);
    } else {
        pg_db_set_err(db, PQerrorMessage(db->conn));
        rc = DB_ERROR;
    }
    if (PQstatus(db->conn) == CONNECTION_BAD)
        rc = DB_CANTOPEN;
    return rc;
}

enum db_rc
pg_db_run(struct pg_db *db, const char *sql)
{
    return pg_db_check(db, PQexec(db->conn, sql), false);
}

static void
quiet(void *arg, const char *message)
{
    (void)arg;
    (void)message; /* notices are not errors, and the library never prints */
}

static void pg_close(struct db *base);

/* What the version table's comment says: that the database (its schema on
 * the search path) is a slaudit store. */
#define PG_STORE_COMMENT "slaudit store"

/* Whether the schema the store's tables go in is a slaudit store, told
 * before anything is written to it, as sqlite_db.c tells a file: the version
 * table with its comment, or, to be made one (DB_OPEN_CREATE), no table at
 * all. DB_CANTOPEN with no message for an empty one opened otherwise, as
 * for a missing file. One statement, so one snapshot of the catalog. */
static enum db_rc
identify(struct pg_db *db, enum db_open_mode mode)
{
    PGresult *res =
        PQexec(db->conn,
               "SELECT to_regclass('slaudit_schema') IS NOT NULL,"
               " coalesce(obj_description(to_regclass('slaudit_schema'), 'pg_class'), ''),"
               " (SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
               "  WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f'))");
    enum db_rc rc = pg_db_check(db, res, true);
    if (rc != DB_OK)
        return rc;
    bool versioned = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
    bool ours = versioned && strcmp(PQgetvalue(res, 0, 1), PG_STORE_COMMENT) == 0;
    bool empty = strcmp(PQgetvalue(res, 0, 2), "0") == 0;
    PQclear(res);
    if (ours)
        return DB_OK;
    if (empty) {
        if (mode == DB_OPEN_CREATE)
            return DB_OK;
        db->err[0] = '\0';
        return DB_CANTOPEN;
    }
    pg_db_set_err(db, "not a slaudit store (another program's PostgreSQL database?); it was "
                      "left as it was: give another --db, or a schema of its own (options="
                      "-csearch_path=…)");
    return DB_ERROR;
}

static enum db_rc
pg_open(const char *target, enum db_open_mode mode, struct db **out, char *err, size_t errsize)
{
    enum db_rc rc = DB_NOMEM;
    struct pg_db *db = calloc(1, sizeof *db);
    if (!db || !(db->target = strdup(target))) {
        if (err && errsize)
            snprintf(err, errsize, "out of memory");
        goto fail;
    }
    db->base.ops = &db_postgres_ops;
    /* A target that looks like a connection string and is not one (a
     * mistyped keyword, an open quote) is refused as such: never a
     * connection made with part of it, nor a SQLite file of its name. */
    char *why = NULL;
    PQconninfoOption *parsed = PQconninfoParse(target, &why);
    if (!parsed) {
        char said[400];
        const char *text = why ? why : "out of memory";
        size_t n = strcspn(text, "\n");
        snprintf(said, sizeof said,
                 "not a connection string libpq reads: %.*s; a SQLite file whose name "
                 "holds an = is given as ./NAME",
                 (int)n, text);
        pg_db_set_err(db, said);
        if (why)
            PQfreemem(why);
        rc = DB_CANTOPEN;
        goto fail_msg;
    }
    PQconninfoFree(parsed);
    db->conn = PQconnectdb(target);
    if (!db->conn || PQstatus(db->conn) != CONNECTION_OK) {
        pg_db_set_err(db, db->conn ? PQerrorMessage(db->conn) : "out of memory");
        rc = db->conn ? DB_CANTOPEN : DB_NOMEM;
        goto fail_msg;
    }
    PQsetNoticeProcessor(db->conn, quiet, NULL);
    rc = pg_db_run(db, "SET client_encoding = 'UTF8'; SET DateStyle = ISO; "
                       "SET extra_float_digits = 3");
    if (rc == DB_OK && mode == DB_OPEN_READ)
        rc = pg_db_run(db, "SET default_transaction_read_only = on");
    if (rc == DB_OK)
        rc = identify(db, mode);
    if (rc != DB_OK)
        goto fail_msg;
    *out = &db->base;
    return DB_OK;
fail_msg:
    if (err && errsize)
        snprintf(err, errsize, "%s", db->err);
fail:
    pg_close(db ? &db->base : NULL);
    return rc;
}

static void
pg_close(struct db *base)
{
    struct pg_db *db = (struct pg_db *)base;
    if (!db)
        return;
    if (db->conn)
        pg_copy_drop(db);
    while (db->bulks)
        pg_bulk_close((struct db_bulk *)db->bulks);
    while (db->stmts)
        pg_stmt_finalize(&db->stmts->base);
    if (db->conn)
        PQfinish(db->conn);
    free(db->target);
    free(db);
}

enum db_rc
pg_db_write_begin(struct pg_db *db, bool *in_savepoint)
{
    *in_savepoint = db->reads > 0;
    return *in_savepoint ? pg_db_run(db, "SAVEPOINT slaudit_write") : DB_OK;
}

void
pg_db_write_end(struct pg_db *db, bool in_savepoint, enum db_rc rc)
{
    if (!in_savepoint)
        return;
    char keep[PG_DB_ERR_SIZE];
    memcpy(keep, db->err, sizeof keep);
    if (rc != DB_OK)
        pg_db_run(db, "ROLLBACK TO SAVEPOINT slaudit_write");
    pg_db_run(db, "RELEASE SAVEPOINT slaudit_write");
    memcpy(db->err, keep, sizeof keep);
}

/* Runs sql, in a savepoint when a read transaction is open. */
static enum db_rc
pg_exec(struct db *base, const char *sql)
{
    struct pg_db *db = (struct pg_db *)base;
    bool sp;
    enum db_rc rc = pg_copy_settle(db);
    if (rc == DB_OK)
        rc = pg_db_write_begin(db, &sp);
    if (rc != DB_OK)
        return rc;
    rc = pg_db_run(db, sql);
    pg_db_write_end(db, sp, rc);
    return rc;
}

static enum db_rc
pg_begin(struct db *base)
{
    struct pg_db *db = (struct pg_db *)base;
    enum db_rc rc = pg_copy_settle(db);
    if (rc != DB_OK)
        return rc;
    if (db->reads > 0) { /* the read transaction becomes the caller's */
        for (struct pg_stmt *s = db->stmts; s; s = s->next)
            s->in_read = false;
        db->reads = 0;
        return DB_OK;
    }
    return pg_db_run(db, "BEGIN ISOLATION LEVEL READ COMMITTED");
}

/* The caller's transaction ends: so do the cursors opened in it. */
static void
cursors_lost(struct pg_db *db)
{
    for (struct pg_stmt *s = db->stmts; s; s = s->next)
        if (s->cursor)
            s->lost = true;
}

static enum db_rc
pg_commit(struct db *base)
{
    struct pg_db *db = (struct pg_db *)base;
    enum db_rc rc = pg_copy_settle(db);
    cursors_lost(db);
    if (rc != DB_OK) {
        /* Rows of the transaction were not stored: none of it is. */
        char keep[PG_DB_ERR_SIZE];
        memcpy(keep, db->err, sizeof keep);
        pg_copy_drop(db);
        pg_db_run(db, "ROLLBACK");
        memcpy(db->err, keep, sizeof keep);
        return rc;
    }
    return pg_db_run(db, "COMMIT");
}

static enum db_rc
pg_rollback(struct db *base)
{
    struct pg_db *db = (struct pg_db *)base;
    pg_copy_drop(db);
    cursors_lost(db);
    return pg_db_run(db, "ROLLBACK");
}

static bool
pg_in_transaction(const struct db *base)
{
    const struct pg_db *db = (const struct pg_db *)base;
    return db->reads == 0 && PQtransactionStatus(db->conn) != PQTRANS_IDLE;
}

static int
pg_schema_version(struct db *base)
{
    struct pg_db *db = (struct pg_db *)base;
    if (pg_copy_settle(db) != DB_OK)
        return -1;
    /* Asked first, so that a missing table is no error: an error would end
     * the caller's transaction. Asked of pg_class, in the statement's
     * snapshot, not through to_regclass: that reads the backend's catalog
     * cache, which a process that waited in db_lock_schema for another's
     * migration has not refreshed, and would miss the table just made. */
    PGresult *res = PQexec(db->conn, "SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n"
                                     " ON n.oid = c.relnamespace WHERE c.relname = 'slaudit_schema'"
                                     " AND n.nspname = current_schema())");
    if (pg_db_check(db, res, true) != DB_OK)
        return -1;
    bool exists = PQntuples(res) == 1 && strcmp(PQgetvalue(res, 0, 0), "t") == 0;
    PQclear(res);
    if (!exists)
        return 0;
    res = PQexec(db->conn, "SELECT version FROM slaudit_schema LIMIT 1");
    if (pg_db_check(db, res, true) != DB_OK)
        return -1;
    int v = 0;
    if (PQntuples(res) == 1 && !PQgetisnull(res, 0, 0))
        v = (int)strtol(PQgetvalue(res, 0, 0), NULL, 10);
    PQclear(res);
    return v;
}

/* The version table is made by the first version set, in the transaction
 * of migration 1, so a store is never seen with its tables and no version.
 * Its comment says whose table it is (identify). */
static enum db_rc
pg_set_schema_version(struct db *base, int version)
{
    char sql[300];
    snprintf(sql, sizeof sql,
             "CREATE TABLE IF NOT EXISTS slaudit_schema (version integer NOT NULL); "
             "COMMENT ON TABLE slaudit_schema IS '" PG_STORE_COMMENT "'; "
             "DELETE FROM slaudit_schema; INSERT INTO slaudit_schema VALUES (%d)",
             version);
    return pg_exec(base, sql);
}

/* One key for every slaudit store on the server, its application_id: two
 * stores in one cluster migrating at once wait for each other, which is
 * rare and short. */
static enum db_rc
pg_lock_schema(struct db *base)
{
    struct pg_db *db = (struct pg_db *)base;
    enum db_rc rc = pg_copy_settle(db);
    if (rc != DB_OK)
        return rc;
    return pg_db_run(db, "SELECT pg_advisory_xact_lock(" SCHEMA_APPLICATION_ID_TEXT ")");
}

static int64_t
pg_changes(struct db *base)
{
    return ((struct pg_db *)base)->changes;
}

static const char *
pg_errmsg(struct db *base)
{
    struct pg_db *db = (struct pg_db *)base;
    return *db->err ? db->err : "not an error";
}

/* The same connection string: another connection to it reaches the same
 * database. */
static const char *
pg_shared_target(struct db *base)
{
    return ((struct pg_db *)base)->target;
}

const struct db_ops db_postgres_ops = {
    .name = "postgresql",
    .open = pg_open,
    .close = pg_close,
    .exec = pg_exec,
    .begin = pg_begin,
    .commit = pg_commit,
    .rollback = pg_rollback,
    .in_transaction = pg_in_transaction,
    .schema_version = pg_schema_version,
    .set_schema_version = pg_set_schema_version,
    .migration = pg_schema_migration,
    .lock_schema = pg_lock_schema,
    .changes = pg_changes,
    .errmsg = pg_errmsg,
    .prepare = pg_stmt_prepare,
    .bind_null = pg_stmt_bind_null,
    .bind_int64 = pg_stmt_bind_int64,
    .bind_double = pg_stmt_bind_double,
    .bind_text = pg_stmt_bind_text,
    .bind_blob = pg_stmt_bind_blob,
    .step = pg_stmt_step,
    .reset = pg_stmt_reset,
    .finalize = pg_stmt_finalize,
    .stmt_busy = pg_stmt_busy,
    .column_type = pg_stmt_column_type,
    .column_int64 = pg_stmt_column_int64,
    .column_double = pg_stmt_column_double,
    .column_text = pg_stmt_column_text,
    .column_blob = pg_stmt_column_blob,
    .shared_target = pg_shared_target,
    .bulk_open = pg_bulk_open,
    .bulk_add = pg_bulk_add,
    .bulk_flush = pg_bulk_flush,
    .bulk_close = pg_bulk_close,
};
