/* cmd_forget.c — `slaudit forget`: one source and everything stored from it
 * removed, in one transaction, so a wrong or corrected file can be read
 * again. */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/base/jsonw.h"
#include "engine/base/sha256.h"
#include "engine/ingest/ingest_key.h"
#include "engine/store/store.h"

static const char help[] =
    "usage: slaudit forget FILE|SHA256\n"
    "\n"
    "Removes a source from the store and everything read from it: incidents,\n"
    "status intervals, maintenance windows, GPU events, commitments, audit\n"
    "records, rejects and probe latency, in one transaction. SHA256 (64 hex\n"
    "digits) is the key ingest recorded ('ingest --json' prints it: the file's\n"
    "SHA-256 when it was read into a SQLite store with no option that changes its\n"
    "records); FILE names every source recorded under that path, or, when none\n"
    "is, the file's current bytes read with no such option. A record a later file updated\n"
    "belongs to that later file. Stored evaluation results are not changed: run\n"
    "'slaudit eval' again. To read a changed file in place of the old one, use\n"
    "'slaudit ingest --replace'.\n"
    "\n"
    "  --json          one JSON object: sources, incidents, intervals, maintenance,\n"
    "                  gpu_events, commitments, audit_records, rejects,\n"
    "                  latency_samples removed\n"
    "\n"
    "Exit codes: 0 forgotten; 3 nothing recorded under FILE or SHA256; 4 database\n"
    "error.\n"
    "\n"
    "Example:\n"
    "  slaudit forget exports/opsgenie-alerts.json\n";

static bool
is_sha256(const char *s)
{
    size_t n = 0;
    for (; s[n]; n++)
        if (!isxdigit((unsigned char)s[n]))
            return false;
    return n == 64;
}

static int
print_forgotten(const struct cli *cli, const char *what, const struct store_forgotten *f)
{
    if (!cli->json) {
        if (msg_quiet())
            return SL_EXIT_OK;
        printf("%s: forgot %ld source%s: %ld incidents, %ld status intervals, %ld "
               "maintenance windows, %ld GPU events, %ld commitments, %ld audit records, "
               "%ld rejects",
               what, f->sources, f->sources == 1 ? "" : "s", f->incidents, f->intervals,
               f->maintenance, f->gpu_events, f->commitments, f->audit_records, f->rejects);
        if (f->latency_samples)
            printf(", %ld latency samples", f->latency_samples);
        putchar('\n');
        return SL_EXIT_OK;
    }
    struct strbuf sb = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "forgot", what);
    jsonw_field_int(&w, "sources", f->sources);
    jsonw_field_int(&w, "incidents", f->incidents);
    jsonw_field_int(&w, "intervals", f->intervals);
    jsonw_field_int(&w, "maintenance", f->maintenance);
    jsonw_field_int(&w, "gpu_events", f->gpu_events);
    jsonw_field_int(&w, "commitments", f->commitments);
    jsonw_field_int(&w, "audit_records", f->audit_records);
    jsonw_field_int(&w, "rejects", f->rejects);
    jsonw_field_int(&w, "latency_samples", f->latency_samples);
    jsonw_close(&w, '}');
    int rc = w.status ? msg_error(sl_exit_code(w.status), NULL, 0, "out of memory for the JSON")
                      : (puts(sb.buf), SL_EXIT_OK);
    strbuf_release(&sb);
    return rc;
}

int
cmd_forget(struct cli *cli, int argc, char **argv)
{
    int opts = cli_json_options(cli, "forget", help, argc, argv);
    if (opts >= 0)
        return opts;
    if (optind >= argc)
        return msg_usage("forget", "no FILE or SHA256 given");
    if (optind + 1 < argc)
        return msg_usage("forget", "one FILE or SHA256 at a time ('%s' is one too many)",
                         argv[optind + 1]);
    const char *what = argv[optind];
    struct store *st;
    int rc = cli_open_store(cli, &st);
    if (rc)
        return rc;
    struct sl_diag diag = {0};
    struct store_forgotten f;
    enum sl_status s = is_sha256(what) ? store_forget(st, what, NULL, &f, &diag)
                                       : store_forget(st, NULL, what, &f, &diag);
    if (!s && !f.sources && !is_sha256(what)) {
        /* No source under that path: the file's bytes may be on record
         * under another name. */
        char sha[65], scope[256], key[65];
        long long bytes;
        FILE *in = fopen(what, "rb");
        if (in && !sha256_stream(in, sha, &bytes) &&
            !(s = store_source_scope(st, scope, sizeof scope, &diag)) &&
            !(s = ingest_key(sha, NULL, scope, key)))
            s = store_forget(st, key, NULL, &f, &diag);
        if (in)
            fclose(in);
    }
    if (s)
        rc = msg_diag(s, &diag);
    else if (!f.sources)
        rc = msg_error(SL_EXIT_INPUT, what, 0,
                       "no source recorded under this path or SHA-256 in %s; nothing changed",
                       cli->db_shown);
    else
        rc = print_forgotten(cli, what, &f);
    store_close(st);
    return rc;
}
