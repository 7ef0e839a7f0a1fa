/* db_nopostgres.c — what db.c needs of the PostgreSQL backend while this
 * build has none: no target names a server, and opening one is refused.
 * engine/store/postgres/ defines the same symbols; this file goes when it
 * comes (the linker's duplicate symbols say so). */
#include <stdio.h>
#include <string.h>

#include "engine/store/db_backend.h"

bool
db_postgres_target(const char *target)
{
    (void)target;
    return false;
}

char *
db_postgres_redact(const char *target)
{
    return strdup(target);
}

static enum db_rc
no_open(const char *target, enum db_open_mode mode, struct db **out, char *err, size_t errsize)
{
    (void)target;
    (void)mode;
    *out = NULL;
    if (err && errsize)
        snprintf(err, errsize, "this slaudit was built without PostgreSQL");
    return DB_CANTOPEN;
}

/* Only open is ever called: it never makes a connection. */
const struct db_ops db_postgres_ops = {.name = "postgresql", .open = no_open};
