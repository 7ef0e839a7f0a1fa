/* rules.c — the rule catalog (docs/rules.md) as one table. */
#include "engine/audit/rules.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "engine/audit/rules_checks.h"

#define D RULE_DOC
#define P RULE_PROVIDER
#define I RULE_INTERNAL
#define NO_INCIDENTS 0 /* the rule reads no incident record */
#define NOPARAMS                                                                                   \
    {                                                                                              \
        {                                                                                          \
            NULL, 0, NULL                                                                          \
        }                                                                                          \
    }

const struct rule rules_catalog[] = {
    {"SLA-001", D, FSEV_HIGH, NULL,
     "No chronic-failure termination right; worse if credits are sole remedy",
     "DORA 28(7)(a); EBA GL 13.4", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-002", D, FSEV_MEDIUM, NULL,
     "Worst-tier credit below 50 % of the monthly fee, or credit only against future usage",
     "AWS tiers; Voltage Park cap", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-003", D, FSEV_MEDIUM, NULL,
     "Allowed downtime over 2 h a month for a service supporting critical functions (uptime < "
     "99.73 %)",
     "2024/1772 Art 9(3)(b) (derived)", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-004", D, FSEV_MEDIUM, NULL, "Downtime definition excludes degraded or partial service",
     "ISO/IEC 19086-1", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-005", D, FSEV_MEDIUM, NULL, "Exclusions include an open-ended catch-all",
     "2024/2690 Art 3(2)", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-006", D, FSEV_HIGH, NULL,
     "Maintenance excluded with notice missing or under 48 h, or no monthly cap",
     "CoreWeave policy; ClauseHawk", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-007", D, FSEV_MEDIUM, NULL,
     "Uptime measured only by the provider and claims need customer logs", "DORA 30(3)(e)",
     NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-008", D, FSEV_MEDIUM, NULL, "Claim window under 30 days or credits not automatic",
     "Voltage Park; AWS", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-009", D, FSEV_HIGH, NULL, "No per-severity response time, or Sev-1 support not 24x7",
     "DORA 30(2)(f); PCI 12.10.3", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-010", D, FSEV_MEDIUM, NULL, "Response times but no restoration or resolution target",
     "C-SIG", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-011", D, FSEV_HIGH, NULL, "No incident notice to the customer, or notice over 24 h",
     "DORA 30(3)(b); 2025/301 Art 5; NIS2 23(4)", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-012", D, FSEV_HIGH, NULL, "No RPO/RTO or no commitment to test BC/DR",
     "DORA 30(3)(c); ISO 5.30", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-013", D, FSEV_HIGH, NULL,
     "No exit clause, retrieval under 30 days, or notice over 2 months",
     "DORA 30(2)(d),(3)(f); Data Act Art 25", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-014", D, FSEV_MEDIUM, NULL,
     "No audit or assurance rights, or the SLA may change unilaterally", "DORA 30(2)(e), 30(3)(e)",
     NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    /* --- SLA document: what a reviewer must catch ---------------------- */
    {"SLA-015", D, FSEV_MEDIUM, NULL,
     "Reasonable efforts towards the uptime instead of a commitment to it", "C-SIG", NOPARAMS,
     check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-016", D, FSEV_MEDIUM, NULL, "Uptime measured by the provider alone", "DORA 30(3)(e)",
     NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-017", D, FSEV_MEDIUM, NULL, "Credits paid as vouchers for the same service", "C-SIG",
     NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"SLA-018", D, FSEV_HIGH, NULL,
     "Maintenance allowed outside the downtime exceeds the downtime the uptime target allows",
     "2024/1772 Art 9(3)(b) (derived)", NOPARAMS, check_sla_document, NULL, NO_INCIDENTS},
    {"AVL-001", P | I, FSEV_HIGH, NULL,
     "Monthly availability (neutral measure) below the committed SLO (the SLA's, else the "
     "profile's slo_percent)",
     "Contract; SOC 2 A1", NOPARAMS, check_avl001, NULL, NO_INCIDENTS},
    {"AVL-002",
     P | I,
     FSEV_HIGH,
     NULL,
     "SLO breached in consecutive months or in enough of any run of months: chronic failure",
     "DORA 28(7)(a)",
     {{"consecutive_months", 3, "months"},
      {"breaches_in_window", 3, "months"},
      {"window_months", 6, "months"},
      {NULL, 0, NULL}},
     check_avl002,
     NULL,
     NO_INCIDENTS},
    {"AVL-003",
     P,
     FSEV_HIGH,
     "nis2",
     "Service fully down longer than down_minutes, or limited (partial) longer than "
     "limited_minutes: "
     "NIS2 significant-incident candidate",
     "2024/2690 Art 7, 8",
     {{"down_minutes", 30, "minutes"}, {"limited_minutes", 60, "minutes"}, {NULL, 0, NULL}},
     check_avl003,
     NULL,
     NO_INCIDENTS},
    {"AVL-004",
     P | I,
     FSEV_HIGH,
     "dora",
     "Single outage over downtime_hours on a critical service, or a Sev-1/2 incident lasting over "
     "duration_hours: "
     "DORA threshold met",
     "2024/1772 Art 9(3)",
     {{"downtime_hours", 2, "hours"}, {"duration_hours", 24, "hours"}, {NULL, 0, NULL}},
     check_avl004,
     NULL,
     SOURCES_ALL},
    {"AVL-005",
     P | I,
     FSEV_MEDIUM,
     "dora nis2",
     "At least min_incidents incidents within window_days with the same root_cause_tag: recurring",
     "2024/1772 Art 8(2); 2024/2690 Art 4",
     {{"min_incidents", 2, "incidents"}, {"window_days", 183, "days"}, {NULL, 0, NULL}},
     check_avl005,
     NULL,
     SOURCES_ALL},
    {"MNT-001",
     P | I,
     FSEV_MEDIUM,
     NULL,
     "Maintenance announced later than the notice period (the SLA's, the profile's, else "
     "notice_hours), "
     "or over the profile's monthly cap: counts as unplanned downtime",
     "Contract; 2024/2690 Art 3(2)",
     {{"notice_hours", 48, "hours"}, {NULL, 0, NULL}},
     check_mnt001,
     NULL,
     NO_INCIDENTS},
    {"INC-001", P | I, FSEV_HIGH, NULL,
     "Sev-1/2 incident resolved without a postmortem holding impact, timeline, root cause and "
     "actions",
     "SOC 2 CC7.5; ISO 5.27; NIS2 Annex 3.6.1; DORA 13(2)", NOPARAMS, check_inc001, NULL,
     SOURCES_TEAM | SOURCES_MACHINE_LOG},
    {"INC-002",
     I,
     FSEV_MEDIUM,
     NULL,
     "Postmortem published more than business_days business days after resolution",
     "NIST 800-61r2 3.4.1",
     {{"business_days", 5, "business days"}, {NULL, 0, NULL}},
     check_inc002,
     NULL,
     SOURCES_TEAM | SOURCES_MACHINE_LOG},
    {"INC-003",
     I,
     FSEV_HIGH,
     NULL,
     "Postmortem action item open past its due date (default due: resolution + 4 weeks Sev-1, "
     "8 weeks Sev-2)",
     "Atlassian handbook; ISO cl.10.2",
     {{"due_weeks_sev1", 4, "weeks"}, {"due_weeks_sev2", 8, "weeks"}, {NULL, 0, NULL}},
     check_inc003,
     NULL,
     NO_INCIDENTS},
    {"INC-004", P | I, FSEV_MEDIUM, NULL,
     "Time to acknowledge above the committed (SLA) or policy (profile) response time for the "
     "severity, on a 24x7 clock",
     "Contract; PCI 12.10", NOPARAMS, check_inc004, NULL, SOURCES_TEAM},
    {"INC-005", I, FSEV_MEDIUM, NULL,
     "Incident record lacks severity, detected, acknowledged or (once closed) resolved time, "
     "each where its source can carry it",
     "2025/301 Art 2; ISO 5.25; SOC 2", NOPARAMS, check_inc005, NULL, SOURCES_ALL},
    {"INC-006",
     I,
     FSEV_MEDIUM,
     NULL,
     "Share of Sev-1/2 incidents detected by customers or external reports above max_share_percent",
     "Google SRE; NIS2 Annex 3.2; SOC 2 CC7.2",
     {{"max_share_percent", 20, "percent"}, {NULL, 0, NULL}},
     check_inc006,
     NULL,
     SOURCES_TEAM},
    {"INC-007", I, FSEV_MEDIUM, NULL,
     "Incident caused by a change with no linked approved change (an emergency change needs "
     "retro-approval)",
     "SOC 2 CC8.1; ISO 8.32", NOPARAMS, check_inc007, NULL, SOURCES_TEAM | SOURCES_MACHINE_LOG},
    {"REP-001",
     I,
     FSEV_HIGH,
     "dora",
     "DORA major incident: initial notice after min(classified + 4 h, aware + 24 h), or after "
     "classified + 4 h when classified more than 24 h after awareness",
     "2025/301 Art 5(1)(a),(2)",
     {{"hours_after_classification", 4, "hours"},
      {"hours_after_awareness", 24, "hours"},
      {NULL, 0, NULL}},
     check_rep001,
     NULL,
     NO_INCIDENTS},
    {"REP-002",
     I,
     FSEV_HIGH,
     "dora",
     "DORA: intermediate report more than 72 h after the initial notice, or final report more than "
     "one month after the last intermediate",
     "2025/301 Art 5(1)(b),(c)",
     {{"intermediate_hours", 72, "hours"}, {"final_months", 1, "months"}, {NULL, 0, NULL}},
     check_rep002,
     NULL,
     NO_INCIDENTS},
    {"REP-003",
     I,
     FSEV_MEDIUM,
     "dora",
     "DORA classification lag (classified - aware) over max_hours for an incident classified major",
     "2025/301 Art 5(2); DORA 17(3)",
     {{"max_hours", 24, "hours"}, {NULL, 0, NULL}},
     check_rep003,
     NULL,
     NO_INCIDENTS},
    {"REP-004",
     P | I,
     FSEV_HIGH,
     "nis2",
     "NIS2 significant incident: early warning over 24 h, notification over 72 h after awareness, "
     "or final report over one month after the notification",
     "NIS2 Art 23(4)",
     {{"early_warning_hours", 24, "hours"},
      {"notification_hours", 72, "hours"},
      {"final_months", 1, "months"},
      {NULL, 0, NULL}},
     check_rep004,
     NULL,
     NO_INCIDENTS},
    {"REP-005",
     I,
     FSEV_HIGH,
     "sec",
     "SEC Form 8-K Item 1.05 filed more than business_days business days after the materiality "
     "determination",
     "Form 8-K Item 1.05",
     {{"business_days", 4, "business days"}, {NULL, 0, NULL}},
     check_rep005,
     NULL,
     NO_INCIDENTS},
    {"REP-006",
     P | I,
     FSEV_HIGH,
     "hipaa gdpr",
     "HIPAA breach notice more than hipaa_days after discovery; GDPR notice more than gdpr_hours "
     "after awareness",
     "45 CFR 164.404(b), 164.410(b); GDPR Art 33",
     {{"hipaa_days", 60, "days"}, {"gdpr_hours", 72, "hours"}, {NULL, 0, NULL}},
     check_rep006,
     NULL,
     NO_INCIDENTS},
    {"REP-007",
     I,
     FSEV_MEDIUM,
     "circia",
     "CIRCIA (once effective): report more than report_hours after reasonable belief, or ransom "
     "payment reported more than ransom_hours after paying",
     "6 U.S.C. 681b (pending rule)",
     {{"report_hours", 72, "hours"}, {"ransom_hours", 24, "hours"}, {NULL, 0, NULL}},
     check_rep007,
     NULL,
     NO_INCIDENTS},
    {"PAT-001",
     P | I,
     FSEV_HIGH,
     NULL,
     "Patch applied (or still open) longer after release, else detection, than its severity "
     "allows: "
     "critical/high 30 d, moderate 90 d, low 180 d",
     "PCI 6.3.3; FedRAMP ConMon",
     {{"critical_days", 30, "days"},
      {"high_days", 30, "days"},
      {"moderate_days", 90, "days"},
      {"low_days", 180, "days"},
      {NULL, 0, NULL}},
     check_pat001,
     NULL,
     NO_INCIDENTS},
    {"PAT-002",
     P | I,
     FSEV_HIGH,
     NULL,
     "KEV-listed vulnerability open over kev_days after KEV addition; internet-facing critical "
     "over "
     "15 d or high over 30 d after detection",
     "CISA BOD 22-01, 19-02",
     {{"kev_days", 14, "days"},
      {"internet_critical_days", 15, "days"},
      {"internet_high_days", 30, "days"},
      {NULL, 0, NULL}},
     check_pat002,
     NULL,
     NO_INCIDENTS},
    {"PAT-003", P | I, FSEV_MEDIUM, NULL,
     "Patch deferred past its PAT-001 deadline with no documented exception or risk acceptance",
     "NIS2 Annex 6.6.2; ISO 8.8", NOPARAMS, check_pat003, NULL, NO_INCIDENTS},
    {"OPS-001",
     I,
     FSEV_HIGH,
     NULL,
     "On-call schedule has an interval longer than max_gap_minutes with no primary responder "
     "(24x7)",
     "PCI 12.10.3; 2025/301 Art 5(5)",
     {{"max_gap_minutes", 0, "minutes"}, {NULL, 0, NULL}},
     check_ops001,
     NULL,
     NO_INCIDENTS},
    {"OPS-002",
     P | I,
     FSEV_MEDIUM,
     NULL,
     "No IR-plan test, BCP/DR test or backup restore within max_months, or measured RTO above the "
     "stated RTO",
     "PCI 12.10.2; DORA 11(6); SOC 2 A1.3; ISO 5.30",
     {{"max_months", 12, "months"}, {NULL, 0, NULL}},
     check_ops002,
     NULL,
     NO_INCIDENTS},
    {"EVD-001",
     P | I,
     FSEV_MEDIUM,
     NULL,
     "Incident, log or postmortem evidence retained for less than min_months (3 y NIST, 6 y HIPAA "
     "by override)",
     "PCI 10.5.1; NIST GRS; 164.316(b)(2)",
     {{"min_months", 12, "months"}, {NULL, 0, NULL}},
     check_evd001,
     NULL,
     NO_INCIDENTS},
    {"GPU-001",
     P | I,
     FSEV_MEDIUM,
     NULL,
     "A GPU with min_faults or more hardware-class Xid faults within window_days: lemon node",
     "Meta FAIR lemon-node detection",
     {{"min_faults", 3, "faults"}, {"window_days", 30, "days"}, {NULL, 0, NULL}},
     check_gpu001,
     NULL,
     NO_INCIDENTS},
    {"GPU-002", P, FSEV_HIGH, NULL,
     "Faulty GPU node replacement took longer than the SLA's hardware-replacement target",
     "Contract (e.g. 12 h replacement SLAs)", NOPARAMS, NULL,
     "the store holds when a GPU faulted (Xid events) but not when its node was replaced: a "
     "kernel log never says, and a Slurm node's return to service does not tell a replacement "
     "from a reset or reboot; nor do the stored SLA terms hold a hardware-replacement target",
     NO_INCIDENTS},
    {"GPU-003",
     P | I,
     FSEV_MEDIUM,
     NULL,
     "GPU-hours lost in a month (capacity-weighted, over a fleet of fleet_gpus) above the share "
     "the availability commitment allows; fleet_gpus 0 means the fleet is unknown",
     "Contract; capacity-weighted availability",
     {{"fleet_gpus", 0, "GPUs"}, {"gpus_per_node", 8, "GPUs"}, {NULL, 0, NULL}},
     check_gpu003,
     NULL,
     NO_INCIDENTS},
    {NULL, 0, 0, NULL, NULL, NULL, NOPARAMS, NULL, NULL, NO_INCIDENTS},
};

const struct rule *
rules_find(const char *id)
{
    for (const struct rule *r = rules_catalog; r->id; r++)
        if (!strcmp(r->id, id))
            return r;
    return NULL;
}

size_t
rules_count(void)
{
    size_t n = 0;
    while (rules_catalog[n].id)
        n++;
    return n;
}

size_t
rules_implemented(void)
{
    size_t n = 0;
    for (const struct rule *r = rules_catalog; r->id; r++)
        n += r->check != NULL;
    return n;
}

const char *
rules_scope_text(unsigned scope)
{
    static const char *const texts[8] = {"", "D", "P", "D, P", "I", "D, I", "P, I", "D, P, I"};
    return texts[scope & 7];
}

/* FNV-1a over a string and its terminating NUL, so "ab"+"c" and "a"+"bc"
 * differ. */
static uint64_t
digest_text(uint64_t h, const char *text)
{
    const char *t = text ? text : "";
    do {
        h ^= (unsigned char)*t;
        h *= 0x100000001b3ULL;
    } while (*t++);
    return h;
}

void
rules_catalog_digest(char out[17])
{
    uint64_t h = 0xcbf29ce484222325ULL;
    char num[64];
    for (const struct rule *r = rules_catalog; r->id; r++) {
        snprintf(num, sizeof num, "%u %d %d %u", r->scope, (int)r->severity, r->check != NULL,
                 r->sources);
        h = digest_text(h, r->id);
        h = digest_text(h, num);
        h = digest_text(h, r->regimes);
        h = digest_text(h, r->check_text);
        h = digest_text(h, r->clause);
        for (const struct rule_param *p = r->params; p->name; p++) {
            snprintf(num, sizeof num, "%.17g", p->value);
            h = digest_text(h, p->name);
            h = digest_text(h, num);
            h = digest_text(h, p->unit);
        }
    }
    snprintf(out, 17, "%016llx", (unsigned long long)h);
}
