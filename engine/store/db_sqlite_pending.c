/* db_sqlite_pending.c — a stand-in for the SQLite backend of db.h until
 * engine/store/sqlite/ defines db_sqlite_ops: it refuses to open, so that
 * the library links with the PostgreSQL backend alone. Weak, so that the
 * real table wins wherever both are linked; to be removed with the arrival
 * of engine/store/sqlite/. */
#include <stdio.h>

#include "engine/store/db_backend.h"

static enum db_rc
pending_open(const char *target, enum db_open_mode mode, struct db **out, char *err, size_t errsize)
{
    (void)target;
    (void)mode;
    *out = NULL;
    if (err && errsize)
        snprintf(err, errsize, "this build has no SQLite backend for db.h");
    return DB_CANTOPEN;
}

__attribute__((weak)) const struct db_ops db_sqlite_ops = {.name = "sqlite", .open = pending_open};
