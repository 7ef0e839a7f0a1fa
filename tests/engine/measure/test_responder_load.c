/* test_responder_load.c — pages per responder, outside working hours and per
 * on-call shift (engine/measure/responder_load.c), on a hand-computed month:
 * two shifts, pages inside and outside 09:00–18:00 Monday to Friday, and one
 * page that no shift with a primary covers. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/measure/responder_load.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"
#include "tests/engine/fixture.h"

#define SEP1 INT64_C(1788220800) /* 2026-09-01T00:00:00Z, a Tuesday */
#define OCT1 INT64_C(1790812800) /* 2026-10-01T00:00:00Z */
#define H 3600
#define DAY 86400

static struct fixture fx;

static void
add_shift(const char *key, const char *primary, int64_t start, int64_t end)
{
    char fields[256];
    snprintf(fields, sizeof fields,
             "{\"service\":null,\"primary\":\"%s\",\"start\":%lld,\"end\":%lld}", primary,
             (long long)start, (long long)end);
    struct audit_record r = {
        .kind = "oncall", .entity = "team:t", .key = key, .fields = fields, .line = 2};
    bool updated;
    struct sl_diag d = {0};
    cr_assert_eq(store_add_audit_record(fx.st, &r, &updated, &d), SL_OK, "%s", d.message);
}

static void
add_page(const char *key, int64_t detected)
{
    struct incident inc = {.key = key,
                           .entity = "team:t",
                           .service = "api",
                           .started = detected,
                           .detected = detected,
                           .acknowledged = detected + 300,
                           .mitigated = SLTIME_NONE,
                           .resolved = detected + H};
    bool updated;
    struct sl_diag d = {0};
    cr_assert_eq(store_add_incident(fx.st, &inc, &updated, &d), SL_OK, "%s", d.message);
}

/* ana on call the first week, raj the second, then a day with no primary. */
static void
setup(void)
{
    bool already = false;
    struct sl_diag d = {0};
    struct source_counts counts = {0};
    fixture_open(&fx);
    cr_assert_eq(store_source_begin(fx.st, "t.csv", "abc", "test", 1, &already, &d), SL_OK);
    add_shift("s1", "ana", SEP1, SEP1 + 7 * DAY);
    add_shift("s2", "raj", SEP1 + 7 * DAY, SEP1 + 14 * DAY);
    add_shift("s3", "", SEP1 + 14 * DAY, SEP1 + 15 * DAY);
    add_page("before", SEP1 - 2 * H);        /* August: not this month */
    add_page("i1", SEP1 + 10 * H);           /* Tue 10:00, ana, inside */
    add_page("i2", SEP1 + 20 * H);           /* Tue 20:00, ana, outside */
    add_page("i3", SEP1 + 4 * DAY + 12 * H); /* Sat 12:00, ana, outside */
    add_page("i4", SEP1 + 8 * DAY + 9 * H);  /* Wed 09:00, raj, inside */
    add_page("i5", SEP1 + 8 * DAY + 18 * H); /* Wed 18:00, raj, outside */
    add_page("i6", SEP1 + 14 * DAY + 3 * H); /* Tue 03:00, nobody, outside */
    cr_assert_eq(store_source_finish(fx.st, &counts, &d), SL_OK, "%s", d.message);
}

static void
teardown(void)
{
    fixture_close(&fx);
}

TestSuite(responder_load, .init = setup, .fini = teardown);

Test(responder_load, pages_per_responder_and_shift)
{
    struct responder_load rl;
    struct sl_diag d = {0};
    cr_assert_eq(responder_load_run(fx.st, NULL, SEP1, OCT1, NULL, &rl, &d), SL_OK, "%s",
                 d.message);
    cr_assert_eq(rl.nentities, 1);
    const struct responder_entity *e = &rl.entities[0];
    cr_expect_str_eq(e->entity, "team:t");
    cr_expect_eq(e->pages, 6);
    cr_expect_eq(e->off_hours, 4);
    cr_expect_eq(e->unassigned, 1);
    cr_expect_eq(e->shifts, 2);
    cr_expect_float_eq(e->mean_per_shift, 2.5, 1e-9); /* (3 + 2) / 2 */
    cr_expect_eq(e->max_per_shift, 3);

    cr_assert_eq(rl.nrows, 3);
    cr_expect_str_eq(rl.rows[0].responder, "ana");
    cr_expect_eq(rl.rows[0].pages, 3);
    cr_expect_eq(rl.rows[0].off_hours, 2);
    cr_expect_eq(rl.rows[0].shifts, 1);
    cr_expect_str_eq(rl.rows[1].responder, "raj");
    cr_expect_eq(rl.rows[1].pages, 2);
    cr_expect_eq(rl.rows[1].off_hours, 1);
    cr_expect_null(rl.rows[2].responder, "the uncovered page is last, with no responder");
    cr_expect_eq(rl.rows[2].pages, 1);
    cr_expect_eq(rl.rows[2].off_hours, 1);
    responder_load_release(&rl);
}

/* Working hours are local: in São Paulo (UTC−3) the pages fall three hours
 * earlier on the clock, and which of them are outside changes. */
Test(responder_load, working_hours_in_the_zone)
{
    struct bizclock c;
    responder_load_clock(&c, "America/Sao_Paulo"); /* UTC−3 */
    struct responder_load rl;
    struct sl_diag d = {0};
    cr_assert_eq(responder_load_run(fx.st, "team:t", SEP1, OCT1, &c, &rl, &d), SL_OK, "%s",
                 d.message);
    cr_assert_eq(rl.nentities, 1);
    /* Local: i1 07:00 out, i2 17:00 in, i3 Sat out, i4 06:00 out, i5 15:00 in,
     * i6 Tue 00:00 out. */
    cr_expect_eq(rl.entities[0].off_hours, 4);
    cr_expect_eq(rl.rows[0].off_hours, 2); /* ana: i1, i3 */
    cr_expect_eq(rl.rows[1].off_hours, 1); /* raj: i4 */
    cr_expect_eq(rl.rows[2].off_hours, 1); /* nobody: i6 (00:00 local) */
    responder_load_release(&rl);
}

Test(responder_load, no_shifts_no_entities)
{
    struct responder_load rl;
    struct sl_diag d = {0};
    cr_assert_eq(responder_load_run(fx.st, "team:other", SEP1, OCT1, NULL, &rl, &d), SL_OK);
    cr_expect_eq(rl.nentities, 0);
    cr_expect_eq(rl.nrows, 0);
    responder_load_release(&rl);
}
