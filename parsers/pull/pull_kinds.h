/* pull_kinds.h — the APIs `slaudit pull` reads: one row per kind, one file
 * per kind with how it asks. A kind names the format whose parser reads its
 * answers (parsers/formats/registry.h), so a pulled record is read exactly
 * as an exported file of the same bytes; pull_next gives the request after
 * an answer (the page, offset, cursor or chunk that follows), or says the
 * pull is done. */
#ifndef SLAUDIT_PULL_KINDS_H
#define SLAUDIT_PULL_KINDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"
#include "engine/base/strbuf.h"

/* What one pull asks for. */
struct pull_query {
    const char *url;      /* the API's base, without a final '/' */
    const char *query;    /* a kind with a query (kind->query): its expression */
    int64_t step;         /* the same: seconds between points */
    int64_t since, until; /* a windowed kind: the window [since, until) */
};

/* Where a pull stands between two requests; zero before the first. */
struct pull_step {
    int request;     /* requests made so far */
    long offset;     /* offset pagination: the next offset */
    int64_t from;    /* a chunked window: the start of the next chunk */
    char after[256]; /* cursor pagination: the next cursor */
};

struct pull_kind {
    const char *name;
    const char *format;      /* the parser that reads its answers */
    const char *about;       /* for --help and errors */
    const char *default_url; /* NULL: the URL must be given */
    /* The header a token goes in, the token appended ("Authorization:
     * Token token="); NULL: the API takes none. */
    const char *auth;
    bool needs_token;   /* the API answers nothing without one */
    const char *accept; /* an Accept header, or NULL */
    bool windowed;      /* asks for [since, until): keeps a cursor */
    bool query;         /* takes --query and --step */
    /* Reads the answer to the request before, body[0..len): where the
     * pull goes on from (at), or *done when it says there is no more. An
     * answer that does not say how to go on is SL_ERR_INPUT with url_shown
     * as its file. NULL: the kind's answers say nothing of what follows. */
    enum sl_status (*advance)(const struct pull_query *q, struct pull_step *at, const char *body,
                              size_t len, bool *done, const char *url_shown, struct sl_diag *diag);
    /* The URL of the request at (at->request made so far: 0 for the first)
     * into url, which is empty; *done when there is none. */
    enum sl_status (*request)(const struct pull_query *q, struct pull_step *at, struct strbuf *url,
                              bool *done);
};

extern const struct pull_kind pull_statuspage, pull_pagerduty, pull_opsgenie, pull_incidentio,
    pull_prometheus, pull_gcp_status, pull_aws_health;

/* Every kind, ending with NULL. */
extern const struct pull_kind *const pull_kind_table[];
const struct pull_kind *pull_kind_by_name(const char *name);

/* The next request's URL of kind k into url (reset first), from the answer
 * body[0..len) to the request before (NULL before the first): *done when
 * there is none. Errors: those of k->advance, SL_ERR_NOMEM. */
enum sl_status pull_next(const struct pull_kind *k, const struct pull_query *q,
                         struct pull_step *at, const char *body, size_t len, struct strbuf *url,
                         bool *done, const char *url_shown, struct sl_diag *diag);
/* Appends text to url percent-encoded as a query value. */
enum sl_status pull_add_escaped(struct strbuf *url, const char *text);
/* Appends t as RFC 3339 UTC ("2026-10-01T00:00:00Z"), percent-encoded. */
enum sl_status pull_add_time(struct strbuf *url, int64_t t);

#endif
