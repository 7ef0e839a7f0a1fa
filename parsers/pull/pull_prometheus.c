/* pull_prometheus.c — Prometheus's `GET /api/v1/query_range` of an
 * up/probe_success style expression: the points step apart in [since,
 * until), asked in chunks of at most PROM_POINTS points a series (under
 * the 11,000 a server answers). Each point is a probe; the step is the
 * probe interval. */
#include <stdio.h>

#include "parsers/pull/pull_kinds.h"

#define PROM_POINTS 10000

/* The first point at or after t: points fall on multiples of the step. */
static int64_t
point_from(int64_t t, int64_t step)
{
    return (t + step - 1) / step * step;
}

/* The chunk after the one answered. */
static enum sl_status
advance(const struct pull_query *q, struct pull_step *at, const char *body, size_t len, bool *done,
        const char *url_shown, struct sl_diag *diag)
{
    (void)body;
    (void)len;
    (void)done;
    (void)url_shown;
    (void)diag;
    at->from += PROM_POINTS * q->step;
    return SL_OK;
}

static enum sl_status
request(const struct pull_query *q, struct pull_step *at, struct strbuf *url, bool *done)
{
    int64_t last = (q->until - 1) / q->step * q->step; /* the last point before until */
    int64_t span = (PROM_POINTS - 1) * q->step;
    if (at->request == 0)
        at->from = point_from(q->since, q->step);
    *done = at->from > last;
    if (*done)
        return SL_OK;
    int64_t end = last - at->from > span ? at->from + span : last;
    enum sl_status s = strbuf_addf(url, "%s/api/v1/query_range?query=", q->url);
    if (!s)
        s = pull_add_escaped(url, q->query);
    if (!s)
        s = strbuf_addf(url, "&start=%lld&end=%lld&step=%lld", (long long)at->from, (long long)end,
                        (long long)q->step);
    return s;
}

const struct pull_kind pull_prometheus = {
    .name = "prometheus",
    .format = "prometheus-range",
    .about = "Prometheus query_range of an up/probe_success expression, stored as probes",
    .auth = "Authorization: Bearer ",
    .windowed = true,
    .query = true,
    .advance = advance,
    .request = request,
};
