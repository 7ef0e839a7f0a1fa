/* ingest.c — counts, rejects and probe folding between parsers and the store. */
#include "engine/ingest/ingest.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/model/incident_times.h"
#include "engine/time/sltime.h"
#include "engine/base/strbuf.h"

/* Lets the caller show progress on long inputs; the cli draws it. */
static void
progress_tick(const struct ingest *ing)
{
    if (ing->progress && ing->counts.read % INGEST_PROGRESS_EVERY == 0)
        ing->progress(ing->progress_ctx, ing);
}

void
ingest_init(struct ingest *ing, struct store *st, const char *path, struct sl_diag *diag)
{
    memset(ing, 0, sizeof *ing);
    ing->store = st;
    ing->path = path;
    ing->diag = diag;
}

void
ingest_release(struct ingest *ing)
{
    probes_free(ing->probes);
    ing->probes = NULL;
    changes_free(ing->changes);
    ing->changes = NULL;
}

/* Minutes and seconds of "YYYY-MM-DDTHH:MM:SSZ", or -1 when text is not of
 * that shape or they are out of range (a leap second goes the long way). */
static int
seconds_into_hour(const char *text, size_t len)
{
    if (len != 20 || text[13] != ':' || text[16] != ':' || text[19] != 'Z')
        return -1;
    int d[4];
    static const int at[4] = {14, 15, 17, 18};
    for (int i = 0; i < 4; i++) {
        d[i] = text[at[i]] - '0';
        if (d[i] < 0 || d[i] > 9)
            return -1;
    }
    int minute = d[0] * 10 + d[1], second = d[2] * 10 + d[3];
    if (minute > 59 || second > 59)
        return -1;
    return minute * 60 + second;
}

enum sl_status
ingest_time(struct ingest *ing, const char *text, size_t len, int64_t *out, const char **why)
{
    int into = seconds_into_hour(text, len);
    /* The hour's start came from sltime_parse on the same first 14 bytes, and
     * a 'Z' time is plain arithmetic within its hour: the same instant. */
    if (into >= 0 && ing->clock.valid && !memcmp(text, ing->clock.hour, sizeof ing->clock.hour)) {
        *out = ing->clock.start + into;
        return SL_OK;
    }
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    if (i == len) {
        *out = SLTIME_NONE;
        return SL_OK;
    }
    bool had_offset;
    enum sl_status rc = sltime_parse(text, len, ing->zone, out, &had_offset, why);
    if (!rc && !had_offset)
        ing->naive_timestamps++;
    if (!rc && into >= 0 && *out != SLTIME_NONE) {
        memcpy(ing->clock.hour, text, sizeof ing->clock.hour);
        ing->clock.start = *out - into;
        ing->clock.valid = true;
    }
    return rc;
}

/* Writes one record and tallies what it did; runs on the store thread while
 * a parse is under way (ingest_parse), else at once. */
static enum sl_status
write_record(void *ctx, const struct ingest_record *rec)
{
    struct ingest_writer *w = ctx;
    bool again = false;
    enum sl_status rc = SL_OK;
    switch (rec->kind) {
    case INGEST_INCIDENT: {
        enum store_put put = STORE_ADDED;
        rc = store_put_incident(w->store, &rec->u.incident, &put, w->diag);
        again = put != STORE_ADDED;
        if (!rc && put == STORE_CHANGED)
            w->tally.kinds.updated++;
        break;
    }
    case INGEST_INTERVAL:
        if (rec->derived) {
            rc = store_add_interval(w->store, &rec->u.interval, w->diag);
            if (!rc)
                w->tally.intervals++;
            return rc;
        }
        rc = rec->u.interval.key ? store_put_interval(w->store, &rec->u.interval, &again, w->diag)
                                 : store_add_interval(w->store, &rec->u.interval, w->diag);
        if (!rc && !again)
            w->tally.intervals++;
        break;
    case INGEST_GPU_EVENT:
        rc = store_add_gpu_event(w->store, &rec->u.gpu_event, &again, w->diag);
        break;
    case INGEST_MAINTENANCE:
        rc = store_add_maintenance(w->store, &rec->u.maintenance, w->diag);
        break;
    case INGEST_COMMITMENT:
        rc = store_add_commitment(w->store, &rec->u.commitment, &again, w->diag);
        break;
    case INGEST_REJECT:
        return store_add_reject(w->store, rec->u.reject.line, rec->u.reject.reason,
                                rec->u.reject.raw, w->diag);
    case INGEST_KIND_COUNT:
        break;
    }
    if (!rc && again)
        w->tally.duplicates++;
    else if (!rc)
        w->tally.stored++;
    if (!rc && !again) {
        struct ingest_kinds *k = &w->tally.kinds;
        long *kind[INGEST_KIND_COUNT] = {
            [INGEST_INCIDENT] = &k->incidents,     [INGEST_INTERVAL] = &k->intervals,
            [INGEST_GPU_EVENT] = &k->gpu_events,   [INGEST_MAINTENANCE] = &k->maintenance,
            [INGEST_COMMITMENT] = &k->commitments,
        };
        if (kind[rec->kind])
            (*kind[rec->kind])++;
    }
    return rc;
}

static void
add_tally(struct ingest *ing, struct ingest_tally *t)
{
    ing->counts.stored += t->stored;
    ing->counts.duplicates += t->duplicates;
    ing->intervals += t->intervals;
    ing->kinds.incidents += t->kinds.incidents;
    ing->kinds.intervals += t->kinds.intervals;
    ing->kinds.maintenance += t->kinds.maintenance;
    ing->kinds.gpu_events += t->kinds.gpu_events;
    ing->kinds.commitments += t->kinds.commitments;
    ing->kinds.updated += t->kinds.updated;
    memset(t, 0, sizeof *t);
}

/* Counts one record read and has it stored: through the queue during a
 * parse, else at once. */
static enum sl_status
submit(struct ingest *ing, const struct ingest_record *rec)
{
    if (rec->kind != INGEST_REJECT && !rec->derived) {
        ing->counts.read++;
        progress_tick(ing);
    }
    if (ing->queue)
        return ingest_queue_add(ing->queue, rec);
    struct ingest_writer w = {ing->store, ing->diag, {0}};
    enum sl_status rc = write_record(&w, rec);
    add_tally(ing, &w.tally);
    return rc;
}

enum sl_status
ingest_reject(struct ingest *ing, long line, const char *reason, const char *raw, size_t raw_len)
{
    if (ing->counts.rejected < INGEST_SHOWN_REJECTS) {
        struct ingest_reject_note *note = &ing->shown[ing->counts.rejected];
        note->line = line;
        snprintf(note->reason, sizeof note->reason, "%s", reason);
    }
    ing->counts.read++;
    progress_tick(ing);
    ing->counts.rejected++;
    struct strbuf sb = STRBUF_INIT;
    /* Keep a bounded, printable copy: the raw text is evidence, not data. */
    size_t n = raw_len < INGEST_REJECT_RAW_MAX ? raw_len : INGEST_REJECT_RAW_MAX;
    enum sl_status rc = SL_OK;
    for (size_t i = 0; i < n && !rc; i++)
        rc = strbuf_addch(&sb, raw[i] ? raw[i] : ' ');
    struct ingest_record rec = {.kind = INGEST_REJECT, .u.reject = {line, reason, sb.buf}};
    if (!rc)
        rc = submit(ing, &rec);
    strbuf_release(&sb);
    return rc;
}

enum sl_status
ingest_incident(struct ingest *ing, const struct incident *inc)
{
    /* Parsers check first, to keep the raw text with the reject; this
     * holds the rule for those that build their times themselves. */
    const char *problem = incident_times_problem(inc);
    if (problem)
        return ingest_reject(ing, inc->line, problem, "", 0);
    const char *disorder = incident_times_disorder(inc);
    if (disorder && !ing->disorder.count++) {
        ing->disorder.first_line = inc->line;
        ing->disorder.first_why = disorder;
    }
    struct ingest_record rec = {.kind = INGEST_INCIDENT, .u.incident = *inc};
    return submit(ing, &rec);
}

enum sl_status
ingest_interval(struct ingest *ing, const struct interval *iv)
{
    struct ingest_record rec = {.kind = INGEST_INTERVAL, .u.interval = *iv};
    return submit(ing, &rec);
}

enum sl_status
ingest_gpu_event(struct ingest *ing, const struct gpu_event *ev)
{
    struct ingest_record rec = {.kind = INGEST_GPU_EVENT, .u.gpu_event = *ev};
    return submit(ing, &rec);
}

enum sl_status
ingest_maintenance(struct ingest *ing, const struct maintenance *m)
{
    struct ingest_record rec = {.kind = INGEST_MAINTENANCE, .u.maintenance = *m};
    return submit(ing, &rec);
}

enum sl_status
ingest_commitment(struct ingest *ing, const struct commitment *c)
{
    struct ingest_record rec = {.kind = INGEST_COMMITMENT, .u.commitment = *c};
    return submit(ing, &rec);
}

/* Ends the store thread of the parse if it still runs: what it holds is
 * stored (or dropped when discard is set), its tally merged, and its first
 * failure copied into the ingest's diagnostic. */
static enum sl_status
queue_end(struct ingest *ing, bool discard)
{
    if (!ing->queue)
        return SL_OK;
    enum sl_status stored = ingest_queue_stop(ing->queue, discard);
    ing->queue = NULL;
    add_tally(ing, &ing->writer->tally);
    if (stored)
        *ing->diag = *ing->writer->diag;
    return stored;
}

enum sl_status
ingest_parse(struct ingest *ing, enum sl_status (*parse)(struct ingest *ing, FILE *f), FILE *f)
{
    struct sl_diag store_diag = {0};
    struct ingest_writer w = {ing->store, &store_diag, {0}};
    assert(!ing->queue);
    if (ingest_queue_start(write_record, &w, &ing->queue))
        return parse(ing, f); /* no second thread: store as the parse goes */
    ing->writer = &w;
    enum sl_status rc = parse(ing, f);
    enum sl_status stored = queue_end(ing, rc != SL_OK);
    ing->writer = NULL;
    return stored ? stored : rc;
}

enum sl_status
ingest_store_here(struct ingest *ing)
{
    return queue_end(ing, false);
}

enum sl_status
ingest_probe(struct ingest *ing, const char *entity, const char *service, int64_t t,
             enum svc_status status, long line, const char *raw, size_t raw_len)
{
    return ingest_probe_latency(ing, entity, service, t, status, NAN, line, raw, raw_len);
}

/* Milliseconds to whole microseconds, rounded; NAN and negatives state no
 * latency, and the longest kept is STORE_LATENCY_MAX_MICROS. */
static uint32_t
latency_micros(double ms)
{
    if (isnan(ms) || ms < 0)
        return PROBES_NO_LATENCY;
    double us = round(ms * 1000.0);
    return us >= (double)STORE_LATENCY_MAX_MICROS ? STORE_LATENCY_MAX_MICROS : (uint32_t)us;
}

enum sl_status
ingest_probe_latency(struct ingest *ing, const char *entity, const char *service, int64_t t,
                     enum svc_status status, double latency_ms, long line, const char *raw,
                     size_t raw_len)
{
    if (!ing->probes && !(ing->probes = probes_new(ing->probe_interval)))
        return diag_set(ing->diag, SL_ERR_NOMEM, ing->path, line, "out of memory");
    enum probe_outcome outcome;
    enum sl_status rc = probes_add_latency(ing->probes, entity, service, t, status,
                                           latency_micros(latency_ms), &outcome);
    if (rc == SL_ERR_LIMIT)
        return diag_set(ing->diag, rc, ing->path, line,
                        "too many probe series in one file: %zu taken, the limit is %d series "
                        "and %zu MiB of their entity and service names; is the service column "
                        "the right one?",
                        probes_series(ing->probes), PROBES_MAX_SERIES, PROBES_MAX_NAME_BYTES >> 20);
    if (rc == SL_ERR_IO)
        return diag_set(ing->diag, rc, ing->path, line,
                        "cannot write the temporary file that holds the probes");
    if (rc)
        return diag_set(ing->diag, rc, ing->path, line, "out of memory");
    switch (outcome) {
    case PROBE_TAKEN:
        ing->counts.read++;
        progress_tick(ing);
        ing->counts.stored++;
        ing->kinds.probes++;
        return SL_OK;
    case PROBE_DUPLICATE:
        ing->counts.read++;
        progress_tick(ing);
        ing->counts.duplicates++;
        return SL_OK;
    case PROBE_OUT_OF_ORDER:
        return ingest_reject(ing, line, "probe earlier than the one before it for its service", raw,
                             raw_len);
    }
    return SL_OK;
}

static enum sl_status
submit_derived(void *ctx, const struct interval *iv)
{
    struct ingest_record rec = {.kind = INGEST_INTERVAL, .derived = true, .u.interval = *iv};
    return submit(ctx, &rec);
}

static enum sl_status
changes_ready(struct ingest *ing, long line)
{
    if (!ing->changes && !(ing->changes = changes_new()))
        return diag_set(ing->diag, SL_ERR_NOMEM, ing->path, line, "out of memory");
    return SL_OK;
}

enum sl_status
ingest_change(struct ingest *ing, const char *entity, const char *service, int64_t t,
              enum svc_status from, enum svc_status to, long line, const char *raw, size_t raw_len)
{
    enum sl_status rc = changes_ready(ing, line);
    enum change_outcome outcome = CHANGE_TAKEN;
    if (!rc)
        rc = changes_add(ing->changes, entity, service, t, from, to, line, &outcome, submit_derived,
                         ing);
    if (rc == SL_ERR_LIMIT)
        return diag_set(ing->diag, rc, ing->path, line,
                        "too many services in one state-change log: %zu taken, the limit is %d "
                        "services and %zu MiB of their entity and service names; is the service "
                        "field the right one?",
                        changes_series(ing->changes), CHANGES_MAX_SERIES,
                        CHANGES_MAX_NAME_BYTES >> 20);
    if (rc == SL_ERR_NOMEM)
        return diag_set(ing->diag, rc, ing->path, line, "out of memory");
    if (rc)
        return rc;
    if (outcome == CHANGE_OUT_OF_ORDER)
        return ingest_reject(
            ing, line, "state change earlier than the one before it for its service", raw, raw_len);
    ing->counts.read++;
    progress_tick(ing);
    ing->counts.stored++;
    ing->kinds.changes++;
    return SL_OK;
}

enum sl_status
ingest_change_skipped(struct ingest *ing, int64_t t)
{
    enum sl_status rc = changes_ready(ing, 0);
    if (rc)
        return rc;
    changes_span_time(ing->changes, t);
    ing->counts.read++;
    progress_tick(ing);
    ing->kinds.skipped++;
    return SL_OK;
}

void
ingest_skipped(struct ingest *ing)
{
    ing->counts.read++;
    progress_tick(ing);
    ing->kinds.skipped++;
}

void
ingest_folded(struct ingest *ing)
{
    ing->counts.read++;
    progress_tick(ing);
    ing->counts.duplicates++;
}

static enum sl_status
store_folded(void *ctx, const struct interval *iv)
{
    struct ingest *ing = ctx;
    return store_add_interval(ing->store, iv, ing->diag);
}

static enum sl_status
store_latency(void *ctx, const char *entity, const char *service, int64_t hour,
              const struct latency_sample *s, size_t n)
{
    struct ingest *ing = ctx;
    return store_latency_add_hour(ing->store, entity, service, hour, s, n, ing->diag);
}

enum sl_status
ingest_finish(struct ingest *ing)
{
    if (ing->changes) {
        /* The parse's store thread has ended: these are stored at once. */
        enum sl_status rc = changes_finish(ing->changes, submit_derived, ing, NULL);
        if (rc)
            return rc;
    }
    if (!ing->probes)
        return SL_OK;
    long emitted = 0, samples = 0;
    enum sl_status rc =
        probes_finish_latency(ing->probes, store_folded, store_latency, ing, &emitted, &samples);
    ing->intervals += emitted;
    ing->kinds.latency_samples += samples;
    if (rc == SL_ERR_IO)
        return diag_set(ing->diag, rc, ing->path, 0,
                        "cannot read back the temporary file that holds the probes");
    return rc;
}
