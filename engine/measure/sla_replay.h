/* sla_replay.h — a provider's history replayed under its SLA's own rules:
 * per window of the SLA (month, quarter or year), the availability the
 * provider delivered by the document's definition, met or breached, the
 * credit that would have been due, and the downtime the document's rules
 * removed (announced maintenance it excludes, outages shorter than its
 * minimum) — beside the neutral figure that counts every outage second.
 *
 * Reads the store only: status intervals, maintenance windows and incidents
 * of every entity in it (an incident with no intervals of its own counts as
 * down from its start to its resolution; sev3 and milder as partial).
 * Within the span the history covers — its first record's start to its last
 * record's end (docs/design.md §4, coverage of a status history) — time no
 * record covers is up: a status history lists what went wrong. Outside that
 * span the time is unknown, as eval counts it, and each window carries its
 * monitoring coverage under the minimum-coverage rule of availability.h: a
 * window of insufficient coverage is measured but never judged met or
 * breached, and earns no credit.
 *
 * Rules: those of the contract measure (engine/contract.h) for the terms'
 * highest uptime target and its window — its maintenance exclusion, notice
 * (48 h when unstated) and cap, its minimum countable outage, and partial
 * service weighed as the terms count it; the neutral figure is the neutral
 * measure of docs/design.md §4. Credits come from engine/credit.h: bands keep
 * their inclusivity, an attainment below the target in no band is a gap,
 * and where bands overlap the most generous applies. */
#ifndef SLAUDIT_SLA_REPLAY_H
#define SLAUDIT_SLA_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/measure/availability.h"
#include "engine/sla/credit.h"
#include "engine/sla/sla_terms.h"
#include "engine/base/status.h"

struct store;

struct sla_replay_window {
    char label[48]; /* "2026-10", "2026-Q4", "2026" */
    int64_t start, end;
    double availability_percent; /* the contract measure */
    double neutral_percent;      /* the neutral measure of docs/design.md §4 */
    double coverage;             /* 1 − unknown ÷ window (the contract measure's) */
    enum avail_coverage coverage_flag;
    bool judged; /* met or breached is a verdict: a target, and coverage not insufficient */
    bool met;    /* meaningful when judged; true otherwise */
    double credit_percent;       /* after the cap; NAN for a credit that is no share of the fee */
    struct credit_result credit; /* the credit in its unit (sla_credit_unit.h); match
                                  * CREDIT_NONE_DUE when the window met the target */
    bool gap;                    /* below the target yet in no credit band */
    double downtime_seconds;     /* weighted, as the contract counts it */
    double excluded_seconds;     /* eligible maintenance and excluded periods left out */
    double forgiven_seconds;     /* outages shorter than the minimum */
};

struct sla_replay {
    const char *window_name;
    double target_percent; /* NAN when the terms have none */
    struct sla_replay_window *windows;
    size_t nwindows;
    size_t breached;
    size_t unjudged_coverage;                 /* windows of insufficient coverage */
    struct avail_coverage_rule coverage_rule; /* the thresholds applied */
    double credit_total_percent;              /* sum over the windows */
    /* The sum over the windows of each credit that is no share of the fee,
     * by unit, in the unit's owed (service seconds, days, money in
     * currency, credits); NAN when one window's was unknown. */
    double owed_total[SLA_UNIT_LICENSE_EXTENSION + 1];
    char currency[4];
    double overall_percent;        /* contract availability over all windows */
    double excluded_total_seconds; /* maintenance left out + outages forgiven */
    /* What the history holds, whatever the scope: entities and (entity,
     * service) series with status intervals or maintenance. */
    size_t history_entities, history_services;
};

/* Replays the whole stored history, over the span its records cover. zone aligns the windows
 * (NULL = UTC). An empty store gives no windows and SL_OK. */
enum sl_status sla_replay_run(struct store *st, const struct sla_terms *t, const char *zone,
                              struct sla_replay *out, struct sl_diag *diag);
/* What a replay reads of the history: one entity (and one service), NULL
 * taking every one, pooled into one timeline (worst status wins); and the
 * span the history speaks for (`--covers`), SLTIME_NONE for its first
 * record's start to its last record's end. */
struct sla_replay_scope {
    const char *entity, *service;
    int64_t covers_from, covers_to;
};
/* The same for a scope of the history. */
enum sl_status sla_replay_run_scope(struct store *st, const struct sla_terms *t, const char *zone,
                                    const struct sla_replay_scope *scope, struct sla_replay *out,
                                    struct sl_diag *diag);
void sla_replay_release(struct sla_replay *r);

#endif
