/* store.h — the store: every record slaudit keeps, in a database reached
 * through db.h (engine/store/sqlite/ for a file, the only code that
 * includes sqlite3.h). This API is the same whatever the backend.
 *
 * One file holds everything (default slaudit.db), or one PostgreSQL
 * database when the path is a connection string (db_target_is_server).
 * Opening applies any pending migrations (the schema version: PRAGMA
 * user_version in SQLite, a table on a server), turns on WAL and foreign
 * keys and sets a busy timeout. Every statement binds its parameters.
 *
 * Ingest is one transaction per input file: store_source_begin() opens it and
 * records the file's SHA-256; store_source_finish() commits it with the
 * counts; store_source_abort() rolls everything back. A file whose SHA-256 is
 * already recorded is reported as already ingested and changes nothing.
 * On a server two processes may ingest at once: the same bytes are still
 * stored once (the sources' unique SHA-256; the one that waited on it is
 * told "already"), and a transaction the server ended as a deadlock or a
 * serialization failure says so (store_should_retry) to be run again.
 *
 * Errors come back as SL_ERR_DB with the database's message in the
 * diagnostic; damage (SQLite's SQLITE_CORRUPT) as "the store is damaged
 * (...)" with what to do.
 * Opening checks that the file is a slaudit store (PRAGMA application_id,
 * or the tables of a store made before it had one; on a server, the version
 * table's comment) and, for a file up to 64 MiB, that it is whole (PRAGMA
 * quick_check), before writing anything.
 *
 * Threads: a struct store is one SQLite connection opened without SQLite's
 * own mutex (SQLITE_OPEN_NOMUTEX), and its statements are cached in it: use
 * it from one thread at a time. Threads that read at once each open their
 * own store on the same file (engine/measure/series_feed.c); during a parse
 * the ingest's store belongs to its store thread (engine/ingest/ingest.h).
 * The first store_open of a process also configures SQLite for the process
 * (sqlite3_config), so it must not run while another thread is inside
 * SQLite; later opens may run on any thread. */
#ifndef SLAUDIT_STORE_H
#define SLAUDIT_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/model/model.h"
#include "engine/base/status.h"

/* How long a statement waits for another process's lock before it fails with
 * SL_ERR_DB and a message that says the database is locked. */
#define STORE_BUSY_TIMEOUT_MS 10000

struct store;

struct source_counts {
    long read, stored, rejected, duplicates;
};

/* A source file as recorded in the store. */
struct source_info {
    const char *path, *sha256, *format;
    long long bytes;
    struct source_counts counts;
};

/* How a command uses the store. */
enum store_mode {
    STORE_CREATE, /* write: created when missing, switched to WAL, migrated */
    STORE_UPDATE, /* read, and write when the process may: an existing store,
                   * read-write when its file and folder are writable, else
                   * read-only (then writes fail with SL_ERR_DB) */
    STORE_READ,   /* read only: an existing store, opened read-only */
};

/* Opens the store at path. STORE_UPDATE and STORE_READ never create a store
 * (a missing one is SL_ERR_DB, "no store at PATH (ingest something first,
 * or check --db)") and write nothing on the way — no journal switch, no
 * migration unless the tables are older than this slaudit can read — so a
 * store in a folder that cannot be written, or one being written by a long
 * ingest, can be read. (A WAL store in a folder this process cannot write,
 * without its -shm file, is read as immutable: nothing may write it then.) */
enum sl_status store_open_for(const char *path, enum store_mode mode, struct store **out,
                              struct sl_diag *diag);
/* store_open_for(path, STORE_CREATE, ...). */
enum sl_status store_open(const char *path, struct store **out, struct sl_diag *diag);
/* Whether the connection cannot write (STORE_READ, or STORE_UPDATE on a
 * store this process may not write). */
bool store_read_only(struct store *st);
void store_close(struct store *st);
int store_schema_version(struct store *st);
/* "sqlite" or "postgresql". */
const char *store_backend(struct store *st);

/* Whom the sources this connection records belong to, which the ingest key
 * includes (engine/ingest/ingest_key.h): on a server the role it ingests
 * as — the sources' owner, the one whose sources its row-level policy
 * shows, so the same bytes from another team are not "already ingested" —
 * unless that role owns the store and sees every source; "" then and in a
 * SQLite file, whose every writer sees every source, so the store's owner
 * keys files as SQLite does. out gets at most size bytes; errors:
 * SL_ERR_DB. */
enum sl_status store_source_scope(struct store *st, char *out, size_t size, struct sl_diag *diag);

/* Starts the transaction for one file. When the SHA-256 is already known,
 * *already is set, nothing is opened, and SL_OK is returned. From here on
 * the connection keeps a larger page cache (16 MiB) for writing. */
enum sl_status store_source_begin(struct store *st, const char *path, const char *sha256,
                                  const char *format, long long bytes, bool *already,
                                  struct sl_diag *diag);
enum sl_status store_source_finish(struct store *st, const struct source_counts *counts,
                                   struct sl_diag *diag);
void store_source_abort(struct store *st);
/* Whether the last source transaction failed because the server asks for
 * it to be run again (a deadlock with another, or a serialization failure):
 * after store_source_abort, a new store_source_begin may succeed. */
bool store_should_retry(const struct store *st);

/* A batch: several sources in one transaction (a pull of an API, one
 * source per response), kept all or not at all. store_batch_begin opens
 * it; store_batch_source records one source and makes it the one the
 * records that follow are stored under (*already when its SHA-256 is on
 * record: nothing is written and its records are not to be stored);
 * store_batch_source_done writes what that source holds and its counts;
 * store_batch_commit commits them all. store_source_abort rolls the whole
 * batch back; so does a failed commit. */
enum sl_status store_batch_begin(struct store *st, struct sl_diag *diag);
enum sl_status store_batch_source(struct store *st, const char *path, const char *sha256,
                                  const char *format, long long bytes, bool *already,
                                  struct sl_diag *diag);
enum sl_status store_batch_source_done(struct store *st, const struct source_counts *counts,
                                       struct sl_diag *diag);
enum sl_status store_batch_commit(struct store *st, struct sl_diag *diag);

/* The path of the latest source recorded with format whose path begins
 * with prefix, into out[0..n) (truncated); *found false and out "" when
 * there is none. */
enum sl_status store_last_source_path(struct store *st, const char *format, const char *prefix,
                                      char *out, size_t n, bool *found, struct sl_diag *diag);

/* What forgetting sources removed: the sources, and the rows each table held
 * of them. An incident or keyed interval that a later file updated belongs to
 * that later file. */
struct store_forgotten {
    long sources, incidents, intervals, maintenance, gpu_events, commitments, audit_records,
        rejects;
    long latency_samples; /* probe latency samples (engine/store/store_latency.h) */
};

/* Removes, in one transaction, every source recorded with sha256 or with
 * path (either may be NULL) and everything stored from them: incidents,
 * intervals, maintenance windows, GPU events, commitments, audit records,
 * rejects and probe latency. Nothing matching is not an error: out->sources is 0. Evaluation
 * results already stored are not touched. */
enum sl_status store_forget(struct store *st, const char *sha256, const char *path,
                            struct store_forgotten *out, struct sl_diag *diag);

/* store_source_begin() for a file that replaces what was read before: in the
 * same transaction, the sources of the same path or the same SHA-256 are
 * forgotten first (as store_forget), so the file is always read again. The
 * transaction is then open as after store_source_begin(); aborting it keeps
 * the old sources. */
enum sl_status store_source_replace(struct store *st, const char *path, const char *sha256,
                                    const char *format, long long bytes,
                                    struct store_forgotten *forgot, struct sl_diag *diag);

/* What storing a record whose key may be stored already did. */
enum store_put {
    STORE_ADDED,   /* a new record */
    STORE_CHANGED, /* the stored record said something else: replaced */
    STORE_SAME,    /* the stored record said the same (it now belongs to this source) */
};
/* Within an open source transaction. An incident whose (entity, key) is
 * already stored replaces that record: *put says whether it was new, changed
 * or the same again. Either way the record belongs to this source from now
 * on (a later file's). */
enum sl_status store_put_incident(struct store *st, const struct incident *inc, enum store_put *put,
                                  struct sl_diag *diag);
/* store_put_incident, with *updated set when (entity, key) was stored
 * already, changed or not. */
enum sl_status store_add_incident(struct store *st, const struct incident *inc, bool *updated,
                                  struct sl_diag *diag);
/* A keyless interval is copied and inserted with the next ones (in the order
 * they came): a constraint it breaks is reported by a later call of the store
 * (on intervals, a reader, any other write), or at the latest
 * store_source_finish(), which then stores nothing of the source.
 * store_source_abort() drops what is held. */
enum sl_status store_add_interval(struct store *st, const struct interval *iv,
                                  struct sl_diag *diag);
/* Like store_add_interval; an interval with a key already stored for its
 * entity and service is updated in place and sets *updated. */
enum sl_status store_put_interval(struct store *st, const struct interval *iv, bool *updated,
                                  struct sl_diag *diag);
/* Within an open source transaction. The same event (entity, host, pci, time,
 * xid, message) seen again sets *duplicate and changes nothing. */
enum sl_status store_add_gpu_event(struct store *st, const struct gpu_event *ev, bool *duplicate,
                                   struct sl_diag *diag);
enum sl_status store_add_maintenance(struct store *st, const struct maintenance *m,
                                     struct sl_diag *diag);
enum sl_status store_add_reject(struct store *st, long line, const char *reason, const char *raw,
                                struct sl_diag *diag);

/* Readers. Each callback returns 0 to go on, non-zero to stop (the reader then
 * returns SL_OK). Strings passed to callbacks live until the callback returns. */
typedef int (*store_series_fn)(void *ctx, const char *entity, const char *service);
typedef int (*store_interval_fn)(void *ctx, const struct interval *iv);
typedef int (*store_maintenance_fn)(void *ctx, const struct maintenance *m);
typedef int (*store_incident_fn)(void *ctx, const struct incident *inc);
typedef int (*store_source_fn)(void *ctx, const struct source_info *src);

/* The file another connection opens to see what st sees: NULL for an
 * in-memory or temporary store, and while st has a transaction open (another
 * connection would not see its changes). */
const char *store_shared_path(struct store *st);

/* A store's target (--db) as slaudit may show it, in messages and in the
 * command line a workbook records: a PostgreSQL connection string with its
 * password masked ("***"), a file path as it is. Owned by the caller; NULL
 * when out of memory. */
char *store_redact_target(const char *target);
/* Overwrites the password in target, a connection string in this process's
 * own argv, with '*' in place, so that ps and /proc/PID/cmdline do not show
 * it while the command runs (the caller keeps a copy to connect with). A
 * file path is left as it is. */
void store_blank_password(char *target);

/* Every (entity, service) pair that has intervals, maintenance or incidents,
 * sorted; entity filters when not NULL. */
enum sl_status store_each_series(struct store *st, const char *entity, store_series_fn fn,
                                 void *ctx, struct sl_diag *diag);
/* Intervals of one series overlapping [from, to), by start, with their key
 * NULL (it only matters when storing: no reader needs it). This reader and
 * store_each_maintenance keep their statements prepared for the next series:
 * neither may be called again from its own callback. */
enum sl_status store_each_interval(struct store *st, const char *entity, const char *service,
                                   int64_t from, int64_t to, store_interval_fn fn, void *ctx,
                                   struct sl_diag *diag);
enum sl_status store_each_maintenance(struct store *st, const char *entity, const char *service,
                                      int64_t from, int64_t to, store_maintenance_fn fn, void *ctx,
                                      struct sl_diag *diag);
/* Incidents whose start (started, else detected) falls in [from, to), by start
 * then key; entity filters when not NULL. */
enum sl_status store_each_incident(struct store *st, const char *entity, int64_t from, int64_t to,
                                   store_incident_fn fn, void *ctx, struct sl_diag *diag);
typedef int (*store_entity_fn)(void *ctx, const char *entity);
/* The entities (entity alone when not NULL) with an incident whose start
 * falls in [from, to), in order. */
enum sl_status store_each_incident_entity(struct store *st, const char *entity, int64_t from,
                                          int64_t to, store_entity_fn fn, void *ctx,
                                          struct sl_diag *diag);
/* Whether anything is stored for entity (with service, when not NULL: its
 * intervals, maintenance, incidents, GPU events or commitments). */
enum sl_status store_entity_known(struct store *st, const char *entity, const char *service,
                                  bool *known, struct sl_diag *diag);
/* Every entity with anything stored, or (entity not NULL) every service of
 * entity, sorted. Reads whole tables: for messages, not for every run. */
enum sl_status store_each_entity(struct store *st, const char *entity, store_entity_fn fn,
                                 void *ctx, struct sl_diag *diag);
enum sl_status store_each_source(struct store *st, store_source_fn fn, void *ctx,
                                 struct sl_diag *diag);

/* A commitment: a provider's SLA (kind "sla") or an internal objective (kind
 * "slo"), its terms kept as JSON (for an SLA, the object of docs/design.md §5 that
 * engine/sla_json.h reads and writes). Versioned by effective_from: the
 * version in force at t is the one with the latest effective_from <= t. */
struct commitment {
    long long id;           /* set by the reader; ignored when adding */
    const char *entity;     /* provider:x or team:y */
    const char *service;    /* NULL: every service of the entity */
    const char *kind;       /* "sla" or "slo" */
    int64_t effective_from; /* SLTIME_NONE: in force since always */
    const char *document;   /* the document's name or path; may be NULL */
    const char *terms;      /* the terms as JSON text; never NULL */
    int64_t imported_at;    /* set by the store (the clock) when adding */
    /* The monthly fee the commitment's credits are a share of, for each
     * scope it is measured on (a service, or the entity when it names
     * none), and its currency (may be NULL). has_fee false: none stored. */
    bool has_fee;
    double fee;
    const char *currency;
};

typedef int (*store_commitment_fn)(void *ctx, const struct commitment *c);

/* Within an open source transaction. A commitment with the same entity,
 * service, kind and effective_from (and, for an objective, kind "slo", the
 * same document: a service has as many objectives as SLOs name it) replaces
 * the stored one (a corrected version) and sets *replaced (which may be
 * NULL). */
enum sl_status store_add_commitment(struct store *st, const struct commitment *c, bool *replaced,
                                    struct sl_diag *diag);
/* Imports c from the file path (its SHA-256 and bytes given) in one
 * transaction: the file is recorded as a source unless it already is, and c
 * is added with store_add_commitment(). When the same document (SHA-256) is
 * already stored for c's entity, service, kind and effective_from with the
 * same fee and currency, *already is set and nothing changes (another fee
 * replaces the stored version); the same document for another entity, service
 * or date is a new commitment of the same source. */
enum sl_status store_import_commitment(struct store *st, const char *path, const char *sha256,
                                       const char *format, long long bytes,
                                       const struct commitment *c, bool *already, bool *replaced,
                                       struct sl_diag *diag);
/* Commitments ordered by entity, service (NULL first), kind, effective_from
 * (SLTIME_NONE first), id; entity and kind filter when not NULL. */
enum sl_status store_each_commitment(struct store *st, const char *entity, const char *kind,
                                     store_commitment_fn fn, void *ctx, struct sl_diag *diag);

typedef int (*store_gpu_event_fn)(void *ctx, const struct gpu_event *ev);
/* GPU fault events with time in [from, to), by time then host, pci; entity
 * filters when not NULL. */
enum sl_status store_each_gpu_event(struct store *st, const char *entity, int64_t from, int64_t to,
                                    store_gpu_event_fn fn, void *ctx, struct sl_diag *diag);

/* Earliest start and latest end of everything stored (intervals, maintenance,
 * incidents); both SLTIME_NONE when the store is empty. */
enum sl_status store_data_span(struct store *st, int64_t *first, int64_t *last,
                               struct sl_diag *diag);

/* An audit record (engine/auditrec.h): a postmortem, action item, patch,
 * on-call shift, change, notification or entity profile. fields is a JSON
 * object; source is the path of the file it came from (set by the reader,
 * ignored when adding). */
struct audit_record {
    const char *kind, *entity, *key, *fields;
    long line;
    const char *source;
};

typedef int (*store_audit_record_fn)(void *ctx, const struct audit_record *r);

/* Within an open source transaction. A record with the same kind, entity and
 * key replaces the stored one and sets *updated. */
enum sl_status store_add_audit_record(struct store *st, const struct audit_record *r, bool *updated,
                                      struct sl_diag *diag);
/* Audit records ordered by kind, entity, key; entity and kind filter when not
 * NULL. */
enum sl_status store_each_audit_record(struct store *st, const char *entity, const char *kind,
                                       store_audit_record_fn fn, void *ctx, struct sl_diag *diag);

typedef int (*store_origin_fn)(void *ctx, const char *key, const char *path, long line);
/* For each incident of entity: its key, the path of the file it was last read
 * from and its line there, by key. Evidence cites these. */
enum sl_status store_each_incident_origin(struct store *st, const char *entity, store_origin_fn fn,
                                          void *ctx, struct sl_diag *diag);
typedef int (*store_incident_source_fn)(void *ctx, const char *key, const char *path,
                                        const char *format, long line);
/* The same, with the format the file was read as (sources.format): what
 * kind of source the incident's record is. */
enum sl_status store_each_incident_source(struct store *st, const char *entity,
                                          store_incident_source_fn fn, void *ctx,
                                          struct sl_diag *diag);

/* Intervals of one series overlapping [from, to), by start, each with the
 * format of the source file it came from (sources.format: "probe-csv",
 * "statuspage-json", ...), so that a reader can tell a provider's own status
 * history from the user's probes. */
typedef int (*store_sourced_interval_fn)(void *ctx, const struct interval *iv, const char *format);
enum sl_status store_each_interval_sourced(struct store *st, const char *entity,
                                           const char *service, int64_t from, int64_t to,
                                           store_sourced_interval_fn fn, void *ctx,
                                           struct sl_diag *diag);
/* ---- origins of intervals, for a claim's evidence ----
 * Intervals of one series overlapping [from, to), by start, each with the
 * path of the source file it came from. The store keeps an interval's file
 * and key (iv->key, NULL when the source names none) but not its line:
 * probes are folded into intervals, so iv->line is 0. */
typedef int (*store_interval_origin_fn)(void *ctx, const struct interval *iv, const char *path);
enum sl_status store_each_interval_origin(struct store *st, const char *entity, const char *service,
                                          int64_t from, int64_t to, store_interval_origin_fn fn,
                                          void *ctx, struct sl_diag *diag);
/* Maintenance windows of one series overlapping [from, to), by start, each
 * with the path of its source file (m->line is its line there). */
typedef int (*store_maintenance_origin_fn)(void *ctx, const struct maintenance *m,
                                           const char *path);
enum sl_status store_each_maintenance_origin(struct store *st, const char *entity,
                                             const char *service, int64_t from, int64_t to,
                                             store_maintenance_origin_fn fn, void *ctx,
                                             struct sl_diag *diag);

/* The file each commitment of entity was imported from: for each, by id, its
 * entity, service (NULL: every service), kind, effective_from and document
 * (the other fields of c are not read: terms "" and no fee), with the path
 * and SHA-256 recorded for its source, so that a reader can open the
 * document again and know whether it is still the one imported. */
typedef int (*store_commitment_origin_fn)(void *ctx, const struct commitment *c, const char *path,
                                          const char *sha256);
enum sl_status store_each_commitment_origin(struct store *st, const char *entity,
                                            store_commitment_origin_fn fn, void *ctx,
                                            struct sl_diag *diag);

/* Incidents of entity and service (NULL: any) that overlap [from, to) — from
 * their start (started, else detected) to resolved, else mitigated, else
 * open-ended — by start then key, each with the format of the source file it
 * was last read from. */
typedef int (*store_sourced_incident_fn)(void *ctx, const struct incident *inc, const char *format);
enum sl_status store_each_incident_sourced(struct store *st, const char *entity,
                                           const char *service, int64_t from, int64_t to,
                                           store_sourced_incident_fn fn, void *ctx,
                                           struct sl_diag *diag);

/* One evaluation result as stored (migration 5): a row of `slaudit eval`
 * for one entity, service (NULL: the entity as a whole), window, measure and,
 * for the contract measure, commitment target. NAN stands for a NULL number;
 * strings are borrowed. */
struct eval_record_stats {
    long n;
    double mean, median, p90, max; /* seconds; NAN when n == 0 */
};

struct eval_record {
    const char *definitions_hash; /* SHA-256 (hex) of definitions */
    const char *definitions;      /* the "definitions" object as JSON */
    const char *entity, *service;
    const char *window_kind; /* month, quarter, year, rolling */
    int64_t window_start, window_end;
    const char *measure;    /* "neutral" or "contract" */
    const char *commitment; /* contract: "<document>#<target index>"; NULL for neutral */
    double availability;    /* NAN: unknown */
    double downtime_seconds;
    int64_t eligible_seconds, unknown_seconds, maintenance_seconds;
    long incidents, incidents_open, incidents_merged;
    struct eval_record_stats tta, ttr;
    const char *sla;      /* the "sla" block as JSON; NULL for neutral rows */
    const char *result;   /* the whole result object of docs/design.md §5 as JSON */
    int64_t evaluated_at; /* set by the store (the clock) when adding */
};

typedef int (*store_eval_record_fn)(void *ctx, const struct eval_record *r);

/* Stores records[0..n) in one transaction (not within a source transaction).
 * Rows already stored with the same definitions hash, entity, service and
 * window (kind, start, end) are replaced: deleted first, whatever their
 * measure, so a run replaces the whole of its earlier result for a window.
 * The definitions are stored on the first record of each run of records
 * of one entity and hash, and '' in the definitions column of the others
 * (store_each_eval_result reads every record with them). */
enum sl_status store_put_eval_results(struct store *st, const struct eval_record *records, size_t n,
                                      struct sl_diag *diag);
/* Stored results whose window overlaps [from, to), ordered by entity, service
 * (NULL first), window start, window kind, measure, commitment; entity and
 * definitions_hash filter when not NULL. */
enum sl_status store_each_eval_result(struct store *st, const char *entity, int64_t from,
                                      int64_t to, const char *definitions_hash,
                                      store_eval_record_fn fn, void *ctx, struct sl_diag *diag);

#endif
