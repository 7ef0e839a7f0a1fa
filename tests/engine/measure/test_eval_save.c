/* test_eval_save.c — an evaluation kept in the store (engine/measure/
 * eval_save.c): one row per result, neutral then contract, keyed by the
 * SHA-256 of the definitions, the contract row carrying the incident figures
 * of its window's neutral row, and a second run replacing the first. The
 * JSON writers are the test's own, so only what eval_save does is tested. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/measure/eval.h"
#include "engine/measure/eval_save.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define NOV1 INT64_C(1793491200) /* 2026-11-01T00:00:00Z */
#define MIN 60
#define HOUR 3600
#define DAY 86400

static struct fixture fx;

/* October up but for 10 minutes down; two incidents, one resolved in an
 * hour, one in two. */
static void
setup(void)
{
    bool already, updated;
    struct sl_diag d;
    struct source_counts counts = {0};
    fixture_open(&fx);
    cr_assert_eq(store_source_begin(fx.st, "t.csv", "abc", "test", 1, &already, &d), SL_OK);
    struct interval iv[] = {
        {.entity = "provider:acme",
         .service = "gpu",
         .start = OCT1,
         .end = OCT1 + DAY,
         .status = SVC_UP},
        {.entity = "provider:acme",
         .service = "gpu",
         .start = OCT1 + DAY,
         .end = OCT1 + DAY + 10 * MIN,
         .status = SVC_DOWN},
        {.entity = "provider:acme",
         .service = "gpu",
         .start = OCT1 + DAY + 10 * MIN,
         .end = NOV1,
         .status = SVC_UP},
    };
    for (size_t i = 0; i < 3; i++)
        cr_assert_eq(store_add_interval(fx.st, &iv[i], &d), SL_OK, "%s", d.message);
    for (int i = 1; i <= 2; i++) {
        char key[16];
        snprintf(key, sizeof key, "I-%d", i);
        struct incident inc = {.key = key,
                               .entity = "provider:acme",
                               .service = "gpu",
                               .severity = "sev2",
                               .started = OCT1 + i * DAY,
                               .detected = OCT1 + i * DAY,
                               .acknowledged = SLTIME_NONE,
                               .mitigated = SLTIME_NONE,
                               .resolved = OCT1 + i * DAY + i * HOUR};
        cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
    }
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(eval_save, .init = setup, .fini = teardown);

static struct sla_uptime_target target = {.percent = 99.9, .window = SLA_WINDOW_MONTH, .line = 1};

/* The test's JSON: short texts that say which row they belong to. */
static bool writers_fail;

static enum sl_status
definitions(const struct eval_result *r, struct strbuf *sb)
{
    (void)r;
    return writers_fail ? SL_ERR_NOMEM : strbuf_addstr(sb, "{\"definitions\":1}");
}

static enum sl_status
result(const struct eval_result *r, size_t k, struct strbuf *sb)
{
    (void)r;
    return strbuf_addf(sb, "{\"result\":%zu}", k);
}

static enum sl_status
sla(const struct eval_result *r, size_t k, struct strbuf *sb)
{
    (void)r;
    return strbuf_addf(sb, "{\"sla\":%zu}", k);
}

static const struct eval_save_json json = {definitions, result, sla};

struct stored {
    size_t n;
    char measure[8][16], commitment[8][32], result[8][32], sla[8][32], hash[8][65];
    long incidents[8];
    long ttr_n[8];
    double availability[8];
};

static int
collect(void *ctx, const struct eval_record *rec)
{
    struct stored *s = ctx;
    if (s->n == 8)
        return 1;
    snprintf(s->measure[s->n], sizeof s->measure[0], "%s", rec->measure);
    snprintf(s->commitment[s->n], sizeof s->commitment[0], "%s",
             rec->commitment ? rec->commitment : "-");
    snprintf(s->result[s->n], sizeof s->result[0], "%s", rec->result);
    snprintf(s->sla[s->n], sizeof s->sla[0], "%s", rec->sla ? rec->sla : "-");
    snprintf(s->hash[s->n], sizeof s->hash[0], "%s", rec->definitions_hash);
    s->incidents[s->n] = rec->incidents;
    s->ttr_n[s->n] = rec->ttr.n;
    s->availability[s->n] = rec->availability;
    s->n++;
    return 0;
}

static void
evaluate(struct sla_terms *t, struct eval_commitment *cm, struct eval_result *r)
{
    struct eval_params p;
    struct sl_diag d = {0};
    sla_terms_init(t);
    t->document = "Acme SLA";
    t->targets = &target;
    t->ntargets = 1;
    eval_default_params(&p);
    p.from = OCT1;
    p.to = NOV1;
    *cm = (struct eval_commitment){.entity = "provider:acme",
                                   .service = "gpu",
                                   .terms = t,
                                   .monthly_fee = NAN,
                                   .min_outage_seconds = -1,
                                   .maintenance_cap_seconds = -1,
                                   .partial_weight = NAN};
    p.commitments = cm;
    p.ncommitments = 1;
    cr_assert_eq(eval_run(fx.st, &p, r, &d), SL_OK, "%s", d.message);
}

static void
read_back(struct stored *s)
{
    struct sl_diag d = {0};
    memset(s, 0, sizeof *s);
    cr_assert_eq(store_each_eval_result(fx.st, NULL, OCT1, NOV1, NULL, collect, s, &d), SL_OK, "%s",
                 d.message);
}

Test(eval_save, one_row_per_result_contract_with_its_window_incidents)
{
    struct sla_terms t;
    struct eval_commitment cm;
    struct eval_result r;
    struct sl_diag d = {0};
    evaluate(&t, &cm, &r);
    cr_assert_eq(r.nrows, 2);
    cr_assert_eq(r.ncontract, 1);
    cr_assert_eq(eval_save(fx.st, &r, &json, &d), SL_OK, "%s", d.message);
    struct stored s;
    read_back(&s);
    cr_assert_eq(s.n, 3);
    /* Ordered by entity, service (NULL first), window, kind, measure. */
    cr_assert_str_eq(s.measure[0], "neutral");
    cr_assert_str_eq(s.commitment[0], "-");
    cr_assert_str_eq(s.result[0], "{\"result\":0}");
    cr_assert_str_eq(s.sla[0], "-");
    cr_assert_str_eq(s.measure[1], "contract");
    cr_assert_str_eq(s.commitment[1], "Acme SLA#0");
    cr_assert_str_eq(s.result[1], "{\"result\":2}");
    cr_assert_str_eq(s.sla[1], "{\"sla\":0}");
    cr_assert_eq(s.incidents[1], 2, "the service's neutral row gives the contract its incidents");
    cr_assert_eq(s.ttr_n[1], 2);
    cr_assert_str_eq(s.measure[2], "neutral");
    cr_assert_eq(s.incidents[2], 2);
    cr_assert_float_eq(s.availability[2], 1.0 - 600.0 / (31.0 * DAY), 1e-12);
    /* SHA-256 of {"definitions":1} */
    for (size_t i = 0; i < 3; i++)
        cr_assert_str_eq(s.hash[i],
                         "759b2352c6680f230559e115fb50b35d12c53920f7c533b07a076eb1ec8774fe");
    eval_result_release(&r);
}

Test(eval_save, a_second_run_replaces_the_first)
{
    struct sla_terms t;
    struct eval_commitment cm;
    struct eval_result r;
    struct sl_diag d = {0};
    evaluate(&t, &cm, &r);
    cr_assert_eq(eval_save(fx.st, &r, &json, &d), SL_OK, "%s", d.message);
    cr_assert_eq(eval_save(fx.st, &r, &json, &d), SL_OK, "%s", d.message);
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM eval_results"), 3);
    eval_result_release(&r);
}

Test(eval_save, a_writer_failure_stores_nothing)
{
    struct sla_terms t;
    struct eval_commitment cm;
    struct eval_result r;
    struct sl_diag d = {0};
    evaluate(&t, &cm, &r);
    writers_fail = true;
    cr_assert_eq(eval_save(fx.st, &r, &json, &d), SL_ERR_NOMEM);
    writers_fail = false;
    cr_assert_str_eq(d.message, "out of memory for the results");
    cr_assert_eq(fixture_count(&fx, "SELECT count(*) FROM eval_results"), 0);
    eval_result_release(&r);
}
