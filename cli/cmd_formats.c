/* cmd_formats.c — `slaudit formats`: the parser registry, for people and tools. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/msg.h"
#include "engine/base/jsonw.h"
#include "parsers/formats/registry.h"

static const char formats_help[] =
    "usage: slaudit formats [--json]\n"
    "\n"
    "Lists the input formats slaudit reads, what each holds, and how 'slaudit\n"
    "ingest' recognises it from the first bytes of a file.\n"
    "\n"
    "Example:\n"
    "  slaudit formats --json\n";

int
cmd_formats(struct cli *cli, int argc, char **argv)
{
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")))
        return cli_help(formats_help);
    if (argc > 1)
        return msg_usage("formats", "unexpected argument '%s'", argv[1]);
    struct strbuf sb = STRBUF_INIT;
    struct jsonw w;
    jsonw_begin(&w, &sb);
    if (cli->json)
        jsonw_open(&w, NULL, '[');
    for (size_t i = 0; parser_table[i]; i++) {
        const struct parser *p = parser_table[i];
        if (cli->json) {
            jsonw_open(&w, NULL, '{');
            jsonw_field_str(&w, "name", p->name);
            jsonw_field_str(&w, "reads", p->reads);
            jsonw_field_str(&w, "detects", p->detects);
            jsonw_close(&w, '}');
        } else if (!w.status) {
            w.status = strbuf_addf(&sb, "%s\n  reads:   %s\n  detects: %s\n", p->name, p->reads,
                                   p->detects);
        }
    }
    if (cli->json) {
        jsonw_close(&w, ']');
        if (!w.status)
            w.status = strbuf_addch(&sb, '\n');
    }
    if (!w.status)
        fputs(sb.buf, stdout);
    strbuf_release(&sb);
    if (w.status)
        return msg_error(sl_exit_code(w.status), NULL, 0, "%s", sl_strerror(w.status));
    return 0;
}
