/* cli.h — what every subcommand receives: the global options, and the
 * helpers they share to open the store and read dates. */
#ifndef SLAUDIT_CLI_H
#define SLAUDIT_CLI_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/measure/eval.h"
#include "engine/store/store.h"
#include "engine/time/window.h"

struct store;

struct cli {
    const char *db;       /* --db, $SLAUDIT_DB, or slaudit.db */
    const char *db_shown; /* db as messages show it: a password masked */
    const char *zone;     /* --tz, or NULL for UTC */
    bool json;            /* --json */
    /* Added to every pattern compiled: REGEX_NO_JIT when $SLAUDIT_REGEX_JIT
     * is 0 (engine/base/regex.h). */
    unsigned regex_flags;
    const char *command_line;
};

struct command {
    const char *name;
    const char *summary;
    int (*run)(struct cli *cli, int argc, char **argv);
};

extern const struct command commands[];

/* Opens the store at cli->db to write it (created when missing); on failure
 * prints the error and returns the exit code (non-zero). */
int cli_open_store(const struct cli *cli, struct store **out);
/* The same in a mode of engine/store/store.h: the commands that only read
 * use STORE_READ, so that they never create a store (a missing one is exit
 * 4) nor write to one. */
int cli_open_store_for(const struct cli *cli, enum store_mode mode, struct store **out);
/* Reads a date (YYYY-MM-DD) or timestamp in cli->zone for --from/--to. */
int cli_parse_when(const struct cli *cli, const char *command, const char *option, const char *text,
                   int64_t *out);
/* Reads FROM..TO, two dates or timestamps as cli_parse_when reads them,
 * FROM before TO, for an option such as --covers. */
int cli_parse_span(const struct cli *cli, const char *command, const char *option, const char *text,
                   int64_t *from, int64_t *to);
/* The last calendar month (in cli->zone) that the stored data covers to its
 * end; prints an error and returns non-zero when the store is empty. */
int cli_last_complete_month(const struct cli *cli, struct store *st, struct window *out);
/* Print the tables of reports/text/term_table.h on stdout (an error on
 * stderr when one could not be rendered). Evaluation rows: the entity rows
 * only when entities_only, the rows of one window only when window is not
 * NULL. */
void cli_print_eval_table(const struct eval_result *r, bool entities_only,
                          const struct window *window);
/* A warning for each two names of entities or services in r that differ
 * only by invisible characters (engine/base/termsafe.h): the tables show
 * them as two rows that read alike. */
void cli_warn_twin_names(const struct eval_result *r);
/* Prints the contract rows (when any): attainment, credit, budget and
 * alerts; only the windows holding the last day of month, and a count of the rest, when
 * month is not NULL. */
void cli_print_contract_table(const struct eval_result *r, const struct window *month);
/* GPU capacity beside the service-level figure, and nodes with repeated
 * hardware faults; nothing when neither was evaluated or found. */
void cli_print_capacity_table(const struct eval_result *r);
struct reconcile_result;
void cli_print_reconcile(const struct reconcile_result *r, const char *entity, const char *service,
                         const char *zone);
struct sla_terms;
/* A note for each target of t measured by something other than time
 * (requests, an error rate, builds, ticks): the contract figure measures
 * time, so it is an approximation of that commitment. */
void cli_measure_notes(const struct sla_terms *t);
struct decide_case;
/* The notes of a decision built (or failed) after measuring: the entities
 * the store held no data for in the period. */
void cli_decide_notes(const struct cli *cli, const struct decide_case *c);
/* For an output that is a directory of tables (--format FORMAT -o DIR): a
 * DIR that is not a directory yet and whose name ends in a file extension
 * (.csv, .json, ...) is a usage error, not a directory to create. */
int cli_check_table_dir(const char *command, const char *format, const char *dir);
/* A usage error (exit 2) unless name is provider:NAME or team:NAME with a
 * NAME; option ("--entity") starts the message when not NULL. */
int cli_check_entity_name(const char *command, const char *option, const char *name);
/* Exit 3, with the known names listed, when nothing is stored for entity
 * (or for service of entity, when service is not NULL); 0 when entity is
 * NULL or known. */
int cli_check_known(const struct cli *cli, struct store *st, const char *entity,
                    const char *service);
/* Exit 3 when the store holds no intervals, maintenance or incidents:
 * there is nothing to evaluate. */
int cli_require_data(const struct cli *cli, struct store *st);
/* Prints text (a command's --help) on stdout and returns 0. */
int cli_help(const char *text);
/* The options of a command whose only ones are --json and --help: -1 with
 * optind at the first operand, else what the command exits with (0 after
 * its help, 2 for an unknown option). */
int cli_json_options(struct cli *cli, const char *command, const char *help, int argc, char **argv);

int cmd_ingest(struct cli *cli, int argc, char **argv);
int cmd_pull(struct cli *cli, int argc, char **argv);
int cmd_formats(struct cli *cli, int argc, char **argv);
int cmd_forget(struct cli *cli, int argc, char **argv);
int cmd_init(struct cli *cli, int argc, char **argv);
int cmd_eval(struct cli *cli, int argc, char **argv);
int cmd_report(struct cli *cli, int argc, char **argv);
int cmd_sla(struct cli *cli, int argc, char **argv);
int cmd_audit(struct cli *cli, int argc, char **argv);
int cmd_rules(struct cli *cli, int argc, char **argv);
int cmd_decide(struct cli *cli, int argc, char **argv);
int cmd_claim(struct cli *cli, int argc, char **argv); /* the credit claim pack */
int cmd_compare(struct cli *cli, int argc, char **argv);

#endif
