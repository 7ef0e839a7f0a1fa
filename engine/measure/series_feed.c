/* series_feed.c — the intervals and maintenance of each series, read ahead on
 * two threads with connections of their own (see series_feed.h). */
#include "engine/measure/series_feed.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"

enum { FEED_READERS = 2, FEED_DEPTH = 2 };

/* One series read: the arrays are reused from series to series. */
struct slot {
    struct interval *iv;
    size_t niv, aiv;
    struct maintenance *mt;
    size_t nmt, amt;
    bool nomem;
    bool ready; /* filled and not yet released by the taker */
    enum sl_status status;
    struct sl_diag diag;
};

struct reader {
    struct series_feed *f;
    size_t first; /* series first, first + FEED_READERS, ... */
    struct store *st;
    pthread_t thread;
    bool started;
    struct slot slot[FEED_DEPTH];
};

struct series_feed {
    struct store *st;
    const struct series_name *names;
    size_t n, next; /* next: the series the next take hands out */
    int64_t from, to;
    bool threaded, stop;
    pthread_mutex_t lock;
    pthread_cond_t changed; /* a slot was filled or released, or stop was set */
    struct reader reader[FEED_READERS];
    struct slot own; /* the series read on st when not threaded */
};

static bool
grow(void **v, size_t *alloc, size_t n, size_t size)
{
    return grow_reserve(v, alloc, n + 1, size) == SL_OK;
}

static int
keep_interval(void *ctx, const struct interval *iv)
{
    struct slot *s = ctx;
    if (!grow((void **)&s->iv, &s->aiv, s->niv, sizeof *s->iv)) {
        s->nomem = true;
        return 1;
    }
    struct interval *k = &s->iv[s->niv++];
    *k = *iv;
    /* The strings are the reader's; only the times, status and units stay
     * (the unit kind as a literal of our own). */
    k->entity = k->service = k->key = NULL;
    k->unit_kind = iv->units <= 0                                    ? NULL
                   : iv->unit_kind && !strcmp(iv->unit_kind, "node") ? "node"
                                                                     : "gpu";
    return 0;
}

static int
keep_maintenance(void *ctx, const struct maintenance *m)
{
    struct slot *s = ctx;
    if (!grow((void **)&s->mt, &s->amt, s->nmt, sizeof *s->mt)) {
        s->nomem = true;
        return 1;
    }
    struct maintenance *k = &s->mt[s->nmt++];
    *k = *m;
    k->entity = k->service = k->key = NULL;
    return 0;
}

static enum sl_status
read_series(struct store *st, const struct series_feed *f, size_t i, struct slot *s,
            struct sl_diag *diag)
{
    const struct series_name *name = &f->names[i];
    enum sl_status rc;
    s->niv = s->nmt = 0;
    s->nomem = false;
    if ((rc = store_each_interval(st, name->entity, name->service, f->from, f->to, keep_interval, s,
                                  diag)) ||
        (rc = store_each_maintenance(st, name->entity, name->service, f->from, f->to,
                                     keep_maintenance, s, diag)))
        return rc;
    return s->nomem ? diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory") : SL_OK;
}

static struct slot *
slot_of(struct series_feed *f, size_t i)
{
    return &f->reader[i % FEED_READERS].slot[(i / FEED_READERS) % FEED_DEPTH];
}

static void *
reader_main(void *arg)
{
    struct reader *r = arg;
    struct series_feed *f = r->f;
    for (size_t i = r->first; i < f->n; i += FEED_READERS) {
        struct slot *s = slot_of(f, i);
        pthread_mutex_lock(&f->lock);
        while (s->ready && !f->stop)
            pthread_cond_wait(&f->changed, &f->lock);
        bool stop = f->stop;
        pthread_mutex_unlock(&f->lock);
        if (stop)
            break;
        memset(&s->diag, 0, sizeof s->diag);
        s->status = read_series(r->st, f, i, s, &s->diag);
        pthread_mutex_lock(&f->lock);
        s->ready = true;
        pthread_cond_broadcast(&f->changed);
        pthread_mutex_unlock(&f->lock);
        if (s->status)
            break; /* the taker stops at this series */
    }
    return NULL;
}

static void
slot_release(struct slot *s)
{
    free(s->iv);
    free(s->mt);
}

/* Stops and joins the readers that run and closes their connections. */
static void
stop_readers(struct series_feed *f)
{
    pthread_mutex_lock(&f->lock);
    f->stop = true;
    pthread_cond_broadcast(&f->changed);
    pthread_mutex_unlock(&f->lock);
    for (int k = 0; k < FEED_READERS; k++) {
        struct reader *r = &f->reader[k];
        if (r->started)
            pthread_join(r->thread, NULL);
        r->started = false;
        store_close(r->st);
        r->st = NULL;
    }
    f->threaded = false;
}

/* Opens a connection per reader and starts them; false leaves none running. */
static bool
start_readers(struct series_feed *f)
{
    const char *path = store_shared_path(f->st);
    if (!path || f->n < 2)
        return false;
    for (int k = 0; k < FEED_READERS; k++) {
        struct reader *r = &f->reader[k];
        struct sl_diag ignored = {0};
        r->f = f;
        r->first = (size_t)k;
        if (store_open_for(path, STORE_READ, &r->st, &ignored)) {
            r->st = NULL;
            stop_readers(f);
            return false;
        }
    }
    f->threaded = true;
    for (int k = 0; k < FEED_READERS; k++) {
        struct reader *r = &f->reader[k];
        if (pthread_create(&r->thread, NULL, reader_main, r)) {
            stop_readers(f);
            return false;
        }
        r->started = true;
    }
    return true;
}

enum sl_status
series_feed_new(struct store *st, const struct series_name *names, size_t n, int64_t from,
                int64_t to, bool threaded, struct series_feed **out, struct sl_diag *diag)
{
    struct series_feed *f = calloc(1, sizeof *f);
    *out = NULL;
    if (!f)
        return diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
    f->st = st;
    f->names = names;
    f->n = n;
    f->from = from;
    f->to = to;
    pthread_mutex_init(&f->lock, NULL);
    pthread_cond_init(&f->changed, NULL);
    if (threaded)
        start_readers(f);
    *out = f;
    return SL_OK;
}

enum sl_status
series_feed_take(struct series_feed *f, struct series_batch *out, struct sl_diag *diag)
{
    assert(f->next < f->n);
    struct slot *s = &f->own;
    if (!f->threaded) {
        enum sl_status rc = read_series(f->st, f, f->next, s, diag);
        if (rc)
            return rc;
    } else {
        pthread_mutex_lock(&f->lock);
        if (f->next > 0) {
            slot_of(f, f->next - 1)->ready = false;
            pthread_cond_broadcast(&f->changed);
        }
        s = slot_of(f, f->next);
        while (!s->ready)
            pthread_cond_wait(&f->changed, &f->lock);
        pthread_mutex_unlock(&f->lock);
        if (s->status) {
            if (diag)
                *diag = s->diag;
            return s->status;
        }
    }
    f->next++;
    *out = (struct series_batch){&f->names[f->next - 1], s->iv, s->niv, s->mt, s->nmt};
    return SL_OK;
}

bool
series_feed_threaded(const struct series_feed *f)
{
    return f->threaded;
}

void
series_feed_free(struct series_feed *f)
{
    if (!f)
        return;
    stop_readers(f);
    for (int k = 0; k < FEED_READERS; k++)
        for (int d = 0; d < FEED_DEPTH; d++)
            slot_release(&f->reader[k].slot[d]);
    slot_release(&f->own);
    pthread_cond_destroy(&f->changed);
    pthread_mutex_destroy(&f->lock);
    free(f);
}
