/* sla_points.c — the points schedule of the scorecard (sla_points.h). */
#include "engine/sla/sla_points.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define G SLA_POINTS_GIVE
#define T SLA_POINTS_TAKE
#define X SLA_POINTS_TIMES

const struct sla_point_row sla_points[SLA_PT_COUNT] = {
    [SLA_PT_UPTIME_9999] = {0, "uptime of at least", 99.99, "%", 15, G},
    [SLA_PT_UPTIME_9995] = {0, "at least", 99.95, "%", 13, G},
    [SLA_PT_UPTIME_999] = {0, "at least", 99.9, "%", 11, G},
    [SLA_PT_UPTIME_995] = {0, "at least", 99.5, "%", 7, G},
    [SLA_PT_UPTIME_99] = {0, "at least", 99, "%", 4, G},
    [SLA_PT_UPTIME_LOWER] = {0, "lower", NAN, "", 1, G},
    [SLA_PT_UPTIME_NONE] = {0, "no commitment", NAN, "", 0, G},
    [SLA_PT_UPTIME_QUARTER] = {0, "a quarterly window (a longer window hides a bad month)", NAN, "",
                               0.7, X},
    [SLA_PT_UPTIME_YEAR] = {0, "a yearly window", NAN, "", 0.5, X},

    [SLA_PT_DT_BASE] = {1, "to start with", NAN, "", 8, G},
    [SLA_PT_DT_CATCH_ALL] = {1, "a catch-all exclusion", NAN, "", 3, T},
    [SLA_PT_DT_EACH_PAST] = {1, "each exclusion past", 4, "", 1, T},
    [SLA_PT_DT_EACH_MAX] = {1, "all exclusions past the fourth together, at most", NAN, "", 2, T},
    [SLA_PT_DT_MIN_OUTAGE] = {1, "an outage must last over", 5, "min to count", 2, T},
    [SLA_PT_DT_LONG_OUTAGE] = {1, "and more over", 15, "min", 3, T},

    [SLA_PT_PARTIAL_COUNTED] = {2,
                                "degraded or partial service (or failed requests) counts "
                                "as downtime",
                                NAN, "", 7, G},
    [SLA_PT_PARTIAL_NOT] = {2, "else", NAN, "", 0, G},

    [SLA_PT_MAINT_NOT_EXCLUDED] = {3, "no exclusion names maintenance", NAN, "", 8, G},
    [SLA_PT_MAINT_NOTICE_LONG] = {3, "excluded with notice of at least", 48, "h", 4, G},
    [SLA_PT_MAINT_NOTICE_SHORT] = {3, "with notice of at least", 24, "h", 2, G},
    [SLA_PT_MAINT_CAP] = {3, "plus a cap on maintenance hours", NAN, "", 4, G},

    [SLA_PT_CREDIT_FULL] = {4, "worst-tier credit of at least", 100, "%", 6, G},
    [SLA_PT_CREDIT_HALF] = {4, "at least", 50, "%", 4, G},
    [SLA_PT_CREDIT_QUARTER] = {4, "at least", 25, "%", 2, G},
    [SLA_PT_CREDIT_LOWER] = {4, "lower", NAN, "", 1, G},
    [SLA_PT_CREDIT_TIERS] = {4, "plus at least", 3, "tiers", 2, G},
    [SLA_PT_CREDIT_FIT] = {4, "plus bands without gaps or overlaps", NAN, "", 2, G},
    [SLA_PT_CREDIT_NONE] = {4, "no schedule", NAN, "", 0, G},

    [SLA_PT_CAP_FEE] = {5, "cap absent or of at least", 100, "% of the fee", 4, G},
    [SLA_PT_CAP_HALF] = {5, "at least", 50, "%", 2, G},
    [SLA_PT_CAP_LOWER] = {5, "lower", NAN, "", 1, G},
    [SLA_PT_CAP_NOT_SOLE] = {5, "plus credits not the sole and exclusive remedy", NAN, "", 3, G},

    [SLA_PT_CLAIM_AUTOMATIC] = {6, "credits applied automatically", NAN, "", 8, G},
    [SLA_PT_CLAIM_LONG] =
        {6, "else a claim deadline (a month or billing cycle as 30 days) of at least", 60, "days",
         4, G},
    [SLA_PT_CLAIM_MONTH] = {6, "at least", 30, "days or two billing cycles", 3, G},
    [SLA_PT_CLAIM_SHORT] = {6, "shorter", NAN, "", 1, G},
    [SLA_PT_CLAIM_UNSTATED] = {6, "unstated", NAN, "", 2, G},
    [SLA_PT_CLAIM_NO_EVIDENCE] = {6, "plus no evidence the customer must bring", NAN, "", 4, G},
    [SLA_PT_CLAIM_EVIDENCE_SHARED] = {6,
                                      "or evidence required but the provider does not "
                                      "measure alone",
                                      NAN, "", 2, G},

    [SLA_PT_RESP_SEVERITIES] = {7, "response targets for at least", 2, "severities", 5, G},
    [SLA_PT_RESP_ONE] = {7, "for one", NAN, "", 2, G},
    [SLA_PT_RESP_RESOLUTION] = {7, "plus resolution targets", NAN, "", 3, G},
    [SLA_PT_RESP_FAST] = {7, "plus a first-severity response within", 60, "min", 2, G},

    [SLA_PT_COV_24X7] = {8, "24x7 support", NAN, "", 6, G},
    [SLA_PT_COV_BUSINESS] = {8, "business hours only", NAN, "", 2, G},
    [SLA_PT_COV_UNSTATED] = {8, "unstated", NAN, "", 0, G},

    [SLA_PT_NOTICE_FAST] = {9, "incident notice within", 4, "h (DORA, NIS2)", 6, G},
    [SLA_PT_NOTICE_DAY] = {9, "within", 24, "h", 4, G},
    [SLA_PT_NOTICE_LATER] = {9, "later", NAN, "", 1, G},
    [SLA_PT_NOTICE_NONE] = {9, "none", NAN, "", 0, G},

    [SLA_PT_RPO_BOTH] = {10, "RPO and RTO", NAN, "", 3, G},
    [SLA_PT_RPO_ONE] = {10, "one of them", NAN, "", 2, G},
    [SLA_PT_RPO_DR] = {10, "plus a commitment to test BC/DR", NAN, "", 2, G},

    [SLA_PT_CHRONIC] = {11, "a right to terminate after repeated or consecutive misses", NAN, "", 5,
                        G},

    [SLA_PT_EXIT_CLAUSE] = {12, "a data-return or export clause", NAN, "", 3, G},
    [SLA_PT_EXIT_LONG] = {12, "plus at least", 30, "days to retrieve (or no limit)", 2, G},
};

double
sla_point(enum sla_point p)
{
    return (unsigned)p < SLA_PT_COUNT ? sla_points[p].points : 0;
}

double
sla_point_limit(enum sla_point p)
{
    return (unsigned)p < SLA_PT_COUNT ? sla_points[p].limit : NAN;
}

void
sla_points_describe(size_t criterion, char *out, size_t size)
{
    size_t used = 0;
    if (!size)
        return;
    out[0] = '\0';
    for (size_t i = 0; i < SLA_PT_COUNT && used < size; i++) {
        const struct sla_point_row *r = &sla_points[i];
        if (r->criterion != criterion)
            continue;
        char limit[48] = "";
        if (!isnan(r->limit))
            snprintf(limit, sizeof limit, " %g%s%s", r->limit, r->unit[0] ? " " : "", r->unit);
        const char *op = r->op == SLA_POINTS_TAKE    ? "less "
                         : r->op == SLA_POINTS_TIMES ? "times "
                                                     : "";
        int n = snprintf(out + used, size - used, "%s%s%s: %s%g", used ? "; " : "", r->when, limit,
                         op, r->points);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}
