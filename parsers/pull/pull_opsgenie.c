/* pull_opsgenie.c — Opsgenie's Alert API v2 `GET /v2/alerts`: the alerts
 * created in [since, until) (a search on createdAt in epoch milliseconds),
 * oldest first, paged by offset while the answer's paging names a next
 * page. The next page is asked of the URL given, never of the one the
 * answer names, so the key goes nowhere else. */
#include <stdio.h>

#include "engine/base/jsondoc.h"
#include "parsers/pull/pull_kinds.h"

#define OG_LIMIT 100

static enum sl_status
advance(const struct pull_query *q, struct pull_step *at, const char *body, size_t len, bool *done,
        const char *url_shown, struct sl_diag *diag)
{
    (void)q;
    struct json_node *root;
    enum sl_status s = jsondoc_load_buffer(body, len, url_shown, 1, &root, diag);
    if (s)
        return s;
    const struct json_node *data = jsondoc_get(root, "data");
    if (jsondoc_kind(data) != JNODE_ARRAY)
        s = diag_set(diag, SL_ERR_INPUT, url_shown, 0, "the answer has no data[]");
    size_t n = jsondoc_size(data);
    *done = !n || !jsondoc_get_string(jsondoc_get(root, "paging"), "next");
    at->offset += (long)n;
    jsondoc_free(root);
    return s;
}

static enum sl_status
request(const struct pull_query *q, struct pull_step *at, struct strbuf *url, bool *done)
{
    *done = false;
    char search[96];
    snprintf(search, sizeof search, "createdAt>=%lld AND createdAt<%lld",
             (long long)q->since * 1000, (long long)q->until * 1000);
    enum sl_status s = strbuf_addf(url, "%s/v2/alerts?query=", q->url);
    if (!s)
        s = pull_add_escaped(url, search);
    if (!s)
        s = strbuf_addf(url, "&sort=createdAt&order=asc&limit=%d&offset=%ld", OG_LIMIT, at->offset);
    return s;
}

const struct pull_kind pull_opsgenie = {
    .name = "opsgenie",
    .format = "opsgenie",
    .about = "Opsgenie Alert API v2 alerts (createdAt in the window, offset pages)",
    .default_url = "https://api.opsgenie.com",
    .auth = "Authorization: GenieKey ",
    .needs_token = true,
    .windowed = true,
    .advance = advance,
    .request = request,
};
