/* test_sla_extract.c — the SLA document reader (parsers/sla_extract.c): one
 * test per phrasing class of the pattern table, the text normaliser's HTML and
 * table handling, and the documents of tests/data/sla/ checked against the
 * terms written by hand beside each one (NAME.expected.json). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/jsondoc.h"
#include "engine/sla_json.h"
#include "engine/sla_score.h"
#include "parsers/sla_extract.h"
#include "parsers/sla_text.h"

static void
extract(const char *doc, struct sla_terms *t)
{
    struct sla_text text;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(doc, strlen(doc), "test.md", &text, &d), SL_OK, "%s", d.message);
    sla_terms_init(t);
    cr_assert_eq(sla_extract_text(&text, "test.md", t, &d), SL_OK, "%s", d.message);
    sla_text_release(&text);
}

/* One band from a two-column table row: "| BAND | CREDIT |". */
static void
one_band(const char *band, const char *credit, struct sla_credit_tier *out)
{
    char doc[512];
    snprintf(doc, sizeof doc, "| Monthly Uptime | Service Credit |\n|---|---|\n| %s | %s |\n", band,
             credit);
    struct sla_terms t;
    extract(doc, &t);
    cr_assert_eq(t.ntiers, 1, "band '%s' gave %zu tiers", band, t.ntiers);
    *out = t.tiers[0];
    cr_assert_eq(out->line, 3);
    sla_terms_release(&t);
}

Test(sla_extract, amounts_in_digits_and_words)
{
    double v;
    cr_assert(sla_extract_amount("thirty (30)", 11, &v));
    cr_assert_float_eq(v, 30, 1e-9);
    cr_assert(sla_extract_amount("twenty-four", 11, &v));
    cr_assert_float_eq(v, 24, 1e-9);
    cr_assert(sla_extract_amount("two", 3, &v));
    cr_assert_float_eq(v, 2, 1e-9);
    cr_assert(sla_extract_amount("99.95", 5, &v));
    cr_assert_float_eq(v, 99.95, 1e-9);
    cr_assert_not(sla_extract_amount("none", 4, &v));
    bool business;
    cr_assert_float_eq(sla_extract_minutes(1, "business day", 12, &business), 480, 1e-9);
    cr_assert(business);
    cr_assert_float_eq(sla_extract_minutes(2, "hours", 5, &business), 120, 1e-9);
    cr_assert_not(business);
    cr_assert(isnan(sla_extract_minutes(2, "months", 6, NULL)));
}

Test(sla_extract, uptime_at_least)
{
    struct sla_terms t;
    extract("The service has a Monthly Uptime Percentage of at least 99.99% in each month.\n", &t);
    cr_assert_eq(t.ntargets, 1);
    cr_assert_float_eq(t.targets[0].percent, 99.99, 1e-9);
    cr_assert_eq(t.targets[0].window, SLA_WINDOW_MONTH);
    cr_assert_eq(t.targets[0].line, 1);
    sla_terms_release(&t);
}

Test(sla_extract, uptime_in_a_calendar_quarter)
{
    struct sla_terms t;
    extract("Intro.\n\nWe commit to 99.9% availability in any calendar quarter.\n", &t);
    cr_assert_eq(t.ntargets, 1);
    cr_assert_float_eq(t.targets[0].percent, 99.9, 1e-9);
    cr_assert_eq(t.targets[0].window, SLA_WINDOW_QUARTER);
    cr_assert_eq(t.targets[0].line, 3);
    sla_terms_release(&t);
}

Test(sla_extract, uptime_written_in_words_with_digits)
{
    struct sla_terms t;
    extract("The provider will deliver availability for at least ninety-nine and\nnine tenths "
            "percent (99.9%) of each calendar year.\n",
            &t);
    cr_assert_eq(t.ntargets, 1);
    cr_assert_float_eq(t.targets[0].percent, 99.9, 1e-9);
    cr_assert_eq(t.targets[0].window, SLA_WINDOW_YEAR);
    cr_assert_eq(t.targets[0].line, 2, "the figure stands on the second line");
    sla_terms_release(&t);
}

Test(sla_extract, uptime_stated_plainly_but_not_a_condition)
{
    struct sla_terms t;
    extract("Availability for multi-region deployments is 99.9%.\n\nIf the availability in a "
            "month is 98% the customer may claim.\n",
            &t);
    cr_assert_eq(t.ntargets, 1);
    cr_assert_float_eq(t.targets[0].percent, 99.9, 1e-9);
    sla_terms_release(&t);
}

Test(sla_extract, worked_examples_are_not_terms)
{
    struct sla_terms t;
    extract("Uptime of at least 99.9% per month.\n\n## Examples\n\nIf the uptime for the month is "
            "at least 99% you receive a credit of 10% when it is less than 99.9%.\n",
            &t);
    cr_assert_eq(t.ntargets, 1);
    cr_assert_eq(t.ntiers, 0);
    sla_terms_release(&t);
}

Test(sla_extract, band_less_than_but_equal_to_or_greater_than)
{
    struct sla_credit_tier c;
    one_band("less than 99.9% but equal to or greater than 99.0%", "10%", &c);
    cr_assert_float_eq(c.lower_percent, 99.0, 1e-9);
    cr_assert(c.lower_inclusive);
    cr_assert_float_eq(c.upper_percent, 99.9, 1e-9);
    cr_assert_not(c.upper_inclusive);
    cr_assert_float_eq(c.credit_percent, 10, 1e-9);
}

Test(sla_extract, band_with_symbols)
{
    struct sla_credit_tier c;
    one_band("≥ 99.0% and < 99.9%", "25%", &c);
    cr_assert_float_eq(c.lower_percent, 99.0, 1e-9);
    cr_assert(c.lower_inclusive);
    cr_assert_float_eq(c.upper_percent, 99.9, 1e-9);
    cr_assert_not(c.upper_inclusive);
    one_band("99.00% ≤ Availability < 99.90%", "15%", &c);
    cr_assert_float_eq(c.lower_percent, 99.0, 1e-9);
    cr_assert(c.lower_inclusive);
    cr_assert_float_eq(c.upper_percent, 99.9, 1e-9);
    cr_assert_not(c.upper_inclusive);
    one_band("99.9% > uptime > 99.0%", "5%", &c);
    cr_assert_not(c.lower_inclusive);
    cr_assert_not(c.upper_inclusive);
}

Test(sla_extract, band_as_range_keeps_both_ends)
{
    struct sla_credit_tier c;
    one_band("99.0% – 99.9%", "10%", &c);
    cr_assert_float_eq(c.lower_percent, 99.0, 1e-9);
    cr_assert_float_eq(c.upper_percent, 99.9, 1e-9);
    cr_assert(c.lower_inclusive && c.upper_inclusive, "a bare range includes both ends as written");
    one_band("99.95 to 99%", "10%", &c);
    cr_assert_float_eq(c.lower_percent, 99.0, 1e-9);
    cr_assert_float_eq(c.upper_percent, 99.95, 1e-9);
}

Test(sla_extract, band_open_below_and_or_less)
{
    struct sla_credit_tier c;
    one_band("Less than 95.0%", "100%", &c);
    cr_assert(isnan(c.lower_percent));
    cr_assert_float_eq(c.upper_percent, 95.0, 1e-9);
    cr_assert_not(c.upper_inclusive);
    one_band("98% or less", "30%", &c);
    cr_assert(isnan(c.lower_percent));
    cr_assert(c.upper_inclusive);
    one_band("below 90%", "ten percent (10%)", &c);
    cr_assert_float_eq(c.credit_percent, 10, 1e-9);
}

Test(sla_extract, credit_written_in_words)
{
    struct sla_credit_tier c;
    one_band("< 99.5%", "twenty-five percent (25%) of the monthly fee", &c);
    cr_assert_float_eq(c.credit_percent, 25, 1e-9);
    one_band("< 99.5%", "Compensate 15% of Monthly Service Fee", &c);
    cr_assert_float_eq(c.credit_percent, 15, 1e-9);
}

Test(sla_extract, tier_in_prose)
{
    struct sla_terms t;
    extract("- If Monthly Uptime is below 99.9% but at least 99.0%, you receive a Service "
            "Credit of 10%.\n",
            &t);
    cr_assert_eq(t.ntiers, 1);
    cr_assert_float_eq(t.tiers[0].lower_percent, 99.0, 1e-9);
    cr_assert_float_eq(t.tiers[0].upper_percent, 99.9, 1e-9);
    cr_assert_float_eq(t.tiers[0].credit_percent, 10, 1e-9);
    cr_assert_eq(t.ntargets, 0, "a band's bound is not a commitment");
    sla_terms_release(&t);
}

Test(sla_extract, claim_within_days_in_words)
{
    struct sla_terms t;
    extract("To receive a credit, the customer must submit a claim within thirty (30) days of "
            "the end of the month.\n",
            &t);
    cr_assert_eq(t.claim_deadline_days, 30);
    cr_assert_not_null(t.claim_deadline_text);
    sla_terms_release(&t);
}

Test(sla_extract, claim_by_end_of_billing_cycle_has_no_days)
{
    struct sla_terms t;
    extract("The credit request must be received by the end of the second billing cycle after "
            "the incident.\n",
            &t);
    cr_assert_eq(t.claim_deadline_days, -1);
    cr_assert_not_null(t.claim_deadline_text);
    cr_assert(strstr(t.claim_deadline_text, "second billing cycle"));
    sla_terms_release(&t);
}

Test(sla_extract, claim_in_months_keeps_words_only)
{
    struct sla_terms t;
    extract("Claims for compensation shall be filed no later than two (2) months after the end "
            "of the month.\n",
            &t);
    cr_assert_eq(t.claim_deadline_days, -1);
    cr_assert(strstr(t.claim_deadline_text, "two (2) months"));
    sla_terms_release(&t);
}

Test(sla_extract, cap_and_maintenance)
{
    struct sla_terms t;
    extract("Credits in any month shall not exceed 50% of the monthly fee.\n\nDowntime excludes "
            "scheduled maintenance announced with at least 48 hours' notice.\n",
            &t);
    cr_assert_float_eq(t.credit_cap_percent, 50, 1e-9);
    cr_assert(t.maintenance_excluded);
    cr_assert_float_eq(t.maintenance_notice_hours, 48, 1e-9);
    sla_terms_release(&t);
}

Test(sla_extract, maintenance_counted_is_not_excluded)
{
    struct sla_terms t;
    extract("Planned maintenance counts as downtime like any other unavailability.\n", &t);
    cr_assert_not(t.maintenance_excluded);
    sla_terms_release(&t);
}

Test(sla_extract, exclusions_listed_after_a_lead_in)
{
    struct sla_terms t;
    extract("The following are not counted as downtime:\n\n(1) scheduled maintenance;\n(2) "
            "events beyond our reasonable control;\n",
            &t);
    cr_assert_eq(t.nexclusions, 2);
    cr_assert_eq(t.exclusions[1].line, 4);
    cr_assert(t.maintenance_excluded);
    cr_assert_not_null(sla_terms_clause(&t, SLA_CLAUSE_CATCH_ALL_EXCLUSION));
    sla_terms_release(&t);
}

Test(sla_extract, response_table_and_coverage)
{
    struct sla_terms t;
    extract("## Support\n\n| Priority | Response | Resolution |\n|---|---|---|\n| P1 | 30 "
            "minutes | 4 hours |\n| P2 | 2 business hours | 3 business days |\n\nP1 support is "
            "24x7.\n",
            &t);
    cr_assert_eq(t.nresponse_times, 4);
    cr_assert_float_eq(t.response_times[0].minutes, 30, 1e-9);
    cr_assert_not(t.response_times[0].resolution);
    cr_assert(t.response_times[1].resolution);
    cr_assert_float_eq(t.response_times[3].minutes, 3 * 480, 1e-9);
    cr_assert(t.response_times[2].business_hours);
    cr_assert_eq(t.support_coverage, SLA_COVERAGE_24X7);
    sla_terms_release(&t);
}

Test(sla_extract, remedies_notice_and_objectives)
{
    struct sla_terms t;
    extract("Service credits are the sole and exclusive remedy. The customer may terminate if "
            "the commitment is missed in three consecutive months. We will notify you of any "
            "incident within 2 hours. RPO: 1 hour. RTO: 4 hours.\n",
            &t);
    cr_assert(t.sole_remedy);
    cr_assert(t.chronic_failure_termination);
    cr_assert_float_eq(t.incident_notice_hours, 2, 1e-9);
    cr_assert_float_eq(t.rpo_minutes, 60, 1e-9);
    cr_assert_float_eq(t.rto_minutes, 240, 1e-9);
    sla_terms_release(&t);
}

Test(sla_extract, fixed_width_table)
{
    struct sla_terms t;
    extract("Monthly uptime       Credit\n99.0% - 99.9%        10%\nBelow 99.0%          25%\n",
            &t);
    cr_assert_eq(t.ntiers, 2);
    cr_assert_float_eq(t.tiers[1].upper_percent, 99.0, 1e-9);
    cr_assert_float_eq(t.tiers[1].credit_percent, 25, 1e-9);
    cr_assert_eq(t.tiers[1].line, 3);
    sla_terms_release(&t);
}

Test(sla_extract, claim_in_billing_cycles_has_no_days)
{
    struct sla_terms t;
    extract("Credits must be claimed within 2 billing cycles of the incident.\n", &t);
    cr_assert_eq(t.claim_deadline_days, -1);
    cr_assert(strstr(t.claim_deadline_text, "2 billing cycles"));
    sla_terms_release(&t);
}

Test(sla_extract, maintenance_not_excluded_stays_downtime)
{
    struct sla_terms t;
    extract("Emergency maintenance is not excluded from downtime.\n", &t);
    cr_assert_not(t.maintenance_excluded);
    sla_terms_release(&t);
    extract("Downtime does not include Scheduled Downtime announced 5 days ahead.\n", &t);
    cr_assert(t.maintenance_excluded);
    cr_assert_float_eq(t.maintenance_notice_hours, 120, 1e-9);
    sla_terms_release(&t);
}

Test(sla_extract, tiers_in_clauses_of_one_sentence)
{
    struct sla_terms t;
    extract("If monthly availability falls short, the credit is 10% of the fee if it is below "
            "99.9%; 25% of the fee if below 99%; and 50% of the fee if below 95%.\n",
            &t);
    cr_assert_eq(t.ntiers, 3);
    cr_assert_float_eq(t.tiers[0].upper_percent, 99.9, 1e-9);
    cr_assert_float_eq(t.tiers[1].credit_percent, 25, 1e-9);
    cr_assert_float_eq(t.tiers[2].upper_percent, 95, 1e-9);
    sla_terms_release(&t);
}

Test(sla_extract, uptime_as_a_term_and_value_row)
{
    struct sla_terms t;
    extract("| Monthly uptime commitment | 99.95% |\n| Support | 24x7 |\n", &t);
    cr_assert_eq(t.ntargets, 1);
    cr_assert_float_eq(t.targets[0].percent, 99.95, 1e-9);
    cr_assert_eq(t.ntiers, 0);
    sla_terms_release(&t);
}

Test(sla_extract, band_from_up_to)
{
    struct sla_credit_tier c;
    one_band("from 99.0% up to 99.9%", "10%", &c);
    cr_assert_float_eq(c.lower_percent, 99.0, 1e-9);
    cr_assert(c.lower_inclusive);
    cr_assert_float_eq(c.upper_percent, 99.9, 1e-9);
    cr_assert(c.upper_inclusive);
}

Test(sla_text, html_tables_entities_and_lines)
{
    const char *html = "<html><body>\n<h1>Terms</h1>\n<p>Fees &amp; credits&nbsp;apply "
                       "&ge; now.</p>\n<table>\n<tr><td>99.0% &ndash; 99.9%</td><td>10%</td></tr>\n"
                       "</table>\n<script>ignored()</script></body></html>\n";
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(html, strlen(html), "x.html", &t, &d), SL_OK);
    cr_assert(t.html);
    bool row = false, para = false;
    for (size_t i = 0; i < t.nunits; i++) {
        const struct sla_unit *u = &t.units[i];
        if (u->kind == SLA_UNIT_ROW) {
            cr_assert_str_eq(u->text, "99.0% - 99.9%\t10%");
            cr_assert_eq(u->line, 5);
            row = true;
        }
        if (u->kind == SLA_UNIT_PARAGRAPH) {
            cr_assert_str_eq(u->text, "Fees & credits apply \xe2\x89\xa5 now.");
            para = true;
        }
        cr_assert_null(strstr(u->text, "ignored"));
    }
    cr_assert(row && para);
    sla_text_release(&t);
}

Test(sla_text, markdown_paragraph_lines_and_emphasis)
{
    const char *md = "# Title\n\nFirst **bold** line\nsecond [link](http://x) line\n";
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(md, strlen(md), "x.md", &t, &d), SL_OK);
    cr_assert_eq(t.nunits, 2);
    cr_assert_eq(t.units[0].kind, SLA_UNIT_HEADING);
    cr_assert_str_eq(t.units[1].text, "First bold line second link line");
    cr_assert_eq(sla_text_line_at(&t.units[1], 0), 3);
    cr_assert_eq(sla_text_line_at(&t.units[1], 20), 4);
    sla_text_release(&t);
}

/* ---- the documents of tests/data/sla ---------------------------------- */

static void
expect_number(const struct json_node *exp, const char *key, double got, const char *doc)
{
    struct json_node *n = jsondoc_get(exp, key);
    double want;
    if (!n)
        return;
    if (jsondoc_kind(n) == JNODE_NULL) {
        cr_expect(isnan(got), "%s: %s should be absent, got %g", doc, key, got);
        return;
    }
    cr_assert(jsondoc_number(n, &want));
    cr_expect(fabs(got - want) < 1e-9, "%s: %s = %g, expected %g", doc, key, got, want);
}

static void
expect_bool(const struct json_node *exp, const char *key, bool got, const char *doc)
{
    bool want;
    if (jsondoc_bool(jsondoc_get(exp, key), &want))
        cr_expect_eq(got, want, "%s: %s", doc, key);
}

static void
check_document(const char *dir, const char *doc, const char *expected)
{
    char path[512], exp_path[512];
    snprintf(path, sizeof path, "%s/%s", dir, doc);
    snprintf(exp_path, sizeof exp_path, "%s/%s", dir, expected);
    FILE *f = fopen(exp_path, "rb");
    cr_assert_not_null(f, "%s", exp_path);
    struct json_node *exp;
    struct sl_diag d = {0};
    cr_assert_eq(jsondoc_load_file(f, exp_path, &exp, &d), SL_OK, "%s", d.message);
    fclose(f);
    struct sla_terms t;
    sla_terms_init(&t);
    cr_assert_eq(sla_extract_file(path, &t, &d), SL_OK, "%s", d.message);

    struct json_node *targets = jsondoc_get(exp, "uptime_targets");
    cr_expect_eq(t.ntargets, jsondoc_size(targets), "%s: uptime targets", doc);
    for (size_t i = 0; i < t.ntargets && i < jsondoc_size(targets); i++) {
        double p;
        jsondoc_number(jsondoc_get(jsondoc_at(targets, i), "percent"), &p);
        cr_expect_float_eq(t.targets[i].percent, p, 1e-9, "%s: target %zu", doc, i);
        const char *w = jsondoc_get_string(jsondoc_at(targets, i), "window");
        cr_expect_str_eq(sla_window_name(t.targets[i].window), w, "%s: window", doc);
    }
    struct json_node *tiers = jsondoc_get(exp, "credit_tiers");
    cr_expect_eq(t.ntiers, jsondoc_size(tiers), "%s: %zu tiers", doc, t.ntiers);
    for (size_t i = 0; i < t.ntiers && i < jsondoc_size(tiers); i++) {
        struct json_node *e = jsondoc_at(tiers, i);
        char what[320];
        snprintf(what, sizeof what, "%s tier %zu", doc, i);
        expect_number(e, "lower_percent", t.tiers[i].lower_percent, what);
        expect_number(e, "upper_percent", t.tiers[i].upper_percent, what);
        expect_number(e, "credit_percent", t.tiers[i].credit_percent, what);
        if (!isnan(t.tiers[i].lower_percent))
            expect_bool(e, "lower_inclusive", t.tiers[i].lower_inclusive, what);
        expect_bool(e, "upper_inclusive", t.tiers[i].upper_inclusive, what);
    }
    expect_number(exp, "credit_cap_percent", t.credit_cap_percent, doc);
    expect_number(exp, "claim_deadline_days",
                  t.claim_deadline_days < 0 ? NAN : (double)t.claim_deadline_days, doc);
    expect_bool(exp, "claim_deadline_text", t.claim_deadline_text != NULL, doc);
    expect_bool(exp, "maintenance_excluded", t.maintenance_excluded, doc);
    expect_number(exp, "maintenance_notice_hours", t.maintenance_notice_hours, doc);
    expect_number(exp, "incident_notice_hours", t.incident_notice_hours, doc);
    expect_number(exp, "rpo_minutes", t.rpo_minutes, doc);
    expect_number(exp, "rto_minutes", t.rto_minutes, doc);
    expect_number(exp, "response_times", (double)t.nresponse_times, doc);
    expect_number(exp, "exclusions", (double)t.nexclusions, doc);
    expect_bool(exp, "sole_remedy", t.sole_remedy, doc);
    expect_bool(exp, "chronic_failure_termination", t.chronic_failure_termination, doc);
    const char *provider = jsondoc_get_string(exp, "provider");
    if (provider)
        cr_expect_str_eq(t.provider ? t.provider : "(none)", provider, "%s: provider", doc);
    const char *coverage = jsondoc_get_string(exp, "support_coverage");
    if (coverage)
        cr_expect_str_eq(sla_coverage_name(t.support_coverage), coverage, "%s", doc);
    struct sla_band_issue *issues;
    size_t nissues;
    cr_assert_eq(sla_band_issues(&t, &issues, &nissues), SL_OK);
    expect_number(exp, "tier_issues", (double)nissues, doc);
    free(issues);
    sla_terms_release(&t);
    jsondoc_free(exp);
}

Test(sla_extract, documents_match_their_hand_written_terms)
{
    const char *dir = "data/sla";
    DIR *d = opendir(dir);
    cr_assert_not_null(d, "run from tests/");
    struct dirent *e;
    int checked = 0;
    while ((e = readdir(d))) {
        const char *dot = strrchr(e->d_name, '.');
        if (e->d_name[0] == '.' || !dot || strstr(e->d_name, ".expected.json") ||
            !strcmp(dot, ".json"))
            continue;
        char expected[300];
        snprintf(expected, sizeof expected, "%.*s.expected.json", (int)(dot - e->d_name),
                 e->d_name);
        check_document(dir, e->d_name, expected);
        checked++;
    }
    closedir(d);
    cr_assert_geq(checked, 4, "the four styles: Markdown, HTML, prose, tab-separated");
}

Test(sla_json, round_trip_keeps_every_term)
{
    struct sla_terms t, back;
    struct sl_diag d = {0};
    sla_terms_init(&t);
    cr_assert_eq(sla_extract_file("data/sla/acme-gpu.md", &t, &d), SL_OK, "%s", d.message);
    struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
    cr_assert_eq(sla_json_write(&a, &t, 1), SL_OK);
    sla_terms_init(&back);
    cr_assert_eq(sla_json_read(a.buf, a.len, "terms.json", &back, &d), SL_OK, "%s", d.message);
    cr_assert_eq(sla_json_write(&b, &back, 1), SL_OK);
    cr_assert_str_eq(a.buf, b.buf);
    strbuf_release(&a);
    strbuf_release(&b);
    sla_terms_release(&t);
    sla_terms_release(&back);
}

Test(sla_json, wrong_type_is_an_error_with_its_name)
{
    struct sla_terms t;
    struct sl_diag d = {0};
    const char *bad = "{\"credit_cap_percent\": \"ten\"}";
    sla_terms_init(&t);
    cr_assert_eq(sla_json_read(bad, strlen(bad), "x.json", &t, &d), SL_ERR_INPUT);
    cr_assert(strstr(d.message, "credit_cap_percent"), "%s", d.message);
}
