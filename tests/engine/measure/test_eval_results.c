/* test_eval_results.c — the eval_results table (migration 5): rows written,
 * replaced for the same definitions and window, kept for other definitions,
 * and read back with NULL numbers as NAN; a key replaced through its index
 * (migration 16), a NULL service apart from ''; the definitions stored once
 * for each entity of a run and read back with every row, and an older
 * store's rows, each with its own, read as they are. */
#include <criterion/criterion.h>
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#include "engine/store/store.h"
#include "engine/store/store_db.h"
#include "tests/engine/fixture.h"

#define OCT1 INT64_C(1790812800)
#define NOV1 INT64_C(1793491200)

static struct fixture fx;

struct got {
    size_t n;
    char hash[8][8];
    char definitions[8][16];
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
    snprintf(g->definitions[g->n], sizeof g->definitions[0], "%s", r->definitions);
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

Test(eval_results, a_key_is_replaced_alone_a_null_service_apart_from_empty)
{
    struct sl_diag d = {0};
    fixture_open(&fx);
    struct eval_record first[3] = {record("h1", 0.9, 1), record("h1", 0.8, 2),
                                   record("h1", 0.7, 3)};
    first[1].service = NULL;
    first[2].service = "";
    cr_assert_eq(store_put_eval_results(fx.st, first, 3, &d), SL_OK, "%s", d.message);
    struct eval_record again = record("h1", 0.5, 9);
    again.service = NULL;
    cr_assert_eq(store_put_eval_results(fx.st, &again, 1, &d), SL_OK, "%s", d.message);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM eval_results"), 3);
    cr_assert_eq(fixture_count(&fx, "SELECT incidents FROM eval_results WHERE service IS NULL"), 9);
    cr_assert_eq(fixture_count(&fx, "SELECT incidents FROM eval_results WHERE service = ''"), 3);
    cr_assert_eq(fixture_count(&fx, "SELECT incidents FROM eval_results WHERE service = 'api'"), 1);
    fixture_close(&fx);
}

Test(eval_results, the_delete_of_a_key_searches_its_whole_key)
{
    fixture_open(&fx);
    sqlite3 *db;
    sqlite3_stmt *plan;
    cr_assert_eq(sqlite3_open_v2(fx.db, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    cr_assert_eq(sqlite3_prepare_v2(
                     db, "EXPLAIN QUERY PLAN DELETE FROM eval_results WHERE " STORE_EVAL_KEY_WHERE,
                     -1, &plan, NULL),
                 SQLITE_OK, "%s", sqlite3_errmsg(db));
    cr_assert_eq(sqlite3_step(plan), SQLITE_ROW);
    const char *detail = (const char *)sqlite3_column_text(plan, 3);
    cr_assert(strstr(detail, "USING INDEX eval_results_by_key (entity=? AND window_start=? AND "
                             "definitions_hash=? AND <expr>=? AND window_kind=? AND "
                             "window_end=?)"),
              "%s", detail);
    sqlite3_finalize(plan);
    sqlite3_close(db);
    fixture_close(&fx);
}

Test(eval_results, definitions_stored_once_for_each_entity_and_read_with_every_row)
{
    struct sl_diag d = {0};
    struct got g = {0};
    fixture_open(&fx);
    struct eval_record run[4] = {record("h1", 0.9, 1), record("h1", 0.9, 1), record("h1", 0.9, 1),
                                 record("h1", 0.9, 1)};
    const char *services[4] = {"a", "b", "a", "b"};
    for (int i = 0; i < 4; i++) {
        run[i].definitions = "{\"d\":1}";
        run[i].entity = i < 2 ? "provider:x" : "provider:y";
        run[i].service = services[i];
    }
    cr_assert_eq(store_put_eval_results(fx.st, run, 4, &d), SL_OK, "%s", d.message);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM eval_results WHERE definitions <> ''"), 2,
                 "once for each entity");
    cr_assert_eq(store_each_eval_result(fx.st, NULL, OCT1, NOV1, NULL, collect, &g, &d), SL_OK);
    cr_assert_eq(g.n, 4);
    for (size_t i = 0; i < g.n; i++)
        cr_assert_str_eq(g.definitions[i], "{\"d\":1}", "row %zu", i);
    /* y's first row replaced by a run of its own: y's other row still reads them */
    cr_assert_eq(store_put_eval_results(fx.st, &run[2], 1, &d), SL_OK, "%s", d.message);
    memset(&g, 0, sizeof g);
    cr_assert_eq(store_each_eval_result(fx.st, "provider:y", OCT1, NOV1, NULL, collect, &g, &d),
                 SL_OK);
    cr_assert_eq(g.n, 2);
    cr_assert_str_eq(g.definitions[0], "{\"d\":1}");
    cr_assert_str_eq(g.definitions[1], "{\"d\":1}");
    fixture_close(&fx);
}

Test(eval_results, an_older_stores_rows_keep_their_own_definitions)
{
    struct sl_diag d = {0};
    struct got g = {0};
    fixture_open(&fx);
    sqlite3 *db;
    cr_assert_eq(sqlite3_open(fx.db, &db), SQLITE_OK);
    for (int i = 0; i < 2; i++)
        cr_assert_eq(sqlite3_exec(db,
                                  "INSERT INTO eval_results (definitions_hash, definitions, "
                                  "entity, service, window_kind, window_start, window_end, "
                                  "measure, downtime_seconds, eligible_seconds, unknown_seconds, "
                                  "maintenance_seconds, incidents, incidents_open, "
                                  "incidents_merged, tta_n, ttr_n, result, evaluated_at) VALUES "
                                  "('h0', '{\"old\":1}', 'provider:x', 'api', 'month', "
                                  "1790812800, 1793491200, 'neutral', 0, 0, 0, 0, 0, 0, 0, 0, 0, "
                                  "'{}', 0)",
                                  NULL, NULL, NULL),
                     SQLITE_OK, "%s", sqlite3_errmsg(db));
    sqlite3_close(db);
    cr_assert_eq(store_each_eval_result(fx.st, NULL, OCT1, NOV1, NULL, collect, &g, &d), SL_OK,
                 "%s", d.message);
    cr_assert_eq(g.n, 2);
    cr_assert_str_eq(g.definitions[0], "{\"old\":1}");
    cr_assert_str_eq(g.definitions[1], "{\"old\":1}");
    fixture_close(&fx);
}
