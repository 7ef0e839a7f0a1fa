/* test_line_pattern.c — user patterns (parsers/formats/line_pattern.c) at
 * their edges: a pattern with more capture groups than struct regex_match
 * holds still reads every named group from its own match data; a line on
 * which the pattern backtracks at every start position spends the line's
 * budget and is rejected with the reason (it took 25 s at 400,000
 * characters), a line over 64 KiB is not matched, and a file whose lines
 * spend the budget 100 times stops. The tests assert on the reasons, not on
 * the clock. The config and the log are written by each test. */
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

/* Backtracks over the rest of the line at every start position: work that
 * grows with the square of a line of letters. It has no literal a line
 * must hold (PCRE2 would look for that first and give up at once). */
static const char redos_config[] = "record: probe\n"
                                   "pattern: '(?<status>[a-z]+)[a-z]+[0-9]\\s(?<time>\\d+)'\n";

static const struct parse_options probe_ops = {.entity = "team:ops", .service = "api"};

static void
write_redos(const char *name, int long_lines, size_t letters, char path[512])
{
    struct strbuf sb = STRBUF_INIT;
    strbuf_addstr(&sb, "upx1 1775300400\n");
    for (int i = 0; i < long_lines; i++) {
        for (size_t k = 0; k < letters; k++)
            strbuf_addch(&sb, 'a');
        strbuf_addch(&sb, '\n');
    }
    strbuf_addstr(&sb, "downx1 1775300460\n");
    fixture_write(&fx, name, sb.buf, sb.len, path);
    strbuf_release(&sb);
}

Test(line_pattern, backtracking_line_spends_its_budget)
{
    char config[512], log[512];
    fixture_write(&fx, "redos.yaml", redos_config, sizeof redos_config - 1, config);
    write_redos("redos.log", 1, 60000, log);
    struct parse_run run;
    struct parse_extra extra = {.config = config};
    cr_assert_eq(parse_file_extra(&fx, &parser_line_pattern, log, &probe_ops, &extra, &run), SL_OK,
                 "%s", run.diag.message);
    expect_counts(&run, 3, 2, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 2);
    cr_assert(strstr(run.ing.shown[0].reason,
                     "pattern ran out of its match budget on this line (166 steps at each of "
                     "60001 start positions)"),
              "%s", run.ing.shown[0].reason);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE status = 'down'"), 1,
                 "the line after it is read");
}

Test(line_pattern, line_over_64_kib_not_matched)
{
    char config[512], log[512];
    fixture_write(&fx, "redos.yaml", redos_config, sizeof redos_config - 1, config);
    write_redos("long.log", 1, 400000, log);
    struct parse_run run;
    struct parse_extra extra = {.config = config};
    cr_assert_eq(parse_file_extra(&fx, &parser_line_pattern, log, &probe_ops, &extra, &run), SL_OK,
                 "%s", run.diag.message);
    expect_counts(&run, 3, 2, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 2);
    cr_assert_str_eq(run.ing.shown[0].reason,
                     "line longer than 64 KiB, the longest a pattern is matched against");
}

Test(line_pattern, file_stops_after_100_spent_lines)
{
    char config[512], log[512];
    fixture_write(&fx, "redos.yaml", redos_config, sizeof redos_config - 1, config);
    write_redos("many.log", 120, 20000, log);
    struct parse_run run;
    struct parse_extra extra = {.config = config};
    cr_assert_eq(parse_file_extra(&fx, &parser_line_pattern, log, &probe_ops, &extra, &run),
                 SL_ERR_LIMIT);
    cr_assert_eq(run.diag.line, 101, "the 100th spent line is line 101");
    cr_assert(strstr(run.diag.message, "the pattern ran out of its match budget on 100 lines"),
              "%s", run.diag.message);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 0, "nothing recorded");

    write_redos("few.log", 99, 20000, log);
    cr_assert_eq(parse_file_extra(&fx, &parser_line_pattern, log, &probe_ops, &extra, &run), SL_OK,
                 "%s", run.diag.message);
    expect_counts(&run, 101, 2, 99, 0);
}
