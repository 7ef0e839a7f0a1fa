/* model.h — the records slaudit stores and evaluates: incidents, status
 * intervals and maintenance windows, with the status and severity vocabularies
 * of DESIGN.md §3. Strings in these structs are borrowed: whoever fills a
 * record keeps its strings alive until the call that takes the record returns. */
#ifndef SLAUDIT_MODEL_H
#define SLAUDIT_MODEL_H

#include <stdbool.h>
#include <stdint.h>

/* Ordered from best to worst, so the worst of two is the larger value;
 * SVC_UNKNOWN is "no information" and ranks below every known status. */
enum svc_status {
    SVC_UNKNOWN = 0,
    SVC_UP,
    SVC_DEGRADED,
    SVC_PARTIAL,
    SVC_MAINTENANCE,
    SVC_DOWN,
    SVC_STATUS_COUNT
};

const char *svc_status_name(enum svc_status s);
/* Reads a status word: up/ok/operational/1, down/0/major_outage/outage,
 * partial/partial_outage, degraded/degraded_performance/slow,
 * maintenance/under_maintenance, unknown. Case-insensitive. */
bool svc_status_parse(const char *text, enum svc_status *out);

/* Maps a source's severity or priority label to "sev1".."sev5", or NULL when the
 * label is empty or not understood. Table-driven; see model.c. */
const char *severity_normalise(const char *label);
/* 1..5 for "sev1".."sev5", 0 otherwise. */
int severity_rank(const char *sev);

/* Incident states that are left out of statistics but counted. */
bool incident_state_is_merged(const char *state);

struct incident {
    const char *key;            /* the source's identifier; unique per entity */
    const char *entity;         /* provider:x or team:y */
    const char *service;        /* may be NULL */
    const char *severity;       /* sev1..sev5 or NULL */
    const char *severity_label; /* the source's own label */
    const char *title;
    const char *state;      /* e.g. resolved, open, merged, duplicate; may be NULL */
    const char *postmortem; /* a link or reference; may be NULL */
    const char *extra_json; /* unknown columns as a JSON object; may be NULL */
    int64_t started, detected, acknowledged, mitigated, resolved; /* SLTIME_NONE if missing */
    long line; /* where the record starts in its source file */
};

struct interval {
    const char *entity;
    const char *service;
    int64_t start, end; /* [start, end) */
    enum svc_status status;
    long line;
};

struct maintenance {
    const char *entity;
    const char *service;
    const char *key;    /* the source's reference; may be NULL */
    int64_t start, end; /* [start, end) */
    int64_t announced;  /* SLTIME_NONE when never announced */
    long line;
};

#endif
