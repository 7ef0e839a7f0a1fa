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
    /* The zone the period is counted in: the profile's team.zone, else the
     * one given to decide_case_build (NULL = UTC); borrowed. */
    const char *zone;
    int64_t first_day, end_day; /* the period's local days (day numbers), end exclusive */
    int64_t from, to;           /* the same as instants: local midnights in zone */
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

/* The n calendar months (n >= 1) that end with year-month, as the local
 * days [*first_day, *end_day) of any zone. */
void decide_months(int year, int month, int n, int64_t *first_day, int64_t *end_day);

/* Builds the decision of the profile at profile_path over the local days
 * [first_day, end_day) on st, counted in the profile's zone, else in zone
 * (NULL = UTC), where pages are placed too: a period across a change of
 * clocks is an hour shorter or longer, never shifted. Errors: the profile's (team_profile_load),
 * SL_ERR_INPUT "team.zone: unknown time zone '...'" (file: the profile), SL_ERR_INPUT when the
 * store holds nothing of the team or its providers in the period and the profile requires measured
 * data, the store's, SL_ERR_NOMEM. Release c whatever it returns. */
enum sl_status decide_case_build(struct decide_case *c, struct store *st, const char *profile_path,
                                 int64_t first_day, int64_t end_day, const char *zone,
                                 struct sl_diag *diag);
void decide_case_release(struct decide_case *c);

#endif
