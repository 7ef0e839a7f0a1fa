/* pull_statuspage.c — a public Statuspage page's API v2: its incidents,
 * its scheduled maintenances and its components, one request each (the
 * API gives each list whole; nothing to page through). */
#include <stddef.h>

#include "parsers/pull/pull_kinds.h"

static const char *const documents[] = {
    "/api/v2/incidents.json",
    "/api/v2/scheduled-maintenances.json",
    "/api/v2/components.json",
};

static enum sl_status
request(const struct pull_query *q, struct pull_step *at, struct strbuf *url, bool *done)
{
    *done = at->request >= (int)(sizeof documents / sizeof *documents);
    if (*done)
        return SL_OK;
    enum sl_status s = strbuf_addstr(url, q->url);
    return s ? s : strbuf_addstr(url, documents[at->request]);
}

const struct pull_kind pull_statuspage = {
    .name = "statuspage",
    .format = "statuspage-json",
    .about = "a public status page's API v2: incidents, scheduled maintenances, components",
    .request = request,
};
