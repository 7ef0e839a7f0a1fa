/* decide.h — managed, self-managed or hybrid, by the numbers.
 *
 * Two halves. decide_measure() reads what the store says about one entity
 * over a period (through the evaluation, on the neutral definitions):
 * availability, incident hours, engineer hours (duration × responders),
 * pages by business / off / sleep band, monitoring coverage, maintenance.
 * decide_run() is pure arithmetic and policy over a profile and those
 * measurements, so tests can hand it numbers worked out on paper.
 *
 * The policy (decide_policy.c, docs/decide.md §3):
 *   1. the team type gives the guide's answer (small-ai and product:
 *      managed, a rule; platform and research: self-managed, viable);
 *   2. the guide's rules follow: production inference needs proven 24×7
 *      operations, the four readiness conditions must all be met for the part
 *      the team would run, regulated work goes managed unless the team is
 *      proven and measured at least as available as every provider, capacity
 *      needed sooner than the ramp goes managed. Price never overturns a
 *      rule; a measured check the output names can;
 *   3. every option is costed (total cost of operations a month) and checked
 *      against the hard constraints; the best-fitting option of the answer
 *      is chosen (commitment, measured availability, then cost). Cost may move
 *      only a merely viable self-managed answer, beyond the tie margin;
 *   4. with nothing measured, the answer is the profile's alone and says so:
 *      unknown figures stay unknown (NAN inside, "not measured" in text).
 * Every reason cites a measured number, a profile fact or both; the result
 * also carries the readiness table and a break-even per input.
 *
 * The policy and the operation boundary are static tables in decide_policy.c. */
#ifndef SLAUDIT_DECIDE_H
#define SLAUDIT_DECIDE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/time/interruptions.h"
#include "engine/measure/stats.h"
#include "engine/base/status.h"
#include "engine/decide/team_profile.h"

struct store;

/* An average month: 365.25 × 24 / 12 hours. */
#define DECIDE_HOURS_PER_MONTH 730.5
#define DECIDE_WEEKS_PER_MONTH (365.25 / 7.0 / 12.0)
/* Google SRE book, "Being On-Call": at most 25 % of an engineer's time on
 * call, with a primary and a secondary on call at once. */
#define DECIDE_ONCALL_SHARE_MAX 0.25
#define DECIDE_ONCALL_PEOPLE 2
/* The same chapter: about 6 hours of work per incident, so at most 2
 * incidents per 12-hour shift. */
#define DECIDE_SHIFT_HOURS 12.0
#define DECIDE_INCIDENTS_PER_SHIFT_MAX 2.0
/* The same book, "Eliminating Toil": operational work capped at 50 %. */
#define DECIDE_OPS_SHARE_MAX 0.50
/* A record monitored this share of service time is full (the readiness
 * condition's bar and docs/design.md's flag threshold). */
#define DECIDE_COVERAGE_FULL 0.95
/* The evidence a measured check needs (docs/decide.md §2.1): a period of
 * at least this many local days; for a check resting on availability,
 * DECIDE_COVERAGE_FULL of service time monitored; for one resting on
 * incidents (the share acknowledged, the load and toil rules), at least
 * the evaluation's low-sample limit of incidents. Below it the check says
 * "not enough evidence", never pass or fail. */
#define DECIDE_MIN_DAYS 28
#define DECIDE_MIN_INCIDENTS STATS_LOW_SAMPLE
#define DECIDE_REASONS_MAX 24
#define DECIDE_OPTIONS_MAX (2 * TEAM_PROFILE_MAX_PROVIDERS + 1)

enum decide_model { DECIDE_MANAGED, DECIDE_SELF_MANAGED, DECIDE_HYBRID, DECIDE_MODEL_COUNT };

/* "managed", "self-managed", "hybrid". */
const char *decide_model_name(enum decide_model m);

/* What the store says about one entity over [from, to). */
struct decide_measured {
    char entity[96];
    int64_t from, to;
    int days; /* local days of the zone measured in */
    double period_hours;
    bool has_uptime;          /* some monitored time */
    double availability;      /* pooled neutral availability; NAN without uptime data */
    double coverage;          /* monitored share of service time; NAN without uptime data */
    double unknown_hours;     /* service-hours unmonitored */
    double degraded_hours;    /* service-hours degraded (slow, not down) */
    double maintenance_hours; /* eligible, left out */
    double ineligible_maintenance_hours; /* announced too late: counted as downtime */
    long incidents;                      /* counted: merged and duplicates left out */
    long by_severity[6];
    long open;                  /* unresolved: their duration runs to `to` */
    double incident_hours;      /* Σ TTR, open ones to `to` */
    double engineer_hours;      /* Σ TTR × responders(severity) */
    struct interruptions pages; /* at incident start, in the profile's zone */
    struct duration_stats tta, ttr;
    long capacity_incidents; /* titles naming capacity, quota or reservations */
    long unused_incidents;   /* of services the team would not use: not counted */
    /* The audit engine's findings of the entity, medium severity and above
     * (decide_measure_audit); audit_known false when no rule of the catalog
     * could run on what the store holds. */
    bool audit_known;
    long audit_findings;
    /* Responder load over the on-call shifts stored for the entity
     * (decide_measure_oncall, engine/measure/responder_load.h); oncall_known
     * false when no shift with a primary overlaps the period. */
    bool oncall_known;
    long oncall_shifts, oncall_responders;
    double oncall_hours;       /* shift hours inside the period */
    long oncall_pages;         /* pages a shift's primary took */
    long oncall_unassigned;    /* pages no shift covered */
    long oncall_off_hours;     /* pages outside working hours (09–18 Mon–Fri) */
    long oncall_max_per_shift; /* the most pages one shift took */
    long oncall_max_responder; /* the most pages one responder took */
    double oncall_mean_shift;  /* pages a shift took, on average */
};

/* The sustainability of an on-call rotation, by three rules from the Google
 * SRE book (docs/decide.md §3). */
struct decide_rotation {
    bool applies;               /* the team carries a pager in this option */
    int required;               /* engineers the 25 % rule needs for the hours covered */
    double oncall_share;        /* each engineer's share of time on call */
    double incidents_per_shift; /* per 12 hours covered */
    double ops_share;           /* (routine ops + incident hours) / platform engineer hours */
    /* The load rule used the responder load of the stored on-call shifts:
     * incidents_per_shift is then the measured pages per 12 hours on call
     * (× the research share in a hybrid) and estimate the profile's. */
    bool load_measured;
    double estimate_per_shift;
    bool known;       /* false: the size passes but the load is not measured */
    bool thin;        /* measured, but below the evidence minimum: neither pass nor fail */
    bool sustainable; /* shown sustainable; false when not known */
    char why[640];
};

/* Total cost of operations a month, by part, then the risk and one-off
 * rows that stand for the guide's rules (docs/decide.md §5.1). */
struct decide_cost {
    double gpu; /* GPUs × rate × 730.5 h */
    /* Managed operations of the team's own hardware: managed GPUs × the
     * provider's fee × 730.5 h; 0 for a cloud, whose rate includes them. */
    double managed_operations;
    double routine_ops;     /* routine operations hours kept × engineer hour */
    double on_call;         /* hours covered a month × on-call pay */
    double incident_labour; /* team engineer-hours on incidents × engineer hour */
    double downtime;        /* expected downtime hours × cost of a down hour */
    double operations;      /* the six parts above (their known ones) */
    /* One-off: capacity lost while self-managed operations ramp, (ramp −
     * needed) weeks × 168 h × the cost of an hour lost; ramp_loss is it
     * spread over the profile's horizon. 0 when nothing is lost. */
    double ramp_one_off;
    double ramp_loss;
    /* Risk, regulated work only (0 otherwise): audit findings a month the
     * team would bear × the cost of one; NAN when not priced (no
     * costs.audit_finding) or not measured, and only the latter makes the
     * total incomplete. */
    double findings_month;
    double compliance_risk;
    bool complete; /* every part known; else total is the known parts' sum */
    double total;  /* operations + ramp_loss + compliance_risk: what options are compared on */
    char arithmetic[1536]; /* the same, written out with its numbers */
};

struct decide_option {
    enum decide_model model;
    char label[256];
    int provider;        /* index into the profile's providers; -1 for self-managed */
    bool measured;       /* data for every entity it relies on */
    double availability; /* expected; hybrid: the production part's (provider) */
    double downtime_hours_month;
    double research_availability; /* hybrid: the research part's (team); else NAN */
    double research_downtime_hours_month;
    double incidents_month;                      /* incidents the option's operators have */
    double engineer_hours_month;                 /* team engineer-hours absorbed by incidents */
    double pages_per_engineer_month[BAND_COUNT]; /* the team's pager; 0 when it carries none */
    struct decide_rotation rotation;
    bool meets_commitment; /* production's part meets the uptime commitment (or none) */
    bool eligible;         /* measured, commitment met, rotation sustainable */
    /* A workload it would hand to its provider needs what that provider
     * cannot offer (an air gap, a sovereign site, custom hardware,
     * customisation): never recommended, whatever it costs; ineligible
     * says which workload and why. */
    bool excluded;
    /* Not eligible only for want of evidence: a check it rests on is below
     * its evidence minimum (ineligible says which), none fails. */
    bool thin;
    /* Its production part's availability rests on enough evidence to be
     * judged (always, without production). */
    bool judged;
    char ineligible[800]; /* why not, when not */
    char caveat[200];     /* eligible, but only against the best measured bar */
    /* The record it was measured on is partial: an entity it relies on had
     * less than DECIDE_COVERAGE_FULL of its service time monitored, and its
     * availability counts only the monitored time. Empty when full. */
    char partial[240];
    struct decide_cost cost;
};

struct decide_reason {
    const char *rule;  /* policy row: "T-research", "W-production", "M-overturn", ... */
    const char *basis; /* "profile", "measured" or "profile+measured" */
    char text[1400];
};

/* One operation of the outsource / keep boundary. */
struct decide_boundary {
    const char *operation;
    const char *layer; /* "commodity" or "strategic" */
    const char
        *owner; /* recommended: "provider", "team", or "provider (production), team (research)" */
    char evidence[400]; /* what the data says about how the team does it now */
};

#define DECIDE_BOUNDARY_COUNT 8

/* One of the guide's four readiness conditions for running operations. */
/* UNKNOWN: nothing measured; THIN: measured, below the evidence minimum. */
enum decide_check { DECIDE_CHECK_NO, DECIDE_CHECK_YES, DECIDE_CHECK_UNKNOWN, DECIDE_CHECK_THIN };
struct decide_readiness {
    const char *condition;
    enum decide_check met;
    char evidence[700];
};
#define DECIDE_READINESS_COUNT 4

/* The inputs the answer rests on, each re-run changed to find where the
 * answer becomes another (decide_breakeven.c, docs/decide.md §3.6). */
enum decide_input {
    DECIDE_IN_ROUTINE_OPS,   /* costs.routine_ops_hours_per_month */
    DECIDE_IN_ENGINEER_HOUR, /* costs.engineer_hour */
    DECIDE_IN_ROTATION,      /* on_call.rotation_size (platform engineers at least as many) */
    DECIDE_IN_COMMITMENT,    /* the production uptime commitment, a fraction */
    DECIDE_IN_INCIDENTS,     /* the team's incident rate, a factor on every incident figure */
    DECIDE_IN_GPUS,          /* both workloads' GPUs, a factor */
    DECIDE_IN_PROVIDER_AVAILABILITY, /* one provider's measured availability */
    DECIDE_IN_PROVIDER_PRICE,        /* one provider's GPU-hour rate */
    DECIDE_IN_TEAM_TYPE,             /* the team type (an enum team_type) */
    DECIDE_IN_REGULATED,             /* the regulated flag, 0 or 1 */
    DECIDE_INPUT_COUNT
};

/* An answer within this share of an input's value is at the margin. */
#define DECIDE_MARGIN 0.10
#define DECIDE_CHANGES_MAX (DECIDE_INPUT_COUNT + 2 * TEAM_PROFILE_MAX_PROVIDERS)

/* What would change the answer: one input, found by re-running the policy
 * on it changed. at is the value where the answer becomes (model,
 * provider); applying it with decide_change_apply() and re-running gives
 * exactly that answer. */
struct decide_change {
    enum decide_input input;
    int provider_index; /* the provider of a provider input; else -1 */
    double now;         /* the input's value today */
    bool flips;         /* some value in the range searched changes the answer */
    double at;          /* the value that changes it */
    double low, high;   /* the range searched */
    enum decide_model model;
    int provider; /* the answer at `at`: its model and provider (-1) */
    bool margin;  /* within DECIDE_MARGIN of now */
    char text[400];
};

struct decide_result {
    enum decide_model recommendation;
    int provider; /* the provider recommended (managed, hybrid); -1 */
    /* The provider was chosen on its measured reliability; false: it is
     * only listed first, on the known parts of its cost. */
    bool provider_chosen;
    enum decide_model default_model; /* the guide's answer after its rules */
    bool overturned;                 /* measured data overturned the guide's answer */
    bool proven_24x7;
    bool measured_any; /* the store held data of the team or a provider */
    /* The team's record is below the evidence minimum of a check the answer
     * rests on: the recommendation is the guide's path, to be decided again
     * on a longer record (reason E-evidence says what to measure). */
    bool provisional;
    /* The four conditions, for the part the team would run in the guide's
     * answer (self-managed: the whole; hybrid: research). */
    struct decide_readiness readiness[DECIDE_READINESS_COUNT];
    /* What would change the answer, one input at a time. */
    struct decide_change changes[DECIDE_CHANGES_MAX];
    size_t nchanges;
    bool at_margin; /* some change within DECIDE_MARGIN of today's value */
    struct decide_reason reasons[DECIDE_REASONS_MAX];
    size_t nreasons;
    struct decide_option options[DECIDE_OPTIONS_MAX];
    size_t noptions;
    size_t recommended_option; /* index into options */
    struct decide_boundary boundary[DECIDE_BOUNDARY_COUNT];
};

/* The local days of zone (NULL = UTC) from from's to to's: 92 for
 * 2026-08-01 to 2026-11-01 whatever clock change lies between. */
int decide_local_days(int64_t from, int64_t to, const char *zone);

/* Measures entity over exactly [from, to) on the neutral definitions, in one
 * window of the period's local days of zone (NULL = UTC), where pages are
 * classified too; SL_ERR_USAGE when from and to fall at different local
 * times of day, so that no such window is the period. responders[0..5] are engineers per incident
 * by severity ([0]: no severity). */
enum sl_status decide_measure(struct store *st, const char *entity, int64_t from, int64_t to,
                              const char *zone, const double responders[6],
                              struct decide_measured *out, struct sl_diag *diag);
/* The same, counting only the incidents of services[0..nservices) (none:
 * every service); the others are counted in unused_incidents. */
enum sl_status decide_measure_services(struct store *st, const char *entity, int64_t from,
                                       int64_t to, const char *zone, const double responders[6],
                                       char *const *services, size_t nservices,
                                       struct decide_measured *out, struct sl_diag *diag);

/* Fills m's audit figures: audit_run() over m's entity and period (zone:
 * the calendar's when the entity's profile names none), findings of medium
 * severity and above. Errors: the audit's. */
enum sl_status decide_measure_audit(struct store *st, const char *zone, struct decide_measured *m,
                                    struct sl_diag *diag);
/* Fills m's on-call figures from the shifts stored for m's entity over its
 * period, working hours 09:00–18:00 Monday to Friday in zone (NULL = UTC).
 * Errors: responder_load_run()'s. */
enum sl_status decide_measure_oncall(struct store *st, const char *zone, struct decide_measured *m,
                                     struct sl_diag *diag);

/* Whether m is enough evidence for a check resting on its monitoring
 * (DECIDE_MIN_DAYS monitored), on its availability (the span and
 * DECIDE_COVERAGE_FULL monitored) or on its incidents (the span and
 * DECIDE_MIN_INCIDENTS, none of them low-sample); when not, why names the
 * shortfall with its numbers (decide_evidence.c). */
bool decide_enough_record(const struct decide_measured *m, char *why, size_t size);
bool decide_enough_availability(const struct decide_measured *m, char *why, size_t size);
bool decide_enough_incidents(const struct decide_measured *m, char *why, size_t size);
/* The guide's way when the team's record is too thin to decide on: start
 * managed (answer managed) or keep what runs, and what to measure, for how
 * long. */
void decide_evidence_path(const struct team_profile *p, const struct decide_measured *team,
                          enum decide_model answer, char *out, size_t size);

/* The decision. team is the team's measurement, providers[i] the profile's
 * provider i's. Never fails: missing data makes options ineligible, with
 * reasons. The policy, then the break-even, then thousands separators in
 * every text (decide_breakeven.c). */
void decide_run(const struct team_profile *p, const struct decide_measured *team,
                const struct decide_measured *providers, struct decide_result *out);

/* Sets change c's input to value in p, team and providers (copies the
 * caller owns): the same change the search made. */
void decide_change_apply(const struct decide_change *c, double value, struct team_profile *p,
                         struct decide_measured *team, struct decide_measured *providers);

/* total over m's period scaled to an average month; NAN when the store
 * held nothing of m (no uptime data and no incident): unknown, not zero. */
double decide_per_month(const struct decide_measured *m, double total);

/* Judges option against the hard constraints with floor as the production
 * bar (the commitment, or the best measured when none meets it); fills
 * eligible, ineligible and caveat. */
void decide_judge(const struct team_profile *p, const struct decide_measured *team,
                  const struct decide_measured *provider, double floor,
                  struct decide_option *option);

/* The policy alone (decide_policy.c): options, rules, choice, reasons and
 * boundary, without the break-even and with numbers not yet grouped. The
 * break-even search runs it once per changed input. */
void decide_policy(const struct team_profile *p, const struct decide_measured *team,
                   const struct decide_measured *providers, struct decide_result *out);

/* The cost of one option (exposed for tests and for the docs' worked
 * example). Unmeasured parts are left out of the total (complete false). */
void decide_cost_of(const struct team_profile *p, const struct decide_measured *team,
                    const struct decide_measured *provider, int provider_index,
                    enum decide_model model, struct decide_option *out);

#endif
