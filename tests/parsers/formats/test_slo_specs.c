/* test_slo_specs.c — Sloth's prometheus/v1 specification (parsers/sloth.c)
 * and Pyrra's ServiceLevelObjective resources (parsers/pyrra.c) as kind
 * "slo" commitments of --entity: each detected; each SLO an objective in
 * percent over its window (Sloth's rolling 30 days, said so in the stored
 * "slo" object; Pyrra's 4w and 1y as rolling 28 and 365 days); an SLO
 * without an objective, or with a window of hours, rejected with its line;
 * --entity required; a file of another kind refused, not recorded.
 * Fixtures: tests/data/formats/sloth.yml, pyrra.yaml. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/sla/sla_json.h"
#include "engine/sla/sla_terms.h"
#include "engine/store/store.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define SLOTH "data/formats/sloth.yml"
#define PYRRA "data/formats/pyrra.yaml"

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

TestSuite(slo_specs, .init = setup, .fini = teardown);

struct seen {
    int n;
    char service[4][64], document[4][96], terms[4][2048];
};

static int
collect(void *ctx, const struct commitment *c)
{
    struct seen *s = ctx;
    if (s->n < 4) {
        snprintf(s->service[s->n], 64, "%s", c->service ? c->service : "(entity)");
        snprintf(s->document[s->n], 96, "%s", c->document ? c->document : "");
        snprintf(s->terms[s->n], 2048, "%s", c->terms);
    }
    s->n++;
    return 0;
}

static const struct parser *
detect(const char *path)
{
    char head[PARSER_SNIFF_BYTES];
    FILE *f = fopen(path, "rb");
    cr_assert(f, "%s", path);
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    return parser_detect(head, n);
}

/* The one target of stored terms, read back. */
static void
target_of(const char *terms, struct sla_uptime_target *out)
{
    struct sla_terms t;
    struct sl_diag diag = {0};
    sla_terms_init(&t);
    cr_assert_eq(sla_json_read(terms, strlen(terms), "slo", &t, &diag), SL_OK, "%s", diag.message);
    cr_assert_eq(t.ntargets, 1);
    *out = t.targets[0];
    out->scope = NULL;
    sla_terms_release(&t);
}

Test(slo_specs, detected)
{
    cr_assert_eq(detect(SLOTH), &parser_sloth);
    cr_assert_eq(detect(PYRRA), &parser_pyrra);
}

Test(slo_specs, sloth_objectives_over_a_rolling_30_days)
{
    struct parse_run run;
    struct parse_options opt = {"team:ml-platform", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_sloth, SLOTH, &opt, &run), SL_OK, "%s", run.diag.message);
    expect_counts(&run, 3, 2, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 24);
    cr_assert_str_eq(run.ing.shown[0].reason,
                     "objective of 'no-objective': a percentage in (0, 100) needed, got ''");
    struct seen seen = {0};
    struct sl_diag diag = {0};
    cr_assert_eq(store_each_commitment(fx.st, "team:ml-platform", "slo", collect, &seen, &diag),
                 SL_OK);
    cr_assert_eq(seen.n, 2, "two SLOs of one service, both kept");
    cr_assert_str_eq(seen.service[0], "inference-gateway");
    cr_assert_str_eq(seen.document[0], "inference-gateway-requests-availability");
    struct sla_uptime_target u;
    target_of(seen.terms[0], &u);
    cr_assert_float_eq(u.percent, 99.9, 1e-9, "objective 99.9 is a percentage already");
    cr_assert_eq(u.window, SLA_WINDOW_ROLLING);
    cr_assert_eq(u.days, 30);
    cr_assert_eq(u.line, 8);
    cr_assert(strstr(seen.terms[0], "\"window_note\":\"the spec names no window"), "%s",
              seen.terms[0]);
    cr_assert(strstr(seen.terms[0], "\"format\":\"sloth\""), "%s", seen.terms[0]);
    target_of(seen.terms[1], &u);
    cr_assert_float_eq(u.percent, 99, 1e-9);
}

Test(slo_specs, sloth_kubernetes_form)
{
    char path[512];
    static const char text[] = "apiVersion: sloth.slok.dev/v1\n"
                               "kind: PrometheusServiceLevel\n"
                               "metadata:\n  name: queue\n"
                               "spec:\n  service: queue\n  slos:\n"
                               "    - name: availability\n      objective: 99.5\n";
    fixture_write(&fx, "k8s.yaml", text, sizeof text - 1, path);
    cr_assert_eq(detect(path), &parser_sloth);
    struct parse_run run;
    struct parse_options opt = {"team:queues", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_sloth, path, &opt, &run), SL_OK, "%s", run.diag.message);
    expect_counts(&run, 1, 1, 0, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM commitments WHERE document = "
                                    "'queue-availability' AND service = 'queue'"),
                 1);
}

Test(slo_specs, pyrra_targets_over_rolling_windows)
{
    struct parse_run run;
    struct parse_options opt = {"team:hpc", "scheduler", NULL};
    cr_assert_eq(parse_file(&fx, &parser_pyrra, PYRRA, &opt, &run), SL_OK, "%s", run.diag.message);
    expect_counts(&run, 3, 2, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 32);
    cr_assert_str_eq(run.ing.shown[0].reason,
                     "time window '6h' is shorter than a day: windows are whole days, in "
                     "'scheduler-hourly'");
    struct seen seen = {0};
    struct sl_diag diag = {0};
    cr_assert_eq(store_each_commitment(fx.st, "team:hpc", "slo", collect, &seen, &diag), SL_OK);
    cr_assert_eq(seen.n, 2);
    cr_assert_str_eq(seen.service[0], "scheduler", "--service, as the resource names none");
    cr_assert_str_eq(seen.document[0], "scheduler-errors");
    struct sla_uptime_target u;
    target_of(seen.terms[0], &u);
    cr_assert_float_eq(u.percent, 99.5, 1e-9, "target \"99.5\" is a percentage");
    cr_assert_eq(u.window, SLA_WINDOW_ROLLING);
    cr_assert_eq(u.days, 28);
    cr_assert(strstr(seen.terms[0], "\"duration\":\"4w\""), "%s", seen.terms[0]);
    target_of(seen.terms[1], &u);
    cr_assert_float_eq(u.percent, 95, 1e-9);
    cr_assert_eq(u.window, SLA_WINDOW_ROLLING);
    cr_assert_eq(u.days, 365, "a Prometheus year is 365 days");
}

Test(slo_specs, pyrra_without_a_service_is_the_entity_as_a_whole)
{
    struct parse_run run;
    struct parse_options opt = {"team:hpc", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_pyrra, PYRRA, &opt, &run), SL_OK, "%s", run.diag.message);
    expect_counts(&run, 3, 2, 1, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM commitments WHERE service IS NULL"), 2,
                 "two objectives of the entity, neither replacing the other");
}

Test(slo_specs, need_entity)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_pyrra, PYRRA, NULL, &run), SL_OK);
    expect_counts(&run, 3, 0, 3, 0);
    cr_assert_str_eq(run.ing.shown[0].reason,
                     "no entity: give --entity team:NAME for SLO 'scheduler-errors'");
    cr_assert_eq(parse_file(&fx, &parser_sloth, SLOTH, NULL, &run), SL_OK);
    expect_counts(&run, 3, 0, 3, 0);
}

Test(slo_specs, refuse_other_files)
{
    static const char text[] = "apiVersion: v1\nkind: ConfigMap\ndata:\n  a: b\n";
    char path[512];
    fixture_write(&fx, "cm.yaml", text, sizeof text - 1, path);
    struct parse_run run;
    struct parse_options opt = {"team:hpc", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_pyrra, path, &opt, &run), SL_ERR_INPUT);
    cr_assert(strstr(run.diag.message, "not a Pyrra document"), "%s", run.diag.message);
    cr_assert_eq(parse_file(&fx, &parser_sloth, path, &opt, &run), SL_ERR_INPUT);
    cr_assert(strstr(run.diag.message, "not a Sloth SLO specification"), "%s", run.diag.message);
    cr_assert_eq(parse_file(&fx, &parser_sloth, PYRRA, &opt, &run), SL_ERR_INPUT);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 0, "nothing recorded");
}
