/* sla_score.c — the pre-signing scorecard (sla_score.h): criteria, red flags,
 * allowed downtime, gaps and overlaps of the credit bands. */
#include "engine/sla/sla_score.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"

#define MONTH_MINUTES (730.0 * 60)
#define QUARTER_MINUTES (3 * 730.0 * 60)
#define YEAR_MINUTES (8760.0 * 60)

const struct sla_criterion_def sla_criteria[SLA_SCORE_CRITERIA] = {
    {"uptime", "Uptime level and window", 15,
     "99.99 % 15, 99.95 % 13, 99.9 % 11, 99.5 % 7, 99 % 4, lower 1, none 0; a quarterly window "
     "keeps 70 %, a yearly one 50 %, because a longer window hides a bad month"},
    {"downtime_definition", "Breadth of the downtime definition", 8,
     "8, less 3 for a catch-all exclusion, 1 for each exclusion past four (at most 2), 2 when an "
     "outage must last over 5 minutes to count and 3 more over 15 minutes"},
    {"partial_service", "Partial and degraded service counted", 7,
     "7 when degraded or partial service (or failed requests) counts as downtime, else 0"},
    {"maintenance", "Maintenance notice and cap", 8,
     "8 when maintenance is not excluded from uptime; when it is: 4 for at least 48 h notice "
     "(2 for 24 h), plus 4 for a cap on maintenance hours"},
    {"credit_schedule", "Credit schedule", 10,
     "worst-tier credit 100 % 6, 50 % 4, 25 % 2, lower 1; plus 2 for three or more tiers and 2 "
     "when the bands have no gaps or overlaps; no schedule 0"},
    {"credit_cap_remedy", "Credit cap and sole-remedy wording", 7,
     "cap absent or at least the monthly fee 4, 50 % 2, lower 1; plus 3 when credits are not the "
     "sole and exclusive remedy"},
    {"claim_process", "Claim deadline and burden of proof", 8,
     "credits applied automatically 8; else deadline of 60 days or more 4, 30 days or two "
     "billing cycles 3, shorter 1, unstated 2; plus 4 when the customer need not bring logs, 2 "
     "when it must but the provider does not measure alone"},
    {"response_resolution", "Response and resolution targets per severity", 10,
     "5 for response targets for two or more severities, 3 for resolution targets, 2 for a "
     "first-severity response within one hour"},
    {"coverage", "24x7 coverage", 6, "24x7 support 6, business hours only 2, unstated 0"},
    {"incident_notice", "Incident notice to the customer", 6,
     "within 4 h 6, within 24 h 4, later 1, none 0 (a customer under DORA or NIS2 reports in "
     "4 h or 24 h)"},
    {"rpo_rto", "RPO and RTO", 5, "both 3, one 2, plus 2 for a commitment to test BC/DR"},
    {"chronic_termination", "Termination for chronic failure", 5,
     "5 for a right to terminate after repeated or consecutive misses, else 0"},
    {"exit", "Exit and data return", 5,
     "3 for a data-return or export clause, plus 2 when it gives 30 days or more (or no limit)"},
};

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

static struct sla_criterion *criterion(struct sla_scorecard *sc, size_t i, double points, long line,
                                       const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static struct sla_criterion *
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
    return c;
}

static const struct sla_uptime_target *
main_target(const struct sla_terms *t)
{
    const struct sla_uptime_target *best = NULL;
    for (size_t i = 0; i < t->ntargets; i++)
        if (!best || t->targets[i].percent > best->percent)
            best = &t->targets[i];
    return best;
}

static const struct sla_credit_tier *
worst_tier(const struct sla_terms *t)
{
    const struct sla_credit_tier *w = NULL;
    for (size_t i = 0; i < t->ntiers; i++)
        if (!w || t->tiers[i].credit_percent > w->credit_percent)
            w = &t->tiers[i];
    return w;
}

static long
maintenance_line(const struct sla_terms *t)
{
    for (size_t i = 0; i < t->nexclusions; i++)
        if (t->exclusions[i].text && strstr(t->exclusions[i].text, "aintenance"))
            return t->exclusions[i].line;
    return 0;
}

static void
score_criteria(const struct sla_terms *t, struct sla_scorecard *sc)
{
    const struct sla_uptime_target *u = main_target(t);
    double pts = 0;
    if (u) {
        double p = u->percent;
        pts = p >= 99.99 ? 15 : p >= 99.95 ? 13 : p >= 99.9 ? 11 : p >= 99.5 ? 7 : p >= 99 ? 4 : 1;
        if (u->window == SLA_WINDOW_QUARTER)
            pts *= 0.7;
        else if (u->window == SLA_WINDOW_YEAR)
            pts *= 0.5;
        criterion(sc, 0, pts, u->line, "%g %% per %s", p, sla_window_name(u->window));
    } else {
        criterion(sc, 0, 0, 0, "no uptime commitment found");
    }

    const struct sla_clause *min = sla_terms_clause(t, SLA_CLAUSE_MIN_OUTAGE);
    const struct sla_clause *catch_all = sla_terms_clause(t, SLA_CLAUSE_CATCH_ALL_EXCLUSION);
    pts = 8;
    if (catch_all)
        pts -= 3;
    if (t->nexclusions > 4)
        pts -= fmin(2, (double)(t->nexclusions - 4));
    if (min && !isnan(min->value) && min->value > 5)
        pts -= min->value > 15 ? 5 : 2;
    criterion(sc, 1, pts, catch_all ? catch_all->line : 0,
              "%zu exclusions%s; minimum countable outage %s", t->nexclusions,
              catch_all ? ", one open-ended" : "",
              min && !isnan(min->value) ? (min->value > 5 ? "over 5 min" : "5 min or less")
                                        : "not stated");

    const struct sla_clause *partial = sla_terms_clause(t, SLA_CLAUSE_PARTIAL_COUNTED);
    criterion(sc, 2, partial ? 7 : 0, partial ? partial->line : 0, "%s",
              partial ? "partial or degraded service counts"
                      : "only full unavailability counts as downtime");

    const struct sla_clause *cap = sla_terms_clause(t, SLA_CLAUSE_MAINTENANCE_CAP);
    if (!t->maintenance_excluded) {
        criterion(sc, 3, 8, 0, "maintenance is not excluded from uptime");
    } else {
        double n = t->maintenance_notice_hours;
        pts = (!isnan(n) && n >= 48 ? 4 : !isnan(n) && n >= 24 ? 2 : 0) + (cap ? 4 : 0);
        criterion(sc, 3, pts, maintenance_line(t), "excluded; notice %s; %s",
                  isnan(n)  ? "not stated"
                  : n >= 48 ? "48 h or more"
                            : "under 48 h",
                  cap ? "capped" : "no cap on maintenance hours");
    }

    const struct sla_credit_tier *worst = worst_tier(t);
    size_t nissues = sc->nissues;
    if (worst) {
        double w = worst->credit_percent;
        pts = (w >= 100  ? 6
               : w >= 50 ? 4
               : w >= 25 ? 2
                         : 1) +
              (t->ntiers >= 3 ? 2 : 0) + (nissues ? 0 : 2);
        criterion(sc, 4, pts, worst->line, "%zu tiers, worst %g %%; %zu gaps or overlaps",
                  t->ntiers, w, nissues);
    } else {
        criterion(sc, 4, 0, 0, "no credit schedule found");
    }

    double c = t->credit_cap_percent;
    pts = (isnan(c) || c >= 100 ? 4 : c >= 50 ? 2 : 1) + (t->sole_remedy ? 0 : 3);
    criterion(sc, 5, pts, 0, "cap %s; credits %s the sole remedy",
              isnan(c)   ? "not stated"
              : c >= 100 ? "the monthly fee or more"
                         : "below the fee",
              t->sole_remedy ? "are" : "are not");

    const struct sla_clause *automatic = sla_terms_clause(t, SLA_CLAUSE_CREDITS_AUTOMATIC);
    const struct sla_clause *evidence = sla_terms_clause(t, SLA_CLAUSE_CUSTOMER_EVIDENCE);
    const struct sla_clause *measured = sla_terms_clause(t, SLA_CLAUSE_MEASURED_BY_PROVIDER);
    if (automatic) {
        criterion(sc, 6, 8, automatic->line, "credits are applied automatically");
    } else {
        long d = t->claim_deadline_days;
        const char *text = t->claim_deadline_text;
        bool two_cycles =
            text && (strstr(text, "second") || strstr(text, "two") || strstr(text, "2"));
        pts = d >= 60 ? 4 : d >= 30 || (d < 0 && two_cycles) ? 3 : d >= 0 || text ? 1 : 2;
        pts += !evidence ? 4 : !measured ? 2 : 0;
        criterion(sc, 6, pts, evidence ? evidence->line : 0, "claim %s; %s",
                  text ? text : "deadline not stated",
                  !evidence ? "no customer evidence required"
                            : "the customer must bring the evidence");
    }

    size_t responses = 0, resolutions = 0;
    bool fast_sev1 = false;
    long rline = 0;
    for (size_t i = 0; i < t->nresponse_times; i++) {
        const struct sla_response_time *r = &t->response_times[i];
        if (r->resolution) {
            resolutions++;
            continue;
        }
        responses++;
        if (!rline)
            rline = r->line;
        if (i == 0 && r->minutes <= 60)
            fast_sev1 = true;
    }
    pts = (responses >= 2 ? 5 : responses ? 2 : 0) + (resolutions ? 3 : 0) + (fast_sev1 ? 2 : 0);
    criterion(sc, 7, pts, rline, "%zu response and %zu resolution targets", responses, resolutions);

    criterion(sc, 8,
              t->support_coverage == SLA_COVERAGE_24X7             ? 6
              : t->support_coverage == SLA_COVERAGE_BUSINESS_HOURS ? 2
                                                                   : 0,
              0, "support %s",
              t->support_coverage == SLA_COVERAGE_24X7             ? "24x7"
              : t->support_coverage == SLA_COVERAGE_BUSINESS_HOURS ? "in business hours only"
                                                                   : "coverage not stated");

    double h = t->incident_notice_hours;
    criterion(sc, 9,
              isnan(h)  ? 0
              : h <= 4  ? 6
              : h <= 24 ? 4
                        : 1,
              0, isnan(h) ? "incident notice not promised" : "incident notice within %g h%s", h,
              isnan(h) || h <= 24 ? "" : ", later than 24 h");

    int both = !isnan(t->rpo_minutes) + !isnan(t->rto_minutes);
    const struct sla_clause *dr = sla_terms_clause(t, SLA_CLAUSE_DR_TESTED);
    criterion(sc, 10,
              (both == 2 ? 3
               : both    ? 2
                         : 0) +
                  (dr ? 2 : 0),
              dr ? dr->line : 0, "%s; BC/DR testing %s",
              both == 2 ? "RPO and RTO stated"
              : both    ? "one of RPO/RTO"
                        : "no RPO/RTO",
              dr ? "promised" : "not promised");

    criterion(sc, 11, t->chronic_failure_termination ? 5 : 0, 0, "%s",
              t->chronic_failure_termination ? "termination for repeated misses"
                                             : "no termination right for chronic failure");

    const struct sla_clause *exit = sla_terms_clause(t, SLA_CLAUSE_DATA_RETURN);
    criterion(sc, 12, exit ? 3 + (isnan(exit->value) || exit->value >= 30 ? 2 : 0) : 0,
              exit ? exit->line : 0, "%s",
              exit ? "data return or export at exit" : "no exit clause");

    sc->ncriteria = SLA_SCORE_CRITERIA;
    sc->total = 0;
    for (size_t i = 0; i < sc->ncriteria; i++)
        sc->total += sc->criteria[i].points;
}

static void
red_flags(const struct sla_terms *t, struct sla_scorecard *sc)
{
    const struct sla_clause *c;
    if (!t->chronic_failure_termination)
        set_flag(sc, t, "SLA-001", "high", "no termination right for chronic failure", 0, NULL,
                 "no right to terminate after repeated misses%s",
                 t->sole_remedy ? ", and credits are the sole remedy" : "");
    const struct sla_credit_tier *worst = worst_tier(t);
    const struct sla_clause *future = sla_terms_clause(t, SLA_CLAUSE_CREDITS_FUTURE_ONLY);
    if (worst && worst->credit_percent < 50)
        set_flag(sc, t, "SLA-002", "medium", "weak credits", worst->line, NULL,
                 "the worst tier credits %g %% of the fee (under 50 %%)", worst->credit_percent);
    else if (future)
        set_flag(sc, t, "SLA-002", "medium", "credits only against future bills", future->line,
                 future->text, "credits are only usable against future charges");
    const struct sla_uptime_target *u = main_target(t);
    if (u && u->percent < 99.73)
        set_flag(sc, t, "SLA-003", "medium", "more than 2 h of downtime a month allowed", u->line,
                 NULL, "%g %% allows %.0f minutes a month", u->percent,
                 (1 - u->percent / 100) * MONTH_MINUTES);
    const struct sla_clause *excluded = sla_terms_clause(t, SLA_CLAUSE_PARTIAL_EXCLUDED);
    if (!sla_terms_clause(t, SLA_CLAUSE_PARTIAL_COUNTED))
        set_flag(sc, t, "SLA-004", "medium", "degraded or partial service is not downtime",
                 excluded ? excluded->line : 0, excluded ? excluded->text : NULL,
                 "the downtime definition does not count degraded or partial service");
    if ((c = sla_terms_clause(t, SLA_CLAUSE_CATCH_ALL_EXCLUSION)))
        set_flag(sc, t, "SLA-005", "medium", "open-ended exclusion", c->line, c->text,
                 "an exclusion without limits (beyond reasonable control, emergency maintenance)");
    double n = t->maintenance_notice_hours;
    bool capped = sla_terms_clause(t, SLA_CLAUSE_MAINTENANCE_CAP) != NULL;
    if (t->maintenance_excluded && (isnan(n) || n < 48 || !capped))
        set_flag(sc, t, "SLA-006", "high", "maintenance excluded on weak terms",
                 maintenance_line(t), NULL, "maintenance is excluded with %s notice%s",
                 isnan(n) ? "no stated"
                 : n < 48 ? "under 48 h"
                          : "48 h or more",
                 capped ? "" : " and no cap on its hours");
    const struct sla_clause *measured = sla_terms_clause(t, SLA_CLAUSE_MEASURED_BY_PROVIDER);
    const struct sla_clause *evidence = sla_terms_clause(t, SLA_CLAUSE_CUSTOMER_EVIDENCE);
    if (measured && evidence)
        set_flag(sc, t, "SLA-007", "medium",
                 "the customer must prove what only the provider measures", evidence->line,
                 evidence->text,
                 "uptime is measured by the provider, yet a claim needs the customer's evidence");
    bool automatic = sla_terms_clause(t, SLA_CLAUSE_CREDITS_AUTOMATIC) != NULL;
    if (!automatic || (t->claim_deadline_days >= 0 && t->claim_deadline_days < 30))
        set_flag(sc, t, "SLA-008", "medium", "credits must be claimed", 0, t->claim_deadline_text,
                 "credits are %s; claim deadline %s", automatic ? "automatic" : "not automatic",
                 t->claim_deadline_days >= 0
                     ? (t->claim_deadline_days < 30 ? "under 30 days" : "30 days or more")
                 : t->claim_deadline_text ? "not in days"
                                          : "not stated");
    size_t responses = 0, resolutions = 0;
    for (size_t i = 0; i < t->nresponse_times; i++)
        t->response_times[i].resolution ? resolutions++ : responses++;
    if (!responses || t->support_coverage != SLA_COVERAGE_24X7)
        set_flag(sc, t, "SLA-009", "high", "no per-severity response, or Sev-1 not 24x7",
                 responses ? t->response_times[0].line : 0, NULL, "%s",
                 !responses ? "no response time per severity"
                            : "first-severity support is not stated as 24x7");
    if (responses && !resolutions)
        set_flag(sc, t, "SLA-010", "medium", "no resolution target", 0, NULL,
                 "response times are given but no restoration or resolution target");
    if (isnan(t->incident_notice_hours) || t->incident_notice_hours > 24)
        set_flag(sc, t, "SLA-011", "high", "no timely incident notice", 0, NULL, "%s",
                 isnan(t->incident_notice_hours) ? "no promise to notify the customer of incidents"
                                                 : "incident notice later than 24 h");
    if (isnan(t->rpo_minutes) || isnan(t->rto_minutes) ||
        !sla_terms_clause(t, SLA_CLAUSE_DR_TESTED))
        set_flag(sc, t, "SLA-012", "high", "no RPO/RTO or untested BC/DR", 0, NULL,
                 "RPO %s, RTO %s, BC/DR testing %s", isnan(t->rpo_minutes) ? "missing" : "stated",
                 isnan(t->rto_minutes) ? "missing" : "stated",
                 sla_terms_clause(t, SLA_CLAUSE_DR_TESTED) ? "promised" : "not promised");
    const struct sla_clause *exit = sla_terms_clause(t, SLA_CLAUSE_DATA_RETURN);
    if (!exit || (!isnan(exit->value) && exit->value < 30))
        set_flag(sc, t, "SLA-013", "high", "no data return at exit", exit ? exit->line : 0,
                 exit ? exit->text : NULL, "%s",
                 exit ? "data can be retrieved for under 30 days"
                      : "no data-return or exit clause");
    const struct sla_clause *change = sla_terms_clause(t, SLA_CLAUSE_UNILATERAL_CHANGE);
    if (change || !sla_terms_clause(t, SLA_CLAUSE_AUDIT_RIGHTS))
        set_flag(sc, t, "SLA-014", "medium",
                 change ? "the provider may change the SLA alone" : "no audit or assurance rights",
                 change ? change->line : 0, change ? change->text : NULL, "%s",
                 change ? "the provider may amend the SLA unilaterally"
                        : "no SOC 2 report, ISO certificate or right to audit");
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
    }
    score_criteria(t, out);
    red_flags(t, out);
    return SL_OK;
}

bool
sla_score_flag(const struct sla_terms *t, const char *rule, struct sla_flag *out)
{
    /* The flags need no allocation, so a scorecard on the stack that holds
     * only them is released by going out of scope. */
    struct sla_scorecard sc;
    memset(&sc, 0, sizeof sc);
    red_flags(t, &sc);
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
