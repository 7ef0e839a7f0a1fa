/* pull_pagerduty.c — PagerDuty's REST API v2 `GET /incidents`: the
 * incidents created in [since, until), asked in windows of at most
 * PD_WINDOW (the API takes six months at most), each window paged by
 * offset while the answer says `more`. */
#include <stdio.h>

#include "engine/base/jsondoc.h"
#include "parsers/pull/pull_kinds.h"

#define PD_LIMIT 100
#define PD_WINDOW (INT64_C(90) * 86400)

static int64_t
window_end(const struct pull_query *q, int64_t from)
{
    return q->until - from > PD_WINDOW ? from + PD_WINDOW : q->until;
}

/* From the answer before: the next offset in its window, else the next
 * window. */
static enum sl_status
advance(const struct pull_query *q, struct pull_step *at, const char *body, size_t len, bool *done,
        const char *url_shown, struct sl_diag *diag)
{
    (void)done;
    struct json_node *root;
    enum sl_status s = jsondoc_load_buffer(body, len, url_shown, 1, &root, diag);
    if (s)
        return s;
    const struct json_node *incidents = jsondoc_get(root, "incidents");
    bool more = false;
    jsondoc_bool(jsondoc_get(root, "more"), &more);
    size_t n = jsondoc_size(incidents);
    if (jsondoc_kind(incidents) != JNODE_ARRAY)
        s = diag_set(diag, SL_ERR_INPUT, url_shown, 0, "the answer has no incidents[]");
    else if (more && n)
        at->offset += (long)n;
    else {
        at->offset = 0;
        at->from = window_end(q, at->from);
    }
    jsondoc_free(root);
    return s;
}

static enum sl_status
request(const struct pull_query *q, struct pull_step *at, struct strbuf *url, bool *done)
{
    if (at->request == 0)
        at->from = q->since;
    *done = at->from >= q->until;
    if (*done)
        return SL_OK;
    enum sl_status s = strbuf_addf(url, "%s/incidents?since=", q->url);
    if (!s)
        s = pull_add_time(url, at->from);
    if (!s)
        s = strbuf_addstr(url, "&until=");
    if (!s)
        s = pull_add_time(url, window_end(q, at->from));
    if (!s)
        s = strbuf_addf(url, "&time_zone=UTC&limit=%d&offset=%ld&total=false", PD_LIMIT,
                        at->offset);
    return s;
}

const struct pull_kind pull_pagerduty = {
    .name = "pagerduty",
    .format = "pagerduty-json",
    .about = "PagerDuty REST API v2 incidents (since/until, offset pages while `more`)",
    .default_url = "https://api.pagerduty.com",
    .auth = "Authorization: Token token=",
    .needs_token = true,
    .accept = "Accept: application/vnd.pagerduty+json;version=2",
    .windowed = true,
    .advance = advance,
    .request = request,
};
