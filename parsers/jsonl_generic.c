/* jsonl_generic.c — JSON Lines of incidents or probe results, one object per
 * line, read through a field mapping (parsers/fieldmap.h): --map
 * "field=path,..." or --config FILE, or else the usual member names
 * (started_at, resolved_at, severity, status, time, ...). Paths are dotted
 * ("timestamps.started", "tags.0"); a number is read as its text (epoch
 * seconds for times), true/false as up/down. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/jsondoc.h"
#include "parsers/fieldmap.h"
#include "parsers/jsonstream.h"
#include "parsers/registry.h"

#define VALUE_MAX 1024

struct state {
    struct ingest *ing;
    struct fieldmap fm;
    char values[FM_COUNT][VALUE_MAX];
};

/* The node at a dotted path below n, or NULL. */
static const struct json_node *
at_path(const struct json_node *n, const char *path)
{
    char part[256];
    while (n && *path) {
        size_t len = strcspn(path, ".");
        snprintf(part, sizeof part, "%.*s", (int)(len < sizeof part ? len : sizeof part - 1), path);
        if (jsondoc_kind(n) == JNODE_ARRAY) {
            char *end;
            long i = strtol(part, &end, 10);
            n = *end || i < 0 ? NULL : jsondoc_at(n, (size_t)i);
        } else {
            n = jsondoc_get(n, part);
        }
        path += len + (path[len] == '.');
    }
    return n;
}

/* Writes the node's value as text into out; false when it has none. */
static bool
text_of(const struct json_node *n, char *out, size_t outlen)
{
    double d;
    bool b;
    const char *s = jsondoc_string(n);
    if (s) {
        snprintf(out, outlen, "%s", s);
        return *s != '\0';
    }
    if (jsondoc_number(n, &d)) {
        if (d == (double)(long long)d)
            snprintf(out, outlen, "%lld", (long long)d);
        else
            snprintf(out, outlen, "%.17g", d);
        return true;
    }
    if (jsondoc_bool(n, &b)) {
        snprintf(out, outlen, "%s", b ? "true" : "false");
        return true;
    }
    return false;
}

static const struct json_node *
field_node(const struct json_node *n, const struct fieldmap *fm, enum fm_field f)
{
    if (fm->path[f])
        return at_path(n, fm->path[f]);
    const char *d = fieldmap_defaults(f);
    char name[64];
    while (*d) {
        size_t len = strcspn(d, "|");
        snprintf(name, sizeof name, "%.*s", (int)len, d);
        const struct json_node *v = jsondoc_get(n, name);
        if (v && jsondoc_kind(v) != JNODE_NULL)
            return v;
        d += len + (d[len] == '|');
    }
    return NULL;
}

static enum sl_status
on_record(void *ctx, const struct jsonstream_record *rec)
{
    struct state *s = ctx;
    if (jsondoc_kind(rec->node) != JNODE_OBJECT)
        return jsonstream_reject(s->ing, rec, "not a JSON object");
    const char *values[FM_COUNT];
    for (int f = 0; f < FM_COUNT; f++) {
        const struct json_node *v = field_node(rec->node, &s->fm, (enum fm_field)f);
        values[f] = v && text_of(v, s->values[f], VALUE_MAX) ? s->values[f] : NULL;
    }
    enum svc_status st;
    /* An incident's "status" (resolved, open) is its state. */
    if (!values[FM_STATE] && values[FM_STATUS] && !svc_status_parse(values[FM_STATUS], &st))
        values[FM_STATE] = values[FM_STATUS];
    return fieldmap_emit(s->ing, &s->fm, values, rec->line, rec->raw, rec->raw_len);
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state *s = calloc(1, sizeof *s);
    if (!s)
        return diag_set(ing->diag, SL_ERR_NOMEM, ing->path, 0, "out of memory");
    s->ing = ing;
    enum sl_status rc = fieldmap_load(&s->fm, ing->config, ing->map, ing->diag);
    if (!rc)
        rc = jsonstream_read_lines(ing, f, on_record, s);
    fieldmap_release(&s->fm);
    free(s);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_first(head, len) != '{')
        return 0;
    /* JSON Lines: a second line that opens an object too */
    const char *nl = memchr(head, '\n', len);
    if (!nl || jsonstream_head_first(nl, len - (size_t)(nl - head)) != '{')
        return 0;
    static const char *const keys[] = {"\"started_at\"", "\"started\"",   "\"resolved_at\"",
                                       "\"resolved\"",   "\"severity\"",  "\"status\"",
                                       "\"time\"",       "\"timestamp\"", NULL};
    int score = 0;
    for (size_t i = 0; keys[i]; i++)
        if (jsonstream_head_has(head, len, keys[i]))
            score += 10;
    return score >= 20 ? 30 : 0;
}

const struct parser parser_jsonl_generic = {
    "jsonl",
    "JSON Lines incidents or probe results, through --map field=path,... or --config FILE, "
    "else the usual names (id, title, severity, started_at, detected_at, acknowledged_at, "
    "mitigated_at, resolved_at; time, status, service)",
    "one JSON object per line with two or more of started(_at), resolved(_at), severity, "
    "status, time, timestamp (and --map or --config)",
    sniff,
    parse,
};
