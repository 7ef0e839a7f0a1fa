/* Credits that are no share of the fee (sla_credit_unit.h, through
 * credit_compute): what a window owes in each unit, the cap where it
 * applies, the words, and the tiers' JSON written and read back. Every
 * figure is worked by hand in the comment beside it. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "engine/base/strbuf.h"
#include "engine/sla/credit.h"
#include "engine/sla/sla_credit_unit.h"
#include "engine/sla/sla_json.h"

#define EPS 1e-9
#define MONTH (30.0 * 86400) /* a 30-day window: 2,592,000 s */

/* One tier open below, topped by 99.9 %, in unit u of value v. */
static struct sla_credit_tier
tier(enum sla_credit_unit u, double v, enum sla_credit_basis b)
{
    return (struct sla_credit_tier){.lower_percent = NAN,
                                    .upper_percent = 99.9,
                                    .credit_percent = NAN,
                                    .line = 7,
                                    .unit = u,
                                    .value = v,
                                    .basis = b};
}

/* The credit at 99.0 % (inside the tier) for a window down down_s seconds
 * over outages outages. */
static struct credit_result
owe(const struct sla_credit_tier *t, double cap, double fee, double down_s, long outages)
{
    struct credit_window w = {down_s, MONTH, outages};
    struct credit_result r;
    credit_compute(t, 1, 99.9, cap, 99.0, fee, &w, &r);
    cr_assert_eq(r.match, CREDIT_TIER);
    return r;
}

static void
expect_text(const struct credit_result *r, const char *want)
{
    char buf[96];
    sla_credit_unit_owed_text(r, buf, sizeof buf);
    cr_expect_str_eq(buf, want);
}

Test(sla_credit_unit, service_time_is_the_multiple_of_the_downtime)
{
    /* 37 min down × 10 = 370 min = 6 h 10 min, 22,200 s. */
    struct sla_credit_tier t = tier(SLA_UNIT_SERVICE_TIME_MULTIPLE, 10, SLA_BASIS_DOWNTIME);
    struct credit_result r = owe(&t, NAN, 1000, 37 * 60, 1);
    cr_expect_float_eq(r.owed, 22200, EPS);
    cr_expect_not(r.capped);
    cr_expect_eq(r.unit, SLA_UNIT_SERVICE_TIME_MULTIPLE);
    /* Service time is no share of the fee: no percentage, no amount. */
    cr_expect_float_eq(r.credit_percent, 0, EPS);
    cr_expect(isnan(r.amount));
    cr_expect(credit_due(&r));
    cr_expect_not(credit_is_share(&r));
    expect_text(&r, "6 h 10 min of service");
}

Test(sla_credit_unit, service_time_is_capped_at_the_caps_share_of_the_window)
{
    /* 100 × 10 h = 1,000 h; a cap of 50 % of the fee bounds it to half the
     * 30-day window, 360 h (1,296,000 s). */
    struct sla_credit_tier t = tier(SLA_UNIT_SERVICE_TIME_MULTIPLE, 100, SLA_BASIS_DOWNTIME);
    struct credit_result r = owe(&t, 50, NAN, 10 * 3600, 2);
    cr_expect_float_eq(r.tier_owed, 3600000, EPS);
    cr_expect_float_eq(r.owed, 1296000, EPS);
    cr_expect(r.capped);
    expect_text(&r, "360 h of service");
    /* Under the cap it stands: 100 × 5 min = 500 min = 8 h 20 min. */
    r = owe(&t, 50, NAN, 300, 1);
    cr_expect_float_eq(r.owed, 30000, EPS);
    cr_expect_not(r.capped);
    expect_text(&r, "8 h 20 min of service");
}

Test(sla_credit_unit, a_multiple_of_no_downtime_is_nothing)
{
    /* In the band (partial service weighed it down) yet no countable
     * downtime: 10 × 0 = 0, not due. */
    struct sla_credit_tier t = tier(SLA_UNIT_SERVICE_TIME_MULTIPLE, 10, SLA_BASIS_DOWNTIME);
    struct credit_result r = owe(&t, NAN, NAN, 0, 0);
    cr_expect_float_eq(r.owed, 0, EPS);
    cr_expect_not(credit_due(&r));
    expect_text(&r, "0 min of service");
}

Test(sla_credit_unit, a_multiple_without_the_downtime_is_unknown)
{
    /* No window told: the time owed is unknown, yet a credit is due. */
    struct sla_credit_tier t = tier(SLA_UNIT_SERVICE_TIME_MULTIPLE, 10, SLA_BASIS_DOWNTIME);
    struct credit_result r;
    credit_compute(&t, 1, 99.9, NAN, 99.0, NAN, NULL, &r);
    cr_assert_eq(r.match, CREDIT_TIER);
    cr_expect(isnan(r.owed));
    cr_expect(credit_due(&r));
    expect_text(&r, "unknown");
}

Test(sla_credit_unit, service_days_as_written_and_per_hour_of_downtime)
{
    struct sla_credit_tier t = tier(SLA_UNIT_SERVICE_DAYS, 3, SLA_BASIS_NONE);
    struct credit_result r = owe(&t, NAN, NAN, 600, 1);
    cr_expect_float_eq(r.owed, 3, EPS);
    expect_text(&r, "3 days of service");
    /* A cap of 5 % of a 30-day window is 1.5 days. */
    r = owe(&t, 5, NAN, 600, 1);
    cr_expect_float_eq(r.owed, 1.5, EPS);
    cr_expect(r.capped);
    /* One day for each full hour: 2 h 59 min is 2 days; 3 h exactly, 3. */
    t = tier(SLA_UNIT_SERVICE_DAYS, 1, SLA_BASIS_DOWNTIME_HOUR);
    cr_expect_float_eq(owe(&t, NAN, NAN, 2 * 3600 + 59 * 60, 1).owed, 2, EPS);
    r = owe(&t, NAN, NAN, 3 * 3600, 1);
    cr_expect_float_eq(r.owed, 3, EPS);
    /* Under an hour: nothing. */
    r = owe(&t, NAN, NAN, 3599, 1);
    cr_expect_not(credit_due(&r));
    r = owe(&t, NAN, NAN, 3600, 1);
    expect_text(&r, "1 day of service");
}

Test(sla_credit_unit, a_fixed_amount_in_its_currency_and_per_incident)
{
    struct sla_credit_tier t = tier(SLA_UNIT_FIXED_AMOUNT, 50, SLA_BASIS_NONE);
    memcpy(t.currency, "USD", 4);
    /* The cap is in the fee; USD 50 is not: it stands, and has no amount
     * in the fee's currency. */
    struct credit_result r = owe(&t, 1, 1000, 600, 1);
    cr_expect_float_eq(r.owed, 50, EPS);
    cr_expect_not(r.capped);
    cr_expect(isnan(r.amount));
    expect_text(&r, "USD 50");
    /* EUR 100 per incident, three countable outages: EUR 300. */
    t = tier(SLA_UNIT_FIXED_AMOUNT, 100, SLA_BASIS_INCIDENT);
    memcpy(t.currency, "EUR", 4);
    r = owe(&t, NAN, NAN, 600, 3);
    cr_expect_float_eq(r.owed, 300, EPS);
    expect_text(&r, "EUR 300");
    /* Outages not counted: unknown. */
    cr_expect(isnan(owe(&t, NAN, NAN, 600, -1).owed));
    /* USD 25 for each full hour of downtime: 2 h 30 min is USD 50. */
    t = tier(SLA_UNIT_FIXED_AMOUNT, 25, SLA_BASIS_DOWNTIME_HOUR);
    memcpy(t.currency, "USD", 4);
    r = owe(&t, NAN, NAN, 9000, 1);
    cr_expect_float_eq(r.owed, 50, EPS);
    expect_text(&r, "USD 50");
}

Test(sla_credit_unit, usage_credits_and_an_extension_stand_as_written)
{
    struct sla_credit_tier t = tier(SLA_UNIT_USAGE_CREDITS, 1000, SLA_BASIS_NONE);
    struct credit_result r = owe(&t, 10, 500, 600, 1);
    cr_expect_float_eq(r.owed, 1000, EPS);
    cr_expect_not(r.capped);
    expect_text(&r, "1000 usage credits");
    t = tier(SLA_UNIT_LICENSE_EXTENSION, 14, SLA_BASIS_NONE);
    r = owe(&t, 10, 500, 600, 1);
    cr_expect_float_eq(r.owed, 14, EPS);
    expect_text(&r, "subscription extended by 14 days");
}

Test(sla_credit_unit, pro_rata_is_the_downtimes_share_of_the_fee)
{
    /* 43.2 min = 2,592 s of 2,592,000 s: 0.1 % of the fee; of 1,000, 1. */
    struct sla_credit_tier t = tier(SLA_UNIT_PRO_RATA, 1, SLA_BASIS_DOWNTIME);
    struct credit_result r = owe(&t, NAN, 1000, 2592, 1);
    cr_expect_float_eq(r.credit_percent, 0.1, EPS);
    cr_expect_float_eq(r.amount, 1, EPS);
    cr_expect(credit_is_share(&r));
    expect_text(&r, "pro rata, 0.1% of the fee");
    /* No fee known: the share stands, the amount is unknown. */
    r = owe(&t, NAN, NAN, 2592, 1);
    cr_expect_float_eq(r.credit_percent, 0.1, EPS);
    cr_expect(isnan(r.amount));
    cr_expect(credit_due(&r));
    /* Capped at 0.05 %: half of it, 0.50 of 1,000. */
    r = owe(&t, 0.05, 1000, 2592, 1);
    cr_expect_float_eq(r.credit_percent, 0.05, EPS);
    cr_expect_float_eq(r.amount, 0.5, EPS);
    cr_expect(r.capped);
}

Test(sla_credit_unit, a_share_of_the_fee_keeps_its_percentage)
{
    /* The units of the fee are computed as before: owed is the percentage. */
    struct sla_credit_tier t = {99.0, 99.9, true,           false, 10, 1, SLA_UNIT_PERCENT_OF_FEE,
                                10,   0,    SLA_BASIS_NONE, ""};
    struct credit_result r = owe(&t, NAN, 200, 600, 1);
    cr_expect_float_eq(r.credit_percent, 10, EPS);
    cr_expect_float_eq(r.owed, 10, EPS);
    cr_expect_float_eq(r.amount, 20, EPS);
    cr_expect(credit_is_share(&r));
}

Test(sla_credit_unit, tiers_in_words)
{
    char buf[96];
    struct sla_credit_tier t = tier(SLA_UNIT_SERVICE_TIME_MULTIPLE, 30, SLA_BASIS_DOWNTIME);
    sla_credit_unit_tier_text(&t, buf, sizeof buf);
    cr_expect_str_eq(buf, "30 × the downtime as service");
    t = tier(SLA_UNIT_SERVICE_DAYS, 1, SLA_BASIS_DOWNTIME_HOUR);
    sla_credit_unit_tier_text(&t, buf, sizeof buf);
    cr_expect_str_eq(buf, "1 day of service per hour of downtime");
    t = tier(SLA_UNIT_FIXED_AMOUNT, 100, SLA_BASIS_INCIDENT);
    memcpy(t.currency, "EUR", 4);
    sla_credit_unit_tier_text(&t, buf, sizeof buf);
    cr_expect_str_eq(buf, "EUR 100 per incident");
    t = tier(SLA_UNIT_PRO_RATA, 1, SLA_BASIS_DOWNTIME);
    sla_credit_unit_tier_text(&t, buf, sizeof buf);
    cr_expect_str_eq(buf, "pro rata of the fee for the downtime");
}

/* Every unit written, read back and written again: the same JSON. */
Test(sla_credit_unit, every_unit_round_trips_through_json)
{
    const char *in =
        "{\"uptime_targets\": [{\"percent\": 99.9}], \"credit_tiers\": ["
        "{\"upper_percent\": 99.9, \"unit\": \"service_time_multiple\", \"value\": 10},"
        "{\"upper_percent\": 99.8, \"unit\": \"service_days\", \"value\": 1, \"of\": "
        "\"downtime_hour\"},"
        "{\"upper_percent\": 99.7, \"unit\": \"fixed_amount\", \"value\": 100, \"of\": "
        "\"incident\", \"currency\": \"EUR\"},"
        "{\"upper_percent\": 99.6, \"unit\": \"usage_credits\", \"value\": 1000},"
        "{\"upper_percent\": 99.5, \"unit\": \"pro_rata\"},"
        "{\"upper_percent\": 99.4, \"unit\": \"license_extension\", \"value\": 14},"
        "{\"upper_percent\": 99.3, \"unit\": \"percent_per_step\", \"value\": 5, "
        "\"step_percent\": 1},"
        "{\"upper_percent\": 99.2, \"credit_percent\": 25}]}";
    struct sla_terms t, back;
    struct sl_diag d = {0};
    sla_terms_init(&t);
    cr_assert_eq(sla_json_read(in, strlen(in), "t.json", &t, &d), SL_OK, "%s", d.message);
    cr_assert_eq(t.ntiers, 8);
    cr_expect_eq(t.tiers[0].basis, SLA_BASIS_DOWNTIME, "a multiple counts the downtime");
    cr_expect(isnan(t.tiers[0].credit_percent));
    cr_expect_float_eq(t.tiers[4].value, 1, EPS);
    struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
    cr_assert_eq(sla_json_write(&a, &t, 1), SL_OK);
    cr_expect(strstr(a.buf, "\"credit_percent\":null,\"commitment\":\"c1\",\"unit\":"
                            "\"fixed_amount\",\"value\":100,\"of\":\"incident\",\"currency\":"
                            "\"EUR\""),
              "%s", a.buf);
    sla_terms_init(&back);
    cr_assert_eq(sla_json_read(a.buf, a.len, "a.json", &back, &d), SL_OK, "%s", d.message);
    cr_assert_eq(sla_json_write(&b, &back, 1), SL_OK);
    cr_expect_str_eq(b.buf, a.buf);
    strbuf_release(&a);
    strbuf_release(&b);
    sla_terms_release(&t);
    sla_terms_release(&back);
}

Test(sla_credit_unit, json_that_does_not_fit_its_unit_is_an_error)
{
    static const struct {
        const char *json, *field;
    } bad[] = {
        {"{\"credit_tiers\": [{\"unit\": \"service_days\"}]}", "credit_tiers[].value"},
        {"{\"credit_tiers\": [{\"unit\": \"service_days\", \"value\": -3}]}",
         "credit_tiers[].value"},
        {"{\"credit_tiers\": [{\"unit\": \"usage_credits\", \"value\": 5, \"of\": \"incident\"}]}",
         "credit_tiers[].of"},
        {"{\"credit_tiers\": [{\"unit\": \"service_days\", \"value\": 5, \"of\": \"weekly\"}]}",
         "credit_tiers[].of"},
        {"{\"credit_tiers\": [{\"unit\": \"usage_credits\", \"value\": 5, \"currency\": "
         "\"USD\"}]}",
         "credit_tiers[].currency"},
        {"{\"credit_tiers\": [{\"unit\": \"percent_of_fee\"}]}", "credit_tiers[].credit_percent"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct sla_terms t;
        struct sl_diag d = {0};
        sla_terms_init(&t);
        cr_expect_eq(sla_json_read(bad[i].json, strlen(bad[i].json), "t.json", &t, &d),
                     SL_ERR_INPUT, "%s", bad[i].json);
        cr_expect(strstr(d.message, bad[i].field), "%s: %s", bad[i].json, d.message);
        sla_terms_release(&t);
    }
}
