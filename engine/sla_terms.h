/* sla_terms.h — the terms of a provider's SLA (DESIGN.md §5), whether read
 * from a document by the SLA extractor or from JSON a person corrected. The
 * extractor fills it; the contract measure, credits and findings read it.
 *
 * Absent numbers are NAN (use isnan()); absent counts are -1; absent text is
 * NULL. Every string is owned by the struct and freed by sla_terms_release().
 * Each term remembers the document line it came from (0 = not from a line). */
#ifndef SLAUDIT_SLA_TERMS_H
#define SLAUDIT_SLA_TERMS_H

#include <stdbool.h>
#include <stddef.h>

enum sla_window { SLA_WINDOW_MONTH, SLA_WINDOW_QUARTER, SLA_WINDOW_YEAR };

struct sla_uptime_target {
    double percent; /* 99.9 */
    enum sla_window window;
    char *scope; /* what it covers, e.g. "single instance"; may be NULL */
    long line;
};

/* A credit band. A bound is NAN when the band is open on that side; the
 * inclusivity is as the document wrote it. */
struct sla_credit_tier {
    double lower_percent, upper_percent;
    bool lower_inclusive, upper_inclusive;
    double credit_percent;
    long line;
};

struct sla_exclusion {
    char *text;
    long line;
};

struct sla_response_time {
    char *severity; /* as written: "Severity 1", "P1", "urgent" */
    double minutes;
    bool business_hours;
    long line;
};

enum sla_coverage { SLA_COVERAGE_UNKNOWN, SLA_COVERAGE_24X7, SLA_COVERAGE_BUSINESS_HOURS };

struct sla_terms {
    char *document;
    char *provider, *service;
    struct sla_uptime_target *targets;
    size_t ntargets;
    struct sla_credit_tier *tiers;
    size_t ntiers;
    double credit_cap_percent;
    char *credit_cap_text;
    long claim_deadline_days; /* -1 when absent or given in months */
    char *claim_deadline_text;
    bool maintenance_excluded;
    double maintenance_notice_hours;
    struct sla_exclusion *exclusions;
    size_t nexclusions;
    struct sla_response_time *response_times;
    size_t nresponse_times;
    enum sla_coverage support_coverage;
    bool sole_remedy;
    bool chronic_failure_termination;
    double incident_notice_hours;
    double rpo_minutes, rto_minutes;
};

/* Sets every field to absent. */
void sla_terms_init(struct sla_terms *t);
void sla_terms_release(struct sla_terms *t);

const char *sla_window_name(enum sla_window w);
const char *sla_coverage_name(enum sla_coverage c);

#endif
