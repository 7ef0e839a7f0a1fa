/* test_ivbatch.c — intervals held for a batched insert: copies that outlive
 * the caller's strings, a shared entity and service, and a batch that says
 * "full" rather than overflow its rows or its arena. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/store/ivbatch.h"

static struct ivbatch b;

static void
setup(void)
{
    ivbatch_clear(&b);
}

TestSuite(ivbatch, .init = setup);

Test(ivbatch, copies_outlive_the_caller)
{
    char entity[] = "team:hpc", service[] = "cluster", key[] = "k1";
    struct interval iv = {.entity = entity,
                          .service = service,
                          .start = 10,
                          .end = 20,
                          .status = SVC_DOWN,
                          .units = 2,
                          .unit_kind = "node",
                          .key = key};
    cr_assert(ivbatch_add(&b, &iv));
    memset(entity, 'x', sizeof entity - 1);
    memset(key, 'y', sizeof key - 1);
    cr_assert_str_eq(b.rows[0].entity, "team:hpc");
    cr_assert_str_eq(b.rows[0].service, "cluster");
    cr_assert_str_eq(b.rows[0].unit_kind, "node");
    cr_assert_str_eq(b.rows[0].key, "k1");
    cr_assert_eq(b.rows[0].end, 20);
    cr_assert_eq(b.rows[0].units, 2);
    cr_assert_eq(b.rows[0].status, SVC_DOWN);
    cr_assert_eq(b.used, sizeof "team:hpc" + sizeof "cluster" + sizeof "node" + sizeof "k1");
}

Test(ivbatch, entity_and_service_shared_with_the_row_before)
{
    struct interval iv = {.entity = "team:hpc", .service = "a", .start = 0, .end = 1};
    cr_assert(ivbatch_add(&b, &iv));
    size_t used = b.used;
    cr_assert(ivbatch_add(&b, &iv));
    cr_assert_eq(b.used, used, "nothing copied again");
    cr_assert_eq(b.rows[1].entity, b.rows[0].entity);
    iv.service = "b";
    cr_assert(ivbatch_add(&b, &iv));
    cr_assert_eq(b.used, used + 2);
    cr_assert_str_eq(b.rows[2].service, "b");
    cr_assert_null(b.rows[2].key);
    cr_assert_null(b.rows[2].unit_kind);
}

Test(ivbatch, full_after_ivbatch_rows)
{
    struct interval iv = {.entity = "e", .service = "s", .start = 0, .end = 1};
    for (int i = 0; i < IVBATCH_ROWS; i++)
        cr_assert(ivbatch_add(&b, &iv));
    cr_assert_not(ivbatch_add(&b, &iv));
    cr_assert_eq(b.n, IVBATCH_ROWS);
    ivbatch_clear(&b);
    cr_assert_eq(b.n, 0);
    cr_assert_eq(b.used, 0);
    cr_assert(ivbatch_add(&b, &iv));
}

Test(ivbatch, strings_that_do_not_fit_leave_it_unchanged)
{
    static char big[IVBATCH_TEXT];
    memset(big, 'k', sizeof big - 1);
    struct interval iv = {.entity = "e", .service = "s", .start = 0, .end = 1};
    cr_assert(ivbatch_add(&b, &iv));
    size_t used = b.used;
    iv.key = big; /* IVBATCH_TEXT bytes with its NUL: more than is left */
    cr_assert_not(ivbatch_add(&b, &iv));
    cr_assert_eq(b.n, 1);
    cr_assert_eq(b.used, used);
    ivbatch_clear(&b);
    big[IVBATCH_TEXT - 1 - used] = '\0'; /* exactly what is left once e and s are in */
    iv.key = NULL;
    cr_assert(ivbatch_add(&b, &iv));
    iv.key = big;
    iv.service = "t";
    cr_assert_not(ivbatch_add(&b, &iv), "s is shared, t needs two more bytes");
    iv.service = "s";
    cr_assert(ivbatch_add(&b, &iv));
    cr_assert_eq(b.used, IVBATCH_TEXT);
}
