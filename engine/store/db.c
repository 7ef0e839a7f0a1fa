/* db.c — db.h's calls, dispatched to the backend that opened the
 * connection. */
#include "engine/store/db.h"

#include <stdio.h>
#include <string.h>

#include "engine/store/db_backend.h"

bool
db_target_is_server(const char *target)
{
    return target && db_postgres_target(target);
}

enum db_rc
db_open(const char *target, enum db_open_mode mode, struct db **out, char *err, size_t errsize)
{
    *out = NULL;
    if (err && errsize)
        *err = '\0';
    const struct db_ops *ops = db_target_is_server(target) ? &db_postgres_ops : &db_sqlite_ops;
    return ops->open(target, mode, out, err, errsize);
}

void
db_close(struct db *db)
{
    if (db)
        db->ops->close(db);
}

const char *
db_backend(const struct db *db)
{
    return db->ops->name;
}

char *
db_redact_target(const char *target)
{
    return db_target_is_server(target) ? db_postgres_redact(target) : strdup(target);
}

void
db_blank_password(char *target)
{
    if (db_target_is_server(target))
        db_postgres_blank(target);
}

enum db_rc
db_exec(struct db *db, const char *sql)
{
    return db->ops->exec(db, sql);
}
enum db_rc
db_begin(struct db *db)
{
    return db->ops->begin(db);
}
enum db_rc
db_commit(struct db *db)
{
    return db->ops->commit(db);
}
enum db_rc
db_rollback(struct db *db)
{
    return db->ops->rollback(db);
}
bool
db_in_transaction(const struct db *db)
{
    return db->ops->in_transaction(db);
}
int
db_schema_version(struct db *db)
{
    return db->ops->schema_version(db);
}
enum db_rc
db_set_schema_version(struct db *db, int v)
{
    return db->ops->set_schema_version(db, v);
}
const char *
db_migration(const struct db *db, int version)
{
    return db->ops->migration(version);
}
enum db_rc
db_lock_schema(struct db *db)
{
    return db->ops->lock_schema(db);
}
int64_t
db_changes(struct db *db)
{
    return db->ops->changes(db);
}
const char *
db_errmsg(struct db *db)
{
    return db->ops->errmsg(db);
}

enum db_rc
db_prepare(struct db *db, const char *sql, bool persistent, struct db_stmt **out)
{
    *out = NULL;
    return db->ops->prepare(db, sql, persistent, out);
}

enum db_rc
db_bind_null(struct db_stmt *s, int i)
{
    return s->ops->bind_null(s, i);
}
enum db_rc
db_bind_int64(struct db_stmt *s, int i, int64_t v)
{
    return s->ops->bind_int64(s, i, v);
}
enum db_rc
db_bind_double(struct db_stmt *s, int i, double v)
{
    return s->ops->bind_double(s, i, v);
}
enum db_rc
db_bind_text(struct db_stmt *s, int i, const char *v)
{
    return s->ops->bind_text(s, i, v);
}

enum db_rc
db_bind_blob(struct db_stmt *s, int i, const void *v, size_t n)
{
    return s->ops->bind_blob(s, i, v, n);
}

enum db_rc
db_step(struct db_stmt *s)
{
    return s->ops->step(s);
}
enum db_rc
db_reset(struct db_stmt *s)
{
    return s->ops->reset(s);
}

void
db_finalize(struct db_stmt *s)
{
    if (s)
        s->ops->finalize(s);
}

bool
db_stmt_busy(const struct db_stmt *s)
{
    return s->ops->stmt_busy(s);
}
enum db_type
db_column_type(struct db_stmt *s, int c)
{
    return s->ops->column_type(s, c);
}
int64_t
db_column_int64(struct db_stmt *s, int c)
{
    return s->ops->column_int64(s, c);
}
double
db_column_double(struct db_stmt *s, int c)
{
    return s->ops->column_double(s, c);
}
const char *
db_column_text(struct db_stmt *s, int c)
{
    return s->ops->column_text(s, c);
}

const void *
db_column_blob(struct db_stmt *s, int c, size_t *n)
{
    return s->ops->column_blob(s, c, n);
}

const char *
db_shared_target(struct db *db)
{
    return db->ops->shared_target(db);
}

struct db_value
db_value_null(void)
{
    return (struct db_value){.type = DB_NULL};
}

struct db_value
db_value_int64(int64_t v)
{
    return (struct db_value){.type = DB_INTEGER, .i = v};
}

struct db_value
db_value_double(double v)
{
    return (struct db_value){.type = DB_FLOAT, .d = v};
}

struct db_value
db_value_text(const char *v)
{
    return v ? (struct db_value){.type = DB_TEXT, .text = v} : db_value_null();
}

struct db_value
db_value_blob(const void *v, size_t len)
{
    return (struct db_value){.type = DB_BLOB, .blob = v, .len = len};
}

enum db_rc
db_bind_values(struct db_stmt *s, int first, const struct db_value *v, int n)
{
    enum db_rc rc = DB_OK;
    for (int i = 0; i < n && rc == DB_OK; i++) {
        switch (v[i].type) {
        case DB_INTEGER:
            rc = db_bind_int64(s, first + i, v[i].i);
            break;
        case DB_FLOAT:
            rc = db_bind_double(s, first + i, v[i].d);
            break;
        case DB_TEXT:
            rc = db_bind_text(s, first + i, v[i].text);
            break;
        case DB_BLOB:
            rc = db_bind_blob(s, first + i, v[i].blob, v[i].len);
            break;
        case DB_NULL:
            rc = db_bind_null(s, first + i);
            break;
        }
    }
    return rc;
}

int
db_bulk_columns(const char *columns)
{
    int n = 1;
    for (const char *p = columns; *p; p++)
        n += *p == ',';
    return n;
}

enum db_rc
db_bulk_open(struct db *db, const char *table, const char *columns, struct db_bulk **out)
{
    *out = NULL;
    return db->ops->bulk_open(db, table, columns, out);
}

enum db_rc
db_bulk_add(struct db_bulk *b, const struct db_value *row)
{
    return b->ops->bulk_add(b, row);
}

enum db_rc
db_bulk_flush(struct db_bulk *b)
{
    return b->ops->bulk_flush(b);
}

void
db_bulk_close(struct db_bulk *b)
{
    if (b)
        b->ops->bulk_close(b);
}
