/* pg_schema.h — the store's migrations in PostgreSQL's dialect, numbered
 * as SQLite's (engine/store/schema.h). Only engine/store/postgres/ includes
 * this. */
#ifndef SLAUDIT_PG_SCHEMA_H
#define SLAUDIT_PG_SCHEMA_H

/* The SQL that takes a server's store from version-1 to version
 * (1 ≤ version ≤ SCHEMA_VERSION), or NULL when that step has nothing to
 * do there. */
const char *pg_schema_migration(int version);

#endif
