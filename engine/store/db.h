/* db.h — the SQL connection beneath the store: one interface, two backends
 * (sqlite/ for a file, postgres/ for a server). The store writes its SQL
 * once, in the dialect both accept (numbered ?N parameters, "end" quoted,
 * ON CONFLICT … DO NOTHING, RETURNING id); a backend turns it into what its
 * engine runs. Only files of engine/store/ include this header, and only the
 * backend files include sqlite3.h or libpq-fe.h.
 *
 * Modelled on SQLite's own statement API (prepare, bind, step, column), so
 * the store reads as it did: a statement steps row by row, and another
 * statement may run between two steps of it (the PostgreSQL backend reads a
 * SELECT through a server-side cursor, a batch of rows at a time). Rows that
 * come in bulk go through a bulk load instead, which each backend stores
 * its fastest way (SQLite many rows to an INSERT, PostgreSQL by COPY). */
#ifndef SLAUDIT_DB_H
#define SLAUDIT_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct db;
struct db_stmt;

/* What a call came to. DB_ROW and DB_DONE are step's two successes. */
enum db_rc {
    DB_OK = 0,
    DB_ROW,
    DB_DONE,
    DB_CONSTRAINT, /* a UNIQUE, CHECK, NOT NULL or foreign key refused the row */
    DB_BUSY,       /* another process holds the lock past the wait */
    DB_RETRY,      /* serialization failure or deadlock: run the transaction again */
    DB_READONLY,   /* the store cannot be written (file, role or media) */
    DB_CANTOPEN,   /* the file or server is not there, or refused us */
    DB_CORRUPT,    /* the database is damaged */
    DB_NOMEM,
    DB_ERROR, /* anything else; db_errmsg says what */
};

/* A column's type in the current row. */
enum db_type { DB_NULL, DB_INTEGER, DB_FLOAT, DB_TEXT, DB_BLOB };

/* How db_open opens. */
enum db_open_mode {
    DB_OPEN_READ,   /* read only */
    DB_OPEN_WRITE,  /* read and write an existing database */
    DB_OPEN_CREATE, /* read and write, created when missing */
};

/* Whether target names a server (a postgresql:// or postgres:// URI, or a
 * libpq keyword string such as "host=… dbname=…") rather than a file. */
bool db_target_is_server(const char *target);

/* Opens target with the backend it names. On failure *out is NULL, and err
 * (when given) holds a message in which no password appears. */
enum db_rc db_open(const char *target, enum db_open_mode mode, struct db **out, char *err,
                   size_t errsize);
void db_close(struct db *db);

/* "sqlite" or "postgresql". */
const char *db_backend(const struct db *db);

/* target with any password replaced by "***": a URI's user:password@, a
 * password=… keyword. A file path is returned as it is. Owned by the
 * caller; NULL when out of memory. */
char *db_redact_target(const char *target);
/* Overwrites target's password, where db_redact_target would mask it, with
 * as many '*' in place; a file path is left as it is. */
void db_blank_password(char *target);

/* Runs one or more statements that return no rows. */
enum db_rc db_exec(struct db *db, const char *sql);

/* BEGIN (taking the write lock at once: SQLite's BEGIN IMMEDIATE), COMMIT,
 * ROLLBACK. db_in_transaction is true between begin and commit/rollback. */
enum db_rc db_begin(struct db *db);
enum db_rc db_commit(struct db *db);
enum db_rc db_rollback(struct db *db);
bool db_in_transaction(const struct db *db);

/* The schema version (0 for an empty database, -1 when it cannot be read),
 * and setting it inside a migration's transaction. SQLite keeps it in
 * PRAGMA user_version; PostgreSQL in a one-row table. */
int db_schema_version(struct db *db);
enum db_rc db_set_schema_version(struct db *db, int version);

/* The SQL that takes this backend's schema from version-1 to version
 * (1 ≤ version ≤ SCHEMA_VERSION of schema.h), in its dialect; NULL when the
 * step has nothing to do in this backend. */
const char *db_migration(const struct db *db, int version);

/* Inside a transaction: waits for, and holds to the transaction's end, the
 * lock a migration runs under, so that two processes opening one new store
 * at once never migrate it both. SQLite's db_begin holds it already (the
 * write lock); PostgreSQL takes an advisory lock, which ingests, running
 * side by side, do not. */
enum db_rc db_lock_schema(struct db *db);

/* Rows the last INSERT, UPDATE or DELETE changed. */
int64_t db_changes(struct db *db);

/* The last error, never NULL; a server's message has no password in it. */
const char *db_errmsg(struct db *db);

/* A statement; persistent ones are kept for the connection's lifetime and
 * reset before each use. Parameters are numbered from 1, columns from 0. */
enum db_rc db_prepare(struct db *db, const char *sql, bool persistent, struct db_stmt **out);
enum db_rc db_bind_null(struct db_stmt *s, int i);
enum db_rc db_bind_int64(struct db_stmt *s, int i, int64_t v);
enum db_rc db_bind_double(struct db_stmt *s, int i, double v);
/* Text and blobs are copied (or used before the next step), so the caller
 * may free them once bound. NULL text binds NULL. */
enum db_rc db_bind_text(struct db_stmt *s, int i, const char *v);
enum db_rc db_bind_blob(struct db_stmt *s, int i, const void *v, size_t n);
/* DB_ROW with a row to read, DB_DONE when there are no more, or an error. */
enum db_rc db_step(struct db_stmt *s);
/* Ready to step again from the start, with the bindings cleared. */
enum db_rc db_reset(struct db_stmt *s);
void db_finalize(struct db_stmt *s);
/* Whether s has stepped and not yet been reset or run to DB_DONE. */
bool db_stmt_busy(const struct db_stmt *s);

enum db_type db_column_type(struct db_stmt *s, int col);
int64_t db_column_int64(struct db_stmt *s, int col);
double db_column_double(struct db_stmt *s, int col);
/* Valid until the next step, reset or finalize; NULL for NULL. */
const char *db_column_text(struct db_stmt *s, int col);
const void *db_column_blob(struct db_stmt *s, int col, size_t *n);

/* A value of a row given whole: to db_bulk_add, or bound in one call
 * (db_bind_values). type says which member holds it; DB_NULL has none.
 * Text is NUL-terminated; a blob is len bytes at blob. */
struct db_value {
    enum db_type type;
    int64_t i;
    double d;
    const char *text;
    const void *blob;
    size_t len;
};

/* The value of each kind; NULL text is NULL. */
struct db_value db_value_null(void);
struct db_value db_value_int64(int64_t v);
struct db_value db_value_double(double v);
struct db_value db_value_text(const char *v);
struct db_value db_value_blob(const void *v, size_t len);

/* Binds v[0..n) to parameters first to first+n-1; the first failure, or
 * DB_OK. */
enum db_rc db_bind_values(struct db_stmt *s, int first, const struct db_value *v, int n);

/* A bulk load: rows for one table, given whole, which the backend stores as
 * fast as it can. SQLite holds 32 rows and inserts them with one statement
 * (the rest one by one at a flush); PostgreSQL writes them in COPY's text
 * format to a buffer and sends it through COPY … FROM STDIN once it is
 * large, keeping that COPY open for the next ones.
 *
 * Rows are stored in the order they were added. Those held are flushed by
 * db_bulk_flush and, before it runs, by any other statement of the
 * connection (db_exec, db_step, db_begin, db_commit, …), so nothing reads
 * past them and a commit keeps them; db_rollback drops them. A row's error
 * (a CHECK it breaks, the connection lost) comes back, with the code and
 * message an INSERT of it would give, from the call that flushed it: a
 * later db_bulk_add, db_bulk_flush or that other statement; the caller
 * then rolls back (on PostgreSQL the transaction has failed, as after a
 * failed INSERT).
 *
 * Opens a bulk load of rows into table's columns, a comma-separated list
 * with names quoted as in the store's SQL (source_id, "end"). A bulk load
 * is closed before its connection. */
struct db_bulk;
enum db_rc db_bulk_open(struct db *db, const char *table, const char *columns,
                        struct db_bulk **out);
/* One row: a value for each column, in the order of the list. Copied. */
enum db_rc db_bulk_add(struct db_bulk *b, const struct db_value *row);
/* Every row added so far stored, or the error of one. */
enum db_rc db_bulk_flush(struct db_bulk *b);
/* Rows not flushed are dropped (on PostgreSQL, those of a COPY under way
 * with them: the transaction fails), so it is closed once they are stored
 * or rolled back. */
void db_bulk_close(struct db_bulk *b);

/* The target another db_open may be given to reach the database db is
 * connected to (SQLite: the file's full path), NULL when there is none (an
 * in-memory or temporary database). Owned by db. */
const char *db_shared_target(struct db *db);

#endif
