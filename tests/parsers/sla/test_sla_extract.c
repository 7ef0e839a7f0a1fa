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

#include "engine/base/jsondoc.h"
#include "engine/sla/sla_json.h"
#include "engine/sla/sla_score.h"
#include "parsers/sla/sla_extract.h"
#include "parsers/sla/sla_text.h"

static void
extract(const char *doc, struct sla_terms *t)
{
    struct sla_text text;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(doc, strlen(doc), "test.md", &text, &d), SL_OK, "%s", d.message);
    sla_terms_init(t);
    cr_assert_eq(sla_extract_text(&text, "test.md", 0, t, &d), SL_OK, "%s", d.message);
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

Test(sla_extract, uptime_under_its_many_names)
{
    static const struct {
        const char *text;
        double percent;
    } cases[] = {
        {"Orbital will maintain an Availability Level of 99.9% per billing month.\n", 99.9},
        {"Quillon commits to a Service Availability of 99.95% each calendar quarter.\n", 99.95},
        {"The Transit Service has an Uptime Commitment of 99.99% in any 30-day period.\n", 99.99},
        {"Vesper offers the service with a monthly availability of 99.95 percent.\n", 99.95},
        {"**Availability Level: 99.5% per calendar year.**\n", 99.5},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct sla_terms t;
        extract(cases[i].text, &t);
        cr_assert_eq(t.ntargets, 1, "%s", cases[i].text);
        cr_assert_float_eq(t.targets[0].percent, cases[i].percent, 1e-9, "%s", cases[i].text);
        sla_terms_release(&t);
    }
}

Test(sla_extract, uptime_definition_is_not_a_commitment)
{
    struct sla_terms t;
    extract("\"Monthly Uptime Percentage\" is 100% minus the percentage of minutes in Downtime.\n",
            &t);
    cr_assert_eq(t.ntargets, 0);
    sla_terms_release(&t);
}

Test(sla_extract, windows_billing_quarter_and_rolling)
{
    static const struct {
        const char *text;
        enum sla_window window;
    } cases[] = {
        {"We commit to an Availability Level of 99.9% per billing month.\n", SLA_WINDOW_MONTH},
        {"We commit to a Service Availability of 99.9% each calendar quarter.\n",
         SLA_WINDOW_QUARTER},
        {"We commit to an Uptime Commitment of 99.9% in any 30-day period.\n", SLA_WINDOW_MONTH},
        {"We commit to an Uptime Commitment of 99.9% over any 90-day period.\n",
         SLA_WINDOW_QUARTER},
        {"We commit to an Uptime Commitment of 99.9% over any 365-day period.\n", SLA_WINDOW_YEAR},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct sla_terms t;
        extract(cases[i].text, &t);
        cr_assert_eq(t.ntargets, 1, "%s", cases[i].text);
        cr_assert_eq(t.targets[0].window, cases[i].window, "%s", cases[i].text);
        sla_terms_release(&t);
    }
}

Test(sla_extract, band_with_a_variable_between_bounds)
{
    struct sla_credit_tier c;
    one_band("99.0% ≤ x < 99.9%", "10%", &c);
    cr_assert_float_eq(c.lower_percent, 99.0, 1e-9);
    cr_assert(c.lower_inclusive);
    cr_assert_float_eq(c.upper_percent, 99.9, 1e-9);
    cr_assert_not(c.upper_inclusive);
}

Test(sla_extract, band_from_to_less_than_and_between)
{
    struct sla_credit_tier c;
    one_band("from 99.0% to less than 99.9%", "10 per cent", &c);
    cr_assert_float_eq(c.lower_percent, 99.0, 1e-9);
    cr_assert(c.lower_inclusive);
    cr_assert_float_eq(c.upper_percent, 99.9, 1e-9);
    cr_assert_not(c.upper_inclusive);
    cr_assert_float_eq(c.credit_percent, 10, 1e-9);
    one_band("Between 95.00% and 98.99%", "ten percent (10%)", &c);
    cr_assert_float_eq(c.lower_percent, 95.0, 1e-9);
    cr_assert_float_eq(c.upper_percent, 98.99, 1e-9);
    cr_assert(c.lower_inclusive && c.upper_inclusive);
    cr_assert_float_eq(c.credit_percent, 10, 1e-9);
}

Test(sla_extract, credit_as_a_share_of_fees)
{
    struct sla_credit_tier c;
    one_band("< 99.9%", "10% of monthly service fees", &c);
    cr_assert_float_eq(c.credit_percent, 10, 1e-9);
    one_band("< 99.9%", "25% of the fees paid for the affected service", &c);
    cr_assert_float_eq(c.credit_percent, 25, 1e-9);
}

Test(sla_extract, upper_bounds_on_successive_rows_are_a_ladder)
{
    struct sla_terms t;
    extract("| Monthly availability | Credit |\n|---|---|\n| < 99.9% | 10% |\n| < 99% | 25% |\n"
            "| < 95% | 100% |\n",
            &t);
    cr_assert_eq(t.ntiers, 3);
    cr_assert_float_eq(t.tiers[0].lower_percent, 99, 1e-9);
    cr_assert(t.tiers[0].lower_inclusive, "'< 99%%' below leaves 99%% to the row above");
    cr_assert_float_eq(t.tiers[1].lower_percent, 95, 1e-9);
    cr_assert(isnan(t.tiers[2].lower_percent));
    struct sla_band_issue *issues;
    size_t n;
    cr_assert_eq(sla_score_band_issues(&t, &issues, &n), SL_OK);
    cr_assert_eq(n, 0);
    free(issues);
    sla_terms_release(&t);
}

Test(sla_extract, tier_items_after_a_credit_lead_in)
{
    struct sla_terms t;
    extract("If the Uptime Commitment is missed, we will credit the Customer as follows:\n\n"
            "(a) Between 99.00% and 99.98%: ten percent (10%) of the monthly charges;\n"
            "(b) Below 99.00%: fifty percent (50%) of the monthly charges.\n",
            &t);
    cr_assert_eq(t.ntiers, 2);
    cr_assert_float_eq(t.tiers[0].upper_percent, 99.98, 1e-9);
    cr_assert_float_eq(t.tiers[0].credit_percent, 10, 1e-9);
    cr_assert_float_eq(t.tiers[1].credit_percent, 50, 1e-9);
    cr_assert_eq(t.tiers[1].line, 4);
    sla_terms_release(&t);
}

Test(sla_extract, a_step_below_the_target_is_not_a_band)
{
    struct sla_terms t;
    extract("Where availability falls short, we credit 10 per cent of the fees for each full "
            "0.5% below it.\n",
            &t);
    cr_assert_eq(t.ntiers, 0);
    sla_terms_release(&t);
}

Test(sla_extract, caps_in_percent_and_in_days_of_fees)
{
    struct sla_terms t;
    extract("The total of credits in a billing month shall not exceed 50% of the monthly "
            "service fees.\n",
            &t);
    cr_assert_float_eq(t.credit_cap_percent, 50, 1e-9);
    sla_terms_release(&t);
    extract("The maximum aggregate credit in any month shall be equal to 30 days of fees for "
            "the affected circuit.\n",
            &t);
    cr_assert_float_eq(t.credit_cap_percent, 100, 1e-9);
    sla_terms_release(&t);
    extract("Credits are capped at fifteen (15) days of service fees.\n", &t);
    cr_assert_float_eq(t.credit_cap_percent, 50, 1e-9);
    sla_terms_release(&t);
}

Test(sla_extract, claim_deadlines_in_cycles_months_and_business_days)
{
    struct sla_terms t;
    extract("The Customer must request a credit no later than the end of the second billing "
            "cycle after the incident.\n",
            &t);
    cr_assert_eq(t.claim_deadline_days, -1);
    cr_assert(strstr(t.claim_deadline_text, "second billing cycle"));
    sla_terms_release(&t);
    extract("Credits must be requested within two (2) months of the end of the quarter.\n", &t);
    cr_assert_eq(t.claim_deadline_days, -1);
    cr_assert(strstr(t.claim_deadline_text, "two (2) months"));
    sla_terms_release(&t);
    extract("The Customer must claim a credit within 15 business days after the end of the "
            "month.\n",
            &t);
    cr_assert_eq(t.claim_deadline_days, 15);
    sla_terms_release(&t);
}

Test(sla_extract, planned_and_emergency_maintenance)
{
    struct sla_terms t;
    extract("\"Planned Maintenance\" means work announced with at least five\n(5) business "
            "days' notice. Planned Maintenance is excluded from the Availability Level.\n\n"
            "Emergency Maintenance is also excluded from the Availability Level.\n",
            &t);
    cr_assert(t.maintenance_excluded);
    cr_assert_float_eq(t.maintenance_notice_hours, 120, 1e-9,
                       "five business days' notice, wrapped before '(5)'");
    cr_assert_eq(t.nexclusions, 2);
    cr_assert_str_eq(t.exclusions[0].text, "Planned Maintenance");
    cr_assert_str_eq(t.exclusions[1].text, "Emergency Maintenance");
    cr_assert_not_null(sla_terms_clause(&t, SLA_CLAUSE_CATCH_ALL_EXCLUSION),
                       "uncapped emergency maintenance is open-ended");
    sla_terms_release(&t);
    extract("Maintenance windows are announced 7 days in advance and do not count toward "
            "downtime.\n",
            &t);
    cr_assert(t.maintenance_excluded, "'do not count toward downtime' excludes");
    sla_terms_release(&t);
}

Test(sla_extract, minimum_countable_outage_in_consecutive_minutes)
{
    struct sla_terms t;
    extract("\"Downtime\" means a period of at least five (5) consecutive minutes during which "
            "the service returns errors.\n",
            &t);
    const struct sla_clause *c = sla_terms_clause(&t, SLA_CLAUSE_MIN_OUTAGE);
    cr_assert_not_null(c);
    cr_assert_float_eq(c->value, 5, 1e-9);
    sla_terms_release(&t);
}

Test(sla_extract, coverage_in_its_own_column)
{
    struct sla_terms t;
    extract("| Severity | Response time | Coverage |\n|---|---|---|\n| Severity 1 | 30 minutes | "
            "24x7 |\n| Severity 3 | 1 business day | business hours |\n",
            &t);
    cr_assert_eq(t.nresponse_times, 2);
    cr_assert_eq(t.support_coverage, SLA_COVERAGE_24X7);
    struct sla_flag f;
    cr_assert_not(sla_score_flag(&t, "SLA-009", &f), "Sev-1 is 24x7: %s", f.detail);
    sla_terms_release(&t);
}

Test(sla_extract, recovery_objectives_chronic_failure_and_notice)
{
    struct sla_terms t;
    extract("Copies are kept with a Recovery Point Objective of 1 hour.\n\nRTO: 4 hours.\n\n"
            "If Availability falls below the target in three (3) consecutive months, Customer "
            "may terminate the subscription.\n\nOrbital will notify Customer within twenty-four "
            "(24) hours of becoming aware of a security incident.\n",
            &t);
    cr_assert_float_eq(t.rpo_minutes, 60, 1e-9);
    cr_assert_float_eq(t.rto_minutes, 240, 1e-9);
    cr_assert(t.chronic_failure_termination);
    cr_assert_float_eq(t.incident_notice_hours, 24, 1e-9);
    cr_assert_eq(t.ntargets, 0, "'falls below the target' is a condition");
    sla_terms_release(&t);
}

Test(sla_extract, does_not_apply_to_names_the_exclusion)
{
    struct sla_terms t;
    extract("## Exclusions\n\nThis SLA does not apply to unavailability caused by the "
            "Customer's own software.\n",
            &t);
    cr_assert_eq(t.nexclusions, 1);
    cr_assert_str_eq(t.exclusions[0].text, "unavailability caused by the Customer's own software");
    sla_terms_release(&t);
}

Test(sla_text, html_rowspan_and_colspan_fill_their_cells)
{
    const char *html = "<html><body><p>x</p><p>y</p>\n<table>\n"
                       "<tr><th rowspan=\"2\">Priority</th><th colspan=\"2\">Response</th></tr>\n"
                       "<tr><th>Standard</th><th>Premium</th></tr>\n"
                       "<tr><td>P1</td><td>1 hour</td><td>15 minutes</td></tr>\n"
                       "<tr><td>P3<td colspan=2>2 days\n</table></body></html>\n";
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(html, strlen(html), "x.html", &t, &d), SL_OK);
    const char *want[] = {"Priority\tResponse\tResponse", "Priority\tStandard\tPremium",
                          "P1\t1 hour\t15 minutes", "P3\t2 days\t2 days"};
    size_t rows = 0;
    for (size_t i = 0; i < t.nunits; i++) {
        if (t.units[i].kind != SLA_UNIT_ROW)
            continue;
        cr_assert_lt(rows, 4);
        cr_assert_str_eq(t.units[i].text, want[rows]);
        rows++;
    }
    cr_assert_eq(rows, 4);
    sla_text_release(&t);
}

Test(sla_text, thead_and_tbody_keep_one_table)
{
    const char *html = "<html><body><p>a</p><table><thead><tr><th>Uptime</th><th>Credit</th>"
                       "</tr></thead>\n<tbody><tr><td>&lt; 99%</td><td>10%</td></tr></tbody>"
                       "</table></body></html>\n";
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(html, strlen(html), "x.html", &t, &d), SL_OK);
    int table = -1;
    for (size_t i = 0; i < t.nunits; i++) {
        if (t.units[i].kind != SLA_UNIT_ROW)
            continue;
        if (table < 0)
            table = t.units[i].table;
        cr_assert_eq(t.units[i].table, table, "header and body rows are one table");
    }
    sla_text_release(&t);
}

Test(sla_text, a_wrapped_figure_is_not_a_list_item)
{
    const char *md = "Notice of at least five\n(5) business days is given.\n\n(a) an item\n";
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(md, strlen(md), "x.md", &t, &d), SL_OK);
    cr_assert_eq(t.nunits, 2);
    cr_assert_eq(t.units[0].kind, SLA_UNIT_PARAGRAPH);
    cr_assert_str_eq(t.units[0].text, "Notice of at least five (5) business days is given.");
    cr_assert_eq(t.units[1].kind, SLA_UNIT_ITEM);
    sla_text_release(&t);
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

Test(sla_text, block_tree_levels_depths_and_header_rows)
{
    const char *md = "## Credits\n\n- outer\n  - inner\n\nUptime | Credit\n--- | ---\n< 99.9% | "
                     "10%\n\n<table><tr><th>A</th><th>B</th></tr><tr><td rowspan=\"2\">x</td>"
                     "<td>1</td></tr><tr><td>2</td></tr></table>\n";
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(md, strlen(md), "x.md", &t, &d), SL_OK);
    cr_assert_eq(t.nunits, 8);
    cr_assert_eq(t.units[0].kind, SLA_UNIT_HEADING);
    cr_assert_eq(t.units[0].level, 2);
    cr_assert_eq(t.units[1].kind, SLA_UNIT_ITEM);
    cr_assert_str_eq(t.units[1].text, "outer");
    cr_assert_eq(t.units[1].level, 1);
    cr_assert_eq(t.units[2].level, 2);
    /* A pipe table without outer pipes: a header row, then a body row. */
    cr_assert_eq(t.units[3].kind, SLA_UNIT_ROW);
    cr_assert(t.units[3].header);
    cr_assert_str_eq(t.units[4].text, "< 99.9%\t10%");
    cr_assert_eq(t.units[4].line, 8);
    cr_assert_not(t.units[4].header);
    cr_assert_neq(t.units[4].table, t.units[5].table);
    /* An HTML table inside Markdown, its rowspan carried into the next row. */
    cr_assert(t.units[5].header);
    cr_assert_str_eq(t.units[7].text, "x\t2");
    cr_assert_eq(t.units[0].heading, -1);
    cr_assert_eq(t.units[7].heading, 0);
    sla_text_release(&t);
}

Test(sla_text, html_entities_breaks_and_colspan)
{
    const char *html = "<html><body><h3>Terms</h3><p>Credits &amp; caps<br>apply</p><table><tr>"
                       "<td colspan=\"2\">all</td><td>3 &lt; 4</td></tr></table></body></html>";
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(html, strlen(html), "x.html", &t, &d), SL_OK);
    cr_assert_eq(t.nunits, 3);
    cr_assert_eq(t.units[0].level, 3);
    cr_assert_str_eq(t.units[1].text, "Credits & caps apply");
    cr_assert_str_eq(t.units[2].text, "all\tall\t3 < 4");
    sla_text_release(&t);
}

Test(sla_text, unreadable_front_matter_is_left_alone)
{
    const char *md = "---\nprovider: [unclosed\n---\n\nUptime is at least 99.9% a month.\n";
    struct sla_terms t;
    extract(md, &t);
    cr_assert_null(t.provider);
    cr_assert_eq(t.ntargets, 1);
    cr_assert_eq(t.targets[0].line, 5);
    sla_terms_release(&t);
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
expect_text(const struct json_node *exp, const char *key, const char *got, const char *what)
{
    struct json_node *n = jsondoc_get(exp, key);
    if (!n)
        return;
    if (jsondoc_kind(n) == JNODE_NULL)
        cr_expect_null(got, "%s: %s should be absent, got %s", what, key, got);
    else
        cr_expect_str_eq(got ? got : "(none)", jsondoc_string(n), "%s: %s", what, key);
}

/* The commitment side of a target: measure, scope_of, the number of
 * eligibility conditions; each only when the expected terms name it. */
static void
expect_commitment(const struct json_node *e, const struct sla_uptime_target *u, const char *doc,
                  size_t i)
{
    char what[320];
    snprintf(what, sizeof what, "%s target %zu", doc, i);
    expect_text(e, "measure", sla_measure_name(u->measure), what);
    struct json_node *of = jsondoc_get(e, "scope_of");
    if (of) {
        expect_text(of, "service", u->scope_service, what);
        expect_text(of, "region", u->scope_region, what);
        expect_text(of, "plan", u->scope_plan, what);
        expect_text(of, "operation", u->scope_operation, what);
    }
    expect_number(e, "eligibility", (double)u->neligibility, what);
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
    cr_assert_eq(sla_extract_file(path, 0, &t, &d), SL_OK, "%s", d.message);

    struct json_node *targets = jsondoc_get(exp, "uptime_targets");
    cr_expect_eq(t.ntargets, jsondoc_size(targets), "%s: uptime targets", doc);
    for (size_t i = 0; i < t.ntargets && i < jsondoc_size(targets); i++) {
        double p;
        jsondoc_number(jsondoc_get(jsondoc_at(targets, i), "percent"), &p);
        cr_expect_float_eq(t.targets[i].percent, p, 1e-9, "%s: target %zu", doc, i);
        /* A window of null: the document states none. */
        const char *w = jsondoc_get_string(jsondoc_at(targets, i), "window");
        cr_expect_eq(t.targets[i].window_unstated, !w, "%s: window stated", doc);
        if (w)
            cr_expect_str_eq(sla_window_name(t.targets[i].window), w, "%s: window", doc);
        char what[320];
        snprintf(what, sizeof what, "%s target %zu", doc, i);
        expect_text(jsondoc_at(targets, i), "scope", t.targets[i].scope, what);
        expect_commitment(jsondoc_at(targets, i), &t.targets[i], doc, i);
    }
    expect_bool(exp, "target_implied", t.target_implied, doc);
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
        const char *commitment = jsondoc_get_string(e, "commitment");
        if (commitment) {
            char id[24];
            snprintf(id, sizeof id, "c%ld", sla_terms_tier_commitment(&t, i) + 1);
            cr_expect_str_eq(id, commitment, "%s: commitment", what);
        }
    }
    expect_number(exp, "durability_percent", t.durability_percent, doc);
    expect_number(exp, "credit_cap_percent", t.credit_cap_percent, doc);
    expect_number(exp, "claim_deadline_days",
                  t.claim_deadline_days < 0 ? NAN : (double)t.claim_deadline_days, doc);
    expect_bool(exp, "claim_deadline_text", t.claim_deadline_text != NULL, doc);
    struct json_node *claim = jsondoc_get(exp, "claim_deadline");
    if (claim && jsondoc_kind(claim) == JNODE_OBJECT) {
        const char *unit = sla_claim_unit_name(t.claim_deadline_unit);
        double want;
        cr_expect(unit && jsondoc_number(jsondoc_get(claim, unit), &want) &&
                      want == t.claim_deadline_amount,
                  "%s: claim deadline in %s", doc, unit ? unit : "no unit");
        expect_number(claim, "line", (double)t.claim_deadline_line, doc);
    }
    struct json_node *kinds = jsondoc_get(exp, "clause_kinds");
    for (size_t i = 0; kinds && i < jsondoc_size(kinds); i++) {
        enum sla_clause_kind k;
        cr_assert(sla_clause_parse(jsondoc_string(jsondoc_at(kinds, i)), &k), "%s", doc);
        cr_expect_not_null(sla_terms_clause(&t, k), "%s: clause %s", doc, sla_clause_name(k));
    }
    expect_bool(exp, "maintenance_excluded", t.maintenance_excluded, doc);
    expect_number(exp, "maintenance_notice_hours", t.maintenance_notice_hours, doc);
    expect_number(exp, "incident_notice_hours", t.incident_notice_hours, doc);
    expect_number(exp, "rpo_minutes", t.rpo_minutes, doc);
    expect_number(exp, "rto_minutes", t.rto_minutes, doc);
    expect_number(exp, "response_times", (double)t.nresponse_times, doc);
    expect_number(exp, "exclusions", (double)t.nexclusions, doc);
    const struct sla_clause *min_outage = sla_terms_clause(&t, SLA_CLAUSE_MIN_OUTAGE);
    expect_number(exp, "min_outage_minutes", min_outage ? min_outage->value : NAN, doc);
    expect_bool(exp, "catch_all_exclusion",
                sla_terms_clause(&t, SLA_CLAUSE_CATCH_ALL_EXCLUSION) != NULL, doc);
    expect_bool(exp, "sole_remedy", t.sole_remedy, doc);
    expect_bool(exp, "chronic_failure_termination", t.chronic_failure_termination, doc);
    const char *provider = jsondoc_get_string(exp, "provider");
    if (provider)
        cr_expect_str_eq(t.provider ? t.provider : "(none)", provider, "%s: provider", doc);
    const char *service = jsondoc_get_string(exp, "service");
    if (service)
        cr_expect_str_eq(t.service ? t.service : "(none)", service, "%s: service", doc);
    const char *language = jsondoc_get_string(exp, "language");
    if (language)
        cr_expect_str_eq(t.language, language, "%s: language", doc);
    const char *effective = jsondoc_get_string(exp, "effective_date");
    if (effective)
        cr_expect_str_eq(t.effective_date ? t.effective_date : "(none)", effective,
                         "%s: effective date", doc);
    const char *coverage = jsondoc_get_string(exp, "support_coverage");
    if (coverage)
        cr_expect_str_eq(sla_coverage_name(t.support_coverage), coverage, "%s", doc);
    struct sla_band_issue *issues;
    size_t nissues;
    cr_assert_eq(sla_score_band_issues(&t, &issues, &nissues), SL_OK);
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
    cr_assert_geq(checked, 10, "Markdown, HTML, prose, tab-separated, each more than once");
}

/* Terms written as JSON and read back write the same JSON: the document
 * path, and whether its first target states its window. */
static const struct {
    const char *path;
    bool window_unstated;
} round_trips[] = {
    {"data/sla/acme-gpu.md", false},
    {"data/sla/window-unstated.md", true},
};

Test(sla_json, round_trip_keeps_every_term)
{
    for (size_t i = 0; i < sizeof round_trips / sizeof round_trips[0]; i++) {
        struct sla_terms t, back;
        struct sl_diag d = {0};
        sla_terms_init(&t);
        cr_assert_eq(sla_extract_file(round_trips[i].path, 0, &t, &d), SL_OK, "%s", d.message);
        struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
        cr_assert_eq(sla_json_write(&a, &t, 1), SL_OK);
        sla_terms_init(&back);
        cr_assert_eq(sla_json_read(a.buf, a.len, "terms.json", &back, &d), SL_OK, "%s", d.message);
        cr_assert_eq(sla_json_write(&b, &back, 1), SL_OK);
        cr_assert_str_eq(a.buf, b.buf, "%s", round_trips[i].path);
        cr_assert_eq(back.targets[0].window_unstated, round_trips[i].window_unstated, "%s",
                     round_trips[i].path);
        /* Unstated, the contract measure takes the month. */
        cr_assert_eq(back.targets[0].window, SLA_WINDOW_MONTH, "%s", round_trips[i].path);
        strbuf_release(&a);
        strbuf_release(&b);
        sla_terms_release(&t);
        sla_terms_release(&back);
    }
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

Test(sla_text, every_unit_has_a_line_to_quote)
{
    /* Text the line reader drops (inside <head>, no closing tag, no newline)
     * that the HTML reader still reads as a paragraph on line 1. */
    const char *html = "<head>98% uptime";
    struct sla_text t;
    struct sl_diag d = {0};
    cr_assert_eq(sla_text_parse(html, strlen(html), "x.html", &t, &d), SL_OK);
    cr_assert_gt(t.nunits, 0);
    for (size_t i = 0; i < t.nunits; i++) {
        cr_assert_geq(t.units[i].line, 1);
        cr_assert_leq((size_t)t.units[i].line, t.nlines, "unit on line %ld of %zu", t.units[i].line,
                      t.nlines);
        cr_assert_not_null(t.lines[t.units[i].line - 1]);
    }
    sla_text_release(&t);
}

/* A downtime definition that leaves partial service out says so in several
 * ways; a sentence that counts it, or that is about something else, is no
 * exclusion. */
Test(sla_extract, partial_service_said_not_to_be_downtime)
{
    static const char *const excluded[] = {
        "Degraded performance, elevated latency or partial loss of capacity is not Downtime.\n",
        "Partial outages shall not be considered Downtime.\n",
        "Periods of reduced performance do not count as downtime.\n",
        "Downtime does not include periods of degraded or slow service.\n",
        "Intermittent errors affecting some requests are not unavailability.\n",
    };
    static const char *const not_excluded[] = {
        "Partial outages count as downtime.\n",
        "The service is not available during maintenance.\n",
        "Degraded performance is reported on the status page within 30 minutes.\n",
    };
    for (size_t i = 0; i < sizeof excluded / sizeof *excluded; i++) {
        struct sla_terms t;
        extract(excluded[i], &t);
        const struct sla_clause *c = sla_terms_clause(&t, SLA_CLAUSE_PARTIAL_EXCLUDED);
        cr_assert_not_null(c, "not read as an exclusion: %s", excluded[i]);
        cr_assert_eq(c->line, 1);
        sla_terms_release(&t);
    }
    for (size_t i = 0; i < sizeof not_excluded / sizeof *not_excluded; i++) {
        struct sla_terms t;
        extract(not_excluded[i], &t);
        cr_assert_null(sla_terms_clause(&t, SLA_CLAUSE_PARTIAL_EXCLUDED),
                       "read as an exclusion: %s", not_excluded[i]);
        sla_terms_release(&t);
    }
}

Test(sla_text, a_fenced_block_is_quoted_text_not_terms)
{
    /* Program output quoted in a README: its figures commit to nothing; an
     * indented block is still plain text that is read. */
    const char *md = "# Results\n\n```console\n$ tool eval\nservice  avail\napi      "
                     "100%\nUptime is at least 99.9% a month.\n```\n\n    Uptime is at least "
                     "99.5% a month.\n";
    struct sla_terms t;
    extract(md, &t);
    cr_assert_eq(t.ntargets, 1);
    cr_assert_float_eq(t.targets[0].percent, 99.5, 1e-9);
    cr_assert_eq(t.targets[0].line, 10);
    sla_terms_release(&t);
}
