/* test_grow.c — the doubling reserve of growable arrays (engine/base/grow.c):
 * how the capacity grows, that the elements survive, that a size past
 * size_t is refused with nothing changed, and that no need allocates
 * nothing. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdlib.h>

#include "engine/base/grow.h"

Test(grow, first_block_then_doubling)
{
    int *v = NULL;
    size_t cap = 0;
    cr_assert_eq(grow_reserve((void **)&v, &cap, 1, sizeof *v), SL_OK);
    cr_assert_not_null(v);
    cr_assert_eq(cap, GROW_MIN);
    for (int i = 0; i < GROW_MIN; i++)
        v[i] = i;
    cr_assert_eq(grow_reserve((void **)&v, &cap, GROW_MIN + 1, sizeof *v), SL_OK);
    cr_assert_eq(cap, 2 * GROW_MIN);
    /* A need past the doubled capacity doubles again until it fits. */
    cr_assert_eq(grow_reserve((void **)&v, &cap, 5 * GROW_MIN, sizeof *v), SL_OK);
    cr_assert_eq(cap, 8 * GROW_MIN);
    for (int i = 0; i < GROW_MIN; i++)
        cr_assert_eq(v[i], i, "element %d lost in the move", i);
    v[cap - 1] = 7; /* the whole capacity is there (ASan checks) */
    free(v);
}

Test(grow, room_enough_is_left_alone)
{
    long *v = malloc(40 * sizeof *v);
    cr_assert_not_null(v);
    long *before = v;
    size_t cap = 40;
    cr_assert_eq(grow_reserve((void **)&v, &cap, 40, sizeof *v), SL_OK);
    cr_assert_eq(grow_reserve((void **)&v, &cap, 3, sizeof *v), SL_OK);
    cr_assert_eq(v, before);
    cr_assert_eq(cap, 40);
    /* A capacity that is not a power of two doubles from where it is. */
    cr_assert_eq(grow_reserve((void **)&v, &cap, 41, sizeof *v), SL_OK);
    cr_assert_eq(cap, 80);
    free(v);
}

Test(grow, zero_need_allocates_nothing)
{
    char *v = NULL;
    size_t cap = 0;
    cr_assert_eq(grow_reserve((void **)&v, &cap, 0, 1), SL_OK);
    cr_assert_null(v);
    cr_assert_eq(cap, 0);
}

Test(grow, size_past_size_t_is_refused)
{
    short *v = malloc(4 * sizeof *v);
    cr_assert_not_null(v);
    short *before = v;
    size_t cap = 4;
    /* need * elem would wrap round to a small number of bytes. */
    cr_assert_eq(grow_reserve((void **)&v, &cap, SIZE_MAX / 2 + 2, 2), SL_ERR_NOMEM);
    cr_assert_eq(grow_reserve((void **)&v, &cap, 5, SIZE_MAX / 4), SL_ERR_NOMEM);
    cr_assert_eq(v, before);
    cr_assert_eq(cap, 4);
    free(v);
}
