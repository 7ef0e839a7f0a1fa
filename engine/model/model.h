/* model.h — the records slaudit stores and evaluates: incidents, status
 * intervals and maintenance windows, with the status and severity vocabularies
 * of docs/design.md §3. Strings in these structs are borrowed: whoever fills a
 * record keeps its strings alive until the call that takes the record returns.
 *
 * Threads: the records are plain data and the functions here read only
 * constant tables, so any thread may call them. A record handed to another
 * thread must carry strings that live as long as that thread reads them:
 * engine/ingest/ingest_queue.c copies them for this reason. */
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
    int units;             /* GPUs or nodes affected; 0 when the source does not say */
    const char *unit_kind; /* "gpu" or "node" when units > 0, else NULL */
    const char *key;       /* the source's own name for the interval, so a later export
                              updates it; NULL: always added */
};

/* One GPU fault (NVIDIA Xid) from a kernel log. class and action come from
 * the Xid table (engine/xid.h). */
struct gpu_event {
    const char *entity;
    const char *service; /* the cluster; may be NULL */
    int64_t time;
    const char *host; /* may be NULL when the log does not name it */
    const char *pci;  /* "0000:9b:00"; may be NULL */
    const char *gpu;  /* the GPU's index or UUID when the log gives it; may be NULL */
    int xid;
    const char *xid_class; /* hardware, driver, application, thermal_power, unknown */
    const char *action;    /* none, reset, drain, replace */
    const char *message;
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
