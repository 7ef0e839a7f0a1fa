/* history_span.c — the up time a status page's history implies (see history_span.h). */
#include "parsers/read/history_span.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    return SL_OK;
}
