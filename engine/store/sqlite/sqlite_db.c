/* sqlite_db.c — db.h on an SQLite file: the only file that includes
 * sqlite3.h. Opening does everything SQLite needs before the store's SQL
 * runs: a connection without SQLite's mutex (a store is used by one thread),
 * the busy timeout, the check that the file is a slaudit store and is whole,
 * WAL for a store to write, foreign keys and synchronous = NORMAL.
 *
 * db_open's messages, in err: the whole text after "PATH: ", except two
 * cases the store words itself: DB_CANTOPEN with an empty err (there is no
 * file at target), and DB_BUSY, whose err is only what could not be done
 * (the store adds who holds the lock and for how long it waited).
 * DB_OPEN_WRITE fails with DB_READONLY when the file or its folder cannot
 * be written by this process, so that the caller may open it to read. */
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/store/db_backend.h"
#include "engine/store/schema.h"
#include "engine/store/store.h"

struct sq_bulk;

struct sq_db {
    struct db base;
    sqlite3 *h;
    bool write_cache;      /* the larger page cache taken, at the first BEGIN */
    struct sq_bulk *bulks; /* the bulk loads open, each holding rows or not */
};

struct sq_stmt {
    struct db_stmt base;
    struct sq_db *db;
    sqlite3_stmt *s;
    bool stepped; /* stepped since the last reset, not yet at DB_DONE */
};

/* Rows a bulk load holds until they go in with one statement: running a
 * statement at all (its cursors opened and freed, the program started and
 * halted) costs about as much as a row, and a prepared INSERT stepped per
 * row took a sixth more instructions than 32 rows to a statement (an
 * ingest of 100 k intervals alone: 2.28 G against 1.96 G). */
#define BULK_ROWS 32

/* A cell held: its value, the bytes of a text or blob in the bulk's arena
 * (at and len, so that the arena may move as it grows). */
struct sq_cell {
    enum db_type type;
    int64_t i;
    double d;
    size_t at, len;
};

struct sq_bulk {
    struct db_bulk base;
    struct sq_db *db;
    struct sq_bulk *next, *prev;
    sqlite3_stmt *one, *many; /* INSERT of one row, of BULK_ROWS rows */
    int ncols, rows;          /* columns; rows held */
    struct sq_cell *cells;    /* BULK_ROWS rows of ncols */
    char *bytes;              /* the text and blobs of the rows held */
    size_t used, cap;
};

static enum db_rc settle(struct sq_db *c);
static void drop_held(struct sq_db *c);

/* The page cache of a connection that writes, in KiB. SQLite's default,
 * 2 MiB, is far smaller than the indexes of a store holding a year:
 * inserting into them then read most pages back from the operating system
 * (a 228 MB slurmctld log into the full bench store: 3.0 s of system time,
 * 0.6 s with 16 MiB). Readers keep the default, so that evaluation threads
 * and reports stay small. */
#define WRITE_CACHE_KIB 16384

/* What to do about a damaged store, after saying so. */
#define DAMAGED_ADVICE "restore it from a backup, or ingest the sources again into a new store"

static enum db_rc
map(int code)
{
    switch (code & 0xff) {
    case SQLITE_OK:
        return DB_OK;
    case SQLITE_ROW:
        return DB_ROW;
    case SQLITE_DONE:
        return DB_DONE;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return DB_BUSY;
    case SQLITE_CONSTRAINT:
        return DB_CONSTRAINT;
    case SQLITE_READONLY:
        return DB_READONLY;
    case SQLITE_CANTOPEN:
        return DB_CANTOPEN;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return DB_CORRUPT;
    case SQLITE_NOMEM:
        return DB_NOMEM;
    default:
        return DB_ERROR;
    }
}

static sqlite3 *
handle(struct db *db)
{
    return ((struct sq_db *)db)->h;
}

/* err for the connection's last error, after what; the return is its code. */
static enum db_rc
open_error(struct sq_db *c, const char *what, char *err, size_t errsize)
{
    int code = sqlite3_errcode(c->h);
    const char *msg = sqlite3_errmsg(c->h);
    enum db_rc rc = map(code);
    if (rc == DB_BUSY)
        snprintf(err, errsize, "%s", what);
    else if ((code & 0xff) == SQLITE_CORRUPT)
        snprintf(err, errsize, "%s: the store is damaged (%s): " DAMAGED_ADVICE, what, msg);
    else if ((code & 0xff) == SQLITE_NOTADB)
        snprintf(err, errsize, "%s: not a store, or the store is damaged (%s)", what, msg);
    else
        snprintf(err, errsize, "%s: %s", what, msg);
    return rc == DB_OK || rc == DB_ROW || rc == DB_DONE ? DB_ERROR : rc;
}

static int
int_pragma(sqlite3 *h, const char *sql)
{
    sqlite3_stmt *s;
    int v = -1;
    if (sqlite3_prepare_v2(h, sql, -1, &s, NULL) != SQLITE_OK)
        return -1;
    if (sqlite3_step(s) == SQLITE_ROW)
        v = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    return v;
}

/* path as an SQLite URI that opens it read-only and immutable: "file:" and
 * the path with '%', '?' and '#' escaped. */
static char *
immutable_uri(const char *path)
{
    size_t n = strlen(path);
    char *uri = malloc(3 * n + sizeof "file:?mode=ro&immutable=1");
    if (!uri)
        return NULL;
    char *o = uri + snprintf(uri, 6, "file:");
    for (const char *p = path; *p; p++) {
        if (*p == '%' || *p == '?' || *p == '#')
            o += snprintf(o, 4, "%%%02X", (unsigned char)*p);
        else
            *o++ = *p;
    }
    snprintf(o, sizeof "?mode=ro&immutable=1", "?mode=ro&immutable=1");
    return uri;
}

/* Whether a connection that can write the store can be had: the file and its
 * folder writable by this process. */
static bool
writable(const char *path)
{
    if (access(path, W_OK) != 0)
        return false;
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else
        snprintf(dir, sizeof dir, "%.*s", slash == path ? 1 : (int)(slash - path), path);
    return access(dir, W_OK) == 0;
}

/* Opens c->h on name with flags and reads the schema version: the first
 * read of the file. */
static enum db_rc
connect(struct sq_db *c, const char *name, int flags, char *err, size_t errsize)
{
    if (c->h) {
        sqlite3_close(c->h);
        c->h = NULL;
    }
    /* NOMUTEX: a store is used by one thread, so SQLite's per-call mutex
     * (8 % of reading intervals) buys nothing. */
    if (sqlite3_open_v2(name, &c->h, flags | SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
        if (!c->h) {
            snprintf(err, errsize, "out of memory");
            return DB_NOMEM;
        }
        return open_error(c, "cannot open the store", err, errsize);
    }
    sqlite3_busy_timeout(c->h, STORE_BUSY_TIMEOUT_MS);
    sqlite3_extended_result_codes(c->h, 1);
    if (int_pragma(c->h, "PRAGMA user_version") < 0)
        return open_error(c, "cannot read the store", err, errsize);
    return DB_OK;
}

/* Whether the file is a slaudit store (or an empty database, which becomes
 * one), told before anything is written to it: its application_id, or, for
 * a store made before migration 10 set one, a version slaudit wrote and the
 * tables of migration 1. */
static enum db_rc
identify(struct sq_db *c, char *err, size_t errsize)
{
    /* One statement, so one snapshot: another process may be creating the
     * store at this moment, and a version read apart from the tables could
     * pair an empty store's 0 with the tables of migration 1. */
    static const char sql[] =
        "SELECT a.application_id, v.user_version, (SELECT count(*) FROM sqlite_schema),"
        " (SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN"
        "  ('sources', 'incidents', 'intervals', 'maintenance', 'rejects'))"
        " FROM pragma_application_id AS a, pragma_user_version AS v";
    sqlite3_stmt *s;
    int v[4] = {-1, -1, -1, -1};
    if (sqlite3_prepare_v2(c->h, sql, -1, &s, NULL) != SQLITE_OK)
        return open_error(c, "cannot read the store", err, errsize);
    int rc = sqlite3_step(s);
    for (int i = 0; rc == SQLITE_ROW && i < 4; i++)
        v[i] = sqlite3_column_int(s, i);
    sqlite3_finalize(s);
    if (rc != SQLITE_ROW)
        return open_error(c, "cannot read the store", err, errsize);
    int app = v[0], version = v[1], tables = v[2], ours = v[3];
    if (app == SCHEMA_APPLICATION_ID || (app == 0 && tables == 0 && version == 0) ||
        (app == 0 && version >= 1 && version <= schema_version && ours == 5))
        return DB_OK;
    snprintf(err, errsize,
             "not a slaudit store (another program's SQLite database?); it was left as it "
             "was: give another --db");
    return DB_ERROR;
}

/* Stores up to this size are checked on open (PRAGMA quick_check reads
 * every page: about 0.25 s for 64 MiB on the shared 2-core machine); larger
 * ones rely on SQLite reporting the damage it meets while reading. */
#define STORE_CHECK_MAX_BYTES (64LL * 1024 * 1024)

/* The file last found whole by this process, as it was then: the other
 * connections an evaluation opens to the same store (series_feed.c) skip
 * the check. Stores are opened from one thread. */
static struct {
    dev_t dev;
    ino_t ino;
    off_t size;
    struct timespec mtime;
} checked;

static bool
same_as_checked(const struct stat *sb)
{
    return sb->st_dev == checked.dev && sb->st_ino == checked.ino && sb->st_size == checked.size &&
           sb->st_mtim.tv_sec == checked.mtime.tv_sec &&
           sb->st_mtim.tv_nsec == checked.mtime.tv_nsec;
}

static enum db_rc
check_damage(struct sq_db *c, const char *path, char *err, size_t errsize)
{
    struct stat sb;
    bool have_stat = stat(path, &sb) == 0 && sb.st_ino != 0;
    if (have_stat && same_as_checked(&sb))
        return DB_OK;
    int pages = int_pragma(c->h, "PRAGMA page_count"), size = int_pragma(c->h, "PRAGMA page_size");
    if (pages < 0 || size < 0)
        return open_error(c, "cannot read the store", err, errsize);
    if ((long long)pages * size > STORE_CHECK_MAX_BYTES)
        return DB_OK;
    sqlite3_stmt *s;
    if (sqlite3_prepare_v2(c->h, "PRAGMA quick_check(1)", -1, &s, NULL) != SQLITE_OK)
        return open_error(c, "cannot check the store", err, errsize);
    int step = sqlite3_step(s);
    enum db_rc rc = DB_OK;
    if (step == SQLITE_ROW) {
        const char *verdict = (const char *)sqlite3_column_text(s, 0);
        if (!verdict || strcmp(verdict, "ok") != 0) {
            /* One line: "*** in database main ***\nPage 38: ..." less its
             * heading, its line breaks as "; ". */
            static const char heading[] = "*** in database main ***";
            char text[200];
            if (verdict && !strncmp(verdict, heading, sizeof heading - 1))
                verdict += strspn(verdict + sizeof heading - 1, " \n") + sizeof heading - 1;
            snprintf(text, sizeof text, "%s", verdict ? verdict : "no verdict");
            for (char *t = text; (t = strchr(t, '\n')) != NULL;)
                *t = ';';
            snprintf(err, errsize, "the store is damaged (%s): " DAMAGED_ADVICE, text);
            rc = DB_CORRUPT;
        }
    } else {
        rc = open_error(c, "cannot check the store", err, errsize);
    }
    sqlite3_finalize(s);
    if (rc == DB_OK && have_stat) {
        checked.dev = sb.st_dev;
        checked.ino = sb.st_ino;
        checked.size = sb.st_size;
        checked.mtime = sb.st_mtim;
    }
    return rc;
}

/* The journal mode of the connection, lowercase, in buf. */
static bool
journal_mode(sqlite3 *h, char *buf, size_t size)
{
    sqlite3_stmt *s;
    bool ok = false;
    if (sqlite3_prepare_v2(h, "PRAGMA journal_mode", -1, &s, NULL) != SQLITE_OK)
        return false;
    if (sqlite3_step(s) == SQLITE_ROW && sqlite3_column_text(s, 0)) {
        snprintf(buf, size, "%s", (const char *)sqlite3_column_text(s, 0));
        ok = true;
    }
    sqlite3_finalize(s);
    return ok;
}

/* Switches the store to WAL unless it is already (or in memory). Changing
 * the journal mode takes an exclusive lock, and SQLite does not wait for it
 * (waiting could deadlock two connections that both hold a shared lock):
 * when another process holds the file — opening the same new store at the
 * same moment — it fails at once with SQLITE_BUSY. Try again, a few
 * milliseconds apart, for as long as a statement waits for a lock. */
static enum db_rc
switch_to_wal(struct sq_db *c, char *err, size_t errsize)
{
    char mode[16];
    struct timespec pause = {0, 2 * 1000 * 1000};
    for (long waited_ms = 0;; waited_ms += 2) {
        if (journal_mode(c->h, mode, sizeof mode) &&
            (!strcmp(mode, "wal") || !strcmp(mode, "memory")))
            return DB_OK;
        int rc = sqlite3_exec(c->h, "PRAGMA journal_mode = WAL", NULL, NULL, NULL);
        if (rc == SQLITE_OK)
            return DB_OK; /* WAL, or what the file system allows (as before) */
        if (map(rc) != DB_BUSY || waited_ms >= STORE_BUSY_TIMEOUT_MS)
            return open_error(c, "cannot switch the store to WAL", err, errsize);
        nanosleep(&pause, NULL);
    }
}

/* A database that exists: read-only, or (DB_OPEN_WRITE) read-write. Nothing
 * is written on the way: no journal switch. */
static enum db_rc
open_existing(struct sq_db *c, const char *path, enum db_open_mode mode, char *err, size_t errsize)
{
    struct stat sb;
    if (stat(path, &sb) != 0) {
        if (errno == ENOENT)
            return DB_CANTOPEN; /* no message: the store says there is none */
        snprintf(err, errsize, "cannot open the store: %s", strerror(errno));
        return DB_CANTOPEN;
    }
    if (!S_ISREG(sb.st_mode)) {
        snprintf(err, errsize, "not a store: not a regular file");
        return DB_CANTOPEN;
    }
    if (mode == DB_OPEN_WRITE && !writable(path)) {
        snprintf(err, errsize, "cannot open the store: it cannot be written");
        return DB_READONLY;
    }
    bool rw = mode == DB_OPEN_WRITE;
    enum db_rc rc =
        connect(c, path, rw ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY, err, errsize);
    if (rc && !rw && (sqlite3_errcode(c->h) & 0xff) == SQLITE_CANTOPEN) {
        /* A WAL store in a folder this process cannot write, with no -shm
         * file beside it: SQLite cannot share its index, so it reads the
         * file as it is. */
        char *uri = immutable_uri(path);
        if (!uri) {
            snprintf(err, errsize, "out of memory");
            return DB_NOMEM;
        }
        rc = connect(c, uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, err, errsize);
        free(uri);
    }
    if (rc || (rc = identify(c, err, errsize)) || (rc = check_damage(c, path, err, errsize)))
        return rc;
    return DB_OK;
}

static void sq_close(struct db *db);

static enum db_rc
sq_open(const char *target, enum db_open_mode mode, struct db **out, char *err, size_t errsize)
{
    char ignored[8];
    if (!err || !errsize) {
        err = ignored;
        errsize = sizeof ignored;
    }
    /* SQLite counts every allocation under a global mutex unless told not to
     * (5 % of an incident's insert); nothing reads those counts. Only the
     * first call in a process takes effect; later ones fail harmlessly. */
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    struct sq_db *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errsize, "out of memory");
        return DB_NOMEM;
    }
    c->base.ops = &db_sqlite_ops;
    enum db_rc rc;
    if (mode == DB_OPEN_CREATE) {
        rc = connect(c, target, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, err, errsize);
        if (!rc && !(rc = identify(c, err, errsize)) &&
            !(rc = check_damage(c, target, err, errsize)))
            rc = switch_to_wal(c, err, errsize);
    } else {
        rc = open_existing(c, target, mode, err, errsize);
    }
    if (!rc && sqlite3_exec(c->h, "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;", NULL,
                            NULL, NULL) != SQLITE_OK)
        rc = open_error(c, "cannot open the store", err, errsize);
    if (rc) {
        sq_close(&c->base);
        return rc;
    }
    *out = &c->base;
    return DB_OK;
}

static void sq_bulk_close(struct db_bulk *base);

static void
sq_close(struct db *db)
{
    struct sq_db *c = (struct sq_db *)db;
    while (c->bulks)
        sq_bulk_close(&c->bulks->base);
    sqlite3_close(c->h);
    free(c);
}

static enum db_rc
sq_exec(struct db *db, const char *sql)
{
    enum db_rc rc = settle((struct sq_db *)db);
    return rc ? rc : map(sqlite3_exec(handle(db), sql, NULL, NULL, NULL));
}

/* BEGIN IMMEDIATE: the write lock at once, so that two writers wait for each
 * other here rather than fail at their first write. */
static enum db_rc
sq_begin(struct db *db)
{
    struct sq_db *c = (struct sq_db *)db;
    if (!c->write_cache) {
        char cache[48];
        snprintf(cache, sizeof cache, "PRAGMA cache_size = -%d", WRITE_CACHE_KIB);
        enum db_rc rc = sq_exec(db, cache);
        if (rc)
            return rc;
        c->write_cache = true;
    }
    return sq_exec(db, "BEGIN IMMEDIATE");
}

static enum db_rc
sq_commit(struct db *db)
{
    return sq_exec(db, "COMMIT");
}

static enum db_rc
sq_rollback(struct db *db)
{
    drop_held((struct sq_db *)db);
    return sq_exec(db, "ROLLBACK");
}

static bool
sq_in_transaction(const struct db *db)
{
    return !sqlite3_get_autocommit(((const struct sq_db *)db)->h);
}

static int
sq_schema_version(struct db *db)
{
    if (settle((struct sq_db *)db) != DB_OK)
        return -1;
    return int_pragma(handle(db), "PRAGMA user_version");
}

static enum db_rc
sq_set_schema_version(struct db *db, int version)
{
    char pragma[64];
    snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", version);
    return sq_exec(db, pragma);
}

static const char *
sq_migration(int version)
{
    return version >= 1 && version <= schema_version ? schema_migrations[version - 1] : NULL;
}

/* BEGIN IMMEDIATE took the write lock: migrations are one at a time. */
static enum db_rc
sq_lock_schema(struct db *db)
{
    (void)db;
    return DB_OK;
}

static int64_t
sq_changes(struct db *db)
{
    return sqlite3_changes64(handle(db));
}

static const char *
sq_errmsg(struct db *db)
{
    return sqlite3_errmsg(handle(db));
}

static const char *
sq_shared_target(struct db *db)
{
    const char *path = sqlite3_db_filename(handle(db), "main");
    return path && *path ? path : NULL;
}

static enum db_rc
sq_prepare(struct db *db, const char *sql, bool persistent, struct db_stmt **out)
{
    struct sq_stmt *st = calloc(1, sizeof *st);
    if (!st)
        return DB_NOMEM;
    st->base.ops = &db_sqlite_ops;
    st->db = (struct sq_db *)db;
    int rc = sqlite3_prepare_v3(handle(db), sql, -1, persistent ? SQLITE_PREPARE_PERSISTENT : 0,
                                &st->s, NULL);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(st->s);
        free(st);
        return map(rc);
    }
    *out = &st->base;
    return DB_OK;
}

static sqlite3_stmt *
stmt(struct db_stmt *s)
{
    return ((struct sq_stmt *)s)->s;
}

static enum db_rc
sq_bind_null(struct db_stmt *s, int i)
{
    return map(sqlite3_bind_null(stmt(s), i));
}

static enum db_rc
sq_bind_int64(struct db_stmt *s, int i, int64_t v)
{
    return map(sqlite3_bind_int64(stmt(s), i, v));
}

static enum db_rc
sq_bind_double(struct db_stmt *s, int i, double v)
{
    return map(sqlite3_bind_double(stmt(s), i, v));
}

static enum db_rc
sq_bind_text(struct db_stmt *s, int i, const char *v)
{
    if (!v)
        return map(sqlite3_bind_null(stmt(s), i));
    return map(sqlite3_bind_text(stmt(s), i, v, -1, SQLITE_TRANSIENT));
}

static enum db_rc
sq_bind_blob(struct db_stmt *s, int i, const void *v, size_t n)
{
    return map(sqlite3_bind_blob64(stmt(s), i, v, n, SQLITE_TRANSIENT));
}

static enum db_rc
sq_step(struct db_stmt *s)
{
    struct sq_stmt *st = (struct sq_stmt *)s;
    enum db_rc held = settle(st->db);
    if (held != DB_OK)
        return held;
    int rc = sqlite3_step(st->s);
    st->stepped = rc == SQLITE_ROW;
    return map(rc);
}

static enum db_rc
sq_reset(struct db_stmt *s)
{
    struct sq_stmt *st = (struct sq_stmt *)s;
    st->stepped = false;
    /* reset's code repeats the last step's error, which was reported then. */
    sqlite3_reset(st->s);
    return map(sqlite3_clear_bindings(st->s));
}

static void
sq_finalize(struct db_stmt *s)
{
    sqlite3_finalize(stmt(s));
    free(s);
}

static bool
sq_stmt_busy(const struct db_stmt *s)
{
    return ((const struct sq_stmt *)s)->stepped;
}

static enum db_type
sq_column_type(struct db_stmt *s, int col)
{
    switch (sqlite3_column_type(stmt(s), col)) {
    case SQLITE_INTEGER:
        return DB_INTEGER;
    case SQLITE_FLOAT:
        return DB_FLOAT;
    case SQLITE_TEXT:
        return DB_TEXT;
    case SQLITE_BLOB:
        return DB_BLOB;
    default:
        return DB_NULL;
    }
}

static int64_t
sq_column_int64(struct db_stmt *s, int col)
{
    return sqlite3_column_int64(stmt(s), col);
}

static double
sq_column_double(struct db_stmt *s, int col)
{
    return sqlite3_column_double(stmt(s), col);
}

static const char *
sq_column_text(struct db_stmt *s, int col)
{
    return (const char *)sqlite3_column_text(stmt(s), col);
}

static const void *
sq_column_blob(struct db_stmt *s, int col, size_t *n)
{
    const void *v = sqlite3_column_blob(stmt(s), col);
    *n = (size_t)sqlite3_column_bytes(stmt(s), col);
    return v;
}

/* The rows held by b inserted: all of them with one statement when there
 * are BULK_ROWS, else one by one. They are let go of either way. */
static enum db_rc
flush_held(struct sq_bulk *b)
{
    int rc = SQLITE_DONE;
    bool whole = b->rows == BULK_ROWS;
    for (int r = 0; r < b->rows && rc == SQLITE_DONE; r++) {
        sqlite3_stmt *s = whole ? b->many : b->one;
        int first = whole ? r * b->ncols : 0;
        for (int c = 0; c < b->ncols; c++) {
            const struct sq_cell *cell = &b->cells[r * b->ncols + c];
            int i = first + c + 1;
            /* SQLITE_STATIC: the arena stays as it is until the step. */
            switch (cell->type) {
            case DB_INTEGER:
                sqlite3_bind_int64(s, i, cell->i);
                break;
            case DB_FLOAT:
                sqlite3_bind_double(s, i, cell->d);
                break;
            case DB_TEXT:
                sqlite3_bind_text(s, i, b->bytes + cell->at, (int)cell->len, SQLITE_STATIC);
                break;
            case DB_BLOB:
                sqlite3_bind_blob(s, i, b->bytes + cell->at, (int)cell->len, SQLITE_STATIC);
                break;
            case DB_NULL:
                sqlite3_bind_null(s, i);
                break;
            }
        }
        if (!whole || r == b->rows - 1) {
            rc = sqlite3_step(s);
            sqlite3_reset(s);
        }
    }
    b->rows = 0;
    b->used = 0;
    return rc == SQLITE_DONE ? DB_OK : map(rc);
}

/* Before any other statement: every row held goes in. */
static enum db_rc
settle(struct sq_db *c)
{
    enum db_rc rc = DB_OK;
    for (struct sq_bulk *b = c->bulks; b; b = b->next)
        if (b->rows && rc == DB_OK)
            rc = flush_held(b);
    return rc;
}

static void
drop_held(struct sq_db *c)
{
    for (struct sq_bulk *b = c->bulks; b; b = b->next) {
        b->rows = 0;
        b->used = 0;
    }
}

/* "INSERT INTO table (columns) VALUES (?,…),…" for rows rows. */
static char *
bulk_insert(const char *table, const char *columns, int ncols, int rows)
{
    size_t n = strlen(table) + strlen(columns) + 40 + (size_t)rows * (2 * (size_t)ncols + 3);
    char *sql = malloc(n);
    if (!sql)
        return NULL;
    size_t at = (size_t)snprintf(sql, n, "INSERT INTO %s (%s) VALUES ", table, columns);
    for (int r = 0; r < rows; r++) {
        sql[at++] = r ? ',' : ' ';
        sql[at++] = '(';
        for (int c = 0; c < ncols; c++) {
            if (c)
                sql[at++] = ',';
            sql[at++] = '?';
        }
        sql[at++] = ')';
    }
    sql[at] = '\0';
    return sql;
}

static enum db_rc
sq_bulk_open(struct db *db, const char *table, const char *columns, struct db_bulk **out)
{
    struct sq_db *c = (struct sq_db *)db;
    struct sq_bulk *b = calloc(1, sizeof *b);
    if (!b)
        return DB_NOMEM;
    b->base.ops = &db_sqlite_ops;
    b->db = c;
    b->ncols = db_bulk_columns(columns);
    b->next = c->bulks;
    if (c->bulks)
        c->bulks->prev = b;
    c->bulks = b;
    char *one = bulk_insert(table, columns, b->ncols, 1);
    char *many = bulk_insert(table, columns, b->ncols, BULK_ROWS);
    b->cells = calloc((size_t)BULK_ROWS * (size_t)b->ncols, sizeof *b->cells);
    enum db_rc rc = one && many && b->cells ? DB_OK : DB_NOMEM;
    if (rc == DB_OK)
        rc = map(sqlite3_prepare_v3(c->h, one, -1, SQLITE_PREPARE_PERSISTENT, &b->one, NULL));
    if (rc == DB_OK)
        rc = map(sqlite3_prepare_v3(c->h, many, -1, SQLITE_PREPARE_PERSISTENT, &b->many, NULL));
    free(one);
    free(many);
    if (rc != DB_OK) {
        sq_bulk_close(&b->base);
        return rc;
    }
    *out = &b->base;
    return DB_OK;
}

/* Room in the arena for n more bytes. */
static bool
arena_room(struct sq_bulk *b, size_t n)
{
    if (b->bytes && n <= b->cap - b->used)
        return true; /* never NULL, which SQLite would bind as NULL */
    size_t cap = b->cap ? b->cap : 4096;
    while (cap - b->used < n)
        cap *= 2;
    char *bytes = realloc(b->bytes, cap);
    if (!bytes)
        return false;
    b->bytes = bytes;
    b->cap = cap;
    return true;
}

static enum db_rc
sq_bulk_add(struct db_bulk *base, const struct db_value *row)
{
    struct sq_bulk *b = (struct sq_bulk *)base;
    size_t used = b->used;
    for (int c = 0; c < b->ncols; c++) {
        const struct db_value *v = &row[c];
        struct sq_cell *cell = &b->cells[b->rows * b->ncols + c];
        const void *bytes = v->type == DB_TEXT ? (const void *)v->text : v->blob;
        size_t len = v->type == DB_TEXT ? strlen(v->text) : v->len;
        *cell = (struct sq_cell){.type = v->type, .i = v->i, .d = v->d};
        if (v->type != DB_TEXT && v->type != DB_BLOB)
            continue;
        if (len > INT32_MAX || !arena_room(b, len)) {
            b->used = used;
            return len > INT32_MAX ? DB_ERROR : DB_NOMEM;
        }
        if (len)
            memcpy(b->bytes + b->used, bytes, len);
        cell->at = b->used;
        cell->len = len;
        b->used += len;
    }
    return ++b->rows == BULK_ROWS ? flush_held(b) : DB_OK;
}

static enum db_rc
sq_bulk_flush(struct db_bulk *base)
{
    struct sq_bulk *b = (struct sq_bulk *)base;
    return b->rows ? flush_held(b) : DB_OK;
}

static void
sq_bulk_close(struct db_bulk *base)
{
    struct sq_bulk *b = (struct sq_bulk *)base;
    if (!b)
        return;
    sqlite3_finalize(b->one);
    sqlite3_finalize(b->many);
    if (b->prev)
        b->prev->next = b->next;
    else
        b->db->bulks = b->next;
    if (b->next)
        b->next->prev = b->prev;
    free(b->cells);
    free(b->bytes);
    free(b);
}

const struct db_ops db_sqlite_ops = {
    .name = "sqlite",
    .open = sq_open,
    .close = sq_close,
    .exec = sq_exec,
    .begin = sq_begin,
    .commit = sq_commit,
    .rollback = sq_rollback,
    .in_transaction = sq_in_transaction,
    .schema_version = sq_schema_version,
    .set_schema_version = sq_set_schema_version,
    .migration = sq_migration,
    .lock_schema = sq_lock_schema,
    .changes = sq_changes,
    .errmsg = sq_errmsg,
    .prepare = sq_prepare,
    .bind_null = sq_bind_null,
    .bind_int64 = sq_bind_int64,
    .bind_double = sq_bind_double,
    .bind_text = sq_bind_text,
    .bind_blob = sq_bind_blob,
    .step = sq_step,
    .reset = sq_reset,
    .finalize = sq_finalize,
    .stmt_busy = sq_stmt_busy,
    .column_type = sq_column_type,
    .column_int64 = sq_column_int64,
    .column_double = sq_column_double,
    .column_text = sq_column_text,
    .column_blob = sq_column_blob,
    .shared_target = sq_shared_target,
    .bulk_open = sq_bulk_open,
    .bulk_add = sq_bulk_add,
    .bulk_flush = sq_bulk_flush,
    .bulk_close = sq_bulk_close,
};
