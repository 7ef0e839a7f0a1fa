/* test_sla_commitment.c — the commitment side of the SLA terms: measure,
 * scope in parts, eligibility and durability, read from documents and from
 * corrected JSON, and the scorecard's word on minutes of a non-time measure. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/strbuf.h"
#include "engine/sla/sla_json.h"
#include "engine/sla/sla_score.h"
#include "parsers/sla/sla_commitment.h"
#include "parsers/sla/sla_extract.h"

static void
extract(const char *doc, struct sla_terms *t)
{
    struct sla_text text;
    struct sl_diag d = {0};
    sla_terms_init(t);
    cr_assert_eq(sla_text_parse(doc, strlen(doc), "x.md", &text, &d), SL_OK, "%s", d.message);
    cr_assert_eq(sla_extract_text(&text, "x.md", 0, t, &d), SL_OK, "%s", d.message);
    sla_text_release(&text);
}

Test(sla_commitment, durability_is_never_a_target)
{
    struct sla_terms t;
    extract("# SLA\n\n| Term | Commitment |\n|---|---|\n| Monthly uptime | 99.9% |\n"
            "| Durability | 99.999999999% |\n",
            &t);
    cr_assert_eq(t.ntargets, 1);
    cr_expect_float_eq(t.targets[0].percent, 99.9, 1e-9);
    cr_expect_float_eq(t.durability_percent, 99.999999999, 1e-12);
    cr_expect_eq(t.durability_line, 6);
    sla_terms_release(&t);
}

Test(sla_commitment, durability_word_before_or_after_the_figure)
{
    const char *after = "We guarantee 99.999999999% durability of stored objects";
    const char *before = "Durability of 99.9999% for every bucket";
    const char *both = "99.99% availability and 99.999999999% durability";
    cr_expect(sla_commitment_is_durability(after, strlen(after), 13));
    cr_expect(sla_commitment_is_durability(before, strlen(before), 14));
    cr_expect_not(sla_commitment_is_durability(both, strlen(both), 0));
    cr_expect(sla_commitment_is_durability(both, strlen(both), 24));
}

Test(sla_commitment, measure_from_the_uptime_definition)
{
    struct sla_terms t;
    extract("# SLA\n\nWe guarantee a monthly uptime of 99.9%.\n\n"
            "Availability is the percentage of successful requests out of all valid requests.\n",
            &t);
    cr_assert_eq(t.ntargets, 1);
    cr_expect_eq(t.targets[0].measure, SLA_MEASURE_REQUESTS);
    sla_terms_release(&t);
    extract("# SLA\n\nWe guarantee a monthly uptime of 99.9%.\n", &t);
    cr_assert_eq(t.ntargets, 1);
    cr_expect_eq(t.targets[0].measure, SLA_MEASURE_UNKNOWN, "no definition: unknown");
    sla_terms_release(&t);
}

Test(sla_commitment, german_eligibility_and_region)
{
    struct sla_terms t;
    extract("# SLA\n\nDie Fichte GmbH sichert eine Verfügbarkeit von mindestens 99,95 Prozent im "
            "monatlichen Durchschnitt in der Region EU zu.\n\n"
            "Die Zusage gilt nur für Kunden mit mindestens drei Replikaten.\n",
            &t);
    cr_assert_eq(t.ntargets, 1);
    cr_expect_str_eq(t.targets[0].scope_region ? t.targets[0].scope_region : "(none)", "EU");
    cr_expect_eq(t.targets[0].neligibility, 1);
    sla_terms_release(&t);
}

Test(sla_commitment, a_claim_or_a_missed_target_is_no_condition)
{
    struct sla_terms t;
    extract("# SLA\n\nWe commit to 99.9% monthly uptime.\n\n"
            "If we do not meet the commitment, you will be eligible to receive a credit.\n\n"
            "A claim requires the customer to submit a ticket within 30 days.\n",
            &t);
    cr_assert_eq(t.ntargets, 1);
    cr_expect_eq(t.targets[0].neligibility, 0);
    sla_terms_release(&t);
}

Test(sla_commitment, corrected_json_is_read_back)
{
    const char *json =
        "{\"uptime_targets\": [{\"percent\": 99.95, \"window\": \"month\", \"measure\": "
        "\"requests\", \"scope_of\": {\"service\": \"Storage\", \"region\": \"EU\", \"plan\": "
        "null, "
        "\"operation\": \"write\"}, \"eligibility\": [{\"text\": \"multi-AZ only\", \"line\": 7}, "
        "\"dedicated plans only\"]}], \"durability_percent\": 99.999, \"durability_line\": 9}";
    struct sla_terms t, back;
    struct sl_diag d = {0};
    sla_terms_init(&t);
    cr_assert_eq(sla_json_read(json, strlen(json), "t.json", &t, &d), SL_OK, "%s", d.message);
    const struct sla_uptime_target *u = &t.targets[0];
    cr_expect_eq(u->measure, SLA_MEASURE_REQUESTS);
    cr_expect_str_eq(u->scope_service, "Storage");
    cr_expect_str_eq(u->scope_region, "EU");
    cr_expect_null(u->scope_plan);
    cr_expect_str_eq(u->scope_operation, "write");
    cr_assert_eq(u->neligibility, 2);
    cr_expect_str_eq(u->eligibility[0].text, "multi-AZ only");
    cr_expect_eq(u->eligibility[0].line, 7);
    cr_expect_str_eq(u->eligibility[1].text, "dedicated plans only");
    cr_expect_float_eq(t.durability_percent, 99.999, 1e-9);
    cr_expect_eq(t.durability_line, 9);
    struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;
    cr_assert_eq(sla_json_write(&a, &t, 1), SL_OK);
    sla_terms_init(&back);
    cr_assert_eq(sla_json_read(a.buf, a.len, "t.json", &back, &d), SL_OK, "%s", d.message);
    cr_assert_eq(sla_json_write(&b, &back, 1), SL_OK);
    cr_expect_str_eq(a.buf, b.buf);
    cr_expect(strstr(a.buf, "\"measure\":\"requests\""), "%s", a.buf);
    strbuf_release(&a);
    strbuf_release(&b);
    sla_terms_release(&t);
    sla_terms_release(&back);
}

Test(sla_commitment, a_wrong_measure_or_operation_is_named)
{
    const char *bad[] = {
        "{\"uptime_targets\": [{\"percent\": 99.9, \"measure\": \"latency\"}]}",
        "{\"uptime_targets\": [{\"percent\": 99.9, \"scope_of\": {\"operation\": \"delete\"}}]}",
    };
    const char *field[] = {"measure", "operation"};
    for (size_t i = 0; i < 2; i++) {
        struct sla_terms t;
        struct sl_diag d = {0};
        sla_terms_init(&t);
        cr_expect_eq(sla_json_read(bad[i], strlen(bad[i]), "t.json", &t, &d), SL_ERR_INPUT);
        cr_expect(strstr(d.message, field[i]), "%s", d.message);
    }
}

Test(sla_commitment, scorecard_says_minutes_of_requests_are_approximate)
{
    struct sla_terms t;
    struct sla_scorecard sc;
    sla_terms_init(&t);
    t.targets = calloc(2, sizeof *t.targets);
    t.ntargets = 2;
    t.targets[0].percent = 99.9;
    t.targets[0].measure = SLA_MEASURE_REQUESTS;
    t.targets[1].percent = 99.5;
    t.targets[1].measure = SLA_MEASURE_TIME;
    cr_assert_eq(sla_score(&t, &sc), SL_OK);
    cr_expect(sc.allowed[0].approximate);
    cr_expect_str_eq(sc.allowed[0].measure, "requests");
    cr_expect_not(sc.allowed[1].approximate);
    sla_scorecard_release(&sc);
    sla_terms_release(&t);
}
