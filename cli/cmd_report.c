/* cmd_report.c — `slaudit report`: the monthly operations workbook. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/eval_args.h"
#include "cli/msg.h"
#include "engine/measure/eval.h"
#include "engine/store/store.h"
#include "reports/monthly/report_month.h"
#include "reports/text/tables.h"

static const char help[] =
    "usage: slaudit report [--month YYYY-MM] [--format xlsx|csv|json] [--csv-raw]\n"
    "                      [-o FILE.xlsx|DIR/|-]\n"
    "                      [--entity E] [--sla FILE.json [--service S] [--fee N]]\n"
    "                      [--entity E [--service S] --fee N]\n"
    "                      [--profile team.yaml] [--amber-budgets N]\n"
    "\n"
    "Writes the monthly operations workbook: Summary (per entity: availability\n"
    "against its target in red/amber/green, the change from the month before in\n"
    "availability, incidents and MTTR, availability year to date, incidents by\n"
    "severity, MTTA and MTTR with their medians, SLA credits due, findings; the\n"
    "top findings), Charts (per entity: the availability trend of its services\n"
    "over 12 months with their targets, incidents by severity per month; TTR\n"
    "median/p90/max, in hours past 300 minutes; the error budget, naming its\n"
    "measure), Daily (a status strip per service, a cell a day coloured by its\n"
    "worst status; the error-budget burn-down of each service by day),\n"
    "Availability (service x month, coloured against each service's target, its\n"
    "row labels on every printed page), Incidents (every incident of the month\n"
    "with its durations; continued on 'Incidents (2)' past Excel's row limit),\n"
    "Responders (with on-call shifts: pages per on-call primary, outside working\n"
    "hours 09:00-18:00 Mon-Fri in --tz, pages per shift), SLA (attainment,\n"
    "margin, credit tier and its line, credit, claim deadline, chronic failure,\n"
    "per commitment and window), Latency (probe latency p50/p95/p99 per service\n"
    "and the profile's latency objective, when probes state a latency), Findings\n"
    "(the audit rules run for each entity over the month), Compare (the entities\n"
    "side by side), Decision, Decision arithmetic and Decision evidence (with\n"
    "--profile: a one-page memo, then its figures), Sources (each input file with its\n"
    "SHA-256 and counts), Definitions (every formula and setting used), Chart\n"
    "data and Daily data.\n"
    "Months are calendar months in --tz (default UTC). Without --month: the last\n"
    "complete month of the stored data. The file is written under a temporary\n"
    "name and renamed, so a failed run leaves no partial workbook; the same store\n"
    "and command give a byte-identical file. A summary table is printed unless -q.\n"
    "\n"
    "  --month M       the report month, YYYY-MM\n"
    "  --format F      xlsx (default), or csv or json: the tables summary,\n"
    "                  availability, incidents, sla, latency, daily, findings and\n"
    "                  sources, in seconds and fractions\n"
    "  -o PATH         xlsx: the workbook, or a directory (ending in /) to write\n"
    "                  ops-report-YYYY-MM.xlsx into; default ./ops-report-YYYY-MM.xlsx\n"
    "                  csv, json: a directory for NAME.csv or NAME.json, or - (the\n"
    "                  default) for every table on standard output\n"
    "  --csv-raw       csv: text cells as they are; by default a cell beginning with\n"
    "                  = + - @ tab or CR (a spreadsheet would run it as a formula)\n"
    "                  is written as '=... in quotes (docs/reports.md)\n"
    "  --profile FILE  a team profile (see slaudit decide): adds the Decision sheets,\n"
    "                  measured over the three months ending with the report month\n"
    "  --amber-budgets N  colours: green at or above the target, amber short of it\n"
    "                  by up to N error budgets (1 - A <= N x (1 - target)), red\n"
    "                  beyond; grey: insufficient coverage (default 2)\n"
    "The evaluation options, as for slaudit eval:\n" EVAL_ARGS_HELP "\n"
    "Examples:\n"
    "  slaudit report --month 2026-10 -o out/\n"
    "  slaudit report --month 2026-10 --entity provider:nimbus --sla nimbus.json --fee 10000\n"
    "  slaudit report --month 2026-10 --format csv -o tables/\n";

int
cmd_report(struct cli *cli, int argc, char **argv)
{
    static const struct option own[] = {
        {"month", required_argument, NULL, 'm'},
        {"output", required_argument, NULL, 'o'},
        {"format", required_argument, NULL, 'f'},
        {"profile", required_argument, NULL, 'p'},
        {"csv-raw", no_argument, NULL, 'R'},
        {"amber-budgets", required_argument, NULL, 1001}, /* the colours: sheet.h */
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct option longopts[EVAL_ARGS_MAX_OPTIONS];
    struct eval_args args;
    struct eval_params p;
    const char *month = NULL, *output = NULL, *format = "xlsx", *profile = NULL;
    int c, rc = 0, year, mon;
    bool csv_raw = false;
    double amber_budgets = REPORT_AMBER_BUDGETS;
    eval_args_longopts(own, longopts, EVAL_ARGS_MAX_OPTIONS);
    eval_args_init(&args);
    eval_default_params(&p);
    p.zone = cli->zone;
    optind = 1;
    opterr = 0;
    while (!rc && (c = getopt_long(argc, argv, "ho:", longopts, NULL)) != -1) {
        if ((rc = eval_args_option(&args, &p, "report", c, optarg)) >= 0)
            continue;
        rc = 0;
        switch (c) {
        case 'm':
            month = optarg;
            break;
        case 'o':
            output = optarg;
            break;
        case 'f':
            format = optarg;
            break;
        case 'p':
            profile = optarg;
            break;
        case 'R':
            csv_raw = true;
            break;
        case 1001: {
            char *end;
            errno = 0;
            amber_budgets = strtod(optarg, &end);
            if (errno || end == optarg || *end || !(amber_budgets >= 1) || amber_budgets > 1000)
                rc = msg_usage("report",
                               "--amber-budgets '%s' is a number of error budgets, 1 to 1000",
                               optarg);
            break;
        }
        case 'h':
            eval_args_release(&args);
            return cli_help(help);
        default:
            rc = msg_usage("report", "unknown option or missing value '%s'", argv[optind - 1]);
        }
    }
    if (!rc && optind < argc)
        rc = msg_usage("report", "unexpected argument '%s'", argv[optind]);
    if (!rc && month && window_parse_month(month, &year, &mon))
        rc = msg_usage("report", "--month '%s' is not YYYY-MM", month);
    bool tables = strcmp(format, "xlsx") != 0;
    enum table_format table_format = strcmp(format, "json") == 0 ? TABLE_JSON
                                     : csv_raw                   ? TABLE_CSV_RAW
                                                                 : TABLE_CSV;
    if (!rc && csv_raw && strcmp(format, "csv") != 0)
        rc = msg_usage("report", "--csv-raw goes with --format csv");
    if (!rc && tables && strcmp(format, "csv") != 0 && strcmp(format, "json") != 0)
        rc = msg_usage("report", "--format '%s' is not xlsx, csv or json", format);
    if (!rc)
        rc = eval_args_finish(&args, &p, "report");
    if (rc) {
        eval_args_release(&args);
        return rc;
    }
    const char *table_dir = tables && output && strcmp(output, "-") != 0 ? output : NULL;
    if (table_dir && (rc = cli_check_table_dir("report", format, table_dir))) {
        eval_args_release(&args);
        return rc;
    }

    struct store *st = NULL;
    struct report_month_result res = {0};
    if ((rc = cli_open_store_for(cli, STORE_READ, &st)) ||
        (rc = cli_check_known(cli, st, p.entity, args.commitment.service)))
        goto out;
    struct window w;
    if (month)
        w = window_month(year, mon, cli->zone);
    else if ((rc = cli_last_complete_month(cli, st, &w)))
        goto out;
    struct report_month_request req = {
        .month = w,
        .params = &p,
        .tables = tables,
        .table_format = table_format,
        .output = tables ? table_dir : output,
        .stream = stdout,
        .profile = profile,
        .amber_budgets = amber_budgets,
        .zone = cli->zone,
        .version = SLAUDIT_VERSION,
        .command_line = cli->command_line,
    };
    struct sl_diag diag = {0};
    if (tables && !table_dir && table_format != TABLE_JSON)
        msg_stdout_data();
    enum sl_status s = report_month_run(st, &req, &res, &diag);
    cli_decide_notes(cli, &res.decision);
    if (!s)
        cli_warn_twin_names(&res.eval);
    if (s)
        rc = msg_diag(s, &diag);
    else if (tables && table_dir && !msg_quiet())
        printf("wrote summary, availability, incidents, sla, findings and sources .%s in %s\n",
               format, table_dir);
    else if (!tables && !msg_quiet()) {
        cli_print_eval_table(&res.eval, true, &w);
        cli_print_contract_table(&res.eval, &w);
        printf("\nwrote %s\n", res.path);
    }
out:
    report_month_release(&res);
    store_close(st);
    eval_args_release(&args);
    return rc;
}
