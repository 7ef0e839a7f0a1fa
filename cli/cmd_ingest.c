/* cmd_ingest.c — `slaudit ingest`: each file in one transaction, recorded by
 * its SHA-256 so the same file is never ingested twice. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/base/infile.h"
#include "engine/ingest/ingest.h"
#include "engine/base/jsonw.h"
#include "engine/base/sha256.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"
#include "parsers/read/fieldmap.h"
#include "parsers/formats/registry.h"

static const char help[] =
    "usage: slaudit ingest [--format NAME] [--entity provider:X|team:Y] [--service S] FILE...\n"
    "\n"
    "Reads each FILE into the store in one transaction: all of it or nothing.\n"
    "The format is detected from the content unless --format names it (see\n"
    "'slaudit formats'). A file already ingested (same SHA-256) changes nothing.\n"
    "Records that cannot be read are kept in the rejects table with their line and\n"
    "reason; the first few are shown. Timestamps without a UTC offset are read in\n"
    "--tz (default UTC) and the run says how many there were.\n"
    "\n"
    "  --format NAME   skip detection and read FILE as NAME\n"
    "  --entity E      entity for records that name none (provider:NAME or team:NAME)\n"
    "  --service S     service for records that name none\n"
    "  --json          one JSON object per file: file, format, sha256, read, stored,\n"
    "                  rejected, duplicates, already_ingested\n"
    "  --boot-time T   when the machine booted, for dmesg stamps in seconds since boot\n"
    "  --year YYYY     year of the first syslog line (syslog stamps have none); the\n"
    "                  year advances at each turn of the year in the file\n"
    "  --map F=PATH,...  JSON Lines field mapping (fields: key entity service title\n"
    "                  severity state started detected acknowledged mitigated resolved\n"
    "                  time status; PATH is dotted: timestamps.started)\n"
    "  --config FILE   YAML: record (incident|probe), fields (field: path or group),\n"
    "                  pattern (a PCRE2 pattern with named groups, for line formats)\n"
    "\n"
    "A progress line is drawn on stderr for long inputs when stderr is a terminal.\n"
    "\n"
    "Exit codes: 0 every file ingested or already there (rejected records do not\n"
    "change this); 3 a file could not be read as its format; 4 database error.\n"
    "\n"
    "Example:\n"
    "  slaudit ingest --entity team:platform incidents.csv probes.csv maintenance.csv\n";

struct ingest_options {
    const char *format, *entity, *service;
    const char *map, *config;
    int64_t boot_time;
    int year;
};

/* The progress line of one file: drawn from the ingest's callback. */
struct progress {
    const char *path;
    FILE *f;
    long long bytes;
    bool drawn;
};

static void
progress_draw(void *ctx, const struct ingest *ing)
{
    struct progress *pr = ctx;
    long pos = ftell(pr->f);
    int pct = pr->bytes > 0 && pos >= 0 ? (int)(100.0 * (double)pos / (double)pr->bytes) : 0;
    fprintf(stderr, "\rslaudit: %s: %d%%, %ld records", pr->path, pct > 100 ? 100 : pct,
            ing->counts.read);
    fflush(stderr);
    pr->drawn = true;
}

/* Returns an exit code: the file is stored, but its JSON summary may not
 * have been written. */
static int
print_result(const struct cli *cli, const char *path, const char *format, const char *sha,
             const struct ingest *ing, bool already)
{
    if (cli->json) {
        struct strbuf sb = STRBUF_INIT;
        struct jsonw w;
        jsonw_begin(&w, &sb);
        jsonw_open(&w, NULL, '{');
        jsonw_field_str(&w, "file", path);
        jsonw_field_str(&w, "format", format);
        jsonw_field_str(&w, "sha256", sha);
        jsonw_field_int(&w, "read", ing->counts.read);
        jsonw_field_int(&w, "stored", ing->counts.stored);
        jsonw_field_int(&w, "rejected", ing->counts.rejected);
        jsonw_field_int(&w, "duplicates", ing->counts.duplicates);
        jsonw_field_int(&w, "intervals", ing->intervals);
        jsonw_field_bool(&w, "already_ingested", already);
        jsonw_close(&w, '}');
        int rc = w.status ? msg_error(SL_EXIT_DB, path, 0, "out of memory for the JSON summary")
                          : (puts(sb.buf), SL_EXIT_OK);
        strbuf_release(&sb);
        return rc;
    }
    if (msg_quiet())
        return SL_EXIT_OK;
    if (already) {
        printf("%s: already ingested (sha256 %.12s…), nothing changed\n", path, sha);
        return SL_EXIT_OK;
    }
    printf("%s: %s: read %ld, stored %ld, rejected %ld, duplicates %ld", path, format,
           ing->counts.read, ing->counts.stored, ing->counts.rejected, ing->counts.duplicates);
    if (ing->intervals)
        printf(" (%ld status intervals)", ing->intervals);
    putchar('\n');
    return SL_EXIT_OK;
}

static void
show_rejects(const struct cli *cli, const char *path, const struct ingest *ing)
{
    long shown =
        ing->counts.rejected < INGEST_SHOWN_REJECTS ? ing->counts.rejected : INGEST_SHOWN_REJECTS;
    for (long i = 0; i < shown; i++)
        msg_error(0, path, ing->shown[i].line, "rejected: %s", ing->shown[i].reason);
    if (ing->counts.rejected > shown)
        msg_note(path, 0, "%ld more rejected records; all are in the rejects table of %s",
                 ing->counts.rejected - shown, cli->db);
    if (ing->naive_timestamps)
        msg_note(path, 0, "%ld timestamps had no UTC offset and were read in %s (--tz)",
                 ing->naive_timestamps, cli->zone ? cli->zone : "UTC");
}

/* True when the file behind fd is no longer what was hashed: its size, its
 * modification time, or its change time moved. The change time cannot be set
 * back by a user, so a write that restores the mtime is still seen. Checked
 * once the file is parsed and before the transaction commits, so the SHA-256
 * on record always names the bytes that were stored. */
static bool
file_changed(int fd, const struct stat *before)
{
    struct stat now;
    if (fstat(fd, &now))
        return true;
    return now.st_size != before->st_size || now.st_ino != before->st_ino ||
           now.st_mtim.tv_sec != before->st_mtim.tv_sec ||
           now.st_mtim.tv_nsec != before->st_mtim.tv_nsec ||
           now.st_ctim.tv_sec != before->st_ctim.tv_sec ||
           now.st_ctim.tv_nsec != before->st_ctim.tv_nsec;
}

static int
ingest_one(const struct cli *cli, struct store *st, const struct ingest_options *opt,
           const char *path)
{
    struct stat sb;
    struct sl_diag diag = {0};
    int rc = 0;
    FILE *f;
    enum sl_status opened = infile_open(path, &f, &sb, &diag);
    if (opened)
        return msg_error(SL_EXIT_INPUT, diag.file, 0, "%s", diag.message);
    char sha[65], head[PARSER_SNIFF_BYTES];
    long long bytes;
    if (sha256_stream(f, sha, &bytes) || fseek(f, 0, SEEK_SET)) {
        fclose(f);
        return msg_error(SL_EXIT_INPUT, path, 0, "cannot read: %s", strerror(errno));
    }
    const struct parser *p;
    if (opt->format) {
        p = parser_by_name(opt->format);
    } else {
        size_t n = fread(head, 1, sizeof head, f);
        p = parser_detect(head, n);
        if (!p) {
            fclose(f);
            return msg_error(SL_EXIT_INPUT, path, 1, "%s", parser_not_recognised(head, n));
        }
        rewind(f);
    }

    struct ingest ing;
    bool already;
    ingest_init(&ing, st, path, &diag);
    ing.entity = opt->entity;
    ing.service = opt->service;
    ing.zone = cli->zone;
    ing.boot_time = opt->boot_time;
    ing.year = opt->year;
    ing.map = opt->map;
    ing.config = opt->config;
    struct progress pr = {.path = path, .f = f, .bytes = bytes};
    if (isatty(STDERR_FILENO) && !msg_quiet()) {
        ing.progress = progress_draw;
        ing.progress_ctx = &pr;
    }
    enum sl_status s = store_source_begin(st, path, sha, p->name, bytes, &already, &diag);
    if (!s && !already) {
        if (!(s = ingest_parse(&ing, p->parse, f)) && !(s = ingest_finish(&ing))) {
            if (file_changed(fileno(f), &sb) || (long long)sb.st_size != bytes)
                s = diag_set(&diag, SL_ERR_INPUT, path, 0,
                             "the file changed while it was read (size, mtime or ctime moved); "
                             "ingest it again once it is complete");
            else
                s = store_source_finish(st, &ing.counts, &diag);
        }
        if (s)
            store_source_abort(st);
    }
    if (pr.drawn)
        fputs("\r\033[K", stderr);
    if (s) {
        rc = msg_diag(s, &diag);
        msg_note(path, 0, "nothing from this file was stored");
    } else {
        rc = print_result(cli, path, p->name, sha, &ing, already);
        show_rejects(cli, path, &ing);
    }
    ingest_release(&ing);
    fclose(f);
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
        {"map", required_argument, NULL, 'm'},
        {"config", required_argument, NULL, 'c'},
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
        case 'm':
            opt.map = optarg;
            break;
        case 'c':
            opt.config = optarg;
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
