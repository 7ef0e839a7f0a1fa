/* model.c — the status and severity vocabularies as tables. */
#include "engine/model/model.h"

#include <stddef.h>
#include <string.h>
#include <strings.h>

static const char *const status_names[] = {
    [SVC_UNKNOWN] = "unknown",         [SVC_UP] = "up",
    [SVC_DEGRADED] = "degraded",       [SVC_PARTIAL] = "partial",
    [SVC_MAINTENANCE] = "maintenance", [SVC_DOWN] = "down",
};
_Static_assert(sizeof status_names / sizeof status_names[0] == SVC_STATUS_COUNT,
               "one name per enum svc_status");

const char *
svc_status_name(enum svc_status s)
{
    return (unsigned)s < SVC_STATUS_COUNT ? status_names[s] : "unknown";
}

static const struct {
    const char *word;
    enum svc_status status;
} status_words[] = {
    {"up", SVC_UP},
    {"ok", SVC_UP},
    {"operational", SVC_UP},
    {"1", SVC_UP},
    {"true", SVC_UP},
    {"success", SVC_UP},
    {"down", SVC_DOWN},
    {"0", SVC_DOWN},
    {"false", SVC_DOWN},
    {"major_outage", SVC_DOWN},
    {"outage", SVC_DOWN},
    {"fail", SVC_DOWN},
    {"failure", SVC_DOWN},
    {"partial", SVC_PARTIAL},
    {"partial_outage", SVC_PARTIAL},
    {"degraded", SVC_DEGRADED},
    {"degraded_performance", SVC_DEGRADED},
    {"slow", SVC_DEGRADED},
    {"maintenance", SVC_MAINTENANCE},
    {"under_maintenance", SVC_MAINTENANCE},
    {"unknown", SVC_UNKNOWN},
    {NULL, SVC_UNKNOWN},
};

bool
svc_status_parse(const char *text, enum svc_status *out)
{
    for (size_t i = 0; status_words[i].word; i++) {
        if (!strcasecmp(text, status_words[i].word)) {
            *out = status_words[i].status;
            return true;
        }
    }
    return false;
}

/* Labels seen in incident tools, mapped to slaudit's five levels. */
static const struct {
    const char *label;
    const char *severity;
} severity_labels[] = {
    {"sev1", "sev1"},
    {"sev-1", "sev1"},
    {"sev 1", "sev1"},
    {"s1", "sev1"},
    {"p1", "sev1"},
    {"1", "sev1"},
    {"critical", "sev1"},
    {"sev0", "sev1"},
    {"sev2", "sev2"},
    {"sev-2", "sev2"},
    {"sev 2", "sev2"},
    {"s2", "sev2"},
    {"p2", "sev2"},
    {"2", "sev2"},
    {"high", "sev2"},
    {"major", "sev2"},
    {"sev3", "sev3"},
    {"sev-3", "sev3"},
    {"sev 3", "sev3"},
    {"s3", "sev3"},
    {"p3", "sev3"},
    {"3", "sev3"},
    {"medium", "sev3"},
    {"moderate", "sev3"},
    {"sev4", "sev4"},
    {"sev-4", "sev4"},
    {"sev 4", "sev4"},
    {"s4", "sev4"},
    {"p4", "sev4"},
    {"4", "sev4"},
    {"low", "sev4"},
    {"minor", "sev4"},
    {"sev5", "sev5"},
    {"sev-5", "sev5"},
    {"sev 5", "sev5"},
    {"s5", "sev5"},
    {"p5", "sev5"},
    {"5", "sev5"},
    {"info", "sev5"},
    {"informational", "sev5"},
    {"none", "sev5"},
    /* Status pages and public incident records. */
    {"maintenance", "sev5"},
    {"full production outage", "sev1"},
    {"partial production outage", "sev2"},
    {"degraded service/performance", "sev3"},
    {"increased errors", "sev3"},
    {"increased latency", "sev3"},
    /* Cluster logs: one node or one GPU out of service (parsers/slurm_log.c,
     * parsers/nvidia_xid.c). A GPU that must be replaced is worse than one
     * that needs a reset. */
    {"node down", "sev3"},
    {"xid replace", "sev2"},
    {"xid drain", "sev3"},
    {"xid reset", "sev4"},
    {NULL, NULL},
};

const char *
severity_normalise(const char *label)
{
    if (!label)
        return NULL;
    while (*label == ' ')
        label++;
    for (size_t i = 0; severity_labels[i].label; i++)
        if (!strcasecmp(label, severity_labels[i].label))
            return severity_labels[i].severity;
    return NULL;
}

int
severity_rank(const char *sev)
{
    if (!sev || strncmp(sev, "sev", 3) || sev[3] < '1' || sev[3] > '5' || sev[4])
        return 0;
    return sev[3] - '0';
}

bool
incident_state_is_merged(const char *state)
{
    return state && (!strcasecmp(state, "merged") || !strcasecmp(state, "duplicate"));
}
