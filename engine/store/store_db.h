/* store_db.h — what the store's own modules (store_latency.c) need of a
 * struct store besides its public API: the database connection (db.h), the
 * source transaction open on it, the store's way of turning a failed call
 * into a diagnostic, and its bulk loads. Only files of engine/store/
 * (and their tests) include this header. */
#ifndef SLAUDIT_STORE_DB_H
#define SLAUDIT_STORE_DB_H

#include <stdint.h>

#include "engine/base/status.h"
#include "engine/store/db.h"

struct store;

/* The connection; borrowed, for the store's lifetime. */
struct db *store_db_handle(struct store *st);
/* The id of the source whose transaction is open, 0 when none. */
int64_t store_db_source(const struct store *st);
/* SL_ERR_DB for the call that came to rc, with the connection's last message
 * (or the lock or damage advice the store gives everywhere), prefixed by
 * what. */
enum sl_status store_db_error(struct store *st, enum db_rc rc, struct sl_diag *diag,
                              const char *what);

/* The bulk loads of a source transaction's rows (db_bulk_open): keyless
 * intervals (store.c) and hours of probe latency (store_latency.c). */
enum store_bulk { STORE_BULK_INTERVALS, STORE_BULK_LATENCY, STORE_BULK_COUNT };

/* The columns of a latency_hours row, in the order store_latency.c gives
 * its values. */
#define STORE_LATENCY_COLUMNS "source_id, entity, service, hour, n, samples"

/* Within an open source transaction: row, a value for each column of
 * which's table, added to that bulk load (opened at its first row). The
 * store flushes the bulk loads before every other statement on intervals,
 * each reader and the commit; an error of a row added earlier may come
 * back from here, worded for which's rows. */
enum sl_status store_db_bulk_add(struct store *st, enum store_bulk which,
                                 const struct db_value *row, struct sl_diag *diag);

/* The saved results of one key — definitions hash ?1, entity ?2, service
 * ?3 (NULL: the entity as a whole), window kind ?4, start ?5 and end ?6 —
 * as store_put_eval_results deletes them before it saves the key again.
 * Every term but the last is a column of eval_results_by_key (migration
 * 16), so a delete reads the rows of its key alone; the last keeps NULL
 * and '' apart. */
#define STORE_EVAL_KEY_WHERE                                                                       \
    "entity = ?2 AND window_start = ?5 AND definitions_hash = ?1 "                                 \
    "AND coalesce(service, '') = coalesce(?3, '') AND window_kind = ?4 AND window_end = ?6 "       \
    "AND service IS NOT DISTINCT FROM ?3"

#endif
