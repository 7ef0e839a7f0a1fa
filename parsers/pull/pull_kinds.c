/* pull_kinds.c — the table of the APIs `slaudit pull` reads, and the
 * pieces of a request URL every kind writes (pull_kinds.h). */
#include "parsers/pull/pull_kinds.h"

#include <string.h>

#include "engine/time/sltime.h"

const struct pull_kind *const pull_kind_table[] = {
    &pull_statuspage, &pull_pagerduty,  &pull_opsgenie,   &pull_incidentio,
    &pull_prometheus, &pull_gcp_status, &pull_aws_health, NULL,
};

const struct pull_kind *
pull_kind_by_name(const char *name)
{
    for (const struct pull_kind *const *k = pull_kind_table; *k; k++)
        if (!strcmp((*k)->name, name))
            return *k;
    return NULL;
}

enum sl_status
pull_next(const struct pull_kind *k, const struct pull_query *q, struct pull_step *at,
          const char *body, size_t len, struct strbuf *url, bool *done, const char *url_shown,
          struct sl_diag *diag)
{
    strbuf_reset(url);
    *done = false;
    enum sl_status s =
        body && k->advance ? k->advance(q, at, body, len, done, url_shown, diag) : SL_OK;
    return s || *done ? s : k->request(q, at, url, done);
}

enum sl_status
pull_add_escaped(struct strbuf *url, const char *text)
{
    static const char hex[] = "0123456789ABCDEF";
    enum sl_status s = SL_OK;
    for (const unsigned char *p = (const unsigned char *)text; *p && !s; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr("-._~", *p)) {
            s = strbuf_addch(url, (char)*p);
        } else {
            char esc[3] = {'%', hex[*p >> 4], hex[*p & 15]};
            s = strbuf_add(url, esc, 3);
        }
    }
    return s;
}

enum sl_status
pull_add_time(struct strbuf *url, int64_t t)
{
    char text[40];
    sltime_format(t, NULL, text);
    return pull_add_escaped(url, text);
}
