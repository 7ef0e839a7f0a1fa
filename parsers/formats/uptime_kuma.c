/* uptime_kuma.c — Uptime Kuma heartbeats, exported from its `heartbeat`
 * table (joined with `monitor` for the name) as CSV, or as JSON: an array of
 * heartbeats, or the `heartbeatList` object keyed by monitor id. Each beat is
 * a probe result: status 0 down, 1 up, 2 pending, 3 maintenance; time is
 * UTC ("2026-10-01 12:00:00.123", as Kuma stores it); ping (milliseconds,
 * null for a failed check) is the probe's latency; msg is not stored.
 * Probes become status intervals (docs/design.md §4).
 *
 * Kuma's webhook notifications ({"heartbeat": {...}, "monitor": {...},
 * "msg": ...}, one payload, JSON Lines of them or an array) are sent when a
 * monitor's status changes, so each is a state change, not a probe: its
 * status holds until the monitor's next payload (docs/design.md §4,
 * State-change logs). A payload whose heartbeat is null (Kuma's test
 * notification) is rejected. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "parsers/read/csvrows.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

/* Kuma's status codes. PENDING (a failed check still being retried) is down,
 * as Kuma's own uptime counts it. */
static const struct {
    const char *code;
    enum svc_status status;
} kuma_codes[] = {
    {"0", SVC_DOWN}, {"1", SVC_UP}, {"2", SVC_DOWN}, {"3", SVC_MAINTENANCE}, {NULL, SVC_UNKNOWN},
};

enum col { C_NAME, C_MONITOR_ID, C_STATUS, C_TIME, C_PING, C_COUNT };

static const char *const column_names[C_COUNT][4] = {
    [C_NAME] = {"name", "monitor_name", "monitor", NULL},
    [C_MONITOR_ID] = {"monitor_id", "monitorID", NULL, NULL},
    [C_STATUS] = {"status", NULL, NULL, NULL},
    [C_TIME] = {"time", NULL, NULL, NULL},
    [C_PING] = {"ping", NULL, NULL, NULL},
};

/* Kuma's ping in milliseconds; NAN when absent, null or not a number
 * (Kuma writes none for a failed check). */
static double
ping_ms(const char *text)
{
    if (!text || !*text)
        return NAN;
    char *end;
    double ms = strtod(text, &end);
    return end == text || *end || !isfinite(ms) || ms < 0 ? NAN : ms;
}

/* A file that is one webhook payload: its heartbeat and monitor come as
 * separate members, held until the document ends. */
struct single {
    bool seen, null_beat;
    char code[32], when[64], id[32], name[300];
    long line;
};

struct state {
    struct ingest *ing;
    int at[C_COUNT];
    char service[300];
    char num[32];
    struct single one;
};

/* Stores one heartbeat, as a probe or (change set) a state change; name or
 * id names the monitor; ping is the probe's latency (NULL: none). */
static enum sl_status
beat(struct state *s, const char *name, const char *id, const char *code, const char *when,
     const char *ping, bool change, long line, const char *raw, size_t raw_len)
{
    char reason[200];
    if (!s->ing->entity)
        return ingest_reject(s->ing, line, "no entity: Uptime Kuma names none; give --entity", raw,
                             raw_len);
    const char *service = s->ing->service ? s->ing->service : name;
    if (!service && id) {
        snprintf(s->service, sizeof s->service, "monitor-%s", id);
        service = s->service;
    }
    if (!service)
        return ingest_reject(s->ing, line, "no monitor name or id", raw, raw_len);
    enum svc_status st = SVC_UNKNOWN;
    size_t i = 0;
    for (; code && kuma_codes[i].code; i++)
        if (!strcmp(code, kuma_codes[i].code))
            break;
    if (!code || !kuma_codes[i].code) {
        snprintf(reason, sizeof reason, "unknown status '%.40s' (0, 1, 2 or 3)", code ? code : "");
        return ingest_reject(s->ing, line, reason, raw, raw_len);
    }
    st = kuma_codes[i].status;
    int64_t t;
    bool had_offset;
    const char *why = "no time";
    if (!when || sltime_parse(when, strlen(when), NULL, &t, &had_offset, &why)) {
        snprintf(reason, sizeof reason, "bad time '%.40s': %s", when ? when : "", why);
        return ingest_reject(s->ing, line, reason, raw, raw_len);
    }
    if (change)
        return ingest_change(s->ing, s->ing->entity, service, t, SVC_UNKNOWN, st, line, raw,
                             raw_len);
    return ingest_probe_latency(s->ing, s->ing->entity, service, t, st, ping_ms(ping), line, raw,
                                raw_len);
}

/* One webhook payload: its heartbeat's status and time, its monitor's name
 * (or the heartbeat's monitorID). */
static enum sl_status
payload(struct state *s, const struct jsonstream_record *rec)
{
    const struct json_node *hb = jsondoc_get(rec->node, "heartbeat");
    const struct json_node *mon = jsondoc_get(rec->node, "monitor");
    if (jsondoc_kind(hb) != JNODE_OBJECT)
        return jsonstream_reject(s->ing, rec,
                                 "webhook payload without a heartbeat (a test notification?)");
    char idbuf[32], codebuf[32];
    const char *name = jsondoc_kind(mon) == JNODE_OBJECT ? jsonstream_str(mon, "name") : NULL;
    const char *id = jsonstream_text(hb, "monitorID", idbuf, sizeof idbuf);
    if (!id && jsondoc_kind(mon) == JNODE_OBJECT)
        id = jsonstream_text(mon, "id", idbuf, sizeof idbuf);
    return beat(s, name, id, jsonstream_text(hb, "status", codebuf, sizeof codebuf),
                jsonstream_str(hb, "time"), NULL, true, rec->line, rec->raw, rec->raw_len);
}

/* A member's text (string or number) copied into out; "" when it has none. */
static void
copy_text(const struct json_node *n, const char *key, char *out, size_t len)
{
    char buf[64];
    const char *v =
        jsondoc_kind(n) == JNODE_OBJECT ? jsonstream_text(n, key, buf, sizeof buf) : NULL;
    snprintf(out, len, "%s", v ? v : "");
}

/* A member of a file that is one payload. */
static void
single_member(struct single *one, const struct jsonstream_record *rec)
{
    const struct json_node *n = rec->node;
    if (!strcmp(rec->key, "heartbeat")) {
        one->seen = true;
        one->line = rec->line;
        one->null_beat = jsondoc_kind(n) != JNODE_OBJECT;
        copy_text(n, "status", one->code, sizeof one->code);
        copy_text(n, "time", one->when, sizeof one->when);
        copy_text(n, "monitorID", one->id, sizeof one->id);
    } else if (!strcmp(rec->key, "monitor")) {
        copy_text(n, "name", one->name, sizeof one->name);
        if (!one->id[0])
            copy_text(n, "id", one->id, sizeof one->id);
    }
}

static const char *
or_null(const char *s)
{
    return s && *s ? s : NULL;
}

/* The payload of a one-payload file, once the document is read. */
static enum sl_status
single_emit(struct state *s)
{
    struct single *one = &s->one;
    if (!one->seen)
        return SL_OK;
    if (one->null_beat)
        return ingest_reject(s->ing, one->line,
                             "webhook payload without a heartbeat (a test notification?)", "", 0);
    return beat(s, or_null(one->name), or_null(one->id), or_null(one->code), or_null(one->when),
                NULL, true, one->line, "", 0);
}

static enum sl_status
csv_header(struct csvrows *r)
{
    struct state *s = r->ctx;
    for (int c = 0; c < C_COUNT; c++) {
        s->at[c] = -1;
        for (int k = 0; column_names[c][k] && s->at[c] < 0; k++)
            s->at[c] = csvfile_column(r->header, column_names[c][k]);
    }
    enum sl_status rc = csvrows_require(r, s->at[C_STATUS], "status");
    if (!rc)
        rc = csvrows_require(r, s->at[C_TIME], "time");
    return rc;
}

static const char *
field(const struct csv_record *rec, int col)
{
    const char *t = csvfile_field(rec, col);
    return *t ? t : NULL;
}

static enum sl_status
csv_row(struct csvrows *r, const struct csv_record *rec)
{
    struct state *s = r->ctx;
    return beat(s, field(rec, s->at[C_NAME]), field(rec, s->at[C_MONITOR_ID]),
                field(rec, s->at[C_STATUS]), field(rec, s->at[C_TIME]), field(rec, s->at[C_PING]),
                false, rec->line, rec->raw, rec->raw_len);
}

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct state *s = ctx;
    const struct json_node *n = rec->node;
    if (rec->is_member) {
        single_member(&s->one, rec);
        return SL_OK;
    }
    if (jsondoc_kind(n) != JNODE_OBJECT)
        return jsonstream_reject(s->ing, rec, "not a heartbeat object");
    if (jsondoc_get(n, "heartbeat") || jsondoc_get(n, "monitor"))
        return payload(s, rec);
    char idbuf[32], codebuf[32], pingbuf[64];
    const char *name = jsonstream_str(n, "name");
    if (!name)
        name = jsonstream_str(n, "monitor_name");
    const char *id = jsonstream_text(n, "monitorID", idbuf, sizeof idbuf);
    if (!id)
        id = jsonstream_text(n, "monitor_id", idbuf, sizeof idbuf);
    /* heartbeatList: {"<monitor id>": [beats]} */
    if (!id && rec->key && strcmp(rec->key, "heartbeats") && strcmp(rec->key, "data"))
        id = rec->key;
    const char *code = jsonstream_text(n, "status", codebuf, sizeof codebuf);
    return beat(s, name, id, code, jsonstream_str(n, "time"),
                jsonstream_text(n, "ping", pingbuf, sizeof pingbuf), false, rec->line, rec->raw,
                rec->raw_len);
}

/* Whether the file at f (seekable, at its start) is JSON Lines: a first line
 * that closes its object, followed by a line that opens another — webhook
 * payloads logged one a line. The position is restored. */
static bool
json_lines(FILE *f)
{
    char head[PARSER_SNIFF_BYTES];
    long at = ftell(f);
    if (at < 0)
        return false;
    size_t n = fread(head, 1, sizeof head, f);
    bool lines = false;
    if (fseek(f, at, SEEK_SET))
        return false;
    const char *nl = memchr(head, '\n', n);
    if (nl) {
        const char *end = nl;
        while (end > head && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
            end--;
        lines = end > head && end[-1] == '}' &&
                jsonstream_head_first(nl + 1, n - (size_t)(nl + 1 - head)) == '{';
    }
    return lines;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state *s = calloc(1, sizeof *s);
    if (!s)
        return diag_set(ing->diag, SL_ERR_NOMEM, ing->path, 0, "out of memory");
    s->ing = ing;
    long at = ftell(f);
    int c = getc(f);
    if (at >= 0) {
        if (c == 0xEF && getc(f) == 0xBB && getc(f) == 0xBF)
            c = getc(f); /* a byte-order mark, as the JSON and CSV readers drop it */
        while (c == ' ' || c == '\t' || c == '\r' || c == '\n')
            c = getc(f);
        if (fseek(f, at, SEEK_SET))
            c = EOF;
    } else if (c != EOF) {
        ungetc(c, f); /* a pipe: only the very first byte can be looked at */
    }
    enum sl_status rc = c == '{' && json_lines(f) ? jsonstream_read_lines(ing, f, on_record, s)
                        : c == '{' || c == '['    ? jsonstream_read(ing, f, on_record, s)
                                                  : csvrows_read(ing, f, csv_header, csv_row, s);
    if (!rc)
        rc = single_emit(s);
    free(s);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    char first = jsonstream_head_first(head, len);
    if (first == '{' || first == '[') {
        if (jsonstream_head_has(head, len, "\"heartbeat\"") &&
            jsonstream_head_has(head, len, "\"monitor\""))
            return 80; /* webhook payloads */
        bool id = jsonstream_head_has(head, len, "\"monitorID\"") ||
                  jsonstream_head_has(head, len, "\"monitor_id\"");
        bool beat = jsonstream_head_has(head, len, "\"ping\"") &&
                    jsonstream_head_has(head, len, "\"msg\"") &&
                    jsonstream_head_has(head, len, "\"status\"") &&
                    jsonstream_head_has(head, len, "\"time\"");
        return beat ? (id ? 75 : 65) : 0;
    }
    static const char *const need[] = {"status", "time", "ping", "msg", NULL};
    static const char *const monitor[] = {"monitor_id",   "monitorID", "name",
                                          "monitor_name", "monitor",   NULL};
    if (csvfile_header_matches(head, len, need) < 4 ||
        csvfile_header_matches(head, len, monitor) < 1)
        return 0;
    return 70;
}

const struct parser parser_uptime_kuma = {
    "uptime-kuma",
    "Uptime Kuma heartbeats (CSV from its heartbeat table, or JSON heartbeats / heartbeatList): "
    "monitor name or id, status 0 down, 1 up, 2 pending (down), 3 maintenance, time (UTC); "
    "ping is the probe's latency, msg is not stored; webhook payloads (heartbeat and monitor) are "
    "state changes, "
    "each status holding until the monitor's next payload",
    "a CSV header with status, time, ping, msg and a monitor column, or JSON with ping, msg, "
    "status and time (and monitorID), or with heartbeat and monitor (webhook payloads)",
    sniff,
    parse,
};
