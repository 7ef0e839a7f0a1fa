/* target.c — the default target, the profile's objective read from its
 * stored record, and targets compared and written as documents write them. */
#include "engine/measure/target.h"

#include <math.h>
#include <string.h>

#include "engine/base/jsondoc.h"
#include "engine/store/store.h"

/* The kind of audit record an entity profile is stored as (the record kinds
 * are named in engine/audit/auditrec.h, which this folder may not include;
 * test_eval checks that the two agree). */
static const char profile_kind[] = "profile";

/* Percents are written to at most 9 decimals. */
#define PERCENT_SCALE 1e9

const char *
target_source_phrase(enum target_source s)
{
    switch (s) {
    case TARGET_OBJECTIVE:
        return "the profile's objective";
    case TARGET_COMMITMENT:
        return "the commitment's target";
    default:
        return "the default target";
    }
}

const char *
target_source_name(enum target_source s)
{
    switch (s) {
    case TARGET_OBJECTIVE:
        return "objective";
    case TARGET_COMMITMENT:
        return "commitment";
    default:
        return "default";
    }
}

double
target_fraction(double percent)
{
    return round(percent * PERCENT_SCALE) / (100.0 * PERCENT_SCALE);
}

bool
target_same(double a_percent, double b_percent)
{
    if (isnan(a_percent) || isnan(b_percent))
        return isnan(a_percent) && isnan(b_percent);
    return round(a_percent * PERCENT_SCALE) == round(b_percent * PERCENT_SCALE);
}

static int
take_objective(void *ctx, const struct audit_record *r)
{
    double *percent = ctx;
    struct json_node *root = NULL;
    struct sl_diag ignored;
    double v;
    if (!jsondoc_load_buffer(r->fields, strlen(r->fields), r->source, r->line, &root, &ignored) &&
        jsondoc_number(jsondoc_get(root, "slo_percent"), &v) && v > 0 && v <= 100)
        *percent = v;
    jsondoc_free(root);
    return 1; /* the first record only */
}

enum sl_status
target_objective(struct store *st, const char *entity, double *percent, struct sl_diag *diag)
{
    *percent = NAN;
    return store_each_audit_record(st, entity, profile_kind, take_objective, percent, diag);
}
