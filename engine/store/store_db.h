/* store_db.h — what the store's own modules (store_latency.c) need of a
 * struct store besides its public API: the database connection (db.h), the
 * source transaction open on it, and the store's way of turning a failed
 * call into a diagnostic. Only files of engine/store/ include this header. */
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

#endif
