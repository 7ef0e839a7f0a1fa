/* cli.h — what every subcommand receives: the global options, and the
 * helpers they share to open the store and read dates. */
#ifndef SLAUDIT_CLI_H
#define SLAUDIT_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/measure/eval.h"
#include "engine/time/window.h"

struct store;

struct cli {
    const char *db;   /* --db, $SLAUDIT_DB, or slaudit.db */
    const char *zone; /* --tz, or NULL for UTC */
    bool json;        /* --json */
    const char *command_line;
};

struct command {
    const char *name;
    const char *summary;
    int (*run)(struct cli *cli, int argc, char **argv);
};

extern const struct command commands[];

/* Opens the store at cli->db; on failure prints the error and returns the exit
 * code (non-zero). */
int cli_open_store(const struct cli *cli, struct store **out);
/* Reads a date (YYYY-MM-DD) or timestamp in cli->zone for --from/--to. */
int cli_parse_when(const struct cli *cli, const char *command, const char *option, const char *text,
                   int64_t *out);
/* The last calendar month (in cli->zone) that the stored data covers to its
 * end; prints an error and returns non-zero when the store is empty. */
int cli_last_complete_month(const struct cli *cli, struct store *st, struct window *out);
/* Print the tables of reports/text/term_table.h on stdout (an error on
 * stderr when one could not be rendered). Evaluation rows: the entity rows
 * only when entities_only, the rows of one window only when window is not
 * NULL. */
void cli_print_eval_table(const struct eval_result *r, bool entities_only,
                          const struct window *window);
/* Prints the contract rows (when any): attainment, credit, budget and alerts. */
void cli_print_contract_table(const struct eval_result *r);
/* GPU capacity beside the service-level figure, and nodes with repeated
 * hardware faults; nothing when neither was evaluated or found. */
void cli_print_capacity_table(const struct eval_result *r);
struct reconcile_result;
void cli_print_reconcile(const struct reconcile_result *r, const char *entity, const char *service,
                         const char *zone);
struct decide_case;
/* The notes of a decision built (or failed) after measuring: the entities
 * the store held no data for in the period. */
void cli_decide_notes(const struct cli *cli, const struct decide_case *c);
/* Prints text (a command's --help) on stdout and returns 0. */
int cli_help(const char *text);

int cmd_ingest(struct cli *cli, int argc, char **argv);
int cmd_formats(struct cli *cli, int argc, char **argv);
int cmd_forget(struct cli *cli, int argc, char **argv);
int cmd_eval(struct cli *cli, int argc, char **argv);
int cmd_report(struct cli *cli, int argc, char **argv);
int cmd_sla(struct cli *cli, int argc, char **argv);
int cmd_audit(struct cli *cli, int argc, char **argv);
int cmd_rules(struct cli *cli, int argc, char **argv);
int cmd_decide(struct cli *cli, int argc, char **argv);
int cmd_compare(struct cli *cli, int argc, char **argv);

#endif
