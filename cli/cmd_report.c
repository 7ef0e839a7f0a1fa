/* cmd_report.c — `slaudit report`: the monthly operations workbook. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/decide_run.h"
#include "cli/eval_args.h"
#include "cli/msg.h"
#include "engine/audit/audit.h"
#include "engine/measure/eval.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
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

/* The audits of the report month, for the Findings sheet and the Summary's
 * top findings. Their findings are held until the workbook is written, and a
 * month can hold tens of thousands per entity, so each audit's are kept
 * compactly: v[i].findings.v is strings[i]'s copy (see compact_findings). */
struct month_audits {
    struct audit_result *v;
    char **strings;
    size_t n;
};

/* Copies s to base + *at, advancing *at, unless it equals prev (the previous
 * finding's), which is returned instead; base NULL only counts the bytes. */
static char *
pack(char *s, char *prev, char *base, size_t *at)
{
    if (!s || (prev && !strcmp(s, prev)))
        return s ? prev : NULL;
    size_t len = strlen(s) + 1;
    char *copy = base ? memcpy(base + *at, s, len) : NULL;
    *at += len;
    return copy;
}

/* Packs the strings of v[0..n) into base (NULL: counts them); returns the
 * bytes. An entity, service or zone equal to the previous finding's is kept
 * once. */
static size_t
pack_findings(struct finding *v, size_t n, char *base)
{
    size_t at = 0;
    char *entity = NULL, *service = NULL, *zone = NULL;
    for (size_t i = 0; i < n; i++) {
        struct finding *f = &v[i];
        char *e = pack(f->entity, entity, base, &at), *sv = pack(f->service, service, base, &at);
        char *z = pack(f->zone, zone, base, &at);
        zone = f->zone ? (base ? z : f->zone) : zone;
        char *subject = pack(f->subject, NULL, base, &at);
        char *message = pack(f->message, NULL, base, &at);
        entity = base ? e : f->entity;
        service = f->service ? (base ? sv : f->service) : service;
        if (base) {
            f->entity = e;
            f->service = sv;
            f->subject = subject;
            f->message = message;
            f->zone = z;
        }
    }
    return at;
}

/* Replaces the findings of ar by a compact copy whose strings are *strings:
 * the evidence is let go (the sheets show only its count, nevidence, which
 * stays; `slaudit audit` lists it) and the strings share one block. About a
 * third of the memory. */
static enum sl_status
compact_findings(struct audit_result *ar, char **strings)
{
    struct findings *fs = &ar->findings;
    size_t n = fs->n, bytes = pack_findings(fs->v, n, NULL);
    *strings = NULL;
    if (n == 0)
        return SL_OK;
    struct finding *v = malloc(n * sizeof *v);
    char *block = malloc(bytes ? bytes : 1);
    if (!v || !block) {
        free(v);
        free(block);
        return SL_ERR_NOMEM;
    }
    memcpy(v, fs->v, n * sizeof *v);
    pack_findings(v, n, block);
    for (size_t i = 0; i < n; i++)
        v[i].evidence = NULL;
    findings_release(fs);
    *fs = (struct findings){.v = v, .n = n, .alloc = n};
    *strings = block;
    return SL_OK;
}

static void
month_audits_release(struct month_audits *a)
{
    for (size_t i = 0; i < a->n; i++) {
        if (a->strings[i]) { /* compact: the findings are not the audit's own */
            free(a->v[i].findings.v);
            free(a->strings[i]);
            a->v[i].findings = (struct findings){.v = NULL};
        }
        audit_result_release(&a->v[i]);
    }
    free(a->v);
    free(a->strings);
}

static int
run_audits(const struct cli *cli, struct store *st, const struct eval_result *r,
           const struct window *w, struct month_audits *out)
{
    struct sl_diag diag = {0};
    out->v = calloc(r->nrows + 1, sizeof *out->v);
    out->strings = calloc(r->nrows + 1, sizeof *out->strings);
    out->n = 0;
    if (!out->v || !out->strings)
        return msg_error(SL_EXIT_INPUT, NULL, 0, "out of memory");
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if (row->service || row->window.start != w->start || row->window.end != w->end)
            continue;
        struct audit_params ap = {row->entity, w->start, w->end, cli->zone};
        enum sl_status s = audit_run(st, &ap, &out->v[out->n], &diag);
        if (s)
            return msg_diag(s, &diag);
        s = compact_findings(&out->v[out->n], &out->strings[out->n]);
        out->n++;
        if (s)
            return msg_error(SL_EXIT_INPUT, NULL, 0, "out of memory for the findings");
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
    struct month_audits audits = {NULL, NULL, 0};
    struct decide_run decision = {0};
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
    if ((rc = run_audits(cli, st, &r, &w, &audits)))
        goto out;
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
        if ((rc = decide_run_build(&decision, cli, st, profile, from.start, w.end)))
            goto out;
        info.decision = &decision.report;
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
    decide_run_release(&decision);
    month_audits_release(&audits);
    sources_release(&sources);
    store_close(st);
    eval_args_release(&args);
    return rc;
}
