/* nvidia_xid.c — NVIDIA Xid events from kernel logs: `dmesg -T`
 * ("[Sun Feb 23 16:24:18 2025] NVRM: Xid (PCI:0000:9b:00): 119, ..."),
 * journald short-iso ("2025-02-23T16:24:18+0000 host kernel: NVRM: Xid ...")
 * and syslog ("Feb 23 16:24:18 host kernel: ..."; no year: the year of the
 * file's last change, one less for months after it, and one more at each turn
 * of the year within the file). Each Xid line is one event with the code's
 * class and action from engine/xid.h; other lines are not records, except
 * "NVRM: GPU at PCI:...: GPU-<uuid>" which names the GPU at that address.
 * Lines stamped only with seconds since boot cannot be placed in time and
 * are rejected. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/regex.h"
#include "engine/sltime.h"
#include "engine/xid.h"
#include "parsers/jsonstream.h"
#include "parsers/lines.h"
#include "parsers/registry.h"

#define MAX_GPUS 256

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
    size_t len = m->end[g] - m->start[g];
    snprintf(out, n, "%.*s", (int)(len < n ? len : n - 1), s + m->start[g]);
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
    struct stat st;
    int year = 0, last_month = 0;
    long matched = 0;
    struct sl_civil now;
    long off;
    sltime_to_civil(fstat(fileno(f), &st) ? 0 : (int64_t)st.st_mtime, NULL, &now, &off);
    enum sl_status rc = regex_compile(line_pattern, 0, &re, ing->diag);
    lines_init(&r, f, LINES_MAX_LENGTH);
    while (!rc && (got = lines_next(&r, &line, &len)) != LINES_END) {
        if (got != LINES_OK)
            continue;
        bool found;
        struct regex_match m;
        struct sl_diag d = {0};
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
        const char *why = "";
        if (m.start[1] != (size_t)-1) { /* dmesg -T */
            grab(line, &m, 1, a, sizeof a);
            grab(line, &m, 2, b, sizeof b);
            grab(line, &m, 3, c, sizeof c);
            grab(line, &m, 4, y, sizeof y);
            struct sl_civil cv = {
                (int)strtol(y, NULL, 10), month_of(a), (int)strtol(b, NULL, 10), 0, 0, 0};
            sscanf(c, "%d:%d:%d", &cv.hour, &cv.minute, &cv.second);
            t = sltime_from_civil(&cv, ing->zone);
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
            if (!year)
                year = now.year - (month > now.month ? 1 : 0);
            else if (month < last_month)
                year++;
            last_month = month;
            struct sl_civil cv = {year, month, (int)strtol(b, NULL, 10), 0, 0, 0};
            sscanf(c, "%d:%d:%d", &cv.hour, &cv.minute, &cv.second);
            t = sltime_from_civil(&cv, ing->zone);
        }
        if (t == SLTIME_NONE) {
            rc = ingest_reject(ing, r.number,
                               m.start[11] != (size_t)-1
                                   ? "seconds since boot only: run dmesg -T or use the journal"
                                   : "unreadable time stamp",
                               line, len);
            continue;
        }
        grab(line, &m, 12, pci, sizeof pci);
        grab(line, &m, 13, code, sizeof code);
        size_t msg_at = m.start[14] != (size_t)-1 ? m.start[14] : len;
        snprintf(msg, sizeof msg, "%.*s", (int)(len - msg_at < 511 ? len - msg_at : 511),
                 line + msg_at);
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
        else
            rc = ingest_gpu_event(ing, &ev);
    }
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
