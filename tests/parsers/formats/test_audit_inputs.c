/* test_audit_inputs.c — the audit-input formats (parsers/auditcsv.c and the
 * format files) through a real store: records stored with their typed
 * fields, bad values rejected with a reason, detection by header. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/audit/auditrec.h"
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

TestSuite(audit_inputs, .init = setup, .fini = teardown);

static const char patches[] =
    "id,entity,service,advisory,severity,released,detected,applied,kev_added,internet_facing,"
    "exception\n"
    "P1,team:t,api,CVE-1,critical,2026-08-01T00:00:00Z,,2026-08-10T00:00:00Z,,yes,\n"
    "P2,team:t,api,CVE-2,urgent,2026-08-01T00:00:00Z,,,,no,\n"
    "P3,team:t,api,CVE-3,low,not-a-date,,,,no,\n"
    "P4,team:t,api,CVE-4,high,2026-08-01T00:00:00Z,,,,maybe,\n";

Test(audit_inputs, patches_stored_and_rejected)
{
    char path[512];
    fixture_write(&fx, "patches.csv", patches, strlen(patches), path);
    cr_assert_eq(parser_detect(patches, strlen(patches)), &parser_patch_csv);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_patch_csv, path, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 4, 1, 3, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM audit_records WHERE kind = 'patch' AND "
                                    "json_extract(fields, '$.applied') = 1786320000 AND "
                                    "json_extract(fields, '$.internet_facing') = 1"),
                 1);
    long line;
    char reason[256], raw[256];
    cr_assert(fixture_reject(&fx, 0, &line, reason, raw));
    cr_assert_eq(line, 3);
    cr_assert_str_eq(reason, "unknown severity 'urgent'");
    cr_assert(fixture_reject(&fx, 2, &line, reason, raw));
    cr_assert_str_eq(reason, "bad internet_facing 'maybe': expected yes or no");
}

Test(audit_inputs, same_key_again_is_a_duplicate)
{
    static const char a[] = "id,entity,incident,owner,due,closed\n"
                            "A1,team:t,I1,ana,2026-09-01T00:00:00Z,\n";
    static const char b[] = "id,entity,incident,owner,due,closed\n"
                            "A1,team:t,I1,ana,2026-09-01T00:00:00Z,2026-08-30T00:00:00Z\n";
    char pa[512], pb[512];
    fixture_write(&fx, "a.csv", a, strlen(a), pa);
    fixture_write(&fx, "b.csv", b, strlen(b), pb);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_action_csv, pa, NULL, &run), SL_OK);
    expect_counts(&run, 1, 1, 0, 0);
    cr_assert_eq(parse_file(&fx, &parser_action_csv, pb, NULL, &run), SL_OK);
    expect_counts(&run, 1, 0, 0, 1);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM audit_records WHERE "
                                    "json_extract(fields, '$.closed') IS NOT NULL"),
                 1);
}

Test(audit_inputs, detection_by_header)
{
    static const struct {
        const char *head;
        const struct parser *p;
    } cases[] = {
        {"incident,published,impact\n", &parser_postmortem_csv},
        {"id,incident,owner,due\n", &parser_action_csv},
        {"service,start,end,primary\n", &parser_oncall_csv},
        {"id,approved,emergency,incidents\n", &parser_change_csv},
        {"incident,regime,kind,sent\n", &parser_notification_csv},
        {"{\"entity\": \"team:t\", \"regimes\": []}\n", &parser_profile_json},
        {NULL, NULL},
    };
    for (size_t i = 0; cases[i].head; i++)
        cr_assert_eq(parser_detect(cases[i].head, strlen(cases[i].head)), cases[i].p, "%s",
                     cases[i].head);
}

Test(audit_inputs, notification_list_and_required)
{
    static const char csv[] = "incident,entity,regime,kind,sent,aware,classified\n"
                              "I1,team:t,DORA,initial,2026-08-01T04:00:00Z,,\n"
                              ",team:t,dora,initial,2026-08-01T04:00:00Z,,\n";
    char path[512];
    fixture_write(&fx, "n.csv", csv, strlen(csv), path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_notification_csv, path, NULL, &run), SL_OK);
    expect_counts(&run, 2, 1, 1, 0);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM audit_records WHERE "
                                    "json_extract(fields, '$.regime') = 'dora'"),
                 1);
}

Test(audit_inputs, profile_with_a_bad_field_fails_the_file)
{
    static const char bad[] = "{\"entity\": \"team:t\", \"regimes\": [\"dora\"], "
                              "\"slo_percent\": \"high\"}";
    char path[512];
    fixture_write(&fx, "p.json", bad, strlen(bad), path);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_profile_json, path, NULL, &run), SL_ERR_INPUT);
    cr_assert(strstr(run.diag.message, "slo_percent"), "%s", run.diag.message);
}

/* A text value under the record cap that its JSON escapes carry past the
 * 1 MiB of a stored record: that record is rejected with the reason and
 * the file goes on (it used to fail with only "size limit exceeded"). */
Test(audit_inputs, record_too_long_as_json_rejected)
{
    size_t big = 300000;
    char *text = malloc(big + 512);
    size_t n =
        (size_t)snprintf(text, 512,
                         "incident,entity,published,impact,timeline,root_cause,actions,link\n"
                         "I1,team:t,2026-09-08T10:00:00Z,yes,yes,yes,yes,a\n"
                         "I2,team:t,2026-09-08T10:00:00Z,yes,yes,yes,yes,");
    memset(text + n, '\x01', big); /* six bytes each as JSON */
    n += big;
    n += (size_t)snprintf(text + n, 512, "\nI3,team:t,2026-09-08T10:00:00Z,yes,yes,yes,yes,c\n");
    char path[512];
    fixture_write(&fx, "postmortems.csv", text, n, path);
    free(text);
    struct parse_run run;
    cr_assert_eq(parse_file(&fx, &parser_postmortem_csv, path, NULL, &run), SL_OK, "%s",
                 run.diag.message);
    expect_counts(&run, 3, 2, 1, 0);
    cr_assert_eq(run.ing.shown[0].line, 3);
    cr_assert_str_eq(run.ing.shown[0].reason,
                     "the record is longer than 1 MiB written as JSON: too long to keep");
}
