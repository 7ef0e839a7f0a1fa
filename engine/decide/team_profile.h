/* team_profile.h — the team profile `slaudit decide` reads (team.yaml, or the
 * same document as JSON): who the team is, how it is staffed and on call,
 * what runs on the cluster, how fast capacity is needed, and what things
 * cost. docs/decide.md lists every field with its default.
 *
 * A profile holds facts the store cannot: the decision cites them as
 * "profile: ..." beside the measured numbers. Absent optional numbers take
 * the defaults below; absent required ones are an error naming the field.
 * Every string is owned by the profile; team_profile_release() frees them. */
#ifndef SLAUDIT_TEAM_PROFILE_H
#define SLAUDIT_TEAM_PROFILE_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/base/status.h"

/* The team types of the operating-model mapping (docs/decide.md §2). */
enum team_type {
    TEAM_SMALL_AI, /* small AI team, no platform engineering */
    TEAM_PRODUCT,  /* product organisation: differentiation is models or apps */
    TEAM_PLATFORM, /* large platform team with SRE/MLOps depth */
    TEAM_RESEARCH, /* research organisation with systems talent */
    TEAM_TYPE_COUNT
};

#define TEAM_PROFILE_MAX_PROVIDERS 8

/* Defaults (docs/decide.md §4). */
#define TEAM_PROFILE_RAMP_WEEKS 12.0        /* a self-managed cluster's operations ramp */
#define TEAM_PROFILE_WORK_HOURS_MONTH 160.0 /* working hours of one engineer a month */
#define TEAM_PROFILE_INVOLVEMENT 0.5        /* team engineers busy per provider incident hour */
#define TEAM_PROFILE_MANAGED_OPS_SHARE 0.25 /* routine ops left to the team when managed */
#define TEAM_PROFILE_TIE_MARGIN 0.10        /* cost difference the default policy survives */
#define TEAM_PROFILE_RAMP_HORIZON 12.0      /* months a one-off ramp loss is spread over */

#define TEAM_PROFILE_MAX_SERVICES 16
#define TEAM_PROFILE_MAX_WORKLOADS 16

/* What a workload needs that not every way of running it offers
 * (docs/decide.md §3.2, W-constraint): a bit each. */
enum team_constraint {
    TEAM_NEEDS_AIR_GAP = 1 << 0,         /* no connection out: nobody operates it from outside */
    TEAM_NEEDS_SOVEREIGN_SITE = 1 << 1,  /* data and hardware stay on the team's own site */
    TEAM_NEEDS_CUSTOM_HARDWARE = 1 << 2, /* hardware no provider rents */
    TEAM_NEEDS_CUSTOMISATION = 1 << 3,   /* a stack changed beyond what a managed service runs */
};
#define TEAM_CONSTRAINT_COUNT 4

/* "air-gapped", "sovereign", "custom-hardware", "customisation" for one bit;
 * NULL for anything else. */
const char *team_constraint_name(unsigned bit);

/* One workload of the cluster: the guide's rules apply to each. */
struct team_workload {
    char *name;
    bool production; /* criticality: serves users under a commitment; else research */
    int gpus;
    double uptime_commitment; /* production: a fraction (0.999); research: NAN */
    bool regulated;
    unsigned constraints; /* enum team_constraint bits */
};

struct team_provider {
    char *entity;    /* provider:NAME, measured in the store */
    double gpu_hour; /* NAN: self-managed rate × (1 + managed premium) */
    /* Managed operations on the team's own hardware: the GPUs cost
     * gpu_hour_self and the operations operations_gpu_hour per GPU-hour, a
     * line of their own; false: a managed cloud renting its GPUs. */
    bool own_hardware;
    double operations_gpu_hour; /* own hardware: the provider's fee per GPU-hour; else NAN */
    /* The provider's capacity (GPUs) its incidents spread over; NAN:
     * unknown, and the team is taken to be exposed to all of it. */
    double capacity_gpus;
    /* The provider's services the team would use; none: all of them. */
    char *services[TEAM_PROFILE_MAX_SERVICES];
    size_t nservices;
};

struct team_profile {
    char *name;
    enum team_type type;
    int size;               /* people the cluster serves */
    int platform_engineers; /* platform / SRE engineers who run infrastructure */
    char *entity;           /* team:NAME: the team's measured operations */
    char *zone;             /* on-call engineers' zone; NULL = the run's zone */

    int rotation_size;          /* engineers in the on-call rotation */
    double hours_covered_week;  /* hours a week the rotation covers; 168 = 24×7 */
    double research_hours_week; /* hybrid: cover for the research cluster alone; NAN = the same */

    /* The workloads as listed; a profile of the single-workload form reads
     * as its research and production_inference parts. */
    struct team_workload workloads[TEAM_PROFILE_MAX_WORKLOADS];
    size_t nworkloads;
    /* Sums over the workloads (the policy's two parts): */
    int research_gpus;        /* 0: no research workload */
    int production_gpus;      /* 0: no production inference */
    double uptime_commitment; /* the strictest production commitment; NAN: none */
    bool regulated;           /* some workload is regulated */
    int regulated_research_gpus, regulated_production_gpus;
    unsigned research_constraints, production_constraints; /* bits of either part's workloads */

    double capacity_needed_weeks; /* NAN: not pressing */
    double ramp_weeks;
    double ramp_horizon_months; /* the ramp's one-off loss spread over this many months */

    struct team_provider providers[TEAM_PROFILE_MAX_PROVIDERS];
    size_t nproviders;

    char *currency;
    double engineer_hour;      /* loaded cost of one engineer hour */
    double gpu_hour_self;      /* self-managed cost of one GPU hour */
    double managed_premium;    /* fraction over gpu_hour_self (0.25) */
    double downtime_hour;      /* cost of an hour of production downtime */
    double lost_research_hour; /* cost of an hour the research cluster is down */
    double routine_ops_hours;  /* engineer hours a month routine operations take, self-managed */
    double on_call_hour;       /* standby pay per on-call hour; 0 when none */
    double audit_finding;      /* regulated: cost of one audit finding; 0 when not priced */

    double responders[6];        /* engineers per incident by severity [1..5]; [0] unknown */
    double provider_involvement; /* team engineers busy per hour of a provider incident */
    double managed_ops_share;    /* share of routine ops hours the team keeps when managed */
    double tie_margin;
    double work_hours_month;
    /* decision.require_measured_data: refuse to decide from the profile
     * alone when the store measured nothing of the team or its providers. */
    bool require_measured;
};

const char *team_type_name(enum team_type t);
/* "small-ai", "product", "platform", "research"; false when unknown. */
bool team_type_parse(const char *text, enum team_type *out);

/* Sets every default; strings NULL, numbers that must be given NAN or 0. */
void team_profile_init(struct team_profile *p);
/* Reads path: YAML unless it ends in .json. SL_ERR_IO when it cannot be
 * opened, SL_ERR_INPUT (file and, in YAML, line in diag) when a field is
 * missing (at the line of its section), of the wrong type or out of range
 * (at its own line). On failure *p is released. */
enum sl_status team_profile_load(const char *path, struct team_profile *p, struct sl_diag *diag);
/* The same from text already in memory; name is used in messages. */
enum sl_status team_profile_parse(const char *text, size_t len, const char *name, bool yaml,
                                  struct team_profile *p, struct sl_diag *diag);
void team_profile_release(struct team_profile *p);

/* The share of provider i's incident time the team lives through when it
 * rents gpus of it: gpus / capacity_gpus, at most 1; 1 when the capacity is
 * unknown. */
double team_profile_exposure(const struct team_profile *p, size_t i, int gpus);

/* The provider's GPU-hour rate: the team's own on its own hardware, else
 * the provider's, else self rate × (1 + premium). */
double team_profile_provider_rate(const struct team_profile *p, size_t i);
/* The provider's fee per GPU-hour for operating the team's own hardware;
 * 0 for a managed cloud, whose rate includes it. */
double team_profile_operations_rate(const struct team_profile *p, size_t i);
/* The constraint bits of constraints that provider i cannot meet: a cloud
 * none of them, managed operations on the team's own hardware the air gap
 * and customisation. */
unsigned team_profile_unmet(const struct team_profile *p, size_t i, unsigned constraints);
/* "a, b" of the names of the workloads of part production (-1: either)
 * that are regulated (when regulated_only) or need a constraint of bits
 * (when bits); "" when none. */
void team_workload_names(const struct team_profile *p, int production, bool regulated_only,
                         unsigned bits, char *out, size_t size);
int team_profile_gpus(const struct team_profile *p);
/* Every workload regulated (on), or none. */
void team_profile_regulate_all(struct team_profile *p, bool on);

#endif
