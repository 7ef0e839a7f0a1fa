/* sla_criteria.c — the thirteen criteria of the scorecard (sla_score.h),
 * each computed from the facts of the terms (sla_facts.h) with the points of
 * the one schedule (sla_points.h). */
#include "engine/sla/sla_criteria.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/sla/sla_credit_unit.h"
#include "engine/sla/sla_points.h"

const struct sla_criterion_def sla_criteria[SLA_SCORE_CRITERIA] = {
    {"uptime", "Uptime level and window", 15},
    {"downtime_definition", "Breadth of the downtime definition", 8},
    {"partial_service", "Partial and degraded service counted", 7},
    {"maintenance", "Maintenance notice and cap", 8},
    {"credit_schedule", "Credit schedule", 10},
    {"credit_cap_remedy", "Credit cap and sole-remedy wording", 7},
    {"claim_process", "Claim deadline and burden of proof", 8},
    {"response_resolution", "Response and resolution targets per severity", 10},
    {"coverage", "24x7 coverage", 6},
    {"incident_notice", "Incident notice to the customer", 6},
    {"rpo_rto", "RPO and RTO", 5},
    {"chronic_termination", "Termination for chronic failure", 5},
    {"exit", "Exit and data return", 5},
};

#define P(x) sla_point(SLA_PT_##x)
#define L(x) sla_point_limit(SLA_PT_##x)

static void criterion(struct sla_scorecard *sc, size_t i, double points, long line, const char *fmt,
                      ...) __attribute__((format(printf, 5, 6)));

static void
criterion(struct sla_scorecard *sc, size_t i, double points, long line, const char *fmt, ...)
{
    struct sla_criterion *c = &sc->criteria[i];
    c->id = sla_criteria[i].id;
    c->name = sla_criteria[i].name;
    c->weight = sla_criteria[i].weight;
    c->points = fmax(0, fmin(points, c->weight));
    c->line = line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->reason, sizeof c->reason, fmt, ap);
    va_end(ap);
}

/* The points of the first of rows [first, last] whose limit v reaches;
 * else the points of `below`. */
static double
step(double v, enum sla_point first, enum sla_point last, enum sla_point below)
{
    for (int p = first; p <= (int)last; p++)
        if (v >= sla_point_limit((enum sla_point)p))
            return sla_point((enum sla_point)p);
    return sla_point(below);
}

static void
score_uptime(const struct sla_facts *f, struct sla_scorecard *sc)
{
    const struct sla_uptime_target *u = f->target;
    if (!u) {
        criterion(sc, 0, P(UPTIME_NONE), 0, "no uptime commitment found");
        return;
    }
    double pts = step(u->percent, SLA_PT_UPTIME_9999, SLA_PT_UPTIME_99, SLA_PT_UPTIME_LOWER);
    if (u->window == SLA_WINDOW_QUARTER)
        pts *= P(UPTIME_QUARTER);
    else if (u->window == SLA_WINDOW_YEAR)
        pts *= P(UPTIME_YEAR);
    criterion(sc, 0, pts, u->line, "%g %% per %s%s", u->percent, sla_window_name(u->window),
              u->window_unstated ? " (no window stated: the month assumed)" : "");
}

static void
score_downtime(const struct sla_terms *t, const struct sla_facts *f, struct sla_scorecard *sc)
{
    const struct sla_clause *min = f->clause[SLA_CLAUSE_MIN_OUTAGE];
    const struct sla_clause *catch_all = f->clause[SLA_CLAUSE_CATCH_ALL_EXCLUSION];
    double pts = P(DT_BASE);
    if (catch_all)
        pts -= P(DT_CATCH_ALL);
    if ((double)t->nexclusions > L(DT_EACH_PAST))
        pts -= fmin(P(DT_EACH_MAX), ((double)t->nexclusions - L(DT_EACH_PAST)) * P(DT_EACH_PAST));
    bool long_min = min && !isnan(min->value) && min->value > L(DT_MIN_OUTAGE);
    if (long_min)
        pts -= P(DT_MIN_OUTAGE) + (min->value > L(DT_LONG_OUTAGE) ? P(DT_LONG_OUTAGE) : 0);
    char minimum[48];
    if (min && !isnan(min->value))
        snprintf(minimum, sizeof minimum, "%g min", min->value);
    else
        snprintf(minimum, sizeof minimum, "not stated");
    criterion(sc, 1, pts,
              catch_all ? catch_all->line
              : min     ? min->line
                        : 0,
              "%zu exclusion%s%s; minimum countable outage %s", t->nexclusions,
              t->nexclusions == 1 ? "" : "s", catch_all ? ", one open-ended" : "", minimum);
}

static void
score_maintenance(const struct sla_terms *t, const struct sla_facts *f, struct sla_scorecard *sc)
{
    const struct sla_clause *cap = f->clause[SLA_CLAUSE_MAINTENANCE_CAP];
    if (!f->maintenance_excluded) {
        criterion(sc, 3, P(MAINT_NOT_EXCLUDED), 0, "no exclusion names maintenance");
        return;
    }
    double n = t->maintenance_notice_hours;
    double pts = (!isnan(n) && n >= L(MAINT_NOTICE_LONG)    ? P(MAINT_NOTICE_LONG)
                  : !isnan(n) && n >= L(MAINT_NOTICE_SHORT) ? P(MAINT_NOTICE_SHORT)
                                                            : 0) +
                 (cap ? P(MAINT_CAP) : 0);
    char notice[48], capped[64];
    if (isnan(n))
        snprintf(notice, sizeof notice, "not stated");
    else
        snprintf(notice, sizeof notice, "%g h", n);
    if (cap && !isnan(cap->value))
        snprintf(capped, sizeof capped, "capped at %g h", cap->value);
    else
        snprintf(capped, sizeof capped, "%s", cap ? "capped" : "no cap on maintenance hours");
    criterion(sc, 3, pts, f->maintenance_line, "excluded; notice %s; %s", notice, capped);
}

static void
score_credits(const struct sla_terms *t, const struct sla_facts *f, size_t nissues,
              struct sla_scorecard *sc)
{
    const struct sla_credit_tier *worst = f->worst;
    if (!worst) {
        criterion(sc, 4, P(CREDIT_NONE), 0, "no credit schedule found");
    } else {
        double pts = step(worst->credit_percent, SLA_PT_CREDIT_FULL, SLA_PT_CREDIT_QUARTER,
                          SLA_PT_CREDIT_LOWER) +
                     ((double)t->ntiers >= L(CREDIT_TIERS) ? P(CREDIT_TIERS) : 0) +
                     (nissues ? 0 : P(CREDIT_FIT));
        /* A credit that is no share of the fee gives the points of "lower":
         * no percentage says what it is worth. */
        char credit[96];
        if (sla_credit_unit_of_fee(worst->unit))
            snprintf(credit, sizeof credit, "%g %%", worst->credit_percent);
        else
            sla_credit_unit_tier_text(worst, credit, sizeof credit);
        criterion(sc, 4, pts, worst->line, "%zu tiers, worst %s%s; %zu gaps or overlaps", t->ntiers,
                  credit,
                  sla_credit_unit_of_fee(worst->unit) ? "" : " (no share of the fee: as lower)",
                  nissues);
    }

    double c = t->credit_cap_percent;
    double pts =
        (isnan(c) ? P(CAP_FEE) : step(c, SLA_PT_CAP_FEE, SLA_PT_CAP_HALF, SLA_PT_CAP_LOWER)) +
        (t->sole_remedy ? 0 : P(CAP_NOT_SOLE));
    char cap[64];
    if (isnan(c))
        snprintf(cap, sizeof cap, "not stated");
    else
        snprintf(cap, sizeof cap, "%g %% of the fee", c);
    criterion(sc, 5, pts, t->credit_cap_line ? t->credit_cap_line : t->sole_remedy_line,
              "cap %s; credits %s the sole remedy", cap, t->sole_remedy ? "are" : "are not");
}

static void
score_claim(const struct sla_terms *t, const struct sla_facts *f, struct sla_scorecard *sc)
{
    const struct sla_clause *automatic = f->clause[SLA_CLAUSE_CREDITS_AUTOMATIC];
    const struct sla_clause *evidence = f->clause[SLA_CLAUSE_CUSTOMER_EVIDENCE];
    const struct sla_clause *measured = f->clause[SLA_CLAUSE_MEASURED_BY_PROVIDER];
    if (automatic) {
        criterion(sc, 6, P(CLAIM_AUTOMATIC), automatic->line, "credits are applied automatically");
        return;
    }
    double d = sla_claim_deadline_days(t);
    const char *text = t->claim_deadline_text;
    bool two_cycles = text && (strstr(text, "second") || strstr(text, "two") || strstr(text, "2"));
    double pts = d >= L(CLAIM_LONG)                             ? P(CLAIM_LONG)
                 : d >= L(CLAIM_MONTH) || (d < 0 && two_cycles) ? P(CLAIM_MONTH)
                 : d >= 0 || text                               ? P(CLAIM_SHORT)
                                                                : P(CLAIM_UNSTATED);
    pts += !evidence ? P(CLAIM_NO_EVIDENCE) : !measured ? P(CLAIM_EVIDENCE_SHARED) : 0;
    criterion(sc, 6, pts, evidence ? evidence->line : t->claim_deadline_line, "claim %s; %s",
              text ? text : "deadline not stated",
              !evidence ? "no term makes the customer bring evidence"
                        : "the customer must bring the evidence");
}

static void
score_support(const struct sla_terms *t, const struct sla_facts *f, struct sla_scorecard *sc)
{
    double pts = ((double)f->responses >= L(RESP_SEVERITIES) ? P(RESP_SEVERITIES)
                  : f->responses                             ? P(RESP_ONE)
                                                             : 0) +
                 (f->resolutions ? P(RESP_RESOLUTION) : 0) + (f->fast_first ? P(RESP_FAST) : 0);
    criterion(sc, 7, pts, f->response_line, "%zu response and %zu resolution targets", f->responses,
              f->resolutions);

    bool day_night = t->support_coverage == SLA_COVERAGE_24X7;
    bool office = t->support_coverage == SLA_COVERAGE_BUSINESS_HOURS;
    criterion(sc, 8,
              day_night ? P(COV_24X7)
              : office  ? P(COV_BUSINESS)
                        : P(COV_UNSTATED),
              0, "support %s",
              day_night ? "24x7"
              : office  ? "in business hours only"
                        : "coverage not stated");

    double h = t->incident_notice_hours;
    criterion(sc, 9,
              isnan(h)              ? P(NOTICE_NONE)
              : h <= L(NOTICE_FAST) ? P(NOTICE_FAST)
              : h <= L(NOTICE_DAY)  ? P(NOTICE_DAY)
                                    : P(NOTICE_LATER),
              0, isnan(h) ? "incident notice not promised" : "incident notice within %g h%s", h,
              isnan(h) || h <= L(NOTICE_DAY) ? "" : ", later than 24 h");
}

static void
score_continuity(const struct sla_terms *t, const struct sla_facts *f, struct sla_scorecard *sc)
{
    int both = !isnan(t->rpo_minutes) + !isnan(t->rto_minutes);
    const struct sla_clause *dr = f->clause[SLA_CLAUSE_DR_TESTED];
    criterion(sc, 10,
              (both == 2 ? P(RPO_BOTH)
               : both    ? P(RPO_ONE)
                         : 0) +
                  (dr ? P(RPO_DR) : 0),
              dr ? dr->line : 0, "%s; BC/DR testing %s",
              both == 2 ? "RPO and RTO stated"
              : both    ? "one of RPO/RTO"
                        : "no RPO/RTO",
              dr ? "promised" : "not promised");

    criterion(sc, 11, t->chronic_failure_termination ? P(CHRONIC) : 0, 0, "%s",
              t->chronic_failure_termination ? "termination for repeated misses"
                                             : "no termination right for chronic failure");

    const struct sla_clause *exit = f->clause[SLA_CLAUSE_DATA_RETURN];
    double pts = 0;
    if (exit)
        pts =
            P(EXIT_CLAUSE) + (isnan(exit->value) || exit->value >= L(EXIT_LONG) ? P(EXIT_LONG) : 0);
    criterion(sc, 12, pts, exit ? exit->line : 0, "%s",
              exit ? "data return or export at exit" : "no exit clause");
}

void
sla_criteria_score(const struct sla_terms *t, const struct sla_facts *f, size_t nissues,
                   struct sla_scorecard *sc)
{
    score_uptime(f, sc);
    score_downtime(t, f, sc);
    const struct sla_clause *partial = f->clause[SLA_CLAUSE_PARTIAL_COUNTED];
    criterion(sc, 2, partial ? P(PARTIAL_COUNTED) : P(PARTIAL_NOT), partial ? partial->line : 0,
              "%s",
              partial ? "partial or degraded service counts"
                      : "only full unavailability counts as downtime");
    score_maintenance(t, f, sc);
    score_credits(t, f, nissues, sc);
    score_claim(t, f, sc);
    score_support(t, f, sc);
    score_continuity(t, f, sc);
    sc->ncriteria = SLA_SCORE_CRITERIA;
    sc->total = 0;
    for (size_t i = 0; i < sc->ncriteria; i++)
        sc->total += sc->criteria[i].points;
}
