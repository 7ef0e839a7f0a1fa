/* pull.c — one pull: the kind's requests made in turn, their answers kept,
 * then stored with the pull's record in one transaction (pull.h). */
#include "parsers/pull/pull.h"

#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/time/sltime.h"
#include "parsers/formats/registry.h"

#define UNTIL_MARK " until "

enum sl_status
pull_identity(const struct pull_options *opt, struct strbuf *out)
{
    strbuf_reset(out);
    enum sl_status s = strbuf_addf(out, "%s %s", opt->kind->name, opt->q.url);
    if (!s && opt->kind->query)
        s = strbuf_addf(out, " query %s step %lld", opt->q.query, (long long)opt->q.step);
    if (!s)
        s = strbuf_addf(out, " entity %s", opt->entity ? opt->entity : "-");
    return s;
}

enum sl_status
pull_last_until(struct store *st, const struct pull_options *opt, int64_t *until, bool *found,
                struct sl_diag *diag)
{
    struct strbuf prefix = STRBUF_INIT;
    char path[2048];
    *found = false;
    enum sl_status s = pull_identity(opt, &prefix);
    if (!s)
        s = strbuf_addstr(&prefix, UNTIL_MARK);
    if (s) {
        strbuf_release(&prefix);
        return diag_set(diag, s, "", 0, "out of memory");
    }
    s = store_last_source_path(st, INGEST_PULL_FORMAT, prefix.buf, path, sizeof path, found, diag);
    const char *why;
    bool had_offset;
    if (!s && *found) {
        const char *t = path + prefix.len;
        if (sltime_parse(t, strlen(t), NULL, until, &had_offset, &why))
            s = diag_set(diag, SL_ERR_DB, path, 0, "the pull's record ends in no time: %s", why);
    }
    strbuf_release(&prefix);
    return s;
}

enum sl_status
pull_first_request(const struct pull_options *opt, struct strbuf *url)
{
    struct pull_step at = {0};
    bool done;
    struct sl_diag ignored;
    enum sl_status s = pull_next(opt->kind, &opt->q, &at, NULL, 0, url, &done, "", &ignored);
    if (!s && done)
        strbuf_reset(url);
    return s;
}

struct answers {
    struct ingest_pull_answer *list;
    size_t n, alloc;
};

static void
answers_free(struct answers *a)
{
    for (size_t i = 0; i < a->n; i++) {
        free((char *)(uintptr_t)a->list[i].request);
        free((char *)(uintptr_t)a->list[i].body);
    }
    free(a->list);
}

/* Makes every request, keeping each answer in a. */
static enum sl_status
fetch_all(const struct pull_options *opt, const char *const *headers, int nh, struct answers *a,
          struct pull_result *out, struct sl_diag *diag)
{
    struct pull_step at = {0};
    struct strbuf url = STRBUF_INIT, body = STRBUF_INIT;
    const char *shown = "";
    bool done = false;
    enum sl_status s = pull_next(opt->kind, &opt->q, &at, NULL, 0, &url, &done, shown, diag);
    while (!s && !done) {
        if (at.request >= opt->max_pages) {
            s = diag_set(diag, SL_ERR_LIMIT, url.buf, 0,
                         "more than %d requests (the page limit); nothing was stored",
                         opt->max_pages);
            break;
        }
        if (opt->progress)
            opt->progress(opt->progress_ctx, at.request + 1, url.buf);
        if (grow_reserve((void **)&a->list, &a->alloc, a->n + 1, sizeof *a->list)) {
            s = diag_set(diag, SL_ERR_NOMEM, url.buf, 0, "out of memory");
            break;
        }
        if ((s = http_get(url.buf, headers, nh, &opt->limits, &body, diag)))
            break;
        struct ingest_pull_answer *one = &a->list[a->n];
        struct strbuf request = STRBUF_INIT;
        if (strbuf_addf(&request, "GET %s", url.buf)) {
            s = diag_set(diag, SL_ERR_NOMEM, url.buf, 0, "out of memory");
            break;
        }
        one->len = body.len;
        one->request = strbuf_detach(&request);
        one->body = strbuf_detach(&body);
        a->n++;
        at.request++;
        out->requests++;
        out->bytes += (long long)one->len;
        s = pull_next(opt->kind, &opt->q, &at, one->body, one->len, &url, &done, one->request,
                      diag);
    }
    strbuf_release(&url);
    strbuf_release(&body);
    return s;
}

enum sl_status
pull_run(struct store *st, const struct pull_options *opt, struct pull_result *out,
         struct sl_diag *diag)
{
    memset(out, 0, sizeof *out);
    const struct parser *p = parser_by_name(opt->kind->format);
    if (!p)
        return diag_set(diag, SL_ERR_USAGE, "", 0, "no format %s", opt->kind->format);
    struct strbuf auth = STRBUF_INIT, record = STRBUF_INIT;
    const char *headers[2];
    int nh = 0;
    enum sl_status s = SL_OK;
    if (opt->kind->accept)
        headers[nh++] = opt->kind->accept;
    if (opt->kind->auth && opt->token) {
        if (strbuf_addf(&auth, "%s%s", opt->kind->auth, opt->token))
            s = diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory");
        headers[nh++] = auth.buf;
    }
    struct answers a = {0};
    if (!s)
        s = fetch_all(opt, headers, nh, &a, out, diag);
    char until[40];
    sltime_format(opt->q.until, NULL, until);
    if (!s &&
        ((s = pull_identity(opt, &record)) || (s = strbuf_addf(&record, UNTIL_MARK "%s", until))))
        s = diag_set(diag, s, "", 0, "out of memory");
    if (!s) {
        struct ingest_pull_options po = {
            .format = parser_ingest_format(p),
            .entity = opt->entity,
            .service = opt->service,
            .zone = opt->zone,
            .probe_interval = opt->kind->query ? opt->q.step : 0,
            .record = record.buf,
        };
        s = ingest_pull(st, a.list, a.n, &po, &out->stored, diag);
    }
    if (auth.alloc)
        memset(auth.buf, 0, auth.alloc);
    strbuf_release(&auth);
    strbuf_release(&record);
    answers_free(&a);
    return s;
}
