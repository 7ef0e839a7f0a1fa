/* test_deep_nesting.c — documents nested past the limits of docs/limits.md,
 * through the parsers that read them: YAML (OpenSLO, Upptime history, a
 * line-pattern config) deeper than 256 levels is refused before libyaml
 * parses it, with the line where the limit is crossed; a JSON document
 * deeper than 64 levels is refused whole, streamed (Statuspage) or read
 * whole (an entity profile), while a JSON Lines line is a rejected record. `x: ` then 100,000
 * '[' took libyaml 26 s; refused, it takes no time, but the tests assert on
 * the message, not on the clock. The inputs are written by the tests. */
#include <criterion/criterion.h>
#include <string.h>

#include "engine/base/strbuf.h"
#include "engine/base/yamlnest.h"
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

TestSuite(deep_nesting, .init = setup, .fini = teardown);

static const struct parse_options ops = {.entity = "team:ops"};

/* Writes before, then `levels` of open, as many of close, then after. */
static const char *
write_deep(const char *name, const char *before, int levels, char open, char close,
           const char *after, char path[512])
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, before);
    for (int i = 0; i < levels; i++)
        strbuf_addch(&sb, open);
    for (int i = 0; i < levels; i++)
        strbuf_addch(&sb, close);
    strbuf_addstr(&sb, after);
    fixture_write(&fx, name, sb.buf, sb.len, path);
    strbuf_release(&sb);
    return path;
}

static void
expect_refused(const struct parse_run *run, enum sl_status rc, long line, const char *message)
{
    cr_assert_eq(rc, SL_ERR_INPUT, "status %d: %s", rc, run->diag.message);
    cr_assert_eq(run->diag.line, line, "line %ld, expected %ld: %s", run->diag.line, line,
                 run->diag.message);
    cr_assert(strstr(run->diag.message, message), "%s", run->diag.message);
    char sql[600];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM sources WHERE path = '%s'", run->ing.path);
    cr_assert_eq(fixture_count(&fx, sql), 0, "nothing recorded");
}

#define YAML_TOO_DEEP "YAML nested deeper than 256 levels"

Test(deep_nesting, openslo_flow)
{
    char path[512];
    write_deep("deep.yaml", "apiVersion: openslo/v1\nkind: SLO\nx: ", 100000, '[', ']', "\n", path);
    struct parse_run run;
    enum sl_status rc = parse_file(&fx, &parser_openslo, path, &ops, &run);
    expect_refused(&run, rc, 3, YAML_TOO_DEEP);
}

Test(deep_nesting, openslo_block)
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "apiVersion: openslo/v1\nkind: SLO\nspec:\n");
    for (int i = 1; i <= 300; i++) {
        for (int k = 0; k < i; k++)
            strbuf_addch(&sb, ' ');
        strbuf_addstr(&sb, "k:\n");
    }
    char path[512];
    fixture_write(&fx, "block.yaml", sb.buf, sb.len, path);
    strbuf_release(&sb);
    struct parse_run run;
    enum sl_status rc = parse_file(&fx, &parser_openslo, path, &ops, &run);
    /* spec: is level 1 on line 3; the 255th key under it, on line 258, is 256 */
    expect_refused(&run, rc, 259, YAML_TOO_DEEP);
}

Test(deep_nesting, openslo_at_the_limit_is_read)
{
    char path[512];
    /* 255 levels under the top mapping: 256 in all, read (and not an SLO) */
    write_deep("limit.yaml", "apiVersion: openslo/v1\nkind: Service\nx: ", YAMLNEST_MAX_DEPTH - 1,
               '{', '}', "\n", path);
    struct parse_run run;
    enum sl_status rc = parse_file(&fx, &parser_openslo, path, &ops, &run);
    cr_assert(!strstr(run.diag.message, "nested deeper"), "%d: %s", rc, run.diag.message);
}

Test(deep_nesting, upptime_history)
{
    char path[512];
    write_deep("api.yml", "url: https://x\nstatus: ", 100000, '{', '}', "\n", path);
    struct parse_run run;
    enum sl_status rc = parse_file(&fx, &parser_upptime_history, path, &ops, &run);
    expect_refused(&run, rc, 2, YAML_TOO_DEEP);
}

Test(deep_nesting, line_pattern_config)
{
    char config[512], log[512];
    write_deep("deep-config.yaml", "record: probe\nfields: ", 100000, '[', ']', "\n", config);
    fixture_write(&fx, "checks.log", "x\n", 2, log);
    struct parse_run run;
    struct parse_extra extra = {.config = config};
    enum sl_status rc = parse_file_extra(&fx, &parser_line_pattern, log, &ops, &extra, &run);
    /* a config is part of the command line: a bad one is a usage error */
    cr_assert_eq(rc, SL_ERR_USAGE, "%d: %s", rc, run.diag.message);
    cr_assert_eq(run.diag.line, 2);
    cr_assert(strstr(run.diag.message, YAML_TOO_DEEP), "%s", run.diag.message);
}

#define JSON_TOO_DEEP "JSON nested deeper than 64 levels"

/* The document's object is level 1, "incidents" level 2: 62 more are 64. */
Test(deep_nesting, statuspage_json_streamed)
{
    char path[512];
    write_deep("deep.json", "{\"page\": {\"name\": \"x\"},\n\"incidents\": [\n", 70000, '[', ']',
               "]}\n", path);
    struct parse_run run;
    enum sl_status rc = parse_file(&fx, &parser_statuspage_json, path, &ops, &run);
    expect_refused(&run, rc, 3, JSON_TOO_DEEP);

    write_deep("limit.json", "{\"page\": {\"name\": \"x\"}, \"incidents\": [", 62, '[', ']', "]}\n",
               path);
    rc = parse_file(&fx, &parser_statuspage_json, path, &ops, &run);
    cr_assert_eq(rc, SL_OK, "64 levels are read: %s", run.diag.message);
    expect_counts(&run, 1, 0, 1, 0); /* an array is not an incident */

    write_deep("over.json", "{\"page\": {\"name\": \"x\"}, \"incidents\": [", 63, '[', ']', "]}\n",
               path);
    rc = parse_file(&fx, &parser_statuspage_json, path, &ops, &run);
    expect_refused(&run, rc, 1, JSON_TOO_DEEP);
}

Test(deep_nesting, top_level_array_streamed)
{
    char path[512];
    write_deep("deep.json", "[\n{\"x\": ", 100, '{', '}', "}]\n", path);
    struct parse_run run;
    enum sl_status rc = parse_file(&fx, &parser_uptime_kuma, path, &ops, &run);
    expect_refused(&run, rc, 2, JSON_TOO_DEEP);
}

Test(deep_nesting, profile_read_whole)
{
    char path[512];
    write_deep("profile.json", "{\"entity\": \"team:ops\", \"regimes\": [],\n\"x\": ", 20000, '[',
               ']', "}\n", path);
    struct parse_run run;
    enum sl_status rc = parse_file(&fx, &parser_profile_json, path, &ops, &run);
    expect_refused(&run, rc, 2, JSON_TOO_DEEP);
}

Test(deep_nesting, json_lines_line_rejected)
{
    char path[512];
    write_deep("deep.jsonl",
               "{\"id\": \"A\", \"started_at\": \"2026-04-01T10:00:00Z\"}\n"
               "{\"id\": \"B\", \"started_at\": \"2026-04-01T10:00:00Z\", \"x\": ",
               20000, '[', ']', "}\n{\"id\": \"C\", \"started_at\": \"2026-04-01T10:00:00Z\"}\n",
               path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_jsonl_generic, path, &ops, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 3, 2, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 2);
    cr_assert_str_eq(run.ing.shown[0].reason, JSON_TOO_DEEP);
}
