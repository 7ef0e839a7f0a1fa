/* test_store.c — the SQLite store (engine/store.c): migrations and
 * user_version, one transaction per source with its counts, the same SHA-256
 * twice, abort rolling back every row, incident upsert, the overlap readers
 * and the data span. Each test gets a fresh database in its own temporary
 * directory. */
#include <criterion/criterion.h>
#include <sqlite3.h>
#include <stdio.h>
#include <string.h>

#include "engine/store/schema.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "tests/engine/fixture.h"

#define T INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define SHA_A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define SHA_B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
#define SHA_C "cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc"

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

TestSuite(store, .init = setup, .fini = teardown);

/* Opens a source transaction that must be new. */
static void
begin(const char *sha)
{
    struct sl_diag d = {0};
    bool already = true;
    cr_assert_eq(store_source_begin(fx.st, "input.csv", sha, "incident-csv", 123, &already, &d),
                 SL_OK, "%s", d.message);
    cr_assert_not(already);
}

static void
finish(long read, long stored, long rejected, long duplicates)
{
    struct sl_diag d = {0};
    struct source_counts c = {read, stored, rejected, duplicates};
    cr_assert_eq(store_source_finish(fx.st, &c, &d), SL_OK, "%s", d.message);
}

static void
add_interval(const char *service, int64_t from, int64_t to, enum svc_status s)
{
    struct sl_diag d = {0};
    struct interval iv = {.entity = "provider:acme",
                          .service = service,
                          .start = T + from,
                          .end = T + to,
                          .status = s};
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
}

static struct incident
incident(const char *key, const char *title, int64_t started)
{
    struct incident inc = {0};
    inc.key = key;
    inc.entity = "provider:acme";
    inc.service = "gpu-east";
    inc.severity = "sev2";
    inc.severity_label = "P2";
    inc.title = title;
    inc.started = started;
    inc.detected = SLTIME_NONE;
    inc.acknowledged = SLTIME_NONE;
    inc.mitigated = SLTIME_NONE;
    inc.resolved = SLTIME_NONE;
    inc.line = 2;
    return inc;
}

Test(store, allocations_not_counted)
{
    /* the store turned SQLite's allocation statistics off before opening */
    cr_assert_eq(sqlite3_memory_used(), 0);
}

Test(store, migrations_set_user_version)
{
    cr_assert_geq(schema_version, 1);
    cr_assert_eq(store_schema_version(fx.st), schema_version);
    /* every table of migration 1 exists and is empty */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM maintenance"), 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM rejects"), 0);
    cr_assert_eq(fixture_count(&fx, "PRAGMA user_version"), schema_version);
}

Test(store, reopen_is_idempotent)
{
    begin(SHA_A);
    add_interval("gpu-east", 0, 60, SVC_UP);
    finish(1, 1, 0, 0);
    store_close(fx.st);
    fx.st = NULL;

    struct sl_diag d = {0};
    cr_assert_eq(store_open(fx.db, &fx.st, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_schema_version(fx.st), schema_version);
    /* the data survived and no migration ran twice */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 1);
}

Test(store, migration_7_keeps_rows_and_checks)
{
    struct sl_diag d = {0};
    bool updated;
    begin(SHA_A);
    add_interval("gpu-east", 0, 60, SVC_DOWN);
    struct incident inc = incident("INC-1", "kept", T);
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
    finish(2, 2, 0, 0);
    store_close(fx.st);
    fx.st = NULL;

    /* back to version 6: migration 7 copies both tables again on open */
    fixture_set_user_version(fx.db, 6);
    cr_assert_eq(store_open(fx.db, &fx.st, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_schema_version(fx.st), schema_version);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status = 'down'"), 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE title = 'kept'"), 1);
    /* the word lists are comparisons now, and the indexes came back */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sqlite_master WHERE name IN "
                                    "('incidents', 'intervals') AND sql LIKE '% IN (%'"),
                 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sqlite_master WHERE name IN "
                                    "('incidents_by_time', 'intervals_by_key', "
                                    "'intervals_by_series_span')"),
                 3);
    /* and still refuse what they refused: a new incident and an update */
    begin(SHA_B);
    struct incident bad = incident("INC-2", "x", T);
    bad.severity = "P1";
    cr_assert_eq(store_add_incident(fx.st, &bad, &updated, &d), SL_ERR_DB);
    cr_assert(strstr(d.message, "CHECK"), "message: %s", d.message);
    bad.key = "INC-1";
    cr_assert_eq(store_add_incident(fx.st, &bad, &updated, &d), SL_ERR_DB);
    cr_assert(strstr(d.message, "CHECK"), "message: %s", d.message);
    store_source_abort(fx.st);
}

Test(store, migration_8_keeps_gpu_events_and_checks)
{
    struct sl_diag d = {0};
    bool dup = true;
    struct gpu_event ev = {.entity = "team:hpc",
                           .time = T,
                           .host = "gpu-08",
                           .pci = "0000:9b:00",
                           .xid = 79,
                           .xid_class = "hardware",
                           .action = "drain",
                           .message = "GPU has fallen off the bus.",
                           .line = 3};
    begin(SHA_A);
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &dup, &d), SL_OK, "%s", d.message);
    cr_assert_not(dup);
    finish(1, 1, 0, 0);
    store_close(fx.st);
    fx.st = NULL;

    /* back to version 7: migration 8 copies gpu_events again on open */
    fixture_set_user_version(fx.db, 7);
    cr_assert_eq(store_open(fx.db, &fx.st, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_schema_version(fx.st), schema_version);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events WHERE xid = 79 AND "
                                    "class = 'hardware' AND action = 'drain' AND line = 3"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sqlite_master WHERE name = "
                                    "'gpu_events' AND sql LIKE '% IN (%'"),
                 0);
    /* the same event is still a duplicate (the UNIQUE came along), and the
     * word lists still refuse what they refused: the insert is OR IGNORE, so
     * a refused row is not stored and counts as a duplicate */
    begin(SHA_B);
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &dup, &d), SL_OK, "%s", d.message);
    cr_assert(dup);
    ev.time = T + 60;
    ev.xid_class = "Hardware";
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &dup, &d), SL_OK, "%s", d.message);
    cr_assert(dup);
    ev.xid_class = "hardware";
    ev.action = "reboot";
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &dup, &d), SL_OK, "%s", d.message);
    cr_assert(dup);
    ev.xid_class = NULL;
    ev.action = NULL;
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &dup, &d), SL_OK, "%s", d.message);
    cr_assert_not(dup);
    finish(4, 1, 0, 3);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events"), 2);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events WHERE class IS NULL AND "
                                    "action IS NULL AND time = 1790812860" /* T + 60 */),
                 1);
}

/* The last migration rebuilds gpu_events with its unique key led by time;
 * going back one version runs it again over a stored event. */
Test(store, gpu_events_keyed_by_time_keep_events_and_duplicates)
{
    struct sl_diag d = {0};
    bool dup = true;
    struct gpu_event ev = {.entity = "team:hpc",
                           .time = T,
                           .host = "gpu-08",
                           .pci = "0000:9b:00",
                           .xid = 79,
                           .xid_class = "hardware",
                           .action = "drain",
                           .message = "GPU has fallen off the bus.",
                           .line = 3};
    begin(SHA_A);
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &dup, &d), SL_OK, "%s", d.message);
    finish(1, 1, 0, 0);
    store_close(fx.st);
    fx.st = NULL;

    fixture_set_user_version(fx.db, schema_version - 1);
    cr_assert_eq(store_open(fx.db, &fx.st, &d), SL_OK, "%s", d.message);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events WHERE xid = 79 AND "
                                    "host = 'gpu-08' AND line = 3"),
                 1);
    /* one index, the unique key, led by (entity, time); no second one */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM pragma_index_list('gpu_events')"), 1);
    cr_assert_eq(fixture_count(&fx, "SELECT group_concat(name, ',') = 'entity,time,host,pci,xid,"
                                    "message' FROM (SELECT i.name FROM pragma_index_list("
                                    "'gpu_events') l, pragma_index_info(l.name) i ORDER BY "
                                    "i.seqno)"),
                 1);
    /* the same event is a duplicate; one differing in any key column is not */
    begin(SHA_B);
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &dup, &d), SL_OK, "%s", d.message);
    cr_assert(dup);
    ev.host = "gpu-09";
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &dup, &d), SL_OK, "%s", d.message);
    cr_assert_not(dup);
    ev.message = "GPU has fallen off the bus again.";
    cr_assert_eq(store_add_gpu_event(fx.st, &ev, &dup, &d), SL_OK, "%s", d.message);
    cr_assert_not(dup);
    finish(3, 2, 0, 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM gpu_events"), 3);
}

Test(store, newer_schema_refused)
{
    store_close(fx.st);
    fx.st = NULL;
    fixture_set_user_version(fx.db, schema_version + 1);
    struct sl_diag d = {0};
    struct store *st = NULL;
    cr_assert_eq(store_open(fx.db, &st, &d), SL_ERR_DB);
    cr_assert_null(st);
    cr_assert(strstr(d.message, "newer"), "message: %s", d.message);
}

Test(store, open_failure_reports)
{
    struct sl_diag d = {0};
    struct store *st = NULL;
    char path[600];
    snprintf(path, sizeof path, "%s/no/such/dir/x.db", fx.dir);
    cr_assert_eq(store_open(path, &st, &d), SL_ERR_DB);
    cr_assert_null(st);
    cr_assert_str_eq(d.file, path);
    cr_assert_gt(strlen(d.message), 0);
}

Test(store, source_finish_commits_counts)
{
    begin(SHA_A);
    add_interval("gpu-east", 0, 60, SVC_UP);
    add_interval("gpu-east", 60, 120, SVC_DOWN);
    finish(5, 2, 2, 1);
    struct fx_sources s;
    fixture_sources(&fx, &s);
    cr_assert_eq(s.n, 1);
    cr_assert_str_eq(s.v[0].path, "input.csv");
    cr_assert_str_eq(s.v[0].sha256, SHA_A);
    cr_assert_str_eq(s.v[0].format, "incident-csv");
    cr_assert_eq(s.v[0].bytes, 123);
    cr_assert_eq(s.v[0].counts.read, 5);
    cr_assert_eq(s.v[0].counts.stored, 2);
    cr_assert_eq(s.v[0].counts.rejected, 2);
    cr_assert_eq(s.v[0].counts.duplicates, 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 2);
    /* each row points at its source */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE source_id = "
                                    "(SELECT id FROM sources WHERE sha256 = '" SHA_A "')"),
                 2);
}

Test(store, same_sha256_twice_changes_nothing)
{
    begin(SHA_A);
    add_interval("gpu-east", 0, 60, SVC_UP);
    finish(1, 1, 0, 0);

    struct sl_diag d = {0};
    bool already = false;
    cr_assert_eq(store_source_begin(fx.st, "copy.csv", SHA_A, "probe-csv", 9, &already, &d), SL_OK,
                 "%s", d.message);
    cr_assert(already);
    struct fx_sources s;
    fixture_sources(&fx, &s);
    cr_assert_eq(s.n, 1);
    cr_assert_str_eq(s.v[0].path, "input.csv", "the first recording stands");
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 1);
    /* no transaction was left open: another source can begin and commit */
    begin(SHA_B);
    add_interval("gpu-east", 60, 120, SVC_UP);
    finish(1, 1, 0, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 2);
}

Test(store, abort_rolls_back_every_row)
{
    struct sl_diag d = {0};
    bool updated;
    begin(SHA_A);
    struct incident inc = incident("INC-1", "first", T);
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
    add_interval("gpu-east", 0, 60, SVC_UP);
    struct maintenance m = {"provider:acme", "gpu-east", "MW-1", T, T + 60, SLTIME_NONE, 3};
    cr_assert_eq(store_add_maintenance(fx.st, &m, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_add_reject(fx.st, 4, "bad row", "x,y", &d), SL_OK, "%s", d.message);
    store_source_abort(fx.st);

    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals"), 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM maintenance"), 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM rejects"), 0);
    /* the file is not remembered: it can be ingested again */
    begin(SHA_A);
    finish(0, 0, 0, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 1);
}

Test(store, abort_without_transaction_is_harmless)
{
    store_source_abort(fx.st);
    begin(SHA_A);
    finish(0, 0, 0, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 1);
}

Test(store, incident_upsert)
{
    struct sl_diag d = {0};
    bool updated = true;
    begin(SHA_A);
    struct incident inc = incident("INC-1", "first title", T);
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
    cr_assert_not(updated);
    finish(1, 1, 0, 0);

    begin(SHA_B);
    struct incident again = incident("INC-1", "second title", T + 60);
    again.resolved = T + 600;
    again.severity = "sev1";
    cr_assert_eq(store_add_incident(fx.st, &again, &updated, &d), SL_OK, "%s", d.message);
    cr_assert(updated, "same entity and key updates");
    /* the same key under another entity is another incident */
    struct incident other = incident("INC-1", "other entity", T);
    other.entity = "team:platform";
    cr_assert_eq(store_add_incident(fx.st, &other, &updated, &d), SL_OK, "%s", d.message);
    cr_assert_not(updated);
    finish(2, 1, 0, 1);

    struct fx_incidents got;
    fixture_incidents(&fx, "provider:acme", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    cr_assert_str_eq(got.v[0].title, "second title");
    cr_assert_eq(got.v[0].started, T + 60);
    cr_assert_eq(got.v[0].resolved, T + 600);
    cr_assert_str_eq(got.v[0].severity, "sev1");
    fixture_incidents_free(&got);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 2);
    /* the record now belongs to the second source */
    cr_assert_eq(fixture_count(&fx, "SELECT s.sha256 = '" SHA_B "' FROM incidents i JOIN "
                                    "sources s ON s.id = i.source_id WHERE i.entity = "
                                    "'provider:acme'"),
                 1);
}

Test(store, incident_put_says_new_changed_or_same)
{
    struct sl_diag d = {0};
    enum store_put put = STORE_SAME;
    begin(SHA_A);
    struct incident inc = incident("INC-1", "api slow", T);
    cr_assert_eq(store_put_incident(fx.st, &inc, &put, &d), SL_OK, "%s", d.message);
    cr_assert_eq(put, STORE_ADDED);
    finish(1, 1, 0, 0);

    begin(SHA_B);
    struct incident same = inc;
    same.line = 7; /* another line of another export: the same record */
    cr_assert_eq(store_put_incident(fx.st, &same, &put, &d), SL_OK, "%s", d.message);
    cr_assert_eq(put, STORE_SAME);
    finish(1, 0, 0, 1);
    cr_assert_eq(fixture_count(&fx, "SELECT s.sha256 = '" SHA_B "' FROM incidents i JOIN "
                                    "sources s ON s.id = i.source_id"),
                 1, "the same record again belongs to the later source");

    begin(SHA_C);
    struct incident changed = inc;
    changed.title = "api down";
    changed.severity = "sev1";
    cr_assert_eq(store_put_incident(fx.st, &changed, &put, &d), SL_OK, "%s", d.message);
    cr_assert_eq(put, STORE_CHANGED);
    struct incident resolved = changed;
    resolved.resolved = T + 600; /* a time set where none was is a change too */
    cr_assert_eq(store_put_incident(fx.st, &resolved, &put, &d), SL_OK, "%s", d.message);
    cr_assert_eq(put, STORE_CHANGED);
    finish(2, 0, 0, 2);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE title = 'api down' AND "
                                    "severity = 'sev1'"),
                 1);
}

Test(store, incident_fields_round_trip)
{
    struct sl_diag d = {0};
    bool updated;
    begin(SHA_A);
    struct incident inc = incident("INC-9", "=cmd|' /C calc'!A0", T);
    inc.detected = T + 10;
    inc.acknowledged = T + 20;
    inc.mitigated = T + 30;
    inc.resolved = T + 40;
    inc.state = "resolved";
    inc.postmortem = "https://example.com/pm/9";
    inc.extra_json = "{\"region\":\"eu\"}";
    inc.line = 17;
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
    struct incident bare = incident("INC-10", NULL, T + 5);
    bare.service = NULL;
    bare.severity = NULL;
    bare.severity_label = NULL;
    cr_assert_eq(store_add_incident(fx.st, &bare, &updated, &d), SL_OK, "%s", d.message);
    finish(2, 2, 0, 0);

    struct fx_incidents got;
    fixture_incidents(&fx, NULL, FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    const struct incident *a = &got.v[0], *b = &got.v[1];
    cr_assert_str_eq(a->key, "INC-9");
    cr_assert_str_eq(a->title, "=cmd|' /C calc'!A0");
    cr_assert_eq(a->detected, T + 10);
    cr_assert_eq(a->acknowledged, T + 20);
    cr_assert_eq(a->mitigated, T + 30);
    cr_assert_eq(a->resolved, T + 40);
    cr_assert_str_eq(a->state, "resolved");
    cr_assert_str_eq(a->postmortem, "https://example.com/pm/9");
    cr_assert_str_eq(a->extra_json, "{\"region\":\"eu\"}");
    cr_assert_str_eq(a->severity_label, "P2");
    cr_assert_eq(a->line, 17);
    cr_assert_str_eq(b->key, "INC-10");
    cr_assert_null(b->service);
    cr_assert_null(b->severity);
    cr_assert_null(b->title);
    cr_assert_null(b->extra_json);
    cr_assert_eq(b->detected, SLTIME_NONE);
    cr_assert_eq(b->resolved, SLTIME_NONE);
    fixture_incidents_free(&got);
}

Test(store, bad_severity_refused_by_schema)
{
    struct sl_diag d = {0};
    bool updated;
    begin(SHA_A);
    struct incident inc = incident("INC-1", "x", T);
    inc.severity = "P1"; /* not normalised: the CHECK constraint refuses it */
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_ERR_DB);
    cr_assert(strstr(d.message, "CHECK"), "message: %s", d.message);
    store_source_abort(fx.st);
}

Test(store, each_incident_by_start_window)
{
    struct sl_diag d = {0};
    bool updated;
    begin(SHA_A);
    /* starts: B at T+100, A at T+100 (same start: by key), C detected-only at
     * T+50, D at T+1000 (outside [T, T+1000)) */
    struct incident b = incident("B", "b", T + 100);
    struct incident a = incident("A", "a", T + 100);
    struct incident c = incident("C", "c", SLTIME_NONE);
    c.detected = T + 50;
    struct incident dd = incident("D", "d", T + 1000);
    cr_assert_eq(store_add_incident(fx.st, &b, &updated, &d), SL_OK);
    cr_assert_eq(store_add_incident(fx.st, &a, &updated, &d), SL_OK);
    cr_assert_eq(store_add_incident(fx.st, &c, &updated, &d), SL_OK);
    cr_assert_eq(store_add_incident(fx.st, &dd, &updated, &d), SL_OK);
    finish(4, 4, 0, 0);
    struct fx_incidents got;
    fixture_incidents(&fx, "provider:acme", T, T + 1000, &got);
    cr_assert_eq(got.n, 3);
    cr_assert_str_eq(got.v[0].key, "C");
    cr_assert_str_eq(got.v[1].key, "A");
    cr_assert_str_eq(got.v[2].key, "B");
    fixture_incidents_free(&got);
    fixture_incidents(&fx, "team:nobody", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 0);
    fixture_incidents_free(&got);
}

Test(store, each_interval_returns_overlaps_in_order)
{
    begin(SHA_A);
    /* inserted out of order on purpose */
    add_interval("gpu-east", 300, 400, SVC_PARTIAL);
    add_interval("gpu-east", 100, 200, SVC_DOWN);
    add_interval("gpu-east", 0, 100, SVC_UP);
    add_interval("gpu-east", 200, 300, SVC_UP);
    add_interval("gpu-west", 150, 250, SVC_DOWN);
    finish(5, 5, 0, 0);
    /* [150, 300): [0,100) ends at 100 ≤ 150 and [300,400) starts at 300 ≥ 300,
     * so only [100,200) and [200,300) overlap; gpu-west is another series. */
    struct fx_intervals got;
    fixture_intervals(&fx, "provider:acme", "gpu-east", T + 150, T + 300, &got);
    cr_assert_eq(got.n, 2);
    cr_assert_eq(got.v[0].start, T + 100);
    cr_assert_eq(got.v[0].end, T + 200);
    cr_assert_eq(got.v[0].status, SVC_DOWN);
    cr_assert_eq(got.v[1].start, T + 200);
    cr_assert_eq(got.v[1].status, SVC_UP);
    cr_assert_str_eq(got.v[1].entity, "provider:acme");
    cr_assert_str_eq(got.v[1].service, "gpu-east");
    /* everything, in start order */
    fixture_intervals(&fx, "provider:acme", "gpu-east", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 4);
    for (size_t i = 1; i < got.n; i++)
        cr_assert_lt(got.v[i - 1].start, got.v[i].start);
    cr_assert_eq(got.v[3].status, SVC_PARTIAL);
    /* a window touching only an end is empty */
    fixture_intervals(&fx, "provider:acme", "gpu-east", T + 400, T + 500, &got);
    cr_assert_eq(got.n, 0);
}

static int
stop_after_first(void *ctx, const struct interval *iv)
{
    (void)iv;
    ++*(int *)ctx;
    return 1;
}

Test(store, reader_stops_when_asked)
{
    begin(SHA_A);
    add_interval("gpu-east", 0, 100, SVC_UP);
    add_interval("gpu-east", 100, 200, SVC_UP);
    finish(2, 2, 0, 0);
    int calls = 0;
    struct sl_diag d = {0};
    cr_assert_eq(store_each_interval(fx.st, "provider:acme", "gpu-east", FX_ALL_FROM, FX_ALL_TO,
                                     stop_after_first, &calls, &d),
                 SL_OK);
    cr_assert_eq(calls, 1);
}

Test(store, each_maintenance)
{
    struct sl_diag d = {0};
    begin(SHA_A);
    struct maintenance m1 = {"provider:acme", "gpu-east", "MW-1", T + 100, T + 200, T - 86400, 2};
    struct maintenance m2 = {"provider:acme", "gpu-east", NULL, T + 500, T + 600, SLTIME_NONE, 3};
    cr_assert_eq(store_add_maintenance(fx.st, &m2, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_add_maintenance(fx.st, &m1, &d), SL_OK, "%s", d.message);
    finish(2, 2, 0, 0);
    struct fx_maintenance got;
    fixture_maintenance(&fx, "provider:acme", "gpu-east", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    cr_assert_str_eq(got.v[0].key, "MW-1");
    cr_assert_eq(got.v[0].start, T + 100);
    cr_assert_eq(got.v[0].end, T + 200);
    cr_assert_eq(got.v[0].announced, T - 86400);
    cr_assert_eq(got.v[0].line, 2);
    cr_assert_null(got.v[1].key);
    cr_assert_eq(got.v[1].announced, SLTIME_NONE, "never announced stays missing");
    fixture_maintenance_free(&got);
    fixture_maintenance(&fx, "provider:acme", "gpu-east", T + 200, T + 500, &got);
    cr_assert_eq(got.n, 0, "touching ends do not overlap");
    fixture_maintenance_free(&got);
}

Test(store, data_span)
{
    struct sl_diag d = {0};
    int64_t first = 0, last = 0;
    cr_assert_eq(store_data_span(fx.st, &first, &last, &d), SL_OK);
    cr_assert_eq(first, SLTIME_NONE, "an empty store has no span");
    cr_assert_eq(last, SLTIME_NONE);

    bool updated;
    begin(SHA_A);
    add_interval("gpu-east", 100, 200, SVC_UP);
    struct maintenance m = {"provider:acme", "gpu-east", NULL, T + 50, T + 80, SLTIME_NONE, 2};
    cr_assert_eq(store_add_maintenance(fx.st, &m, &d), SL_OK);
    struct incident inc = incident("INC-1", "x", T + 300);
    inc.resolved = T + 500;
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK);
    struct incident open = incident("INC-2", "still open", T + 450);
    cr_assert_eq(store_add_incident(fx.st, &open, &updated, &d), SL_OK);
    finish(4, 4, 0, 0);
    /* earliest: maintenance at +50; latest: the incident resolved at +500 */
    cr_assert_eq(store_data_span(fx.st, &first, &last, &d), SL_OK);
    cr_assert_eq(first, T + 50);
    cr_assert_eq(last, T + 500);
}

Test(store, data_span_open_incident_counts_its_start)
{
    struct sl_diag d = {0};
    bool updated;
    int64_t first, last;
    begin(SHA_A);
    struct incident open = incident("INC-2", "open", T + 450);
    cr_assert_eq(store_add_incident(fx.st, &open, &updated, &d), SL_OK);
    finish(1, 1, 0, 0);
    cr_assert_eq(store_data_span(fx.st, &first, &last, &d), SL_OK);
    cr_assert_eq(first, T + 450);
    cr_assert_eq(last, T + 450);
}

Test(store, rejects_stored)
{
    struct sl_diag d = {0};
    begin(SHA_A);
    cr_assert_eq(store_add_reject(fx.st, 7, "bad started time", "INC-7,2026-02-30", &d), SL_OK);
    cr_assert_eq(store_add_reject(fx.st, 9, "empty id", ",x", &d), SL_OK);
    finish(2, 0, 2, 0);
    long line = 0;
    char reason[256], raw[256];
    cr_assert(fixture_reject(&fx, 0, &line, reason, raw));
    cr_assert_eq(line, 7);
    cr_assert_str_eq(reason, "bad started time");
    cr_assert_str_eq(raw, "INC-7,2026-02-30");
    cr_assert(fixture_reject(&fx, 1, &line, reason, raw));
    cr_assert_eq(line, 9);
    cr_assert_not(fixture_reject(&fx, 2, &line, reason, raw));
}

static int
collect_series(void *ctx, const char *entity, const char *service)
{
    char *out = ctx;
    size_t n = strlen(out);
    snprintf(out + n, 512 - n, "%s/%s;", entity, service);
    return 0;
}

Test(store, each_series_sorted_union)
{
    struct sl_diag d = {0};
    bool updated;
    begin(SHA_A);
    add_interval("gpu-west", 0, 60, SVC_UP);
    add_interval("gpu-east", 0, 60, SVC_UP);
    struct maintenance m = {"team:platform", "k8s", NULL, T, T + 60, SLTIME_NONE, 2};
    cr_assert_eq(store_add_maintenance(fx.st, &m, &d), SL_OK);
    struct incident inc = incident("INC-1", "x", T);
    inc.service = "api";
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK);
    struct incident noservice = incident("INC-2", "x", T);
    noservice.service = NULL;
    cr_assert_eq(store_add_incident(fx.st, &noservice, &updated, &d), SL_OK);
    finish(5, 5, 0, 0);
    char out[512] = "";
    cr_assert_eq(store_each_series(fx.st, NULL, collect_series, out, &d), SL_OK);
    cr_assert_str_eq(out, "provider:acme/api;provider:acme/gpu-east;provider:acme/gpu-west;"
                          "team:platform/k8s;");
    out[0] = '\0';
    cr_assert_eq(store_each_series(fx.st, "team:platform", collect_series, out, &d), SL_OK);
    cr_assert_str_eq(out, "team:platform/k8s;");
    /* one entity: its intervals' and its incidents' services */
    out[0] = '\0';
    cr_assert_eq(store_each_series(fx.st, "provider:acme", collect_series, out, &d), SL_OK);
    cr_assert_str_eq(out, "provider:acme/api;provider:acme/gpu-east;provider:acme/gpu-west;");
}

static int
collect_entity(void *ctx, const char *entity)
{
    char *out = ctx;
    size_t n = strlen(out);
    snprintf(out + n, 512 - n, "%s;", entity);
    return 0;
}

static int
collect_key(void *ctx, const struct incident *inc)
{
    return collect_entity(ctx, inc->key);
}

Test(store, incidents_of_one_entity_and_their_entities)
{
    /* one entity's incidents in [from, to) by start then key; the entities
     * with an incident in the range, each once, in order */
    struct sl_diag d = {0};
    bool updated;
    begin(SHA_A);
    const char *entities[] = {"team:b", "provider:acme", "team:b", "team:a", "provider:acme"};
    const char *keys[] = {"B-2", "A-1", "B-1", "C-1", "A-0"};
    const int64_t starts[] = {T + 60, T, T + 60, T + 7200, T + 3600};
    for (int i = 0; i < 5; i++) {
        struct incident inc = incident(keys[i], "x", starts[i]);
        inc.entity = entities[i];
        cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
    }
    finish(5, 5, 0, 0);
    char out[512] = "";
    cr_assert_eq(store_each_incident(fx.st, "team:b", T, T + 3600, collect_key, out, &d), SL_OK);
    cr_assert_str_eq(out, "B-1;B-2;");
    out[0] = '\0';
    cr_assert_eq(store_each_incident(fx.st, NULL, T, T + 7200, collect_key, out, &d), SL_OK);
    cr_assert_str_eq(out, "A-1;B-1;B-2;A-0;");
    out[0] = '\0';
    cr_assert_eq(store_each_incident_entity(fx.st, NULL, T, T + 7200, collect_entity, out, &d),
                 SL_OK);
    cr_assert_str_eq(out, "provider:acme;team:b;");
    out[0] = '\0';
    cr_assert_eq(store_each_incident_entity(fx.st, NULL, T, T + 7201, collect_entity, out, &d),
                 SL_OK);
    cr_assert_str_eq(out, "provider:acme;team:a;team:b;");
    out[0] = '\0';
    cr_assert_eq(store_each_incident_entity(fx.st, "team:a", T, T + 7200, collect_entity, out, &d),
                 SL_OK);
    cr_assert_str_eq(out, "");
    cr_assert_eq(store_each_incident_entity(fx.st, "team:a", T, T + 7201, collect_entity, out, &d),
                 SL_OK);
    cr_assert_str_eq(out, "team:a;");
}

static int
collect_origin(void *ctx, const char *key, const char *path, long line)
{
    char *out = ctx;
    size_t n = strlen(out);
    snprintf(out + n, 512 - n, "%s@%s:%ld;", key, path, line);
    return 0;
}

Test(store, incident_origins_of_one_entity_by_key)
{
    struct sl_diag d = {0};
    bool updated;
    begin(SHA_A);
    const char *entities[] = {"team:b", "provider:acme", "team:b"};
    const char *keys[] = {"B-2", "A-1", "B-1"};
    for (int i = 0; i < 3; i++) {
        struct incident inc = incident(keys[i], "x", T + i);
        inc.entity = entities[i];
        inc.line = 10 + i;
        cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
    }
    finish(3, 3, 0, 0);
    char out[512] = "";
    cr_assert_eq(store_each_incident_origin(fx.st, "team:b", collect_origin, out, &d), SL_OK);
    cr_assert(strstr(out, "B-1@") == out, "%s", out);
    cr_assert(strstr(out, ":12;B-2@"), "%s", out);
    cr_assert(!strstr(out, "A-1"), "%s", out);
    out[0] = '\0';
    cr_assert_eq(store_each_incident_origin(fx.st, NULL, collect_origin, out, &d), SL_OK);
    cr_assert(strstr(out, "A-1@") == out && strstr(out, "B-2@"), "%s", out);
}

static void
add_series_interval(const char *entity, const char *service, int64_t from)
{
    struct sl_diag d = {0};
    struct interval iv = {
        .entity = entity, .service = service, .start = T + from, .end = T + from + 60};
    iv.status = SVC_DOWN;
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
}

static int
stop_after_two(void *ctx, const char *entity, const char *service)
{
    collect_series(ctx, entity, service);
    return strchr(strchr(ctx, ';') + 1, ';') != NULL;
}

Test(store, each_series_seeks_every_pair_once)
{
    /* The series are found by seeking from one pair to the next: several
     * rows per series, a service that is a prefix of another, an empty
     * service, entities before and after the one asked for, and pairs in
     * more than one table each come out once, in order. */
    struct sl_diag d = {0};
    begin(SHA_A);
    const char *const entities[] = {"a", "provider:acme", "provider:acme-2", "zeta"};
    const char *const services[] = {"api", "", "api-2", "ap"};
    for (int e = 0; e < 4; e++)
        for (int s = 0; s < 4; s++)
            for (int k = 0; k < 3; k++)
                add_series_interval(entities[e], services[s], 600 * k);
    struct maintenance m = {"provider:acme", "api", NULL, T, T + 60, SLTIME_NONE, 2};
    cr_assert_eq(store_add_maintenance(fx.st, &m, &d), SL_OK);
    struct maintenance only = {"provider:acme", "batch", NULL, T, T + 60, SLTIME_NONE, 3};
    cr_assert_eq(store_add_maintenance(fx.st, &only, &d), SL_OK);
    finish(50, 50, 0, 0);
    char out[512] = "";
    cr_assert_eq(store_each_series(fx.st, "provider:acme", collect_series, out, &d), SL_OK);
    cr_assert_str_eq(out, "provider:acme/;provider:acme/ap;provider:acme/api;"
                          "provider:acme/api-2;provider:acme/batch;");
    out[0] = '\0';
    cr_assert_eq(store_each_series(fx.st, NULL, collect_series, out, &d), SL_OK);
    cr_assert_str_eq(out, "a/;a/ap;a/api;a/api-2;provider:acme/;provider:acme/ap;"
                          "provider:acme/api;provider:acme/api-2;provider:acme/batch;"
                          "provider:acme-2/;provider:acme-2/ap;provider:acme-2/api;"
                          "provider:acme-2/api-2;zeta/;zeta/ap;zeta/api;zeta/api-2;");
    out[0] = '\0';
    cr_assert_eq(store_each_series(fx.st, "nobody", collect_series, out, &d), SL_OK);
    cr_assert_str_eq(out, "");
    cr_assert_eq(store_each_series(fx.st, NULL, stop_after_two, out, &d), SL_OK);
    cr_assert_str_eq(out, "a/;a/ap;");
}

struct span_read {
    int64_t starts[8];
    int n, stop_after;
};

static int
read_span(void *ctx, const struct interval *iv)
{
    struct span_read *r = ctx;
    if (r->n < 8)
        r->starts[r->n++] = iv->start - T;
    return r->n == r->stop_after;
}

Test(store, each_interval_reuses_its_statement)
{
    /* The reader's statement is prepared once and reset after each call, also
     * after a callback stopped it: each call sees its own series and range. */
    struct sl_diag d = {0};
    begin(SHA_A);
    for (int k = 0; k < 3; k++)
        add_interval("gpu-east", 100 * k, 100 * k + 50, SVC_UP);
    add_interval("gpu-west", 1000, 1100, SVC_DOWN);
    add_interval("gpu-west", 1200, 1300, SVC_DOWN);
    finish(5, 5, 0, 0);
    struct span_read first = {.stop_after = 1}, west = {0}, east = {0}, late = {0};
    cr_assert_eq(store_each_interval(fx.st, "provider:acme", "gpu-east", FX_ALL_FROM, FX_ALL_TO,
                                     read_span, &first, &d),
                 SL_OK);
    cr_assert_eq(first.n, 1);
    cr_assert_eq(store_each_interval(fx.st, "provider:acme", "gpu-west", FX_ALL_FROM, FX_ALL_TO,
                                     read_span, &west, &d),
                 SL_OK);
    cr_assert(west.n == 2 && west.starts[0] == 1000 && west.starts[1] == 1200);
    cr_assert_eq(store_each_interval(fx.st, "provider:acme", "gpu-east", FX_ALL_FROM, FX_ALL_TO,
                                     read_span, &east, &d),
                 SL_OK);
    cr_assert(east.n == 3 && east.starts[0] == 0 && east.starts[2] == 200);
    cr_assert_eq(store_each_interval(fx.st, "provider:acme", "gpu-east", T + 120, T + 250,
                                     read_span, &late, &d),
                 SL_OK);
    cr_assert(late.n == 2 && late.starts[0] == 100 && late.starts[1] == 200);
}

Test(store, second_connection_sees_commits)
{
    /* Another connection (another slaudit process) opening the same file
     * finds the schema in place and sees what was committed. */
    struct store *other = NULL;
    struct sl_diag d = {0};
    cr_assert_eq(store_open(fx.db, &other, &d), SL_OK, "%s", d.message);
    begin(SHA_A);
    add_interval("gpu-east", 0, 60, SVC_UP);
    finish(1, 1, 0, 0);
    struct fx_intervals got;
    struct fixture view = fx;
    view.st = other;
    fixture_intervals(&view, "provider:acme", "gpu-east", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    store_close(other);
}
