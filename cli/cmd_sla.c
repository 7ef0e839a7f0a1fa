/* cmd_sla.c — `slaudit sla extract|import|score`: the terms of a provider's
 * SLA document, stored for an entity, and scored before signing. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/base/infile.h"
#include "engine/ingest/ingest_file.h"
#include "engine/sla/sla_evidence.h"
#include "engine/sla/sla_json.h"
#include "engine/measure/sla_replay.h"
#include "engine/sla/sla_score.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "engine/base/strbuf.h"
#include "parsers/formats/registry.h"
#include "parsers/sla/sla_extract.h"
#include "reports/books/scorecard.h"
#include "reports/text/sla_out.h"

static const char help[] =
    "usage: slaudit sla extract FILE [--json]\n"
    "       slaudit sla import FILE --entity provider:X [--service S] [--effective DATE]\n"
    "                          [--fee N [--currency C]]\n"
    "       slaudit sla score FILE [--json] [-o FILE.xlsx] [--history FILE...\n"
    "                         [--entity E] [--service S] [--covers FROM..TO]]\n"
    "\n"
    "Reads a provider's SLA — Markdown, plain text, HTML saved from a web page, PDF\n"
    "or Word (DOCX), told apart by their content — and shows what it commits to,\n"
    "each term with the line it came from (see docs/sla.md for what is recognised\n"
    "and its limits).\n"
    "\n"
    "  extract   the terms: uptime targets and windows, credit tiers (inclusivity as\n"
    "            written; gaps and overlaps between bands are reported), cap, claim\n"
    "            deadline, maintenance, exclusions, response times, coverage, remedies\n"
    "  import    store the terms for an entity, versioned by --effective (default:\n"
    "            in force since always); FILE may be the document or the JSON of\n"
    "            'extract --json' after a person corrected it; the same document\n"
    "            again for the same entity, service and date changes nothing, for\n"
    "            another entity, service or date it is stored again\n"
    "  score     the pre-signing scorecard (0-100), red flags SLA-001..SLA-018 with\n"
    "            the line each quotes, and the downtime the uptime allows; with\n"
    "            --history, the provider's incident history (any format 'ingest'\n"
    "            reads) replayed under the document's own definitions; a file in\n"
    "            which no SLA term is found, or whose terms are under 3 points of\n"
    "            SLA evidence (a commitment 3, credits 3, another term 1), is not\n"
    "            scored (exit 3)\n"
    "\n"
    "  --json            machine-readable output\n"
    "  --entity E        provider:NAME (import); with --history, the one entity of\n"
    "                    the history to replay (score; default: all, pooled, with a\n"
    "                    note when it holds several)\n"
    "  --service S       the service the SLA covers (import; default: all); with\n"
    "                    --history, the one service to replay (score)\n"
    "  --effective DATE  the date the terms take effect (import)\n"
    "  --fee N           the monthly fee of each service the SLA covers, stored with\n"
    "                    it: credits are that share of it (import)\n"
    "  --currency C      the fee's currency, e.g. USD (import)\n"
    "  -o FILE.xlsx      write the scorecard workbook (score)\n"
    "  --history FILE    incident or status history to replay; repeatable (score)\n"
    "  --covers FROM..TO the span the history speaks for (score): within it, time no\n"
    "                    record covers is up, outside it unknown; default: its first\n"
    "                    record's start to its last record's end. A window below 50 %\n"
    "                    monitoring coverage is measured, never judged met or breached\n"

    "\n"
    "Exit codes: 0 ok; 2 usage; 3 the file cannot be read; 4 database; 5 the\n"
    "workbook could not be written.\n"
    "\n"
    "Examples:\n"
    "  slaudit sla extract provider-sla.md --json > terms.json\n"
    "  slaudit sla import terms.json --entity provider:acme --effective 2026-01-01\n"
    "  slaudit sla score provider-sla.md --history status-incidents.csv -o score.xlsx\n";

#define MAX_HISTORY 64

struct sla_options {
    const char *file, *entity, *service, *effective, *output, *fee, *currency;
    const char *covers; /* --covers FROM..TO of the history (score) */
    const char *history[MAX_HISTORY];
    size_t nhistory;
};

/* A document or, when it starts with '{', the JSON of `sla extract`. */
static int
load_terms(const struct cli *cli, const char *path, struct sla_terms *t, bool *from_json)
{
    struct sl_diag diag = {0};
    struct strbuf sb = STRBUF_INIT;
    enum sl_status s = infile_read_all(path, &sb, SLA_TEXT_MAX_BYTES, &diag);
    if (s) {
        strbuf_release(&sb);
        return msg_error(sl_exit_code(s), diag.file, 0, "%s", diag.message);
    }
    size_t i = 0;
    while (i < sb.len && isspace((unsigned char)sb.buf[i]))
        i++;
    *from_json = i < sb.len && sb.buf[i] == '{';
    sla_terms_init(t);
    if (*from_json) {
        s = sla_json_read(sb.buf, sb.len, path, t, &diag);
    } else {
        struct sla_text doc;
        s = sla_text_parse(sb.buf, sb.len, path, &doc, &diag);
        if (!s) {
            s = sla_extract_text(&doc, path, cli->regex_flags, t, &diag);
            sla_text_release(&doc);
        }
    }
    strbuf_release(&sb);
    if (s) {
        sla_terms_release(t);
        return msg_diag(s, &diag);
    }
    return 0;
}

/* Prints what a renderer wrote into sb, or says why it could not; releases
 * sb and returns the exit code. */
static int
print_text(struct strbuf *sb, enum sl_status s)
{
    int rc = 0;
    if (s)
        rc = msg_error(sl_exit_code(s), NULL, 0, "%s", sl_strerror(s));
    else
        fputs(sb->buf, stdout);
    strbuf_release(sb);
    return rc;
}

static int
cmd_extract(const struct cli *cli, const struct sla_options *opt)
{
    struct sla_terms t;
    bool from_json;
    int rc = load_terms(cli, opt->file, &t, &from_json);
    if (rc)
        return rc;
    if (cli->json) {
        struct strbuf sb = STRBUF_INIT;
        enum sl_status s = sla_json_write(&sb, &t, 0);
        if (s)
            rc = msg_error(sl_exit_code(s), opt->file, 0, "%s", sl_strerror(s));
        else
            puts(sb.buf);
        strbuf_release(&sb);
    } else {
        struct strbuf sb = STRBUF_INIT;
        rc = print_text(&sb, sla_out_terms(&sb, &t));
    }
    sla_terms_release(&t);
    return rc;
}

static int
cmd_import(const struct cli *cli, const struct sla_options *opt)
{
    if (!opt->entity)
        return msg_usage("sla", "import needs --entity provider:NAME");
    if (strncmp(opt->entity, "provider:", 9) && strncmp(opt->entity, "team:", 5))
        return msg_usage("sla", "--entity '%s' is not provider:NAME or team:NAME", opt->entity);
    int64_t effective = SLTIME_NONE;
    int rc;
    if (opt->effective &&
        (rc = cli_parse_when(cli, "sla", "--effective", opt->effective, &effective)))
        return rc;
    double fee = 0;
    if (opt->fee) {
        char *end;
        errno = 0;
        fee = strtod(opt->fee, &end);
        if (errno || *end || end == opt->fee || !(fee >= 0) || fee > 1e15)
            return msg_usage("sla", "--fee '%s' is not a number", opt->fee);
    }
    if (opt->currency && !opt->fee)
        return msg_usage("sla", "--currency is the currency of --fee: give --fee");
    struct sla_terms t;
    bool from_json;
    if ((rc = load_terms(cli, opt->file, &t, &from_json)))
        return rc;
    struct strbuf json = STRBUF_INIT;
    struct store *st = NULL;
    struct sl_diag diag = {0};
    enum sl_status s = sla_json_write(&json, &t, 1);
    if (s) {
        rc = msg_error(sl_exit_code(s), opt->file, 0, "%s", sl_strerror(s));
        goto out;
    }
    if ((rc = cli_open_store(cli, &st)))
        goto out;
    bool already = false, replaced = false;
    struct commitment c = {.entity = opt->entity,
                           .service = opt->service,
                           .kind = "sla",
                           .effective_from = effective,
                           .document = t.document,
                           .terms = json.buf,
                           .has_fee = opt->fee != NULL,
                           .fee = fee,
                           .currency = opt->currency};
    s = ingest_file_commitment(st, opt->file, from_json ? "sla-json" : "sla-document", &c, &already,
                               &replaced, &diag);
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    if (already) {
        char when[16] = "always";
        if (effective != SLTIME_NONE)
            sltime_format_date(effective, cli->zone, when);
        msg_note(opt->file, 0,
                 "already imported for %s%s%s in force from %s (same SHA-256), nothing changed",
                 opt->entity, opt->service ? " " : "", opt->service ? opt->service : "", when);
    } else if (!msg_quiet()) {
        char when[16] = "always";
        if (effective != SLTIME_NONE)
            sltime_format_date(effective, cli->zone, when);
        char priced[96] = "";
        if (opt->fee)
            snprintf(priced, sizeof priced, ", fee %.2f%s%s a month", fee, opt->currency ? " " : "",
                     opt->currency ? opt->currency : "");
        printf("%s: stored the SLA of %s%s%s, in force from %s: %zu uptime targets, %zu credit "
               "tiers%s%s\n",
               opt->file, opt->entity, opt->service ? " for " : "",
               opt->service ? opt->service : "", when, t.ntargets, t.ntiers, priced,
               replaced ? " (replaces the version with the same date)" : "");
    }
out:
    store_close(st);
    strbuf_release(&json);
    sla_terms_release(&t);
    return rc;
}

/* The format of a history file: the registry's best guess. */
static bool
detect_history(const char *head, size_t len, struct ingest_file_format *out)
{
    const struct parser *p = parser_detect(head, len);
    if (p)
        *out = parser_ingest_format(p);
    return p != NULL;
}

/* Reads one history file into the scratch store, detecting its format. */
static int
ingest_history(const struct cli *cli, struct store *st, const char *path)
{
    struct sl_diag diag = {0};
    struct ingest_file_result res;
    struct ingest_file_options opt = {
        .detect = detect_history,
        .entity = "provider:history",
        .service = "history",
        .zone = cli->zone,
        .regex_flags = cli->regex_flags,
    };
    enum sl_status s = ingest_file(st, path, &opt, &res, &diag);
    if (res.unrecognised)
        return msg_error(SL_EXIT_INPUT, path, 1,
                         "history format not recognised (see 'slaudit formats')");
    if (s)
        return msg_diag(s, &diag);
    if (res.counts.rejected)
        msg_note(path, 0, "%ld history records could not be read and were left out",
                 res.counts.rejected);
    return 0;
}

/* The history goes into a scratch store of its own, so replaying never
 * touches the user's database; the store is removed afterwards. */
/* Says when the replay pools what the history keeps apart: several entities
 * without --entity, several services without --service. */
static void
warn_pooled(const struct sla_options *opt, const struct sla_replay *r)
{
    if (!opt->entity && r->history_entities > 1)
        msg_note(opt->history[0], 0,
                 "the history holds %zu entities, replayed pooled as one; give --entity "
                 "(and --service) to replay one",
                 r->history_entities);
    else if (!opt->service && r->history_services > 1 && opt->entity)
        msg_note(opt->history[0], 0,
                 "the history holds several services of %s, replayed pooled (worst status "
                 "wins); give --service to replay one",
                 opt->entity);
    else if (!opt->entity && !opt->service && r->history_services > 1)
        msg_note(opt->history[0], 0,
                 "the history holds %zu services, replayed pooled (worst status wins); give "
                 "--service to replay one",
                 r->history_services);
}

static int
replay_history(const struct cli *cli, const struct sla_options *opt, const struct sla_terms *t,
               struct sla_replay *out)
{
    const char *const *files = opt->history;
    size_t n = opt->nhistory;
    char dir[] = "/tmp/slaudit-replay-XXXXXX";
    char path[64];
    struct store *st = NULL;
    struct sl_diag diag = {0};
    int rc = 0;
    if (!mkdtemp(dir))
        return msg_error(SL_EXIT_DB, "/tmp", 0, "cannot create a scratch store: %s",
                         strerror(errno));
    snprintf(path, sizeof path, "%s/replay.db", dir);
    enum sl_status s = store_open(path, &st, &diag);
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    for (size_t i = 0; i < n && !rc; i++)
        rc = ingest_history(cli, st, files[i]);
    struct sla_replay_scope scope = {opt->entity, opt->service, SLTIME_NONE, SLTIME_NONE};
    if (!rc && opt->covers)
        rc = cli_parse_span(cli, "sla", "--covers", opt->covers, &scope.covers_from,
                            &scope.covers_to);
    if (!rc && (s = sla_replay_run_scope(st, t, cli->zone, &scope, out, &diag)))
        rc = msg_diag(s, &diag);
    if (!rc && (opt->entity || opt->service) && out->nwindows == 0)
        rc = msg_error(SL_EXIT_INPUT, files[0], 0, "the history holds nothing for %s%s%s",
                       opt->entity ? opt->entity : "", opt->entity && opt->service ? " " : "",
                       opt->service ? opt->service : "");
    if (!rc) {
        warn_pooled(opt, out);
        cli_measure_notes(t);
    }
out:
    store_close(st);
    static const char *const suffixes[] = {"", "-wal", "-shm", NULL};
    for (int i = 0; suffixes[i]; i++) {
        char f[80];
        snprintf(f, sizeof f, "%s%s", path, suffixes[i]);
        unlink(f);
    }
    rmdir(dir);
    return rc;
}

static int
cmd_score(const struct cli *cli, const struct sla_options *opt)
{
    struct sla_terms t;
    bool from_json;
    int rc = load_terms(cli, opt->file, &t, &from_json);
    if (rc)
        return rc;
    if (!sla_terms_any(&t)) {
        sla_terms_release(&t);
        return msg_error(SL_EXIT_INPUT, opt->file, 0,
                         "no SLA terms found (no uptime target, credit, exclusion, response "
                         "time or other clause): not scored");
    }
    int evidence = from_json ? SLA_EVIDENCE_THRESHOLD : sla_evidence_points(&t);
    if (evidence < SLA_EVIDENCE_THRESHOLD) {
        sla_terms_release(&t);
        return msg_error(SL_EXIT_INPUT, opt->file, 0,
                         "not an SLA: %d point%s of SLA evidence, under the %d an SLA "
                         "gives (an uptime commitment 3, a credit schedule 3, another "
                         "term 1): not scored",
                         evidence, evidence == 1 ? "" : "s", SLA_EVIDENCE_THRESHOLD);
    }
    struct sla_scorecard sc;
    struct sla_replay replay;
    bool have_replay = false;
    struct sl_diag diag = {0};
    memset(&replay, 0, sizeof replay);
    enum sl_status scored = sla_score(&t, &sc);
    if (scored) {
        sla_terms_release(&t);
        return msg_error(sl_exit_code(scored), opt->file, 0, "out of memory");
    }
    if (opt->nhistory) {
        if ((rc = replay_history(cli, opt, &t, &replay)))
            goto out;
        have_replay = true;
    }
    if (opt->output) {
        struct scorecard_info info = {SLAUDIT_VERSION, cli->command_line, opt->file};
        enum sl_status s =
            scorecard_write(opt->output, &t, &sc, have_replay ? &replay : NULL, &info, &diag);
        if (s) {
            rc = msg_diag(s, &diag);
            goto out;
        }
    }
    if (cli->json) {
        struct strbuf sb = STRBUF_INIT;
        enum sl_status s = sla_out_score_json(&sb, &t, &sc, have_replay ? &replay : NULL);
        if (s)
            rc = msg_error(sl_exit_code(s), NULL, 0, "%s", sl_strerror(s));
        else
            puts(sb.buf);
        strbuf_release(&sb);
    } else if (!msg_quiet()) {
        struct strbuf sb = STRBUF_INIT;
        enum sl_status s = sla_out_scorecard(&sb, &t, &sc);
        if (!s && have_replay)
            s = sla_out_replay(&sb, &replay);
        if (!s && opt->output)
            s = strbuf_addf(&sb, "\nwrote %s\n", opt->output);
        rc = print_text(&sb, s);
    }
out:
    sla_replay_release(&replay);
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
    return rc;
}

/* Options by hand: --history takes every file up to the next option. */
static int
parse_options(int argc, char **argv, struct sla_options *opt)
{
    static const char *const valued[] = {"--entity", "--service",  "--effective", "--output", "-o",
                                         "--fee",    "--currency", "--covers",    NULL};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return -1;
        if (!strcmp(a, "--history")) {
            if (i + 1 >= argc || argv[i + 1][0] == '-')
                return msg_usage("sla", "--history needs a FILE");
            while (i + 1 < argc && argv[i + 1][0] != '-') {
                if (opt->nhistory == MAX_HISTORY)
                    return msg_usage("sla", "at most %d --history files", MAX_HISTORY);
                opt->history[opt->nhistory++] = argv[++i];
            }
            continue;
        }
        int k = 0;
        while (valued[k] && strcmp(a, valued[k]))
            k++;
        if (valued[k]) {
            if (i + 1 >= argc)
                return msg_usage("sla", "option '%s' needs a value", a);
            const char *v = argv[++i];
            if (k == 0 && cli_check_entity_name("sla", "--entity", v))
                return SL_EXIT_USAGE;
            if (k == 0)
                opt->entity = v;
            else if (k == 1)
                opt->service = v;
            else if (k == 2)
                opt->effective = v;
            else if (k == 5)
                opt->fee = v;
            else if (k == 6)
                opt->currency = v;
            else if (k == 7)
                opt->covers = v;
            else
                opt->output = v;
            continue;
        }
        if (a[0] == '-' && a[1])
            return msg_usage("sla", "unknown option '%s'", a);
        if (opt->file)
            return msg_usage("sla", "unexpected argument '%s'", a);
        opt->file = a;
    }
    return 0;
}

int
cmd_sla(struct cli *cli, int argc, char **argv)
{
    struct sla_options opt = {0};
    if (argc < 2)
        return msg_usage("sla", "which: extract, import or score?");
    const char *action = argv[1];
    if (!strcmp(action, "--help") || !strcmp(action, "-h"))
        return cli_help(help);
    int rc = parse_options(argc - 2, argv + 2, &opt);
    if (rc < 0)
        return cli_help(help);
    if (rc)
        return rc;
    bool known =
        !strcmp(action, "extract") || !strcmp(action, "import") || !strcmp(action, "score");
    if (!known)
        return msg_usage("sla", "unknown action '%s' (extract, import or score)", action);
    if (!opt.file)
        return msg_usage("sla", "no FILE given");
    if (strcmp(action, "score") && (opt.output || opt.nhistory))
        return msg_usage("sla", "-o and --history belong to 'sla score'");
    if (opt.covers && !opt.nhistory)
        return msg_usage("sla", "--covers says what span --history speaks for: give --history");
    if (strcmp(action, "import") && opt.effective)
        return msg_usage("sla", "--effective belongs to 'sla import'");
    if (strcmp(action, "import") && (opt.fee || opt.currency))
        return msg_usage("sla", "--fee and --currency belong to 'sla import'");
    if (!strcmp(action, "extract") && (opt.entity || opt.service))
        return msg_usage("sla", "--entity and --service belong to 'sla import' and 'sla score'");
    if (!strcmp(action, "score") && (opt.entity || opt.service) && !opt.nhistory)
        return msg_usage("sla", "--entity and --service of 'sla score' choose what --history "
                                "replays: give --history");
    if (!strcmp(action, "extract"))
        return cmd_extract(cli, &opt);
    if (!strcmp(action, "import"))
        return cmd_import(cli, &opt);
    return cmd_score(cli, &opt);
}
