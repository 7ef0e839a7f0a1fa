/* pg_conninfo.h — PostgreSQL connection strings as text: whether a target is
 * one (a postgresql:// or postgres:// URI, or libpq's keyword=value pairs),
 * and the same string, or a message echoing it, with its password masked.
 * db_postgres_target and db_postgres_redact (db_backend.h) are defined here.
 * No connection is made; nothing is printed. */
#ifndef SLAUDIT_PG_CONNINFO_H
#define SLAUDIT_PG_CONNINFO_H

#include <stddef.h>

/* msg copied into out (always NUL-terminated, truncated to outsize) with
 * every occurrence of target's password, as written and as libpq decodes
 * it, replaced by "***", and every "password=VALUE" in it masked too. */
void pg_conninfo_scrub(const char *msg, const char *target, char *out, size_t outsize);

#endif
