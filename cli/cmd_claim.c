/* cmd_claim.c — `slaudit claim`: the credit claim pack of one provider and
 * month, a workbook and a letter, for every commitment breached with a
 * credit due (reports/books/claim_book.h). */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/base/termsafe.h"
#include "engine/base/infile.h"
#include "engine/base/sha256.h"
#include "engine/measure/claim.h"
#include "engine/measure/eval.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"
#include "parsers/sla/sla_extract.h"
#include "parsers/sla/sla_text.h"
#include "reports/books/claim_book.h"
#include "reports/xlsx/sheet_sources.h"

static const char help[] =
    "usage: slaudit claim --entity provider:X [--month YYYY-MM] -o DIR [--fee N]\n"
    "                     [--min-coverage P]\n"
    "\n"
    "Writes the credit claim pack for the services of the entity's stored SLA\n"
    "(`sla import`) that the month breached with a credit due: two files in DIR,\n"
    "claim-ENTITY-MONTH.xlsx and claim-ENTITY-MONTH.txt (ENTITY with ':' as '-'),\n"
    "both or neither. Each credit has the commitment quoted with its document line,\n"
    "the availability measured under the document's own definition, every outage\n"
    "that counts with the file (and the line, where the store keeps one) of each\n"
    "record that shows it, what the document sets aside and why, the tier and the\n"
    "credit after the cap (an amount where the fee is known), and the claim-by date\n"
    "from the document's claim window. The figures are those of `eval --json` for\n"
    "the same entity and month. Without --month: the last complete month of the\n"
    "stored data. A month with no credit due writes nothing and exits 0. A credit on\n"
    "insufficient monitoring coverage (where eval shows no availability) is not\n"
    "claimed, and a note says so.\n"
    "\n"
    "  --entity E   the provider, provider:NAME\n"
    "  --month M    the month claimed, YYYY-MM (in --tz)\n"
    "  -o DIR       the folder for the pack, made when missing (not its parent)\n"
    "  --fee N      the monthly fee of each service, in place of the stored one\n"
    "  --min-coverage P  below P % monitoring coverage a credit is not claimed\n"
    "               (default 50, as eval's)\n"
    "\n"
    "Exit codes: 0 ok (also when nothing is due), 2 usage, 3 bad input (an unknown\n"
    "entity), 4 database, 5 the pack could not be written.\n"
    "\n"
    "Example:\n"
    "  slaudit claim --entity provider:nimbus --month 2026-10 -o claims/\n";

/* What the cli reads again for the letter: each commitment's document. */
struct words {
    const struct eval_result *r;
    struct sla_terms *terms; /* per commitment; terms[k].source_lines NULL: not read */
    bool *read;
    char **why;
    unsigned regex_flags;
};

static bool
same_commitment(const struct eval_commitment *cm, const struct commitment *c)
{
    return cm->kind && !strcmp(cm->kind, c->kind) && !strcmp(cm->entity, c->entity) &&
           ((!cm->service && !c->service) ||
            (cm->service && c->service && !strcmp(cm->service, c->service))) &&
           cm->effective_from == c->effective_from;
}

/* Opens the document again where it was imported from; quoted only when
 * it is still the same bytes, and a document, not corrected JSON. */
static int
read_words(void *ctx, const struct commitment *c, const char *path, const char *sha256)
{
    struct words *w = ctx;
    for (size_t k = 0; k < w->r->ncommitments; k++) {
        if (w->read[k] || w->why[k] || !same_commitment(&w->r->commitments[k], c))
            continue;
        char sha[65] = "", why[1400] = "";
        long long bytes;
        FILE *in = fopen(path, "rb");
        int first = in ? fgetc(in) : EOF;
        while (first != EOF && isspace(first))
            first = fgetc(in);
        if (in && fseek(in, 0, SEEK_SET) == 0 && sha256_stream(in, sha, &bytes) == SL_OK &&
            strcmp(sha, sha256))
            snprintf(why, sizeof why,
                     "%s has changed since it was imported: its lines are cited by number "
                     "and the terms' own text, not quoted",
                     path);
        else if (!in)
            snprintf(why, sizeof why,
                     "%s is no longer where it was imported from: its lines are cited by "
                     "number and the terms' own text, not quoted",
                     path);
        else if (first == '{')
            snprintf(why, sizeof why,
                     "the terms were imported as JSON (%s), not from the document: its lines "
                     "are cited by number and the terms' own text, not quoted",
                     path);
        if (in)
            fclose(in);
        if (!*why) {
            struct sl_diag diag = {0};
            sla_terms_init(&w->terms[k]);
            if (sla_extract_file(path, w->regex_flags, &w->terms[k], &diag) == SL_OK)
                w->read[k] = true;
            else
                snprintf(why, sizeof why, "%s could not be read again (%s): lines are not quoted",
                         path, diag.message);
        }
        if (*why && !(w->why[k] = strdup(why)))
            return 1;
    }
    return 0;
}

static void
print_claim(const struct claim *c)
{
    const struct eval_result *r = c->result;
    for (size_t i = 0; i < c->n; i++) {
        const struct eval_contract_row *row = c->items[i].row;
        char credit[64], amount[300], deadline[600];
        claim_credit_text(row, credit, sizeof credit);
        claim_amount_text(r, row, amount, sizeof amount);
        claim_deadline_text(r, row, deadline, sizeof deadline);
        printf("%s: %.3f %% against %g %%, %zu outage%s counted: credit %s, %s; claim by %s\n",
               TERMSAFE_LINE(row->service), row->attainment.attainment_percent,
               row->attainment.target_percent, c->items[i].noutages,
               c->items[i].noutages == 1 ? "" : "s", credit, amount, deadline);
    }
}

/* Everything after the options: the month, the store, the claim, the pack. */
static int
claim_command(struct cli *cli, struct eval_params *p, const char *month, const char *dir)
{
    struct store *st;
    struct eval_result r = {0};
    struct claim c = {0};
    struct words w = {0};
    struct report_sources sources = {0};
    struct sl_diag diag = {0};
    struct window win;
    bool evaluated = false;
    char label[16];
    int rc, year, mon;
    if ((rc = cli_open_store_for(cli, STORE_READ, &st)))
        return rc;
    if ((rc = cli_require_data(cli, st)) || (rc = cli_check_known(cli, st, p->entity, NULL)))
        goto out;
    if (month && !window_parse_month(month, &year, &mon))
        win = window_month(year, mon, cli->zone);
    else if ((rc = cli_last_complete_month(cli, st, &win)))
        goto out;
    sltime_format_date(win.start, cli->zone, label);
    label[7] = '\0';
    p->from = win.start;
    p->to = win.end;
    enum sl_status s = eval_run(st, p, &r, &diag);
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    evaluated = true;
    if ((s = claim_build(st, &r, win.start, win.end, &c, &diag))) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    for (size_t i = 0; i < c.ninsufficient; i++) {
        const struct eval_contract_row *row = c.insufficient[i];
        msg_note(NULL, 0,
                 "%s %s in %s: not claimed: insufficient coverage, %.2f %% monitored (eval "
                 "shows no availability below %g %%)",
                 row->entity, row->service, label,
                 100.0 * availability_coverage(&row->measure.avail),
                 100.0 * r.params.avail.coverage.min);
    }
    if (c.n == 0) {
        if (c.ninsufficient)
            printf("no credit to claim for %s in %s (%zu left out for insufficient coverage): "
                   "nothing written\n",
                   TERMSAFE_LINE(p->entity), label, c.ninsufficient);
        else
            printf("no credit due for %s in %s%s: nothing written\n", TERMSAFE_LINE(p->entity),
                   label, r.ncommitments ? "" : " (no SLA is stored for it: `slaudit sla import`)");
        if (c.breached_without_credit)
            msg_note(NULL, 0,
                     "%zu breached service%s of %s in %s fall in no credit tier (a gap in the "
                     "credit table, see `slaudit eval`)",
                     c.breached_without_credit, c.breached_without_credit == 1 ? "" : "s",
                     p->entity, label);
        goto out;
    }
    w.r = &r;
    w.regex_flags = cli->regex_flags;
    w.terms = calloc(r.ncommitments, sizeof *w.terms);
    w.read = calloc(r.ncommitments, sizeof *w.read);
    w.why = calloc(r.ncommitments, sizeof *w.why);
    if (!w.terms || !w.read || !w.why) {
        rc = msg_error(SL_EXIT_DB, NULL, 0, "out of memory");
        goto out;
    }
    if ((s = store_each_commitment_origin(st, p->entity, read_words, &w, &diag)) ||
        (s = report_sources_collect(st, &sources, &diag))) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    const struct sla_terms **words = calloc(r.ncommitments, sizeof *words);
    if (!words) {
        rc = msg_error(SL_EXIT_DB, NULL, 0, "out of memory");
        goto out;
    }
    for (size_t k = 0; k < r.ncommitments; k++)
        words[k] = w.read[k] ? &w.terms[k] : NULL;
    struct claim_book_info info = {
        SLAUDIT_VERSION, cli->command_line,          sources.v, sources.n,
        words,           (const char *const *)w.why, label};
    s = claim_pack_write(dir, &c, &info, &diag);
    free(words);
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    print_claim(&c);
    char xlsx[256], txt[256];
    claim_book_names(p->entity, label, xlsx, txt, sizeof xlsx);
    size_t len = strlen(dir);
    const char *sep = len && dir[len - 1] == '/' ? "" : "/";
    printf("wrote %s%s%s and %s%s%s\n", dir, sep, xlsx, dir, sep, txt);
    for (size_t k = 0; k < r.ncommitments; k++)
        if (w.why[k])
            msg_note(NULL, 0, "%s", w.why[k]);
out:
    if (w.terms)
        for (size_t k = 0; k < r.ncommitments; k++)
            if (w.read[k])
                sla_terms_release(&w.terms[k]);
    if (w.why)
        for (size_t k = 0; k < r.ncommitments; k++)
            free(w.why[k]);
    free(w.terms);
    free(w.read);
    free(w.why);
    report_sources_release(&sources);
    claim_release(&c);
    if (evaluated)
        eval_result_release(&r);
    store_close(st);
    return rc;
}

int
cmd_claim(struct cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"entity", required_argument, NULL, 'e'},
        {"month", required_argument, NULL, 'm'},
        {"output", required_argument, NULL, 'o'},
        {"fee", required_argument, NULL, 'F'},
        {"min-coverage", required_argument, NULL, 'c'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct eval_params p;
    const char *month = NULL, *dir = NULL;
    int c, rc, year, mon;
    eval_default_params(&p);
    p.zone = cli->zone;
    p.burn_rules = NULL; /* a claim needs no alerts */
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "ho:", longopts, NULL)) != -1) {
        switch (c) {
        case 'e':
            if ((rc = cli_check_entity_name("claim", "--entity", optarg)))
                return rc;
            p.entity = optarg;
            break;
        case 'm':
            month = optarg;
            break;
        case 'o':
            dir = optarg;
            break;
        case 'F': {
            char *end;
            errno = 0;
            double fee = strtod(optarg, &end);
            if (errno || *end || end == optarg || !isfinite(fee) || fee < 0)
                return msg_usage("claim", "--fee '%s' is not an amount", optarg);
            p.stored_fee = fee;
            break;
        }
        case 'c': {
            char *end;
            errno = 0;
            double v = strtod(optarg, &end);
            if (errno || *end || end == optarg || !(v >= 0 && v <= 100))
                return msg_usage("claim", "--min-coverage '%s' is a percent, 0 to 100", optarg);
            p.avail.coverage.min = v / 100.0;
            if (p.avail.coverage.partial < p.avail.coverage.min)
                p.avail.coverage.partial = p.avail.coverage.min;
            break;
        }
        case 'h':
            return cli_help(help);
        default:
            return msg_usage("claim", "unknown option or missing value '%s'", argv[optind - 1]);
        }
    }
    if (optind < argc)
        return msg_usage("claim", "unexpected argument '%s'", argv[optind]);
    if (!p.entity || !dir)
        return msg_usage("claim", "give --entity and -o DIR");
    if (month && window_parse_month(month, &year, &mon))
        return msg_usage("claim", "--month '%s' is not YYYY-MM", month);
    if (cli->json)
        return msg_usage("claim", "the claim pack has no --json form: `slaudit eval --json` "
                                  "gives its figures");
    return claim_command(cli, &p, month, dir);
}
