/* upptime_history.c — an Upptime repository's history/<slug>.yml: the last
 * check of one site (url, status up|down|degraded, code, responseTime,
 * lastUpdated, startTime). It is one probe result at lastUpdated, with
 * responseTime (milliseconds) as its latency unless it is 0 (a check that
 * got no answer); the
 * service is the slug, taken from the file name as Upptime writes it. */
#include <libgen.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/yamldoc.h"
#include "parsers/read/jsonstream.h"
#include "parsers/formats/registry.h"

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    struct yamldoc_stream *ys = NULL;
    struct yamldoc *doc = NULL;
    char slug[256], base[512];
    enum sl_status rc = yamldoc_open(f, ing->path, &ys, ing->diag);
    if (rc || (rc = yamldoc_next(ys, &doc, ing->diag)))
        goto out;
    struct yaml_node *root = doc ? yamldoc_root(doc) : NULL;
    if (yamldoc_kind(root) != YNODE_MAPPING) {
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 1, "not an Upptime history file");
        goto out;
    }
    snprintf(base, sizeof base, "%s", ing->path);
    snprintf(slug, sizeof slug, "%s", basename(base));
    char *dot = strrchr(slug, '.');
    if (dot)
        *dot = '\0';
    const char *service = ing->service ? ing->service : slug;
    const char *word = yamldoc_get_scalar(doc, root, "status");
    const char *when = yamldoc_get_scalar(doc, root, "lastUpdated");
    long line = yamldoc_line(yamldoc_get(doc, root, "status"));
    enum svc_status status;
    int64_t t;
    const char *why = "";
    char reason[200];
    if (!ing->entity) {
        rc = ingest_reject(ing, 1, "no entity: Upptime files name none; give --entity", "", 0);
    } else if (!word || !svc_status_parse(word, &status)) {
        snprintf(reason, sizeof reason, "unknown status '%.40s'", word ? word : "");
        rc = ingest_reject(ing, line, reason, word ? word : "", word ? strlen(word) : 0);
    } else if (!when || ingest_time(ing, when, strlen(when), &t, &why)) {
        snprintf(reason, sizeof reason, "bad lastUpdated '%.40s'%s%s", when ? when : "",
                 *why ? ": " : "", why);
        rc = ingest_reject(ing, line, reason, when ? when : "", when ? strlen(when) : 0);
    } else {
        /* responseTime: milliseconds, as Upptime's badges show it; 0 is
         * what Upptime writes for a check that got no answer, no sample. */
        const char *ms = yamldoc_get_scalar(doc, root, "responseTime");
        char *end = NULL;
        double latency = ms && *ms ? strtod(ms, &end) : NAN;
        if ((end && (end == ms || *end)) || !(latency > 0))
            latency = NAN;
        rc = ingest_probe_latency(ing, ing->entity, service, t, status, latency, line, word,
                                  strlen(word));
    }
out:
    yamldoc_free(doc);
    yamldoc_close(ys);
    return rc;
}

static int
sniff(const char *head, size_t len)
{
    if (jsonstream_head_has(head, len, "generator: Upptime"))
        return 90;
    if (jsonstream_head_has(head, len, "lastUpdated:") &&
        jsonstream_head_has(head, len, "startTime:") &&
        jsonstream_head_has(head, len, "responseTime:"))
        return 70;
    return 0;
}

const struct parser parser_upptime_history = {
    "upptime-history",
    "Upptime history/<slug>.yml: the site's last check (status, code, responseTime, "
    "lastUpdated) as one probe of service <slug>; needs --entity",
    "YAML with 'generator: Upptime', or lastUpdated, startTime and responseTime keys",
    sniff,
    parse,
};
