/* cmd_report.c — `slaudit report`: the monthly operations workbook. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/eval_args.h"
#include "cli/msg.h"
#include "engine/audit/audit_entities.h"
#include "engine/decide/decide_case.h"
#include "engine/measure/eval.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "reports/books/decision.h"
#include "reports/monthly/report.h"
#include "reports/text/tables.h"

static const char help[] =
    "usage: slaudit report [--month YYYY-MM] [--format xlsx|csv|json] [-o FILE.xlsx|DIR/|-]\n"
    "                      [--entity E] [--sla FILE.json [--service S] [--fee N]]\n"
    "                      [--profile team.yaml]\n"
    "\n"
    "Writes the monthly operations workbook: Summary (per entity: availability\n"
    "against its target in red/amber/green, incidents by severity, MTTA and MTTR\n"
    "with their medians, SLA credits due, findings; the top findings), Charts\n"
    "(availability trend per service over 12 months, incidents by severity per\n"
    "month, TTR median/p90/max, error budget), Availability (service x month,\n"
    "coloured against each service's target), Incidents (every incident of the\n"
    "month with its durations; continued on 'Incidents (2)' past Excel's row\n"
    "limit), SLA (attainment, margin, credit tier and its line, credit, claim\n"
    "deadline, chronic failure, per commitment and window), Findings (the audit\n"
    "rules run for each entity over the month), Compare (the entities side by\n"
    "side), Decision (with --profile), Sources (each input file with its SHA-256\n"
    "and counts), Definitions (every formula and setting used) and Chart data.\n"
    "Months are calendar months in --tz (default UTC). Without --month: the last\n"
    "complete month of the stored data. The file is written under a temporary\n"
    "name and renamed, so a failed run leaves no partial workbook; the same store\n"
    "and command give a byte-identical file. A summary table is printed unless -q.\n"
    "\n"
    "  --month M       the report month, YYYY-MM\n"
    "  --format F      xlsx (default), or csv or json: the tables summary,\n"
    "                  availability, incidents, sla, findings and sources, in\n"
    "                  seconds and fractions\n"
    "  -o PATH         xlsx: the workbook, or a directory (ending in /) to write\n"
    "                  ops-report-YYYY-MM.xlsx into; default ./ops-report-YYYY-MM.xlsx\n"
    "                  csv, json: a directory for NAME.csv or NAME.json, or - (the\n"
    "                  default) for every table on standard output\n"
    "  --profile FILE  a team profile (see slaudit decide): adds the Decision sheet,\n"
    "                  measured over the three months ending with the report month\n"
    "The evaluation options, as for slaudit eval:\n" EVAL_ARGS_HELP "\n"
    "Examples:\n"
    "  slaudit report --month 2026-10 -o out/\n"
    "  slaudit report --month 2026-10 --entity provider:nimbus --sla nimbus.json --fee 10000\n"
    "  slaudit report --month 2026-10 --format csv -o tables/\n";

/* The input files behind the report, copied out of the store for the Sources
 * sheet (the store's strings live only as long as its callback). */
struct sources {
    struct report_source *v;
    char *(*owned)[3]; /* the strings of v[i], as owned pointers */
    size_t n, cap;
    bool nomem;
};

static int
collect_source(void *ctx, const struct source_info *src)
{
    struct sources *s = ctx;
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        struct report_source *grown = realloc(s->v, cap * sizeof *grown);
        if (grown)
            s->v = grown;
        char *(*owned)[3] = grown ? realloc(s->owned, cap * sizeof *owned) : NULL;
        if (!owned) {
            s->nomem = true;
            return 1;
        }
        s->owned = owned;
        s->cap = cap;
    }
    char **own = s->owned[s->n];
    own[0] = strdup(src->path ? src->path : "");
    own[1] = strdup(src->sha256 ? src->sha256 : "");
    own[2] = strdup(src->format ? src->format : "");
    struct report_source *d = &s->v[s->n];
    *d = (struct report_source){
        .path = own[0],
        .sha256 = own[1],
        .format = own[2],
        .bytes = src->bytes,
        .read = src->counts.read,
        .stored = src->counts.stored,
        .rejected = src->counts.rejected,
        .duplicates = src->counts.duplicates,
    };
    s->n++;
    if (!d->path || !d->sha256 || !d->format) {
        s->nomem = true;
        return 1;
    }
    return 0;
}

static void
sources_release(struct sources *s)
{
    for (size_t i = 0; i < s->n; i++)
        for (int k = 0; k < 3; k++)
            free(s->owned[i][k]);
    free(s->owned);
    free(s->v);
}

/* The path to write: PATH itself, or DIR/ops-report-YYYY-MM.xlsx. */
static int
output_path(const char *arg, const struct window *month, char *out, size_t size)
{
    char name[64];
    snprintf(name, sizeof name, "ops-report-%04d-%02d.xlsx", month->year, month->month);
    struct stat sb;
    size_t n = arg ? strlen(arg) : 0;
    bool dir = arg && ((n && arg[n - 1] == '/') || (!stat(arg, &sb) && S_ISDIR(sb.st_mode)));
    if (!arg)
        snprintf(out, size, "%s", name);
    else if (!dir)
        snprintf(out, size, "%s", arg);
    else {
        if (mkdir(arg, 0777) && errno != EEXIST)
            return msg_error(SL_EXIT_REPORT, arg, 0, "cannot create the directory: %s",
                             strerror(errno));
        snprintf(out, size, "%s%s%s", arg, arg[n - 1] == '/' ? "" : "/", name);
    }
    return 0;
}

/* The Incidents sheet's rows, read from the store one at a time while the
 * sheet is written, so the workbook never holds the month's incidents. */
struct listed_incidents {
    struct store *st;
    const struct eval_params *p;
};

static enum sl_status
each_listed_incident(void *src, eval_incident_fn fn, void *ctx, struct sl_diag *diag)
{
    const struct listed_incidents *l = src;
    return eval_each_listed_incident(l->st, l->p, fn, ctx, diag);
}

int
cmd_report(struct cli *cli, int argc, char **argv)
{
    static const struct option own[] = {
        {"month", required_argument, NULL, 'm'},  {"output", required_argument, NULL, 'o'},
        {"format", required_argument, NULL, 'f'}, {"profile", required_argument, NULL, 'p'},
        {"help", no_argument, NULL, 'h'},         {NULL, 0, NULL, 0},
    };
    struct option longopts[EVAL_ARGS_MAX_OPTIONS];
    struct eval_args args;
    struct eval_params p;
    const char *month = NULL, *output = NULL, *format = "xlsx", *profile = NULL;
    int c, rc = 0, year, mon;
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
    enum table_format table_format = strcmp(format, "json") == 0 ? TABLE_JSON : TABLE_CSV;
    if (!rc && tables && strcmp(format, "csv") != 0 && strcmp(format, "json") != 0)
        rc = msg_usage("report", "--format '%s' is not xlsx, csv or json", format);
    if (!rc)
        rc = eval_args_finish(&args, &p, "report");
    if (rc) {
        eval_args_release(&args);
        return rc;
    }
    const char *table_dir = tables && output && strcmp(output, "-") != 0 ? output : NULL;

    struct store *st = NULL;
    struct sources sources = {0};
    struct audit_entities audits = {NULL, NULL, 0};
    struct decide_case decision = {0};
    struct report_decision report_decision;
    bool have_result = false;
    struct eval_result r;
    if ((rc = cli_open_store(cli, &st)))
        goto out;
    struct window w;
    if (month)
        w = window_month(year, mon, cli->zone);
    else if ((rc = cli_last_complete_month(cli, st, &w)))
        goto out;

    /* Up to twelve months ending at the report month, for the trend columns;
     * months before the data begins say nothing and are left out. */
    struct window first = w;
    int64_t data_first, data_last;
    struct sl_diag diag = {0};
    enum sl_status s = store_data_span(st, &data_first, &data_last, &diag);
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    for (int i = 0; i < 11 && data_first != SLTIME_NONE && first.start > data_first; i++)
        first = window_month_prev(&first, cli->zone);
    p.from = first.start;
    p.to = w.end;
    /* The workbook streams the month's incidents from the store (below); the
     * tables take them from the evaluation. */
    p.list_incidents = tables;
    p.list_from = w.start;
    p.list_to = w.end;

    char path[4096];
    if (table_dir && mkdir(table_dir, 0777) && errno != EEXIST) {
        rc = msg_error(SL_EXIT_REPORT, table_dir, 0, "cannot create the directory: %s",
                       strerror(errno));
        goto out;
    }
    if (!tables && (rc = output_path(output, &w, path, sizeof path)))
        goto out;
    s = store_each_source(st, collect_source, &sources, &diag);
    if (!s && sources.nomem)
        s = diag_set(&diag, SL_ERR_NOMEM, "", 0, "out of memory for the list of sources");
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    s = eval_run(st, &p, &r, &diag);
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    have_result = true;
    struct report_info info = {
        .version = SLAUDIT_VERSION,
        .command_line = cli->command_line,
        .zone = cli->zone,
        .month = w,
        .sources = sources.v,
        .nsources = sources.n,
    };
    s = audit_entities_run(st, &r, &w, cli->zone, &audits, &diag);
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    info.audits = audits.v;
    info.naudits = audits.n;
    if (tables) {
        s = report_tables_write(table_format, table_dir, stdout, &r, &info, &diag);
        if (s)
            rc = msg_diag(s, &diag);
        else if (table_dir && !msg_quiet())
            printf("wrote summary, availability, incidents, sla, findings and sources .%s in %s\n",
                   format, table_dir);
        goto out;
    }
    if (profile) {
        struct window from = w;
        for (int i = 0; i < 2; i++)
            from = window_month_prev(&from, cli->zone);
        struct sl_diag ddiag = {0};
        enum sl_status built =
            decide_case_build(&decision, st, profile, from.start, w.end, cli->zone, &ddiag);
        cli_decide_notes(cli, &decision);
        if (built) {
            rc = msg_diag(built, &ddiag);
            goto out;
        }
        report_decision =
            report_decision_of(&decision, cli->zone, SLAUDIT_VERSION, cli->command_line);
        info.decision = &report_decision;
    }
    struct listed_incidents listed = {st, &p};
    struct report_incidents incidents = {r.nlisted, each_listed_incident, &listed};
    info.incidents = &incidents;
    s = report_monthly_write(path, &r, &info, &diag);
    if (s) {
        rc = msg_diag(s, &diag);
    } else if (!msg_quiet()) {
        cli_print_eval_table(&r, true, &w);
        cli_print_contract_table(&r);
        printf("\nwrote %s\n", path);
    }
out:
    if (have_result)
        eval_result_release(&r);
    decide_case_release(&decision);
    audit_entities_release(&audits);
    sources_release(&sources);
    store_close(st);
    eval_args_release(&args);
    return rc;
}
