/* gen.c — deterministic benchmark data: a year of one-minute probes for 100
 * services, incidents (CSV and JSON Lines), status intervals, status
 * intervals of 50 000 services (10 000 when smaller), and optionally
 * kernel (Xid) and slurmctld logs and a log of service checks read through a
 * user-defined line pattern. The same arguments give the same bytes.
 *
 * usage: bench-gen DIR DIVISOR [--logs]
 *
 * DIVISOR 1 is the full size; 50 is about a fiftieth (the probes keep all 100
 * services and cover a fiftieth of the year). A manifest, DIR/manifest, lists
 * each file with its record count. */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define YEAR_START 1735689600 /* 2025-01-01T00:00:00Z */
#define YEAR_MINUTES 525600
#define SERVICES 100
#define ENTITIES 10
#define INCIDENTS 1000000L
#define INTERVALS 2000000L
#define MANY_SERVICES 50000L /* services.csv: a fifth of them when smaller */
#define LOG_BYTES (1L << 30)   /* kern.log and slurmctld.log together */
#define CHECK_BYTES (1L << 28) /* checks.log */

/* splitmix64: small, fast, and the same everywhere. */
static uint64_t
next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static uint32_t
below(uint64_t *state, uint32_t n)
{
    return (uint32_t)(next_random(state) % n);
}

static const char *
entity_of(int service)
{
    static const char *const names[ENTITIES] = {
        "provider:nimbus",  "provider:coreline", "provider:stratus", "provider:helio",
        "provider:arcgrid", "team:platform",     "team:ml-infra",    "team:storage",
        "team:network",     "team:data"};
    return names[service % ENTITIES];
}

/* "2025-01-01T00:00:00Z" without the cost of strftime on every row. */
static void
format_time(int64_t t, char out[64])
{
    int64_t days = t / 86400, secs = t % 86400;
    /* civil_from_days (H. Hinnant) */
    int64_t z = days + 719468, era = z / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t y = yoe + era * 400, doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153, d = doy - (153 * mp + 2) / 5 + 1;
    int64_t m = mp < 10 ? mp + 3 : mp - 9;
    y += m <= 2;
    snprintf(out, 64, "%04d-%02d-%02dT%02d:%02d:%02dZ", (int)y, (int)m, (int)d, (int)(secs / 3600),
             (int)(secs / 60 % 60), (int)(secs % 60));
}

static FILE *
create(const char *dir, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "bench-gen: %s: %s\n", path, strerror(errno));
        exit(1);
    }
    setvbuf(f, NULL, _IOFBF, 1 << 20);
    return f;
}

static void
done(FILE *f, const char *name)
{
    if (fclose(f)) {
        fprintf(stderr, "bench-gen: %s: write failed\n", name);
        exit(1);
    }
}

struct probe_state {
    int status; /* 0 up, 1 degraded, 2 partial, 3 down */
    long left;  /* minutes left in a non-up spell */
    uint64_t rng;
};

static const char *const probe_words[] = {"up", "degraded", "partial", "down"};

/* Probes, time-major as a monitoring system exports them: every minute, every
 * service. A service has a bad spell about every two days. */
static long
write_probes(const char *dir, long minutes)
{
    FILE *f = create(dir, "probes.csv");
    struct probe_state st[SERVICES];
    char who[SERVICES][48];
    for (int s = 0; s < SERVICES; s++) {
        st[s] = (struct probe_state){0, 0, 0x5eed0000u + (uint64_t)s};
        snprintf(who[s], sizeof who[s], ",%s,svc-%03d,", entity_of(s), s);
    }
    fputs("time,entity,service,status,latency_ms\n", f);
    long rows = 0;
    for (long m = 0; m < minutes; m++) {
        char ts[64];
        format_time(YEAR_START + m * 60, ts);
        for (int s = 0; s < SERVICES; s++) {
            struct probe_state *p = &st[s];
            if (p->left > 0 && --p->left == 0)
                p->status = 0;
            else if (p->left == 0 && below(&p->rng, 2880) == 0) {
                p->status = 1 + (int)below(&p->rng, 3);
                p->left = 5 + below(&p->rng, 90);
            }
            unsigned latency = 20 + below(&p->rng, 180) + (p->status ? 400 : 0);
            char digits[8];
            int n = 0;
            for (unsigned v = latency; v; v /= 10)
                digits[n++] = (char)('0' + v % 10);
            fputs(ts, f);
            fputs(who[s], f);
            fputs(probe_words[p->status], f);
            putc(',', f);
            while (n)
                putc(digits[--n], f);
            putc('\n', f);
            rows++;
        }
    }
    done(f, "probes.csv");
    return rows;
}

/* Status intervals as a status page reports them: contiguous, every service,
 * statuses cycling through short non-up spells. */
static long
write_intervals(const char *dir, long count, long minutes)
{
    FILE *f = create(dir, "intervals.csv");
    fputs("entity,service,start,end,status\n", f);
    long per_service = count / SERVICES;
    int64_t span = (int64_t)minutes * 60, step = span / (per_service ? per_service : 1);
    uint64_t rng = 0x1a7e2000u;
    long rows = 0;
    for (int s = 0; s < SERVICES; s++) {
        int64_t t = YEAR_START;
        for (long i = 0; i < per_service; i++) {
            int64_t len = i % 2 ? 60 + below(&rng, 600) : 2 * step - 660 + below(&rng, 120);
            int64_t end = i + 1 == per_service ? YEAR_START + span : t + len;
            if (end <= t)
                end = t + 60;
            char a[64], b[64];
            format_time(t, a);
            format_time(end, b);
            const char *status = i % 2 ? probe_words[1 + below(&rng, 3)] : "up";
            fprintf(f, "%s,svc-%03d,%s,%s,%s\n", entity_of(s), s, a, b, status);
            t = end;
            rows++;
        }
    }
    done(f, "intervals.csv");
    return rows;
}

/* Status intervals of many services, for the cost of evaluating and saving a
 * month of them: up, down for one to ten minutes, up again, every service in
 * one of the ENTITIES. */
static long
write_many_services(const char *dir, long services, long minutes)
{
    FILE *f = create(dir, "services.csv");
    fputs("entity,service,start,end,status\n", f);
    uint64_t rng = 0x5e41ce00u;
    int64_t span = (int64_t)minutes * 60;
    for (long s = 0; s < services; s++) {
        int64_t down = YEAR_START + below(&rng, (uint32_t)(span - 600));
        int64_t back = down + 60 + below(&rng, 540);
        int64_t at[4] = {YEAR_START, down, back, YEAR_START + span};
        for (int i = 0; i < 3; i++) {
            char a[64], b[64];
            format_time(at[i], a);
            format_time(at[i + 1], b);
            fprintf(f, "%s,many-%06ld,%s,%s,%s\n", entity_of((int)(s % ENTITIES)), s, a, b,
                    i == 1 ? "down" : "up");
        }
    }
    done(f, "services.csv");
    return 3 * services;
}

static const char *const severities[] = {"sev1", "sev2", "sev3", "sev3", "sev4", "sev4", "sev5"};
static const char *const what[] = {"Elevated error rate", "Node pool degraded",
                                   "GPU Xid 79 on",       "Scheduler backlog",
                                   "Storage latency",     "Certificate expiry"};

/* Incidents, as CSV and as JSON Lines with the same content. One title in ten
 * holds a comma, so the CSV quotes it. Durations are skewed as real ones are. */
static long
write_incidents(const char *dir, long count, long minutes)
{
    FILE *csv = create(dir, "incidents.csv");
    FILE *jsonl = create(dir, "incidents.jsonl");
    fputs("id,entity,service,severity,title,started,detected,acknowledged,mitigated,resolved,"
          "postmortem\n",
          csv);
    uint64_t rng = 0x1c1d0000u;
    int64_t span = (int64_t)minutes * 60;
    for (long i = 0; i < count; i++) {
        int s = (int)below(&rng, SERVICES);
        int64_t started = YEAR_START + (int64_t)((double)i / (double)count * (double)span);
        int64_t detected = started + below(&rng, 900);
        int64_t acked = detected + 30 + below(&rng, 1200);
        int64_t spread = 1 << below(&rng, 14);
        int64_t mitigated = acked + 60 + below(&rng, (uint32_t)spread * 2 + 1);
        int64_t resolved = mitigated + 60 + below(&rng, (uint32_t)spread * 4 + 1);
        char ts[5][64];
        format_time(started, ts[0]);
        format_time(detected, ts[1]);
        format_time(acked, ts[2]);
        format_time(mitigated, ts[3]);
        format_time(resolved, ts[4]);
        const char *sev = severities[below(&rng, 7)];
        const char *w = what[below(&rng, 6)];
        bool comma = i % 10 == 3;
        char title[96];
        snprintf(title, sizeof title, "%s%s svc-%03d", w, comma ? ", paging" : "", s);
        fprintf(csv, "INC-%07ld,%s,svc-%03d,%s,%s%s%s,%s,%s,%s,%s,%s,%s\n", i, entity_of(s), s, sev,
                comma ? "\"" : "", title, comma ? "\"" : "", ts[0], ts[1], ts[2], ts[3], ts[4],
                i % 5 ? "" : "https://wiki.example/pm");
        fprintf(jsonl,
                "{\"id\":\"INC-%07ld\",\"entity\":\"%s\",\"service\":\"svc-%03d\","
                "\"severity\":\"%s\",\"title\":\"%s\",\"started\":\"%s\",\"detected\":\"%s\","
                "\"acknowledged\":\"%s\",\"mitigated\":\"%s\",\"resolved\":\"%s\"}\n",
                i, entity_of(s), s, sev, title, ts[0], ts[1], ts[2], ts[3], ts[4]);
    }
    done(csv, "incidents.csv");
    done(jsonl, "incidents.jsonl");
    return count;
}

/* Kernel and slurmctld logs: mostly noise, with Xid lines and node state
 * changes among it, as on a real cluster. About half the bytes each. */
static long
write_logs(const char *dir, long bytes, long minutes, long *slurm_lines)
{
    static const char *const mon[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
    static const int xids[] = {13, 31, 43, 48, 63, 64, 74, 79, 92, 94, 95, 119};
    FILE *k = create(dir, "kern.log");
    FILE *sl = create(dir, "slurmctld.log");
    uint64_t rng = 0x10900000u;
    long written = 0, lines = 0, slines = 0;
    int64_t span = (int64_t)minutes * 60;
    long total_lines = bytes / 2 / 110;
    for (long i = 0; written < bytes; i++) {
        int64_t t = YEAR_START + (int64_t)((double)i / (double)total_lines * (double)span);
        char ts[64];
        format_time(t, ts);
        int host = (int)below(&rng, 512);
        int n;
        if (below(&rng, 20) == 0)
            n = fprintf(k,
                        "%.3s %2d %.8s gpu-%03d kernel: NVRM: Xid (PCI:0000:%02x:00): %d, "
                        "pid=%u, name=python3, Ch 00000008\n",
                        mon[(ts[5] - '0') * 10 + ts[6] - '0' - 1], (ts[8] - '0') * 10 + ts[9] - '0',
                        ts + 11, host, 0x10 + below(&rng, 0xf0), xids[below(&rng, 12)],
                        1000 + below(&rng, 60000));
        else
            n = fprintf(k,
                        "%.3s %2d %.8s gpu-%03d kernel: [%u.%06u] nvidia-nvswitch0: "
                        "link %u training complete, lanes up\n",
                        mon[(ts[5] - '0') * 10 + ts[6] - '0' - 1], (ts[8] - '0') * 10 + ts[9] - '0',
                        ts + 11, host, below(&rng, 999999), below(&rng, 999999), below(&rng, 64));
        written += n;
        lines++;
        int s;
        switch (below(&rng, 8)) {
        case 0:
            s = fprintf(sl, "[%.19s.%03u] error: Nodes gpu-%03d not responding\n", ts,
                        below(&rng, 1000), host);
            break;
        case 1:
            s = fprintf(sl, "[%.19s.%03u] Node gpu-%03d now responding\n", ts, below(&rng, 1000),
                        host);
            break;
        case 2:
            s = fprintf(sl, "[%.19s.%03u] update_node: node gpu-%03d reason set to: Xid 79\n", ts,
                        below(&rng, 1000), host);
            break;
        case 3:
            s = fprintf(sl, "[%.19s.%03u] update_node: node gpu-%03d state set to DRAINED\n", ts,
                        below(&rng, 1000), host);
            break;
        default:
            s = fprintf(sl, "[%.19s.%03u] _job_complete: JobId=%u WEXITSTATUS 0 done on gpu-%03d\n",
                        ts, below(&rng, 1000), below(&rng, 9999999), host);
        }
        written += s;
        slines++;
    }
    done(k, "kern.log");
    done(sl, "slurmctld.log");
    *slurm_lines = slines;
    return lines;
}

/* Service checks as a home-grown prober logs them, one per line, for the
 * line-pattern parser and bench/checks-pattern.yaml: "TIME check SERVICE
 * OK|FAIL Nms", every minute from the start of the year (the full log spans
 * some 40 days). A check is FAIL in spells, so the probes fold into few
 * intervals and the parse is what is measured. */
static long
write_checks(const char *dir, long bytes)
{
    FILE *f = create(dir, "checks.log");
    uint64_t rng = 0xc4ec5u;
    long written = 0, lines = 0;
    int fail_left[SERVICES] = {0};
    for (int64_t m = 0; written < bytes; m++) {
        char ts[64];
        format_time(YEAR_START + m * 60, ts);
        for (int sv = 0; sv < SERVICES && written < bytes; sv++) {
            if (fail_left[sv] == 0 && below(&rng, 5000) == 0)
                fail_left[sv] = 1 + (int)below(&rng, 30);
            bool fail = fail_left[sv] > 0;
            fail_left[sv] -= fail;
            written += fprintf(f, "%s check svc-%03d %s %ums\n", ts, sv, fail ? "FAIL" : "OK",
                               fail ? 0 : 20 + below(&rng, 400));
            lines++;
        }
    }
    done(f, "checks.log");
    return lines;
}

int
main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: bench-gen DIR DIVISOR [--logs]\n");
        return 2;
    }
    const char *dir = argv[1];
    char *end;
    long div = strtol(argv[2], &end, 10);
    if (*end || div < 1) {
        fprintf(stderr, "bench-gen: bad divisor '%s'\n", argv[2]);
        return 2;
    }
    int logs = argc > 3 && !strcmp(argv[3], "--logs");
    if (mkdir(dir, 0777) && errno != EEXIST) {
        fprintf(stderr, "bench-gen: %s: %s\n", dir, strerror(errno));
        return 1;
    }
    long minutes = YEAR_MINUTES / div;
    FILE *man = create(dir, "manifest");
    fprintf(man, "probes.csv %ld\n", write_probes(dir, minutes));
    fprintf(man, "intervals.csv %ld\n", write_intervals(dir, INTERVALS / div, minutes));
    fprintf(man, "services.csv %ld\n",
            write_many_services(dir, div > 1 ? MANY_SERVICES / 5 : MANY_SERVICES, minutes));
    long inc = write_incidents(dir, INCIDENTS / div, minutes);
    fprintf(man, "incidents.csv %ld\nincidents.jsonl %ld\n", inc, inc);
    if (logs) {
        long slurm;
        long kern = write_logs(dir, LOG_BYTES / div, minutes, &slurm);
        fprintf(man, "kern.log %ld\nslurmctld.log %ld\n", kern, slurm);
        fprintf(man, "checks.log %ld\n", write_checks(dir, CHECK_BYTES / div));
    }
    done(man, "manifest");
    return 0;
}
