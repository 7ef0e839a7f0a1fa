/* contract.h — the contract measure: availability under an SLA's own rules
 * (docs/design.md §4), and attainment per commitment and window.
 *
 * The neutral measure is the special case of these rules that
 * contract_rules_neutral() gives, so one timeline serves both.
 *
 * A timeline is the classified history of one service: a sorted list of
 * non-overlapping segments, each
 *   - unknown      (no monitoring: left out of the denominator),
 *   - maintenance  (eligible maintenance within the monthly cap: left out),
 *   - excluded     (a period the terms exclude, e.g. force majeure: left out),
 *   - counted      (its worst status weighs by the rules' weights).
 * Worst status wins where sources overlap. Maintenance is eligible only when
 * the rules exclude maintenance at all, it was announced notice_seconds ahead,
 * and the calendar month's cap (in the zone) is not used up; the rest counts
 * as downtime at the weight of `maintenance`, whatever the probes said.
 *
 * Minimum countable outage: contiguous counted segments with a positive weight
 * form an outage run; a run shorter than min_outage_seconds is forgiven
 * (weight 0, reported as forgiven_seconds). A run is judged on its whole
 * length, also where it crosses a window edge, so build the timeline over a
 * range a little wider than the windows measured (contract_timeline_build's
 * from/to), and a 6-minute outage from 23:58 to 00:04 counts in both months
 * under a 5-minute minimum.
 *
 * Ownership: a timeline owns its segments; rules are copied in, except the
 * exclusions array, which is borrowed for the build only. */
#ifndef SLAUDIT_CONTRACT_H
#define SLAUDIT_CONTRACT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/measure/availability.h"
#include "engine/sla/credit.h"
#include "engine/model/model.h"
#include "engine/sla/sla_terms.h"
#include "engine/base/status.h"
#include "engine/time/window.h"

/* A period the terms leave out (customer-caused, force majeure, beta...). */
struct contract_exclusion {
    int64_t start, end; /* [start, end) */
    const char *reason; /* borrowed; may be NULL */
};

struct contract_rules {
    enum window_kind window;         /* the SLA's window: month, quarter, year, rolling, days */
    int window_days;                 /* rolling and days windows: their length in days */
    int64_t window_first_day;        /* days windows: day number of a window's first day */
    double target_percent;           /* NAN when none */
    double weight[SVC_STATUS_COUNT]; /* downtime weight per status */
    int64_t min_outage_seconds;      /* 0: every second counts */
    bool maintenance_excluded;       /* false: all maintenance is downtime */
    int64_t notice_seconds;          /* announcement needed for eligibility */
    int64_t maintenance_cap_seconds; /* eligible maintenance per calendar month; 0 = no cap */
    const struct contract_exclusion *exclusions; /* borrowed */
    size_t nexclusions;
};

/* The neutral measure of docs/design.md §4: weights down 1, maintenance 1,
 * partial 0.3, degraded 0, up 0; maintenance excluded with 48 h notice; no cap;
 * no minimum outage; month window; no target. */
void contract_rules_neutral(struct contract_rules *r);

/* The rules of target number `target` of t (its percent and window: a
 * rolling target as WINDOW_ROLLING of its days, a target of calendar days as
 * WINDOW_DAYS from its first day), the
 * terms' maintenance exclusion and notice (else 48 h), and the document's
 * counting clauses (engine/sla_terms.h): SLA_CLAUSE_MIN_OUTAGE (value in
 * minutes) sets min_outage_seconds, SLA_CLAUSE_MAINTENANCE_CAP (value in hours
 * per month) the cap, SLA_CLAUSE_PARTIAL_EXCLUDED weighs partial and
 * degraded at 0, SLA_CLAUSE_PARTIAL_COUNTED weighs partial at 1 (and
 * degraded at 1 where its sentence names degraded, impaired or reduced
 * service; it wins over an exclusion); the neutral weights where the terms
 * say nothing. SL_ERR_USAGE
 * when target is out of range. */
enum sl_status contract_rules_from_terms(const struct sla_terms *t, size_t target,
                                         struct contract_rules *out);

enum contract_class { CONTRACT_UNKNOWN, CONTRACT_MAINTENANCE, CONTRACT_EXCLUDED, CONTRACT_COUNTED };

struct contract_segment {
    int64_t start, end;
    unsigned char cls;        /* enum contract_class */
    unsigned char status;     /* worst status of the stretch (enum svc_status) */
    unsigned char ineligible; /* counted because maintenance did not qualify */
    unsigned char forgiven;   /* an outage shorter than the minimum: weight 0 */
};

struct contract_timeline {
    struct contract_segment *seg;
    size_t n;
    int64_t from, to;
    struct contract_rules rules; /* exclusions cleared: they were used in the build */
};

/* Builds the timeline of [from, to). intervals need not be sorted (sorted,
 * non-overlapping input skips the sort); maint may be in any order. zone
 * aligns the monthly maintenance cap (NULL = UTC). */
enum sl_status contract_timeline_build(const struct interval *intervals, size_t n,
                                       const struct maintenance *maint, size_t nmaint, int64_t from,
                                       int64_t to, const char *zone,
                                       const struct contract_rules *rules,
                                       struct contract_timeline *out);
void contract_timeline_release(struct contract_timeline *tl);

/* The weight a segment of tl carries. */
double contract_segment_weight(const struct contract_timeline *tl,
                               const struct contract_segment *s);

struct contract_measure {
    struct avail_result avail; /* window_seconds = eligible + unknown + maintenance + excluded */
    int64_t excluded_seconds;  /* left out by the terms' exclusions */
    int64_t forgiven_seconds;  /* outage time in runs shorter than the minimum */
    long outages;              /* countable outage runs overlapping the window */
};

/* Measures [from, to) on tl (a range inside the one tl was built over; time
 * outside it is unknown). O(log n + segments in the window). */
void contract_timeline_measure(const struct contract_timeline *tl, int64_t from, int64_t to,
                               struct contract_measure *out);

/* ---- the stretches of a window, for a claim's evidence ----
 *
 * The window [from, to) of tl read as the contract reads it, in time order:
 * each countable outage run (what its downtime is made of), and each stretch
 * the contract sets aside — an outage forgiven as shorter than the minimum,
 * eligible maintenance, an excluded period, unmonitored time, and time whose
 * status the rules weigh at 0 (partial or degraded service a document does
 * not count). Up time is not reported. Adjacent segments of the same kind
 * are one stretch; an outage run is one stretch whatever statuses it holds.
 * The downtime of the outage stretches sums to the measure's downtime. */
enum contract_stretch_kind {
    CONTRACT_STRETCH_OUTAGE,      /* counts: weight > 0 */
    CONTRACT_STRETCH_FORGIVEN,    /* an outage shorter than min_outage_seconds */
    CONTRACT_STRETCH_MAINTENANCE, /* eligible maintenance */
    CONTRACT_STRETCH_EXCLUDED,    /* a period the terms exclude */
    CONTRACT_STRETCH_UNKNOWN,     /* no monitoring */
    CONTRACT_STRETCH_WEIGHTLESS,  /* a status other than up that the rules weigh at 0 */
    CONTRACT_STRETCH_KIND_COUNT
};

struct contract_stretch {
    enum contract_stretch_kind kind;
    int64_t start, end;         /* within [from, to) */
    int64_t run_start, run_end; /* the whole stretch, also beyond the window */
    double downtime_seconds;    /* weighted, within [from, to): outages only */
    enum svc_status worst;      /* worst status of the stretch (counted kinds) */
    bool ineligible;            /* holds maintenance that did not qualify */
};

/* "outage", "forgiven", "maintenance", "excluded", "unknown", "weightless". */
const char *contract_stretch_name(enum contract_stretch_kind k);

/* Calls fn for each stretch of [from, to) on tl; fn returns non-zero to stop,
 * and that value is returned (0 when every stretch was given). */
typedef int (*contract_stretch_fn)(void *ctx, const struct contract_stretch *s);
int contract_each_stretch(const struct contract_timeline *tl, int64_t from, int64_t to,
                          contract_stretch_fn fn, void *ctx);

/* Builds, measures [from, to) and releases: the one call for a replay.
 * Outage runs are judged within [from, to) only. */
enum sl_status contract_measure_window(const struct interval *intervals, size_t n,
                                       const struct maintenance *maint, size_t nmaint, int64_t from,
                                       int64_t to, const char *zone,
                                       const struct contract_rules *rules,
                                       struct contract_measure *out);

/* Allowed downtime, (1 − target) × eligible seconds, and the margins taken
 * from it are rounded to the millisecond, the precision reports give them
 * (docs/reports.md): arithmetic on a percent leaves traces, and 99.9 % of a
 * 30-day month would otherwise allow 2591.9999999997 s, so that a month
 * down exactly 2592 s read as a margin of −2.9e-10 s. NAN when target is. */
double contract_allowed_seconds(double target_percent, int64_t eligible_seconds);
/* allowed − used, rounded to the millisecond (never −0). */
double contract_margin_seconds(double allowed_seconds, double used_seconds);

/* Attainment of one commitment in one window. */
struct contract_attainment {
    bool known;                      /* the window has measured time */
    double target_percent;           /* NAN when none */
    double attainment_percent;       /* NAN when unknown */
    bool met;                        /* attainment >= target (within CREDIT_EPSILON_PERCENT) */
    double allowed_downtime_seconds; /* (1 − target) × eligible seconds, to the ms */
    double margin_seconds;           /* allowed − downtime, to the ms; negative when breached */
    struct credit_result credit;
    int64_t claim_deadline; /* instant the claim window closes; SLTIME_NONE when unknown */
};

/* terms gives the credit tiers, cap and claim deadline (may be NULL: no
 * credits); fee is the fee for the window (NAN when unknown). */
void contract_attain(const struct contract_rules *rules, const struct sla_terms *terms,
                     const struct contract_measure *m, const struct window *w, const char *zone,
                     double fee, struct contract_attainment *out);

/* The instant a claim window of `days` calendar days after window_end closes,
 * counted in zone (DST-safe); SLTIME_NONE when days < 0. A claim is on time
 * until the end of the local day before that instant. */
int64_t contract_claim_deadline(int64_t window_end, long days, const char *zone);

/* Chronic failure: a breach in `consecutive` windows running, or in
 * `of_count` of any `of_windows` consecutive windows. */
struct chronic_rule {
    int consecutive; /* 3 */
    int of_count;    /* 3 */
    int of_windows;  /* 6 */
};

void contract_chronic_default(struct chronic_rule *r);

/* breached[i] for consecutive windows i (an unknown window is not a breach).
 * Returns the index of the first window at which the rule is met, or -1;
 * *consecutive_run tells which clause met it (may be NULL). */
long contract_chronic(const bool *breached, size_t n, const struct chronic_rule *r,
                      bool *consecutive_run);

#endif
