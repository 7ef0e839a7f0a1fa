/* pg_sql.h — the store's SQL made PostgreSQL's: SQLite's numbered
 * parameters ?1 ?2 (and a bare ?, the number after the largest so far)
 * written $1 $2. String literals, quoted identifiers and comments are left
 * alone, and nothing else is rewritten. */
#ifndef SLAUDIT_PG_SQL_H
#define SLAUDIT_PG_SQL_H

/* The translated SQL (owned by the caller), with the largest parameter
 * number in *nparams; NULL when out of memory or when a number is out of
 * range (above PG_SQL_MAX_PARAMS). */
#define PG_SQL_MAX_PARAMS 32766
char *pg_sql_translate(const char *sql, int *nparams);

/* Whether sql's first word makes it a query a cursor can read: SELECT,
 * VALUES, TABLE or WITH (case-insensitive, after spaces and comments). */
int pg_sql_is_query(const char *sql);

#endif
