/* schema.h — the store's schema as an ordered list of migrations. Migration i
 * (counting from 1) takes the schema version from i-1 to i. schema.c holds
 * them in SQLite's dialect, engine/store/postgres/pg_schema.c in
 * PostgreSQL's, numbered alike; a backend hands the store its own
 * (db_migration). Append only, to both lists at the same number: a released
 * migration is never edited. */
#ifndef SLAUDIT_SCHEMA_H
#define SLAUDIT_SCHEMA_H

/* PRAGMA application_id of a slaudit store ("SLAU"), set by migration 10.
 * A store made before it has 0 there and is recognised by its tables. */
#define SCHEMA_APPLICATION_ID 0x534C4155
#define SCHEMA_APPLICATION_ID_TEXT "1397506389"

/* The version the migrations end at: the length of both lists. */
#define SCHEMA_VERSION 16

extern const char *const schema_migrations[];
extern const int schema_version;
/* The oldest version whose tables this slaudit reads as they are: a store
 * at this version or later is read without migrating it (the migrations
 * after it change no table a reader uses). */
extern const int schema_readable;
/* The version that stores commitments' fees (table commitment_fees). */
#define SCHEMA_VERSION_FEES 13
/* The version that stores probe latency (table latency_hours). */
#define SCHEMA_VERSION_LATENCY 14
/* The version whose fees carry their commitment's entity, so that the two
 * tables join on it (docs/scale-out.md). */
#define SCHEMA_VERSION_FEE_ENTITY 15

#endif
