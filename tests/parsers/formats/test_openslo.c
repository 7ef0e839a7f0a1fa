/* test_openslo.c — OpenSLO v1 SLO documents (parsers/openslo.c): one
 * commitment of kind "slo" per SLO of a multi-document file, for --entity;
 * target and targetPercent; a 1M calendar window as a month, 28d and 7d
 * rolling windows as rolling days, a calendar 2w window as days from its
 * start date; a 12-hour window rejected; Service documents skipped; the same file's SLOs
 * read again replace, not duplicate; a file that is not OpenSLO refused, not
 * recorded. Fixture: tests/data/formats/openslo.yaml. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/sla/sla_json.h"
#include "engine/sla/sla_terms.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define SLO "data/formats/openslo.yaml"

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

TestSuite(openslo, .init = setup, .fini = teardown);

struct seen {
    int n;
    char service[4][64], terms[4][2048], kind[4][8];
};

static int
collect(void *ctx, const struct commitment *c)
{
    struct seen *s = ctx;
    if (s->n < 4) {
        snprintf(s->service[s->n], 64, "%s", c->service ? c->service : "");
        snprintf(s->terms[s->n], 2048, "%s", c->terms);
        snprintf(s->kind[s->n], 8, "%s", c->kind);
    }
    s->n++;
    return 0;
}

Test(openslo, detected)
{
    char head[PARSER_SNIFF_BYTES];
    FILE *f = fopen(SLO, "rb");
    cr_assert(f);
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    cr_assert_eq(parser_detect(head, n), &parser_openslo);
}

Test(openslo, one_commitment_per_slo)
{
    struct parse_run run;
    struct parse_options opt = {"team:ml-serving", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_openslo, SLO, &opt, &run), SL_OK, "%s", run.diag.message);
    expect_counts(&run, 5, 4, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 55);
    cr_assert_str_eq(run.ing.shown[0].reason,
                     "time window '12h' is shorter than a day: windows are whole days, in "
                     "'hourly-latency'");
    struct seen seen = {0};
    struct sl_diag diag = {0};
    cr_assert_eq(store_each_commitment(fx.st, "team:ml-serving", "slo", collect, &seen, &diag),
                 SL_OK);
    cr_assert_eq(seen.n, 4);
    cr_assert_str_eq(seen.service[0], "inference-api");
    cr_assert_str_eq(seen.kind[0], "slo");
    struct sla_terms t;
    sla_terms_init(&t);
    cr_assert_eq(sla_json_read(seen.terms[0], strlen(seen.terms[0]), "slo", &t, &diag), SL_OK, "%s",
                 diag.message);
    cr_assert_eq(t.ntargets, 1);
    cr_assert_float_eq(t.targets[0].percent, 99.5, 1e-9, "target 0.995 is 99.5 %%");
    cr_assert_eq(t.targets[0].window, SLA_WINDOW_MONTH);
    cr_assert_str_eq(t.targets[0].scope, "Monthly availability");
    cr_assert_str_eq(t.document, "inference-api-availability");
    sla_terms_release(&t);
    cr_assert(strstr(seen.terms[0], "\"time_zone\":\"Europe/Berlin\""), "%s", seen.terms[0]);
    cr_assert(strstr(seen.terms[0], "\"budgeting_method\":\"Timeslices\""));
    /* the rolling 28 days: 28 days, not a month */
    cr_assert_str_eq(seen.service[2], "slurm");
    cr_assert(strstr(seen.terms[2], "\"window\":\"rolling\",\"days\":28,"), "%s", seen.terms[2]);
    cr_assert(strstr(seen.terms[2], "\"rolling\":true"), "%s", seen.terms[2]);
    cr_assert(strstr(seen.terms[2], "\"percent\":99.9"), "%s", seen.terms[2]);
    /* a rolling week, once refused */
    cr_assert_str_eq(seen.service[3], "storage");
    cr_assert(strstr(seen.terms[3], "\"window\":\"rolling\",\"days\":7,"), "%s", seen.terms[3]);
    /* two calendar weeks from the start's local date, read back */
    cr_assert_str_eq(seen.service[1], "scheduler");
    sla_terms_init(&t);
    cr_assert_eq(sla_json_read(seen.terms[1], strlen(seen.terms[1]), "slo", &t, &diag), SL_OK, "%s",
                 diag.message);
    cr_assert_eq(t.targets[0].window, SLA_WINDOW_DAYS);
    cr_assert_eq(t.targets[0].days, 14);
    cr_assert_eq(t.targets[0].start_day, sltime_days_from_civil(2026, 1, 5));
    sla_terms_release(&t);
    cr_assert(strstr(seen.terms[1], "\"start_date\":\"2026-01-05\""), "%s", seen.terms[1]);
    cr_assert(strstr(seen.terms[1], "\"rolling\":false"), "%s", seen.terms[1]);
}

Test(openslo, needs_entity)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_openslo, SLO, NULL, &run), SL_OK);
    expect_counts(&run, 5, 0, 5, 0);
    cr_assert_str_eq(run.ing.shown[0].reason,
                     "no entity: give --entity team:NAME for SLO 'inference-api-availability'");
}

Test(openslo, edited_slo_replaces)
{
    char path[512];
    static const char text[] =
        "apiVersion: openslo/v1\nkind: SLO\nmetadata:\n  name: scheduler-availability\n"
        "spec:\n  service: slurm\n  timeWindow:\n    - duration: 1Q\n"
        "  objectives:\n    - targetPercent: 99.5\n";
    fixture_write(&fx, "edited.yaml", text, sizeof text - 1, path);
    struct parse_run run;
    struct parse_options opt = {"team:ml-serving", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_openslo, SLO, &opt, &run), SL_OK);
    cr_assert_eq(parse_file(&fx, &parser_openslo, path, &opt, &run), SL_OK, "%s", run.diag.message);
    expect_counts(&run, 1, 0, 0, 1);
    struct seen seen = {0};
    struct sl_diag diag = {0};
    cr_assert_eq(store_each_commitment(fx.st, "team:ml-serving", "slo", collect, &seen, &diag),
                 SL_OK);
    cr_assert_eq(seen.n, 4, "slurm's SLO replaced, the others kept");
    cr_assert(strstr(seen.terms[2], "\"window\":\"quarter\""), "%s", seen.terms[2]);
}

/* Two objectives of one service (availability and latency) are two SLOs:
 * the second used to replace the first. */
Test(openslo, two_slos_of_one_service)
{
    char path[512];
    static const char text[] = "apiVersion: openslo/v1\nkind: SLO\nmetadata:\n  name: api-latency\n"
                               "spec:\n  service: slurm\n  timeWindow:\n    - duration: 2w\n"
                               "  objectives:\n    - target: 0.95\n";
    fixture_write(&fx, "latency.yaml", text, sizeof text - 1, path);
    struct parse_run run;
    struct parse_options opt = {"team:ml-serving", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_openslo, SLO, &opt, &run), SL_OK);
    cr_assert_eq(parse_file(&fx, &parser_openslo, path, &opt, &run), SL_OK, "%s", run.diag.message);
    expect_counts(&run, 1, 1, 0, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM commitments WHERE service = 'slurm'"), 2);
}

/* OpenSLO v1alpha as Sloth reads it: timeWindows[] of count and unit. */
Test(openslo, v1alpha_time_windows)
{
    char path[512];
    static const char text[] = "apiVersion: openslo/v1alpha\n"
                               "kind: SLO\n"
                               "metadata:\n"
                               "  name: queue-availability\n"
                               "spec:\n"
                               "  service: queue\n"
                               "  objectives:\n"
                               "    - target: 0.995\n"
                               "  timeWindows:\n"
                               "    - count: 30\n"
                               "      unit: Day\n"
                               "      isRolling: true\n";
    fixture_write(&fx, "alpha.yml", text, sizeof text - 1, path);
    char head[1024];
    memcpy(head, text, sizeof text - 1);
    cr_assert_eq(parser_detect(head, sizeof text - 1), &parser_openslo);
    struct parse_run run;
    struct parse_options opt = {"team:queues", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_openslo, path, &opt, &run), SL_OK, "%s", run.diag.message);
    expect_counts(&run, 1, 1, 0, 0);
    struct seen seen = {0};
    struct sl_diag diag = {0};
    cr_assert_eq(store_each_commitment(fx.st, "team:queues", "slo", collect, &seen, &diag), SL_OK);
    cr_assert_eq(seen.n, 1);
    cr_assert_str_eq(seen.service[0], "queue");
    cr_assert(strstr(seen.terms[0], "\"percent\":99.5"), "%s", seen.terms[0]);
    cr_assert(strstr(seen.terms[0], "\"window\":\"rolling\",\"days\":30,"), "%s", seen.terms[0]);
    cr_assert(strstr(seen.terms[0], "\"duration\":\"30d\""), "%s", seen.terms[0]);
}

/* Taken with --format, any file used to be "read 0" and recorded, so the
 * right format later found it "already ingested". */
Test(openslo, refuses_what_is_not_openslo)
{
    static const struct {
        const char *text;
        long line;
    } others[] = {
        {"2026-06-01T00:00:00Z check api OK 120ms\n2026-06-01T00:01:00Z check api OK 9ms\n", 1},
        {"apiVersion: v1\nkind: ConfigMap\ndata:\n  a: b\n", 1},
        {"apiVersion: openslo/v1\nkind: Service\nmetadata:\n  name: x\n---\nkind: SLO\n", 6},
        {"{\"incidents\": []}\n", 1},
        {"", 1},
        {"# only a comment\n", 1},
    };
    for (size_t i = 0; i < sizeof others / sizeof *others; i++) {
        char path[512], name[32];
        snprintf(name, sizeof name, "other-%zu.yaml", i);
        fixture_write(&fx, name, others[i].text, strlen(others[i].text), path);
        struct parse_run run;
        struct parse_options opt = {"team:ml-serving", NULL, NULL};
        cr_assert_eq(parse_file(&fx, &parser_openslo, path, &opt, &run), SL_ERR_INPUT, "'%s'",
                     others[i].text);
        cr_assert(strstr(run.diag.message, "not an OpenSLO document"), "%s", run.diag.message);
        cr_assert_eq(run.diag.line, others[i].line, "'%s': line %ld", others[i].text,
                     run.diag.line);
    }
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 0, "nothing recorded");
}
