/* test_incident_csv.c — the generic incident CSV (parsers/incident_csv.c) run
 * through a real store: quoted fields, unknown columns kept as JSON, severity
 * labels, --entity/--service fallbacks, rejects with line and reason, naive
 * timestamps in --tz, a wrong-format file failing at once, and re-ingest.
 * Fixtures: tests/data/parsers/incidents-*.csv (paths relative to tests/). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define DAY 86400
#define QUOTED "data/parsers/incidents-quoted.csv"
#define MINIMAL "data/parsers/incidents-minimal.csv"

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

TestSuite(incident_csv, .init = setup, .fini = teardown);

static void
expect_reject(int n, long line, const char *reason)
{
    long got_line = 0;
    char got_reason[256], raw[256];
    cr_assert(fixture_reject(&fx, n, &got_line, got_reason, raw), "no reject #%d", n);
    cr_assert_eq(got_line, line, "reject #%d at line %ld, expected %ld", n, got_line, line);
    cr_assert_str_eq(got_reason, reason);
}

Test(incident_csv, quoted_file_counts_and_rejects)
{
    struct parse_run run;
    struct parse_options opt = {"team:platform", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, QUOTED, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    /* 7 records: INC-1, 2, 3, 7 stored; 4, 5, 6 rejected */
    expect_counts(&run, 7, 4, 3, 0);
    expect_reject(0, 5, "resolved before started");
    expect_reject(1, 6, "bad started time '2026-02-30T10:00:00Z': day out of range for its month");
    expect_reject(2, 7, "entity 'acme' is not provider:NAME or team:NAME");
    /* the same first rejects are kept for the user */
    cr_assert_eq(run.ing.shown[0].line, 5);
    cr_assert_str_eq(run.ing.shown[2].reason, "entity 'acme' is not provider:NAME or team:NAME");
    /* the raw text of a reject is the record as written */
    long line;
    char reason[256], raw[256];
    cr_assert(fixture_reject(&fx, 0, &line, reason, raw));
    cr_assert_str_eq(raw, "INC-4,provider:acme,api,sev2,Backwards,2026-10-07T10:00:00Z,,,,"
                          "2026-10-07T09:00:00Z,,,");
    /* the source row carries the same counts */
    struct fx_sources s;
    fixture_sources(&fx, &s);
    cr_assert_eq(s.n, 1);
    cr_assert_str_eq(s.v[0].format, "incident-csv");
    cr_assert_eq(s.v[0].counts.read, 7);
    cr_assert_eq(s.v[0].counts.stored, 4);
    cr_assert_eq(s.v[0].counts.rejected, 3);
    cr_assert_eq(strlen(s.v[0].sha256), 64);
}

Test(incident_csv, fields_and_extra_json)
{
    struct parse_run run;
    struct parse_options opt = {"team:platform", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, QUOTED, &opt, &run), SL_OK);
    struct fx_incidents got;
    fixture_incidents(&fx, "provider:acme", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 3);

    /* INC-1: 2026-10-03T10:00Z = OCT1 + 2 days + 10 h */
    const struct incident *a = &got.v[0];
    int64_t s1 = OCT1 + 2 * DAY + 10 * 3600;
    cr_assert_str_eq(a->key, "INC-1");
    cr_assert_eq(a->line, 2);
    cr_assert_str_eq(a->service, "gpu-east");
    cr_assert_str_eq(a->severity, "sev1");
    cr_assert_str_eq(a->severity_label, "P1");
    cr_assert_str_eq(a->title, "GPU nodes down, rack 4");
    cr_assert_eq(a->started, s1);
    cr_assert_eq(a->detected, s1 + 300);
    cr_assert_eq(a->acknowledged, s1 + 420);
    cr_assert_eq(a->mitigated, s1 + 3600);
    cr_assert_eq(a->resolved, s1 + 7200);
    cr_assert_str_eq(a->postmortem, "https://pm.example/1");
    cr_assert_null(a->state);
    /* unknown columns, in header order, as JSON with the quotes escaped */
    cr_assert_str_eq(a->extra_json,
                     "{\"region\":\"us-east\",\"customer_impact\":\"yes, 40 \\\"jobs\\\" lost\"}");

    /* INC-2: "critical" → sev1; +02:00 offsets: 08:00+02:00 = 06:00Z on Oct 5 */
    const struct incident *b = &got.v[1];
    int64_t s2 = OCT1 + 4 * DAY + 6 * 3600;
    cr_assert_str_eq(b->key, "INC-2");
    cr_assert_str_eq(b->severity, "sev1");
    cr_assert_str_eq(b->severity_label, "critical");
    cr_assert_eq(b->started, s2);
    cr_assert_eq(b->resolved, s2 + 5400);
    cr_assert_eq(b->detected, SLTIME_NONE);
    cr_assert_eq(b->acknowledged, SLTIME_NONE);
    cr_assert_null(b->postmortem);
    cr_assert_null(b->extra_json, "empty unknown columns add nothing");

    /* INC-3: an unknown label keeps the label and has no severity; a title
     * that looks like a spreadsheet formula is stored verbatim */
    const struct incident *c = &got.v[2];
    cr_assert_str_eq(c->key, "INC-3");
    cr_assert_null(c->severity);
    cr_assert_str_eq(c->severity_label, "Urgent-ish");
    cr_assert_str_eq(c->title, "=HYPERLINK(\"http://evil.example\",\"click\")");
    cr_assert_str_eq(c->extra_json, "{\"region\":\"eu\"}");
    cr_assert_eq(c->resolved, SLTIME_NONE);
    fixture_incidents_free(&got);
}

Test(incident_csv, entity_from_option_when_field_empty)
{
    struct parse_run run;
    struct parse_options opt = {"team:platform", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, QUOTED, &opt, &run), SL_OK);
    struct fx_incidents got;
    fixture_incidents(&fx, "team:platform", FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 1);
    /* INC-7 starts on line 8 and its title spans lines 8-9 */
    cr_assert_str_eq(got.v[0].key, "INC-7");
    cr_assert_eq(got.v[0].line, 8);
    cr_assert_str_eq(got.v[0].title, "two\nline title");
    cr_assert_str_eq(got.v[0].severity, "sev4");
    cr_assert_eq(got.v[0].started, OCT1 + 8 * DAY + 10 * 3600);
    fixture_incidents_free(&got);
}

Test(incident_csv, no_entity_anywhere_rejected)
{
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, QUOTED, NULL, &run), SL_OK);
    expect_counts(&run, 7, 3, 4, 0);
    expect_reject(3, 8, "no entity: add an entity column or give --entity");
}

Test(incident_csv, missing_optional_columns)
{
    /* only id, started and title: entity and service from the options, the
     * naive "2026-10-02 12:00" read in Europe/Berlin (CEST) = 10:00Z */
    struct parse_run run;
    struct parse_options opt = {"team:platform", "k8s", "Europe/Berlin"};
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, MINIMAL, &opt, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 2, 2, 0, 0);
    cr_assert_eq(run.ing.naive_timestamps, 1);
    struct fx_incidents got;
    fixture_incidents(&fx, NULL, FX_ALL_FROM, FX_ALL_TO, &got);
    cr_assert_eq(got.n, 2);
    cr_assert_str_eq(got.v[0].key, "M-1");
    cr_assert_str_eq(got.v[0].entity, "team:platform");
    cr_assert_str_eq(got.v[0].service, "k8s");
    cr_assert_eq(got.v[0].started, OCT1);
    cr_assert_null(got.v[0].severity);
    cr_assert_null(got.v[0].severity_label);
    cr_assert_null(got.v[0].extra_json);
    cr_assert_eq(got.v[0].detected, SLTIME_NONE);
    cr_assert_str_eq(got.v[1].key, "M-2");
    cr_assert_eq(got.v[1].started, OCT1 + DAY + 10 * 3600);
    fixture_incidents_free(&got);
}

Test(incident_csv, wrong_format_fails_at_once)
{
    /* a probe file has no id column: the whole file fails and nothing is kept */
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, "data/parsers/probes.csv", NULL, &run),
                 SL_ERR_INPUT);
    cr_assert_str_eq(run.diag.message, "the header has no 'id' column");
    cr_assert_eq(run.diag.line, 1);
    cr_assert_str_eq(run.diag.file, "data/parsers/probes.csv");
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 0);
}

Test(incident_csv, no_time_column_fails)
{
    char path[512];
    static const char text[] = "id,title\nX,y\n";
    fixture_write(&fx, "notime.csv", text, sizeof text - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, path, NULL, &run), SL_ERR_INPUT);
    cr_assert_str_eq(run.diag.message, "the header has no 'started' column");
}

Test(incident_csv, empty_file_fails)
{
    char path[512];
    fixture_write(&fx, "empty.csv", "", 0, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, path, NULL, &run), SL_ERR_INPUT);
    cr_assert_str_eq(run.diag.message, "empty file: no header row");
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 0);
}

Test(incident_csv, empty_id_and_bad_row_rejected)
{
    char path[512];
    static const char text[] = "id,entity,started\n"
                               ",provider:acme,2026-10-01T00:00:00Z\n"
                               "X,provider:acme,\"unclosed\n";
    fixture_write(&fx, "bad.csv", text, sizeof text - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, path, NULL, &run), SL_OK);
    expect_counts(&run, 2, 0, 2, 0);
    expect_reject(0, 2, "empty id");
    expect_reject(1, 3, "quoted field not closed before the end of the file");
}

Test(incident_csv, same_file_twice_changes_nothing)
{
    struct parse_run run;
    struct parse_options opt = {"team:platform", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, QUOTED, &opt, &run), SL_OK);
    cr_assert_not(run.already);
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, QUOTED, &opt, &run), SL_OK);
    cr_assert(run.already);
    expect_counts(&run, 0, 0, 0, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 4);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM rejects"), 3);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM sources"), 1);
}

Test(incident_csv, later_export_updates_incident)
{
    /* a later export of INC-1 (other bytes, so another source) updates it */
    char path[512];
    static const char text[] = "id,entity,started,resolved,title\n"
                               "INC-1,provider:acme,2026-10-03T10:00:00Z,2026-10-03T13:00:00Z,"
                               "Renamed\n";
    fixture_write(&fx, "later.csv", text, sizeof text - 1, path);
    struct parse_run run;
    struct parse_options opt = {"team:platform", NULL, NULL};
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, QUOTED, &opt, &run), SL_OK);
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, path, NULL, &run), SL_OK);
    expect_counts(&run, 1, 0, 0, 1);
    struct fx_incidents got;
    fixture_incidents(&fx, "provider:acme", OCT1, OCT1 + 3 * DAY, &got);
    cr_assert_eq(got.n, 1);
    cr_assert_str_eq(got.v[0].title, "Renamed");
    cr_assert_eq(got.v[0].resolved, OCT1 + 2 * DAY + 13 * 3600);
    fixture_incidents_free(&got);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 4);
}

/* An unknown column whose JSON escapes carry it past the 1 MiB kept for
 * unknown columns: that record is rejected with its line and reason and the
 * rest of the file is stored (it used to fail the whole file with only
 * "size limit exceeded", no file and no line). */
Test(incident_csv, unknown_column_too_long_as_json_rejected)
{
    size_t big = 300000;
    char *text = malloc(big + 512);
    size_t n = (size_t)snprintf(text, 512,
                                "id,entity,started,resolved,notes\n"
                                "A-1,team:x,2026-10-01T00:00:00Z,2026-10-01T01:00:00Z,small\n"
                                "A-2,team:x,2026-10-01T00:00:00Z,2026-10-01T01:00:00Z,");
    memset(text + n, '\x01', big); /* six bytes each as JSON */
    n += big;
    n += (size_t)snprintf(text + n, 512,
                          "\nA-3,team:x,2026-10-01T00:00:00Z,2026-10-01T01:00:00Z,small\n");
    char path[512];
    fixture_write(&fx, "wide.csv", text, n, path);
    free(text);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, path, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 3, 2, 1, 0);
    expect_reject(0, 3,
                  "the columns slaudit does not read are longer than 1 MiB written as JSON: too "
                  "long to keep");
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents WHERE extra LIKE "
                                    "'%small%'"),
                 2);
}

/* One rule for impossible orders: a row is rejected when a duration of
 * design §4 would be negative, and for no other order. */
Test(incident_csv, impossible_orders_one_rule)
{
    static const char text[] =
        "id,entity,started,detected,acknowledged,mitigated,resolved\n"
        "R1,team:x,2026-10-01T10:00:00Z,2026-10-01T12:00:00Z,,,2026-10-01T11:00:00Z\n"
        "R2,team:x,2026-10-01T10:00:00Z,2026-10-01T10:05:00Z,2026-10-01T10:01:00Z,,\n"
        "R3,team:x,2026-10-01T10:00:00Z,2026-10-01T09:55:00Z,,,\n"
        "R4,team:x,2026-10-01T10:00:00Z,,,2026-10-01T10:30:00Z,2026-10-01T10:20:00Z\n"
        "R5,team:x,2026-10-01T10:00:00Z,2026-10-01T10:01:00Z,2026-10-01T10:40:00Z,"
        "2026-10-01T10:10:00Z,2026-10-01T10:20:00Z\n"
        "R6,team:x,2026-10-01T10:00:00Z,,,2026-10-01T09:00:00Z,\n";
    char path[512];
    fixture_write(&fx, "orders.csv", text, sizeof text - 1, path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_incident_csv, path, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    /* Only an incident that ends before it begins is rejected (none here);
     * every other impossible order keeps it (docs/design.md §4). */
    expect_counts(&run, 6, 6, 0, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM incidents"), 6);
}
