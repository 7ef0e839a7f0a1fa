/* test_read_errors.c — every parser of the registry stops at a read that
 * fails, with "cannot read: Input/output error" and the file's name, and
 * stores nothing: nvidia-xid used to ignore the failure and ask for the
 * next line for ever. The file is a stream (fopencookie) that hands over
 * the first part of the parser's own fixture, so the parser is well into
 * its format, then fails every read with EIO; and one that fails its first
 * read. Each test has a timeout, so a parser that spins fails it. */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "engine/store/store.h"
#include "parsers/read/lines.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

static struct fixture fx;

static void
setup(void)
{
    fixture_open(&fx);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(read_errors, .init = setup, .fini = teardown, .timeout = 20);

/* A stream of data[0..len) whose reads fail with EIO once `good` bytes are
 * handed over (in pieces of at most 4096, as a slow device would). */
struct failing {
    const char *data;
    size_t good, pos;
};

static ssize_t
failing_read(void *cookie, char *buf, size_t size)
{
    struct failing *fl = cookie;
    if (fl->pos >= fl->good) {
        errno = EIO;
        return -1;
    }
    size_t n = fl->good - fl->pos;
    if (n > size)
        n = size;
    if (n > 4096)
        n = 4096;
    memcpy(buf, fl->data + fl->pos, n);
    fl->pos += n;
    return (ssize_t)n;
}

static int
failing_close(void *cookie)
{
    (void)cookie;
    return 0;
}

static char *
slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "%s (tests run from tests/)", path);
    char *buf = malloc(1 << 20);
    cr_assert_not_null(buf);
    *len = fread(buf, 1, 1 << 20, f);
    fclose(f);
    return buf;
}

/* Each parser with a file of its own format: a fixture, or text. */
struct case_ {
    const char *format;
    const char *fixture;
    const char *text;
    const char *config;
};

static const struct case_ cases[] = {
    {"incident-csv", "data/parsers/incidents-minimal.csv", NULL, NULL},
    {"pagerduty-csv", "data/parsers/pagerduty.csv", NULL, NULL},
    {"probe-csv", "data/audit/gpu-probes.csv", NULL, NULL},
    {"maintenance-csv", "../sample-data/maintenance.csv", NULL, NULL},
    {"postmortem-csv", "../sample-data/postmortems.csv", NULL, NULL},
    {"action-csv", "../sample-data/actions.csv", NULL, NULL},
    {"patch-csv", "../sample-data/patches.csv", NULL, NULL},
    {"oncall-csv", "../sample-data/oncall.csv", NULL, NULL},
    {"change-csv", "../sample-data/changes.csv", NULL, NULL},
    {"notification-csv", "../sample-data/notifications.csv", NULL, NULL},
    {"profile-json", "../sample-data/profile-coreline.json", NULL, NULL},
    {"statuspage-json", "data/formats/statuspage-incidents.json", NULL, NULL},
    {"statuspage-feed", "data/formats/statuspage-history.atom", NULL, NULL},
    {"gcp-status", "data/formats/gcp-incidents.json", NULL, NULL},
    {"aws-health", "data/formats/aws-health.json", NULL, NULL},
    {"void-csv", "data/formats/void.csv", NULL, NULL},
    {"interval-csv", "data/formats/intervals.csv", NULL, NULL},
    {"upptime-history", "data/formats/job-api.yml", NULL, NULL},
    {"upptime-summary", NULL,
     "[{\"name\": \"API\", \"slug\": \"api\", \"status\": \"up\",\n"
     " \"dailyMinutesDown\": {\"2026-10-01\": 5, \"2026-10-02\": 7}},\n"
     " {\"name\": \"Web\", \"slug\": \"web\", \"status\": \"up\",\n"
     " \"dailyMinutesDown\": {\"2026-10-03\": 1}}]\n",
     NULL},
    {"upptime-commits", "data/formats/upptime-commits.tsv", NULL, NULL},
    {"upptime-meta", NULL,
     "{\"schemaVersion\": 1,\n \"label\": \"uptime 7 days\",\n \"message\": \"99.5%\"}\n", NULL},
    {"nvidia-xid", "data/formats/xid-syslog.log", NULL, NULL},
    {"slurmctld-log", "data/formats/slurmctld.log", NULL, NULL},
    {"jsonl", "data/formats/incidents.jsonl", NULL, NULL},
    {"line-pattern", "data/formats/checks.log", NULL, "data/formats/checks-pattern.yaml"},
    {"prometheus-range", "data/formats/prometheus-up.json", NULL, NULL},
    {"pagerduty-json", "data/formats/pagerduty-analytics.json", NULL, NULL},
    {"opsgenie", "data/formats/opsgenie-alerts.json", NULL, NULL},
    {"milestones-json", "data/formats/firehydrant-incidents.json", NULL, NULL},
    {"uptime-kuma", "data/formats/uptime-kuma-heartbeats.csv", NULL, NULL},
    {"openslo", "data/formats/openslo.yaml", NULL, NULL},
    {"sloth", "data/formats/sloth.yml", NULL, NULL},
    {"pyrra", "data/formats/pyrra.yaml", NULL, NULL},
};

/* Runs the case's parser over a stream that fails after `good` bytes
 * (good < 0: after half the file). */
static void
expect_read_error(const struct case_ *c, long good)
{
    const struct parser *p = parser_by_name(c->format);
    cr_assert_not_null(p, "%s", c->format);
    size_t len = 0;
    char *data = c->fixture ? slurp(c->fixture, &len) : strdup(c->text);
    if (!c->fixture)
        len = strlen(data);
    struct failing fl = {data, good < 0 ? len / 2 : (size_t)good, 0};
    cookie_io_functions_t io = {failing_read, NULL, NULL, failing_close};
    FILE *f = fopencookie(&fl, "r", io);
    cr_assert_not_null(f);

    struct sl_diag diag = {0};
    struct ingest ing;
    bool already = false;
    ingest_init(&ing, fx.st, "failing.input", &diag);
    ing.entity = "team:ops";
    ing.service = "api";
    ing.config = c->config;
    ing.year = 2026;
    char sha[65] = "0000000000000000000000000000000000000000000000000000000000000000";
    cr_assert_eq(
        store_source_begin(fx.st, "failing.input", sha, p->name, (long long)len, &already, &diag),
        SL_OK, "%s", diag.message);
    enum sl_status rc = ingest_parse(&ing, p->parse, f);
    if (!rc)
        rc = ingest_finish(&ing);
    store_source_abort(fx.st);
    ingest_release(&ing);
    fclose(f);
    free(data);
    cr_expect_eq(rc, SL_ERR_IO, "%s after %zu of %zu bytes: status %d, %s:%ld: %s", c->format,
                 fl.good, len, rc, diag.file, diag.line, diag.message);
    cr_expect_str_eq(diag.file, "failing.input", "%s", c->format);
    cr_expect(strstr(diag.message, "cannot read: Input/output error"), "%s after %zu bytes: %s",
              c->format, fl.good, diag.message);
}

Test(read_errors, every_parser_stops_part_way)
{
    size_t n = sizeof cases / sizeof *cases;
    size_t parsers = 0;
    while (parser_table[parsers])
        parsers++;
    cr_assert_eq(n, parsers, "a case for every parser of the registry");
    for (size_t i = 0; i < n; i++)
        expect_read_error(&cases[i], -1);
}

Test(read_errors, every_parser_stops_at_the_first_read)
{
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        expect_read_error(&cases[i], 0);
}

/* The line reader says the line it could not read, and keeps saying it. */
Test(read_errors, line_reader_names_the_line)
{
    static const char text[] = "one\ntwo\nthr";
    struct failing fl = {text, sizeof text - 1, 0};
    cookie_io_functions_t io = {failing_read, NULL, NULL, failing_close};
    FILE *f = fopencookie(&fl, "r", io);
    struct lines r;
    const char *line;
    size_t len;
    lines_init(&r, f, 0);
    cr_assert_eq(lines_next(&r, &line, &len), LINES_OK);
    cr_assert_eq(lines_next(&r, &line, &len), LINES_OK);
    cr_assert_eq(lines_next(&r, &line, &len), LINES_IO, "a part of a line is not a line");
    cr_assert_eq(lines_next(&r, &line, &len), LINES_IO);
    struct sl_diag diag = {0};
    cr_assert_eq(lines_read_error(&r, "x.log", &diag), SL_ERR_IO);
    cr_assert_eq(diag.line, 3);
    cr_assert_str_eq(diag.message, "cannot read: Input/output error");
    lines_release(&r);
    fclose(f);
}
