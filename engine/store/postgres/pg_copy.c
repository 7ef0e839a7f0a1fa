/* pg_copy.c — the bulk loads of the PostgreSQL backend: rows written in
 * COPY's text format to a buffer of the bulk load's own, and sent through
 * COPY table (columns) FROM STDIN once the buffer passes COPY_SEND_BYTES.
 * That COPY stays open for the buffers after it, so that the server stores
 * one while the client reads the next, and is ended by a flush, by a buffer
 * of another bulk load, or by any other statement: a COPY under way blocks
 * every other command of the connection, so each operation of pg_db.c and
 * pg_stmt.c that reaches the server calls pg_copy_settle first.
 *
 * COPY FROM refuses a table under row-level security for the role (a
 * team's role on a shared store, docs/user-guide.md): for such a role the
 * rows go through COPY to a temporary table of the same columns, and from
 * it into the table by one INSERT … SELECT, which the policies check row
 * by row as they check an INSERT.
 *
 * A COPY's error ends it, and fails the transaction as a failed INSERT
 * does. It is kept (copy_failed) and returned by every call after it until
 * the rollback: it may surface in an operation whose caller does not look
 * (a statement finalized), and COMMIT in a failed transaction answers with
 * a rollback, not an error, so that the rows would be lost unsaid. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/store/postgres/pg_copy.h"
#include "engine/store/postgres/pg_db.h"

/* The buffer sent when it passes this: a few hundred rows, so that a COPY
 * is begun seldom, yet the server has work while the client reads on. */
#define COPY_SEND_BYTES (64 * 1024)

/* At most this much to one PQputCopyData, whose length is an int. */
#define COPY_CHUNK_BYTES (1024 * 1024)

struct pg_bulk {
    struct db_bulk base;
    struct pg_db *db;
    struct pg_bulk *next, *prev;
    char *table, *columns;
    char *sql;   /* COPY table (columns) FROM STDIN, or into the staging table */
    char *stage; /* the staging table made if missing; NULL: none */
    char *merge; /* its rows moved into the table; NULL: none */
    int ncols;
    char *buf; /* rows not sent yet, in COPY's text format */
    size_t len, cap;
};

size_t
pg_copy_cell_size(const struct db_value *v)
{
    switch (v->type) {
    case DB_INTEGER:
        return 20; /* -9223372036854775808 */
    case DB_FLOAT:
        return 32;
    case DB_TEXT:
        return 4 * strlen(v->text); /* \ooo at most for a byte */
    case DB_BLOB:
        return 3 + 2 * v->len;
    case DB_NULL:
        break;
    }
    return 2;
}

static size_t
copy_text(char *out, const char *text)
{
    char *o = out;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        unsigned char c = *p;
        char named = c == '\\'   ? '\\'
                     : c == '\t' ? 't'
                     : c == '\n' ? 'n'
                     : c == '\r' ? 'r'
                     : c == '\b' ? 'b'
                     : c == '\f' ? 'f'
                     : c == '\v' ? 'v'
                                 : 0;
        if (named) {
            *o++ = '\\';
            *o++ = named;
        } else if (c < 0x20 || c == 0x7f) {
            *o++ = '\\';
            *o++ = (char)('0' + (c >> 6));
            *o++ = (char)('0' + ((c >> 3) & 7));
            *o++ = (char)('0' + (c & 7));
        } else {
            *o++ = (char)c;
        }
    }
    return (size_t)(o - out);
}

size_t
pg_copy_cell(char *out, const struct db_value *v)
{
    static const char hex[] = "0123456789abcdef";
    char number[40]; /* snprintf writes a NUL too, which out has no room for */
    int n;
    switch (v->type) {
    case DB_INTEGER:
        n = snprintf(number, sizeof number, "%" PRId64, v->i);
        memcpy(out, number, (size_t)n);
        return (size_t)n;
    case DB_FLOAT:
        n = snprintf(number, sizeof number, "%.17g", v->d);
        memcpy(out, number, (size_t)n);
        return (size_t)n;
    case DB_TEXT:
        return copy_text(out, v->text);
    case DB_BLOB: {
        const unsigned char *b = v->blob;
        memcpy(out, "\\\\x", 3);
        for (size_t i = 0; i < v->len; i++) {
            out[3 + 2 * i] = hex[b[i] >> 4];
            out[4 + 2 * i] = hex[b[i] & 15];
        }
        return 3 + 2 * v->len;
    }
    case DB_NULL:
        break;
    }
    memcpy(out, "\\N", 2);
    return 2;
}

/* The failure of the connection or of the call that just failed on it. */
static enum db_rc
lost(struct pg_db *db)
{
    pg_db_set_err(db, PQerrorMessage(db->conn));
    return PQstatus(db->conn) == CONNECTION_BAD ? DB_CANTOPEN : DB_ERROR;
}

/* The SQL format makes, malloc'd; NULL when out of memory. */
__attribute__((format(printf, 1, 2))) static char *
sql_of(const char *format, ...)
{
    va_list ap, again;
    va_start(ap, format);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, format, ap);
    char *sql = n < 0 ? NULL : malloc((size_t)n + 1);
    if (sql)
        vsnprintf(sql, (size_t)n + 1, format, again);
    va_end(again);
    va_end(ap);
    return sql;
}

/* At b's first COPY, once the role is known to the server: into the table
 * itself, or, when row-level security holds the role there, into a
 * staging table emptied into it at the end of each COPY. */
static enum db_rc
choose_target(struct pg_bulk *b)
{
    struct pg_db *db = b->db;
    const char *values[1] = {b->table};
    PGresult *res = PQexecParams(db->conn, "SELECT row_security_active($1::regclass)", 1, NULL,
                                 values, NULL, NULL, 0);
    enum db_rc rc = pg_db_check(db, res, true);
    if (rc != DB_OK)
        return rc;
    bool staged = strcmp(PQgetvalue(res, 0, 0), "t") == 0;
    PQclear(res);
    if (!staged)
        b->sql = sql_of("COPY %s (%s) FROM STDIN", b->table, b->columns);
    else if (!(b->sql =
                   sql_of("COPY pg_temp.slaudit_bulk_%s (%s) FROM STDIN", b->table, b->columns)) ||
             !(b->stage = sql_of("CREATE TEMP TABLE IF NOT EXISTS slaudit_bulk_%1$s AS "
                                 "SELECT %2$s FROM %1$s WITH NO DATA",
                                 b->table, b->columns)) ||
             !(b->merge = sql_of("INSERT INTO %1$s (%2$s) SELECT %2$s FROM "
                                 "pg_temp.slaudit_bulk_%1$s; TRUNCATE pg_temp.slaudit_bulk_%1$s",
                                 b->table, b->columns)))
        return DB_NOMEM;
    return b->sql ? DB_OK : DB_NOMEM;
}

static enum db_rc
start_copy(struct pg_bulk *b)
{
    struct pg_db *db = b->db;
    enum db_rc rc = b->sql ? DB_OK : choose_target(b);
    if (rc == DB_OK)
        rc = pg_db_write_begin(db, &db->copy_savepoint);
    if (rc == DB_OK && b->stage)
        rc = pg_db_run(db, b->stage);
    if (rc != DB_OK)
        return rc;
    /* Its CONTEXT line ("COPY intervals, line 3: …") is all that a COPY's
     * error says and an INSERT's does not: left out, the messages agree. */
    db->copy_context = PQsetErrorContextVisibility(db->conn, PQSHOW_CONTEXT_NEVER);
    PGresult *res = PQexec(db->conn, b->sql);
    if (res && PQresultStatus(res) == PGRES_COPY_IN) {
        PQclear(res);
        db->copying = b;
        return DB_OK;
    }
    rc = pg_db_check(db, res, false);
    if (rc == DB_OK) {
        pg_db_set_err(db, "COPY did not start");
        rc = DB_ERROR;
    }
    PQsetErrorContextVisibility(db->conn, db->copy_context);
    pg_db_write_end(db, db->copy_savepoint, rc);
    return rc;
}

/* The open COPY ended: what the server made of its rows. */
static enum db_rc
end_copy(struct pg_db *db)
{
    if (!db->copying)
        return DB_OK;
    enum db_rc rc = PQputCopyEnd(db->conn, NULL) == 1 ? DB_OK : lost(db);
    if (rc == DB_OK)
        rc = pg_db_check(db, PQgetResult(db->conn), false);
    PGresult *res;
    while ((res = PQgetResult(db->conn)) != NULL)
        PQclear(res);
    PQsetErrorContextVisibility(db->conn, db->copy_context);
    if (rc == DB_OK && db->copying->merge)
        rc = pg_db_run(db, db->copying->merge);
    db->copying = NULL;
    pg_db_write_end(db, db->copy_savepoint, rc);
    return rc;
}

/* b's buffer sent through its COPY, begun first when another's or none is
 * open; that COPY ended too when end. The buffer is emptied either way. */
static enum db_rc
send_rows(struct pg_bulk *b, bool end)
{
    struct pg_db *db = b->db;
    enum db_rc rc = db->copy_failed;
    if (rc == DB_OK && b->len && db->copying != b && (rc = end_copy(db)) == DB_OK)
        rc = start_copy(b);
    for (size_t at = 0; rc == DB_OK && at < b->len; at += COPY_CHUNK_BYTES) {
        size_t n = b->len - at < COPY_CHUNK_BYTES ? b->len - at : COPY_CHUNK_BYTES;
        if (PQputCopyData(db->conn, b->buf + at, (int)n) != 1)
            rc = lost(db);
    }
    b->len = 0;
    if (rc == DB_OK && end && db->copying == b)
        rc = end_copy(db);
    if (rc != DB_OK && !db->copy_failed) {
        char keep[PG_DB_ERR_SIZE];
        memcpy(keep, db->err, sizeof keep);
        end_copy(db); /* after a failed send: its result read, whatever it says */
        memcpy(db->err, keep, sizeof keep);
        db->copy_failed = rc;
    }
    return rc;
}

enum db_rc
pg_copy_settle(struct pg_db *db)
{
    enum db_rc rc = db->copy_failed;
    if (rc == DB_OK && db->copying)
        rc = send_rows(db->copying, true);
    for (struct pg_bulk *b = db->bulks; b && rc == DB_OK; b = b->next)
        if (b->len)
            rc = send_rows(b, true);
    return rc;
}

/* The open COPY given up: the server fails it, and with it the
 * transaction (or its savepoint). */
static void
abandon_copy(struct pg_db *db)
{
    if (!db->copying)
        return;
    PQputCopyEnd(db->conn, "the rows were dropped");
    PGresult *res;
    while ((res = PQgetResult(db->conn)) != NULL)
        PQclear(res);
    PQsetErrorContextVisibility(db->conn, db->copy_context);
    db->copying = NULL;
    pg_db_write_end(db, db->copy_savepoint, DB_ERROR);
}

void
pg_copy_drop(struct pg_db *db)
{
    abandon_copy(db);
    for (struct pg_bulk *b = db->bulks; b; b = b->next)
        b->len = 0;
    db->copy_failed = DB_OK;
}

enum db_rc
pg_bulk_open(struct db *base, const char *table, const char *columns, struct db_bulk **out)
{
    struct pg_db *db = (struct pg_db *)base;
    struct pg_bulk *b = calloc(1, sizeof *b);
    if (!b)
        return DB_NOMEM;
    if (!(b->table = strdup(table)) || !(b->columns = strdup(columns))) {
        free(b->table);
        free(b);
        return DB_NOMEM;
    }
    b->base.ops = &db_postgres_ops;
    b->db = db;
    b->ncols = db_bulk_columns(columns);
    b->next = db->bulks;
    if (db->bulks)
        db->bulks->prev = b;
    db->bulks = b;
    *out = &b->base;
    return DB_OK;
}

enum db_rc
pg_bulk_add(struct db_bulk *base, const struct db_value *row)
{
    struct pg_bulk *b = (struct pg_bulk *)base;
    size_t need = (size_t)b->ncols; /* the tabs between cells, the newline */
    for (int c = 0; c < b->ncols; c++)
        need += pg_copy_cell_size(&row[c]);
    if (need > b->cap - b->len) {
        size_t cap = b->cap ? b->cap : 2 * COPY_SEND_BYTES;
        while (cap - b->len < need)
            cap *= 2;
        char *buf = realloc(b->buf, cap);
        if (!buf)
            return DB_NOMEM;
        b->buf = buf;
        b->cap = cap;
    }
    for (int c = 0; c < b->ncols; c++) {
        if (c)
            b->buf[b->len++] = '\t';
        b->len += pg_copy_cell(b->buf + b->len, &row[c]);
    }
    b->buf[b->len++] = '\n';
    return b->len >= COPY_SEND_BYTES ? send_rows(b, false) : DB_OK;
}

enum db_rc
pg_bulk_flush(struct db_bulk *base)
{
    return send_rows((struct pg_bulk *)base, true);
}

void
pg_bulk_close(struct db_bulk *base)
{
    struct pg_bulk *b = (struct pg_bulk *)base;
    struct pg_db *db = b->db;
    if (db->copying == b && !db->copy_failed) {
        /* Rows already sent are dropped with it: the transaction is
         * failed, and a commit must say so. */
        abandon_copy(db);
        pg_db_set_err(db, "a bulk load was closed with its rows under way");
        db->copy_failed = DB_ERROR;
    }
    if (b->prev)
        b->prev->next = b->next;
    else
        db->bulks = b->next;
    if (b->next)
        b->next->prev = b->prev;
    free(b->table);
    free(b->columns);
    free(b->sql);
    free(b->stage);
    free(b->merge);
    free(b->buf);
    free(b);
}
