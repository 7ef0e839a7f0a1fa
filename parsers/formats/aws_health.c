/* aws_health.c — the AWS Health Dashboard archive JSON ({"archive": [...],
 * "current": [...]}): per event service_name, service, summary, date (epoch
 * seconds as a string: when the first update was posted), status (1
 * informational, 2 performance issues, 3 service disruption) and description,
 * HTML whose updates are stamped "<span class="yellowfg"> 1:14 PM PDT</span>"
 * with no date. The first update is on the Pacific day of `date`; a later
 * update whose clock time goes backwards is on the next day; an update may
 * carry its own "Sep 16, " date. "Between 12:15 PM and 12:21 PM PDT" in the
 * text gives the impact window when the event states one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/model/incident_times.h"
#include "engine/base/jsonw.h"
#include "engine/base/regex.h"
#include "engine/time/sltime.h"
#include "parsers/read/history_span.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

#define AWS_ENTITY "provider:aws"
#define PACIFIC "America/Los_Angeles"

static const char stamp_pattern[] =
    "<span class=\"yellowfg\">\\s*(?:([A-Z][a-z]{2})\\s+(\\d{1,2}),\\s*)?(\\d{1,2}):(\\d{2})\\s*"
    "(AM|PM)\\s*(PDT|PST)?\\s*</span>";
static const char between_pattern[] = "[Bb]etween\\s+(\\d{1,2}):(\\d{2})\\s*(AM|PM)(?:\\s*(PDT|PST)"
                                      ")?(?:\\s+on\\s+[A-Z][a-z]+\\s+\\d+)?"
                                      "\\s+and\\s+(\\d{1,2}):(\\d{2})\\s*(AM|PM)\\s*(PDT|PST)?";

/* AWS's event status codes, in its own words. */
static const struct {
    const char *code, *label, *severity;
    enum svc_status status;
} statuses[] = {
    {"1", "informational", "sev4", SVC_UP},
    {"2", "performance issues", "sev3", SVC_DEGRADED},
    {"3", "service disruption", "sev2", SVC_DOWN},
    {NULL, NULL, NULL, SVC_UNKNOWN},
};

struct state {
    struct ingest *ing;
    struct regex *stamp, *between;
    struct history_span cov;
    char why[400];
};

static int
num(const char *s, const struct regex_match *m, int g)
{
    if (m->start[g] == (size_t)-1)
        return -1;
    return (int)strtol(s + m->start[g], NULL, 10);
}

static bool
is(const char *s, const struct regex_match *m, int g, const char *word)
{
    size_t n = strlen(word);
    return m->start[g] != (size_t)-1 && m->end[g] - m->start[g] == n &&
           !strncmp(s + m->start[g], word, n);
}

/* A Pacific clock time on day (days since the epoch) → instant. */
static int64_t
pacific(int64_t day, int hour12, int minute, bool pm, bool pst)
{
    int hour = hour12 % 12 + (pm ? 12 : 0);
    return day * 86400 + hour * 3600 + minute * 60 + (pst ? 8 : 7) * 3600;
}

static int
month_of(const char *s)
{
    static const char names[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    for (int i = 0; i < 12; i++)
        if (!strncmp(s, names + 3 * i, 3))
            return i + 1;
    return 0;
}

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct state *s = ctx;
    const struct json_node *n = rec->node;
    if (!rec->key || rec->is_member)
        return SL_OK;
    if (strcmp(rec->key, "archive") && strcmp(rec->key, "current"))
        return SL_OK;
    const char *service = jsonstream_str(n, "service");
    const char *summary = jsonstream_str(n, "summary");
    const char *code = jsonstream_str(n, "status");
    const char *html = jsonstream_str(n, "description");
    int64_t posted;
    if (!service)
        service = jsonstream_str(n, "service_name");
    if (!service)
        return jsonstream_reject(s->ing, rec, "event without a service");
    if (jsonstream_time(s->ing, n, "date", &posted, s->why, sizeof s->why))
        return jsonstream_reject(s->ing, rec, "%s", s->why);
    if (posted == SLTIME_NONE)
        return jsonstream_reject(s->ing, rec, "event without a date");
    size_t k = 0;
    while (code && statuses[k].code && strcmp(statuses[k].code, code))
        k++;

    struct sl_civil c;
    long off;
    sltime_to_civil(posted, PACIFIC, &c, &off);
    int64_t day = sltime_days_from_civil(c.year, c.month, c.day);
    int64_t first = SLTIME_NONE, last = SLTIME_NONE, prev = SLTIME_NONE;
    int64_t win_from = SLTIME_NONE, win_to = SLTIME_NONE;
    size_t from = 0, len = html ? strlen(html) : 0;
    bool found;
    struct regex_match m;
    struct sl_diag d = {0};
    enum sl_status rc;
    while (html && !(rc = regex_search(s->stamp, html, len, from, &found, &m, &d)) && found) {
        from = m.end[0];
        if (m.start[1] != (size_t)-1) {
            int mon = month_of(html + m.start[1]);
            int year = c.year + (mon && mon < c.month ? 1 : 0);
            if (mon)
                day = sltime_days_from_civil(year, mon, num(html, &m, 2));
        }
        bool pst = is(html, &m, 6, "PST") || (m.start[6] == (size_t)-1 && off == -8 * 3600);
        int64_t t = pacific(day, num(html, &m, 3), num(html, &m, 4), is(html, &m, 5, "PM"), pst);
        if (prev != SLTIME_NONE && t < prev - 3600) {
            day++;
            t += 86400;
        }
        prev = t;
        if (first == SLTIME_NONE)
            first = t;
        last = t;
        /* The impact window stated in this update's text. */
        size_t end = len;
        bool more;
        struct regex_match next, b;
        if (regex_search(s->stamp, html, len, from, &more, &next, &d) == SL_OK && more)
            end = next.start[0];
        if (regex_search(s->between, html, end, from, &more, &b, &d) == SL_OK && more) {
            bool bpst = is(html, &b, 8, "PST") || is(html, &b, 4, "PST") ||
                        (!is(html, &b, 8, "PDT") && pst);
            int64_t a =
                pacific(day, num(html, &b, 1), num(html, &b, 2), is(html, &b, 3, "PM"), bpst);
            int64_t z =
                pacific(day, num(html, &b, 5), num(html, &b, 6), is(html, &b, 7, "PM"), bpst);
            /* The window is in the past when the update is posted. */
            if (a > t)
                a -= 86400;
            if (z > t)
                z -= 86400;
            if (z < a)
                z += 86400;
            if (win_from == SLTIME_NONE || a < win_from)
                win_from = a;
            if (z > win_to || win_to == SLTIME_NONE)
                win_to = z;
        }
    }
    if (first == SLTIME_NONE)
        first = last = posted;

    char key[320];
    snprintf(key, sizeof key, "%s:%lld", service, (long long)posted);
    struct incident inc = {0};
    inc.line = rec->line;
    inc.key = key;
    inc.entity = s->ing->entity ? s->ing->entity : AWS_ENTITY;
    inc.service = service;
    inc.title = summary;
    if (summary && summary[0] == '[') {
        const char *close = strchr(summary, ']');
        if (close) {
            inc.title = close[1] == ' ' ? close + 2 : close + 1;
        }
    }
    inc.state = summary && !strncasecmp(summary, "[RESOLVED]", 10) ? "resolved" : "open";
    inc.severity_label = statuses[k].code ? statuses[k].label : code;
    inc.severity = statuses[k].code ? statuses[k].severity : NULL;
    inc.detected = first;
    inc.started = win_from != SLTIME_NONE && win_from < first ? win_from : first;
    inc.resolved = SLTIME_NONE;
    inc.acknowledged = inc.mitigated = SLTIME_NONE;
    /* A stated window ends the impact; else the last update does. */
    if (!strcmp(inc.state, "resolved"))
        inc.resolved = win_to != SLTIME_NONE ? win_to : last;
    const char *problem = incident_times_problem(&inc);
    if (problem)
        return jsonstream_reject(s->ing, rec, "%s", problem);
    struct strbuf extra = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &extra);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "service_name", jsonstream_str(n, "service_name"));
    jsonw_field_bool(&w, "impact_window_stated", win_from != SLTIME_NONE);
    jsonw_close(&w, '}');
    inc.extra_json = extra.buf;
    if (w.status)
        rc = diag_set(s->ing->diag, w.status, s->ing->path, rec->line, "%s", sl_strerror(w.status));
    else
        rc = ingest_incident(s->ing, &inc);
    strbuf_release(&extra);
    if (rc)
        return rc;
    history_span_time(&s->cov, inc.started);
    history_span_time(&s->cov, inc.resolved);
    if ((rc = history_span_service(&s->cov, service)))
        return diag_set(s->ing->diag, rc, s->ing->path, rec->line, "out of memory");
    /* The stated window when there is one, else first to last update; an
     * event still open holds to the end of the span. */
    int64_t a = win_from != SLTIME_NONE ? win_from : inc.started;
    int64_t z = win_from != SLTIME_NONE ? win_to : inc.resolved;
    history_span_time(&s->cov, last);
    if (!statuses[k].code || statuses[k].status <= SVC_UP)
        return SL_OK;
    struct interval iv = {.entity = inc.entity,
                          .service = service,
                          .start = a,
                          .end = z,
                          .status = statuses[k].status,
                          .line = rec->line,
                          .key = key};
    if (z == SLTIME_NONE)
        rc = history_span_hold(&s->cov, &iv);
    else if (z > a)
        rc = ingest_interval(s->ing, &iv);
    return rc == SL_ERR_NOMEM ? diag_set(s->ing->diag, rc, s->ing->path, rec->line, "out of memory")
                              : rc;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state s = {.ing = ing};
    enum sl_status rc;
    history_span_init(&s.cov);
    if (!(rc = regex_compile(stamp_pattern, ing->regex_flags, &s.stamp, ing->diag)) &&
        !(rc = regex_compile(between_pattern, ing->regex_flags, &s.between, ing->diag)) &&
        !(rc = jsonstream_read(ing, f, on_record, &s)))
        rc = history_span_emit(&s.cov, ing, ing->entity ? ing->entity : AWS_ENTITY);
    regex_free(s.stamp);
    regex_free(s.between);
    history_span_release(&s.cov);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_first(head, len) != '{')
        return 0;
    int score = 0;
    if (jsonstream_head_has(head, len, "\"archive\""))
        score += 30;
    if (jsonstream_head_has(head, len, "\"service_name\""))
        score += 20;
    if (jsonstream_head_has(head, len, "yellowfg"))
        score += 40;
    return score >= 50 ? score : 0;
}

const struct parser parser_aws_health = {
    "aws-health",
    "AWS Health Dashboard archive JSON: service, summary, date, status (1 informational, "
    "2 performance issues, 3 service disruption), description with Pacific-time updates",
    "a JSON object with archive and service_name, or descriptions with yellowfg time stamps",
    sniff,
    parse,
};
