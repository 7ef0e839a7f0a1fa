/* slurm_log.c — slurmctld logs: node state changes become node state
 * intervals (one node each: units 1, unit_kind "node", keyed per node and
 * start so a later, longer log updates them) and every period a node was
 * DOWN or not responding becomes an incident. The service is --service (the
 * partition or cluster), the entity --entity; the span of the log is up time
 * for the service (parsers/read/history_span.h).
 *
 * Messages read (slurmctld's own wording, Slurm 20.11 to 24.05):
 *   error: Nodes gpu[01-04] not responding[, setting DOWN]
 *   Node gpu01 now responding
 *   node gpu01 returned to service
 *   update_node: node gpu01 state set to DOWN|DRAIN|DRAINED|DRAINING|FAIL|IDLE|RESUME|...
 *   drain_nodes: node gpu01 state set to DRAIN
 *   update_node: node gpu01 reason set to: <reason>
 *   error: Setting node gpu01 state to DRAIN with reason:<reason>
 * A node is down while it is DOWN, FAIL or not responding; drained while it is
 * DRAIN/DRAINING (status maintenance: unannounced maintenance counts as
 * downtime, docs/design.md §4); IDLE, RESUME, ALLOCATED, MIXED or "returned to
 * service" end both. Other lines are not records.
 *
 * Outages. Nodes that go down within OUTAGE_JOIN of the first of them (one
 * "Nodes gpu[01-64] not responding" line, or a controller that lost every
 * node at once) are one outage: one incident from the first node down to the
 * last node back, keyed "slurm:outage:<start>", with the nodes in its extra
 * fields and units the number of nodes. An outage of one node is the node's
 * incident as before, keyed "slurm:<node>:<start>". The intervals stay one
 * per node. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/jsonw.h"
#include "engine/base/regex.h"
#include "engine/time/sltime.h"
#include "engine/base/strbuf.h"
#include "parsers/read/strhash.h"
#include "parsers/read/history_span.h"
#include "parsers/read/jsonstream.h"
#include "parsers/read/lines.h"
#include "parsers/read/logstamp.h"
#include "parsers/formats/registry.h"

#define NODE_NAME_MAX 64
#define REASON_MAX 200
#define MAX_NODES_PER_LINE 65536
#define OUTAGE_JOIN 60        /* seconds after an outage's first node down */
#define OUTAGE_NAMES_MAX 4096 /* of the node names kept in its extra fields */

static const char event_pattern[] =
    "(?:^|[]:] )(?:error: )?(?:"
    "Nodes? (\\S+) not responding(, setting DOWN)?"                     /* 1, 2 */
    "|Node (\\S+) now responding"                                       /* 3 */
    "|[Nn]ode (\\S+) returned to service"                               /* 4 */
    "|(?:update_node|drain_nodes): node (\\S+) state set to ([A-Z_+]+)" /* 5, 6 */
    "|update_node: node (\\S+) reason set to: (.*)"                     /* 7, 8 */
    "|Setting node (\\S+) state to ([A-Z_+]+) with reason: ?(.*))";     /* 9, 10, 11 */

enum node_event { EV_NOT_RESPONDING, EV_SET_DOWN, EV_RESPONDING, EV_RETURNED, EV_STATE, EV_REASON };

struct node {
    char name[NODE_NAME_MAX];
    bool used;
    bool down, nonresp, drain;
    enum svc_status status; /* of the open interval; SVC_UP when none */
    int64_t since;          /* start of the open interval */
    long since_line;
    int64_t down_since; /* start of the open incident, SLTIME_NONE when none */
    long down_line;
    size_t outage; /* index + 1 of its open outage, 0 when none */
    char reason[REASON_MAX];
};

/* Nodes down together: open while any of them is. */
struct outage {
    int64_t start, end;
    long line;
    size_t members, open; /* members 0: a free slot */
    char first[NODE_NAME_MAX];
    char reason[REASON_MAX];
    struct strbuf names; /* the nodes' names, one a line */
};

struct state {
    struct ingest *ing;
    const char *severity; /* of "node down", looked up once */
    struct history_span cov;
    struct node *nodes; /* open addressing, alloc a power of two */
    size_t n, alloc;
    int64_t last; /* the latest time seen */
    struct outage *outages;
    size_t noutages, latest; /* latest: index + 1 of the last one opened */
};

static enum sl_status
grow(struct state *s)
{
    size_t alloc = s->alloc ? s->alloc * 2 : 256;
    struct node *fresh = calloc(alloc, sizeof *fresh);
    if (!fresh)
        return SL_ERR_NOMEM;
    for (size_t i = 0; i < s->alloc; i++) {
        if (!s->nodes[i].used)
            continue;
        size_t j = strhash(s->nodes[i].name) & (alloc - 1);
        while (fresh[j].used)
            j = (j + 1) & (alloc - 1);
        fresh[j] = s->nodes[i];
    }
    free(s->nodes);
    s->nodes = fresh;
    s->alloc = alloc;
    return SL_OK;
}

static enum sl_status
node_get(struct state *s, const char *name, struct node **out)
{
    if ((s->n + 1) * 2 > s->alloc && grow(s))
        return SL_ERR_NOMEM;
    size_t j = strhash(name) & (s->alloc - 1);
    while (s->nodes[j].used && strcmp(s->nodes[j].name, name))
        j = (j + 1) & (s->alloc - 1);
    struct node *nd = &s->nodes[j];
    if (!nd->used) {
        nd->used = true;
        snprintf(nd->name, sizeof nd->name, "%s", name);
        nd->status = SVC_UP;
        nd->down_since = SLTIME_NONE;
        s->n++;
    }
    *out = nd;
    return SL_OK;
}

static const char *
entity_of(const struct state *s)
{
    return s->ing->entity;
}

/* Stores the node's open interval as [since, end); open says whether it
 * goes on past the end of this log (a later log will extend it). */
static enum sl_status
emit_interval(struct state *s, const struct node *nd, int64_t end)
{
    if (nd->status == SVC_UP || end <= nd->since)
        return SL_OK;
    char key[NODE_NAME_MAX + 48];
    snprintf(key, sizeof key, "slurm:%s:%lld", nd->name, (long long)nd->since);
    struct interval iv = {
        .entity = entity_of(s),
        .service = s->ing->service,
        .start = nd->since,
        .end = end,
        .status = nd->status,
        .line = nd->since_line,
        .units = 1,
        .unit_kind = "node",
        .key = key,
    };
    return ingest_interval(s->ing, &iv);
}

/* The incident of outage o, resolved at end (SLTIME_NONE: still open). */
static enum sl_status
emit_incident(struct state *s, const struct outage *o, int64_t end)
{
    char key[NODE_NAME_MAX + 48], title[NODE_NAME_MAX + REASON_MAX + 64];
    if (o->members == 1) {
        snprintf(key, sizeof key, "slurm:%s:%lld", o->first, (long long)o->start);
        snprintf(title, sizeof title, "node %s down%s%s", o->first, o->reason[0] ? ": " : "",
                 o->reason);
    } else {
        snprintf(key, sizeof key, "slurm:outage:%lld", (long long)o->start);
        snprintf(title, sizeof title, "%zu nodes down at once%s%s", o->members,
                 o->reason[0] ? ": " : "", o->reason);
    }
    struct strbuf extra = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &extra);
    jsonw_open(&w, NULL, '{');
    if (o->members == 1) {
        jsonw_field_str(&w, "node", o->first);
    } else {
        jsonw_open(&w, "nodes", '[');
        for (const char *p = o->names.buf; p && *p; p += strcspn(p, "\n"), p += *p == '\n')
            jsonw_field_strn(&w, NULL, p, strcspn(p, "\n"));
        jsonw_close(&w, ']');
    }
    jsonw_field_str(&w, "reason", o->reason[0] ? o->reason : NULL);
    jsonw_field_int(&w, "units", (int64_t)o->members);
    jsonw_field_str(&w, "unit_kind", "node");
    jsonw_close(&w, '}');
    if (w.status) {
        strbuf_release(&extra);
        return w.status;
    }
    struct incident inc = {
        .key = key,
        .entity = entity_of(s),
        .service = s->ing->service,
        .severity_label = "node down",
        .severity = s->severity,
        .title = title,
        .state = end == SLTIME_NONE ? "open" : "resolved",
        .extra_json = extra.buf,
        .started = o->start,
        .detected = o->start,
        .acknowledged = SLTIME_NONE,
        .mitigated = SLTIME_NONE,
        .resolved = end,
        .line = o->line,
    };
    enum sl_status rc = ingest_incident(s->ing, &inc);
    strbuf_release(&extra);
    return rc;
}

/* Puts the node, going down at t, in the outage opened last when that began
 * no more than OUTAGE_JOIN before and is still open, else in a new one. */
static enum sl_status
outage_join(struct state *s, struct node *nd, int64_t t, long line)
{
    struct outage *o = s->latest ? &s->outages[s->latest - 1] : NULL;
    if (!o || !o->open || t - o->start > OUTAGE_JOIN || t < o->start) {
        size_t i = 0;
        while (i < s->noutages && s->outages[i].members)
            i++;
        if (i == s->noutages) {
            struct outage *grown = realloc(s->outages, (s->noutages + 1) * sizeof *grown);
            if (!grown)
                return SL_ERR_NOMEM;
            s->outages = grown;
            s->noutages++;
        }
        o = &s->outages[i];
        *o = (struct outage){.start = t, .end = SLTIME_NONE, .line = line, .names = STRBUF_INIT};
        snprintf(o->first, sizeof o->first, "%s", nd->name);
        s->latest = i + 1;
    }
    o->members++;
    o->open++;
    nd->outage = (size_t)(o - s->outages) + 1;
    if (o->names.len < OUTAGE_NAMES_MAX &&
        strbuf_addf(&o->names, "%s%s", o->names.len ? "\n" : "", nd->name))
        return SL_ERR_NOMEM;
    return SL_OK;
}

/* The node is back at t: its outage ends once its last node is. */
static enum sl_status
outage_leave(struct state *s, struct node *nd, int64_t t)
{
    struct outage *o = &s->outages[nd->outage - 1];
    nd->outage = 0;
    if (!o->reason[0] || (!strcmp(o->reason, "Not responding") && nd->reason[0]))
        snprintf(o->reason, sizeof o->reason, "%s", nd->reason); /* the most telling */
    if (o->end == SLTIME_NONE || t > o->end)
        o->end = t;
    if (--o->open)
        return SL_OK;
    enum sl_status rc = emit_incident(s, o, o->end);
    strbuf_release(&o->names);
    o->members = 0;
    return rc;
}

/* Applies the node's flags at time t: closes and opens intervals and
 * incidents where the status changed. */
static enum sl_status
settle(struct state *s, struct node *nd, int64_t t, long line)
{
    enum sl_status rc = SL_OK;
    bool is_down = nd->down || nd->nonresp;
    enum svc_status now = is_down ? SVC_DOWN : nd->drain ? SVC_MAINTENANCE : SVC_UP;
    if (now != nd->status) {
        rc = emit_interval(s, nd, t);
        nd->status = now;
        nd->since = t;
        nd->since_line = line;
    }
    if (!rc && is_down && nd->down_since == SLTIME_NONE) {
        nd->down_since = t;
        nd->down_line = line;
        if (outage_join(s, nd, t, line))
            return diag_set(s->ing->diag, SL_ERR_NOMEM, s->ing->path, line, "out of memory");
    } else if (!rc && !is_down && nd->down_since != SLTIME_NONE) {
        rc = outage_leave(s, nd, t);
        nd->down_since = SLTIME_NONE;
    }
    if (!is_down && !nd->drain)
        nd->reason[0] = '\0';
    return rc;
}

static bool
state_is(const char *state, const char *const *words)
{
    for (size_t i = 0; words[i]; i++)
        if (!strncmp(state, words[i], strlen(words[i])))
            return true;
    return false;
}

static enum sl_status
apply(struct state *s, const char *name, enum node_event ev, const char *arg, int64_t t, long line)
{
    static const char *const down_words[] = {"DOWN", "FAIL", NULL};
    static const char *const drain_words[] = {"DRAIN", NULL};
    static const char *const up_words[] = {"IDLE", "RESUME", "ALLOC", "MIXED", "UNDRAIN", NULL};
    struct node *nd;
    if (node_get(s, name, &nd))
        return diag_set(s->ing->diag, SL_ERR_NOMEM, s->ing->path, line, "out of memory");
    switch (ev) {
    case EV_NOT_RESPONDING:
        nd->nonresp = true;
        if (!nd->reason[0])
            snprintf(nd->reason, sizeof nd->reason, "Not responding");
        break;
    case EV_SET_DOWN:
        nd->nonresp = nd->down = true;
        if (!nd->reason[0])
            snprintf(nd->reason, sizeof nd->reason, "Not responding");
        break;
    case EV_RESPONDING:
        nd->nonresp = false;
        break;
    case EV_RETURNED:
        nd->down = nd->nonresp = false;
        break;
    case EV_REASON:
        lines_copy(nd->reason, sizeof nd->reason, arg, strlen(arg));
        return SL_OK;
    case EV_STATE:
        if (state_is(arg, down_words)) {
            nd->down = true;
            nd->drain = strstr(arg, "DRAIN") != NULL;
        } else if (state_is(arg, drain_words)) {
            nd->drain = true;
        } else if (state_is(arg, up_words)) {
            nd->down = nd->nonresp = nd->drain = false;
        }
        break;
    }
    return settle(s, nd, t, line);
}

/* Calls apply() for each node of a Slurm hostlist ("gpu[01-03,07],cpu1"). */
static enum sl_status
each_host(struct state *s, const char *list, size_t len, enum node_event ev, const char *arg,
          int64_t t, long line, long *budget)
{
    size_t i = 0;
    while (i < len) {
        size_t b = i;
        int depth = 0;
        while (i < len && (depth || list[i] != ',')) {
            depth += list[i] == '[' ? 1 : list[i] == ']' ? -1 : 0;
            i++;
        }
        const char *term = list + b;
        size_t tlen = i - b;
        i++;
        const char *open = memchr(term, '[', tlen);
        const char *close = open ? memchr(open, ']', tlen - (size_t)(open - term)) : NULL;
        if (!open || !close) {
            char name[NODE_NAME_MAX];
            lines_copy(name, sizeof name, term, tlen);
            if (--*budget < 0)
                return SL_OK;
            enum sl_status rc = apply(s, name, ev, arg, t, line);
            if (rc)
                return rc;
            continue;
        }
        /* prefix[ranges]suffix; the suffix may hold further brackets */
        const char *r = open + 1;
        while (r < close) {
            char *end;
            long lo = strtol(r, &end, 10), hi = lo;
            int width = (int)(end - r);
            if (end == r)
                break;
            if (*end == '-')
                hi = strtol(end + 1, &end, 10);
            for (long v = lo; v <= hi && *budget > 0; v++) {
                char name[NODE_NAME_MAX * 2];
                snprintf(name, sizeof name, "%.*s%0*ld%.*s", (int)(open - term), term, width, v,
                         (int)(term + tlen - close - 1), close + 1);
                enum sl_status rc = each_host(s, name, strlen(name), ev, arg, t, line, budget);
                if (rc)
                    return rc;
            }
            r = *end == ',' ? end + 1 : close;
        }
    }
    return SL_OK;
}

static int
group(const struct regex_match *m, int g)
{
    return m->start[g] != (size_t)-1;
}

/* The line's stamp was read before (stamp_rc, t, why): every line's stamp
 * widens the span the log covers, and syslog years need every line. */
static enum sl_status
on_line(struct state *s, const struct regex *re, enum sl_status stamp_rc, int64_t t,
        const char *why, const char *line, size_t len, long number, bool *matched)
{
    struct regex_match m;
    bool found;
    struct sl_diag d = {0};
    enum sl_status rc = regex_search(re, line, len, 0, &found, &m, &d);
    if (rc == SL_ERR_LIMIT)
        return ingest_reject(s->ing, number, d.message, line, len);
    if (rc || !found)
        return SL_OK;
    *matched = true;
    if (stamp_rc)
        return ingest_reject(s->ing, number, why, line, len);
    int ng;
    enum node_event ev;
    char arg[REASON_MAX] = "";
    if (group(&m, 1)) {
        ng = 1;
        ev = group(&m, 2) ? EV_SET_DOWN : EV_NOT_RESPONDING;
    } else if (group(&m, 3)) {
        ng = 3;
        ev = EV_RESPONDING;
    } else if (group(&m, 4)) {
        ng = 4;
        ev = EV_RETURNED;
    } else if (group(&m, 5)) {
        ng = 5;
        ev = EV_STATE;
        lines_copy(arg, sizeof arg, line + m.start[6], m.end[6] - m.start[6]);
    } else if (group(&m, 7)) {
        ng = 7;
        ev = EV_REASON;
        lines_copy(arg, sizeof arg, line + m.start[8], m.end[8] - m.start[8]);
    } else {
        ng = 9;
        ev = EV_REASON;
        lines_copy(arg, sizeof arg, line + m.start[11], m.end[11] - m.start[11]);
        long budget = MAX_NODES_PER_LINE;
        rc = each_host(s, line + m.start[9], m.end[9] - m.start[9], ev, arg, t, number, &budget);
        if (rc)
            return rc;
        ev = EV_STATE;
        lines_copy(arg, sizeof arg, line + m.start[10], m.end[10] - m.start[10]);
    }
    long budget = MAX_NODES_PER_LINE;
    return each_host(s, line + m.start[ng], m.end[ng] - m.start[ng], ev, arg, t, number, &budget);
}

static enum sl_status
finish(struct state *s)
{
    enum sl_status rc = SL_OK;
    for (size_t i = 0; i < s->alloc && !rc; i++) {
        struct node *nd = &s->nodes[i];
        if (!nd->used)
            continue;
        rc = emit_interval(s, nd, s->last);
        if (!rc && nd->outage && !s->outages[nd->outage - 1].reason[0])
            snprintf(s->outages[nd->outage - 1].reason, REASON_MAX, "%s", nd->reason);
    }
    for (size_t i = 0; i < s->noutages && !rc; i++)
        if (s->outages[i].members)
            rc = emit_incident(s, &s->outages[i], SLTIME_NONE);
    return rc;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    if (!ing->entity || !ing->service)
        return diag_set(ing->diag, SL_ERR_INPUT, ing->path, 0,
                        "a slurmctld log needs --entity and --service (the cluster or "
                        "partition its nodes belong to)");
    struct state s = {.ing = ing, .severity = severity_normalise("node down"), .last = SLTIME_NONE};
    struct regex *re = NULL;
    struct lines r;
    struct logstamp ls;
    const char *line;
    size_t len;
    enum lines_result got;
    bool matched = false;
    history_span_init(&s.cov);
    logstamp_init(&ls, f);
    lines_init(&r, f, LINES_MAX_LENGTH);
    enum sl_status rc = regex_compile(event_pattern, ing->regex_flags, &re, ing->diag);
    while (!rc && (got = lines_next(&r, &line, &len)) != LINES_END) {
        if (got == LINES_IO) {
            rc = lines_read_error(&r, ing->path, ing->diag);
            break;
        }
        if (got == LINES_TOO_LONG) {
            rc = ingest_reject(ing, r.number, "line longer than 1 MiB", line, len);
            continue;
        }
        int64_t t = SLTIME_NONE;
        size_t rest;
        const char *why = NULL;
        enum sl_status stamp_rc = logstamp_read(&ls, ing, line, len, &t, &rest, NULL, 0, &why);
        if (!stamp_rc) {
            history_span_time(&s.cov, t);
            if (t > s.last)
                s.last = t;
        }
        rc = on_line(&s, re, stamp_rc, t, why, line, len, r.number, &matched);
    }
    if (!rc && !matched)
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 1,
                      "no slurmctld node state messages in this file");
    if (!rc)
        rc = finish(&s);
    if (!rc && (rc = history_span_service(&s.cov, ing->service)))
        rc = diag_set(ing->diag, rc, ing->path, 0, "out of memory");
    if (!rc)
        rc = history_span_emit(&s.cov, ing, ing->entity);
    history_span_release(&s.cov);
    regex_free(re);
    lines_release(&r);
    free(s.nodes);
    for (size_t i = 0; i < s.noutages; i++)
        strbuf_release(&s.outages[i].names);
    free(s.outages);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    int score = 0;
    static const char *const marks[] = {
        "not responding", "now responding", "update_node: node", "drain_nodes: node",
        "slurmctld",      "_slurm_rpc_",    "sched: ",           NULL};
    for (size_t i = 0; marks[i]; i++)
        if (jsonstream_head_has(head, len, marks[i]))
            score += 20;
    return score >= 40 ? (score > 90 ? 90 : score) : 0;
}

const struct parser parser_slurm_log = {
    "slurmctld-log",
    "Slurm slurmctld log: node not responding / now responding, DOWN, DRAIN, RESUME, IDLE "
    "with reasons; node state intervals (one node each) and an incident per DOWN period; "
    "needs --entity and --service",
    "text with two or more of 'not responding', 'now responding', 'update_node: node', "
    "'drain_nodes: node', 'slurmctld', '_slurm_rpc_', 'sched: '",
    sniff,
    parse,
};
