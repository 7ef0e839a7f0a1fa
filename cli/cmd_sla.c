/* cmd_sla.c — `slaudit sla extract|import|score`: the terms of a provider's
 * SLA document, stored for an entity, and scored before signing. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/base/infile.h"
#include "engine/ingest/ingest.h"
#include "engine/base/jsonw.h"
#include "engine/base/sha256.h"
#include "engine/sla/sla_json.h"
#include "engine/measure/sla_replay.h"
#include "engine/sla/sla_score.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "engine/base/strbuf.h"
#include "parsers/formats/registry.h"
#include "parsers/sla/sla_extract.h"
#include "reports/books/scorecard.h"

static const char help[] =
    "usage: slaudit sla extract FILE [--json]\n"
    "       slaudit sla import FILE --entity provider:X [--service S] [--effective DATE]\n"
    "       slaudit sla score FILE [--json] [-o FILE.xlsx] [--history FILE...]\n"
    "\n"
    "Reads a provider's SLA — Markdown, plain text, or HTML saved from a web page —\n"
    "and shows what it commits to, each term with the line it came from (see\n"
    "docs/sla.md for what is recognised and its limits).\n"
    "\n"
    "  extract   the terms: uptime targets and windows, credit tiers (inclusivity as\n"
    "            written; gaps and overlaps between bands are reported), cap, claim\n"
    "            deadline, maintenance, exclusions, response times, coverage, remedies\n"
    "  import    store the terms for an entity, versioned by --effective (default:\n"
    "            in force since always); FILE may be the document or the JSON of\n"
    "            'extract --json' after a person corrected it\n"
    "  score     the pre-signing scorecard (0-100), red flags SLA-001..SLA-014 with\n"
    "            the line each quotes, and the downtime the uptime allows; with\n"
    "            --history, the provider's incident history (any format 'ingest'\n"
    "            reads) replayed under the document's own definitions\n"
    "\n"
    "  --json            machine-readable output\n"
    "  --entity E        provider:NAME (import)\n"
    "  --service S       the service the SLA covers (import; default: all)\n"
    "  --effective DATE  the date the terms take effect (import)\n"
    "  -o FILE.xlsx      write the scorecard workbook (score)\n"
    "  --history FILE    incident or status history to replay; repeatable (score)\n"
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
    const char *file, *entity, *service, *effective, *output;
    const char *history[MAX_HISTORY];
    size_t nhistory;
};

/* A document or, when it starts with '{', the JSON of `sla extract`. */
static int
load_terms(const char *path, struct sla_terms *t, bool *from_json)
{
    struct sl_diag diag = {0};
    struct strbuf sb = STRBUF_INIT;
    if (infile_read_all(path, &sb, SLA_TEXT_MAX_BYTES, &diag)) {
        strbuf_release(&sb);
        return msg_error(SL_EXIT_INPUT, diag.file, 0, "%s", diag.message);
    }
    size_t i = 0;
    while (i < sb.len && isspace((unsigned char)sb.buf[i]))
        i++;
    *from_json = i < sb.len && sb.buf[i] == '{';
    sla_terms_init(t);
    enum sl_status s;
    if (*from_json) {
        s = sla_json_read(sb.buf, sb.len, path, t, &diag);
    } else {
        struct sla_text doc;
        s = sla_text_parse(sb.buf, sb.len, path, &doc, &diag);
        if (!s) {
            s = sla_extract_text(&doc, path, t, &diag);
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

static void
print_pct(double v)
{
    if (isnan(v))
        fputs("open", stdout);
    else
        printf("%g%%", v);
}

static void
print_terms(const struct sla_terms *t)
{
    printf("%s", t->document ? t->document : "");
    if (t->provider)
        printf(" — %s", t->provider);
    if (t->service)
        printf(" — %s", t->service);
    putchar('\n');
    printf("\nUptime targets\n");
    if (!t->ntargets)
        printf("  none found\n");
    for (size_t i = 0; i < t->ntargets; i++)
        printf("  %g%% per %s%s%s  (line %ld)\n", t->targets[i].percent,
               sla_window_name(t->targets[i].window), t->targets[i].scope ? " — " : "",
               t->targets[i].scope ? t->targets[i].scope : "", t->targets[i].line);
    printf("\nCredit tiers\n");
    if (!t->ntiers)
        printf("  none found\n");
    for (size_t i = 0; i < t->ntiers; i++) {
        const struct sla_credit_tier *c = &t->tiers[i];
        printf("  %s", isnan(c->lower_percent) ? "(" : c->lower_inclusive ? "[" : "(");
        print_pct(c->lower_percent);
        fputs(", ", stdout);
        print_pct(c->upper_percent);
        printf("%s  → %g%% credit  (line %ld)\n",
               isnan(c->upper_percent) ? ")"
               : c->upper_inclusive    ? "]"
                                       : ")",
               c->credit_percent, c->line);
    }
    struct sla_band_issue *issues = NULL;
    size_t nissues = 0;
    if (!sla_band_issues(t, &issues, &nissues))
        for (size_t i = 0; i < nissues; i++)
            printf("  %s: %s\n", issues[i].kind == SLA_BAND_GAP ? "gap" : "overlap",
                   issues[i].text);
    free(issues);
    printf("\nCredit cap          ");
    if (isnan(t->credit_cap_percent))
        printf("not stated\n");
    else
        printf("%g%%\n", t->credit_cap_percent);
    printf("Claim deadline      ");
    if (t->claim_deadline_days >= 0)
        printf("%ld days", t->claim_deadline_days);
    printf("%s%s\n", t->claim_deadline_text ? (t->claim_deadline_days >= 0 ? " — " : "") : "",
           t->claim_deadline_text ? t->claim_deadline_text
                                  : (t->claim_deadline_days >= 0 ? "" : "not stated"));
    printf("Maintenance         %s",
           t->maintenance_excluded ? "excluded from downtime" : "not excluded");
    if (!isnan(t->maintenance_notice_hours))
        printf(", %g h notice", t->maintenance_notice_hours);
    putchar('\n');
    printf("Support coverage    %s\n", sla_coverage_name(t->support_coverage)
                                           ? sla_coverage_name(t->support_coverage)
                                           : "not stated");
    printf("Sole remedy         %s\n", t->sole_remedy ? "yes" : "no");
    printf("Chronic termination %s\n", t->chronic_failure_termination ? "yes" : "no");
    if (!isnan(t->incident_notice_hours))
        printf("Incident notice     %g h\n", t->incident_notice_hours);
    if (!isnan(t->rpo_minutes))
        printf("RPO                 %g min\n", t->rpo_minutes);
    if (!isnan(t->rto_minutes))
        printf("RTO                 %g min\n", t->rto_minutes);
    if (t->nresponse_times)
        printf("\nResponse times\n");
    for (size_t i = 0; i < t->nresponse_times; i++) {
        const struct sla_response_time *r = &t->response_times[i];
        printf("  %-36s %s %g min%s  (line %ld)\n", r->severity ? r->severity : "",
               r->resolution ? "resolve" : "respond", r->minutes,
               r->business_hours ? " (business time)" : "", r->line);
    }
    if (t->nexclusions)
        printf("\nExclusions\n");
    for (size_t i = 0; i < t->nexclusions; i++)
        printf("  line %-4ld %s\n", t->exclusions[i].line, t->exclusions[i].text);
}

static int
cmd_extract(const struct cli *cli, const struct sla_options *opt)
{
    struct sla_terms t;
    bool from_json;
    int rc = load_terms(opt->file, &t, &from_json);
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
        print_terms(&t);
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
    struct sla_terms t;
    bool from_json;
    if ((rc = load_terms(opt->file, &t, &from_json)))
        return rc;
    struct strbuf json = STRBUF_INIT;
    struct store *st = NULL;
    struct sl_diag diag = {0};
    char sha[65];
    long long bytes = 0;
    FILE *f = NULL;
    enum sl_status s = sla_json_write(&json, &t, 1);
    if (s) {
        rc = msg_error(sl_exit_code(s), opt->file, 0, "%s", sl_strerror(s));
        goto out;
    }
    if (!(f = fopen(opt->file, "rb")) || sha256_stream(f, sha, &bytes)) {
        rc = msg_error(SL_EXIT_INPUT, opt->file, 0, "cannot read: %s", strerror(errno));
        goto out;
    }
    if ((rc = cli_open_store(cli, &st)))
        goto out;
    bool already = false, replaced = false;
    s = store_source_begin(st, opt->file, sha, from_json ? "sla-json" : "sla-document", bytes,
                           &already, &diag);
    if (!s && !already) {
        struct commitment c = {0,         opt->entity, opt->service, "sla",
                               effective, t.document,  json.buf,     0};
        struct source_counts counts = {1, 1, 0, 0};
        if (!(s = store_add_commitment(st, &c, &replaced, &diag)))
            s = store_source_finish(st, &counts, &diag);
        if (s)
            store_source_abort(st);
    }
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    if (already) {
        msg_note(opt->file, 0, "already imported (same SHA-256), nothing changed");
    } else if (!msg_quiet()) {
        char when[16] = "always";
        if (effective != SLTIME_NONE)
            sltime_format_date(effective, cli->zone, when);
        printf("%s: stored the SLA of %s%s%s, in force from %s: %zu uptime targets, %zu credit "
               "tiers%s\n",
               opt->file, opt->entity, opt->service ? " for " : "",
               opt->service ? opt->service : "", when, t.ntargets, t.ntiers,
               replaced ? " (replaces the version with the same date)" : "");
    }
out:
    if (f)
        fclose(f);
    store_close(st);
    strbuf_release(&json);
    sla_terms_release(&t);
    return rc;
}

static void
print_scorecard(const struct sla_terms *t, const struct sla_scorecard *sc)
{
    printf("%s: score %.0f / 100\n\n", t->document ? t->document : "", sc->total);
    for (size_t i = 0; i < sc->ncriteria; i++) {
        const struct sla_criterion *c = &sc->criteria[i];
        printf("  %-46s %4.1f / %-3.0f %s", c->name, c->points, c->weight, c->reason);
        if (c->line)
            printf(" (line %ld)", c->line);
        putchar('\n');
    }
    printf("\nAllowed downtime\n");
    if (!sc->nallowed)
        printf("  no uptime commitment found\n");
    for (size_t i = 0; i < sc->nallowed; i++) {
        const struct sla_allowed_downtime *a = &sc->allowed[i];
        printf("  %g%%: %.1f min a month, %.1f min a quarter, %.1f min a year  (line %ld)\n",
               a->percent, a->month_minutes, a->quarter_minutes, a->year_minutes, a->line);
    }
    for (size_t i = 0; i < sc->nissues; i++)
        printf("  credit table %s: %s\n", sc->issues[i].kind == SLA_BAND_GAP ? "gap" : "overlap",
               sc->issues[i].text);
    printf("\nRed flags\n");
    for (size_t i = 0; i < sc->nflags; i++) {
        const struct sla_flag *f = &sc->flags[i];
        printf("  %s %-6s %s: %s\n", f->rule, f->severity, f->title, f->detail);
        if (f->line)
            printf("      line %ld: %s\n", f->line, f->quote);
        else if (*f->quote)
            printf("      \"%s\"\n", f->quote);
    }
}

static void
json_scorecard(struct jsonw *w, const struct sla_scorecard *sc)
{
    jsonw_field_fixed(w, "score", sc->total, 1);
    jsonw_open(w, "criteria", '[');
    for (size_t i = 0; i < sc->ncriteria; i++) {
        const struct sla_criterion *c = &sc->criteria[i];
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "id", c->id);
        jsonw_field_str(w, "name", c->name);
        jsonw_field_num(w, "weight", c->weight);
        jsonw_field_num(w, "points", c->points);
        jsonw_field_str(w, "reason", c->reason);
        jsonw_field_int(w, "line", c->line);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
    jsonw_open(w, "red_flags", '[');
    for (size_t i = 0; i < sc->nflags; i++) {
        const struct sla_flag *f = &sc->flags[i];
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "rule", f->rule);
        jsonw_field_str(w, "severity", f->severity);
        jsonw_field_str(w, "title", f->title);
        jsonw_field_str(w, "detail", f->detail);
        jsonw_field_int(w, "line", f->line);
        jsonw_field_str(w, "quote", *f->quote ? f->quote : NULL);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
    jsonw_open(w, "allowed_downtime", '[');
    for (size_t i = 0; i < sc->nallowed; i++) {
        const struct sla_allowed_downtime *a = &sc->allowed[i];
        jsonw_open(w, NULL, '{');
        jsonw_field_num(w, "percent", a->percent);
        jsonw_field_num(w, "month_minutes", round(a->month_minutes * 100) / 100);
        jsonw_field_num(w, "quarter_minutes", round(a->quarter_minutes * 100) / 100);
        jsonw_field_num(w, "year_minutes", round(a->year_minutes * 100) / 100);
        jsonw_field_int(w, "line", a->line);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
}

static void
print_replay(const struct sla_replay *r)
{
    printf("\nReplay of the history under the document's definitions (%s windows, target %g%%)\n",
           r->window_name, r->target_percent);
    printf("  %-10s %10s %10s %9s %8s %10s %10s\n", "window", "delivered", "neutral", "met",
           "credit", "excluded", "forgiven");
    for (size_t i = 0; i < r->nwindows; i++) {
        const struct sla_replay_window *w = &r->windows[i];
        printf("  %-10s %9.3f%% %9.3f%% %9s %7g%% %8.0f m %8.0f m%s\n", w->label,
               w->availability_percent, w->neutral_percent, w->met ? "met" : "BREACHED",
               w->credit_percent, w->excluded_seconds / 60.0, w->forgiven_seconds / 60.0,
               w->gap ? "  (in no credit band)" : "");
    }
    printf("  effective: %.3f%% delivered over %zu windows, %zu breached, credits %g%% of "
           "one window's fee in all; exclusions removed %.0f minutes of downtime\n",
           r->overall_percent, r->nwindows, r->breached, r->credit_total_percent,
           r->excluded_total_seconds / 60.0);
}

static void
json_replay(struct jsonw *w, const struct sla_replay *r)
{
    jsonw_open(w, "replay", '{');
    jsonw_field_str(w, "window", r->window_name);
    jsonw_field_num(w, "target_percent", r->target_percent);
    jsonw_field_num(w, "overall_percent", r->overall_percent);
    jsonw_field_int(w, "breached", (int64_t)r->breached);
    jsonw_field_num(w, "credit_total_percent", r->credit_total_percent);
    jsonw_field_num(w, "excluded_seconds", r->excluded_total_seconds);
    jsonw_open(w, "windows", '[');
    for (size_t i = 0; i < r->nwindows; i++) {
        const struct sla_replay_window *rw = &r->windows[i];
        char a[40], b[40];
        sltime_format(rw->start, NULL, a);
        sltime_format(rw->end, NULL, b);
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "window", rw->label);
        jsonw_field_str(w, "start", a);
        jsonw_field_str(w, "end", b);
        jsonw_field_num(w, "availability_percent", rw->availability_percent);
        jsonw_field_num(w, "neutral_percent", rw->neutral_percent);
        jsonw_field_bool(w, "met", rw->met);
        jsonw_field_num(w, "credit_percent", rw->credit_percent);
        jsonw_field_bool(w, "in_no_band", rw->gap);
        jsonw_field_num(w, "downtime_seconds", rw->downtime_seconds);
        jsonw_field_num(w, "excluded_seconds", rw->excluded_seconds);
        jsonw_field_num(w, "forgiven_seconds", rw->forgiven_seconds);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
    jsonw_close(w, '}');
}

/* Reads one history file into the scratch store, detecting its format. */
static int
ingest_history(const struct cli *cli, struct store *st, const char *path)
{
    struct sl_diag diag = {0};
    char sha[65], head[PARSER_SNIFF_BYTES];
    long long bytes;
    FILE *f;
    if (infile_open(path, &f, NULL, &diag))
        return msg_error(SL_EXIT_INPUT, diag.file, 0, "%s", diag.message);
    if (sha256_stream(f, sha, &bytes) || fseek(f, 0, SEEK_SET)) {
        fclose(f);
        return msg_error(SL_EXIT_INPUT, path, 0, "cannot read: %s", strerror(errno));
    }
    size_t n = fread(head, 1, sizeof head, f);
    const struct parser *p = parser_detect(head, n);
    rewind(f);
    if (!p) {
        fclose(f);
        return msg_error(SL_EXIT_INPUT, path, 1,
                         "history format not recognised (see 'slaudit formats')");
    }
    struct ingest ing;
    bool already;
    int rc = 0;
    ingest_init(&ing, st, path, &diag);
    ing.entity = "provider:history";
    ing.service = "history";
    ing.zone = cli->zone;
    enum sl_status s = store_source_begin(st, path, sha, p->name, bytes, &already, &diag);
    if (!s && !already) {
        if (!(s = p->parse(&ing, f)) && !(s = ingest_finish(&ing)))
            s = store_source_finish(st, &ing.counts, &diag);
        if (s)
            store_source_abort(st);
    }
    if (s)
        rc = msg_diag(s, &diag);
    else if (ing.counts.rejected)
        msg_note(path, 0, "%ld history records could not be read and were left out",
                 ing.counts.rejected);
    ingest_release(&ing);
    fclose(f);
    return rc;
}

/* The history goes into a scratch store of its own, so replaying never
 * touches the user's database; the store is removed afterwards. */
static int
replay_history(const struct cli *cli, const char *const *files, size_t n, const struct sla_terms *t,
               struct sla_replay *out)
{
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
    if (!rc && (s = sla_replay_run(st, t, cli->zone, out, &diag)))
        rc = msg_diag(s, &diag);
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
    int rc = load_terms(opt->file, &t, &from_json);
    if (rc)
        return rc;
    struct sla_scorecard sc;
    struct sla_replay replay;
    bool have_replay = false;
    struct sl_diag diag = {0};
    memset(&replay, 0, sizeof replay);
    if (sla_score(&t, &sc)) {
        sla_terms_release(&t);
        return msg_error(SL_EXIT_INPUT, opt->file, 0, "out of memory");
    }
    if (opt->nhistory) {
        if ((rc = replay_history(cli, opt->history, opt->nhistory, &t, &replay)))
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
        struct jsonw w;
        jsonw_begin(&w, &sb);
        jsonw_open(&w, NULL, '{');
        jsonw_field_str(&w, "document", t.document);
        json_scorecard(&w, &sc);
        if (have_replay)
            json_replay(&w, &replay);
        jsonw_open(&w, "terms", '{');
        sla_json_write_fields(&w, &t);
        jsonw_close(&w, '}');
        jsonw_close(&w, '}');
        enum sl_status s = w.status;
        if (s)
            rc = msg_error(sl_exit_code(s), NULL, 0, "%s", sl_strerror(s));
        else
            puts(sb.buf);
        strbuf_release(&sb);
    } else if (!msg_quiet()) {
        print_scorecard(&t, &sc);
        if (have_replay)
            print_replay(&replay);
        if (opt->output)
            printf("\nwrote %s\n", opt->output);
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
    static const char *const valued[] = {"--entity", "--service", "--effective",
                                         "--output", "-o",        NULL};
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
    if (strcmp(action, "import") && (opt.entity || opt.effective || opt.service))
        return msg_usage("sla", "--entity, --service and --effective belong to 'sla import'");
    if (!strcmp(action, "extract"))
        return cmd_extract(cli, &opt);
    if (!strcmp(action, "import"))
        return cmd_import(cli, &opt);
    return cmd_score(cli, &opt);
}
