/* nvidia_xid.c — NVIDIA Xid events from kernel logs: `dmesg -T`
 * ("[Sun Feb 23 16:24:18 2025] NVRM: Xid (PCI:0000:9b:00): 119, ..."),
 * journald short-iso ("2025-02-23T16:24:18+0000 host kernel: NVRM: Xid ...")
 * and syslog ("Feb 23 16:24:18 host kernel: ..."; no year: the year of the
 * file's last change, one less for months after it, and one more at each turn
 * of the year within the file). Each Xid line is one event with the code's
 * class and action from engine/xid.h; other lines are not records, except
 * "NVRM: GPU at PCI:...: GPU-<uuid>" which names the GPU at that address.
 * Lines stamped only with seconds since boot are placed with --boot-time, and
 * rejected without it; --year gives the year of the first syslog line.
 *
 * NVSwitch SXid lines ("nvidia-nvswitch1: SXid (PCI:0000:06:00.0): 20034,
 * Fatal, Link 48 LTSSM Fault Up") are GPU events too: xid is the SXid code
 * (five digits; no Xid code is that high), gpu the switch's name, the
 * message starts "NVSwitch SXid: ", class hardware, action reset when Fatal
 * (the fabric must be reset) and none when Non-fatal. A line of the same
 * switch and code without a severity ("Severity 1 Engine instance 60...",
 * "Data {...}") details the SXid before it and is no record of its own.
 *
 * Host. An event's host is its line's own (journald, syslog), else the host
 * the log's first stamped line names, else --host; an event with none of
 * them is rejected ("give --host"): a host is part of every key.
 *
 * Span. The log speaks for the time from its first stamped line to its last
 * (and every event in it): that span is up time for each service it names
 * (parsers/read/history_span.h), so one estimated outage in a month-long log
 * is not the month's only known time.
 *
 * Bursts. The Xids that take a GPU out of service (class hardware or driver,
 * action reset, drain or replace) are grouped per host into bursts: events no
 * more than XID_BURST_GAP apart. Each burst is one incident (key
 * "xid:<host>:<first event>", severity label "xid <worst action>") and, for
 * each GPU in it, a down interval with units 1, unit_kind "gpu" (key
 * "xid:<host>:<pci>:<first event>"). A kernel log does not say when the GPU
 * came back, so the interval runs from the GPU's first Xid to its last plus
 * the recovery time its worst action takes (hold_table below); the incident
 * is resolved at the latest of those ends and says in its extra fields that
 * the end is estimated. A fatal SXid joins its host's burst (its code in the
 * title and in "sxids", the incident held for a reset after it) without a
 * GPU interval: the log does not say which GPUs the fabric fault stopped.
 * The service is --service, else the host. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/base/regex.h"
#include "engine/time/sltime.h"
#include "engine/base/strbuf.h"
#include "parsers/read/history_span.h"
#include "parsers/read/strhash.h"
#include "parsers/formats/xid.h"
#include "parsers/read/jsonstream.h"
#include "parsers/read/lines.h"
#include "parsers/read/logstamp.h"
#include "parsers/formats/registry.h"

#define MAX_GPUS 256
#define XID_BURST_GAP 600 /* seconds between two Xids of one burst */
#define BURST_MAX_GPUS 16 /* GPUs tracked per burst (a node has 8 or fewer) */
#define BURST_MAX_HOSTS 4096

/* How long a GPU is assumed out of service after its last Xid, by the worst
 * action needed: a reset and a job restart; a drain, a node reboot and a
 * health check; a replacement (the 12-hour hardware replacement some GPU
 * clouds commit to). Actions not listed do not make bursts. */
static const struct {
    const char *action;
    int rank;
    int64_t hold;
} hold_table[] = {
    {"reset", 1, 10 * 60},
    {"drain", 2, 2 * 3600},
    {"replace", 3, 12 * 3600},
    {NULL, 0, 0},
};

struct burst_gpu {
    char pci[32];
    int64_t first, last;
    int rank; /* worst action, index + 1 in hold_table order */
    long line;
};

struct burst {
    char host[128];
    int64_t first, last;
    long line;
    int rank;
    char xids[128];    /* the distinct Xid codes, "79,48" */
    char sxids[128];   /* the distinct SXid codes */
    int64_t sxid_last; /* the last fatal SXid, SLTIME_NONE when none */
    struct burst_gpu gpus[BURST_MAX_GPUS];
    size_t ngpus;
};

struct bursts {
    struct burst *b;
    size_t n, alloc;
    size_t *slots; /* open addressing by host: index + 1 into b, 0 when free */
    size_t nslots; /* a power of two, at least twice n */
};

/* The stamp at the start of a line: groups 1 to 11. */
#define STAMP_PATTERN                                                                              \
    "^(?:\\[(?:[A-Z][a-z]{2} )?([A-Z][a-z]{2}) +(\\d{1,2}) (\\d\\d:\\d\\d:\\d\\d) (\\d{4})\\]"     \
    "|(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?(?:Z|[+-]\\d\\d:?\\d\\d)?) (\\S+)"     \
    "|([A-Z][a-z]{2}) +(\\d{1,2}) (\\d\\d:\\d\\d:\\d\\d) (\\S+)"                                   \
    "|(\\[ *\\d+\\.\\d+\\]))"

/* Groups 12-14 an Xid, 15-16 a GPU's name, 17-20 an SXid. */
static const char line_pattern[] =
    STAMP_PATTERN ".*?(?:NVRM: (?:Xid \\((?:PCI:)?([0-9a-fA-F:.]+)\\): (\\d+),? *(.*)"
                  "|GPU at PCI:([0-9a-fA-F:.]+): (GPU-[0-9a-fA-F-]+))"
                  "|(nvidia-nvswitch\\d+): SXid \\((?:PCI:)?([0-9a-fA-F:.]+)\\): (\\d+),? *(.*))";

static const char stamp_pattern[] = STAMP_PATTERN;

struct gpu_name {
    char pci[32], uuid[64];
};

static int
month_of(const char *s)
{
    static const char names[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
    for (int i = 0; i < 12; i++)
        if (!strncmp(s, names + 3 * i, 3))
            return i + 1;
    return 0;
}

static void
grab(const char *s, const struct regex_match *m, int g, char *out, size_t n)
{
    out[0] = '\0';
    if (m->start[g] == (size_t)-1)
        return;
    lines_copy(out, n, s + m->start[g], m->end[g] - m->start[g]);
}

/* "HH:MM:SS", which the pattern has matched as digits. */
static void
clock_of(const char *s, struct sl_civil *cv)
{
    cv->hour = (s[0] - '0') * 10 + (s[1] - '0');
    cv->minute = (s[3] - '0') * 10 + (s[4] - '0');
    cv->second = (s[6] - '0') * 10 + (s[7] - '0');
}

static int
action_rank(const char *action)
{
    for (size_t i = 0; hold_table[i].action; i++)
        if (!strcmp(action, hold_table[i].action))
            return hold_table[i].rank;
    return 0;
}

static const char *
rank_action(int rank)
{
    for (size_t i = 0; hold_table[i].action; i++)
        if (hold_table[i].rank == rank)
            return hold_table[i].action;
    return "none";
}

static int64_t
rank_hold(int rank)
{
    for (size_t i = 0; hold_table[i].action; i++)
        if (hold_table[i].rank == rank)
            return hold_table[i].hold;
    return 0;
}

static enum sl_status
burst_emit(struct ingest *ing, const struct burst *b)
{
    const char *service = ing->service ? ing->service : b->host;
    int64_t end = b->last;
    enum sl_status rc = SL_OK;
    for (size_t i = 0; i < b->ngpus && !rc; i++) {
        const struct burst_gpu *g = &b->gpus[i];
        char key[256];
        snprintf(key, sizeof key, "xid:%s:%s:%lld", b->host, g->pci, (long long)g->first);
        struct interval iv = {
            .entity = ing->entity,
            .service = service,
            .start = g->first,
            .end = g->last + rank_hold(g->rank),
            .status = SVC_DOWN,
            .line = g->line,
            .units = 1,
            .unit_kind = "gpu",
            .key = key,
        };
        if (iv.end > end)
            end = iv.end;
        rc = ingest_interval(ing, &iv);
    }
    if (rc)
        return rc;
    if (b->sxid_last != SLTIME_NONE && b->sxid_last + rank_hold(1) > end)
        end = b->sxid_last + rank_hold(1); /* a fatal SXid: the fabric is reset */
    const char *action = rank_action(b->rank);
    char key[192], title[512], label[32], codes[300];
    snprintf(key, sizeof key, "xid:%s:%lld", b->host, (long long)b->first);
    snprintf(label, sizeof label, "xid %s", action);
    snprintf(codes, sizeof codes, "%s%s%s%s%s", b->xids[0] ? "Xid " : "", b->xids,
             b->xids[0] && b->sxids[0] ? ", " : "", b->sxids[0] ? "SXid " : "", b->sxids);
    if (b->ngpus)
        snprintf(title, sizeof title, "%s on %s: %zu GPU%s, %s", codes, b->host, b->ngpus,
                 b->ngpus == 1 ? "" : "s", action);
    else
        snprintf(title, sizeof title, "%s on %s: NVSwitch fabric, %s", codes, b->host, action);
    struct strbuf extra = STRBUF_INIT;
    strbuf_addf(&extra,
                "{\"xids\":\"%s\",\"sxids\":\"%s\",\"gpus\":%zu,\"units\":%zu,"
                "\"unit_kind\":\"gpu\",\"action\":\"%s\",\"last_xid\":%lld,"
                "\"resolved_estimated\":true}",
                b->xids, b->sxids, b->ngpus, b->ngpus, action, (long long)b->last);
    struct incident inc = {
        .key = key,
        .entity = ing->entity,
        .service = service,
        .severity_label = label,
        .severity = severity_normalise(label),
        .title = title,
        .state = "resolved",
        .extra_json = extra.buf,
        .started = b->first,
        .detected = b->first,
        .acknowledged = SLTIME_NONE,
        .mitigated = SLTIME_NONE,
        .resolved = end,
        .line = b->line,
    };
    rc = ingest_incident(ing, &inc);
    strbuf_release(&extra);
    return rc;
}

/* The slot of host in bs->slots: where its burst's index is, or where it
 * goes. A log names hundreds of hosts; looking each event's up in a list
 * took a strcmp for every host before it, over bursts of a kilobyte each. */
static size_t
burst_slot(const struct bursts *bs, const char *host)
{
    size_t mask = bs->nslots - 1, j = strhash(host) & mask;
    while (bs->slots[j] && strcmp(bs->b[bs->slots[j] - 1].host, host))
        j = (j + 1) & mask;
    return j;
}

static enum sl_status
slots_grow(struct bursts *bs)
{
    size_t nslots = bs->nslots ? bs->nslots * 2 : 16;
    size_t *fresh = calloc(nslots, sizeof *fresh);
    if (!fresh)
        return SL_ERR_NOMEM;
    free(bs->slots);
    bs->slots = fresh;
    bs->nslots = nslots;
    for (size_t i = 0; i < bs->n; i++)
        bs->slots[burst_slot(bs, bs->b[i].host)] = i + 1;
    return SL_OK;
}

/* Adds one event (an SXid when sxid) to its host's burst, first closing
 * that burst when the event comes more than XID_BURST_GAP after it. */
static enum sl_status
burst_add(struct ingest *ing, struct bursts *bs, const struct gpu_event *ev, bool sxid)
{
    int rank = action_rank(ev->action);
    if (!rank || (strcmp(ev->xid_class, "hardware") && strcmp(ev->xid_class, "driver")))
        return SL_OK;
    const char *host = ev->host;
    if ((bs->n + 1) * 2 > bs->nslots && slots_grow(bs))
        return diag_set(ing->diag, SL_ERR_NOMEM, ing->path, ev->line, "out of memory");
    size_t slot = burst_slot(bs, host);
    struct burst *b = bs->slots[slot] ? &bs->b[bs->slots[slot] - 1] : NULL;
    if (b && (ev->time - b->last > XID_BURST_GAP || ev->time < b->first)) {
        enum sl_status rc = burst_emit(ing, b);
        if (rc)
            return rc;
        memset(b, 0, sizeof *b);
        snprintf(b->host, sizeof b->host, "%s", host);
        b->first = b->sxid_last = SLTIME_NONE;
    }
    if (!b) {
        if (bs->n == bs->alloc) {
            size_t alloc = bs->alloc ? bs->alloc * 2 : 8;
            if (alloc > BURST_MAX_HOSTS)
                return SL_OK; /* beyond the cap the events are kept, not grouped */
            struct burst *grown = realloc(bs->b, alloc * sizeof *grown);
            if (!grown)
                return diag_set(ing->diag, SL_ERR_NOMEM, ing->path, ev->line, "out of memory");
            bs->b = grown;
            bs->alloc = alloc;
        }
        bs->slots[slot] = bs->n + 1;
        b = &bs->b[bs->n++];
        memset(b, 0, sizeof *b);
        snprintf(b->host, sizeof b->host, "%s", host);
        b->first = b->sxid_last = SLTIME_NONE;
    }
    if (b->first == SLTIME_NONE) {
        b->first = ev->time;
        b->line = ev->line;
    }
    if (ev->time > b->last)
        b->last = ev->time;
    if (rank > b->rank)
        b->rank = rank;
    char code[16], *codes = sxid ? b->sxids : b->xids;
    size_t ncodes = sxid ? sizeof b->sxids : sizeof b->xids;
    snprintf(code, sizeof code, "%d", ev->xid);
    bool seen = false;
    for (const char *p = codes; *p && !seen; p += strcspn(p, ","), p += *p == ',')
        seen = strlen(code) == strcspn(p, ",") && !strncmp(p, code, strlen(code));
    if (!seen && strlen(codes) + strlen(code) + 2 < ncodes)
        snprintf(codes + strlen(codes), ncodes - strlen(codes), "%s%s", codes[0] ? "," : "", code);
    if (sxid) {
        if (b->sxid_last == SLTIME_NONE || ev->time > b->sxid_last)
            b->sxid_last = ev->time;
        return SL_OK;
    }
    struct burst_gpu *g = NULL;
    for (size_t i = 0; i < b->ngpus && !g; i++)
        if (!strcmp(b->gpus[i].pci, ev->pci))
            g = &b->gpus[i];
    if (!g && b->ngpus < BURST_MAX_GPUS) {
        g = &b->gpus[b->ngpus++];
        snprintf(g->pci, sizeof g->pci, "%s", ev->pci);
        g->first = ev->time;
        g->line = ev->line;
    }
    if (g) {
        if (ev->time > g->last)
            g->last = ev->time;
        if (rank > g->rank)
            g->rank = rank;
    }
    return SL_OK;
}

/* A stamp without an offset in zone, or SLTIME_NONE (and *why) when the
 * instant lies outside the range: the year is the stamp's own, or the
 * syslog year counted on from --year. */
static int64_t
in_zone(const struct sl_civil *c, const char *zone, const char **why)
{
    int64_t t = SLTIME_NONE;
    if (c->year >= SLTIME_MIN_YEAR && c->year <= SLTIME_MAX_YEAR)
        t = sltime_from_civil(c, zone);
    if (sltime_in_range(t))
        return t;
    *why = SLTIME_RANGE_WHY;
    return SLTIME_NONE;
}

/* The time of the stamp m matched at the start of line (groups 1 to 11),
 * its host copied to host when the form names one; SLTIME_NONE with *unread
 * saying why when it cannot be placed. */
static int64_t
stamp_time(struct ingest *ing, struct logstamp *ls, const char *line, const struct regex_match *m,
           char *host, size_t hostlen, const char **unread)
{
    char a[64], b[64], c[64], y[64];
    int64_t t = SLTIME_NONE;
    const char *why = "";
    *unread = "unreadable time stamp";
    host[0] = '\0';
    if (m->start[1] != (size_t)-1) { /* dmesg -T */
        grab(line, m, 1, a, sizeof a);
        grab(line, m, 2, b, sizeof b);
        grab(line, m, 3, c, sizeof c);
        grab(line, m, 4, y, sizeof y);
        struct sl_civil cv = {
            (int)strtol(y, NULL, 10), month_of(a), (int)strtol(b, NULL, 10), 0, 0, 0};
        clock_of(c, &cv);
        t = in_zone(&cv, ing->zone, unread);
    } else if (m->start[5] != (size_t)-1) { /* ISO */
        grab(line, m, 6, host, hostlen);
        if (ingest_time(ing, line + m->start[5], m->end[5] - m->start[5], &t, &why))
            t = SLTIME_NONE;
    } else if (m->start[7] != (size_t)-1) { /* syslog */
        grab(line, m, 7, a, sizeof a);
        grab(line, m, 8, b, sizeof b);
        grab(line, m, 9, c, sizeof c);
        grab(line, m, 10, host, hostlen);
        int month = month_of(a);
        struct sl_civil cv = {
            logstamp_syslog_year(ls, ing, month), month, (int)strtol(b, NULL, 10), 0, 0, 0};
        clock_of(c, &cv);
        t = in_zone(&cv, ing->zone, unread);
    } else if (m->start[11] != (size_t)-1 && !ing->boot_time) { /* [ 1234.5] */
        *unread = "seconds since boot only: give --boot-time, run dmesg -T or use the journal";
    } else if (m->start[11] != (size_t)-1 &&
               !sltime_add_seconds(ing->boot_time, strtod(line + m->start[11] + 1, NULL), &t)) {
        *unread = SLTIME_RANGE_WHY ": --boot-time plus the seconds since boot";
    }
    return t;
}

/* The span the log covers, read from its first and last stamped lines. */
struct log_span {
    struct regex *re;
    struct logstamp ls; /* its own syslog years: it sees two lines, not all */
    bool started;
    char host[128]; /* the first stamped line's host, "" when its form has none */
    char tail[256]; /* the start of the last non-blank line */
    size_t tail_len;
};

static void
span_line(struct ingest *ing, struct log_span *sp, struct history_span *cov, const char *line,
          size_t len)
{
    if (!len)
        return;
    sp->tail_len = len < sizeof sp->tail ? len : sizeof sp->tail;
    memcpy(sp->tail, line, sp->tail_len);
    if (sp->started)
        return;
    bool found;
    struct regex_match m;
    struct sl_diag d = {0};
    const char *why;
    char host[128];
    if (regex_search(sp->re, line, len, 0, &found, &m, &d) || !found)
        return;
    int64_t t = stamp_time(ing, &sp->ls, line, &m, host, sizeof host, &why);
    if (t == SLTIME_NONE)
        return;
    sp->started = true;
    snprintf(sp->host, sizeof sp->host, "%s", host);
    history_span_time(cov, t);
}

static void
span_end(struct ingest *ing, struct log_span *sp, struct history_span *cov)
{
    bool found;
    struct regex_match m;
    struct sl_diag d = {0};
    const char *why;
    char host[128];
    if (!sp->tail_len || regex_search(sp->re, sp->tail, sp->tail_len, 0, &found, &m, &d) || !found)
        return;
    history_span_time(cov, stamp_time(ing, &sp->ls, sp->tail, &m, host, sizeof host, &why));
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct regex *re = NULL;
    struct lines r;
    struct gpu_name gpus[MAX_GPUS];
    size_t ngpus = 0;
    const char *line;
    size_t len;
    enum lines_result got;
    struct logstamp ls;
    struct bursts bs = {0};
    struct log_span sp = {0};
    struct history_span cov;
    long matched = 0;
    history_span_init(&cov);
    logstamp_init(&ls, f);
    sp.ls = ls;
    enum sl_status rc = regex_compile(line_pattern, ing->regex_flags, &re, ing->diag);
    if (!rc)
        rc = regex_compile(stamp_pattern, ing->regex_flags, &sp.re, ing->diag);
    lines_init(&r, f, LINES_MAX_LENGTH);
    struct sl_diag d = {0}; /* a failed search only skips the line: its message is not used */
    while (!rc && (got = lines_next(&r, &line, &len)) != LINES_END) {
        if (got == LINES_IO) {
            rc = lines_read_error(&r, ing->path, ing->diag);
            break;
        }
        if (got != LINES_OK)
            continue; /* a line over 1 MiB is no Xid line */
        span_line(ing, &sp, &cov, line, len);
        bool found;
        struct regex_match m;
        if (regex_search(re, line, len, 0, &found, &m, &d) || !found)
            continue;
        matched++;
        char host[128], pci[32], code[16], msg[512], sw[32] = "";
        if (m.start[15] != (size_t)-1) {
            if (ngpus < MAX_GPUS) {
                grab(line, &m, 15, gpus[ngpus].pci, sizeof gpus[ngpus].pci);
                grab(line, &m, 16, gpus[ngpus].uuid, sizeof gpus[ngpus].uuid);
                ngpus++;
            }
            continue;
        }
        bool sxid = m.start[17] != (size_t)-1;
        int first = sxid ? 17 : 12; /* the device, code and message groups */
        size_t msg_at = m.start[first + (sxid ? 3 : 2)];
        if (msg_at == (size_t)-1)
            msg_at = len;
        lines_copy(msg, sizeof msg, line + msg_at, len - msg_at);
        char *p = msg;
        while (*p == ',' || *p == ' ')
            p++;
        bool fatal = !strncasecmp(p, "Fatal", 5), nonfatal = !strncasecmp(p, "Non-fatal", 9);
        if (sxid && !fatal && !nonfatal)
            continue; /* the detail of the SXid before it */
        const char *unread;
        int64_t t = stamp_time(ing, &ls, line, &m, host, sizeof host, &unread);
        if (t == SLTIME_NONE) {
            rc = ingest_reject(ing, r.number, unread, line, len);
            continue;
        }
        if (!host[0])
            snprintf(host, sizeof host, "%s", sp.host[0] ? sp.host : ing->host ? ing->host : "");
        if (sxid)
            grab(line, &m, 17, sw, sizeof sw);
        grab(line, &m, sxid ? 18 : 12, pci, sizeof pci);
        grab(line, &m, sxid ? 19 : 13, code, sizeof code);
        int xid = (int)strtol(code, NULL, 10);
        const struct xid_info *info = xid_lookup(xid);
        const char *uuid = sxid ? sw : NULL;
        for (size_t i = 0; i < ngpus && !sxid; i++)
            if (!strcmp(gpus[i].pci, pci))
                uuid = gpus[i].uuid;
        char sxmsg[540];
        snprintf(sxmsg, sizeof sxmsg, "NVSwitch SXid: %s", p);
        struct gpu_event ev = {
            .entity = ing->entity,
            .service = ing->service,
            .time = t,
            .host = host,
            .pci = pci,
            .gpu = uuid,
            .xid = xid,
            .xid_class = sxid ? "hardware" : info->xid_class,
            .action = sxid ? (fatal ? "reset" : "none") : info->action,
            .message = sxid ? sxmsg : p,
            .line = r.number,
        };
        if (!ev.entity) {
            rc = ingest_reject(ing, r.number, "no entity: give --entity", line, len);
        } else if (!host[0]) {
            rc =
                ingest_reject(ing, r.number, "no host: the log names none; give --host", line, len);
        } else if (!(rc = ingest_gpu_event(ing, &ev))) {
            history_span_time(&cov, t);
            if (!(rc = history_span_service(&cov, ing->service ? ing->service : host)))
                rc = burst_add(ing, &bs, &ev, sxid);
        }
    }
    for (size_t i = 0; i < bs.n && !rc; i++)
        rc = burst_emit(ing, &bs.b[i]);
    free(bs.b);
    free(bs.slots);
    if (!rc && !matched)
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 1, "no NVRM or SXid lines");
    if (!rc) {
        span_end(ing, &sp, &cov);
        rc = history_span_emit(&cov, ing, ing->entity);
    }
    if (rc == SL_ERR_NOMEM)
        diag_set(ing->diag, rc, ing->path, r.number, "out of memory");
    history_span_release(&cov);
    regex_free(sp.re);
    regex_free(re);
    lines_release(&r);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_has(head, len, "NVRM: Xid") || jsonstream_head_has(head, len, ": SXid ("))
        return 85;
    return jsonstream_head_has(head, len, "NVRM: ") ? 40 : 0;
}

const struct parser parser_nvidia_xid = {
    "nvidia-xid",
    "NVIDIA Xid and NVSwitch SXid events from dmesg -T, journald (short-iso) or syslog: time, "
    "host, PCI address, GPU, Xid code with its class and action, message; needs --entity "
    "(and --host for dmesg)",
    "text containing 'NVRM: Xid', ': SXid (' or 'NVRM: '",
    sniff,
    parse,
};
