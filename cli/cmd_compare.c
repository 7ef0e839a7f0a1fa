/* cmd_compare.c — `slaudit compare A B`: two entities side by side on
 * identical definitions, every metric with the difference. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/base/termsafe.h"
#include "engine/measure/compare.h"
#include "engine/base/jsonw.h"
#include "engine/time/sltime.h"
#include "engine/store/store.h"

static const char help[] =
    "usage: slaudit compare A B [--from DATE --to DATE] [--json]\n"
    "\n"
    "Evaluates two entities (provider:NAME or team:NAME) over the same period with\n"
    "the same definitions (docs/design.md §4: weights, maintenance notice, TTx,\n"
    "statistics) and prints every metric for A, for B, and B - A, with which way\n"
    "is better. The period's figures come from one window over the whole period;\n"
    "then the availability of each calendar month in it. Without dates: the last\n"
    "complete month of the stored data. Durations are in minutes, downtime in hours.\n"
    "\n"
    "  --from DATE   first day (YYYY-MM-DD, in --tz)\n"
    "  --to DATE     day after the last (exclusive)\n"
    "  --json        {\"a\", \"b\", \"period\", \"metrics\": [{\"name\", \"unit\", \"a\", \"b\",\n"
    "                \"difference\", \"better\"}]}\n"
    "\n"
    "Example:\n"
    "  slaudit compare team:platform provider:nimbus --from 2026-08-01 --to 2026-11-01\n";

/* One value in a column of width characters. */
static void
print_value(double v, const char *unit, int width)
{
    if (!isfinite(v))
        printf(" %*s", width, "-");
    else if (!strcmp(unit, "count"))
        printf(" %*.0f", width, v);
    else if (!strcmp(unit, "%"))
        printf(" %*.3f%%", width - 1, v);
    else
        printf(" %*.2f", width, v);
}

/* Returns the exit code: 0, or the error's when the document could not be
 * written. */
static int
print_json(const struct compare_result *r, const char *zone)
{
    struct strbuf sb = STRBUF_INIT;
    char from[40], to[40];
    sltime_format(r->from, zone, from);
    sltime_format(r->to, zone, to);
    struct jsonw w;
    jsonw_begin(&w, &sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "a", r->a);
    jsonw_field_str(&w, "b", r->b);
    jsonw_open(&w, "period", '{');
    jsonw_field_str(&w, "from", from);
    jsonw_field_str(&w, "to", to);
    jsonw_close(&w, '}');
    jsonw_field_str(&w, "definitions", "neutral (docs/design.md section 4), identical for both");
    jsonw_field_bool(&w, "measured_alike", r->measured_alike);
    if (r->measured_alike)
        jsonw_field_null(&w, "unlike");
    else
        jsonw_field_str(&w, "unlike", r->unlike);
    jsonw_open(&w, "metrics", '[');
    for (size_t i = 0; i < r->nmetrics; i++) {
        const struct compare_metric *m = &r->metrics[i];
        jsonw_open(&w, NULL, '{');
        jsonw_field_str(&w, "name", m->name);
        jsonw_field_str(&w, "unit", m->unit);
        jsonw_field_num(&w, "a", m->a);
        jsonw_field_num(&w, "b", m->b);
        jsonw_field_num(&w, "difference", m->diff);
        jsonw_field_str(&w, "better",
                        m->better == BETTER_NEITHER ? NULL : compare_better_name(m->better));
        jsonw_close(&w, '}');
    }
    jsonw_close(&w, ']');
    jsonw_close(&w, '}');
    if (!w.status)
        w.status = strbuf_addch(&sb, '\n');
    if (!w.status)
        fputs(sb.buf, stdout);
    strbuf_release(&sb);
    if (w.status)
        return msg_error(sl_exit_code(w.status), NULL, 0, "%s", sl_strerror(w.status));
    return 0;
}

static void
print_table(const struct compare_result *r, const char *zone)
{
    char from[16], to[16];
    sltime_format_date(r->from, zone, from);
    sltime_format_date(r->to, zone, to);
    const char *a = TERMSAFE_LINE(r->a), *b = TERMSAFE_LINE(r->b);
    printf("%s against %s, %s to %s (exclusive, %s), identical neutral definitions\n\n", a, b, from,
           to, zone ? zone : "UTC");
    /* The entities' columns as wide as their names: never cut a name. */
    size_t la = strlen(a), lb = strlen(b);
    int width = (int)(la > lb ? la : lb);
    if (width < 14)
        width = 14;
    printf("%-40s %-5s %*s %*s %14s %s\n", "metric", "unit", width, a, width, b, "B - A", "better");
    for (size_t i = 0; i < r->nmetrics; i++) {
        const struct compare_metric *m = &r->metrics[i];
        printf("%-40s %-5s", m->name, m->unit);
        print_value(m->a, m->unit, width);
        print_value(m->b, m->unit, width);
        if (isfinite(m->diff))
            printf(" %+14.3f", m->diff);
        else
            printf(" %14s", "-");
        printf(" %s\n", compare_better_name(m->better));
    }
}

int
cmd_compare(struct cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"from", required_argument, NULL, 'f'},
        {"to", required_argument, NULL, 't'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const char *from_text = NULL, *to_text = NULL;
    int c, rc;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        switch (c) {
        case 'f':
            from_text = optarg;
            break;
        case 't':
            to_text = optarg;
            break;
        case 'h':
            return cli_help(help);
        default:
            return msg_usage("compare", "unknown option or missing value '%s'", argv[optind - 1]);
        }
    }
    /* Entities may stand before or after the options. */
    const char *names[2];
    int n = 0;
    for (int i = optind; i < argc; i++) {
        if (n == 2)
            return msg_usage("compare", "unexpected argument '%s'", argv[i]);
        names[n++] = argv[i];
    }
    if (n != 2)
        return msg_usage("compare", "give two entities, e.g. team:platform provider:nimbus");
    for (int i = 0; i < 2; i++)
        if ((rc = cli_check_entity_name("compare", NULL, names[i])))
            return rc;
    if (!strcmp(names[0], names[1]))
        return msg_usage("compare", "compare two different entities");
    if ((from_text == NULL) != (to_text == NULL))
        return msg_usage("compare", "give both --from and --to");
    int64_t from = 0, to = 0;
    if (from_text && ((rc = cli_parse_when(cli, "compare", "--from", from_text, &from)) ||
                      (rc = cli_parse_when(cli, "compare", "--to", to_text, &to))))
        return rc;
    if (from_text && to <= from)
        return msg_usage("compare", "--to must be after --from");

    struct store *st;
    if ((rc = cli_open_store_for(cli, STORE_READ, &st)))
        return rc;
    if ((rc = cli_check_known(cli, st, names[0], NULL)) ||
        (rc = cli_check_known(cli, st, names[1], NULL)))
        goto out;
    if (!from_text) {
        struct window w;
        if ((rc = cli_last_complete_month(cli, st, &w)))
            goto out;
        from = w.start;
        to = w.end;
    }
    struct compare_result r;
    struct sl_diag diag = {0};
    enum sl_status s = compare_run(st, names[0], names[1], from, to, cli->zone, &r, &diag);
    if (s) {
        rc = msg_diag(s, &diag);
        goto out;
    }
    for (int i = 0; i < 2; i++)
        if (!r.has_data[i])
            msg_note(cli->db_shown, 0, "no data for %s in the period", names[i]);
    if (!r.measured_alike)
        msg_note(NULL, 0, "%s", r.unlike);
    if (cli->json)
        rc = print_json(&r, cli->zone);
    else
        print_table(&r, cli->zone);
    compare_result_release(&r);
out:
    store_close(st);
    return rc;
}
