/* test_model.c — the status and severity vocabularies (engine/model.c): names,
 * accepted words, the worst-is-largest order, severity labels, and merged
 * incident states. */
#include <criterion/criterion.h>

#include "engine/model/model.h"

Test(model, status_names_round_trip)
{
    for (int s = 0; s < SVC_STATUS_COUNT; s++) {
        enum svc_status back = SVC_STATUS_COUNT;
        const char *name = svc_status_name((enum svc_status)s);
        cr_assert(svc_status_parse(name, &back), "'%s' does not parse", name);
        cr_assert_eq((int)back, s, "'%s' parsed as %d", name, back);
    }
    cr_assert_str_eq(svc_status_name(SVC_DOWN), "down");
    cr_assert_str_eq(svc_status_name(SVC_PARTIAL), "partial");
    cr_assert_str_eq(svc_status_name(SVC_STATUS_COUNT), "unknown");
}

Test(model, status_words)
{
    static const struct {
        const char *word;
        enum svc_status status;
    } cases[] = {
        {"UP", SVC_UP},
        {"Operational", SVC_UP},
        {"1", SVC_UP},
        {"0", SVC_DOWN},
        {"major_outage", SVC_DOWN},
        {"Outage", SVC_DOWN},
        {"Partial_Outage", SVC_PARTIAL},
        {"degraded_performance", SVC_DEGRADED},
        {"slow", SVC_DEGRADED},
        {"under_maintenance", SVC_MAINTENANCE},
        {"unknown", SVC_UNKNOWN},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        enum svc_status s = SVC_STATUS_COUNT;
        cr_assert(svc_status_parse(cases[i].word, &s), "'%s'", cases[i].word);
        cr_assert_eq(s, cases[i].status, "'%s'", cases[i].word);
    }
    enum svc_status s = SVC_UP;
    cr_assert_not(svc_status_parse("exploded", &s));
    cr_assert_not(svc_status_parse("", &s));
    cr_assert_not(svc_status_parse("upp", &s));
}

Test(model, worst_status_is_largest)
{
    /* availability takes the largest value as the worst */
    cr_assert_gt(SVC_DOWN, SVC_MAINTENANCE);
    cr_assert_gt(SVC_MAINTENANCE, SVC_PARTIAL);
    cr_assert_gt(SVC_PARTIAL, SVC_DEGRADED);
    cr_assert_gt(SVC_DEGRADED, SVC_UP);
    cr_assert_gt(SVC_UP, SVC_UNKNOWN);
}

Test(model, severity_labels)
{
    cr_assert_str_eq(severity_normalise("P1"), "sev1");
    cr_assert_str_eq(severity_normalise("critical"), "sev1");
    cr_assert_str_eq(severity_normalise("Critical"), "sev1");
    cr_assert_str_eq(severity_normalise("SEV-2"), "sev2");
    cr_assert_str_eq(severity_normalise("high"), "sev2");
    cr_assert_str_eq(severity_normalise(" p3"), "sev3");
    cr_assert_str_eq(severity_normalise("low"), "sev4");
    cr_assert_str_eq(severity_normalise("info"), "sev5");
    cr_assert_str_eq(severity_normalise("sev0"), "sev1");
    cr_assert_null(severity_normalise("P7"));
    cr_assert_null(severity_normalise("Urgent-ish"));
    cr_assert_null(severity_normalise(""));
    cr_assert_null(severity_normalise(NULL));
}

Test(model, severity_rank)
{
    cr_assert_eq(severity_rank("sev1"), 1);
    cr_assert_eq(severity_rank("sev5"), 5);
    cr_assert_eq(severity_rank("sev6"), 0);
    cr_assert_eq(severity_rank("sev10"), 0);
    cr_assert_eq(severity_rank("p1"), 0);
    cr_assert_eq(severity_rank(NULL), 0);
    /* every normalised label ranks 1..5 */
    static const char *const labels[] = {"P1", "p2", "medium", "minor", "informational", NULL};
    for (size_t i = 0; labels[i]; i++) {
        int r = severity_rank(severity_normalise(labels[i]));
        cr_assert(r >= 1 && r <= 5, "%s ranks %d", labels[i], r);
    }
}

Test(model, merged_states)
{
    cr_assert(incident_state_is_merged("merged"));
    cr_assert(incident_state_is_merged("Duplicate"));
    cr_assert_not(incident_state_is_merged("resolved"));
    cr_assert_not(incident_state_is_merged(NULL));
}
