/* pull.h — one pull of a service's API: the requests its kind gives
 * (parsers/pull/pull_kinds.h) made one after another through engine/base/
 * http.h, every answer kept, then all of them stored in one transaction
 * (engine/ingest/ingest_pull.h) with the pull's record, so a failed
 * request, an answer the format cannot read, or a limit passed changes
 * nothing.
 *
 * A pull is recorded as a source of format "pull" whose path is its
 * record, "KIND URL [query Q step N] entity E until T": what was asked and
 * up to when. The next pull of the same identity (everything before
 * " until ") starts from that T (pull_last_until). */
#ifndef SLAUDIT_PULL_H
#define SLAUDIT_PULL_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/base/http.h"
#include "engine/base/status.h"
#include "engine/base/strbuf.h"
#include "engine/ingest/ingest_pull.h"
#include "engine/store/store.h"
#include "parsers/pull/pull_kinds.h"

struct pull_options {
    const struct pull_kind *kind;
    struct pull_query q;
    const char *entity, *service, *zone; /* as ingest's --entity, --service, --tz */
    const char *token;                   /* NULL: none; sent, never shown */
    struct http_limits limits;           /* per request, and the deadline of the pull */
    int max_pages;                       /* requests at most */
    /* Called before each request when set (the cli draws a progress line). */
    void (*progress)(void *ctx, int request, const char *url);
    void *progress_ctx;
};

struct pull_result {
    int requests;
    long long bytes;
    struct ingest_pull_result stored;
};

/* The pull's identity into out (reset first): what comes before " until ". */
enum sl_status pull_identity(const struct pull_options *opt, struct strbuf *out);
/* The until of the last pull of opt's identity on record: *found false when
 * there is none. */
enum sl_status pull_last_until(struct store *st, const struct pull_options *opt, int64_t *until,
                               bool *found, struct sl_diag *diag);
/* The first request's URL, for --dry-run: nothing is fetched. */
enum sl_status pull_first_request(const struct pull_options *opt, struct strbuf *url);
/* Runs the pull. Errors: the request that failed as http_get says it
 * (SL_ERR_IO, SL_ERR_LIMIT), the answer that did not read (SL_ERR_INPUT,
 * its request as the file), SL_ERR_LIMIT "more than N requests"; the
 * store's. Nothing is stored on any of them. */
enum sl_status pull_run(struct store *st, const struct pull_options *opt, struct pull_result *out,
                        struct sl_diag *diag);

#endif
