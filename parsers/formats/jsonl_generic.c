/* jsonl_generic.c — JSON Lines of incidents, probe results or state changes,
 * one object per line, read through a field mapping (parsers/fieldmap.h):
 * --map "field=path,..." or --config FILE, or else the usual member names
 * (started_at, resolved_at, severity, status, time; at, from, to, ...). A
 * state change holds its status until the next change of its service
 * (docs/design.md §4); the log's span is that of every line's time, so a
 * line that names no service still bounds it. Paths are dotted
 * ("timestamps.started", "tags.0"); a number is read as its text (epoch
 * seconds for times), true/false as up/down.
 *
 * A line that is a flat object (parsers/jsonflat.h) is read in place when
 * every mapped path is a plain member name; any other line, or any mapping
 * with a dotted path, goes through the jansson tree. Both give the same
 * values. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/jsondoc.h"
#include "parsers/read/fieldmap.h"
#include "parsers/read/jsonflat.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

#define VALUE_MAX 1024
#define PATH_PART_MAX 256 /* at_path reads a path in parts shorter than this */
#define NAME_CACHED_MAX 64

/* Which fields a member name serves, remembered per position in the line:
 * JSON Lines exports repeat the same names in the same order. rank[f] is the
 * name's place among field f's names (0 for a mapped path), -1 for none. */
struct name_ranks {
    char name[NAME_CACHED_MAX]; /* not NUL-terminated */
    size_t len;
    bool valid; /* false: nothing cached at this position yet */
    signed char rank[FM_COUNT];
};

struct state {
    struct ingest *ing;
    struct fieldmap fm;
    bool flat_ok; /* every mapped path is a plain member name */
    struct jsonflat flat;
    struct name_ranks ranks[JSONFLAT_MAX_MEMBERS];
    char values[FM_COUNT][VALUE_MAX];
};

/* The node at a dotted path below n, or NULL. */
static const struct json_node *
at_path(const struct json_node *n, const char *path)
{
    char part[PATH_PART_MAX];
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
emit(struct state *s, const char *values[FM_COUNT], long line, const char *raw, size_t raw_len)
{
    enum svc_status st;
    /* An incident's "status" (resolved, open) is its state. */
    if (!values[FM_STATE] && values[FM_STATUS] && !svc_status_parse(values[FM_STATUS], &st))
        values[FM_STATE] = values[FM_STATUS];
    return fieldmap_emit(s->ing, &s->fm, values, line, raw, raw_len);
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
    return emit(s, values, rec->line, rec->raw, rec->raw_len);
}

/* The place of name among field f's names, as field_node tries them. */
static int
rank_of(const struct fieldmap *fm, enum fm_field f, const char *name, size_t len)
{
    if (fm->path[f])
        return strlen(fm->path[f]) == len && !memcmp(fm->path[f], name, len) ? 0 : -1;
    int rank = 0;
    for (const char *d = fieldmap_defaults(f); *d; rank++) {
        size_t n = strcspn(d, "|");
        if (n == len && !memcmp(d, name, len))
            return rank;
        d += n + (d[n] == '|');
    }
    return -1;
}

static const struct name_ranks *
ranks_of(struct state *s, size_t i, struct name_ranks *scratch)
{
    const struct jsonflat_member *m = &s->flat.member[i];
    struct name_ranks *r = &s->ranks[i];
    if (r->valid && r->len == m->name_len && !memcmp(r->name, m->name, m->name_len))
        return r;
    if (m->name_len >= NAME_CACHED_MAX)
        r = scratch;
    for (int f = 0; f < FM_COUNT; f++)
        r->rank[f] = (signed char)rank_of(&s->fm, (enum fm_field)f, m->name, m->name_len);
    if (r != scratch) {
        memcpy(r->name, m->name, m->name_len);
        r->len = m->name_len;
        r->valid = true;
    }
    return r;
}

/* The field's value as text_of would write it; NULL when it has none. */
static const char *
flat_text(const struct jsonflat_member *m, char *out)
{
    if (m->kind == JNODE_NULL || m->len == 0)
        return NULL;
    size_t n = m->len < VALUE_MAX ? m->len : VALUE_MAX - 1;
    memcpy(out, m->text, n);
    out[n] = '\0';
    return out;
}

/* A flat line read in place: for each field the member of the best rank
 * that is not null, as field_node would find it in the tree. */
static enum sl_status
on_line(void *ctx, long line, const char *text, size_t len, bool *taken)
{
    struct state *s = ctx;
    if (!s->flat_ok || !jsonflat_parse(&s->flat, text, len))
        return SL_OK;
    *taken = true;
    int best[FM_COUNT], best_rank[FM_COUNT];
    for (int f = 0; f < FM_COUNT; f++) {
        best[f] = -1;
        best_rank[f] = INT_MAX;
    }
    struct name_ranks scratch;
    for (size_t i = 0; i < s->flat.n; i++) {
        if (s->flat.member[i].kind == JNODE_NULL)
            continue;
        const struct name_ranks *r = ranks_of(s, i, &scratch);
        for (int f = 0; f < FM_COUNT; f++)
            if (r->rank[f] >= 0 && r->rank[f] < best_rank[f]) {
                best[f] = (int)i;
                best_rank[f] = r->rank[f];
            }
    }
    const char *values[FM_COUNT];
    for (int f = 0; f < FM_COUNT; f++)
        values[f] = best[f] < 0 ? NULL : flat_text(&s->flat.member[best[f]], s->values[f]);
    return emit(s, values, line, text, len);
}

/* Paths with parts (or too long for at_path's parts) need the tree. */
static bool
paths_are_names(const struct fieldmap *fm)
{
    for (int f = 0; f < FM_COUNT; f++)
        if (fm->path[f] &&
            (!fm->path[f][0] || strchr(fm->path[f], '.') || strlen(fm->path[f]) >= PATH_PART_MAX))
            return false;
    return true;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct state *s = calloc(1, sizeof *s);
    if (!s)
        return diag_set(ing->diag, SL_ERR_NOMEM, ing->path, 0, "out of memory");
    s->ing = ing;
    enum sl_status rc = fieldmap_load(&s->fm, ing->config, ing->map, ing->diag);
    s->flat_ok = paths_are_names(&s->fm);
    if (!rc)
        rc = jsonstream_read_lines_quick(ing, f, on_line, on_record, s);
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
    /* A state-change log: from and to beside a time. */
    bool when = jsonstream_head_has(head, len, "\"at\"") ||
                jsonstream_head_has(head, len, "\"time\"") ||
                jsonstream_head_has(head, len, "\"timestamp\"") ||
                jsonstream_head_has(head, len, "\"changed_at\"");
    if (when && jsonstream_head_has(head, len, "\"from\"") &&
        jsonstream_head_has(head, len, "\"to\""))
        return 30;
    return score >= 20 ? 30 : 0;
}

const struct parser parser_jsonl_generic = {
    "jsonl",
    "JSON Lines incidents, probe results or state changes, through --map field=path,... or "
    "--config FILE, else the usual names (id, title, severity, started_at, detected_at, "
    "acknowledged_at, mitigated_at, resolved_at; time, status, service; at, from, to, "
    "component); a state change holds until the next one of its service",
    "one JSON object per line with two or more of started(_at), resolved(_at), severity, "
    "status, time, timestamp, or with from and to beside at, time or timestamp (and --map "
    "or --config)",
    sniff,
    parse,
};
