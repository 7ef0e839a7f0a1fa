/* decide_breakeven.c — the decision whole (decide_run): the policy
 * (decide_policy.c), then what would change its answer — the same policy
 * re-run on each input it rests on, changed, never guessed — whether the
 * answer is at the margin, and the figures written with thousands
 * separators. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/decide/decide.h"

static bool
has_data(const struct decide_measured *m)
{
    return m->has_uptime || m->incidents > 0;
}

/* ---- thousands separators ------------------------------------------------ */

/* Writes every whole-number run of four or more digits in s with commas
 * (297534 → 297,534), leaving dates, decimals' fractions and names alone. */
static void
group_thousands(char *s, size_t size)
{
    char out[2048];
    size_t o = 0, n = strlen(s);
    if (size > sizeof out)
        return;
    for (size_t i = 0; i < n && o + 1 < size;) {
        if (!isdigit((unsigned char)s[i])) {
            out[o++] = s[i++];
            continue;
        }
        size_t j = i;
        while (j < n && isdigit((unsigned char)s[j]))
            j++;
        bool attached =
            i > 0 && (isalnum((unsigned char)s[i - 1]) || s[i - 1] == '.' || s[i - 1] == '-' ||
                      s[i - 1] == ':' || s[i - 1] == '_' || s[i - 1] == ',');
        bool date = j < n && s[j] == '-' && j + 1 < n && isdigit((unsigned char)s[j + 1]);
        bool named = j < n && (isalpha((unsigned char)s[j]) || s[j] == '_');
        size_t len = j - i;
        for (size_t k = i; k < j && o + 1 < size; k++) {
            out[o++] = s[k];
            size_t left = j - k - 1;
            if (!attached && !date && !named && len >= 4 && left > 0 && left % 3 == 0 &&
                o + 1 < size)
                out[o++] = ',';
        }
        i = j;
    }
    out[o] = '\0';
    memcpy(s, out, o + 1);
}

static void
group_all(struct decide_result *r)
{
    for (size_t i = 0; i < r->nreasons; i++)
        group_thousands(r->reasons[i].text, sizeof r->reasons[i].text);
    for (size_t i = 0; i < r->noptions; i++) {
        struct decide_option *o = &r->options[i];
        group_thousands(o->cost.arithmetic, sizeof o->cost.arithmetic);
        group_thousands(o->ineligible, sizeof o->ineligible);
        group_thousands(o->caveat, sizeof o->caveat);
    }
    for (size_t i = 0; i < r->nchanges; i++)
        group_thousands(r->changes[i].text, sizeof r->changes[i].text);
}

/* ---- what would change the answer --------------------------------------- */

static bool
same_answer(const struct decide_result *a, const struct decide_result *b)
{
    return a->recommendation == b->recommendation && a->provider == b->provider;
}

static const char *
answer(const struct team_profile *p, enum decide_model model, int provider, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s", decide_model_name(model), provider >= 0 ? " with " : "",
             provider >= 0 ? p->providers[provider].entity : "");
    return buf;
}

static long
scaled(long n, double k)
{
    return (long)lround((double)n * k);
}

void
decide_change_apply(const struct decide_change *c, double value, struct team_profile *p,
                    struct decide_measured *t, struct decide_measured *prov)
{
    switch (c->input) {
    case DECIDE_IN_ROUTINE_OPS:
        p->routine_ops_hours = value;
        break;
    case DECIDE_IN_ENGINEER_HOUR:
        p->engineer_hour = value;
        break;
    case DECIDE_IN_ROTATION:
        p->rotation_size = (int)value;
        if (p->platform_engineers < p->rotation_size)
            p->platform_engineers = p->rotation_size;
        break;
    case DECIDE_IN_COMMITMENT:
        p->uptime_commitment = value;
        break;
    case DECIDE_IN_INCIDENTS:
        /* Every figure that counts incidents, acknowledgements and
         * durations included: more incidents are more of the same. */
        t->incidents = scaled(t->incidents, value);
        t->open = scaled(t->open, value);
        t->capacity_incidents = scaled(t->capacity_incidents, value);
        for (int i = 0; i < 6; i++)
            t->by_severity[i] = scaled(t->by_severity[i], value);
        t->incident_hours *= value;
        t->engineer_hours *= value;
        t->pages.total = scaled(t->pages.total, value);
        for (int b = 0; b < BAND_COUNT; b++)
            t->pages.count[b] = scaled(t->pages.count[b], value);
        t->tta.n = scaled(t->tta.n, value);
        t->ttr.n = scaled(t->ttr.n, value);
        t->tta.low_sample = t->tta.n < STATS_LOW_SAMPLE;
        t->ttr.low_sample = t->ttr.n < STATS_LOW_SAMPLE;
        t->oncall_pages = scaled(t->oncall_pages, value);
        t->oncall_unassigned = scaled(t->oncall_unassigned, value);
        t->oncall_off_hours = scaled(t->oncall_off_hours, value);
        t->oncall_max_per_shift = scaled(t->oncall_max_per_shift, value);
        t->oncall_max_responder = scaled(t->oncall_max_responder, value);
        t->oncall_mean_shift *= value;
        break;
    case DECIDE_IN_GPUS:
        p->research_gpus = p->research_gpus ? (int)fmax(1, lround(p->research_gpus * value)) : 0;
        p->production_gpus =
            p->production_gpus ? (int)fmax(1, lround(p->production_gpus * value)) : 0;
        p->regulated_research_gpus = (int)lround(p->regulated_research_gpus * value);
        p->regulated_production_gpus = (int)lround(p->regulated_production_gpus * value);
        break;
    case DECIDE_IN_PROVIDER_AVAILABILITY:
        prov[c->provider_index].availability = value;
        break;
    case DECIDE_IN_PROVIDER_PRICE:
        if (p->providers[c->provider_index].own_hardware)
            p->providers[c->provider_index].operations_gpu_hour = value;
        else
            p->providers[c->provider_index].gpu_hour = value;
        break;
    case DECIDE_IN_TEAM_TYPE:
        p->type = (enum team_type)(int)value;
        break;
    case DECIDE_IN_REGULATED:
    case DECIDE_INPUT_COUNT:
    default:
        team_profile_regulate_all(p, value != 0);
        break;
    }
}

/* One search: the decision's inputs, today's answer and a scratch result. */
struct search {
    const struct team_profile *p;
    const struct decide_measured *team, *prov;
    const struct decide_result *now;
    struct decide_result *scratch;
    struct team_profile q;
    struct decide_measured t, pv[TEAM_PROFILE_MAX_PROVIDERS];
};

/* Re-runs the policy with c's input at value; true when the answer differs
 * (then scratch holds it). */
static bool
differs(struct search *s, const struct decide_change *c, double value)
{
    s->q = *s->p;
    s->t = *s->team;
    if (s->p->nproviders) /* a profile may name none: prov is then NULL */
        memcpy(s->pv, s->prov, s->p->nproviders * sizeof *s->pv);
    decide_change_apply(c, value, &s->q, &s->t, s->pv);
    decide_policy(&s->q, &s->t, s->pv, s->scratch);
    return !same_answer(s->now, s->scratch);
}

static void
found(struct search *s, struct decide_change *c, double value)
{
    differs(s, c, value);
    c->flips = true;
    c->at = value;
    c->model = s->scratch->recommendation;
    c->provider = s->scratch->provider;
}

/* A continuous input: value(k) for factors k out from 1 in both directions,
 * nearest first, to [kmin, kmax]; the first that changes the answer is
 * narrowed by bisection against the last that did not, so `at` is the value
 * nearest today's found to change it. */
static void
search_factor(struct search *s, struct decide_change *c, double (*value)(double now, double k),
              double kmin, double kmax)
{
    /* Out to the ends of the range, which are the last steps. */
    static const double ladder[] = {1.02, 1.05, 1.1, 1.25, 1.5, 2, 3, 5, 10, 30, 100, 0};
    double last[2] = {1, 1};
    c->low = value(c->now, kmin);
    c->high = value(c->now, kmax);
    for (size_t i = 0; i < sizeof ladder / sizeof ladder[0]; i++) {
        for (int side = 0; side < 2; side++) {
            double k = side == 0 ? ladder[i] : 1 / ladder[i];
            if (ladder[i] == 0)
                k = side == 0 ? kmax : kmin;
            else if (k >= kmax || k <= kmin)
                continue;
            if (!differs(s, c, value(c->now, k))) {
                last[side] = k;
                continue;
            }
            double same = last[side], hit = k;
            for (int n = 0; n < 24; n++) {
                double mid = sqrt(same * hit);
                if (differs(s, c, value(c->now, mid)))
                    hit = mid;
                else
                    same = mid;
            }
            found(s, c, value(c->now, hit));
            c->margin = fabs(hit - 1) <= DECIDE_MARGIN;
            return;
        }
    }
}

static double
times(double now, double k)
{
    return now * k;
}

/* An availability or commitment: its unavailability scaled, kept within
 * [90 %, 99.999 %]. */
static double
unavailability_times(double now, double k)
{
    double u = fmax(1 - now, 1e-5) * k;
    return 1 - fmin(0.10, fmax(1e-5, u));
}

static void
say(const struct team_profile *p, const struct decide_result *r, struct decide_change *c,
    const char *what, const char *at, const char *now, const char *range)
{
    char then[160], today[160];
    answer(p, r->recommendation, r->provider, today, sizeof today);
    if (c->flips)
        snprintf(c->text, sizeof c->text, "%s: at %s (now %s) the answer becomes %s%s", what, at,
                 now, answer(p, c->model, c->provider, then, sizeof then),
                 c->margin ? " — at the margin" : "");
    else
        snprintf(c->text, sizeof c->text, "%s: %s the answer stays %s", what, range, today);
}

static struct decide_change *
next_change(struct decide_result *r, enum decide_input in, int provider, double now)
{
    struct decide_change *c = &r->changes[r->nchanges++];
    memset(c, 0, sizeof *c);
    c->input = in;
    c->provider_index = provider;
    c->now = now;
    c->provider = -1;
    return c;
}

static void
change_money(struct search *s, struct decide_result *r, enum decide_input in, int provider,
             double now, const char *what, const char *unit)
{
    struct decide_change *c = next_change(r, in, provider, now);
    char at[64], today[64], range[160];
    search_factor(s, c, times, 0.1, 10);
    snprintf(at, sizeof at, "%.2f%s", c->at, unit);
    snprintf(today, sizeof today, "%.2f, %+.0f %%", now, 100.0 * (c->at / now - 1));
    snprintf(range, sizeof range, "from %.2f to %.2f%s", c->low, c->high, unit);
    say(s->p, r, c, what, at, today, range);
}

static void
change_rotation(struct search *s, struct decide_result *r)
{
    const struct team_profile *p = s->p;
    struct decide_change *c = next_change(r, DECIDE_IN_ROTATION, -1, p->rotation_size);
    c->low = p->rotation_size > 40 ? p->rotation_size - 40 : 0;
    c->high = p->rotation_size + 40;
    for (int d = 1; d <= 40 && !c->flips; d++)
        for (int side = 1; side >= -1 && !c->flips; side -= 2) {
            int n = p->rotation_size + side * d;
            if (n >= 0 && differs(s, c, n))
                found(s, c, n);
        }
    char at[64], now[32], range[96];
    snprintf(at, sizeof at, "%.0f on the rotation (platform engineers at least as many)", c->at);
    snprintf(now, sizeof now, "%d", p->rotation_size);
    snprintf(range, sizeof range, "from %.0f to %.0f on the rotation", c->low, c->high);
    say(p, r, c, "staffing", at, now, range);
}

static void
change_incidents(struct search *s, struct decide_result *r)
{
    struct decide_change *c = next_change(r, DECIDE_IN_INCIDENTS, -1, 1);
    double rate = decide_per_month(s->team, (double)s->team->incidents);
    if (!has_data(s->team)) {
        snprintf(c->text, sizeof c->text,
                 "incident rate: not measured, so no change of it can be shown");
        return;
    }
    search_factor(s, c, times, 0.1, 10);
    char at[160], now[64], range[160];
    snprintf(at, sizeof at,
             "%.1f team incidents a month, with their acknowledgements, durations and pages",
             rate * c->at);
    snprintf(now, sizeof now, "%.1f, x%.2f", rate, c->at);
    snprintf(range, sizeof range,
             "from a tenth to ten times the measured %.1f team incidents a month,", rate);
    say(s->p, r, c, "incident rate", at, now, range);
}

static void
change_gpus(struct search *s, struct decide_result *r)
{
    const int G = team_profile_gpus(s->p);
    struct decide_change *c = next_change(r, DECIDE_IN_GPUS, -1, 1);
    search_factor(s, c, times, 0.125, 8);
    struct team_profile q = *s->p;
    decide_change_apply(c, c->at, &q, NULL, NULL);
    char at[64], now[32], range[96];
    snprintf(at, sizeof at, "%d GPUs", team_profile_gpus(&q));
    snprintf(now, sizeof now, "%d", G);
    snprintf(range, sizeof range, "from an eighth to eight times the %d GPUs", G);
    say(s->p, r, c, "GPU count", at, now, range);
}

static void
change_commitment(struct search *s, struct decide_result *r)
{
    const struct team_profile *p = s->p;
    if (p->production_gpus == 0)
        return;
    struct decide_change *c = next_change(r, DECIDE_IN_COMMITMENT, -1, p->uptime_commitment);
    search_factor(s, c, unavailability_times, 0.01, 100);
    char at[64], now[32], range[96];
    snprintf(at, sizeof at, "%.3f %%", 100.0 * c->at);
    snprintf(now, sizeof now, "%.3f %%", 100.0 * p->uptime_commitment);
    snprintf(range, sizeof range, "from %.3f %% to %.3f %%", 100.0 * c->high, 100.0 * c->low);
    say(p, r, c, "uptime commitment", at, now, range);
}

static void
change_provider(struct search *s, struct decide_result *r, size_t i)
{
    const struct team_profile *p = s->p;
    char what[160];
    if (s->prov[i].has_uptime) {
        struct decide_change *c =
            next_change(r, DECIDE_IN_PROVIDER_AVAILABILITY, (int)i, s->prov[i].availability);
        search_factor(s, c, unavailability_times, 0.01, 100);
        char at[64], now[32], range[96];
        snprintf(what, sizeof what, "%s's availability", p->providers[i].entity);
        snprintf(at, sizeof at, "%.3f %%", 100.0 * c->at);
        snprintf(now, sizeof now, "%.3f %% measured", 100.0 * c->now);
        snprintf(range, sizeof range, "from %.3f %% to %.3f %%", 100.0 * c->high, 100.0 * c->low);
        say(p, r, c, what, at, now, range);
    }
    /* On the team's own hardware the provider's price is its fee. */
    bool own = p->providers[i].own_hardware;
    snprintf(what, sizeof what, "%s's %s", p->providers[i].entity,
             own ? "operations fee per GPU-hour" : "GPU-hour rate");
    change_money(s, r, DECIDE_IN_PROVIDER_PRICE, (int)i,
                 own ? team_profile_operations_rate(p, i) : team_profile_provider_rate(p, i), what,
                 "");
}

/* The profile's facts that decide rule-bound cases: every other team type,
 * and the regulated flag turned over. */
static void
change_facts(struct search *s, struct decide_result *r)
{
    const struct team_profile *p = s->p;
    char then[160], today[160];
    answer(p, r->recommendation, r->provider, today, sizeof today);
    struct decide_change *c = next_change(r, DECIDE_IN_TEAM_TYPE, -1, p->type);
    snprintf(c->text, sizeof c->text, "team type (now %s):", team_type_name(p->type));
    for (int k = 0; k < TEAM_TYPE_COUNT; k++) {
        if (k == (int)p->type)
            continue;
        bool flips = differs(s, c, k);
        if (flips && !c->flips)
            found(s, c, k);
        size_t len = strlen(c->text);
        snprintf(
            c->text + len, sizeof c->text - len, " as %s %s;", team_type_name((enum team_type)k),
            flips ? answer(p, s->scratch->recommendation, s->scratch->provider, then, sizeof then)
                  : "the same");
    }
    c->text[strlen(c->text) - 1] = '\0'; /* the last ';' */
    c = next_change(r, DECIDE_IN_REGULATED, -1, p->regulated);
    if (differs(s, c, !p->regulated))
        found(s, c, !p->regulated);
    snprintf(c->text, sizeof c->text, "regulated (now %s): %s the answer %s %s",
             p->regulated ? "yes" : "no",
             p->regulated ? "no workload regulated," : "every workload regulated,",
             c->flips ? "becomes" : "stays",
             c->flips ? answer(p, c->model, c->provider, then, sizeof then) : today);
}

/* The answer at the margin, in a reason: each input a small change of
 * which moves it, and each check of the answer's options within a few
 * points of its limit. */
static void
margin_reason(const struct team_profile *p, struct decide_result *r)
{
    /* room left in the reason for its own words around the list */
    char text[sizeof r->reasons[0].text - 128] = "";
    for (size_t i = 0; i < r->nchanges; i++)
        if (r->changes[i].margin) {
            r->at_margin = true;
            snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", text[0] ? "; " : "",
                     r->changes[i].text);
        }
    for (size_t i = 0; i < r->noptions; i++) {
        const struct decide_option *o = &r->options[i];
        if ((o->model != r->recommendation && o->model != r->default_model) ||
            !isfinite(o->rotation.ops_share) || p->platform_engineers == 0 ||
            fabs(o->rotation.ops_share - DECIDE_OPS_SHARE_MAX) > 0.05)
            continue;
        r->at_margin = true;
        snprintf(text + strlen(text), sizeof text - strlen(text),
                 "%s%s: operations take %.1f %% of the platform engineers' time against the "
                 "%.0f %% cap",
                 text[0] ? "; " : "", o->label, 100.0 * o->rotation.ops_share,
                 100.0 * DECIDE_OPS_SHARE_MAX);
    }
    if (!text[0] || r->nreasons >= DECIDE_REASONS_MAX)
        return;
    struct decide_reason *x = &r->reasons[r->nreasons++];
    x->rule = "R-margin";
    x->basis = "profile+measured";
    snprintf(x->text, sizeof x->text,
             "the answer is at the margin — a change of %.0f %% or less, or a check within 5 "
             "points of its limit, would move it: %s",
             100.0 * DECIDE_MARGIN, text);
}

static void
changes(const struct team_profile *p, const struct decide_measured *team,
        const struct decide_measured *prov, struct decide_result *r)
{
    struct search *s = malloc(sizeof *s);
    struct decide_result *scratch = malloc(sizeof *scratch);
    if (!s || !scratch) {
        free(s);
        free(scratch);
        struct decide_change *c = next_change(r, DECIDE_IN_ROUTINE_OPS, -1, NAN);
        snprintf(c->text, sizeof c->text, "what would change the answer: out of memory");
        return;
    }
    s->p = p;
    s->team = team;
    s->prov = prov;
    s->now = r;
    s->scratch = scratch;
    change_money(s, r, DECIDE_IN_ROUTINE_OPS, -1, p->routine_ops_hours, "routine operations",
                 " h a month");
    change_money(s, r, DECIDE_IN_ENGINEER_HOUR, -1, p->engineer_hour, "engineer hour", "");
    change_rotation(s, r);
    change_commitment(s, r);
    change_incidents(s, r);
    change_gpus(s, r);
    for (size_t i = 0; i < p->nproviders; i++)
        change_provider(s, r, i);
    change_facts(s, r);
    margin_reason(p, r);
    free(scratch);
    free(s);
}

void
decide_run(const struct team_profile *p, const struct decide_measured *team,
           const struct decide_measured *prov, struct decide_result *r)
{
    decide_policy(p, team, prov, r);
    changes(p, team, prov, r);
    group_all(r);
}
