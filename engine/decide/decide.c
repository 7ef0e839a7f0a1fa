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

#include "engine/measure/availability.h"
#include "engine/measure/eval.h"
#include "engine/model/model.h"
#include "engine/time/sltime.h"

static const char *const model_names[DECIDE_MODEL_COUNT] = {"managed", "self-managed", "hybrid"};

const char *
decide_model_name(enum decide_model m)
{
    assert(m >= 0 && m < DECIDE_MODEL_COUNT);
    return model_names[m];
}

/* The guides' mapping of team types to operating models: the default policy. */
static const struct {
    enum team_type type;
    enum decide_model model;
    const char *why;
} type_policy[] = {
    {TEAM_SMALL_AI, DECIDE_MANAGED,
     "a small AI team without platform engineering buys operations more cheaply than it builds "
     "them, and its reliability suffers without coverage"},
    {TEAM_PRODUCT, DECIDE_MANAGED,
     "a product organisation's advantage is its models or applications; running clusters "
     "diverts talent from that work"},
    {TEAM_PLATFORM, DECIDE_SELF_MANAGED,
     "a large platform team with SRE/MLOps depth amortises operations across many users, and "
     "control is a strength"},
    {TEAM_RESEARCH, DECIDE_SELF_MANAGED,
     "a research organisation with systems talent can operate clusters well and values the "
     "control"},
};

/* The outsource / keep boundary. */
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

/* Words in an incident title that say it was about capacity allocation. */
static const char *const capacity_words[] = {"capacity", "quota", "reservation", NULL};

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
    eval_default_params(&ep);
    ep.zone = zone;
    ep.from = from;
    ep.to = to;
    ep.entity = entity;
    /* One window over the whole period, so the statistics are of the period
     * and not pooled medians of months. */
    ep.window = WINDOW_ROLLING;
    ep.rolling_days = (int)((to - from + 86399) / 86400);
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
        if (row->service || strcmp(row->entity, entity))
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
        if (!strcmp(r.incidents[i].entity, entity))
            add_incident(out, &r.incidents[i], responders, zone);
    }
    eval_result_release(&r);
    return SL_OK;
}

/* ---- costing -------------------------------------------------------------- */

static void
rotation_check(const struct team_profile *p, double h, double incidents_month,
               double ops_hours_month, struct decide_rotation *out)
{
    int n = p->rotation_size;
    memset(out, 0, sizeof *out);
    out->applies = true;
    out->required = (int)ceil(DECIDE_ONCALL_PEOPLE * h / (168.0 * DECIDE_ONCALL_SHARE_MAX) - 1e-9);
    out->oncall_share = n > 0 ? DECIDE_ONCALL_PEOPLE * h / (168.0 * n) : INFINITY;
    double shifts = h * DECIDE_WEEKS_PER_MONTH / DECIDE_SHIFT_HOURS;
    out->incidents_per_shift = shifts > 0 ? incidents_month / shifts : INFINITY;
    double capacity = p->platform_engineers * p->work_hours_month;
    out->ops_share = capacity > 0 ? ops_hours_month / capacity : INFINITY;
    if (h <= 0 || n <= 0) {
        out->sustainable = false;
        snprintf(out->why, sizeof out->why,
                 "no on-call rotation (%d engineers, %.0f h a week covered): nobody answers "
                 "incidents out of hours",
                 n, h);
        return;
    }
    bool size_ok = n >= out->required;
    bool load_ok = out->incidents_per_shift <= DECIDE_INCIDENTS_PER_SHIFT_MAX;
    bool ops_ok = out->ops_share <= DECIDE_OPS_SHARE_MAX;
    out->sustainable = size_ok && load_ok && ops_ok;
    snprintf(out->why, sizeof out->why,
             "%s: %d on the rotation for %.0f h a week; the 25 %% rule (primary and secondary) "
             "needs %d, each is on call %.0f %% of the time; %.2f incidents per 12-hour shift "
             "(at most 2); operations take %.0f %% of %d platform engineers' time (at most 50 %%)",
             out->sustainable ? "sustainable" : "not sustainable", n, h, out->required,
             100.0 * out->oncall_share, out->incidents_per_shift, 100.0 * out->ops_share,
             p->platform_engineers);
}

/* Appends to a fixed buffer; text past its end is cut. */
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

static double
per_month(const struct decide_measured *m, double total)
{
    return m->period_hours > 0 ? total * DECIDE_HOURS_PER_MONTH / m->period_hours : NAN;
}

static double
down_hours_month(const struct decide_measured *m)
{
    return m->has_uptime ? (1.0 - m->availability) * DECIDE_HOURS_PER_MONTH : NAN;
}

/* The hard constraints of an option: measured, production's availability at
 * least floor (the commitment, or the best measured when none meets it),
 * 24×7 cover for production run by the team, a sustainable rotation. */
static void
judge_option(const struct team_profile *p, const struct decide_measured *team,
             const struct decide_measured *provider, double floor, struct decide_option *out)
{
    const int P = p->production_gpus;
    enum decide_model model = out->model;
    out->ineligible[0] = '\0';
    out->meets_commitment = P == 0 || (out->measured && out->availability >= p->uptime_commitment);
    if (!out->measured) {
        snprintf(out->ineligible, sizeof out->ineligible, "no uptime records for %s in the period",
                 model == DECIDE_MANAGED ? provider->entity
                 : !team->has_uptime     ? p->entity
                                         : provider->entity);
    } else if (P > 0 && out->availability < floor) {
        snprintf(out->ineligible, sizeof out->ineligible,
                 "measured availability %.3f %% is below the %.3f %% production commitment",
                 100.0 * out->availability, 100.0 * p->uptime_commitment);
        if (floor < p->uptime_commitment)
            addf(out->ineligible, sizeof out->ineligible,
                 " and below the best measured option (%.3f %%)", 100.0 * floor);
    } else if (P > 0 && model == DECIDE_SELF_MANAGED && p->hours_covered_week < 168) {
        snprintf(out->ineligible, sizeof out->ineligible,
                 "production inference with a %.3f %% commitment needs 24×7 cover; the rotation "
                 "covers %.0f of 168 h a week",
                 100.0 * p->uptime_commitment, p->hours_covered_week);
    } else if (out->rotation.applies && !out->rotation.sustainable) {
        snprintf(out->ineligible, sizeof out->ineligible, "on-call rotation %s", out->rotation.why);
    }
    out->eligible = out->ineligible[0] == '\0';
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
    memset(out, 0, sizeof *out);
    out->model = model;
    out->provider = model == DECIDE_SELF_MANAGED ? -1 : provider_index;
    out->research_availability = NAN;
    out->research_downtime_hours_month = NAN;

    double t_eh = per_month(team, team->engineer_hours), t_inc = per_month(team, team->incidents);
    double t_down = down_hours_month(team);
    double p_hours = 0, p_inc = 0, p_down = NAN, rate = NAN;
    if (provider) {
        p_hours = per_month(provider, provider->incident_hours);
        p_inc = per_month(provider, provider->incidents);
        p_down = down_hours_month(provider);
        rate = team_profile_provider_rate(p, (size_t)provider_index);
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
                 "on call %.1f h × %.2f = %.0f; incidents %.1f engineer-h × %.2f = %.0f; "
                 "downtime %.2f h × (%.0f + %.0f) = %.0f",
                 G, p->gpu_hour_self, M, c->gpu, ops_hours, e, ops_hours * e, oncall_hours,
                 p->on_call_hour, c->on_call, labour_hours, e, labour_hours * e, t_down, c_prod,
                 c_res, c->downtime);
        rotation_check(p, p->hours_covered_week, t_inc, ops_hours + t_eh, &out->rotation);
        for (int b = 0; b < BAND_COUNT; b++)
            out->pages_per_engineer_month[b] =
                p->rotation_size > 0 ? per_month(team, team->pages.count[b]) / p->rotation_size
                                     : NAN;
        break;
    case DECIDE_MANAGED:
        snprintf(out->label, sizeof out->label, "managed (%s)", provider->entity);
        out->measured = provider->has_uptime;
        out->availability = provider->availability;
        out->downtime_hours_month = p_down;
        out->incidents_month = p_inc;
        c->gpu = G * rate * M;
        ops_hours = p->routine_ops_hours * p->managed_ops_share;
        c->on_call = 0;
        labour_hours = p_hours * p->provider_involvement;
        c->downtime = p_down * (c_prod + c_res);
        snprintf(c->arithmetic, sizeof c->arithmetic,
                 "GPUs %d × %.2f × %.1f h = %.0f; routine operations kept %.0f h × %.0f %% × "
                 "%.2f = %.0f; on call 0 (the provider's); provider incidents %.1f h × %.2f "
                 "engineers × %.2f = %.0f; downtime %.2f h × (%.0f + %.0f) = %.0f",
                 G, rate, M, c->gpu, p->routine_ops_hours, 100.0 * p->managed_ops_share, e,
                 ops_hours * e, p_hours, p->provider_involvement, e, labour_hours * e, p_down,
                 c_prod, c_res, c->downtime);
        out->rotation.applies = false;
        out->rotation.sustainable = true;
        snprintf(out->rotation.why, sizeof out->rotation.why,
                 "not needed: the provider carries the pager");
        break;
    case DECIDE_HYBRID:
    default:
        snprintf(out->label, sizeof out->label, "hybrid (production on %s, research on %s)",
                 provider->entity, p->entity);
        out->measured = team->has_uptime && provider->has_uptime;
        out->availability = provider->availability;
        out->downtime_hours_month = p_down;
        out->research_availability = team->availability;
        out->research_downtime_hours_month = t_down;
        out->incidents_month = t_inc * fR + p_inc * fP;
        c->gpu = P * rate * M + R * p->gpu_hour_self * M;
        ops_hours = p->routine_ops_hours * (fR + fP * p->managed_ops_share);
        c->on_call = research_cover * DECIDE_WEEKS_PER_MONTH * p->on_call_hour;
        labour_hours = t_eh * fR + p_hours * p->provider_involvement * fP;
        c->downtime = p_down * c_prod + t_down * c_res;
        snprintf(c->arithmetic, sizeof c->arithmetic,
                 "GPUs %d × %.2f × %.1f h + %d × %.2f × %.1f h = %.0f; routine operations "
                 "%.0f h × (%.3f + %.3f × %.0f %%) × %.2f = %.0f; on call %.1f h × %.2f = %.0f; "
                 "incidents (%.1f engineer-h × %.3f + %.1f h × %.2f engineers × %.3f) × %.2f = "
                 "%.0f; downtime %.2f h × %.0f + %.2f h × %.0f = %.0f",
                 P, rate, M, R, p->gpu_hour_self, M, c->gpu, p->routine_ops_hours, fR, fP,
                 100.0 * p->managed_ops_share, e, ops_hours * e,
                 research_cover * DECIDE_WEEKS_PER_MONTH, p->on_call_hour, c->on_call, t_eh, fR,
                 p_hours, p->provider_involvement, fP, e, labour_hours * e, p_down, c_prod, t_down,
                 c_res, c->downtime);
        rotation_check(p, research_cover, t_inc * fR, ops_hours + t_eh * fR, &out->rotation);
        for (int b = 0; b < BAND_COUNT; b++)
            out->pages_per_engineer_month[b] =
                p->rotation_size > 0 ? per_month(team, team->pages.count[b]) * fR / p->rotation_size
                                     : NAN;
        break;
    }
    c->routine_ops = ops_hours * e;
    c->incident_labour = labour_hours * e;
    out->engineer_hours_month = labour_hours;
    c->total = c->gpu + c->routine_ops + c->on_call + c->incident_labour + c->downtime;
    addf(c->arithmetic, sizeof c->arithmetic, "; total %.0f %s a month", c->total,
         p->currency ? p->currency : "");

    judge_option(p, team, provider, p->uptime_commitment, out);
}

/* ---- the policy ----------------------------------------------------------- */

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

/* The option of model with the lowest total: among eligible ones when any
 * is, else among all. -1 when the model has no option. */
static int
best_of(const struct decide_result *r, int model)
{
    int best = -1;
    bool best_eligible = false;
    for (size_t i = 0; i < r->noptions; i++) {
        const struct decide_option *o = &r->options[i];
        if (model >= 0 && (int)o->model != model)
            continue;
        if (model < 0 && !o->eligible)
            continue;
        if (best < 0 || (o->eligible && !best_eligible) ||
            (o->eligible == best_eligible && o->cost.total < r->options[best].cost.total)) {
            best = (int)i;
            best_eligible = o->eligible;
        }
    }
    return best;
}

/* The measured provider with the highest availability, or -1. */
static int
most_available_provider(const struct team_profile *p, const struct decide_measured *prov)
{
    int best = -1;
    for (size_t i = 0; i < p->nproviders; i++) {
        if (prov[i].has_uptime && (best < 0 || prov[i].availability > prov[best].availability))
            best = (int)i;
    }
    return best;
}

static void
boundary_evidence(const struct team_profile *p, const struct decide_measured *t, enum evidence ev,
                  char *out, size_t size)
{
    double months = t->period_hours / DECIDE_HOURS_PER_MONTH;
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
        snprintf(out, size, "%ld incidents (%.1f a month)", t->incidents,
                 t->incidents / (months > 0 ? months : 1));
        if (t->tta.n > 0)
            addf(out, size, "; median TTA %.1f min (n=%ld)", t->tta.median / 60.0, t->tta.n);
        if (t->ttr.n > 0)
            addf(out, size, "; median TTR %.1f h (n=%ld)", t->ttr.median / 3600.0, t->ttr.n);
        if (p->rotation_size > 0)
            addf(out, size, "; %.1f sleep-hour pages per engineer a month",
                 per_month(t, t->pages.count[BAND_SLEEP]) / p->rotation_size);
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

static enum decide_model
apply_workload_rules(const struct team_profile *p, const struct decide_measured *team,
                     const struct decide_measured *prov, enum decide_model model,
                     struct decide_result *r)
{
    const struct decide_option *self = &r->options[0];
    if (p->production_gpus > 0) {
        if (model == DECIDE_SELF_MANAGED && !r->proven_24x7) {
            model = p->research_gpus > 0 ? DECIDE_HYBRID : DECIDE_MANAGED;
            reason(r, "W-production", "profile+measured",
                   "production inference on %d GPUs carries a %.3f %% uptime commitment and the "
                   "team has not proven 24×7 operations (%.0f h a week covered; rotation %s; "
                   "measured availability %.3f %%): %s",
                   p->production_gpus, 100.0 * p->uptime_commitment, p->hours_covered_week,
                   self->rotation.sustainable ? "sustainable" : "not sustainable",
                   100.0 * team->availability,
                   model == DECIDE_HYBRID ? "production goes to a managed provider, research "
                                            "stays in-house"
                                          : "production goes to a managed provider");
        } else if (model == DECIDE_SELF_MANAGED) {
            reason(r, "W-production", "profile+measured",
                   "production inference keeps self-managed: the team has proven 24×7 operations "
                   "(168 h a week covered, rotation sustainable, measured availability %.3f %% "
                   "against the %.3f %% commitment)",
                   100.0 * team->availability, 100.0 * p->uptime_commitment);
        }
    }
    if (p->regulated && model != DECIDE_MANAGED) {
        int best = most_available_provider(p, prov);
        if (best >= 0 && (!team->has_uptime || team->availability < prov[best].availability)) {
            reason(r, "W-regulated", "profile+measured",
                   "regulated workloads: the team's measured availability (%.3f %%) is below "
                   "%s's (%.3f %%), and weak operations become audit findings: managed lowers "
                   "the operational compliance risk",
                   100.0 * team->availability, prov[best].entity, 100.0 * prov[best].availability);
            model = DECIDE_MANAGED;
        } else if (best >= 0) {
            reason(r, "W-regulated", "profile+measured",
                   "regulated workloads stay in-house: the team's measured availability "
                   "(%.3f %%) is at least %s's (%.3f %%)",
                   100.0 * team->availability, prov[best].entity, 100.0 * prov[best].availability);
        }
    }
    if (!isnan(p->capacity_needed_weeks) && p->capacity_needed_weeks < p->ramp_weeks &&
        model != DECIDE_MANAGED) {
        reason(r, "W-speed", "profile",
               "capacity is needed within %.0f weeks and self-managed operations take about "
               "%.0f weeks to ramp: start managed and revisit once the team's operations are "
               "running",
               p->capacity_needed_weeks, p->ramp_weeks);
        model = DECIDE_MANAGED;
    }
    return model;
}

void
decide_run(const struct team_profile *p, const struct decide_measured *team,
           const struct decide_measured *prov, struct decide_result *r)
{
    memset(r, 0, sizeof *r);
    r->provider = -1;

    /* Options: self-managed first, then managed and hybrid per provider. */
    decide_cost_of(p, team, NULL, -1, DECIDE_SELF_MANAGED, &r->options[r->noptions++]);
    for (size_t i = 0; i < p->nproviders; i++)
        decide_cost_of(p, team, &prov[i], (int)i, DECIDE_MANAGED, &r->options[r->noptions++]);
    if (p->production_gpus > 0 && p->research_gpus > 0) {
        for (size_t i = 0; i < p->nproviders; i++)
            decide_cost_of(p, team, &prov[i], (int)i, DECIDE_HYBRID, &r->options[r->noptions++]);
    }
    const struct decide_option *self = &r->options[0];
    r->proven_24x7 = p->hours_covered_week >= 168 && self->rotation.sustainable &&
                     team->has_uptime &&
                     (isnan(p->uptime_commitment) || team->availability >= p->uptime_commitment);

    /* 1. The team type's default. */
    enum decide_model model = DECIDE_MANAGED;
    for (size_t i = 0; i < sizeof type_policy / sizeof type_policy[0]; i++) {
        if (type_policy[i].type != p->type)
            continue;
        model = type_policy[i].model;
        reason(r, "T-type", "profile",
               "team type %s (%d people, %d platform engineers): the guides' default is %s, "
               "because %s",
               team_type_name(p->type), p->size, p->platform_engineers, decide_model_name(model),
               type_policy[i].why);
    }
    /* 2. Workload rules. */
    model = apply_workload_rules(p, team, prov, model, r);
    r->default_model = model;

    /* When no measured option meets the production commitment, the best
     * measured availability becomes the bar, and a reason says so: the
     * commitment cannot be bought from these candidates as measured. */
    if (p->production_gpus > 0) {
        double best = -1;
        int who = -1;
        bool anyone = false;
        for (size_t i = 0; i < r->noptions; i++) {
            const struct decide_option *o = &r->options[i];
            anyone |= o->measured && o->meets_commitment;
            if (o->measured && o->availability > best) {
                best = o->availability;
                who = (int)i;
            }
        }
        if (!anyone && who >= 0) {
            for (size_t i = 0; i < r->noptions; i++) {
                struct decide_option *o = &r->options[i];
                judge_option(p, team, o->provider >= 0 ? &prov[o->provider] : NULL, best, o);
            }
            reason(r, "R-commitment", "profile+measured",
                   "no option measured meets the %.3f %% production commitment; the best is "
                   "%s at %.3f %% (%.2f h down a month against %.2f h allowed), so it is the "
                   "bar: renegotiate the commitment or hold the provider to a contract that "
                   "pays for the gap",
                   100.0 * p->uptime_commitment, r->options[who].label, 100.0 * best,
                   r->options[who].downtime_hours_month,
                   (1.0 - p->uptime_commitment) * DECIDE_HOURS_PER_MONTH);
        }
    }
    /* 3. The measured check. */
    int dflt = best_of(r, (int)model);
    int cheapest = best_of(r, -1);
    const struct decide_option *d = dflt >= 0 ? &r->options[dflt] : NULL;
    int chosen = dflt;
    if (d && d->eligible &&
        d->cost.total <= r->options[cheapest].cost.total * (1 + p->tie_margin)) {
        const struct decide_option *c = &r->options[cheapest];
        if (dflt == cheapest)
            reason(r, "M-confirms", "measured",
                   "measured data confirms the default: %s is the cheapest option that meets "
                   "every constraint, at %.0f a month",
                   d->label, d->cost.total);
        else
            reason(r, "M-confirms", "measured",
                   "measured data does not overturn the default: %s costs %.0f a month, within "
                   "%.0f %% of the cheapest passing option, %s at %.0f",
                   d->label, d->cost.total, 100.0 * p->tie_margin, c->label, c->cost.total);
    } else if (cheapest < 0) {
        reason(r, "M-none", "measured",
               "no option meets every constraint (see each option's reason); the default policy "
               "(%s) stands, and the gaps must be closed before relying on it",
               decide_model_name(model));
    } else {
        const struct decide_option *c = &r->options[cheapest];
        chosen = cheapest;
        r->overturned = true;
        if (!d || !d->eligible)
            reason(r, "M-overturns", "measured",
                   "measured data overturns the default policy (%s): %s; %s meets every "
                   "constraint at %.0f a month",
                   decide_model_name(model), d ? d->ineligible : "no such option", c->label,
                   c->cost.total);
        else
            reason(r, "M-overturns", "measured",
                   "measured data overturns the default policy (%s): it costs %.0f a month, "
                   "%.0f %% more than %s at %.0f, beyond the %.0f %% tie margin",
                   decide_model_name(model), d->cost.total,
                   100.0 * (d->cost.total / c->cost.total - 1.0), c->label, c->cost.total,
                   100.0 * p->tie_margin);
    }
    if (chosen < 0)
        chosen = 0;
    r->recommended_option = (size_t)chosen;
    r->recommendation = r->options[chosen].model;
    r->provider = r->options[chosen].provider;

    /* Reasons the numbers give whatever the policy did. */
    reason(r, "R-rotation", "profile+measured", "self-managed on-call rotation %s",
           self->rotation.why);
    int bm = best_of(r, DECIDE_MANAGED);
    if (bm >= 0) {
        const struct decide_option *m = &r->options[bm];
        reason(r, "R-cost", "profile+measured",
               "total cost of operations a month: %s %.0f against %s %.0f (GPU rate alone: "
               "%.2f against %.2f per GPU-hour)",
               self->label, self->cost.total, m->label, m->cost.total, p->gpu_hour_self,
               team_profile_provider_rate(p, (size_t)m->provider));
        if (self->measured && m->measured)
            reason(r, "R-availability", "measured",
                   "measured availability: %s %.3f %% (%.2f h down a month) against %s %.3f %% "
                   "(%.2f h)",
                   p->entity, 100.0 * self->availability, self->downtime_hours_month,
                   prov[m->provider].entity, 100.0 * m->availability, m->downtime_hours_month);
    }
    if (self->measured)
        reason(r, "R-pages", "measured",
               "the team's pager: %.1f incidents a month, per engineer %.1f in business hours, "
               "%.1f off hours and %.1f in sleep hours (%s)",
               self->incidents_month, self->pages_per_engineer_month[BAND_BUSINESS],
               self->pages_per_engineer_month[BAND_OFF], self->pages_per_engineer_month[BAND_SLEEP],
               p->zone ? p->zone : "UTC");
    fill_boundary(p, team, r);
}
