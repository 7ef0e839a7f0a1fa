/* cmd_eval.c — `slaudit eval`: availability and incident statistics per
 * entity, service and window, and the contract measure beside the neutral one
 * where an SLA applies, as a table or as JSON. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/eval_args.h"
#include "cli/msg.h"
#include "engine/measure/eval.h"
#include "engine/measure/eval_save.h"
#include "engine/measure/reconcile.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "reports/text/eval_json.h"

static const char help[] =
    "usage: slaudit eval [--from DATE --to DATE | --month YYYY-MM] [--entity E]\n"
    "                    [--window month|quarter|year | --rolling DAYS] [--holidays LIST]\n"
    "                    [--sla FILE.json --entity E [--service S] [--fee N] [--min-outage MIN]]\n"
    "                    [--entity E [--service S] --fee N]\n"
    "                    [--min-coverage P] [--partial-coverage P]\n"
    "                    [--fleet GPUS [--gpus-per-node N]] [--fault-threshold N]\n"
    "                    [--no-stored-sla] [--no-save]\n"
    "       slaudit eval --reconcile --entity provider:X --service S [--from --to | --month]\n"
    "                    [--slack MIN] [--min-overlap SEC] [--probe-min-outage MIN]\n"
    "\n"
    "Evaluates the windows (calendar month by default, in --tz, default UTC) that\n"
    "make up [--from, --to), or, when the span is not whole windows, the span itself as\n"
    "one window of its local days (never widened; with --window or --rolling such a\n"
    "span is refused): the neutral availability of each service and of each entity\n"
    "as a whole (its services pooled), downtime, unknown (unmonitored) time, eligible\n"
    "maintenance, incidents by severity, and TTA/TTR with n, mean, median, p90, max\n"
    "and a bootstrap interval of the median (--json). Without dates: the last\n"
    "complete month of the stored data. An empty window is 'unknown', never 100 %.\n"
    "\n"
    "  --from DATE     first day (YYYY-MM-DD, in --tz)\n"
    "  --to DATE       day after the last (exclusive)\n"
    "  --month M       one month, YYYY-MM\n"
    "  --entity E      only this entity (provider:NAME or team:NAME)\n"
    "  --window KIND   month (default), quarter or year, aligned in --tz\n"
    "  --rolling DAYS  windows of DAYS days ending at --to, going back\n"
    "  --holidays LIST business-hours holidays for response clocks: 2026-12-25,2026-12-26\n"
    "  --sla FILE      SLA terms as JSON (sla extract --json): adds the contract measure,\n"
    "                  attainment, credits, error budget, burn-rate alerts, chronic failure\n"
    "                  and response compliance for --entity (and --service)\n"
    "  --fee N         monthly fee of each service, for credit amounts: of --sla, else\n"
    "                  of the SLA stored for --entity (for --service S: S's own)\n"
    "  --min-outage M  minimum countable outage in minutes under the SLA\n"
    "  --min-coverage P  below P % monitoring coverage the availability is not a\n"
    "                  number: \"insufficient coverage\" (default 50)\n"
    "  --partial-coverage P  below P % it is shown and flagged \"partial coverage\"\n"
    "                  (default 95)\n"
    "\n"
    "SLAs imported with `sla import` (and stored objectives) apply too: each window\n"
    "uses the version in force at its start. The SLA's own clauses set the minimum\n"
    "outage, maintenance cap and notice, and partial counting; --min-outage wins over\n"
    "the document's clause. An --sla FILE replaces the stored SLA of its entity and\n"
    "service for this run, and an SLA naming a service takes that service from its\n"
    "entity's SLA: one contract row per service and window. Credits are per service\n"
    "(the '(all)' row pools the services, and burn alerts are replayed per service).\n"
    "  --no-stored-sla   ignore the stored SLAs and objectives\n"
    "  --no-save         do not write the results to the store's eval_results table\n"
    "                    (by default each run replaces its earlier rows for the same\n"
    "                    definitions and windows)\n"
    "  --fleet GPUS      GPUs in each service's fleet: adds GPU-hours lost and the\n"
    "                    capacity-weighted availability beside the service figure\n"
    "  --gpus-per-node N GPUs a node unit counts as (default 8)\n"
    "  --fault-threshold N  hardware Xid events per node per window that flag the\n"
    "                    node as repeatedly faulty (default 2)\n"
    "  --reconcile       the provider's status history against your probes and\n"
    "                    incident log for --entity and --service (docs/metrics.md)\n"
    "  --slack MIN       minutes each provider report is widened by (default 10)\n"
    "  --min-overlap SEC overlap that makes a match (default 60)\n"
    "  --probe-min-outage MIN  shorter probe outages are left out (default 5)\n"
    "  --json          {\"definitions\": {...}, \"results\": [...]}\n"
    "                  (docs/design.md §5)\n"
    "\n"
    "Examples:\n"
    "  slaudit eval --from 2026-08-01 --to 2026-11-01 --entity provider:nimbus\n"
    "  slaudit eval --month 2026-10 --entity provider:nimbus --fleet 512\n"
    "  slaudit eval --reconcile --entity provider:nimbus --service inference-api \\\n"
    "               --from 2026-10-01 --to 2026-11-01\n";

/* Options of eval alone. */
struct eval_own {
    bool no_save, reconcile;
    bool window_set; /* --window or --rolling given */
    const char *service;
    struct reconcile_params rp;
};

/* `eval --reconcile`: one service's status history against the user's own. */
static int
reconcile_command(struct cli *cli, struct store *st, const struct eval_params *p,
                  const struct eval_own *own)
{
    struct reconcile_result r;
    struct sl_diag diag = {0};
    enum sl_status s =
        reconcile_run(st, p->entity, own->service, p->from, p->to, &own->rp, &r, &diag);
    if (s)
        return msg_diag(s, &diag);
    int rc = 0;
    if (cli->json) {
        struct strbuf sb = STRBUF_INIT;
        if ((s = eval_json_reconcile(&r, p->entity, own->service, p->zone, &sb)))
            rc = msg_error(sl_exit_code(s), NULL, 0, "%s", sl_strerror(s));
        else
            fputs(sb.buf, stdout);
        strbuf_release(&sb);
    } else {
        cli_print_reconcile(&r, p->entity, own->service, p->zone);
    }
    reconcile_result_release(&r);
    return rc;
}

/* A span that is not whole windows is never widened to them: without
 * --window or --rolling it is evaluated as one window of its own (whole
 * local days), else refused with how to ask for it. */
static int
fit_span(struct eval_params *p, bool window_set, const char *from, const char *to)
{
    struct window *ws;
    size_t n;
    if (eval_windows(p->window, p->rolling_days, p->from, p->to, p->zone, &ws, &n))
        return msg_error(sl_exit_code(SL_ERR_NOMEM), NULL, 0, "out of memory");
    bool whole = n > 0 && ws[0].start == p->from && ws[n - 1].end == p->to;
    free(ws);
    if (whole)
        return 0;
    const char *zone = p->zone ? p->zone : "UTC";
    if (window_set)
        return msg_usage("eval",
                         "--from %s --to %s is not whole %s windows in %s: give bounds of whole "
                         "windows, or leave out --window and --rolling to evaluate exactly "
                         "that span as one window",
                         from, to, window_kind_name(p->window), zone);
    struct window span = window_days_between(p->from, p->to, p->zone);
    if (span.start != p->from || span.end != p->to)
        return msg_usage("eval",
                         "--from %s --to %s: a span of its own is whole local days in %s: "
                         "give dates (YYYY-MM-DD)",
                         from, to, zone);
    p->window = WINDOW_DAYS;
    return 0;
}

/* Everything after the options: dates, the store, the run and the output. */
static int
eval_command(struct cli *cli, struct eval_params *pp, const struct eval_own *own, const char *from,
             const char *to, const char *month, int argc, char **argv)
{
    struct eval_params p = *pp;
    int rc;
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
    if (from && !own->reconcile && (rc = fit_span(&p, own->window_set, from, to)))
        return rc;
    if (own->reconcile && (!p.entity || !own->service))
        return msg_usage("eval", "--reconcile needs --entity and --service");

    struct store *st;
    /* Saving the results is the only write, and not the purpose: a store
     * that cannot be written is read all the same. */
    bool save = !own->no_save && !own->reconcile;
    if ((rc = cli_open_store_for(cli, save ? STORE_UPDATE : STORE_READ, &st)))
        return rc;
    if ((rc = cli_require_data(cli, st)) || (rc = cli_check_known(cli, st, p.entity, own->service)))
        goto out;
    if (!from) {
        struct window w;
        if (month)
            w = window_month(year, mon, cli->zone);
        else if ((rc = cli_last_complete_month(cli, st, &w)))
            goto out;
        p.from = w.start;
        p.to = w.end;
    }
    if (own->reconcile) {
        rc = reconcile_command(cli, st, &p, own);
        goto out;
    }
    struct eval_result r;
    struct sl_diag diag = {0};
    enum sl_status s = eval_run(st, &p, &r, &diag);
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    cli_warn_twin_names(&r);
    for (size_t k = 0; k < r.params.ncommitments; k++)
        if (k == 0 || r.params.commitments[k].terms != r.params.commitments[k - 1].terms)
            cli_measure_notes(r.params.commitments[k].terms);
    if (cli->json) {
        struct strbuf sb = STRBUF_INIT;
        if ((s = eval_json_write(&r, &sb)))
            rc = msg_error(sl_exit_code(s), NULL, 0, "%s", sl_strerror(s));
        else
            fputs(sb.buf, stdout);
        strbuf_release(&sb);
    } else {
        cli_print_eval_table(&r, false, NULL);
        cli_print_contract_table(&r, NULL);
        cli_print_capacity_table(&r);
    }
    /* After the output: the results are shown even when they cannot be
     * saved (a store in a read-only folder, or locked by a long ingest). */
    static const struct eval_save_json as_json = {eval_json_definitions, eval_json_result,
                                                  eval_json_sla};
    if (save && (s = eval_save(st, &r, &as_json, &diag)))
        msg_warn(diag.file, diag.line, "the results were not saved in the store: %s", diag.message);
    eval_result_release(&r);
out:
    store_close(st);
    return rc;
}

int
cmd_eval(struct cli *cli, int argc, char **argv)
{
    static const struct option own[] = {
        {"from", required_argument, NULL, 'f'},
        {"to", required_argument, NULL, 't'},
        {"month", required_argument, NULL, 'm'},
        {"window", required_argument, NULL, 'w'},
        {"rolling", required_argument, NULL, 'r'},
        {"help", no_argument, NULL, 'h'},
        {"fleet", required_argument, NULL, 1001},
        {"gpus-per-node", required_argument, NULL, 1002},
        {"fault-threshold", required_argument, NULL, 1003},
        {"reconcile", no_argument, NULL, 1004},
        {"slack", required_argument, NULL, 1005},
        {"min-overlap", required_argument, NULL, 1006},
        {"probe-min-outage", required_argument, NULL, 1007},
        {"no-save", no_argument, NULL, 1008},
        {"no-stored-sla", no_argument, NULL, 1009},
        {NULL, 0, NULL, 0},
    };
    static const struct {
        int code;
        const char *name;
        long max;
    } counts[] = {{1001, "fleet", 100000000L},
                  {1002, "gpus-per-node", 1024},
                  {1003, "fault-threshold", 1000000L},
                  {1005, "slack", 1440},
                  {1006, "min-overlap", 86400},
                  {1007, "probe-min-outage", 1440},
                  {0, NULL, 0}};
    struct eval_own eo = {0};
    struct option longopts[EVAL_ARGS_MAX_OPTIONS];
    struct eval_args args;
    struct eval_params p;
    const char *from = NULL, *to = NULL, *month = NULL;
    int c, rc = 0;
    eval_args_longopts(own, longopts, EVAL_ARGS_MAX_OPTIONS);
    eval_args_init(&args);
    eval_default_params(&p);
    reconcile_default_params(&eo.rp);
    p.zone = cli->zone;
    optind = 1;
    opterr = 0;
    while (!rc && (c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if ((rc = eval_args_option(&args, &p, "eval", c, optarg)) >= 0)
            continue;
        rc = 0;
        for (size_t i = 0; counts[i].name; i++) {
            if (counts[i].code != c)
                continue;
            char *end;
            errno = 0;
            long v = strtol(optarg, &end, 10);
            if (errno || *end || end == optarg || v < (c == 1001 || c == 1002 || c == 1003) ||
                v > counts[i].max) {
                rc = msg_usage("eval", "--%s '%s' is not a whole number (up to %ld)",
                               counts[i].name, optarg, counts[i].max);
                break;
            }
            if (c == 1001)
                p.capacity.fleet_gpus = v;
            else if (c == 1002)
                p.capacity.gpus_per_node = (int)v;
            else if (c == 1003)
                p.fault_threshold = (int)v;
            else if (c == 1005)
                eo.rp.slack_seconds = v * 60;
            else if (c == 1006)
                eo.rp.min_overlap_seconds = v;
            else
                eo.rp.min_outage_seconds = v * 60;
            c = 0;
        }
        if (rc || c == 0)
            continue;
        switch (c) {
        case 1004:
            eo.reconcile = true;
            break;
        case 1008:
            eo.no_save = true;
            break;
        case 1009:
            p.stored_commitments = false;
            break;
        case 'f':
            from = optarg;
            break;
        case 't':
            to = optarg;
            break;
        case 'm':
            month = optarg;
            break;
        case 'w':
            eo.window_set = true;
            if (!strcmp(optarg, "month"))
                p.window = WINDOW_MONTH;
            else if (!strcmp(optarg, "quarter"))
                p.window = WINDOW_QUARTER;
            else if (!strcmp(optarg, "year"))
                p.window = WINDOW_YEAR;
            else
                rc = msg_usage("eval", "--window '%s' is not month, quarter or year", optarg);
            break;
        case 'r': {
            char *end;
            errno = 0;
            long days = strtol(optarg, &end, 10);
            if (errno || *end || end == optarg || days < 1 || days > 3660) {
                rc = msg_usage("eval", "--rolling '%s' is not a number of days (1-3660)", optarg);
                break;
            }
            p.window = WINDOW_ROLLING;
            p.rolling_days = (int)days;
            eo.window_set = true;
            break;
        }
        case 'h':
            eval_args_release(&args);
            return cli_help(help);
        default:
            rc = msg_usage("eval", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (!rc && !(rc = eval_args_finish(&args, &p, "eval"))) {
        eo.service = args.commitment.service;
        rc = eval_command(cli, &p, &eo, from, to, month, argc, argv);
    }
    eval_args_release(&args);
    return rc;
}
