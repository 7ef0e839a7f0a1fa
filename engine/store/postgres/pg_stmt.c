/* pg_stmt.c — the statements of the PostgreSQL backend: SQL translated
 * and prepared under a name of its own, values bound as text (bytea as
 * binary), rows read from the result or, for a query, from its cursor
 * FETCH_ROWS at a time (pg_db.c says how cursors and transactions meet). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/store/postgres/pg_db.h"
#include "engine/store/postgres/pg_sql.h"

#define FETCH_ROWS 512

/* Prepares s under its name with no types (the server infers them all), or,
 * when typed, with the types of the values bound: a parameter that nothing
 * around it types, such as ?1 IS NULL, needs them. A NULL is sent as
 * text then. */
static enum db_rc
prepare_named(struct pg_stmt *s, bool typed)
{
    struct pg_db *db = s->db;
    char name[40], sql_name[40];
    Oid *types = NULL;
    if (typed && s->nparams) {
        for (int i = 0; i < s->nparams; i++)
            s->prep_types[i] = s->types[i] ? s->types[i] : OID_TEXT;
        types = s->prep_types;
    }
    snprintf(name, sizeof name, "slaudit_%u", s->id);
    snprintf(sql_name, sizeof sql_name, "slaudit_%u_c", s->id);
    if (s->prepared) {
        char sql[80];
        snprintf(sql, sizeof sql, "DEALLOCATE %s", s->query ? sql_name : name);
        pg_db_run(db, sql);
        s->prepared = false;
    }
    const char *sql = s->sql;
    enum db_rc rc;
    if (s->query && !types && s->nparams) {
        /* DECLARE is prepared without its parameters being resolved: the
         * query alone is prepared first, so that the server resolves them
         * (or says it cannot: 42P18, 42P08), and DECLARE gets the types it
         * inferred. */
        rc = pg_db_check(db, PQprepare(db->conn, name, sql, s->nparams, NULL), false);
        if (rc != DB_OK)
            return rc;
        PGresult *res = PQdescribePrepared(db->conn, name);
        rc = pg_db_check(db, res, true);
        if (rc == DB_OK) {
            for (int i = 0; i < s->nparams && i < PQnparams(res); i++)
                s->prep_types[i] = PQparamtype(res, i);
            PQclear(res);
            types = s->prep_types;
        }
        char dealloc[64];
        snprintf(dealloc, sizeof dealloc, "DEALLOCATE %s", name);
        pg_db_run(db, dealloc);
        if (rc != DB_OK)
            return rc;
    }
    if (s->query) {
        size_t n = strlen(sql) + 64;
        char *decl = malloc(n);
        if (!decl)
            return DB_NOMEM;
        snprintf(decl, n, "DECLARE slaudit_c%u NO SCROLL CURSOR FOR %s", s->id, sql);
        rc = pg_db_check(db, PQprepare(db->conn, sql_name, decl, s->nparams, types), false);
        free(decl);
    } else {
        rc = pg_db_check(db, PQprepare(db->conn, name, sql, s->nparams, types), false);
    }
    if (rc == DB_OK) {
        s->prepared = true;
        s->typed = typed;
    }
    return rc;
}

enum db_rc
pg_stmt_prepare(struct db *base, const char *sql, bool persistent, struct db_stmt **out)
{
    struct pg_db *db = (struct pg_db *)base;
    (void)persistent; /* every statement stays prepared until finalized */
    enum db_rc settled = pg_copy_settle(db);
    if (settled != DB_OK)
        return settled;
    struct pg_stmt *s = calloc(1, sizeof *s);
    if (!s)
        return DB_NOMEM;
    s->base.ops = &db_postgres_ops;
    s->db = db;
    s->id = ++db->next_id;
    s->row = -1;
    s->sql = pg_sql_translate(sql, &s->nparams);
    if (!s->sql) {
        pg_db_set_err(db, "a parameter number out of range, or out of memory");
        free(s);
        return DB_ERROR;
    }
    s->query = pg_sql_is_query(s->sql);
    size_t n = s->nparams ? (size_t)s->nparams : 1;
    s->values = calloc(n, sizeof *s->values);
    s->lengths = calloc(n, sizeof *s->lengths);
    s->formats = calloc(n, sizeof *s->formats);
    s->types = calloc(n, sizeof *s->types);
    s->prep_types = calloc(n, sizeof *s->prep_types);
    s->next = db->stmts;
    if (db->stmts)
        db->stmts->prev = s;
    db->stmts = s;
    if (!s->values || !s->lengths || !s->formats || !s->types || !s->prep_types) {
        pg_stmt_finalize(&s->base);
        return DB_NOMEM;
    }
    enum db_rc rc = prepare_named(s, false);
    /* 42P18: a parameter whose type nothing tells; 42P08: one whose uses
     * disagree (?1 IS NULL OR b = ?1). Prepared at the first step, with the
     * types of the values bound then. */
    if (rc != DB_OK && (strcmp(db->state, "42P18") == 0 || strcmp(db->state, "42P08") == 0))
        rc = DB_OK;
    if (rc != DB_OK) {
        pg_stmt_finalize(&s->base);
        return rc;
    }
    *out = &s->base;
    return DB_OK;
}

static void
clear_row(struct pg_stmt *s)
{
    if (s->blobs && s->res) {
        for (int c = 0; c < PQnfields(s->res); c++)
            if (s->blobs[c])
                PQfreemem(s->blobs[c]);
    }
    free(s->blobs);
    s->blobs = NULL;
}

static void
clear_result(struct pg_stmt *s)
{
    clear_row(s);
    if (s->res)
        PQclear(s->res);
    s->res = NULL;
    s->row = -1;
}

/* The cursor closed, and the read transaction committed when it was the
 * last cursor in it. */
static enum db_rc
end_cursor(struct pg_stmt *s)
{
    struct pg_db *db = s->db;
    enum db_rc rc = DB_OK;
    if (!s->cursor)
        return DB_OK;
    if (!s->lost && PQtransactionStatus(db->conn) == PQTRANS_INTRANS) {
        char sql[64];
        snprintf(sql, sizeof sql, "CLOSE slaudit_c%u", s->id);
        rc = pg_db_run(db, sql);
    }
    if (s->in_read && --db->reads == 0) {
        enum db_rc end =
            pg_db_run(db, PQtransactionStatus(db->conn) == PQTRANS_INERROR ? "ROLLBACK" : "COMMIT");
        if (rc == DB_OK)
            rc = end;
    }
    s->cursor = s->in_read = s->lost = false;
    return rc;
}

static enum db_rc
check_index(struct pg_stmt *s, int i)
{
    if (i < 1 || i > s->nparams) {
        pg_db_set_err(s->db, "parameter number out of range");
        return DB_ERROR;
    }
    free(s->values[i - 1]);
    s->values[i - 1] = NULL;
    s->lengths[i - 1] = 0;
    s->formats[i - 1] = 0;
    s->types[i - 1] = 0;
    return DB_OK;
}

static enum db_rc
bind_copy(struct pg_stmt *s, int i, const void *v, size_t n, int format, Oid type)
{
    enum db_rc rc = check_index(s, i);
    if (rc != DB_OK)
        return rc;
    if (n > INT32_MAX) {
        pg_db_set_err(s->db, "value too large to bind");
        return DB_ERROR;
    }
    char *copy = malloc(n + 1);
    if (!copy)
        return DB_NOMEM;
    if (n)
        memcpy(copy, v, n);
    copy[n] = '\0';
    s->values[i - 1] = copy;
    s->lengths[i - 1] = (int)n;
    s->formats[i - 1] = format;
    s->types[i - 1] = type;
    return DB_OK;
}

enum db_rc
pg_stmt_bind_null(struct db_stmt *base, int i)
{
    return check_index((struct pg_stmt *)base, i);
}

enum db_rc
pg_stmt_bind_int64(struct db_stmt *base, int i, int64_t v)
{
    char text[32];
    int n = snprintf(text, sizeof text, "%" PRId64, v);
    return bind_copy((struct pg_stmt *)base, i, text, (size_t)n, 0, OID_INT8);
}

enum db_rc
pg_stmt_bind_double(struct db_stmt *base, int i, double v)
{
    char text[40];
    /* 17 significant digits read back as the same double. */
    int n = snprintf(text, sizeof text, "%.17g", v);
    return bind_copy((struct pg_stmt *)base, i, text, (size_t)n, 0, OID_FLOAT8);
}

enum db_rc
pg_stmt_bind_text(struct db_stmt *base, int i, const char *v)
{
    if (!v)
        return pg_stmt_bind_null(base, i);
    return bind_copy((struct pg_stmt *)base, i, v, strlen(v), 0, OID_TEXT);
}

enum db_rc
pg_stmt_bind_blob(struct db_stmt *base, int i, const void *v, size_t n)
{
    return bind_copy((struct pg_stmt *)base, i, v, n, 1, OID_BYTEA);
}

/* Prepared again when the types it was prepared with are not those bound. */
static enum db_rc
ready(struct pg_stmt *s)
{
    if (s->prepared && !s->typed)
        return DB_OK;
    if (s->prepared) {
        bool same = true;
        for (int i = 0; i < s->nparams; i++)
            same = same && (s->types[i] ? s->types[i] : OID_TEXT) == s->prep_types[i];
        if (same)
            return DB_OK;
    }
    return prepare_named(s, true);
}

static enum db_rc
fetch(struct pg_stmt *s)
{
    char sql[64];
    clear_result(s);
    snprintf(sql, sizeof sql, "FETCH %d FROM slaudit_c%u", FETCH_ROWS, s->id);
    PGresult *res = PQexec(s->db->conn, sql);
    enum db_rc rc = pg_db_check(s->db, res, true);
    if (rc != DB_OK)
        return rc;
    s->res = res;
    s->more = PQntuples(res) == FETCH_ROWS;
    return DB_OK;
}

/* The first step: the statement run, or its cursor declared. */
static enum db_rc
start(struct pg_stmt *s)
{
    struct pg_db *db = s->db;
    enum db_rc rc = ready(s);
    if (rc != DB_OK)
        return rc;
    char name[40];
    if (!s->query) {
        snprintf(name, sizeof name, "slaudit_%u", s->id);
        bool sp;
        if ((rc = pg_db_write_begin(db, &sp)) != DB_OK)
            return rc;
        PGresult *res = PQexecPrepared(db->conn, name, s->nparams, (const char *const *)s->values,
                                       s->lengths, s->formats, 0);
        rc = pg_db_check(db, res, true);
        pg_db_write_end(db, sp, rc);
        if (rc != DB_OK)
            return rc;
        db->changes = strtoll(PQcmdTuples(res), NULL, 10);
        s->res = res;
        s->more = false;
        return DB_OK;
    }
    bool opened = false;
    if (PQtransactionStatus(db->conn) == PQTRANS_IDLE) {
        if ((rc = pg_db_run(db, "BEGIN ISOLATION LEVEL READ COMMITTED")) != DB_OK)
            return rc;
        opened = true;
    }
    snprintf(name, sizeof name, "slaudit_%u_c", s->id);
    rc = pg_db_check(db,
                     PQexecPrepared(db->conn, name, s->nparams, (const char *const *)s->values,
                                    s->lengths, s->formats, 0),
                     false);
    if (rc != DB_OK) {
        if (opened)
            pg_db_run(db, "ROLLBACK");
        return rc;
    }
    s->cursor = true;
    s->in_read = opened || db->reads > 0;
    if (s->in_read)
        db->reads++;
    return fetch(s);
}

enum db_rc
pg_stmt_step(struct db_stmt *base)
{
    struct pg_stmt *s = (struct pg_stmt *)base;
    enum db_rc rc = pg_copy_settle(s->db);
    if (rc != DB_OK)
        return rc;
    if (!s->busy) {
        if ((rc = start(s)) != DB_OK)
            return rc;
        s->busy = true;
    } else if (s->lost) {
        pg_db_set_err(s->db, "the read ended with its transaction");
        return DB_ERROR;
    }
    if (!s->res)
        return DB_DONE;
    clear_row(s);
    if (s->row + 1 >= PQntuples(s->res) && s->cursor && s->more) {
        if ((rc = fetch(s)) != DB_OK)
            return rc;
    }
    if (s->row + 1 >= PQntuples(s->res)) {
        rc = end_cursor(s);
        clear_result(s);
        s->busy = false;
        return rc == DB_OK ? DB_DONE : rc;
    }
    s->row++;
    return DB_ROW;
}

enum db_rc
pg_stmt_reset(struct db_stmt *base)
{
    struct pg_stmt *s = (struct pg_stmt *)base;
    enum db_rc rc = s->cursor ? pg_copy_settle(s->db) : DB_OK;
    enum db_rc ended = end_cursor(s);
    if (rc == DB_OK)
        rc = ended;
    clear_result(s);
    s->busy = false;
    for (int i = 0; i < s->nparams; i++)
        check_index(s, i + 1);
    return rc;
}

void
pg_stmt_finalize(struct db_stmt *base)
{
    struct pg_stmt *s = (struct pg_stmt *)base;
    struct pg_db *db = s->db;
    pg_copy_settle(db); /* its failure stays, for the next call to return */
    end_cursor(s);
    clear_result(s);
    /* A statement's name is freed on the server unless the transaction is
     * failed: it then stays until the connection closes, unused. */
    if (s->prepared && PQtransactionStatus(db->conn) != PQTRANS_INERROR) {
        char sql[64];
        snprintf(sql, sizeof sql, "DEALLOCATE slaudit_%u%s", s->id, s->query ? "_c" : "");
        pg_db_run(db, sql);
    }
    for (int i = 0; s->values && i < s->nparams; i++)
        free(s->values[i]);
    free(s->values);
    free(s->lengths);
    free(s->formats);
    free(s->types);
    free(s->prep_types);
    free(s->sql);
    if (s->prev)
        s->prev->next = s->next;
    else
        db->stmts = s->next;
    if (s->next)
        s->next->prev = s->prev;
    free(s);
}

bool
pg_stmt_busy(const struct db_stmt *base)
{
    return ((const struct pg_stmt *)base)->busy;
}

static bool
has_value(struct pg_stmt *s, int col)
{
    return s->res && s->row >= 0 && s->row < PQntuples(s->res) && col >= 0 &&
           col < PQnfields(s->res) && !PQgetisnull(s->res, s->row, col);
}

enum db_type
pg_stmt_column_type(struct db_stmt *base, int col)
{
    struct pg_stmt *s = (struct pg_stmt *)base;
    if (!has_value(s, col))
        return DB_NULL;
    switch (PQftype(s->res, col)) {
    case OID_BOOL:
    case OID_INT2:
    case OID_INT4:
    case OID_INT8:
    case OID_OID:
        return DB_INTEGER;
    case OID_FLOAT4:
    case OID_FLOAT8:
    case OID_NUMERIC:
        return DB_FLOAT;
    case OID_BYTEA:
        return DB_BLOB;
    default:
        return DB_TEXT;
    }
}

int64_t
pg_stmt_column_int64(struct db_stmt *base, int col)
{
    struct pg_stmt *s = (struct pg_stmt *)base;
    if (!has_value(s, col))
        return 0;
    const char *v = PQgetvalue(s->res, s->row, col);
    if (PQftype(s->res, col) == OID_BOOL)
        return *v == 't';
    if (PQftype(s->res, col) == OID_FLOAT8 || PQftype(s->res, col) == OID_FLOAT4 ||
        PQftype(s->res, col) == OID_NUMERIC)
        return (int64_t)strtod(v, NULL);
    return strtoll(v, NULL, 10);
}

double
pg_stmt_column_double(struct db_stmt *base, int col)
{
    struct pg_stmt *s = (struct pg_stmt *)base;
    return has_value(s, col) ? strtod(PQgetvalue(s->res, s->row, col), NULL) : 0.0;
}

const char *
pg_stmt_column_text(struct db_stmt *base, int col)
{
    struct pg_stmt *s = (struct pg_stmt *)base;
    return has_value(s, col) ? PQgetvalue(s->res, s->row, col) : NULL;
}

const void *
pg_stmt_column_blob(struct db_stmt *base, int col, size_t *n)
{
    struct pg_stmt *s = (struct pg_stmt *)base;
    *n = 0;
    if (!has_value(s, col))
        return NULL;
    const char *v = PQgetvalue(s->res, s->row, col);
    if (PQftype(s->res, col) != OID_BYTEA) {
        *n = (size_t)PQgetlength(s->res, s->row, col);
        return v;
    }
    int nf = PQnfields(s->res);
    if (!s->blobs && !(s->blobs = calloc((size_t)nf, sizeof *s->blobs + sizeof *s->blob_lens)))
        return NULL;
    s->blob_lens = (size_t *)(s->blobs + nf);
    if (!s->blobs[col])
        s->blobs[col] = (char *)PQunescapeBytea((const unsigned char *)v, &s->blob_lens[col]);
    *n = s->blobs[col] ? s->blob_lens[col] : 0;
    return s->blobs[col];
}
