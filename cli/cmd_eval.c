/* cmd_eval.c — `slaudit eval`: availability and incident statistics per
 * entity, service and calendar month, as a table or as JSON. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/eval.h"
#include "engine/sltime.h"
#include "engine/store.h"
#include "reports/eval_json.h"

static const char help[] =
    "usage: slaudit eval [--from DATE --to DATE | --month YYYY-MM] [--entity E]\n"
    "\n"
    "Evaluates every calendar month (in --tz, default UTC) that overlaps\n"
    "[--from, --to): the neutral availability of each service and of each entity\n"
    "as a whole (its services pooled), downtime, unknown (unmonitored) time, eligible\n"
    "maintenance, incidents by severity, and TTA/TTR with n, mean, median, p90, max\n"
    "and a bootstrap interval of the median (--json). Without dates: the last\n"
    "complete month of the stored data. An empty window is 'unknown', never 100 %.\n"
    "\n"
    "  --from DATE     first day (YYYY-MM-DD, in --tz)\n"
    "  --to DATE       day after the last (exclusive)\n"
    "  --month M       one month, YYYY-MM\n"
    "  --entity E      only this entity (provider:NAME or team:NAME)\n"
    "  --json          {\"definitions\": {...}, \"results\": [...]} (DESIGN.md §5)\n"
    "\n"
    "Example:\n"
    "  slaudit eval --from 2026-08-01 --to 2026-11-01 --entity provider:nimbus\n";

int
cmd_eval(struct cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"from", required_argument, NULL, 'f'},  {"to", required_argument, NULL, 't'},
        {"month", required_argument, NULL, 'm'}, {"entity", required_argument, NULL, 'e'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0},
    };
    struct eval_params p;
    const char *from = NULL, *to = NULL, *month = NULL;
    int c, rc;
    eval_default_params(&p);
    p.zone = cli->zone;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'f':
            from = optarg;
            break;
        case 't':
            to = optarg;
            break;
        case 'm':
            month = optarg;
            break;
        case 'e':
            p.entity = optarg;
            break;
        case 'h':
            return cli_help(help);
        default:
            return msg_usage("eval", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return msg_usage("eval", "unexpected argument '%s'", argv[optind]);
    if ((from == NULL) != (to == NULL))
        return msg_usage("eval", "give both --from and --to");
    if (from && month)
        return msg_usage("eval", "give --month or --from/--to, not both");
    int year, mon;
    if (month && window_parse_month(month, &year, &mon))
        return msg_usage("eval", "--month '%s' is not YYYY-MM", month);
    if (from && ((rc = cli_parse_when(cli, "eval", "--from", from, &p.from)) ||
                 (rc = cli_parse_when(cli, "eval", "--to", to, &p.to))))
        return rc;
    if (from && p.to <= p.from)
        return msg_usage("eval", "--to must be after --from");

    struct store *st;
    if ((rc = cli_open_store(cli, &st)))
        return rc;
    if (!from) {
        struct window w;
        if (month)
            w = window_month(year, mon, cli->zone);
        else if ((rc = cli_last_complete_month(cli, st, &w)))
            goto out;
        p.from = w.start;
        p.to = w.end;
    }
    struct eval_result r;
    struct sl_diag diag = {0};
    enum sl_status s = eval_run(st, &p, &r, &diag);
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    if (cli->json) {
        struct strbuf sb = STRBUF_INIT;
        eval_json_write(&r, &sb);
        fputs(sb.buf, stdout);
        strbuf_release(&sb);
    } else {
        cli_print_eval_table(&r, false, NULL);
    }
    eval_result_release(&r);
out:
    store_close(st);
    return rc;
}
