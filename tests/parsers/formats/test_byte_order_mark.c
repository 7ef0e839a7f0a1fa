/* test_byte_order_mark.c — a UTF-8 byte-order mark before a JSON file is
 * dropped, as docs/limits.md says: each JSON fixture, copied with a mark in
 * front, is detected as the same format and reads the same counts as
 * without it (profile-json and Uptime Kuma's JSON used to fail: "format not
 * recognised", "the header has no 'status' column"), and a profile is
 * stored without the mark. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/engine/fixture.h"
#include "tests/parsers/parse_fixture.h"

static struct fixture plain, marked;

static void
setup(void)
{
    fixture_open(&plain);
    fixture_open(&marked);
}

static void
teardown(void)
{
    fixture_close(&plain);
    fixture_close(&marked);
}

TestSuite(byte_order_mark, .init = setup, .fini = teardown);

static const char *const json_fixtures[] = {
    "data/formats/statuspage-incidents.json",
    "data/formats/gcp-incidents.json",
    "data/formats/aws-health.json",
    "data/formats/prometheus-up.json",
    "data/formats/pagerduty-analytics.json",
    "data/formats/opsgenie-alerts.json",
    "data/formats/firehydrant-incidents.json",
    "data/formats/uptime-kuma-heartbeats.json",
    "data/formats/incidents.jsonl",
    "../sample-data/profile-coreline.json",
    NULL,
};

static const struct parser *
detect(const char *text, size_t len)
{
    return parser_detect(text, len < PARSER_SNIFF_BYTES ? len : PARSER_SNIFF_BYTES);
}

Test(byte_order_mark, json_read_as_without_it)
{
    struct parse_options opt = {.entity = "team:ops", .service = "api"};
    for (size_t i = 0; json_fixtures[i]; i++) {
        FILE *f = fopen(json_fixtures[i], "rb");
        cr_assert_not_null(f, "%s", json_fixtures[i]);
        char *text = malloc((1 << 20) + 3);
        memcpy(text, "\xEF\xBB\xBF", 3);
        size_t len = fread(text + 3, 1, 1 << 20, f);
        fclose(f);
        const struct parser *p = detect(text + 3, len), *q = detect(text, len + 3);
        cr_assert_not_null(p, "%s", json_fixtures[i]);
        cr_assert_eq(q, p, "%s with a mark: %s, not %s", json_fixtures[i], q ? q->name : "nothing",
                     p->name);
        char name[32], a_path[512], b_path[512];
        snprintf(name, sizeof name, "fixture-%zu", i);
        fixture_write(&plain, name, text + 3, len, a_path);
        fixture_write(&marked, name, text, len + 3, b_path);
        free(text);
        struct parse_run a, b;
        cr_assert_eq(parse_file(&plain, p, a_path, &opt, &a), SL_OK, "%s: %s", json_fixtures[i],
                     a.diag.message);
        cr_assert_eq(parse_file(&marked, p, b_path, &opt, &b), SL_OK, "%s with a mark: %s",
                     json_fixtures[i], b.diag.message);
        expect_counts(&b, a.ing.counts.read, a.ing.counts.stored, a.ing.counts.rejected,
                      a.ing.counts.duplicates);
    }
    cr_assert_eq(fixture_count(&marked, "SELECT count(*) FROM audit_records WHERE kind = "
                                        "'profile' AND json_valid(fields)"),
                 1, "the profile is stored as JSON, without the mark");
}
