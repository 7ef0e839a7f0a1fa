/* common.c — helpers the subcommands share. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/decide/decide_case.h"
#include "engine/measure/period.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "engine/base/strbuf.h"
#include "reports/text/term_table.h"

int
cli_open_store(const struct cli *cli, struct store **out)
{
    struct sl_diag diag = {0};
    enum sl_status rc = store_open(cli->db, out, &diag);
    return rc ? msg_diag(rc, &diag) : 0;
}

int
cli_parse_when(const struct cli *cli, const char *command, const char *option, const char *text,
               int64_t *out)
{
    bool had_offset;
    const char *why = "not a date";
    if (sltime_parse(text, strlen(text), cli->zone, out, &had_offset, &why) == SL_OK &&
        *out != SLTIME_NONE)
        return 0;
    return msg_usage(command, "%s '%s': %s (expected YYYY-MM-DD)", option, text, why);
}

int
cli_help(const char *text)
{
    fputs(text, stdout);
    return 0;
}

int
cli_last_complete_month(const struct cli *cli, struct store *st, struct window *out)
{
    struct sl_diag diag = {0};
    bool empty;
    enum sl_status rc = period_last_complete_month(st, cli->zone, out, &empty, &diag);
    if (rc)
        return msg_diag(rc, &diag);
    if (empty)
        return msg_error(SL_EXIT_INPUT, cli->db, 0,
                         "the store holds no data: run 'slaudit ingest' first");
    return 0;
}

void
cli_decide_notes(const struct cli *cli, const struct decide_case *c)
{
    if (!c->measured)
        return;
    if (!c->team_has_data)
        msg_note(cli->db, 0, "no data for %s in the period: self-managed cannot be measured",
                 c->profile.entity);
    for (size_t i = 0; i < c->profile.nproviders; i++)
        if (!c->provider_has_data[i])
            msg_note(cli->db, 0, "no data for %s in the period", c->providers[i].entity);
}

/* Prints a table the reports rendered, or says why it could not. */
static void
print_rendered(struct strbuf *sb, enum sl_status s)
{
    if (s)
        msg_error((int)sl_exit_code(s), NULL, 0, "%s", sl_strerror(s));
    else
        fputs(sb->buf, stdout);
    strbuf_release(sb);
}

void
cli_print_eval_table(const struct eval_result *r, bool entities_only, const struct window *window)
{
    struct strbuf sb = STRBUF_INIT;
    print_rendered(&sb, term_table_eval(&sb, r, entities_only, window));
}

void
cli_print_contract_table(const struct eval_result *r)
{
    struct strbuf sb = STRBUF_INIT;
    print_rendered(&sb, term_table_contract(&sb, r));
}

void
cli_print_capacity_table(const struct eval_result *r)
{
    struct strbuf sb = STRBUF_INIT;
    print_rendered(&sb, term_table_capacity(&sb, r));
}

void
cli_print_reconcile(const struct reconcile_result *r, const char *entity, const char *service,
                    const char *zone)
{
    struct strbuf sb = STRBUF_INIT;
    print_rendered(&sb, term_table_reconcile(&sb, r, entity, service, zone));
}
