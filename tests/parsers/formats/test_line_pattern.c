/* test_line_pattern.c — user patterns (parsers/formats/line_pattern.c) at
 * their edges: a pattern with more capture groups than struct regex_match
 * holds still reads every named group from its own match data. The config
 * and the log are written by each test. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/strbuf.h"
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

TestSuite(line_pattern, .init = setup, .fini = teardown);

static const struct parse_options ops = {.entity = "team:ops"};

/* Writes a probe config whose pattern opens with `unnamed` groups `(x)`
 * before the named ones, and a log line that matches it. */
static void
write_wide_pattern(int unnamed, char config[512], char log[512])
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "record: probe\npattern: '^");
    for (int i = 0; i < unnamed; i++)
        strbuf_addstr(&sb, "(x)");
    strbuf_addstr(&sb, " (?<time>\\d+) (?<service>[a-z]+) (?<status>[a-z]+)$'\n");
    fixture_write(&fx, "wide.yaml", sb.buf, sb.len, config);
    strbuf_reset(&sb);
    for (int i = 0; i < unnamed; i++)
        strbuf_addch(&sb, 'x');
    strbuf_addstr(&sb, " 1775300400 api down\n");
    fixture_write(&fx, "wide.log", sb.buf, sb.len, log);
    strbuf_release(&sb);
}

static void
expect_wide_pattern_read(int unnamed)
{
    char config[512], log[512];
    write_wide_pattern(unnamed, config, log);
    struct parse_run run;
    struct parse_extra extra = {.config = config};
    cr_assert_eq(parse_file_extra(&fx, &parser_line_pattern, log, &ops, &extra, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 1, 1, 0, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE service = 'api' AND "
                                    "status = 'down' AND start = 1775300400"),
                 1, "%d groups before the named ones: the named groups read wrong", unnamed);
}

/* The named groups are 41 to 43: past the 32 slots of struct regex_match,
 * where their spans used to be read from the wrong slots. */
Test(line_pattern, groups_past_the_match_struct)
{
    expect_wide_pattern_read(40);
}

/* Groups 70 to 72 used to be read past the end of the match struct. */
Test(line_pattern, seventy_groups)
{
    expect_wide_pattern_read(69);
}
