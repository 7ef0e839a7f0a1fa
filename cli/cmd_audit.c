/* cmd_audit.c — `slaudit audit`: compliance findings for one entity and
 * window, printed, as JSON, or as a workbook; exit 1 with --fail-on. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/base/termsafe.h"
#include "engine/audit/audit.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "reports/books/audit_book.h"
#include "reports/text/audit_out.h"
#include "reports/xlsx/sheet_sources.h"

static const char help[] =
    "usage: slaudit audit --entity E --from DATE --to DATE [-o FILE.xlsx]\n"
    "                     [--fail-on SEVERITY] [--json]\n"
    "\n"
    "Runs every rule of the catalog (slaudit rules) that applies to the entity over\n"
    "[--from, --to): its scope (provider or internal team) and the regimes its\n"
    "profile lists decide which. Each finding has the rule, severity, regime,\n"
    "clause, one sentence with the numbers, and evidence rows citing the file and\n"
    "line of each record. The same store gives the same findings in the same order.\n"
    "\n"
    "  --entity E          provider:NAME or team:NAME\n"
    "  --from DATE         first day (YYYY-MM-DD, in --tz)\n"
    "  --to DATE           day after the last (exclusive)\n"
    "  -o FILE.xlsx        write the audit workbook: Cover, Findings, Evidence, Rules,\n"
    "                      Sources\n"
    "  --fail-on SEVERITY  exit 1 when a finding at or above it exists\n"
    "                      (info, low, medium, high, critical)\n"
    "  --json              the findings and each rule's status as one JSON object\n"
    "\n"
    "Exit codes: 0 ok (also with findings when --fail-on is not given), 1 a finding\n"
    "at or above --fail-on, 2 usage, 3 bad input, 4 database, 5 workbook not written.\n"
    "\n"
    "Example:\n"
    "  slaudit audit --entity team:platform --from 2026-08-01 --to 2026-11-01 \\\n"
    "      -o audit.xlsx --fail-on high\n";

static void
print_findings(const struct audit_result *r)
{
    size_t counts[FSEV_COUNT] = {0};
    for (size_t i = 0; i < r->findings.n; i++)
        counts[r->findings.v[i].severity]++;
    for (size_t i = 0; i < r->findings.n; i++) {
        const struct finding *f = &r->findings.v[i];
        char regime[32], message[2048];
        finding_regime_title(f->regime, regime, sizeof regime);
        printf("%-8s %-7s %-6s %s\n", finding_severity_name(f->severity), f->rule_id, regime,
               termsafe_line(f->message, message, sizeof message));
    }
    size_t evaluated = 0, na = 0, nodata = 0, ni = 0;
    for (size_t i = 0; i < r->nrules; i++) {
        enum rule_state s = r->rules[i].state;
        evaluated += s == RULE_EVALUATED;
        na += s == RULE_NOT_APPLICABLE;
        nodata += s == RULE_NO_DATA;
        ni += s == RULE_NOT_IMPLEMENTED;
    }
    printf("%zu findings (%zu critical, %zu high, %zu medium, %zu low, %zu info); rules: %zu "
           "evaluated, %zu without data, %zu not applicable, %zu not implemented\n",
           r->findings.n, counts[FSEV_CRITICAL], counts[FSEV_HIGH], counts[FSEV_MEDIUM],
           counts[FSEV_LOW], counts[FSEV_INFO], evaluated, nodata, na, ni);
}

int
cmd_audit(struct cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"entity", required_argument, NULL, 'e'},
        {"from", required_argument, NULL, 'f'},
        {"to", required_argument, NULL, 't'},
        {"output", required_argument, NULL, 'o'},
        {"fail-on", required_argument, NULL, 'F'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct audit_params p = {0};
    const char *from = NULL, *to = NULL, *output = NULL, *fail_on = NULL;
    enum finding_severity threshold = FSEV_COUNT;
    int c, rc;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "ho:", longopts, NULL)) != -1) {
        switch (c) {
        case 'e':
            p.entity = optarg;
            if ((rc = cli_check_entity_name("audit", "--entity", optarg)))
                return rc;
            break;
        case 'f':
            from = optarg;
            break;
        case 't':
            to = optarg;
            break;
        case 'o':
            output = optarg;
            break;
        case 'F':
            fail_on = optarg;
            break;
        case 'h':
            return cli_help(help);
        default:
            return msg_usage("audit", "unknown option or missing value '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return msg_usage("audit", "unexpected argument '%s'", argv[optind]);
    if (!p.entity || !from || !to)
        return msg_usage("audit", "give --entity, --from and --to");
    if ((strncmp(p.entity, "provider:", 9) || !p.entity[9]) &&
        (strncmp(p.entity, "team:", 5) || !p.entity[5]))
        return msg_usage("audit", "--entity '%s' is not provider:NAME or team:NAME", p.entity);
    if (fail_on && !finding_severity_parse(fail_on, &threshold))
        return msg_usage("audit", "--fail-on '%s' is not info, low, medium, high or critical",
                         fail_on);
    if ((rc = cli_parse_when(cli, "audit", "--from", from, &p.from)) ||
        (rc = cli_parse_when(cli, "audit", "--to", to, &p.to)))
        return rc;
    if (p.to <= p.from)
        return msg_usage("audit", "--to must be after --from");
    p.zone = cli->zone;

    struct store *st;
    if ((rc = cli_open_store_for(cli, STORE_READ, &st)))
        return rc;
    if ((rc = cli_check_known(cli, st, p.entity, NULL))) {
        store_close(st);
        return rc;
    }
    struct audit_result r;
    struct report_sources sources = {0};
    struct sl_diag diag = {0};
    enum sl_status s = audit_run(st, &p, &r, &diag);
    if (!s && output && (s = report_sources_collect(st, &sources, &diag)))
        audit_result_release(&r);
    store_close(st);
    if (s)
        return msg_diag(s, &diag);
    struct audit_book_info info = {SLAUDIT_VERSION, cli->command_line, sources.v, sources.n};
    if (output && (s = audit_book_write(output, &r, &info, &diag))) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    if (cli->json) {
        struct strbuf sb = STRBUF_INIT;
        if ((s = audit_json_write(&r, &sb))) {
            strbuf_release(&sb);
            rc = msg_error(sl_exit_code(s), NULL, 0, "%s", sl_strerror(s));
            goto out;
        }
        fputs(sb.buf, stdout);
        strbuf_release(&sb);
    } else {
        print_findings(&r);
        if (output)
            printf("wrote %s\n", output);
    }
    if (!r.profile_present)
        msg_note(NULL, 0, "no profile stored for %s: regime rules were not applied", p.entity);
    if (fail_on && findings_at_or_above(&r.findings, threshold))
        rc = SL_EXIT_FINDINGS;
out:
    report_sources_release(&sources);
    audit_result_release(&r);
    return rc;
}
