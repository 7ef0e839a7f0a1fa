/* eval.h — the evaluation: per entity, service and window, the neutral
 * availability and the incident statistics of docs/design.md §4, and, where a
 * commitment (an SLA's terms) applies, the contract measure beside it with
 * attainment, credits, the error budget, the burn-rate alerts that would have
 * fired, chronic failure and response-time compliance. Reads the store only;
 * reports read an eval_result only.
 *
 * Neutral rows (rows[]) come sorted by entity, then service (the
 * entity-as-a-whole row, with service NULL, first), then window. The entity row
 * pools its services: Σ downtime / Σ W′ (its seconds are service-seconds), and
 * counts every incident of the entity, including those that name no service.
 * Contract rows (contract[]) come in the same order, per commitment and
 * uptime target, in the target's own window kind.
 *
 * A neutral row and its contract rows are one result: each contract row
 * points to the neutral row of its entity, service and window (neutral), and
 * each neutral row to the contract row whose target applies to it
 * (contract), chosen once here so that no reader joins them again. The
 * links point into the result's own arrays.
 *
 * Windows are those of params.window (month by default; quarter, year in the
 * zone, or rolling N-day windows ending at `to`) overlapping [from, to). Each
 * service's history is classified once (engine/contract.h) and every window
 * is measured on it, in time order. */
#ifndef SLAUDIT_EVAL_H
#define SLAUDIT_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/measure/availability.h"
#include "engine/measure/budget.h"
#include "engine/measure/capacity.h"
#include "engine/measure/contract.h"
#include "engine/measure/daily.h"
#include "engine/measure/latency.h"
#include "engine/time/bizclock.h"
#include "engine/model/incident_times.h"
#include "engine/sla/sla_terms.h"
#include "engine/measure/stats.h"
#include "engine/measure/target.h"
#include "engine/base/status.h"
#include "engine/time/window.h"

struct store;

/* An SLA (or objective) that applies to an entity: every service of it when
 * service is NULL. Borrowed for the run.
 *
 * The counting rules come from the terms (contract_rules_from_terms: the
 * document's minimum outage, maintenance cap, partial counting and notice);
 * a field set here overrides the terms: min_outage_seconds and
 * maintenance_cap_seconds when >= 0 (0 = every second, no cap),
 * partial_weight when not NAN.
 *
 * A commitment applies to the windows whose start lies in
 * [valid_from, valid_to) (valid_to 0: no end), so that each version of a
 * stored commitment covers the windows that start while it is in force. */
struct eval_commitment {
    const char *entity;
    const char *service;
    const struct sla_terms *terms;
    /* The monthly fee of each service the commitment covers (of the
     * service it names, or of every service of the entity): a credit's
     * amount is its percent of this fee. NAN when unknown: credits without
     * an amount. The pooled entity row is not priced (credits are per
     * service). */
    double monthly_fee;
    const char *currency;            /* of the fee; NULL when not stated */
    int64_t min_outage_seconds;      /* < 0: the terms' own (else every second counts) */
    int64_t maintenance_cap_seconds; /* per calendar month; < 0: the terms' own (else no cap) */
    double partial_weight;           /* NAN: the terms' own (1 when they count partial), else 0.3 */
    int64_t valid_from,
        valid_to;           /* windows starting in [valid_from, valid_to); valid_to 0: no end */
    const char *kind;       /* "sla" or "slo" when read from the store; NULL: given */
    int64_t effective_from; /* of a stored version; SLTIME_NONE otherwise */
};

struct eval_params {
    const char *zone;        /* calendar zone of the windows; NULL = UTC */
    int64_t from, to;        /* every window overlapping [from, to) */
    const char *entity;      /* NULL = every entity */
    enum window_kind window; /* of the neutral rows; WINDOW_MONTH by default;
                                WINDOW_DAYS: [from, to) as one window */
    int rolling_days;        /* for WINDOW_ROLLING: N-day windows ending at `to` */
    struct avail_params avail;
    bool list_incidents;        /* keep the incidents that start in [list_from, list_to) */
    int64_t list_from, list_to; /* within the windows evaluated; counted even when not kept */
    const struct eval_commitment *commitments;
    size_t ncommitments;
    struct chronic_rule chronic;
    const struct burn_rule *burn_rules; /* sentinel-terminated; NULL: no replay */
    const int64_t *holidays;            /* for business-hours response clocks; sorted days */
    size_t nholidays;
    /* Read the commitments stored with `sla import` (and OpenSLO objectives)
     * for the entities evaluated, besides those given above, and the
     * slo_percent of each entity's stored profile (a row's target where no
     * commitment applies). A commitment given above replaces the stored
     * ones of its entity and service. */
    bool stored_commitments;
    /* The monthly fee of the stored commitments of `entity` (of those stored
     * for fee_service only, when set), in place of the fee stored with them;
     * NAN: the stored fee. */
    double stored_fee;
    const char *stored_fee_service;
    struct capacity_params capacity; /* fleet_gpus 0: no capacity figures */
    int fault_threshold;             /* hardware Xid events per node per window: 2 */
    /* Read no incidents, for callers that want availability and capacity
     * alone: the incident statistics, MTBF and response compliance are
     * those of a window without incidents. */
    bool skip_incidents;
    /* A failure, for MTBF, is an incident of sev1 .. sev<failure_severity>
     * (EVAL_DEFAULT_FAILURE_SEVERITY); sev4-5 and incidents with no
     * severity are not failures. */
    int failure_severity;
    /* Day by day (daily.h): every service row, neutral or contract, whose
     * window is exactly [daily_from, daily_to) gets its days measured on its
     * own timeline, in the zone. Both 0: none (the default). */
    int64_t daily_from, daily_to;
};

#define EVAL_DEFAULT_FAILURE_SEVERITY 3

/* History is fetched this far beyond the windows: the longest burn-rate
 * lookback, and room to judge an outage run that crosses a window edge. A
 * reader that rebuilds a row's timeline (engine/measure/claim.h) uses the
 * same margin. */
#define EVAL_PAD_SECONDS (4 * 86400)

struct incident_summary {
    long total;          /* incidents counted (merged and duplicates left out) */
    long by_severity[6]; /* [1..5] = sev1..sev5, [0] = no severity */
    long open;           /* no resolved time: left out of TTR */
    long merged;         /* merged or duplicate: left out, counted here */
    long unacknowledged; /* no acknowledged time: left out of TTA */
    /* Of the entity's incidents in the window, those that name no service (a
     * status feed's incident naming no component): in the entity row's
     * total, and in no service row's, so every row of the entity says how
     * many there are. */
    long entity_without_service;
    /* Of the incidents with a TTR, those whose start fell back to detected
     * (the source records no started time, as PagerDuty's): not measured
     * alike with those that record it. */
    long ttr_from_detected;
    /* Per measure, the incidents counted above whose two stamps are in an
     * impossible order (acknowledged before detected, say): that duration
     * alone is left out of measure[m], and the number is shown beside it. */
    long impossible_order[MEASURE_COUNT];
    struct duration_stats measure[MEASURE_COUNT];
    struct duration_stats severity_measure[6][MEASURE_COUNT]; /* the same, per severity */
};

struct eval_contract_row;

struct eval_row {
    char *entity;
    char *service; /* NULL: the entity as a whole */
    struct window window;
    struct avail_result avail;
    struct incident_summary incidents;
    double mtbf_seconds;             /* (eligible − downtime) / failures; NAN when undefined */
    long failures;                   /* incidents of sev1 .. params.failure_severity */
    struct capacity_result capacity; /* evaluated only when params.capacity.fleet_gpus > 0 */
    /* The contract row this row is judged against: of the same entity and
     * service (for the entity row, a commitment to the entity as a whole),
     * with a target, in exactly this row's window, else a monthly window
     * overlapping it, else any window overlapping it, the first of the
     * commitments in that order; NULL when no commitment applies. */
    const struct eval_contract_row *contract;
    /* The one target the row is judged against, everywhere it is shown:
     * contract's target, else the entity profile's slo_percent (with
     * params.stored_commitments), else TARGET_DEFAULT_PERCENT (target.h). */
    double target_percent;
    enum target_source target_source;
    /* Monitoring coverage of the row's window against params.avail.coverage:
     * insufficient means the availability is not a number and every output
     * shows "insufficient coverage" (the measured value only as a note). */
    enum avail_coverage coverage;
    /* The days of the window (params.daily_from/daily_to), on the neutral
     * measure; empty for other windows and for entity rows. Owned. */
    struct daily daily;
    /* Probe latency of the service in the window (engine/measure/latency.h)
     * against the objective the entity's profile names for it; samples 0
     * and no objective for the entity row (latency is not pooled across
     * services) and for a service without latency. */
    struct latency_result latency;
};

/* Response-time compliance of one severity's target in one window: TTA on the
 * response clock (bizclock.h) against the target, or for a resolution target TTR
 * (resolved − started, else detected) on it. */
struct eval_response {
    int severity; /* 1..5 */
    double target_minutes;
    bool business_hours; /* measured on the business-hours clock */
    bool resolution;     /* a resolution target: TTR, not TTA */
    long n;              /* incidents of the severity (merged and impossible_order left out) */
    long within;         /* acknowledged (resolved) within the target */
    long late;           /* acknowledged (resolved) after it */
    long unacknowledged; /* no acknowledgement (resolution: still open): not within */
    /* Acknowledged before detected (resolved before started): the time to
     * respond is unknown, so the incident is left out of n, counted here. */
    long impossible_order;
    double share; /* within / n; NAN when n == 0 */
};

struct eval_contract_row {
    char *entity;
    char *service; /* NULL: the entity as a whole (its services pooled) */
    struct window window;
    size_t commitment; /* index into params.commitments */
    size_t target;     /* index into its terms' targets */
    struct contract_rules rules;
    struct contract_measure measure;
    struct contract_attainment attainment;
    struct budget budget;
    struct burn_alert *alerts; /* firing within the window; owned */
    size_t nalerts;
    /* Burn alerts are replayed per service: a pooled entity row (service
     * NULL) has none of its own, which is not "none fired". */
    bool alerts_replayed;
    long chronic_at; /* chronic failure reached at this window (or earlier): its index, else -1 */
    bool chronic_consecutive;
    struct eval_response *response; /* one per response target of the terms; owned */
    size_t nresponse;
    enum avail_coverage coverage; /* of measure.avail, as for eval_row */
    /* The neutral row of the same entity, service and window (its incident
     * figures are this row's); NULL when no neutral row has this window, as
     * for a quarter beside monthly rows. */
    const struct eval_row *neutral;
    /* The days of the window (params.daily_from/daily_to) under the
     * commitment's own rules; empty otherwise. Owned. */
    struct daily daily;
};

/* One incident as the report lists it; strings owned by the result. */
struct eval_incident {
    char *entity, *service, *key, *severity, *severity_label, *title, *state, *postmortem;
    int64_t started, detected, acknowledged, mitigated, resolved;
    struct incident_times times;
    bool merged; /* merged or duplicate */
    bool open;   /* no resolved time */
};

/* A node with repeated hardware faults in one window of an entity. */
struct eval_fault_node {
    char *entity;
    struct window window;
    struct capacity_fault_node node; /* host owned */
};

struct eval_result {
    /* params.commitments points to the commitments evaluated: those given
     * and those read from the store, owned by the result (with their terms). */
    struct eval_params params;
    struct eval_commitment *commitments; /* owned */
    size_t ncommitments;
    struct sla_terms *stored_terms; /* owned: the terms of stored commitments */
    size_t nstored_terms;
    char **strings; /* owned: the entity, service and kind of stored commitments */
    size_t nstrings;
    struct eval_fault_node *faults; /* owned; by entity, window, then count */
    size_t nfaults;
    struct eval_row *rows;
    size_t nrows;
    struct eval_contract_row *contract;
    size_t ncontract;
    struct eval_incident *incidents;
    size_t nincidents;
    size_t nlisted; /* incidents starting in [list_from, list_to), kept or not */
};

void eval_default_params(struct eval_params *p);

/* The row has an availability to show: something is known and the coverage
 * is not insufficient. */
bool eval_row_shows_availability(const struct eval_row *row);
enum sl_status eval_run(struct store *st, const struct eval_params *p, struct eval_result *out,
                        struct sl_diag *diag);
void eval_result_release(struct eval_result *r);

/* The listing of incidents without holding it: calls fn for each incident
 * starting in [p->list_from, p->list_to) ∩ [p->from, p->to), of p->entity or
 * every entity, in the order eval_run lists them (the same rows when the list
 * window lies within [p->from, p->to)), read from the store one at a time.
 * e and its strings live only during the call. fn returns non-zero to stop.
 * Memory stays constant however many incidents there are, so a report can
 * write its incident list with list_incidents off and nlisted as the count. */
typedef int (*eval_incident_fn)(void *ctx, const struct eval_incident *e);
enum sl_status eval_each_listed_incident(struct store *st, const struct eval_params *p,
                                         eval_incident_fn fn, void *ctx, struct sl_diag *diag);

/* The windows of kind (rolling: N-day windows ending at `to`, going back;
 * days: one window of the local days of [from, to)) overlapping [from, to),
 * in time order. *out is owned by the caller (free());
 * SL_ERR_NOMEM or SL_ERR_USAGE (rolling with days < 1). */
enum sl_status eval_windows(enum window_kind kind, int rolling_days, int64_t from, int64_t to,
                            const char *zone, struct window **out, size_t *n);

/* The severity 1..5 a document's label names ("Severity 1", "P2", "Sev-3",
 * "critical"), or 0. */
int eval_severity_of_label(const char *label);

/* The credits one commitment is due for the windows ending in (from, to]:
 * the credit of every service row (a pooled entity row is not credited),
 * with the amounts where the fee is known. */
struct eval_credits {
    size_t rows;             /* contract rows of the commitment considered */
    size_t due;              /* of them, with a credit above 0 */
    double amount;           /* Σ amount where the fee is known */
    size_t unpriced;         /* credits due whose fee is unknown */
    double unpriced_percent; /* Σ their credit % (each of its own service's fee) */
    size_t gaps;             /* attainments in a gap of the credit table */
};
void eval_credits_of(const struct eval_result *r, size_t commitment, int64_t from, int64_t to,
                     struct eval_credits *out);
/* Contract row i is a service row and the first of its commitment whose
 * window ends where its own does: where a listing of credits per
 * commitment and window starts a line. */
bool eval_credits_first_window(const struct eval_result *r, size_t i);
/* Appends to buf (len bytes already there) "10 % of gpu-cluster-east's
 * fee + 10 % of scheduler's fee": the unpriced credits of the commitment
 * for the windows ending in (from, to], each a percent of its own
 * service's fee, never summed. Returns the new length (truncated to fit). */
size_t eval_credits_unpriced_text(const struct eval_result *r, size_t commitment, int64_t from,
                                  int64_t to, char *buf, size_t size, size_t len);

/* Response compliance of the incidents inc[0..n) (entity/service/window
 * filters applied by the caller) against rt on the clock c. */
void eval_response_compliance(const struct eval_incident *const *inc, size_t n,
                              const struct sla_response_time *rt, const struct bizclock *c,
                              struct eval_response *out);

#endif
