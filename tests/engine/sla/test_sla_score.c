/* test_sla_score.c — the SLA scorecard (engine/sla_score.c): the criteria sum
 * to 100, red flags quote their line, allowed downtime, and the gaps and
 * overlaps of credit bands; and the replay of a history (engine/sla_replay.c)
 * under the terms' own rules. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sla/credit.h"
#include "engine/measure/sla_replay.h"
#include "engine/sla/sla_score.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "tests/engine/fixture.h"

static void
add_tier(struct sla_terms *t, double lo, bool lo_inc, double hi, bool hi_inc, double credit,
         long line)
{
    t->tiers = realloc(t->tiers, (t->ntiers + 1) * sizeof *t->tiers);
    cr_assert_not_null(t->tiers);
    t->tiers[t->ntiers++] = (struct sla_credit_tier){
        lo, hi, lo_inc, hi_inc, credit, line, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""};
}

static void
add_target(struct sla_terms *t, double pct, long line)
{
    t->targets = realloc(t->targets, (t->ntargets + 1) * sizeof *t->targets);
    cr_assert_not_null(t->targets);
    t->targets[t->ntargets++] =
        (struct sla_uptime_target){.percent = pct, .window = SLA_WINDOW_MONTH, .line = line};
}

Test(sla_score, criteria_weights_sum_to_100)
{
    double sum = 0;
    for (size_t i = 0; i < SLA_SCORE_CRITERIA; i++) {
        cr_assert_not_null(sla_criteria[i].name);
        sum += sla_criteria[i].weight;
    }
    cr_assert_float_eq(sum, 100, 1e-9);
}

Test(sla_score, empty_terms_score_low_and_flag_what_is_missing)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_assert_lt(sc.total, 30);
    bool seen[19] = {0};
    for (size_t i = 0; i < sc.nflags; i++) {
        long n = strtol(sc.flags[i].rule + 4, NULL, 10);
        cr_assert(n >= 1 && n <= 18, "%s", sc.flags[i].rule);
        seen[n] = true;
    }
    static const int missing[] = {1, 4, 8, 9, 11, 12, 13, 14};
    for (size_t i = 0; i < sizeof missing / sizeof missing[0]; i++)
        cr_assert(seen[missing[i]], "SLA-%03d not raised", missing[i]);
    cr_assert_not(seen[3], "no uptime, no SLA-003");
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

/* The points of each criterion for a document that states nothing, by the
 * rules of sla_score.c: what is absent costs the customer nothing where
 * silence favours them (no exclusions, no maintenance exclusion, no cap, no
 * sole remedy, no claim deadline or burden) and earns nothing elsewhere. */
Test(sla_score, empty_terms_points_per_criterion_by_hand)
{
    static const double points[] = {0, 8, 0, 8, 0, 7, 6, 0, 0, 0, 0, 0, 0};
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_assert_eq(sc.ncriteria, sizeof points / sizeof points[0]);
    for (size_t i = 0; i < sc.ncriteria; i++)
        cr_assert_float_eq(sc.criteria[i].points, points[i], 1e-9, "%s: %g", sc.criteria[i].id,
                           sc.criteria[i].points);
    cr_assert_float_eq(sc.total, 29, 1e-9);
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

Test(sla_score, allowed_downtime_and_quoted_line)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    add_target(&t, 99.5, 2);
    t.source_lines = calloc(3, sizeof *t.source_lines);
    t.source_lines[0] = strdup("Title");
    t.source_lines[1] = strdup("Uptime of at least 99.5% a month.");
    t.nsource_lines = 2;
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_assert_eq(sc.nallowed, 1);
    cr_assert_float_eq(sc.allowed[0].month_minutes, 0.005 * 730 * 60, 1e-6);
    cr_assert_float_eq(sc.allowed[0].year_minutes, 0.005 * 8760 * 60, 1e-6);
    bool found = false;
    for (size_t i = 0; i < sc.nflags; i++) {
        if (strcmp(sc.flags[i].rule, "SLA-003"))
            continue;
        found = true;
        cr_assert_eq(sc.flags[i].line, 2);
        cr_assert_str_eq(sc.flags[i].quote, "Uptime of at least 99.5% a month.");
    }
    cr_assert(found, "99.5 %% allows over 2 h a month: SLA-003");
    double sum = 0;
    for (size_t i = 0; i < sc.ncriteria; i++) {
        cr_assert_leq(sc.criteria[i].points, sc.criteria[i].weight);
        sum += sc.criteria[i].points;
    }
    cr_assert_float_eq(sum, sc.total, 1e-9);
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}

Test(sla_score, incident_notice_states_the_hours_promised)
{
    static const struct {
        double hours;
        double points;
        const char *reason;
    } cases[] = {
        {1, 6, "incident notice within 1 h"},
        {24, 4, "incident notice within 24 h"},
        {48, 1, "incident notice within 48 h, later than 24 h"},
        {NAN, 0, "incident notice not promised"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct sla_terms t;
        struct sla_scorecard sc;
        sla_terms_init(&t);
        t.incident_notice_hours = cases[i].hours;
        cr_assert_eq(sla_score(&t, &sc), SL_OK);
        const struct sla_criterion *c = NULL;
        for (size_t k = 0; k < sc.ncriteria; k++)
            if (!strcmp(sc.criteria[k].id, "incident_notice"))
                c = &sc.criteria[k];
        cr_assert_not_null(c);
        cr_assert_str_eq(c->reason, cases[i].reason);
        cr_assert_float_eq(c->points, cases[i].points, 1e-9);
        sla_scorecard_release(&sc);
        sla_terms_release(&t);
    }
}

Test(sla_score, band_gap_overlap_and_target_gap)
{
    struct sla_terms t;
    sla_terms_init(&t);
    add_target(&t, 99.9, 1);
    add_tier(&t, 99.0, true, 99.5, false, 10, 3); /* gap to the 99.9 target */
    add_tier(&t, 95.0, true, 99.0, true, 25, 4);  /* 99.0 in both: overlap */
    add_tier(&t, NAN, false, 90.0, false, 50, 5); /* 90..95 in none: gap */
    struct sla_band_issue *v;
    size_t n;
    cr_assert_eq(sla_score_band_issues(&t, &v, &n), SL_OK);
    cr_assert_eq(n, 3);
    int gaps = 0, overlaps = 0;
    for (size_t i = 0; i < n; i++) {
        if (v[i].kind == SLA_BAND_GAP)
            gaps++;
        else
            overlaps++;
        if (v[i].kind == SLA_BAND_OVERLAP)
            cr_assert_float_eq(v[i].from, 99.0, 1e-9);
    }
    cr_assert_eq(gaps, 2);
    cr_assert_eq(overlaps, 1);
    free(v);
    sla_terms_release(&t);
}

Test(sla_score, touching_bands_with_one_inclusive_end_are_clean)
{
    struct sla_terms t;
    sla_terms_init(&t);
    add_target(&t, 99.9, 1);
    add_tier(&t, 99.0, true, 99.9, false, 10, 2);
    add_tier(&t, NAN, false, 99.0, false, 25, 3);
    add_tier(&t, 99.0, true, 99.9, false, 15, 4); /* the same band for another plan */
    struct sla_band_issue *v;
    size_t n;
    cr_assert_eq(sla_score_band_issues(&t, &v, &n), SL_OK);
    cr_assert_eq(n, 0);
    free(v);
    cr_assert_eq(credit_tier_lookup(t.tiers, t.ntiers, 99.0), 2,
                 "the most generous of the equal bands");
    cr_assert_eq(credit_tier_lookup(t.tiers, t.ntiers, 98.999), 1);
    cr_assert_eq(credit_tier_lookup(t.tiers, t.ntiers, 99.9), -1,
                 "99.9 is in no band: [99.0, 99.9)");
    sla_terms_release(&t);
}

Test(sla_score, schedules_far_apart_are_checked_apart)
{
    struct sla_terms t;
    sla_terms_init(&t);
    add_target(&t, 99.99, 1);
    add_target(&t, 99.5, 10);
    add_tier(&t, 99.0, true, 99.99, false, 10, 3); /* region table */
    add_tier(&t, NAN, false, 99.0, false, 30, 4);
    add_tier(&t, 99.0, true, 99.5, false, 10, 12); /* instance table */
    add_tier(&t, NAN, false, 99.0, false, 30, 13);
    struct sla_band_issue *v;
    size_t n;
    cr_assert_eq(sla_score_band_issues(&t, &v, &n), SL_OK);
    cr_assert_eq(n, 0, "each table fits its own commitment: %s", n ? v[0].text : "");
    free(v);
    sla_terms_release(&t);
}

/* ---- replay ------------------------------------------------------------ */

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

#define OCT INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV INT64_C(1793491200) /* 2026-11-01T00:00:00Z */

/* Stores the intervals of provider:x's api as one source of the fixture:
 * the history a replay reads. */
static void
store_history(const struct interval *v, size_t n)
{
    struct sl_diag d = {0};
    bool already;
    cr_assert_eq(store_source_begin(fx.st, "h.csv", "h1", "interval-csv", 1, &already, &d), SL_OK);
    for (size_t i = 0; i < n; i++) {
        struct interval iv = v[i];
        iv.entity = "provider:x";
        iv.service = "api";
        cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
    }
    struct source_counts c = {(long)n, (long)n, 0, 0};
    cr_assert_eq(store_source_finish(fx.st, &c, &d), SL_OK);
}

Test(sla_replay, contract_rules_per_window, .init = setup, .fini = teardown)
{
    struct sl_diag d = {0};
    bool already;
    cr_assert_eq(store_source_begin(fx.st, "h.csv", "h1", "interval-csv", 1, &already, &d), SL_OK);
    /* October: 100 minutes down, and a 3-minute blip the 5-minute minimum forgives. */
    struct interval down = {.entity = "provider:x",
                            .service = "api",
                            .start = OCT + 86400,
                            .end = OCT + 86400 + 6000,
                            .status = SVC_DOWN};
    struct interval blip = {.entity = "provider:x",
                            .service = "api",
                            .start = OCT + 2 * 86400,
                            .end = OCT + 2 * 86400 + 180,
                            .status = SVC_DOWN};
    /* The history covers October and November, up where no record says
     * otherwise; November: announced maintenance of 2 h, the rest up. */
    struct interval up = {.entity = "provider:x",
                          .service = "api",
                          .start = OCT,
                          .end = NOV + 30 * 86400,
                          .status = SVC_UP};
    struct maintenance m = {.entity = "provider:x",
                            .service = "api",
                            .key = "MW",
                            .start = NOV + 3600,
                            .end = NOV + 3 * 3600,
                            .announced = NOV - 7 * 86400};
    cr_assert_eq(store_add_interval(fx.st, &down, &d), SL_OK);
    cr_assert_eq(store_add_interval(fx.st, &blip, &d), SL_OK);
    cr_assert_eq(store_add_interval(fx.st, &up, &d), SL_OK);
    cr_assert_eq(store_add_maintenance(fx.st, &m, &d), SL_OK);
    struct source_counts c = {4, 4, 0, 0};
    cr_assert_eq(store_source_finish(fx.st, &c, &d), SL_OK);

    struct sla_terms t;
    sla_terms_init(&t);
    add_target(&t, 99.9, 1);
    add_tier(&t, 99.0, true, 99.9, false, 10, 2);
    add_tier(&t, NAN, false, 99.0, false, 25, 3);
    t.maintenance_excluded = true;
    t.maintenance_notice_hours = 72;
    t.clauses = calloc(1, sizeof *t.clauses);
    t.clauses[0] = (struct sla_clause){SLA_CLAUSE_MIN_OUTAGE, 5, NULL, 4};
    t.nclauses = 1;

    struct sla_replay r;
    cr_assert_eq(sla_replay_run(fx.st, &t, NULL, &r, &d), SL_OK, "%s", d.message);
    cr_assert_eq(r.nwindows, 2);
    const struct sla_replay_window *oct = &r.windows[0], *nov = &r.windows[1];
    cr_assert_str_eq(oct->label, "2026-10");
    cr_assert_float_eq(oct->downtime_seconds, 6000, 1e-6);
    cr_assert_float_eq(oct->forgiven_seconds, 180, 1e-6);
    cr_assert_float_eq(oct->availability_percent, 100 * (1 - 6000.0 / (31 * 86400)), 1e-9);
    cr_assert_lt(oct->neutral_percent, oct->availability_percent);
    cr_assert_not(oct->met);
    cr_assert_float_eq(oct->credit_percent, 10, 1e-9);
    cr_assert(nov->met);
    cr_assert_float_eq(nov->excluded_seconds, 7200, 1e-6);
    cr_assert_float_eq(nov->availability_percent, 100, 1e-9);
    cr_assert_eq(r.breached, 1);
    cr_assert_float_eq(r.excluded_total_seconds, 7200 + 180, 1e-6);
    sla_replay_release(&r);

    /* Maintenance the terms do not exclude is downtime. */
    t.maintenance_excluded = false;
    cr_assert_eq(sla_replay_run(fx.st, &t, NULL, &r, &d), SL_OK);
    cr_assert_float_eq(r.windows[1].downtime_seconds, 7200, 1e-6);
    cr_assert_not(r.windows[1].met);
    sla_replay_release(&r);
    sla_terms_release(&t);
}

/* A replay measures what it saw: a history that starts on 24 October
 * covers 8 of its 31 days (25.8 %, below the 50 % minimum), so October is
 * measured but neither met nor breached and earns no credit, however bad;
 * November, seen whole, is judged. */
Test(sla_replay, thin_coverage_is_no_verdict, .init = setup, .fini = teardown)
{
    struct sl_diag d = {0};
    const struct interval history[] = {
        {.start = OCT + 23 * 86400, .end = NOV + 30 * 86400, .status = SVC_UP},
        {.start = OCT + 24 * 86400, .end = OCT + 24 * 86400 + 6 * 3600, .status = SVC_DOWN},
        {.start = NOV + 86400, .end = NOV + 86400 + 3600, .status = SVC_DOWN},
    };
    store_history(history, sizeof history / sizeof *history);

    struct sla_terms t;
    sla_terms_init(&t);
    add_target(&t, 99.9, 1);
    add_tier(&t, NAN, false, 99.9, false, 10, 2);
    struct sla_replay r;
    cr_assert_eq(sla_replay_run(fx.st, &t, NULL, &r, &d), SL_OK, "%s", d.message);
    cr_assert_eq(r.nwindows, 2);
    const struct sla_replay_window *oct = &r.windows[0], *nov = &r.windows[1];
    cr_assert_float_eq(oct->coverage, 8.0 / 31, 1e-12);
    cr_assert_eq(oct->coverage_flag, AVAIL_COVERAGE_INSUFFICIENT);
    /* measured on the 8 days seen: 6 h down of 192 h */
    cr_assert_float_eq(oct->availability_percent, 100 * (1 - 6.0 / 192), 1e-9);
    cr_assert_not(oct->judged);
    cr_assert(oct->met);
    cr_assert_eq(oct->credit.match, CREDIT_NONE_DUE);
    cr_assert_float_eq(oct->credit_percent, 0, 1e-12);
    cr_assert_float_eq(nov->coverage, 1, 1e-12);
    cr_assert(nov->judged);
    cr_assert_not(nov->met);
    cr_assert_float_eq(nov->credit_percent, 10, 1e-9);
    cr_assert_eq(r.breached, 1);
    cr_assert_eq(r.unjudged_coverage, 1);
    sla_replay_release(&r);
    sla_terms_release(&t);
}

/* --covers: the span the user says the history speaks for. Records outside
 * it are left out; within it, time no record covers is up. October from the
 * 10th: 22 of 31 days covered (70.97 %, partial); the 1 h outage of the 2nd
 * lies outside and is left out, the 1 h of the 20th counts. */
Test(sla_replay, covers_span_clips_the_history, .init = setup, .fini = teardown)
{
    struct sl_diag d = {0};
    const struct interval history[] = {
        {.start = OCT + 86400, .end = OCT + 86400 + 3600, .status = SVC_DOWN},
        {.start = OCT + 19 * 86400, .end = OCT + 19 * 86400 + 3600, .status = SVC_DOWN},
    };
    store_history(history, sizeof history / sizeof *history);

    struct sla_terms t;
    sla_terms_init(&t);
    add_target(&t, 99.9, 1);
    struct sla_replay_scope scope = {NULL, NULL, OCT + 9 * 86400, NOV};
    struct sla_replay r;
    cr_assert_eq(sla_replay_run_scope(fx.st, &t, NULL, &scope, &r, &d), SL_OK, "%s", d.message);
    cr_assert_eq(r.nwindows, 1);
    cr_assert_float_eq(r.windows[0].coverage, 22.0 / 31, 1e-12);
    cr_assert_eq(r.windows[0].coverage_flag, AVAIL_COVERAGE_PARTIAL);
    cr_assert_float_eq(r.windows[0].downtime_seconds, 3600, 1e-6);
    cr_assert_float_eq(r.windows[0].availability_percent, 100 * (1 - 1.0 / (22 * 24)), 1e-9);
    cr_assert(r.windows[0].judged);
    cr_assert_not(r.windows[0].met);
    sla_replay_release(&r);
    sla_terms_release(&t);
}
