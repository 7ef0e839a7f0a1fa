/* test_registry.c — the parser table and format detection
 * (parsers/registry.c): each fixture's header picks its own parser, garbage
 * picks none, and names are unique and found by name. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parsers/formats/registry.h"

/* The parser detect() picks for the head of a fixture file. */
static const struct parser *
detect_file(const char *path)
{
    static char head[PARSER_SNIFF_BYTES];
    FILE *f = fopen(path, "rb");
    cr_assert_not_null(f, "cannot open %s (tests run from tests/)", path);
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    return parser_detect(head, n);
}

static const struct parser *
detect_text(const char *text)
{
    return parser_detect(text, strlen(text));
}

Test(registry, detects_each_fixture)
{
    cr_assert_eq(detect_file("data/parsers/incidents-quoted.csv"), &parser_incident_csv);
    cr_assert_eq(detect_file("data/parsers/incidents-minimal.csv"), &parser_incident_csv);
    cr_assert_eq(detect_file("data/parsers/pagerduty.csv"), &parser_pagerduty_csv);
    cr_assert_eq(detect_file("data/parsers/probes.csv"), &parser_probe_csv);
    cr_assert_eq(detect_file("data/parsers/maintenance.csv"), &parser_maintenance_csv);
}

Test(registry, garbage_detects_nothing)
{
    cr_assert_null(detect_file("data/parsers/garbage.txt"));
    cr_assert_null(detect_text(""));
    cr_assert_null(detect_text("\xef\xbb\xbf"));
    cr_assert_null(detect_text("id\nstarted,resolved\n"), "only the first line is a header");
    cr_assert_null(detect_text("{\"incidents\": []}"));
}

Test(registry, detection_edge_cases)
{
    /* a BOM and quoted, differently-cased names still detect */
    cr_assert_eq(detect_text("\xef\xbb\xbf\"ID\",\"Started\",\"Title\"\n"), &parser_incident_csv);
    /* id with only one of the incident columns is not enough */
    cr_assert_null(detect_text("id,title\n"));
    /* a PagerDuty export has an id column too, but is PagerDuty's */
    cr_assert_eq(detect_text("id,incident_number,created_at,title,resolved\n"),
                 &parser_pagerduty_csv);
    /* probes need both time and status */
    cr_assert_eq(detect_text("time,status\n"), &parser_probe_csv);
    cr_assert_null(detect_text("time,latency_ms,service\n"));
    /* maintenance needs all of start, end, announced */
    cr_assert_null(detect_text("service,start,end\n"));
}

Test(registry, table_and_names)
{
    size_t n = 0;
    for (; parser_table[n]; n++) {
        const struct parser *p = parser_table[n];
        cr_assert_not_null(p->name);
        cr_assert_not_null(p->reads);
        cr_assert_not_null(p->detects);
        cr_assert_not_null(p->sniff);
        cr_assert_not_null(p->parse);
        cr_assert_eq(parser_by_name(p->name), p, "%s not found by its name", p->name);
        for (size_t j = 0; j < n; j++)
            cr_assert_str_neq(p->name, parser_table[j]->name);
    }
    cr_assert_geq(n, 4, "the four CSV parsers and any added since");
    cr_assert_str_eq(parser_incident_csv.name, "incident-csv");
    cr_assert_str_eq(parser_pagerduty_csv.name, "pagerduty-csv");
    cr_assert_str_eq(parser_probe_csv.name, "probe-csv");
    cr_assert_str_eq(parser_maintenance_csv.name, "maintenance-csv");
    cr_assert_null(parser_by_name("nope"));
    cr_assert_null(parser_by_name(""));
}

/* A column written twice counts once: an incident file with id twice was
 * taken for a change list, a maintenance file with start twice for an
 * on-call roster, and a change list or a probe file with a column twice
 * was not recognised at all. */
Test(registry, duplicated_column_counts_once)
{
    cr_assert_eq(detect_text("id,id,entity,started,resolved,title\n"), &parser_incident_csv);
    cr_assert_eq(detect_text("time,time,service,status\n"), &parser_probe_csv);
    cr_assert_eq(detect_text("id,entity,service,start,end,start,announced\n"),
                 &parser_maintenance_csv);
    cr_assert_eq(detect_text("id,id,entity,service,approved,emergency,retro_approved,incidents,"
                             "title\n"),
                 &parser_change_csv);
    /* and a name twice is still one name short of a format that needs two */
    cr_assert_null(detect_text("id,title,title\n"));
}

/* UTF-16 is recognised for what it is, with what to do, instead of
 * "format not recognised": with its byte-order mark either way round, and
 * without one when every other byte is NUL. */
Test(registry, utf16_said_to_be_utf16)
{
    static const char le_bom[] = "\xFF\xFEi\0d\0,\0s\0t\0a\0r\0t\0e\0d\0\n\0";
    static const char be_bom[] = "\xFE\xFF\0i\0d\0,\0s\0t\0a\0r\0t\0e\0d\0\n";
    static const char le[] = "i\0d\0,\0s\0t\0a\0r\0t\0e\0d\0,\0t\0i\0t\0l\0e\0\n\0";
    const char *const texts[] = {le_bom, be_bom, le, le + 1};
    const size_t lens[] = {sizeof le_bom - 1, sizeof be_bom - 1, sizeof le - 1, sizeof le - 2};
    char buf[512];
    for (size_t i = 0; i < 4; i++) {
        cr_assert_null(parser_detect(texts[i], lens[i]));
        cr_assert_str_eq(parser_not_recognised(texts[i], lens[i], buf, sizeof buf),
                         "UTF-16 text: convert to UTF-8, e.g. iconv -f UTF-16 -t UTF-8");
    }
    static const char bin[] = "\x01\x02\0\0\xff\x10garbage";
    cr_assert_str_eq(parser_not_recognised(bin, sizeof bin - 1, buf, sizeof buf),
                     "format not recognised: binary data, not text: every format slaudit "
                     "ingests is UTF-8 text (JSON, CSV, YAML, XML or log lines)");
    cr_assert_str_eq(parser_not_recognised("a\0", 2, buf, sizeof buf),
                     "format not recognised: binary data, not text: every format slaudit "
                     "ingests is UTF-8 text (JSON, CSV, YAML, XML or log lines)");
    static const char pdf[] = "%PDF-1.7\n%\xe2\xe3\n1 0 obj\n";
    cr_assert_str_eq(parser_not_recognised(pdf, sizeof pdf - 1, buf, sizeof buf),
                     "format not recognised: a PDF document (an SLA document is read by "
                     "'slaudit sla extract'), not text: every format slaudit ingests is UTF-8 "
                     "text (JSON, CSV, YAML, XML or log lines)");
}

/* The head handed over is bytes, not a string: a first line that runs to
 * its end is read up to its end and no further (ASan sees a read past the
 * allocation). */
Test(registry, not_recognised_reads_no_further_than_the_head)
{
    static const char text[] = "word word word word word word word word";
    size_t len = sizeof text - 1;
    char *head = malloc(len); /* no NUL, no line break */
    cr_assert_not_null(head);
    memcpy(head, text, len);
    char buf[512];
    parser_not_recognised(head, len, buf, sizeof buf);
    cr_assert(!strncmp(buf, "format not recognised: text of no known format", 46), "%s", buf);
    free(head);
}

/* What a file no format reads looks like, and what would read it. */
Test(registry, not_recognised_says_what_the_file_looks_like)
{
    char buf[1024];
    static const struct {
        const char *text, *said;
    } cases[] = {
        {"", "format not recognised: empty file"},
        {"  \n\n", "format not recognised: the file holds only blank space"},
        {"<?xml version=\"1.0\"?>\n<catalog><book/></catalog>\n",
         "format not recognised: XML without an Atom or RSS root"},
        {"<!DOCTYPE html>\n<html><body>status</body></html>\n",
         "format not recognised: an HTML page"},
        {"[{\"when\": \"2026-03-01\", \"what\": {\"x\": 1}, \"level\": 2}]",
         "format not recognised: a JSON array of objects with fields when, what, level: try "
         "--format jsonl with a field map"},
        {"{\"alpha\": [1], \"beta\": {\"gamma\": 2}}",
         "format not recognised: a JSON object with members alpha, beta, not an export"},
        {"colour,shape,weight\nred,round,3\n",
         "format not recognised: a CSV header 'colour,shape,weight' that no CSV format reads"},
        {"{\"at\": 1, \"to\": \"up\"}\n{\"at\": 2, \"to\": \"down\"}\n",
         "format not recognised: JSON Lines of objects with fields at, to: try --format jsonl"},
        {"apiVersion: pyrra.dev/v1alpha1\nkind: AlertRule\n",
         "format not recognised: YAML of apiVersion pyrra.dev/v1alpha1, kind AlertRule, which no "
         "format reads: the closest is pyrra, which reads kind ServiceLevelObjective of "
         "pyrra.dev/ (spec.target over spec.window)"},
        {"{\"id\": 1, \"dailyMinutesDown\": {}, \"uptime\": \"99%\"}",
         "format not recognised: a JSON object with members id, dailyMinutesDown, uptime, not an "
         "export slaudit knows; the closest is upptime-summary, which reads dailyMinutesDown too "
         "but detects a JSON array with slug and dailyMinutesDown"},
        {"ticket,opened_at,severity\n1,2,3\n",
         "format not recognised: a CSV header 'ticket,opened_at,severity' that no CSV format "
         "reads; the closest is incident-csv, which reads severity too"},
        {"# an objective\n---\napiVersion: example.dev/v1\nkind: Objective\nspec: {}\n",
         "format not recognised: YAML of apiVersion example.dev/v1, kind Objective, which no "
         "format reads (SLO specifications: openslo reads openslo/v1 and v1alpha, pyrra"},
        {"version: \"prometheus/v9\"\nservice: x\n",
         "format not recognised: YAML with top-level key version"},
        {"hello world\n", "format not recognised: text of no known format"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t len = strlen(cases[i].text);
        cr_assert_null(parser_detect(cases[i].text, len), "%s", cases[i].text);
        parser_not_recognised(cases[i].text, len, buf, sizeof buf);
        cr_assert(!strncmp(buf, cases[i].said, strlen(cases[i].said)), "%s: %s", cases[i].text,
                  buf);
    }
}
