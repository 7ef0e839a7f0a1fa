/* test_ingest.c — what parsers hand records to (engine/ingest.c): counting
 * read/stored/rejected/duplicates, rejects kept with a bounded printable copy
 * of the raw text, naive timestamps read in the zone, and probes folded into
 * intervals on finish. Each test gets a fresh store. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/ingest/ingest.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define T INT64_C(1790812800) /* 2026-10-01T00:00:00Z */

static struct fixture fx;
static struct ingest ing;
static struct sl_diag diag;

static void
setup(void)
{
    bool already = true;
    fixture_open(&fx);
    memset(&diag, 0, sizeof diag);
    ingest_init(&ing, fx.st, "input.csv", &diag);
    cr_assert_eq(store_source_begin(fx.st, "input.csv", "0123", "probe-csv", 0, &already, &diag),
                 SL_OK, "%s", diag.message);
    cr_assert_not(already);
}

static void
teardown(void)
{
    ingest_release(&ing);
    fixture_close(&fx);
}

TestSuite(ingest, .init = setup, .fini = teardown);

static void
commit(void)
{
    cr_assert_eq(ingest_finish(&ing), SL_OK, "%s", diag.message);
    cr_assert_eq(store_source_finish(fx.st, &ing.counts, &diag), SL_OK, "%s", diag.message);
}

Test(ingest, time_empty_is_missing)
{
    int64_t t = 0;
    const char *why = NULL;
    cr_assert_eq(ingest_time(&ing, "", 0, &t, &why), SL_OK);
    cr_assert_eq(t, SLTIME_NONE);
    cr_assert_eq(ingest_time(&ing, "  \t ", 4, &t, &why), SL_OK);
    cr_assert_eq(t, SLTIME_NONE);
    cr_assert_eq(ing.naive_timestamps, 0);
}

Test(ingest, time_naive_counted_and_read_in_zone)
{
    int64_t t = 0;
    const char *why = NULL;
    ing.zone = "Europe/Berlin";
    /* 02:00 CEST = 00:00Z */
    cr_assert_eq(ingest_time(&ing, "2026-10-01 02:00", 16, &t, &why), SL_OK);
    cr_assert_eq(t, T);
    cr_assert_eq(ing.naive_timestamps, 1);
    cr_assert_eq(ingest_time(&ing, "2026-10-01T00:00:00Z", 20, &t, &why), SL_OK);
    cr_assert_eq(t, T);
    cr_assert_eq(ing.naive_timestamps, 1, "a timestamp with an offset is not naive");
    cr_assert_eq(ingest_time(&ing, "2026-02-30", 10, &t, &why), SL_ERR_INPUT);
    cr_assert_str_eq(why, "day out of range for its month");
    cr_assert_eq(ing.naive_timestamps, 1);
}

/* The hour remembered from the last "...Z" stamp read in full gives the same
 * instant as the general parser, and never for a stamp of another shape. */
Test(ingest, time_same_hour_as_the_parser)
{
    static const char *const stamps[] = {
        "2026-10-01T10:15:00Z", "2026-10-01T10:15:59Z",      "2026-10-01T10:00:00Z",
        "2026-10-01T10:59:59Z", "2026-10-01T10:59:60Z",      "2026-10-01T10:60:00Z",
        "2026-10-01T10:1a:00Z", "2026-10-01T10:15:00+02:00", "2026-10-01T10:15:00",
        "2026-10-01T11:00:01Z", "2026-10-01T10:30:00Z",      "2026-10-02T10:30:00Z",
        "2026-02-30T10:00:00Z", "2026-02-30T10:00:01Z",
    };
    ing.zone = "Europe/Berlin";
    for (size_t i = 0; i < sizeof stamps / sizeof stamps[0]; i++) {
        size_t len = strlen(stamps[i]);
        int64_t got = 0, want = 0;
        bool had_offset;
        const char *why = "", *want_why = "";
        enum sl_status rc = ingest_time(&ing, stamps[i], len, &got, &why);
        enum sl_status want_rc =
            sltime_parse(stamps[i], len, ing.zone, &want, &had_offset, &want_why);
        cr_assert_eq(rc, want_rc, "%s", stamps[i]);
        if (!rc)
            cr_assert_eq(got, want, "%s: %lld, not %lld", stamps[i], (long long)got,
                         (long long)want);
        else
            cr_assert_str_eq(why, want_why, "%s", stamps[i]);
    }
    cr_assert_eq(ing.naive_timestamps, 1);
}

Test(ingest, reject_counts_and_keeps_raw)
{
    static const char raw[] = "a,\0b"; /* a NUL byte in the evidence */
    cr_assert_eq(ingest_reject(&ing, 12, "broken", raw, 4), SL_OK, "%s", diag.message);
    cr_assert_eq(ing.counts.read, 1);
    cr_assert_eq(ing.counts.rejected, 1);
    cr_assert_eq(ing.counts.stored, 0);
    cr_assert_eq(ing.shown[0].line, 12);
    cr_assert_str_eq(ing.shown[0].reason, "broken");
    commit();
    long line;
    char reason[256], text[256];
    cr_assert(fixture_reject(&fx, 0, &line, reason, text));
    cr_assert_eq(line, 12);
    cr_assert_str_eq(reason, "broken");
    cr_assert_str_eq(text, "a, b", "the NUL is kept as a space");
}

Test(ingest, reject_raw_bounded)
{
    static char raw[10000];
    memset(raw, 'r', sizeof raw);
    cr_assert_eq(ingest_reject(&ing, 1, "too much", raw, sizeof raw), SL_OK);
    commit();
    cr_assert_eq(fixture_count(&fx, "SELECT length(raw) FROM rejects"), INGEST_REJECT_RAW_MAX);
}

Test(ingest, only_first_rejects_shown)
{
    char reason[32];
    for (int i = 0; i < INGEST_SHOWN_REJECTS + 3; i++) {
        snprintf(reason, sizeof reason, "reason %d", i);
        cr_assert_eq(ingest_reject(&ing, 10 + i, reason, "x", 1), SL_OK);
    }
    cr_assert_eq(ing.counts.rejected, INGEST_SHOWN_REJECTS + 3);
    cr_assert_eq(ing.shown[INGEST_SHOWN_REJECTS - 1].line, 10 + INGEST_SHOWN_REJECTS - 1);
    cr_assert_str_eq(ing.shown[0].reason, "reason 0");
    commit();
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM rejects"), INGEST_SHOWN_REJECTS + 3);
}

Test(ingest, incident_update_counts_duplicate)
{
    struct incident inc = {0};
    inc.key = "INC-1";
    inc.entity = "provider:acme";
    inc.started = T;
    inc.detected = inc.acknowledged = inc.mitigated = inc.resolved = SLTIME_NONE;
    cr_assert_eq(ingest_incident(&ing, &inc), SL_OK, "%s", diag.message);
    cr_assert_eq(ingest_incident(&ing, &inc), SL_OK, "%s", diag.message);
    cr_assert_eq(ing.counts.read, 2);
    cr_assert_eq(ing.counts.stored, 1);
    cr_assert_eq(ing.counts.duplicates, 1);
}

/* The rule on impossible orders holds for every incident handed over, also
 * from parsers that build their times themselves: a reject, nothing stored. */
Test(ingest, incident_with_one_impossible_order_kept)
{
    /* detected a minute before started: kept and counted as disordered
     * (docs/design.md §4); only TTD is left out of its statistic */
    struct incident inc = {0};
    inc.key = "INC-2";
    inc.entity = "provider:acme";
    inc.line = 7;
    inc.started = T;
    inc.detected = T - 60;
    inc.acknowledged = inc.mitigated = inc.resolved = SLTIME_NONE;
    cr_assert_eq(ingest_incident(&ing, &inc), SL_OK, "%s", diag.message);
    inc.key = "INC-3";
    inc.line = 9;
    inc.detected = T;
    inc.acknowledged = T - 1;
    cr_assert_eq(ingest_incident(&ing, &inc), SL_OK, "%s", diag.message);
    cr_assert_eq(ing.counts.read, 2);
    cr_assert_eq(ing.counts.rejected, 0);
    cr_assert_eq(ing.disorder.count, 2);
    cr_assert_eq(ing.disorder.first_line, 7);
    cr_assert_str_eq(ing.disorder.first_why, "detected before started");
    commit();
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 2);
}

Test(ingest, incident_that_ends_before_it_begins_rejected)
{
    struct incident inc = {0};
    inc.key = "INC-4";
    inc.entity = "provider:acme";
    inc.line = 5;
    inc.started = T;
    inc.detected = inc.acknowledged = inc.mitigated = SLTIME_NONE;
    inc.resolved = T - 1;
    cr_assert_eq(ingest_incident(&ing, &inc), SL_OK, "%s", diag.message);
    cr_assert_eq(ing.counts.rejected, 1);
    cr_assert_eq(ing.disorder.count, 0);
    cr_assert_str_eq(ing.shown[0].reason, "resolved before started");
    commit();
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 0);
}

Test(ingest, interval_and_maintenance)
{
    struct interval iv = {.entity = "provider:acme",
                          .service = "gpu-east",
                          .start = T,
                          .end = T + 60,
                          .status = SVC_DOWN,
                          .line = 2};
    struct maintenance m = {"provider:acme", "gpu-east", "MW", T, T + 60, SLTIME_NONE, 3};
    cr_assert_eq(ingest_interval(&ing, &iv), SL_OK, "%s", diag.message);
    cr_assert_eq(ingest_maintenance(&ing, &m), SL_OK, "%s", diag.message);
    cr_assert_eq(ing.counts.read, 2);
    cr_assert_eq(ing.counts.stored, 2);
    cr_assert_eq(ing.intervals, 1);
    commit();
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM maintenance"), 1);
}

Test(ingest, new_records_are_counted_per_kind)
{
    struct incident inc = {.key = "INC-1", .entity = "provider:acme", .started = T};
    inc.detected = inc.acknowledged = inc.mitigated = inc.resolved = SLTIME_NONE;
    struct interval iv = {
        .entity = "provider:acme", .service = "api", .start = T, .end = T + 60, .status = SVC_DOWN};
    struct maintenance m = {"provider:acme", "api", "MW", T, T + 60, SLTIME_NONE, 3};
    struct gpu_event ev = {.entity = "team:hpc", .time = T, .xid = 79, .message = "m", .line = 4};
    cr_assert_eq(ingest_incident(&ing, &inc), SL_OK, "%s", diag.message);
    cr_assert_eq(ingest_incident(&ing, &inc), SL_OK, "%s", diag.message);
    cr_assert_eq(ingest_interval(&ing, &iv), SL_OK, "%s", diag.message);
    cr_assert_eq(ingest_maintenance(&ing, &m), SL_OK, "%s", diag.message);
    cr_assert_eq(ingest_gpu_event(&ing, &ev), SL_OK, "%s", diag.message);
    cr_assert_eq(ingest_gpu_event(&ing, &ev), SL_OK, "%s", diag.message);
    cr_assert_eq(ingest_probe(&ing, "provider:acme", "web", T, SVC_UP, 5, "", 0), SL_OK);
    cr_assert_eq(ingest_reject(&ing, 6, "bad", "x", 1), SL_OK);
    commit();
    cr_assert_eq(ing.kinds.incidents, 1, "the update is a duplicate, not a second incident");
    cr_assert_eq(ing.kinds.intervals, 1);
    cr_assert_eq(ing.kinds.maintenance, 1);
    cr_assert_eq(ing.kinds.gpu_events, 1);
    cr_assert_eq(ing.kinds.probes, 1);
    cr_assert_eq(ing.counts.rejected, 1);
    cr_assert_eq(ing.counts.duplicates, 2);
}

Test(ingest, store_failure_is_reported)
{
    /* end before start violates the schema: the store's error comes back */
    struct interval iv = {.entity = "provider:acme",
                          .service = "gpu-east",
                          .start = T + 60,
                          .end = T,
                          .status = SVC_DOWN,
                          .line = 2};
    /* a keyless interval is inserted with the next ones, at the latest when
     * the source finishes, and the error comes back from there */
    cr_assert_eq(ingest_interval(&ing, &iv), SL_OK);
    cr_assert_eq(store_source_finish(fx.st, &ing.counts, &diag), SL_ERR_DB);
    cr_assert(strstr(diag.message, "cannot store the interval"), "%s", diag.message);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 0);
}

Test(ingest, probes_folded_on_finish)
{
    /* up at 0, 60; duplicate at 60; down at 120; out of order at 30; down at 180.
     * read 6 (the out-of-order one is read as a reject), stored 4 probes,
     * duplicates 1, rejected 1; intervals: up [0,120), down [120,240). */
    static const struct {
        int64_t t;
        enum svc_status s;
    } probes[] = {{0, SVC_UP},     {60, SVC_UP}, {60, SVC_UP},
                  {120, SVC_DOWN}, {30, SVC_UP}, {180, SVC_DOWN}};
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++)
        cr_assert_eq(ingest_probe(&ing, "provider:acme", "gpu-east", T + probes[i].t, probes[i].s,
                                  (long)i + 2, "raw", 3),
                     SL_OK);
    cr_assert_eq(ing.counts.read, 6);
    cr_assert_eq(ing.counts.stored, 4);
    cr_assert_eq(ing.counts.duplicates, 1);
    cr_assert_eq(ing.counts.rejected, 1);
    cr_assert_eq(ing.shown[0].line, 6);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 0,
                 "nothing is stored before finish");
    commit();
    cr_assert_eq(ing.intervals, 2);
    struct fx_intervals got;
    fixture_intervals(&fx, "provider:acme", "gpu-east", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    cr_assert_eq(got.v[0].start, T);
    cr_assert_eq(got.v[0].end, T + 120);
    cr_assert_eq(got.v[0].status, SVC_UP);
    cr_assert_eq(got.v[1].start, T + 120);
    cr_assert_eq(got.v[1].end, T + 240);
    cr_assert_eq(got.v[1].status, SVC_DOWN);
}

Test(ingest, finish_without_probes)
{
    cr_assert_eq(ingest_finish(&ing), SL_OK);
    cr_assert_eq(ing.intervals, 0);
}

/* A parser for ingest_parse: incidents and rejects alternating, then (when
 * told) an interval the schema refuses and more incidents after it. */
static long parse_records;
static bool parse_fails_in_store;

static enum sl_status
fake_parse(struct ingest *in, FILE *f)
{
    (void)f;
    char key[32], raw[32];
    for (long i = 1; i <= parse_records; i++) {
        enum sl_status rc;
        snprintf(key, sizeof key, "INC-%ld", i % 700); /* keys seen again: duplicates */
        snprintf(raw, sizeof raw, "raw %ld", i);
        if (parse_fails_in_store && i == parse_records / 2) {
            /* Keyed, so it is inserted at once (keyless ones wait for a batch). */
            struct interval iv = {.entity = "provider:acme",
                                  .service = "gpu-east",
                                  .key = "bad-interval",
                                  .start = T + 60,
                                  .end = T,
                                  .status = SVC_DOWN,
                                  .line = i};
            rc = ingest_interval(in, &iv);
        } else if (i % 4 == 0) {
            rc = ingest_reject(in, i, "bad row", raw, strlen(raw));
        } else {
            struct incident inc = {
                .key = key, .entity = "provider:acme", .title = raw, .started = T + i, .line = i};
            inc.detected = inc.acknowledged = inc.mitigated = inc.resolved = SLTIME_NONE;
            rc = ingest_incident(in, &inc);
        }
        if (rc)
            return rc;
    }
    return SL_OK;
}

/* Through the store thread: counts, rows and rejects in the parser's order. */
Test(ingest, parse_through_the_store_thread)
{
    parse_records = 3000;
    parse_fails_in_store = false;
    cr_assert_eq(ingest_parse(&ing, fake_parse, NULL), SL_OK, "%s", diag.message);
    cr_assert_eq(ing.counts.read, 3000);
    cr_assert_eq(ing.counts.rejected, 750);
    /* 700 and 4 share their factor 4: keys 0, 4, 8 ... never name an incident */
    cr_assert_eq(ing.counts.stored, 525);
    cr_assert_eq(ing.counts.duplicates, 3000 - 750 - 525);
    cr_assert_eq(ing.shown[0].line, 4);
    commit();
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 525);
    /* the last write of a key wins, as without the thread */
    cr_assert_eq(fixture_count(&fx, "SELECT line FROM incidents WHERE key = 'INC-1'"), 2801);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM rejects"), 750);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM rejects r JOIN rejects s "
                                    "ON s.id = r.id + 1 WHERE s.line != r.line + 4"),
                 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM rejects WHERE raw = 'raw ' || line"),
                 750);
}

/* The store fails mid-file: the parse ends with the store's error. */
Test(ingest, parse_ends_on_a_store_failure)
{
    parse_records = 4 * INGEST_QUEUE_BATCH;
    parse_fails_in_store = true;
    cr_assert_eq(ingest_parse(&ing, fake_parse, NULL), SL_ERR_DB);
    cr_assert_gt(strlen(diag.message), 0);
    cr_assert_lt(ing.counts.read, parse_records, "the parse stopped early");
    cr_assert_lt(ing.counts.stored + ing.counts.duplicates, parse_records / 2);
    store_source_abort(fx.st);
}
