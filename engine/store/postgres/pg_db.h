/* pg_db.h — what the files of the PostgreSQL backend share: its connection
 * and statement structs, and the calls of pg_db.c that run SQL and keep its
 * errors. pg_db.c holds the connection and db_postgres_ops; pg_stmt.c the
 * statements; pg_copy.c the bulk loads. Only engine/store/postgres/
 * includes this. */
#ifndef SLAUDIT_PG_DB_H
#define SLAUDIT_PG_DB_H

#include <stdbool.h>
#include <stdint.h>

#include <libpq-fe.h>

#include "engine/store/db_backend.h"

#define PG_DB_ERR_SIZE 1024

/* Type oids of pg_type, fixed since the first releases. */
enum {
    OID_BOOL = 16,
    OID_BYTEA = 17,
    OID_INT8 = 20,
    OID_INT2 = 21,
    OID_INT4 = 23,
    OID_TEXT = 25,
    OID_OID = 26,
    OID_FLOAT4 = 700,
    OID_FLOAT8 = 701,
    OID_NUMERIC = 1700,
};

struct pg_stmt;
struct pg_bulk;

struct pg_db {
    struct db base;
    PGconn *conn;
    char *target;             /* to scrub its password out of messages */
    char err[PG_DB_ERR_SIZE]; /* the last error, password masked */
    char state[6];            /* its SQLSTATE, or "" */
    int64_t changes;
    unsigned next_id;
    int reads; /* cursors open in the read transaction */
    struct pg_stmt *stmts;
    struct pg_bulk *bulks;            /* the bulk loads open (pg_copy.c) */
    struct pg_bulk *copying;          /* the one whose COPY is open, or NULL */
    bool copy_savepoint;              /* that COPY runs in a savepoint */
    PGContextVisibility copy_context; /* the visibility to restore at its end */
    enum db_rc copy_failed;           /* a COPY's failure, until the rollback */
};

struct pg_stmt {
    struct db_stmt base;
    struct pg_db *db;
    struct pg_stmt *next, *prev;
    unsigned id;
    char *sql; /* translated */
    bool query;
    bool prepared, typed;
    int nparams;
    char **values;
    int *lengths, *formats;
    Oid *types;      /* of the values bound, 0 for NULL */
    Oid *prep_types; /* the types it was prepared with, when typed */
    PGresult *res;   /* the rows at hand */
    int row;         /* the current row in res, -1 before the first */
    bool cursor, in_read, lost, more, busy;
    char **blobs;      /* decoded bytea of the current row, by column */
    size_t *blob_lens; /* their lengths, in the same allocation */
};

/* The message of msg kept as the last error, password masked. */
void pg_db_set_err(struct pg_db *db, const char *msg);
/* The code of a result (NULL is a lost connection), its message kept as
 * the last error; res is cleared unless keep. */
enum db_rc pg_db_check(struct pg_db *db, PGresult *res, bool keep);
/* sql run, its result checked and cleared. */
enum db_rc pg_db_run(struct pg_db *db, const char *sql);
/* A write inside the read transaction runs in a savepoint: begun (when a
 * read transaction is open; *in_savepoint says so) and ended, rolled back
 * to when rc is an error, with the error's message kept. */
enum db_rc pg_db_write_begin(struct pg_db *db, bool *in_savepoint);
void pg_db_write_end(struct pg_db *db, bool in_savepoint, enum db_rc rc);

/* Before any other command reaches the server (pg_copy.c): every bulk
 * load's rows sent and the COPY ended. DB_OK, or the failure of a COPY,
 * which every call returns until the rollback. */
enum db_rc pg_copy_settle(struct pg_db *db);
/* The rollback's: the open COPY abandoned, the rows of every bulk load
 * dropped, a COPY's failure forgotten. */
void pg_copy_drop(struct pg_db *db);

/* The bulk load calls of db_ops (pg_copy.c). */
enum db_rc pg_bulk_open(struct db *db, const char *table, const char *columns,
                        struct db_bulk **out);
enum db_rc pg_bulk_add(struct db_bulk *b, const struct db_value *row);
enum db_rc pg_bulk_flush(struct db_bulk *b);
void pg_bulk_close(struct db_bulk *b);

/* The statement calls of db_ops (pg_stmt.c). */
enum db_rc pg_stmt_prepare(struct db *db, const char *sql, bool persistent, struct db_stmt **out);
enum db_rc pg_stmt_bind_null(struct db_stmt *s, int i);
enum db_rc pg_stmt_bind_int64(struct db_stmt *s, int i, int64_t v);
enum db_rc pg_stmt_bind_double(struct db_stmt *s, int i, double v);
enum db_rc pg_stmt_bind_text(struct db_stmt *s, int i, const char *v);
enum db_rc pg_stmt_bind_blob(struct db_stmt *s, int i, const void *v, size_t n);
enum db_rc pg_stmt_step(struct db_stmt *s);
enum db_rc pg_stmt_reset(struct db_stmt *s);
void pg_stmt_finalize(struct db_stmt *s);
bool pg_stmt_busy(const struct db_stmt *s);
enum db_type pg_stmt_column_type(struct db_stmt *s, int col);
int64_t pg_stmt_column_int64(struct db_stmt *s, int col);
double pg_stmt_column_double(struct db_stmt *s, int col);
const char *pg_stmt_column_text(struct db_stmt *s, int col);
const void *pg_stmt_column_blob(struct db_stmt *s, int col, size_t *n);

#endif
