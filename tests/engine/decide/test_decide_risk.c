/* test_decide_risk.c — the risk and one-off rows of the cost comparison
 * (docs/decide.md §5.1): the ramp's lost research spread over the horizon,
 * the compliance risk of regulated work from the audit findings, and the
 * on-call load rule fed by the responder load of the stored shifts. The
 * organisation and its measurements are those of fixture.h. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/decide/decide.h"
#include "fixture.h"

static const struct decide_reason *
find_reason(const struct decide_result *r, const char *rule)
{
    for (size_t i = 0; i < r->nreasons; i++)
        if (!strcmp(r->reasons[i].rule, rule))
            return &r->reasons[i];
    cr_assert_fail("no reason %s", rule);
    return NULL;
}

static struct decide_result result;

/* ---- the ramp ---- */

Test(decide_risk, ramp_loss_by_hand)
{
    struct team_profile p;
    fixture_profile(&p);
    p.capacity_needed_weeks = 4; /* the ramp is 12: 8 weeks lost */
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_measured a = fixture_measured("provider:a", 0.9995, 8, 20, 60);
    struct decide_option o;
    decide_cost_of(&p, &t, NULL, -1, DECIDE_SELF_MANAGED, &o);
    /* 8 weeks × 168 h × 1,000 = 1,344,000 once; over 12 months 112,000. */
    cr_assert_float_eq(o.cost.ramp_one_off, 1344000.0, EPS);
    cr_assert_float_eq(o.cost.ramp_loss, 112000.0, EPS);
    /* The operations are the worked example's 144,263; the total adds the row. */
    cr_assert_float_eq(o.cost.operations, 144263.0, EPS);
    cr_assert_float_eq(o.cost.total, 144263.0 + 112000.0, EPS);
    cr_assert(o.cost.complete);
    cr_assert(strstr(o.cost.arithmetic, "ramp loss (one-off, risk): (12 − 4) weeks × 168 h × "
                                        "1000 = 1344000 over 12 months = 112000"),
              "%s", o.cost.arithmetic);
    cr_assert(strstr(o.cost.arithmetic, "total with risk and one-off 256263"), "%s",
              o.cost.arithmetic);
    /* A managed provider is productive from the start. */
    decide_cost_of(&p, &t, &a, 0, DECIDE_MANAGED, &o);
    cr_assert_float_eq(o.cost.ramp_loss, 0.0, EPS);
    cr_assert_float_eq(o.cost.total, o.cost.operations, EPS);
}

Test(decide_risk, ramp_horizon_spreads_the_loss)
{
    struct team_profile p;
    fixture_profile(&p);
    p.capacity_needed_weeks = 4;
    p.ramp_horizon_months = 24;
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_option o;
    decide_cost_of(&p, &t, NULL, -1, DECIDE_SELF_MANAGED, &o);
    cr_assert_float_eq(o.cost.ramp_loss, 56000.0, EPS);
}

Test(decide_risk, hybrid_research_part_ramps_too)
{
    struct team_profile p;
    fixture_profile(&p);
    p.capacity_needed_weeks = 8; /* 4 weeks lost */
    p.production_gpus = 20;
    p.uptime_commitment = 0.999;
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_measured a = fixture_measured("provider:a", 0.9995, 8, 20, 60);
    struct decide_option o;
    decide_cost_of(&p, &t, &a, 0, DECIDE_HYBRID, &o);
    /* 4 × 168 × 1,000 = 672,000 / 12 = 56,000. */
    cr_assert_float_eq(o.cost.ramp_loss, 56000.0, EPS);
}

Test(decide_risk, no_ramp_loss_when_capacity_is_not_pressing)
{
    struct team_profile p;
    fixture_profile(&p);
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_option o;
    decide_cost_of(&p, &t, NULL, -1, DECIDE_SELF_MANAGED, &o);
    cr_assert_float_eq(o.cost.ramp_loss, 0.0, EPS);
    cr_assert_float_eq(o.cost.total, o.cost.operations, EPS);
    cr_assert_null(strstr(o.cost.arithmetic, "ramp loss"), "%s", o.cost.arithmetic);
    cr_assert(strstr(o.cost.arithmetic, "; total 144263"), "%s", o.cost.arithmetic);
}

Test(decide_risk, speed_rule_cites_its_row)
{
    struct team_profile p;
    fixture_profile(&p);
    p.capacity_needed_weeks = 4;
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_measured a = fixture_measured("provider:a", 0.999, 8, 10, 20);
    decide_run(&p, &t, &a, &result);
    const char *text = find_reason(&result, "W-speed")->text;
    cr_assert(strstr(text, "1,344,000 once (112,000 a month over 12 months"), "%s", text);
    cr_assert_eq(result.recommendation, DECIDE_MANAGED);
}

Test(decide_risk, speed_rule_without_a_price_says_so)
{
    struct team_profile p;
    fixture_profile(&p);
    p.capacity_needed_weeks = 4;
    p.lost_research_hour = 0;
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_measured a = fixture_measured("provider:a", 0.999, 8, 10, 20);
    decide_run(&p, &t, &a, &result);
    const char *text = find_reason(&result, "W-speed")->text;
    cr_assert(strstr(text, "which the profile does not price"), "%s", text);
    cr_assert_null(strstr(text, " 0 once"), "%s", text);
    cr_assert_eq(result.recommendation, DECIDE_MANAGED);
}

Test(decide_risk, speed_rule_is_cited_when_already_managed)
{
    struct team_profile p;
    fixture_profile(&p);
    p.type = TEAM_SMALL_AI;
    p.capacity_needed_weeks = 4;
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_measured a = fixture_measured("provider:a", 0.999, 8, 10, 20);
    decide_run(&p, &t, &a, &result);
    const char *text = find_reason(&result, "W-speed")->text;
    cr_assert(strstr(text, "as the rules above already do"), "%s", text);
    cr_assert_eq(result.recommendation, DECIDE_MANAGED);
}

/* ---- compliance ---- */

Test(decide_risk, compliance_risk_by_hand)
{
    struct team_profile p;
    fixture_profile(&p);
    team_profile_regulate_all(&p, true);
    p.audit_finding = 500;
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    t.audit_known = true;
    t.audit_findings = 30;
    struct decide_measured a = fixture_measured("provider:a", 0.9995, 8, 20, 60);
    struct decide_option o;
    decide_cost_of(&p, &t, NULL, -1, DECIDE_SELF_MANAGED, &o);
    /* 30 findings a month × 100 % × 500 = 15,000. */
    cr_assert_float_eq(o.cost.compliance_risk, 15000.0, EPS);
    cr_assert_float_eq(o.cost.total, o.cost.operations + 15000.0, EPS);
    cr_assert(strstr(o.cost.arithmetic, "30.0 audit findings a month × 100 % kept × 500 = 15000"),
              "%s", o.cost.arithmetic);
    /* Managed, the team keeps 25 % of the operations and of their findings. */
    decide_cost_of(&p, &t, &a, 0, DECIDE_MANAGED, &o);
    cr_assert_float_eq(o.cost.compliance_risk, 3750.0, EPS);
    cr_assert(o.cost.complete);
}

Test(decide_risk, compliance_unmeasured_is_left_out)
{
    struct team_profile p;
    fixture_profile(&p);
    team_profile_regulate_all(&p, true);
    p.audit_finding = 500;
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_option o;
    decide_cost_of(&p, &t, NULL, -1, DECIDE_SELF_MANAGED, &o);
    cr_assert(isnan(o.cost.compliance_risk));
    cr_assert_not(o.cost.complete);
    cr_assert_float_eq(o.cost.total, o.cost.operations, EPS);
    cr_assert(strstr(o.cost.arithmetic, "audit findings not measured (left out)"), "%s",
              o.cost.arithmetic);
    cr_assert(strstr(o.cost.arithmetic, "total with risk and one-off of the known parts"), "%s",
              o.cost.arithmetic);
}

Test(decide_risk, compliance_not_priced_keeps_the_total_complete)
{
    struct team_profile p;
    fixture_profile(&p);
    team_profile_regulate_all(&p, true);
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    t.audit_known = true;
    t.audit_findings = 30;
    struct decide_option o;
    decide_cost_of(&p, &t, NULL, -1, DECIDE_SELF_MANAGED, &o);
    cr_assert(isnan(o.cost.compliance_risk));
    cr_assert(o.cost.complete);
    cr_assert(strstr(o.cost.arithmetic, "not priced (costs.audit_finding not given)"), "%s",
              o.cost.arithmetic);
}

Test(decide_risk, regulated_rule_is_cited_when_already_managed)
{
    struct team_profile p;
    fixture_profile(&p);
    p.type = TEAM_PRODUCT;
    team_profile_regulate_all(&p, true);
    p.audit_finding = 500;
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    t.audit_known = true;
    t.audit_findings = 30;
    struct decide_measured a = fixture_measured("provider:a", 0.999, 8, 10, 20);
    decide_run(&p, &t, &a, &result);
    const char *text = find_reason(&result, "W-regulated")->text;
    cr_assert(strstr(text, "as the rules above already do"), "%s", text);
    cr_assert(strstr(text, "compliance risk of 15,000 a month self-managed"), "%s", text);
    cr_assert_eq(result.recommendation, DECIDE_MANAGED);
}

/* A team proven stronger than the provider keeps regulated work on the
 * measured evidence; the compliance risk it then bears is in its total, and
 * when that makes managed cheaper beyond the tie margin, cost moves the
 * answer toward managed. */
Test(decide_risk, compliance_risk_enters_the_comparison)
{
    struct team_profile p;
    fixture_profile(&p);
    team_profile_regulate_all(&p, true);
    p.audit_finding = 500;
    struct decide_measured t = fixture_measured("team:t", 0.9999, 10, 12, 30);
    struct decide_measured a = fixture_measured("provider:a", 0.999, 8, 20, 60);
    t.audit_known = true;
    t.audit_findings = 0;
    decide_run(&p, &t, &a, &result);
    cr_assert(strstr(find_reason(&result, "W-regulated")->text, "stay in-house"));
    cr_assert_eq(result.recommendation, DECIDE_SELF_MANAGED);
    /* 100 findings a month: 50,000 self-managed against 12,500 managed. */
    t.audit_findings = 100;
    decide_run(&p, &t, &a, &result);
    cr_assert_eq(result.default_model, DECIDE_SELF_MANAGED);
    cr_assert_eq(result.recommendation, DECIDE_MANAGED);
    cr_assert(result.overturned);
    const char *text = find_reason(&result, "W-regulated")->text;
    cr_assert(strstr(text, "100 findings of medium severity or above"), "%s", text);
    cr_assert(strstr(text, "compliance risk of 50,000 a month self-managed"), "%s", text);
}

/* ---- the rotation's load, measured ---- */

Test(decide_risk, measured_pages_per_shift_decide_the_load)
{
    struct team_profile p;
    fixture_profile(&p);
    /* 10 incidents a month over 24×7: about 0.16 per 12-hour shift. */
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_option o;
    decide_cost_of(&p, &t, NULL, -1, DECIDE_SELF_MANAGED, &o);
    cr_assert(o.rotation.sustainable, "%s", o.rotation.why);
    cr_assert_not(o.rotation.load_measured);
    cr_assert(strstr(o.rotation.why, "estimated from incidents"), "%s", o.rotation.why);
    /* The stored shifts say otherwise: 30 pages in 120 hours on call is
     * 3 per 12 hours. */
    t.oncall_known = true;
    t.oncall_shifts = 5;
    t.oncall_hours = 120;
    t.oncall_pages = 30;
    t.oncall_responders = 2;
    t.oncall_max_per_shift = 9;
    t.oncall_max_responder = 18;
    t.oncall_off_hours = 21;
    decide_cost_of(&p, &t, NULL, -1, DECIDE_SELF_MANAGED, &o);
    cr_assert(o.rotation.load_measured);
    cr_assert_float_eq(o.rotation.incidents_per_shift, 3.0, EPS);
    cr_assert_not(o.rotation.sustainable, "%s", o.rotation.why);
    cr_assert(strstr(o.rotation.why, "measured on 5 stored on-call shifts (120 h): 3.00 pages per "
                                     "12 hours on call"),
              "%s", o.rotation.why);
    cr_assert(strstr(o.rotation.why, "at most 9 in one shift and 18 to one of 2 responders, 21 "
                                     "of 30 pages outside working hours"),
              "%s", o.rotation.why);
}

Test(decide_risk, measured_load_in_the_readiness_table)
{
    struct team_profile p;
    fixture_profile(&p);
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    t.oncall_known = true;
    t.oncall_shifts = 4;
    t.oncall_hours = 730.5;
    t.oncall_pages = 10;
    t.oncall_responders = 4;
    struct decide_measured a = fixture_measured("provider:a", 0.999, 8, 10, 20);
    decide_run(&p, &t, &a, &result);
    cr_assert_eq(result.readiness[1].met, DECIDE_CHECK_YES, "%s", result.readiness[1].evidence);
    cr_assert(strstr(result.readiness[1].evidence, "measured on 4 stored on-call shifts"), "%s",
              result.readiness[1].evidence);
}

/* ---- a partial record ---- */

Test(decide_risk, a_partial_record_is_named)
{
    struct team_profile p;
    fixture_profile(&p);
    p.type = TEAM_PRODUCT;
    p.providers[1].entity = (char *)"provider:b";
    p.providers[1].gpu_hour = NAN;
    p.nproviders = 2;
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_measured prov[2] = {fixture_measured("provider:a", 1.0, 2, 3, 3),
                                      fixture_measured("provider:b", 0.999, 8, 10, 20)};
    decide_run(&p, &t, prov, &result);
    const struct decide_option *o = &result.options[result.recommended_option];
    cr_assert_eq(o->provider, 0);
    cr_assert_str_empty(o->partial);
    /* Half of provider:a's service time unmonitored: its 100 % is of the
     * half that was watched, and the output says so. */
    prov[0].coverage = 0.5014;
    decide_run(&p, &t, prov, &result);
    o = &result.options[result.recommended_option];
    cr_assert(strstr(o->partial, "provider:a had 50.14 % of its service time monitored (at least "
                                 "95 % for a full record)"),
              "%s", o->partial);
    const char *text = find_reason(&result, "P-provider")->text;
    cr_assert(strstr(text, "Measured on a partial record: provider:a had 50.14 %"), "%s", text);
    cr_assert_str_empty(result.options[2].partial, "%s", result.options[2].partial);
}
