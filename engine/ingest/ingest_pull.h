/* ingest_pull.h — what a pull of a service's API brought, into the store in
 * one transaction: every answer a source of its own (its request as the
 * path, the key a file of its bytes read with the same options would have:
 * ingest_key.h), read by the format that reads that API's
 * bodies, so its records get the keys, rejects and updates a file of the
 * same bytes would; then the pull itself, a source of format "pull" whose
 * path is the caller's record of what was asked (the cursor the next pull
 * starts from). All of it is kept, or none.
 *
 * An answer on record already under its key is not read again (its
 * records are stored). A pull whose record and answers are all on record
 * changes nothing and sets out->already. A body the format cannot read
 * (a truncated one) fails the pull with the parser's diagnostic, which
 * names the request as its file. */
#ifndef SLAUDIT_INGEST_PULL_H
#define SLAUDIT_INGEST_PULL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"
#include "engine/ingest/ingest.h"
#include "engine/ingest/ingest_file.h"
#include "engine/store/store.h"

/* The format of the source that records a pull. */
#define INGEST_PULL_FORMAT "pull"

/* One answer of the API: the request that brought it ("GET URL"), and its
 * body. */
struct ingest_pull_answer {
    const char *request;
    const char *body;
    size_t len;
};

struct ingest_pull_options {
    struct ingest_file_format format; /* reads every body */
    const char *entity, *service, *zone;
    int64_t probe_interval; /* as struct ingest's: 0 = each series' median gap */
    const char *record;     /* the path of the pull's own source */
    bool dry_run;           /* everything, then rolled back */
};

struct ingest_pull_result {
    long answers, known;         /* bodies read; bodies on record already */
    struct source_counts counts; /* over every body read */
    long intervals;
    struct ingest_kinds kinds;
    bool already; /* the same pull is on record: nothing changed */
    struct ingest_reject_note shown[INGEST_SHOWN_REJECTS];
    long nshown;
};

enum sl_status ingest_pull(struct store *st, const struct ingest_pull_answer *answers, size_t n,
                           const struct ingest_pull_options *opt, struct ingest_pull_result *out,
                           struct sl_diag *diag);

#endif
