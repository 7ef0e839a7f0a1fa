/* test_decide_workloads.c — the guide's rules per workload: regulation of
 * one workload, constraints no managed option meets, managed operations
 * of the team's own hardware, and a profile with no provider at all
 * (docs/decide.md §3.2 W-regulated and W-constraint, §5). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/decide/decide.h"
#include "fixture.h"

static struct decide_result result;

static const struct decide_reason *
find_reason(const struct decide_result *r, const char *rule)
{
    for (size_t i = 0; i < r->nreasons; i++)
        if (!strcmp(r->reasons[i].rule, rule))
            return &r->reasons[i];
    cr_assert_fail("no reason %s", rule);
    return NULL;
}

/* The fixture's research cluster as one named workload needing bits. */
static void
one_workload(struct team_profile *p, unsigned bits)
{
    p->workloads[0] =
        (struct team_workload){(char *)"train", false, p->research_gpus, NAN, false, bits};
    p->nworkloads = 1;
    p->research_constraints = bits;
}

/* Managed operations of the team's own hardware: the GPUs at the team's
 * own rate, the provider's fee a line of its own. */
Test(decide_workloads, own_hardware_prices_gpus_and_operations_apart)
{
    struct team_profile p;
    fixture_profile(&p);
    p.providers[0].own_hardware = true;
    p.providers[0].operations_gpu_hour = 0.5;
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_measured a = fixture_measured("provider:a", 0.9995, 8, 20, 60);
    struct decide_option o;
    decide_cost_of(&p, &t, &a, 0, DECIDE_MANAGED, &o);
    /* 80 × 2.00 × 730.5 = 116,880: the team's own GPUs, not rented */
    cr_assert_float_eq(o.cost.gpu, 116880.0, EPS);
    /* 80 × 0.50 × 730.5 = 29,220 */
    cr_assert_float_eq(o.cost.managed_operations, 29220.0, EPS);
    cr_assert(strstr(o.cost.arithmetic, "managed operations 80 GPUs × 0.50 × 730.5 h = 29220"),
              "%s", o.cost.arithmetic);
    cr_assert(strstr(o.label, "on own hardware"), "%s", o.label);
    /* 116,880 + 29,220 + 50 h kept × 100 + 20 h × 0.5 × 100 + 0.36525 h × 1,000 */
    cr_assert_float_eq(o.cost.total, 116880 + 29220 + 5000 + 1000 + 365.25, EPS);
}

/* An air-gapped workload: no managed option can run it, so a product
 * organisation the guide sends to managed runs it itself, and every
 * provider is excluded with the reason. */
Test(decide_workloads, air_gap_excludes_every_managed_option)
{
    struct team_profile p;
    fixture_profile(&p);
    p.type = TEAM_PRODUCT;
    p.providers[0].own_hardware = true;
    p.providers[0].operations_gpu_hour = 0.1;
    p.nproviders = 2;
    one_workload(&p, TEAM_NEEDS_AIR_GAP);
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_measured prov[2] = {fixture_measured("provider:a", 0.9999, 2, 2, 2),
                                      fixture_measured("provider:b", 0.9999, 2, 2, 2)};
    decide_run(&p, &t, prov, &result);
    cr_assert_eq(result.recommendation, DECIDE_SELF_MANAGED);
    cr_assert_eq(result.default_model, DECIDE_SELF_MANAGED);
    for (size_t i = 1; i < result.noptions; i++) {
        cr_assert(result.options[i].excluded, "%s", result.options[i].label);
        cr_assert_not(result.options[i].eligible);
        cr_assert(strstr(result.options[i].ineligible, "train needs an air gap"), "%s",
                  result.options[i].ineligible);
    }
    const char *why = find_reason(&result, "W-constraint")->text;
    cr_assert(strstr(why, "no provider listed can run the guide's answer (managed)"), "%s", why);
}

/* A sovereign site: a cloud is excluded, managed operations of the team's
 * own hardware meet it and stay the guide's managed answer. */
Test(decide_workloads, sovereign_site_leaves_own_hardware)
{
    struct team_profile p;
    fixture_profile(&p);
    p.type = TEAM_PRODUCT;
    p.providers[1].own_hardware = true;
    p.providers[1].operations_gpu_hour = 0.9;
    p.nproviders = 2;
    one_workload(&p, TEAM_NEEDS_SOVEREIGN_SITE);
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    struct decide_measured prov[2] = {fixture_measured("provider:a", 0.9999, 2, 2, 2),
                                      fixture_measured("provider:b", 0.9999, 2, 2, 2)};
    decide_run(&p, &t, prov, &result);
    cr_assert_eq(result.recommendation, DECIDE_MANAGED);
    cr_assert_eq(result.provider, 1);
    cr_assert(result.options[1].excluded);
    cr_assert_not(result.options[2].excluded);
    const char *why = find_reason(&result, "W-constraint")->text;
    cr_assert(strstr(why, "train needs a sovereign site"), "%s", why);
}

/* No provider at all is a valid profile: self-managed is the only option,
 * and the reason says the guide's answer needs candidates. */
Test(decide_workloads, no_provider_is_a_valid_profile)
{
    struct team_profile p;
    fixture_profile(&p);
    p.type = TEAM_SMALL_AI;
    p.nproviders = 0;
    struct decide_measured t = fixture_measured("team:t", 0.999, 10, 12, 30);
    decide_run(&p, &t, NULL, &result);
    cr_assert_eq(result.noptions, 1);
    cr_assert_eq(result.recommendation, DECIDE_SELF_MANAGED);
    cr_assert_eq(result.provider, -1);
    cr_assert(strstr(find_reason(&result, "W-constraint")->text, "lists no provider"));
}

/* Regulation per workload: only production regulated goes hybrid (the
 * hybrid hands production over); regulated research goes managed; the
 * compliance risk counts the regulated workloads' share kept. */
Test(decide_workloads, regulation_applies_to_its_workload)
{
    struct team_profile p;
    fixture_profile(&p);
    p.production_gpus = 20;
    p.uptime_commitment = 0.999;
    p.audit_finding = 1000;
    p.workloads[0] = (struct team_workload){(char *)"train", false, 80, NAN, false, 0};
    p.workloads[1] = (struct team_workload){(char *)"chat", true, 20, 0.999, true, 0};
    p.nworkloads = 2;
    p.regulated = true;
    p.regulated_production_gpus = 20;
    struct decide_measured t = fixture_measured("team:t", 0.99, 10, 12, 30);
    t.audit_known = true;
    t.audit_findings = 8;
    struct decide_measured a = fixture_measured("provider:a", 0.9995, 8, 20, 60);
    decide_run(&p, &t, &a, &result);
    cr_assert_eq(result.recommendation, DECIDE_HYBRID);
    const char *why = find_reason(&result, "W-regulated")->text;
    cr_assert(strstr(why, "(chat)"), "%s", why);
    cr_assert(strstr(why, "train, not regulated) stays in-house: hybrid"), "%s", why);
    /* The hybrid keeps 25 % of the regulated production's operations:
     * 8 findings × 25 % × 1,000. */
    const struct decide_option *h = &result.options[result.recommended_option];
    cr_assert_float_eq(h->cost.compliance_risk, 2000.0, EPS);
    /* Regulated research too: the hybrid would keep it, so managed. */
    team_profile_regulate_all(&p, true);
    decide_run(&p, &t, &a, &result);
    cr_assert_eq(result.recommendation, DECIDE_MANAGED);
}
