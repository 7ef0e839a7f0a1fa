/* audit.h — `slaudit audit`: every rule of the catalog that applies to one
 * entity, over [from, to), on the data in the store. audit_run() loads what
 * the rules read (incidents with their source lines, postmortems, action
 * items, patches, on-call shifts, changes, notifications, the profile,
 * commitments, status intervals, maintenance, GPU faults, monthly
 * availability), runs each rule, and returns the findings in their one order
 * with each rule's status. Reads the store only. */
#ifndef SLAUDIT_AUDIT_H
#define SLAUDIT_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/time/calendar.h"
#include "engine/audit/findings.h"
#include "engine/audit/record_source.h"
#include "engine/model/model.h"
#include "engine/audit/profile.h"
#include "engine/audit/rules.h"
#include "engine/sla/sla_terms.h"
#include "engine/base/status.h"

struct store;

struct audit_params {
    const char *entity; /* provider:x or team:y */
    int64_t from, to;   /* [from, to) */
    const char *zone;   /* calendar zone when the profile names none; NULL = UTC */
};

/* Where a record was read from. */
struct audit_origin {
    const char *file;
    long line;
};

struct audit_incident {
    const char *key, *service, *severity, *title, *state;
    int64_t started, detected, acknowledged, mitigated, resolved;
    int64_t classified;         /* extra column `classified`; SLTIME_NONE */
    const char *detected_by;    /* extra column `detected_by`: monitoring, customer, ... */
    const char *root_cause_tag; /* extra column, else the postmortem's */
    const char *cause;          /* extra column, else the postmortem's: change, ... */
    const char *change_id;      /* extra column, else the postmortem's */
    enum record_source source;  /* the kind of file it was read from */
    struct audit_origin origin;
};

struct audit_postmortem {
    const char *incident, *root_cause_tag, *cause, *change_id, *link;
    int64_t published;
    bool impact, timeline, root_cause, actions;
    struct audit_origin origin;
};

struct audit_action {
    const char *key, *incident, *owner, *title;
    int64_t due, closed;
    struct audit_origin origin;
};

struct audit_patch {
    const char *key, *service, *advisory, *severity, *exception;
    int64_t released, detected, applied, kev_added;
    bool internet_facing;
    struct audit_origin origin;
};

struct audit_shift {
    const char *service, *primary, *secondary;
    int64_t start, end;
    struct audit_origin origin;
};

struct audit_change {
    const char *key, *service;
    int64_t approved, retro_approved;
    bool emergency;
    const char **incidents;
    size_t nincidents;
    struct audit_origin origin;
};

struct audit_notice {
    const char *incident, *regime, *kind;
    int64_t sent, aware, classified;
    struct audit_origin origin;
};

/* A run of one status (down, partial) on one service, from the intervals. */
struct audit_run_of {
    const char *service;
    enum svc_status status;
    int64_t start, end;
};

struct audit_month {
    const char *service; /* NULL: the entity as a whole */
    int64_t start, end;
    bool known;
    double availability;
    /* The target the evaluation judged the month against (eval.h: the
     * commitment's, else the profile's slo_percent), in percent, and where
     * it comes from; NAN and NULL where only the default target applied,
     * for the audit judges committed targets and stated objectives only. */
    double target_percent;
    const char *target_from; /* the document, or "the profile's slo_percent" */
    /* GPU capacity, when the profile gives the fleet (GPU-003.fleet_gpus):
     * engine/capacity.h over the same month. */
    bool capacity_known;
    long fleet_gpus;
    double gpu_seconds, gpu_seconds_lost;
};

/* A version of one of the entity's commitments — an SLA (kind "sla") or an
 * internal objective (kind "slo") — in force during part of the audit window,
 * its terms read back from JSON. */
struct audit_sla {
    const char *kind;     /* "sla" or "slo" */
    const char *service;  /* NULL: every service */
    const char *document; /* as stored; may be NULL */
    int64_t from, to;     /* the part of the audit window it was in force */
    struct sla_terms terms;
};

struct audit_gpu_fault {
    const char *host, *gpu, *xid_class;
    int xid;
    int64_t time;
    struct audit_origin origin;
};

struct audit_data {
    const char *entity;
    int64_t from, to;
    const char *zone; /* the profile's, else the audit's */
    struct profile profile;
    struct calendar calendar;
    bool is_provider;
    struct audit_incident *incidents;
    size_t nincidents;
    struct audit_postmortem *postmortems;
    size_t npostmortems;
    struct audit_action *actions;
    size_t nactions;
    struct audit_patch *patches;
    size_t npatches;
    struct audit_shift *shifts;
    size_t nshifts;
    struct audit_change *changes;
    size_t nchanges;
    struct audit_notice *notices;
    size_t nnotices;
    struct audit_run_of *runs;
    size_t nruns;
    struct maintenance *maintenance;
    size_t nmaintenance;
    struct audit_origin *maintenance_origin; /* parallel to maintenance; may be NULL */
    struct audit_month *months;
    size_t nmonths;
    struct audit_sla *slas; /* by service (NULL first), then from */
    size_t nslas;
    struct audit_gpu_fault *gpu_faults;
    size_t ngpu_faults;
    bool have_gpu_data; /* the store holds GPU events for anyone */
    char **owned;       /* strings the loader copied; freed by audit_data_release */
    size_t nowned, owned_alloc;
};

enum rule_state {
    RULE_EVALUATED,      /* ran over the data */
    RULE_NOT_APPLICABLE, /* scope or regime excludes this entity */
    RULE_NO_DATA,        /* applies, but the store holds nothing to check */
    RULE_NOT_IMPLEMENTED
};

const char *audit_rule_state_name(enum rule_state s);

struct audit_rule_status {
    const struct rule *rule;
    enum rule_state state;
    char why[200];
    size_t findings;
};

/* What a check receives. */
struct audit_ctx {
    const struct audit_data *data;
    struct findings *findings;
    struct audit_rule_status *status; /* the running rule's */
};

struct audit_result {
    struct audit_params params;
    struct findings findings;
    struct audit_rule_status *rules; /* one per catalog rule, in catalog order */
    size_t nrules;
    char *regimes; /* the profile's, space separated; "" when none */
    char *zone;    /* the zone its windows were computed in (params.zone points here); NULL = UTC */
    bool profile_present;
};

enum sl_status audit_run(struct store *st, const struct audit_params *p, struct audit_result *out,
                         struct sl_diag *diag);
void audit_result_release(struct audit_result *r);

/* Runs the catalog over data already loaded (the tests build data by hand).
 * out->params is taken from data. */
enum sl_status audit_run_data(const struct audit_data *data, struct audit_result *out,
                              struct sl_diag *diag);
/* For tests and the loader: an empty data set for entity over [from, to). */
void audit_data_init(struct audit_data *d, const char *entity, int64_t from, int64_t to);
void audit_data_release(struct audit_data *d);

/* For checks. */
double audit_param(const struct audit_ctx *ctx, const struct rule *rule, const char *name);
void audit_no_data(struct audit_ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
struct finding *audit_finding(struct audit_ctx *ctx, const struct rule *rule, const char *regime,
                              const char *service, int64_t window_start, int64_t window_end,
                              const char *subject, const char *fmt, ...)
    __attribute__((format(printf, 8, 9)));
void audit_evidence_incident(struct audit_ctx *ctx, struct finding *f,
                             const struct audit_incident *inc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
const struct audit_incident *audit_incident_by_key(const struct audit_data *d, const char *key);
/* Whether rule judges incidents of inc's source (rule->sources). */
bool audit_rule_fits(const struct rule *rule, const struct audit_incident *inc);
const struct audit_postmortem *audit_postmortem_of(const struct audit_data *d, const char *key);
/* The commitment version (any kind) in force for service at instant t: one
 * naming the service wins over one covering every service; NULL when none. */
const struct audit_sla *audit_commitment_at(const struct audit_data *d, const char *service,
                                            int64_t t);
/* "2026-09-17 16:00Z" style text in UTC (out: 24 bytes). */
void audit_time_text(int64_t t, char out[24]);

#endif
