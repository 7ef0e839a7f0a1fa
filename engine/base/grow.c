/* grow.c — the doubling reserve of a growable array (see grow.h). */
#include "engine/base/grow.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

enum sl_status
grow_reserve(void **v, size_t *cap, size_t need, size_t elem)
{
    assert(v && cap && elem > 0);
    if (need <= *cap)
        return SL_OK;
    size_t most = SIZE_MAX / elem; /* the most elements whose size fits in a size_t */
    if (need > most)
        return SL_ERR_NOMEM;
    size_t n = *cap ? *cap : GROW_MIN;
    while (n < need)
        n = n <= most / 2 ? 2 * n : need;
    if (n > most) /* GROW_MIN elements of a giant elem */
        n = need;
    void *p = realloc(*v, n * elem);
    if (!p)
        return SL_ERR_NOMEM;
    *v = p;
    *cap = n;
    return SL_OK;
}
