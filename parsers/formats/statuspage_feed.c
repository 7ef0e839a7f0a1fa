/* statuspage_feed.c — a status page's Atom or RSS 2.0 history feed
 * (Statuspage's /history.atom and /history.rss). Each entry (Atom) or item
 * (RSS) is one incident; its content is HTML holding the update timeline,
 * newest first:
 *   <small>Aug <var data-var='date'>21</var>, <var data-var='time'>00:37</var> UTC</small>
 *   <br><strong>Resolved</strong> - ...
 * The XML is read with libxml2 (parsers/read/xmlread.h: nothing expanded,
 * nothing fetched) and the HTML with libxml2's HTML parser; regular
 * expressions only read the plain text of a stamp or of an update.
 *
 * The timeline carries no year: it is the year of the entry's published
 * date (Atom <published>, RSS <pubDate> in RFC 822), one less for an update
 * in a later month than publication (an incident that began in December and
 * was published in January). The first update is when the impact was
 * detected; it began where the text of the resolution or the postmortem
 * says ("between 05:02 UTC and 11:30 UTC", "From October 20th at 14:10 UTC
 * until 16:40 UTC", "from 4:59pm UTC to 6:06pm UTC"), and where the text
 * says nothing its start is not known (no TTD). The feed has no impact and no
 * component states, so it gives incidents, not intervals. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/base/regex.h"
#include "engine/base/strbuf.h"
#include "engine/model/incident_times.h"
#include "engine/time/sltime.h"
#include "parsers/formats/registry.h"
#include "parsers/read/jsonstream.h"
#include "parsers/read/logstamp.h"
#include "parsers/read/xmlread.h"

#define MAX_ENTRY ((size_t)16 << 20)
/* How far before its first update an incident may say it began: with the
 * date written, and by its clock alone (the window of a later clock on the
 * day before would have ended long before anyone said a word). */
#define MAX_STATED_LEAD (7 * 86400)
#define MAX_CLOCK_LEAD (12 * 3600)

/* "Aug 21, 00:37 UTC", "Aug 21, 2025, 00:37 UTC": the text of a <small>. */
static const char stamp_pattern[] =
    "^\\s*([a-z]{3})[a-z]*\\.?\\s*(\\d{1,2})\\s*,?\\s*(?:(\\d{4})\\s*,?\\s*)?(?:-\\s*)?"
    "(\\d{1,2}):(\\d{2})\\s*([A-Za-z+\\-0-9:]*)\\s*$";
static const char affected_pattern[] = "(?:incident|maintenance) affected:\\s*([^.<]+)";
/* How the closing text states when the impact began. Each pattern has the
 * same groups (enum stated_group): a written date ("On August 6, 2026,",
 * "From October 20th at", the year optional), an ISO date ("On
 * 2026-08-03,"), the start's clock (24-hour, or 12-hour with am/pm), and a
 * zone after a clock. The window pattern takes its date before "between" or
 * after "from" through a branch reset, (?|...), which numbers the groups of
 * each alternative alike. */
enum stated_group {
    G_MONTH = 1,
    G_DAY,
    G_YEAR,
    G_ISO_YEAR,
    G_ISO_MONTH,
    G_ISO_DAY,
    G_HOUR,
    G_MINUTE,
    G_MERIDIEM,
    G_ZONE,
    G_END_ZONE
};
#define STATED_DAY                                                                                 \
    "(?:([a-z]{3})[a-z]*\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?|"                    \
    "(\\d{4})-(\\d{2})-(\\d{2}))"
#define STATED_DATE "(?:\\bon\\s+" STATED_DAY "\\s*,?\\s*)?"
#define NO_DATE "()?()?()?()?()?()?"
#define MERIDIEM "(?:[ap]\\.?m\\b\\.?)"
/* The start's clock: groups hour, minute, am/pm. */
#define STATED_CLOCK "~?(\\d{1,2}):(\\d{2})\\s*(" MERIDIEM ")?\\s*"
static const char *const stated_patterns[] = {
    /* a window: "between 15:05 UTC and 00:14 UTC", "from 13:28–21:15 UTC",
     * "(08:45 – 09:13 UTC)", "From October 20th at 14:10 UTC until 16:40
     * UTC", "from 4:59pm UTC to 6:06pm UTC" */
    ("(?|\\bon\\s+" STATED_DAY "\\s*,?\\s*(?:between|from)\\s+|\\b(?:between|from)\\s+" STATED_DAY
     "\\s*,?\\s*(?:at\\s+)?|" NO_DATE "(?:\\b(?:between|from)\\s+|\\(\\s*))" STATED_CLOCK
     "(utc|gmt)?\\s*(?:and|to|until|through|\xe2\x80\x93|\xe2\x80\x94|-)\\s*~?\\d{1,2}:\\d{2}"
     "\\s*" MERIDIEM "?\\s*(utc|gmt)?\\b"),
    /* "On July 26, 2026 at 21:34 UTC we began seeing errors" */
    (STATED_DATE "\\bat\\s+" STATED_CLOCK "(utc|gmt)\\b()?,?\\s+(?:we|customers|users)\\s+"
                 "(?:began|started)\\b"),
    /* "the impact began at 10:02 UTC" */
    (NO_DATE "\\b(?:impact|incident|errors|degradation|issue|outage|disruption)\\s+"
             "(?:began|started)\\s+at\\s+" STATED_CLOCK "(utc|gmt)\\b()?"),
};
#define N_STATED (sizeof stated_patterns / sizeof stated_patterns[0])

enum field { F_ID, F_GUID, F_LINK, F_TITLE, F_PUBLISHED, F_PUBDATE, F_UPDATED, F_CONTENT, F_N };

static const struct {
    const char *name;
    enum field field;
} fields[] = {
    {"id", F_ID},
    {"guid", F_GUID},
    {"link", F_LINK},
    {"title", F_TITLE},
    {"published", F_PUBLISHED},
    {"pubDate", F_PUBDATE},
    {"updated", F_UPDATED},
    {"content", F_CONTENT},
    {"encoded", F_CONTENT}, /* RSS content:encoded */
    {"description", F_CONTENT},
    {"summary", F_CONTENT},
    {NULL, F_N},
};

struct state {
    struct ingest *ing;
    struct regex *stamp, *affected, *stated[N_STATED];
    char entity[256];
    bool rss;
    /* the entry being read */
    struct strbuf field[F_N];
    bool has[F_N];
    long entry_line;
    size_t entry_bytes;
    bool too_long;
    char unexpanded[64]; /* the first entity its text refers to; "" for none */
};

/* An update of the timeline being walked. */
struct timeline {
    struct state *s;
    struct sl_civil pub;
    bool in_small, in_strong, open, worded;
    struct strbuf small, strong, body;
    char word[64];
    int64_t t; /* of the open update */
    int updates;
    int64_t first, mitigated, resolved;
    char status_now[64];
    bool maintenance;
    struct strbuf resolution; /* the text of resolved and postmortem updates */
    struct strbuf text;       /* all of it, for "This incident affected" */
    const char *why;          /* the first reason to reject the entry */
    char why_buf[200];
    enum sl_status rc;
};

/* Appends text with every non-breaking space (U+00A0) made a space, so the
 * patterns' \s sees it. */
static void
add_text(struct strbuf *sb, const char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if ((unsigned char)p[i] == 0xc2 && i + 1 < n && (unsigned char)p[i + 1] == 0xa0) {
            strbuf_addch(sb, ' ');
            i++;
        } else {
            strbuf_addch(sb, p[i]);
        }
    }
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

static int
num(const struct regex_match *m, int g, const char *subject)
{
    char b[16];
    return group(m, g, subject, b, sizeof b) ? (int)strtol(b, NULL, 10) : -1;
}

/* 1..12 for a month's first three letters in any case, 0 otherwise. */
static int
month_of(char *mon)
{
    for (size_t i = 0; mon[i]; i++)
        mon[i] = (char)(i ? tolower((unsigned char)mon[i]) : toupper((unsigned char)mon[i]));
    return logstamp_month(mon, strlen(mon));
}

static void
tl_reject(struct timeline *tl, const char *why)
{
    if (!tl->why) {
        snprintf(tl->why_buf, sizeof tl->why_buf, "%s", why);
        tl->why = tl->why_buf;
    }
}

static bool
word_is(const char *word, const char *const list[])
{
    for (size_t i = 0; list[i]; i++)
        if (!strcasecmp(word, list[i]))
            return true;
    return false;
}

/* The open update is complete: its time, word and text count. */
static void
finish_update(struct timeline *tl)
{
    static const char *const maintenance_words[] = {"scheduled", "in progress", "verifying",
                                                    "completed", NULL};
    static const char *const closing_words[] = {"resolved", "postmortem", "completed", NULL};
    if (!tl->open)
        return;
    tl->open = false;
    const char *w = tl->word;
    tl->updates++;
    if (!tl->status_now[0])
        snprintf(tl->status_now, sizeof tl->status_now, "%s", w);
    if (word_is(w, maintenance_words))
        tl->maintenance = true;
    if (tl->first == SLTIME_NONE || tl->t < tl->first)
        tl->first = tl->t;
    if ((!strcasecmp(w, "monitoring") || !strcasecmp(w, "verifying")) &&
        (tl->mitigated == SLTIME_NONE || tl->t < tl->mitigated))
        tl->mitigated = tl->t;
    if ((!strcasecmp(w, "resolved") || !strcasecmp(w, "completed")) &&
        (tl->resolved == SLTIME_NONE || tl->t > tl->resolved))
        tl->resolved = tl->t;
    if (word_is(w, closing_words)) {
        strbuf_add(&tl->resolution, tl->body.buf, tl->body.len);
        strbuf_addch(&tl->resolution, '\n');
    }
}

/* The text of a <small>: a stamp opens an update; other text is not one. */
static void
read_stamp(struct timeline *tl)
{
    struct state *s = tl->s;
    struct regex_match m;
    bool found = false;
    struct sl_diag d = {0};
    if (regex_search(s->stamp, tl->small.buf, tl->small.len, 0, &found, &m, &d) || !found)
        return;
    char mon[8], zone[16];
    group(&m, 1, tl->small.buf, mon, sizeof mon);
    group(&m, 6, tl->small.buf, zone, sizeof zone);
    int year = num(&m, 3, tl->small.buf);
    struct sl_civil c = {tl->pub.year,
                         month_of(mon),
                         num(&m, 2, tl->small.buf),
                         num(&m, 4, tl->small.buf),
                         num(&m, 5, tl->small.buf),
                         0};
    if (year > 0)
        c.year = year;
    else if (c.month > tl->pub.month)
        c.year--; /* the turn of the year */
    if (c.year < SLTIME_MIN_YEAR || c.year > SLTIME_MAX_YEAR) {
        tl_reject(tl, "update timeline: year out of range (1970-2200)");
        return;
    }
    if (!c.month || c.day < 1 || c.day > sltime_days_in_month(c.year, c.month) || c.hour > 23 ||
        c.minute > 59) {
        tl_reject(tl, "bad date in the update timeline");
        return;
    }
    const char *zone_name = NULL;
    if (zone[0] && strcasecmp(zone, "UTC") && strcasecmp(zone, "GMT") && strcasecmp(zone, "Z")) {
        /* An abbreviation names no rule; the page's zone must come from --tz. */
        if (!s->ing->zone) {
            char reason[200];
            snprintf(reason, sizeof reason,
                     "timeline time zone '%s' is not UTC: give the page's zone with --tz", zone);
            tl_reject(tl, reason);
            return;
        }
        zone_name = s->ing->zone;
    }
    finish_update(tl);
    tl->t = sltime_from_civil(&c, zone_name);
    tl->open = true;
    tl->worded = false;
    tl->word[0] = '\0';
    strbuf_reset(&tl->body);
}

static void
on_enter(void *ctx, const char *name)
{
    struct timeline *tl = ctx;
    if (!strcmp(name, "small")) {
        tl->in_small = true;
        strbuf_reset(&tl->small);
    } else if (!strcmp(name, "strong") && tl->open && !tl->worded) {
        tl->in_strong = true;
        strbuf_reset(&tl->strong);
    } else if (!strcmp(name, "p") || !strcmp(name, "br")) {
        strbuf_addch(&tl->text, ' ');
        if (tl->open)
            strbuf_addch(&tl->body, ' ');
    }
}

static void
on_leave(void *ctx, const char *name)
{
    struct timeline *tl = ctx;
    if (!strcmp(name, "small") && tl->in_small) {
        tl->in_small = false;
        read_stamp(tl);
    } else if (!strcmp(name, "strong") && tl->in_strong) {
        tl->in_strong = false;
        tl->worded = true;
        const char *p = tl->strong.buf;
        size_t n = tl->strong.len;
        while (n && isspace((unsigned char)*p))
            p++, n--;
        while (n && isspace((unsigned char)p[n - 1]))
            n--;
        snprintf(tl->word, sizeof tl->word, "%.*s", (int)n, p);
    }
}

static void
on_text(void *ctx, const char *text, size_t len)
{
    struct timeline *tl = ctx;
    add_text(&tl->text, text, len);
    if (tl->in_small)
        add_text(&tl->small, text, len);
    else if (tl->in_strong)
        add_text(&tl->strong, text, len);
    else if (tl->open)
        add_text(&tl->body, text, len);
}

/* The hour of the stated clock on the 24-hour clock, -1 when it is none
 * ("13:05 pm", "25:00"). */
static int
stated_hour(const struct regex_match *m, const char *t)
{
    int hh = num(m, G_HOUR, t);
    char meridiem[8];
    if (!group(m, G_MERIDIEM, t, meridiem, sizeof meridiem))
        return hh <= 23 ? hh : -1;
    if (hh < 1 || hh > 12)
        return -1;
    return hh % 12 + (tolower((unsigned char)meridiem[0]) == 'p' ? 12 : 0);
}

/* The instant of hh:mm UTC on c's date, SLTIME_NONE when that is no date. */
static int64_t
date_instant(struct sl_civil c, int hh, int mm)
{
    if (c.month < 1 || c.month > 12 || c.year < SLTIME_MIN_YEAR || c.year > SLTIME_MAX_YEAR ||
        c.day < 1 || c.day > sltime_days_in_month(c.year, c.month))
        return SLTIME_NONE;
    c.hour = hh;
    c.minute = mm;
    c.second = 0;
    return sltime_from_civil(&c, NULL);
}

/* The instant a stated clock names: the written date when there is one
 * within MAX_STATED_LEAD before first (a date without a year in first's
 * year, or the year before when that would be after first), otherwise the
 * last such time of day at or before first (a postmortem's date may be a
 * slip; its clock is not) if that is within MAX_CLOCK_LEAD; SLTIME_NONE when
 * neither is. */
static int64_t
stated_instant(const struct regex_match *m, const char *t, int64_t first)
{
    int hh = stated_hour(m, t), mm = num(m, G_MINUTE, t);
    struct sl_civil c = {0}, day_of_first;
    long off;
    char mon[8];
    if (hh < 0 || mm < 0 || mm > 59)
        return SLTIME_NONE;
    sltime_to_civil(first, NULL, &day_of_first, &off);
    bool yearless = false;
    if (group(m, G_MONTH, t, mon, sizeof mon)) {
        yearless = m->start[G_YEAR] == (size_t)-1;
        c.year = yearless ? day_of_first.year : num(m, G_YEAR, t);
        c.month = month_of(mon);
        c.day = num(m, G_DAY, t);
    } else if (m->start[G_ISO_YEAR] != (size_t)-1) {
        c.year = num(m, G_ISO_YEAR, t);
        c.month = num(m, G_ISO_MONTH, t);
        c.day = num(m, G_ISO_DAY, t);
    }
    int64_t at = date_instant(c, hh, mm);
    if (yearless && at != SLTIME_NONE && at > first) {
        c.year--; /* the turn of the year */
        at = date_instant(c, hh, mm);
    }
    if (at != SLTIME_NONE && at <= first && first - at <= MAX_STATED_LEAD)
        return at;
    at = date_instant(day_of_first, hh, mm);
    if (at > first)
        at -= 86400;
    return first - at <= MAX_CLOCK_LEAD ? at : SLTIME_NONE;
}

/* The start the closing text states, at or before first: for each of
 * stated_patterns, its first match with a clock in UTC; the earliest of
 * them. SLTIME_NONE when the text states none: the start is not known. */
static int64_t
stated_start(struct timeline *tl, int64_t first)
{
    struct state *s = tl->s;
    const char *t = tl->resolution.buf;
    int64_t best = SLTIME_NONE;
    for (size_t p = 0; p < N_STATED; p++) {
        size_t from = 0;
        bool found;
        struct regex_match m;
        struct sl_diag d = {0};
        while (from <= tl->resolution.len &&
               !regex_search(s->stated[p], t, tl->resolution.len, from, &found, &m, &d) && found) {
            from = m.end[0] > from ? m.end[0] : from + 1;
            if (m.start[G_ZONE] == (size_t)-1 && m.start[G_END_ZONE] == (size_t)-1)
                continue; /* a clock in no stated zone */
            int64_t at = stated_instant(&m, t, first);
            if (at != SLTIME_NONE && (best == SLTIME_NONE || at < best))
                best = at;
            break;
        }
    }
    return best;
}

static enum sl_status
reject(struct state *s, const char *reason)
{
    struct strbuf raw = STRBUF_INIT;
    strbuf_addf(&raw, "%s %s", s->field[F_ID].buf[0] ? s->field[F_ID].buf : s->field[F_LINK].buf,
                s->field[F_TITLE].buf);
    enum sl_status rc = ingest_reject(s->ing, s->entry_line, reason, raw.buf, raw.len);
    strbuf_release(&raw);
    return rc;
}

/* The key of an entry: an RSS item's <link> (the incident's page, whose
 * last segment is the id Statuspage's JSON uses), else its <guid>; an Atom
 * entry's <id>, else its link. "tag:status.example,2005:Incident/31233568" →
 * "31233568"; a URL keeps its last path segment. */
static bool
entry_key(struct state *s, char *key, size_t keylen)
{
    static const enum field rss_order[] = {F_LINK, F_GUID, F_ID, F_N};
    static const enum field atom_order[] = {F_ID, F_GUID, F_LINK, F_N};
    const enum field *order = s->rss ? rss_order : atom_order;
    for (size_t i = 0; order[i] != F_N; i++) {
        struct strbuf *f = &s->field[order[i]];
        char *p = f->buf;
        size_t n = f->len;
        while (n && isspace((unsigned char)*p))
            p++, n--;
        while (n && (isspace((unsigned char)p[n - 1]) || p[n - 1] == '/'))
            n--;
        if (!n)
            continue;
        const char *k = p + n;
        while (k > p && k[-1] != '/')
            k--;
        snprintf(key, keylen, "%.*s", (int)(p + n - k), k);
        return true;
    }
    return false;
}

/* When the entry was published: Atom's ISO 8601, RSS's RFC 822. */
static enum sl_status
entry_published(struct state *s, int64_t *out, char *reason, size_t reasonlen)
{
    static const enum field order[] = {F_PUBLISHED, F_PUBDATE, F_UPDATED, F_N};
    *out = SLTIME_NONE;
    for (size_t i = 0; order[i] != F_N; i++) {
        struct strbuf *f = &s->field[order[i]];
        if (!s->has[order[i]] || !f->len)
            continue;
        const char *why = "";
        if (!ingest_time(s->ing, f->buf, f->len, out, &why) ||
            !logstamp_rfc822(s->ing, f->buf, f->len, out, &why))
            return SL_OK;
        snprintf(reason, reasonlen, "bad published time '%.60s': %s", f->buf, why);
        return SL_ERR_INPUT;
    }
    return SL_OK;
}

static enum sl_status
read_entry(struct state *s)
{
    struct timeline tl = {.s = s,
                          .small = STRBUF_INIT,
                          .strong = STRBUF_INIT,
                          .body = STRBUF_INIT,
                          .resolution = STRBUF_INIT,
                          .text = STRBUF_INIT,
                          .first = SLTIME_NONE,
                          .mitigated = SLTIME_NONE,
                          .resolved = SLTIME_NONE};
    enum sl_status rc = SL_OK;
    char key[256], service[256] = "", reason[200];
    int64_t published;
    struct incident inc = {0};

    if (s->too_long) {
        rc = reject(s, "entry longer than 16 MiB");
        goto out;
    }
    if (s->unexpanded[0]) {
        snprintf(reason, sizeof reason,
                 "entry text refers to the entity &%.60s; declared in the feed: slaudit "
                 "expands no entity, and its text would be lost; write the text itself",
                 s->unexpanded);
        rc = reject(s, reason);
        goto out;
    }
    if (!entry_key(s, key, sizeof key)) {
        rc = reject(s, "entry without an id, guid or link");
        goto out;
    }
    if (entry_published(s, &published, reason, sizeof reason)) {
        rc = reject(s, reason);
        goto out;
    }
    if (published == SLTIME_NONE) {
        rc = reject(s, "entry without a published date (the timeline's year comes from it)");
        goto out;
    }
    if (!s->has[F_CONTENT]) {
        rc = reject(s, "entry without content");
        goto out;
    }
    long off;
    sltime_to_civil(published, NULL, &tl.pub, &off);
    struct xmlread_html_visitor v = {on_enter, on_leave, on_text, &tl};
    if ((rc = xmlread_html(s->field[F_CONTENT].buf, s->field[F_CONTENT].len, &v))) {
        rc = reject(s, "entry content too large for the HTML parser");
        goto out;
    }
    finish_update(&tl);
    if (tl.why) {
        rc = reject(s, tl.why);
        goto out;
    }
    if (!tl.updates) {
        rc = reject(s, "no dated updates in the entry's content");
        goto out;
    }
    struct regex_match m;
    bool found;
    struct sl_diag d = {0};
    if (regex_search(s->affected, tl.text.buf, tl.text.len, 0, &found, &m, &d) == SL_OK && found) {
        group(&m, 1, tl.text.buf, service, sizeof service);
        char *cut = strchr(service, ',');
        if (cut)
            *cut = '\0';
        if ((cut = strstr(service, " and ")))
            *cut = '\0';
        size_t n = strlen(service);
        while (n && isspace((unsigned char)service[n - 1]))
            service[--n] = '\0';
    }
    for (char *p = tl.status_now; *p; p++)
        *p = (char)tolower((unsigned char)*p);
    char *title = s->field[F_TITLE].buf;
    while (isspace((unsigned char)*title))
        title++;
    for (size_t n = strlen(title); n && isspace((unsigned char)title[n - 1]);)
        title[--n] = '\0';
    inc.key = key;
    inc.entity = s->ing->entity ? s->ing->entity : s->entity[0] ? s->entity : NULL;
    inc.service = service[0] ? service : s->ing->service;
    inc.title = title[0] ? title : NULL;
    inc.state = tl.status_now;
    inc.detected = tl.first;
    inc.started = tl.first;
    inc.acknowledged = SLTIME_NONE;
    inc.mitigated = tl.mitigated;
    inc.resolved = tl.resolved;
    inc.line = s->entry_line;
    if (!inc.entity) {
        rc = reject(s, "no entity: the feed has no title; give --entity");
        goto out;
    }
    if (tl.maintenance) {
        if (!inc.service || inc.resolved == SLTIME_NONE || inc.resolved <= inc.started) {
            rc = reject(s, "maintenance without a component or a completed time");
            goto out;
        }
        struct maintenance mt = {inc.entity,   inc.service, key,          inc.started,
                                 inc.resolved, SLTIME_NONE, s->entry_line};
        rc = ingest_maintenance(s->ing, &mt);
        goto out;
    }
    inc.started = stated_start(&tl, tl.first); /* unknown unless stated, as TTD needs */
    const char *problem = incident_times_problem(&inc);
    if (problem) {
        rc = reject(s, problem);
        goto out;
    }
    rc = ingest_incident(s->ing, &inc);
out:
    strbuf_release(&tl.small);
    strbuf_release(&tl.strong);
    strbuf_release(&tl.body);
    strbuf_release(&tl.resolution);
    strbuf_release(&tl.text);
    return rc;
}

/* The feed's own title names the page: "GitHub Status - Incident History". */
static void
feed_entity(struct state *s, const struct strbuf *title)
{
    char t[256];
    const char *p = title->buf;
    while (isspace((unsigned char)*p))
        p++;
    snprintf(t, sizeof t, "%s", p);
    char *cut = strstr(t, " Status");
    if (cut)
        *cut = '\0';
    if (t[0])
        jsonstream_provider(t, s->entity, sizeof s->entity);
}

static enum field
field_of(const char *name)
{
    for (size_t i = 0; fields[i].name; i++)
        if (!strcmp(name, fields[i].name))
            return fields[i].field;
    return F_N;
}

static void
begin_entry(struct state *s, long line)
{
    for (int i = 0; i < F_N; i++) {
        strbuf_reset(&s->field[i]);
        s->has[i] = false;
    }
    s->entry_line = line;
    s->entry_bytes = 0;
    s->too_long = false;
    s->unexpanded[0] = '\0';
}

static void
add_field(struct state *s, enum field f, const char *text, size_t len)
{
    if (s->too_long)
        return;
    if (s->entry_bytes + len > MAX_ENTRY) {
        s->too_long = true;
        return;
    }
    s->entry_bytes += len;
    strbuf_add(&s->field[f], text, len);
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state s = {.ing = ing};
    struct xmlread *r = NULL;
    struct xmlread_node n;
    enum sl_status rc;
    int entry_depth = -1, head_depth = -1;
    enum field in = F_N;     /* the entry's element whose text is being read */
    int in_depth = -1;       /* its depth */
    bool head_title = false; /* reading the feed's own title */
    struct strbuf title = STRBUF_INIT;
    for (int i = 0; i < F_N; i++)
        s.field[i] = (struct strbuf)STRBUF_INIT;
    if ((rc = regex_compile(stamp_pattern, REGEX_CASELESS | ing->regex_flags, &s.stamp,
                            ing->diag)) ||
        (rc = regex_compile(affected_pattern, REGEX_CASELESS | ing->regex_flags, &s.affected,
                            ing->diag)))
        goto out;
    for (size_t i = 0; i < N_STATED; i++)
        if ((rc = regex_compile(stated_patterns[i], REGEX_CASELESS | ing->regex_flags, &s.stated[i],
                                ing->diag)))
            goto out;
    if (!(r = xmlread_open(f, ing->path, ing->diag))) {
        rc = SL_ERR_NOMEM;
        goto out;
    }
    while (!(rc = xmlread_next(r, &n)) && n.kind != XMLREAD_DONE) {
        if (n.kind == XMLREAD_START && n.depth == 0) {
            if (!strcmp(n.name, "feed")) {
                head_depth = 0;
            } else if (!strcmp(n.name, "rss")) {
                s.rss = true;
            } else {
                rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, n.line,
                              "XML without an Atom or RSS root: <%s> is not <feed> nor <rss>",
                              n.name);
                goto out;
            }
            continue;
        }
        if (n.kind == XMLREAD_START && s.rss && n.depth == 1 && !strcmp(n.name, "channel"))
            head_depth = 1;
        if (entry_depth < 0) {
            if (n.kind == XMLREAD_START && (!strcmp(n.name, "entry") || !strcmp(n.name, "item"))) {
                entry_depth = n.depth;
                begin_entry(&s, n.line);
            } else if (n.kind == XMLREAD_START && n.depth == head_depth + 1 &&
                       !strcmp(n.name, "title") && !s.entity[0]) {
                head_title = true;
                strbuf_reset(&title);
            } else if (n.kind == XMLREAD_TEXT && head_title) {
                strbuf_add(&title, n.text, n.len < 1024 ? n.len : 1024);
            } else if (n.kind == XMLREAD_ENTITY && head_title) {
                rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 0,
                              "the feed's title refers to the entity &%s; declared in the feed: "
                              "slaudit expands no entity, and the entity named by the title "
                              "would lose its text; write the text itself",
                              n.name);
                goto out;
            } else if (n.kind == XMLREAD_END && head_title) {
                head_title = false;
                feed_entity(&s, &title);
            }
            continue;
        }
        if (n.kind == XMLREAD_START && n.depth == entry_depth + 1) {
            in = field_of(n.name);
            in_depth = n.depth;
            char href[2048], rel[64] = "";
            if (in == F_LINK && xmlread_attr(r, "href", href, sizeof href)) {
                /* Atom: <link rel="alternate" href="..."/>, the first such one */
                xmlread_attr(r, "rel", rel, sizeof rel);
                if ((!rel[0] || !strcmp(rel, "alternate")) && !s.has[F_LINK])
                    add_field(&s, F_LINK, href, strlen(href));
                s.has[F_LINK] = true;
                in = F_N;
            } else if (in != F_N && s.has[in]) {
                in = F_N; /* the first of each counts: content before summary */
            } else if (in != F_N) {
                s.has[in] = true;
            }
        } else if (n.kind == XMLREAD_TEXT && in != F_N) {
            add_field(&s, in, n.text, n.len);
        } else if (n.kind == XMLREAD_ENTITY && in != F_N && !s.unexpanded[0]) {
            snprintf(s.unexpanded, sizeof s.unexpanded, "%s", n.name);
        } else if (n.kind == XMLREAD_END && n.depth == in_depth) {
            in = F_N;
            in_depth = -1;
        } else if (n.kind == XMLREAD_END && n.depth == entry_depth) {
            entry_depth = -1;
            if ((rc = read_entry(&s)))
                goto out;
        }
    }
    if (!rc && head_depth < 0 && !s.rss)
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 1, "not an Atom or RSS feed");
out:
    xmlread_free(r);
    regex_free(s.stamp);
    regex_free(s.affected);
    for (size_t i = 0; i < N_STATED; i++)
        regex_free(s.stated[i]);
    for (int i = 0; i < F_N; i++)
        strbuf_release(&s.field[i]);
    strbuf_release(&title);
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
    "a status page's Atom or RSS 2.0 incident history (Statuspage /history.atom, "
    "/history.rss): one incident per entry, times from the update timeline in its HTML, the "
    "impact's start from the resolution's text where it states an earlier one",
    "an XML document with <feed> or <rss>",
    sniff,
    parse,
};
