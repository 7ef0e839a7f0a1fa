/* cmd_init.c — `slaudit init`: the store made, or its schema brought up to
 * date, and nothing else; for a shared server store, the step its owner
 * takes before granting the teams their roles (docs/user-guide.md). */
#include <getopt.h>
#include <stdio.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/base/jsonw.h"
#include "engine/base/strbuf.h"
#include "engine/store/store.h"

static const char help[] =
    "usage: slaudit init\n"
    "\n"
    "Creates the store named by --db (or $SLAUDIT_DB) when it does not exist, or\n"
    "brings an older store's schema up to date, and changes nothing else. Every\n"
    "command that writes does the same on its way; init is for a store that\n"
    "must exist before anyone writes to it: a shared PostgreSQL store is made by\n"
    "its owner, who then grants each team's role its entities.\n"
    "\n"
    "  --json          one JSON object: store, backend, schema_version\n"
    "\n"
    "Exit codes: 0 ready; 4 database error (not a slaudit store, no access).\n"
    "\n"
    "Example:\n"
    "  slaudit --db postgresql://slaudit@db.example/ops init\n";

int
cmd_init(struct cli *cli, int argc, char **argv)
{
    int opts = cli_json_options(cli, "init", help, argc, argv);
    if (opts >= 0)
        return opts;
    if (optind < argc)
        return msg_usage("init", "no arguments expected ('%s')", argv[optind]);
    struct store *st;
    int rc = cli_open_store(cli, &st);
    if (rc)
        return rc;
    int version = store_schema_version(st);
    const char *backend = store_backend(st);
    store_close(st);
    if (!cli->json) {
        if (!msg_quiet())
            printf("%s: a slaudit store (%s), schema version %d\n", cli->db_shown, backend,
                   version);
        return SL_EXIT_OK;
    }
    struct strbuf sb = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "store", cli->db_shown);
    jsonw_field_str(&w, "backend", backend);
    jsonw_field_int(&w, "schema_version", version);
    jsonw_close(&w, '}');
    rc = w.status ? msg_error(sl_exit_code(w.status), NULL, 0, "out of memory for the JSON")
                  : (puts(sb.buf), SL_EXIT_OK);
    strbuf_release(&sb);
    return rc;
}
