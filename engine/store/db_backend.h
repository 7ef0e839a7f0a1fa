/* db_backend.h — what a backend of db.h provides: a table of its
 * operations. Each backend's connection, statement and bulk load structs
 * begin with struct db, struct db_stmt and struct db_bulk, so db.c can
 * dispatch through ops. Only db.c and the backends (sqlite/, postgres/)
 * include this. */
#ifndef SLAUDIT_DB_BACKEND_H
#define SLAUDIT_DB_BACKEND_H

#include "engine/store/db.h"

struct db_ops {
    const char *name; /* "sqlite", "postgresql" */
    enum db_rc (*open)(const char *target, enum db_open_mode mode, struct db **out, char *err,
                       size_t errsize);
    void (*close)(struct db *db);
    enum db_rc (*exec)(struct db *db, const char *sql);
    enum db_rc (*begin)(struct db *db);
    enum db_rc (*commit)(struct db *db);
    enum db_rc (*rollback)(struct db *db);
    bool (*in_transaction)(const struct db *db);
    int (*schema_version)(struct db *db);
    enum db_rc (*set_schema_version)(struct db *db, int version);
    const char *(*migration)(int version);
    enum db_rc (*lock_schema)(struct db *db);
    int64_t (*changes)(struct db *db);
    const char *(*errmsg)(struct db *db);
    enum db_rc (*prepare)(struct db *db, const char *sql, bool persistent, struct db_stmt **out);
    enum db_rc (*bind_null)(struct db_stmt *s, int i);
    enum db_rc (*bind_int64)(struct db_stmt *s, int i, int64_t v);
    enum db_rc (*bind_double)(struct db_stmt *s, int i, double v);
    enum db_rc (*bind_text)(struct db_stmt *s, int i, const char *v);
    enum db_rc (*bind_blob)(struct db_stmt *s, int i, const void *v, size_t n);
    enum db_rc (*step)(struct db_stmt *s);
    enum db_rc (*reset)(struct db_stmt *s);
    void (*finalize)(struct db_stmt *s);
    bool (*stmt_busy)(const struct db_stmt *s);
    enum db_type (*column_type)(struct db_stmt *s, int col);
    int64_t (*column_int64)(struct db_stmt *s, int col);
    double (*column_double)(struct db_stmt *s, int col);
    const char *(*column_text)(struct db_stmt *s, int col);
    const void *(*column_blob)(struct db_stmt *s, int col, size_t *n);
    const char *(*shared_target)(struct db *db);
    enum db_rc (*bulk_open)(struct db *db, const char *table, const char *columns,
                            struct db_bulk **out);
    enum db_rc (*bulk_add)(struct db_bulk *b, const struct db_value *row);
    enum db_rc (*bulk_flush)(struct db_bulk *b);
    void (*bulk_close)(struct db_bulk *b);
};

struct db {
    const struct db_ops *ops;
};

struct db_stmt {
    const struct db_ops *ops;
};

struct db_bulk {
    const struct db_ops *ops;
};

/* The number of columns in a bulk load's list: its commas, plus one. */
int db_bulk_columns(const char *columns);

extern const struct db_ops db_sqlite_ops;   /* engine/store/sqlite/ */
extern const struct db_ops db_postgres_ops; /* engine/store/postgres/ */

/* Whether target is a PostgreSQL connection string (URI or keywords),
 * target with its password masked, and its password overwritten in place:
 * db_target_is_server, db_redact_target and db_blank_password for a server
 * (engine/store/postgres/). */
bool db_postgres_target(const char *target);
char *db_postgres_redact(const char *target);
void db_postgres_blank(char *target);

#endif
