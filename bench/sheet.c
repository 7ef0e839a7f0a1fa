/* sheet.c — the Incidents detail sheet measured alone: N synthetic incidents
 * written through slaudit's own sheet writer (reports/monthly/sheet_incidents.c over
 * reports/xlsx/xlsx.c, fed one row at a time as the report feeds it from the
 * store), then the same cells written by a plain libxlsxwriter
 * constant-memory loop, the baseline. Both write the same header, widths,
 * frozen pane and autofilter, the same strings, date-times (UTC) and 0.0
 * numbers, and both close the workbook, so the zip is in both timings.
 *
 * usage: bench-sheet ROWS DIR
 *
 * Writes DIR/sheet-incidents.xlsx and DIR/base-sheet-raw.xlsx and prints one
 * line per part, "stage rows bytes wall_s user_s sys_s peak_rss_kb exit", the
 * line format of bench/run.sh's results, then on stderr the rows/s of each
 * over CPU time and their ratio. Times are of the part alone; the peak RSS is
 * the part's own where /proc/self/clear_refs can reset it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>

#include <xlsxwriter.h>

#include "engine/time/sltime.h"
#include "reports/xlsx/sheet.h"

#define BASE_TIME 1735689600 /* 2025-01-01T00:00:00Z */

/* Not const: struct eval_incident holds char *. */
static char entities[][20] = {"provider:nimbus", "provider:stratus", "team:platform",
                              "team:payments"};
static char services[][16] = {"api", "checkout", "gpu-cluster", "storage", "dns"};
static char severities[][2][8] = {{"SEV1", "P1"}, {"SEV2", "P2"}, {"SEV3", "P3"}, {"SEV4", "P4"}};
static char states[][12] = {"resolved", "open"};
static char titles[][64] = {
    "Elevated error rate on the public API",
    "Checkout latency above objective in eu-west",
    "GPU node lost after Xid 79 (fallen off the bus)",
    "Storage volume degraded; replicas rebuilding",
    "DNS resolution failures for internal zones",
    "=HYPERLINK(\"http://example.invalid\") pasted into a title",
};

/* Row i's incident; the strings point into buf, rewritten for each row. */
struct row_buf {
    char key[24], postmortem[64];
};

static void
make_incident(size_t i, struct row_buf *buf, struct eval_incident *inc)
{
    char(*sev)[8] = severities[i % 4];
    int64_t started = BASE_TIME + (int64_t)i * 97;
    int64_t offsets[MEASURE_COUNT] = {60 + (int64_t)(i % 7) * 30, 300 + (int64_t)(i % 13) * 45,
                                      1800 + (int64_t)(i % 29) * 120,
                                      3600 + (int64_t)(i % 31) * 600};
    bool acked = i % 10 != 3, resolved = i % 17 != 5;
    snprintf(buf->key, sizeof buf->key, "INC-%07zu", i);
    if (i % 4 == 0)
        snprintf(buf->postmortem, sizeof buf->postmortem, "https://wiki.example/pm/INC-%07zu", i);
    else
        buf->postmortem[0] = '\0';
    *inc = (struct eval_incident){
        .entity = entities[i % 4],
        .service = services[i % 5],
        .key = buf->key,
        .severity = sev[0],
        .severity_label = sev[1],
        .title = titles[i % 6],
        .state = states[!resolved],
        .postmortem = buf->postmortem,
        .started = started,
        .detected = started + offsets[MEASURE_TTD],
        .acknowledged = acked ? started + offsets[MEASURE_TTA] : SLTIME_NONE,
        .mitigated = started + offsets[MEASURE_TTM],
        .resolved = resolved ? started + offsets[MEASURE_TTR] : SLTIME_NONE,
        .merged = i % 20 == 0,
        .open = !resolved,
    };
    for (int m = 0; m < MEASURE_COUNT; m++)
        inc->times.seconds[m] = offsets[m];
    if (!acked)
        inc->times.seconds[MEASURE_TTA] = INCIDENT_NO_DURATION;
    if (!resolved)
        inc->times.seconds[MEASURE_TTR] = INCIDENT_NO_DURATION;
}

/* ---- slaudit's own path ---- */

struct generator {
    size_t n;
};

static enum sl_status
each_incident(void *src, eval_incident_fn fn, void *ctx, struct sl_diag *diag)
{
    (void)diag;
    const struct generator *g = src;
    struct row_buf buf;
    struct eval_incident inc;
    for (size_t i = 0; i < g->n; i++) {
        make_incident(i, &buf, &inc);
        if (fn(ctx, &inc))
            break;
    }
    return SL_OK;
}

static int
write_project(const char *path, size_t n)
{
    struct sl_diag diag;
    memset(&diag, 0, sizeof diag);
    struct xlsx_props props = {
        .title = "bench", .subject = "bench", .created = BASE_TIME, .constant_memory = true};
    struct xlsx_book *book;
    if (xlsx_open(&book, path, &props, &diag) != SL_OK) {
        fprintf(stderr, "bench-sheet: %s\n", diag.message);
        return 1;
    }
    struct generator g = {.n = n};
    struct report_incidents src = {.n = n, .each = each_incident, .src = &g};
    struct report_info info = {.zone = NULL, .incidents = &src};
    struct eval_result r;
    memset(&r, 0, sizeof r);
    if (sheet_incidents_write(book, &r, &info, &diag) != SL_OK) {
        xlsx_abandon(book);
        fprintf(stderr, "bench-sheet: %s\n", diag.message);
        return 1;
    }
    if (xlsx_close(book, &diag) != SL_OK) {
        fprintf(stderr, "bench-sheet: %s\n", diag.message);
        return 1;
    }
    return 0;
}

/* ---- the baseline: libxlsxwriter alone ---- */

static const struct {
    const char *title;
    double width;
} raw_columns[] = {
    {"Entity", 22},          {"Service", 20},      {"ID", 14},        {"Severity", 9},
    {"Source severity", 10}, {"Title", 50},        {"State", 11},     {"Started", 17},
    {"Detected", 17},        {"Acknowledged", 17}, {"Mitigated", 17}, {"Resolved", 17},
    {"TTD (min)", 9},        {"TTA (min)", 9},     {"TTM (min)", 9},  {"TTR (min)", 9},
    {"Postmortem", 30},      {"Merged", 8},
};
#define RAW_NCOLUMNS (sizeof raw_columns / sizeof raw_columns[0])

static void
raw_string(lxw_worksheet *ws, uint32_t row, uint16_t col, const char *s)
{
    if (*s)
        worksheet_write_string(ws, row, col, s, NULL);
}

static void
raw_instant(lxw_worksheet *ws, uint32_t row, uint16_t col, int64_t t, lxw_format *f)
{
    if (t == SLTIME_NONE)
        return;
    time_t tt = (time_t)t;
    struct tm tm;
    gmtime_r(&tt, &tm);
    lxw_datetime dt = {tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                       tm.tm_hour,        tm.tm_min,     (double)tm.tm_sec};
    worksheet_write_datetime(ws, row, col, &dt, f);
}

static int
write_raw(const char *path, size_t n)
{
    lxw_workbook_options opt = {.constant_memory = LXW_TRUE, .tmpdir = NULL};
    lxw_workbook *wb = workbook_new_opt(path, &opt);
    if (!wb)
        return 1;
    lxw_format *header = workbook_add_format(wb);
    format_set_bold(header);
    format_set_text_wrap(header);
    format_set_align(header, LXW_ALIGN_VERTICAL_TOP);
    format_set_bottom(header, LXW_BORDER_THIN);
    lxw_format *datetime = workbook_add_format(wb);
    format_set_num_format(datetime, "yyyy-mm-dd hh:mm");
    lxw_format *decimal1 = workbook_add_format(wb);
    format_set_num_format(decimal1, "0.0");
    lxw_worksheet *ws = workbook_add_worksheet(wb, "Incidents");
    worksheet_set_row(ws, 0, 45, NULL);
    for (uint16_t c = 0; c < RAW_NCOLUMNS; c++) {
        worksheet_write_string(ws, 0, c, raw_columns[c].title, header);
        worksheet_set_column(ws, c, c, raw_columns[c].width, NULL);
    }
    worksheet_freeze_panes(ws, 1, 0);
    worksheet_autofilter(ws, 0, 0, (uint32_t)n, RAW_NCOLUMNS - 1);
    struct row_buf buf;
    struct eval_incident inc;
    for (size_t i = 0; i < n; i++) {
        uint32_t row = (uint32_t)i + 1;
        make_incident(i, &buf, &inc);
        const char *text[] = {inc.entity,         inc.service, inc.key,  inc.severity,
                              inc.severity_label, inc.title,   inc.state};
        for (uint16_t c = 0; c < 7; c++)
            raw_string(ws, row, c, text[c]);
        int64_t times[] = {inc.started, inc.detected, inc.acknowledged, inc.mitigated,
                           inc.resolved};
        for (uint16_t c = 0; c < 5; c++)
            raw_instant(ws, row, (uint16_t)(7 + c), times[c], datetime);
        for (int m = 0; m < MEASURE_COUNT; m++)
            if (inc.times.seconds[m] != INCIDENT_NO_DURATION)
                worksheet_write_number(ws, row, (uint16_t)(12 + m),
                                       (double)inc.times.seconds[m] / 60.0, decimal1);
        raw_string(ws, row, 16, inc.postmortem);
        raw_string(ws, row, 17, inc.merged ? "yes" : "no");
    }
    return workbook_close(wb) == LXW_NO_ERROR ? 0 : 1;
}

/* ---- measuring ---- */

static double
seconds(struct timeval tv)
{
    return (double)tv.tv_sec + (double)tv.tv_usec / 1e6;
}

/* The peak RSS in kB since the last reset_peak(): VmHWM, else ru_maxrss. */
static long
peak_rss_kb(void)
{
    long kb = -1;
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0)
            kb = strtol(line + 6, NULL, 10);
    if (f)
        fclose(f);
    if (kb < 0) {
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        kb = ru.ru_maxrss;
    }
    return kb;
}

static void
reset_peak(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (f) {
        fputs("5", f);
        fclose(f);
    }
}

/* Runs one part and prints its result line; returns its CPU seconds. */
static double
measure(const char *stage, const char *dir, size_t n, int (*write)(const char *, size_t))
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.xlsx", dir, stage);
    reset_peak();
    struct rusage r0, r1;
    struct timespec t0, t1;
    getrusage(RUSAGE_SELF, &r0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int rc = write(path, n);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    getrusage(RUSAGE_SELF, &r1);
    struct stat st;
    long long bytes = stat(path, &st) == 0 ? (long long)st.st_size : 0;
    printf("%s %zu %lld %.3f %.3f %.3f %ld %d\n", stage, n, bytes,
           (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9,
           seconds(r1.ru_utime) - seconds(r0.ru_utime), seconds(r1.ru_stime) - seconds(r0.ru_stime),
           peak_rss_kb(), rc);
    fflush(stdout);
    return seconds(r1.ru_utime) - seconds(r0.ru_utime) + seconds(r1.ru_stime) -
           seconds(r0.ru_stime);
}

int
main(int argc, char **argv)
{
    char *end;
    long long n = argc == 3 ? strtoll(argv[1], &end, 10) : 0;
    if (argc != 3 || *end || n < 0 || n > (long long)XLSX_MAX_ROW) {
        fprintf(stderr, "usage: bench-sheet ROWS DIR (ROWS up to %u)\n", XLSX_MAX_ROW);
        return 2;
    }
    double own = measure("sheet-incidents", argv[2], (size_t)n, write_project);
    double raw = measure("base-sheet-raw", argv[2], (size_t)n, write_raw);
    if (own > 0 && raw > 0)
        fprintf(stderr,
                "bench-sheet: %lld rows: slaudit %.1f k rows/s, libxlsxwriter %.1f k rows/s "
                "(CPU time), ratio %.2f\n",
                n, (double)n / own / 1e3, (double)n / raw / 1e3, raw / own);
    return 0;
}
