/* ingest_queue.c — a store thread fed with batches of copied records (see
 * ingest_queue.h). */
#include "engine/ingest/ingest_queue.h"

#include <assert.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define AT(member) offsetof(struct ingest_record, u.member)

/* Where each kind of record keeps its strings, 0-terminated (offset 0 is
 * the kind, never a string). A string member added to one of these structs
 * must be listed here, or its copy would point into the parser's buffer. */
static const size_t incident_strings[] = {AT(incident.key),
                                          AT(incident.entity),
                                          AT(incident.service),
                                          AT(incident.severity),
                                          AT(incident.severity_label),
                                          AT(incident.title),
                                          AT(incident.state),
                                          AT(incident.postmortem),
                                          AT(incident.extra_json),
                                          0};
static const size_t interval_strings[] = {AT(interval.entity), AT(interval.service),
                                          AT(interval.unit_kind), AT(interval.key), 0};
static const size_t gpu_event_strings[] = {
    AT(gpu_event.entity), AT(gpu_event.service), AT(gpu_event.host),
    AT(gpu_event.pci),    AT(gpu_event.gpu),     AT(gpu_event.xid_class),
    AT(gpu_event.action), AT(gpu_event.message), 0};
static const size_t maintenance_strings[] = {AT(maintenance.entity), AT(maintenance.service),
                                             AT(maintenance.key), 0};
static const size_t commitment_strings[] = {AT(commitment.entity), AT(commitment.service),
                                            AT(commitment.kind),   AT(commitment.document),
                                            AT(commitment.terms),  0};
static const size_t reject_strings[] = {AT(reject.reason), AT(reject.raw), 0};

static const size_t *const strings_of[INGEST_KIND_COUNT] = {
    [INGEST_INCIDENT] = incident_strings,     [INGEST_INTERVAL] = interval_strings,
    [INGEST_GPU_EVENT] = gpu_event_strings,   [INGEST_MAINTENANCE] = maintenance_strings,
    [INGEST_COMMITMENT] = commitment_strings, [INGEST_REJECT] = reject_strings,
};

struct batch {
    struct ingest_record rec[INGEST_QUEUE_BATCH];
    size_t n;
    char *arena; /* the records' strings */
    size_t used, cap;
};

struct ingest_queue {
    ingest_queue_fn fn;
    void *ctx;
    pthread_t thread;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    struct batch batch[2];
    struct batch *fill;    /* the parser's; never touched by the thread */
    struct batch *work;    /* handed to the thread; NULL while it waits */
    bool done;             /* no more batches will come */
    enum sl_status status; /* fn's first failure; under mu */
};

static const char **
string_at(struct ingest_record *rec, size_t at)
{
    return (const char **)(void *)((char *)rec + at);
}

static void *
run(void *arg)
{
    struct ingest_queue *q = arg;
    pthread_mutex_lock(&q->mu);
    for (;;) {
        while (!q->work && !q->done)
            pthread_cond_wait(&q->cv, &q->mu);
        if (!q->work)
            break;
        struct batch *b = q->work;
        enum sl_status rc = q->status;
        pthread_mutex_unlock(&q->mu);
        for (size_t i = 0; i < b->n && !rc; i++)
            rc = q->fn(q->ctx, &b->rec[i]);
        pthread_mutex_lock(&q->mu);
        if (rc && !q->status)
            q->status = rc;
        b->n = 0;
        b->used = 0;
        q->work = NULL;
        pthread_cond_broadcast(&q->cv);
    }
    pthread_mutex_unlock(&q->mu);
    return NULL;
}

enum sl_status
ingest_queue_start(ingest_queue_fn fn, void *ctx, struct ingest_queue **out)
{
    struct ingest_queue *q = calloc(1, sizeof *q);
    *out = NULL;
    if (!q)
        return SL_ERR_NOMEM;
    q->fn = fn;
    q->ctx = ctx;
    q->fill = &q->batch[0];
    for (int i = 0; i < 2; i++) {
        q->batch[i].cap = INGEST_QUEUE_ARENA;
        if (!(q->batch[i].arena = malloc(q->batch[i].cap))) {
            free(q->batch[0].arena);
            free(q);
            return SL_ERR_NOMEM;
        }
    }
    pthread_mutex_init(&q->mu, NULL);
    pthread_cond_init(&q->cv, NULL);
    if (pthread_create(&q->thread, NULL, run, q)) {
        pthread_cond_destroy(&q->cv);
        pthread_mutex_destroy(&q->mu);
        free(q->batch[0].arena);
        free(q->batch[1].arena);
        free(q);
        return SL_ERR_IO;
    }
    *out = q;
    return SL_OK;
}

/* Gives the filled batch to the thread once it has stored the one before,
 * and fills the other from now on. */
static enum sl_status
hand_over(struct ingest_queue *q)
{
    pthread_mutex_lock(&q->mu);
    while (q->work)
        pthread_cond_wait(&q->cv, &q->mu);
    q->work = q->fill;
    q->fill = q->fill == &q->batch[0] ? &q->batch[1] : &q->batch[0];
    enum sl_status rc = q->status;
    pthread_cond_broadcast(&q->cv);
    pthread_mutex_unlock(&q->mu);
    return rc;
}

enum sl_status
ingest_queue_add(struct ingest_queue *q, const struct ingest_record *rec)
{
    assert((unsigned)rec->kind < INGEST_KIND_COUNT);
    const size_t *at = strings_of[rec->kind];
    size_t need = 0;
    for (size_t i = 0; at[i]; i++) {
        const char *s = *string_at((struct ingest_record *)(uintptr_t)rec, at[i]);
        need += s ? strlen(s) + 1 : 0;
    }
    struct batch *b = q->fill;
    if (b->n == INGEST_QUEUE_BATCH || b->cap - b->used < need) {
        enum sl_status rc = b->n ? hand_over(q) : SL_OK;
        if (rc)
            return rc;
        b = q->fill;
        if (b->cap < need) {
            /* The batch is empty: no string points into the arena yet. */
            char *bigger = realloc(b->arena, need);
            if (!bigger)
                return SL_ERR_NOMEM;
            b->arena = bigger;
            b->cap = need;
        }
    }
    struct ingest_record *copy = &b->rec[b->n++];
    *copy = *rec;
    for (size_t i = 0; at[i]; i++) {
        const char **s = string_at(copy, at[i]);
        if (!*s)
            continue;
        size_t len = strlen(*s) + 1;
        memcpy(b->arena + b->used, *s, len);
        *s = b->arena + b->used;
        b->used += len;
    }
    return SL_OK;
}

enum sl_status
ingest_queue_stop(struct ingest_queue *q, bool discard)
{
    if (!discard && q->fill->n)
        hand_over(q);
    pthread_mutex_lock(&q->mu);
    while (q->work)
        pthread_cond_wait(&q->cv, &q->mu);
    q->done = true;
    pthread_cond_broadcast(&q->cv);
    pthread_mutex_unlock(&q->mu);
    pthread_join(q->thread, NULL);
    enum sl_status rc = q->status;
    pthread_cond_destroy(&q->cv);
    pthread_mutex_destroy(&q->mu);
    free(q->batch[0].arena);
    free(q->batch[1].arena);
    free(q);
    return rc;
}
