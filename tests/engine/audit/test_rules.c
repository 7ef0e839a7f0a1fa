/* test_rules.c — each implemented rule of the catalog fires just past its
 * threshold and stays quiet exactly on it, on audit data built by hand
 * (engine/audit.h audit_run_data), plus the catalog's own invariants. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/audit/audit.h"
#include "engine/time/sltime.h"

#define H 3600
#define DAY 86400
/* 2026-08-03T00:00:00Z, a Monday. */
#define MON INT64_C(1785715200)
#define FROM MON
#define TO (MON + 90 * DAY)

static char r_dora[] = "dora", r_nis2[] = "nis2", r_sec[] = "sec", r_hipaa[] = "hipaa",
            r_gdpr[] = "gdpr", r_circia[] = "circia";
static char *all_regimes[] = {r_dora, r_nis2, r_sec, r_hipaa, r_gdpr, r_circia};

static void
team(struct audit_data *d)
{
    audit_data_init(d, "team:platform", FROM, TO);
    d->profile.present = true;
    d->profile.regimes = all_regimes;
    d->profile.nregimes = 6;
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

/* Whether the one finding of rule says text. */
static bool
says(const struct audit_data *d, const char *rule, const char *text)
{
    struct audit_result r;
    struct sl_diag diag = {0};
    cr_assert_eq(audit_run_data(d, &r, &diag), SL_OK, "%s", diag.message);
    bool found = false;
    for (size_t i = 0; i < r.findings.n; i++)
        if (!strcmp(r.findings.v[i].rule_id, rule)) {
            found = strstr(r.findings.v[i].message, text) != NULL;
            if (!found)
                cr_log_info("%s says: %s", rule, r.findings.v[i].message);
        }
    audit_result_release(&r);
    return found;
}

static struct audit_incident
incident(const char *key, const char *sev, int64_t start, int64_t resolved)
{
    struct audit_incident i = {.key = key,
                               .service = "api",
                               .severity = sev,
                               .state = "resolved",
                               .started = start,
                               .detected = start,
                               .acknowledged = start + 60,
                               .mitigated = SLTIME_NONE,
                               .resolved = resolved,
                               .classified = SLTIME_NONE,
                               .origin = {"incidents.csv", 2}};
    return i;
}

Test(rules, catalog_is_complete_and_unique)
{
    cr_assert_eq(rules_count(), 47);
    cr_assert_eq(rules_implemented(), 46);
    for (const struct rule *r = rules_catalog; r->id; r++) {
        cr_assert(r->check || r->not_implemented, "%s: no check and no reason", r->id);
        cr_assert_not_null(r->clause);
        for (const struct rule *q = r + 1; q->id; q++)
            cr_assert_neq(strcmp(r->id, q->id), 0, "%s twice", r->id);
    }
}

Test(rules, catalog_digest_is_sixteen_hex_digits_and_stable)
{
    char a[17], b[17];
    rules_catalog_digest(a);
    rules_catalog_digest(b);
    cr_assert_eq(strlen(a), 16);
    cr_assert_eq(strspn(a, "0123456789abcdef"), 16, "%s", a);
    cr_assert_str_eq(a, b);
    cr_assert_str_neq(a, "cbf29ce484222325", "the digest of nothing");
}

Test(findings, regime_keys_as_readers_write_them)
{
    char out[32], tiny[4];
    finding_regime_title("dora", out, sizeof out);
    cr_assert_str_eq(out, "DORA");
    finding_regime_title("hipaa gdpr nis2", out, sizeof out);
    cr_assert_str_eq(out, "HIPAA GDPR NIS2");
    finding_regime_title(NULL, out, sizeof out);
    cr_assert_str_eq(out, "-");
    finding_regime_title("circia", tiny, sizeof tiny);
    cr_assert_str_eq(tiny, "CIR");
}

Test(rules, avl001_below_target_fires_at_target_not)
{
    struct audit_data d;
    team(&d);
    struct audit_month m[2] = {{.service = "api",
                                .start = FROM,
                                .end = FROM + 31 * DAY,
                                .known = true,
                                .availability = 0.999,
                                .target_percent = 99.9,
                                .target_from = "the profile's slo_percent"},
                               {.service = "web",
                                .start = FROM,
                                .end = FROM + 31 * DAY,
                                .known = true,
                                .availability = 0.99899,
                                .target_percent = 99.9,
                                .target_from = "the profile's slo_percent"}};
    d.months = m;
    d.nmonths = 2;
    cr_assert_eq(count(&d, "AVL-001"), 1);
}

Test(rules, avl002_three_consecutive_fires_two_not)
{
    struct audit_data d;
    team(&d);
    struct audit_month m[4] = {
        {.service = "api", .start = 0, .end = 1, .known = true, .availability = 0.99},
        {.service = "api", .start = 1, .end = 2, .known = true, .availability = 0.99},
        {.service = "api", .start = 2, .end = 3, .known = true, .availability = 0.999},
        {.service = "api", .start = 3, .end = 4, .known = true, .availability = 0.99}};
    for (size_t i = 0; i < 4; i++) { /* as the loader sets them from the profile */
        m[i].target_percent = 99.9;
        m[i].target_from = "the profile's slo_percent";
    }
    d.months = m;
    d.nmonths = 4;
    cr_assert_eq(count(&d, "AVL-002"), 1, "3 of 6 breached");
    m[3].availability = 0.999;
    cr_assert_eq(count(&d, "AVL-002"), 0, "2 consecutive, 2 of 6");
}

Test(rules, avl003_down_over_30_min)
{
    struct audit_data d;
    team(&d);
    d.is_provider = true;
    d.entity = "provider:x";
    struct audit_run_of r[2] = {{"api", SVC_DOWN, FROM, FROM + 30 * 60},
                                {"api", SVC_PARTIAL, FROM + DAY, FROM + DAY + 3600}};
    d.runs = r;
    d.nruns = 2;
    cr_assert_eq(count(&d, "AVL-003"), 0, "exactly 30 min down, exactly 1 h partial");
    r[0].end++;
    r[1].end++;
    cr_assert_eq(count(&d, "AVL-003"), 2);
}

Test(rules, avl004_critical_downtime_over_2h_and_duration_over_24h)
{
    struct audit_data d;
    team(&d);
    static char api[] = "api";
    char *crit[] = {api};
    d.profile.critical_services = crit;
    d.profile.ncritical = 1;
    struct audit_run_of r = {"api", SVC_DOWN, FROM, FROM + 2 * H};
    struct audit_incident inc = incident("I1", "sev2", FROM, FROM + 24 * H);
    d.runs = &r;
    d.nruns = 1;
    d.incidents = &inc;
    d.nincidents = 1;
    cr_assert_eq(count(&d, "AVL-004"), 0);
    r.end++;
    inc.resolved++;
    cr_assert_eq(count(&d, "AVL-004"), 2);
    d.profile.ncritical = 0;
    inc.severity = "sev3";
    cr_assert_eq(count(&d, "AVL-004"), 0, "not critical, not sev1/2");
}

Test(rules, avl005_two_same_cause_within_six_months)
{
    struct audit_data d;
    team(&d);
    struct audit_incident inc[2] = {incident("I1", "sev3", FROM, FROM + H),
                                    incident("I2", "sev3", FROM + 183 * DAY, FROM + 183 * DAY + H)};
    inc[0].root_cause_tag = inc[1].root_cause_tag = "disk-full";
    d.incidents = inc;
    d.nincidents = 2;
    cr_assert_eq(count(&d, "AVL-005"), 1, "exactly 183 days apart: within");
    inc[1].started = inc[1].detected = FROM + 183 * DAY + 1;
    cr_assert_eq(count(&d, "AVL-005"), 0);
}

Test(rules, mnt001_notice_exactly_48h_is_enough)
{
    struct audit_data d;
    team(&d);
    struct maintenance m = {"team:platform",     "api",          "MW-1", FROM + 10 * DAY,
                            FROM + 10 * DAY + H, FROM + 8 * DAY, 3};
    d.maintenance = &m;
    d.nmaintenance = 1;
    cr_assert_eq(count(&d, "MNT-001"), 0);
    m.announced++;
    cr_assert_eq(count(&d, "MNT-001"), 1);
    m.announced = SLTIME_NONE;
    cr_assert_eq(count(&d, "MNT-001"), 1, "never announced");
}

Test(rules, inc001_needs_a_complete_postmortem)
{
    struct audit_data d;
    team(&d);
    struct audit_incident inc = incident("I1", "sev2", FROM, FROM + H);
    struct audit_postmortem pm = {.incident = "I1",
                                  .published = FROM + DAY,
                                  .impact = true,
                                  .timeline = true,
                                  .root_cause = true,
                                  .actions = false};
    d.incidents = &inc;
    d.nincidents = 1;
    cr_assert_eq(count(&d, "INC-001"), 1, "no postmortem");
    d.postmortems = &pm;
    d.npostmortems = 1;
    cr_assert_eq(count(&d, "INC-001"), 1, "no actions");
    pm.actions = true;
    cr_assert_eq(count(&d, "INC-001"), 0);
    inc.severity = "sev3";
    pm.actions = false;
    cr_assert_eq(count(&d, "INC-001"), 0, "sev3 needs none");
}

Test(rules, inc002_five_business_days_over_a_weekend)
{
    struct audit_data d;
    team(&d);
    /* Resolved Monday 10:00Z: business days Tue..Fri and the next Monday;
     * the deadline is the start of the next Tuesday. */
    struct audit_incident inc = incident("I1", "sev1", MON, MON + 10 * H);
    struct audit_postmortem pm = {.incident = "I1", .published = MON + 8 * DAY - 1};
    d.incidents = &inc;
    d.nincidents = 1;
    d.postmortems = &pm;
    d.npostmortems = 1;
    cr_assert_eq(count(&d, "INC-002"), 0);
    pm.published = MON + 8 * DAY;
    cr_assert_eq(count(&d, "INC-002"), 1);
    int64_t holiday = sltime_days_from_civil(2026, 8, 4);
    d.calendar.holidays = &holiday;
    d.calendar.nholidays = 1;
    cr_assert_eq(count(&d, "INC-002"), 0, "a holiday moves the deadline a day");
    d.npostmortems = 0;
    cr_assert_eq(count(&d, "INC-002"), 0, "a missing postmortem is INC-001's finding alone");
    cr_assert_eq(count(&d, "INC-001"), 1);
}

Test(rules, inc003_action_item_past_due)
{
    struct audit_data d;
    team(&d);
    struct audit_action a = {
        .key = "A1", .incident = "I1", .due = FROM + DAY, .closed = FROM + DAY};
    d.actions = &a;
    d.nactions = 1;
    cr_assert_eq(count(&d, "INC-003"), 0, "closed on the due instant");
    a.closed++;
    cr_assert_eq(count(&d, "INC-003"), 1);
    a.closed = SLTIME_NONE;
    cr_assert_eq(count(&d, "INC-003"), 1, "still open");
}

Test(rules, inc003_default_due_four_weeks_for_sev1)
{
    struct audit_data d;
    team(&d);
    struct audit_incident inc = incident("I1", "sev1", FROM, FROM + H);
    struct audit_action a = {
        .key = "A1", .incident = "I1", .due = SLTIME_NONE, .closed = FROM + H + 28 * DAY};
    d.incidents = &inc;
    d.nincidents = 1;
    d.actions = &a;
    d.nactions = 1;
    cr_assert_eq(count(&d, "INC-003"), 0);
    a.closed++;
    cr_assert_eq(count(&d, "INC-003"), 1);
}

Test(rules, inc004_tta_over_target)
{
    struct audit_data d;
    team(&d);
    struct audit_incident inc = incident("I1", "sev1", FROM, FROM + H);
    inc.acknowledged = FROM + 15 * 60;
    d.incidents = &inc;
    d.nincidents = 1;
    d.profile.response_minutes[1] = 15;
    cr_assert_eq(count(&d, "INC-004"), 0);
    inc.acknowledged++;
    cr_assert_eq(count(&d, "INC-004"), 1);
}

Test(rules, inc005_missing_fields)
{
    struct audit_data d;
    team(&d);
    struct audit_incident inc[2] = {incident("I1", "sev3", FROM, FROM + H),
                                    incident("I2", "sev3", FROM, SLTIME_NONE)};
    inc[1].state = "open";
    d.incidents = inc;
    d.nincidents = 2;
    cr_assert_eq(count(&d, "INC-005"), 0, "an open incident needs no resolved time");
    inc[0].acknowledged = SLTIME_NONE;
    cr_assert_eq(count(&d, "INC-005"), 1);
}

/* A finding never rests on a field the record's source cannot carry: an
 * incident derived from a machine log has no severity of its own and no
 * acknowledgement, a status page's no acknowledgement. */
Test(rules, inc005_asks_only_what_the_source_carries)
{
    struct audit_data d;
    team(&d);
    struct audit_incident inc[3] = {incident("xid:node-a:1", NULL, FROM, FROM + H),
                                    incident("sp-1", "sev2", FROM, FROM + H),
                                    incident("T1", "sev3", FROM, FROM + H)};
    inc[0].source = RECORD_MACHINE_LOG;
    inc[0].acknowledged = SLTIME_NONE;
    inc[1].source = RECORD_STATUS_PAGE;
    inc[1].acknowledged = SLTIME_NONE;
    d.incidents = inc;
    d.nincidents = 3;
    cr_assert_eq(count(&d, "INC-005"), 0, "no acknowledgement a log or a page could carry");
    inc[1].severity = NULL;
    cr_assert(says(&d, "INC-005", "1 of 3 incident records"), "a page states an impact");
    inc[1].severity = "sev2";
    inc[0].resolved = SLTIME_NONE;
    cr_assert_eq(count(&d, "INC-005"), 1, "a log's times are asked for");
    inc[0].resolved = FROM + H;
    inc[2].acknowledged = SLTIME_NONE;
    cr_assert(says(&d, "INC-005", "1 of 3 incident records"), "a team's record is");
}

/* A provider's public status page publishes no postmortem of the
 * customer's: its incidents are not faulted for lacking one; a team's, and
 * those derived from its machines' logs, are. */
Test(rules, inc001_not_for_status_page_incidents)
{
    struct audit_data d;
    team(&d);
    struct audit_incident inc = incident("sp-1", "sev1", FROM, FROM + H);
    inc.source = RECORD_STATUS_PAGE;
    d.incidents = &inc;
    d.nincidents = 1;
    cr_assert_eq(count(&d, "INC-001"), 0);
    inc.source = RECORD_MACHINE_LOG;
    cr_assert_eq(count(&d, "INC-001"), 1);
    inc.source = RECORD_TEAM;
    cr_assert_eq(count(&d, "INC-001"), 1);
}

Test(rules, every_incident_rule_states_its_sources)
{
    static const char *const judged[] = {"AVL-004", "AVL-005", "INC-001", "INC-002",
                                         "INC-004", "INC-005", "INC-006", "INC-007"};
    for (size_t i = 0; i < sizeof judged / sizeof judged[0]; i++)
        cr_assert_neq(rules_find(judged[i])->sources, 0u, "%s", judged[i]);
    cr_assert_eq(rules_find("INC-004")->sources, SOURCES_TEAM, "acknowledgements: teams' only");
    cr_assert_eq(rules_find("SLA-001")->sources, 0u, "a document rule reads no incident");
    char text[80];
    cr_assert_str_eq(record_sources_text(rules_find("INC-001")->sources, text, sizeof text),
                     "team records, machine logs");
    cr_assert_str_eq(record_sources_text(0, text, sizeof text), "—");
}

Test(rules, record_sources_of_formats)
{
    cr_assert_eq(record_source_of("statuspage-feed"), RECORD_STATUS_PAGE);
    cr_assert_eq(record_source_of("gcp-status"), RECORD_STATUS_PAGE);
    cr_assert_eq(record_source_of("slurmctld-log"), RECORD_MACHINE_LOG);
    cr_assert_eq(record_source_of("nvidia-xid"), RECORD_MACHINE_LOG);
    cr_assert_eq(record_source_of("pagerduty-json"), RECORD_TEAM);
    cr_assert_eq(record_source_of(NULL), RECORD_TEAM);
    cr_assert_eq(record_source_carries(RECORD_MACHINE_LOG) & CARRIES_ACKNOWLEDGED, 0u);
}

Test(rules, inc006_external_share_over_20_percent)
{
    struct audit_data d;
    team(&d);
    struct audit_incident inc[5];
    const char *keys[] = {"I1", "I2", "I3", "I4", "I5"};
    for (int i = 0; i < 5; i++) {
        inc[i] = incident(keys[i], "sev2", FROM, FROM + H);
        inc[i].detected_by = "monitoring";
    }
    inc[0].detected_by = "customer";
    d.incidents = inc;
    d.nincidents = 5;
    cr_assert_eq(count(&d, "INC-006"), 0, "1 of 5 is exactly 20 %%");
    inc[1].detected_by = "external";
    cr_assert_eq(count(&d, "INC-006"), 1);
}

Test(rules, inc007_change_needs_approval)
{
    struct audit_data d;
    team(&d);
    struct audit_incident inc = incident("I1", "sev2", FROM, FROM + H);
    inc.cause = "change";
    const char *linked[] = {"I1"};
    struct audit_change c = {.key = "C1",
                             .approved = SLTIME_NONE,
                             .emergency = true,
                             .retro_approved = SLTIME_NONE,
                             .incidents = linked,
                             .nincidents = 1};
    d.incidents = &inc;
    d.nincidents = 1;
    cr_assert_eq(count(&d, "INC-007"), 1, "no change record");
    d.changes = &c;
    d.nchanges = 1;
    cr_assert_eq(count(&d, "INC-007"), 1, "emergency, no retro-approval");
    c.retro_approved = FROM + DAY;
    cr_assert_eq(count(&d, "INC-007"), 0);
}

static struct audit_notice
notice(const char *regime, const char *kind, int64_t sent, int64_t aware, int64_t classified)
{
    struct audit_notice n = {"I1", regime, kind, sent, aware, classified, {"notifications.csv", 2}};
    return n;
}

Test(rules, rep001_initial_within_4h_of_classification)
{
    struct audit_data d;
    team(&d);
    d.profile.dora_class = "credit_institution";
    struct audit_notice n[2] = {notice("dora", "classification", SLTIME_NONE, MON, MON + 2 * H),
                                notice("dora", "initial", MON + 6 * H, SLTIME_NONE, SLTIME_NONE)};
    d.notices = n;
    d.nnotices = 2;
    cr_assert_eq(count(&d, "REP-001"), 0);
    n[1].sent++;
    cr_assert_eq(count(&d, "REP-001"), 1);
}

Test(rules, rep001_reads_every_notification_of_an_incident)
{
    /* 70 classification rows for one incident (aware MON, classified
     * MON + 2 h), then the initial report 6 h later: on time. Its row is the
     * 71st of the incident; past the 64 read before, the report was taken
     * for never sent. */
    struct audit_data d;
    team(&d);
    d.profile.dora_class = "credit_institution";
    struct audit_notice n[71];
    for (int i = 0; i < 70; i++)
        n[i] = notice("dora", "classification", SLTIME_NONE, MON, MON + 2 * H);
    n[70] = notice("dora", "initial", MON + 6 * H, SLTIME_NONE, SLTIME_NONE);
    d.notices = n;
    d.nnotices = 71;
    cr_assert_eq(count(&d, "REP-001"), 0);
    n[70].sent++;
    cr_assert_eq(count(&d, "REP-001"), 1);
}

Test(rules, rep001_awareness_plus_24h_governs)
{
    struct audit_data d;
    team(&d);
    /* Classified 22 h after awareness: deadline min(26 h, 24 h) = aware + 24 h. */
    struct audit_notice n[2] = {notice("dora", "classification", SLTIME_NONE, MON, MON + 22 * H),
                                notice("dora", "initial", MON + 24 * H, SLTIME_NONE, SLTIME_NONE)};
    d.notices = n;
    d.nnotices = 2;
    cr_assert_eq(count(&d, "REP-001"), 0);
    n[1].sent++;
    cr_assert_eq(count(&d, "REP-001"), 1);
}

Test(rules, rep002_intermediate_within_72h)
{
    struct audit_data d;
    team(&d);
    struct audit_notice n[3] = {
        notice("dora", "initial", MON, MON, MON),
        notice("dora", "intermediate", MON + 72 * H, SLTIME_NONE, SLTIME_NONE),
        notice("dora", "final", MON + 72 * H + 31 * DAY, SLTIME_NONE, SLTIME_NONE)};
    d.notices = n;
    d.nnotices = 3;
    cr_assert_eq(count(&d, "REP-002"), 0, "intermediate at 72 h, final one month later");
    n[1].sent++;
    cr_assert_eq(count(&d, "REP-002"), 1);
}

Test(rules, rep003_classification_lag)
{
    struct audit_data d;
    team(&d);
    struct audit_notice n = notice("dora", "classification", SLTIME_NONE, MON, MON + 24 * H);
    d.notices = &n;
    d.nnotices = 1;
    cr_assert_eq(count(&d, "REP-003"), 0);
    n.classified++;
    cr_assert_eq(count(&d, "REP-003"), 1);
}

Test(rules, rep004_nis2_clocks)
{
    struct audit_data d;
    team(&d);
    struct audit_notice n[3] = {
        notice("nis2", "early_warning", MON + 24 * H, MON, SLTIME_NONE),
        notice("nis2", "notification", MON + 72 * H, SLTIME_NONE, SLTIME_NONE),
        notice("nis2", "final", MON + 72 * H + 31 * DAY, SLTIME_NONE, SLTIME_NONE)};
    d.notices = n;
    d.nnotices = 3;
    cr_assert_eq(count(&d, "REP-004"), 0);
    n[0].sent++;
    cr_assert_eq(count(&d, "REP-004"), 1);
}

Test(rules, rep005_four_business_days)
{
    struct audit_data d;
    team(&d);
    /* Determined Thursday: Fri, Mon, Tue, Wed; due before Thursday 00:00Z. */
    int64_t thu = MON + 3 * DAY + 9 * H;
    struct audit_notice n[2] = {notice("sec", "classification", SLTIME_NONE, thu - DAY, thu),
                                notice("sec", "8-k", MON + 10 * DAY - 1, SLTIME_NONE, SLTIME_NONE)};
    d.notices = n;
    d.nnotices = 2;
    cr_assert_eq(count(&d, "REP-005"), 0);
    n[1].sent++;
    cr_assert_eq(count(&d, "REP-005"), 1);
}

Test(rules, rep006_hipaa_60_days_and_gdpr_72h)
{
    struct audit_data d;
    team(&d);
    struct audit_notice n[2] = {notice("gdpr", "notification", MON + 72 * H, MON, SLTIME_NONE),
                                notice("hipaa", "breach", MON + 60 * DAY, MON, SLTIME_NONE)};
    d.notices = n;
    d.nnotices = 2;
    cr_assert_eq(count(&d, "REP-006"), 0);
    n[0].sent++;
    n[1].sent++;
    cr_assert_eq(count(&d, "REP-006"), 2);
}

Test(rules, rep007_circia_ransom_24h)
{
    struct audit_data d;
    team(&d);
    struct audit_notice n = notice("circia", "ransom_payment", MON + 24 * H, MON, SLTIME_NONE);
    d.notices = &n;
    d.nnotices = 1;
    cr_assert_eq(count(&d, "REP-007"), 0);
    n.sent++;
    cr_assert_eq(count(&d, "REP-007"), 1);
}

Test(rules, regime_rules_need_the_regime)
{
    struct audit_data d;
    team(&d);
    d.profile.nregimes = 0;
    struct audit_notice n = notice("dora", "classification", SLTIME_NONE, MON, MON + 48 * H);
    d.notices = &n;
    d.nnotices = 1;
    cr_assert_eq(count(&d, "REP-003"), 0);
}

static struct audit_patch
patch(const char *sev, int64_t released, int64_t applied)
{
    struct audit_patch p = {.key = "P1",
                            .service = "api",
                            .advisory = "CVE-2026-1",
                            .severity = sev,
                            .released = released,
                            .detected = released,
                            .applied = applied,
                            .kev_added = SLTIME_NONE,
                            .origin = {"patches.csv", 2}};
    return p;
}

Test(rules, pat001_and_pat003_30_days_for_high)
{
    struct audit_data d;
    team(&d);
    struct audit_patch p = patch("high", FROM, FROM + 30 * DAY);
    d.patches = &p;
    d.npatches = 1;
    cr_assert_eq(count(&d, "PAT-001"), 0);
    cr_assert_eq(count(&d, "PAT-003"), 0);
    p.applied++;
    cr_assert_eq(count(&d, "PAT-001"), 1);
    cr_assert_eq(count(&d, "PAT-003"), 1);
    p.exception = "RISK-1";
    cr_assert_eq(count(&d, "PAT-003"), 0, "a documented exception");
    p = patch("low", FROM, FROM + 180 * DAY);
    cr_assert_eq(count(&d, "PAT-001"), 0, "low: 180 days");
}

Test(rules, pat002_kev_14_days)
{
    struct audit_data d;
    team(&d);
    struct audit_patch p = patch("moderate", FROM, FROM + 15 * DAY);
    p.kev_added = FROM + DAY;
    d.patches = &p;
    d.npatches = 1;
    cr_assert_eq(count(&d, "PAT-002"), 0);
    p.applied++;
    cr_assert_eq(count(&d, "PAT-002"), 1);
    cr_assert(says(&d, "PAT-002", "after its KEV addition, over 14 days"), "the threshold's unit");
}

Test(rules, ops001_gap_in_primary)
{
    struct audit_data d;
    team(&d);
    struct audit_shift s[2] = {{NULL, "ana", NULL, FROM, FROM + 45 * DAY, {"oncall.csv", 2}},
                               {NULL, "raj", NULL, FROM + 45 * DAY, TO, {"oncall.csv", 3}}};
    d.shifts = s;
    d.nshifts = 2;
    cr_assert_eq(count(&d, "OPS-001"), 0);
    s[1].start += 60;
    cr_assert_eq(count(&d, "OPS-001"), 1);
    s[1].start -= 60;
    s[1].primary = NULL;
    cr_assert_eq(count(&d, "OPS-001"), 1, "a shift nobody holds");
}

Test(rules, ops002_tests_within_12_months)
{
    struct audit_data d;
    team(&d);
    int64_t since = calendar_add_months(TO, -12, NULL);
    d.profile.ir_plan_test = d.profile.bcp_dr_test = d.profile.backup_restore_test = since;
    cr_assert_eq(count(&d, "OPS-002"), 0);
    d.profile.bcp_dr_test = since - 1;
    cr_assert_eq(count(&d, "OPS-002"), 1);
    /* The profile gives a day, read as its midnight in the profile's zone:
     * the message names that day, not the instant in UTC. */
    d.zone = "Europe/Berlin";
    d.profile.bcp_dr_test = sltime_days_from_civil(2025, 6, 30) * DAY - 2 * 3600;
    cr_assert(says(&d, "OPS-002", "the last BCP/DR test was 2025-06-30, more than 12 months"));
}

Test(rules, evd001_retention_12_months)
{
    struct audit_data d;
    team(&d);
    d.profile.retention_logs_months = 12;
    cr_assert_eq(count(&d, "EVD-001"), 0);
    d.profile.retention_logs_months = 11;
    cr_assert_eq(count(&d, "EVD-001"), 1);
}

Test(rules, evd001_threshold_override_from_profile)
{
    struct audit_data d;
    team(&d);
    static char name[] = "EVD-001.min_months";
    struct profile_threshold t = {name, 36};
    d.profile.thresholds = &t;
    d.profile.nthresholds = 1;
    d.profile.retention_logs_months = 24;
    cr_assert_eq(count(&d, "EVD-001"), 1);
}

Test(rules, gpu001_three_hardware_faults_in_30_days)
{
    struct audit_data d;
    team(&d);
    struct audit_gpu_fault g[3] = {{"node7", "0", "hardware", 79, FROM, {NULL, 1}},
                                   {"node7", "0", "hardware", 48, FROM + DAY, {NULL, 2}},
                                   {"node7", "0", "hardware", 79, FROM + 30 * DAY, {NULL, 3}}};
    d.gpu_faults = g;
    d.ngpu_faults = 3;
    cr_assert_eq(count(&d, "GPU-001"), 0, "the third is 30 days after the first");
    g[2].time--;
    cr_assert_eq(count(&d, "GPU-001"), 1);
}

Test(rules, findings_are_deterministic)
{
    struct audit_data d;
    team(&d);
    struct audit_incident inc[3] = {incident("B", "sev1", FROM, FROM + H),
                                    incident("A", "sev2", FROM, FROM + H),
                                    incident("C", "sev2", FROM + DAY, FROM + DAY + H)};
    d.incidents = inc;
    d.nincidents = 3;
    struct audit_result r1, r2;
    struct sl_diag diag;
    cr_assert_eq(audit_run_data(&d, &r1, &diag), SL_OK);
    cr_assert_eq(audit_run_data(&d, &r2, &diag), SL_OK);
    cr_assert_eq(r1.findings.n, r2.findings.n);
    cr_assert_gt(r1.findings.n, 2);
    for (size_t i = 0; i < r1.findings.n; i++)
        cr_assert_str_eq(r1.findings.v[i].message, r2.findings.v[i].message);
    for (size_t i = 1; i < r1.findings.n; i++)
        cr_assert_geq(r1.findings.v[i - 1].severity, r1.findings.v[i].severity);
    audit_result_release(&r1);
    audit_result_release(&r2);
}
