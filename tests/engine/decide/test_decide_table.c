/* test_decide_table.c — the guide's decision framework as a table: every
 * profile in tests/data/decide/table/ says in its header the model (and
 * provider) expected and the rule that must be cited, on a store this test
 * builds, on an empty period of it and on an empty store, each in UTC and in
 * a southern and a northern zone across a change of clocks, and which
 * one-change variants must keep the
 * answer (a guide rule is never overturned by price alone):
 *
 *   # expect: MODEL [provider:NAME]     on the built store
 *   # reason: RULE                      cited on the built store
 *   # empty: MODEL                      on an empty store
 *   # empty-reason: RULE
 *   # holds: gpus rotation regulated price
 *
 * gpus scales the cluster by 4 and by 1/4; rotation adds one engineer to
 * the rotation; regulated sets the regulated flag; price doubles every
 * provider's GPU rate, then halves the self-managed one. Adding a case is adding a file. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/decide/decide_case.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define TABLE "data/decide/table/"
#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */
#define MIN 60
#define HOUR 3600

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

TestSuite(decide_table, .init = setup, .fini = teardown);

/* Up from two days before October to two days after it, so that October
 * of any zone is whole, but for one outage of down seconds; n incidents of
 * len seconds, acknowledged after 10 minutes, one every 36 hours. */
static void
entity(const char *name, int64_t down, int n, int64_t len)
{
    struct sl_diag d = {0};
    int64_t mid = OCT1 + 10 * 86400, first = OCT1 - 2 * 86400, last = NOV1 + 2 * 86400;
    struct interval iv[3] = {
        {.entity = name, .service = "cluster", .start = first, .end = mid, .status = SVC_UP},
        {.entity = name, .service = "cluster", .start = mid, .end = mid + down, .status = SVC_DOWN},
        {.entity = name, .service = "cluster", .start = mid + down, .end = last, .status = SVC_UP},
    };
    for (int i = 0; i < 3; i++)
        cr_assert_eq(store_add_interval(fx.st, &iv[i], &d), SL_OK, "%s", d.message);
    for (int i = 0; i < n; i++) {
        char key[32];
        snprintf(key, sizeof key, "%s-%d", name, i);
        int64_t t = OCT1 + 2 * HOUR + (int64_t)i * 36 * HOUR;
        struct incident inc = {.key = key,
                               .entity = name,
                               .service = "cluster",
                               .severity = "sev3",
                               .title = "nodes not ready",
                               .state = "resolved",
                               .started = t,
                               .detected = t,
                               .acknowledged = t + 10 * MIN,
                               .mitigated = SLTIME_NONE,
                               .resolved = t + len};
        bool updated;
        cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
    }
}

/* Only the last ten days of October on record, every one up, with 12
 * short incidents acknowledged at once: an excellent record, too short to
 * prove anything. */
static void
short_record(const char *name)
{
    struct sl_diag d = {0};
    struct interval iv = {.entity = name,
                          .service = "cluster",
                          .start = NOV1 - 10 * 86400,
                          .end = NOV1 + 2 * 86400,
                          .status = SVC_UP};
    cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
    for (int i = 0; i < 12; i++) {
        char key[32];
        snprintf(key, sizeof key, "%s-%d", name, i);
        int64_t t = NOV1 - 9 * 86400 + (int64_t)i * 12 * HOUR;
        struct incident inc = {.key = key,
                               .entity = name,
                               .service = "cluster",
                               .severity = "sev4",
                               .title = "a node drained",
                               .state = "resolved",
                               .started = t,
                               .detected = t,
                               .acknowledged = t + MIN,
                               .mitigated = SLTIME_NONE,
                               .resolved = t + 10 * MIN};
        bool updated;
        cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
    }
}

static void
build_store(void)
{
    bool already;
    struct sl_diag d = {0};
    struct source_counts counts = {0};
    cr_assert_eq(store_source_begin(fx.st, "table.csv", "table", "test", 1, &already, &d), SL_OK);
    entity("team:lab", 3 * HOUR, 20, HOUR);       /* 99.597 % */
    entity("team:strong", 4 * MIN, 12, HOUR / 2); /* 99.991 % */
    entity("team:quiet", 4 * MIN, 4, HOUR / 2);   /* too few incidents to judge by */
    short_record("team:short");
    entity("provider:good", 22 * MIN, 4, HOUR / 2);    /* 99.951 % */
    entity("provider:cheap", 492 * MIN, 15, 2 * HOUR); /* 98.898 % */
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK, "%s", d.message);
}

struct expectation {
    char model[32], provider[64], reason[32];
    char empty[32], empty_reason[32];
    char holds[256];
};

static void
header(const char *path, struct expectation *e)
{
    memset(e, 0, sizeof *e);
    FILE *f = fopen(path, "r");
    cr_assert_not_null(f, "%s", path);
    char line[256];
    while (fgets(line, sizeof line, f) && line[0] == '#') {
        line[strcspn(line, "\n")] = '\0';
        if (sscanf(line, "# expect: %31s %63s", e->model, e->provider) >= 1)
            continue;
        if (sscanf(line, "# reason: %31s", e->reason) == 1)
            continue;
        if (sscanf(line, "# empty: %31s", e->empty) == 1)
            continue;
        if (sscanf(line, "# empty-reason: %31s", e->empty_reason) == 1)
            continue;
        if (!strncmp(line, "# holds: ", 9))
            snprintf(e->holds, sizeof e->holds, "%s", line + 9);
    }
    fclose(f);
    cr_assert(e->model[0] && e->reason[0] && e->empty[0] && e->empty_reason[0],
              "%s: its header needs expect, reason, empty and empty-reason", path);
}

static bool
cites(const struct decide_result *r, const char *rule)
{
    for (size_t i = 0; i < r->nreasons; i++)
        if (!strcmp(r->reasons[i].rule, rule))
            return true;
    return false;
}

/* "nan" or "inf" as a word of its own (not "maintenance" or "infra"). */
static bool
has_nan(const char *s)
{
    static const char *const words[] = {"nan", "inf"};
    for (int w = 0; w < 2; w++)
        for (const char *t = strstr(s, words[w]); t; t = strstr(t + 1, words[w])) {
            bool before = t > s && isalpha((unsigned char)t[-1]);
            bool after = isalpha((unsigned char)t[3]);
            if (!before && !after)
                return true;
        }
    return false;
}

/* No text of the result holds a NaN or an infinity. */
static void
no_nan(const char *path, const struct decide_result *r)
{
    for (size_t i = 0; i < r->nreasons; i++)
        cr_assert(!has_nan(r->reasons[i].text), "%s: %s: %s", path, r->reasons[i].rule,
                  r->reasons[i].text);
    for (size_t i = 0; i < r->noptions; i++) {
        cr_assert(!has_nan(r->options[i].cost.arithmetic), "%s: %s", path,
                  r->options[i].cost.arithmetic);
        cr_assert(!has_nan(r->options[i].ineligible), "%s: %s", path, r->options[i].ineligible);
        cr_assert(isfinite(r->options[i].cost.total), "%s: %s", path, r->options[i].label);
    }
    for (size_t i = 0; i < r->nchanges; i++)
        cr_assert(!has_nan(r->changes[i].text), "%s: %s", path, r->changes[i].text);
    for (size_t i = 0; i < DECIDE_READINESS_COUNT; i++)
        cr_assert(!has_nan(r->readiness[i].evidence), "%s: %s", path, r->readiness[i].evidence);
}

static void
check(const char *path, const struct team_profile *p, const struct decide_result *r,
      const char *model, const char *provider, const char *rule, const char *what)
{
    cr_assert_str_eq(decide_model_name(r->recommendation), model, "%s (%s): got %s", path, what,
                     r->options[r->recommended_option].label);
    if (provider && provider[0]) {
        cr_assert_geq(r->provider, 0, "%s (%s)", path, what);
        cr_assert_str_eq(p->providers[r->provider].entity, provider, "%s (%s)", path, what);
    }
    if (rule)
        cr_assert(cites(r, rule), "%s (%s): %s not cited", path, what, rule);
    no_nan(path, r);
}

/* Every what-would-change-it row is true when checked: the input changed
 * to the value it names, re-run, gives the answer it names, and one that
 * says the answer stays keeps it at both ends of its range. */
static void
changes_hold(const char *path, const struct decide_case *c)
{
    static struct decide_result r;
    const struct decide_result *now = c->result;
    struct team_profile q;
    struct decide_measured t, pv[TEAM_PROFILE_MAX_PROVIDERS];
    cr_assert_gt(now->nchanges, 6, "%s", path);
    for (size_t i = 0; i < now->nchanges; i++) {
        const struct decide_change *ch = &now->changes[i];
        if (ch->input == DECIDE_IN_INCIDENTS && !c->team_has_data)
            continue;
        double ends[2] = {ch->low, ch->high};
        int n = ch->flips ? 1 : ch->input >= DECIDE_IN_TEAM_TYPE ? 0 : 2;
        for (int k = 0; k < n; k++) {
            q = c->profile;
            t = c->team;
            memcpy(pv, c->providers, sizeof pv);
            decide_change_apply(ch, ch->flips ? ch->at : ends[k], &q, &t, pv);
            decide_policy(&q, &t, pv, &r);
            if (ch->flips) {
                cr_assert(r.recommendation == ch->model && r.provider == ch->provider,
                          "%s: %s: re-run gives %s", path, ch->text,
                          decide_model_name(r.recommendation));
                cr_assert(r.recommendation != now->recommendation || r.provider != now->provider,
                          "%s: %s", path, ch->text);
            } else {
                cr_assert(r.recommendation == now->recommendation && r.provider == now->provider,
                          "%s: %s: at %g re-run gives %s", path, ch->text, ends[k],
                          decide_model_name(r.recommendation));
            }
        }
    }
}

/* The variants the header lists keep the model. */
static void
variants(const char *path, const struct decide_case *c, const struct expectation *e)
{
    static struct decide_result r;
    struct team_profile q;
    if (strstr(e->holds, "gpus")) {
        static const double k[] = {4.0, 0.25};
        for (int i = 0; i < 2; i++) {
            q = c->profile;
            q.research_gpus = (int)lround(q.research_gpus * k[i]);
            q.production_gpus = (int)lround(q.production_gpus * k[i]);
            decide_run(&q, &c->team, c->providers, &r);
            check(path, &q, &r, e->model, NULL, NULL, k[i] > 1 ? "4x GPUs" : "1/4 GPUs");
        }
    }
    if (strstr(e->holds, "rotation")) {
        q = c->profile;
        q.rotation_size++;
        decide_run(&q, &c->team, c->providers, &r);
        check(path, &q, &r, e->model, NULL, NULL, "one more on the rotation");
    }
    if (strstr(e->holds, "regulated")) {
        q = c->profile;
        team_profile_regulate_all(&q, true);
        decide_run(&q, &c->team, c->providers, &r);
        check(path, &q, &r, e->model, NULL, NULL, "regulated");
    }
    if (strstr(e->holds, "price")) {
        q = c->profile;
        for (size_t i = 0; i < q.nproviders; i++)
            q.providers[i].gpu_hour *= 2;
        decide_run(&q, &c->team, c->providers, &r);
        check(path, &q, &r, e->model, NULL, NULL, "providers at twice the price");
        cr_assert_not(r.overturned, "%s: price overturned the guide's answer", path);
        /* And the other way: self-managed GPUs at half the price. */
        q = c->profile;
        q.gpu_hour_self /= 2;
        decide_run(&q, &c->team, c->providers, &r);
        check(path, &q, &r, e->model, NULL, NULL, "self-managed GPUs at half the price");
    }
}

/* Where the table runs: October or an empty quarter (2027-01..03) of the
 * built store, or October of an empty store; in UTC, and in a southern and
 * a northern zone whose clocks change in October (Sydney forward on the
 * 4th, Berlin back on the 25th) and in the empty quarter (Berlin, March
 * 28th). */
enum run { RUN_BUILT, RUN_EMPTY_PERIOD, RUN_EMPTY_STORE };

static const char *const zones[] = {NULL, "Australia/Sydney", "Europe/Berlin"};

static int
each_profile(enum run run)
{
    if (run != RUN_EMPTY_STORE)
        build_store();
    int64_t first = OCT1 / 86400, end = NOV1 / 86400;
    if (run == RUN_EMPTY_PERIOD)
        decide_months(2027, 3, 3, &first, &end);
    DIR *dir = opendir(TABLE);
    cr_assert_not_null(dir);
    struct dirent *de;
    int n = 0;
    while ((de = readdir(dir))) {
        size_t len = strlen(de->d_name);
        if (len < 6 || strcmp(de->d_name + len - 5, ".yaml"))
            continue;
        char path[512];
        snprintf(path, sizeof path, TABLE "%s", de->d_name);
        struct expectation e;
        header(path, &e);
        for (size_t z = 0; z < sizeof zones / sizeof zones[0]; z++) {
            struct decide_case c;
            struct sl_diag d = {0};
            char what[96];
            snprintf(what, sizeof what, "%s in %s", run == RUN_BUILT ? "built store" : "empty",
                     zones[z] ? zones[z] : "UTC");
            cr_assert_eq(decide_case_build(&c, fx.st, path, first, end, zones[z], &d), SL_OK,
                         "%s: %s", path, d.message);
            if (run == RUN_BUILT) {
                cr_assert(c.result->measured_any, "%s", path);
                check(path, &c.profile, c.result, e.model, e.provider, e.reason, what);
                if (!zones[z]) {
                    variants(path, &c, &e);
                    changes_hold(path, &c);
                }
            } else {
                cr_assert_not(c.result->measured_any, "%s (%s)", path, what);
                check(path, &c.profile, c.result, e.empty, NULL, e.empty_reason, what);
                cr_assert(cites(c.result, "N-unmeasured"), "%s: does not say nothing was measured",
                          path);
                cr_assert_not(c.result->overturned, "%s", path);
                for (size_t i = 0; i < c.result->noptions; i++) {
                    cr_assert_not(c.result->options[i].eligible, "%s", path);
                    cr_assert_not(c.result->options[i].cost.complete, "%s", path);
                    cr_assert(isnan(c.result->options[i].incidents_month), "%s: %s", path,
                              c.result->options[i].label);
                    if (c.result->options[i].rotation.applies &&
                        c.result->options[i].rotation.known)
                        cr_assert_not(c.result->options[i].rotation.sustainable, "%s", path);
                }
            }
            decide_case_release(&c);
        }
        n++;
    }
    closedir(dir);
    return n;
}

Test(decide_table, every_guide_bullet_on_a_built_store)
{
    cr_assert_geq(each_profile(RUN_BUILT), 11);
}

Test(decide_table, every_guide_bullet_on_an_empty_period)
{
    cr_assert_geq(each_profile(RUN_EMPTY_PERIOD), 11);
}

Test(decide_table, every_guide_bullet_on_an_empty_store)
{
    cr_assert_geq(each_profile(RUN_EMPTY_STORE), 11);
}

Test(decide_table, only_the_services_the_team_uses_count)
{
    build_store();
    static const double responders[6] = {1, 3, 2, 1, 1, 1};
    char *services[] = {(char *)"storage"};
    struct decide_measured m;
    struct sl_diag d = {0};
    cr_assert_eq(decide_measure_services(fx.st, "provider:good", OCT1, NOV1, NULL, responders,
                                         services, 1, &m, &d),
                 SL_OK, "%s", d.message);
    cr_assert_eq(m.incidents, 0);
    cr_assert_eq(m.unused_incidents, 4);
    services[0] = (char *)"cluster";
    cr_assert_eq(decide_measure_services(fx.st, "provider:good", OCT1, NOV1, NULL, responders,
                                         services, 1, &m, &d),
                 SL_OK, "%s", d.message);
    cr_assert_eq(m.incidents, 4);
    cr_assert_eq(m.unused_incidents, 0);
}
