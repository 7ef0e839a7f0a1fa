/* openslo.c — OpenSLO v1 and v1alpha `kind: SLO` documents as an internal
 * team's commitments: each SLO (one per YAML document; `---` separates them)
 * is stored for --entity with kind "slo", its objectives as uptime targets
 * over its time window (slo_spec.h: rolling 2w, a calendar week from a start
 * date, 1M, ...). Documents of other kinds (Service, SLI, DataSource,
 * AlertPolicy) are skipped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sla/sla_terms.h"
#include "engine/time/sltime.h"
#include "engine/base/yamldoc.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"
#include "parsers/formats/slo_spec.h"

struct slo {
    struct ingest *ing;
    const struct yamldoc *doc;
    const struct yaml_node *root, *spec;
    long line;
    char why[300];
    char duration[32]; /* v1alpha's timeWindows[0] count and unit, as "30d" */
};

/* OpenSLO v1alpha (as Sloth reads it) writes a window as timeWindows[] of
 * {count, unit, isRolling} with unit Day, Week, Month, Quarter or Year: the
 * same window as v1's duration "<count><d|w|M|Q|y>", into s->duration. NULL
 * when the unit is none of those. */
static const char *
v1alpha_duration(struct slo *s, const struct yaml_node *tw)
{
    static const struct {
        const char *name;
        char unit;
    } units[] = {{"Day", 'd'}, {"Week", 'w'}, {"Month", 'M'}, {"Quarter", 'Q'}, {"Year", 'y'}};
    const char *count = yamldoc_get_scalar(s->doc, tw, "count");
    const char *unit = yamldoc_get_scalar(s->doc, tw, "unit");
    if (!count || !unit)
        return NULL;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
        if (!strcmp(unit, units[i].name)) {
            snprintf(s->duration, sizeof s->duration, "%.20s%c", count, units[i].unit);
            return s->duration;
        }
    return NULL;
}

/* Reads the objectives into t's targets; false with s->why on a bad one. */
static bool
read_objectives(struct slo *s, struct sla_terms *t, const struct sla_uptime_target *w,
                const char *name)
{
    const struct yaml_node *objs = yamldoc_get(s->doc, s->spec, "objectives");
    size_t n = yamldoc_size(objs);
    if (yamldoc_kind(objs) != YNODE_SEQUENCE || n == 0) {
        snprintf(s->why, sizeof s->why, "SLO '%.60s' has no objectives", name);
        return false;
    }
    if (!(t->targets = calloc(n, sizeof *t->targets))) {
        snprintf(s->why, sizeof s->why, "out of memory");
        return false;
    }
    for (size_t i = 0; i < n; i++) {
        const struct yaml_node *o = yamldoc_at(s->doc, objs, i);
        const char *target = yamldoc_get_scalar(s->doc, o, "target");
        const char *pct = yamldoc_get_scalar(s->doc, o, "targetPercent");
        const char *text = target ? target : pct;
        char *end = NULL;
        double v = text ? strtod(text, &end) : 0;
        if (text && end != text && !*end && target)
            v *= 100;
        if (!text || end == text || *end || !(v > 0 && v < 100)) {
            snprintf(s->why, sizeof s->why,
                     "objective %zu of '%.60s': target in [0, 1) or targetPercent in (0, 100) "
                     "needed, got '%.30s'",
                     i + 1, name, text ? text : "");
            return false;
        }
        const char *label = yamldoc_get_scalar(s->doc, o, "displayName");
        struct sla_uptime_target *u = &t->targets[t->ntargets++];
        *u = *w;
        u->percent = v;
        u->line = yamldoc_line(o);
        if (!(u->scope = strdup(label ? label : name))) {
            snprintf(s->why, sizeof s->why, "out of memory");
            return false;
        }
    }
    return true;
}

/* One SLO document to a commitment; a reason in s->why when it cannot be. */
static enum sl_status
store_slo(struct slo *s)
{
    const struct yamldoc *d = s->doc;
    const struct yaml_node *meta = yamldoc_get(d, s->root, "metadata");
    const char *name = yamldoc_get_scalar(d, meta, "name");
    const struct yaml_node *tw = yamldoc_at(d, yamldoc_get(d, s->spec, "timeWindow"), 0);
    const char *duration = yamldoc_get_scalar(d, tw, "duration");
    if (!tw && (tw = yamldoc_at(d, yamldoc_get(d, s->spec, "timeWindows"), 0)))
        duration = v1alpha_duration(s, tw);
    const char *rolling = yamldoc_get_scalar(d, tw, "isRolling");
    const struct yaml_node *cal = yamldoc_get(d, tw, "calendar");
    struct slo_spec spec = {
        .format = "openslo",
        .name = name ? name : "(unnamed)",
        .service = yamldoc_get_scalar(d, s->spec, "service"),
        .duration = duration,
        /* isRolling, else rolling unless the window names a calendar */
        .rolling = rolling ? !strcmp(rolling, "true") : !cal,
        .time_zone = yamldoc_get_scalar(d, cal, "timeZone"),
        .start_time = yamldoc_get_scalar(d, cal, "startTime"),
        .budgeting_method = yamldoc_get_scalar(d, s->spec, "budgetingMethod"),
    };
    struct sla_uptime_target w = {0};
    struct sla_terms t;
    char why[200];
    enum sl_status rc = SL_ERR_INPUT;
    sla_terms_init(&t);
    if (!s->ing->entity) {
        snprintf(s->why, sizeof s->why, "no entity: give --entity team:NAME for SLO '%.60s'",
                 spec.name);
        goto out;
    }
    if (!tw) {
        snprintf(s->why, sizeof s->why, "SLO '%.60s' has no timeWindow", spec.name);
        goto out;
    }
    if (!slo_spec_window(duration, spec.rolling, spec.start_time, &w, why, sizeof why)) {
        snprintf(s->why, sizeof s->why, "%s, in '%.60s'", why, spec.name);
        goto out;
    }
    if (spec.time_zone && !sltime_zone_valid(spec.time_zone)) {
        snprintf(s->why, sizeof s->why, "unknown time zone '%.40s' in '%.60s'", spec.time_zone,
                 spec.name);
        goto out;
    }
    if (!read_objectives(s, &t, &w, spec.name))
        goto out;
    rc = slo_spec_store(s->ing, &spec, &t, s->line, s->why, sizeof s->why);
    if (rc == SL_OK)
        s->why[0] = '\0';
out:
    sla_terms_release(&t);
    return rc;
}

static enum sl_status
read_document(struct ingest *ing, const struct yamldoc *doc, const struct yaml_node *root)
{
    struct slo s = {.ing = ing, .doc = doc, .root = root};
    const char *api = yamldoc_get_scalar(doc, root, "apiVersion");
    const char *kind = yamldoc_get_scalar(doc, root, "kind");
    s.spec = yamldoc_get(doc, root, "spec");
    s.line = yamldoc_line(root);
    /* Every document must be OpenSLO's (an SLO, or a Service, SLI, ... read
     * past): a file that is not, taken with --format, is refused rather than
     * recorded as read. */
    if (!api || strncmp(api, "openslo/", 8))
        return diag_set(ing->diag, SL_ERR_INPUT, ing->path, s.line,
                        "not an OpenSLO document (no apiVersion openslo/v1)");
    if ((strcmp(api, "openslo/v1") && strcmp(api, "openslo/v1alpha")) || !kind ||
        strcmp(kind, "SLO"))
        return SL_OK;
    if (yamldoc_kind(s.spec) != YNODE_MAPPING)
        return ingest_reject(ing, s.line, "SLO without a spec mapping", "", 0);
    enum sl_status rc = store_slo(&s);
    if (rc == SL_ERR_INPUT)
        rc = ingest_reject(ing, s.line, s.why, "", 0);
    return rc;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    return slo_spec_each_document(ing, f, "an OpenSLO document", read_document);
}

static int
sniff(const char *head, size_t len)
{
    return jsonstream_head_has(head, len, "openslo/v1") &&
                   jsonstream_head_has(head, len, "kind: SLO")
               ? 90
               : 0;
}

const struct parser parser_openslo = {
    "openslo",
    "OpenSLO v1 and v1alpha kind: SLO documents (---separated): spec.service, "
    "objectives[].target or targetPercent, timeWindow[0] duration/isRolling/calendar (v1alpha: "
    "timeWindows[0] count/unit), any window of days or weeks rolling or from its calendar "
    "start, or a month, quarter or year; stored for --entity team:NAME as kind 'slo' "
    "commitments",
    "YAML with apiVersion openslo/v1 and kind: SLO",
    sniff,
    parse,
};
