/* test_eval_results.c — the eval_results table (migration 5): rows written,
 * replaced for the same definitions and window, kept for other definitions,
 * and read back with NULL numbers as NAN. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/store/store.h"
#include "tests/engine/fixture.h"

#define OCT1 INT64_C(1790812800)
#define NOV1 INT64_C(1793491200)

static struct fixture fx;

struct got {
    size_t n;
    char hash[8][8];
    double availability[8];
    long incidents[8];
    double tta_median[8];
};

static int
collect(void *ctx, const struct eval_record *r)
{
    struct got *g = ctx;
    if (g->n == 8)
        return 1;
    snprintf(g->hash[g->n], sizeof g->hash[0], "%s", r->definitions_hash);
    g->availability[g->n] = r->availability;
    g->incidents[g->n] = r->incidents;
    g->tta_median[g->n] = r->tta.median;
    g->n++;
    return 0;
}

static struct eval_record
record(const char *hash, double availability, long incidents)
{
    return (struct eval_record){.definitions_hash = hash,
                                .definitions = "{}",
                                .entity = "provider:x",
                                .service = "api",
                                .window_kind = "month",
                                .window_start = OCT1,
                                .window_end = NOV1,
                                .measure = "neutral",
                                .availability = availability,
                                .downtime_seconds = 60,
                                .eligible_seconds = 100,
                                .incidents = incidents,
                                .tta = {.n = 0, .mean = NAN, .median = NAN, .p90 = NAN, .max = NAN},
                                .ttr = {.n = 1, .mean = 5, .median = 5, .p90 = 5, .max = 5},
                                .result = "{}"};
}

Test(eval_results, replaced_for_same_definitions_and_window)
{
    struct sl_diag d = {0};
    struct got g = {0};
    fixture_open(&fx);
    cr_assert_geq(store_schema_version(fx.st), 5);
    struct eval_record a = record("h1", 0.99, 3);
    cr_assert_eq(store_put_eval_results(fx.st, &a, 1, &d), SL_OK, "%s", d.message);
    struct eval_record b[2] = {record("h1", 0.98, 4), record("h2", NAN, 0)};
    cr_assert_eq(store_put_eval_results(fx.st, b, 2, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_each_eval_result(fx.st, "provider:x", OCT1, NOV1, NULL, collect, &g, &d),
                 SL_OK);
    cr_assert_eq(g.n, 2, "h1 replaced, h2 beside it");
    cr_assert_float_eq(g.availability[0], 0.98, 1e-12);
    cr_assert_eq(g.incidents[0], 4);
    cr_assert(isnan(g.tta_median[0]));
    cr_assert(isnan(g.availability[1]), "unknown stays NULL, read back as NAN");
    memset(&g, 0, sizeof g);
    cr_assert_eq(store_each_eval_result(fx.st, NULL, OCT1, NOV1, "h2", collect, &g, &d), SL_OK);
    cr_assert_eq(g.n, 1);
    cr_assert_str_eq(g.hash[0], "h2");
    memset(&g, 0, sizeof g);
    cr_assert_eq(store_each_eval_result(fx.st, NULL, NOV1, NOV1 + 86400, NULL, collect, &g, &d),
                 SL_OK);
    cr_assert_eq(g.n, 0, "another window");
    fixture_close(&fx);
}
