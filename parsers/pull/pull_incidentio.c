/* pull_incidentio.c — incident.io's API v2 `GET /v2/incidents`: every
 * incident, paged by the `after` cursor of the answer's pagination_meta
 * until an answer names none or holds no incident. */
#include <stdio.h>
#include <string.h>

#include "engine/base/jsondoc.h"
#include "parsers/pull/pull_kinds.h"

#define IO_PAGE_SIZE 250

static enum sl_status
advance(const struct pull_query *q, struct pull_step *at, const char *body, size_t len, bool *done,
        const char *url_shown, struct sl_diag *diag)
{
    (void)q;
    struct json_node *root;
    enum sl_status s = jsondoc_load_buffer(body, len, url_shown, 1, &root, diag);
    if (s)
        return s;
    const struct json_node *incidents = jsondoc_get(root, "incidents");
    const char *after = jsondoc_get_string(jsondoc_get(root, "pagination_meta"), "after");
    if (jsondoc_kind(incidents) != JNODE_ARRAY)
        s = diag_set(diag, SL_ERR_INPUT, url_shown, 0, "the answer has no incidents[]");
    else if (after && strlen(after) >= sizeof at->after)
        s = diag_set(diag, SL_ERR_INPUT, url_shown, 0, "the answer's cursor is too long");
    *done = !jsondoc_size(incidents) || !after || !*after || !strcmp(after, at->after);
    if (!s && !*done)
        snprintf(at->after, sizeof at->after, "%s", after);
    jsondoc_free(root);
    return s;
}

static enum sl_status
request(const struct pull_query *q, struct pull_step *at, struct strbuf *url, bool *done)
{
    *done = false;
    enum sl_status s = strbuf_addf(url, "%s/v2/incidents?page_size=%d", q->url, IO_PAGE_SIZE);
    if (!s && at->after[0] && !(s = strbuf_addstr(url, "&after=")))
        s = pull_add_escaped(url, at->after);
    return s;
}

const struct pull_kind pull_incidentio = {
    .name = "incidentio",
    .format = "milestones-json",
    .about = "incident.io API v2 incidents (the `after` cursor of pagination_meta)",
    .default_url = "https://api.incident.io",
    .auth = "Authorization: Bearer ",
    .needs_token = true,
    .advance = advance,
    .request = request,
};
