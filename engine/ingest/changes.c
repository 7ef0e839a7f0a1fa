/* changes.c — state-change logs folded into intervals (see changes.h). */
#include "engine/ingest/changes.h"

#include <stdlib.h>
#include <string.h>

#include "engine/time/sltime.h"

struct series {
    uint64_t hash;
    int64_t first;              /* its first change */
    enum svc_status first_from; /* the status that change left, or unknown */
    long first_line;
    int64_t open_start; /* the status in force since open_start */
    enum svc_status open_status;
    long open_line;
    char *service; /* points into names, after the entity */
    char names[];  /* "entity\0service\0" */
};

struct changes {
    struct series **slots; /* open addressing by hash */
    struct series **order; /* in first-seen order */
    size_t nslots, nseries;
    size_t name_bytes;          /* of the series' names, with their NULs */
    int64_t span_from, span_to; /* SLTIME_NONE until a time is seen */
    long emitted;
};

struct changes *
changes_new(void)
{
    struct changes *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->nslots = 64;
    c->slots = calloc(c->nslots, sizeof *c->slots);
    c->order = calloc(c->nslots, sizeof *c->order);
    c->span_from = c->span_to = SLTIME_NONE;
    if (!c->slots || !c->order) {
        changes_free(c);
        return NULL;
    }
    return c;
}

static void
forget(struct changes *c)
{
    for (size_t i = 0; i < c->nseries; i++)
        free(c->order[i]);
    memset(c->slots, 0, c->nslots * sizeof *c->slots);
    c->nseries = 0;
    c->name_bytes = 0;
    c->span_from = c->span_to = SLTIME_NONE;
    c->emitted = 0;
}

void
changes_free(struct changes *c)
{
    if (!c)
        return;
    forget(c);
    free(c->slots);
    free(c->order);
    free(c);
}

void
changes_span_time(struct changes *c, int64_t t)
{
    if (t == SLTIME_NONE)
        return;
    if (c->span_from == SLTIME_NONE || t < c->span_from)
        c->span_from = t;
    if (c->span_to == SLTIME_NONE || t > c->span_to)
        c->span_to = t;
}

size_t
changes_series(const struct changes *c)
{
    return c->nseries;
}

/* FNV-1a over both names, the NUL between them included. */
static uint64_t
hash_pair(const char *a, const char *b)
{
    uint64_t h = 1469598103934665603u;
    for (const char *s = a;; s++) {
        h = (h ^ (unsigned char)*s) * 1099511628211u;
        if (!*s)
            break;
    }
    for (const char *s = b; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h ^ (h >> 31);
}

static struct series *
lookup(struct changes *c, const char *entity, const char *service, uint64_t h, size_t *slot)
{
    size_t j = h & (c->nslots - 1);
    for (; c->slots[j]; j = (j + 1) & (c->nslots - 1)) {
        struct series *s = c->slots[j];
        if (s->hash == h && !strcmp(s->names, entity) && !strcmp(s->service, service))
            return s;
    }
    *slot = j;
    return NULL;
}

static enum sl_status
grow_slots(struct changes *c)
{
    size_t n = c->nslots * 2;
    struct series **slots = calloc(n, sizeof *slots);
    struct series **order = realloc(c->order, n * sizeof *order);
    if (order)
        c->order = order;
    if (!slots || !order) {
        free(slots);
        return SL_ERR_NOMEM;
    }
    for (size_t i = 0; i < c->nseries; i++) {
        size_t j = c->order[i]->hash & (n - 1);
        while (slots[j])
            j = (j + 1) & (n - 1);
        slots[j] = c->order[i];
    }
    free(c->slots);
    c->slots = slots;
    c->nslots = n;
    return SL_OK;
}

/* Hands [start, end) of one series to emit; unknown time is not stored
 * (no interval means unknown), and an empty interval is nothing. */
static enum sl_status
emit_piece(struct changes *c, const struct series *s, int64_t start, int64_t end,
           enum svc_status status, long line, changes_emit_fn emit, void *ctx)
{
    if (end <= start || status == SVC_UNKNOWN)
        return SL_OK;
    struct interval iv = {.entity = s->names,
                          .service = s->service,
                          .start = start,
                          .end = end,
                          .status = status,
                          .line = line};
    c->emitted++;
    return emit(ctx, &iv);
}

enum sl_status
changes_add(struct changes *c, const char *entity, const char *service, int64_t t,
            enum svc_status from, enum svc_status to, long line, enum change_outcome *outcome,
            changes_emit_fn emit, void *ctx)
{
    uint64_t h = hash_pair(entity, service);
    size_t j = 0;
    struct series *s = lookup(c, entity, service, h, &j);
    *outcome = CHANGE_TAKEN;
    if (!s) {
        size_t le = strlen(entity) + 1, ls = strlen(service) + 1;
        if (c->nseries == CHANGES_MAX_SERIES || c->name_bytes + le + ls > CHANGES_MAX_NAME_BYTES)
            return SL_ERR_LIMIT;
        if ((c->nseries + 1) * 2 > c->nslots) {
            if (grow_slots(c))
                return SL_ERR_NOMEM;
            lookup(c, entity, service, h, &j);
        }
        if (!(s = calloc(1, sizeof *s + le + ls)))
            return SL_ERR_NOMEM;
        memcpy(s->names, entity, le);
        s->service = s->names + le;
        memcpy(s->service, service, ls);
        s->hash = h;
        s->first = s->open_start = t;
        s->first_from = from;
        s->first_line = line;
        s->open_status = to;
        s->open_line = line;
        c->name_bytes += le + ls;
        c->slots[j] = s;
        c->order[c->nseries++] = s;
        changes_span_time(c, t);
        return SL_OK;
    }
    if (t < s->open_start) {
        *outcome = CHANGE_OUT_OF_ORDER;
        return SL_OK;
    }
    changes_span_time(c, t);
    if (to == s->open_status)
        return SL_OK; /* the status it already had: the open interval goes on */
    if (t > s->open_start) {
        enum sl_status rc =
            emit_piece(c, s, s->open_start, t, s->open_status, s->open_line, emit, ctx);
        if (rc)
            return rc;
    }
    s->open_start = t;
    s->open_status = to;
    s->open_line = line;
    return SL_OK;
}

enum sl_status
changes_finish(struct changes *c, changes_emit_fn emit, void *ctx, long *emitted)
{
    enum sl_status rc = SL_OK;
    for (size_t i = 0; i < c->nseries && !rc; i++) {
        const struct series *s = c->order[i];
        rc = emit_piece(c, s, c->span_from, s->first, s->first_from, s->first_line, emit, ctx);
        if (!rc)
            rc = emit_piece(c, s, s->open_start, c->span_to, s->open_status, s->open_line, emit,
                            ctx);
    }
    if (emitted)
        *emitted = c->emitted;
    forget(c);
    return rc;
}
