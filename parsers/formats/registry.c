/* registry.c — the table of parsers and format detection. */
#include "parsers/formats/registry.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/base/infile.h"

const struct parser *const parser_table[] = {
    &parser_incident_csv,    &parser_pagerduty_csv,
    &parser_probe_csv,       &parser_maintenance_csv,
    &parser_postmortem_csv,  &parser_action_csv,
    &parser_patch_csv,       &parser_oncall_csv,
    &parser_change_csv,      &parser_notification_csv,
    &parser_profile_json,    &parser_statuspage_json,
    &parser_statuspage_feed, &parser_gcp_status,
    &parser_aws_health,      &parser_void_csv,
    &parser_interval_csv,    &parser_upptime_history,
    &parser_upptime_summary, &parser_upptime_commits,
    &parser_upptime_meta,    &parser_nvidia_xid,
    &parser_slurm_log,       &parser_jsonl_generic,
    &parser_line_pattern,    &parser_prometheus_range,
    &parser_pagerduty_json,  &parser_opsgenie,
    &parser_milestones_json, &parser_uptime_kuma,
    &parser_openslo,         &parser_sloth,
    &parser_pyrra,           NULL,
};

/* The formats whose records carry no entity of their own: kernel and
 * scheduler logs, probe and uptime records, and SLO specifications. */
static const struct parser *const entity_needed[] = {
    &parser_nvidia_xid,
    &parser_slurm_log,
    &parser_prometheus_range,
    &parser_upptime_history,
    &parser_upptime_summary,
    &parser_upptime_commits,
    &parser_uptime_kuma,
    &parser_openslo,
    &parser_sloth,
    &parser_pyrra,
    NULL,
};

bool
parser_needs_entity(const struct parser *p)
{
    for (size_t i = 0; entity_needed[i]; i++)
        if (entity_needed[i] == p)
            return true;
    return false;
}

struct ingest_file_format
parser_ingest_format(const struct parser *p)
{
    return (struct ingest_file_format){.name = p->name,
                                       .parse = p->parse,
                                       .needs_entity = parser_needs_entity(p),
                                       .detects = p->detects};
}

const struct parser *
parser_by_name(const char *name)
{
    for (size_t i = 0; parser_table[i]; i++)
        if (!strcmp(parser_table[i]->name, name))
            return parser_table[i];
    return NULL;
}

const struct parser *
parser_detect(const char *head, size_t len)
{
    const struct parser *best = NULL;
    int best_score = 0;
    for (size_t i = 0; parser_table[i]; i++) {
        int score = parser_table[i]->sniff(head, len);
        if (score > best_score) {
            best = parser_table[i];
            best_score = score;
        }
    }
    return best;
}

/* Up to 6 member names of the JSON object whose '{' is at p, as "a, b, c"
 * (a truncated head gives what it holds). */
static void
object_fields(const char *p, const char *end, char *out, size_t n)
{
    int depth = 0, count = 0;
    size_t used = 0;
    out[0] = '\0';
    for (; p < end && count < 6; p++) {
        if (*p == '{' || *p == '[') {
            depth++;
        } else if (*p == '}' || *p == ']') {
            if (--depth <= 0)
                break;
        } else if (*p == '"') {
            const char *q = p + 1;
            while (q < end && *q != '"')
                q += *q == '\\' ? 2 : 1;
            if (q >= end)
                break;
            const char *after = q + 1;
            while (after < end &&
                   (*after == ' ' || *after == '\t' || *after == '\n' || *after == '\r'))
                after++;
            if (depth == 1 && after < end && *after == ':' && used + (size_t)(q - p) + 3 < n) {
                used += (size_t)snprintf(out + used, n - used, "%s%.*s", count ? ", " : "",
                                         (int)(q - p - 1), p + 1);
                count++;
            }
            p = q;
        }
    }
}

/* The length of the line at p: up to a line break or to end. The head a
 * file is detected from is bytes, not a string. */
static size_t
line_length(const char *p, const char *end)
{
    size_t len = 0;
    while (p + len < end && p[len] != '\n' && p[len] != '\r')
        len++;
    return len;
}

/* The value of the first top-level "key: value" line of a YAML text into
 * out (the key itself when key is NULL and the text starts with one, after
 * comments and "---"); false when there is none. */
static bool
yaml_value(const char *p, const char *end, const char *key, char *out, size_t n)
{
    out[0] = '\0';
    while (p < end) {
        size_t len = line_length(p, end);
        bool skip = !len || *p == '#' || (len >= 3 && !memcmp(p, "---", 3));
        if (!skip && !key) {
            size_t k = 0;
            while (k < len && (isalnum((unsigned char)p[k]) || p[k] == '_' || p[k] == '-'))
                k++;
            if (k && k < len && p[k] == ':' && (k + 1 == len || p[k + 1] == ' ')) {
                snprintf(out, n, "%.*s", (int)k, p);
                return true;
            }
            return false;
        }
        size_t kl = key ? strlen(key) : 0;
        if (!skip && len > kl + 1 && !memcmp(p, key, kl) && p[kl] == ':') {
            const char *v = p + kl + 1, *e = p + len;
            while (v < e && (*v == ' ' || *v == '"' || *v == '\''))
                v++;
            while (e > v && (e[-1] == ' ' || e[-1] == '"' || e[-1] == '\''))
                e--;
            snprintf(out, n, "%.*s", (int)(e - v), v);
            return e > v;
        }
        p += len;
        while (p < end && (*p == '\r' || *p == '\n'))
            p++;
    }
    return false;
}

static bool
head_has_nocase(const char *head, size_t len, const char *text)
{
    size_t t = strlen(text);
    for (size_t i = 0; i + t <= len; i++)
        if (!strncasecmp(head + i, text, t))
            return true;
    return false;
}

/* Whether text names word whole, or its plural: not inside a longer name. */
static bool
names_word(const char *text, const char *word, size_t wl)
{
    for (const char *p = text; (p = strstr(p, word)); p++) {
        const char *e = p + wl;
        if (*e == 's')
            e++;
        bool before = p > text && (isalnum((unsigned char)p[-1]) || p[-1] == '_');
        bool after = isalnum((unsigned char)*e) || *e == '_';
        if (!before && !after)
            return true;
    }
    return false;
}

/* Up to 24 distinct member names of the JSON at p, at any depth, as
 * "a, b, c": what the closest format is judged on. */
static void
member_names(const char *p, const char *end, char *out, size_t n)
{
    int count = 0;
    size_t used = 0;
    out[0] = '\0';
    for (; p < end && count < 24; p++) {
        if (*p != '"')
            continue;
        const char *q = p + 1;
        while (q < end && *q != '"')
            q += *q == '\\' ? 2 : 1;
        if (q >= end)
            break;
        const char *after = q + 1;
        while (after < end && (*after == ' ' || *after == '\t' || *after == '\n' || *after == '\r'))
            after++;
        size_t wl = (size_t)(q - p - 1);
        char word[64];
        snprintf(word, sizeof word, "%.*s", (int)(wl < sizeof word ? wl : 0), p + 1);
        if (after < end && *after == ':' && word[0] && !strchr(word, ',') &&
            !names_word(out, word, wl) && used + wl + 3 < n) {
            used += (size_t)snprintf(out + used, n - used, "%s%s", count ? ", " : "", word);
            count++;
        }
        p = q;
    }
}

/* How many of names ("a, b, c", or a CSV header's "a,b,c") the format p
 * reads or detects by, names shorter than 3 characters aside (id, at: every
 * format has them). The shared names are written into shared. */
static int
shared_names(const struct parser *p, const char *names, char *shared, size_t n)
{
    int count = 0;
    size_t used = 0;
    shared[0] = '\0';
    for (const char *q = names; *q;) {
        while (*q == ',' || *q == ' ' || *q == '"' || *q == '\'')
            q++;
        size_t wl = strcspn(q, ",\"'");
        while (wl && q[wl - 1] == ' ')
            wl--;
        char word[64];
        if (wl >= 3 && wl < sizeof word) {
            memcpy(word, q, wl);
            word[wl] = '\0';
            if ((names_word(p->reads, word, wl) || names_word(p->detects, word, wl)) &&
                used + wl + 3 < n) {
                used += (size_t)snprintf(shared + used, n - used, "%s%s", count ? ", " : "", word);
                count++;
            }
        }
        q += strcspn(q, ",");
    }
    return count;
}

/* "; the closest is F, which reads a, b too but detects WHAT" for the
 * format of shape (a word of its detects: "CSV", "JSON") that reads the
 * most of names, or "" when none reads any. */
static void
closest_format(const char *names, const char *shape, char *out, size_t n)
{
    const struct parser *best = NULL;
    int best_count = 0;
    char shared[200], best_shared[200] = "";
    out[0] = '\0';
    for (size_t i = 0; parser_table[i]; i++) {
        if (!strstr(parser_table[i]->detects, shape))
            continue;
        int count = shared_names(parser_table[i], names, shared, sizeof shared);
        if (count > best_count) {
            best = parser_table[i];
            best_count = count;
            snprintf(best_shared, sizeof best_shared, "%s", shared);
        }
    }
    if (best)
        snprintf(out, n, "; the closest is %s, which reads %s too but detects %s", best->name,
                 best_shared, best->detects);
}

/* The SLO specification families a format reads, by apiVersion: a file of
 * the family's apiVersion but another kind (one a format does not read, such
 * as a family's alerting or rule resources) is told which kind would be. */
struct spec_family {
    const char *api, *format, *kind, *what;
};

static const struct spec_family spec_families[] = {
    {"openslo/", "openslo", "SLO", "its objectives and time window"},
    {"pyrra.dev/", "pyrra", "ServiceLevelObjective", "spec.target over spec.window"},
    {"sloth.slok.dev/", "sloth", "PrometheusServiceLevel", "spec.service and spec.slos[]"},
};

static const struct spec_family *
spec_family_of(const char *api)
{
    for (size_t i = 0; i < sizeof spec_families / sizeof spec_families[0]; i++)
        if (!strncmp(api, spec_families[i].api, strlen(spec_families[i].api)))
            return &spec_families[i];
    return NULL;
}

const char *
parser_not_recognised(const char *head, size_t len, char *buf, size_t n)
{
    static const char tail[] = " (see 'slaudit formats', or give --format)";
    if (infile_utf16(head, len)) {
        snprintf(buf, n, "%s", INFILE_UTF16_MESSAGE);
        return buf;
    }
    const char *p = head, *end = head + len;
    if (len >= 3 && !memcmp(p, "\xEF\xBB\xBF", 3))
        p += 3;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
        p++;
    char fields[200];
    const char *not_text;
    if (!len) {
        snprintf(buf, n, "format not recognised: empty file");
    } else if (p == end) {
        snprintf(buf, n, "format not recognised: the file holds only blank space");
    } else if ((not_text = infile_not_text(head, len))) {
        snprintf(buf, n, "format not recognised: %s, not text: %s", not_text, INFILE_TEXT_ONLY);
    } else if (*p == '<' && (head_has_nocase(p, (size_t)(end - p), "<html") ||
                             head_has_nocase(p, (size_t)(end - p), "<!doctype html"))) {
        snprintf(buf, n,
                 "format not recognised: an HTML page; statuspage-feed reads the page's "
                 "history.atom or history.rss, statuspage-json its /api/v2 JSON");
    } else if (*p == '<') {
        snprintf(buf, n,
                 "format not recognised: XML without an Atom or RSS root (statuspage-feed "
                 "reads <feed> and <rss> history feeds)");
    } else if (*p == '[' || *p == '{') {
        const char *obj = p;
        if (*p == '[') {
            obj = p + 1;
            while (obj < end && (*obj == ' ' || *obj == '\t' || *obj == '\n' || *obj == '\r'))
                obj++;
        }
        if (obj < end && *obj == '{')
            object_fields(obj, end, fields, sizeof fields);
        else
            fields[0] = '\0';
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        while (nl && nl < end && (*nl == '\n' || *nl == '\r' || *nl == ' '))
            nl++;
        bool lines = *p == '{' && nl && nl < end && *nl == '{';
        if (lines && fields[0])
            snprintf(buf, n,
                     "format not recognised: JSON Lines of objects with fields %s: try "
                     "--format jsonl with a field map (--map FIELD=PATH,...)",
                     fields);
        else if (*p == '[' && fields[0])
            snprintf(buf, n,
                     "format not recognised: a JSON array of objects with fields %s: try "
                     "--format jsonl with a field map (--map FIELD=PATH,...)",
                     fields);
        else if (*p == '[')
            snprintf(buf, n, "format not recognised: a JSON array, not of objects%s", tail);
        else if (fields[0]) {
            char names[600], closest[600];
            member_names(obj, end, names, sizeof names);
            closest_format(names, "JSON", closest, sizeof closest);
            snprintf(buf, n,
                     "format not recognised: a JSON object with members %s, not an export "
                     "slaudit knows%s%s",
                     fields, closest, tail);
        } else
            snprintf(buf, n, "format not recognised: an empty JSON object%s", tail);
    } else {
        size_t line = line_length(p, end);
        char api[80] = "";
        yaml_value(p, end, "apiVersion", api, sizeof api);
        const struct spec_family *family = api[0] ? spec_family_of(api) : NULL;
        char kind[80] = "";
        if (api[0])
            yaml_value(p, end, "kind", kind, sizeof kind);
        if (family) {
            snprintf(buf, n,
                     "format not recognised: YAML of apiVersion %s%s%s, which no format reads: "
                     "the closest is %s, which reads kind %s of %s (%s)",
                     api, kind[0] ? ", kind " : "", kind, family->format, family->kind, family->api,
                     family->what);
        } else if (api[0]) {
            snprintf(buf, n,
                     "format not recognised: YAML of apiVersion %s%s%s, which no format reads "
                     "(SLO specifications: openslo reads openslo/v1 and v1alpha, pyrra "
                     "pyrra.dev/v1alpha1, sloth sloth.slok.dev/v1)",
                     api, kind[0] ? ", kind " : "", kind);
        } else if (yaml_value(p, end, NULL, fields, sizeof fields)) {
            snprintf(buf, n,
                     "format not recognised: YAML with top-level key %s, which no format "
                     "reads%s",
                     fields, tail);
        } else if (memchr(p, ',', line) && line < 160) {
            char header[161], closest[600];
            snprintf(header, sizeof header, "%.*s", (int)line, p);
            closest_format(header, "CSV", closest, sizeof closest);
            snprintf(buf, n,
                     "format not recognised: a CSV header '%s' that no CSV format reads%s "
                     "(see 'slaudit formats' for the columns each needs, or give --format)",
                     header, closest);
        } else
            snprintf(buf, n,
                     "format not recognised: text of no known format; a log can be read "
                     "with --format line-pattern --config FILE%s",
                     tail);
    }
    return buf;
}
