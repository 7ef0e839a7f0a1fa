/* decide_run.c — the decision of a team profile, for `decide` and `report` (decide_run.h). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/decide_run.h"
#include "cli/msg.h"
#include "engine/time/sltime.h"

int
decide_run_build(struct decide_run *d, const struct cli *cli, struct store *st,
                 const char *profile_path, int64_t from, int64_t to)
{
    struct sl_diag diag = {0};
    enum sl_status s;
    memset(d, 0, sizeof *d);
    if ((s = team_profile_load(profile_path, &d->profile, &diag)))
        return msg_diag(s, &diag);
    d->have_profile = true;
    const struct team_profile *p = &d->profile;
    if (p->zone && !sltime_zone_valid(p->zone))
        return msg_error(SL_EXIT_INPUT, profile_path, 0, "team.zone: unknown time zone '%s'",
                         p->zone);
    const char *page_zone = p->zone ? p->zone : cli->zone;
    if ((s = decide_measure(st, p->entity, from, to, page_zone, p->responders, &d->team, &diag)))
        return msg_diag(s, &diag);
    for (size_t i = 0; i < p->nproviders; i++)
        if ((s = decide_measure(st, p->providers[i].entity, from, to, page_zone, p->responders,
                                &d->providers[i], &diag)))
            return msg_diag(s, &diag);
    if (!d->team.has_uptime && d->team.incidents == 0)
        msg_note(cli->db, 0, "no data for %s in the period: self-managed cannot be measured",
                 p->entity);
    for (size_t i = 0; i < p->nproviders; i++)
        if (!d->providers[i].has_uptime && d->providers[i].incidents == 0)
            msg_note(cli->db, 0, "no data for %s in the period", d->providers[i].entity);
    if (!(d->result = malloc(sizeof *d->result)))
        return msg_error(sl_exit_code(SL_ERR_NOMEM), NULL, 0, "out of memory");
    decide_run(p, &d->team, d->providers, d->result);
    d->report = (struct report_decision){
        .profile = p,
        .team = &d->team,
        .providers = d->providers,
        .result = d->result,
        .from = from,
        .to = to,
        .zone = cli->zone,
        .profile_path = profile_path,
        .version = SLAUDIT_VERSION,
        .command_line = cli->command_line,
    };
    return 0;
}

void
decide_run_release(struct decide_run *d)
{
    free(d->result);
    d->result = NULL;
    if (d->have_profile)
        team_profile_release(&d->profile);
    d->have_profile = false;
}
