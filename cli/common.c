/* common.c — helpers the subcommands share. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/decide/decide_case.h"
#include "engine/measure/period.h"
#include "engine/sla/sla_terms.h"
#include "engine/time/sltime.h"
#include "engine/base/strbuf.h"
#include "engine/store/store.h"
#include "engine/base/termsafe.h"
#include "reports/text/term_table.h"

int
cli_open_store(const struct cli *cli, struct store **out)
{
    return cli_open_store_for(cli, STORE_CREATE, out);
}

int
cli_open_store_for(const struct cli *cli, enum store_mode mode, struct store **out)
{
    struct sl_diag diag = {0};
    *out = NULL;
    enum sl_status rc = store_open_for(cli->db, mode, out, &diag);
    return rc ? msg_diag(rc, &diag) : 0;
}

int
cli_parse_when(const struct cli *cli, const char *command, const char *option, const char *text,
               int64_t *out)
{
    bool had_offset;
    const char *why = "not a date";
    if (sltime_parse(text, strlen(text), cli->zone, out, &had_offset, &why) == SL_OK &&
        *out != SLTIME_NONE)
        return 0;
    return msg_usage(command, "%s '%s': %s (expected YYYY-MM-DD)", option, text, why);
}

int
cli_parse_span(const struct cli *cli, const char *command, const char *option, const char *text,
               int64_t *from, int64_t *to)
{
    const char *dots = strstr(text, "..");
    char first[64];
    if (!dots || dots == text || !dots[2] || (size_t)(dots - text) >= sizeof first)
        return msg_usage(command, "%s '%s' is not FROM..TO (2026-10-01..2026-11-01)", option, text);
    snprintf(first, sizeof first, "%.*s", (int)(dots - text), text);
    int rc;
    if ((rc = cli_parse_when(cli, command, option, first, from)) ||
        (rc = cli_parse_when(cli, command, option, dots + 2, to)))
        return rc;
    if (*to <= *from)
        return msg_usage(command, "%s '%s': TO is not after FROM", option, text);
    return 0;
}

int
cli_help(const char *text)
{
    fputs(text, stdout);
    return 0;
}

int
cli_json_options(struct cli *cli, const char *command, const char *help, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"json", no_argument, NULL, 'j'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h')
            return cli_help(help);
        if (c != 'j')
            return msg_usage(command, "unknown option '%s'", argv[optind - 1]);
        cli->json = true;
    }
    return -1;
}

int
cli_last_complete_month(const struct cli *cli, struct store *st, struct window *out)
{
    struct sl_diag diag = {0};
    bool empty;
    enum sl_status rc = period_last_complete_month(st, cli->zone, out, &empty, &diag);
    if (rc)
        return msg_diag(rc, &diag);
    if (empty)
        return msg_error(SL_EXIT_INPUT, cli->db_shown, 0,
                         "the store holds no data: run 'slaudit ingest' first");
    return 0;
}

void
cli_measure_notes(const struct sla_terms *t)
{
    for (size_t i = 0; i < t->ntargets; i++) {
        const struct sla_uptime_target *u = &t->targets[i];
        if (u->window_unstated)
            msg_note(t->document, u->line,
                     "commitment c%zu (%g%%) states no measurement window; the contract figure "
                     "takes the calendar month",
                     i + 1, u->percent);
        if (u->measure == SLA_MEASURE_UNKNOWN || u->measure == SLA_MEASURE_TIME)
            continue;
        char what[24];
        snprintf(what, sizeof what, "%s", sla_measure_name(u->measure));
        for (char *c = what; *c; c++)
            if (*c == '_')
                *c = ' ';
        msg_note(t->document, u->line,
                 "commitment c%zu (%g%%) is measured by %s; the contract figure measures time, "
                 "an approximation of it",
                 i + 1, u->percent, what);
    }
}

void
cli_decide_notes(const struct cli *cli, const struct decide_case *c)
{
    if (!c->measured)
        return;
    if (!c->team_has_data)
        msg_note(cli->db_shown, 0, "no data for %s in the period: self-managed cannot be measured",
                 c->profile.entity);
    for (size_t i = 0; i < c->profile.nproviders; i++)
        if (!c->provider_has_data[i])
            msg_note(cli->db_shown, 0, "no data for %s in the period", c->providers[i].entity);
}

static int
compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

void
cli_warn_twin_names(const struct eval_result *r)
{
    const char **names = malloc((2 * r->nrows + 1) * sizeof *names);
    if (!names)
        return; /* a warning only: the results stand without it */
    size_t n = 0, any = 0;
    for (size_t i = 0; i < r->nrows; i++) {
        names[n++] = r->rows[i].entity;
        if (r->rows[i].service)
            names[n++] = r->rows[i].service;
    }
    qsort(names, n, sizeof *names, compare_names);
    size_t distinct = 0;
    for (size_t i = 0; i < n; i++)
        if (distinct == 0 || strcmp(names[distinct - 1], names[i]) != 0)
            names[distinct++] = names[i];
    for (size_t i = 0; i < distinct; i++) {
        if (!termsafe_has_invisible(names[i]))
            continue;
        for (size_t j = 0; j < distinct; j++)
            if ((j > i || !termsafe_has_invisible(names[j])) &&
                termsafe_twins(names[i], names[j]) && any++ < 20)
                msg_warn(NULL, 0,
                         "'%s' and '%s' are two names that differ only by invisible characters: "
                         "they print alike but are counted apart",
                         names[i], names[j]);
    }
    if (any > 20)
        msg_warn(NULL, 0, "%zu more names differ from another only by invisible characters",
                 any - 20);
    free(names);
}

/* Prints a table the reports rendered, or says why it could not. */
static void
print_rendered(struct strbuf *sb, enum sl_status s)
{
    if (s)
        msg_error((int)sl_exit_code(s), NULL, 0, "%s", sl_strerror(s));
    else
        fputs(sb->buf, stdout);
    strbuf_release(sb);
}

void
cli_print_eval_table(const struct eval_result *r, bool entities_only, const struct window *window)
{
    struct strbuf sb = STRBUF_INIT;
    print_rendered(&sb, term_table_eval(&sb, r, entities_only, window));
}

void
cli_print_contract_table(const struct eval_result *r, const struct window *month)
{
    struct strbuf sb = STRBUF_INIT;
    print_rendered(&sb, term_table_contract(&sb, r, month));
}

void
cli_print_capacity_table(const struct eval_result *r)
{
    struct strbuf sb = STRBUF_INIT;
    print_rendered(&sb, term_table_capacity(&sb, r));
}

void
cli_print_reconcile(const struct reconcile_result *r, const char *entity, const char *service,
                    const char *zone)
{
    struct strbuf sb = STRBUF_INIT;
    print_rendered(&sb, term_table_reconcile(&sb, r, entity, service, zone));
}

int
cli_check_table_dir(const char *command, const char *format, const char *dir)
{
    static const char *const file_ext[] = {".csv", ".json", ".xlsx", ".tsv", ".txt", NULL};
    struct stat sb;
    if (stat(dir, &sb) == 0 && S_ISDIR(sb.st_mode))
        return 0; /* a directory already, whatever its name */
    size_t n = strlen(dir);
    for (int i = 0; file_ext[i]; i++) {
        size_t e = strlen(file_ext[i]);
        if (n > e && strcasecmp(dir + n - e, file_ext[i]) == 0)
            return msg_usage(command,
                             "-o '%s' looks like a file name, but --format %s writes a directory "
                             "of tables (summary.%s, ...): give a directory, or - for every table "
                             "on standard output",
                             dir, format, format);
    }
    return 0;
}

int
cli_check_entity_name(const char *command, const char *option, const char *name)
{
    if ((!strncmp(name, "provider:", 9) && name[9]) || (!strncmp(name, "team:", 5) && name[5]))
        return 0;
    return msg_usage(command, "%s%s'%s' is not provider:NAME or team:NAME", option ? option : "",
                     option ? " " : "", name);
}

/* The known names, for a message: up to KNOWN_SHOWN of them. */
#define KNOWN_SHOWN 20
struct known_names {
    struct strbuf sb;
    size_t n;
};

static int
add_known(void *ctx, const char *name)
{
    struct known_names *k = ctx;
    if (k->n < KNOWN_SHOWN)
        strbuf_addf(&k->sb, "%s%s", k->n ? ", " : "", name);
    k->n++;
    return 0;
}

int
cli_check_known(const struct cli *cli, struct store *st, const char *entity, const char *service)
{
    struct sl_diag diag = {0};
    bool known = true;
    enum sl_status s = SL_OK;
    const char *what = entity ? "entity" : NULL;
    if (entity && !(s = store_entity_known(st, entity, NULL, &known, &diag)) && known && service) {
        what = "service";
        s = store_entity_known(st, entity, service, &known, &diag);
    }
    if (s)
        return msg_diag(s, &diag);
    if (!what || known)
        return 0;
    struct known_names k = {STRBUF_INIT, 0};
    s = store_each_entity(st, service ? entity : NULL, add_known, &k, &diag);
    if (s) {
        strbuf_release(&k.sb);
        return msg_diag(s, &diag);
    }
    if (k.n > KNOWN_SHOWN)
        strbuf_addf(&k.sb, " and %zu more", k.n - KNOWN_SHOWN);
    int rc;
    if (service)
        rc = msg_error(SL_EXIT_INPUT, cli->db_shown, 0, "unknown service '%s' of %s (known: %s)",
                       service, entity, k.n ? k.sb.buf : "none");
    else
        rc = msg_error(SL_EXIT_INPUT, cli->db_shown, 0, "unknown entity '%s' (known: %s)", entity,
                       k.n ? k.sb.buf : "none: the store holds no data");
    strbuf_release(&k.sb);
    return rc;
}

int
cli_require_data(const struct cli *cli, struct store *st)
{
    struct sl_diag diag = {0};
    int64_t first, last;
    enum sl_status s = store_data_span(st, &first, &last, &diag);
    if (s)
        return msg_diag(s, &diag);
    if (last == SLTIME_NONE)
        return msg_error(SL_EXIT_INPUT, cli->db_shown, 0,
                         "the store holds no data: nothing to evaluate (run 'slaudit ingest' "
                         "first)");
    return 0;
}
