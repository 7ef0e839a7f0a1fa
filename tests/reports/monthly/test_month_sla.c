/* test_month_sla.c — the monthly workbook where a commitment applies and the
 * audit ran: the SLA sheet (tier with its line, a gap shown as a gap, the
 * credit after the cap, the amount, the claim date, chronic failure), the
 * Summary's credits due and top findings, the Findings sheet, the error
 * budget drawn from the contract measure, and the commitment's target in the
 * colouring. Read back from the zip. */
#include <criterion/criterion.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/audit/audit.h"
#include "engine/measure/contract.h"
#include "engine/measure/eval.h"
#include "engine/time/sltime.h"
#include "reports/monthly/report.h"
#include "tests/reports/xlsx_read.h"

#define ZONE "Europe/Berlin"

static char dir[64], path[128];
static struct eval_row rows[4];
static struct eval_contract_row contract[3];
static struct sla_credit_tier tiers[2];
static struct sla_uptime_target targets[1];
static struct sla_terms terms;
static struct eval_commitment commitment;
static struct eval_result result;
static struct report_info info;
static struct audit_result audit;

static void
add_row(char *entity, char *service, const struct window *w, double a)
{
    struct eval_row *r = &rows[result.nrows++];
    r->entity = entity;
    r->service = service;
    r->window = *w;
    r->avail.window_seconds = w->end - w->start;
    r->avail.known = true;
    r->avail.availability = a;
    r->avail.eligible_seconds = r->avail.window_seconds;
    r->avail.downtime_seconds = (1.0 - a) * (double)r->avail.eligible_seconds;
}

/* A contract row of the commitment, attained at percent, with its credit. */
static struct eval_contract_row *
add_contract(char *service, const struct window *w, double percent, enum credit_match match,
             long tier, double credit, double amount)
{
    struct eval_contract_row *c = &contract[result.ncontract++];
    c->entity = "provider:acme";
    c->service = service;
    c->window = *w;
    c->rules.target_percent = 99.95;
    c->rules.window = WINDOW_MONTH;
    c->measure.avail.known = true;
    c->measure.avail.eligible_seconds = w->end - w->start;
    c->measure.avail.downtime_seconds =
        (1.0 - percent / 100.0) * (double)c->measure.avail.eligible_seconds;
    c->attainment.known = true;
    c->attainment.target_percent = 99.95;
    c->attainment.attainment_percent = percent;
    c->attainment.met = percent >= 99.95;
    c->attainment.allowed_downtime_seconds = 0.0005 * (double)c->measure.avail.eligible_seconds;
    c->attainment.margin_seconds =
        c->attainment.allowed_downtime_seconds - c->measure.avail.downtime_seconds;
    c->attainment.credit = (struct credit_result){
        match, tier, credit, credit, false, amount, SLA_UNIT_PERCENT_OF_FEE, credit, credit, ""};
    c->attainment.claim_deadline = contract_claim_deadline(w->end, 30, ZONE);
    budget_compute(99.95, &c->measure.avail, w->start, w->end, w->end, &c->budget);
    c->chronic_at = -1;
    return c;
}

static void
setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/slaudit-monthsla-XXXXXX");
    cr_assert_not_null(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/m.xlsx", dir);
    struct window oct = window_month(2026, 10, ZONE);
    memset(&result, 0, sizeof result);
    memset(&info, 0, sizeof info);
    availability_default_params(&result.params.avail);
    contract_chronic_default(&result.params.chronic);
    result.params.zone = ZONE;
    result.rows = rows;
    result.contract = contract;

    sla_terms_init(&terms);
    terms.document = "acme-sla.md";
    targets[0] =
        (struct sla_uptime_target){.percent = 99.95, .window = SLA_WINDOW_MONTH, .line = 8};
    /* [99.0, 99.95) → 10 % (line 15) and [95, 98) → 25 % (line 16): 98 to 99 is a gap. */
    tiers[0] = (struct sla_credit_tier){
        99.0, 99.95, true, false, 10, 15, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""};
    tiers[1] = (struct sla_credit_tier){
        95.0, 98.0, true, false, 25, 16, SLA_UNIT_PERCENT_OF_FEE, 0, 0, SLA_BASIS_NONE, ""};
    terms.targets = targets;
    terms.ntargets = 1;
    terms.tiers = tiers;
    terms.ntiers = 2;
    terms.chronic_failure_termination = true;
    commitment = (struct eval_commitment){
        .entity = "provider:acme", .terms = &terms, .monthly_fee = 10000, .partial_weight = NAN};
    result.params.commitments = &commitment;
    result.params.ncommitments = 1;

    add_row("provider:acme", NULL, &oct, 0.99);
    add_row("provider:acme", "gpu-a", &oct, 0.9973);
    add_row("provider:acme", "gpu-b", &oct, 0.985);
    struct eval_contract_row *pooled =
        add_contract(NULL, &oct, 99.0, CREDIT_TIER, 0, 10, 1000); /* not added: pooled */
    pooled->chronic_at = 0;
    pooled->chronic_consecutive = true;
    add_contract("gpu-a", &oct, 99.73, CREDIT_TIER, 0, 10, 1000);
    add_contract("gpu-b", &oct, 98.5, CREDIT_GAP, -1, 0, NAN);
    /* linked as eval_run links them: each row with its series' contract row */
    for (size_t i = 0; i < 3; i++) {
        rows[i].contract = &contract[i];
        rows[i].target_percent = contract[i].rules.target_percent;
        rows[i].target_source = TARGET_COMMITMENT;
        contract[i].neutral = &rows[i];
    }

    findings_add(&audit.findings, "INC-001", "SOC 2 CC7.5", NULL, FSEV_HIGH, "provider:acme",
                 "gpu-a", oct.start, oct.end, "INC-1", "sev1 incident INC-1 has no postmortem");
    findings_add(&audit.findings, "INC-001", "SOC 2 CC7.5", NULL, FSEV_HIGH, "provider:acme",
                 "gpu-b", oct.start, oct.end, "INC-2", "sev2 incident INC-2 has no postmortem");
    findings_add(&audit.findings, "OPS-001", "SOC 2 CC7.4", "dora", FSEV_LOW, "provider:acme", NULL,
                 oct.start, oct.end, "2026-10", "on-call gap of 8.0 h in all");
    audit.params.entity = "provider:acme";
    info.audits = &audit;
    info.naudits = 1;
    info.version = "0.1.0-test";
    info.command_line = "slaudit report";
    info.zone = ZONE;
    info.month = oct;

    struct sl_diag diag = {0};
    enum sl_status st = report_monthly_write(path, &result, &info, &diag);
    cr_assert_eq(st, SL_OK, "report_monthly_write: %s", diag.message);
}

static void
teardown(void)
{
    findings_release(&audit.findings);
    memset(&audit, 0, sizeof audit);
    unlink(path);
    rmdir(dir);
}

static void
assert_text(const char *sheet, const char *ref, const char *want)
{
    char *t = cell_text(sheet, NULL, ref);
    cr_assert_str_eq(t, want, "%s", ref);
    free(t);
}

static void
assert_number(const char *sheet, const char *ref, double want, double tolerance)
{
    char *c = cell(sheet, ref);
    cr_assert_not_null(c, "no cell %s", ref);
    cr_assert_float_eq(value(c), want, tolerance, "%s: %s", ref, c);
    free(c);
}

TestSuite(month_sla, .init = setup, .fini = teardown);

Test(month_sla, sla_sheet_per_commitment_and_window)
{
    char *sheet = sheet_xml(path, "SLA");
    char *styles = zip_part(path, "xl/styles.xml");
    char fmt[32], fill[9];
    /* Row 4: the pooled row, with chronic failure and the termination right. */
    assert_text(sheet, "A4", "provider:acme");
    assert_text(sheet, "B4", "(all services)");
    assert_text(sheet, "N4",
                "chronic: breached 3 windows running; the SLA gives a right to "
                "terminate");
    /* Row 5: gpu-a, breached, tier [99, 99.95) from line 15, 10 % of 10000. */
    assert_text(sheet, "B5", "gpu-a");
    assert_text(sheet, "C5", "2026-10");
    assert_text(sheet, "D5", "acme-sla.md");
    assert_number(sheet, "E5", 0.9995, 1e-12);
    assert_number(sheet, "F5", 0.9973, 1e-12);
    assert_text(sheet, "G5", "breached");
    double eligible = 31 * 86400 + 3600; /* October in Berlin: 31 days and the DST hour */
    assert_number(sheet, "H5", (0.0005 - 0.0027) * eligible / 60.0, 1e-6);
    assert_text(sheet, "I5", "[99%, 99.95%) → 10%");
    assert_number(sheet, "J5", 15, 0);
    /* The credit is a share of the fee, shown as one: 10 %, not 10. */
    assert_number(sheet, "K5", 0.10, 1e-12);
    char *c = cell(sheet, "K5");
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fmt, "0.0%");
    free(c);
    assert_number(sheet, "L5", 1000, 0);
    c = cell(sheet, "M5"); /* claim by 30 November, a date */
    cr_assert_float_eq(value(c), 46356, 0, "%s", c);
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fmt, "yyyy-mm-dd");
    free(c);
    assert_text(sheet, "O5", "1 of 1");
    /* Row 6: gpu-b at 98.5 %, between the tiers: a gap, no credit, no amount. */
    assert_text(sheet, "I6", "gap: below target, in no tier of the table");
    c = cell(sheet, "I6");
    style_of(styles, c, fmt, sizeof fmt, fill);
    cr_assert_str_eq(fill, "FFFFC7CE");
    free(c);
    cr_assert_null(cell(sheet, "K6"), "a gap has no credit %%");
    cr_assert_null(cell(sheet, "L6"), "a gap has no amount");
    free(sheet);
    free(styles);
}

Test(month_sla, summary_credits_due_and_top_findings)
{
    char *sheet = sheet_xml(path, "Summary");
    char *detail = sheet_xml(path, "Summary detail");
    assert_number(sheet, "C4", 0.9995, 1e-12); /* the commitment's target, not 99.9 % */
    assert_number(sheet, "I4", 1000, 0);       /* gpu-a's credit; the pooled row not added */
    assert_number(detail, "U4", 3, 0);         /* findings */
    assert_number(detail, "V4", 2, 0);         /* high or critical */
    free(detail);
    assert_text(sheet, "A6", "Top findings");
    assert_text(sheet, "B7", "high");
    assert_text(sheet, "C7", "INC-001");
    assert_text(sheet, "D7", "sev1 incident INC-1 has no postmortem (and 1 more like it)");
    assert_text(sheet, "C8", "OPS-001");
    assert_text(sheet, "A9", "3 findings in all: see the Findings sheet");
    /* The RAG legend below, with the amber band the run used. */
    assert_text(sheet, "A11", "Legend");
    char *legend = cell_text(sheet, NULL, "B11");
    cr_assert(legend && strstr(legend, "RAG: green, the target met; amber, missed by at most 2 "
                                       "error budgets"),
              "%s", legend ? legend : "(none)");
    free(legend);
    free(sheet);
}

Test(month_sla, findings_sheet)
{
    char *sheet = sheet_xml(path, "Findings");
    assert_text(sheet, "A1", "#");
    assert_number(sheet, "A2", 1, 0);
    assert_text(sheet, "B2", "—");
    assert_text(sheet, "C2", "high");
    assert_text(sheet, "D2", "INC-001");
    assert_text(sheet, "E2", "provider:acme");
    assert_text(sheet, "F2", "gpu-a");
    assert_text(sheet, "J2", "sev1 incident INC-1 has no postmortem");
    assert_text(sheet, "B4", "DORA");
    assert_text(sheet, "F4", "(all services)");
    assert_number(sheet, "L4", 0, 0);
    assert_text(sheet, "M2", "UTC"); /* the zone its window was computed in */
    cr_assert(strstr(sheet, "<autoFilter ref=\"A1:M4\""), "filter over the findings");
    free(sheet);
}

Test(month_sla, budget_from_the_contract_measure)
{
    char *sheet = sheet_xml(path, "Chart data");
    /* One month, no TTR: the budget header is on row 11, gpu-a on row 12. */
    assert_text(sheet, "A12", "gpu-a");
    double eligible = 31 * 86400 + 3600;
    assert_number(sheet, "B12", 0.0005 * eligible / 60.0, 1e-6);
    assert_number(sheet, "C12", (1 - 0.9973) * eligible / 60.0, 1e-6);
    assert_number(sheet, "D12", 0.9995, 1e-12);
    assert_text(sheet, "H12", "budget of acme-sla.md (contract measure)");
    free(sheet);
}

Test(month_sla, no_decision_sheet_without_a_profile)
{
    char *wb = zip_part(path, "xl/workbook.xml");
    cr_assert_null(strstr(wb, "name=\"Decision\""));
    cr_assert_not_null(strstr(wb, "<sheet name=\"SLA\" sheetId=\"6\""));
    free(wb);
}
