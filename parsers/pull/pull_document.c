/* pull_document.c — the kinds whose history is one published document,
 * asked for whole at the URL given: Google Cloud's incidents.json and the
 * AWS Health Dashboard's history. */
#include <stddef.h>

#include "parsers/pull/pull_kinds.h"

static enum sl_status
request(const struct pull_query *q, struct pull_step *at, struct strbuf *url, bool *done)
{
    *done = at->request > 0;
    return *done ? SL_OK : strbuf_addstr(url, q->url);
}

const struct pull_kind pull_gcp_status = {
    .name = "gcp-status",
    .format = "gcp-status",
    .about = "Google Cloud's published incident history (incidents.json)",
    .default_url = "https://status.cloud.google.com/incidents.json",
    .request = request,
};

const struct pull_kind pull_aws_health = {
    .name = "aws-health",
    .format = "aws-health",
    .about = "the AWS Health Dashboard's published event history (its JSON document)",
    .request = request,
};
