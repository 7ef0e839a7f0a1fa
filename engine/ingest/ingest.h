/* ingest.h — what a parser hands its records to. One struct ingest lives for
 * one input file: it owns the file's transaction in the store (opened by the
 * caller with store_source_begin), counts what was read, stored, rejected and
 * seen again, and turns probe results into intervals.
 *
 * Every ingest_* call counts one record read. A record that cannot be used is
 * passed to ingest_reject() with its line and reason; it is kept in the
 * store's rejects table, never dropped. The functions return non-OK only for
 * failures that must end the file (the store failed, memory ran out).
 *
 * Threads: a struct ingest and every ingest_* call belong to the thread that
 * parses. During ingest_parse the store is the store thread's (struct
 * ingest_writer, with its own diagnostic and tally, merged back when the
 * parse ends); the parser reaches it only through the queue. */
#ifndef SLAUDIT_INGEST_H
#define SLAUDIT_INGEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/ingest/changes.h"
#include "engine/ingest/ingest_queue.h"
#include "engine/model/model.h"
#include "engine/ingest/probes.h"
#include "engine/base/status.h"
#include "engine/store/store.h"

/* The longest raw text kept with a rejected record. */
#define INGEST_REJECT_RAW_MAX 4096
/* How many rejects an ingest remembers to show the user at once. */
#define INGEST_SHOWN_REJECTS 5

struct ingest_reject_note {
    long line;
    char reason[200];
};

/* Incidents kept although two of their stamps are in an impossible order
 * (incident_times_disorder): each loses only that duration. first_why is a
 * static string. */
struct ingest_disorder {
    long count;
    long first_line;
    const char *first_why;
};

/* The hour of the last "YYYY-MM-DDTHH:MM:SSZ" timestamp read in full, so the
 * next ones of that hour are read without the general parser. */
struct ingest_clock {
    char hour[14]; /* "YYYY-MM-DDTHH:" */
    int64_t start; /* the instant that hour begins */
    bool valid;
};

/* The new records a file gave, per kind: what a person asks of a file ("2
 * incidents and 25 status intervals"). Updates and records seen before are
 * counted in counts.duplicates instead; rejects in counts.rejected. probes
 * are probe results taken and changes the state changes taken (both become
 * the intervals counted in struct ingest's intervals, not here); skipped are
 * records of a state-change log that change no service's status (they only
 * state a time of the log's span). latency_samples are the probe latencies
 * stored (engine/store/store_latency.h), one per probe taken that states
 * one. updated are the incidents of counts.duplicates that said something
 * else than the stored record they replaced (a re-export that changed a
 * title or a severity): the file changed the store though it brought
 * nothing new. */
struct ingest_kinds {
    long incidents, intervals, maintenance, gpu_events, commitments, audit_records, probes, changes,
        skipped;
    long latency_samples;
    long updated;
};

/* What storing records changed, counted where they are stored. */
struct ingest_tally {
    long stored, duplicates, intervals;
    struct ingest_kinds kinds;
};

/* The store side of an ingest: on the store thread during a parse. */
struct ingest_writer {
    struct store *store;
    struct sl_diag *diag;
    struct ingest_tally tally;
};

struct ingest {
    struct store *store;
    const char *path;    /* the file as named by the user, for messages */
    const char *entity;  /* --entity: used when a record names none; may be NULL */
    const char *service; /* --service: likewise */
    const char *zone;    /* zone for timestamps without an offset; NULL = UTC */
    struct source_counts counts;
    long naive_timestamps; /* timestamps read in `zone` because they had no offset */
    struct ingest_disorder disorder;
    struct ingest_clock clock;
    long intervals;               /* status intervals stored */
    struct ingest_kinds kinds;    /* new records per kind (kinds.intervals: keyed and CSV
                                     intervals; probe intervals are only in intervals) */
    struct probes *probes;        /* created on the first probe */
    struct changes *changes;      /* created on the first state change or span time */
    struct ingest_queue *queue;   /* the store thread, during ingest_parse */
    struct ingest_writer *writer; /* what that thread stores with */
    struct ingest_reject_note shown[INGEST_SHOWN_REJECTS]; /* the first rejects */
    struct sl_diag *diag;
    /* Options for log and generic formats; all borrowed, zero when not given. */
    int64_t boot_time;  /* --boot-time: for seconds-since-boot stamps; 0 = not given */
    const char *host;   /* --host: for kernel-log lines whose log names no host */
    int year;           /* --year: of the first syslog line without a year; 0 = from the file */
    const char *map;    /* --map "field=path,...": generic JSON Lines field mapping */
    const char *config; /* --config FILE: YAML field mapping or user-defined line pattern */
    /* Added to every pattern a parser compiles: REGEX_NO_JIT or 0
     * (engine/base/regex.h). */
    unsigned regex_flags;
    /* --probe-interval in seconds; 0 = each series' median gap. */
    int64_t probe_interval;
    /* --covers FROM..TO: the span a status history speaks for, instead of
     * the one its times imply (covers_set). A parser that reads a history
     * sets covers_used when it takes the span (parsers/read/history_span.h),
     * so the protocol can refuse --covers for a file that is not one. */
    bool covers_set, covers_used;
    int64_t covers_from, covers_to;
    /* Set by a parser that recognised its file and found it holds no
     * observation to store (a badge, a configuration): why, a static
     * string. The file is then skipped, not refused, and not recorded. */
    const char *holds_nothing;
    /* Called every INGEST_PROGRESS_EVERY records when set (the cli draws a
     * progress line; library code never prints). */
    void (*progress)(void *ctx, const struct ingest *ing);
    void *progress_ctx;
};

#define INGEST_PROGRESS_EVERY 65536

void ingest_init(struct ingest *ing, struct store *st, const char *path, struct sl_diag *diag);
void ingest_release(struct ingest *ing);

/* Parses a timestamp field; empty text gives SLTIME_NONE and SL_OK. */
enum sl_status ingest_time(struct ingest *ing, const char *text, size_t len, int64_t *out,
                           const char **why);

enum sl_status ingest_incident(struct ingest *ing, const struct incident *inc);
enum sl_status ingest_interval(struct ingest *ing, const struct interval *iv);
enum sl_status ingest_maintenance(struct ingest *ing, const struct maintenance *m);
/* One GPU fault event; the same event seen again counts as a duplicate. */
enum sl_status ingest_gpu_event(struct ingest *ing, const struct gpu_event *ev);
/* A team's objective or a provider's SLA read from an input file; one with the
 * same entity, service, kind and effective date replaces the stored one and
 * counts as a duplicate. */
enum sl_status ingest_commitment(struct ingest *ing, const struct commitment *c);
enum sl_status ingest_probe(struct ingest *ing, const char *entity, const char *service, int64_t t,
                            enum svc_status status, long line, const char *raw, size_t raw_len);
enum sl_status ingest_reject(struct ingest *ing, long line, const char *reason, const char *raw,
                             size_t raw_len);
/* ingest_probe with the probe's latency in milliseconds (NAN: it states
 * none; a negative one is none too). Kept to the microsecond, with the
 * probe: a duplicate probe's latency goes with it. */
enum sl_status ingest_probe_latency(struct ingest *ing, const char *entity, const char *service,
                                    int64_t t, enum svc_status status, double latency_ms, long line,
                                    const char *raw, size_t raw_len);

/* One change of a state-change log (engine/ingest/changes.h): the service
 * holds status `to` from t until its next change, the last one until the end
 * of the span the log states; from is the status it left (SVC_UNKNOWN when
 * the log does not say). A change earlier than its service's previous one
 * is rejected. Counts one record read, stored and one kinds.changes. */
enum sl_status ingest_change(struct ingest *ing, const char *entity, const char *service, int64_t t,
                             enum svc_status from, enum svc_status to, long line, const char *raw,
                             size_t raw_len);
/* A record of a state-change log that changes no service but states time t:
 * it widens the log's span and is counted read and kinds.skipped. */
enum sl_status ingest_change_skipped(struct ingest *ing, int64_t t);

/* A record that holds nothing the store keeps (a webhook event of a kind
 * the format does not use): counts one read and one kinds.skipped. */
void ingest_skipped(struct ingest *ing);
/* A record a parser folded into one it has yet to hand over (a webhook
 * event updating its incident): counts one read and one duplicate. */
void ingest_folded(struct ingest *ing);

/* Runs parse(ing, f) with the records stored on a second thread, in the
 * order the parser gives them, so parsing overlaps storing; counts and
 * rejects are the same as storing each record at once. The store's failure
 * ends the parse at the next hand-over (at most INGEST_QUEUE_BATCH records
 * later) and is returned with its diagnostic. Without a thread, stores as
 * the parse goes. */
/* Ends the parse's store thread early, storing what it holds, so that the
 * parser may use ing->store itself from here on (records it submits later
 * are stored at once, on its own thread). For parsers whose records do not
 * go through the queue (audit records); SL_OK when there is no such thread. */
enum sl_status ingest_store_here(struct ingest *ing);
enum sl_status ingest_parse(struct ingest *ing,
                            enum sl_status (*parse)(struct ingest *ing, FILE *f), FILE *f);

/* Writes what is still buffered (the intervals of probe files and the
 * first and last intervals of state-change logs). */
enum sl_status ingest_finish(struct ingest *ing);

#endif
