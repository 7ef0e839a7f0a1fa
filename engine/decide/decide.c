/* decide.c — the operating-model decision: measuring an entity for it,
 * costing each option, and the policy that turns both into a recommendation
 * with reasons. The team-type mapping, the workload rules and the operation
 * boundary are tables; docs/decide.md explains each row. */
#include "engine/decide/decide.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine/audit/audit.h"
#include "engine/measure/availability.h"
#include "engine/measure/eval.h"
#include "engine/measure/responder_load.h"
#include "engine/model/model.h"
#include "engine/time/sltime.h"
#include "engine/time/window.h"

static const char *const model_names[DECIDE_MODEL_COUNT] = {"managed", "self-managed", "hybrid"};

const char *
decide_model_name(enum decide_model m)
{
    assert(m >= 0 && m < DECIDE_MODEL_COUNT);
    return model_names[m];
}

/* Words in an incident title that say it was about capacity allocation. */
static const char *const capacity_words[] = {"capacity", "quota", "reservation", NULL};

/* Appends to a fixed buffer; text past its end is cut. */
static void addf(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- measuring ---------------------------------------------------------- */

static void
add_incident(struct decide_measured *m, const struct eval_incident *e, const double responders[6],
             const char *zone)
{
    if (e->merged)
        return;
    int sev = severity_rank(e->severity);
    double seconds = (double)e->times.seconds[MEASURE_TTR];
    if (seconds < 0 && e->open && e->times.start != SLTIME_NONE && e->times.start < m->to)
        seconds = (double)(m->to - e->times.start);
    m->incidents++;
    m->by_severity[sev]++;
    m->open += e->open;
    if (seconds > 0) {
        m->incident_hours += seconds / 3600.0;
        m->engineer_hours += seconds / 3600.0 * responders[sev];
    }
    if (e->times.start != SLTIME_NONE)
        interruptions_add(&m->pages, e->times.start, zone);
    for (size_t i = 0; e->title && capacity_words[i]; i++) {
        if (strcasestr(e->title, capacity_words[i])) {
            m->capacity_incidents++;
            break;
        }
    }
}

enum sl_status
decide_measure(struct store *st, const char *entity, int64_t from, int64_t to, const char *zone,
               const double responders[6], struct decide_measured *out, struct sl_diag *diag)
{
    return decide_measure_services(st, entity, from, to, zone, responders, NULL, 0, out, diag);
}

int
decide_local_days(int64_t from, int64_t to, const char *zone)
{
    struct sl_civil a, b;
    sltime_to_civil(from, zone, &a, NULL);
    sltime_to_civil(to, zone, &b, NULL);
    return (int)(sltime_days_from_civil(b.year, b.month, b.day) -
                 sltime_days_from_civil(a.year, a.month, a.day));
}

static bool
used(const char *service, char *const *services, size_t n)
{
    if (n == 0)
        return true;
    for (size_t i = 0; service && i < n; i++)
        if (!strcmp(service, services[i]))
            return true;
    return false;
}

enum sl_status
decide_measure_services(struct store *st, const char *entity, int64_t from, int64_t to,
                        const char *zone, const double responders[6], char *const *services,
                        size_t nservices, struct decide_measured *out, struct sl_diag *diag)
{
    struct eval_params ep;
    struct eval_result r;
    memset(out, 0, sizeof *out);
    snprintf(out->entity, sizeof out->entity, "%s", entity);
    out->from = from;
    out->to = to;
    out->period_hours = (double)(to - from) / 3600.0;
    out->availability = NAN;
    out->coverage = NAN;
    if (to <= from)
        return diag_set(diag, SL_ERR_USAGE, "", 0, "the period is empty");
    /* One window of the period's local days, ending at `to`: exactly
     * [from, to) when both bounds fall at the same local time of day, clock
     * changes included, so the statistics are the period's and nothing
     * before it is pooled in. */
    int days = decide_local_days(from, to, zone);
    struct window w = window_rolling(to, days > 0 ? days : 1, zone);
    if (days < 1 || w.start != from)
        return diag_set(diag, SL_ERR_USAGE, "", 0,
                        "the period must be whole local days of %s: it starts and ends at "
                        "different times of day there",
                        zone ? zone : "UTC");
    out->days = days;
    eval_default_params(&ep);
    ep.zone = zone;
    ep.from = from;
    ep.to = to;
    ep.entity = entity;
    ep.window = WINDOW_ROLLING;
    ep.rolling_days = days;
    ep.list_incidents = true;
    ep.list_from = from;
    ep.list_to = to;
    enum sl_status s = eval_run(st, &ep, &r, diag);
    if (s)
        return s;
    struct avail_result pooled;
    bool have = false;
    for (size_t i = 0; i < r.nrows; i++) {
        const struct eval_row *row = &r.rows[i];
        if (row->service || strcmp(row->entity, entity) || row->window.start != from ||
            row->window.end != to)
            continue;
        if (!have) {
            pooled = row->avail;
            out->tta = row->incidents.measure[MEASURE_TTA];
            out->ttr = row->incidents.measure[MEASURE_TTR];
            have = true;
        } else {
            availability_pool(&pooled, &row->avail);
        }
    }
    if (have && pooled.known) {
        out->has_uptime = true;
        out->availability = pooled.availability;
        out->coverage = pooled.window_seconds > 0
                            ? 1.0 - (double)pooled.unknown_seconds / (double)pooled.window_seconds
                            : NAN;
        out->unknown_hours = (double)pooled.unknown_seconds / 3600.0;
        out->degraded_hours = (double)pooled.status_seconds[SVC_DEGRADED] / 3600.0;
        out->maintenance_hours = (double)pooled.maintenance_seconds / 3600.0;
        out->ineligible_maintenance_hours = (double)pooled.ineligible_maintenance_seconds / 3600.0;
    }
    for (size_t i = 0; i < r.nincidents; i++) {
        if (strcmp(r.incidents[i].entity, entity))
            continue;
        if (used(r.incidents[i].service, services, nservices))
            add_incident(out, &r.incidents[i], responders, zone);
        else if (!r.incidents[i].merged)
            out->unused_incidents++;
    }
    eval_result_release(&r);
    return SL_OK;
}

enum sl_status
decide_measure_audit(struct store *st, const char *zone, struct decide_measured *m,
                     struct sl_diag *diag)
{
    struct audit_params ap = {.entity = m->entity, .from = m->from, .to = m->to, .zone = zone};
    struct audit_result r;
    enum sl_status s = audit_run(st, &ap, &r, diag);
    if (!s) {
        /* Rules run on an empty period find nothing: that is no record,
         * not a clean one. */
        m->audit_known = false;
        for (size_t i = 0; i < r.nrules && (m->has_uptime || m->incidents > 0); i++)
            m->audit_known |= r.rules[i].state == RULE_EVALUATED;
        m->audit_findings = (long)findings_at_or_above(&r.findings, FSEV_MEDIUM);
    }
    audit_result_release(&r);
    return s;
}

enum sl_status
decide_measure_oncall(struct store *st, const char *zone, struct decide_measured *m,
                      struct sl_diag *diag)
{
    struct bizclock clock;
    struct responder_load load;
    responder_load_clock(&clock, zone);
    enum sl_status s = responder_load_run(st, m->entity, m->from, m->to, &clock, &load, diag);
    for (size_t i = 0; !s && i < load.nentities; i++) {
        const struct responder_entity *e = &load.entities[i];
        if (strcmp(e->entity, m->entity) || e->shifts == 0)
            continue;
        m->oncall_known = true;
        m->oncall_shifts = e->shifts;
        m->oncall_hours = e->shift_hours;
        m->oncall_pages = e->pages - e->unassigned;
        m->oncall_unassigned = e->unassigned;
        m->oncall_off_hours = e->off_hours;
        m->oncall_max_per_shift = e->max_per_shift;
        m->oncall_mean_shift = e->mean_per_shift;
    }
    for (size_t i = 0; !s && i < load.nrows; i++) {
        const struct responder_row *r = &load.rows[i];
        if (strcmp(r->entity, m->entity) || !r->responder)
            continue;
        m->oncall_responders++;
        if (r->pages > m->oncall_max_responder)
            m->oncall_max_responder = r->pages;
    }
    responder_load_release(&load);
    return s;
}

/* ---- costing -------------------------------------------------------------- */

/* The rotation's three rules over h hours covered a week. The load rule
 * takes the measured pages per 12 hours on call of the team's stored shifts
 * (× kept, the part of the team's incidents the option keeps) when there
 * are any and the cover is today's, else the estimate: incidents a month
 * over the shifts covered (a narrower cover packs the same incidents into
 * fewer shifts, which the stored shifts cannot show). */
static void
rotation_check(const struct team_profile *p, const struct decide_measured *team, double kept,
               double h, double incidents_month, double routine_hours_month, double ops_hours_month,
               struct decide_rotation *out)
{
    int n = p->rotation_size, pe = p->platform_engineers;
    memset(out, 0, sizeof *out);
    out->applies = true;
    out->required = (int)ceil(DECIDE_ONCALL_PEOPLE * h / (168.0 * DECIDE_ONCALL_SHARE_MAX) - 1e-9);
    out->oncall_share = n > 0 ? DECIDE_ONCALL_PEOPLE * h / (168.0 * n) : INFINITY;
    double shifts = h * DECIDE_WEEKS_PER_MONTH / DECIDE_SHIFT_HOURS;
    out->estimate_per_shift = shifts > 0 ? incidents_month / shifts : INFINITY;
    out->incidents_per_shift = out->estimate_per_shift;
    out->load_measured = team->oncall_known && team->oncall_hours > 0 && !isnan(incidents_month) &&
                         h == p->hours_covered_week;
    if (out->load_measured)
        out->incidents_per_shift =
            (double)team->oncall_pages / team->oncall_hours * DECIDE_SHIFT_HOURS * kept;
    double capacity = pe * p->work_hours_month;
    out->ops_share = capacity > 0 ? ops_hours_month / capacity : INFINITY;
    out->known = true;
    if (h <= 0 || n <= 0) {
        out->sustainable = false;
        snprintf(out->why, sizeof out->why,
                 "there is no on-call rotation (%d on it, %.0f h a week covered): nobody answers "
                 "incidents out of hours",
                 n, h);
        return;
    }
    bool size_ok = n >= out->required;
    /* The load is measured: without incidents on record it is unknown, and
     * a rotation whose size passes is not shown sustainable. Below the
     * evidence minimum the load and toil rules say nothing either way,
     * unless routine operations alone, a profile fact, break the toil cap. */
    char thin[300];
    bool load_known = !isnan(incidents_month) && !isnan(ops_hours_month);
    bool enough = decide_enough_incidents(team, thin, sizeof thin);
    bool routine_over = capacity > 0 && routine_hours_month / capacity > DECIDE_OPS_SHARE_MAX;
    bool load_ok = load_known && out->incidents_per_shift <= DECIDE_INCIDENTS_PER_SHIFT_MAX;
    bool ops_ok = load_known && out->ops_share <= DECIDE_OPS_SHARE_MAX;
    out->sustainable = size_ok && load_ok && ops_ok && enough;
    out->known = !size_ok || (load_known && (enough || routine_over));
    out->thin = size_ok && load_known && !enough && !routine_over;
    if (out->thin) {
        snprintf(out->why, sizeof out->why,
                 "not shown sustainable, not enough evidence: %d %s on the rotation for %.0f h a "
                 "week, at least the %d the 25 %% rule needs, but the load and toil rules need a "
                 "longer incident record (%s)",
                 n, n == 1 ? "engineer" : "engineers", h, out->required, thin);
        return;
    }
    char share[96];
    if (n == 1)
        snprintf(share, sizeof share, "the one engineer on it is on call %.0f %% of the time",
                 100.0 * out->oncall_share);
    else
        snprintf(share, sizeof share, "each of the %d is on call %.0f %% of the time", n,
                 100.0 * out->oncall_share);
    snprintf(out->why, sizeof out->why,
             "%s: %d %s on the rotation for %.0f h a week, %s the %d the 25 %% rule (primary "
             "and secondary) needs; %s",
             !out->known        ? "not shown sustainable"
             : out->sustainable ? "sustainable"
                                : "not sustainable",
             n, n == 1 ? "engineer" : "engineers", h, size_ok ? "at least" : "fewer than",
             out->required, share);
    if (load_known && out->load_measured) {
        addf(out->why, sizeof out->why,
             "; measured on %ld stored on-call %s (%.0f h): %.2f pages per 12 hours on call%s "
             "(at most 2; the estimate from incidents over the hours covered is %.2f), at most "
             "%ld in one shift and %ld to one of %ld %s, %ld of %ld pages outside working hours",
             team->oncall_shifts, team->oncall_shifts == 1 ? "shift" : "shifts", team->oncall_hours,
             out->incidents_per_shift, kept < 1 ? " for the research share" : "",
             out->estimate_per_shift, team->oncall_max_per_shift, team->oncall_max_responder,
             team->oncall_responders, team->oncall_responders == 1 ? "responder" : "responders",
             team->oncall_off_hours, team->oncall_pages + team->oncall_unassigned);
        if (team->oncall_unassigned > 0)
            addf(out->why, sizeof out->why, ", %ld no shift covered", team->oncall_unassigned);
        addf(out->why, sizeof out->why,
             "; operations take %.0f %% of %d platform %s time (at most 50 %%)",
             100.0 * out->ops_share, pe, pe == 1 ? "engineer's" : "engineers'");
    } else if (load_known)
        addf(out->why, sizeof out->why,
             "; %.2f incidents per 12-hour shift (estimated from incidents over the hours "
             "covered; at most 2); operations take %.0f %% of %d platform %s time (at most 50 %%)",
             out->incidents_per_shift, 100.0 * out->ops_share, pe,
             pe == 1 ? "engineer's" : "engineers'");
    else
        addf(out->why, sizeof out->why,
             "; the incident load is not measured (no incidents or uptime on record), so the "
             "shift and toil limits cannot be checked");
}

/* The workload cap of a managed option, the toil rule's (at most 50 % of
 * the platform engineers' time on operations) over the same hours the
 * option's cost counts: the routine operations kept and the team's time on
 * the provider's incidents. The provider carries the pager, so only this
 * rule of the three applies. */
static void
workload_check(const struct team_profile *p, double ops_hours_month, struct decide_rotation *out)
{
    int pe = p->platform_engineers;
    memset(out, 0, sizeof *out);
    out->applies = false;
    double capacity = pe * p->work_hours_month;
    out->ops_share = capacity > 0 ? ops_hours_month / capacity : INFINITY;
    out->known = !isnan(ops_hours_month);
    if (!out->known) {
        out->sustainable = true;
        snprintf(out->why, sizeof out->why,
                 "the provider carries the pager; the team's time on its incidents is not "
                 "measured, so the toil limit cannot be checked");
    } else if (pe == 0) {
        /* No platform engineer to cap: the guide's answer for such a team
         * is managed, and the hours are shown for what they are. */
        out->sustainable = true;
        snprintf(out->why, sizeof out->why,
                 "the provider carries the pager; with no platform engineers the %.0f h a month "
                 "of operations kept fall to the rest of the team",
                 ops_hours_month);
    } else {
        out->sustainable = out->ops_share <= DECIDE_OPS_SHARE_MAX;
        snprintf(out->why, sizeof out->why,
                 "%s: the provider carries the pager; operations kept take %.0f %% of %d "
                 "platform %s time (at most 50 %%)",
                 out->sustainable ? "within the toil limit" : "over the toil limit",
                 100.0 * out->ops_share, pe, pe == 1 ? "engineer's" : "engineers'");
    }
}

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

double
decide_per_month(const struct decide_measured *m, double total)
{
    bool known = m->has_uptime || m->incidents > 0;
    return known && m->period_hours > 0 ? total * DECIDE_HOURS_PER_MONTH / m->period_hours : NAN;
}

static double
down_hours_month(const struct decide_measured *m)
{
    return m->has_uptime ? (1.0 - m->availability) * DECIDE_HOURS_PER_MONTH : NAN;
}

/* Whether option hands a workload to a provider that cannot offer what it
 * needs (docs/decide.md §3.2, W-constraint); why names the workloads, the
 * constraint and the reason. Self-managed meets every constraint. */
static bool
excluded(const struct team_profile *p, const struct decide_option *o, char *why, size_t size)
{
    if (o->model == DECIDE_SELF_MANAGED || o->provider < 0)
        return false;
    /* The hybrid hands over the production part only. */
    unsigned wanted =
        p->production_constraints | (o->model == DECIDE_MANAGED ? p->research_constraints : 0);
    unsigned unmet = team_profile_unmet(p, (size_t)o->provider, wanted);
    if (!unmet)
        return false;
    static const char *const because[TEAM_CONSTRAINT_COUNT] = {
        "nobody outside an air gap can operate it",
        ("its data and hardware must stay on the team's own site, and a cloud runs them on the "
         "provider's"),
        "it needs hardware a cloud does not rent",
        "it needs customisation a managed service does not offer",
    };
    static const char *const needs[TEAM_CONSTRAINT_COUNT] = {"an air gap", "a sovereign site",
                                                             "custom hardware", "customisation"};
    snprintf(why, size, "excluded:");
    for (int i = 0; i < TEAM_CONSTRAINT_COUNT; i++) {
        unsigned bit = 1u << i;
        if (!(unmet & bit))
            continue;
        char names[200];
        team_workload_names(p, o->model == DECIDE_MANAGED ? -1 : 1, false, bit, names,
                            sizeof names);
        addf(why, size, "%s %s needs %s: %s", why[9] ? ";" : "", names, needs[i], because[i]);
    }
    addf(why, size, " (%s)", p->providers[o->provider].entity);
    return true;
}

void
decide_judge(const struct team_profile *p, const struct decide_measured *team,
             const struct decide_measured *provider, double floor, struct decide_option *out)
{
    const int P = p->production_gpus;
    enum decide_model model = out->model;
    out->ineligible[0] = '\0';
    out->caveat[0] = '\0';
    /* The production part's availability is the provider's, else the
     * team's: a check on it needs the evidence minimum of that record. */
    const struct decide_measured *prod = model == DECIDE_SELF_MANAGED ? team : provider;
    char thin[300] = "";
    bool judged = P == 0 || decide_enough_availability(prod, thin, sizeof thin);
    out->judged = judged;
    out->meets_commitment =
        P == 0 || (out->measured && judged && out->availability >= p->uptime_commitment);
    out->thin = false;
    out->excluded = excluded(p, out, out->ineligible, sizeof out->ineligible);
    if (out->excluded) {
        /* Nothing measured makes up for what the provider cannot offer. */
    } else if (!out->measured) {
        snprintf(out->ineligible, sizeof out->ineligible, "no uptime records for %s in the period",
                 model == DECIDE_MANAGED ? provider->entity
                 : !team->has_uptime     ? p->entity
                                         : provider->entity);
    } else if (P > 0 && model == DECIDE_SELF_MANAGED && p->hours_covered_week < 168) {
        snprintf(out->ineligible, sizeof out->ineligible,
                 "production inference with a %.3f %% commitment needs 24×7 cover; the rotation "
                 "covers %.0f of 168 h a week",
                 100.0 * p->uptime_commitment, p->hours_covered_week);
    } else if (P > 0 && judged && out->availability < floor) {
        snprintf(out->ineligible, sizeof out->ineligible,
                 "measured availability %.3f %% is below the %.3f %% production commitment",
                 100.0 * out->availability, 100.0 * p->uptime_commitment);
        if (floor < p->uptime_commitment)
            addf(out->ineligible, sizeof out->ineligible,
                 " and below the best measured option (%.3f %%)", 100.0 * floor);
    } else if (!out->rotation.thin && out->rotation.applies && !out->rotation.sustainable) {
        snprintf(out->ineligible, sizeof out->ineligible, "the team's on-call rotation is %s",
                 out->rotation.why);
    } else if (!out->rotation.applies && !out->rotation.sustainable) {
        snprintf(out->ineligible, sizeof out->ineligible, "the team's workload is %s",
                 out->rotation.why);
    } else if (!judged || out->rotation.thin) {
        /* Neither pass nor fail: the record is below the evidence minimum. */
        out->thin = true;
        if (!judged)
            snprintf(out->ineligible, sizeof out->ineligible,
                     "not enough evidence: the production commitment cannot be judged on %s", thin);
        if (out->rotation.thin)
            addf(out->ineligible, sizeof out->ineligible, "%sthe team's on-call rotation is %s",
                 !judged ? "; " : "", out->rotation.why);
    }
    out->eligible = out->ineligible[0] == '\0';
    out->partial[0] = '\0';
    const struct decide_measured *relied[2] = {
        model == DECIDE_MANAGED ? NULL : team,
        model == DECIDE_SELF_MANAGED ? NULL : provider,
    };
    for (int i = 0; i < 2; i++)
        if (relied[i] && relied[i]->has_uptime && relied[i]->coverage < DECIDE_COVERAGE_FULL)
            addf(out->partial, sizeof out->partial,
                 "%s%s had %.2f %% of its service time monitored", out->partial[0] ? "; " : "",
                 relied[i]->entity, 100.0 * relied[i]->coverage);
    if (out->partial[0])
        addf(out->partial, sizeof out->partial,
             " (at least %.0f %% for a full record): its availability counts only the monitored "
             "time",
             100.0 * DECIDE_COVERAGE_FULL);
    if (out->eligible && P > 0 && !out->meets_commitment)
        snprintf(out->caveat, sizeof out->caveat,
                 "below the %.3f %% commitment (%.3f %% measured), which no option measured "
                 "meets; it is the best measured, so it is the bar",
                 100.0 * p->uptime_commitment, 100.0 * out->availability);
}

/* "X h × r = c", or "not measured" when hours is unknown. */
static void
term(char *buf, size_t size, const char *what, double hours, const char *times, double cost)
{
    if (isnan(hours))
        addf(buf, size, "; %s not measured (left out)", what);
    else
        addf(buf, size, "; %s %.1f h%s = %.0f", what, hours, times, cost);
}

/* The provider's fee for operating the team's own GPUs, a line of its own
 * beside theirs; a cloud's is in its GPU rate. */
static void
managed_operations_term(struct decide_cost *c, bool own, int gpus, double fee)
{
    if (own)
        addf(c->arithmetic, sizeof c->arithmetic,
             "; managed operations %d GPUs × %.2f × %.1f h = %.0f (the GPUs are the team's own, "
             "at its own rate)",
             gpus, fee, DECIDE_HOURS_PER_MONTH, c->managed_operations);
}

/* The weeks of capacity lost while self-managed operations ramp: the ramp
 * past the date capacity is needed; 0 when it is not pressing. */
static double
ramp_gap_weeks(const struct team_profile *p)
{
    if (isnan(p->capacity_needed_weeks) || p->capacity_needed_weeks >= p->ramp_weeks)
        return 0;
    return p->ramp_weeks - p->capacity_needed_weeks;
}

/* The risk and one-off rows (docs/decide.md §5.1): the ramp's lost
 * capacity, spread over the horizon, for the parts the team would start
 * running (self-managed, and the hybrid's research part), at the
 * lost-research rate, and the
 * compliance risk of regulated work, the team's audit findings a month ×
 * the share of operations it keeps × the cost of one. Writes them to the
 * arithmetic after the operations' total; false when no row applies. */
static bool
risk_rows(const struct team_profile *p, const struct decide_measured *team, enum decide_model model,
          struct decide_cost *c)
{
    /* The guide's figure: the research the ramp costs, at the lost-research
     * rate; self-managed and the hybrid's research part ramp alike. */
    const double gap = ramp_gap_weeks(p);
    const double lost = model == DECIDE_MANAGED ? 0 : p->lost_research_hour;
    bool ramp = gap > 0 && model != DECIDE_MANAGED;
    c->ramp_one_off = ramp ? gap * 168.0 * lost : 0;
    c->ramp_loss = c->ramp_one_off / p->ramp_horizon_months;
    c->findings_month = NAN;
    c->compliance_risk = 0;
    if (!ramp && !p->regulated)
        return false;
    addf(c->arithmetic, sizeof c->arithmetic, "; operations %s%.0f",
         c->complete ? "" : "of the known parts ", c->operations);
    if (ramp && lost > 0)
        addf(c->arithmetic, sizeof c->arithmetic,
             "; ramp loss (one-off, risk): (%.0f − %.0f) weeks × 168 h × %.0f = %.0f over %.0f "
             "months = %.0f",
             p->ramp_weeks, p->capacity_needed_weeks, lost, c->ramp_one_off, p->ramp_horizon_months,
             c->ramp_loss);
    else if (ramp)
        addf(c->arithmetic, sizeof c->arithmetic,
             "; ramp loss (one-off, risk): %.0f weeks of capacity lost, not priced (no "
             "costs.lost_research_hour)",
             gap);
    if (!p->regulated)
        return true;
    /* The share of the regulated workloads' operations the team keeps: all
     * of what it runs, s of what a provider runs. */
    const double regR = p->regulated_research_gpus, regP = p->regulated_production_gpus;
    const double share = model == DECIDE_SELF_MANAGED ? 1.0
                         : model == DECIDE_MANAGED
                             ? p->managed_ops_share
                             : (regR + regP * p->managed_ops_share) / (regR + regP);
    if (team->audit_known && team->period_hours > 0)
        c->findings_month =
            (double)team->audit_findings * DECIDE_HOURS_PER_MONTH / team->period_hours * share;
    if (p->audit_finding <= 0) {
        c->compliance_risk = NAN;
        addf(c->arithmetic, sizeof c->arithmetic,
             "; compliance risk (risk): not priced (costs.audit_finding not given)");
    } else if (isnan(c->findings_month)) {
        c->compliance_risk = NAN;
        c->complete = false;
        addf(c->arithmetic, sizeof c->arithmetic,
             "; compliance risk (risk): audit findings not measured (left out)");
    } else {
        c->compliance_risk = c->findings_month * p->audit_finding;
        addf(c->arithmetic, sizeof c->arithmetic,
             "; compliance risk (risk): %.1f audit findings a month × %.0f %% kept × %.0f = %.0f",
             c->findings_month / share, 100.0 * share, p->audit_finding, c->compliance_risk);
    }
    return true;
}

void
decide_cost_of(const struct team_profile *p, const struct decide_measured *team,
               const struct decide_measured *provider, int provider_index, enum decide_model model,
               struct decide_option *out)
{
    const double M = DECIDE_HOURS_PER_MONTH, e = p->engineer_hour;
    const int G = team_profile_gpus(p), R = p->research_gpus, P = p->production_gpus;
    const double fR = (double)R / G, fP = (double)P / G;
    const double c_prod = P > 0 ? p->downtime_hour : 0, c_res = R > 0 ? p->lost_research_hour : 0;
    const double oncall_hours = p->hours_covered_week * DECIDE_WEEKS_PER_MONTH;
    /* In a hybrid the team's pager covers the research cluster alone, which
     * may tolerate less than 24×7. */
    const double research_cover =
        isnan(p->research_hours_week) ? p->hours_covered_week : p->research_hours_week;
    struct decide_cost *c = &out->cost;
    char times[160];
    memset(out, 0, sizeof *out);
    out->model = model;
    out->provider = model == DECIDE_SELF_MANAGED ? -1 : provider_index;
    out->research_availability = NAN;
    out->research_downtime_hours_month = NAN;

    double t_eh = decide_per_month(team, team->engineer_hours);
    double t_inc = decide_per_month(team, (double)team->incidents);
    double t_down = down_hours_month(team);
    double p_hours = NAN, p_inc = NAN, p_down = NAN, rate = NAN, fee = 0, x = 1, hx = fP;
    bool known_cap = false, own = false;
    if (provider) {
        /* The team lives through the provider's incidents in proportion to
         * the capacity it rents of it. */
        known_cap = p->providers[provider_index].capacity_gpus > 0;
        x = team_profile_exposure(p, (size_t)provider_index, model == DECIDE_HYBRID ? P : G);
        /* A hybrid without a known capacity keeps the production share of
         * GPUs as its exposure. */
        hx = known_cap ? x : fP;
        p_hours =
            decide_per_month(provider, provider->incident_hours) * (model == DECIDE_HYBRID ? 1 : x);
        p_inc = decide_per_month(provider, (double)provider->incidents);
        p_down = down_hours_month(provider);
        rate = team_profile_provider_rate(p, (size_t)provider_index);
        fee = team_profile_operations_rate(p, (size_t)provider_index);
        own = p->providers[provider_index].own_hardware;
    }
    double ops_hours = 0, labour_hours = 0;
    switch (model) {
    case DECIDE_SELF_MANAGED:
        snprintf(out->label, sizeof out->label, "self-managed (%s)", p->entity);
        out->measured = team->has_uptime;
        out->availability = team->availability;
        out->downtime_hours_month = t_down;
        out->incidents_month = t_inc;
        c->gpu = G * p->gpu_hour_self * M;
        ops_hours = p->routine_ops_hours;
        c->on_call = oncall_hours * p->on_call_hour;
        labour_hours = t_eh;
        c->downtime = t_down * (c_prod + c_res);
        snprintf(c->arithmetic, sizeof c->arithmetic,
                 "GPUs %d × %.2f × %.1f h = %.0f; routine operations %.0f h × %.2f = %.0f; "
                 "on call %.1f h × %.2f = %.0f",
                 G, p->gpu_hour_self, M, c->gpu, ops_hours, e, ops_hours * e, oncall_hours,
                 p->on_call_hour, c->on_call);
        snprintf(times, sizeof times, " (engineer-hours) × %.2f", e);
        term(c->arithmetic, sizeof c->arithmetic, "incidents", labour_hours, times,
             labour_hours * e);
        snprintf(times, sizeof times, " × (%.0f + %.0f)", c_prod, c_res);
        term(c->arithmetic, sizeof c->arithmetic, "downtime", t_down, times, c->downtime);
        rotation_check(p, team, 1.0, p->hours_covered_week, t_inc, ops_hours, ops_hours + t_eh,
                       &out->rotation);
        for (int b = 0; b < BAND_COUNT; b++)
            out->pages_per_engineer_month[b] =
                p->rotation_size > 0
                    ? decide_per_month(team, (double)team->pages.count[b]) / p->rotation_size
                    : NAN;
        break;
    case DECIDE_MANAGED:
        snprintf(out->label, sizeof out->label, "managed (%s%s)", provider->entity,
                 own ? " on own hardware" : "");
        out->measured = provider->has_uptime;
        out->availability = provider->availability;
        out->downtime_hours_month = p_down;
        out->incidents_month = p_inc;
        c->gpu = G * rate * M;
        c->managed_operations = G * fee * M;
        ops_hours = p->routine_ops_hours * p->managed_ops_share;
        c->on_call = 0;
        labour_hours = p_hours * p->provider_involvement;
        c->downtime = p_down * (c_prod + c_res);
        snprintf(c->arithmetic, sizeof c->arithmetic,
                 "GPUs %d × %.2f × %.1f h = %.0f; routine operations kept %.0f h × %.0f %% × "
                 "%.2f = %.0f; on call 0 (the provider's)",
                 G, rate, M, c->gpu, p->routine_ops_hours, 100.0 * p->managed_ops_share, e,
                 ops_hours * e);
        managed_operations_term(c, own, G, fee);
        snprintf(times, sizeof times, " (exposure %.3f) × %.2f engineers × %.2f", x,
                 p->provider_involvement, e);
        term(c->arithmetic, sizeof c->arithmetic, "provider incidents", p_hours, times,
             labour_hours * e);
        snprintf(times, sizeof times, " × (%.0f + %.0f)", c_prod, c_res);
        term(c->arithmetic, sizeof c->arithmetic, "downtime", p_down, times, c->downtime);
        workload_check(p, ops_hours + labour_hours, &out->rotation);
        for (int b = 0; b < BAND_COUNT; b++)
            out->pages_per_engineer_month[b] = 0;
        break;
    case DECIDE_HYBRID:
    default:
        snprintf(out->label, sizeof out->label, "hybrid (production on %s%s, research on %s)",
                 provider->entity, own ? " on own hardware" : "", p->entity);
        out->measured = team->has_uptime && provider->has_uptime;
        out->availability = provider->availability;
        out->downtime_hours_month = p_down;
        out->research_availability = team->availability;
        out->research_downtime_hours_month = t_down;
        out->incidents_month = t_inc * fR + p_inc * fP;
        c->gpu = P * rate * M + R * p->gpu_hour_self * M;
        c->managed_operations = P * fee * M;
        ops_hours = p->routine_ops_hours * (fR + fP * p->managed_ops_share);
        c->on_call = research_cover * DECIDE_WEEKS_PER_MONTH * p->on_call_hour;
        labour_hours = t_eh * fR + p_hours * p->provider_involvement * hx;
        c->downtime = p_down * c_prod + t_down * c_res;
        snprintf(c->arithmetic, sizeof c->arithmetic,
                 "GPUs %d × %.2f × %.1f h + %d × %.2f × %.1f h = %.0f; routine operations "
                 "%.0f h × (%.3f + %.3f × %.0f %%) × %.2f = %.0f; on call %.1f h × %.2f = %.0f",
                 P, rate, M, R, p->gpu_hour_self, M, c->gpu, p->routine_ops_hours, fR, fP,
                 100.0 * p->managed_ops_share, e, ops_hours * e,
                 research_cover * DECIDE_WEEKS_PER_MONTH, p->on_call_hour, c->on_call);
        managed_operations_term(c, own, P, fee);
        snprintf(times, sizeof times,
                 " (%.1f engineer-h × %.3f + %.1f h × %.2f engineers × %.3f%s) × %.2f", t_eh, fR,
                 p_hours, p->provider_involvement, hx, known_cap ? " exposure" : "", e);
        if (isnan(labour_hours))
            term(c->arithmetic, sizeof c->arithmetic, "incidents", NAN, "", 0);
        else
            addf(c->arithmetic, sizeof c->arithmetic, "; incidents%s = %.0f", times,
                 labour_hours * e);
        if (isnan(c->downtime))
            term(c->arithmetic, sizeof c->arithmetic, "downtime", NAN, "", 0);
        else
            addf(c->arithmetic, sizeof c->arithmetic,
                 "; downtime %.2f h × %.0f + %.2f h × %.0f = %.0f", p_down, c_prod, t_down, c_res,
                 c->downtime);
        /* The same hours as the cost's: the team's time on the production
         * provider's incidents is operations work too. */
        rotation_check(p, team, fR, research_cover, t_inc * fR, ops_hours, ops_hours + labour_hours,
                       &out->rotation);
        for (int b = 0; b < BAND_COUNT; b++)
            out->pages_per_engineer_month[b] =
                p->rotation_size > 0
                    ? decide_per_month(team, (double)team->pages.count[b]) * fR / p->rotation_size
                    : NAN;
        break;
    }
    c->routine_ops = ops_hours * e;
    c->incident_labour = labour_hours * e;
    out->engineer_hours_month = labour_hours;
    /* Unknown terms are left out of the total and the total says it is
     * partial: never a NaN, never a measured-looking sum. */
    c->complete = !isnan(c->incident_labour) && !isnan(c->downtime);
    c->operations = c->gpu + c->managed_operations + c->routine_ops + c->on_call +
                    (isnan(c->incident_labour) ? 0 : c->incident_labour) +
                    (isnan(c->downtime) ? 0 : c->downtime);
    bool risk = risk_rows(p, team, model, c);
    c->total = c->operations + c->ramp_loss + (isnan(c->compliance_risk) ? 0 : c->compliance_risk);
    if (risk)
        addf(c->arithmetic, sizeof c->arithmetic,
             "; total with risk and one-off %s%.0f%s%s a month",
             c->complete ? "" : "of the known parts ", c->total, p->currency ? " " : "",
             p->currency ? p->currency : "");
    else
        addf(c->arithmetic, sizeof c->arithmetic, "; total %s%.0f%s%s a month",
             c->complete ? "" : "of the known parts ", c->total, p->currency ? " " : "",
             p->currency ? p->currency : "");

    decide_judge(p, team, provider, p->uptime_commitment, out);
}
