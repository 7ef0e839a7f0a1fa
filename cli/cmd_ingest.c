/* cmd_ingest.c — `slaudit ingest`: each file in one transaction, recorded by
 * its SHA-256 so the same file is never ingested twice. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/ingest/ingest_file.h"
#include "engine/base/jsonw.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "parsers/read/fieldmap.h"
#include "parsers/formats/registry.h"

static const char help[] =
    "usage: slaudit ingest [--format NAME] [--entity provider:X|team:Y] [--service S]\n"
    "                      [--replace] [--covers FROM..TO] FILE...\n"
    "\n"
    "Reads each FILE into the store in one transaction: all of it or nothing.\n"
    "The format is detected from the content unless --format names it (see\n"
    "'slaudit formats'). A file already ingested changes nothing: the same bytes\n"
    "with the same --entity, --service, --tz, --map, --config, --boot-time, --host,\n"
    "--year, --probe-interval and --covers (on a server: by the same role); the\n"
    "same bytes with other options are another source.\n"
    "A file that yields no record, or whose every record is rejected, is an error\n"
    "and is not recorded: it can be ingested again once corrected. A format whose\n"
    "records name no entity is refused without --entity before it is read.\n"
    "Records that cannot be read are kept in the rejects table with their line and\n"
    "reason; the first few are shown. Timestamps without a UTC offset are read in\n"
    "--tz (default UTC) and the run says how many there were.\n"
    "\n"
    "  --format NAME   skip detection and read FILE as NAME\n"
    "  --entity E      entity for records that name none (provider:NAME or team:NAME)\n"
    "  --service S     service for records that name none\n"
    "  --replace       read FILE in place of what was read before from the same\n"
    "                  path or the same key (see 'slaudit forget'), in the same\n"
    "                  transaction: if FILE fails, the old records stay\n"
    "  --json          one JSON object per file: file, format, sha256, read, stored,\n"
    "                  rejected, duplicates, intervals, incidents, maintenance,\n"
    "                  gpu_events, commitments, audit_records, probes, changes,\n"
    "                  skipped, already_ingested, latency_samples, key (the key\n"
    "                  recorded), updated (of the duplicates, the stored incidents\n"
    "                  they changed), and error when the file failed\n"
    "  --boot-time T   when the machine booted, for dmesg stamps in seconds since boot\n"
    "  --host H        the host of a kernel log whose lines name none (dmesg)\n"
    "  --year YYYY     year of the first syslog line (syslog stamps have none); the\n"
    "                  year advances at each turn of the year in the file\n"
    "  --map F=PATH,...  JSON Lines field mapping (fields: key entity service title\n"
    "                  severity state started detected acknowledged mitigated resolved\n"
    "                  time status from to; PATH is dotted: timestamps.started);\n"
    "                  record=incident|probe|change sets the kind of record\n"
    "  --config FILE   YAML: record (incident|probe|change), fields (field: path or\n"
    "                  group), pattern (a PCRE2 pattern with named groups, for line\n"
    "                  formats)\n"
    "  --probe-interval D  the expected time between probes of a series (90, 60s, 5m,\n"
    "                  1h); a longer gap than twice D is unknown after one D\n"
    "                  (default: each series' median gap)\n"
    "  --covers FROM..TO  the span a provider's status history speaks for: time in\n"
    "                  [FROM, TO) with no incident is up (dates or times, in --tz;\n"
    "                  TO exclusive). Default: the earliest to the latest time the\n"
    "                  file states, its generation time included. For status\n"
    "                  histories only (statuspage-json, gcp-status, aws-health,\n"
    "                  slurmctld-log, interval-csv downtime windows); a file of\n"
    "                  another format is refused\n"
    "\n"
    "A progress line is drawn on stderr for long inputs when stderr is a terminal.\n"
    "\n"
    "Exit codes: 0 every file ingested or already there (rejected records do not\n"
    "change this); 3 a file could not be read as its format, or gave nothing;\n"
    "4 database error.\n"
    "\n"
    "Examples:\n"
    "  slaudit ingest --entity team:platform incidents.csv probes.csv maintenance.csv\n"
    "  slaudit ingest --replace --entity team:platform incidents.csv\n"
    "  slaudit ingest --covers 2026-10-01..2026-11-01 incidents.json\n";

struct ingest_options {
    const char *format, *entity, *service;
    const char *map, *config, *host;
    int64_t boot_time, probe_interval;
    int year;
    bool replace, covers;
    int64_t covers_from, covers_to;
};

/* The progress line of one file: drawn from the ingest's callback. */
struct progress {
    const char *path;
    bool drawn;
};

static void
progress_draw(void *ctx, long long pos, long long bytes, long records)
{
    struct progress *pr = ctx;
    int pct = bytes > 0 && pos >= 0 ? (int)(100.0 * (double)pos / (double)bytes) : 0;
    fprintf(stderr, "\rslaudit: %s: %d%%, %ld records", pr->path, pct > 100 ? 100 : pct, records);
    fflush(stderr);
    pr->drawn = true;
}

/* The --json object of one file; error is the failure's message, NULL when
 * the file was ingested. Returns an exit code: the file is stored, but its
 * JSON summary may not have been written. */
static int
print_json(const char *path, const struct ingest_file_result *res, const char *error)
{
    struct strbuf sb = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "file", path);
    jsonw_field_str(&w, "format", res->format);
    jsonw_field_str(&w, "sha256", res->sha256[0] ? res->sha256 : NULL);
    jsonw_field_int(&w, "read", res->counts.read);
    jsonw_field_int(&w, "stored", error ? 0 : res->counts.stored);
    jsonw_field_int(&w, "rejected", res->counts.rejected);
    jsonw_field_int(&w, "duplicates", res->counts.duplicates);
    jsonw_field_int(&w, "intervals", error ? 0 : res->intervals);
    jsonw_field_int(&w, "incidents", error ? 0 : res->kinds.incidents);
    jsonw_field_int(&w, "maintenance", error ? 0 : res->kinds.maintenance);
    jsonw_field_int(&w, "gpu_events", error ? 0 : res->kinds.gpu_events);
    jsonw_field_int(&w, "commitments", error ? 0 : res->kinds.commitments);
    jsonw_field_int(&w, "audit_records", error ? 0 : res->kinds.audit_records);
    jsonw_field_int(&w, "probes", error ? 0 : res->kinds.probes);
    jsonw_field_int(&w, "changes", error ? 0 : res->kinds.changes);
    jsonw_field_int(&w, "skipped", res->kinds.skipped);
    jsonw_field_bool(&w, "already_ingested", res->already);
    jsonw_field_int(&w, "latency_samples", error ? 0 : res->kinds.latency_samples);
    jsonw_field_str(&w, "key", res->key[0] ? res->key : NULL);
    jsonw_field_int(&w, "updated", error ? 0 : res->kinds.updated);
    jsonw_field_int(&w, "impossible_order", error ? 0 : res->disorder.count);
    if (error)
        jsonw_field_str(&w, "error", error);
    if (res->forgotten.sources)
        jsonw_field_int(&w, "replaced_sources", res->forgotten.sources);
    if (res->skipped)
        jsonw_field_str(&w, "skipped_why", res->skipped);
    jsonw_close(&w, '}');
    int rc = w.status
                 ? msg_error(sl_exit_code(w.status), path, 0, "out of memory for the JSON summary")
                 : (puts(sb.buf), SL_EXIT_OK);
    strbuf_release(&sb);
    return rc;
}

/* One kind's count for the text line: "2 incidents", "1 GPU event";
 * nothing when there is none of the kind. */
static void
print_kind(bool *first, long n, const char *one, const char *many)
{
    if (!n)
        return;
    printf("%s%ld %s", *first ? ": " : ", ", n, n == 1 ? one : many);
    *first = false;
}

static int
print_result(const struct cli *cli, const char *path, const struct ingest_file_result *res)
{
    const char *format = res->format;
    if (cli->json)
        return print_json(path, res, NULL);
    if (msg_quiet())
        return SL_EXIT_OK;
    if (res->already) {
        if (strcmp(res->key, res->sha256) == 0)
            printf("%s: already ingested (sha256 %.12s…), nothing changed\n", path, res->sha256);
        else
            printf("%s: already ingested with these options (key %.12s…), nothing changed\n", path,
                   res->key);
        return SL_EXIT_OK;
    }
    if (res->skipped) {
        printf("%s: %s: skipped, nothing to store: %s\n", path, format, res->skipped);
        return SL_EXIT_OK;
    }
    printf("%s: %s: read %ld, stored %ld, rejected %ld, duplicates %ld", path, format,
           res->counts.read, res->counts.stored, res->counts.rejected, res->counts.duplicates);
    const struct ingest_kinds *k = &res->kinds;
    bool first = true;
    print_kind(&first, k->incidents, "incident", "incidents");
    print_kind(&first, k->probes, "probe result", "probe results");
    print_kind(&first, k->changes, "state change", "state changes");
    print_kind(&first, res->intervals, "status interval", "status intervals");
    print_kind(&first, k->latency_samples, "latency sample", "latency samples");
    print_kind(&first, k->maintenance, "maintenance window", "maintenance windows");
    print_kind(&first, k->gpu_events, "GPU event", "GPU events");
    print_kind(&first, k->commitments, "commitment", "commitments");
    print_kind(&first, k->audit_records, "audit record", "audit records");
    print_kind(&first, k->skipped, "record of no service (skipped)",
               "records of no service (skipped)");
    print_kind(&first, k->updated, "stored incident updated", "stored incidents updated");
    if (first)
        fputs(": nothing new", stdout);
    putchar('\n');
    return SL_EXIT_OK;
}

/* The first rejects of a file; kept is false when the file failed and
 * nothing of it, rejects included, was stored. */
static void
show_rejects(const struct cli *cli, const char *path, const struct ingest_file_result *res,
             bool kept)
{
    long shown =
        res->counts.rejected < INGEST_SHOWN_REJECTS ? res->counts.rejected : INGEST_SHOWN_REJECTS;
    for (long i = 0; i < shown; i++)
        msg_error(0, path, res->shown[i].line, "rejected: %s", res->shown[i].reason);
    if (res->counts.rejected > shown && kept)
        msg_note(path, 0, "%ld more rejected records; all are in the rejects table of %s",
                 res->counts.rejected - shown, cli->db_shown);
    else if (res->counts.rejected > shown)
        msg_note(path, 0, "%ld more rejected records", res->counts.rejected - shown);
    if (res->disorder.count && kept)
        msg_note(path, res->disorder.first_line,
                 "%ld incident%s kept with stamps in an impossible order (the first: %s): only "
                 "that duration is left out of the statistics",
                 res->disorder.count, res->disorder.count == 1 ? "" : "s", res->disorder.first_why);
    if (res->naive_timestamps && kept)
        msg_note(path, 0, "%ld timestamps had no UTC offset and were read in %s (--tz)",
                 res->naive_timestamps, cli->zone ? cli->zone : "UTC");
}

/* The format of a file named by none: the registry's best guess. */
/* What to say of a file no format recognised: what it looks like, from the
 * same first bytes the detector saw. */
static const char *
not_recognised(const char *path)
{
    static char head[PARSER_SNIFF_BYTES], said[1024];
    size_t n = 0;
    FILE *f = fopen(path, "rb");
    if (f) {
        n = fread(head, 1, sizeof head, f);
        fclose(f);
    }
    return parser_not_recognised(head, n, said, sizeof said);
}

static bool
detect_format(const char *head, size_t len, struct ingest_file_format *out)
{
    const struct parser *p = parser_detect(head, len);
    if (p)
        *out = parser_ingest_format(p);
    return p != NULL;
}

static int
ingest_one(const struct cli *cli, struct store *st, const struct ingest_options *opt,
           const char *path)
{
    struct sl_diag diag = {0};
    struct ingest_file_result res;
    struct progress pr = {.path = path};
    struct ingest_file_options io = {
        .detect = detect_format,
        .entity = opt->entity,
        .service = opt->service,
        .zone = cli->zone,
        .regex_flags = cli->regex_flags,
        .probe_interval = opt->probe_interval,
        .boot_time = opt->boot_time,
        .host = opt->host,
        .year = opt->year,
        .map = opt->map,
        .config = opt->config,
        .replace = opt->replace,
        .covers = opt->covers,
        .covers_from = opt->covers_from,
        .covers_to = opt->covers_to,
    };
    if (opt->format) {
        const struct parser *p = parser_by_name(opt->format);
        io.format = parser_ingest_format(p);
    }
    if (isatty(STDERR_FILENO) && !msg_quiet()) {
        io.progress = progress_draw;
        io.progress_ctx = &pr;
    }
    enum sl_status s = ingest_file(st, path, &io, &res, &diag);
    if (pr.drawn)
        fputs("\r\033[K", stderr);
    if (res.unrecognised) {
        const char *why = not_recognised(path);
        if (cli->json)
            print_json(path, &res, why);
        return msg_error(SL_EXIT_INPUT, path, 1, "%s", why);
    }
    if (s) {
        int rc = msg_diag(s, &diag);
        show_rejects(cli, path, &res, false);
        if (res.rolled_back)
            msg_note(path, 0, "nothing from this file was stored");
        if (cli->json)
            print_json(path, &res, diag.message);
        return rc;
    }
    int rc = print_result(cli, path, &res);
    show_rejects(cli, path, &res, true);
    if (res.forgotten.sources && !msg_quiet())
        msg_note(path, 0,
                 "replaced %ld earlier source%s: %ld incidents, %ld status intervals, %ld "
                 "maintenance windows, %ld GPU events, %ld rejects forgotten",
                 res.forgotten.sources, res.forgotten.sources == 1 ? "" : "s",
                 res.forgotten.incidents, res.forgotten.intervals, res.forgotten.maintenance,
                 res.forgotten.gpu_events, res.forgotten.rejects);
    return rc;
}

int
cmd_ingest(struct cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"entity", required_argument, NULL, 'e'},
        {"service", required_argument, NULL, 's'},
        {"help", no_argument, NULL, 'h'},
        {"boot-time", required_argument, NULL, 'b'},
        {"year", required_argument, NULL, 'y'},
        {"host", required_argument, NULL, 'H'},
        {"map", required_argument, NULL, 'm'},
        {"config", required_argument, NULL, 'c'},
        {"probe-interval", required_argument, NULL, 'p'},
        {"replace", no_argument, NULL, 'r'},
        {"covers", required_argument, NULL, 'C'},
        {NULL, 0, NULL, 0},
    };
    struct ingest_options opt = {0};
    int c, rc;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'f':
            opt.format = optarg;
            break;
        case 'e':
            opt.entity = optarg;
            if ((rc = cli_check_entity_name("ingest", "--entity", optarg)))
                return rc;
            break;
        case 's':
            opt.service = optarg;
            break;
        case 'b':
            if ((rc = cli_parse_when(cli, "ingest", "--boot-time", optarg, &opt.boot_time)))
                return rc;
            break;
        case 'y': {
            char *end;
            long y = strtol(optarg, &end, 10);
            if (*end || end == optarg || y < SLTIME_MIN_YEAR || y > SLTIME_MAX_YEAR)
                return msg_usage("ingest", "--year '%s' is not a year (1970-2200)", optarg);
            opt.year = (int)y;
            break;
        }
        case 'H':
            opt.host = optarg;
            break;
        case 'm':
            opt.map = optarg;
            break;
        case 'c':
            opt.config = optarg;
            break;
        case 'p':
            if (!probes_parse_interval(optarg, &opt.probe_interval))
                return msg_usage("ingest",
                                 "--probe-interval '%s' is not a duration (90, 60s, 5m, 1h; "
                                 "at most a day)",
                                 optarg);
            break;
        case 'r':
            opt.replace = true;
            break;
        case 'C':
            if ((rc = cli_parse_span(cli, "ingest", "--covers", optarg, &opt.covers_from,
                                     &opt.covers_to)))
                return rc;
            opt.covers = true;
            break;
        case 'h':
            return cli_help(help);
        default:
            return msg_usage("ingest", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        return msg_usage("ingest", "no FILE given");
    if (opt.format && !parser_by_name(opt.format))
        return msg_usage("ingest", "unknown format '%s' (see 'slaudit formats')", opt.format);
    if (opt.entity && strncmp(opt.entity, "provider:", 9) && strncmp(opt.entity, "team:", 5))
        return msg_usage("ingest", "--entity '%s' is not provider:NAME or team:NAME", opt.entity);
    if (opt.map || opt.config) {
        /* Read the mapping once here, so a bad one is a usage error before
         * any file is touched; a pattern means the line-pattern format. */
        struct fieldmap fm;
        struct sl_diag diag = {0};
        enum sl_status s = fieldmap_load(&fm, opt.config, opt.map, &diag);
        bool pattern = fm.pattern != NULL;
        fieldmap_release(&fm);
        if (s)
            return msg_diag(s, &diag);
        if (!opt.format)
            opt.format = pattern ? "line-pattern" : "jsonl";
    }
    struct store *st;
    rc = cli_open_store(cli, &st);
    if (rc)
        return rc;
    for (int i = optind; i < argc; i++) {
        int one = ingest_one(cli, st, &opt, argv[i]);
        if (one && (rc == 0 || one == SL_EXIT_DB))
            rc = one;
        if (one == SL_EXIT_DB)
            break;
    }
    store_close(st);
    return rc;
}
