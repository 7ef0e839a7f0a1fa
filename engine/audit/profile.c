/* profile.c — an entity's profile from its stored JSON. */
#include "engine/audit/profile.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/jsondoc.h"
#include "engine/model/model.h"
#include "engine/time/sltime.h"

void
profile_init(struct profile *p)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < 6; i++)
        p->response_minutes[i] = NAN;
    p->slo_percent = p->maintenance_notice_hours = p->maintenance_cap_hours = NAN;
    p->rto_stated_minutes = p->rto_measured_minutes = NAN;
    p->retention_incidents_months = p->retention_logs_months = NAN;
    p->retention_postmortems_months = NAN;
    p->ir_plan_test = p->bcp_dr_test = p->backup_restore_test = SLTIME_NONE;
    p->oncall_24x7 = true;
}

static void
free_strings(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

void
profile_release(struct profile *p)
{
    free_strings(p->regimes, p->nregimes);
    free_strings(p->critical_services, p->ncritical);
    for (size_t i = 0; i < p->nthresholds; i++)
        free(p->thresholds[i].name);
    free(p->thresholds);
    free(p->holidays);
    free(p->dora_class);
    free(p->zone);
    free(p->source);
    profile_init(p);
}

struct reader {
    const char *zone;
    struct sl_diag *diag;
    enum sl_status rc;
};

static void
bad(struct reader *r, const char *field, const char *want)
{
    if (!r->rc)
        r->rc =
            diag_set(r->diag, SL_ERR_INPUT, "", 0, "profile field '%s' must be %s", field, want);
}

static char *
lower_copy(const char *s)
{
    char *c = strdup(s);
    for (char *q = c; q && *q; q++)
        if (*q >= 'A' && *q <= 'Z')
            *q = (char)(*q - 'A' + 'a');
    return c;
}

static void
string_list(struct reader *r, const struct json_node *root, const char *field, bool lower,
            char ***out, size_t *n)
{
    const struct json_node *a = jsondoc_get(root, field);
    if (!a)
        return;
    if (jsondoc_kind(a) != JNODE_ARRAY) {
        bad(r, field, "a list of words");
        return;
    }
    size_t len = jsondoc_size(a);
    *out = calloc(len ? len : 1, sizeof **out);
    if (!*out) {
        r->rc = SL_ERR_NOMEM;
        return;
    }
    for (size_t i = 0; i < len; i++) {
        const char *s = jsondoc_string(jsondoc_at(a, i));
        if (!s) {
            bad(r, field, "a list of words");
            return;
        }
        if (!((*out)[(*n)++] = lower ? lower_copy(s) : strdup(s)))
            r->rc = SL_ERR_NOMEM;
    }
}

static int64_t
date_of(struct reader *r, const struct json_node *n, const char *field)
{
    const char *s = jsondoc_string(n);
    int64_t t;
    bool had;
    const char *why;
    if (!s || sltime_parse(s, strlen(s), r->zone, &t, &had, &why)) {
        bad(r, field, "a date (YYYY-MM-DD)");
        return SLTIME_NONE;
    }
    return t;
}

static double
number_at(struct reader *r, const struct json_node *root, const char *object, const char *field)
{
    const struct json_node *n =
        object ? jsondoc_get(jsondoc_get(root, object), field) : jsondoc_get(root, field);
    double v = NAN;
    if (n && !jsondoc_number(n, &v)) {
        char name[96];
        snprintf(name, sizeof name, "%s%s%s", object ? object : "", object ? "." : "", field);
        bad(r, name, "a number");
    }
    return v;
}

static int64_t
date_at(struct reader *r, const struct json_node *root, const char *object, const char *field)
{
    const struct json_node *n = jsondoc_get(jsondoc_get(root, object), field);
    return n ? date_of(r, n, field) : SLTIME_NONE;
}

struct threshold_walk {
    struct profile *p;
    struct reader *r;
};

static int
threshold_member(void *ctx, const char *key, struct json_node *value)
{
    struct threshold_walk *w = ctx;
    double v;
    if (!jsondoc_number(value, &v)) {
        bad(w->r, key, "a number");
        return 1;
    }
    struct profile_threshold *t = &w->p->thresholds[w->p->nthresholds];
    if (!(t->name = strdup(key))) {
        w->r->rc = SL_ERR_NOMEM;
        return 1;
    }
    t->value = v;
    w->p->nthresholds++;
    return 0;
}

enum sl_status
profile_from_json(struct profile *p, const char *json, const char *zone, struct sl_diag *diag)
{
    struct json_node *root = NULL;
    struct reader r = {zone, diag, SL_OK};
    if ((r.rc = jsondoc_load_buffer(json, strlen(json), "profile", 1, &root, diag)))
        return r.rc;
    p->present = true;
    const char *z = jsondoc_get_string(root, "zone");
    if (z) {
        if (!sltime_zone_valid(z)) {
            bad(&r, "zone", "an IANA time zone");
            goto out;
        }
        p->zone = strdup(z);
        r.zone = p->zone;
    }
    const char *cls = jsondoc_get_string(root, "dora_class");
    if (cls)
        p->dora_class = lower_copy(cls);
    string_list(&r, root, "regimes", true, &p->regimes, &p->nregimes);
    string_list(&r, root, "critical_services", false, &p->critical_services, &p->ncritical);
    const struct json_node *h = jsondoc_get(root, "holidays");
    if (h && jsondoc_size(h)) {
        if (!(p->holidays = calloc(jsondoc_size(h), sizeof *p->holidays))) {
            r.rc = SL_ERR_NOMEM;
            goto out;
        }
        for (size_t i = 0; i < jsondoc_size(h) && !r.rc; i++) {
            int64_t t = date_of(&r, jsondoc_at(h, i), "holidays");
            if (t == SLTIME_NONE)
                continue; /* a bad date is reported; there is no day to convert */
            struct sl_civil c;
            sltime_to_civil(t, r.zone, &c, NULL);
            p->holidays[p->nholidays++] = sltime_days_from_civil(c.year, c.month, c.day);
        }
    }
    const struct json_node *th = jsondoc_get(root, "thresholds");
    if (th && jsondoc_size(th)) {
        if (!(p->thresholds = calloc(jsondoc_size(th), sizeof *p->thresholds))) {
            r.rc = SL_ERR_NOMEM;
            goto out;
        }
        struct threshold_walk w = {p, &r};
        jsondoc_each_member(th, threshold_member, &w);
    }
    for (int s = 1; s <= 5; s++) {
        char sev[16];
        snprintf(sev, sizeof sev, "sev%d", s);
        p->response_minutes[s] = number_at(&r, root, "response_minutes", sev);
    }
    p->slo_percent = number_at(&r, root, NULL, "slo_percent");
    p->maintenance_notice_hours = number_at(&r, root, NULL, "maintenance_notice_hours");
    p->maintenance_cap_hours = number_at(&r, root, NULL, "maintenance_cap_hours");
    p->ir_plan_test = date_at(&r, root, "tests", "ir_plan");
    p->bcp_dr_test = date_at(&r, root, "tests", "bcp_dr");
    p->backup_restore_test = date_at(&r, root, "tests", "backup_restore");
    p->rto_stated_minutes = number_at(&r, root, "rto_minutes", "stated");
    p->rto_measured_minutes = number_at(&r, root, "rto_minutes", "measured");
    p->retention_incidents_months = number_at(&r, root, "retention_months", "incidents");
    p->retention_logs_months = number_at(&r, root, "retention_months", "logs");
    p->retention_postmortems_months = number_at(&r, root, "retention_months", "postmortems");
    bool b;
    if (jsondoc_bool(jsondoc_get(root, "oncall_24x7"), &b))
        p->oncall_24x7 = b;
out:
    jsondoc_free(root);
    if (r.rc == SL_ERR_NOMEM)
        diag_set(diag, r.rc, "", 0, "out of memory reading the profile");
    return r.rc;
}

bool
profile_has_regime(const struct profile *p, const char *regime)
{
    for (size_t i = 0; i < p->nregimes; i++)
        if (!strcmp(p->regimes[i], regime))
            return true;
    return false;
}

bool
profile_is_critical(const struct profile *p, const char *service)
{
    for (size_t i = 0; service && i < p->ncritical; i++)
        if (!strcmp(p->critical_services[i], service))
            return true;
    return false;
}

double
profile_threshold(const struct profile *p, const char *rule_id, const char *param)
{
    size_t n = strlen(rule_id);
    for (size_t i = 0; i < p->nthresholds; i++) {
        const char *name = p->thresholds[i].name;
        if (!strncmp(name, rule_id, n) && name[n] == '.' && !strcmp(name + n + 1, param))
            return p->thresholds[i].value;
    }
    return NAN;
}
