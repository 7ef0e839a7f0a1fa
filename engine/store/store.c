/* store.c — the store API on db.h, the SQL connection (SQLite or PostgreSQL). */
#include "engine/store/store.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/base/grow.h"
#include "engine/store/db.h"
#include "engine/store/store_db.h"
#include "engine/store/store_latency.h"
#include "engine/store/schema.h"
#include "engine/time/sltime.h"

enum stmt_id {
    S_SOURCE_FIND,
    S_SOURCE_INSERT,
    S_SOURCE_COUNTS,
    S_INCIDENT_INSERT,
    S_INCIDENT_UPDATE,
    S_INCIDENT_TAKE,
    S_INTERVAL_PUT,
    S_INTERVAL_UPDATE,
    S_GPU_EVENT_INSERT,
    S_MAINT_INSERT,
    S_REJECT_INSERT,
    S_INTERVAL_SERIES_FIRST, /* the three of a table in this order: series_skip_scan */
    S_INTERVAL_SERIES_SAME,
    S_INTERVAL_SERIES_NEXT,
    S_MAINT_SERIES_FIRST,
    S_MAINT_SERIES_SAME,
    S_MAINT_SERIES_NEXT,
    S_INTERVAL_SPAN,
    S_MAINT_SPAN,
    S_COUNT
};

/* An interval's columns, in the order of interval_values. */
#define INTERVAL_COLUMNS "source_id, entity, service, start, \"end\", status, units, unit_kind, key"

/* A stored incident says something else than parameters 5 to 16: a
 * re-export that changed it. Every parameter is used, so each statement
 * binds all sixteen. */
#define INCIDENT_DIFFERS                                                                           \
    "(service IS DISTINCT FROM ?5 OR severity IS DISTINCT FROM ?6 OR severity_label IS "           \
    "DISTINCT FROM ?7 OR title IS DISTINCT FROM ?8 OR state IS DISTINCT FROM ?9 OR postmortem IS " \
    "DISTINCT FROM ?10 OR started IS DISTINCT FROM ?11 OR detected IS DISTINCT FROM ?12 OR "       \
    "acknowledged IS DISTINCT FROM ?13 OR mitigated IS DISTINCT FROM ?14 OR resolved IS "          \
    "DISTINCT FROM ?15 OR extra IS DISTINCT FROM ?16)"

/* The first (entity, service) pair of a table, in its index's order, that
 * meets `where`: one seek of the index. */
#define SERIES_SQL(table, where)                                                                   \
    "SELECT entity, service FROM " table " WHERE " where " ORDER BY entity, service LIMIT 1"

static const char *const stmt_sql[S_COUNT] = {
    [S_SOURCE_FIND] = "SELECT id FROM sources WHERE sha256 = ?1",
    [S_SOURCE_INSERT] = "INSERT INTO sources (path, sha256, format, bytes, ingested_at) "
                        "VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (sha256) DO NOTHING RETURNING id",
    [S_SOURCE_COUNTS] = "UPDATE sources SET read = ?2, stored = ?3, rejected = ?4, "
                        "duplicates = ?5 WHERE id = ?1",
    /* The conflicts of this INSERT and S_INTERVAL_PUT are left without a
     * target: the key's unique index is the table's only one besides the id,
     * which an INSERT never gives, so they mean what naming that index
     * would. A target must be matched by a unique index on the table named,
     * which a server table partitioned onto other servers (postgres_fdw
     * foreign partitions, tests/pg/fdw.sh) cannot have: each partition
     * holds its own, and the key is unique over all of them because it
     * contains the entity the rows are partitioned by. */
    [S_INCIDENT_INSERT] =
        "INSERT INTO incidents (source_id, line, entity, key, service, severity, "
        "severity_label, title, state, postmortem, started, detected, acknowledged, "
        "mitigated, resolved, extra) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14,"
        "?15,?16) ON CONFLICT DO NOTHING",
    [S_INCIDENT_UPDATE] =
        "UPDATE incidents SET source_id = ?1, line = ?2, service = ?5, severity = ?6, "
        "severity_label = ?7, title = ?8, state = ?9, postmortem = ?10, started = ?11, "
        "detected = ?12, acknowledged = ?13, mitigated = ?14, resolved = ?15, extra = ?16 "
        "WHERE entity = ?3 AND key = ?4 AND " INCIDENT_DIFFERS,
    /* The same record again: it belongs to the later file from now on. */
    [S_INCIDENT_TAKE] = "UPDATE incidents SET source_id = ?1, line = ?2 "
                        "WHERE entity = ?3 AND key = ?4 AND NOT " INCIDENT_DIFFERS,
    [S_INTERVAL_PUT] = "INSERT INTO intervals (" INTERVAL_COLUMNS ") VALUES (?1, ?2, ?3, ?4, "
                       "?5, ?6, ?7, ?8, ?9) ON CONFLICT DO NOTHING",
    [S_INTERVAL_UPDATE] =
        "UPDATE intervals SET source_id = ?1, start = ?4, \"end\" = ?5, status = ?6, "
        "units = ?7, unit_kind = ?8 "
        "WHERE entity = ?2 AND service = ?3 AND key = ?9",
    [S_GPU_EVENT_INSERT] =
        "INSERT INTO gpu_events (source_id, line, entity, service, time, host, pci, "
        "gpu, xid, class, action, message) VALUES (?1, ?2, ?3, ?4, ?5, coalesce(?6, ''), "
        "coalesce(?7, ''), ?8, ?9, ?10, ?11, coalesce(?12, '')) ON CONFLICT DO NOTHING",
    [S_MAINT_INSERT] = "INSERT INTO maintenance (source_id, line, entity, service, key, start, "
                       "\"end\", announced) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    [S_REJECT_INSERT] = "INSERT INTO rejects (source_id, line, reason, raw) VALUES (?1,?2,?3,?4)",
    [S_INTERVAL_SERIES_FIRST] = SERIES_SQL("intervals", "entity >= ?1"),
    [S_INTERVAL_SERIES_SAME] = SERIES_SQL("intervals", "entity = ?1 AND service > ?2"),
    [S_INTERVAL_SERIES_NEXT] = SERIES_SQL("intervals", "entity > ?1"),
    [S_MAINT_SERIES_FIRST] = SERIES_SQL("maintenance", "entity >= ?1"),
    [S_MAINT_SERIES_SAME] = SERIES_SQL("maintenance", "entity = ?1 AND service > ?2"),
    [S_MAINT_SERIES_NEXT] = SERIES_SQL("maintenance", "entity > ?1"),
    /* Ordered by every column read, so that both engines return equal
     * rows in one order; the covering index gives that order as it is. */
    [S_INTERVAL_SPAN] = "SELECT start, \"end\", status, units, unit_kind FROM intervals "
                        "WHERE entity = ?1 AND service = ?2 AND start < ?4 AND \"end\" > ?3 "
                        "ORDER BY start, \"end\", status, units NULLS FIRST, "
                        "unit_kind NULLS FIRST",
    [S_MAINT_SPAN] =
        "SELECT entity, service, key, start, \"end\", announced, line FROM maintenance "
        "WHERE entity = ?1 AND service = ?2 AND start < ?4 AND \"end\" > ?3 "
        "ORDER BY start, \"end\", id",
};

/* The bulk loads: their tables, and what a failure of one says. */
static const struct {
    const char *table, *columns, *what;
} bulk_of[STORE_BULK_COUNT] = {
    [STORE_BULK_INTERVALS] = {"intervals", INTERVAL_COLUMNS, "cannot store the interval"},
    [STORE_BULK_LATENCY] = {"latency_hours", STORE_LATENCY_COLUMNS, "cannot store probe latency"},
};

struct store {
    struct db *db;
    char *path;
    char *name; /* path as messages give it: a server's password masked */
    struct db_stmt *stmt[S_COUNT];
    struct db_bulk *bulk[STORE_BULK_COUNT]; /* opened at their first row */
    int64_t source_id;                      /* the open source transaction, 0 when none */
    enum db_rc rc;                          /* the last call that failed, for db_error */
    /* A call of this source transaction failed with DB_RETRY: kept apart
     * from rc, which the calls that fail after it in the ended
     * transaction overwrite. */
    bool retry;
    bool read_only;
};

static enum sl_status flush_bulks(struct store *st, struct sl_diag *diag);

/* DB_BUSY once the busy timeout has run out: say that another process
 * holds the lock and how long we waited, not the bare "database is
 * locked". */
static enum sl_status
busy_error(struct store *st, struct sl_diag *diag, const char *what)
{
    return diag_set(diag, SL_ERR_DB, st->name, 0,
                    "%s: the database is locked by another process and stayed locked for more "
                    "than %d s; try again when it is done",
                    what, STORE_BUSY_TIMEOUT_MS / 1000);
}

/* What to do about a damaged store, after saying so. */
#define DAMAGED_ADVICE "restore it from a backup, or ingest the sources again into a new store"

static enum sl_status
db_fail(struct store *st, enum db_rc rc, struct sl_diag *diag, const char *what)
{
    if (rc == DB_BUSY)
        return busy_error(st, diag, what);
    if (rc == DB_CORRUPT)
        return diag_set(diag, SL_ERR_DB, st->name, 0,
                        "%s: the store is damaged (%s): " DAMAGED_ADVICE, what, db_errmsg(st->db));
    return diag_set(diag, SL_ERR_DB, st->name, 0, "%s: %s", what, db_errmsg(st->db));
}

/* db_fail for the last call that failed. */
static enum sl_status
db_error(struct store *st, struct sl_diag *diag, const char *what)
{
    return db_fail(st, st->rc, diag, what);
}

/* rc, remembered when it is a failure. */
static enum db_rc
note(struct store *st, enum db_rc rc)
{
    if (rc != DB_OK && rc != DB_ROW && rc != DB_DONE)
        st->rc = rc;
    if (rc == DB_RETRY)
        st->retry = true;
    return rc;
}

static enum db_rc
step(struct store *st, struct db_stmt *s)
{
    return note(st, db_step(s));
}

/* A statement for this call only; false (with the failure noted) when it
 * cannot be had. */
static bool
prepare(struct store *st, const char *sql, struct db_stmt **s)
{
    return note(st, db_prepare(st->db, sql, false, s)) == DB_OK;
}

static enum sl_status
exec(struct store *st, const char *sql, struct sl_diag *diag)
{
    enum db_rc rc = note(st, db_exec(st->db, sql));
    if (rc == DB_BUSY)
        return busy_error(st, diag, "waiting for the lock");
    return rc ? diag_set(diag, SL_ERR_DB, st->name, 0, "%s", db_errmsg(st->db)) : SL_OK;
}

/* db_begin, which takes the write lock at once, and db_commit, worded as
 * exec words its failures. */
static enum sl_status
begin(struct store *st, struct sl_diag *diag)
{
    enum db_rc rc = note(st, db_begin(st->db));
    if (rc == DB_BUSY)
        return busy_error(st, diag, "waiting for the lock");
    return rc ? diag_set(diag, SL_ERR_DB, st->name, 0, "%s", db_errmsg(st->db)) : SL_OK;
}

static enum sl_status
commit(struct store *st, struct sl_diag *diag)
{
    enum db_rc rc = note(st, db_commit(st->db));
    if (rc == DB_BUSY)
        return busy_error(st, diag, "waiting for the lock");
    return rc ? diag_set(diag, SL_ERR_DB, st->name, 0, "%s", db_errmsg(st->db)) : SL_OK;
}

struct db *
store_db_handle(struct store *st)
{
    return st->db;
}

int64_t
store_db_source(const struct store *st)
{
    return st->source_id;
}

enum sl_status
store_db_error(struct store *st, enum db_rc rc, struct sl_diag *diag, const char *what)
{
    return db_fail(st, note(st, rc), diag, what);
}

static struct db_stmt *
prepared(struct store *st, enum stmt_id id)
{
    struct db_stmt *s = st->stmt[id];
    if (!s) {
        if (note(st, db_prepare(st->db, stmt_sql[id], true, &st->stmt[id])) != DB_OK)
            return NULL;
        return st->stmt[id];
    }
    db_reset(s);
    return s;
}

const char *
store_shared_path(struct store *st)
{
    return db_in_transaction(st->db) ? NULL : db_shared_target(st->db);
}

char *
store_redact_target(const char *target)
{
    return db_redact_target(target);
}

void
store_blank_password(char *target)
{
    db_blank_password(target);
}

int
store_schema_version(struct store *st)
{
    return db_schema_version(st->db);
}

const char *
store_backend(struct store *st)
{
    return db_backend(st->db);
}

enum sl_status
store_source_scope(struct store *st, char *out, size_t size, struct sl_diag *diag)
{
    /* The owner of the store sees every source, as a SQLite file's writer
     * does, and keys as SQLite keys; every other role by itself. */
    static const char sql[] =
        "SELECT CASE WHEN pg_get_userbyid(relowner) = current_user THEN '' ELSE current_user END "
        "FROM pg_class WHERE oid = 'sources'::regclass";
    out[0] = '\0';
    if (strcmp(db_backend(st->db), "postgresql") != 0)
        return SL_OK; /* a SQLite file: whoever may write it sees every source */
    struct db_stmt *s;
    if (note(st, db_prepare(st->db, sql, false, &s)) != DB_OK)
        return db_error(st, diag, "cannot read the role this connection ingests as");
    enum db_rc got = note(st, db_step(s));
    if (got == DB_ROW && db_column_text(s, 0))
        snprintf(out, size, "%s", db_column_text(s, 0));
    db_finalize(s);
    return got == DB_ROW ? SL_OK
                         : db_error(st, diag, "cannot read the role this connection ingests as");
}

/* Applies the pending migrations, each in its own transaction. The version
 * is read inside the transaction, after db_begin has taken the write lock:
 * another process creating the same store at the same moment may have
 * applied a migration since this one last looked, and it must not run twice
 * ("table sources already exists"). */
static enum sl_status
migrate(struct store *st, struct sl_diag *diag)
{
    /* Up to date: no transaction, so that opening does not wait behind a
     * writer (an ingest holds the write lock for a whole file). */
    if (store_schema_version(st) == schema_version)
        return SL_OK;
    for (;;) {
        enum sl_status s = begin(st, diag);
        if (s)
            return s;
        enum db_rc rc = note(st, db_lock_schema(st->db));
        if (rc != DB_OK) {
            s = db_fail(st, rc, diag, "waiting for the lock");
            db_rollback(st->db);
            return s;
        }
        int version = store_schema_version(st);
        if (version < 0 || version >= schema_version) {
            if (version < 0)
                s = db_fail(st, DB_ERROR, diag, "cannot read the schema version");
            else if (version > schema_version)
                s = diag_set(diag, SL_ERR_DB, st->name, 0,
                             "schema version %d is newer than this slaudit (%d)", version,
                             schema_version);
            db_rollback(st->db);
            return s;
        }
        const char *sql = db_migration(st->db, version + 1);
        if (sql && (s = exec(st, sql, diag)))
            ;
        else if ((rc = note(st, db_set_schema_version(st->db, version + 1))))
            s = rc == DB_BUSY ? busy_error(st, diag, "waiting for the lock")
                              : diag_set(diag, SL_ERR_DB, st->name, 0, "%s", db_errmsg(st->db));
        else
            s = commit(st, diag);
        if (s) {
            db_rollback(st->db);
            return s;
        }
    }
}

/* Connects st->db to st->path in mode; the backend's message (sqlite_db.c)
 * becomes the diagnostic. */
static enum sl_status
connect(struct store *st, enum db_open_mode mode, struct sl_diag *diag)
{
    char err[512];
    db_close(st->db);
    st->db = NULL;
    enum db_rc rc = db_open(st->path, mode, &st->db, err, sizeof err);
    st->rc = rc;
    if (rc == DB_OK)
        return SL_OK;
    if (rc == DB_NOMEM)
        return diag_set(diag, SL_ERR_NOMEM, st->name, 0, "out of memory");
    if (rc == DB_BUSY)
        return busy_error(st, diag, err);
    if (rc == DB_CANTOPEN && !*err)
        return diag_set(diag, SL_ERR_DB, "", 0,
                        "no store at %s (ingest something first, or check --db)", st->name);
    return diag_set(diag, SL_ERR_DB, st->name, 0, "%s", err);
}

/* The schema version, checked against this slaudit's. */
static enum sl_status
read_version(struct store *st, int *version, struct sl_diag *diag)
{
    if ((*version = store_schema_version(st)) < 0)
        return db_fail(st, DB_ERROR, diag, "cannot read the store");
    if (*version > schema_version)
        return diag_set(diag, SL_ERR_DB, st->name, 0,
                        "schema version %d is newer than this slaudit (%d)", *version,
                        schema_version);
    return SL_OK;
}

/* A store that exists, for reading: read-only, or (STORE_UPDATE) read-write
 * when the process may write it. Nothing is written on the way: no journal
 * switch, and a migration only when the tables are too old to read. */
static enum sl_status
open_existing(struct store *st, enum store_mode mode, struct sl_diag *diag)
{
    enum sl_status s;
    bool rw = mode == STORE_UPDATE;
    if (rw) {
        /* Read-write when the process may write the file, else read-only. */
        struct sl_diag tried = {0};
        if ((s = connect(st, DB_OPEN_WRITE, &tried)) && st->rc != DB_READONLY) {
            if (diag)
                *diag = tried;
            return s;
        }
        rw = !s;
    }
    if (!rw && (s = connect(st, DB_OPEN_READ, diag)))
        return s;
    st->read_only = !rw;
    int version;
    if ((s = read_version(st, &version, diag)))
        return s;
    if (version < schema_version && (rw || version < schema_readable)) {
        /* Tables too old to read (or a writer that may as well bring them
         * up to date): migrate, on a connection that can write. */
        if (!rw && (s = connect(st, DB_OPEN_WRITE, diag)))
            return s;
        if ((s = migrate(st, diag)))
            return s;
        if (!rw && (s = connect(st, DB_OPEN_READ, diag)))
            return s;
    }
    return SL_OK;
}

/* A store to write, created when it does not exist. */
static enum sl_status
open_for_writing(struct store *st, struct sl_diag *diag)
{
    int version;
    enum sl_status s;
    if ((s = connect(st, DB_OPEN_CREATE, diag)) || (s = read_version(st, &version, diag)))
        return s;
    return migrate(st, diag);
}

enum sl_status
store_open_for(const char *path, enum store_mode mode, struct store **out, struct sl_diag *diag)
{
    struct store *st = calloc(1, sizeof *st);
    enum sl_status s = SL_ERR_NOMEM;
    *out = NULL;
    if (!st || !(st->path = strdup(path)) || !(st->name = db_redact_target(path)))
        goto fail;
    s = mode == STORE_CREATE ? open_for_writing(st, diag) : open_existing(st, mode, diag);
    if (s)
        goto fail;
    *out = st;
    return SL_OK;
fail:
    store_close(st);
    if (s == SL_ERR_NOMEM)
        diag_set(diag, s, db_target_is_server(path) ? "" : path, 0, "out of memory");
    return s;
}

enum sl_status
store_open(const char *path, struct store **out, struct sl_diag *diag)
{
    return store_open_for(path, STORE_CREATE, out, diag);
}

bool
store_read_only(struct store *st)
{
    return st->read_only;
}

void
store_close(struct store *st)
{
    if (!st)
        return;
    for (int i = 0; i < S_COUNT; i++)
        db_finalize(st->stmt[i]);
    for (int i = 0; i < STORE_BULK_COUNT; i++)
        db_bulk_close(st->bulk[i]);
    db_close(st->db);
    free(st->path);
    free(st->name);
    free(st);
}

static void
bind_text(struct db_stmt *s, int i, const char *v)
{
    db_bind_text(s, i, v);
}

static void
bind_time(struct db_stmt *s, int i, int64_t t)
{
    if (t == SLTIME_NONE)
        db_bind_null(s, i);
    else
        db_bind_int64(s, i, t);
}

static int64_t
column_time(struct db_stmt *s, int i)
{
    return db_column_type(s, i) == DB_NULL ? SLTIME_NONE : db_column_int64(s, i);
}

static const char *
column_text(struct db_stmt *s, int i)
{
    return db_column_text(s, i);
}

static enum sl_status
step_done(struct store *st, struct db_stmt *s, struct sl_diag *diag, const char *what)
{
    if (!s)
        return db_error(st, diag, what);
    enum db_rc rc = step(st, s);
    db_reset(s);
    return rc == DB_DONE ? SL_OK : db_error(st, diag, what);
}

static enum sl_status forget_where(struct store *st, const char *sha256, const char *path,
                                   struct store_forgotten *out, struct sl_diag *diag);

/* Records a source: DB_ROW with *id its new id; DB_DONE when another
 * process recorded the same bytes first (its unique sha256, ON CONFLICT DO
 * NOTHING); else the failure, noted for db_error. */
static enum db_rc
insert_source(struct store *st, const char *path, const char *sha256, const char *format,
              long long bytes, int64_t *id)
{
    struct db_stmt *s = prepared(st, S_SOURCE_INSERT);
    if (!s)
        return st->rc;
    bind_text(s, 1, path);
    bind_text(s, 2, sha256);
    bind_text(s, 3, format);
    db_bind_int64(s, 4, bytes);
    db_bind_int64(s, 5, (int64_t)time(NULL));
    enum db_rc got = step(st, s);
    if (got == DB_ROW)
        *id = db_column_int64(s, 0);
    db_reset(s);
    return got;
}

/* Records the source of sha256 in the open transaction, its records to
 * follow it: *already when those bytes are on record (nothing is
 * written). The transaction is left open either way; a failure is
 * returned with its diagnostic. */
static enum sl_status
source_add(struct store *st, const char *path, const char *sha256, const char *format,
           long long bytes, bool *already, struct sl_diag *diag)
{
    struct db_stmt *s = prepared(st, S_SOURCE_FIND);
    if (!s)
        return db_error(st, diag, "cannot start the ingest");
    db_bind_text(s, 1, sha256);
    enum db_rc found = step(st, s);
    db_reset(s);
    *already = found == DB_ROW;
    if (found == DB_ROW)
        return SL_OK;
    if (found != DB_DONE)
        return db_error(st, diag, "cannot start the ingest");
    enum db_rc got = insert_source(st, path, sha256, format, bytes, &st->source_id);
    /* DB_DONE: the same bytes were stored by another process since the
     * look-up: a server lets two ingests run at once, and the second waits
     * on the unique sha256 until the first commits. Its file is stored
     * once, and this one is told so as if it had come second. */
    *already = got == DB_DONE;
    if (got == DB_ROW || got == DB_DONE)
        return SL_OK;
    return db_error(st, diag, "cannot record the source");
}

/* store_source_begin(), and with forgot set, everything of the sources of the
 * same path or bytes forgotten first, in the same transaction. */
static enum sl_status
source_begin(struct store *st, const char *path, const char *sha256, const char *format,
             long long bytes, bool *already, struct store_forgotten *forgot, struct sl_diag *diag)
{
    st->retry = false; /* store_should_retry speaks of this transaction only */
    enum sl_status rc = begin(st, diag);
    if (rc)
        return rc;
    if (forgot)
        rc = forget_where(st, sha256, path, forgot, diag);
    if (!rc)
        rc = source_add(st, path, sha256, format, bytes, already, diag);
    if (rc || *already) {
        db_rollback(st->db);
        st->source_id = 0;
    }
    return rc;
}

enum sl_status
store_source_begin(struct store *st, const char *path, const char *sha256, const char *format,
                   long long bytes, bool *already, struct sl_diag *diag)
{
    return source_begin(st, path, sha256, format, bytes, already, NULL, diag);
}

enum sl_status
store_source_replace(struct store *st, const char *path, const char *sha256, const char *format,
                     long long bytes, struct store_forgotten *forgot, struct sl_diag *diag)
{
    bool already = false;
    memset(forgot, 0, sizeof *forgot);
    return source_begin(st, path, sha256, format, bytes, &already, forgot, diag);
}

/* Writes what the open source still holds and its counts. */
static enum sl_status
source_counts(struct store *st, const struct source_counts *c, struct sl_diag *diag)
{
    enum sl_status rc = flush_bulks(st, diag);
    struct db_stmt *s = rc ? NULL : prepared(st, S_SOURCE_COUNTS);
    if (s) {
        db_bind_int64(s, 1, st->source_id);
        db_bind_int64(s, 2, c->read);
        db_bind_int64(s, 3, c->stored);
        db_bind_int64(s, 4, c->rejected);
        db_bind_int64(s, 5, c->duplicates);
        rc = step_done(st, s, diag, "cannot record the counts");
    } else if (!rc) {
        rc = db_error(st, diag, "cannot record the counts");
    }
    return rc;
}

enum sl_status
store_source_finish(struct store *st, const struct source_counts *c, struct sl_diag *diag)
{
    enum sl_status rc = source_counts(st, c, diag);
    if (!rc)
        rc = commit(st, diag);
    if (rc)
        db_rollback(st->db);
    st->source_id = 0;
    return rc;
}

enum sl_status
store_batch_begin(struct store *st, struct sl_diag *diag)
{
    st->retry = false;
    st->source_id = 0;
    return begin(st, diag);
}

enum sl_status
store_batch_source(struct store *st, const char *path, const char *sha256, const char *format,
                   long long bytes, bool *already, struct sl_diag *diag)
{
    st->source_id = 0;
    return source_add(st, path, sha256, format, bytes, already, diag);
}

enum sl_status
store_batch_source_done(struct store *st, const struct source_counts *c, struct sl_diag *diag)
{
    enum sl_status rc = source_counts(st, c, diag);
    st->source_id = 0;
    return rc;
}

enum sl_status
store_batch_commit(struct store *st, struct sl_diag *diag)
{
    enum sl_status rc = commit(st, diag);
    if (rc)
        db_rollback(st->db);
    return rc;
}

bool
store_should_retry(const struct store *st)
{
    return st->retry;
}

void
store_source_abort(struct store *st)
{
    if (db_in_transaction(st->db))
        db_rollback(st->db);
    /* Closed, so that no row they held goes in with a later source, even
     * when the failure ended the transaction itself; opened again at their
     * next row. */
    for (int i = 0; i < STORE_BULK_COUNT; i++) {
        db_bulk_close(st->bulk[i]);
        st->bulk[i] = NULL;
    }
    st->source_id = 0;
}

static void
bind_incident(struct db_stmt *s, int64_t source_id, const struct incident *inc)
{
    db_bind_int64(s, 1, source_id);
    db_bind_int64(s, 2, inc->line);
    bind_text(s, 3, inc->entity);
    bind_text(s, 4, inc->key);
    bind_text(s, 5, inc->service);
    bind_text(s, 6, inc->severity);
    bind_text(s, 7, inc->severity_label);
    bind_text(s, 8, inc->title);
    bind_text(s, 9, inc->state);
    bind_text(s, 10, inc->postmortem);
    bind_time(s, 11, inc->started);
    bind_time(s, 12, inc->detected);
    bind_time(s, 13, inc->acknowledged);
    bind_time(s, 14, inc->mitigated);
    bind_time(s, 15, inc->resolved);
    bind_text(s, 16, inc->extra_json);
}

/* Inserts, and updates only when the insert did nothing because (entity, key)
 * is stored already: a new incident costs one statement instead of a look-up
 * and an insert, a changed one two, the same one again three. */
enum sl_status
store_put_incident(struct store *st, const struct incident *inc, enum store_put *put,
                   struct sl_diag *diag)
{
    static const enum stmt_id steps[] = {S_INCIDENT_INSERT, S_INCIDENT_UPDATE, S_INCIDENT_TAKE};
    static const enum store_put outcome[] = {STORE_ADDED, STORE_CHANGED, STORE_SAME};
    for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        struct db_stmt *s = prepared(st, steps[i]);
        enum sl_status rc;
        if (!s)
            return db_error(st, diag, "cannot store the incident");
        bind_incident(s, st->source_id, inc);
        if ((rc = step_done(st, s, diag, "cannot store the incident")))
            return rc;
        if (db_changes(st->db) > 0) {
            *put = outcome[i];
            return SL_OK;
        }
    }
    /* Neither changed nor the same: a row another transaction holds (a
     * server's), which the update will meet; counted as the same. */
    *put = STORE_SAME;
    return SL_OK;
}

enum sl_status
store_add_incident(struct store *st, const struct incident *inc, bool *updated,
                   struct sl_diag *diag)
{
    enum store_put put = STORE_ADDED;
    enum sl_status rc = store_put_incident(st, inc, &put, diag);
    *updated = put != STORE_ADDED;
    return rc;
}

/* An interval's values, in the order of INTERVAL_COLUMNS. */
static void
interval_values(int64_t source_id, const struct interval *iv, struct db_value v[9])
{
    bool units = iv->units > 0;
    v[0] = db_value_int64(source_id);
    v[1] = db_value_text(iv->entity);
    v[2] = db_value_text(iv->service);
    v[3] = db_value_int64(iv->start);
    v[4] = db_value_int64(iv->end);
    v[5] = db_value_text(svc_status_name(iv->status));
    v[6] = units ? db_value_int64(iv->units) : db_value_null();
    v[7] = units ? db_value_text(iv->unit_kind) : db_value_null();
    v[8] = db_value_text(iv->key);
}

/* Parameters 1 to 9 of the keyed interval statements. */
static void
bind_interval(struct db_stmt *s, int64_t source_id, const struct interval *iv)
{
    struct db_value v[9];
    interval_values(source_id, iv, v);
    db_bind_values(s, 1, v, 9);
}

enum sl_status
store_db_bulk_add(struct store *st, enum store_bulk which, const struct db_value *row,
                  struct sl_diag *diag)
{
    assert(st->source_id != 0); /* held rows go in before the source commits */
    struct db_bulk **b = &st->bulk[which];
    if (!*b && note(st, db_bulk_open(st->db, bulk_of[which].table, bulk_of[which].columns, b)))
        return db_error(st, diag, bulk_of[which].what);
    if (note(st, db_bulk_add(*b, row)) != DB_OK)
        return db_error(st, diag, bulk_of[which].what);
    return SL_OK;
}

/* Every row the bulk loads hold stored, or the error of one. */
static enum sl_status
flush_bulks(struct store *st, struct sl_diag *diag)
{
    for (int i = 0; i < STORE_BULK_COUNT; i++)
        if (st->bulk[i] && note(st, db_bulk_flush(st->bulk[i])) != DB_OK)
            return db_error(st, diag, bulk_of[i].what);
    return SL_OK;
}

/* A keyless interval goes to a bulk load, which holds it to go in with
 * others (db.h): SQLite's multi-row INSERT, PostgreSQL's COPY. Every other
 * statement on intervals, each reader and the end of the source flush it
 * first, so rows keep their order, nothing reads past them, and a row's
 * error is reported as the interval's. */
enum sl_status
store_add_interval(struct store *st, const struct interval *iv, struct sl_diag *diag)
{
    struct db_value v[9];
    interval_values(st->source_id, iv, v);
    return store_db_bulk_add(st, STORE_BULK_INTERVALS, v, diag);
}

/* One statement for the common case, a key not stored yet: the insert skips
 * a row whose key is taken (the unique index's own seek finds it), and only
 * then is the stored row updated. A look-up before every insert cost a
 * fifth of a keyed interval. */
enum sl_status
store_put_interval(struct store *st, const struct interval *iv, bool *updated, struct sl_diag *diag)
{
    *updated = false;
    if (!iv->key)
        return store_add_interval(st, iv, diag);
    enum sl_status rc = flush_bulks(st, diag);
    if (rc)
        return rc;
    struct db_stmt *s = prepared(st, S_INTERVAL_PUT);
    if (!s)
        return db_error(st, diag, "cannot store the interval");
    bind_interval(s, st->source_id, iv);
    if ((rc = step_done(st, s, diag, "cannot store the interval")))
        return rc;
    if (db_changes(st->db) != 0)
        return SL_OK;
    *updated = true;
    if (!(s = prepared(st, S_INTERVAL_UPDATE)))
        return db_error(st, diag, "cannot update the interval");
    bind_interval(s, st->source_id, iv);
    return step_done(st, s, diag, "cannot update the interval");
}

enum sl_status
store_add_gpu_event(struct store *st, const struct gpu_event *ev, bool *duplicate,
                    struct sl_diag *diag)
{
    struct db_stmt *s = prepared(st, S_GPU_EVENT_INSERT);
    if (!s)
        return db_error(st, diag, "cannot store the GPU event");
    db_bind_int64(s, 1, st->source_id);
    db_bind_int64(s, 2, ev->line);
    bind_text(s, 3, ev->entity);
    bind_text(s, 4, ev->service);
    db_bind_int64(s, 5, ev->time);
    bind_text(s, 6, ev->host);
    bind_text(s, 7, ev->pci);
    bind_text(s, 8, ev->gpu);
    db_bind_int64(s, 9, ev->xid);
    bind_text(s, 10, ev->xid_class);
    bind_text(s, 11, ev->action);
    bind_text(s, 12, ev->message);
    /* A row the UNIQUE or the word lists' CHECKs refuse is not stored and
     * counts as a duplicate (as INSERT OR IGNORE did): ON CONFLICT skips
     * the first, and the second fails the statement alone. */
    enum db_rc done = step(st, s);
    db_reset(s);
    if (done == DB_CONSTRAINT) {
        *duplicate = true;
        return SL_OK;
    }
    if (done != DB_DONE)
        return db_error(st, diag, "cannot store the GPU event");
    *duplicate = db_changes(st->db) == 0;
    return SL_OK;
}

enum sl_status
store_add_maintenance(struct store *st, const struct maintenance *m, struct sl_diag *diag)
{
    struct db_stmt *s = prepared(st, S_MAINT_INSERT);
    if (!s)
        return db_error(st, diag, "cannot store the maintenance window");
    db_bind_int64(s, 1, st->source_id);
    db_bind_int64(s, 2, m->line);
    bind_text(s, 3, m->entity);
    bind_text(s, 4, m->service);
    bind_text(s, 5, m->key);
    db_bind_int64(s, 6, m->start);
    db_bind_int64(s, 7, m->end);
    bind_time(s, 8, m->announced);
    return step_done(st, s, diag, "cannot store the maintenance window");
}

enum sl_status
store_add_reject(struct store *st, long line, const char *reason, const char *raw,
                 struct sl_diag *diag)
{
    struct db_stmt *s = prepared(st, S_REJECT_INSERT);
    if (!s)
        return db_error(st, diag, "cannot store the rejected record");
    db_bind_int64(s, 1, st->source_id);
    db_bind_int64(s, 2, line);
    bind_text(s, 3, reason);
    bind_text(s, 4, raw);
    return step_done(st, s, diag, "cannot store the rejected record");
}

/* Runs a read query: binds text and integer parameters from a small list,
 * steps every row into row_fn. */
struct param {
    const char *text;
    int64_t num;
    bool is_text;
};

typedef int (*row_fn)(struct db_stmt *s, void *fn, void *ctx);

/* Binds params to s and steps every row into row_fn; leaves s to its owner. */
static enum sl_status
rows(struct store *st, struct db_stmt *s, const struct param *params, int nparams, row_fn row,
     void *fn, void *ctx, struct sl_diag *diag)
{
    enum sl_status flushed = flush_bulks(st, diag); /* this source's last rows */
    if (flushed)
        return flushed;
    for (int i = 0; i < nparams; i++) {
        if (params[i].is_text)
            bind_text(s, i + 1, params[i].text);
        else
            db_bind_int64(s, i + 1, params[i].num);
    }
    int rc;
    while ((rc = step(st, s)) == DB_ROW)
        if (row(s, fn, ctx))
            break;
    if (rc != DB_ROW && rc != DB_DONE)
        return db_error(st, diag, "cannot read the store");
    return SL_OK;
}

static enum sl_status
query(struct store *st, const char *sql, const struct param *params, int nparams, row_fn row,
      void *fn, void *ctx, struct sl_diag *diag)
{
    struct db_stmt *s;
    if (!prepare(st, sql, &s))
        return db_error(st, diag, "cannot read the store");
    enum sl_status status = rows(st, s, params, nparams, row, fn, ctx, diag);
    db_finalize(s);
    return status;
}

/* query() on a statement prepared once per store, for a reader called once
 * per series. Such a reader must not be called again from its own callback:
 * the inner call would reset the statement under the outer one. */
static enum sl_status
query_prepared(struct store *st, enum stmt_id id, const struct param *params, int nparams,
               row_fn row, void *fn, void *ctx, struct sl_diag *diag)
{
    assert(!st->stmt[id] || !db_stmt_busy(st->stmt[id]));
    struct db_stmt *s = prepared(st, id);
    if (!s)
        return db_error(st, diag, "cannot read the store");
    enum sl_status status = rows(st, s, params, nparams, row, fn, ctx, diag);
    /* Reset at once: a statement left stepping holds its read transaction. */
    db_reset(s);
    return status;
}

struct series_pair {
    char *entity, *service;
};

/* The (entity, service) pairs found so far, owned. */
struct series_list {
    struct series_pair *v;
    size_t n, alloc;
};

static bool
series_add(struct series_list *l, const char *entity, const char *service)
{
    if (grow_reserve((void **)&l->v, &l->alloc, l->n + 1, sizeof *l->v))
        return false;
    struct series_pair *e = &l->v[l->n];
    e->entity = strdup(entity ? entity : "");
    e->service = strdup(service ? service : "");
    if (!e->entity || !e->service) {
        free(e->entity);
        free(e->service);
        return false;
    }
    l->n++;
    return true;
}

static int
series_row(struct db_stmt *s, void *fn, void *ctx)
{
    (void)fn;
    return !series_add(ctx, column_text(s, 0), column_text(s, 1));
}

/* The distinct series of a table with an index on (entity, service, ...),
 * one index seek each: SELECT DISTINCT walked every row (a year of intervals
 * to find a hundred series), and a row-value seek `(entity, service) > (?, ?)`
 * seeks on entity only and walks the rest of it. first is the FIRST statement
 * of the table; FIRST + 1 finds the next service of the same entity, FIRST + 2
 * the first service of the next entity. entity, when not NULL, limits the walk
 * to it. */
static enum sl_status
series_skip_scan(struct store *st, enum stmt_id first, const char *entity, struct series_list *l,
                 struct sl_diag *diag)
{
    enum stmt_id id = first;
    const char *after = entity ? entity : "", *after_service = NULL;
    for (;;) {
        struct db_stmt *s = prepared(st, id);
        if (!s)
            return db_error(st, diag, "cannot read the store");
        bind_text(s, 1, after);
        if (after_service)
            bind_text(s, 2, after_service);
        int rc = step(st, s);
        if (rc != DB_ROW) {
            enum sl_status status =
                rc == DB_DONE ? SL_OK : db_error(st, diag, "cannot read the store");
            db_reset(s);
            if (status || id != first + 1 || entity)
                return status;
            id = first + 2; /* this entity is done: the next one */
            after_service = NULL;
            continue;
        }
        const char *e = column_text(s, 0), *svc = column_text(s, 1);
        bool wanted = e && svc && (!entity || !strcmp(e, entity));
        bool added = wanted && series_add(l, e, svc);
        db_reset(s);
        if (!wanted)
            return SL_OK;
        if (!added)
            return SL_ERR_NOMEM;
        after = l->v[l->n - 1].entity;
        after_service = l->v[l->n - 1].service;
        id = first + 1;
    }
}

/* SQLite's BINARY order of text (memcmp, then length) is strcmp's for text
 * without NUL bytes. */
static int
cmp_series(const void *a, const void *b)
{
    const struct series_pair *x = a, *y = b;
    int c = strcmp(x->entity, y->entity);
    return c ? c : strcmp(x->service, y->service);
}

enum sl_status
store_each_series(struct store *st, const char *entity, store_series_fn fn, void *ctx,
                  struct sl_diag *diag)
{
    /* Incidents have no index on service: one pass, deduplicated by SQLite;
     * two statements, because with "?1 IS NULL OR entity = ?1" SQLite scans
     * the whole table even for one entity. */
    static const char all_sql[] = "SELECT DISTINCT entity, service FROM incidents "
                                  "WHERE service IS NOT NULL";
    static const char one_sql[] = "SELECT DISTINCT entity, service FROM incidents "
                                  "WHERE entity = ?1 AND service IS NOT NULL";
    struct param p[] = {{entity, 0, true}};
    struct series_list l = {0};
    enum sl_status status;
    if ((status = series_skip_scan(st, S_INTERVAL_SERIES_FIRST, entity, &l, diag)) ||
        (status = series_skip_scan(st, S_MAINT_SERIES_FIRST, entity, &l, diag)) ||
        (status =
             query(st, entity ? one_sql : all_sql, p, entity ? 1 : 0, series_row, NULL, &l, diag)))
        goto out;
    if (l.n > 1)
        qsort(l.v, l.n, sizeof *l.v, cmp_series);
    /* The callbacks run after every statement is done, so they may read the
     * store themselves. */
    for (size_t i = 0; i < l.n; i++) {
        if (i > 0 && !cmp_series(&l.v[i - 1], &l.v[i]))
            continue;
        if (fn(ctx, l.v[i].entity, l.v[i].service))
            break;
    }
out:
    for (size_t i = 0; i < l.n; i++) {
        free(l.v[i].entity);
        free(l.v[i].service);
    }
    free(l.v);
    return status;
}

/* The status of a stored interval: one of the words the intervals table's
 * CHECK allows, as svc_status_name spells them, found by length and first
 * letter (svc_status_parse's case-insensitive walk of every synonym was a
 * tenth of reading an interval). Anything else goes through the parser. */
static enum svc_status
stored_status(struct db_stmt *s, int i)
{
    const char *text = column_text(s, i);
    enum svc_status status = SVC_UNKNOWN;
    if (!text)
        return status;
    switch (strlen(text)) {
    case 2:
        if (!memcmp(text, "up", 2))
            return SVC_UP;
        break;
    case 4:
        if (!memcmp(text, "down", 4))
            return SVC_DOWN;
        break;
    case 7:
        if (!memcmp(text, "partial", 7))
            return SVC_PARTIAL;
        if (!memcmp(text, "unknown", 7))
            return SVC_UNKNOWN;
        break;
    case 8:
        if (!memcmp(text, "degraded", 8))
            return SVC_DEGRADED;
        break;
    case 11:
        if (!memcmp(text, "maintenance", 11))
            return SVC_MAINTENANCE;
        break;
    default:
        break;
    }
    svc_status_parse(text, &status);
    return status;
}

/* The series being read and the caller's callback and context. */
struct interval_read {
    const char *entity, *service;
    store_interval_fn fn;
    void *ctx;
};

static int
interval_row(struct db_stmt *s, void *fn, void *ctx)
{
    const struct interval_read *r = ctx;
    (void)fn;
    struct interval iv = {.entity = r->entity,
                          .service = r->service,
                          .start = db_column_int64(s, 0),
                          .end = db_column_int64(s, 1),
                          .status = stored_status(s, 2),
                          .units = (int)db_column_int64(s, 3),
                          .unit_kind = column_text(s, 4)};
    return r->fn(r->ctx, &iv);
}

/* The evaluation's whole input: one ordered walk of intervals_by_series_span
 * (migration 6), which holds every column read here. The key is not read: no
 * reader uses it, and a column less is a tenth of the SQLite work a row. entity and service are
 * the caller's, equal byte for byte to the stored ones (= compares bytes), so
 * they are not read back for each row. */
enum sl_status
store_each_interval(struct store *st, const char *entity, const char *service, int64_t from,
                    int64_t to, store_interval_fn fn, void *ctx, struct sl_diag *diag)
{
    struct interval_read r = {entity, service, fn, ctx};
    struct param p[] = {
        {entity, 0, true}, {service, 0, true}, {NULL, from, false}, {NULL, to, false}};
    return query_prepared(st, S_INTERVAL_SPAN, p, 4, interval_row, NULL, &r, diag);
}

static int
maintenance_row(struct db_stmt *s, void *fn, void *ctx)
{
    struct maintenance m = {column_text(s, 0),         column_text(s, 1),     column_text(s, 2),
                            db_column_int64(s, 3),     db_column_int64(s, 4), column_time(s, 5),
                            (int)db_column_int64(s, 6)};
    return ((store_maintenance_fn)fn)(ctx, &m);
}

enum sl_status
store_each_maintenance(struct store *st, const char *entity, const char *service, int64_t from,
                       int64_t to, store_maintenance_fn fn, void *ctx, struct sl_diag *diag)
{
    struct param p[] = {
        {entity, 0, true}, {service, 0, true}, {NULL, from, false}, {NULL, to, false}};
    return query_prepared(st, S_MAINT_SPAN, p, 4, maintenance_row, (void *)fn, ctx, diag);
}

/* The fifteen incident columns every incident query selects first, in the
 * order of INCIDENT_COLUMNS. */
#define INCIDENT_COLUMNS(t)                                                                        \
    t "key, " t "entity, " t "service, " t "severity, " t "severity_label, " t "title, " t         \
      "state, " t "postmortem, " t "started, " t "detected, " t "acknowledged, " t "mitigated, " t \
      "resolved, " t "extra, " t "line"

static struct incident
incident_columns(struct db_stmt *s)
{
    return (struct incident){
        .key = column_text(s, 0),
        .entity = column_text(s, 1),
        .service = column_text(s, 2),
        .severity = column_text(s, 3),
        .severity_label = column_text(s, 4),
        .title = column_text(s, 5),
        .state = column_text(s, 6),
        .postmortem = column_text(s, 7),
        .started = column_time(s, 8),
        .detected = column_time(s, 9),
        .acknowledged = column_time(s, 10),
        .mitigated = column_time(s, 11),
        .resolved = column_time(s, 12),
        .extra_json = column_text(s, 13),
        .line = (int)db_column_int64(s, 14),
    };
}

static int
incident_row(struct db_stmt *s, void *fn, void *ctx)
{
    struct incident inc = incident_columns(s);
    return ((store_incident_fn)fn)(ctx, &inc);
}

enum sl_status
store_each_incident(struct store *st, const char *entity, int64_t from, int64_t to,
                    store_incident_fn fn, void *ctx, struct sl_diag *diag)
{
    /* Two statements, so that one entity's are a range of incidents_by_time
     * rather than a scan of every incident. */
    static const char all[] =
        "SELECT " INCIDENT_COLUMNS("") " FROM incidents "
                                       "WHERE ?1 IS NULL AND coalesce(started, detected) >= ?2 "
                                       "AND coalesce(started, detected) < ?3 "
                                       "ORDER BY coalesce(started, detected), entity, key";
    static const char one[] =
        "SELECT " INCIDENT_COLUMNS("") " FROM incidents "
                                       "WHERE entity = ?1 AND coalesce(started, detected) >= ?2 "
                                       "AND coalesce(started, detected) < ?3 "
                                       "ORDER BY coalesce(started, detected), key";
    struct param p[] = {{entity, 0, true}, {NULL, from, false}, {NULL, to, false}};
    return query(st, entity ? one : all, p, 3, incident_row, (void *)fn, ctx, diag);
}

static int
incident_entity_row(struct db_stmt *s, void *fn, void *ctx)
{
    return ((store_entity_fn)fn)(ctx, column_text(s, 0));
}

enum sl_status
store_each_incident_entity(struct store *st, const char *entity, int64_t from, int64_t to,
                           store_entity_fn fn, void *ctx, struct sl_diag *diag)
{
    static const char all[] = "SELECT DISTINCT entity FROM incidents "
                              "WHERE ?1 IS NULL AND coalesce(started, detected) >= ?2 "
                              "AND coalesce(started, detected) < ?3 ORDER BY entity";
    static const char one[] = "SELECT DISTINCT entity FROM incidents "
                              "WHERE entity = ?1 AND coalesce(started, detected) >= ?2 "
                              "AND coalesce(started, detected) < ?3";
    struct param p[] = {{entity, 0, true}, {NULL, from, false}, {NULL, to, false}};
    return query(st, entity ? one : all, p, 3, incident_entity_row, (void *)fn, ctx, diag);
}

static int
gpu_event_row(struct db_stmt *s, void *fn, void *ctx)
{
    const char *host = column_text(s, 3), *pci = column_text(s, 4);
    struct gpu_event ev = {
        .entity = column_text(s, 0),
        .service = column_text(s, 1),
        .time = db_column_int64(s, 2),
        .host = host && *host ? host : NULL,
        .pci = pci && *pci ? pci : NULL,
        .gpu = column_text(s, 5),
        .xid = (int)db_column_int64(s, 6),
        .xid_class = column_text(s, 7),
        .action = column_text(s, 8),
        .message = column_text(s, 9),
        .line = (int)db_column_int64(s, 10),
    };
    return ((store_gpu_event_fn)fn)(ctx, &ev);
}

enum sl_status
store_each_gpu_event(struct store *st, const char *entity, int64_t from, int64_t to,
                     store_gpu_event_fn fn, void *ctx, struct sl_diag *diag)
{
    /* Two statements, so that one entity's are a range of gpu_events_by_time. */
#define GPU_EVENTS                                                                                 \
    "SELECT entity, service, time, host, pci, gpu, xid, class, action, message, line "             \
    "FROM gpu_events WHERE "
    static const char all[] =
        GPU_EVENTS "?1 IS NULL AND time >= ?2 AND time < ?3 ORDER BY time, host, pci, id";
    static const char one[] =
        GPU_EVENTS "entity = ?1 AND time >= ?2 AND time < ?3 ORDER BY time, host, pci, id";
#undef GPU_EVENTS
    struct param p[] = {{entity, 0, true}, {NULL, from, false}, {NULL, to, false}};
    return query(st, entity ? one : all, p, 3, gpu_event_row, (void *)fn, ctx, diag);
}

static int
source_row(struct db_stmt *s, void *fn, void *ctx)
{
    struct source_info src = {column_text(s, 0),
                              column_text(s, 1),
                              column_text(s, 2),
                              db_column_int64(s, 3),
                              {(int)db_column_int64(s, 4), (int)db_column_int64(s, 5),
                               (int)db_column_int64(s, 6), (int)db_column_int64(s, 7)}};
    return ((store_source_fn)fn)(ctx, &src);
}

enum sl_status
store_each_source(struct store *st, store_source_fn fn, void *ctx, struct sl_diag *diag)
{
    static const char sql[] = "SELECT path, sha256, format, bytes, read, stored, rejected, "
                              "duplicates FROM sources ORDER BY id";
    return query(st, sql, NULL, 0, source_row, (void *)fn, ctx, diag);
}

struct path_out {
    char *out;
    size_t n;
    bool *found;
};

static int
path_row(struct db_stmt *s, void *fn, void *ctx)
{
    (void)fn;
    struct path_out *po = ctx;
    const char *path = column_text(s, 0);
    snprintf(po->out, po->n, "%s", path ? path : "");
    *po->found = true;
    return 1;
}

enum sl_status
store_last_source_path(struct store *st, const char *format, const char *prefix, char *out,
                       size_t n, bool *found, struct sl_diag *diag)
{
    static const char sql[] =
        "SELECT path FROM sources WHERE format = ?1 AND "
        "substr(path, 1, length(CAST(?2 AS TEXT))) = CAST(?2 AS TEXT) ORDER BY id DESC LIMIT 1";
    struct param p[2] = {{.text = format, .is_text = true}, {.text = prefix, .is_text = true}};
    struct path_out po = {out, n, found};
    *found = false;
    if (n)
        out[0] = '\0';
    return query(st, sql, p, 2, path_row, NULL, &po, diag);
}

static int
span_row(struct db_stmt *s, void *fn, void *ctx)
{
    (void)fn;
    int64_t *span = ctx;
    span[0] = column_time(s, 0);
    span[1] = column_time(s, 1);
    return 1;
}

enum sl_status
store_data_span(struct store *st, int64_t *first, int64_t *last, struct sl_diag *diag)
{
    static const char sql[] =
        "SELECT min(lo), max(hi) FROM ("
        " SELECT min(start) AS lo, max(\"end\") AS hi FROM intervals"
        " UNION ALL SELECT min(start), max(\"end\") FROM maintenance"
        " UNION ALL SELECT min(coalesce(started, detected)),"
        "  max(CASE WHEN coalesce(resolved, 0) > coalesce(started, detected)"
        "   THEN coalesce(resolved, 0) ELSE coalesce(started, detected) END) FROM incidents)"
        " AS spans";
    int64_t span[2] = {SLTIME_NONE, SLTIME_NONE};
    enum sl_status rc = query(st, sql, NULL, 0, span_row, NULL, span, diag);
    *first = span[0];
    *last = span[1];
    return rc;
}

static int
known_row(struct db_stmt *s, void *fn, void *ctx)
{
    (void)s;
    (void)fn;
    *(bool *)ctx = true;
    return 1;
}

enum sl_status
store_entity_known(struct store *st, const char *entity, const char *service, bool *known,
                   struct sl_diag *diag)
{
    /* Each arm is one seek of an index that begins with entity (audit
     * records aside: their table is small). */
    static const char entity_sql[] =
        "SELECT 1 WHERE EXISTS (SELECT 1 FROM intervals WHERE entity = ?1)"
        " OR EXISTS (SELECT 1 FROM maintenance WHERE entity = ?1)"
        " OR EXISTS (SELECT 1 FROM incidents WHERE entity = ?1)"
        " OR EXISTS (SELECT 1 FROM gpu_events WHERE entity = ?1)"
        " OR EXISTS (SELECT 1 FROM commitments WHERE entity = ?1)"
        " OR EXISTS (SELECT 1 FROM audit_records WHERE entity = ?1)";
    static const char service_sql[] =
        "SELECT 1 WHERE EXISTS (SELECT 1 FROM intervals WHERE entity = ?1 AND service = ?2)"
        " OR EXISTS (SELECT 1 FROM maintenance WHERE entity = ?1 AND service = ?2)"
        " OR EXISTS (SELECT 1 FROM incidents WHERE entity = ?1 AND service = ?2)"
        " OR EXISTS (SELECT 1 FROM gpu_events WHERE entity = ?1 AND service = ?2)"
        " OR EXISTS (SELECT 1 FROM commitments WHERE entity = ?1 AND service = ?2)";
    struct param p[2] = {{.text = entity, .is_text = true}, {.text = service, .is_text = true}};
    *known = false;
    return query(st, service ? service_sql : entity_sql, p, service ? 2 : 1, known_row, NULL, known,
                 diag);
}

static int
name_row(struct db_stmt *s, void *fn, void *ctx)
{
    const char *name = column_text(s, 0);
    return name ? ((store_entity_fn)fn)(ctx, name) : 0;
}

enum sl_status
store_each_entity(struct store *st, const char *entity, store_entity_fn fn, void *ctx,
                  struct sl_diag *diag)
{
    static const char entities_sql[] =
        "SELECT entity FROM intervals UNION SELECT entity FROM maintenance"
        " UNION SELECT entity FROM incidents UNION SELECT entity FROM gpu_events"
        " UNION SELECT entity FROM commitments UNION SELECT entity FROM audit_records"
        " ORDER BY 1";
    static const char services_sql[] =
        "SELECT service FROM intervals WHERE entity = ?1"
        " UNION SELECT service FROM maintenance WHERE entity = ?1"
        " UNION SELECT service FROM incidents WHERE entity = ?1 AND service IS NOT NULL"
        " UNION SELECT service FROM gpu_events WHERE entity = ?1 AND service IS NOT NULL"
        " UNION SELECT service FROM commitments WHERE entity = ?1 AND service IS NOT NULL"
        " ORDER BY 1";
    struct param p = {.text = entity, .is_text = true};
    return query(st, entity ? services_sql : entities_sql, &p, entity ? 1 : 0, name_row, (void *)fn,
                 ctx, diag);
}

enum sl_status
store_add_commitment(struct store *st, const struct commitment *c, bool *replaced,
                     struct sl_diag *diag)
{
    static const char del_sql[] =
        "DELETE FROM commitments WHERE entity = ?1 AND service IS NOT DISTINCT FROM ?2 "
        "AND kind = ?3 AND effective_from IS NOT DISTINCT FROM ?4 "
        "AND (?3 <> 'slo' OR document IS NOT DISTINCT FROM ?5)";
    static const char ins_sql[] =
        "INSERT INTO commitments (source_id, entity, service, kind, effective_from, document, "
        "terms, imported_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) RETURNING id";
    static const char fee_sql[] =
        "INSERT INTO commitment_fees (commitment_id, fee, currency, entity) "
        "VALUES (?1, ?2, ?3, ?4)";
    struct db_stmt *s = NULL;
    enum sl_status rc = SL_ERR_DB;
    if (!prepare(st, del_sql, &s))
        goto out;
    bind_text(s, 1, c->entity);
    bind_text(s, 2, c->service);
    bind_text(s, 3, c->kind);
    bind_time(s, 4, c->effective_from);
    bind_text(s, 5, c->document);
    if (step(st, s) != DB_DONE)
        goto out;
    if (replaced)
        *replaced = db_changes(st->db) > 0;
    db_finalize(s);
    s = NULL;
    if (!prepare(st, ins_sql, &s))
        goto out;
    db_bind_int64(s, 1, st->source_id);
    bind_text(s, 2, c->entity);
    bind_text(s, 3, c->service);
    bind_text(s, 4, c->kind);
    bind_time(s, 5, c->effective_from);
    bind_text(s, 6, c->document);
    bind_text(s, 7, c->terms);
    db_bind_int64(s, 8, (int64_t)time(NULL));
    if (step(st, s) != DB_ROW)
        goto out;
    int64_t id = db_column_int64(s, 0);
    if (c->has_fee) {
        db_finalize(s);
        s = NULL;
        if (!prepare(st, fee_sql, &s))
            goto out;
        db_bind_int64(s, 1, id);
        db_bind_double(s, 2, c->fee);
        bind_text(s, 3, c->currency);
        bind_text(s, 4, c->entity);
        if (step(st, s) != DB_DONE)
            goto out;
    }
    rc = SL_OK;
out:
    if (rc) /* before finalize, while the connection still holds the message */
        db_error(st, diag, "cannot store the commitment");
    db_finalize(s);
    return rc;
}

enum sl_status
store_import_commitment(struct store *st, const char *path, const char *sha256, const char *format,
                        long long bytes, const struct commitment *c, bool *already, bool *replaced,
                        struct sl_diag *diag)
{
    static const char same_sql[] =
        "SELECT 1 FROM commitments JOIN sources ON sources.id = commitments.source_id "
        "LEFT JOIN commitment_fees f ON f.entity = commitments.entity "
        "AND f.commitment_id = commitments.id "
        "WHERE sources.sha256 = ?1 AND commitments.entity = ?2 AND service IS NOT DISTINCT FROM ?3 "
        "AND kind = ?4 AND effective_from IS NOT DISTINCT FROM ?5 "
        "AND f.fee IS NOT DISTINCT FROM ?6 AND f.currency IS NOT DISTINCT FROM ?7";
    struct db_stmt *s = NULL;
    int64_t source = 0;
    bool fresh = false;
    int found;
    *already = false;
    if (replaced)
        *replaced = false;
    enum sl_status rc = begin(st, diag);
    if (rc)
        return rc;
    rc = SL_ERR_DB;
    if (!prepare(st, same_sql, &s))
        goto out;
    bind_text(s, 1, sha256);
    bind_text(s, 2, c->entity);
    bind_text(s, 3, c->service);
    bind_text(s, 4, c->kind);
    bind_time(s, 5, c->effective_from);
    if (c->has_fee)
        db_bind_double(s, 6, c->fee);
    bind_text(s, 7, c->currency);
    found = step(st, s);
    if (found != DB_ROW && found != DB_DONE)
        goto out;
    db_finalize(s);
    s = NULL;
    if (found == DB_ROW) {
        *already = true;
        db_rollback(st->db);
        return SL_OK;
    }
    /* Looked up, else inserted; an insert that did nothing met the same
     * document recorded by another process since the look-up (a server
     * lets two imports run at once), which is then looked up again. */
    for (int tries = 0; !source && tries < 2; tries++) {
        struct db_stmt *find = prepared(st, S_SOURCE_FIND);
        if (!find)
            goto out;
        db_bind_text(find, 1, sha256);
        found = step(st, find);
        if (found == DB_ROW)
            source = db_column_int64(find, 0);
        db_reset(find);
        if (found != DB_ROW && found != DB_DONE)
            goto out;
        if (source)
            break;
        found = insert_source(st, path, sha256, format, bytes, &source);
        if (found != DB_ROW && found != DB_DONE)
            goto out;
        fresh = source != 0;
    }
    if (!source)
        goto out;
    st->source_id = source;
    if ((rc = store_add_commitment(st, c, replaced, diag)))
        goto fail;
    if (fresh) {
        struct source_counts counts = {1, 1, 0, 0};
        return store_source_finish(st, &counts, diag); /* commits */
    }
    if ((rc = commit(st, diag)))
        goto fail;
    st->source_id = 0;
    return SL_OK;
out:
    rc = db_error(st, diag, "cannot import the commitment");
fail:
    db_finalize(s);
    db_rollback(st->db);
    st->source_id = 0;
    return rc;
}

static int
commitment_row(struct db_stmt *s, void *fn, void *ctx)
{
    struct commitment c = {
        .id = db_column_int64(s, 0),
        .entity = column_text(s, 1),
        .service = column_text(s, 2),
        .kind = column_text(s, 3),
        .effective_from = column_time(s, 4),
        .document = column_text(s, 5),
        .terms = column_text(s, 6),
        .imported_at = db_column_int64(s, 7),
        .has_fee = db_column_type(s, 8) != DB_NULL,
        .fee = db_column_double(s, 8),
        .currency = column_text(s, 9),
    };
    return ((store_commitment_fn)fn)(ctx, &c);
}

enum sl_status
store_each_commitment(struct store *st, const char *entity, const char *kind,
                      store_commitment_fn fn, void *ctx, struct sl_diag *diag)
{
#define COMMITMENTS_SQL(fees, join)                                                                \
    "SELECT c.id, c.entity, c.service, c.kind, c.effective_from, c.document, c.terms, "            \
    "c.imported_at, " fees " FROM commitments c " join                                             \
    " WHERE (?1 IS NULL OR c.entity = ?1) AND (?2 IS NULL OR c.kind = ?2) "                        \
    "ORDER BY c.entity, c.service NULLS FIRST, c.kind, c.effective_from NULLS FIRST, c.id"
    static const char sql[] = COMMITMENTS_SQL(
        "f.fee, f.currency",
        "LEFT JOIN commitment_fees f ON f.entity = c.entity AND f.commitment_id = c.id");
    /* Stores read as they are (schema.h): fees without their entity, and
     * before them no fees. */
    static const char fees_sql[] = COMMITMENTS_SQL(
        "f.fee, f.currency", "LEFT JOIN commitment_fees f ON f.commitment_id = c.id");
    static const char old_sql[] = COMMITMENTS_SQL("NULL, NULL", "");
#undef COMMITMENTS_SQL
    struct param p[] = {{entity, 0, true}, {kind, 0, true}};
    int version = store_schema_version(st);
    const char *chosen = version >= SCHEMA_VERSION_FEE_ENTITY ? sql
                         : version >= SCHEMA_VERSION_FEES     ? fees_sql
                                                              : old_sql;
    return query(st, chosen, p, 2, commitment_row, (void *)fn, ctx, diag);
}

enum sl_status
store_add_audit_record(struct store *st, const struct audit_record *r, bool *updated,
                       struct sl_diag *diag)
{
    static const char find_sql[] =
        "SELECT 1 FROM audit_records WHERE kind = ?1 AND entity = ?2 AND key = ?3";
    static const char put_sql[] =
        "INSERT INTO audit_records (source_id, line, kind, entity, key, fields) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (kind, entity, key) DO UPDATE SET "
        "source_id = excluded.source_id, line = excluded.line, fields = excluded.fields";
    struct db_stmt *s = NULL;
    enum sl_status rc = SL_OK;
    if (!prepare(st, find_sql, &s))
        goto fail;
    bind_text(s, 1, r->kind);
    bind_text(s, 2, r->entity);
    bind_text(s, 3, r->key);
    enum db_rc found = step(st, s);
    if (found != DB_ROW && found != DB_DONE)
        goto fail;
    *updated = found == DB_ROW;
    db_finalize(s);
    s = NULL;
    if (!prepare(st, put_sql, &s))
        goto fail;
    db_bind_int64(s, 1, st->source_id);
    db_bind_int64(s, 2, r->line);
    bind_text(s, 3, r->kind);
    bind_text(s, 4, r->entity);
    bind_text(s, 5, r->key);
    bind_text(s, 6, r->fields);
    if (step(st, s) != DB_DONE)
        goto fail;
    goto out;
fail:
    rc = db_error(st, diag, "cannot store the audit record");
out:
    db_finalize(s);
    return rc;
}

static int
audit_record_row(struct db_stmt *s, void *fn, void *ctx)
{
    struct audit_record r = {
        .kind = column_text(s, 0),
        .entity = column_text(s, 1),
        .key = column_text(s, 2),
        .fields = column_text(s, 3),
        .line = (long)db_column_int64(s, 4),
        .source = column_text(s, 5),
    };
    return ((store_audit_record_fn)fn)(ctx, &r);
}

enum sl_status
store_each_audit_record(struct store *st, const char *entity, const char *kind,
                        store_audit_record_fn fn, void *ctx, struct sl_diag *diag)
{
    static const char sql[] = "SELECT a.kind, a.entity, a.key, a.fields, a.line, s.path "
                              "FROM audit_records a JOIN sources s ON s.id = a.source_id "
                              "WHERE (?1 IS NULL OR a.entity = ?1) AND (?2 IS NULL OR a.kind = ?2) "
                              "ORDER BY a.kind, a.entity, a.key";
    struct param p[] = {{entity, 0, true}, {kind, 0, true}};
    return query(st, sql, p, 2, audit_record_row, (void *)fn, ctx, diag);
}

static int
origin_row(struct db_stmt *s, void *fn, void *ctx)
{
    return ((store_origin_fn)fn)(ctx, column_text(s, 0), column_text(s, 1),
                                 (long)db_column_int64(s, 2));
}

static int
incident_source_row(struct db_stmt *s, void *fn, void *ctx)
{
    return ((store_incident_source_fn)fn)(ctx, column_text(s, 0), column_text(s, 1),
                                          column_text(s, 3), (long)db_column_int64(s, 2));
}

/* Each incident of entity (every entity when NULL) with its source's path,
 * its line and its source's format, by key, to row. */
static enum sl_status
each_incident_source(struct store *st, const char *entity, row_fn row, void *fn, void *ctx,
                     struct sl_diag *diag)
{
    /* Two statements, so that one entity's are a range of its (entity, key)
     * index, already in key order. */
    static const char all[] = "SELECT i.key, s.path, i.line, s.format FROM incidents i "
                              "JOIN sources s ON s.id = i.source_id "
                              "WHERE ?1 IS NULL ORDER BY i.key, i.entity";
    static const char one[] = "SELECT i.key, s.path, i.line, s.format FROM incidents i "
                              "JOIN sources s ON s.id = i.source_id "
                              "WHERE i.entity = ?1 ORDER BY i.key";
    struct param p[] = {{entity, 0, true}};
    return query(st, entity ? one : all, p, 1, row, fn, ctx, diag);
}

enum sl_status
store_each_incident_origin(struct store *st, const char *entity, store_origin_fn fn, void *ctx,
                           struct sl_diag *diag)
{
    return each_incident_source(st, entity, origin_row, (void *)fn, ctx, diag);
}

enum sl_status
store_each_incident_source(struct store *st, const char *entity, store_incident_source_fn fn,
                           void *ctx, struct sl_diag *diag)
{
    return each_incident_source(st, entity, incident_source_row, (void *)fn, ctx, diag);
}

static int
sourced_interval_row(struct db_stmt *s, void *fn, void *ctx)
{
    struct interval iv = {.entity = column_text(s, 0),
                          .service = column_text(s, 1),
                          .start = db_column_int64(s, 2),
                          .end = db_column_int64(s, 3),
                          .status = stored_status(s, 4),
                          .units = (int)db_column_int64(s, 5),
                          .unit_kind = column_text(s, 6),
                          .key = column_text(s, 7)};
    return ((store_sourced_interval_fn)fn)(ctx, &iv, column_text(s, 8));
}

enum sl_status
store_each_interval_sourced(struct store *st, const char *entity, const char *service, int64_t from,
                            int64_t to, store_sourced_interval_fn fn, void *ctx,
                            struct sl_diag *diag)
{
    static const char sql[] =
        "SELECT i.entity, i.service, i.start, i.\"end\", i.status, i.units, i.unit_kind, i.key, "
        "s.format FROM intervals i JOIN sources s ON s.id = i.source_id "
        "WHERE i.entity = ?1 AND i.service = ?2 AND i.start < ?4 AND i.\"end\" > ?3 "
        "ORDER BY i.start, i.\"end\", i.id";
    struct param p[] = {
        {entity, 0, true}, {service, 0, true}, {NULL, from, false}, {NULL, to, false}};
    return query(st, sql, p, 4, sourced_interval_row, (void *)fn, ctx, diag);
}

/* ---- origins of intervals and maintenance, for a claim's evidence ---- */

static int
interval_origin_row(struct db_stmt *s, void *fn, void *ctx)
{
    struct interval iv = {.entity = column_text(s, 0),
                          .service = column_text(s, 1),
                          .start = db_column_int64(s, 2),
                          .end = db_column_int64(s, 3),
                          .status = stored_status(s, 4),
                          .key = column_text(s, 5)};
    return ((store_interval_origin_fn)fn)(ctx, &iv, column_text(s, 6));
}

enum sl_status
store_each_interval_origin(struct store *st, const char *entity, const char *service, int64_t from,
                           int64_t to, store_interval_origin_fn fn, void *ctx, struct sl_diag *diag)
{
    static const char sql[] =
        "SELECT i.entity, i.service, i.start, i.\"end\", i.status, i.key, s.path "
        "FROM intervals i JOIN sources s ON s.id = i.source_id "
        "WHERE i.entity = ?1 AND i.service = ?2 AND i.start < ?4 AND i.\"end\" > ?3 "
        "ORDER BY i.start, i.\"end\", i.id";
    struct param p[] = {
        {entity, 0, true}, {service, 0, true}, {NULL, from, false}, {NULL, to, false}};
    return query(st, sql, p, 4, interval_origin_row, (void *)fn, ctx, diag);
}

static int
maintenance_origin_row(struct db_stmt *s, void *fn, void *ctx)
{
    struct maintenance m = {column_text(s, 0),         column_text(s, 1),     column_text(s, 2),
                            db_column_int64(s, 3),     db_column_int64(s, 4), column_time(s, 5),
                            (int)db_column_int64(s, 6)};
    return ((store_maintenance_origin_fn)fn)(ctx, &m, column_text(s, 7));
}

enum sl_status
store_each_maintenance_origin(struct store *st, const char *entity, const char *service,
                              int64_t from, int64_t to, store_maintenance_origin_fn fn, void *ctx,
                              struct sl_diag *diag)
{
    static const char sql[] =
        "SELECT m.entity, m.service, m.key, m.start, m.\"end\", m.announced, m.line, s.path "
        "FROM maintenance m JOIN sources s ON s.id = m.source_id "
        "WHERE m.entity = ?1 AND m.service = ?2 AND m.start < ?4 AND m.\"end\" > ?3 "
        "ORDER BY m.start, m.\"end\", m.id";
    struct param p[] = {
        {entity, 0, true}, {service, 0, true}, {NULL, from, false}, {NULL, to, false}};
    return query(st, sql, p, 4, maintenance_origin_row, (void *)fn, ctx, diag);
}

static int
commitment_origin_row(struct db_stmt *s, void *fn, void *ctx)
{
    struct commitment c = {.id = db_column_int64(s, 0),
                           .entity = column_text(s, 1),
                           .service = column_text(s, 2),
                           .kind = column_text(s, 3),
                           .effective_from = column_time(s, 4),
                           .document = column_text(s, 5),
                           .terms = ""};
    return ((store_commitment_origin_fn)fn)(ctx, &c, column_text(s, 6), column_text(s, 7));
}

enum sl_status
store_each_commitment_origin(struct store *st, const char *entity, store_commitment_origin_fn fn,
                             void *ctx, struct sl_diag *diag)
{
    static const char sql[] =
        "SELECT c.id, c.entity, c.service, c.kind, c.effective_from, c.document, s.path, "
        "s.sha256 FROM commitments c JOIN sources s ON s.id = c.source_id "
        "WHERE c.entity = ?1 ORDER BY c.id";
    struct param p[] = {{entity, 0, true}};
    return query(st, sql, p, 1, commitment_origin_row, (void *)fn, ctx, diag);
}

static int
sourced_incident_row(struct db_stmt *s, void *fn, void *ctx)
{
    struct incident inc = incident_columns(s);
    return ((store_sourced_incident_fn)fn)(ctx, &inc, column_text(s, 15));
}

enum sl_status
store_each_incident_sourced(struct store *st, const char *entity, const char *service, int64_t from,
                            int64_t to, store_sourced_incident_fn fn, void *ctx,
                            struct sl_diag *diag)
{
    static const char sql[] =
        "SELECT " INCIDENT_COLUMNS("i.") ", s.format FROM incidents i "
                                         "JOIN sources s ON s.id = i.source_id "
                                         "WHERE i.entity = ?1 AND (?2 IS NULL OR i.service = ?2) "
                                         "AND coalesce(i.started, i.detected) < ?4 "
                                         "AND coalesce(i.resolved, i.mitigated, ?4 + 1) > ?3 "
                                         "ORDER BY coalesce(i.started, i.detected), i.key";
    struct param p[] = {
        {entity, 0, true}, {service, 0, true}, {NULL, from, false}, {NULL, to, false}};
    return query(st, sql, p, 4, sourced_incident_row, (void *)fn, ctx, diag);
}

/* A REAL that is NULL when NAN. */
static void
bind_real(struct db_stmt *s, int i, double v)
{
    if (v != v)
        db_bind_null(s, i);
    else
        db_bind_double(s, i, v);
}

static double
column_real(struct db_stmt *s, int i)
{
    return db_column_type(s, i) == DB_NULL ? (double)NAN : db_column_double(s, i);
}

static void
bind_record_stats(struct db_stmt *s, int i, const struct eval_record_stats *st)
{
    db_bind_int64(s, i, st->n);
    bind_real(s, i + 1, st->mean);
    bind_real(s, i + 2, st->median);
    bind_real(s, i + 3, st->p90);
    bind_real(s, i + 4, st->max);
}

enum sl_status
store_put_eval_results(struct store *st, const struct eval_record *records, size_t n,
                       struct sl_diag *diag)
{
    static const char del_sql[] = "DELETE FROM eval_results WHERE " STORE_EVAL_KEY_WHERE;
    static const char ins_sql[] =
        "INSERT INTO eval_results (definitions_hash, definitions, entity, service, window_kind, "
        "window_start, window_end, measure, commitment, availability, downtime_seconds, "
        "eligible_seconds, unknown_seconds, maintenance_seconds, incidents, incidents_open, "
        "incidents_merged, tta_n, tta_mean, tta_median, tta_p90, tta_max, ttr_n, ttr_mean, "
        "ttr_median, ttr_p90, ttr_max, sla, result, evaluated_at) VALUES (?1, ?2, ?3, ?4, ?5, "
        "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, "
        "?24, ?25, ?26, ?27, ?28, ?29, ?30)";
    struct db_stmt *del = NULL, *ins = NULL;
    enum sl_status rc;
    if (st->source_id)
        return diag_set(diag, SL_ERR_DB, st->name, 0,
                        "cannot store results while a source is being ingested");
    if ((rc = begin(st, diag)))
        return rc;
    if (!prepare(st, del_sql, &del) || !prepare(st, ins_sql, &ins))
        goto fail;
    /* Every key first, then every row: a window's contract rows share its key. */
    for (size_t i = 0; i < n; i++) {
        const struct eval_record *r = &records[i];
        db_reset(del);
        bind_text(del, 1, r->definitions_hash);
        bind_text(del, 2, r->entity);
        bind_text(del, 3, r->service);
        bind_text(del, 4, r->window_kind);
        db_bind_int64(del, 5, r->window_start);
        db_bind_int64(del, 6, r->window_end);
        if (step(st, del) != DB_DONE)
            goto fail;
    }
    int64_t now = (int64_t)time(NULL);
    for (size_t i = 0; i < n; i++) {
        const struct eval_record *r = &records[i];
        /* The definitions on the first row of each entity's run of rows
         * alone, '' on the rest: the reader takes them from there. */
        bool carry = i == 0 || strcmp(r->entity, records[i - 1].entity) ||
                     strcmp(r->definitions_hash, records[i - 1].definitions_hash);
        db_reset(ins);
        bind_text(ins, 1, r->definitions_hash);
        bind_text(ins, 2, carry ? r->definitions : "");
        bind_text(ins, 3, r->entity);
        bind_text(ins, 4, r->service);
        bind_text(ins, 5, r->window_kind);
        db_bind_int64(ins, 6, r->window_start);
        db_bind_int64(ins, 7, r->window_end);
        bind_text(ins, 8, r->measure);
        bind_text(ins, 9, r->commitment);
        bind_real(ins, 10, r->availability);
        db_bind_double(ins, 11, r->downtime_seconds);
        db_bind_int64(ins, 12, r->eligible_seconds);
        db_bind_int64(ins, 13, r->unknown_seconds);
        db_bind_int64(ins, 14, r->maintenance_seconds);
        db_bind_int64(ins, 15, r->incidents);
        db_bind_int64(ins, 16, r->incidents_open);
        db_bind_int64(ins, 17, r->incidents_merged);
        bind_record_stats(ins, 18, &r->tta);
        bind_record_stats(ins, 23, &r->ttr);
        bind_text(ins, 28, r->sla);
        bind_text(ins, 29, r->result);
        db_bind_int64(ins, 30, now);
        if (step(st, ins) != DB_DONE)
            goto fail;
    }
    db_finalize(del);
    db_finalize(ins);
    return commit(st, diag);
fail:
    rc = db_error(st, diag, "cannot store the evaluation results");
    db_finalize(del);
    db_finalize(ins);
    db_rollback(st->db);
    return rc;
}

static void
column_record_stats(struct db_stmt *s, int i, struct eval_record_stats *out)
{
    out->n = (int)db_column_int64(s, i);
    out->mean = column_real(s, i + 1);
    out->median = column_real(s, i + 2);
    out->p90 = column_real(s, i + 3);
    out->max = column_real(s, i + 4);
}

static int
eval_record_row(struct db_stmt *s, void *fn, void *ctx)
{
    struct eval_record r = {
        .definitions_hash = column_text(s, 0),
        .definitions = column_text(s, 1),
        .entity = column_text(s, 2),
        .service = column_text(s, 3),
        .window_kind = column_text(s, 4),
        .window_start = db_column_int64(s, 5),
        .window_end = db_column_int64(s, 6),
        .measure = column_text(s, 7),
        .commitment = column_text(s, 8),
        .availability = column_real(s, 9),
        .downtime_seconds = db_column_double(s, 10),
        .eligible_seconds = db_column_int64(s, 11),
        .unknown_seconds = db_column_int64(s, 12),
        .maintenance_seconds = db_column_int64(s, 13),
        .incidents = (int)db_column_int64(s, 14),
        .incidents_open = (int)db_column_int64(s, 15),
        .incidents_merged = (int)db_column_int64(s, 16),
        .sla = column_text(s, 27),
        .result = column_text(s, 28),
        .evaluated_at = db_column_int64(s, 29),
    };
    column_record_stats(s, 17, &r.tta);
    column_record_stats(s, 22, &r.ttr);
    return ((store_eval_record_fn)fn)(ctx, &r);
}

enum sl_status
store_each_eval_result(struct store *st, const char *entity, int64_t from, int64_t to,
                       const char *definitions_hash, store_eval_record_fn fn, void *ctx,
                       struct sl_diag *diag)
{
    /* A row without its definitions (since migration 16, all but the
     * first of each entity's rows of a run) takes them from a row of the
     * same hash that has them: each entity has one, so a role that reads
     * only some entities' rows finds them too. A row of an older store
     * has its own. */
    static const char sql[] =
        "SELECT r.definitions_hash, coalesce(nullif(r.definitions, ''), d.definitions, ''), "
        "entity, service, window_kind, window_start, "
        "window_end, measure, commitment, availability, downtime_seconds, eligible_seconds, "
        "unknown_seconds, maintenance_seconds, incidents, incidents_open, incidents_merged, "
        "tta_n, tta_mean, tta_median, tta_p90, tta_max, ttr_n, ttr_mean, ttr_median, ttr_p90, "
        "ttr_max, sla, result, evaluated_at FROM eval_results r LEFT JOIN "
        "(SELECT definitions_hash, max(definitions) AS definitions FROM eval_results "
        "WHERE definitions <> '' GROUP BY definitions_hash) d "
        "ON d.definitions_hash = r.definitions_hash "
        "WHERE (?1 IS NULL OR entity = ?1) AND window_start < ?3 AND window_end > ?2 "
        "AND (?4 IS NULL OR r.definitions_hash = ?4) "
        "ORDER BY entity, service IS NOT NULL, service, window_start, window_kind, measure, "
        "commitment NULLS FIRST, id";
    struct param p[] = {
        {entity, 0, true}, {NULL, from, false}, {NULL, to, false}, {definitions_hash, 0, true}};
    return query(st, sql, p, 4, eval_record_row, (void *)fn, ctx, diag);
}

/* Every table whose rows name the source they came from, in the order of
 * struct store_forgotten's counts (schema.c: each has source_id REFERENCES
 * sources(id)). */
static const char *const source_tables[] = {
    "incidents",   "intervals",     "maintenance", "gpu_events",
    "commitments", "audit_records", "rejects",     "latency_hours",
};

/* Deletes the rows of the sources recorded with sha256 (when not NULL) or
 * path (when not NULL), then the sources themselves, inside the caller's
 * transaction. */
static enum sl_status
forget_where(struct store *st, const char *sha256, const char *path, struct store_forgotten *out,
             struct sl_diag *diag)
{
    static const char where[] = " WHERE %s IN (SELECT id FROM sources WHERE sha256 = ?1 OR "
                                "path = ?2)";
    long latency_rows = 0; /* the samples are counted, not their hours */
    long *counts[] = {&out->incidents,   &out->intervals,     &out->maintenance, &out->gpu_events,
                      &out->commitments, &out->audit_records, &out->rejects,     &latency_rows};
    long latency_samples = 0;
    enum sl_status counted = store_latency_count_of(st, sha256, path, &latency_samples, diag);
    if (counted)
        return counted;
    out->latency_samples += latency_samples;
    _Static_assert(sizeof counts / sizeof counts[0] ==
                       sizeof source_tables / sizeof source_tables[0],
                   "one count per table");
    char sql[200];
    for (size_t i = 0; i <= sizeof source_tables / sizeof source_tables[0]; i++) {
        bool last = i == sizeof source_tables / sizeof source_tables[0];
        if (!last && counts[i] == &latency_rows &&
            store_schema_version(st) < SCHEMA_VERSION_LATENCY)
            continue;
        int n = snprintf(sql, sizeof sql, "DELETE FROM %s", last ? "sources" : source_tables[i]);
        snprintf(sql + n, sizeof sql - (size_t)n, where, last ? "id" : "source_id");
        struct db_stmt *s;
        if (!prepare(st, sql, &s))
            return db_error(st, diag, "cannot forget the source");
        bind_text(s, 1, sha256);
        bind_text(s, 2, path);
        int rc = step(st, s);
        db_finalize(s);
        if (rc != DB_DONE)
            return db_error(st, diag, "cannot forget the source");
        *(last ? &out->sources : counts[i]) += db_changes(st->db);
    }
    return SL_OK;
}

enum sl_status
store_forget(struct store *st, const char *sha256, const char *path, struct store_forgotten *out,
             struct sl_diag *diag)
{
    memset(out, 0, sizeof *out);
    enum sl_status rc = begin(st, diag);
    if (rc)
        return rc;
    if ((rc = forget_where(st, sha256, path, out, diag)) || (rc = commit(st, diag)))
        db_rollback(st->db);
    return rc;
}
