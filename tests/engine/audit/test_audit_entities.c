/* test_audit_entities.c — the audit of each entity over a report month
 * (engine/audit/audit_entities.c): one audit per entity row of the month, in
 * the evaluation's order, with findings that read as audit_run() gave them
 * once compacted, their evidence let go but counted. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "engine/audit/audit_entities.h"
#include "engine/measure/eval.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define SEP1 INT64_C(1788220800) /* 2026-09-01T00:00:00Z */
#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */
#define HOUR 3600
#define DAY 86400

static struct fixture fx;

/* Two entities with sev1 incidents in October (none with a postmortem),
 * and uptime data for September and October. */
static void
setup(void)
{
    bool already, updated;
    struct sl_diag d = {0};
    struct source_counts counts = {0};
    fixture_open(&fx);
    cr_assert_eq(store_source_begin(fx.st, "t.csv", "abc", "test", 1, &already, &d), SL_OK);
    static const char *const entities[] = {"provider:acme", "team:ops"};
    for (int e = 0; e < 2; e++) {
        struct interval iv = {
            .entity = entities[e], .service = "gpu", .start = SEP1, .end = NOV1, .status = SVC_UP};
        cr_assert_eq(store_add_interval(fx.st, &iv, &d), SL_OK, "%s", d.message);
        for (int i = 1; i <= 3; i++) {
            char key[16];
            snprintf(key, sizeof key, "I-%d", i);
            struct incident inc = {.key = key,
                                   .entity = entities[e],
                                   .service = "gpu",
                                   .severity = "sev1",
                                   .title = "down",
                                   .started = OCT1 + i * DAY,
                                   .detected = OCT1 + i * DAY,
                                   .acknowledged = OCT1 + i * DAY + 600,
                                   .mitigated = SLTIME_NONE,
                                   .resolved = OCT1 + i * DAY + HOUR};
            cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
        }
    }
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK, "%s", d.message);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(audit_entities, .init = setup, .fini = teardown);

Test(audit_entities, one_audit_per_entity_of_the_month_compacted)
{
    struct eval_params p;
    struct eval_result r;
    struct sl_diag d = {0};
    eval_default_params(&p);
    p.from = SEP1;
    p.to = NOV1;
    cr_assert_eq(eval_run(fx.st, &p, &r, &d), SL_OK, "%s", d.message);
    struct window oct = window_month(2026, 10, NULL);
    struct audit_entities a = {0};
    cr_assert_eq(audit_entities_run(fx.st, &r, &oct, NULL, &a, &d), SL_OK, "%s", d.message);
    cr_assert_eq(a.n, 2, "one audit per entity, not per service or month");

    static const char *const entities[] = {"provider:acme", "team:ops"};
    for (size_t e = 0; e < 2; e++) {
        /* The same audit run alone, to compare with. */
        struct audit_params ap = {entities[e], oct.start, oct.end, NULL};
        struct audit_result alone;
        cr_assert_eq(audit_run(fx.st, &ap, &alone, &d), SL_OK, "%s", d.message);
        const struct findings *got = &a.v[e].findings, *want = &alone.findings;
        cr_assert_gt(want->n, 0, "the month has findings to compact");
        cr_assert_eq(got->n, want->n);
        for (size_t i = 0; i < want->n; i++) {
            const struct finding *g = &got->v[i], *w = &want->v[i];
            cr_assert_str_eq(g->rule_id, w->rule_id);
            cr_assert_str_eq(g->entity, entities[e]);
            cr_assert_str_eq(g->entity, w->entity);
            cr_assert((g->service == NULL) == (w->service == NULL));
            if (w->service)
                cr_assert_str_eq(g->service, w->service);
            cr_assert_str_eq(g->subject ? g->subject : "", w->subject ? w->subject : "");
            cr_assert_str_eq(g->message, w->message);
            cr_assert_null(g->evidence, "the evidence is let go");
            cr_assert_eq(g->nevidence, w->nevidence, "but still counted");
        }
        audit_result_release(&alone);
    }
    audit_entities_release(&a);
    eval_result_release(&r);
}
