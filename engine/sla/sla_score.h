/* sla_score.h — the pre-signing scorecard of an SLA (docs/sla.md): criteria
 * worth 100 points in all, the SLA-0xx red flags of the rule catalog each
 * with the line it quotes, the downtime the committed uptime allows, and the
 * gaps and overlaps of the credit table.
 *
 * Reads terms only (from a document or from stored JSON); never prints. */
#ifndef SLAUDIT_SLA_SCORE_H
#define SLAUDIT_SLA_SCORE_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/sla/sla_terms.h"
#include "engine/base/status.h"

/* A place where the credit bands do not fit together: between two bands no
 * band covers (gap), or both cover (overlap); also a gap between the lowest
 * band's top and the committed uptime. */
enum sla_band_issue_kind { SLA_BAND_GAP, SLA_BAND_OVERLAP };

struct sla_band_issue {
    enum sla_band_issue_kind kind;
    double from, to;       /* the range concerned; from == to for a single point */
    size_t tier_a, tier_b; /* the tiers concerned (tier_b == tier_a when one) */
    char text[200];
    long line;
};

/* Finds gaps and overlaps of t's credit bands (0-credit rows included).
 * *out is malloc'd (NULL when none); the caller frees it. */
enum sl_status sla_score_band_issues(const struct sla_terms *t, struct sla_band_issue **out,
                                     size_t *n);

/* One criterion of the score. */
struct sla_criterion {
    const char *id;   /* "uptime", "downtime_definition", ... */
    const char *name; /* for people */
    double weight;    /* its share of 100 */
    double points;    /* 0..weight */
    char reason[240]; /* why it scored what it did */
    long line;        /* the line it rests on; 0 = absent from the document */
};

struct sla_flag {
    const char *rule;     /* "SLA-001" */
    const char *severity; /* "high", "medium" */
    const char *title;
    char detail[240];
    long line;       /* 0 when the flag is about something missing */
    char quote[320]; /* the line's text, or empty */
};

struct sla_allowed_downtime {
    double percent;
    const char *window;                                  /* of the target */
    double month_minutes, quarter_minutes, year_minutes; /* 730 h, 2190 h, 8760 h */
    long line;
    /* The target's measure (sla_measure_name; NULL when unknown). Minutes are
     * exact for "time" only: for requests, error rates, builds or ticks they
     * read the share as time, an approximation (approximate is then true). */
    const char *measure;
    bool approximate;
};

#define SLA_SCORE_CRITERIA 13
#define SLA_SCORE_MAX_FLAGS 20

struct sla_scorecard {
    double total; /* 0..100 */
    struct sla_criterion criteria[SLA_SCORE_CRITERIA];
    size_t ncriteria;
    struct sla_flag flags[SLA_SCORE_MAX_FLAGS];
    size_t nflags;
    struct sla_allowed_downtime *allowed; /* one per uptime target */
    size_t nallowed;
    struct sla_band_issue *issues;
    size_t nissues;
};

/* The criteria as data: id, name, weight (they sum to 100). */
struct sla_criterion_def {
    const char *id, *name;
    double weight;
};
/* How points are given is the schedule of sla_points.h:
 * sla_points_describe(i, ...) writes it for criterion i. */
extern const struct sla_criterion_def sla_criteria[SLA_SCORE_CRITERIA];

enum sl_status sla_score(const struct sla_terms *t, struct sla_scorecard *out);
/* The red flag of one rule ("SLA-006") on t: true and *out filled when t
 * raises it, false when it does not. The same check sla_score() runs, so the
 * audit and the scorecard cannot disagree. */
bool sla_score_flag(const struct sla_terms *t, const char *rule, struct sla_flag *out);
void sla_scorecard_release(struct sla_scorecard *sc);

#endif
