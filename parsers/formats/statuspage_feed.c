/* statuspage_feed.c — a status page's Atom or RSS history feed (Statuspage's
 * /history.atom and /history.rss). Each entry is one incident; its content is
 * HTML holding the update timeline, newest first:
 *   <small>Aug <var data-var='date'>21</var>, <var data-var='time'>00:37</var> UTC</small>
 *   <br><strong>Resolved</strong> - ...
 * The timeline carries no year: it is the year of the entry's published
 * date, one less for an update in a later month than publication (an
 * incident that began in December and was published in January). The feed
 * has no impact and no component states, so it gives incidents, not
 * intervals. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/base/infile.h"
#include "engine/model/incident_times.h"
#include "engine/base/regex.h"
#include "engine/time/sltime.h"
#include "engine/base/strbuf.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

#define MAX_ENTRY ((size_t)16 << 20)

static const char timeline_pattern[] =
    "<small>\\s*([A-Z][a-z]{2})[a-z]*\\.?\\s*<var data-var=['\"]date['\"]>\\s*(\\d{1,2})\\s*</var>"
    "(?:,?\\s*<var data-var=['\"]year['\"]>\\s*(\\d{4})\\s*</var>)?"
    ",?\\s*<var data-var=['\"]time['\"]>\\s*(\\d{1,2}):(\\d{2})\\s*</var>\\s*([A-Za-z+\\-0-9:]*)"
    "\\s*</small>\\s*(?:<br\\s*/?>)?\\s*<strong>\\s*([^<]+?)\\s*</strong>";
static const char affected_pattern[] = "(?:incident|maintenance) affected:\\s*([^.<]+)";

struct state {
    struct ingest *ing;
    struct regex *timeline, *affected;
    char entity[256];
    struct strbuf entry, html, text;
    long entry_line;
};

static const char *const months[] = {"jan", "feb", "mar", "apr", "may", "jun",
                                     "jul", "aug", "sep", "oct", "nov", "dec"};

/* Appends s[0..n) with XML character references and the five entities
 * decoded. */
static void
unescape(struct strbuf *out, const char *s, size_t n)
{
    static const struct {
        const char *name;
        char c;
    } named[] = {{"lt;", '<'},   {"gt;", '>'},    {"amp;", '&'},
                 {"quot;", '"'}, {"apos;", '\''}, {"nbsp;", ' '}};
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '&') {
            strbuf_addch(out, s[i]);
            continue;
        }
        bool done = false;
        for (size_t k = 0; k < sizeof named / sizeof named[0] && !done; k++) {
            size_t l = strlen(named[k].name);
            if (i + 1 + l <= n && !strncmp(s + i + 1, named[k].name, l)) {
                strbuf_addch(out, named[k].c);
                i += l;
                done = true;
            }
        }
        if (!done && i + 2 < n && s[i + 1] == '#') {
            char *end;
            bool hex = s[i + 2] == 'x' || s[i + 2] == 'X';
            long v = strtol(s + i + (hex ? 3 : 2), &end, hex ? 16 : 10);
            if (*end == ';' && end < s + n && v > 0 && v < 128) {
                strbuf_addch(out, (char)v);
                i = (size_t)(end - s);
                done = true;
            }
        }
        if (!done)
            strbuf_addch(out, '&');
    }
}

/* The text of the first <tag ...>text</tag> in the entry, unescaped (and
 * without a CDATA wrapper) into out; false when there is none. */
static bool
element(const char *entry, const char *tag, struct strbuf *out)
{
    char open[64], close[64];
    snprintf(open, sizeof open, "<%s", tag);
    snprintf(close, sizeof close, "</%s>", tag);
    const char *p = entry;
    size_t ol = strlen(open);
    while ((p = strstr(p, open)) && p[ol] != '>' && p[ol] != ' ')
        p += ol;
    if (!p)
        return false;
    const char *gt = strchr(p, '>');
    const char *end = gt ? strstr(gt, close) : NULL;
    if (!end)
        return false;
    const char *body = gt + 1;
    strbuf_reset(out);
    if (!strncmp(body, "<![CDATA[", 9)) {
        const char *cend = strstr(body, "]]>");
        if (cend && cend < end)
            return strbuf_add(out, body + 9, (size_t)(cend - body - 9)) == SL_OK;
    }
    unescape(out, body, (size_t)(end - body));
    return true;
}

/* The href of <link ... href="..."> (Atom), into out. */
static bool
link_href(const char *entry, struct strbuf *out)
{
    const char *p = strstr(entry, "<link");
    const char *h = p ? strstr(p, "href=\"") : NULL;
    const char *e = h ? strchr(h + 6, '"') : NULL;
    if (!e)
        return false;
    strbuf_reset(out);
    return strbuf_add(out, h + 6, (size_t)(e - h - 6)) == SL_OK;
}

static int
month_of(const char *s)
{
    for (int i = 0; i < 12; i++)
        if (!strncasecmp(s, months[i], 3))
            return i + 1;
    return 0;
}

static size_t
group(const struct regex_match *m, int g, const char *subject, char *out, size_t outlen)
{
    if (m->start[g] == (size_t)-1) {
        out[0] = '\0';
        return 0;
    }
    size_t n = m->end[g] - m->start[g];
    if (n >= outlen)
        n = outlen - 1;
    memcpy(out, subject + m->start[g], n);
    out[n] = '\0';
    return n;
}

static bool
is_status(const char *word, const char *const list[])
{
    for (size_t i = 0; list[i]; i++)
        if (!strcasecmp(word, list[i]))
            return true;
    return false;
}

static enum sl_status
reject(struct state *s, const char *reason)
{
    return ingest_reject(s->ing, s->entry_line, reason, s->entry.buf, s->entry.len);
}

static enum sl_status
read_entry(struct state *s)
{
    static const char *const maintenance_words[] = {"scheduled", "in progress", "verifying",
                                                    "completed", NULL};
    struct strbuf id = STRBUF_INIT, title = STRBUF_INIT, when = STRBUF_INIT;
    struct sl_diag d = {0};
    enum sl_status rc = SL_OK;
    char key[256], status_now[64] = "", service[256] = "";
    int64_t published = SLTIME_NONE;
    struct incident inc = {0};
    bool maintenance = false;
    const char *why = "";

    if (!element(s->entry.buf, "id", &id) && !element(s->entry.buf, "guid", &id) &&
        !link_href(s->entry.buf, &id)) {
        rc = reject(s, "entry without an id, guid or link");
        goto out;
    }
    /* "tag:status.example,2005:Incident/31233568" → "31233568"; a URL keeps
     * its last path segment. */
    const char *k = strrchr(id.buf, '/');
    snprintf(key, sizeof key, "%s", k && k[1] ? k + 1 : id.buf);
    element(s->entry.buf, "title", &title);
    if ((element(s->entry.buf, "published", &when) || element(s->entry.buf, "pubDate", &when) ||
         element(s->entry.buf, "updated", &when)) &&
        ingest_time(s->ing, when.buf, when.len, &published, &why)) {
        char reason[200];
        snprintf(reason, sizeof reason, "bad published time '%.60s': %s", when.buf, why);
        rc = reject(s, reason);
        goto out;
    }
    if (published == SLTIME_NONE) {
        rc = reject(s, "entry without a published date (the timeline's year comes from it)");
        goto out;
    }
    strbuf_reset(&s->html);
    if (!element(s->entry.buf, "content", &s->html) &&
        !element(s->entry.buf, "description", &s->html) &&
        !element(s->entry.buf, "summary", &s->html)) {
        rc = reject(s, "entry without content");
        goto out;
    }
    struct sl_civil pub;
    long off;
    sltime_to_civil(published, NULL, &pub, &off);
    inc.started = inc.detected = inc.acknowledged = inc.mitigated = inc.resolved = SLTIME_NONE;
    size_t from = 0;
    bool found;
    struct regex_match m;
    int updates = 0;
    while (!(rc = regex_search(s->timeline, s->html.buf, s->html.len, from, &found, &m, &d)) &&
           found) {
        char mon[8], day[8], year[8], hh[8], mm[8], zone[16], word[64];
        from = m.end[0];
        group(&m, 1, s->html.buf, mon, sizeof mon);
        group(&m, 2, s->html.buf, day, sizeof day);
        group(&m, 3, s->html.buf, year, sizeof year);
        group(&m, 4, s->html.buf, hh, sizeof hh);
        group(&m, 5, s->html.buf, mm, sizeof mm);
        group(&m, 6, s->html.buf, zone, sizeof zone);
        group(&m, 7, s->html.buf, word, sizeof word);
        struct sl_civil c = {pub.year,
                             month_of(mon),
                             (int)strtol(day, NULL, 10),
                             (int)strtol(hh, NULL, 10),
                             (int)strtol(mm, NULL, 10),
                             0};
        if (year[0])
            c.year = (int)strtol(year, NULL, 10);
        else if (c.month > pub.month)
            c.year--; /* the turn of the year */
        if (c.year < SLTIME_MIN_YEAR || c.year > SLTIME_MAX_YEAR) {
            rc = reject(s, "update timeline: year out of range (1970-2200)");
            goto out;
        }
        if (!c.month || c.day < 1 || c.day > sltime_days_in_month(c.year, c.month) || c.hour > 23 ||
            c.minute > 59) {
            rc = reject(s, "bad date in the update timeline");
            goto out;
        }
        const char *zone_name = NULL;
        if (zone[0] && strcasecmp(zone, "UTC") && strcasecmp(zone, "GMT") &&
            strcasecmp(zone, "Z")) {
            /* An abbreviation names no rule; the page's zone must come from --tz. */
            if (!s->ing->zone) {
                char reason[200];
                snprintf(reason, sizeof reason,
                         "timeline time zone '%s' is not UTC: give the page's zone with --tz",
                         zone);
                rc = reject(s, reason);
                goto out;
            }
            zone_name = s->ing->zone;
        }
        int64_t t = sltime_from_civil(&c, zone_name);
        updates++;
        if (!status_now[0])
            snprintf(status_now, sizeof status_now, "%s", word);
        if (is_status(word, maintenance_words))
            maintenance = true;
        if (inc.started == SLTIME_NONE || t < inc.started)
            inc.started = t;
        if ((!strcasecmp(word, "monitoring") || !strcasecmp(word, "verifying")) &&
            (inc.mitigated == SLTIME_NONE || t < inc.mitigated))
            inc.mitigated = t;
        if ((!strcasecmp(word, "resolved") || !strcasecmp(word, "completed")) &&
            (inc.resolved == SLTIME_NONE || t > inc.resolved))
            inc.resolved = t;
    }
    if (rc) {
        rc = reject(s, d.message);
        goto out;
    }
    if (!updates) {
        rc = reject(s, "no dated updates in the entry's content");
        goto out;
    }
    if (regex_search(s->affected, s->html.buf, s->html.len, 0, &found, &m, &d) == SL_OK && found) {
        group(&m, 1, s->html.buf, service, sizeof service);
        char *comma = strpbrk(service, ",");
        if (comma)
            *comma = '\0';
        char *and = strstr(service, " and ");
        if (and)
            *and = '\0';
    }
    for (char *p = status_now; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    inc.key = key;
    inc.entity = s->ing->entity ? s->ing->entity : s->entity[0] ? s->entity : NULL;
    inc.service = service[0] ? service : s->ing->service;
    inc.title = title.len ? title.buf : NULL;
    inc.state = status_now;
    inc.detected = inc.started;
    inc.line = s->entry_line;
    if (!inc.entity) {
        rc = reject(s, "no entity: the feed has no title; give --entity");
        goto out;
    }
    if (maintenance) {
        if (!inc.service || inc.resolved == SLTIME_NONE || inc.resolved <= inc.started) {
            rc = reject(s, "maintenance without a component or a completed time");
            goto out;
        }
        struct maintenance mt = {inc.entity,   inc.service, key,          inc.started,
                                 inc.resolved, SLTIME_NONE, s->entry_line};
        rc = ingest_maintenance(s->ing, &mt);
        goto out;
    }
    const char *problem = incident_times_problem(&inc);
    if (problem) {
        rc = reject(s, problem);
        goto out;
    }
    rc = ingest_incident(s->ing, &inc);
out:
    strbuf_release(&id);
    strbuf_release(&title);
    strbuf_release(&when);
    return rc;
}

/* The feed's own title names the page: "GitHub Status - Incident History". */
static void
feed_entity(struct state *s, const char *line)
{
    struct strbuf t = STRBUF_INIT;
    if (element(line, "title", &t)) {
        char *cut = strstr(t.buf, " Status");
        if (cut)
            *cut = '\0';
        if (t.buf[0])
            jsonstream_provider(t.buf, s->entity, sizeof s->entity);
    }
    strbuf_release(&t);
}

/* The feed is read as bytes, not lines: an entry may start and end
 * anywhere on a line (a minified feed is one line), and a line may be of any
 * length, so nothing a line reader's cap would skip is lost. Only an entry
 * has a cap (MAX_ENTRY): one longer is rejected at its line once its end is
 * found, and the entries after it are read. */
struct feed_reader {
    FILE *f;
    char buf[65536];
    size_t pos, end;
    long line; /* of buf[pos], from 1 */
    bool eof;
    int error; /* errno of a read that failed */
};

/* The most a tag looked for takes: "<channel" and the byte after it. */
#define FEED_LOOKAHEAD 16
/* Text before the first entry kept for the feed's title. */
#define FEED_HEAD_MAX ((size_t)64 << 10)

/* Makes at least want bytes readable at pos, fewer only at the end. */
static void
feed_more(struct feed_reader *fr, size_t want)
{
    if (fr->end - fr->pos >= want || fr->eof)
        return;
    memmove(fr->buf, fr->buf + fr->pos, fr->end - fr->pos);
    fr->end -= fr->pos;
    fr->pos = 0;
    while (!fr->eof && fr->end < want) {
        size_t n = fread(fr->buf + fr->end, 1, sizeof fr->buf - fr->end, fr->f);
        if (n == 0) {
            if (ferror(fr->f))
                fr->error = errno ? errno : EIO;
            fr->eof = true;
        }
        fr->end += n;
    }
}

/* Whether p[0..n) opens tag: "<tag" followed by '>', '/' or a blank. */
static bool
opens(const char *p, size_t n, const char *tag)
{
    size_t l = strlen(tag);
    return n > l && !memcmp(p, tag, l) &&
           (p[l] == '>' || p[l] == '/' || isspace((unsigned char)p[l]));
}

static size_t
closes_entry(const char *p, size_t n)
{
    if (n >= 8 && !memcmp(p, "</entry>", 8))
        return 8;
    if (n >= 7 && !memcmp(p, "</item>", 7))
        return 7;
    return 0;
}

struct feed_walk {
    bool in_entry, too_long, seen_feed, seen_entry;
    struct strbuf head; /* the text before the first entry */
};

/* Appends p[0..n) to the entry or to the head, counting its lines. */
static void
take(struct state *s, struct feed_walk *w, struct feed_reader *fr, const char *p, size_t n)
{
    for (const char *q = p, *end = p + n; (q = memchr(q, '\n', (size_t)(end - q))); q++)
        fr->line++;
    fr->pos += n;
    if (w->in_entry) {
        if (!w->too_long && strbuf_add(&s->entry, p, n))
            w->too_long = true;
    } else if (!w->seen_entry && w->head.len + n <= FEED_HEAD_MAX) {
        strbuf_add(&w->head, p, n);
    }
}

static enum sl_status
end_entry(struct state *s, struct feed_walk *w)
{
    w->in_entry = false;
    if (w->too_long)
        return reject(s, "entry longer than 16 MiB");
    return read_entry(s);
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state s = {.ing = ing, .entry = STRBUF_INIT, .html = STRBUF_INIT, .text = STRBUF_INIT};
    struct feed_walk w = {.head = STRBUF_INIT};
    struct feed_reader *fr = calloc(1, sizeof *fr);
    enum sl_status rc;
    strbuf_init(&s.entry, MAX_ENTRY);
    if (!fr) {
        rc = diag_set(ing->diag, SL_ERR_NOMEM, ing->path, 0, "out of memory");
        goto out;
    }
    fr->f = f;
    fr->line = 1;
    if ((rc = regex_compile(timeline_pattern, REGEX_CASELESS | ing->regex_flags, &s.timeline,
                            ing->diag)) ||
        (rc = regex_compile(affected_pattern, REGEX_CASELESS | ing->regex_flags, &s.affected,
                            ing->diag)))
        goto out;
    for (;;) {
        feed_more(fr, FEED_LOOKAHEAD);
        if (fr->error) {
            rc = infile_read_error(ing->diag, ing->path, fr->line, fr->error);
            goto out;
        }
        const char *p = fr->buf + fr->pos;
        size_t avail = fr->end - fr->pos;
        if (avail == 0)
            break;
        if (*p != '<') {
            const char *lt = memchr(p, '<', avail);
            take(&s, &w, fr, p, lt ? (size_t)(lt - p) : avail);
            continue;
        }
        if (!w.in_entry) {
            if (opens(p, avail, "<feed") || opens(p, avail, "<rss") || opens(p, avail, "<channel"))
                w.seen_feed = true;
            if (opens(p, avail, "<entry") || opens(p, avail, "<item")) {
                if (!w.seen_entry && !s.entity[0])
                    feed_entity(&s, w.head.buf);
                w.seen_entry = w.in_entry = true;
                w.too_long = false;
                s.entry_line = fr->line;
                strbuf_reset(&s.entry);
            }
            take(&s, &w, fr, p, 1);
            continue;
        }
        size_t close = closes_entry(p, avail);
        take(&s, &w, fr, p, close ? close : 1);
        if (close && (rc = end_entry(&s, &w)))
            goto out;
    }
    if (!w.seen_feed)
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 1, "not an Atom or RSS feed");
    else if (w.in_entry)
        rc = reject(&s, w.too_long ? "entry longer than 16 MiB" : "the file ends inside an entry");
out:
    regex_free(s.timeline);
    regex_free(s.affected);
    strbuf_release(&s.entry);
    strbuf_release(&s.html);
    strbuf_release(&s.text);
    strbuf_release(&w.head);
    free(fr);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    bool feed = jsonstream_head_has(head, len, "<feed") || jsonstream_head_has(head, len, "<rss");
    if (!feed)
        return 0;
    return jsonstream_head_has(head, len, "data-var") ? 80 : 30;
}

const struct parser parser_statuspage_feed = {
    "statuspage-feed",
    "a status page's Atom or RSS incident history (Statuspage /history.atom, /history.rss): "
    "one incident per entry, times from the update timeline in its HTML",
    "an XML document with <feed> or <rss>",
    sniff,
    parse,
};
