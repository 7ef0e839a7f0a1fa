/* reconcile.h — a provider's status-page history against the user's own
 * probes and incident log, for one service and window: outages the probes or
 * the incident log saw that the provider never reported, and reports that
 * the user's monitoring did not see.
 *
 * Which side a record is on follows the format of the file it came from
 * (reconcile_role_of): status pages and status histories (statuspage-json,
 * statuspage-feed, gcp-status, aws-health, interval-csv) are the provider's
 * reports; probe results and uptime monitors (probe-csv, upptime-*) are the
 * user's probes; incident exports (incident-csv, pagerduty-csv) the user's
 * incident log. Other formats are left out and counted.
 *
 * Reports: the union of the provider's intervals with a status of degraded,
 * partial or down, and of its incidents (start to resolved, else mitigated,
 * else the end of the window), merged where they touch or overlap.
 * Observations: the union of the probes' runs of partial or down time at
 * least min_outage_seconds long, and of the user's incidents (merged and
 * duplicate ones left out), merged likewise. Both are clipped to the window.
 *
 * Matching: an observation O and a report R overlap by |O ∩ [R.start −
 * slack, R.end + slack)| (status pages post late and round their times).
 * An observation is reported when its overlap with all reports reaches
 * min(min_overlap_seconds, |O|), else unreported. A report is confirmed when
 * its overlap with all observations (the same slack, applied to the report)
 * reaches min(min_overlap_seconds, |R|); else it is unverifiable when the
 * probes had data (any status) for less than half of it, and unconfirmed when
 * they watched and saw no outage. */
#ifndef SLAUDIT_RECONCILE_H
#define SLAUDIT_RECONCILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/model/model.h"
#include "engine/base/status.h"

struct store;

enum reconcile_role {
    RECONCILE_IGNORED,
    RECONCILE_PROVIDER, /* the provider's own status history */
    RECONCILE_PROBE,    /* the user's probes */
    RECONCILE_INCIDENT_LOG
};

/* The role of a source format (sources.format); RECONCILE_IGNORED when the
 * format is not in the table. */
enum reconcile_role reconcile_role_of(const char *format);
const char *reconcile_role_name(enum reconcile_role r);

#define RECONCILE_DEFAULT_MIN_OUTAGE 300 /* 5 min */
#define RECONCILE_DEFAULT_SLACK 600      /* 10 min */
#define RECONCILE_DEFAULT_MIN_OVERLAP 60 /* 1 min */

struct reconcile_params {
    int64_t min_outage_seconds;  /* probe outage runs shorter are left out: 300 */
    int64_t slack_seconds;       /* each report widened this much on both sides: 600 */
    int64_t min_overlap_seconds; /* overlap that makes a match: 60 */
};

void reconcile_default_params(struct reconcile_params *p);

enum reconcile_verdict {
    RECONCILE_REPORTED,    /* an observation the provider reported */
    RECONCILE_UNREPORTED,  /* an observation the provider never reported */
    RECONCILE_CONFIRMED,   /* a report the user's monitoring saw */
    RECONCILE_UNCONFIRMED, /* a report the probes watched and did not see */
    RECONCILE_UNVERIFIABLE /* a report the probes had too little data to judge */
};

const char *reconcile_verdict_name(enum reconcile_verdict v);

/* One merged stretch of reported or observed trouble. */
struct reconcile_span {
    int64_t start, end;
    enum svc_status status;  /* worst status in it; SVC_DOWN for an incident */
    bool from_intervals;     /* status intervals took part */
    long incidents;          /* incidents that took part */
    char *first_incident;    /* the key of the first of them; owned; may be NULL */
    int64_t overlap_seconds; /* with the other side (slack applied) */
    int64_t watched_seconds; /* reports: seconds the probes had data for */
    enum reconcile_verdict verdict;
};

/* One record as input: a status interval or an incident of one side. */
struct reconcile_item {
    int64_t start, end;
    enum svc_status status; /* an incident: SVC_DOWN */
    const char *incident;   /* an incident's key; NULL for an interval */
};

struct reconcile_result {
    int64_t from, to;
    struct reconcile_params params;
    struct reconcile_span *reported, *observed; /* owned, in time order */
    size_t nreported, nobserved;
    long provider_records, probe_records, incident_records, ignored_records;
    long short_probe_runs; /* probe outage runs left out as shorter than the minimum */
    long observed_reported, observed_unreported;
    long reports_confirmed, reports_unconfirmed, reports_unverifiable;
    int64_t observed_seconds, reported_seconds, unreported_seconds;
};

/* The pure computation: provider records, probe intervals (every status:
 * their known time is what the probes watched) and incident-log records.
 * Counts of records are set by the caller. SL_ERR_NOMEM. */
enum sl_status reconcile_compute(const struct reconcile_item *provider, size_t nprovider,
                                 const struct reconcile_item *probes, size_t nprobes,
                                 const struct reconcile_item *incidents, size_t nincidents,
                                 int64_t from, int64_t to, const struct reconcile_params *p,
                                 struct reconcile_result *out);

/* Reads entity's service over [from, to) from the store and reconciles. */
enum sl_status reconcile_run(struct store *st, const char *entity, const char *service,
                             int64_t from, int64_t to, const struct reconcile_params *p,
                             struct reconcile_result *out, struct sl_diag *diag);

void reconcile_result_release(struct reconcile_result *r);

#endif
