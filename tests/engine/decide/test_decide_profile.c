/* test_decide_profile.c — the team profile (engine/team_profile.c): the
 * sample, the smallest YAML and JSON profiles, and every bad profile in
 * tests/data/decide/bad-*.yaml, whose first line says the error expected. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/decide/team_profile.h"

#define DATA "data/decide/"
#define EPS 1e-9

Test(team_profile, sample_profile)
{
    struct team_profile p;
    struct sl_diag d = {0};
    cr_assert_eq(team_profile_load("../sample-data/team.yaml", &p, &d), SL_OK, "%s: %s", d.file,
                 d.message);
    cr_assert_eq(p.type, TEAM_RESEARCH);
    cr_assert_str_eq(p.entity, "team:platform");
    cr_assert_str_eq(p.zone, "America/Los_Angeles");
    cr_assert_eq(p.platform_engineers, 6);
    cr_assert_eq(p.rotation_size, 5);
    cr_assert_float_eq(p.hours_covered_week, 168, EPS);
    cr_assert_float_eq(p.research_hours_week, 60, EPS);
    cr_assert_eq(p.research_gpus, 96);
    cr_assert_eq(p.production_gpus, 32);
    cr_assert_float_eq(p.uptime_commitment, 0.999, EPS); /* written as percent */
    cr_assert_not(p.regulated);
    cr_assert_eq(p.nproviders, 2);
    cr_assert_str_eq(p.providers[0].entity, "provider:nimbus");
    cr_assert_float_eq(p.providers[0].gpu_hour, 2.95, EPS);
    cr_assert_float_eq(p.managed_premium, 0.30, EPS);
    cr_assert_float_eq(p.responders[1], 3, EPS);
    cr_assert_float_eq(p.managed_ops_share, 0.25, EPS);
    cr_assert_str_eq(p.currency, "USD");
    team_profile_release(&p);
}

Test(team_profile, provider_capacity_and_services)
{
    static const char yaml[] = "team: {type: research, size: 6, platform_engineers: 2, "
                               "entity: 'team:ml'}\n"
                               "on_call: {rotation_size: 2, hours_covered_per_week: 40}\n"
                               "workloads: {research: {gpus: 16}}\n"
                               "providers:\n"
                               "  - entity: provider:a\n"
                               "    capacity_gpus: 1024\n"
                               "    services: [gpu-pool, storage]\n"
                               "  - provider:b\n"
                               "costs: {engineer_hour: 95, gpu_hour_self: 2.5, "
                               "managed_premium_percent: 20, routine_ops_hours_per_month: 80}\n";
    struct team_profile p;
    struct sl_diag d = {0};
    cr_assert_eq(team_profile_parse(yaml, strlen(yaml), "t.yaml", true, &p, &d), SL_OK, "%s",
                 d.message);
    cr_assert_float_eq(p.providers[0].capacity_gpus, 1024, EPS);
    cr_assert_eq(p.providers[0].nservices, 2);
    cr_assert_str_eq(p.providers[0].services[1], "storage");
    cr_assert(isnan(p.providers[1].capacity_gpus));
    cr_assert_eq(p.providers[1].nservices, 0);
    cr_assert_float_eq(team_profile_exposure(&p, 0, 16), 16.0 / 1024, EPS);
    cr_assert_float_eq(team_profile_exposure(&p, 1, 16), 1.0, EPS);
    team_profile_release(&p);
}

Test(team_profile, minimal_yaml_takes_the_defaults)
{
    struct team_profile p;
    struct sl_diag d = {0};
    cr_assert_eq(team_profile_load(DATA "minimal.yaml", &p, &d), SL_OK, "%s", d.message);
    cr_assert_eq(p.type, TEAM_SMALL_AI);
    cr_assert_eq(p.nproviders, 1);
    cr_assert(isnan(p.providers[0].gpu_hour));
    cr_assert_float_eq(team_profile_provider_rate(&p, 0), 2.5 * 1.2, EPS);
    cr_assert_float_eq(p.ramp_weeks, TEAM_PROFILE_RAMP_WEEKS, EPS);
    cr_assert_float_eq(p.provider_involvement, TEAM_PROFILE_INVOLVEMENT, EPS);
    cr_assert_float_eq(p.tie_margin, TEAM_PROFILE_TIE_MARGIN, EPS);
    cr_assert_float_eq(p.work_hours_month, TEAM_PROFILE_WORK_HOURS_MONTH, EPS);
    cr_assert(isnan(p.uptime_commitment));
    cr_assert(isnan(p.research_hours_week));
    cr_assert_float_eq(p.responders[1], 3, EPS);
    cr_assert_float_eq(p.responders[2], 2, EPS);
    cr_assert_float_eq(p.responders[3], 1, EPS);
    cr_assert_float_eq(p.on_call_hour, 0, EPS);
    cr_assert_null(p.zone);
    team_profile_release(&p);
}

Test(team_profile, json_profile)
{
    struct team_profile p;
    struct sl_diag d = {0};
    cr_assert_eq(team_profile_load(DATA "minimal.json", &p, &d), SL_OK, "%s", d.message);
    cr_assert_eq(p.type, TEAM_PRODUCT);
    cr_assert(p.regulated);
    cr_assert_float_eq(p.uptime_commitment, 0.995, EPS);
    cr_assert_float_eq(p.providers[0].gpu_hour, 2.6, EPS);
    team_profile_release(&p);
}

Test(team_profile, missing_file)
{
    struct team_profile p;
    struct sl_diag d = {0};
    cr_assert_eq(team_profile_load(DATA "no-such.yaml", &p, &d), SL_ERR_IO);
    cr_assert_str_eq(d.file, DATA "no-such.yaml");
}

Test(team_profile, bad_profiles_name_the_field)
{
    DIR *dir = opendir(DATA);
    cr_assert_not_null(dir);
    struct dirent *e;
    int n = 0;
    while ((e = readdir(dir))) {
        if (strncmp(e->d_name, "bad-", 4))
            continue;
        char path[512], line[256] = "", second[256] = "";
        snprintf(path, sizeof path, DATA "%s", e->d_name);
        FILE *f = fopen(path, "r");
        cr_assert_not_null(f);
        cr_assert_not_null(fgets(line, sizeof line, f));
        /* "# line: N": the line the message must name. */
        long want_line = -1;
        if (fgets(second, sizeof second, f) && !strncmp(second, "# line: ", 8))
            want_line = strtol(second + 8, NULL, 10);
        fclose(f);
        line[strcspn(line, "\n")] = '\0';
        cr_assert(!strncmp(line, "# error: ", 9), "%s has no '# error:' line", path);
        struct team_profile p;
        struct sl_diag d = {0};
        enum sl_status s = team_profile_load(path, &p, &d);
        cr_assert_neq(s, SL_OK, "%s was accepted", path);
        cr_assert(strstr(d.message, line + 9), "%s: expected '%s', got '%s'", path, line + 9,
                  d.message);
        cr_assert_str_eq(d.file, path);
        if (want_line >= 0)
            cr_assert_eq(d.line, want_line, "%s: expected line %ld, got %ld", path, want_line,
                         d.line);
        n++;
    }
    closedir(dir);
    cr_assert_geq(n, 12);
}

Test(team_profile, type_names_round_trip)
{
    for (int i = 0; i < TEAM_TYPE_COUNT; i++) {
        enum team_type t;
        cr_assert(team_type_parse(team_type_name((enum team_type)i), &t));
        cr_assert_eq((int)t, i);
    }
    enum team_type t;
    cr_assert_not(team_type_parse("startup", &t));
}

/* The fields the risk rows read: their defaults, their values, their range. */
Test(team_profile, ramp_horizon_and_audit_finding)
{
    static const char base[] = "team: {type: research, size: 6, platform_engineers: 2, "
                               "entity: 'team:ml'}\n"
                               "on_call: {rotation_size: 2, hours_covered_per_week: 40}\n"
                               "workloads: {research: {gpus: 16}}\n"
                               "providers: [provider:a]\n";
    char yaml[1024];
    struct team_profile p;
    struct sl_diag d = {0};
    snprintf(yaml, sizeof yaml,
             "%scosts: {engineer_hour: 95, gpu_hour_self: 2.5, managed_premium_percent: 20, "
             "routine_ops_hours_per_month: 80}\n",
             base);
    cr_assert_eq(team_profile_parse(yaml, strlen(yaml), "t.yaml", true, &p, &d), SL_OK, "%s",
                 d.message);
    cr_assert_float_eq(p.ramp_horizon_months, 12, EPS);
    cr_assert_float_eq(p.audit_finding, 0, EPS);
    team_profile_release(&p);
    snprintf(yaml, sizeof yaml,
             "%scapacity: {ramp_horizon_months: 36}\n"
             "costs: {engineer_hour: 95, gpu_hour_self: 2.5, managed_premium_percent: 20, "
             "routine_ops_hours_per_month: 80, audit_finding: 750}\n",
             base);
    cr_assert_eq(team_profile_parse(yaml, strlen(yaml), "t.yaml", true, &p, &d), SL_OK, "%s",
                 d.message);
    cr_assert_float_eq(p.ramp_horizon_months, 36, EPS);
    cr_assert_float_eq(p.audit_finding, 750, EPS);
    team_profile_release(&p);
    /* A horizon under a month would make a one-off larger each month. */
    snprintf(yaml, sizeof yaml,
             "%scapacity: {ramp_horizon_months: 0}\n"
             "costs: {engineer_hour: 95, gpu_hour_self: 2.5, managed_premium_percent: 20, "
             "routine_ops_hours_per_month: 80}\n",
             base);
    cr_assert_eq(team_profile_parse(yaml, strlen(yaml), "t.yaml", true, &p, &d), SL_ERR_INPUT);
    cr_assert(strstr(d.message, "ramp_horizon_months"), "%s", d.message);
}

/* Workloads as a list: each with its criticality, regulation and
 * constraints; the policy's two parts are their sums, the production bar
 * the strictest commitment, and no provider at all is a valid profile. */
Test(team_profile, workloads_are_listed)
{
    static const char yaml[] = "team: {type: platform, size: 60, platform_engineers: 8, "
                               "entity: 'team:ml'}\n"
                               "on_call: {rotation_size: 8, hours_covered_per_week: 168}\n"
                               "workloads:\n"
                               "  - {name: train, gpus: 64}\n"
                               "  - {name: chat, gpus: 16, uptime_commitment_percent: 99.9,\n"
                               "     regulated: true}\n"
                               "  - {name: search, gpus: 8, criticality: production,\n"
                               "     uptime_commitment_percent: 99.95, constraints: [sovereign]}\n"
                               "costs: {engineer_hour: 95, gpu_hour_self: 2.5, "
                               "managed_premium_percent: 20, routine_ops_hours_per_month: 80}\n";
    struct team_profile p;
    struct sl_diag d = {0};
    cr_assert_eq(team_profile_parse(yaml, strlen(yaml), "t.yaml", true, &p, &d), SL_OK, "%s",
                 d.message);
    cr_assert_eq(p.nworkloads, 3);
    cr_assert_eq(p.nproviders, 0);
    cr_assert_eq(p.research_gpus, 64);
    cr_assert_eq(p.production_gpus, 24);
    cr_assert_float_eq(p.uptime_commitment, 0.9995, EPS);
    cr_assert(p.regulated);
    cr_assert_eq(p.regulated_production_gpus, 16);
    cr_assert_eq(p.regulated_research_gpus, 0);
    cr_assert_eq(p.production_constraints, TEAM_NEEDS_SOVEREIGN_SITE);
    cr_assert_eq(p.research_constraints, 0);
    cr_assert(p.workloads[1].production);
    cr_assert_not(p.workloads[0].production);
    team_profile_release(&p);
}

/* The single-workload form reads as its two workloads, regulated alike. */
Test(team_profile, single_workload_form_reads_as_workloads)
{
    static const char yaml[] = "team: {type: research, size: 6, platform_engineers: 2, "
                               "entity: 'team:ml'}\n"
                               "on_call: {rotation_size: 2, hours_covered_per_week: 168}\n"
                               "workloads: {research: {gpus: 16}, production_inference: {gpus: 4, "
                               "uptime_commitment_percent: 99.5}, regulated: true}\n"
                               "providers:\n"
                               "  - {entity: provider:ops, kind: own-hardware, "
                               "operations_gpu_hour: 0.4}\n"
                               "costs: {engineer_hour: 95, gpu_hour_self: 2.5, "
                               "managed_premium_percent: 20, routine_ops_hours_per_month: 80}\n";
    struct team_profile p;
    struct sl_diag d = {0};
    cr_assert_eq(team_profile_parse(yaml, strlen(yaml), "t.yaml", true, &p, &d), SL_OK, "%s",
                 d.message);
    cr_assert_eq(p.nworkloads, 2);
    cr_assert_str_eq(p.workloads[0].name, "research");
    cr_assert_str_eq(p.workloads[1].name, "production_inference");
    cr_assert(p.workloads[0].regulated && p.workloads[1].regulated);
    cr_assert_eq(p.regulated_research_gpus, 16);
    cr_assert_eq(p.regulated_production_gpus, 4);
    /* Managed operations of the team's own hardware: its own GPU rate, the
     * provider's fee beside it. */
    cr_assert(p.providers[0].own_hardware);
    cr_assert_float_eq(team_profile_provider_rate(&p, 0), 2.5, EPS);
    cr_assert_float_eq(team_profile_operations_rate(&p, 0), 0.4, EPS);
    cr_assert_eq(team_profile_unmet(&p, 0, TEAM_NEEDS_SOVEREIGN_SITE | TEAM_NEEDS_AIR_GAP),
                 TEAM_NEEDS_AIR_GAP);
    team_profile_release(&p);
}
