/* sla_score.c — the pre-signing scorecard (sla_score.h): criteria, red flags,
 * allowed downtime, gaps and overlaps of the credit bands. */
#include "engine/sla/sla_score.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/sla/sla_criteria.h"
#include "engine/sla/sla_facts.h"
#include "engine/sla/sla_points.h"

#define MONTH_MINUTES (730.0 * 60)
#define QUARTER_MINUTES (3 * 730.0 * 60)
#define YEAR_MINUTES (8760.0 * 60)

/* ---- credit bands ------------------------------------------------------- */

static double
lo_of(const struct sla_credit_tier *t)
{
    return isnan(t->lower_percent) ? -INFINITY : t->lower_percent;
}

static double
hi_of(const struct sla_credit_tier *t)
{
    return isnan(t->upper_percent) ? INFINITY : t->upper_percent;
}

struct tier_ref {
    const struct sla_credit_tier *t;
    size_t index;
};

static int
by_lower(const void *a, const void *b)
{
    const struct tier_ref *x = a, *y = b;
    double la = lo_of(x->t), lb = lo_of(y->t);
    if (la != lb)
        return la < lb ? -1 : 1;
    double ha = hi_of(x->t), hb = hi_of(y->t);
    return ha < hb ? -1 : ha > hb;
}

static bool
same_band(const struct sla_credit_tier *a, const struct sla_credit_tier *b)
{
    return lo_of(a) == lo_of(b) && hi_of(a) == hi_of(b) &&
           a->lower_inclusive == b->lower_inclusive && a->upper_inclusive == b->upper_inclusive;
}

static bool push_issue(struct sla_band_issue **v, size_t *n, size_t *cap,
                       enum sla_band_issue_kind kind, double from, double to,
                       const struct tier_ref *a, const struct tier_ref *b, const char *fmt, ...)
    __attribute__((format(printf, 9, 10)));

static bool
push_issue(struct sla_band_issue **v, size_t *n, size_t *cap, enum sla_band_issue_kind kind,
           double from, double to, const struct tier_ref *a, const struct tier_ref *b,
           const char *fmt, ...)
{
    if (grow_reserve((void **)v, cap, *n + 1, sizeof **v))
        return false;
    struct sla_band_issue *is = &(*v)[(*n)++];
    memset(is, 0, sizeof *is);
    is->kind = kind;
    is->from = from;
    is->to = to;
    is->tier_a = a->index;
    is->tier_b = b->index;
    is->line = b->t->line ? b->t->line : a->t->line;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(is->text, sizeof is->text, fmt, ap);
    va_end(ap);
    return true;
}

/* One schedule: tiers [first, end) of the document, checked on their own. */
static bool
schedule_issues(const struct sla_terms *t, size_t first, size_t end, struct tier_ref *refs,
                struct sla_band_issue **out, size_t *n, size_t *cap)
{
    size_t k = end - first;
    for (size_t i = 0; i < k; i++)
        refs[i] = (struct tier_ref){&t->tiers[first + i], first + i};
    qsort(refs, k, sizeof *refs, by_lower);
    bool ok = true;
    const struct tier_ref *prev = &refs[0];
    for (size_t i = 1; i < k && ok; i++) {
        const struct tier_ref *cur = &refs[i];
        if (same_band(prev->t, cur->t)) /* the same band for another plan */
            continue;
        double top = hi_of(prev->t), bottom = lo_of(cur->t);
        if (top < bottom)
            ok =
                push_issue(out, n, cap, SLA_BAND_GAP, top, bottom, prev, cur,
                           "no band covers %g %% to %g %% (between the bands of lines %ld and %ld)",
                           top, bottom, prev->t->line, cur->t->line);
        else if (top > bottom && isinf(bottom))
            ok = push_issue(out, n, cap, SLA_BAND_OVERLAP, bottom, top, prev, cur,
                            "bands of lines %ld and %ld both cover everything below %g %%",
                            prev->t->line, cur->t->line, top);
        else if (top > bottom)
            ok = push_issue(out, n, cap, SLA_BAND_OVERLAP, bottom, top, prev, cur,
                            "bands of lines %ld and %ld both cover %g %% to %g %%", prev->t->line,
                            cur->t->line, bottom, top);
        else if (prev->t->upper_inclusive && cur->t->lower_inclusive)
            ok = push_issue(out, n, cap, SLA_BAND_OVERLAP, top, top, prev, cur,
                            "%g %% is in both bands (lines %ld and %ld): each includes it", top,
                            prev->t->line, cur->t->line);
        else if (!prev->t->upper_inclusive && !cur->t->lower_inclusive)
            ok = push_issue(out, n, cap, SLA_BAND_GAP, top, top, prev, cur,
                            "%g %% is in no band (lines %ld and %ld): neither includes it", top,
                            prev->t->line, cur->t->line);
        prev = cur;
    }
    /* Between the schedule's highest band and the commitment it serves: the
     * lowest target at or above that band, else the highest target. */
    const struct tier_ref *top = &refs[0];
    for (size_t i = 1; i < k; i++)
        if (hi_of(refs[i].t) > hi_of(top->t))
            top = &refs[i];
    double high = hi_of(top->t), target = NAN, highest = NAN;
    for (size_t i = 0; i < t->ntargets; i++) {
        double p = t->targets[i].percent;
        if (isnan(highest) || p > highest)
            highest = p;
        if (p >= high - 1e-9 && (isnan(target) || p < target))
            target = p;
    }
    if (isnan(target))
        target = highest;
    if (ok && !isnan(target) && high < target - 1e-9)
        ok = push_issue(out, n, cap, SLA_BAND_GAP, high, target, top, top,
                        "below the %g %% commitment but above every band: %g %% to %g %% earns no "
                        "credit",
                        target, high, target);
    return ok;
}

/* Tiers more than a few lines apart belong to different schedules (one per
 * plan or commitment, as in a region-level and an instance-level table). */
#define SCHEDULE_LINE_GAP 3

enum sl_status
sla_score_band_issues(const struct sla_terms *t, struct sla_band_issue **out, size_t *n)
{
    *out = NULL;
    *n = 0;
    if (!t->ntiers)
        return SL_OK;
    struct tier_ref *refs = calloc(t->ntiers, sizeof *refs);
    if (!refs)
        return SL_ERR_NOMEM;
    bool ok = true;
    size_t first = 0, cap = 0;
    for (size_t i = 1; i <= t->ntiers && ok; i++) {
        bool apart = i < t->ntiers && t->tiers[i].line && t->tiers[i - 1].line &&
                     labs(t->tiers[i].line - t->tiers[i - 1].line) > SCHEDULE_LINE_GAP;
        if (i == t->ntiers || apart) {
            ok = schedule_issues(t, first, i, refs, out, n, &cap);
            first = i;
        }
    }
    free(refs);
    return ok ? SL_OK : SL_ERR_NOMEM;
}

/* ---- the scorecard ----------------------------------------------------- */

static void
quote(const struct sla_terms *t, long line, const char *fallback, char *out, size_t size)
{
    const char *text = sla_terms_line_text(t, line);
    if (!text || !*text)
        text = fallback;
    snprintf(out, size, "%s", text ? text : "");
}

static struct sla_flag *
flag(struct sla_scorecard *sc, const char *rule, const char *severity, const char *title)
{
    if (sc->nflags >= SLA_SCORE_MAX_FLAGS)
        return NULL;
    struct sla_flag *f = &sc->flags[sc->nflags++];
    memset(f, 0, sizeof *f);
    f->rule = rule;
    f->severity = severity;
    f->title = title;
    return f;
}

static void set_flag(struct sla_scorecard *sc, const struct sla_terms *t, const char *rule,
                     const char *severity, const char *title, long line, const char *fallback,
                     const char *fmt, ...) __attribute__((format(printf, 8, 9)));

static void
set_flag(struct sla_scorecard *sc, const struct sla_terms *t, const char *rule,
         const char *severity, const char *title, long line, const char *fallback, const char *fmt,
         ...)
{
    struct sla_flag *f = flag(sc, rule, severity, title);
    if (!f)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->detail, sizeof f->detail, fmt, ap);
    va_end(ap);
    f->line = line;
    quote(t, line, fallback, f->quote, sizeof f->quote);
}

/* What a reviewer must catch beyond the catalog's first fourteen: an effort
 * where a commitment belongs, measurement by the provider alone, credits
 * paid as vouchers, and a maintenance allowance larger than the downtime
 * the target allows. */
static void
reviewer_flags(const struct sla_terms *t, const struct sla_facts *f, struct sla_scorecard *sc)
{
    const struct sla_clause *const *cl = f->clause;
    const struct sla_clause *c;
    if ((c = cl[SLA_CLAUSE_BEST_EFFORTS]))
        set_flag(sc, t, "SLA-015", "medium", "an effort, not a commitment", c->line, c->text,
                 "the provider promises reasonable efforts towards the target, not the target");
    if ((c = cl[SLA_CLAUSE_MEASURED_BY_PROVIDER]) && !cl[SLA_CLAUSE_CUSTOMER_EVIDENCE])
        set_flag(sc, t, "SLA-016", "medium", "measured by the provider alone", c->line, c->text,
                 "uptime is what the provider's own records say; the customer's are not weighed");
    if ((c = cl[SLA_CLAUSE_CREDITS_VOUCHER]))
        set_flag(sc, t, "SLA-017", "medium", "credits paid as vouchers", c->line, c->text,
                 "credits come as vouchers for the same service, not as money or an invoice "
                 "credit");
    const struct sla_clause *cap = cl[SLA_CLAUSE_MAINTENANCE_CAP];
    if (cap && !isnan(cap->value) && !isnan(f->month_budget_minutes) &&
        cap->value * 60 > f->month_budget_minutes)
        set_flag(sc, t, "SLA-018", "high", "maintenance allowance above the downtime budget",
                 cap->line, cap->text,
                 "up to %g h of maintenance outside the downtime, against %.0f minutes a month "
                 "that %g %% allows",
                 cap->value, f->month_budget_minutes, f->target->percent);
}

/* The red flags, each from the facts of the terms and citing the line it
 * rests on (0 when it is about something the terms do not say). */
static void
red_flags(const struct sla_terms *t, const struct sla_facts *f, struct sla_scorecard *sc)
{
    const struct sla_clause *const *cl = f->clause;
    const struct sla_clause *c;
    if (!t->chronic_failure_termination)
        set_flag(sc, t, "SLA-001", "high", "no termination right for chronic failure",
                 t->sole_remedy ? t->sole_remedy_line : 0, NULL,
                 "no right to terminate after repeated misses%s",
                 t->sole_remedy ? ", and credits are the sole remedy" : "");
    const struct sla_credit_tier *worst = f->worst;
    const struct sla_clause *future = cl[SLA_CLAUSE_CREDITS_FUTURE_ONLY];
    if (worst && worst->credit_percent < 50)
        set_flag(sc, t, "SLA-002", "medium", "weak credits", worst->line, NULL,
                 "the worst tier credits %g %% of the fee (under 50 %%)", worst->credit_percent);
    else if (future)
        set_flag(sc, t, "SLA-002", "medium", "credits only against future bills", future->line,
                 future->text, "credits are only usable against future charges");
    const struct sla_uptime_target *u = f->target;
    if (u && u->percent < 99.73)
        set_flag(sc, t, "SLA-003", "medium", "more than 2 h of downtime a month allowed", u->line,
                 NULL, "%g %% allows %.0f minutes a month", u->percent, f->month_budget_minutes);
    const struct sla_clause *excluded = cl[SLA_CLAUSE_PARTIAL_EXCLUDED];
    if (!cl[SLA_CLAUSE_PARTIAL_COUNTED])
        set_flag(sc, t, "SLA-004", "medium", "degraded or partial service is not downtime",
                 excluded ? excluded->line : 0, excluded ? excluded->text : NULL,
                 "the downtime definition does not count degraded or partial service");
    if ((c = cl[SLA_CLAUSE_CATCH_ALL_EXCLUSION]))
        set_flag(sc, t, "SLA-005", "medium", "open-ended exclusion", c->line, c->text,
                 "an exclusion without limits (beyond reasonable control, emergency maintenance)");
    double n = t->maintenance_notice_hours;
    const struct sla_clause *cap = cl[SLA_CLAUSE_MAINTENANCE_CAP];
    if (f->maintenance_excluded && (isnan(n) || n < 48 || !cap))
        set_flag(sc, t, "SLA-006", "high", "maintenance excluded on weak terms",
                 f->maintenance_line, NULL, "maintenance is excluded with %s notice%s",
                 isnan(n) ? "no stated"
                 : n < 48 ? "under 48 h"
                          : "48 h or more",
                 cap ? "" : " and no cap on its hours");
    const struct sla_clause *measured = cl[SLA_CLAUSE_MEASURED_BY_PROVIDER];
    const struct sla_clause *evidence = cl[SLA_CLAUSE_CUSTOMER_EVIDENCE];
    if (measured && evidence)
        set_flag(sc, t, "SLA-007", "medium",
                 "the customer must prove what only the provider measures", evidence->line,
                 evidence->text,
                 "uptime is measured by the provider, yet a claim needs the customer's evidence");
    bool automatic = cl[SLA_CLAUSE_CREDITS_AUTOMATIC] != NULL;
    double d = sla_claim_deadline_days(t);
    const char *unit = sla_claim_unit_name(t->claim_deadline_unit);
    char written[64] = "";
    if (unit)
        snprintf(written, sizeof written, " (%g %s)", t->claim_deadline_amount, unit);
    if (!automatic || (d >= 0 && d < 30))
        set_flag(sc, t, "SLA-008", "medium",
                 d >= 0 && d < 30 ? "claim window under 30 days" : "credits must be claimed",
                 t->claim_deadline_line, t->claim_deadline_text,
                 "credits are %s; claim deadline %s%s", automatic ? "automatic" : "not automatic",
                 d >= 0                   ? (d < 30 ? "under 30 days" : "30 days or more")
                 : t->claim_deadline_text ? "not a number of days"
                                          : "not stated",
                 written);
    if (!f->responses || t->support_coverage != SLA_COVERAGE_24X7)
        set_flag(sc, t, "SLA-009", "high", "no per-severity response, or Sev-1 not 24x7",
                 f->response_line, NULL, "%s",
                 !f->responses ? "no response time per severity"
                               : "first-severity support is not stated as 24x7");
    if (f->responses && !f->resolutions)
        set_flag(sc, t, "SLA-010", "medium", "no resolution target", 0, NULL,
                 "response times are given but no restoration or resolution target");
    if (isnan(t->incident_notice_hours) || t->incident_notice_hours > 24)
        set_flag(sc, t, "SLA-011", "high", "no timely incident notice", 0, NULL, "%s",
                 isnan(t->incident_notice_hours) ? "no promise to notify the customer of incidents"
                                                 : "incident notice later than 24 h");
    const struct sla_clause *dr = cl[SLA_CLAUSE_DR_TESTED];
    if (isnan(t->rpo_minutes) || isnan(t->rto_minutes) || !dr)
        set_flag(sc, t, "SLA-012", "high", "no RPO/RTO or untested BC/DR", dr ? dr->line : 0, NULL,
                 "RPO %s, RTO %s, BC/DR testing %s", isnan(t->rpo_minutes) ? "missing" : "stated",
                 isnan(t->rto_minutes) ? "missing" : "stated", dr ? "promised" : "not promised");
    const struct sla_clause *exit = cl[SLA_CLAUSE_DATA_RETURN];
    if (!exit || (!isnan(exit->value) && exit->value < 30))
        set_flag(sc, t, "SLA-013", "high", "no data return at exit", exit ? exit->line : 0,
                 exit ? exit->text : NULL, "%s",
                 exit ? "data can be retrieved for under 30 days"
                      : "no data-return or exit clause");
    const struct sla_clause *change = cl[SLA_CLAUSE_UNILATERAL_CHANGE];
    if (change || !cl[SLA_CLAUSE_AUDIT_RIGHTS])
        set_flag(sc, t, "SLA-014", "medium",
                 change ? "the provider may change the SLA alone" : "no audit or assurance rights",
                 change ? change->line : 0, change ? change->text : NULL, "%s",
                 change ? "the provider may amend the SLA unilaterally"
                        : "no SOC 2 report, ISO certificate or right to audit");
    reviewer_flags(t, f, sc);
}

enum sl_status
sla_score(const struct sla_terms *t, struct sla_scorecard *out)
{
    memset(out, 0, sizeof *out);
    enum sl_status s = sla_score_band_issues(t, &out->issues, &out->nissues);
    if (s)
        return s;
    if (t->ntargets) {
        out->allowed = calloc(t->ntargets, sizeof *out->allowed);
        if (!out->allowed) {
            sla_scorecard_release(out);
            return SL_ERR_NOMEM;
        }
    }
    for (size_t i = 0; i < t->ntargets; i++) {
        const struct sla_uptime_target *u = &t->targets[i];
        struct sla_allowed_downtime *a = &out->allowed[out->nallowed++];
        double share = 1 - u->percent / 100;
        a->percent = u->percent;
        a->window = sla_window_name(u->window);
        a->month_minutes = share * MONTH_MINUTES;
        a->quarter_minutes = share * QUARTER_MINUTES;
        a->year_minutes = share * YEAR_MINUTES;
        a->line = u->line;
        a->measure = sla_measure_name(u->measure);
        a->approximate = u->measure != SLA_MEASURE_UNKNOWN && u->measure != SLA_MEASURE_TIME;
    }
    struct sla_facts f;
    sla_facts_read(t, sla_point_limit(SLA_PT_RESP_FAST), &f);
    sla_criteria_score(t, &f, out->nissues, out);
    red_flags(t, &f, out);
    return SL_OK;
}

bool
sla_score_flag(const struct sla_terms *t, const char *rule, struct sla_flag *out)
{
    /* The flags need no allocation, so a scorecard on the stack that holds
     * only them is released by going out of scope. */
    struct sla_scorecard sc;
    struct sla_facts f;
    memset(&sc, 0, sizeof sc);
    sla_facts_read(t, sla_point_limit(SLA_PT_RESP_FAST), &f);
    red_flags(t, &f, &sc);
    for (size_t i = 0; i < sc.nflags; i++)
        if (!strcmp(sc.flags[i].rule, rule)) {
            *out = sc.flags[i];
            return true;
        }
    return false;
}

void
sla_scorecard_release(struct sla_scorecard *sc)
{
    free(sc->allowed);
    free(sc->issues);
    memset(sc, 0, sizeof *sc);
}
