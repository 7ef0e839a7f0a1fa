/* test_capacity.c — GPU-hours lost and capacity-weighted availability
 * (engine/capacity.c), checked by hand, and nodes with repeated hardware
 * faults. */
#include <criterion/criterion.h>
#include <math.h>

#include "engine/measure/capacity.h"
#include "engine/measure/contract.h"

#define T0 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define HOUR 3600

Test(capacity, units_and_service_outages_by_hand)
{
    /* 10 hours of up; 1 h (01:00-02:00) the whole service is down; 4 h
     * (04:00-08:00) 2 nodes of 8 GPUs are down; 1 h (05:00-06:00) also a
     * partial service outage (0.3 × 64 = 19.2 GPUs < 16? no: 19.2 > 16). */
    struct interval iv[] = {
        {.start = T0, .end = T0 + 10 * HOUR, .status = SVC_UP},
        {.start = T0 + 1 * HOUR, .end = T0 + 2 * HOUR, .status = SVC_DOWN},
        {.start = T0 + 4 * HOUR,
         .end = T0 + 8 * HOUR,
         .status = SVC_DOWN,
         .units = 2,
         .unit_kind = "node"},
        {.start = T0 + 5 * HOUR, .end = T0 + 6 * HOUR, .status = SVC_PARTIAL},
    };
    struct contract_rules rules;
    struct contract_timeline tl;
    struct window w = {.kind = WINDOW_ROLLING, .start = T0, .end = T0 + 10 * HOUR};
    struct capacity_params p = {.fleet_gpus = 64, .gpus_per_node = 8};
    struct capacity_result r;
    contract_rules_neutral(&rules);
    cr_assert_eq(contract_timeline_build(iv, 4, NULL, 0, T0, T0 + 10 * HOUR, NULL, &rules, &tl),
                 SL_OK);
    cr_assert_eq(capacity_measure_windows(&tl, iv, 4, &w, 1, &p, &r), SL_OK);
    contract_timeline_release(&tl);
    /* Lost: 1 h × 64 + 3 h × 16 + 1 h × max(19.2, 16) = 64 + 48 + 19.2 = 131.2 GPU-h
     * of 640 GPU-h: availability 1 − 131.2 / 640 = 0.795. */
    cr_assert(r.evaluated && r.known);
    cr_assert_float_eq(r.gpu_seconds, 640.0 * HOUR, 1e-6);
    cr_assert_float_eq(r.gpu_seconds_lost, 131.2 * HOUR, 1e-6);
    cr_assert_float_eq(r.unit_gpu_seconds_lost, 48.0 * HOUR, 1e-6);
    cr_assert_float_eq(r.availability, 1 - 131.2 / 640.0, 1e-12);
    cr_assert_eq(r.unit_intervals, 1);
}

Test(capacity, units_capped_at_fleet_and_windows_split)
{
    /* Two windows of 2 h; 3 h of 40 GPUs + 40 GPUs (capped at 64) from
     * 01:00 to 04:00 over a fleet of 64. */
    struct interval iv[] = {
        {.start = T0, .end = T0 + 4 * HOUR, .status = SVC_UP},
        {.start = T0 + HOUR,
         .end = T0 + 4 * HOUR,
         .status = SVC_DOWN,
         .units = 40,
         .unit_kind = "gpu"},
        {.start = T0 + HOUR,
         .end = T0 + 4 * HOUR,
         .status = SVC_DOWN,
         .units = 40,
         .unit_kind = "gpu"},
    };
    struct contract_rules rules;
    struct contract_timeline tl;
    struct window w[2] = {{.kind = WINDOW_ROLLING, .start = T0, .end = T0 + 2 * HOUR},
                          {.kind = WINDOW_ROLLING, .start = T0 + 2 * HOUR, .end = T0 + 4 * HOUR}};
    struct capacity_params p = {.fleet_gpus = 64, .gpus_per_node = 8};
    struct capacity_result r[2];
    contract_rules_neutral(&rules);
    cr_assert_eq(contract_timeline_build(iv, 3, NULL, 0, T0, T0 + 4 * HOUR, NULL, &rules, &tl),
                 SL_OK);
    cr_assert_eq(capacity_measure_windows(&tl, iv, 3, w, 2, &p, r), SL_OK);
    contract_timeline_release(&tl);
    cr_assert_float_eq(r[0].gpu_seconds_lost, 64.0 * HOUR, 1e-6);
    cr_assert_float_eq(r[0].availability, 0.5, 1e-12);
    cr_assert_float_eq(r[1].gpu_seconds_lost, 128.0 * HOUR, 1e-6);
    cr_assert_float_eq(r[1].availability, 0.0, 1e-12);
    struct capacity_result pooled = {0};
    capacity_pool(&pooled, &r[0]);
    capacity_pool(&pooled, &r[1]);
    cr_assert_float_eq(pooled.availability, 0.25, 1e-12);
}

Test(capacity, empty_window_is_unknown)
{
    struct contract_rules rules;
    struct contract_timeline tl;
    struct window w = {.kind = WINDOW_ROLLING, .start = T0, .end = T0 + HOUR};
    struct capacity_params p = {.fleet_gpus = 8, .gpus_per_node = 8};
    struct capacity_result r;
    contract_rules_neutral(&rules);
    cr_assert_eq(contract_timeline_build(NULL, 0, NULL, 0, T0, T0 + HOUR, NULL, &rules, &tl),
                 SL_OK);
    cr_assert_eq(capacity_measure_windows(&tl, NULL, 0, &w, 1, &p, &r), SL_OK);
    contract_timeline_release(&tl);
    cr_assert(r.evaluated);
    cr_assert_not(r.known);
    cr_assert(isnan(r.availability));
}

Test(capacity, repeated_hardware_faults)
{
    struct gpu_event ev[] = {
        {.host = "node-a", .time = T0 + 10, .xid = 79, .xid_class = "hardware"},
        {.host = "node-b", .time = T0 + 20, .xid = 48, .xid_class = "hardware"},
        {.host = "node-a", .time = T0 + 30, .xid = 94, .xid_class = "hardware"},
        {.host = "node-a", .time = T0 + 40, .xid = 79, .xid_class = "hardware"},
        {.host = "node-b", .time = T0 + 50, .xid = 13, .xid_class = "application"},
        {.host = NULL, .time = T0 + 60, .xid = 79, .xid_class = "hardware"},
        {.host = "node-c", .time = T0 + 70, .xid = 48, .xid_class = "hardware"},
        {.host = "node-c", .time = T0 + 5, .xid = 48, .xid_class = "hardware"},
    };
    struct capacity_faults f = {0};
    for (size_t i = 0; i < sizeof ev / sizeof ev[0]; i++)
        cr_assert_eq(capacity_faults_add(&f, &ev[i]), SL_OK);
    capacity_faults_finish(&f, 2);
    /* node-a: 3 hardware events; node-c: 2; node-b: 1 (its Xid 13 is not
     * hardware); the event without a host is not attributed. */
    cr_assert_eq(f.n, 2);
    cr_assert_str_eq(f.v[0].host, "node-a");
    cr_assert_eq(f.v[0].count, 3);
    cr_assert_eq(f.v[0].nxids, 2);
    cr_assert_eq(f.v[0].xids[0], 79);
    cr_assert_eq(f.v[0].xids[1], 94);
    cr_assert_eq(f.v[0].first, T0 + 10);
    cr_assert_eq(f.v[0].last, T0 + 40);
    cr_assert_str_eq(f.v[1].host, "node-c");
    cr_assert_eq(f.v[1].first, T0 + 5);
    capacity_faults_release(&f);
}
