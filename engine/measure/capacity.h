/* capacity.h — GPU capacity (docs/design.md §4): GPU-hours lost and the
 * capacity-weighted availability beside the service-level figure, and the
 * nodes with repeated hardware faults.
 *
 * Where an interval names how many GPUs or nodes it affects (units,
 * unit_kind), it takes away only those: a node counts as gpus_per_node GPUs.
 * An interval that names no units affects the whole fleet at its status
 * weight. At each instant of counted time (the neutral timeline's W′: known,
 * not eligible maintenance) the GPUs lost are
 *
 *   max(w(worst status of the intervals without units) × fleet,
 *       min(fleet, Σ units of the intervals with units whose status weighs > 0))
 *
 * (ineligible maintenance weighs as maintenance, 1, on the whole fleet), and
 *
 *   capacity availability = 1 − GPU-seconds lost / (fleet × W′ seconds).
 *
 * Intervals with units from two sources that describe the same GPUs are
 * added, so the sum is capped at the fleet. */
#ifndef SLAUDIT_CAPACITY_H
#define SLAUDIT_CAPACITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/measure/contract.h"
#include "engine/model/model.h"
#include "engine/base/status.h"
#include "engine/time/window.h"

#define CAPACITY_DEFAULT_GPUS_PER_NODE 8
#define CAPACITY_DEFAULT_FAULT_THRESHOLD 2

struct capacity_params {
    long fleet_gpus;   /* GPUs in each service's fleet; 0: capacity is not evaluated */
    int gpus_per_node; /* node units counted as this many GPUs */
};

struct capacity_result {
    bool evaluated;               /* a fleet was known */
    bool known;                   /* the window has counted time */
    long fleet_gpus;              /* per service; for a pooled row the largest */
    double gpu_seconds;           /* fleet × W′ (pooled: summed) */
    double gpu_seconds_lost;      /* as above */
    double unit_gpu_seconds_lost; /* the part lost to intervals that name units */
    double availability;          /* 1 − lost / gpu_seconds; NAN when unknown */
    long unit_intervals;          /* intervals with units overlapping the window */
};

/* The GPUs an interval names: units, × gpus_per_node for "node"; 0 when it
 * names none. */
long capacity_interval_gpus(const struct interval *iv, int gpus_per_node);

/* Measures windows w[0..nw) (sorted, not overlapping) on the neutral
 * timeline tl of one service and its intervals iv[0..n) (any order, the ones
 * tl was built from). out[i] for w[i]. SL_ERR_NOMEM. */
enum sl_status capacity_measure_windows(const struct contract_timeline *tl,
                                        const struct interval *iv, size_t n, const struct window *w,
                                        size_t nw, const struct capacity_params *p,
                                        struct capacity_result *out);

/* Adds add into into (an entity row pools its services). */
void capacity_pool(struct capacity_result *into, const struct capacity_result *add);

/* A node with hardware faults in a window. */
struct capacity_fault_node {
    char *host;          /* owned */
    long count;          /* hardware-class Xid events */
    int64_t first, last; /* times of the first and the last */
    int xids[8];         /* the distinct Xid codes, in order of first sight */
    size_t nxids;
};

/* A tally of one entity's GPU events in one window. */
struct capacity_faults {
    struct capacity_fault_node *v;
    size_t n, alloc;
};

/* Counts ev when its class is "hardware" and it names its host; others are
 * ignored. SL_ERR_NOMEM. */
enum sl_status capacity_faults_add(struct capacity_faults *f, const struct gpu_event *ev);
/* Drops hosts with fewer than threshold events and orders the rest by count
 * (most first), then host. */
void capacity_faults_finish(struct capacity_faults *f, int threshold);
void capacity_faults_release(struct capacity_faults *f);

#endif
