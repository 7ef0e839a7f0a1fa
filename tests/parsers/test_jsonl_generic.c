/* test_jsonl_generic.c — generic JSON Lines (parsers/jsonl_generic.c) and
 * user-defined line patterns (parsers/line_pattern.c): the usual names,
 * a --map of nested paths, probes, rejects with their lines, a later export
 * updating, syslog stamps with --year, and a backtracking pattern stopped at
 * PCRE2's match limit. */
#include <criterion/criterion.h>
#include <string.h>

#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define DIR "data/formats/"

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

TestSuite(jsonl_generic, .init = setup, .fini = teardown);

static const struct parse_options ops = {.entity = "team:ops"};

Test(jsonl_generic, usual_names)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_jsonl_generic, DIR "incidents.jsonl", &ops, &run), SL_OK,
                 "%s", run.diag.message);
    expect_counts(&run, 5, 2, 3, 0);
    cr_assert_eq(run.ing.shown[0].line, 2);
    cr_assert_eq(run.ing.shown[1].line, 3);
    cr_assert_eq(run.ing.shown[2].line, 4);
    cr_assert_eq(fixture_count(&fx, "SELECT acknowledged - detected FROM incidents WHERE key = "
                                    "'INC-1' AND severity = 'sev2' AND severity_label = 'SEV2'"),
                 120);
    /* epoch seconds as numbers */
    cr_assert_eq(fixture_count(&fx, "SELECT started FROM incidents WHERE key = 'INC-3'"),
                 INT64_C(1775300400));
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 2);
}

Test(jsonl_generic, map_nested_paths)
{
    struct parse_run run;
    struct parse_extra extra = {.map = "key=ref.number,title=what,severity=impact.level,"
                                       "started=timeline.began,detected=timeline.paged,"
                                       "resolved=timeline.fixed,service=area"};
    cr_assert_eq(parse_file_extra(&fx, &parser_jsonl_generic, DIR "custom-incidents.jsonl", &ops,
                                  &extra, &run),
                 SL_OK, "%s", run.diag.message);
    expect_counts(&run, 2, 2, 0, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key = '881' AND "
                                    "severity = 'sev1' AND service = 'gpu-pool' AND "
                                    "resolved - started = 7200 AND detected - started = 180"),
                 1);
}

Test(jsonl_generic, bad_map)
{
    struct parse_run run;
    struct parse_extra extra = {.map = "when=ts"};
    cr_assert_eq(
        parse_file_extra(&fx, &parser_jsonl_generic, DIR "probes.jsonl", &ops, &extra, &run),
        SL_ERR_USAGE);
    cr_assert(strstr(run.diag.message, "'when=ts'"));
}

Test(jsonl_generic, probes)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_jsonl_generic, DIR "probes.jsonl", &ops, &run), SL_OK);
    expect_counts(&run, 4, 3, 1, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE service = 'api' AND "
                                    "status = 'down' AND end - start = 60"),
                 1);
}

Test(jsonl_generic, detected)
{
    FILE *f = fopen(DIR "incidents.jsonl", "rb");
    char head[4096];
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    cr_assert_str_eq(parser_detect(head, n)->name, "jsonl");
}

Test(jsonl_generic, line_pattern_probes)
{
    struct parse_run run;
    struct parse_extra extra = {.config = DIR "checks-pattern.yaml"};
    cr_assert_eq(parse_file_extra(&fx, &parser_line_pattern, DIR "checks.log", &ops, &extra, &run),
                 SL_OK, "%s", run.diag.message);
    expect_counts(&run, 4, 3, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 3);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status = 'down'"), 1);
}

Test(jsonl_generic, line_pattern_syslog_year)
{
    struct parse_run run;
    struct parse_extra extra = {.config = DIR "syslog-pattern.yaml", .year = 2026};
    cr_assert_eq(
        parse_file_extra(&fx, &parser_line_pattern, DIR "pager-syslog.log", &ops, &extra, &run),
        SL_OK, "%s", run.diag.message);
    expect_counts(&run, 2, 2, 0, 0);
    /* Dec 31 is 2026, the Jan 1 after it 2027 */
    cr_assert_eq(fixture_count(&fx, "SELECT started FROM incidents WHERE key = 'INC101'"),
                 INT64_C(1798761900));
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key = 'INC100' AND "
                                    "severity = 'sev1'"),
                 1);
}

Test(jsonl_generic, line_pattern_match_limit)
{
    struct parse_run run;
    struct parse_extra extra = {.config = DIR "backtrack.yaml"};
    cr_assert_eq(
        parse_file_extra(&fx, &parser_line_pattern, DIR "backtrack.log", &ops, &extra, &run),
        SL_ERR_LIMIT);
    cr_assert_eq(run.diag.line, 1);
    cr_assert(strstr(run.diag.message, "pattern stopped at the PCRE2 match limit"), "%s",
              run.diag.message);
}

Test(jsonl_generic, line_pattern_needs_config)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_line_pattern, DIR "checks.log", &ops, &run), SL_ERR_USAGE);
}
