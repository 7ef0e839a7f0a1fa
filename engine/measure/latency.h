/* latency.h — probe latency per service and window: how many samples, the
 * 50th, 95th and 99th percentiles, and the latency objective an entity's
 * profile names ("95 % of requests at or under 300 ms").
 *
 * Percentiles are by the nearest-rank method: the p-th percentile of n
 * samples sorted ascending is the sample of rank ⌈p/100 × n⌉ (1-based; rank
 * 1 for p = 0), always a latency that was measured, never an interpolation
 * (the incident statistics interpolate; these do not: a probe's latency is
 * a sample, not a duration to smooth). Samples are exact to the
 * microsecond (engine/store/store_latency.h), so percentiles are exact.
 *
 * A window takes the samples whose probe time lies in [start, end): a
 * month in the report's zone takes exactly its own probes. The same probe
 * read from two files (the same series and second) counts once, with the
 * first file's latency.
 *
 * An objective is met when the share of samples at or under threshold_ms is
 * at least percentile % (a sample equal to the threshold is under it, as a
 * Prometheus `le` bucket counts it). With no samples, nothing is met or
 * missed: met is LATENCY_UNKNOWN. */
#ifndef SLAUDIT_LATENCY_H
#define SLAUDIT_LATENCY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"
#include "engine/store/store_latency.h"

struct store;

/* A latency objective: percentile % of samples at or under threshold_ms. */
struct latency_objective {
    bool set;            /* false: none applies */
    double percentile;   /* in (0, 100] */
    double threshold_ms; /* > 0 */
};

enum latency_met { LATENCY_UNKNOWN = -1, LATENCY_MISSED = 0, LATENCY_MET = 1 };

struct latency_result {
    long samples;                  /* distinct probes with a latency; 0: none */
    double p50_ms, p95_ms, p99_ms; /* NAN when samples is 0 */
    double max_ms;                 /* NAN when samples is 0 */
    struct latency_objective objective;
    long under;           /* samples at or under objective.threshold_ms */
    double share_under;   /* under / samples; NAN without samples or objective */
    enum latency_met met; /* LATENCY_UNKNOWN without samples or objective */
};

/* The nearest-rank percentile of sorted[0..n) (ascending), p in [0, 100];
 * 0 when n is 0. */
uint32_t latency_nearest_rank(const uint32_t *sorted, size_t n, double p);

/* Summarises samples[0..n) (any order; reordered in place) against obj
 * (NULL or unset: no objective): the same second counted once, the first
 * sample of it in the given order kept. SL_ERR_NOMEM. */
enum sl_status latency_summarise(struct latency_sample *samples, size_t n,
                                 const struct latency_objective *obj, struct latency_result *out);

/* The samples of entity's service with probe time in [from, to), read from
 * the store and summarised. */
enum sl_status latency_measure(struct store *st, const char *entity, const char *service,
                               int64_t from, int64_t to, const struct latency_objective *obj,
                               struct latency_result *out, struct sl_diag *diag);

/* The latency objective that entity's stored profile (its first profile
 * record, as target.h reads slo_percent) names for service: its `latency`
 * field, an object {"percentile": P, "threshold_ms": MS} for every service,
 * or an array of such objects, each with an optional "service" — the one
 * naming service wins over the one naming none. An entry with a percentile
 * outside (0, 100] or a threshold not above 0 states nothing. out->set is
 * false when none applies. Fails only when the store does. */
enum sl_status latency_objective_of(struct store *st, const char *entity, const char *service,
                                    struct latency_objective *out, struct sl_diag *diag);

#endif
