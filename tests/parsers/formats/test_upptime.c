/* test_upptime.c — an Upptime repository: history/<slug>.yml
 * (parsers/upptime_history.c) and the status commit log
 * (parsers/upptime_commits.c), newest first, turned into intervals per site
 * slug; badges and .upptimerc.yml (parsers/upptime_meta.c) read and stored
 * as nothing, and anything else refused by that parser. */
#include <criterion/criterion.h>
#include <string.h>

#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define T10 INT64_C(1790848800) /* 2026-10-01T10:00:00Z */

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

TestSuite(upptime, .init = setup, .fini = teardown);

Test(upptime, commit_log_to_intervals)
{
    struct parse_run run;
    struct parse_options opt = {"team:web", NULL, NULL};
    cr_assert_eq(
        parse_file(&fx, &parser_upptime_commits, "data/formats/upptime-commits.tsv", &opt, &run),
        SL_OK, "%s", run.diag.message);
    /* the bad line is rejected; 3 changes give 2 intervals (the last change
     * is the newest commit, the end of the log's span: it covers nothing) */
    expect_counts(&run, 3, 2, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 5);
    struct fx_intervals iv;
    fixture_intervals(&fx, "team:web", "job-api", FX_ALL_FROM, FX_ALL_TO, &iv);
    cr_assert_eq(iv.n, 2);
    cr_assert_eq(iv.v[0].status, SVC_UP);
    cr_assert_eq(iv.v[0].end, T10 + 1800);
    cr_assert_eq(iv.v[1].status, SVC_DOWN);
    cr_assert_eq(iv.v[1].end, T10 + 7200);
}

/* A state-change log: each site's last change holds until the newest
 * commit of the log, a status commit of another site or not. */
Test(upptime, last_change_holds_to_the_newest_commit)
{
    static const char text[] =
        "2026-10-01T13:00:00+00:00\teeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee\t"
        ":card_file_box: Update status summary [skip ci] [upptime]\n"
        "2026-10-01T12:00:00+00:00\taaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\t"
        "\xf0\x9f\x9f\xa9 Job API is up (200 in 90 ms) [skip ci] [upptime]\n"
        "2026-10-01T11:30:00+00:00\tffffffffffffffffffffffffffffffffffffffff\t"
        "\xf0\x9f\x9f\xa5 Chat is down (500 in 12 ms) [skip ci] [upptime]\n"
        "2026-10-01T10:30:00+00:00\tcccccccccccccccccccccccccccccccccccccccc\t"
        "\xf0\x9f\x9f\xa5 Job API is down (500 in 123 ms) [skip ci] [upptime]\n";
    char path[512];
    fixture_write(&fx, "log.tsv", text, sizeof text - 1, path);
    struct parse_run run;
    struct parse_options opt = {"team:web", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_upptime_commits, path, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 3, 3, 0, 0);
    struct fx_intervals iv;
    fixture_intervals(&fx, "team:web", "job-api", FX_ALL_FROM, FX_ALL_TO, &iv);
    cr_assert_eq(iv.n, 2);
    cr_assert_eq(iv.v[0].start, T10 + 1800);
    cr_assert_eq(iv.v[0].end, T10 + 7200);
    cr_assert_eq(iv.v[0].status, SVC_DOWN);
    cr_assert_eq(iv.v[1].start, T10 + 7200);
    cr_assert_eq(iv.v[1].end, T10 + 3 * 3600);
    cr_assert_eq(iv.v[1].status, SVC_UP);
    fixture_intervals(&fx, "team:web", "chat", FX_ALL_FROM, FX_ALL_TO, &iv);
    cr_assert_eq(iv.n, 1);
    cr_assert_eq(iv.v[0].start, T10 + 5400);
    cr_assert_eq(iv.v[0].end, T10 + 3 * 3600);
    cr_assert_eq(iv.v[0].status, SVC_DOWN);
}

/* A site is one service in every Upptime file: a commit names it as the
 * configuration does ("GitHub"), the history file by Upptime's slug of that
 * name (history/git-hub.yml), which splits camel case. */
Test(upptime, commit_names_are_the_slugs_of_history_files)
{
    static const char text[] =
        "2026-10-01T13:00:00+00:00\teeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee\t"
        ":card_file_box: Update status summary [skip ci] [upptime]\n"
        "2026-10-01T12:00:00+00:00\taaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\t"
        "\xf0\x9f\x9f\xa5 GitHub is down (500 in 90 ms) [skip ci] [upptime]\n"
        "2026-10-01T11:30:00+00:00\tbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\t"
        "\xf0\x9f\x9f\xa5 MySQL Playground is down (500 in 12 ms) [skip ci] [upptime]\n"
        "2026-10-01T11:00:00+00:00\tcccccccccccccccccccccccccccccccccccccccc\t"
        "\xf0\x9f\x9f\xa5 HTTPServer v2 is down (500 in 12 ms) [skip ci] [upptime]\n"
        "2026-10-01T10:30:00+00:00\tdddddddddddddddddddddddddddddddddddddddd\t"
        "\xf0\x9f\x9f\xa5 Public APIs (beta) is down (500 in 123 ms) [skip ci] [upptime]\n";
    char path[512];
    fixture_write(&fx, "log.tsv", text, sizeof text - 1, path);
    struct parse_run run;
    struct parse_options opt = {"team:web", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_upptime_commits, path, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    static const char *const slugs[] = {"git-hub", "my-sql-playground", "http-server-v2",
                                        "public-apis-beta"};
    for (size_t i = 0; i < 4; i++) {
        struct fx_intervals iv;
        fixture_intervals(&fx, "team:web", slugs[i], FX_ALL_FROM, FX_ALL_TO, &iv);
        cr_assert_eq(iv.n, 1, "%s", slugs[i]);
    }
}

Test(upptime, history_yml_is_one_probe)
{
    struct parse_run run;
    struct parse_options opt = {"team:web", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_upptime_history, "data/formats/job-api.yml", &opt, &run),
                 SL_OK, "%s", run.diag.message);
    expect_counts(&run, 1, 1, 0, 0);
    struct fx_intervals iv;
    fixture_intervals(&fx, "team:web", "job-api", FX_ALL_FROM, FX_ALL_TO, &iv);
    cr_assert_eq(iv.n, 1);
    cr_assert_eq(iv.v[0].status, SVC_DOWN);
    cr_assert_eq(iv.v[0].start, T10 + 1800);
}

Test(upptime, history_yml_without_entity_rejected)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_upptime_history, "data/formats/job-api.yml", NULL, &run),
                 SL_OK);
    expect_counts(&run, 1, 0, 1, 0);
}

static enum sl_status
meta(const char *name, const char *text, struct parse_run *run)
{
    char path[512];
    fixture_write(&fx, name, text, strlen(text), path);
    return parse_file(&fx, &parser_upptime_meta, path, NULL, run);
}

Test(upptime, badge_and_config_read_as_nothing)
{
    struct parse_run run;
    cr_assert_eq(meta("uptime.json",
                      "{\"schemaVersion\":1,\"label\":\"uptime 7 days\",\"message\":\"99.5%\"}\n",
                      &run),
                 SL_OK, "%s", run.diag.message);
    expect_counts(&run, 0, 0, 0, 0);
    cr_assert_eq(meta(".upptimerc.yml",
                      "owner: acme\nrepo: status\nsites:\n  - name: API\n    url: https://x\n",
                      &run),
                 SL_OK, "%s", run.diag.message);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 2);
}

/* Taken with --format, any file used to be "read 0" and recorded, so the
 * right format later found it "already ingested". */
Test(upptime, meta_refuses_other_files)
{
    static const char *const others[] = {
        "2026-06-01T00:00:00Z check api OK 120ms\n",
        "{\"schemaVersion\":1,\"label\":\"x\"}\n",
        "{\"incidents\": []}\n",
        "owner: acme\nrepo: status\n",
        "[1, 2]\n",
        "",
        "{\"schemaVersion\":1,\"label\":\"x\",\"message\":\"y\"", /* cut short */
    };
    for (size_t i = 0; i < sizeof others / sizeof *others; i++) {
        char name[32];
        snprintf(name, sizeof name, "other-%zu", i);
        struct parse_run run;
        cr_assert_eq(meta(name, others[i], &run), SL_ERR_INPUT, "'%s'", others[i]);
        cr_assert(strstr(run.diag.message, "not an Upptime badge or .upptimerc.yml file"), "%s",
                  run.diag.message);
    }
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 0, "nothing recorded");
}
