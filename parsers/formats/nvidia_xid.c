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
 * Bursts. The Xids that take a GPU out of service (class hardware or driver,
 * action reset, drain or replace) are grouped per host into bursts: events no
 * more than XID_BURST_GAP apart. Each burst is one incident (key
 * "xid:<host>:<first event>", severity label "xid <worst action>") and, for
 * each GPU in it, a down interval with units 1, unit_kind "gpu" (key
 * "xid:<host>:<pci>:<first event>"). A kernel log does not say when the GPU
 * came back, so the interval runs from the GPU's first Xid to its last plus
 * the recovery time its worst action takes (hold_table below); the incident
 * is resolved at the latest of those ends and says in its extra fields that
 * the end is estimated. The service is --service, else the host. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/regex.h"
#include "engine/time/sltime.h"
#include "engine/base/strbuf.h"
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
    int xid;        /* the first Xid, for the title */
    char xids[128]; /* the distinct codes, "79,48" */
    struct burst_gpu gpus[BURST_MAX_GPUS];
    size_t ngpus;
};

struct bursts {
    struct burst *b;
    size_t n, alloc;
    size_t *slots; /* open addressing by host: index + 1 into b, 0 when free */
    size_t nslots; /* a power of two, at least twice n */
};

static const char line_pattern[] =
    "^(?:\\[(?:[A-Z][a-z]{2} )?([A-Z][a-z]{2}) +(\\d{1,2}) (\\d\\d:\\d\\d:\\d\\d) (\\d{4})\\]"
    "|(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:\\.\\d+)?(?:Z|[+-]\\d\\d:?\\d\\d)?) (\\S+)"
    "|([A-Z][a-z]{2}) +(\\d{1,2}) (\\d\\d:\\d\\d:\\d\\d) (\\S+)"
    "|(\\[ *\\d+\\.\\d+\\]))"
    ".*?NVRM: (?:Xid \\((?:PCI:)?([0-9a-fA-F:.]+)\\): (\\d+),? *(.*)"
    "|GPU at PCI:([0-9a-fA-F:.]+): (GPU-[0-9a-fA-F-]+))";

struct gpu_name {
    char pci[32], uuid[64];
};

/* Whether the line holds "NVRM: ", which both alternatives of line_pattern
 * need literally. Nearly every line of a kernel log does not, and this skips
 * it for a fraction of what PCRE2 takes to fail (about 12 k instructions a
 * line on the bench's kern.log). memchr for the 'N', rare in kernel messages,
 * is vectorised: memmem took five times the instructions there. */
static bool
has_nvrm(const char *line, size_t len)
{
    const char *end = line + len;
    for (const char *p = line; end - p >= 6; p++) {
        p = memchr(p, 'N', (size_t)(end - p) - 5);
        if (!p)
            return false;
        if (!memcmp(p, "NVRM: ", 6))
            return true;
    }
    return false;
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
    const char *service = ing->service ? ing->service : b->host[0] ? b->host : "gpus";
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
    const char *action = rank_action(b->rank);
    char key[192], title[400], label[32];
    snprintf(key, sizeof key, "xid:%s:%lld", b->host, (long long)b->first);
    snprintf(label, sizeof label, "xid %s", action);
    snprintf(title, sizeof title, "Xid %s on %s: %zu GPU%s, %s", b->xids,
             b->host[0] ? b->host : "a GPU host", b->ngpus, b->ngpus == 1 ? "" : "s", action);
    struct strbuf extra = STRBUF_INIT;
    strbuf_addf(&extra,
                "{\"xids\":\"%s\",\"gpus\":%zu,\"units\":%zu,\"unit_kind\":\"gpu\","
                "\"action\":\"%s\",\"last_xid\":%lld,\"resolved_estimated\":true}",
                b->xids, b->ngpus, b->ngpus, action, (long long)b->last);
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

/* Adds one event to its host's burst, first closing that burst when the
 * event comes more than XID_BURST_GAP after it. */
static enum sl_status
burst_add(struct ingest *ing, struct bursts *bs, const struct gpu_event *ev)
{
    int rank = action_rank(ev->action);
    if (!rank || (strcmp(ev->xid_class, "hardware") && strcmp(ev->xid_class, "driver")))
        return SL_OK;
    const char *host = ev->host ? ev->host : "";
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
        b->first = SLTIME_NONE;
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
        b->first = SLTIME_NONE;
    }
    if (b->first == SLTIME_NONE) {
        b->first = ev->time;
        b->line = ev->line;
        b->xid = ev->xid;
    }
    if (ev->time > b->last)
        b->last = ev->time;
    if (rank > b->rank)
        b->rank = rank;
    char code[16];
    snprintf(code, sizeof code, "%d", ev->xid);
    bool seen = false;
    for (const char *p = b->xids; *p && !seen; p += strcspn(p, ","), p += *p == ',')
        seen = strlen(code) == strcspn(p, ",") && !strncmp(p, code, strlen(code));
    if (!seen && strlen(b->xids) + strlen(code) + 2 < sizeof b->xids)
        snprintf(b->xids + strlen(b->xids), sizeof b->xids - strlen(b->xids), "%s%s",
                 b->xids[0] ? "," : "", code);
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
    long matched = 0;
    logstamp_init(&ls, f);
    enum sl_status rc = regex_compile(line_pattern, ing->regex_flags, &re, ing->diag);
    lines_init(&r, f, LINES_MAX_LENGTH);
    struct sl_diag d = {0}; /* a failed search only skips the line: its message is not used */
    while (!rc && (got = lines_next(&r, &line, &len)) != LINES_END) {
        if (got == LINES_IO) {
            rc = lines_read_error(&r, ing->path, ing->diag);
            break;
        }
        if (got != LINES_OK)
            continue; /* a line over 1 MiB is no Xid line */
        if (!has_nvrm(line, len))
            continue;
        bool found;
        struct regex_match m;
        if (regex_search(re, line, len, 0, &found, &m, &d) || !found)
            continue;
        matched++;
        char a[64], b[64], c[64], y[64], host[128] = "", pci[32], code[16], msg[512];
        if (m.start[15] != (size_t)-1) {
            if (ngpus < MAX_GPUS) {
                grab(line, &m, 15, gpus[ngpus].pci, sizeof gpus[ngpus].pci);
                grab(line, &m, 16, gpus[ngpus].uuid, sizeof gpus[ngpus].uuid);
                ngpus++;
            }
            continue;
        }
        int64_t t = SLTIME_NONE;
        const char *why = "", *unread = "unreadable time stamp";
        if (m.start[1] != (size_t)-1) { /* dmesg -T */
            grab(line, &m, 1, a, sizeof a);
            grab(line, &m, 2, b, sizeof b);
            grab(line, &m, 3, c, sizeof c);
            grab(line, &m, 4, y, sizeof y);
            struct sl_civil cv = {
                (int)strtol(y, NULL, 10), month_of(a), (int)strtol(b, NULL, 10), 0, 0, 0};
            clock_of(c, &cv);
            t = in_zone(&cv, ing->zone, &unread);
        } else if (m.start[5] != (size_t)-1) { /* ISO */
            grab(line, &m, 6, host, sizeof host);
            if (ingest_time(ing, line + m.start[5], m.end[5] - m.start[5], &t, &why))
                t = SLTIME_NONE;
        } else if (m.start[7] != (size_t)-1) { /* syslog */
            grab(line, &m, 7, a, sizeof a);
            grab(line, &m, 8, b, sizeof b);
            grab(line, &m, 9, c, sizeof c);
            grab(line, &m, 10, host, sizeof host);
            int month = month_of(a);
            struct sl_civil cv = {
                logstamp_syslog_year(&ls, ing, month), month, (int)strtol(b, NULL, 10), 0, 0, 0};
            clock_of(c, &cv);
            t = in_zone(&cv, ing->zone, &unread);
        } else if (m.start[11] != (size_t)-1 && !ing->boot_time) { /* [ 1234.5] */
            unread = "seconds since boot only: give --boot-time, run dmesg -T or use the journal";
        } else if (m.start[11] != (size_t)-1 &&
                   !sltime_add_seconds(ing->boot_time, strtod(line + m.start[11] + 1, NULL), &t)) {
            unread = SLTIME_RANGE_WHY ": --boot-time plus the seconds since boot";
        }
        if (t == SLTIME_NONE) {
            rc = ingest_reject(ing, r.number, unread, line, len);
            continue;
        }
        grab(line, &m, 12, pci, sizeof pci);
        grab(line, &m, 13, code, sizeof code);
        size_t msg_at = m.start[14] != (size_t)-1 ? m.start[14] : len;
        lines_copy(msg, sizeof msg, line + msg_at, len - msg_at);
        char *p = msg;
        while (*p == ',' || *p == ' ')
            p++;
        int xid = (int)strtol(code, NULL, 10);
        const struct xid_info *info = xid_lookup(xid);
        const char *uuid = NULL;
        for (size_t i = 0; i < ngpus; i++)
            if (!strcmp(gpus[i].pci, pci))
                uuid = gpus[i].uuid;
        struct gpu_event ev = {
            .entity = ing->entity,
            .service = ing->service,
            .time = t,
            .host = host[0] ? host : NULL,
            .pci = pci,
            .gpu = uuid,
            .xid = xid,
            .xid_class = info->xid_class,
            .action = info->action,
            .message = p,
            .line = r.number,
        };
        if (!ev.entity)
            rc = ingest_reject(ing, r.number, "no entity: give --entity", line, len);
        else if (!(rc = ingest_gpu_event(ing, &ev)))
            rc = burst_add(ing, &bs, &ev);
    }
    for (size_t i = 0; i < bs.n && !rc; i++)
        rc = burst_emit(ing, &bs.b[i]);
    free(bs.b);
    free(bs.slots);
    if (!rc && !matched)
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 1, "no NVRM lines");
    regex_free(re);
    lines_release(&r);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_has(head, len, "NVRM: Xid"))
        return 85;
    return jsonstream_head_has(head, len, "NVRM: ") ? 40 : 0;
}

const struct parser parser_nvidia_xid = {
    "nvidia-xid",
    "NVIDIA Xid events from dmesg -T, journald (short-iso) or syslog: time, host, PCI address, "
    "GPU, Xid code with its class and action, message; needs --entity",
    "text containing 'NVRM: Xid' or 'NVRM: '",
    sniff,
    parse,
};
