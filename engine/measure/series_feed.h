/* series_feed.h — the intervals and maintenance of a list of series, handed
 * out series by series in list order and read ahead on two threads, each
 * with a connection of its own, while the caller evaluates.
 *
 * Reading is most of an evaluation (SQLite decoding the index records), and
 * one connection is one thread at a time: two readers, taking the even and the
 * odd series, keep both cores busy. Each reader stays at most FEED_DEPTH
 * series ahead, so memory is bounded by a few series, not the store. Where no
 * other connection can see what the caller's sees (an in-memory store, an
 * open transaction) or a thread cannot be started, the feed reads each series
 * on the caller's connection when it is taken; the arrays are the same.
 *
 * A batch holds what eval.c keeps of a series: times, status and units of the
 * intervals (entity, service and key NULL; unit_kind the literal "gpu" or
 * "node" when units > 0, else NULL) and the times and announcement of the
 * maintenance windows (strings NULL), each in the readers' order.
 *
 * Ownership: the feed borrows st and the series names until series_feed_free;
 * a batch belongs to the feed and lives until the next take or the free.
 *
 * Threads: series_feed_new, _take, _threaded and _free are for the caller's
 * thread. The readers call only the store, each on a connection of its own,
 * and fill only their own slots, handed over under the feed's lock; they
 * never use st, which stays the caller's to use meanwhile. A reader's
 * diagnostic is its own and is copied to the caller's at the take. */
#ifndef SLAUDIT_SERIES_FEED_H
#define SLAUDIT_SERIES_FEED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/model/model.h"
#include "engine/base/status.h"
#include "engine/store/store.h"

struct series_name {
    const char *entity, *service;
};

struct series_batch {
    const struct series_name *name; /* the series, from the list */
    const struct interval *iv;
    size_t niv;
    const struct maintenance *mt;
    size_t nmt;
};

struct series_feed;

/* Starts reading the n series of names over [from, to) (store_each_interval's
 * range). threaded false reads on st only. SL_ERR_NOMEM, or a store error in
 * diag. */
enum sl_status series_feed_new(struct store *st, const struct series_name *names, size_t n,
                               int64_t from, int64_t to, bool threaded, struct series_feed **out,
                               struct sl_diag *diag);

/* The batch of the next series in list order; a reader's error is returned
 * here, with its diagnostic, at the series it failed on. */
enum sl_status series_feed_take(struct series_feed *f, struct series_batch *out,
                                struct sl_diag *diag);

/* Whether the series are read by threads (for tests). */
bool series_feed_threaded(const struct series_feed *f);

/* Stops the readers, closes their connections and frees everything. */
void series_feed_free(struct series_feed *f);

#endif
