/* decide_policy.c — the policy that turns a profile and measurements into a
 * recommendation with reasons (decide.h, docs/decide.md §3). The guide's
 * rules come first and price never overturns them; measured evidence can,
 * and the reason names it. Then the best-fitting option of the answer, the
 * readiness conditions and the outsource / keep boundary (the break-even is
 * decide_breakeven.c). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/decide/decide.h"
#include "engine/measure/availability.h"

#define GUIDE "\"Managed vs Self-Managed GPU Clusters: A Decision Framework\""
#define GUIDE_OPS "\"What GPU Operations to Outsource and What to Keep In-House\""

/* The guide's mapping of team types to operating models. */
static const struct {
    enum team_type type;
    enum decide_model model;
    const char *why;
} type_policy[] = {
    {TEAM_SMALL_AI, DECIDE_MANAGED,
     "a small AI team without platform engineering pays more to build operations than to buy "
     "them, and its reliability suffers without coverage"},
    {TEAM_PRODUCT, DECIDE_MANAGED,
     "a product organisation's advantage is its models or applications; running clusters "
     "diverts talent from that work"},
    {TEAM_PLATFORM, DECIDE_SELF_MANAGED,
     "self-managed is viable for a large platform team with SRE/MLOps depth: operations "
     "amortise across many users and control is a strength"},
    {TEAM_RESEARCH, DECIDE_SELF_MANAGED,
     "self-managed is viable for a research organisation with systems talent, which values the "
     "control — when its staffing and rotation bear it out"},
};

/* The outsource / keep boundary of the second guide. */
enum evidence { EV_MONITORING, EV_RESPONSE, EV_PATCHING, EV_TUNING, EV_CAPACITY, EV_NONE };

static const struct {
    const char *operation;
    bool commodity;
    enum evidence evidence;
} boundary_table[DECIDE_BOUNDARY_COUNT] = {
    {"monitoring and alerting", true, EV_MONITORING},
    {"incident response", true, EV_RESPONSE},
    {"patching and upgrades", true, EV_PATCHING},
    {"routine optimisation", true, EV_TUNING},
    {"architecture and sizing", false, EV_NONE},
    {"capacity allocation and quota", false, EV_CAPACITY},
    {"model optimisation", false, EV_NONE},
    {"lifecycle (expand, refresh, retire)", false, EV_NONE},
};

/* Monitoring counts as in place from this share of service time watched
 * (docs/design.md's flag threshold), discipline from this share of incidents
 * with an acknowledgement on record. */
#define READY_COVERAGE_MIN 0.95
#define READY_ACKED_MIN 0.80

static void addf(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
addf(char *buf, size_t size, const char *fmt, ...)
{
    size_t len = strlen(buf);
    if (len + 1 >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + len, size - len, fmt, ap);
    va_end(ap);
}

static struct decide_reason *reason(struct decide_result *r, const char *rule, const char *basis,
                                    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static struct decide_reason *
reason(struct decide_result *r, const char *rule, const char *basis, const char *fmt, ...)
{
    if (r->nreasons >= DECIDE_REASONS_MAX)
        return NULL;
    struct decide_reason *x = &r->reasons[r->nreasons++];
    x->rule = rule;
    x->basis = basis;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->text, sizeof x->text, fmt, ap);
    va_end(ap);
    return x;
}

static bool
has_data(const struct decide_measured *m)
{
    return m->has_uptime || m->incidents > 0;
}

static const char *
plural(int n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

/* "99.584 %" or "not measured". */
static const char *
pct(double v, char buf[32])
{
    if (isnan(v))
        snprintf(buf, 32, "not measured");
    else
        snprintf(buf, 32, "%.3f %%", 100.0 * v);
    return buf;
}

/* ---- readiness ------------------------------------------------------------ */

static void
check_readiness(const struct team_profile *p, const struct decide_measured *t,
                const struct decide_rotation *rot, struct decide_readiness out[4])
{
    int pe = p->platform_engineers;
    char thin[300];
    out[0].condition = "dedicated platform or SRE engineers";
    out[0].met = pe >= DECIDE_ONCALL_PEOPLE ? DECIDE_CHECK_YES : DECIDE_CHECK_NO;
    snprintf(out[0].evidence, sizeof out[0].evidence,
             "profile: %d platform %s; a primary and a secondary need at least %d", pe,
             plural(pe, "engineer", "engineers"), DECIDE_ONCALL_PEOPLE);

    out[1].condition = "a sustainable on-call rotation";
    out[1].met = rot->thin          ? DECIDE_CHECK_THIN
                 : !rot->known      ? DECIDE_CHECK_UNKNOWN
                 : rot->sustainable ? DECIDE_CHECK_YES
                                    : DECIDE_CHECK_NO;
    snprintf(out[1].evidence, sizeof out[1].evidence, "%s", rot->why);

    out[2].condition = "monitoring and incident-response tooling";
    if (!t->has_uptime) {
        out[2].met = DECIDE_CHECK_UNKNOWN;
        snprintf(out[2].evidence, sizeof out[2].evidence,
                 "not measured: no uptime records for %s in the period", t->entity);
    } else if (!decide_enough_record(t, thin, sizeof thin)) {
        out[2].met = DECIDE_CHECK_THIN;
        snprintf(out[2].evidence, sizeof out[2].evidence,
                 "not enough evidence: %s; %.2f %% of service time monitored cannot show "
                 "monitoring missing or in place",
                 thin, 100.0 * t->coverage);
    } else {
        out[2].met = t->coverage >= READY_COVERAGE_MIN ? DECIDE_CHECK_YES : DECIDE_CHECK_NO;
        snprintf(out[2].evidence, sizeof out[2].evidence,
                 "measured: %.2f %% of service time monitored (at least %.0f %%)",
                 100.0 * t->coverage, 100.0 * READY_COVERAGE_MIN);
    }

    out[3].condition = "operations treated as a discipline";
    if (!has_data(t)) {
        out[3].met = DECIDE_CHECK_UNKNOWN;
        snprintf(out[3].evidence, sizeof out[3].evidence,
                 "not measured: no incidents or maintenance of %s on record", t->entity);
    } else if (!decide_enough_incidents(t, thin, sizeof thin)) {
        out[3].met = DECIDE_CHECK_THIN;
        snprintf(out[3].evidence, sizeof out[3].evidence,
                 "not enough evidence: %s; %ld of them acknowledged on record is no share to "
                 "judge by",
                 thin, t->tta.n);
    } else {
        double acked = (double)t->tta.n / (double)t->incidents;
        bool notice = t->ineligible_maintenance_hours <= t->maintenance_hours;
        out[3].met = acked >= READY_ACKED_MIN && notice ? DECIDE_CHECK_YES : DECIDE_CHECK_NO;
        snprintf(out[3].evidence, sizeof out[3].evidence,
                 "measured: %.0f %% of %ld incidents acknowledged on record (at least %.0f %%); "
                 "%.1f h of maintenance announced in time against %.1f h announced late",
                 100.0 * acked, t->incidents, 100.0 * READY_ACKED_MIN, t->maintenance_hours,
                 t->ineligible_maintenance_hours);
    }
}

/* "N of 4: a; b" of the conditions in the given state; 0 when none. */
static int
conditions(const struct decide_readiness *rd, enum decide_check state, char *out, size_t size)
{
    int n = 0;
    char names[360] = "";
    for (int i = 0; i < DECIDE_READINESS_COUNT; i++)
        if (rd[i].met == state) {
            addf(names, sizeof names, "%s%s", n ? "; " : "", rd[i].condition);
            n++;
        }
    snprintf(out, size, "%d of %d: %s", n, DECIDE_READINESS_COUNT, names);
    return n;
}

/* ---- choosing among options ----------------------------------------------- */

/* The option of model that fits best: eligible first; among eligible ones
 * those meeting the commitment, then those no less available than the
 * team's measured operations (a provider worse than the team lowers no
 * risk); among those, the most available within the tie margin of the
 * cheapest. -1 when the model has no option a constraint leaves. */
static int
best_fit(const struct team_profile *p, const struct decide_measured *team,
         const struct decide_result *r, enum decide_model model)
{
    int pool[DECIDE_OPTIONS_MAX], n = 0;
    for (size_t i = 0; i < r->noptions; i++)
        if (r->options[i].model == model && !r->options[i].excluded)
            pool[n++] = (int)i;
    if (n == 0)
        return -1;
    /* Filters applied while they leave something. */
    for (int pass = 0; pass < 3; pass++) {
        int kept[DECIDE_OPTIONS_MAX], k = 0;
        for (int i = 0; i < n; i++) {
            const struct decide_option *o = &r->options[pool[i]];
            bool keep = pass == 0   ? o->eligible
                        : pass == 1 ? o->meets_commitment
                                    : !team->has_uptime || !o->measured ||
                                          o->model == DECIDE_SELF_MANAGED ||
                                          o->availability >= team->availability;
            if (keep)
                kept[k++] = pool[i];
        }
        if (k > 0) {
            memcpy(pool, kept, sizeof(int) * (size_t)k);
            n = k;
        }
    }
    int cheapest = pool[0];
    for (int i = 1; i < n; i++)
        if (r->options[pool[i]].cost.total < r->options[cheapest].cost.total)
            cheapest = pool[i];
    int best = cheapest;
    double limit = r->options[cheapest].cost.total * (1 + p->tie_margin);
    for (int i = 0; i < n; i++) {
        const struct decide_option *o = &r->options[pool[i]], *b = &r->options[best];
        if (o->cost.total <= limit && o->measured &&
            (!b->measured || o->availability > b->availability))
            best = pool[i];
    }
    return best;
}

/* Why the option chosen wins over the other options of its model. */
static void
why_provider(const struct decide_measured *prov, const struct decide_result *r, int chosen,
             struct decide_result *out)
{
    const struct decide_option *c = &r->options[chosen];
    if (c->provider < 0)
        return;
    const bool chosen_measured = prov[c->provider].has_uptime;
    char text[640] = "";
    for (size_t i = 0; i < r->noptions; i++) {
        const struct decide_option *o = &r->options[i];
        if ((int)i == chosen || o->model != c->model)
            continue;
        char a[32], b[32];
        addf(text, sizeof text, "%s%s: %s against %s, %.0f against %.0f a month%s%s",
             text[0] ? "; " : "", o->label, pct(c->measured ? c->availability : NAN, a),
             pct(o->measured ? o->availability : NAN, b), c->cost.total, o->cost.total,
             o->eligible ? "" : " (", o->eligible ? "" : o->ineligible);
        if (!o->eligible)
            addf(text, sizeof text, ")");
    }
    if (text[0] && !chosen_measured)
        reason(out, "P-provider", "profile",
               "%s is listed first only on the known parts of its cost: %s's reliability is "
               "not measured in the period, so the provider is not chosen yet; measure it "
               "before choosing. Against %s",
               c->label, prov[c->provider].entity, text);
    else if (text[0] && !c->judged)
        reason(out, "P-provider", "measured",
               "%s is listed first on a record too thin to choose a provider by (see "
               "E-evidence): measure the providers for longer before choosing. Against %s",
               c->label, text);
    else if (text[0])
        reason(out, "P-provider", "measured",
               "%s is the best fit of its model: chosen on the commitment, measured "
               "availability, then total cost (a cheaper option wins only beyond the tie "
               "margin or at equal availability). Against %s%s%s",
               c->label, text, c->partial[0] ? ". Measured on a partial record: " : "", c->partial);
}

/* Engineer-hours a month the team spends on operations in option o:
 * routine operations kept and incident labour; NAN when not measured. */
static double
team_hours(const struct team_profile *p, const struct decide_option *o)
{
    return o->cost.routine_ops / p->engineer_hour + o->engineer_hours_month;
}

/* What the recommendation's premium buys, in leadership's terms: the
 * engineer-hours it frees against self-managed, the cost of each, the
 * yearly figures, and how much more it costs than the cheapest option
 * passing every check. */
static void
premium(const struct team_profile *p, struct decide_result *r)
{
    const struct decide_option *o = &r->options[r->recommended_option], *self = &r->options[0];
    const struct decide_option *cheapest = NULL;
    for (size_t i = 0; i < r->noptions; i++)
        if (r->options[i].eligible &&
            (!cheapest || r->options[i].cost.total < cheapest->cost.total))
            cheapest = &r->options[i];
    if (o == self || !r->measured_any || p->engineer_hour <= 0)
        return;
    double more = o->cost.total - self->cost.total;
    double kept = team_hours(p, o), own = team_hours(p, self), freed = own - kept;
    struct decide_reason *x =
        reason(r, "R-premium", "profile+measured",
               "what the answer buys: %s costs %.0f a month (%.0f a year) %s than self-managed",
               o->label, fabs(more), 12 * fabs(more), more >= 0 ? "more" : "less");
    if (!x)
        return;
    if (isnan(freed))
        addf(x->text, sizeof x->text,
             "; the engineer-hours it frees are not measured (the team's incidents are not "
             "on record)");
    else if (freed > 0)
        addf(x->text, sizeof x->text,
             " and frees %.0f of the %.0f engineer-hours a month self-managed takes (%.0f "
             "kept: routine operations kept and the team's time on incidents), %.0f a year, "
             "%.1f engineers' full time%s",
             freed, own, kept, 12 * freed, freed / p->work_hours_month,
             more > 0 ? "" : ", at no premium");
    else
        addf(x->text, sizeof x->text,
             " and frees no engineer time: it keeps %.0f engineer-hours a month against "
             "self-managed's %.0f",
             kept, own);
    if (!isnan(freed) && freed > 0 && more > 0)
        addf(x->text, sizeof x->text,
             "; %.2f per engineer-hour freed, against an engineer hour of %.2f", more / freed,
             p->engineer_hour);
    if (!cheapest)
        addf(x->text, sizeof x->text, "; no option passes every check");
    else if (cheapest != o && cheapest->cost.total < o->cost.total)
        addf(x->text, sizeof x->text,
             "; it costs %.0f a month (%.0f a year) more than %s, the cheapest option passing "
             "every check",
             o->cost.total - cheapest->cost.total, 12 * (o->cost.total - cheapest->cost.total),
             cheapest->label);
    else if (cheapest == o)
        addf(x->text, sizeof x->text, "; it is the cheapest option passing every check");
}

/* ---- the guide's answer --------------------------------------------------- */

static int
first_of(const struct decide_result *r, enum decide_model m)
{
    for (size_t i = 0; i < r->noptions; i++)
        if (r->options[i].model == m)
            return (int)i;
    return -1;
}

/* The most available measured provider, or -1. */
static int
most_available_provider(const struct team_profile *p, const struct decide_measured *prov)
{
    int best = -1;
    for (size_t i = 0; i < p->nproviders; i++)
        if (prov[i].has_uptime && (best < 0 || prov[i].availability > prov[best].availability))
            best = (int)i;
    return best;
}

/* The team's record an auditor would read, after the last reason. */
static void
auditor_record(const struct decide_measured *team, struct decide_result *r)
{
    if (!has_data(team))
        return;
    addf(r->reasons[r->nreasons - 1].text, sizeof r->reasons[0].text,
         "; the record an auditor would read: %.1f h of maintenance announced late, "
         "%.1f service-hours unmonitored, %ld of %ld incidents without an "
         "acknowledgement on record",
         team->ineligible_maintenance_hours, team->unknown_hours, team->incidents - team->tta.n,
         team->incidents);
}

/* What W-regulated stands for, in the costs: the compliance risk row of
 * self-managed against managed's, or why it is not there. */
static void
compliance_note(const struct team_profile *p, const struct decide_measured *team,
                struct decide_result *r)
{
    char *text = r->reasons[r->nreasons - 1].text;
    const size_t size = sizeof r->reasons[0].text;
    const struct decide_cost *self = &r->options[0].cost;
    if (!team->audit_known)
        addf(text, size,
             "; the audit engine found nothing to check for %s in the period, so the "
             "compliance risk is not measured",
             team->entity);
    else
        addf(text, size,
             "; the audit engine raises %ld findings of medium severity or above for %s in the "
             "period (%.1f a month)",
             team->audit_findings, team->entity, self->findings_month);
    if (p->audit_finding <= 0)
        addf(text, size, "; costs.audit_finding is not given, so that risk is not priced");
    else if (!isnan(self->compliance_risk))
        addf(text, size,
             "; at %.0f a finding that is a compliance risk of %.0f a month self-managed, "
             "%.0f %% of it managed (the share of operations the team keeps), in the costs as "
             "its own row",
             p->audit_finding, self->compliance_risk, 100.0 * p->managed_ops_share);
}

/* Applies the guide's rules in order; *ruled says a rule (not the viable
 * default) set the answer, so price cannot move it away from managed. */
static enum decide_model
guide_answer(const struct team_profile *p, const struct decide_measured *team,
             const struct decide_measured *prov, struct decide_result *r, bool *ruled)
{
    char a[32], b[32], list[400];
    enum decide_model m = DECIDE_MANAGED;
    *ruled = false;
    for (size_t i = 0; i < sizeof type_policy / sizeof type_policy[0]; i++) {
        if (type_policy[i].type != p->type)
            continue;
        m = type_policy[i].model;
        *ruled = m == DECIDE_MANAGED;
        reason(r, "T-type", "profile",
               "team type %s (%d %s, %d platform %s): the guide %s maps it to %s, because %s",
               team_type_name(p->type), p->size, plural(p->size, "person", "people"),
               p->platform_engineers, plural(p->platform_engineers, "engineer", "engineers"), GUIDE,
               decide_model_name(m), type_policy[i].why);
        if (m == DECIDE_MANAGED && !isnan(r->options[0].engineer_hours_month)) {
            /* What the rule stands for, in hours: the talent self-managed
             * would divert. */
            double h = p->routine_ops_hours + r->options[0].engineer_hours_month;
            addf(r->reasons[r->nreasons - 1].text, sizeof r->reasons[0].text,
                 "; self-managed would take %.0f engineer-hours a month (routine operations and "
                 "measured incidents), %.1f engineers' full time",
                 h, h / p->work_hours_month);
        }
    }
    const struct decide_option *self = &r->options[0];
    if (p->production_gpus > 0 && m == DECIDE_SELF_MANAGED) {
        if (!r->proven_24x7) {
            m = p->research_gpus > 0 ? DECIDE_HYBRID : DECIDE_MANAGED;
            *ruled = true;
            reason(r, "W-production", team->has_uptime ? "profile+measured" : "profile",
                   "production inference on %d GPUs carries a %.3f %% uptime commitment, and the "
                   "guide sends it to managed unless the team has proven 24×7 operations: %.0f h "
                   "a week covered, rotation %s, availability %s: %s",
                   p->production_gpus, 100.0 * p->uptime_commitment, p->hours_covered_week,
                   !self->rotation.known        ? "not shown sustainable"
                   : self->rotation.sustainable ? "sustainable"
                                                : "not sustainable",
                   team->has_uptime ? pct(team->availability, a) : "not measured",
                   m == DECIDE_HYBRID ? "production goes to a managed provider, research stays "
                                        "in-house"
                                      : "production goes to a managed provider");
            char thin[300];
            if (team->has_uptime && !decide_enough_availability(team, thin, sizeof thin))
                addf(r->reasons[r->nreasons - 1].text, sizeof r->reasons[0].text,
                     "; the team's record is not enough evidence to prove it (%s)", thin);
            else if (self->rotation.thin)
                addf(r->reasons[r->nreasons - 1].text, sizeof r->reasons[0].text,
                     "; its rotation is not shown sustainable for want of evidence");
        } else {
            reason(r, "W-production", "profile+measured",
                   "production inference stays self-managed on measured evidence: the team has "
                   "proven 24×7 operations (168 h a week covered, rotation sustainable, measured "
                   "availability %.3f %% against the %.3f %% commitment)",
                   100.0 * team->availability, 100.0 * p->uptime_commitment);
        }
    }
    /* Readiness of the part the team would run. */
    if (m != DECIDE_MANAGED) {
        int k = m == DECIDE_HYBRID ? first_of(r, DECIDE_HYBRID) : 0;
        check_readiness(p, team, &r->options[k].rotation, r->readiness);
        if (conditions(r->readiness, DECIDE_CHECK_NO, list, sizeof list)) {
            reason(r, "S-readiness", "profile+measured",
                   "the guide's readiness conditions for running operations are not all met "
                   "(missing: %s); without them self-management absorbs engineering time and "
                   "leaves reliability gaps: managed",
                   list);
            m = DECIDE_MANAGED;
            *ruled = true;
        } else if (conditions(r->readiness, DECIDE_CHECK_THIN, list, sizeof list)) {
            reason(r, "S-readiness", "profile+measured",
                   "none of the guide's readiness conditions fails, but the team's record is "
                   "not enough evidence for %s (see the readiness table): they are neither met "
                   "nor missing",
                   list);
        } else if (conditions(r->readiness, DECIDE_CHECK_UNKNOWN, list, sizeof list)) {
            reason(r, "S-readiness", "profile",
                   "the readiness conditions the profile shows are met; these cannot be checked, "
                   "since nothing measured backs them: %s",
                   list);
        } else {
            reason(
                r, "S-readiness", "profile+measured",
                "all %d of the guide's readiness conditions are met, measured (see the readiness "
                "table)",
                DECIDE_READINESS_COUNT);
        }
    } else {
        check_readiness(p, team, &self->rotation, r->readiness);
    }
    if (p->regulated && m != DECIDE_MANAGED) {
        int best = most_available_provider(p, prov);
        bool stronger = team->has_uptime && r->proven_24x7 &&
                        (best < 0 || team->availability >= prov[best].availability);
        if (stronger) {
            reason(r, "W-regulated", "measured",
                   "regulated workloads stay in-house on measured evidence: proven 24×7 "
                   "operations and measured availability %.3f %%%s%s%s",
                   100.0 * team->availability, best >= 0 ? " at least " : "",
                   best >= 0 ? prov[best].entity : "", best >= 0 ? "'s" : "");
            compliance_note(p, team, r);
        } else {
            /* Per workload: when only production is regulated, the hybrid
             * already hands it to the provider and keeps research. */
            enum decide_model to = p->regulated_research_gpus == 0 && p->research_gpus > 0
                                       ? DECIDE_HYBRID
                                       : DECIDE_MANAGED;
            char regulated[200], kept[200];
            team_workload_names(p, -1, true, 0, regulated, sizeof regulated);
            team_workload_names(p, 0, false, 0, kept, sizeof kept);
            reason(r, "W-regulated", team->has_uptime ? "profile+measured" : "profile",
                   "regulated workloads with audit pressure (%s): the guide says managed often "
                   "lowers the operational compliance risk, since weak patching, monitoring and "
                   "response become audit findings; only proven 24×7 operations measured at "
                   "least as available as the best provider would keep them in-house, and %s: "
                   "%s",
                   regulated,
                   !team->has_uptime ? "nothing of the team was measured"
                   : !r->proven_24x7 ? "the team has not proven 24×7 operations"
                                     : "the team's measured availability is lower",
                   to == DECIDE_HYBRID ? "the regulated production goes managed" : "managed");
            if (to == DECIDE_HYBRID)
                addf(r->reasons[r->nreasons - 1].text, sizeof r->reasons[0].text,
                     "; the research the rule does not reach (%s, not regulated) stays in-house: "
                     "hybrid",
                     kept);
            if (best >= 0 && team->has_uptime)
                addf(r->reasons[r->nreasons - 1].text, sizeof r->reasons[0].text,
                     " (%s against %s %s)", pct(team->availability, a), prov[best].entity,
                     pct(prov[best].availability, b));
            auditor_record(team, r);
            compliance_note(p, team, r);
            if (to == DECIDE_HYBRID && m == DECIDE_SELF_MANAGED && first_of(r, to) >= 0)
                check_readiness(p, team, &r->options[first_of(r, to)].rotation, r->readiness);
            m = to;
            *ruled = true;
        }
    } else if (p->regulated) {
        /* Already managed by an earlier rule: the regulated rule agrees, and
         * what it stands for is still in the costs. */
        reason(r, "W-regulated", has_data(team) ? "profile+measured" : "profile",
               "regulated workloads with audit pressure: the guide says managed often lowers the "
               "operational compliance risk, since weak patching, monitoring and response become "
               "audit findings: managed, as the rules above already do");
        auditor_record(team, r);
        compliance_note(p, team, r);
    }
    /* Cited even when an earlier rule already went managed: the ramp is a
     * reason of its own, and its loss is in the costs. */
    if (!isnan(p->capacity_needed_weeks) && p->capacity_needed_weeks < p->ramp_weeks) {
        const struct decide_cost *sc = &r->options[0].cost;
        struct decide_reason *x = reason(
            r, "W-speed", "profile",
            "capacity is needed within %.0f weeks and self-managed operations take about %.0f "
            "weeks to ramp: the guide says start managed%s",
            p->capacity_needed_weeks, p->ramp_weeks,
            m == DECIDE_MANAGED ? ", as the rules above already do" : "");
        if (x && sc->ramp_one_off > 0)
            addf(x->text, sizeof x->text,
                 "; self-managed loses %.0f weeks of capacity, %.0f once (%.0f a month over %.0f "
                 "months, its ramp loss row in the costs); no measurement shortens a ramp, so "
                 "price does not overturn it",
                 p->ramp_weeks - p->capacity_needed_weeks, sc->ramp_one_off, sc->ramp_loss,
                 p->ramp_horizon_months);
        else if (x)
            addf(x->text, sizeof x->text,
                 "; self-managed loses %.0f weeks of capacity, which the profile does not price "
                 "(no costs.lost_research_hour); the rule holds by itself, not by price",
                 p->ramp_weeks - p->capacity_needed_weeks);
        m = DECIDE_MANAGED;
        *ruled = true;
    }
    return m;
}

/* W-constraint: when no option of the answer is left — no provider is
 * listed, or every one is excluded by what a workload needs — the answer
 * moves toward the team's own operations, to the nearest model that has
 * one; the guide: requirements managed services cannot meet may need
 * self-management regardless of cost. */
static enum decide_model
constrained(const struct team_profile *p, const struct decide_measured *team,
            struct decide_result *r, enum decide_model m, bool *ruled)
{
    if (m == DECIDE_SELF_MANAGED || best_fit(p, team, r, m) >= 0) {
        /* The answer stands; what a constraint excludes is still said. */
        char text[sizeof r->reasons[0].text] = "";
        for (size_t i = 0; i < r->noptions; i++)
            if (r->options[i].excluded)
                addf(text, sizeof text, "%s%s %s", text[0] ? "; " : "", r->options[i].label,
                     r->options[i].ineligible);
        if (text[0])
            reason(r, "W-constraint", "profile",
                   "what a workload needs rules out some options, whatever they cost: %s", text);
        return m;
    }
    enum decide_model to = m == DECIDE_MANAGED && best_fit(p, team, r, DECIDE_HYBRID) >= 0
                               ? DECIDE_HYBRID
                               : DECIDE_SELF_MANAGED;
    int k = to == DECIDE_HYBRID ? best_fit(p, team, r, to) : 0;
    check_readiness(p, team, &r->options[k].rotation, r->readiness);
    char list[400];
    bool missing = conditions(r->readiness, DECIDE_CHECK_NO, list, sizeof list) > 0;
    struct decide_reason *x;
    if (p->nproviders == 0)
        x = reason(r, "W-constraint", "profile",
                   "the profile lists no provider, so no %s option can be costed: the answer is "
                   "%s, the only option; to weigh the guide's answer (%s), name candidates under "
                   "providers",
                   decide_model_name(m), decide_model_name(to), decide_model_name(m));
    else
        x = reason(r, "W-constraint", "profile",
                   "no provider listed can run the guide's answer (%s): %s. The guide: "
                   "requirements managed services cannot meet (air-gapped environments, "
                   "extreme customisation) may need self-management regardless of cost: %s",
                   decide_model_name(m), r->options[first_of(r, m)].ineligible,
                   decide_model_name(to));
    if (x && missing)
        addf(x->text, sizeof x->text,
             "; the readiness conditions not met (%s) then have to be built, since they cannot "
             "be bought",
             list);
    *ruled = true;
    return to;
}

/* How much more managed a model is: price may move an answer only up. */
static int
managed_rank(enum decide_model m)
{
    return m == DECIDE_SELF_MANAGED ? 0 : m == DECIDE_HYBRID ? 1 : 2;
}

/* Some readiness condition of the team is measured but below its
 * evidence minimum. */
static bool
team_thin(const struct decide_result *r)
{
    for (int i = 0; i < DECIDE_READINESS_COUNT; i++)
        if (r->readiness[i].met == DECIDE_CHECK_THIN)
            return true;
    return false;
}

static void
choose(const struct team_profile *p, const struct decide_measured *team,
       const struct decide_measured *prov, struct decide_result *r)
{
    bool ruled;
    enum decide_model m = guide_answer(p, team, prov, r, &ruled);
    m = constrained(p, team, r, m, &ruled);
    r->default_model = m;
    int d = best_fit(p, team, r, m);
    int chosen = d;
    const struct decide_option *o = d >= 0 ? &r->options[d] : NULL;
    /* Another model may win only when the guide's answer cannot run as
     * measured (named), or on price when no rule set it and it moves toward
     * managed or the default was merely viable. */
    int alt = -1;
    bool against_rule = false;
    for (int pass = 0; pass < 2 && alt < 0; pass++) {
        /* A rule's answer may be left only toward managed; when its own
         * options fail measured checks and nothing that way passes, the
         * option that does is recommended rather than one that fails, and
         * the reason says the rule could not run as measured. */
        if (pass == 1 && !(ruled && o && o->measured && !o->eligible && !o->thin))
            break;
        for (int k = 0; k < DECIDE_MODEL_COUNT; k++) {
            if ((enum decide_model)k == m ||
                (pass == 0 && ruled && managed_rank((enum decide_model)k) < managed_rank(m)))
                continue;
            int c = best_fit(p, team, r, (enum decide_model)k);
            if (c >= 0 && r->options[c].eligible &&
                (alt < 0 || r->options[c].cost.total < r->options[alt].cost.total))
                alt = c;
        }
        against_rule = pass == 1 && alt >= 0;
    }
    if (!r->measured_any) {
        reason(r, "N-unmeasured", "profile",
               "nothing was measured: the store holds no uptime records and no incidents of %s "
               "or its providers in the period. This is the guide's mapping from the profile "
               "alone; no measurement backs it, no option is shown to meet the constraints, and "
               "costs leave out incidents and downtime",
               p->entity);
    } else if (o && o->eligible) {
        const struct decide_option *a = alt >= 0 ? &r->options[alt] : NULL;
        /* The cheapest passing option of any model, for the record. */
        const struct decide_option *cheaper = NULL;
        for (size_t i = 0; i < r->noptions; i++)
            if (r->options[i].eligible && r->options[i].cost.total < o->cost.total &&
                (!cheaper || r->options[i].cost.total < cheaper->cost.total))
                cheaper = &r->options[i];
        if (a && !ruled && a->cost.total < o->cost.total / (1 + p->tie_margin) &&
            a->cost.complete && o->cost.complete) {
            chosen = alt;
            r->overturned = true;
            reason(r, "M-overturns", "measured",
                   "measured cost overturns the viable default (%s): it costs %.0f a month, "
                   "%.0f %% more than %s at %.0f, beyond the %.0f %% tie margin; no guide rule "
                   "holds the default",
                   decide_model_name(m), o->cost.total,
                   100.0 * (o->cost.total / a->cost.total - 1.0), a->label, a->cost.total,
                   100.0 * p->tie_margin);
        } else if (cheaper) {
            reason(r, "M-confirms", "measured",
                   "the measured checks confirm the guide's answer: %s passes them%s at %.0f a "
                   "month; %s would cost %.0f, but %s",
                   o->label, o->caveat[0] ? " against the best measured bar" : "", o->cost.total,
                   cheaper->label, cheaper->cost.total,
                   ruled ? "price alone does not overturn a guide rule"
                         : "the difference is within the tie margin");
        } else {
            reason(r, "M-confirms", "measured",
                   "the measured checks confirm the guide's answer: %s passes them%s and is the "
                   "cheapest option that does, at %.0f a month",
                   o->label, o->caveat[0] ? " against the best measured bar" : "", o->cost.total);
        }
    } else if (o && o->thin) {
        /* Neither confirmed nor overturned: the record is too thin. */
        char path[600];
        decide_evidence_path(p, team, m, path, sizeof path);
        r->provisional = true;
        reason(r, "E-evidence", "measured",
               "not enough evidence to confirm or overturn the guide's answer (%s) on %s: %s. "
               "The answer is provisional; %s",
               decide_model_name(m), o->label, o->ineligible, path);
    } else if (o && alt >= 0 && o->measured) {
        /* The guide's answer fails a measured check: the measurement,
         * named, overturns it. */
        chosen = alt;
        r->overturned = true;
        reason(r, "M-overturns", "measured",
               "measured data overturns the guide's answer (%s): %s; %s passes every check at "
               "%.0f a month%s",
               decide_model_name(m), o->ineligible, r->options[alt].label,
               r->options[alt].cost.total,
               against_rule ? ", and no option the guide's rule allows does: the rule cannot "
                              "run as measured, so the option that passes is recommended "
                              "rather than one that fails"
                            : "");
    } else {
        reason(r, "M-none", "measured",
               "no %s option passes every check (%s); the guide's answer stands, and the gaps "
               "must be closed or measured before relying on it",
               decide_model_name(m), o ? o->ineligible : "no such option");
    }
    if (!r->provisional && team_thin(r)) {
        char path[600], list[400];
        decide_evidence_path(p, team, m, path, sizeof path);
        conditions(r->readiness, DECIDE_CHECK_THIN, list, sizeof list);
        r->provisional = m != DECIDE_MANAGED;
        reason(r, "E-evidence", "measured",
               "the team's own record is not enough evidence for some of the guide's "
               "readiness conditions (%s): the answer rests on the guide's rules and the "
               "profile; %s",
               list, path);
    }
    if (chosen < 0)
        chosen = 0;
    r->recommended_option = (size_t)chosen;
    r->recommendation = r->options[chosen].model;
    r->provider = r->options[chosen].provider;
    r->provider_chosen = r->provider >= 0 && prov[r->provider].has_uptime;
    why_provider(prov, r, chosen, r);
    premium(p, r);
}

/* ---- reasons the numbers give, and the boundary ----------------------------- */

static void
boundary_evidence(const struct team_profile *p, const struct decide_measured *t, enum evidence ev,
                  char *out, size_t size)
{
    double months = t->period_hours / DECIDE_HOURS_PER_MONTH;
    bool data = has_data(t);
    switch (ev) {
    case EV_MONITORING:
        if (!t->has_uptime)
            snprintf(out, size, "no uptime records for %s: its monitoring cannot be shown",
                     t->entity);
        else
            snprintf(out, size,
                     "%.2f %% of service time monitored; %.1f service-hours without monitoring "
                     "over %.1f months",
                     100.0 * t->coverage, t->unknown_hours, months);
        break;
    case EV_RESPONSE:
        if (!data) {
            snprintf(out, size, "not measured: no incidents or uptime of %s on record", t->entity);
            break;
        }
        snprintf(out, size, "%ld incidents (%.1f a month)", t->incidents,
                 t->incidents / (months > 0 ? months : 1));
        if (t->tta.n > 0)
            addf(out, size, "; median TTA %.1f min (n=%ld)", t->tta.median / 60.0, t->tta.n);
        if (t->ttr.n > 0)
            addf(out, size, "; median TTR %.1f h (n=%ld)", t->ttr.median / 3600.0, t->ttr.n);
        if (p->rotation_size > 0)
            addf(out, size, "; %.1f sleep-hour pages per engineer a month",
                 decide_per_month(t, (double)t->pages.count[BAND_SLEEP]) / p->rotation_size);
        break;
    case EV_PATCHING:
        if (!t->has_uptime)
            snprintf(out, size, "no maintenance or uptime records for %s", t->entity);
        else
            snprintf(out, size,
                     "%.1f h of maintenance announced in time; %.1f h announced less than %d h "
                     "ahead, counted as downtime",
                     t->maintenance_hours, t->ineligible_maintenance_hours,
                     (int)(AVAIL_DEFAULT_NOTICE_SECONDS / 3600));
        break;
    case EV_TUNING:
        if (!t->has_uptime)
            snprintf(out, size, "no uptime records for %s", t->entity);
        else
            snprintf(out, size, "%.1f service-hours degraded (slow but up) over %.1f months",
                     t->degraded_hours, months);
        break;
    case EV_CAPACITY:
        if (!data)
            snprintf(out, size, "not measured: no incidents of %s on record", t->entity);
        else
            snprintf(out, size,
                     "%ld incidents name capacity, quota or reservations; the allocation policy "
                     "reflects the organisation's priorities",
                     t->capacity_incidents);
        break;
    case EV_NONE:
    default:
        snprintf(out, size,
                 "not measured by operations data: workload-specific judgement the team holds");
        break;
    }
}

static void
fill_boundary(const struct team_profile *p, const struct decide_measured *team,
              struct decide_result *r)
{
    for (size_t i = 0; i < DECIDE_BOUNDARY_COUNT; i++) {
        struct decide_boundary *b = &r->boundary[i];
        b->operation = boundary_table[i].operation;
        b->layer = boundary_table[i].commodity ? "commodity" : "strategic";
        if (!boundary_table[i].commodity || r->recommendation == DECIDE_SELF_MANAGED)
            b->owner = "team";
        else if (r->recommendation == DECIDE_MANAGED)
            b->owner = "provider";
        else
            b->owner = "provider (production), team (research)";
        boundary_evidence(p, team, boundary_table[i].evidence, b->evidence, sizeof b->evidence);
    }
}

static void
numbers(const struct team_profile *p, const struct decide_measured *team,
        const struct decide_measured *prov, struct decide_result *r)
{
    const struct decide_option *self = &r->options[0];
    char a[32], text[640];
    reason(r, "R-rotation", has_data(team) ? "profile+measured" : "profile",
           "self-managed, the team's on-call rotation is %s", self->rotation.why);
    /* Cost: every option, so the hybrid stands beside the pure ones. */
    text[0] = '\0';
    for (size_t i = 0; i < r->noptions; i++)
        addf(text, sizeof text, "%s%s %s%.0f", i ? "; " : "", r->options[i].label,
             r->options[i].cost.complete ? "" : "at least ", r->options[i].cost.total);
    bool risk = p->regulated || r->options[0].cost.ramp_one_off > 0;
    reason(r, "R-cost", r->measured_any ? "profile+measured" : "profile",
           "total cost of operations a month%s: %s (GPU rate alone: %.2f self-managed per "
           "GPU-hour)%s",
           risk ? ", with the risk and one-off rows" : "", text, p->gpu_hour_self,
           r->measured_any ? "" : "; incidents and downtime are not measured and left out");
    /* The team against every provider. */
    text[0] = '\0';
    for (size_t i = 0; i < p->nproviders; i++)
        addf(text, sizeof text, "%s%s %s", i ? "; " : "", prov[i].entity,
             pct(prov[i].has_uptime ? prov[i].availability : NAN, a));
    char t[32];
    reason(r, "R-availability", team->has_uptime ? "measured" : "profile",
           "availability: %s %s (%s) against %s", p->entity,
           pct(team->has_uptime ? team->availability : NAN, t),
           team->has_uptime ? "measured" : "no uptime records", text);
    if (has_data(team) && p->rotation_size > 0)
        reason(r, "R-pages", "measured",
               "the team's pager: %.1f incidents a month; per engineer on the rotation %.1f in "
               "business hours, %.1f off hours and %.1f in sleep hours (%s)",
               self->incidents_month, self->pages_per_engineer_month[BAND_BUSINESS],
               self->pages_per_engineer_month[BAND_OFF], self->pages_per_engineer_month[BAND_SLEEP],
               p->zone ? p->zone : "UTC");
    else if (!has_data(team))
        reason(r, "R-pages", "profile",
               "the team's pager is not measured: no incidents of %s on record in the period, "
               "which is not the same as none",
               p->entity);
}

/* ---- the decision ------------------------------------------------------------ */

void
decide_policy(const struct team_profile *p, const struct decide_measured *team,
              const struct decide_measured *prov, struct decide_result *r)
{
    memset(r, 0, sizeof *r);
    r->provider = -1;
    r->measured_any = has_data(team);
    for (size_t i = 0; i < p->nproviders; i++)
        r->measured_any |= has_data(&prov[i]);

    decide_cost_of(p, team, NULL, -1, DECIDE_SELF_MANAGED, &r->options[r->noptions++]);
    for (size_t i = 0; i < p->nproviders; i++)
        decide_cost_of(p, team, &prov[i], (int)i, DECIDE_MANAGED, &r->options[r->noptions++]);
    if (p->production_gpus > 0 && p->research_gpus > 0)
        for (size_t i = 0; i < p->nproviders; i++)
            decide_cost_of(p, team, &prov[i], (int)i, DECIDE_HYBRID, &r->options[r->noptions++]);
    const struct decide_option *self = &r->options[0];
    char thin[300];
    r->proven_24x7 = p->hours_covered_week >= 168 && self->rotation.sustainable &&
                     team->has_uptime && decide_enough_availability(team, thin, sizeof thin) &&
                     (isnan(p->uptime_commitment) || team->availability >= p->uptime_commitment);

    /* When no measured option meets the production commitment, the best
     * measured availability becomes the bar, and a reason says so. */
    int bar = -1;
    double bar_availability = NAN;
    if (p->production_gpus > 0) {
        double best = -1;
        int who = -1;
        bool anyone = false;
        for (size_t i = 0; i < r->noptions; i++) {
            const struct decide_option *o = &r->options[i];
            anyone |= o->measured && o->meets_commitment;
            if (o->measured && o->judged && o->availability > best) {
                best = o->availability;
                who = (int)i;
            }
        }
        if (!anyone && who >= 0) {
            for (size_t i = 0; i < r->noptions; i++) {
                struct decide_option *o = &r->options[i];
                decide_judge(p, team, o->provider >= 0 ? &prov[o->provider] : NULL, best, o);
            }
            bar = who;
            bar_availability = best;
        }
    }
    choose(p, team, prov, r);
    if (bar >= 0) {
        double best = bar_availability;
        int who = bar;
        reason(r, "R-commitment", "profile+measured",
               "no option measured meets the %.3f %% production commitment; the best is %s "
               "at %.3f %% (%.2f h down a month against %.2f h allowed), so the checks "
               "use it as the bar: renegotiate the commitment or hold the provider to a "
               "contract that pays for the gap",
               100.0 * p->uptime_commitment, r->options[who].label, 100.0 * best,
               r->options[who].downtime_hours_month,
               (1.0 - p->uptime_commitment) * DECIDE_HOURS_PER_MONTH);
    }
    numbers(p, team, prov, r);
    fill_boundary(p, team, r);
}
