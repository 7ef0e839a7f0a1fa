/* decide_case.c — the decision of a team profile over a period: profile,
 * measurements and policy (decide_case.h). */
#include "engine/decide/decide_case.h"

#include <stdlib.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "engine/time/window.h"

static bool
has_data(const struct decide_measured *m)
{
    return m->has_uptime || m->incidents != 0;
}

void
decide_months(int year, int month, int n, int64_t *first_day, int64_t *end_day)
{
    int index = year * 12 + (month - 1), next = index + 1, start = index - (n - 1);
    *end_day = sltime_days_from_civil(next / 12, next % 12 + 1, 1);
    *first_day = sltime_days_from_civil(start / 12, start % 12 + 1, 1);
}

enum sl_status
decide_case_build(struct decide_case *d, struct store *st, const char *profile_path,
                  int64_t first_day, int64_t end_day, const char *zone, struct sl_diag *diag)
{
    enum sl_status s;
    memset(d, 0, sizeof *d);
    d->profile_path = profile_path;
    d->first_day = first_day;
    d->end_day = end_day;
    if ((s = team_profile_load(profile_path, &d->profile, diag)))
        return s;
    d->have_profile = true;
    const struct team_profile *p = &d->profile;
    if (p->zone && !sltime_zone_valid(p->zone))
        return diag_set(diag, SL_ERR_INPUT, profile_path, 0, "team.zone: unknown time zone '%s'",
                        p->zone);
    const char *page_zone = p->zone ? p->zone : zone;
    d->zone = page_zone;
    d->from = window_day_start(first_day, page_zone);
    d->to = window_day_start(end_day, page_zone);
    const int64_t from = d->from, to = d->to;
    if ((s = decide_measure(st, p->entity, from, to, page_zone, p->responders, &d->team, diag)))
        return s;
    /* The team's responder load, for the rotation's load rule, and for
     * regulated work its audit findings, for the compliance risk. */
    if ((s = decide_measure_oncall(st, page_zone, &d->team, diag)))
        return s;
    if (p->regulated && (s = decide_measure_audit(st, page_zone, &d->team, diag)))
        return s;
    for (size_t i = 0; i < p->nproviders; i++)
        if ((s = decide_measure_services(st, p->providers[i].entity, from, to, page_zone,
                                         p->responders, p->providers[i].services,
                                         p->providers[i].nservices, &d->providers[i], diag)))
            return s;
    d->measured = true;
    d->team_has_data = has_data(&d->team);
    for (size_t i = 0; i < p->nproviders; i++)
        d->provider_has_data[i] = has_data(&d->providers[i]);
    bool any = d->team_has_data;
    for (size_t i = 0; i < p->nproviders; i++)
        any |= d->provider_has_data[i];
    if (!any && p->require_measured)
        return diag_set(diag, SL_ERR_INPUT, profile_path, 0,
                        "nothing of %s or its providers is measured in the period, and the "
                        "profile requires measured data (decision.require_measured_data)",
                        p->entity);
    if (!(d->result = malloc(sizeof *d->result)))
        return diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
    decide_run(p, &d->team, d->providers, d->result);
    return SL_OK;
}

void
decide_case_release(struct decide_case *d)
{
    free(d->result);
    d->result = NULL;
    if (d->have_profile)
        team_profile_release(&d->profile);
    d->have_profile = false;
}
