/* ingest_file.h — the ingest protocol: one input file into the store in one
 * transaction, keyed by its SHA-256, so that a file is stored whole or not at
 * all and the same bytes are never stored twice.
 *
 * ingest_file() does, in this order:
 *   1. opens path as infile_open() does (a regular file; a FIFO is refused,
 *      never waited on) and hashes the whole file;
 *   2. chooses the format: opt->format when its parse is set, otherwise the
 *      caller's opt->detect on the file's first INGEST_SNIFF_BYTES bytes;
 *   3. begins the file's transaction, keyed by the SHA-256 together with
 *      the options that change its records and, on a server, the role
 *      that ingests (ingest_key.h; store_source_begin): a key already on
 *      record ends the call here with SL_OK and out->already, and the
 *      store is as it was. With opt->replace the sources of the same path
 *      or key are forgotten instead, in the same transaction
 *      (store_source_replace);
 *   4. parses the file through ingest_parse() (the store on a second thread)
 *      and writes what is still buffered (ingest_finish);
 *   5. refuses the file if it changed while it was read: its size, inode,
 *      modification time or change time moved since it was opened, or it no
 *      longer has the size that was hashed. The change time cannot be set
 *      back by a user, so a write that restores the mtime is still seen.
 *      This is checked before the commit, so the SHA-256 on record always
 *      names the bytes that were stored;
 *   6. commits with the counts (store_source_finish). A failure in steps 3 to
 *      6 rolls the transaction back: nothing of the file is kept. When the
 *      store says the server asks for the transaction to be run again (a
 *      deadlock with another ingest: store_should_retry), steps 3 to 6 run
 *      again from the start of the file, after a random pause, up to ten
 *      times in all.
 *
 * The engine does not know the parsers (their registry is in parsers/): the
 * caller hands in the chosen format, or a detect function that chooses one.
 *
 * Diagnostics (diag names path, and the line where one is known):
 *   SL_ERR_IO     "cannot open: ..." (from infile_open), "cannot read: ..."
 *   SL_ERR_INPUT  "not a regular file"; "format not recognised" (line 1,
 *                 out->unrecognised: detect chose none); "no entity: FORMAT
 *                 files name none; give --entity ..." (the format needs an
 *                 entity and opt->entity is NULL: checked before step 3);
 *                 "no records: nothing in the file reads as FORMAT" (with
 *                 "(--format); it is not that format" when the caller chose
 *                 it; "no records: the file looked like FORMAT (DETECTS),
 *                 but nothing in it reads as FORMAT's records; give --format
 *                 if it is another" when detection chose it and says why)
 *                 and "nothing stored: all N records read as FORMAT were
 *                 rejected" (checked at step 5: a file that yields nothing
 *                 is not recorded, and may be read again); "--covers: FORMAT
 *                 gives no status history to cover (its records stand for
 *                 their own times)" (opt->covers for a format that takes no span,
 *                 checked at step 5); the parser's own
 *                 (the file is not its format at all); "the file changed
 *                 while it was read (size, mtime or ctime moved); ingest it
 *                 again once it is complete"
 *   SL_ERR_DB, SL_ERR_NOMEM  the store's and memory's, from steps 3 to 6.
 * Records that cannot be used are not failures: they are counted as rejected
 * and kept in the store's rejects table (the first few in out->shown). */
#ifndef SLAUDIT_INGEST_FILE_H
#define SLAUDIT_INGEST_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/base/status.h"
#include "engine/ingest/ingest.h"
#include "engine/model/model.h"
#include "engine/store/store.h"

/* How much of the file's beginning detect is shown. */
#define INGEST_SNIFF_BYTES 65536

/* A format as the protocol needs it: the name recorded with the file, and
 * the function that streams the file into an ingest. */
struct ingest_file_format {
    const char *name;
    enum sl_status (*parse)(struct ingest *ing, FILE *f);
    /* Its records never name their entity: without opt->entity the file is
     * refused before anything of it is read. */
    bool needs_entity;
    /* What detection took for the format's mark ("a JSON object with page
     * and incident_updates"), named when the file then gives no record; may
     * be NULL. */
    const char *detects;
};

/* What to read and how; every pointer borrowed for the call, zero for what
 * is not given. */
struct ingest_file_options {
    /* The format, when the caller chose it (format.parse set) ... */
    struct ingest_file_format format;
    /* ... or else the function that chooses one from head, the file's first
     * len bytes (at most INGEST_SNIFF_BYTES): true with *out filled, false
     * when no format fits. */
    bool (*detect)(const char *head, size_t len, struct ingest_file_format *out);
    /* As for struct ingest: a default entity and service for records that
     * name none, the zone of timestamps without an offset (NULL = UTC), and
     * the options of log and generic formats. */
    const char *entity, *service, *zone;
    int64_t boot_time;
    const char *host;
    int year;
    const char *map, *config;
    unsigned regex_flags;   /* REGEX_* for the patterns the parsers compile */
    int64_t probe_interval; /* --probe-interval in seconds; 0 = each series' median gap */
    /* --covers FROM..TO (covers set, from < to): the span a status history
     * covers. A format that reads no history does not take it, and the file
     * is then refused (see the diagnostics above). */
    bool covers;
    int64_t covers_from, covers_to;
    /* Called every INGEST_PROGRESS_EVERY records read when set: offset is
     * how far the parser has read into the file (-1 when unknown), bytes the
     * file's size. */
    void (*progress)(void *ctx, long long offset, long long bytes, long records);
    void *progress_ctx;
    /* Everything as usual, then the transaction is rolled back instead of
     * committed: out says what would have been stored and the store is left
     * as it was (the fuzzer runs every input this way). */
    bool dry_run;
    /* Read the file again even when it was read before: the sources of the
     * same path or the same bytes are forgotten in the file's transaction
     * (store_source_replace), so a failure keeps them. */
    bool replace;
};

/* What happened to one file; filled as far as the protocol got. */
struct ingest_file_result {
    char sha256[65];    /* hex, once hashed; "" before */
    char key[65];       /* the key recorded (ingest_key.h), once known; "" before */
    long long bytes;    /* the file's size as hashed */
    const char *format; /* the chosen format's name; NULL until chosen */
    bool already;       /* the same key was stored before: nothing changed */
    bool unrecognised;  /* detect found no format */
    /* The file was recognised but holds nothing to store (ingest.h
     * holds_nothing): why; the call succeeds, the store is as it was and
     * the file is not recorded. NULL otherwise. */
    const char *skipped;
    /* On failure: true when it came once the transaction was begun (steps 3
     * to 6) and everything of the file was rolled back; false when the file
     * could not be opened, read or recognised and the store was not touched. */
    bool rolled_back;
    struct source_counts counts;      /* read, stored, rejected, duplicates */
    long intervals;                   /* status intervals stored */
    struct ingest_kinds kinds;        /* new records per kind (ingest.h) */
    long naive_timestamps;            /* timestamps read in opt->zone: no offset */
    struct ingest_disorder disorder;  /* incidents kept with an impossible order */
    struct store_forgotten forgotten; /* with opt->replace: what the file replaced */
    /* The first min(counts.rejected, INGEST_SHOWN_REJECTS) rejects. */
    struct ingest_reject_note shown[INGEST_SHOWN_REJECTS];
};

/* Ingests the file at path into st (see above). path is also the name
 * recorded with the file and used in diagnostics. */
enum sl_status ingest_file(struct store *st, const char *path,
                           const struct ingest_file_options *opt, struct ingest_file_result *out,
                           struct sl_diag *diag);

/* One commitment that is a whole document of its own (an SLA imported with
 * `sla import`): the file at path is hashed and recorded as a source of
 * format with c as its one record (read 1, stored 1), in one transaction. A
 * commitment with the same entity, service, kind and effective date is
 * replaced and sets *replaced. The same bytes already on record for the same
 * entity, service, kind and effective date set *already and change nothing;
 * for another entity, service or date they are a new commitment of the
 * source already recorded (store_import_commitment). Errors: SL_ERR_IO "cannot read: ..." (the file
 * was not opened or hashed), and the store's, after which nothing was kept. */
enum sl_status ingest_file_commitment(struct store *st, const char *path, const char *format,
                                      const struct commitment *c, bool *already, bool *replaced,
                                      struct sl_diag *diag);

#endif
