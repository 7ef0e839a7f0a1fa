/* eval_args.h — the evaluation options `eval` and `report` share: the entity,
 * the business-hours holidays, and the SLA (its terms as JSON, the fee and a
 * minimum countable outage) that adds the contract measure. Parsed in one
 * place so that both commands hand the evaluation the same params.
 *
 * Use: eval_args_init(), build the getopt table with eval_args_longopts(),
 * pass every option getopt_long returns to eval_args_option() before the
 * command's own cases, call eval_args_finish() after the loop, and
 * eval_args_release() at the end, whatever happened. The params hold
 * pointers into the eval_args until it is released. */
#ifndef SLAUDIT_CLI_EVAL_ARGS_H
#define SLAUDIT_CLI_EVAL_ARGS_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/measure/eval.h"
#include "engine/sla/sla_terms.h"

struct eval_args {
    struct eval_commitment commitment; /* the one --sla gives */
    struct sla_terms terms;
    bool have_terms;
    const char *sla_path;
    int64_t *holidays; /* owned */
};

/* The options, for a command's --help. */
#define EVAL_ARGS_HELP                                                                             \
    "  --entity E      only this entity (provider:NAME or team:NAME)\n"                            \
    "  --holidays LIST business-hours holidays for response clocks: 2026-12-25,2026-12-26\n"       \
    "  --sla FILE      SLA terms as JSON (sla extract --json): adds the contract measure,\n"       \
    "                  attainment, credits, error budget, burn-rate alerts, chronic failure\n"     \
    "                  and response compliance for --entity (and --service)\n"                     \
    "  --service S     the service the SLA covers (default: every service of --entity)\n"          \
    "  --fee N         monthly fee of each service, for credit amounts: of --sla, else\n"          \
    "                  of the SLA stored for --entity (for --service S: S's own)\n"                \
    "  --min-outage M  minimum countable outage in minutes under the SLA\n"                        \
    "  --min-coverage P  below P % monitoring coverage the availability is not a\n"                \
    "                  number: \"insufficient coverage\" (default 50)\n"                           \
    "  --partial-coverage P  below P % it is shown and flagged \"partial coverage\"\n"             \
    "                  (default 95)\n"

/* Room for a command's own options and these, with the sentinel. */
#define EVAL_ARGS_MAX_OPTIONS 32

void eval_args_init(struct eval_args *a);
/* out[] = own options (up to their {NULL} sentinel), then the shared ones,
 * then the sentinel. cap is out's length; own must leave room. */
void eval_args_longopts(const struct option *own, struct option *out, size_t cap);
/* Handles one getopt_long result c with its argument. Returns -1 when c is
 * not a shared option, 0 when handled, else the exit code of a usage error
 * (already printed). */
int eval_args_option(struct eval_args *a, struct eval_params *p, const char *command, int c,
                     const char *arg);
/* After the options: checks that --sla has an --entity, reads the terms and
 * points p at the commitment. 0, or the exit code (already printed). */
int eval_args_finish(struct eval_args *a, struct eval_params *p, const char *command);
void eval_args_release(struct eval_args *a);

#endif
