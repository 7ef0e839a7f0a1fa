/* sloth.c — Sloth's own SLO specification as a team's objectives: the
 * `version: "prometheus/v1"` file (and its Kubernetes form, apiVersion
 * sloth.slok.dev/v1 kind PrometheusServiceLevel, whose spec holds the same
 * fields). Each of slos[] (name, objective as a percentage) is stored for
 * --entity as a kind "slo" commitment of the file's service. The spec names
 * no window: Sloth measures every SLO over its default period, a rolling
 * 30 days, and so is it stored (slo_spec.h), the "slo" object saying so. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/yamldoc.h"
#include "parsers/formats/registry.h"
#include "parsers/formats/slo_spec.h"
#include "parsers/read/jsonstream.h"

#define SLOTH_PERIOD "30d"

/* One entry of slos[] to a commitment; a reason in why when it cannot be. */
static enum sl_status
store_entry(struct ingest *ing, const struct yamldoc *d, const struct yaml_node *e,
            const char *service, char *why, size_t whylen)
{
    const char *name = yamldoc_get_scalar(d, e, "name");
    const char *objective = yamldoc_get_scalar(d, e, "objective");
    long line = yamldoc_line(e);
    char document[200];
    struct sla_terms t;
    enum sl_status rc = SL_ERR_INPUT;
    sla_terms_init(&t);
    if (!name) {
        snprintf(why, whylen, "an SLO of '%.60s' without a name", service);
        goto out;
    }
    /* Sloth's id of an SLO: the service and the name. */
    snprintf(document, sizeof document, "%.90s-%.90s", service, name);
    struct slo_spec spec = {
        .format = "sloth",
        .name = document,
        .service = service,
        .duration = SLOTH_PERIOD,
        .rolling = true,
        .window_note = "the spec names no window: Sloth's default period, a rolling 30 days",
    };
    char *end = NULL;
    double v = objective ? strtod(objective, &end) : 0;
    if (!objective || end == objective || *end || !(v > 0 && v < 100)) {
        snprintf(why, whylen, "objective of '%.60s': a percentage in (0, 100) needed, got '%.30s'",
                 name, objective ? objective : "");
        goto out;
    }
    if (!(t.targets = calloc(1, sizeof *t.targets))) {
        rc = diag_set(ing->diag, SL_ERR_NOMEM, ing->path, line, "out of memory");
        goto out;
    }
    struct sla_uptime_target *u = &t.targets[t.ntargets++];
    if (!slo_spec_window(SLOTH_PERIOD, true, NULL, u, why, whylen))
        goto out;
    u->percent = v;
    u->line = yamldoc_line(yamldoc_get(d, e, "objective"));
    const char *label = yamldoc_get_scalar(d, e, "description");
    if (!(u->scope = strdup(label ? label : name))) {
        rc = diag_set(ing->diag, SL_ERR_NOMEM, ing->path, line, "out of memory");
        goto out;
    }
    rc = slo_spec_store(ing, &spec, &t, line, why, whylen);
out:
    sla_terms_release(&t);
    return rc;
}

/* The fields of a spec: the document's root, or the spec of its Kubernetes
 * form; NULL when the document is neither. */
static const struct yaml_node *
body_of(const struct yamldoc *d, const struct yaml_node *root)
{
    const char *version = yamldoc_get_scalar(d, root, "version");
    const char *api = yamldoc_get_scalar(d, root, "apiVersion");
    const char *kind = yamldoc_get_scalar(d, root, "kind");
    if (version && !strcmp(version, "prometheus/v1"))
        return root;
    if (api && !strncmp(api, "sloth.slok.dev/", 15) && kind &&
        !strcmp(kind, "PrometheusServiceLevel"))
        return yamldoc_get(d, root, "spec");
    return NULL;
}

static enum sl_status
read_document(struct ingest *ing, const struct yamldoc *doc, const struct yaml_node *root)
{
    const struct yaml_node *body = body_of(doc, root);
    const struct yaml_node *slos = yamldoc_get(doc, body, "slos");
    const char *service = yamldoc_get_scalar(doc, body, "service");
    long line = yamldoc_line(root);
    if (!body)
        return diag_set(ing->diag, SL_ERR_INPUT, ing->path, line,
                        "not a Sloth SLO specification (no version \"prometheus/v1\")");
    if (!service || yamldoc_kind(slos) != YNODE_SEQUENCE)
        return ingest_reject(ing, line, "a Sloth specification needs a service and slos[]", "", 0);
    enum sl_status rc = SL_OK;
    for (size_t i = 0; i < yamldoc_size(slos) && !rc; i++) {
        const struct yaml_node *e = yamldoc_at(doc, slos, i);
        char why[300];
        rc = store_entry(ing, doc, e, service, why, sizeof why);
        if (rc == SL_ERR_INPUT)
            rc = ingest_reject(ing, yamldoc_line(e), why, "", 0);
    }
    return rc;
}

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    return slo_spec_each_document(ing, f, "a Sloth SLO specification", read_document);
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_has(head, len, "prometheus/v1") && jsonstream_head_has(head, len, "slos:"))
        return 90;
    if (jsonstream_head_has(head, len, "sloth.slok.dev/") &&
        jsonstream_head_has(head, len, "PrometheusServiceLevel"))
        return 90;
    return 0;
}

const struct parser parser_sloth = {
    "sloth",
    "Sloth SLO specifications (version \"prometheus/v1\", or apiVersion sloth.slok.dev/v1 kind "
    "PrometheusServiceLevel): service and slos[].name/objective, each stored for --entity "
    "team:NAME as a kind 'slo' commitment over a rolling 30 days (Sloth's default period)",
    "YAML with version \"prometheus/v1\" and slos:, or kind PrometheusServiceLevel",
    sniff,
    parse,
};
