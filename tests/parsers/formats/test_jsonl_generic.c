/* test_jsonl_generic.c — generic JSON Lines (parsers/jsonl_generic.c) and
 * user-defined line patterns (parsers/line_pattern.c): the usual names,
 * a --map of nested paths, probes, rejects with their lines, a later export
 * updating, syslog stamps with --year, and a line on which a backtracking
 * pattern spends its budget rejected. */
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
        parse_file_extra(&fx, &parser_line_pattern, DIR "backtrack.log", &ops, &extra, &run), SL_OK,
        "%s", run.diag.message);
    expect_counts(&run, 1, 0, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 1);
    cr_assert(strstr(run.ing.shown[0].reason, "pattern ran out of its match budget on this line "
                                              "(1000000 steps from its one start position)"),
              "%s", run.ing.shown[0].reason);
}

Test(jsonl_generic, line_pattern_needs_config)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_line_pattern, DIR "checks.log", &ops, &run), SL_ERR_USAGE);
}

static void
expect_same_text(const char *a, const char *b, const char *what, size_t i)
{
    cr_assert((!a && !b) || (a && b && !strcmp(a, b)), "incident %zu: %s '%s' against '%s'", i,
              what, a ? a : "(null)", b ? b : "(null)");
}

/* Flat lines are read in place; a mapping with a dotted path sends every
 * line through the jansson tree instead. Both must store the same. */
Test(jsonl_generic, flat_lines_as_the_tree_reads_them)
{
    char title[1500], text[4096], path[512];
    memset(title, 't', sizeof title - 1);
    title[sizeof title - 1] = '\0';
    snprintf(
        text, sizeof text,
        "{\"id\":\"A1\",\"severity\":null,\"priority\":\"P1\",\"title\":\"\",\"name\":\"n\","
        "\"started_at\":\"2026-04-01T10:00:00Z\",\"status\":\"resolved\"}\n"
        "{\"id\":7,\"title\":\"caf\xc3\xa9\",\"started\":1775300400,\"end\":1775304000}\n"
        "{\"id\":\"A3\",\"title\":\"%s\",\"started_at\":\"2026-04-01T10:00:00Z\"}\n"
        "{\"id\":\"A4\",\"title\":\"esc\\u00e9\",\"started_at\":\"2026-04-01T10:00:00Z\"}\n"
        "{\"id\":\"A5\",\"id\":\"A6\",\"started_at\":\"2026-04-01T10:00:00Z\"}\n"
        "not json\n"
        "  {  \"key\" : \"A7\" , \"sev\" : \"sev2\", \"start\":\"2026-04-02T10:00:00Z\" }  \n"
        "{\"id\":\"A1\",\"severity\":\"sev4\",\"started_at\":\"2026-04-01T10:00:00Z\"}\n"
        "{\"id\":\"A8\",\"started_at\":\"yesterday\"}\n"
        "{\"time\":\"2026-04-01T10:00:00Z\",\"service\":\"api\",\"status\":\"up\"}\n"
        "{\"time\":\"2026-04-01T10:01:00Z\",\"monitor\":\"api\",\"up\":false}\n"
        "{\"time\":\"2026-04-01T10:02:00Z\",\"service\":\"api\",\"status\":null,\"ok\":true}\n",
        title);
    const char *file = fixture_write(&fx, "mixed.jsonl", text, strlen(text), path);
    struct fixture tree;
    fixture_open(&tree);
    struct parse_run quick_run, tree_run;
    struct parse_extra through_tree = {.map = "entity=no.such"};
    cr_assert_eq(parse_file(&fx, &parser_jsonl_generic, file, &ops, &quick_run), SL_OK);
    cr_assert_eq(
        parse_file_extra(&tree, &parser_jsonl_generic, file, &ops, &through_tree, &tree_run),
        SL_OK);
    expect_counts(&quick_run, 12, 8, 3, 1);
    expect_counts(&tree_run, 12, 8, 3, 1);

    struct fx_incidents a, b;
    fixture_incidents(&fx, NULL, FX_ALL_FROM, FX_ALL_TO, &a);
    fixture_incidents(&tree, NULL, FX_ALL_FROM, FX_ALL_TO, &b);
    cr_assert_eq(a.n, 5);
    cr_assert_eq(a.n, b.n);
    for (size_t i = 0; i < a.n; i++) {
        const struct incident *x = &a.v[i], *y = &b.v[i];
        expect_same_text(x->key, y->key, "key", i);
        expect_same_text(x->entity, y->entity, "entity", i);
        expect_same_text(x->service, y->service, "service", i);
        expect_same_text(x->title, y->title, "title", i);
        expect_same_text(x->severity, y->severity, "severity", i);
        expect_same_text(x->severity_label, y->severity_label, "severity label", i);
        expect_same_text(x->state, y->state, "state", i);
        cr_assert(x->started == y->started && x->detected == y->detected &&
                      x->resolved == y->resolved && x->line == y->line,
                  "incident %zu: times or line", i);
    }
    fixture_incidents_free(&a);
    fixture_incidents_free(&b);
    cr_assert_eq(fixture_count(&fx, "SELECT length(title) FROM incidents WHERE key = 'A3'"), 1023);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key = 'A1' AND "
                                    "severity = 'sev4' AND title IS NULL"),
                 1);
    for (int n = 0; n < 3; n++) {
        long la, lb;
        char ra[256], rb[256], wa[256], wb[256];
        cr_assert(fixture_reject(&fx, n, &la, ra, wa));
        cr_assert(fixture_reject(&tree, n, &lb, rb, wb));
        cr_assert(la == lb && !strcmp(ra, rb) && !strcmp(wa, wb), "reject %d: %ld %s / %ld %s", n,
                  la, ra, lb, rb);
    }
    cr_assert_eq(
        fixture_count(&fx,
                      "SELECT count(*) FROM intervals WHERE service = 'api' AND status = 'down'"),
        fixture_count(&tree,
                      "SELECT count(*) FROM intervals WHERE service = 'api' AND status = 'down'"));
    fixture_close(&tree);
}
