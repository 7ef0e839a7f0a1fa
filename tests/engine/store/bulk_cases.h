/* bulk_cases.h — the cases of db.h's bulk loads that every backend must
 * pass, each on a connection db the caller opened to write, in which the
 * case creates its own tables. id_column is the backend's way of writing an
 * id column that numbers rows in the order they are inserted. Called from
 * test_sqlite_db.c and test_pg_db.c. */
#ifndef SLAUDIT_TESTS_BULK_CASES_H
#define SLAUDIT_TESTS_BULK_CASES_H

#include "engine/store/db.h"

/* Hostile text, NULL and empty text, integer extremes, doubles and blobs:
 * each read back as it was added, in the order it was added; a reader sees
 * the rows without a flush. */
void bulk_case_values_round_trip(struct db *db, const char *id_column);
/* A rollback drops the rows held; a commit keeps them without a flush. */
void bulk_case_commit_and_rollback(struct db *db, const char *id_column);
/* A CHECK a row breaks is DB_CONSTRAINT from the call that flushes it (an
 * addition, the flush, the commit), with the message an INSERT gives
 * (check_words found in it); after the rollback nothing of it is stored and
 * the bulk load works again. */
void bulk_case_refused_row(struct db *db, const char *id_column, const char *check_words);
/* Two bulk loads of one connection, their rows interleaved: each table gets
 * its own, in order. */
void bulk_case_two_tables(struct db *db, const char *id_column);

#endif
