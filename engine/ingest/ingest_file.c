/* ingest_file.c — the ingest protocol: a file hashed, its format chosen,
 * parsed in one transaction keyed by its SHA-256, and refused if it changed
 * while it was read (ingest_file.h). */
#include "engine/ingest/ingest_file.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/base/infile.h"
#include "engine/base/sha256.h"
#include "engine/ingest/ingest_key.h"

/* How many times a file's transaction is run when the server asks for it
 * to be run again, and the longest pause before a run. */
#define INGEST_TRIES 10
#define INGEST_PAUSE_MAX_MS 2000

/* The caller's progress callback, told where in the file the parser is. */
struct file_progress {
    const struct ingest_file_options *opt;
    FILE *f;
    long long bytes;
};

static void
progress_relay(void *ctx, const struct ingest *ing)
{
    const struct file_progress *fp = ctx;
    fp->opt->progress(fp->opt->progress_ctx, (long long)ftell(fp->f), fp->bytes, ing->counts.read);
}

/* True when the file behind fd is no longer what was hashed: its size, its
 * modification time, or its change time moved. The change time cannot be set
 * back by a user, so a write that restores the mtime is still seen. Checked
 * once the file is parsed and before the transaction commits, so the SHA-256
 * on record always names the bytes that were stored. */
static bool
file_changed(int fd, const struct stat *before)
{
    struct stat now;
    if (fstat(fd, &now))
        return true;
    return now.st_size != before->st_size || now.st_ino != before->st_ino ||
           now.st_mtim.tv_sec != before->st_mtim.tv_sec ||
           now.st_mtim.tv_nsec != before->st_mtim.tv_nsec ||
           now.st_ctim.tv_sec != before->st_ctim.tv_sec ||
           now.st_ctim.tv_nsec != before->st_ctim.tv_nsec;
}

static void
keep_counts(struct ingest_file_result *out, const struct ingest *ing)
{
    out->counts = ing->counts;
    out->intervals = ing->intervals;
    out->kinds = ing->kinds;
    out->naive_timestamps = ing->naive_timestamps;
    out->disorder = ing->disorder;
    memcpy(out->shown, ing->shown, sizeof out->shown);
}

/* Before the run after the tries-th: a random pause of up to 50 ms doubled
 * per try (at most INGEST_PAUSE_MAX_MS), so that the ingests a deadlock set
 * against each other do not meet again at once: the one let through
 * commits, and the others, run after it, find its rows committed and wait
 * for nobody. */
static void
retry_pause(int tries)
{
    static unsigned seed;
    if (!seed)
        seed = (unsigned)getpid() ^ (unsigned)time(NULL);
    long max_ms = 50L << (tries < 6 ? tries : 6);
    if (max_ms > INGEST_PAUSE_MAX_MS)
        max_ms = INGEST_PAUSE_MAX_MS;
    long ms = rand_r(&seed) % max_ms;
    struct timespec pause = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&pause, NULL);
}

/* Steps 3 to 6 of ingest_file.h: the file's transaction, from its SHA-256
 * to the commit, with the file read from its start. */
static enum sl_status
ingest_transaction(struct store *st, const char *path, const struct ingest_file_options *opt,
                   const struct ingest_file_format *format, FILE *f, const struct stat *sb,
                   struct ingest_file_result *out, struct sl_diag *diag)
{
    long long bytes = out->bytes;
    enum sl_status s;
    struct ingest ing;
    ingest_init(&ing, st, path, diag);
    ing.entity = opt->entity;
    ing.service = opt->service;
    ing.zone = opt->zone;
    ing.regex_flags = opt->regex_flags;
    ing.probe_interval = opt->probe_interval;
    ing.boot_time = opt->boot_time;
    ing.host = opt->host;
    ing.covers_set = opt->covers;
    ing.covers_from = opt->covers_from;
    ing.covers_to = opt->covers_to;
    ing.year = opt->year;
    ing.map = opt->map;
    ing.config = opt->config;
    struct file_progress fp = {.opt = opt, .f = f, .bytes = bytes};
    if (opt->progress) {
        ing.progress = progress_relay;
        ing.progress_ctx = &fp;
    }
    s = opt->replace
            ? store_source_replace(st, path, out->key, format->name, bytes, &out->forgotten, diag)
            : store_source_begin(st, path, out->key, format->name, bytes, &out->already, diag);
    if (!s && !out->already) {
        if (!(s = ingest_parse(&ing, format->parse, f)) && !(s = ingest_finish(&ing))) {
            if (!ing.counts.read && ing.holds_nothing) {
                out->skipped = ing.holds_nothing;
                store_source_abort(st);
            } else if (!ing.counts.read && !opt->format.parse && format->detects)
                s = diag_set(diag, SL_ERR_INPUT, path, 0,
                             "no records: the file looked like %s (%s), but nothing in it "
                             "reads as %s's records; give --format if it is another",
                             format->name, format->detects, format->name);
            else if (!ing.counts.read)
                s = diag_set(diag, SL_ERR_INPUT, path, 0,
                             opt->format.parse
                                 ? "no records: nothing in the file reads as %s (--format); "
                                   "it is not that format"
                                 : "no records: nothing in the file reads as %s",
                             format->name);
            else if (!ing.counts.stored && !ing.counts.duplicates && !ing.counts.rejected)
                s = diag_set(diag, SL_ERR_INPUT, path, 0,
                             "nothing stored: none of the %ld records read as %s names a "
                             "service whose status changes (map one: --map service=PATH)",
                             ing.counts.read, format->name);
            else if (!ing.counts.stored && !ing.counts.duplicates)
                s = diag_set(diag, SL_ERR_INPUT, path, 0,
                             "nothing stored: all %ld records read as %s were rejected",
                             ing.counts.rejected, format->name);
            else if (opt->covers && !ing.covers_used)
                s = diag_set(diag, SL_ERR_INPUT, path, 0,
                             "--covers: %s gives no status history to cover (its records "
                             "stand for their own times)",
                             format->name);
            else if (file_changed(fileno(f), sb) || (long long)sb->st_size != bytes)
                s = diag_set(diag, SL_ERR_INPUT, path, 0,
                             "the file changed while it was read (size, mtime or ctime moved); "
                             "ingest it again once it is complete");
            else if (opt->dry_run)
                store_source_abort(st);
            else
                s = store_source_finish(st, &ing.counts, diag);
        }
        if (s)
            store_source_abort(st);
    }
    keep_counts(out, &ing);
    ingest_release(&ing);
    return s;
}

enum sl_status
ingest_file(struct store *st, const char *path, const struct ingest_file_options *opt,
            struct ingest_file_result *out, struct sl_diag *diag)
{
    struct stat sb;
    FILE *f;
    memset(out, 0, sizeof *out);
    enum sl_status s = infile_open(path, &f, &sb, diag);
    if (s)
        return s;
    char head[INGEST_SNIFF_BYTES];
    long long bytes;
    if (sha256_stream(f, out->sha256, &bytes) || fseek(f, 0, SEEK_SET)) {
        s = diag_set(diag, SL_ERR_IO, path, 0, "cannot read: %s", strerror(errno));
        fclose(f);
        return s;
    }
    out->bytes = bytes;
    struct ingest_file_format format = opt->format;
    size_t n = fread(head, 1, sizeof head, f);
    const char *not_text = infile_not_text(head, n);
    if (format.parse && not_text) {
        fclose(f);
        return diag_set(diag, SL_ERR_INPUT, path, 1, "%s, not text: --format %s cannot read it; %s",
                        not_text, format.name, INFILE_TEXT_ONLY);
    }
    if (!format.parse) {
        if (!opt->detect || !opt->detect(head, n, &format)) {
            fclose(f);
            out->unrecognised = true;
            return diag_set(diag, SL_ERR_INPUT, path, 1, "format not recognised");
        }
    }
    rewind(f);
    out->format = format.name;
    if (format.needs_entity && !opt->entity) {
        fclose(f);
        return diag_set(diag, SL_ERR_INPUT, path, 0,
                        "no entity: %s files name none; give --entity provider:NAME or team:NAME",
                        format.name);
    }
    char scope[256];
    if ((s = store_source_scope(st, scope, sizeof scope, diag)) ||
        (s = ingest_key(out->sha256, opt, scope, out->key))) {
        fclose(f);
        return s == SL_ERR_NOMEM ? diag_set(diag, s, path, 0, "out of memory") : s;
    }

    /* A server may end a transaction that met another's (a deadlock, a
     * serialization failure) and ask for it to be run again: it is, from
     * the start of the file, after a pause (retry_pause). */
    s = ingest_transaction(st, path, opt, &format, f, &sb, out, diag);
    for (int tries = 1; s == SL_ERR_DB && store_should_retry(st) && tries < INGEST_TRIES; tries++) {
        retry_pause(tries);
        rewind(f);
        s = ingest_transaction(st, path, opt, &format, f, &sb, out, diag);
    }
    out->rolled_back = s != SL_OK;
    fclose(f);
    return s;
}

enum sl_status
ingest_file_commitment(struct store *st, const char *path, const char *format,
                       const struct commitment *c, bool *already, bool *replaced,
                       struct sl_diag *diag)
{
    char sha[65];
    long long bytes = 0;
    FILE *f;
    *already = false;
    *replaced = false;
    if (!(f = fopen(path, "rb")) || sha256_stream(f, sha, &bytes)) {
        enum sl_status s = diag_set(diag, SL_ERR_IO, path, 0, "cannot read: %s", strerror(errno));
        if (f)
            fclose(f);
        return s;
    }
    fclose(f);
    return store_import_commitment(st, path, sha, format, bytes, c, already, replaced, diag);
}
