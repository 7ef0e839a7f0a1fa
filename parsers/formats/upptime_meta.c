/* upptime_meta.c — the parts of an Upptime repository that hold no
 * observation: the shields.io endpoint badges in api/<slug>/ badge files
 * ({"schemaVersion":1,"label":"uptime 7 days","message":"99.5%"}) and the
 * monitor configuration .upptimerc.yml. They are recognised so that ingesting
 * a whole repository does not fail on them, and they store nothing: a badge
 * is a rounded figure over an unstated span, the configuration a list of
 * sites. Such a file is skipped with a note (ingest.h holds_nothing), not
 * refused and not recorded. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "engine/base/infile.h"
#include "engine/base/jsondoc.h"
#include "engine/base/strbuf.h"
#include "engine/base/yamldoc.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

/* Badges are a line of JSON, configurations a screen of YAML. */
#define UPPTIME_META_MAX_BYTES (1 << 20)

static const char not_mine[] =
    "not an Upptime badge or .upptimerc.yml file (a shields.io badge with schemaVersion, "
    "label and message, or YAML with owner, repo and sites)";

static bool
badge(const struct json_node *root)
{
    return jsondoc_kind(root) == JNODE_OBJECT && jsondoc_get(root, "schemaVersion") &&
           jsondoc_get_string(root, "label") && jsondoc_get_string(root, "message");
}

static bool
upptimerc(FILE *text, const char *path)
{
    struct yamldoc_stream *ys = NULL;
    struct yamldoc *doc = NULL;
    struct sl_diag ignored;
    bool mine = false;
    if (!yamldoc_open(text, path, &ys, &ignored) && !yamldoc_next(ys, &doc, &ignored) && doc) {
        const struct yaml_node *root = yamldoc_root(doc);
        mine = yamldoc_kind(root) == YNODE_MAPPING && yamldoc_get_scalar(doc, root, "owner") &&
               yamldoc_get_scalar(doc, root, "repo") &&
               yamldoc_kind(yamldoc_get(doc, root, "sites")) == YNODE_SEQUENCE;
    }
    yamldoc_free(doc);
    yamldoc_close(ys);
    return mine;
}

/* Stores nothing, but reads the file whole to be sure it is one of these:
 * a file taken for one with --format is refused, not recorded as read. */
static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct strbuf text = STRBUF_INIT;
    struct json_node *root = NULL;
    char buf[8192];
    size_t n;
    bool mine = false;
    enum sl_status rc = SL_OK;
    strbuf_init(&text, UPPTIME_META_MAX_BYTES);
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        if (strbuf_add(&text, buf, n))
            goto out; /* larger than any badge or configuration */
    if (ferror(f)) {
        rc = infile_read_error(ing->diag, ing->path, 0, errno);
        goto out;
    }
    if (jsonstream_head_first(text.buf, text.len) == '{') {
        struct sl_diag ignored;
        mine =
            !jsondoc_load_buffer(text.buf, text.len, ing->path, 1, &root, &ignored) && badge(root);
    } else {
        FILE *mem = text.len ? fmemopen(text.buf, text.len, "r") : NULL;
        if (mem) {
            mine = upptimerc(mem, ing->path);
            fclose(mem);
        }
    }
out:
    if (!rc && !mine)
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 1, "%s", not_mine);
    if (!rc)
        ing->holds_nothing = root ? "an Upptime badge: a rounded figure over an unstated span, "
                                    "no observation (history/summary.json holds the minutes)"
                                  : "an Upptime configuration: a list of sites, no observation";
    jsondoc_free(root);
    strbuf_release(&text);
    return rc;
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
