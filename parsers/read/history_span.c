/* history_span.c — the up time a status page's history implies (see history_span.h). */
#include "parsers/read/history_span.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/time/sltime.h"

void
history_span_init(struct history_span *c)
{
    memset(c, 0, sizeof *c);
    c->from = c->to = SLTIME_NONE;
}

void
history_span_release(struct history_span *c)
{
    for (size_t i = 0; i < c->n; i++)
        free(c->names[i]);
    free(c->names);
    for (size_t i = 0; i < c->nheld; i++) {
        free(c->held[i].entity);
        free(c->held[i].service);
        free(c->held[i].key);
    }
    free(c->held);
    history_span_init(c);
}

enum sl_status
history_span_service(struct history_span *c, const char *name)
{
    if (!name || !*name)
        return SL_OK;
    for (size_t i = 0; i < c->n; i++)
        if (!strcmp(c->names[i], name))
            return SL_OK;
    if (c->n >= HISTORY_SPAN_MAX_SERVICES)
        return SL_OK;
    if (c->n == c->alloc) {
        size_t alloc = c->alloc ? 2 * c->alloc : 16;
        char **names = realloc(c->names, alloc * sizeof *names);
        if (!names)
            return SL_ERR_NOMEM;
        c->names = names;
        c->alloc = alloc;
    }
    if (!(c->names[c->n] = strdup(name)))
        return SL_ERR_NOMEM;
    c->n++;
    return SL_OK;
}

void
history_span_time(struct history_span *c, int64_t t)
{
    if (t == SLTIME_NONE)
        return;
    if (c->from == SLTIME_NONE || t < c->from)
        c->from = t;
    if (c->to == SLTIME_NONE || t > c->to)
        c->to = t;
}

/* A copy of text, NULL for NULL; *failed set when memory ran out. */
static char *
copy_of(const char *text, bool *failed)
{
    char *copy = text ? strdup(text) : NULL;
    if (text && !copy)
        *failed = true;
    return copy;
}

enum sl_status
history_span_hold(struct history_span *c, const struct interval *iv)
{
    enum sl_status rc = history_span_service(c, iv->service);
    if (rc || c->nheld >= HISTORY_SPAN_MAX_SERVICES)
        return rc;
    void *v = c->held;
    if ((rc = grow_reserve(&v, &c->aheld, c->nheld + 1, sizeof *c->held)))
        return rc;
    c->held = v;
    bool failed = false;
    struct history_hold h = {copy_of(iv->entity, &failed),
                             copy_of(iv->service, &failed),
                             copy_of(iv->key, &failed),
                             iv->start,
                             iv->status,
                             iv->line};
    if (failed) {
        free(h.entity);
        free(h.service);
        free(h.key);
        return SL_ERR_NOMEM;
    }
    c->held[c->nheld++] = h;
    history_span_time(c, iv->start);
    return SL_OK;
}

/* Every held status, from its start to the span's end at to; one held
 * without an entity takes entity. */
static enum sl_status
emit_held(const struct history_span *c, struct ingest *ing, const char *entity, int64_t to)
{
    enum sl_status rc = SL_OK;
    for (size_t i = 0; i < c->nheld && !rc; i++) {
        const struct history_hold *h = &c->held[i];
        if (h->start >= to)
            continue;
        struct interval iv = {.entity = h->entity ? h->entity : entity,
                              .service = h->service,
                              .start = h->start,
                              .end = to,
                              .status = h->status,
                              .line = h->line,
                              .key = h->key};
        rc = ingest_interval(ing, &iv);
    }
    return rc;
}

enum sl_status
history_span_emit(struct history_span *c, struct ingest *ing, const char *entity)
{
    int64_t from = c->from, to = c->to;
    if (ing->covers_set) {
        ing->covers_used = true;
        from = ing->covers_from;
        to = ing->covers_to;
    }
    if (from == SLTIME_NONE || to <= from || !entity)
        return SL_OK;
    char key[64];
    snprintf(key, sizeof key, "coverage:%lld", (long long)from);
    for (size_t i = 0; i < c->n; i++) {
        struct interval iv = {.entity = entity,
                              .service = c->names[i],
                              .start = from,
                              .end = to,
                              .status = SVC_UP,
                              .key = key};
        enum sl_status rc = ingest_interval(ing, &iv);
        if (rc)
            return rc;
    }
    return emit_held(c, ing, entity, to);
}
