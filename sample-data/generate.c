/*
 * Deterministic generator for slaudit's large sample inputs: minute probes, the
 * providers' incident log and team:platform's PagerDuty export, 2026-08..2026-10.
 * The story it tells, and the hand-checked month it must keep, are in README.md.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#define PERIOD_START "2026-08-01T00:00:00Z"
#define PERIOD_MINUTES (92L * 1440L) /* August 31 + September 30 + October 31 days */
#define MAX_EVENTS 256
#define MAX_INCIDENTS 1024
#define TITLE_MAX 160
#define EVENT_MARGIN 30 /* minutes kept clear between events, so incidents stay distinct */

/* PagerDuty's web export writes the account's zone (America/Los_Angeles, -07:00
 * all period long since DST ends 2026-11-01); October came from the API in UTC. */
#define PD_LOCAL_UNTIL "2026-10-01T07:00:00Z"
#define PD_LOCAL_OFFSET (-7L * 3600L)

enum status { ST_UP, ST_DEGRADED, ST_PARTIAL, ST_DOWN, ST_MAINTENANCE, ST_GAP };
enum kind { K_GPU, K_API, K_STORAGE, K_CONTROL, K_FABRIC, K_NOTEBOOK, K_COUNT };
enum entity { E_NIMBUS, E_CORELINE, E_PLATFORM, E_COUNT };
enum title_class { TC_DOWN, TC_PARTIAL, TC_DEGRADED, TC_BLIP, TC_COUNT };

/* Planted incident-less events are audit evidence; this flag marks a sev1/2 that
 * deliberately has no postmortem. */
#define F_NO_POSTMORTEM 1

static const char *const status_names[] = {"up", "degraded", "partial", "down", "maintenance"};
static const char *const entity_names[] = {"provider:nimbus", "provider:coreline", "team:platform"};

struct service {
    const char *name;
    enum entity entity;
    enum kind kind;
    int latency_base; /* ms, the healthy floor */
    int latency_spread;
};

/* Sorted by name: probes.csv is ordered by time, then service. */
static const struct service services[] = {
    {"fabric", E_CORELINE, K_FABRIC, 21, 16},
    {"gpu-cluster-east", E_NIMBUS, K_GPU, 42, 40},
    {"gpu-cluster-west", E_CORELINE, K_GPU, 58, 64},
    {"inference-api", E_NIMBUS, K_API, 82, 60},
    {"k8s-control-plane", E_PLATFORM, K_CONTROL, 22, 22},
    {"model-registry", E_PLATFORM, K_STORAGE, 38, 36},
    {"notebook-hub", E_PLATFORM, K_NOTEBOOK, 68, 64},
    {"object-storage", E_NIMBUS, K_STORAGE, 34, 30},
    {"scheduler", E_NIMBUS, K_CONTROL, 27, 24},
    {"training-api", E_CORELINE, K_API, 94, 72},
};
#define NSVC ((int)(sizeof services / sizeof services[0]))

struct profile {
    const char *id_prefix; /* provider incident ids; NULL for the PagerDuty team */
    int first_id;
    const char *postmortem_url;                 /* the incident id is appended */
    double blips, outages, partials, degradeds; /* expected per service-month */
    double september;                           /* multiplier on all four in September */
    int ttd_lo, ttd_hi, tta_lo, tta_hi;         /* seconds */
    int noack_pct, nomitigated_pct, postmortem_pct, late_resolve_pct;
    int quiet; /* incidents with no probe footprint, whole period */
};

/* coreline is the worse provider and has a bad September; the team sits between.
 * Formatting is off so each entity reads as one paragraph, not one field a line. */
/* clang-format off */
static const struct profile profiles[E_COUNT] = {
    [E_NIMBUS] = {.id_prefix = "NIM-", .first_id = 1001,
                  .postmortem_url = "https://status.nimbus.example/postmortems/",
                  .blips = 4.0, .outages = 0.4, .partials = 0.7, .degradeds = 1.2,
                  .september = 1.0, .ttd_lo = 30, .ttd_hi = 240, .tta_lo = 60, .tta_hi = 540,
                  .noack_pct = 3, .postmortem_pct = 100, .quiet = 40},
    [E_CORELINE] = {.id_prefix = "COR-", .first_id = 2001,
                    .postmortem_url = "https://support.coreline.example/rca/",
                    .blips = 10.0, .outages = 1.2, .partials = 1.5, .degradeds = 2.5,
                    .september = 2.4, .ttd_lo = 90, .ttd_hi = 1500, .tta_lo = 240,
                    .tta_hi = 3600, .noack_pct = 12, .nomitigated_pct = 12,
                    .postmortem_pct = 60, .late_resolve_pct = 10, .quiet = 62},
    [E_PLATFORM] = {.blips = 7.0, .outages = 0.8, .partials = 1.0, .degradeds = 1.8,
                    .september = 1.0, .ttd_lo = 45, .ttd_hi = 420, .tta_lo = 60,
                    .tta_hi = 1500, .noack_pct = 8, .quiet = 52},
};
/* clang-format on */

struct planted_event {
    const char *service;
    const char *start, *end;
    enum status status;
    int severity; /* 0: no incident was ever opened */
    int flags;
    const char *title;
};

/* The notable events of the story. The first block is the hand-check month of
 * nimbus/inference-api: README.md computes its availability by hand, so nothing
 * random may touch that service in October. */
static const struct planted_event planted_events[] = {
    {"inference-api", "2026-10-07T09:12:00Z", "2026-10-07T10:05:00Z", ST_DOWN, 2, 0,
     "Inference API 503s in us-east, model pods crash-looping"},
    {"inference-api", "2026-10-14T16:00:00Z", "2026-10-14T17:30:00Z", ST_PARTIAL, 3, 0,
     "Inference API errors for ~30% of requests in us-east-1b"},
    {"inference-api", "2026-10-18T02:00:00Z", "2026-10-18T04:00:00Z", ST_DEGRADED, 4, 0,
     "Elevated p99 latency on inference-api while the autoscaler lagged"},
    {"inference-api", "2026-10-28T12:00:00Z", "2026-10-28T16:00:00Z", ST_GAP, 0, 0, NULL},

    {"gpu-cluster-east", "2026-08-19T13:40:00Z", "2026-08-19T17:55:00Z", ST_DOWN, 1, 0,
     "Power distribution failure in us-east hall B takes gpu-cluster-east offline"},
    {"gpu-cluster-east", "2026-08-19T17:55:00Z", "2026-08-19T18:40:00Z", ST_DEGRADED, 0, 0, NULL},
    {"gpu-cluster-east", "2026-09-15T07:20:00Z", "2026-09-15T09:05:00Z", ST_PARTIAL, 2, 0,
     "NCCL timeouts on gpu-cluster-east rack 12"},
    {"object-storage", "2026-09-26T11:00:00Z", "2026-09-26T11:50:00Z", ST_DOWN, 2, 0,
     "Object storage 5xx \xe2\x80\x94 us-east bucket index rebuild"},

    {"fabric", "2026-09-03T06:10:00Z", "2026-09-03T11:50:00Z", ST_DOWN, 1, 0,
     "InfiniBand spine switch firmware crash isolates gpu-cluster-west"},
    {"gpu-cluster-west", "2026-09-03T06:12:00Z", "2026-09-03T12:30:00Z", ST_PARTIAL, 2, 0,
     "Distributed jobs on gpu-cluster-west failing with NCCL errors"},
    {"training-api", "2026-09-11T14:05:00Z", "2026-09-11T16:20:00Z", ST_DOWN, 2, 0,
     "training-api 500s after a bad config push"},
    {"gpu-cluster-west", "2026-09-17T01:30:00Z", "2026-09-17T07:30:00Z", ST_DOWN, 1,
     F_NO_POSTMORTEM, "Storage controller failover loop on gpu-cluster-west; running jobs lost"},
    {"training-api", "2026-09-20T18:02:00Z", "2026-09-20T18:49:00Z", ST_DOWN, 0, 0, NULL},
    {"fabric", "2026-09-24T09:00:00Z", "2026-09-24T12:00:00Z", ST_PARTIAL, 2, 0,
     "Link flaps on fabric leaf switches in us-west-2, jobs retried"},

    {"k8s-control-plane", "2026-08-27T03:14:00Z", "2026-08-27T04:01:00Z", ST_DOWN, 1, 0,
     "etcd quorum loss on k8s-control-plane after a disk filled"},
    {"notebook-hub", "2026-09-08T13:00:00Z", "2026-09-08T15:30:00Z", ST_DEGRADED, 3, 0,
     "Slow kernel starts on notebook-hub (image pull throttling)"},
    {"notebook-hub", "2026-10-01T03:05:00Z", "2026-10-01T03:50:00Z", ST_DOWN, 3, 0,
     "notebook-hub 502s after the nightly image rebuild"},
    {"model-registry", "2026-10-09T08:00:00Z", "2026-10-09T09:32:00Z", ST_DOWN, 2, 0,
     "TLS certificate expired on model-registry"},
};

struct maintenance {
    const char *id; /* the row of maintenance.csv this mirrors */
    const char *service;
    const char *start, *end;
};

/* Keep in step with maintenance.csv: the probes must show these windows, and
 * only these, as `maintenance`. Eligibility lives in the CSV, not here. */
static const struct maintenance maintenances[] = {
    {"MW-NIM-01", "gpu-cluster-east", "2026-08-12T02:00:00Z", "2026-08-12T06:00:00Z"},
    {"MW-NIM-02", "object-storage", "2026-09-09T03:00:00Z", "2026-09-09T04:30:00Z"},
    {"MW-NIM-03", "scheduler", "2026-09-23T01:00:00Z", "2026-09-23T02:00:00Z"},
    {"MW-NIM-04", "inference-api", "2026-10-21T01:00:00Z", "2026-10-21T03:00:00Z"},
    {"MW-NIM-05", "inference-api", "2026-10-25T22:00:00Z", "2026-10-25T22:40:00Z"},
    {"MW-COR-01", "gpu-cluster-west", "2026-08-16T04:00:00Z", "2026-08-16T08:00:00Z"},
    {"MW-COR-02", "fabric", "2026-09-06T10:00:00Z", "2026-09-06T13:00:00Z"},
    {"MW-COR-03", "training-api", "2026-09-29T20:00:00Z", "2026-09-29T21:30:00Z"},
    {"MW-COR-04", "fabric", "2026-10-13T03:00:00Z", "2026-10-13T05:00:00Z"},
    {"MW-PLT-01", "k8s-control-plane", "2026-08-22T06:00:00Z", "2026-08-22T08:00:00Z"},
    {"MW-PLT-02", "model-registry", "2026-10-03T05:00:00Z", "2026-10-03T06:00:00Z"},
    {"MW-PLT-03", "notebook-hub", "2026-10-10T16:00:00Z", "2026-10-10T17:00:00Z"},
};

struct planted_incident {
    enum entity entity;
    const char *service;
    int severity;
    const char *started;
    const char *resolved; /* NULL: still open at the end of the period */
    int acknowledged;
    const char *title;
};

/* Incidents with no probe footprint: hostile cell text, the open ones, and the
 * platform team's own page about the prober outage behind the monitoring gap. */
static const struct planted_incident planted_incidents[] = {
    {E_NIMBUS, "scheduler", 4, "2026-08-29T10:20:00Z", "2026-08-29T13:05:00Z", 1,
     "Scheduler reports \"pending\" for jobs that are already running"},
    {E_NIMBUS, "object-storage", 5, "2026-09-04T15:00:00Z", "2026-09-04T18:30:00Z", 0,
     "=SUM(A1) shown in alert text"},
    {E_NIMBUS, "gpu-cluster-east", 3, "2026-10-30T18:40:00Z", NULL, 1,
     "Intermittent image pull failures on gpu-cluster-east"},
    {E_CORELINE, "training-api", 5, "2026-08-21T09:30:00Z", "2026-08-22T16:00:00Z", 0,
     "-1 free GPUs shown by the training-api quota endpoint"},
    {E_CORELINE, "fabric", 5, "2026-10-05T02:10:00Z", "2026-10-05T06:45:00Z", 1,
     "@here: fabric alarms flapping, please ignore"},
    {E_CORELINE, "gpu-cluster-west", 4, "2026-10-29T09:00:00Z", NULL, 0,
     "Billing double-counts reserved GPU hours on gpu-cluster-west"},
    {E_PLATFORM, "k8s-control-plane", 3, "2026-10-28T12:02:00Z", "2026-10-28T16:06:00Z", 1,
     "Synthetic probers evicted during node drain; no probe data for inference-api"},
    {E_PLATFORM, "notebook-hub", 3, "2026-10-30T14:00:00Z", NULL, 1,
     "notebook-hub spawner memory leak, pods restarting every few hours"},
    {E_PLATFORM, "model-registry", 4, "2026-10-31T21:15:00Z", NULL, 0,
     "model-registry disk usage above 85%"},
};

/* `$` becomes the service name and `#` a small number (rack, row, percent). */
static const char *const event_titles[K_COUNT][TC_COUNT][3] = {
    [K_GPU] = {{"Top-of-rack switch failure in row # takes $ offline",
                "$ nodes NotReady after a hypervisor kernel panic",
                "Job submission to $ failing, all nodes cordoned"},
               {"NCCL timeouts on $ rack #", "Xid 79 (GPU fallen off the bus) on # nodes in $",
                "$ lost # nodes to PSU failures"},
               {"Slow checkpoint writes from $", "Thermal throttling on $ rack #",
                "Elevated all-reduce latency on $"},
               {"Brief loss of connectivity to $", "$ health probe flapped",
                "Short packet loss to $ rack #"}},
    [K_API] = {{"$ returning 503 for all requests", "$ unavailable after a bad deploy",
                "TLS handshake failures on the $ endpoint"},
               {"$ 5xx for ~#% of requests", "$ errors in one availability zone",
                "Intermittent 502s from the $ load balancer"},
               {"Elevated p99 latency on $", "$ slow responses, request queue backlog",
                "Cold-start latency spikes on $"},
               {"Brief 502s from $", "$ probe timeouts for a few minutes",
                "$ connection resets during LB failover"}},
    [K_STORAGE] = {{"$ unavailable: metadata database failover stuck",
                    "$ returning 500 on all reads", "$ down after a certificate rotation"},
                   {"Uploads to $ failing for ~#% of clients", "$ PUT errors in one zone",
                    "$ listing requests timing out"},
                   {"Slow reads from $", "$ listing latency above 2 s",
                    "$ throughput halved during rebalance"},
                   {"Brief read errors from $", "$ probe timeouts", "$ flapped behind the LB"}},
    [K_CONTROL] = {{"$ API unreachable", "Leader election loop takes $ down",
                    "$ down after an expired service-account token"},
                   {"$ failing to place ~#% of jobs", "Admission webhook timeouts on $",
                    "$ rejecting requests from one zone"},
                   {"$ scheduling latency above 5 minutes", "Slow API responses from $",
                    "$ watch backlog, controllers lagging"},
                   {"Brief $ API errors", "$ probe timeouts during leader change",
                    "$ flapped for a few minutes"}},
    [K_FABRIC] = {{"Subnet manager crash takes $ down", "Spine switch # failure partitions $",
                   "$ outage after an optics batch failure"},
                  {"Link flaps on $ leaf switch #", "$ packet loss on # ports",
                   "RDMA errors on # $ links"},
                  {"Congestion on $ uplinks", "Elevated RDMA latency on $",
                   "$ adaptive routing disabled, throughput reduced"},
                  {"Brief $ link flap", "$ probe loss on leaf #", "Short $ reroute"}},
    [K_NOTEBOOK] = {{"$ login fails with 502", "$ unavailable: proxy pods evicted",
                     "$ down after an OAuth callback misconfiguration"},
                    {"Kernel spawns failing for ~#% of users on $", "$ spawner errors in one zone",
                     "GPU notebooks on $ fail to start"},
                    {"Slow kernel starts on $", "$ UI sluggish, websocket reconnects",
                     "$ storage mounts slow"},
                    {"Brief $ 502s", "$ proxy restart", "$ probe timeouts"}},
};

/* Tickets and pages that never show in probes; `$` is one of the entity's services. */
static const char *const quiet_titles[] = {
    "Customer reports stale GPU quota for $",
    "Usage export for $ delayed",
    "Status page component for $ not updating",
    "Duplicate alerts for $ disk usage",
    "Certificate for $ expires in # days",
    "Dashboards for $ missing metrics for # minutes",
    "Audit log export for $ failed",
    "DNS misconfiguration on the $ staging endpoint",
    "Capacity reservation request for $ stuck",
    "Alert routing for $ pointed at the wrong rotation",
    "Backup job for $ ran # hours late",
    "Support ticket: $ docs link returns 404",
    "Cost anomaly alert on $",
    "On-call handover missed for $",
};

struct event {
    long start, end; /* minutes since the period start, [start, end) */
    enum status status;
    int severity;
    int flags;
    const char *title; /* NULL: drawn from event_titles when the incident is made */
};

struct incident {
    enum entity entity;
    int svc;
    int severity;
    int postmortem;
    char title[TITLE_MAX];
    long long started, detected, acknowledged, mitigated, resolved; /* -1 when absent */
    char id[16];
};

struct rng {
    uint64_t state;
};

static struct event events[NSVC][MAX_EVENTS];
static int nevents[NSVC];
static struct incident incidents[MAX_INCIDENTS];
static int nincidents;
static long long period_start;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

static void
die(const char *fmt, ...)
{
    va_list ap;

    fputs("gen-sample: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

/* splitmix64: tiny, fast and the same on every platform, unlike rand(). */
static uint64_t
rng_next(struct rng *r)
{
    uint64_t z = (r->state += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi]; the modulo bias is far below anything the data shows. */
static long
rng_range(struct rng *r, long lo, long hi)
{
    return lo + (long)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

static double
rng_unit(struct rng *r)
{
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

static int
rng_pct(struct rng *r, int pct)
{
    return rng_range(r, 0, 99) < pct;
}

/* A fractional expected count becomes floor or floor+1, so rates stay exact on average. */
static int
rng_count(struct rng *r, double expected)
{
    int n = (int)expected;

    return n + (rng_unit(r) < expected - n);
}

/* Howard Hinnant's days_from_civil: avoids timegm() and the TZ environment. */
static long long
days_from_civil(long long y, int m, int d)
{
    long long era, yoe, doy, doe;

    y -= m <= 2;
    era = (y >= 0 ? y : y - 399) / 400;
    yoe = y - era * 400;
    doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void
civil_from_days(long long z, int *y, int *m, int *d)
{
    long long era, doe, yoe, doy, mp;

    z += 719468;
    era = (z >= 0 ? z : z - 146096) / 146097;
    doe = z - era * 146097;
    yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = (int)(yoe + era * 400 + (*m <= 2));
}

static int
digits(const char *s, int n)
{
    int v = 0;

    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

/* Only the fixed form the tables use: YYYY-MM-DDTHH:MM:SSZ. */
static long long
parse_utc(const char *s)
{
    int y = digits(s, 4), mo = digits(s + 5, 2), d = digits(s + 8, 2);
    int h = digits(s + 11, 2), mi = digits(s + 14, 2), se = digits(s + 17, 2);

    if (strlen(s) != 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' ||
        s[16] != ':' || s[19] != 'Z' || y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 ||
        h > 23 || mi < 0 || mi > 59 || se < 0 || se > 59)
        die("bad timestamp in table: %s", s);
    return days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + se;
}

/* offset is in seconds east of UTC; 0 writes `Z`. */
static void
format_time(char *buf, size_t size, long long t, long offset)
{
    long long local = t + offset, days = local / 86400, sec = local % 86400;
    int y, m, d;

    civil_from_days(days, &y, &m, &d);
    if (offset == 0)
        snprintf(buf, size, "%04d-%02d-%02dT%02lld:%02lld:%02lldZ", y, m, d, sec / 3600,
                 sec / 60 % 60, sec % 60);
    else
        snprintf(buf, size, "%04d-%02d-%02dT%02lld:%02lld:%02lld%c%02ld:%02ld", y, m, d, sec / 3600,
                 sec / 60 % 60, sec % 60, offset < 0 ? '-' : '+', labs(offset) / 3600,
                 labs(offset) / 60 % 60);
}

static int
service_index(const char *name)
{
    for (int i = 0; i < NSVC; i++)
        if (strcmp(services[i].name, name) == 0)
            return i;
    die("unknown service in table: %s", name);
}

static long
minute_of(const char *text)
{
    long long t = parse_utc(text) - period_start;

    if (t % 60 != 0 || t < 0 || t > PERIOD_MINUTES * 60)
        die("timestamp outside the period or not on a minute: %s", text);
    return (long)(t / 60);
}

static int
overlaps(int svc, long start, long end, long margin)
{
    for (int i = 0; i < nevents[svc]; i++)
        if (start < events[svc][i].end + margin && events[svc][i].start < end + margin)
            return 1;
    return 0;
}

static void
add_event(int svc, long start, long end, enum status status, int severity, int flags,
          const char *title)
{
    struct event *ev;

    if (nevents[svc] == MAX_EVENTS)
        die("too many events for %s", services[svc].name);
    if (start >= end || overlaps(svc, start, end, 0))
        die("planted events overlap on %s at minute %ld", services[svc].name, start);
    ev = &events[svc][nevents[svc]++];
    ev->start = start;
    ev->end = end;
    ev->status = status;
    ev->severity = severity;
    ev->flags = flags;
    ev->title = title;
}

/* Month m of the period (0 = August) as minutes [*lo, *hi). */
static void
month_bounds(int m, long *lo, long *hi)
{
    static const long month_days[] = {31, 30, 31};

    *lo = 0;
    for (int i = 0; i < m; i++)
        *lo += month_days[i] * 1440;
    *hi = *lo + month_days[m] * 1440;
}

/* Place one event of the given length somewhere free in [lo, hi); the tail is a
 * degraded recovery stretch that follows some long outages. */
static void
place_random(struct rng *r, int svc, long lo, long hi, long len, long tail, enum status status,
             int severity)
{
    for (int attempt = 0; attempt < 200; attempt++) {
        long start = rng_range(r, lo, hi - len - tail - 1);

        if (overlaps(svc, start, start + len + tail, EVENT_MARGIN))
            continue;
        add_event(svc, start, start + len, status, severity, 0, NULL);
        if (tail > 0)
            add_event(svc, start + len, start + len + tail, ST_DEGRADED, 0, 0, NULL);
        return;
    }
    die("no room for a random event on %s", services[svc].name);
}

static void
plant_random_events(struct rng *r)
{
    int handcheck = service_index("inference-api");

    for (int svc = 0; svc < NSVC; svc++) {
        const struct profile *p = &profiles[services[svc].entity];

        for (int m = 0; m < 3; m++) {
            double f = m == 1 ? p->september : 1.0;
            long lo, hi;
            int n;

            if (svc == handcheck && m == 2)
                continue; /* October is the hand-check month: planted only */
            month_bounds(m, &lo, &hi);
            n = rng_count(r, p->outages * f);
            for (int i = 0; i < n; i++) {
                double u = rng_unit(r);
                long len = 30 + (long)(330 * u * u); /* skewed: most are short */
                long tail = rng_pct(r, 60) ? rng_range(r, 10, 40) : 0;

                place_random(r, svc, lo, hi, len, tail, ST_DOWN, len >= 120 ? 1 : 2);
            }
            n = rng_count(r, p->partials * f);
            for (int i = 0; i < n; i++) {
                long len = rng_range(r, 20, 240);

                place_random(r, svc, lo, hi, len, 0, ST_PARTIAL,
                             rng_pct(r, 95) ? (len >= 90 ? 2 : 3) : 0);
            }
            n = rng_count(r, p->degradeds * f);
            for (int i = 0; i < n; i++) {
                long len = rng_range(r, 30, 300);

                place_random(r, svc, lo, hi, len, 0, ST_DEGRADED,
                             rng_pct(r, 60) ? (len >= 120 ? 3 : 4) : 0);
            }
            n = rng_count(r, p->blips * f);
            for (int i = 0; i < n; i++)
                place_random(r, svc, lo, hi, rng_range(r, 1, 4), 0, ST_DOWN,
                             rng_pct(r, 10) ? 4 : 0);
        }
    }
}

static int
event_cmp(const void *a, const void *b)
{
    const struct event *x = a, *y = b;

    return (x->start > y->start) - (x->start < y->start);
}

/* Copy a title template, filling `$` and `#`. */
static void
expand_title(char *dst, size_t size, const char *tmpl, const char *service, long number)
{
    size_t n = 0;

    for (const char *s = tmpl; *s != '\0' && n + 1 < size; s++) {
        if (*s == '$' || *s == '#') {
            char num[24];
            const char *ins = service;

            if (*s == '#') {
                snprintf(num, sizeof num, "%ld", number);
                ins = num;
            }
            n += (size_t)snprintf(dst + n, size - n, "%s", ins);
            if (n >= size)
                n = size - 1;
        } else {
            dst[n++] = *s;
        }
    }
    dst[n] = '\0';
}

static struct incident *
incident_new(enum entity entity, int svc, int severity)
{
    struct incident *inc;

    if (nincidents == MAX_INCIDENTS)
        die("too many incidents");
    inc = &incidents[nincidents++];
    memset(inc, 0, sizeof *inc);
    inc->entity = entity;
    inc->svc = svc;
    inc->severity = severity;
    inc->acknowledged = inc->mitigated = inc->resolved = -1;
    return inc;
}

static long long
max_ll(long long a, long long b)
{
    return a > b ? a : b;
}

/* Detection and acknowledgement follow the entity's habits; a few pages are never
 * acknowledged at all (more often for low severities). */
static void
respond(struct rng *r, struct incident *inc, const struct profile *p)
{
    int noack = p->noack_pct + (inc->severity == 5 ? 30 : 0);

    inc->detected = inc->started + rng_range(r, p->ttd_lo, p->ttd_hi);
    if (!rng_pct(r, noack))
        inc->acknowledged = inc->detected + rng_range(r, p->tta_lo, p->tta_hi);
}

/* The last response timestamp so far: mitigation cannot come before it. */
static long long
last_response(const struct incident *inc)
{
    return inc->acknowledged >= 0 ? inc->acknowledged : inc->detected;
}

static void
close_incident(struct rng *r, struct incident *inc, const struct profile *p, int flags)
{
    if (rng_pct(r, p->late_resolve_pct))
        inc->resolved += rng_range(r, 2 * 3600, 20 * 3600); /* left open "to monitor" */
    inc->resolved = max_ll(inc->resolved, inc->mitigated);
    if (rng_pct(r, p->nomitigated_pct))
        inc->mitigated = -1;
    if (inc->severity <= 2 && !(flags & F_NO_POSTMORTEM))
        inc->postmortem = rng_pct(r, p->postmortem_pct);
    else if (inc->severity == 3)
        inc->postmortem = rng_pct(r, p->postmortem_pct / 5);
}

static void
incident_from_event(struct rng *r, int svc, const struct event *ev)
{
    const struct profile *p = &profiles[services[svc].entity];
    long long start = period_start + ev->start * 60, end = period_start + ev->end * 60;
    struct incident *inc = incident_new(services[svc].entity, svc, ev->severity);
    enum title_class tc = ev->status == ST_PARTIAL    ? TC_PARTIAL
                          : ev->status == ST_DEGRADED ? TC_DEGRADED
                          : ev->end - ev->start <= 4  ? TC_BLIP
                                                      : TC_DOWN;

    if (ev->title != NULL)
        snprintf(inc->title, sizeof inc->title, "%s", ev->title);
    else
        expand_title(inc->title, sizeof inc->title,
                     event_titles[services[svc].kind][tc][rng_range(r, 0, 2)], services[svc].name,
                     rng_range(r, 2, 40));
    /* The probe sees the minute; people write down a time near it. */
    inc->started = start + rng_range(r, -75, 40);
    respond(r, inc, p);
    if (ev->status == ST_DOWN) {
        inc->mitigated = max_ll(end - rng_range(r, 0, 90), last_response(inc));
        inc->resolved = end + rng_range(r, 30, 900);
    } else {
        inc->mitigated = max_ll(end - rng_range(r, 0, 300), last_response(inc));
        inc->resolved = end + rng_range(r, 120, 2400);
    }
    close_incident(r, inc, p, ev->flags);
}

static void
quiet_incident(struct rng *r, enum entity e)
{
    const struct profile *p = &profiles[e];
    long long end = period_start + PERIOD_MINUTES * 60;
    int svc, sev = rng_pct(r, 15) ? 3 : rng_pct(r, 53) ? 4 : 5;
    long long len = sev == 5 ? rng_range(r, 3600, 72 * 3600) : rng_range(r, 1200, 8 * 3600);
    struct incident *inc;

    do
        svc = (int)rng_range(r, 0, NSVC - 1);
    while (services[svc].entity != e);
    inc = incident_new(e, svc, sev);
    expand_title(inc->title, sizeof inc->title,
                 quiet_titles[rng_range(r, 0, sizeof quiet_titles / sizeof quiet_titles[0] - 1)],
                 services[svc].name, rng_range(r, 3, 45));
    inc->started = period_start + rng_range(r, 0, end - period_start - len - 2 * 86400);
    respond(r, inc, p);
    inc->mitigated = max_ll(inc->started + len * 3 / 4, last_response(inc));
    inc->resolved = inc->started + len;
    close_incident(r, inc, p, 0);
}

static void
make_incidents(struct rng *r)
{
    for (int svc = 0; svc < NSVC; svc++)
        for (int i = 0; i < nevents[svc]; i++)
            if (events[svc][i].severity > 0)
                incident_from_event(r, svc, &events[svc][i]);
    for (int e = 0; e < E_COUNT; e++)
        for (int i = 0; i < profiles[e].quiet; i++)
            quiet_incident(r, (enum entity)e);
    for (size_t i = 0; i < sizeof planted_incidents / sizeof planted_incidents[0]; i++) {
        const struct planted_incident *pi = &planted_incidents[i];
        const struct profile *p = &profiles[pi->entity];
        struct incident *inc = incident_new(pi->entity, service_index(pi->service), pi->severity);

        snprintf(inc->title, sizeof inc->title, "%s", pi->title);
        inc->started = parse_utc(pi->started);
        inc->detected = inc->started + rng_range(r, p->ttd_lo, p->ttd_hi);
        if (pi->acknowledged)
            inc->acknowledged = inc->detected + rng_range(r, p->tta_lo, p->tta_hi);
        if (pi->resolved != NULL) {
            inc->resolved = max_ll(parse_utc(pi->resolved), last_response(inc));
            inc->mitigated = max_ll(inc->resolved - rng_range(r, 60, 1200), last_response(inc));
        }
    }
}

static int
incident_cmp(const void *a, const void *b)
{
    const struct incident *x = a, *y = b;

    if (x->started != y->started)
        return (x->started > y->started) - (x->started < y->started);
    if (x->entity != y->entity)
        return (int)x->entity - (int)y->entity;
    if (x->svc != y->svc)
        return x->svc - y->svc;
    return strcmp(x->title, y->title);
}

/* Ids follow the order incidents started, as a ticketing system would number them;
 * PagerDuty ids are opaque, so they are drawn and checked for clashes. */
static void
assign_ids(struct rng *r)
{
    static const char alnum[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    int next[E_COUNT];

    for (int e = 0; e < E_COUNT; e++)
        next[e] = profiles[e].first_id;
    for (int i = 0; i < nincidents; i++) {
        struct incident *inc = &incidents[i];
        const struct profile *p = &profiles[inc->entity];
        int clash;

        if (p->id_prefix != NULL) {
            snprintf(inc->id, sizeof inc->id, "%s%d", p->id_prefix, next[inc->entity]++);
            continue;
        }
        do {
            inc->id[0] = 'P';
            for (int k = 1; k < 7; k++)
                inc->id[k] = alnum[rng_range(r, 0, 35)];
            inc->id[7] = '\0';
            clash = 0;
            for (int j = 0; j < i; j++)
                clash |= strcmp(incidents[j].id, inc->id) == 0;
        } while (clash);
    }
}

/* RFC 4180: quote only when needed, doubling inner quotes. */
static void
put_csv(FILE *fp, const char *s)
{
    if (strpbrk(s, ",\"\r\n") == NULL) {
        fputs(s, fp);
        return;
    }
    fputc('"', fp);
    for (; *s != '\0'; s++) {
        if (*s == '"')
            fputc('"', fp);
        fputc(*s, fp);
    }
    fputc('"', fp);
}

/* An absent time is an empty cell. */
static void
put_time(FILE *fp, long long t, long offset)
{
    char buf[40];

    if (t < 0)
        return;
    format_time(buf, sizeof buf, t, offset);
    fputs(buf, fp);
}

static FILE *
open_out(const char *dir, const char *name, char *tmp, size_t size)
{
    FILE *fp;

    snprintf(tmp, size, "%s/%s.tmp", dir, name);
    fp = fopen(tmp, "w");
    if (fp == NULL)
        die("%s: %s", tmp, strerror(errno));
    return fp;
}

/* Written to a temporary name first, so an interrupted run leaves no half file. */
static void
close_out(FILE *fp, const char *dir, const char *name, const char *tmp)
{
    char path[4096];

    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (ferror(fp) || fclose(fp) != 0)
        die("%s: write failed", tmp);
    if (rename(tmp, path) != 0)
        die("%s: %s", path, strerror(errno));
}

static void
write_provider_incidents(const char *dir)
{
    char tmp[4096];
    FILE *fp = open_out(dir, "incidents-providers.csv", tmp, sizeof tmp);

    fputs("id,entity,service,severity,title,started,detected,acknowledged,mitigated,resolved,"
          "postmortem\n",
          fp);
    for (int i = 0; i < nincidents; i++) {
        const struct incident *inc = &incidents[i];
        const struct profile *p = &profiles[inc->entity];

        if (p->id_prefix == NULL)
            continue;
        fprintf(fp, "%s,%s,%s,sev%d,", inc->id, entity_names[inc->entity], services[inc->svc].name,
                inc->severity);
        put_csv(fp, inc->title);
        fputc(',', fp);
        put_time(fp, inc->started, 0);
        fputc(',', fp);
        put_time(fp, inc->detected, 0);
        fputc(',', fp);
        put_time(fp, inc->acknowledged, 0);
        fputc(',', fp);
        put_time(fp, inc->mitigated, 0);
        fputc(',', fp);
        put_time(fp, inc->resolved, 0);
        fputc(',', fp);
        if (inc->postmortem)
            fprintf(fp, "%s%s", p->postmortem_url, inc->id);
        fputc('\n', fp);
    }
    close_out(fp, dir, "incidents-providers.csv", tmp);
}

/* PagerDuty has no separate start: the page is created when the alert fires,
 * so created_at is our detection time. */
static void
write_pagerduty(struct rng *r, const char *dir)
{
    char tmp[4096];
    FILE *fp = open_out(dir, "pagerduty-platform.csv", tmp, sizeof tmp);
    long long local_until = parse_utc(PD_LOCAL_UNTIL);
    int number = 2417;

    fputs("id,incident_number,description,status,urgency,priority_name,service_name,team_name,"
          "created_at,acknowledged_at,resolved_at,seconds_to_first_ack,seconds_to_resolve\n",
          fp);
    for (int i = 0; i < nincidents; i++) {
        const struct incident *inc = &incidents[i];
        long long created = inc->detected;
        long offset = created < local_until ? PD_LOCAL_OFFSET : 0;
        const char *status = inc->resolved >= 0       ? "resolved"
                             : inc->acknowledged >= 0 ? "acknowledged"
                                                      : "triggered";
        int high = inc->severity <= 2 || (inc->severity == 3 && rng_pct(r, 50));

        if (inc->entity != E_PLATFORM)
            continue;
        fprintf(fp, "%s,%d,", inc->id, number++);
        put_csv(fp, inc->title);
        fprintf(fp, ",%s,%s,P%d,%s,platform,", status, high ? "high" : "low", inc->severity,
                services[inc->svc].name);
        put_time(fp, created, offset);
        fputc(',', fp);
        put_time(fp, inc->acknowledged, offset);
        fputc(',', fp);
        put_time(fp, inc->resolved, offset);
        fputc(',', fp);
        if (inc->acknowledged >= 0)
            fprintf(fp, "%lld", inc->acknowledged - created);
        fputc(',', fp);
        if (inc->resolved >= 0)
            fprintf(fp, "%lld", inc->resolved - created);
        fputc('\n', fp);
    }
    close_out(fp, dir, "pagerduty-platform.csv", tmp);
}

/* Healthy latency has a US-daytime hump and rare spikes; the other states sit
 * well above it. Integer arithmetic keeps the bytes identical everywhere. */
static long
probe_latency(struct rng *r, const struct service *svc, enum status st, long minute_of_day)
{
    long from_peak = labs(minute_of_day - 17 * 60); /* busiest around 17:00 UTC */
    long lat;

    if (from_peak > 720)
        from_peak = 1440 - from_peak;
    switch (st) {
    case ST_UP:
        lat = svc->latency_base + svc->latency_base * (720 - from_peak) / 2400 +
              (rng_range(r, 0, svc->latency_spread) + rng_range(r, 0, svc->latency_spread) +
               rng_range(r, 0, svc->latency_spread)) /
                  3;
        if (rng_pct(r, 1) && rng_pct(r, 50))
            lat *= rng_range(r, 2, 3);
        return lat < 20 ? 20 : lat > 300 ? 300 : lat;
    case ST_DEGRADED:
        return rng_range(r, 400, 2800);
    case ST_PARTIAL:
        return rng_range(r, 150, 900);
    default:
        return -1; /* down and maintenance: the probe got no answer */
    }
}

static void
write_probes(const char *dir)
{
    char tmp[4096];
    FILE *fp = open_out(dir, "probes.csv", tmp, sizeof tmp);
    int cursor[NSVC] = {0};
    struct rng lat[NSVC];

    /* One stream per service, so editing one service's events leaves the
     * others' latencies byte-identical. */
    for (int s = 0; s < NSVC; s++)
        lat[s].state = 0x5eedf00dULL * (uint64_t)(s + 1);
    setvbuf(fp, NULL, _IOFBF, 1 << 20);
    fputs("time,entity,service,status,latency_ms\n", fp);
    for (long m = 0; m < PERIOD_MINUTES; m++) {
        char ts[40];

        format_time(ts, sizeof ts, period_start + m * 60, 0);
        for (int s = 0; s < NSVC; s++) {
            enum status st = ST_UP;
            long latency;

            while (cursor[s] < nevents[s] && events[s][cursor[s]].end <= m)
                cursor[s]++;
            if (cursor[s] < nevents[s] && events[s][cursor[s]].start <= m)
                st = events[s][cursor[s]].status;
            if (st == ST_GAP)
                continue;
            latency = probe_latency(&lat[s], &services[s], st, m % 1440);
            fprintf(fp, "%s,%s,%s,%s,", ts, entity_names[services[s].entity], services[s].name,
                    status_names[st]);
            if (latency >= 0)
                fprintf(fp, "%ld", latency);
            fputc('\n', fp);
        }
    }
    close_out(fp, dir, "probes.csv", tmp);
}

static void
mkdir_p(const char *dir)
{
    char path[4096];
    size_t n = strlen(dir);

    if (n == 0 || n >= sizeof path)
        die("bad output directory");
    memcpy(path, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (path[i] != '/' && path[i] != '\0')
            continue;
        path[i] = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST)
            die("%s: %s", path, strerror(errno));
        path[i] = dir[i];
    }
}

int
main(int argc, char **argv)
{
    struct rng r = {0x51a0d17ULL};

    if (argc != 2) {
        fputs("usage: gen-sample OUTDIR\n", stderr);
        return 2;
    }
    for (int s = 1; s < NSVC; s++)
        if (strcmp(services[s - 1].name, services[s].name) >= 0)
            die("services table is not sorted");
    period_start = parse_utc(PERIOD_START);

    for (size_t i = 0; i < sizeof planted_events / sizeof planted_events[0]; i++) {
        const struct planted_event *pe = &planted_events[i];

        add_event(service_index(pe->service), minute_of(pe->start), minute_of(pe->end), pe->status,
                  pe->severity, pe->flags, pe->title);
    }
    for (size_t i = 0; i < sizeof maintenances / sizeof maintenances[0]; i++) {
        const struct maintenance *mw = &maintenances[i];

        add_event(service_index(mw->service), minute_of(mw->start), minute_of(mw->end),
                  ST_MAINTENANCE, 0, 0, NULL);
    }
    plant_random_events(&r);
    for (int s = 0; s < NSVC; s++)
        qsort(events[s], (size_t)nevents[s], sizeof events[s][0], event_cmp);

    make_incidents(&r);
    qsort(incidents, (size_t)nincidents, sizeof incidents[0], incident_cmp);
    assign_ids(&r);

    mkdir_p(argv[1]);
    write_provider_incidents(argv[1]);
    write_pagerduty(&r, argv[1]);
    write_probes(argv[1]);
    return 0;
}
