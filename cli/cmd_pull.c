/* cmd_pull.c — `slaudit pull`: the records of a service's API, from where
 * the last pull of the same source ended (less an overlap for records
 * updated late), into the store in one transaction per source; one source
 * from the command line, or every source of a YAML file. Tokens come from
 * a file or an environment variable, never the command line. */
#include <errno.h>
#include <stdint.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/base/jsonw.h"
#include "engine/base/strbuf.h"
#include "engine/base/yamldoc.h"
#include "engine/time/sltime.h"
#include "parsers/formats/registry.h"
#include "parsers/pull/pull.h"

static const char help[] =
    "usage: slaudit pull KIND [URL] [--entity E] [--service S] [--token-file F]\n"
    "                    [--token-env VAR] [--since T] [--until T] [--overlap HOURS]\n"
    "                    [--query EXPR] [--step SECONDS] [--timeout SECONDS]\n"
    "                    [--retries N] [--max-pages N] [--max-time SECONDS] [--dry-run]\n"
    "       slaudit pull --config SOURCES.yaml [--dry-run]\n"
    "\n"
    "Reads the records of a service's API into the store, as `slaudit ingest`\n"
    "reads an export of them: the same parser, keys, rejects and updates. Each\n"
    "answer is recorded as a source (its request and SHA-256); the whole pull is\n"
    "one transaction: a failed request changes nothing.\n"
    "\n"
    "Kinds:\n"
    "%s"
    "\n"
    "  --entity E        provider:NAME or team:NAME for records that name none\n"
    "  --service S       the service of records that name none\n"
    "  --token-file F    the API token, the file's first line (never on the\n"
    "                    command line); --token-env VAR: from $VAR\n"
    "  --since T         the window's start; default: where the last pull of this\n"
    "                    source ended, less --overlap, else 31 days before --until\n"
    "  --until T         the window's end; default now (for prometheus, 5 minutes ago)\n"
    "  --overlap HOURS   asked again of the last pull, for records updated late\n"
    "                    (default 72; 0 for prometheus)\n"
    "  --query EXPR      prometheus: the expression (default up)\n"
    "  --step SECONDS    prometheus: the points' spacing, the probe interval (60)\n"
    "  --timeout S       each request (default 30); --retries N after a network\n"
    "                    error, 5xx or 429 (default 3); --max-pages N requests at\n"
    "                    most (1000); --max-time S for the whole pull (600)\n"
    "  --dry-run         say what would be asked; fetch and store nothing\n"
    "  --config F        every source of F: a list under `sources:`, each with kind,\n"
    "                    url, entity, and service, token_file or token_env, overlap,\n"
    "                    query, step as above, and since: where the first pull\n"
    "                    starts (later ones go on from the last)\n"
    "\n"
    "Exit codes: 0 pulled; 2 usage; 3 a request failed or an answer did not read\n"
    "(the message names the request and why); 4 database error.\n"
    "\n"
    "Example:\n"
    "  slaudit pull pagerduty --entity team:payments --token-file ~/.pagerduty\n"
    "  slaudit pull prometheus http://prom:9090 --entity team:payments \\\n"
    "      --query 'probe_success{job=\"blackbox\"}' --step 60\n";

#define PULL_DEFAULT_OVERLAP_HOURS 72
#define PULL_FIRST_DAYS 31
#define PULL_PROBE_LAG 300
#define PULL_TOKEN_MAX 4096

/* One source as the command line or a config entry gives it; every
 * pointer borrowed. */
struct source_spec {
    const char *kind, *url, *entity, *service, *token_file, *token_env;
    const char *since, *until, *overlap, *query, *step;
    /* A config's since: where the first pull starts, when no pull of the
     * source is on record yet (a timer's later runs go on from the cursor). */
    const char *first_since;
    const char *where; /* for messages: "" or "FILE:LINE" of the entry */
};

/* Limits shared by every source of one run. */
struct run_limits {
    long timeout_s, max_time_s;
    int retries, max_pages;
    bool dry_run;
};

static int
print_kinds(void)
{
    struct strbuf kinds = STRBUF_INIT;
    for (const struct pull_kind *const *k = pull_kind_table; *k; k++) {
        strbuf_addf(&kinds, "  %-11s %s\n", (*k)->name, (*k)->about);
        if ((*k)->default_url)
            strbuf_addf(&kinds, "  %-11s URL default %s\n", "", (*k)->default_url);
    }
    printf(help, kinds.buf);
    strbuf_release(&kinds);
    return 0;
}

/* The token: the first line of the file, else $VAR. 0 with *out NULL when
 * neither is given. The token is never put in a message. */
static int
read_token(const struct source_spec *src, char *out, size_t n, bool *have)
{
    *have = false;
    if (src->token_file) {
        FILE *f = fopen(src->token_file, "r");
        if (!f)
            return msg_error(SL_EXIT_INPUT, src->token_file, 0, "cannot read the token: %s",
                             strerror(errno));
        struct stat sb;
        if (!fstat(fileno(f), &sb) && (sb.st_mode & 077))
            msg_warn(src->token_file, 0,
                     "the token file may be read by others (mode %03o); chmod 600 it",
                     (unsigned)(sb.st_mode & 0777));
        bool got = fgets(out, (int)n, f) != NULL;
        fclose(f);
        if (!got)
            return msg_error(SL_EXIT_INPUT, src->token_file, 0, "the token file is empty");
    } else if (src->token_env) {
        const char *v = getenv(src->token_env);
        if (!v || !*v)
            return msg_error(SL_EXIT_INPUT, src->where, 0, "$%s holds no token", src->token_env);
        if (strlen(v) >= n)
            return msg_error(SL_EXIT_INPUT, src->where, 0, "$%s: the token is too long",
                             src->token_env);
        memcpy(out, v, strlen(v) + 1);
    } else {
        return 0;
    }
    out[strcspn(out, "\r\n")] = '\0';
    size_t len = strlen(out);
    while (len && (out[len - 1] == ' ' || out[len - 1] == '\t'))
        out[--len] = '\0';
    if (!len)
        return msg_error(SL_EXIT_INPUT, src->token_file ? src->token_file : src->where, 0,
                         "the token is empty");
    *have = true;
    return 0;
}

static int
parse_count(const char *option, const char *text, long lo, long *out)
{
    char *end;
    errno = 0;
    long v = text ? strtol(text, &end, 10) : 0;
    if (!text || errno || end == text || *end || v < lo)
        return msg_usage("pull", "%s '%s': expected a whole number from %ld", option,
                         text ? text : "", lo);
    *out = v;
    return 0;
}

/* The pull's window and query, from the spec and the last pull on record. */
static int
plan(const struct cli *cli, struct store *st, const struct source_spec *src,
     struct pull_options *opt, char *url, size_t url_n)
{
    const struct pull_kind *k = opt->kind;
    const char *base = src->url ? src->url : k->default_url;
    if (!base)
        return msg_usage("pull", "%s needs the API's URL", k->name);
    size_t len = strlen(base);
    while (len && base[len - 1] == '/')
        len--;
    if (len >= url_n)
        return msg_usage("pull", "the URL is too long");
    memcpy(url, base, len);
    url[len] = '\0';
    opt->q.url = url;
    opt->q.query = src->query ? src->query : "up";
    long step = 60, overlap_h = k->query ? 0 : PULL_DEFAULT_OVERLAP_HOURS;
    if ((src->step && parse_count("--step", src->step, 1, &step)) ||
        (src->overlap && parse_count("--overlap", src->overlap, 0, &overlap_h)))
        return SL_EXIT_USAGE;
    opt->q.step = step;
    if (src->until) {
        if (cli_parse_when(cli, "pull", "--until", src->until, &opt->q.until))
            return SL_EXIT_USAGE;
    } else {
        opt->q.until = (int64_t)time(NULL) - (k->query ? PULL_PROBE_LAG : 0);
    }
    if (src->since)
        return cli_parse_when(cli, "pull", "--since", src->since, &opt->q.since);
    int64_t last;
    bool found = false;
    struct sl_diag diag = {0};
    enum sl_status s = k->windowed ? pull_last_until(st, opt, &last, &found, &diag) : SL_OK;
    if (s)
        return msg_diag(s, &diag);
    if (found)
        opt->q.since = last - overlap_h * 3600;
    else if (src->first_since)
        return cli_parse_when(cli, "pull", "since", src->first_since, &opt->q.since);
    else
        opt->q.since = opt->q.until - PULL_FIRST_DAYS * 86400;
    return 0;
}

static void
show_progress(void *ctx, int request, const char *url)
{
    (void)url;
    fprintf(stderr, "\rslaudit: %s: request %d", (const char *)ctx, request);
}

static void
print_result(const struct cli *cli, const struct pull_options *opt, const struct pull_result *r)
{
    const struct ingest_pull_result *p = &r->stored;
    char since[40], until[40];
    sltime_format(opt->q.since, NULL, since);
    sltime_format(opt->q.until, NULL, until);
    if (cli->json) {
        struct strbuf sb = STRBUF_INIT;
        struct jsonw w;
        jsonw_begin(&w, &sb);
        jsonw_open(&w, NULL, '{');
        jsonw_field_str(&w, "kind", opt->kind->name);
        jsonw_field_str(&w, "url", opt->q.url);
        jsonw_field_str(&w, "since", opt->kind->windowed ? since : NULL);
        jsonw_field_str(&w, "until", opt->kind->windowed ? until : NULL);
        jsonw_field_int(&w, "requests", r->requests);
        jsonw_field_int(&w, "bytes", r->bytes);
        jsonw_field_int(&w, "answers_read", p->answers);
        jsonw_field_int(&w, "answers_known", p->known);
        jsonw_field_int(&w, "read", p->counts.read);
        jsonw_field_int(&w, "stored", p->counts.stored);
        jsonw_field_int(&w, "duplicates", p->counts.duplicates);
        jsonw_field_int(&w, "rejected", p->counts.rejected);
        jsonw_field_int(&w, "incidents", p->kinds.incidents);
        jsonw_field_int(&w, "maintenance", p->kinds.maintenance);
        jsonw_field_int(&w, "probes", p->kinds.probes);
        jsonw_field_int(&w, "intervals", p->intervals);
        jsonw_field_bool(&w, "already", p->already);
        jsonw_close(&w, '}');
        if (!w.status)
            puts(sb.buf);
        strbuf_release(&sb);
        return;
    }
    if (msg_quiet())
        return;
    printf("%s %s: %d requests, %lld bytes", opt->kind->name, opt->q.url, r->requests, r->bytes);
    if (opt->kind->windowed)
        printf(" (%s to %s)", since, until);
    if (p->already) {
        puts(": nothing new");
        return;
    }
    printf(": %ld answers read, %ld already on record; %ld records read, %ld new, %ld seen "
           "before or updated, %ld rejected",
           p->answers, p->known, p->counts.read, p->counts.stored, p->counts.duplicates,
           p->counts.rejected);
    if (p->kinds.incidents)
        printf("; %ld new incidents", p->kinds.incidents);
    if (p->kinds.maintenance)
        printf("; %ld maintenance windows", p->kinds.maintenance);
    if (p->kinds.probes)
        printf("; %ld probes as %ld status intervals", p->kinds.probes, p->intervals);
    putchar('\n');
    for (long i = 0; i < p->nshown; i++)
        msg_note(NULL, 0, "rejected at line %ld: %s", p->shown[i].line, p->shown[i].reason);
}

static int
pull_one(const struct cli *cli, struct store *st, const struct source_spec *src,
         const struct run_limits *lim)
{
    struct pull_options opt = {.kind = pull_kind_by_name(src->kind ? src->kind : "")};
    if (!opt.kind)
        return msg_usage("pull", "%s%sunknown kind '%s' (see slaudit pull --help)", src->where,
                         src->where[0] ? ": " : "", src->kind ? src->kind : "");
    if (src->entity && cli_check_entity_name("pull", "--entity", src->entity))
        return SL_EXIT_USAGE;
    const struct parser *p = parser_by_name(opt.kind->format);
    if (!src->entity && p && parser_needs_entity(p))
        return msg_usage("pull", "%s names no entity in its records: give --entity",
                         opt.kind->name);
    opt.entity = src->entity;
    opt.service = src->service;
    opt.zone = cli->zone;
    char url[2048];
    int rc = plan(cli, st, src, &opt, url, sizeof url);
    if (rc)
        return rc;
    char token[PULL_TOKEN_MAX];
    bool have_token;
    if ((rc = read_token(src, token, sizeof token, &have_token)))
        return rc;
    if (opt.kind->needs_token && !have_token)
        return msg_usage("pull", "%s needs a token: give --token-file or --token-env",
                         opt.kind->name);
    if (lim->dry_run) {
        struct strbuf first = STRBUF_INIT;
        char since[40], until[40];
        sltime_format(opt.q.since, NULL, since);
        sltime_format(opt.q.until, NULL, until);
        pull_first_request(&opt, &first);
        printf("%s %s: would ask", opt.kind->name, opt.q.url);
        if (opt.kind->windowed)
            printf(" for %s to %s", since, until);
        printf(", first GET %s%s\n", first.len ? first.buf : "(nothing)",
               have_token ? " with the token" : "");
        strbuf_release(&first);
        memset(token, 0, sizeof token);
        return 0;
    }
    opt.token = have_token ? token : NULL;
    opt.limits = (struct http_limits){
        .timeout_ms = lim->timeout_s * 1000,
        .retries = lim->retries,
        .backoff_ms = 500,
        .max_bytes = (long long)128 << 20,
        .deadline_ms = http_now_ms() + (int64_t)lim->max_time_s * 1000,
    };
    opt.max_pages = lim->max_pages;
    bool terminal = isatty(STDERR_FILENO) && !msg_quiet();
    if (terminal) {
        opt.progress = show_progress;
        opt.progress_ctx = (void *)(uintptr_t)opt.kind->name;
    }
    struct pull_result r;
    struct sl_diag diag = {0};
    enum sl_status s = pull_run(st, &opt, &r, &diag);
    memset(token, 0, sizeof token);
    if (terminal)
        fputs("\r\033[K", stderr);
    if (s) {
        rc = msg_diag(s, &diag);
        msg_note(NULL, 0, "%s %s: nothing stored; the store is as it was", opt.kind->name,
                 opt.q.url);
        return rc;
    }
    print_result(cli, &opt, &r);
    return 0;
}

/* Every entry of the config's `sources:` list, each pulled on its own. */
static int
pull_config(const struct cli *cli, struct store *st, const char *path, const struct run_limits *lim)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return msg_error(SL_EXIT_INPUT, path, 0, "cannot open: %s", strerror(errno));
    struct sl_diag diag = {0};
    struct yamldoc_stream *ys = NULL;
    struct yamldoc *doc = NULL;
    enum sl_status s = yamldoc_open(f, path, &ys, &diag);
    if (!s)
        s = yamldoc_next(ys, &doc, &diag);
    int rc = s ? msg_diag(s, &diag) : 0;
    const struct yaml_node *list = doc ? yamldoc_get(doc, yamldoc_root(doc), "sources") : NULL;
    if (!rc && yamldoc_kind(list) != YNODE_SEQUENCE)
        rc = msg_error(SL_EXIT_INPUT, path, 0, "no list under `sources:`");
    int worst = rc;
    for (size_t i = 0; !rc && i < yamldoc_size(list); i++) {
        const struct yaml_node *e = yamldoc_at(doc, list, i);
        char where[600];
        snprintf(where, sizeof where, "%s:%ld", path, yamldoc_line(e));
        if (yamldoc_get(doc, e, "token")) {
            worst = msg_error(SL_EXIT_INPUT, where, 0,
                              "a token is never written in the config: give token_file or "
                              "token_env");
            continue;
        }
        struct source_spec src = {
            .kind = yamldoc_get_scalar(doc, e, "kind"),
            .url = yamldoc_get_scalar(doc, e, "url"),
            .entity = yamldoc_get_scalar(doc, e, "entity"),
            .service = yamldoc_get_scalar(doc, e, "service"),
            .token_file = yamldoc_get_scalar(doc, e, "token_file"),
            .token_env = yamldoc_get_scalar(doc, e, "token_env"),
            .first_since = yamldoc_get_scalar(doc, e, "since"),
            .overlap = yamldoc_get_scalar(doc, e, "overlap"),
            .query = yamldoc_get_scalar(doc, e, "query"),
            .step = yamldoc_get_scalar(doc, e, "step"),
            .where = where,
        };
        int one = pull_one(cli, st, &src, lim);
        /* A source that failed does not keep the others from their pull;
         * the exit is the worst of them. */
        if (one > worst)
            worst = one;
        if (one == SL_EXIT_DB)
            break;
    }
    rc = worst;
    yamldoc_free(doc);
    yamldoc_close(ys);
    fclose(f);
    return rc;
}

int
cmd_pull(struct cli *cli, int argc, char **argv)
{
    enum {
        O_ENTITY = 256,
        O_SERVICE,
        O_TOKEN_FILE,
        O_TOKEN_ENV,
        O_SINCE,
        O_UNTIL,
        O_OVERLAP,
        O_QUERY,
        O_STEP,
        O_TIMEOUT,
        O_RETRIES,
        O_MAX_PAGES,
        O_MAX_TIME,
        O_DRY_RUN,
        O_CONFIG,
        O_TOKEN
    };
    static const struct option longopts[] = {
        {"entity", required_argument, NULL, O_ENTITY},
        {"service", required_argument, NULL, O_SERVICE},
        {"token-file", required_argument, NULL, O_TOKEN_FILE},
        {"token-env", required_argument, NULL, O_TOKEN_ENV},
        {"token", required_argument, NULL, O_TOKEN},
        {"since", required_argument, NULL, O_SINCE},
        {"until", required_argument, NULL, O_UNTIL},
        {"overlap", required_argument, NULL, O_OVERLAP},
        {"query", required_argument, NULL, O_QUERY},
        {"step", required_argument, NULL, O_STEP},
        {"timeout", required_argument, NULL, O_TIMEOUT},
        {"retries", required_argument, NULL, O_RETRIES},
        {"max-pages", required_argument, NULL, O_MAX_PAGES},
        {"max-time", required_argument, NULL, O_MAX_TIME},
        {"dry-run", no_argument, NULL, O_DRY_RUN},
        {"config", required_argument, NULL, O_CONFIG},
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    struct source_spec src = {.where = ""};
    struct run_limits lim = {.timeout_s = 30, .max_time_s = 600, .retries = 3, .max_pages = 1000};
    const char *config = NULL;
    long n;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case O_ENTITY:
            src.entity = optarg;
            break;
        case O_SERVICE:
            src.service = optarg;
            break;
        case O_TOKEN_FILE:
            src.token_file = optarg;
            break;
        case O_TOKEN_ENV:
            src.token_env = optarg;
            break;
        case O_TOKEN:
            return msg_usage("pull", "a token is never given on the command line (others see "
                                     "it in ps): use --token-file or --token-env");
        case O_SINCE:
            src.since = optarg;
            break;
        case O_UNTIL:
            src.until = optarg;
            break;
        case O_OVERLAP:
            src.overlap = optarg;
            break;
        case O_QUERY:
            src.query = optarg;
            break;
        case O_STEP:
            src.step = optarg;
            break;
        case O_TIMEOUT:
            if (parse_count("--timeout", optarg, 1, &lim.timeout_s))
                return SL_EXIT_USAGE;
            break;
        case O_MAX_TIME:
            if (parse_count("--max-time", optarg, 1, &lim.max_time_s))
                return SL_EXIT_USAGE;
            break;
        case O_RETRIES:
            if (parse_count("--retries", optarg, 0, &n))
                return SL_EXIT_USAGE;
            lim.retries = (int)(n > 100 ? 100 : n);
            break;
        case O_MAX_PAGES:
            if (parse_count("--max-pages", optarg, 1, &n))
                return SL_EXIT_USAGE;
            lim.max_pages = (int)(n > 1000000 ? 1000000 : n);
            break;
        case O_DRY_RUN:
            lim.dry_run = true;
            break;
        case O_CONFIG:
            config = optarg;
            break;
        case 'j':
            cli->json = true;
            break;
        case 'h':
            return print_kinds();
        default:
            return msg_usage("pull", "unknown option '%s'", argv[optind - 1]);
        }
    }
    if (config && optind < argc)
        return msg_usage("pull", "--config names the sources; '%s' is one too many", argv[optind]);
    if (!config && optind >= argc)
        return msg_usage("pull", "no KIND given (or --config FILE)");
    if (!config) {
        src.kind = argv[optind++];
        if (optind < argc)
            src.url = argv[optind++];
        if (optind < argc)
            return msg_usage("pull", "one KIND and URL at a time ('%s' is one too many)",
                             argv[optind]);
    }
    struct store *st;
    int rc = cli_open_store(cli, &st);
    if (rc)
        return rc;
    rc = config ? pull_config(cli, st, config, &lim) : pull_one(cli, st, &src, &lim);
    store_close(st);
    return rc;
}
