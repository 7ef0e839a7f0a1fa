/* decide_case.h — the operating-model decision for a team profile over a
 * period, gathered whole: the profile read, the team and each of its
 * candidate providers measured (decide_measure), and the policy run
 * (decide_run). Used by `slaudit decide` and by the monthly report's
 * Decision sheet, which render it (reports/books/decision.h). */
#ifndef SLAUDIT_DECIDE_CASE_H
#define SLAUDIT_DECIDE_CASE_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/base/status.h"
#include "engine/decide/decide.h"
#include "engine/decide/team_profile.h"

struct store;

struct decide_case {
    const char *profile_path; /* as given; borrowed */
    int64_t from, to;         /* the measured period */
    struct team_profile profile;
    bool have_profile;
    struct decide_measured team;
    struct decide_measured providers[TEAM_PROFILE_MAX_PROVIDERS];
    /* Set once the team and every provider are measured; then each
     * *_has_data says whether the store held anything of that entity in the
     * period (uptime data or an incident): without it the entity's figures
     * are unknown, and for the team self-managed cannot be measured. */
    bool measured;
    bool team_has_data;
    bool provider_has_data[TEAM_PROFILE_MAX_PROVIDERS];
    struct decide_result *result; /* owned; NULL until the policy ran */
};

/* Builds the decision of the profile at profile_path over [from, to) on st;
 * zone is where pages are placed when the profile names no zone of its own
 * (NULL = UTC). Errors: the profile's (team_profile_load), SL_ERR_INPUT
 * "team.zone: unknown time zone '...'" (file: the profile), SL_ERR_INPUT
 * when the store holds nothing of the team or its providers in the period
 * and the profile requires measured data, the store's,
 * SL_ERR_NOMEM. Release c whatever it returns. */
enum sl_status decide_case_build(struct decide_case *c, struct store *st, const char *profile_path,
                                 int64_t from, int64_t to, const char *zone, struct sl_diag *diag);
void decide_case_release(struct decide_case *c);

#endif
