/* pyrra.c — Pyrra's ServiceLevelObjective resources (apiVersion
 * pyrra.dev/v1alpha1, kind ServiceLevelObjective; `---` separates them) as a
 * team's objectives: spec.target, a percentage written as a string
 * ("99.99"), over spec.window, a Prometheus duration ("2w", "28d", "1y" =
 * 365 days) that Pyrra always rolls (slo_spec.h). Each is stored for
 * --entity as a kind "slo" commitment named metadata.name, of --service when
 * given (a resource names no service), else of the entity as a whole.
 * Documents of other kinds are skipped. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/yamldoc.h"
#include "parsers/formats/registry.h"
#include "parsers/formats/slo_spec.h"
#include "parsers/read/jsonstream.h"

/* window, as a duration slo_spec_window reads: Prometheus counts a year as
 * 365 days. NULL when it is not one count and unit. */
static const char *
days_of(const char *window, char out[32])
{
    char *end = NULL;
    long n = window ? strtol(window, &end, 10) : 0;
    if (!window || end == window || n <= 0 || !end[0] || end[1])
        return NULL;
    if (*end == 'y') {
        if (n > SLA_WINDOW_MAX_DAYS / 365)
            return NULL;
        snprintf(out, 32, "%ldd", n * 365);
        return out;
    }
    return window;
}

/* One ServiceLevelObjective to a commitment; a reason in why when it cannot
 * be. */
static enum sl_status
store_slo(struct ingest *ing, const struct yamldoc *d, const struct yaml_node *root, char *why,
          size_t whylen)
{
    const struct yaml_node *meta = yamldoc_get(d, root, "metadata");
    const struct yaml_node *spec_node = yamldoc_get(d, root, "spec");
    const char *name = yamldoc_get_scalar(d, meta, "name");
    const char *target = yamldoc_get_scalar(d, spec_node, "target");
    const char *window = yamldoc_get_scalar(d, spec_node, "window");
    long line = yamldoc_line(root);
    char days[32], reason[200];
    struct slo_spec spec = {
        .format = "pyrra",
        .name = name ? name : "(unnamed)",
        .duration = window,
        .rolling = true,
    };
    struct sla_terms t;
    enum sl_status rc = SL_ERR_INPUT;
    sla_terms_init(&t);
    if (!ing->entity) {
        snprintf(why, whylen, "no entity: give --entity team:NAME for SLO '%.60s'", spec.name);
        goto out;
    }
    char *end = NULL;
    double v = target ? strtod(target, &end) : 0;
    if (!target || end == target || *end || !(v > 0 && v < 100)) {
        snprintf(why, whylen, "target of '%.60s': a percentage in (0, 100) needed, got '%.30s'",
                 spec.name, target ? target : "");
        goto out;
    }
    if (!(t.targets = calloc(1, sizeof *t.targets))) {
        rc = diag_set(ing->diag, SL_ERR_NOMEM, ing->path, line, "out of memory");
        goto out;
    }
    struct sla_uptime_target *u = &t.targets[t.ntargets++];
    const char *duration = days_of(window, days);
    if (!slo_spec_window(duration ? duration : window, true, NULL, u, reason, sizeof reason)) {
        snprintf(why, whylen, "%s, in '%.60s'", reason, spec.name);
        goto out;
    }
    u->percent = v;
    u->line = yamldoc_line(yamldoc_get(d, spec_node, "target"));
    const char *label = yamldoc_get_scalar(d, spec_node, "description");
    if (!(u->scope = strdup(label && *label ? label : spec.name))) {
        rc = diag_set(ing->diag, SL_ERR_NOMEM, ing->path, line, "out of memory");
        goto out;
    }
    rc = slo_spec_store(ing, &spec, &t, line, why, whylen);
out:
    sla_terms_release(&t);
    return rc;
}

static enum sl_status
read_document(struct ingest *ing, const struct yamldoc *doc, const struct yaml_node *root)
{
    const char *api = yamldoc_get_scalar(doc, root, "apiVersion");
    const char *kind = yamldoc_get_scalar(doc, root, "kind");
    long line = yamldoc_line(root);
    enum sl_status rc = SL_OK;
    if (!api || strncmp(api, "pyrra.dev/", 10)) {
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, line,
                      "not a Pyrra document (no apiVersion pyrra.dev/v1alpha1)");
    } else if (kind && !strcmp(kind, "ServiceLevelObjective")) {
        char why[300];
        if (yamldoc_kind(yamldoc_get(doc, root, "spec")) != YNODE_MAPPING)
            rc = ingest_reject(ing, line, "ServiceLevelObjective without a spec mapping", "", 0);
        else if ((rc = store_slo(ing, doc, root, why, sizeof why)) == SL_ERR_INPUT)
            rc = ingest_reject(ing, line, why, "", 0);
    }
    return rc;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    return slo_spec_each_document(ing, f, "a Pyrra document", read_document);
}

static int
sniff(const char *head, size_t len)
{
    return jsonstream_head_has(head, len, "pyrra.dev/") &&
                   jsonstream_head_has(head, len, "ServiceLevelObjective")
               ? 90
               : 0;
}

const struct parser parser_pyrra = {
    "pyrra",
    "Pyrra ServiceLevelObjective resources (apiVersion pyrra.dev/v1alpha1, ---separated): "
    "metadata.name, spec.target (a percentage, \"99.9\") over spec.window (2w, 28d, 1y), a "
    "rolling window; stored for --entity team:NAME (and --service, else the entity as a whole) "
    "as kind 'slo' commitments",
    "YAML with apiVersion pyrra.dev/ and kind ServiceLevelObjective",
    sniff,
    parse,
};
