/* upptime_meta.c — the parts of an Upptime repository that hold no
 * observation: the shields.io endpoint badges in api/<slug>/ badge files
 * ({"schemaVersion":1,"label":"uptime 7 days","message":"99.5%"}) and the
 * monitor configuration .upptimerc.yml. They are recognised so that ingesting
 * a whole repository does not fail on them, and they store nothing: a badge
 * is a rounded figure over an unstated span, the configuration a list of
 * sites. */
#include <stdio.h>

#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    (void)ing;
    (void)f;
    return SL_OK;
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_first(head, len) == '{' &&
        jsonstream_head_has(head, len, "\"schemaVersion\"") &&
        jsonstream_head_has(head, len, "\"label\"") &&
        jsonstream_head_has(head, len, "\"message\""))
        return 50;
    if (jsonstream_head_has(head, len, "sites:") && jsonstream_head_has(head, len, "owner:") &&
        jsonstream_head_has(head, len, "repo:"))
        return 50;
    return 0;
}

const struct parser parser_upptime_meta = {
    "upptime-meta",
    "Upptime badges (api/<slug>/ badge files) and .upptimerc.yml: recognised, nothing stored "
    "(no time span, no observations)",
    "shields.io endpoint JSON (schemaVersion, label, message), or YAML with owner, repo and "
    "sites",
    sniff,
    parse,
};
