/* test_sla_commitments.c — commitments in the store (engine/store.c): added
 * within a source, read back in order, filtered, and a version with the same
 * effective date replacing the earlier one. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "tests/engine/fixture.h"

static struct fixture fx;

static void
setup(void)
{
    fixture_open(&fx);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(sla_commitments, .init = setup, .fini = teardown);

static void
add(const char *sha, const char *entity, const char *kind, int64_t from, const char *terms,
    bool expect_replaced)
{
    struct sl_diag d = {0};
    bool already = true, replaced = !expect_replaced;
    cr_assert_eq(store_source_begin(fx.st, "sla.md", sha, "sla-document", 10, &already, &d), SL_OK,
                 "%s", d.message);
    cr_assert_not(already);
    struct commitment c = {.entity = entity,
                           .kind = kind,
                           .effective_from = from,
                           .document = "sla.md",
                           .terms = terms};
    cr_assert_eq(store_add_commitment(fx.st, &c, &replaced, &d), SL_OK, "%s", d.message);
    cr_assert_eq(replaced, expect_replaced);
    struct source_counts counts = {1, 1, 0, 0};
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK, "%s", d.message);
}

struct seen {
    int n;
    char terms[8][64];
    char entity[8][32];
    int64_t from[8];
};

static int
collect(void *ctx, const struct commitment *c)
{
    struct seen *s = ctx;
    cr_assert_lt(s->n, 8);
    snprintf(s->terms[s->n], sizeof s->terms[0], "%s", c->terms);
    snprintf(s->entity[s->n], sizeof s->entity[0], "%s", c->entity);
    s->from[s->n] = c->effective_from;
    cr_assert_gt(c->id, 0);
    cr_assert_gt(c->imported_at, 0);
    s->n++;
    return 0;
}

Test(sla_commitments, ordered_by_entity_then_effective_date)
{
    add("a1", "provider:zeta", "sla", 2000, "{\"z\":1}", false);
    add("a2", "provider:acme", "sla", 3000, "{\"a\":2}", false);
    add("a3", "provider:acme", "sla", SLTIME_NONE, "{\"a\":1}", false);
    add("a4", "team:platform", "slo", 1000, "{\"t\":1}", false);
    struct seen s = {0};
    struct sl_diag d = {0};
    cr_assert_eq(store_each_commitment(fx.st, NULL, NULL, collect, &s, &d), SL_OK);
    cr_assert_eq(s.n, 4);
    cr_assert_str_eq(s.terms[0], "{\"a\":1}");
    cr_assert_eq(s.from[0], SLTIME_NONE);
    cr_assert_str_eq(s.terms[1], "{\"a\":2}");
    cr_assert_str_eq(s.entity[2], "provider:zeta");

    struct seen only = {0};
    cr_assert_eq(store_each_commitment(fx.st, NULL, "slo", collect, &only, &d), SL_OK);
    cr_assert_eq(only.n, 1);
    cr_assert_str_eq(only.entity[0], "team:platform");
    struct seen acme = {0};
    cr_assert_eq(store_each_commitment(fx.st, "provider:acme", "sla", collect, &acme, &d), SL_OK);
    cr_assert_eq(acme.n, 2);
}

Test(sla_commitments, same_effective_date_replaces)
{
    add("b1", "provider:acme", "sla", 5000, "{\"v\":1}", false);
    add("b2", "provider:acme", "sla", 5000, "{\"v\":2}", true);
    add("b3", "provider:acme", "sla", 6000, "{\"v\":3}", false);
    struct seen s = {0};
    struct sl_diag d = {0};
    cr_assert_eq(store_each_commitment(fx.st, "provider:acme", NULL, collect, &s, &d), SL_OK);
    cr_assert_eq(s.n, 2);
    cr_assert_str_eq(s.terms[0], "{\"v\":2}");
    cr_assert_str_eq(s.terms[1], "{\"v\":3}");
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM commitments"), 2);
}
