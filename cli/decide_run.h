/* decide_run.h — the operating-model decision for a team profile over a
 * period: the profile read, the team and each of its providers measured, the
 * policy run, and the whole gathered as a struct report_decision for a
 * report to render. Used by `decide` and by `report --profile`. */
#ifndef SLAUDIT_CLI_DECIDE_RUN_H
#define SLAUDIT_CLI_DECIDE_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/decide/decide.h"
#include "engine/decide/team_profile.h"
#include "reports/books/decision.h"

struct cli;
struct store;

struct decide_run {
    struct team_profile profile;
    bool have_profile;
    struct decide_measured team;
    struct decide_measured providers[TEAM_PROFILE_MAX_PROVIDERS];
    struct decide_result *result;  /* owned */
    struct report_decision report; /* points into this struct */
};

/* Builds the decision of profile_path over [from, to) on st. 0, or the exit
 * code of an error already printed. Release whatever it returns. */
int decide_run_build(struct decide_run *d, const struct cli *cli, struct store *st,
                     const char *profile_path, int64_t from, int64_t to);
void decide_run_release(struct decide_run *d);

#endif
