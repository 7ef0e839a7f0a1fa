/* test_decide_period.c — the period measured is the period stated: local
 * days of the zone, exactly [from, to), across a change of clocks, with
 * nothing from before it pooled in (engine/decide/decide.c,
 * decide_case.c). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/decide/decide_case.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define HOUR 3600
#define MIN 60

static struct fixture fx;

static void
setup(void)
{
    fixture_open(&fx);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(decide_period, .init = setup, .fini = teardown);

static const double responders[6] = {1, 3, 2, 1, 1, 1};

static int64_t
local(int year, int month, int day, int hour, int minute, const char *zone)
{
    struct sl_civil c = {year, month, day, hour, minute, 0};
    return sltime_from_civil(&c, zone);
}

static void
add_incident(const char *key, int64_t start, int64_t acknowledged)
{
    struct sl_diag d = {0};
    bool updated;
    struct incident inc = {.key = key,
                           .entity = "team:t",
                           .service = "cluster",
                           .severity = "sev3",
                           .title = "nodes not ready",
                           .state = "resolved",
                           .started = start,
                           .detected = start,
                           .acknowledged = acknowledged,
                           .mitigated = SLTIME_NONE,
                           .resolved = start + HOUR};
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
}

/* The team up for [from, to) of zone and for the month before it with
 * nothing monitored in between; inside the period 12 incidents, every one
 * acknowledged, the first in its first hour and the last in its last;
 * before it 30 unacknowledged ones. */
static void
build(int64_t from, int64_t to)
{
    bool already;
    struct sl_diag d = {0};
    struct source_counts counts = {0};
    cr_assert_eq(store_source_begin(fx.st, "p.csv", "period", "test", 1, &already, &d), SL_OK);
    struct interval before = {.entity = "team:t",
                              .service = "cluster",
                              .start = from - 40 * 86400,
                              .end = from - 20 * 86400,
                              .status = SVC_UP};
    struct interval inside = {
        .entity = "team:t", .service = "cluster", .start = from, .end = to, .status = SVC_UP};
    cr_assert_eq(store_add_interval(fx.st, &before, &d), SL_OK, "%s", d.message);
    cr_assert_eq(store_add_interval(fx.st, &inside, &d), SL_OK, "%s", d.message);
    char key[32];
    for (int i = 0; i < 30; i++) {
        snprintf(key, sizeof key, "old-%d", i);
        add_incident(key, from - 40 * 86400 + i * 12 * HOUR, SLTIME_NONE);
    }
    add_incident("first", from + 30 * MIN, from + 40 * MIN);
    for (int i = 0; i < 10; i++) {
        snprintf(key, sizeof key, "in-%d", i);
        add_incident(key, from + (int64_t)(i + 1) * 2 * 86400, from + (i + 1) * 2 * 86400 + MIN);
    }
    add_incident("last", to - 90 * MIN, to - 80 * MIN);
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK, "%s", d.message);
}

static void
measured_exactly(const char *zone, int64_t from, int64_t to, int days, double hours)
{
    build(from, to);
    struct decide_measured m;
    struct sl_diag d = {0};
    cr_assert_eq(decide_measure(fx.st, "team:t", from, to, zone, responders, &m, &d), SL_OK, "%s",
                 d.message);
    cr_assert_eq(m.days, days);
    cr_assert_float_eq(m.period_hours, hours, 1e-9);
    cr_assert_float_eq(m.coverage, 1.0, 1e-12, "%s: coverage %f", zone, m.coverage);
    cr_assert_eq(m.incidents, 12, "%s: %ld incidents", zone, m.incidents);
    cr_assert_eq(m.tta.n, 12, "%s: response times from outside the period", zone);
    cr_assert_float_eq(m.tta.median, 60.0, 1e-9);
}

/* Sydney's clocks go forward on 2026-10-04: September and October hold
 * 61 local days of 1463 h. */
Test(decide_period, southern_zone_across_a_clock_change)
{
    const char *z = "Australia/Sydney";
    measured_exactly(z, local(2026, 9, 1, 0, 0, z), local(2026, 11, 1, 0, 0, z), 61, 61 * 24 - 1);
}

/* Berlin's go back on 2026-10-25: October holds 31 local days of 745 h. */
Test(decide_period, northern_zone_across_a_clock_change)
{
    const char *z = "Europe/Berlin";
    measured_exactly(z, local(2026, 10, 1, 0, 0, z), local(2026, 11, 1, 0, 0, z), 31, 31 * 24 + 1);
}

/* A period the store holds nothing of is unmeasured in every zone, never
 * filled from the months before it. */
Test(decide_period, an_empty_period_is_unmeasured)
{
    const char *z = "America/New_York";
    build(local(2026, 9, 1, 0, 0, z), local(2026, 11, 1, 0, 0, z));
    static const char *const zones[] = {"America/New_York", "Australia/Sydney", "Europe/Berlin"};
    for (int i = 0; i < 3; i++) {
        struct decide_measured m;
        struct sl_diag d = {0};
        int64_t from = local(2027, 1, 1, 0, 0, zones[i]), to = local(2027, 4, 1, 0, 0, zones[i]);
        cr_assert_eq(decide_measure(fx.st, "team:t", from, to, zones[i], responders, &m, &d), SL_OK,
                     "%s", d.message);
        cr_assert_not(m.has_uptime, "%s", zones[i]);
        cr_assert_eq(m.incidents, 0, "%s", zones[i]);
        cr_assert_eq(m.days, 90, "%s", zones[i]);
    }
}

/* Bounds at different local times of day are no period of local days. */
Test(decide_period, bounds_at_different_times_of_day_are_refused)
{
    struct decide_measured m;
    struct sl_diag d = {0};
    const char *z = "Australia/Sydney";
    int64_t from = local(2026, 9, 1, 0, 0, z), to = local(2026, 11, 1, 0, 0, z);
    cr_assert_eq(decide_measure(fx.st, "team:t", from, to + HOUR, z, responders, &m, &d),
                 SL_ERR_USAGE);
    cr_assert(strstr(d.message, "whole local days of Australia/Sydney"), "%s", d.message);
}

/* The case counts the days it is given in the profile's zone. */
Test(decide_period, the_case_counts_days_in_the_profile_zone)
{
    char path[512];
    static const char profile[] = "team:\n"
                                  "  type: research\n"
                                  "  size: 40\n"
                                  "  platform_engineers: 8\n"
                                  "  entity: team:t\n"
                                  "  zone: Australia/Sydney\n"
                                  "on_call:\n"
                                  "  rotation_size: 8\n"
                                  "  hours_covered_per_week: 168\n"
                                  "workloads:\n"
                                  "  research:\n"
                                  "    gpus: 80\n"
                                  "providers:\n"
                                  "  - provider:a\n"
                                  "costs:\n"
                                  "  engineer_hour: 100\n"
                                  "  gpu_hour_self: 2\n"
                                  "  managed_premium_percent: 25\n"
                                  "  routine_ops_hours_per_month: 100\n";
    fixture_write(&fx, "team.yaml", profile, sizeof profile - 1, path);
    const char *z = "Australia/Sydney";
    build(local(2026, 9, 1, 0, 0, z), local(2026, 11, 1, 0, 0, z));
    struct decide_case c;
    struct sl_diag d = {0};
    int64_t first, end;
    decide_months(2026, 10, 2, &first, &end);
    cr_assert_eq(decide_case_build(&c, fx.st, path, first, end, "Europe/Berlin", &d), SL_OK, "%s",
                 d.message);
    cr_assert_str_eq(c.zone, z);
    cr_assert_eq(c.from, local(2026, 9, 1, 0, 0, z));
    cr_assert_eq(c.to, local(2026, 11, 1, 0, 0, z));
    cr_assert_eq(c.team.incidents, 12);
    cr_assert_float_eq(c.team.coverage, 1.0, 1e-12);
    decide_case_release(&c);
}
