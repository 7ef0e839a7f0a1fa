/* upptime_commits.c — the status commits of an Upptime repository, as
 * `git log --format='%aI%x09%H%x09%s' -- history/` prints them: time, commit,
 * subject, where a subject like "🟥 Site is down (500 in 123 ms)" or
 * "🟩 Site is up (200 in 98 ms)" or "🟨 Site has degraded performance" records
 * a status change. The log is a state-change log (docs/design.md §4): each
 * change holds until the site's next change, which gives one status interval
 * per change, and the last change of each site holds until the latest commit
 * of the log, the end of the span it states (a status commit or another; a
 * site whose last change is the newest commit gets no interval for it).
 * Other commits are not records. git log prints the newest first, so the
 * changes are gathered (one small entry each) and sorted before the
 * intervals are written. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/regex.h"
#include "engine/time/sltime.h"
#include "parsers/read/jsonstream.h"
#include "parsers/read/lines.h"
#include "parsers/formats/registry.h"

static const char subject_pattern[] =
    "^(?:\\S+\\s+)?(.+?) (?:is (up|down)|has (degraded) performance)\\b";

struct change {
    char *site;
    int64_t t;
    enum svc_status status;
    long line;
};

struct changes {
    struct change *v;
    size_t n, alloc;
};

static int
by_site_time(const void *a, const void *b)
{
    const struct change *x = a, *y = b;
    int c = strcmp(x->site, y->site);
    return c ? c : (x->t > y->t) - (x->t < y->t);
}

/* Whether Upptime's slug breaks a word before name[i], as the slugify it
 * uses splits camel case: "GitHub" is git-hub, "MySQL Playground"
 * my-sql-playground, "HTTPServer" http-server, "APIs" apis. */
static bool
word_break(const char *name, size_t n, size_t i)
{
    unsigned char prev = i ? (unsigned char)name[i - 1] : 0, ch = (unsigned char)name[i];
    unsigned char next = i + 1 < n ? (unsigned char)name[i + 1] : 0;
    if (!isupper(ch) || !prev)
        return false;
    if (islower(prev) || isdigit(prev))
        return true;
    return isupper(prev) && next && next < 0x80 && (islower(next) || isdigit(next)) && next != 's';
}

static enum sl_status
add(struct changes *c, const char *site, size_t n, int64_t t, enum svc_status st, long line)
{
    if (c->n == c->alloc) {
        size_t alloc = c->alloc ? 2 * c->alloc : 256;
        struct change *v = realloc(c->v, alloc * sizeof *v);
        if (!v)
            return SL_ERR_NOMEM;
        c->v = v;
        c->alloc = alloc;
    }
    /* Upptime's slug of the site's name, as history/<slug>.yml uses. */
    char *copy = malloc(2 * n + 1);
    size_t k = 0;
    if (!copy)
        return SL_ERR_NOMEM;
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)site[i];
        if (k && copy[k - 1] != '-' && word_break(site, n, i))
            copy[k++] = '-';
        if (isalnum(ch) || ch >= 0x80)
            copy[k++] = (char)(ch < 0x80 ? tolower(ch) : ch);
        else if (k && copy[k - 1] != '-')
            copy[k++] = '-';
    }
    while (k && copy[k - 1] == '-')
        k--;
    copy[k] = '\0';
    c->v[c->n++] = (struct change){copy, t, st, line};
    return SL_OK;
}

/* latest: the newest time the log states, where the last change of each
 * site ends. */
static enum sl_status
emit(struct ingest *ing, struct changes *c, int64_t latest)
{
    if (c->n > 1) /* c->v is NULL when nothing was read, and qsort must not see NULL */
        qsort(c->v, c->n, sizeof c->v[0], by_site_time);
    enum sl_status rc = SL_OK;
    char key[320];
    for (size_t i = 0; i < c->n && !rc; i++) {
        const struct change *a = &c->v[i], *b = i + 1 < c->n ? &c->v[i + 1] : NULL;
        int64_t end = b && !strcmp(a->site, b->site) ? b->t : latest;
        if (end <= a->t)
            continue;
        snprintf(key, sizeof key, "upptime:%lld", (long long)a->t);
        struct interval iv = {.entity = ing->entity,
                              .service = a->site,
                              .start = a->t,
                              .end = end,
                              .status = a->status,
                              .line = a->line,
                              .key = key};
        rc = ingest_interval(ing, &iv);
    }
    return rc;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct lines r;
    struct regex *re = NULL;
    struct changes c = {0};
    const char *line;
    size_t len;
    enum lines_result got;
    long seen = 0;
    int64_t latest = SLTIME_NONE;
    enum sl_status rc = regex_compile(subject_pattern, ing->regex_flags, &re, ing->diag);
    lines_init(&r, f, LINES_MAX_LENGTH);
    while (!rc && (got = lines_next(&r, &line, &len)) != LINES_END) {
        if (got == LINES_IO) {
            rc = lines_read_error(&r, ing->path, ing->diag);
            break;
        }
        const char *tab1 = memchr(line, '\t', len);
        const char *tab2 = tab1 ? memchr(tab1 + 1, '\t', len - (size_t)(tab1 + 1 - line)) : NULL;
        if (!tab2) {
            if (len)
                rc = ingest_reject(ing, r.number, "not time<TAB>commit<TAB>subject", line, len);
            continue;
        }
        seen++;
        const char *subject = tab2 + 1;
        size_t slen = len - (size_t)(subject - line);
        bool found;
        struct regex_match m;
        struct sl_diag d = {0};
        int64_t t;
        const char *why = "";
        char reason[200];
        bool timed = !ingest_time(ing, line, (size_t)(tab1 - line), &t, &why);
        if (timed && t != SLTIME_NONE && (latest == SLTIME_NONE || t > latest))
            latest = t; /* every commit's time bounds the log's span */
        if (regex_search(re, subject, slen, 0, &found, &m, &d) || !found)
            continue; /* not a status commit */
        if (!timed) {
            snprintf(reason, sizeof reason, "bad commit time: %s", why);
            rc = ingest_reject(ing, r.number, reason, line, len);
            continue;
        }
        if (!ing->entity) {
            rc = ingest_reject(ing, r.number, "no entity: give --entity", line, len);
            continue;
        }
        enum svc_status st = m.start[3] != (size_t)-1     ? SVC_DEGRADED
                             : subject[m.start[2]] == 'u' ? SVC_UP
                                                          : SVC_DOWN;
        rc = add(&c, subject + m.start[1], m.end[1] - m.start[1], t, st, r.number);
        if (rc)
            rc = diag_set(ing->diag, rc, ing->path, r.number, "out of memory");
    }
    if (!rc && !seen)
        rc =
            diag_set(ing->diag, SL_ERR_INPUT, ing->path, 1, "no time<TAB>commit<TAB>subject lines");
    if (!rc)
        rc = emit(ing, &c, latest);
    for (size_t i = 0; i < c.n; i++)
        free(c.v[i].site);
    free(c.v);
    regex_free(re);
    lines_release(&r);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    /* "2026-08-21T23:23:53+00:00<TAB>40 hex digits<TAB>" at the start */
    if (len < 70 || head[4] != '-' || head[10] != 'T')
        return 0;
    const char *tab = memchr(head, '\t', len < 40 ? len : 40);
    if (!tab || (size_t)(tab - head) + 42 > len || tab[41] != '\t')
        return 0;
    for (int i = 1; i <= 40; i++)
        if (!strchr("0123456789abcdef", tab[i]))
            return 0;
    return jsonstream_head_has(head, len, " is up") || jsonstream_head_has(head, len, " is down")
               ? 80
               : 40;
}

const struct parser parser_upptime_commits = {
    "upptime-commits",
    "an Upptime repository's status commit log (git log --format='%aI%x09%H%x09%s'): "
    "'🟥 Site is down (…)' / '🟩 Site is up (…)' changes as status intervals; needs "
    "--entity",
    "lines of ISO time, TAB, 40-hex commit, TAB, subject",
    sniff,
    parse,
};
