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
    /* 5 node intervals, 1 coverage interval, 3 incidents; the 99:99 stamp */
    expect_counts(&run, 10, 9, 1, 0);
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
    /* the reason given before the state is kept */
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE title = "
                                    "'node gpu03 down: bad PSU' AND severity = 'sev3' AND "
                                    "severity_label = 'node down' AND resolved - started = 3013"),
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
    cr_assert_eq(fixture_count(&fx, "SELECT started FROM incidents WHERE key LIKE 'slurm:n2:%'"),
                 INT64_C(1798761000));
    cr_assert_eq(fixture_count(&fx, "SELECT resolved FROM incidents WHERE key LIKE 'slurm:n2:%'"),
                 INT64_C(1798762201));
    cr_assert_eq(fixture_count(&fx, "SELECT resolved - started FROM incidents WHERE key LIKE "
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
