/* test_slurm_log.c — slurmctld logs (parsers/slurm_log.c): node state
 * intervals with units, incidents for DOWN periods, hostlists expanded, a
 * later log updating what an earlier one left open, syslog stamps across the
 * turn of the year, and the options the format needs. */
#include <criterion/criterion.h>

#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define LOG "data/formats/slurmctld.log"

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

TestSuite(slurm_log, .init = setup, .fini = teardown);

static const struct parse_options opt = {.entity = "team:hpc", .service = "gpu-a"};

Test(slurm_log, detected)
{
    FILE *f = fopen(LOG, "rb");
    char head[4096];
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    cr_assert_str_eq(parser_detect(head, n)->name, "slurmctld-log");
}

Test(slurm_log, node_states)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_slurm_log, LOG, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    /* 5 node intervals, 1 coverage interval, 2 incidents (gpu[02-03] went
     * down together: one outage); the 99:99 stamp */
    expect_counts(&run, 9, 8, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 13);
    /* gpu03: not responding 11:20:31, DOWN, returned to service 12:10:44 */
    cr_assert_eq(fixture_count(&fx, "SELECT end - start FROM intervals WHERE key LIKE "
                                    "'slurm:gpu03:%' AND status = 'down' AND units = 1 AND "
                                    "unit_kind = 'node'"),
                 3013);
    /* gpu02 answered again at 11:25 and was never set DOWN */
    cr_assert_eq(fixture_count(&fx, "SELECT end - start FROM intervals WHERE key LIKE "
                                    "'slurm:gpu02:%'"),
                 269);
    /* DRAINING then IDLE: maintenance for 30 minutes; no incident */
    cr_assert_eq(fixture_count(&fx, "SELECT end - start FROM intervals WHERE key LIKE "
                                    "'slurm:gpu04:%' AND status = 'maintenance'"),
                 1800);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key LIKE "
                                    "'slurm:gpu04:%'"),
                 0);
    /* gpu[02-03] not responding on one line: one outage of both, to the last
     * one back, with the reason given before the state */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE title = "
                                    "'2 nodes down at once: bad PSU' AND severity = 'sev3' AND "
                                    "severity_label = 'node down' AND resolved - started = 3013 "
                                    "AND key = 'slurm:outage:' || started AND "
                                    "json_extract(extra, '$.units') = 2 AND "
                                    "json_extract(extra, '$.nodes[1]') = 'gpu03'"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key LIKE "
                                    "'slurm:gpu0_:%'"),
                 1);
    /* still down at the end of the log: open, up to the last line */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE key LIKE "
                                    "'slurm:gpu01:%' AND resolved IS NULL"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT end - start FROM intervals WHERE key LIKE "
                                    "'slurm:gpu01:%'"),
                 3600);
    /* the log's span is up time for the cluster */
    cr_assert_eq(fixture_count(&fx, "SELECT end - start FROM intervals WHERE key LIKE "
                                    "'coverage:%' AND status = 'up'"),
                 5 * 3600);
}

Test(slurm_log, later_log_updates)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_slurm_log, LOG, &opt, &run), SL_OK);
    cr_assert_eq(parse_file(&fx, &parser_slurm_log, "data/formats/slurmctld-later.log", &opt, &run),
                 SL_OK, "%s", run.diag.message);
    expect_counts(&run, 3, 0, 0, 3);
    cr_assert_eq(fixture_count(&fx, "SELECT resolved - started FROM incidents WHERE key LIKE "
                                    "'slurm:gpu01:%'"),
                 9000);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE key LIKE "
                                    "'slurm:gpu01:%'"),
                 1);
}

Test(slurm_log, syslog_turn_of_year)
{
    struct parse_run run;
    struct parse_extra extra = {.year = 2026};
    cr_assert_eq(parse_file_extra(&fx, &parser_slurm_log, "data/formats/slurmctld-syslog.log", &opt,
                                  &extra, &run),
                 SL_OK, "%s", run.diag.message);
    /* n[1-2] expands to two nodes; n2, set DOWN, stays down after it answers
     * again until it is set IDLE: 2026-12-31T23:50:00 to 2027-01-01T00:10:01
     * (the year turns) */
    cr_assert_eq(fixture_count(&fx, "SELECT started FROM incidents WHERE key LIKE "
                                    "'slurm:outage:%'"),
                 INT64_C(1798761000));
    cr_assert_eq(fixture_count(&fx, "SELECT resolved FROM incidents WHERE key LIKE "
                                    "'slurm:outage:%'"),
                 INT64_C(1798762201));
    cr_assert_eq(fixture_count(&fx, "SELECT end - start FROM intervals WHERE key LIKE "
                                    "'slurm:n1:%'"),
                 480);
}

Test(slurm_log, needs_entity_and_service)
{
    struct parse_run run;
    struct parse_options none = {.entity = "team:hpc"};
    cr_assert_eq(parse_file(&fx, &parser_slurm_log, LOG, &none, &run), SL_ERR_INPUT);
    cr_assert(strstr(run.diag.message, "--service"));
}

/* Nodes that go down one message after another within a minute are one
 * outage; one that goes down later is an incident of its own. */
Test(slurm_log, controller_wide_outage)
{
    static const char log[] =
        "[2026-03-02T10:00:00.000] slurmctld version 23.11.4 started on cluster gpu-a\n"
        "[2026-03-02T11:00:00.000] error: Nodes gpu[01-02] not responding\n"
        "[2026-03-02T11:00:20.000] error: Nodes gpu[03-04] not responding\n"
        "[2026-03-02T11:30:00.000] error: Nodes gpu05 not responding\n"
        "[2026-03-02T11:40:00.000] Node gpu01 now responding\n"
        "[2026-03-02T11:40:00.000] Node gpu02 now responding\n"
        "[2026-03-02T11:40:00.000] Node gpu03 now responding\n"
        "[2026-03-02T11:45:00.000] Node gpu04 now responding\n"
        "[2026-03-02T11:50:00.000] Node gpu05 now responding\n";
    char path[512];
    fixture_write(&fx, "outage.log", log, sizeof log - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_slurm_log, path, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    cr_assert_eq(run.ing.kinds.incidents, 2);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE title = '4 nodes down "
                                    "at once: Not responding' AND started = 1772449200 AND "
                                    "resolved = 1772449200 + 2700 AND "
                                    "json_extract(extra, '$.units') = 4"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE title = 'node gpu05 "
                                    "down: Not responding'"),
                 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM intervals WHERE unit_kind = 'node'"), 5);
}
