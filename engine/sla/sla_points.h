/* sla_points.h — the points schedule of the SLA scorecard as one table.
 *
 * Each row belongs to one criterion (its index in sla_criteria[]) and says
 * when it applies, at which limit, and what it does to the criterion's
 * points: gives them, takes them away, or multiplies the points so far.
 * sla_score() reads every number from here, and the scorecard's "how points
 * are given" text is written from the same rows, so the prose and the
 * arithmetic cannot drift apart. */
#ifndef SLAUDIT_SLA_POINTS_H
#define SLAUDIT_SLA_POINTS_H

#include <stddef.h>

enum sla_point {
    /* uptime */
    SLA_PT_UPTIME_9999,
    SLA_PT_UPTIME_9995,
    SLA_PT_UPTIME_999,
    SLA_PT_UPTIME_995,
    SLA_PT_UPTIME_99,
    SLA_PT_UPTIME_LOWER,
    SLA_PT_UPTIME_NONE,
    SLA_PT_UPTIME_QUARTER,
    SLA_PT_UPTIME_YEAR,
    /* downtime_definition */
    SLA_PT_DT_BASE,
    SLA_PT_DT_CATCH_ALL,
    SLA_PT_DT_EACH_PAST,
    SLA_PT_DT_EACH_MAX,
    SLA_PT_DT_MIN_OUTAGE,
    SLA_PT_DT_LONG_OUTAGE,
    /* partial_service */
    SLA_PT_PARTIAL_COUNTED,
    SLA_PT_PARTIAL_NOT,
    /* maintenance */
    SLA_PT_MAINT_NOT_EXCLUDED,
    SLA_PT_MAINT_NOTICE_LONG,
    SLA_PT_MAINT_NOTICE_SHORT,
    SLA_PT_MAINT_CAP,
    /* credit_schedule */
    SLA_PT_CREDIT_FULL,
    SLA_PT_CREDIT_HALF,
    SLA_PT_CREDIT_QUARTER,
    SLA_PT_CREDIT_LOWER,
    SLA_PT_CREDIT_TIERS,
    SLA_PT_CREDIT_FIT,
    SLA_PT_CREDIT_NONE,
    /* credit_cap_remedy */
    SLA_PT_CAP_FEE,
    SLA_PT_CAP_HALF,
    SLA_PT_CAP_LOWER,
    SLA_PT_CAP_NOT_SOLE,
    /* claim_process */
    SLA_PT_CLAIM_AUTOMATIC,
    SLA_PT_CLAIM_LONG,
    SLA_PT_CLAIM_MONTH,
    SLA_PT_CLAIM_SHORT,
    SLA_PT_CLAIM_UNSTATED,
    SLA_PT_CLAIM_NO_EVIDENCE,
    SLA_PT_CLAIM_EVIDENCE_SHARED,
    /* response_resolution */
    SLA_PT_RESP_SEVERITIES,
    SLA_PT_RESP_ONE,
    SLA_PT_RESP_RESOLUTION,
    SLA_PT_RESP_FAST,
    /* coverage */
    SLA_PT_COV_24X7,
    SLA_PT_COV_BUSINESS,
    SLA_PT_COV_UNSTATED,
    /* incident_notice */
    SLA_PT_NOTICE_FAST,
    SLA_PT_NOTICE_DAY,
    SLA_PT_NOTICE_LATER,
    SLA_PT_NOTICE_NONE,
    /* rpo_rto */
    SLA_PT_RPO_BOTH,
    SLA_PT_RPO_ONE,
    SLA_PT_RPO_DR,
    /* chronic_termination */
    SLA_PT_CHRONIC,
    /* exit */
    SLA_PT_EXIT_CLAUSE,
    SLA_PT_EXIT_LONG,
    SLA_PT_COUNT
};

enum sla_point_op { SLA_POINTS_GIVE, SLA_POINTS_TAKE, SLA_POINTS_TIMES };

struct sla_point_row {
    size_t criterion; /* index in sla_criteria[] */
    const char *when; /* the condition, up to its limit: "uptime of at least" */
    double limit;     /* the condition's number (NAN when it has none) */
    const char *unit; /* after the limit: "%", "h", "days"; "" when none */
    double points;    /* what the row gives, takes or multiplies by */
    enum sla_point_op op;
};

extern const struct sla_point_row sla_points[SLA_PT_COUNT];

/* The points of row p, and its limit. */
double sla_point(enum sla_point p);
double sla_point_limit(enum sla_point p);

/* How criterion i gives its points, written from its rows ("uptime of at
 * least 99.99 %: 15; ...; a quarterly window: times 0.7"), into out. */
void sla_points_describe(size_t criterion, char *out, size_t size);

#endif
