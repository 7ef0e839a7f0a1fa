/* main.c — global options and the command table of slaudit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/time/sltime.h"
#include "engine/base/regex.h"
#include "engine/base/status.h"
#include "engine/base/strbuf.h"
#include "engine/store/store.h"

const struct command commands[] = {
    {"init", "create the store, or bring its schema up to date", cmd_init},
    {"ingest", "parse files into the store; the format is detected from the content", cmd_ingest},
    {"pull", "read records from a service's API (status page, PagerDuty, Prometheus ...)",
     cmd_pull},
    {"forget", "remove one ingested file and everything read from it", cmd_forget},
    {"formats", "list the input formats, what each reads and how it is detected", cmd_formats},
    {"eval", "availability and incident statistics per entity, service and month", cmd_eval},
    {"report", "write the monthly operations workbook (.xlsx)", cmd_report},
    {"sla", "extract, import and score a provider's SLA document", cmd_sla},
    {"audit", "compliance findings with evidence for one entity and window", cmd_audit},
    {"rules", "the rule catalog the audit applies", cmd_rules},
    {"compare", "two entities side by side on identical definitions", cmd_compare},
    {"decide", "managed, self-managed or hybrid, with reasons and total cost", cmd_decide},
    /* the credit claim pack */
    {"claim", "the credit claim pack: workbook and letter for credits due in a month", cmd_claim},
    {NULL, NULL, NULL},
};

static const char usage[] =
    "usage: slaudit [--db FILE|URI] [--tz ZONE] [--json] [-q] COMMAND [ARGS]\n"
    "\n"
    "SLA and operations-quality evaluation for GPU clusters: ingest incident logs,\n"
    "status pages, probe results, kernel and scheduler logs and maintenance windows;\n"
    "read providers' SLA documents; measure availability, MTTA and MTTR, contract\n"
    "attainment and credits; audit against a rule catalog; and write workbooks an\n"
    "auditor can open.\n"
    "\n"
    "Commands:\n";

static const char usage_tail[] =
    "\n"
    "Global options (before or after the command):\n"
    "  --db STORE   the store: a FILE (SQLite), or a PostgreSQL URI\n"
    "               (postgresql://user@host/dbname) or \"host=H dbname=D\" string;\n"
    "               default $SLAUDIT_DB, else slaudit.db\n"
    "  --tz ZONE    zone for timestamps without an offset and for calendar months\n"
    "               (an IANA name such as Europe/Berlin; default UTC)\n"
    "  --json       machine-readable output\n"
    "  -q           no notes, only errors\n"
    "  --version    print the version\n"
    "\n"
    "Exit codes: 0 ok, 1 findings at or above --fail-on, 2 usage, 3 bad input,\n"
    "4 database, 5 report could not be written.\n"
    "\n"
    "Example:\n"
    "  slaudit ingest sample-data/*.csv && slaudit report --month 2026-10\n"
    "Each command has --help with an example.\n";

static void
print_usage(FILE *out)
{
    fputs(usage, out);
    for (const struct command *c = commands; c->name; c++)
        fprintf(out, "  %-9s %s\n", c->name, c->summary);
    fputs(usage_tail, out);
}

/* Takes the global options out of argv wherever they stand, so that
 * `slaudit --db x ingest f` and `slaudit ingest f --db x` mean the same.
 * *db_arg is where the value of --db stands in argv (NULL: not given). */
static int
take_global_options(struct cli *cli, int *argc, char **argv, char **db_arg)
{
    int out = 1;
    bool rest = false;
    for (int i = 1; i < *argc; i++) {
        const char *a = argv[i];
        const char **value = NULL;
        if (rest || a[0] != '-') {
            argv[out++] = argv[i];
            continue;
        }
        if (!strcmp(a, "--")) {
            rest = true;
            argv[out++] = argv[i];
        } else if (!strcmp(a, "--json")) {
            cli->json = true;
        } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
            msg_set_quiet(true);
        } else if (!strcmp(a, "--version")) {
            printf("slaudit %s\n", SLAUDIT_VERSION);
            exit(SL_EXIT_OK);
        } else if (!strcmp(a, "--db") || !strncmp(a, "--db=", 5)) {
            value = &cli->db;
        } else if (!strcmp(a, "--tz") || !strncmp(a, "--tz=", 5)) {
            value = &cli->zone;
        } else {
            argv[out++] = argv[i];
        }
        if (!value)
            continue;
        char *given;
        if (a[4] == '=') {
            given = argv[i] + 5;
        } else if (i + 1 < *argc) {
            given = argv[++i];
        } else {
            return msg_usage(NULL, "option '%s' needs a value", a);
        }
        *value = given;
        if (value == &cli->db)
            *db_arg = given;
    }
    argv[out] = NULL;
    *argc = out;
    return 0;
}

/* The store's target as it may be shown (store_redact_target); when
 * there is no memory to mask its password, nothing of it. */
static char *
shown_target(const char *target)
{
    char *shown = store_redact_target(target);
    return shown ? shown : strdup("***");
}

/* The command line as workbooks record it: the value of --db shown as
 * shown_target shows it, so that no password is ever recorded. */
static char *
join_arguments(int argc, char **argv)
{
    struct strbuf sb = STRBUF_INIT;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (i)
            strbuf_addch(&sb, ' ');
        bool db_value = i > 0 && !strcmp(argv[i - 1], "--db");
        if (!strncmp(a, "--db=", 5)) {
            strbuf_addstr(&sb, "--db=");
            a += 5;
            db_value = true;
        }
        char *shown = db_value ? shown_target(a) : NULL;
        strbuf_addstr(&sb, shown ? shown : db_value ? "***" : a);
        free(shown);
    }
    return strbuf_detach(&sb);
}

int
main(int argc, char **argv)
{
    msg_init();
    struct cli cli = {0};
    char *db_shown = NULL, *db_arg = NULL, *db_copy = NULL;
    char *command_line = join_arguments(argc, argv);
    cli.command_line = command_line;
    int rc = take_global_options(&cli, &argc, argv, &db_arg);
    if (rc)
        goto out;
    /* A password given in --db is blanked in argv at once, so that ps does
     * not show it while the command runs; the store connects with a copy. */
    if (db_arg) {
        if (!(db_copy = strdup(db_arg))) {
            rc = msg_error(SL_EXIT_DB, NULL, 0, "out of memory");
            goto out;
        }
        store_blank_password(db_arg);
        cli.db = db_copy;
    }
    if (!cli.db)
        cli.db = getenv("SLAUDIT_DB");
    if (!cli.db || !*cli.db)
        cli.db = "slaudit.db";
    db_shown = shown_target(cli.db);
    cli.db_shown = db_shown ? db_shown : "***";
    /* For memory checkers that cannot follow JIT-generated code. */
    const char *jit = getenv("SLAUDIT_REGEX_JIT");
    if (jit && !strcmp(jit, "0"))
        cli.regex_flags |= REGEX_NO_JIT;
    /* Zones are looked up where the C library would look: $TZDIR, else the
     * system's folder. */
    const char *why = NULL;
    if (sltime_set_zone_dir(getenv("TZDIR"))) {
        rc = msg_usage(NULL, "TZDIR is longer than the 1023 bytes a zone folder may have");
        goto out;
    }
    if (cli.zone && sltime_zone_check(cli.zone, &why)) {
        rc = msg_usage(NULL, "--tz '%s': %s (use an IANA name such as Europe/Berlin)", cli.zone,
                       why);
        goto out;
    }
    if (argc < 2) {
        print_usage(stderr);
        rc = SL_EXIT_USAGE;
        goto out;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        print_usage(stdout);
        goto out;
    }
    for (const struct command *c = commands; c->name; c++) {
        if (!strcmp(argv[1], c->name)) {
            rc = c->run(&cli, argc - 1, argv + 1);
            goto out;
        }
    }
    rc = msg_usage(NULL, "unknown command '%s'", argv[1]);
out:
    free(db_shown);
    free(db_copy);
    free(command_line);
    return rc;
}
