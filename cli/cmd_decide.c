/* cmd_decide.c — `slaudit decide`: managed, self-managed or hybrid, from a
 * team profile and the measured operations of the team and its candidate
 * providers. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/decide/decide.h"
#include "engine/decide/decide_case.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "engine/decide/team_profile.h"
#include "reports/books/decision.h"

static const char help[] =
    "usage: slaudit decide --profile FILE [--from DATE --to DATE] [--json] [-o FILE.xlsx]\n"
    "\n"
    "Chooses the operating model — managed, self-managed or hybrid — from the team\n"
    "profile (team type, staffing, on-call rotation, workloads, costs) and what the\n"
    "store measured for the team and each candidate provider over the period:\n"
    "expected availability and downtime a month, incident engineer-hours, pages per\n"
    "engineer by business / off / sleep hours, whether the rotation is sustainable,\n"
    "and the total cost of operations a month with its arithmetic. Every reason cites\n"
    "a measured number or a profile fact. The guide's rules (production, regulated,\n"
    "capacity needed fast, product and small teams to managed) are never overturned\n"
    "by price, only by measured evidence the output names. Below a check's evidence\n"
    "minimum (28 days, 95 % monitored, 10 incidents) it says not enough evidence and\n"
    "what to measure, for how long. With nothing measured in the period it decides\n"
    "from the profile alone and says so, or exits 3 when the profile sets\n"
    "decision.require_measured_data. The rules apply per workload; an option that\n"
    "cannot offer what a workload needs (an air gap, a sovereign site, custom\n"
    "hardware) is excluded, and a profile may list no provider. docs/decide.md has\n"
    "every rule, formula and limit.\n"
    "\n"
    "  --profile FILE  team.yaml (or .json); fields in docs/decide.md\n"
    "  --from DATE     first day measured, YYYY-MM-DD, a local day of the profile's zone\n"
    "                  (default: the three complete months before the end of the data)\n"
    "  --to DATE       the day after the last measured: exactly [from, to) in that zone\n"
    "  -o FILE.xlsx    also write the decision workbook: a one-page memo first\n"
    "  --json          {\"recommendation\", \"reasons\": [...], \"options\": [...], ...}\n"
    "\n"
    "Example:\n"
    "  slaudit decide --profile sample-data/team.yaml --from 2026-08-01 --to 2026-11-01\n";

/* 297534 as "297,534"; "-" when unknown. */
static void
print_money(double v, bool complete)
{
    char digits[32], grouped[48];
    if (!isfinite(v)) {
        printf(" %13s", "-");
        return;
    }
    snprintf(digits, sizeof digits, "%.0f", fabs(v));
    size_t n = strlen(digits), o = 0;
    if (v < 0)
        grouped[o++] = '-';
    for (size_t i = 0; i < n; i++) {
        grouped[o++] = digits[i];
        if ((n - i - 1) % 3 == 0 && i + 1 < n)
            grouped[o++] = ',';
    }
    grouped[o] = '\0';
    printf(" %s%*s", complete ? "  " : ">=", 11, grouped);
}

static void
print_num(double v, int width, int decimals)
{
    if (isfinite(v))
        printf(" %*.*f", width, decimals, v);
    else
        printf(" %*s", width, "-");
}

/* The risk and one-off rows beside the operations' total (docs/decide.md
 * §5.1), or why none applies. */
static void
print_risk(const struct decide_result *r, const struct team_profile *p)
{
    bool ramp = !isnan(p->capacity_needed_weeks) && p->capacity_needed_weeks < p->ramp_weeks;
    if (!ramp && !p->regulated) {
        printf("\nRisk and one-off rows: none apply (workloads not regulated; capacity %s)\n",
               isnan(p->capacity_needed_weeks) ? "not pressing"
                                               : "needed after the self-managed ramp ends");
        return;
    }
    printf("\nCost comparison with risk and one-off rows (a month; the totals above include "
           "them):\n");
    printf("  %-58s %13s %13s %13s %13s\n", "option", "operations", "ramp loss", "compliance",
           "total");
    for (size_t i = 0; i < r->noptions; i++) {
        const struct decide_option *o = &r->options[i];
        printf("%c %-58.58s", i == r->recommended_option ? '*' : ' ', o->label);
        print_money(o->cost.operations, true);
        print_money(o->cost.ramp_loss, true);
        print_money(o->cost.compliance_risk, true); /* "-": not priced or not measured */
        print_money(o->cost.total, o->cost.complete);
        putchar('\n');
    }
    if (ramp)
        printf("  ramp loss: capacity is needed within %.0f weeks and the self-managed ramp "
               "takes %.0f: %.0f weeks of research lost once, at costs.lost_research_hour, spread "
               "over %.0f months\n",
               p->capacity_needed_weeks, p->ramp_weeks, p->ramp_weeks - p->capacity_needed_weeks,
               p->ramp_horizon_months);
    if (p->regulated)
        printf("  compliance: the team's audit findings a month x the share of operations it "
               "keeps x costs.audit_finding (%s)\n",
               p->audit_finding <= 0                      ? "not given: not priced"
               : isnan(r->options[0].cost.findings_month) ? "priced, but the team's findings are "
                                                            "not measured: left out"
                                                          : "priced, findings measured");
}

static void
print_text(const struct report_decision *d)
{
    const struct decide_result *r = d->result;
    const struct team_profile *p = d->profile;
    char period[200];
    report_decision_period(d, period, sizeof period);
    char workloads[1024];
    report_decision_workloads(d, workloads, sizeof workloads);
    printf("Decision for %s (%s)\n%s\nWorkloads: %s\n\n", p->entity,
           p->name ? p->name : d->profile_path, period, workloads);
    char headline[400];
    report_decision_headline(d, headline, sizeof headline);
    printf("Recommendation: %s\n  option: %s\n", headline, r->options[r->recommended_option].label);
    if (!r->measured_any)
        printf("Guide's answer: %s, from the profile alone: nothing was measured in the period, "
               "so no measurement backs it\n\n",
               decide_model_name(r->default_model));
    else
        printf("Guide's answer: %s; measured data %s\n\n", decide_model_name(r->default_model),
               r->provisional  ? "is not enough evidence to confirm or overturn it"
               : r->overturned ? "OVERTURNS it"
                               : "does not overturn it");
    printf("Reasons:\n");
    for (size_t i = 0; i < r->nreasons; i++)
        printf("  %zu. [%s; %s] %s\n", i + 1, r->reasons[i].rule, r->reasons[i].basis,
               r->reasons[i].text);

    printf("\nOptions (a month; costs in %s):\n",
           p->currency ? p->currency : "the profile's currency");
    printf("  %-58s %9s %7s %7s %8s %16s %-15s %5s %13s\n", "option", "avail", "down_h", "inc",
           "eng_h", "pages/eng b/o/s", "rotation", "ok", "total");
    for (size_t i = 0; i < r->noptions; i++) {
        const struct decide_option *o = &r->options[i];
        printf("%c %-58.58s", i == r->recommended_option ? '*' : ' ', o->label);
        /* A hybrid's is its production part's, known when the provider's is. */
        if (isfinite(o->availability))
            printf(" %8.3f%%", 100.0 * o->availability);
        else
            printf(" %9s", "unknown");
        print_num(o->downtime_hours_month, 7, 2);
        print_num(o->incidents_month, 7, 1);
        print_num(o->engineer_hours_month, 8, 1);
        char pages[40] = "-";
        if (isfinite(o->pages_per_engineer_month[0]))
            snprintf(pages, sizeof pages, "%.1f/%.1f/%.1f", o->pages_per_engineer_month[0],
                     o->pages_per_engineer_month[1], o->pages_per_engineer_month[2]);
        printf(" %16s %-15s %5s", pages,
               !o->rotation.applies      ? "provider's"
               : !o->rotation.known      ? "not measured"
               : o->rotation.sustainable ? "sustainable"
                                         : "unsustainable",
               o->eligible ? "yes" : "no");
        print_money(o->cost.total, o->cost.complete);
        putchar('\n');
        if (o->model == DECIDE_HYBRID && isfinite(o->research_availability))
            printf("  %-58s %8.3f%% %7.2f   (research part, on the team)\n", "",
                   100.0 * o->research_availability, o->research_downtime_hours_month);
        else if (o->model == DECIDE_HYBRID)
            printf("  %-58s %9s %7s   (research part, on the team)\n", "", "unknown", "-");
    }
    print_risk(r, p);
    printf("\nCost arithmetic (total cost of operations a month):\n");
    for (size_t i = 0; i < r->noptions; i++)
        printf("  %s: %s\n", r->options[i].label, r->options[i].cost.arithmetic);
    printf("\nConstraints:\n");
    for (size_t i = 0; i < r->noptions; i++)
        printf("  %s: %s%s%s\n", r->options[i].label,
               !r->options[i].eligible   ? r->options[i].ineligible
               : r->options[i].caveat[0] ? "passes every check, but "
                                         : "meets every constraint",
               r->options[i].eligible ? r->options[i].caveat : "",
               !r->options[i].eligible && !r->measured_any ? " (nothing measured)" : "");
    for (size_t i = 0; i < r->noptions; i++)
        if (r->options[i].partial[0])
            printf("  %s: measured on a partial record: %s\n", r->options[i].label,
                   r->options[i].partial);
    printf("\nReadiness to run operations (the guide's four conditions, for the part the team "
           "would run):\n");
    for (size_t i = 0; i < DECIDE_READINESS_COUNT; i++) {
        const struct decide_readiness *c = &r->readiness[i];
        printf("  %-44s %-12s %s\n", c->condition,
               c->met == DECIDE_CHECK_YES    ? "met"
               : c->met == DECIDE_CHECK_NO   ? "NOT MET"
               : c->met == DECIDE_CHECK_THIN ? "too thin"
                                             : "not measured",
               c->evidence);
    }
    printf("\nEvidence each measured check needs: a period of at least %d days; for "
           "availability, at least %.0f %% of service time monitored; for the share "
           "acknowledged and the load and toil rules, at least %d incidents on record. Below "
           "it a check says not enough evidence, never pass or fail.\n",
           DECIDE_MIN_DAYS, 100.0 * DECIDE_COVERAGE_FULL, DECIDE_MIN_INCIDENTS);
    printf("\nWhat would change the answer (each found by re-running the decision on the "
           "changed input):\n");
    for (size_t i = 0; i < r->nchanges; i++)
        printf("  %s\n", r->changes[i].text);
    printf("\nOn-call rotation (self-managed): %s\n", r->options[0].rotation.why);
    printf("  Rule (Google SRE book, 'Being On-Call', 'Eliminating Toil'): engineers >= "
           "ceil(2 x hours covered a week / (168 x 25 %%)),\n"
           "  at most 2 incidents per 12-hour shift, operations at most 50 %% of platform "
           "engineers' time.\n");
    printf("  Pages: one per incident at its start in %s; business Mon-Fri 08-18, off Mon-Fri "
           "18-22 and weekends 08-22, sleep 22-08 (PagerDuty).\n",
           p->zone ? p->zone : (d->zone ? d->zone : "UTC"));

    printf("\nOutsource / keep boundary:\n");
    printf("  %-36s %-10s %-40s %s\n", "operation", "layer", "who runs it", "the team now");
    for (size_t i = 0; i < DECIDE_BOUNDARY_COUNT; i++) {
        const struct decide_boundary *b = &r->boundary[i];
        printf("  %-36s %-10s %-40s %s\n", b->operation, b->layer, b->owner, b->evidence);
    }
}

/* The three calendar months ending with the last complete month of stored
 * data, as local days: the case counts them in the profile's zone. */
static int
default_period(const struct cli *cli, struct store *st, int64_t *first_day, int64_t *end_day)
{
    struct window w;
    int rc = cli_last_complete_month(cli, st, &w);
    if (rc)
        return rc;
    decide_months(w.year, w.month, 3, first_day, end_day);
    return 0;
}

/* A date, YYYY-MM-DD, as its day number: the period is whole local days of
 * the profile's zone, so a time of day or an offset has no meaning here. */
static int
parse_day(const char *option, const char *text, int64_t *day)
{
    int64_t t;
    bool had_offset;
    const char *why = "not a date";
    if (sltime_parse(text, strlen(text), NULL, &t, &had_offset, &why) != SL_OK || t == SLTIME_NONE)
        return msg_usage("decide", "%s '%s': %s (expected YYYY-MM-DD)", option, text, why);
    if (had_offset || t % 86400 != 0)
        return msg_usage("decide",
                         "%s '%s': a date is expected (YYYY-MM-DD): the period is whole days "
                         "in the profile's zone",
                         option, text);
    *day = t / 86400;
    return 0;
}

int
cmd_decide(struct cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"profile", required_argument, NULL, 'p'}, {"from", required_argument, NULL, 'f'},
        {"to", required_argument, NULL, 't'},      {"output", required_argument, NULL, 'o'},
        {"help", no_argument, NULL, 'h'},          {NULL, 0, NULL, 0},
    };
    const char *profile_path = NULL, *from_text = NULL, *to_text = NULL, *output = NULL;
    int c, rc = 0;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "ho:", longopts, NULL)) != -1) {
        switch (c) {
        case 'p':
            profile_path = optarg;
            break;
        case 'f':
            from_text = optarg;
            break;
        case 't':
            to_text = optarg;
            break;
        case 'o':
            output = optarg;
            break;
        case 'h':
            return cli_help(help);
        default:
            return msg_usage("decide", "unknown option or missing value '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return msg_usage("decide", "unexpected argument '%s'", argv[optind]);
    if (!profile_path)
        return msg_usage("decide", "give the team profile with --profile FILE");
    if ((from_text == NULL) != (to_text == NULL))
        return msg_usage("decide", "give both --from and --to");
    int64_t first_day = 0, end_day = 0;
    if (from_text && ((rc = parse_day("--from", from_text, &first_day)) ||
                      (rc = parse_day("--to", to_text, &end_day))))
        return rc;
    if (from_text && end_day <= first_day)
        return msg_usage("decide", "--to must be after --from");

    struct store *st = NULL;
    struct decide_case run;
    memset(&run, 0, sizeof run);
    if ((rc = cli_open_store_for(cli, STORE_READ, &st)))
        goto out;
    if (!from_text && (rc = default_period(cli, st, &first_day, &end_day)))
        goto out;
    struct sl_diag diag = {0};
    enum sl_status built =
        decide_case_build(&run, st, profile_path, first_day, end_day, cli->zone, &diag);
    cli_decide_notes(cli, &run);
    if (built) {
        rc = msg_diag(built, &diag);
        goto out;
    }
    struct report_decision report = report_decision_of(&run, SLAUDIT_VERSION, cli->command_line);
    if (cli->json) {
        struct strbuf sb = STRBUF_INIT;
        enum sl_status s = report_decision_json(&report, &sb);
        if (!s)
            fputs(sb.buf, stdout);
        strbuf_release(&sb);
        if (s) {
            rc = msg_error(sl_exit_code(s), NULL, 0, "%s", sl_strerror(s));
            goto out;
        }
    } else {
        print_text(&report);
    }
    if (output) {
        struct sl_diag wdiag = {0};
        enum sl_status s = report_decision_write(output, &report, &wdiag);
        if (s) {
            rc = msg_diag(s, &wdiag);
            goto out;
        }
        msg_note(output, 0, "decision workbook written");
    }
out:
    decide_case_release(&run);
    store_close(st);
    return rc;
}
