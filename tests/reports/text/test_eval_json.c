/* test_eval_json.c — one neutral row as JSON (reports/text/eval_json.c): each
 * statistic under its own name, the coverage fields beside the
 * availability, null below the minimum coverage. */
#include <criterion/criterion.h>

#include <string.h>

#include "engine/measure/availability.h"
#include "reports/text/eval_json.h"

static struct eval_row row;
static struct eval_result result;

static void
setup(void)
{
    memset(&result, 0, sizeof result);
    memset(&row, 0, sizeof row);
    availability_default_params(&result.params.avail);
    row.entity = "provider:acme";
    row.service = "gpu";
    row.window = window_month(2026, 10, NULL);
    row.avail = (struct avail_result){.window_seconds = 1000,
                                      .eligible_seconds = 900,
                                      .unknown_seconds = 100,
                                      .downtime_seconds = 9,
                                      .availability = 0.99,
                                      .known = true};
    row.coverage = AVAIL_COVERAGE_PARTIAL;
    row.target_percent = 99.9;
    /* Four TTAs, every statistic a different number. */
    row.incidents.measure[MEASURE_TTA] = (struct duration_stats){
        .n = 4, .mean = 282, .median = 270, .p90 = 425.5, .max = 474, .median_ci = {114, 474}};
    result.rows = &row;
    result.nrows = 1;
}

TestSuite(eval_json, .init = setup);

Test(eval_json, each_statistic_under_its_name)
{
    struct strbuf sb = STRBUF_INIT;
    cr_assert_eq(eval_json_result(&result, 0, &sb), SL_OK);
    cr_assert(strstr(sb.buf, "\"tta\":{\"n\":4,\"mean\":282,\"median\":270,\"p90\":425.5,"
                             "\"max\":474,\"median_ci\":[114,474]"),
              "%s", sb.buf);
    strbuf_release(&sb);
}

Test(eval_json, coverage_beside_the_availability)
{
    struct strbuf sb = STRBUF_INIT;
    cr_assert_eq(eval_json_result(&result, 0, &sb), SL_OK);
    cr_assert(strstr(sb.buf, "\"availability\":0.99,"), "%s", sb.buf);
    cr_assert(strstr(sb.buf, "\"availability_measured\":0.99,\"monitoring_coverage\":0.9,"
                             "\"coverage_flag\":\"partial\""),
              "%s", sb.buf);
    strbuf_release(&sb);
    row.coverage = AVAIL_COVERAGE_INSUFFICIENT;
    cr_assert_eq(eval_json_result(&result, 0, &sb), SL_OK);
    cr_assert(strstr(sb.buf, "\"availability\":null,"), "%s", sb.buf);
    cr_assert(strstr(sb.buf, "\"availability_measured\":0.99,"), "%s", sb.buf);
    cr_assert(strstr(sb.buf, "\"coverage_flag\":\"insufficient\""), "%s", sb.buf);
    strbuf_release(&sb);
}
