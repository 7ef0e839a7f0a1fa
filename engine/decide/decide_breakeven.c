/* decide_breakeven.c — the decision whole (decide_run): the policy
 * (decide_policy.c), then where its answer flips — the same policy re-run
 * on one changed input — and the figures written with thousands
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
    for (size_t i = 0; i < r->nbreakeven; i++)
        group_thousands(r->breakeven[i], sizeof r->breakeven[i]);
}

/* ---- break-even ------------------------------------------------------------- */

static bool
same_answer(const struct decide_result *a, const struct decide_result *b)
{
    return a->recommendation == b->recommendation && a->provider == b->provider;
}

static const char *
answer(const struct team_profile *p, const struct decide_result *r, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s", decide_model_name(r->recommendation),
             r->provider >= 0 ? " with " : "",
             r->provider >= 0 ? p->providers[r->provider].entity : "");
    return buf;
}

static void
breakeven(const struct team_profile *p, const struct decide_measured *team,
          const struct decide_measured *prov, struct decide_result *r)
{
    struct decide_result *scratch = malloc(sizeof *scratch);
    struct team_profile q;
    char now[160], then[160];
    if (!scratch) {
        snprintf(r->breakeven[r->nbreakeven++], sizeof r->breakeven[0],
                 "break-even not computed: out of memory");
        return;
    }
    answer(p, r, now, sizeof now);
    /* Rotation size: the nearest one that changes the answer. */
    int found = -1;
    for (int d = 1; d <= 40 && found < 0; d++) {
        for (int s = 1; s >= -1 && found < 0; s -= 2) {
            int n = p->rotation_size + s * d;
            if (n < 0)
                continue;
            q = *p;
            q.rotation_size = n;
            if (q.platform_engineers < n)
                q.platform_engineers = n;
            decide_policy(&q, team, prov, scratch);
            if (!same_answer(r, scratch))
                found = n;
        }
    }
    if (found >= 0)
        snprintf(r->breakeven[r->nbreakeven++], sizeof r->breakeven[0],
                 "staffing: with %d on the rotation (now %d; platform engineers at least as "
                 "many) the answer becomes %s",
                 found, p->rotation_size, answer(p, scratch, then, sizeof then));
    else
        snprintf(r->breakeven[r->nbreakeven++], sizeof r->breakeven[0],
                 "staffing: no rotation of %d to %d engineers changes the answer (%s)",
                 p->rotation_size > 40 ? p->rotation_size - 40 : 0, p->rotation_size + 40, now);
    /* The team's incident rate, scaled. */
    if (has_data(team)) {
        static const double k[] = {0.9, 1.1, 0.75, 1.25, 0.5, 1.5, 0.25, 2, 0.1, 3, 5, 10};
        struct decide_measured t;
        double hit = NAN;
        for (size_t i = 0; i < sizeof k / sizeof k[0] && isnan(hit); i++) {
            t = *team;
            t.incidents = (long)lround(team->incidents * k[i]);
            t.incident_hours = team->incident_hours * k[i];
            t.engineer_hours = team->engineer_hours * k[i];
            for (int b = 0; b < BAND_COUNT; b++)
                t.pages.count[b] = (long)lround((double)team->pages.count[b] * k[i]);
            decide_policy(p, &t, prov, scratch);
            if (!same_answer(r, scratch))
                hit = k[i];
        }
        double rate = decide_per_month(team, (double)team->incidents);
        if (!isnan(hit))
            snprintf(r->breakeven[r->nbreakeven++], sizeof r->breakeven[0],
                     "incident rate: at %.1f team incidents a month (%.0f %% of the measured "
                     "%.1f) the answer becomes %s",
                     rate * hit, 100.0 * hit, rate, answer(p, scratch, then, sizeof then));
        else
            snprintf(r->breakeven[r->nbreakeven++], sizeof r->breakeven[0],
                     "incident rate: from a tenth to ten times the measured %.1f team incidents "
                     "a month the answer stays %s",
                     rate, now);
    } else {
        snprintf(r->breakeven[r->nbreakeven++], sizeof r->breakeven[0],
                 "incident rate: not measured, so no break-even can be shown");
    }
    /* GPU count, both workloads scaled alike. */
    static const double g[] = {1.25, 0.75, 1.5, 0.5, 2, 0.25, 4, 0.125, 8};
    double hit = NAN;
    for (size_t i = 0; i < sizeof g / sizeof g[0] && isnan(hit); i++) {
        q = *p;
        q.research_gpus = p->research_gpus ? (int)fmax(1, lround(p->research_gpus * g[i])) : 0;
        q.production_gpus =
            p->production_gpus ? (int)fmax(1, lround(p->production_gpus * g[i])) : 0;
        decide_policy(&q, team, prov, scratch);
        if (!same_answer(r, scratch))
            hit = g[i];
    }
    if (!isnan(hit))
        snprintf(r->breakeven[r->nbreakeven++], sizeof r->breakeven[0],
                 "GPU count: at %d GPUs (now %d) the answer becomes %s",
                 (int)lround(team_profile_gpus(p) * hit), team_profile_gpus(p),
                 answer(p, scratch, then, sizeof then));
    else
        snprintf(r->breakeven[r->nbreakeven++], sizeof r->breakeven[0],
                 "GPU count: from an eighth to eight times the %d GPUs the answer stays %s",
                 team_profile_gpus(p), now);
    free(scratch);
}

void
decide_run(const struct team_profile *p, const struct decide_measured *team,
           const struct decide_measured *prov, struct decide_result *r)
{
    decide_policy(p, team, prov, r);
    breakeven(p, team, prov, r);
    group_all(r);
}
