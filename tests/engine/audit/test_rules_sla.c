/* test_rules_sla.c — the SLA-0xx rules and GPU-003: each fires just past its
 * threshold and stays quiet exactly on it, on SLA terms built by hand from a
 * document that raises no flag; the SLA version in force is picked from the
 * store; and a rule without an SLA or a fleet says why it has no data. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <math.h>
#include <string.h>

#include "engine/audit/audit.h"
#include "engine/sla/sla_json.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "tests/engine/fixture.h"

#define H 3600
#define DAY 86400
/* 2026-08-03T00:00:00Z, a Monday. */
#define FROM INT64_C(1785715200)
#define TO (FROM + 90 * DAY)

/* Terms that raise no red flag: what each test then spoils one term of. */
struct clean_sla {
    struct audit_data d;
    struct audit_sla sla;
    struct sla_uptime_target target;
    struct sla_credit_tier tier;
    struct sla_response_time responses[2];
    struct sla_clause clauses[SLA_CLAUSE_COUNT];
};

static void
add_clause(struct clean_sla *c, enum sla_clause_kind kind, double value, long line)
{
    struct sla_terms *t = &c->sla.terms;
    cr_assert_lt(t->nclauses, SLA_CLAUSE_COUNT);
    c->clauses[t->nclauses++] = (struct sla_clause){kind, value, NULL, line};
}

static void
drop_clause(struct clean_sla *c, enum sla_clause_kind kind)
{
    struct sla_terms *t = &c->sla.terms;
    for (size_t i = 0; i < t->nclauses; i++)
        if (c->clauses[i].kind == kind)
            c->clauses[i] = c->clauses[--t->nclauses];
}

static void
clean(struct clean_sla *c)
{
    memset(c, 0, sizeof *c);
    audit_data_init(&c->d, "provider:acme", FROM, TO);
    struct sla_terms *t = &c->sla.terms;
    sla_terms_init(t);
    c->target = (struct sla_uptime_target){.percent = 99.95, .window = SLA_WINDOW_MONTH, .line = 9};
    c->tier = (struct sla_credit_tier){
        NAN, 99.0, true, false, 100, 17, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""};
    c->responses[0] = (struct sla_response_time){NULL, 15, false, false, 38};
    c->responses[1] = (struct sla_response_time){NULL, 240, false, true, 39};
    t->targets = &c->target;
    t->ntargets = 1;
    t->tiers = &c->tier;
    t->ntiers = 1;
    t->response_times = c->responses;
    t->nresponse_times = 2;
    t->clauses = c->clauses;
    t->maintenance_excluded = true;
    t->maintenance_notice_hours = 48;
    t->support_coverage = SLA_COVERAGE_24X7;
    t->chronic_failure_termination = true;
    t->incident_notice_hours = 24;
    t->rpo_minutes = 60;
    t->rto_minutes = 240;
    /* A quarter of an hour: within the 21.9 minutes 99.95 % allows. */
    add_clause(c, SLA_CLAUSE_MAINTENANCE_CAP, 0.25, 31);
    add_clause(c, SLA_CLAUSE_CREDITS_AUTOMATIC, NAN, 20);
    add_clause(c, SLA_CLAUSE_PARTIAL_COUNTED, NAN, 29);
    add_clause(c, SLA_CLAUSE_DR_TESTED, NAN, 43);
    add_clause(c, SLA_CLAUSE_DATA_RETURN, 30, 49);
    add_clause(c, SLA_CLAUSE_AUDIT_RIGHTS, NAN, 52);
    c->sla.kind = "sla";
    c->sla.document = "acme-sla.md";
    c->sla.from = FROM;
    c->sla.to = TO;
    c->d.slas = &c->sla;
    c->d.nslas = 1;
}

static size_t
count(const struct audit_data *d, const char *rule)
{
    struct audit_result r;
    struct sl_diag diag = {0};
    cr_assert_eq(audit_run_data(d, &r, &diag), SL_OK, "%s", diag.message);
    size_t n = 0;
    for (size_t i = 0; i < r.findings.n; i++)
        n += !strcmp(r.findings.v[i].rule_id, rule);
    audit_result_release(&r);
    return n;
}

static size_t
sla_findings(const struct audit_data *d)
{
    struct audit_result r;
    struct sl_diag diag = {0};
    cr_assert_eq(audit_run_data(d, &r, &diag), SL_OK, "%s", diag.message);
    size_t n = 0;
    for (size_t i = 0; i < r.findings.n; i++)
        n += !strncmp(r.findings.v[i].rule_id, "SLA-", 4);
    audit_result_release(&r);
    return n;
}

Test(rules_sla, clean_document_raises_nothing)
{
    struct clean_sla c;
    clean(&c);
    cr_assert_eq(sla_findings(&c.d), 0);
}

Test(rules_sla, sla001_no_chronic_failure_termination)
{
    struct clean_sla c;
    clean(&c);
    c.sla.terms.chronic_failure_termination = false;
    cr_assert_eq(count(&c.d, "SLA-001"), 1);
}

Test(rules_sla, sla002_worst_credit_under_50_percent)
{
    struct clean_sla c;
    clean(&c);
    c.tier.credit_percent = 50;
    cr_assert_eq(count(&c.d, "SLA-002"), 0, "50 %% is enough");
    c.tier.credit_percent = 49.9;
    cr_assert_eq(count(&c.d, "SLA-002"), 1);
    c.tier.credit_percent = 100;
    add_clause(&c, SLA_CLAUSE_CREDITS_FUTURE_ONLY, NAN, 21);
    cr_assert_eq(count(&c.d, "SLA-002"), 1, "credit only against future usage");
}

Test(rules_sla, sla003_uptime_under_99_73)
{
    struct clean_sla c;
    clean(&c);
    c.target.percent = 99.73;
    cr_assert_eq(count(&c.d, "SLA-003"), 0, "99.73 %% allows 2 h a month");
    c.target.percent = 99.72;
    cr_assert_eq(count(&c.d, "SLA-003"), 1);
}

Test(rules_sla, sla004_partial_service_not_counted)
{
    struct clean_sla c;
    clean(&c);
    drop_clause(&c, SLA_CLAUSE_PARTIAL_COUNTED);
    cr_assert_eq(count(&c.d, "SLA-004"), 1);
}

Test(rules_sla, sla005_catch_all_exclusion)
{
    struct clean_sla c;
    clean(&c);
    add_clause(&c, SLA_CLAUSE_CATCH_ALL_EXCLUSION, NAN, 24);
    cr_assert_eq(count(&c.d, "SLA-005"), 1);
}

Test(rules_sla, sla006_maintenance_notice_48h_and_cap)
{
    struct clean_sla c;
    clean(&c);
    c.sla.terms.maintenance_notice_hours = 47.5;
    cr_assert_eq(count(&c.d, "SLA-006"), 1, "under 48 h");
    c.sla.terms.maintenance_notice_hours = 48;
    drop_clause(&c, SLA_CLAUSE_MAINTENANCE_CAP);
    cr_assert_eq(count(&c.d, "SLA-006"), 1, "no cap");
    c.sla.terms.maintenance_excluded = false;
    cr_assert_eq(count(&c.d, "SLA-006"), 0, "maintenance counts as downtime");
}

Test(rules_sla, sla007_provider_measures_customer_proves)
{
    struct clean_sla c;
    clean(&c);
    add_clause(&c, SLA_CLAUSE_MEASURED_BY_PROVIDER, NAN, 12);
    cr_assert_eq(count(&c.d, "SLA-016"), 1, "measured by the provider alone");
    add_clause(&c, SLA_CLAUSE_CUSTOMER_EVIDENCE, NAN, 22);
    cr_assert_eq(count(&c.d, "SLA-007"), 1);
    cr_assert_eq(count(&c.d, "SLA-016"), 0, "SLA-007 says it more sharply");
    drop_clause(&c, SLA_CLAUSE_MEASURED_BY_PROVIDER);
    cr_assert_eq(count(&c.d, "SLA-007"), 0, "the customer's own evidence of a shared measure");
}

Test(rules_sla, sla015_sla017_sla018_what_a_reviewer_catches)
{
    struct clean_sla c;
    clean(&c);
    add_clause(&c, SLA_CLAUSE_BEST_EFFORTS, NAN, 9);
    cr_assert_eq(count(&c.d, "SLA-015"), 1);
    add_clause(&c, SLA_CLAUSE_CREDITS_VOUCHER, NAN, 40);
    cr_assert_eq(count(&c.d, "SLA-017"), 1);
    cr_assert_eq(count(&c.d, "SLA-018"), 0, "15 min of maintenance within 21.9 min");
    c.clauses[0].value = 8;
    cr_assert_eq(c.clauses[0].kind, SLA_CLAUSE_MAINTENANCE_CAP);
    cr_assert_eq(count(&c.d, "SLA-018"), 1, "8 h of maintenance against 21.9 min");
}

Test(rules_sla, sla008_claim_window_30_days)
{
    struct clean_sla c;
    clean(&c);
    c.sla.terms.claim_deadline_days = 30;
    cr_assert_eq(count(&c.d, "SLA-008"), 0);
    c.sla.terms.claim_deadline_days = 29;
    cr_assert_eq(count(&c.d, "SLA-008"), 1);
    c.sla.terms.claim_deadline_days = -1;
    drop_clause(&c, SLA_CLAUSE_CREDITS_AUTOMATIC);
    cr_assert_eq(count(&c.d, "SLA-008"), 1, "credits not automatic");
}

Test(rules_sla, sla009_response_per_severity_24x7)
{
    struct clean_sla c;
    clean(&c);
    c.sla.terms.support_coverage = SLA_COVERAGE_BUSINESS_HOURS;
    cr_assert_eq(count(&c.d, "SLA-009"), 1);
    c.sla.terms.support_coverage = SLA_COVERAGE_24X7;
    c.sla.terms.nresponse_times = 0;
    cr_assert_eq(count(&c.d, "SLA-009"), 1, "no response time");
}

Test(rules_sla, sla010_response_without_resolution)
{
    struct clean_sla c;
    clean(&c);
    c.sla.terms.nresponse_times = 1;
    cr_assert_eq(count(&c.d, "SLA-010"), 1);
    c.sla.terms.nresponse_times = 0;
    cr_assert_eq(count(&c.d, "SLA-010"), 0, "no response times: SLA-009's concern");
}

Test(rules_sla, sla011_incident_notice_24h)
{
    struct clean_sla c;
    clean(&c);
    c.sla.terms.incident_notice_hours = 24.5;
    cr_assert_eq(count(&c.d, "SLA-011"), 1);
    c.sla.terms.incident_notice_hours = NAN;
    cr_assert_eq(count(&c.d, "SLA-011"), 1, "no notice");
}

Test(rules_sla, sla012_rpo_rto_and_dr_test)
{
    struct clean_sla c;
    clean(&c);
    c.sla.terms.rto_minutes = NAN;
    cr_assert_eq(count(&c.d, "SLA-012"), 1);
    c.sla.terms.rto_minutes = 240;
    drop_clause(&c, SLA_CLAUSE_DR_TESTED);
    cr_assert_eq(count(&c.d, "SLA-012"), 1, "BC/DR not tested");
}

Test(rules_sla, sla013_data_return_30_days)
{
    struct clean_sla c;
    clean(&c);
    c.clauses[4].value = 29;
    cr_assert_eq(c.clauses[4].kind, SLA_CLAUSE_DATA_RETURN);
    cr_assert_eq(count(&c.d, "SLA-013"), 1);
    drop_clause(&c, SLA_CLAUSE_DATA_RETURN);
    cr_assert_eq(count(&c.d, "SLA-013"), 1, "no exit clause");
}

Test(rules_sla, sla014_audit_rights_and_unilateral_change)
{
    struct clean_sla c;
    clean(&c);
    add_clause(&c, SLA_CLAUSE_UNILATERAL_CHANGE, NAN, 55);
    cr_assert_eq(count(&c.d, "SLA-014"), 1);
    drop_clause(&c, SLA_CLAUSE_UNILATERAL_CHANGE);
    drop_clause(&c, SLA_CLAUSE_AUDIT_RIGHTS);
    cr_assert_eq(count(&c.d, "SLA-014"), 1, "no audit rights");
}

Test(rules_sla, finding_cites_the_document_line)
{
    struct clean_sla c;
    clean(&c);
    c.target.percent = 99.5;
    c.sla.service = "gpu-east";
    struct audit_result r;
    struct sl_diag diag = {0};
    cr_assert_eq(audit_run_data(&c.d, &r, &diag), SL_OK);
    cr_assert_eq(r.findings.n, 1);
    const struct finding *f = &r.findings.v[0];
    cr_assert_str_eq(f->rule_id, "SLA-003");
    cr_assert_str_eq(f->service, "gpu-east");
    cr_assert_str_eq(
        f->message, "acme-sla.md, the SLA of gpu-east: 99.5 % allows 219 minutes a month (line 9)");
    cr_assert_eq(f->nevidence, 1);
    cr_assert_str_eq(f->evidence[0].kind, "document");
    cr_assert_str_eq(f->evidence[0].file, "acme-sla.md");
    cr_assert_eq(f->evidence[0].line, 9);
    audit_result_release(&r);
}

Test(rules_sla, no_sla_is_no_data_with_a_reason)
{
    struct audit_data d;
    audit_data_init(&d, "provider:acme", FROM, TO);
    struct audit_result r;
    struct sl_diag diag = {0};
    cr_assert_eq(audit_run_data(&d, &r, &diag), SL_OK);
    for (size_t i = 0; i < r.nrules; i++)
        if (!strncmp(r.rules[i].rule->id, "SLA-", 4)) {
            cr_assert_eq(r.rules[i].state, RULE_NO_DATA, "%s", r.rules[i].rule->id);
            cr_assert(strstr(r.rules[i].why, "no SLA"), "%s", r.rules[i].why);
        }
    audit_result_release(&r);
}

Test(rules_sla, sla_rules_are_not_for_internal_teams)
{
    struct clean_sla c;
    clean(&c);
    c.d.is_provider = false;
    c.sla.terms.chronic_failure_termination = false;
    cr_assert_eq(count(&c.d, "SLA-001"), 0);
}

/* ---- the SLA version in force, from the store ---------------------------- */

static void
store_sla(struct fixture *fx, const char *document, int64_t effective, const char *terms)
{
    struct sl_diag diag = {0};
    bool already = false;
    char sha[65];
    snprintf(sha, sizeof sha, "%064lld", (long long)effective);
    cr_assert_eq(store_source_begin(fx->st, document, sha, "sla", 1, &already, &diag), SL_OK, "%s",
                 diag.message);
    struct commitment c = {.entity = "provider:acme",
                           .kind = "sla",
                           .effective_from = effective,
                           .document = document,
                           .terms = terms};
    cr_assert_eq(store_add_commitment(fx->st, &c, NULL, &diag), SL_OK, "%s", diag.message);
    struct source_counts counts = {1, 1, 0, 0};
    cr_assert_eq(store_source_finish(fx->st, &counts, &diag), SL_OK, "%s", diag.message);
}

Test(rules_sla, the_versions_in_force_during_the_window)
{
    struct fixture fx;
    fixture_open(&fx);
    /* Superseded before the window, in force at its start, and from its
     * middle: the first is not audited. */
    store_sla(&fx, "old.md", FROM - 60 * DAY, "{\"uptime_targets\": [{\"percent\": 99.0}]}");
    store_sla(&fx, "v1.md", FROM - 10 * DAY, "{\"uptime_targets\": [{\"percent\": 99.9}]}");
    store_sla(&fx, "v2.md", FROM + 30 * DAY,
              "{\"uptime_targets\": [{\"percent\": 99.5, \"line\": 4}]}");
    struct audit_params p = {.entity = "provider:acme", .from = FROM, .to = TO};
    struct audit_result r;
    struct sl_diag diag = {0};
    cr_assert_eq(audit_run(fx.st, &p, &r, &diag), SL_OK, "%s", diag.message);
    size_t sla003 = 0, sla001 = 0;
    for (size_t i = 0; i < r.findings.n; i++) {
        const struct finding *f = &r.findings.v[i];
        cr_assert_str_neq(f->subject, "old.md");
        sla001 += !strcmp(f->rule_id, "SLA-001");
        if (strcmp(f->rule_id, "SLA-003"))
            continue;
        sla003++;
        cr_assert_str_eq(f->subject, "v2.md");
        cr_assert_eq(f->window_start, FROM + 30 * DAY);
        cr_assert_eq(f->window_end, TO);
        cr_assert_eq(f->evidence[0].line, 4);
    }
    cr_assert_eq(sla003, 1, "99.9 %% allows under 2 h; 99.5 %% does not");
    cr_assert_eq(sla001, 2, "both versions in force lack a termination right");
    audit_result_release(&r);
    fixture_close(&fx);
}

/* ---- GPU-003 ------------------------------------------------------------ */

static char fleet_name[] = "GPU-003.fleet_gpus";

Test(rules_sla, gpu003_gpu_hours_lost_over_the_allowance)
{
    struct audit_data d;
    audit_data_init(&d, "provider:acme", FROM, TO);
    d.profile.present = true;
    struct audit_month m = {.service = "gpu-east",
                            .start = FROM,
                            .end = FROM + 30 * DAY,
                            .known = true,
                            .availability = 0.999,
                            .target_percent = 99.9,
                            .target_from = "the profile's slo_percent"};
    m.capacity_known = true;
    m.fleet_gpus = 512;
    m.gpu_seconds = 512.0 * 30 * DAY;
    m.gpu_seconds_lost = m.gpu_seconds / 1000; /* exactly the 0.1 % allowed */
    d.months = &m;
    d.nmonths = 1;
    cr_assert_eq(count(&d, "GPU-003"), 0, "no fleet: no data");
    struct profile_threshold fleet = {fleet_name, 512};
    d.profile.thresholds = &fleet;
    d.profile.nthresholds = 1;
    cr_assert_eq(count(&d, "GPU-003"), 0, "exactly the allowance");
    m.gpu_seconds_lost += H;
    cr_assert_eq(count(&d, "GPU-003"), 1, "one GPU-hour over");
}

Test(rules_sla, gpu003_without_a_fleet_says_so)
{
    struct audit_data d;
    audit_data_init(&d, "provider:acme", FROM, TO);
    struct audit_result r;
    struct sl_diag diag = {0};
    cr_assert_eq(audit_run_data(&d, &r, &diag), SL_OK);
    for (size_t i = 0; i < r.nrules; i++)
        if (!strcmp(r.rules[i].rule->id, "GPU-003")) {
            cr_assert_eq(r.rules[i].state, RULE_NO_DATA);
            cr_assert(strstr(r.rules[i].why, "GPU-003.fleet_gpus"), "%s", r.rules[i].why);
        }
    audit_result_release(&r);
}
