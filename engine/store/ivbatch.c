/* ivbatch.c — status intervals held for one batched insert, their strings in
 * a fixed arena (ivbatch.h). */
#include "engine/store/ivbatch.h"

#include <assert.h>
#include <string.h>

/* Room for s and its NUL: the bytes it takes, 0 for NULL. */
static size_t
text_size(const char *s)
{
    return s ? strlen(s) + 1 : 0;
}

static const char *
keep(struct ivbatch *b, const char *s, size_t size)
{
    if (!s)
        return NULL;
    char *copy = b->text + b->used;
    memcpy(copy, s, size);
    b->used += size;
    return copy;
}

/* A string of the row before, when s equals it: a file's rows mostly share
 * their entity and service. */
static const char *
shared(const char *before, const char *s)
{
    return before && s && !strcmp(before, s) ? before : NULL;
}

bool
ivbatch_add(struct ivbatch *b, const struct interval *iv)
{
    assert(b->n >= 0 && b->n <= IVBATCH_ROWS && b->used <= IVBATCH_TEXT);
    if (b->n == IVBATCH_ROWS)
        return false;
    const struct interval *prev = b->n ? &b->rows[b->n - 1] : NULL;
    const char *entity = prev ? shared(prev->entity, iv->entity) : NULL;
    const char *service = prev ? shared(prev->service, iv->service) : NULL;
    size_t entity_size = entity ? 0 : text_size(iv->entity);
    size_t service_size = service ? 0 : text_size(iv->service);
    size_t kind_size = text_size(iv->unit_kind), key_size = text_size(iv->key);
    if (entity_size + service_size + kind_size + key_size > IVBATCH_TEXT - b->used)
        return false;
    struct interval *row = &b->rows[b->n++];
    *row = *iv;
    row->entity = entity ? entity : keep(b, iv->entity, entity_size);
    row->service = service ? service : keep(b, iv->service, service_size);
    row->unit_kind = keep(b, iv->unit_kind, kind_size);
    row->key = keep(b, iv->key, key_size);
    return true;
}

void
ivbatch_clear(struct ivbatch *b)
{
    b->n = 0;
    b->used = 0;
}
