/* ingest_queue.h — hands the records of one file from the parsing thread to a
 * second thread that stores them, so that parsing a batch overlaps storing
 * the one before (engine/ingest.c runs every parse this way).
 *
 * Records are copied, their strings into the batch's own arena, so the
 * parser's buffers may change as soon as ingest_queue_add returns. The
 * thread calls fn on each record in the order they were added. Two batches
 * exist, one being filled and one being stored, so memory holds at most
 * 2 x INGEST_QUEUE_BATCH records and their text, whatever the file's size.
 *
 * Once fn fails, the thread stores nothing more; ingest_queue_add returns
 * that status at the next hand-over and ingest_queue_stop returns it too.
 * fn writes its own diagnostic: the queue knows nothing of the store.
 *
 * Threads: ingest_queue_add and ingest_queue_stop are for the one thread that
 * started the queue (the parser's); fn runs on the queue's thread, one record
 * at a time, and may use only what the parser does not touch meanwhile (the
 * store, and its own diagnostic and counters; see struct ingest_writer). A
 * parser thus must not use the store itself between ingest_queue_start and
 * ingest_queue_stop. Time conversion (engine/time/sltime.h) is safe on both
 * sides. */
#ifndef SLAUDIT_INGEST_QUEUE_H
#define SLAUDIT_INGEST_QUEUE_H

#include <stdbool.h>

#include "engine/model/model.h"
#include "engine/base/status.h"
#include "engine/store/store.h"

#define INGEST_QUEUE_BATCH 512
#define INGEST_QUEUE_ARENA ((size_t)256 << 10) /* grown for a record that needs more */

enum ingest_kind {
    INGEST_INCIDENT,
    INGEST_INTERVAL,
    INGEST_GPU_EVENT,
    INGEST_MAINTENANCE,
    INGEST_COMMITMENT,
    INGEST_REJECT,
    INGEST_KIND_COUNT
};

struct ingest_reject_row {
    long line;
    const char *reason;
    const char *raw;
};

/* One record for the store; the member of u named by kind is the one set. */
struct ingest_record {
    enum ingest_kind kind;
    /* An interval made from records already counted (a state-change log's):
     * it counts as an interval stored, not as a record read or stored. */
    bool derived;
    union {
        struct incident incident;
        struct interval interval;
        struct gpu_event gpu_event;
        struct maintenance maintenance;
        struct commitment commitment;
        struct ingest_reject_row reject;
    } u;
};

/* Stores one record; returns non-OK to stop the queue. */
typedef enum sl_status (*ingest_queue_fn)(void *ctx, const struct ingest_record *rec);

struct ingest_queue;

/* Starts the thread. SL_ERR_NOMEM or SL_ERR_IO (no thread) on failure. */
enum sl_status ingest_queue_start(ingest_queue_fn fn, void *ctx, struct ingest_queue **out);
/* Copies rec into the batch being filled, handing it over when full. */
enum sl_status ingest_queue_add(struct ingest_queue *q, const struct ingest_record *rec);
/* Stores what was added (or drops what was not handed over yet when
 * discard is set), ends the thread and frees q. Returns fn's first failure. */
enum sl_status ingest_queue_stop(struct ingest_queue *q, bool discard);

#endif
