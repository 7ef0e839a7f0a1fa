/* test_sla_out.c — what `slaudit sla` shows (reports/text/sla_out.c): the
 * scorecard and the replay to the character, the terms of a document with
 * none found, and the JSON of a score with and without a replay. */
#include <criterion/criterion.h>

#include <math.h>
#include <string.h>

#include "reports/text/sla_out.h"

static struct sla_terms terms;
static struct sla_scorecard card;
static struct sla_allowed_downtime allowed = {.percent = 99.9,
                                              .window = "month",
                                              .month_minutes = 43.8,
                                              .quarter_minutes = 131.4,
                                              .year_minutes = 525.6,
                                              .line = 4};
static struct sla_replay_window windows[1];
static struct sla_replay replay;

static void
setup(void)
{
    sla_terms_init(&terms);
    terms.document = "acme-sla.md";
    memset(&card, 0, sizeof card);
    card.total = 67.4;
    card.criteria[0] =
        (struct sla_criterion){"uptime", "Uptime level and window", 15, 11, "99.9 % per month", 4};
    card.criteria[1] = (struct sla_criterion){"coverage", "24x7 coverage", 6, 0, "not stated", 0};
    card.ncriteria = 2;
    card.flags[0] = (struct sla_flag){
        "SLA-005",           "medium", "open-ended exclusion", "an exclusion without limits", 9,
        "beyond our control"};
    card.nflags = 1;
    card.allowed = &allowed;
    card.nallowed = 1;
    windows[0] = (struct sla_replay_window){.label = "2026-10",
                                            .availability_percent = 99.5,
                                            .neutral_percent = 99.25,
                                            .coverage = 1,
                                            .coverage_flag = AVAIL_COVERAGE_FULL,
                                            .judged = true,
                                            .met = false,
                                            .credit_percent = 10,
                                            .excluded_seconds = 600,
                                            .forgiven_seconds = 120};
    replay = (struct sla_replay){.window_name = "month",
                                 .target_percent = 99.9,
                                 .windows = windows,
                                 .nwindows = 1,
                                 .breached = 1,
                                 .credit_total_percent = 10,
                                 .overall_percent = 99.5,
                                 .excluded_total_seconds = 720};
}

TestSuite(sla_out, .init = setup);

Test(sla_out, the_scorecard_to_the_character)
{
    struct strbuf sb = STRBUF_INIT;
    cr_assert_eq(sla_out_scorecard(&sb, &terms, &card), SL_OK);
    cr_assert_str_eq(sb.buf, "acme-sla.md: score 67 / 100\n"
                             "\n"
                             "  Uptime level and window                        11.0 / 15  "
                             "99.9 % per month (line 4)\n"
                             "  24x7 coverage                                   0.0 / 6   "
                             "not stated\n"
                             "\n"
                             "Allowed downtime\n"
                             "  99.9%: 43.8 min a month, 131.4 min a quarter, 525.6 min a year"
                             "  (line 4)\n"
                             "\n"
                             "Red flags\n"
                             "  SLA-005 medium open-ended exclusion: an exclusion without "
                             "limits\n"
                             "      line 9: beyond our control\n");
    strbuf_release(&sb);
}

Test(sla_out, the_replay_to_the_character)
{
    struct strbuf sb = STRBUF_INIT;
    cr_assert_eq(sla_out_replay(&sb, &replay), SL_OK);
    cr_assert_str_eq(sb.buf,
                     "\nReplay of the history under the document's definitions (month "
                     "windows, target 99.9%)\n"
                     "  window      delivered    neutral  coverage        met   credit   "
                     "excluded   forgiven\n"
                     "  2026-10       99.500%    99.250%   100.00%   BREACHED      10%       10 m"
                     "        2 m\n"
                     "  effective: 99.500% delivered over 1 windows, 1 breached, credits 10% "
                     "of one window's fee in all; exclusions removed 12 minutes of downtime\n");
    strbuf_release(&sb);
}

Test(sla_out, terms_with_nothing_found)
{
    struct strbuf sb = STRBUF_INIT;
    cr_assert_eq(sla_out_terms(&sb, &terms), SL_OK);
    static const char start[] = "acme-sla.md\n\nUptime targets\n  none found\n";
    cr_assert_eq(strncmp(sb.buf, start, strlen(start)), 0, "%s", sb.buf);
    cr_assert(strstr(sb.buf, "\nCredit tiers\n  none found\n"), "%s", sb.buf);
    cr_assert(strstr(sb.buf, "Credit cap          not stated\n"), "%s", sb.buf);
    cr_assert(strstr(sb.buf, "Claim deadline      not stated\n"), "%s", sb.buf);
    strbuf_release(&sb);
}

Test(sla_out, the_score_as_json)
{
    struct strbuf sb = STRBUF_INIT;
    cr_assert_eq(sla_out_score_json(&sb, &terms, &card, NULL), SL_OK);
    cr_assert_eq(strncmp(sb.buf, "{\"document\":\"acme-sla.md\"", 25), 0, "%s", sb.buf);
    cr_assert(strstr(sb.buf, "\"score\":67.4,"), "%s", sb.buf);
    cr_assert(strstr(sb.buf, "\"rule\":\"SLA-005\""), "%s", sb.buf);
    cr_assert_null(strstr(sb.buf, "\"replay\":"), "no replay without a history");
    cr_assert(strstr(sb.buf, "\"terms\":{\"document\":\"acme-sla.md\""), "%s", sb.buf);
    cr_assert_neq(sb.buf[sb.len - 1], '\n');
    strbuf_release(&sb);
    strbuf_init(&sb, 0);
    cr_assert_eq(sla_out_score_json(&sb, &terms, &card, &replay), SL_OK);
    cr_assert(strstr(sb.buf, "\"replay\":{\"window\":\"month\""), "%s", sb.buf);
    cr_assert(strstr(sb.buf, "\"in_no_band\":false"), "%s", sb.buf);
    strbuf_release(&sb);
}
