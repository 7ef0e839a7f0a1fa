/* grow.h — room in a growable array: the one overflow-checked, doubling
 * reserve behind every vector of the library.
 *
 * A vector is a pointer, a count the caller keeps, and a capacity this module
 * keeps: grow_reserve() makes the capacity reach a needed count, doubling from
 * GROW_MIN so that n appends cost O(n) copies. The elements already there keep
 * their values; the new room is uninitialised. On failure nothing changes: the
 * old block stays valid, still owned by the caller, with the same capacity. */
#ifndef SLAUDIT_GROW_H
#define SLAUDIT_GROW_H

#include <stddef.h>

#include "engine/base/status.h"

#define GROW_MIN 16 /* the capacity of a vector's first block */

/* Makes *v (room for *cap elements of elem bytes, NULL when *cap is 0) hold at
 * least need elements. When need > *cap, reallocates to the smallest of *cap
 * doubled (GROW_MIN when 0) that holds need, or need itself once doubling
 * would overflow, and updates *cap. need <= *cap (need 0 included) is SL_OK
 * without allocating. SL_ERR_NOMEM when need * elem does not fit in a size_t
 * or realloc fails. elem must not be 0. */
enum sl_status grow_reserve(void **v, size_t *cap, size_t need, size_t elem);

#endif
