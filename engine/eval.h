/* eval.h — the evaluation: per entity, service and calendar month, the neutral
 * availability and the incident statistics of DESIGN.md §4. Reads the store
 * only; reports read an eval_result only.
 *
 * Rows come sorted by entity, then service (the entity-as-a-whole row, with
 * service NULL, first), then window. The entity row pools its services:
 * Σ downtime / Σ W′ (its seconds are service-seconds), and counts every
 * incident of the entity, including those that name no service. */
#ifndef SLAUDIT_EVAL_H
#define SLAUDIT_EVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/availability.h"
#include "engine/incident_times.h"
#include "engine/stats.h"
#include "engine/status.h"
#include "engine/window.h"

struct store;

struct eval_params {
    const char *zone;   /* calendar zone of the windows; NULL = UTC */
    int64_t from, to;   /* every calendar month overlapping [from, to) */
    const char *entity; /* NULL = every entity */
    struct avail_params avail;
    bool list_incidents;        /* keep the incidents that start in [list_from, list_to) */
    int64_t list_from, list_to; /* within the months evaluated */
};

struct incident_summary {
    long total;          /* incidents counted (merged and duplicates left out) */
    long by_severity[6]; /* [1..5] = sev1..sev5, [0] = no severity */
    long open;           /* no resolved time: left out of TTR */
    long merged;         /* merged or duplicate: left out, counted here */
    long unacknowledged; /* no acknowledged time: left out of TTA */
    struct duration_stats measure[MEASURE_COUNT];
};

struct eval_row {
    char *entity;
    char *service; /* NULL: the entity as a whole */
    struct window window;
    struct avail_result avail;
    struct incident_summary incidents;
};

/* One incident as the report lists it; strings owned by the result. */
struct eval_incident {
    char *entity, *service, *key, *severity, *severity_label, *title, *state, *postmortem;
    int64_t started, detected, acknowledged, mitigated, resolved;
    struct incident_times times;
    bool merged; /* merged or duplicate */
    bool open;   /* no resolved time */
};

struct eval_result {
    struct eval_params params;
    struct eval_row *rows;
    size_t nrows;
    struct eval_incident *incidents;
    size_t nincidents;
};

void eval_default_params(struct eval_params *p);
enum sl_status eval_run(struct store *st, const struct eval_params *p, struct eval_result *out,
                        struct sl_diag *diag);
void eval_result_release(struct eval_result *r);

#endif
