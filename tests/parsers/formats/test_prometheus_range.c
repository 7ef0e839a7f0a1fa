/* test_prometheus_range.c — Prometheus query_range matrices
 * (parsers/prometheus_range.c): series to services, 1/0 to probe results and
 * intervals, a value that is neither rejected, and detection. */
#include <criterion/criterion.h>
#include <string.h>

#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define FILE_UP "data/formats/prometheus-up.json"

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

TestSuite(prometheus_range, .init = setup, .fini = teardown);

Test(prometheus_range, series_to_intervals)
{
    struct parse_run run;
    struct parse_options opt = {.entity = "team:ops"};
    cr_assert_eq(parse_file(&fx, &parser_prometheus_range, FILE_UP, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 8, 7, 1, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT end - start FROM intervals WHERE service = "
                                    "'api-1:9100' AND status = 'down'"),
                 120);
    /* no instance label: the job names the service */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE service = 'blackbox'"),
                 1);
}

Test(prometheus_range, needs_entity)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_prometheus_range, FILE_UP, NULL, &run), SL_ERR_INPUT);
    cr_assert(strstr(run.diag.message, "--entity"));
}

Test(prometheus_range, detected)
{
    FILE *f = fopen(FILE_UP, "rb");
    char head[4096];
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    cr_assert_str_eq(parser_detect(head, n)->name, "prometheus-range");
}
