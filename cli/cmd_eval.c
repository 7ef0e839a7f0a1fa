/* cmd_eval.c — `slaudit eval`: availability and incident statistics per
 * entity, service and window, and the contract measure beside the neutral one
 * where an SLA applies, as a table or as JSON. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/eval.h"
#include "engine/sla_json.h"
#include "engine/sltime.h"
#include "engine/store.h"
#include "reports/eval_json.h"

static const char help[] =
    "usage: slaudit eval [--from DATE --to DATE | --month YYYY-MM] [--entity E]\n"
    "                    [--window month|quarter|year | --rolling DAYS] [--holidays LIST]\n"
    "                    [--sla FILE.json --entity E [--service S] [--fee N] [--min-outage MIN]]\n"
    "\n"
    "Evaluates every window (calendar month by default, in --tz, default UTC) that\n"
    "overlaps [--from, --to): the neutral availability of each service and of each entity\n"
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
    "  --fee N         monthly fee, for credit amounts\n"
    "  --min-outage M  minimum countable outage in minutes under the SLA\n"
    "  --json          {\"definitions\": {...}, \"results\": [...]} (DESIGN.md §5)\n"
    "\n"
    "Example:\n"
    "  slaudit eval --from 2026-08-01 --to 2026-11-01 --entity provider:nimbus\n";

/* Reads SLA terms from a JSON file (the shape of `sla extract --json`). */
static int
read_terms(const char *path, struct sla_terms *t)
{
    struct sl_diag diag = {0};
    struct strbuf sb = STRBUF_INIT;
    char chunk[65536];
    size_t n;
    FILE *f = fopen(path, "rb");
    if (!f)
        return msg_error(SL_EXIT_INPUT, path, 0, "cannot open: %s", strerror(errno));
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (strbuf_add(&sb, chunk, n)) {
            fclose(f);
            strbuf_release(&sb);
            return msg_error(SL_EXIT_INPUT, path, 0, "too large to read");
        }
    }
    bool bad = ferror(f);
    fclose(f);
    sla_terms_init(t);
    enum sl_status s = bad ? SL_ERR_IO : sla_json_read(sb.buf, sb.len, path, t, &diag);
    strbuf_release(&sb);
    if (s) {
        sla_terms_release(t);
        return bad ? msg_error(SL_EXIT_INPUT, path, 0, "cannot read") : msg_diag(s, &diag);
    }
    return 0;
}

/* Everything after the options: dates, the store, the run and the output. */
static int
eval_command(struct cli *cli, struct eval_params *pp, const char *from, const char *to,
             const char *month, int argc, char **argv)
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
        cli_print_contract_table(&r);
    }
    eval_result_release(&r);
out:
    store_close(st);
    return rc;
}

int
cmd_eval(struct cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"from", required_argument, NULL, 'f'},  {"to", required_argument, NULL, 't'},
        {"month", required_argument, NULL, 'm'}, {"entity", required_argument, NULL, 'e'},
        {"window", required_argument, NULL, 'w'},
        {"rolling", required_argument, NULL, 'r'},
        {"holidays", required_argument, NULL, 'H'},
        {"sla", required_argument, NULL, 'S'},
        {"service", required_argument, NULL, 's'},
        {"fee", required_argument, NULL, 'F'},
        {"min-outage", required_argument, NULL, 'O'},
        {"help", no_argument, NULL, 'h'},        {NULL, 0, NULL, 0},
    };
    int64_t *holidays = NULL;
    struct eval_commitment cm = {NULL, NULL, NULL, NAN, 0, 0, NAN};
    const char *sla_path = NULL;
    struct sla_terms terms;
    bool have_terms = false;
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
        case 'w':
            if (!strcmp(optarg, "month"))
                p.window = WINDOW_MONTH;
            else if (!strcmp(optarg, "quarter"))
                p.window = WINDOW_QUARTER;
            else if (!strcmp(optarg, "year"))
                p.window = WINDOW_YEAR;
            else {
                free(holidays);
                return msg_usage("eval", "--window '%s' is not month, quarter or year", optarg);
            }
            break;
        case 'r': {
            char *end;
            errno = 0;
            long days = strtol(optarg, &end, 10);
            if (errno || *end || end == optarg || days < 1 || days > 3660) {
                free(holidays);
                return msg_usage("eval", "--rolling '%s' is not a number of days (1-3660)",
                                 optarg);
            }
            p.window = WINDOW_ROLLING;
            p.rolling_days = (int)days;
            break;
        }
        case 'H': {
            const char *why = NULL;
            free(holidays);
            holidays = NULL;
            enum sl_status hs = coverage_parse_holidays(optarg, &holidays, &p.nholidays, &why);
            if (hs)
                return msg_usage("eval", "--holidays '%s': %s", optarg,
                                 why ? why : "out of memory");
            p.holidays = holidays;
            break;
        }
        case 'S':
            sla_path = optarg;
            break;
        case 's':
            cm.service = optarg;
            break;
        case 'F':
        case 'O': {
            char *end;
            errno = 0;
            double v = strtod(optarg, &end);
            if (errno || *end || end == optarg || !(v >= 0) || v > 1e15) {
                free(holidays);
                return msg_usage("eval", "--%s '%s' is not a number", c == 'F' ? "fee" : "min-outage",
                                 optarg);
            }
            if (c == 'F')
                cm.monthly_fee = v;
            else
                cm.min_outage_seconds = (int64_t)(v * 60.0);
            break;
        }
        case 'h':
            free(holidays);
            return cli_help(help);
        default:
            free(holidays);
            return msg_usage("eval", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (sla_path && !p.entity) {
        free(holidays);
        return msg_usage("eval", "--sla needs --entity: the entity the SLA applies to");
    }
    if (sla_path) {
        if ((rc = read_terms(sla_path, &terms))) {
            free(holidays);
            return rc;
        }
        have_terms = true;
        cm.entity = p.entity;
        cm.terms = &terms;
        p.commitments = &cm;
        p.ncommitments = 1;
    }
    rc = eval_command(cli, &p, from, to, month, argc, argv);
    if (have_terms)
        sla_terms_release(&terms);
    free(holidays);
    return rc;
}
