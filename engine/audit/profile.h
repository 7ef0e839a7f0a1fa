/* profile.h — an entity's profile: the regimes that bind it, its critical
 * services, its zone and holidays, the rule thresholds it overrides, and the
 * facts rules need that no other record holds (tests of plans, stated RTO,
 * retention). Read from the JSON object a profile record stores (the fields
 * are listed in docs/audit-inputs.md).
 *
 * Every string and array is owned by the profile; profile_release() frees
 * them. Absent numbers are NAN, absent times SLTIME_NONE. */
#ifndef SLAUDIT_PROFILE_H
#define SLAUDIT_PROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"

struct profile_threshold {
    char *name; /* "INC-002.business_days" */
    double value;
};

struct profile {
    bool present;   /* false: no profile stored for the entity */
    char **regimes; /* lowercase: dora, nis2, sec, hipaa, gdpr, circia, pci */
    size_t nregimes;
    char *dora_class; /* credit_institution, ccp, trading_venue, essential, important, other */
    char **critical_services;
    size_t ncritical;
    char *zone;        /* NULL = the audit's zone */
    int64_t *holidays; /* civil day numbers */
    size_t nholidays;
    struct profile_threshold *thresholds;
    size_t nthresholds;
    double response_minutes[6]; /* [1..5] per severity */
    double slo_percent;         /* an internal team's own availability objective */
    double maintenance_notice_hours, maintenance_cap_hours;
    int64_t ir_plan_test, bcp_dr_test, backup_restore_test;
    double rto_stated_minutes, rto_measured_minutes;
    double retention_incidents_months, retention_logs_months, retention_postmortems_months;
    bool oncall_24x7; /* on-call must cover every hour (default true) */
    char *source;     /* file and line of the profile record, for evidence */
    long line;
};

void profile_init(struct profile *p);
void profile_release(struct profile *p);
/* Reads the JSON object text of a profile record; dates in it are read in
 * its own zone, else zone. SL_ERR_INPUT with a diagnostic when a field has
 * the wrong type. */
enum sl_status profile_from_json(struct profile *p, const char *json, const char *zone,
                                 struct sl_diag *diag);
bool profile_has_regime(const struct profile *p, const char *regime);
bool profile_is_critical(const struct profile *p, const char *service);
/* The override of rule_id.param, or NAN. */
double profile_threshold(const struct profile *p, const char *rule_id, const char *param);

#endif
