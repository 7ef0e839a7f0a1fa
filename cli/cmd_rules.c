/* cmd_rules.c — `slaudit rules`: the rule catalog, as a table, JSON, or the
 * Markdown of docs/rules.md. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/audit/rules.h"
#include "reports/text/audit_out.h"

static const char help[] =
    "usage: slaudit rules [--json | --markdown]\n"
    "\n"
    "Lists the rule catalog: ID, scope (D document, P provider, I internal team),\n"
    "default severity, the regimes under which it applies, and whether it is\n"
    "implemented. --json gives every field with the threshold defaults;\n"
    "--markdown writes docs/rules.md.\n"
    "\n"
    "Example:\n"
    "  slaudit rules --markdown > docs/rules.md\n";

/* Where the check column starts: the widths of the columns before it. */
#define CHECK_COLUMN (8 + 1 + 6 + 1 + 8 + 1 + 11 + 1 + 4 + 1)

/* text in lines of at most room characters, broken between words, each
 * line after the first indented to the check column; room 0: one line. A
 * word longer than room stands alone on its line, whole. */
static void
print_wrapped(const char *text, int room)
{
    size_t len = strlen(text);
    if (room < 20 || len <= (size_t)room) {
        printf("%s\n", text);
        return;
    }
    size_t at = 0;
    while (at < len) {
        size_t end = at + (size_t)room;
        if (end >= len) {
            end = len;
        } else {
            size_t space = end;
            while (space > at && text[space] != ' ')
                space--;
            if (space > at)
                end = space;
            else /* one word longer than the room: to its end */
                while (end < len && text[end] != ' ')
                    end++;
        }
        printf("%*s%.*s\n", at ? CHECK_COLUMN : 0, "", (int)(end - at), text + at);
        at = end;
        while (at < len && text[at] == ' ')
            at++;
    }
}

int
cmd_rules(struct cli *cli, int argc, char **argv)
{
    static const struct option longopts[] = {
        {"markdown", no_argument, NULL, 'm'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    bool markdown = false;
    int c;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
        if (c == 'h')
            return cli_help(help);
        if (c != 'm')
            return msg_usage("rules", "unknown option '%s'", argv[optind - 1]);
        markdown = true;
    }
    if (optind < argc)
        return msg_usage("rules", "unexpected argument '%s'", argv[optind]);
    if (cli->json || markdown) {
        struct strbuf sb = STRBUF_INIT;
        enum sl_status s = markdown ? rules_doc_markdown_write(&sb) : rules_doc_json_write(&sb);
        if (!s)
            fputs(sb.buf, stdout);
        strbuf_release(&sb);
        return s ? msg_error(sl_exit_code(s), NULL, 0, "%s", sl_strerror(s)) : 0;
    }
    printf("%-8s %-6s %-8s %-11s %-4s %s\n", "id", "scope", "severity", "regimes", "impl", "check");
    int width = msg_width();
    for (const struct rule *r = rules_catalog; r->id; r++) {
        char regimes[64];
        finding_regime_title(r->regimes, regimes, sizeof regimes);
        printf("%-8s %-6s %-8s %-11s %-4s ", r->id, rules_scope_text(r->scope),
               finding_severity_name(r->severity), regimes, r->check ? "yes" : "no");
        print_wrapped(r->check_text, width ? width - CHECK_COLUMN : 0);
    }
    printf("%zu of %zu rules implemented\n", rules_implemented(), rules_count());
    return 0;
}
