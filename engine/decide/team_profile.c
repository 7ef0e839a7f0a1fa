/* team_profile.c — reads the team profile of `slaudit decide`. The fields are
 * a table: adding one is one row. The document is read as a tree (JSON
 * through engine/jsondoc.h, YAML through engine/yamldoc.h) and every field is
 * checked for type and range, so a typo fails with the field's name instead
 * of silently taking a default. */
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/infile.h"
#include "engine/base/jsondoc.h"
#include "engine/base/jsonw.h"
#include "engine/base/strbuf.h"
#include "engine/decide/team_profile.h"
#include "engine/base/yamldoc.h"

static const char *const team_type_names[TEAM_TYPE_COUNT] = {"small-ai", "product", "platform",
                                                             "research"};

const char *
team_type_name(enum team_type t)
{
    assert(t >= 0 && t < TEAM_TYPE_COUNT);
    return team_type_names[t];
}

bool
team_type_parse(const char *text, enum team_type *out)
{
    for (int i = 0; i < TEAM_TYPE_COUNT; i++) {
        if (!strcmp(text, team_type_names[i])) {
            *out = (enum team_type)i;
            return true;
        }
    }
    return false;
}

void
team_profile_init(struct team_profile *p)
{
    memset(p, 0, sizeof *p);
    p->type = TEAM_TYPE_COUNT;
    /* Required counts start below their range, so an absent one is seen. */
    p->size = -1;
    p->platform_engineers = -1;
    p->rotation_size = -1;
    p->hours_covered_week = NAN;
    p->research_hours_week = NAN;
    p->uptime_commitment = NAN;
    p->capacity_needed_weeks = NAN;
    p->ramp_weeks = TEAM_PROFILE_RAMP_WEEKS;
    p->ramp_horizon_months = TEAM_PROFILE_RAMP_HORIZON;
    p->engineer_hour = NAN;
    p->gpu_hour_self = NAN;
    p->managed_premium = NAN;
    p->downtime_hour = 0;
    p->lost_research_hour = 0;
    p->routine_ops_hours = NAN;
    p->on_call_hour = 0;
    /* A sev1 pulls in an incident commander, a responder and a subject
     * expert; a sev2 two engineers; the rest one. */
    p->responders[0] = 1;
    p->responders[1] = 3;
    p->responders[2] = 2;
    p->responders[3] = 1;
    p->responders[4] = 1;
    p->responders[5] = 1;
    p->provider_involvement = TEAM_PROFILE_INVOLVEMENT;
    p->managed_ops_share = TEAM_PROFILE_MANAGED_OPS_SHARE;
    p->tie_margin = TEAM_PROFILE_TIE_MARGIN;
    p->work_hours_month = TEAM_PROFILE_WORK_HOURS_MONTH;
    for (size_t i = 0; i < TEAM_PROFILE_MAX_PROVIDERS; i++) {
        p->providers[i].gpu_hour = NAN;
        p->providers[i].capacity_gpus = NAN;
        p->providers[i].operations_gpu_hour = NAN;
    }
}

void
team_profile_release(struct team_profile *p)
{
    free(p->name);
    free(p->entity);
    free(p->zone);
    free(p->currency);
    for (size_t i = 0; i < p->nworkloads; i++)
        free(p->workloads[i].name);
    for (size_t i = 0; i < p->nproviders; i++) {
        free(p->providers[i].entity);
        for (size_t k = 0; k < p->providers[i].nservices; k++)
            free(p->providers[i].services[k]);
    }
    team_profile_init(p);
}

double
team_profile_provider_rate(const struct team_profile *p, size_t i)
{
    assert(i < p->nproviders);
    if (p->providers[i].own_hardware)
        return p->gpu_hour_self;
    if (!isnan(p->providers[i].gpu_hour))
        return p->providers[i].gpu_hour;
    return p->gpu_hour_self * (1.0 + p->managed_premium);
}

double
team_profile_exposure(const struct team_profile *p, size_t i, int gpus)
{
    assert(i < p->nproviders);
    double cap = p->providers[i].capacity_gpus;
    if (isnan(cap) || cap <= 0)
        return 1.0;
    return gpus >= cap ? 1.0 : gpus / cap;
}

int
team_profile_gpus(const struct team_profile *p)
{
    return p->research_gpus + p->production_gpus;
}

void
team_profile_regulate_all(struct team_profile *p, bool on)
{
    p->regulated = on;
    p->regulated_research_gpus = on ? p->research_gpus : 0;
    p->regulated_production_gpus = on ? p->production_gpus : 0;
    for (size_t i = 0; i < p->nworkloads; i++)
        p->workloads[i].regulated = on;
}

static const char *const constraint_names[TEAM_CONSTRAINT_COUNT] = {
    "air-gapped", "sovereign", "custom-hardware", "customisation"};

const char *
team_constraint_name(unsigned bit)
{
    for (int i = 0; i < TEAM_CONSTRAINT_COUNT; i++)
        if (bit == 1u << i)
            return constraint_names[i];
    return NULL;
}

double
team_profile_operations_rate(const struct team_profile *p, size_t i)
{
    return p->providers[i].own_hardware ? p->providers[i].operations_gpu_hour : 0;
}

unsigned
team_profile_unmet(const struct team_profile *p, size_t i, unsigned constraints)
{
    /* On the team's own hardware, in its own site, the provider meets the
     * site and the hardware; nobody outside operates an air gap, and no
     * managed service runs a stack changed beyond its own. */
    unsigned met =
        p->providers[i].own_hardware ? TEAM_NEEDS_SOVEREIGN_SITE | TEAM_NEEDS_CUSTOM_HARDWARE : 0;
    return constraints & ~met;
}

void
team_workload_names(const struct team_profile *p, int production, bool regulated_only,
                    unsigned bits, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < p->nworkloads; i++) {
        const struct team_workload *w = &p->workloads[i];
        if ((production >= 0 && w->production != (production != 0)) ||
            (regulated_only && !w->regulated) || (bits && !(w->constraints & bits)))
            continue;
        int n = snprintf(out + used, size - used, "%s%s", used ? ", " : "", w->name);
        if (n < 0 || (size_t)n >= size - used)
            return;
        used += (size_t)n;
    }
}

/* How a field is read. PERCENT fields are written as percent and stored as a
 * fraction. */
enum field_kind { F_INT, F_NUM, F_PERCENT, F_STR, F_BOOL, F_TEAM_TYPE };

struct field {
    const char *section; /* NULL: top level */
    const char *key;
    enum field_kind kind;
    size_t offset;
    bool required;
    double min, max;
};

#define OFF(m) offsetof(struct team_profile, m)
static const struct field fields[] = {
    {"team", "name", F_STR, OFF(name), false, 0, 0},
    {"team", "type", F_TEAM_TYPE, OFF(type), true, 0, 0},
    {"team", "size", F_INT, OFF(size), true, 1, 1e6},
    {"team", "platform_engineers", F_INT, OFF(platform_engineers), true, 0, 1e5},
    {"team", "entity", F_STR, OFF(entity), true, 0, 0},
    {"team", "zone", F_STR, OFF(zone), false, 0, 0},
    {"on_call", "rotation_size", F_INT, OFF(rotation_size), true, 0, 1e5},
    {"on_call", "hours_covered_per_week", F_NUM, OFF(hours_covered_week), true, 0, 168},
    {"on_call", "research_hours_covered_per_week", F_NUM, OFF(research_hours_week), false, 0, 168},
    {"workloads", "regulated", F_BOOL, OFF(regulated), false, 0, 0},
    {"research", "gpus", F_INT, OFF(research_gpus), false, 0, 1e7},
    {"production_inference", "gpus", F_INT, OFF(production_gpus), false, 0, 1e7},
    {"production_inference", "uptime_commitment_percent", F_PERCENT, OFF(uptime_commitment), false,
     0, 100},
    {"capacity", "needed_within_weeks", F_NUM, OFF(capacity_needed_weeks), false, 0, 1e4},
    {"capacity", "self_managed_ramp_weeks", F_NUM, OFF(ramp_weeks), false, 0, 1e4},
    {"capacity", "ramp_horizon_months", F_NUM, OFF(ramp_horizon_months), false, 1, 600},
    {"costs", "currency", F_STR, OFF(currency), false, 0, 0},
    {"costs", "engineer_hour", F_NUM, OFF(engineer_hour), true, 0, 1e6},
    {"costs", "gpu_hour_self", F_NUM, OFF(gpu_hour_self), true, 0, 1e5},
    {"costs", "managed_premium_percent", F_PERCENT, OFF(managed_premium), true, 0, 1000},
    {"costs", "downtime_hour", F_NUM, OFF(downtime_hour), false, 0, 1e9},
    {"costs", "lost_research_hour", F_NUM, OFF(lost_research_hour), false, 0, 1e9},
    {"costs", "routine_ops_hours_per_month", F_NUM, OFF(routine_ops_hours), true, 0, 1e6},
    {"costs", "on_call_hour", F_NUM, OFF(on_call_hour), false, 0, 1e5},
    {"costs", "audit_finding", F_NUM, OFF(audit_finding), false, 0, 1e9},
    {"assumptions", "provider_incident_involvement", F_NUM, OFF(provider_involvement), false, 0,
     100},
    {"assumptions", "managed_routine_ops_percent", F_PERCENT, OFF(managed_ops_share), false, 0,
     100},
    {"assumptions", "tie_margin_percent", F_PERCENT, OFF(tie_margin), false, 0, 100},
    {"assumptions", "work_hours_per_month", F_NUM, OFF(work_hours_month), false, 1, 744},
    {"decision", "require_measured_data", F_BOOL, OFF(require_measured), false, 0, 0},
    {NULL, NULL, F_INT, 0, false, 0, 0},
};
#undef OFF

/* Sections and where they sit: workloads.research is "research". */
static const struct {
    const char *name, *parent;
} sections[] = {
    {"team", NULL},
    {"on_call", NULL},
    {"workloads", NULL},
    {"research", "workloads"},
    {"production_inference", "workloads"},
    {"capacity", NULL},
    {"costs", NULL},
    {"assumptions", NULL},
    {"providers", NULL},
    {"responders", "assumptions"},
    {"decision", NULL},
    {NULL, NULL},
};

/* Where each key of a YAML profile sits ("team", "team.size",
 * "workloads.research.gpus"), so a message can name the line. JSON profiles
 * carry no lines (jansson keeps none per node). */
#define LINE_MAP_MAX 160
struct line_map {
    char path[LINE_MAP_MAX][96];
    long line[LINE_MAP_MAX];
    size_t n;
};

struct reader {
    const char *name;
    const struct line_map *lines; /* NULL for JSON */
    struct team_profile *p;
    struct sl_diag *diag;
    enum sl_status status;
    const char *section; /* while walking a section's members */
    const char *item;    /* while walking a list item's members: its path */
};

static int fail_at(struct reader *r, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The line of path in the document, 0 when unknown. */
static long
line_of(const struct reader *r, const char *path)
{
    if (!r->lines || !path)
        return 0;
    for (size_t i = 0; i < r->lines->n; i++)
        if (!strcmp(r->lines->path[i], path))
            return r->lines->line[i];
    return 0;
}

/* Records the first problem (later ones are consequences) at the line of
 * path (NULL: none) and returns 1, so a member callback can
 * `return fail(...)` to stop the walk. */
static int
fail_at(struct reader *r, const char *path, const char *fmt, ...)
{
    if (r->status == SL_OK) {
        va_list ap;
        va_start(ap, fmt);
        r->status = diag_vset(r->diag, SL_ERR_INPUT, r->name, line_of(r, path), fmt, ap);
        va_end(ap);
    }
    return 1;
}

#define fail(r, ...) fail_at(r, NULL, __VA_ARGS__)

static const char *
section_path(const char *section, char out[64])
{
    for (size_t i = 0; sections[i].name; i++) {
        if (!strcmp(sections[i].name, section) && sections[i].parent) {
            snprintf(out, 64, "%s.%s", sections[i].parent, section);
            return out;
        }
    }
    snprintf(out, 64, "%s", section);
    return out;
}

static int
read_field(struct reader *r, const struct field *f, struct json_node *v)
{
    char path[64], full[128];
    section_path(f->section, path);
    snprintf(full, sizeof full, "%s.%s", path, f->key);
    char *base = (char *)r->p;
    double d;
    bool b;
    const char *s;
    switch (f->kind) {
    case F_STR:
        if (!(s = jsondoc_string(v)) || !*s)
            return fail_at(r, full, "%s: expected text", full);
        char **slot = (char **)(void *)(base + f->offset);
        free(*slot);
        if (!(*slot = strdup(s))) {
            r->status = diag_set(r->diag, SL_ERR_NOMEM, r->name, 0, "out of memory");
            return 1;
        }
        return 0;
    case F_BOOL:
        if (!jsondoc_bool(v, &b))
            return fail_at(r, full, "%s: expected true or false", full);
        *(bool *)(void *)(base + f->offset) = b;
        return 0;
    case F_TEAM_TYPE:
        if (!(s = jsondoc_string(v)) ||
            !team_type_parse(s, (enum team_type *)(void *)(base + f->offset)))
            return fail_at(r, full, "%s: expected small-ai, product, platform or research", full);
        return 0;
    case F_INT:
    case F_NUM:
    case F_PERCENT:
        if (!jsondoc_number(v, &d) || !isfinite(d))
            return fail_at(r, full, "%s: expected a number", full);
        if (d < f->min || d > f->max) {
            char range[64];
            snprintf(range, sizeof range, " between %g and %g", f->min, f->max);
            return fail_at(r, full, "%s: out of range: expected a number%s", full, range);
        }
        if (f->kind == F_INT) {
            if (d != floor(d))
                return fail_at(r, full, "%s: expected a whole number", full);
            *(int *)(void *)(base + f->offset) = (int)d;
        } else {
            *(double *)(void *)(base + f->offset) = f->kind == F_PERCENT ? d / 100.0 : d;
        }
        return 0;
    }
    return 0;
}

static int
read_responder(void *ctx, const char *key, struct json_node *v)
{
    struct reader *r = ctx;
    static const char *const sev[] = {"unknown", "sev1", "sev2", "sev3", "sev4", "sev5"};
    double d;
    for (int i = 0; i <= 5; i++) {
        if (strcmp(key, sev[i]))
            continue;
        if (!jsondoc_number(v, &d) || !(d >= 0 && d <= 100))
            return fail(r, "assumptions.responders.%s: expected a number between 0 and 100", key);
        r->p->responders[i] = d;
        return 0;
    }
    return fail(r, "assumptions.responders: unknown key '%s' (sev1..sev5, unknown)", key);
}

static int read_section(void *ctx, const char *key, struct json_node *v);

static int
read_member(void *ctx, const char *key, struct json_node *v)
{
    struct reader *r = ctx;
    for (const struct field *f = fields; f->key; f++) {
        if (!strcmp(f->section, r->section) && !strcmp(f->key, key))
            return read_field(r, f, v);
    }
    for (size_t i = 0; sections[i].name; i++) {
        if (sections[i].parent && !strcmp(sections[i].parent, r->section) &&
            !strcmp(sections[i].name, key))
            return read_section(ctx, key, v);
    }
    char path[64], full[128];
    section_path(r->section, path);
    snprintf(full, sizeof full, "%s.%s", path, key);
    return fail_at(r, full, "%s: unknown field '%s' (docs/decide.md lists the fields)", path, key);
}

static int
read_providers(struct reader *r, struct json_node *v)
{
    if (jsondoc_kind(v) != JNODE_ARRAY)
        return fail(r, "providers: expected a list of {entity, gpu_hour}");
    size_t n = jsondoc_size(v);
    if (n > TEAM_PROFILE_MAX_PROVIDERS)
        return fail(r, "providers: more than %d candidates", TEAM_PROFILE_MAX_PROVIDERS);
    for (size_t i = 0; i < n; i++) {
        struct json_node *e = jsondoc_at(v, i);
        const char *entity = jsondoc_string(e);
        struct json_node *rate = NULL;
        if (!entity) {
            entity = jsondoc_get_string(e, "entity");
            rate = jsondoc_get(e, "gpu_hour");
        }
        if (!entity || strncmp(entity, "provider:", 9) || !entity[9])
            return fail(r, "providers: each needs an entity 'provider:NAME'");
        struct team_provider *tp = &r->p->providers[r->p->nproviders];
        memset(tp, 0, sizeof *tp);
        tp->gpu_hour = NAN;
        tp->capacity_gpus = NAN;
        if (rate && (!jsondoc_number(rate, &tp->gpu_hour) || !(tp->gpu_hour >= 0)))
            return fail(r, "providers: %s: gpu_hour must be a number >= 0", entity);
        const char *kind = jsondoc_string(e) ? NULL : jsondoc_get_string(e, "kind");
        if (kind && strcmp(kind, "cloud") && strcmp(kind, "own-hardware"))
            return fail(r, "providers: %s: kind must be cloud or own-hardware", entity);
        tp->own_hardware = kind && !strcmp(kind, "own-hardware");
        struct json_node *fee = jsondoc_string(e) ? NULL : jsondoc_get(e, "operations_gpu_hour");
        if (tp->own_hardware && rate)
            return fail(r,
                        "providers: %s: on the team's own hardware the GPUs cost "
                        "costs.gpu_hour_self; give the provider's fee as operations_gpu_hour",
                        entity);
        if (!tp->own_hardware && fee)
            return fail(r,
                        "providers: %s: operations_gpu_hour is the fee for operating the team's "
                        "own hardware (kind: own-hardware); a cloud's gpu_hour includes it",
                        entity);
        if (tp->own_hardware && (!fee || !jsondoc_number(fee, &tp->operations_gpu_hour) ||
                                 !(tp->operations_gpu_hour >= 0)))
            return fail(r, "providers: %s: own-hardware needs operations_gpu_hour, a number >= 0",
                        entity);
        struct json_node *cap = jsondoc_string(e) ? NULL : jsondoc_get(e, "capacity_gpus");
        if (cap && (!jsondoc_number(cap, &tp->capacity_gpus) || !(tp->capacity_gpus >= 1)))
            return fail(r, "providers: %s: capacity_gpus must be a number >= 1", entity);
        if (!(tp->entity = strdup(entity))) {
            r->status = diag_set(r->diag, SL_ERR_NOMEM, r->name, 0, "out of memory");
            return 1;
        }
        r->p->nproviders++;
        struct json_node *svc = jsondoc_string(e) ? NULL : jsondoc_get(e, "services");
        if (svc && (jsondoc_kind(svc) != JNODE_ARRAY || jsondoc_size(svc) == 0 ||
                    jsondoc_size(svc) > TEAM_PROFILE_MAX_SERVICES))
            return fail(r, "providers: %s: services must be a list of 1 to %d service names",
                        entity, TEAM_PROFILE_MAX_SERVICES);
        for (size_t k = 0; svc && k < jsondoc_size(svc); k++) {
            const char *name = jsondoc_string(jsondoc_at(svc, k));
            if (!name || !*name)
                return fail(r, "providers: %s: services must be a list of service names", entity);
            if (!(tp->services[tp->nservices] = strdup(name))) {
                r->status = diag_set(r->diag, SL_ERR_NOMEM, r->name, 0, "out of memory");
                return 1;
            }
            tp->nservices++;
        }
    }
    return 0;
}

/* Names the out-of-memory failure and stops the walk. */
static int
out_of_memory(struct reader *r)
{
    r->status = diag_set(r->diag, SL_ERR_NOMEM, r->name, 0, "out of memory");
    return 1;
}

static int
read_constraints(struct reader *r, const char *at, const char *name, struct json_node *v,
                 unsigned *out)
{
    if (jsondoc_kind(v) != JNODE_ARRAY)
        return fail_at(r, at, "workloads: %s: constraints must be a list", name);
    for (size_t k = 0; k < jsondoc_size(v); k++) {
        const char *c = jsondoc_string(jsondoc_at(v, k));
        unsigned bit = 0;
        for (int i = 0; c && i < TEAM_CONSTRAINT_COUNT; i++)
            if (!strcmp(c, constraint_names[i]))
                bit = 1u << i;
        if (!bit)
            return fail_at(r, at,
                           "workloads: %s: unknown constraint '%s' (air-gapped, sovereign, "
                           "custom-hardware or customisation)",
                           name, c ? c : "?");
        *out |= bit;
    }
    return 0;
}

/* One item of the workloads list: {name, gpus, criticality,
 * uptime_commitment_percent, regulated, constraints}. */
static int
read_workload(struct reader *r, size_t i, struct json_node *e)
{
    char at[32];
    snprintf(at, sizeof at, "workloads[%zu]", i);
    const char *name = jsondoc_get_string(e, "name");
    if (jsondoc_kind(e) != JNODE_OBJECT || !name || !*name)
        return fail_at(r, at, "workloads: item %zu needs a name", i + 1);
    for (size_t k = 0; k < r->p->nworkloads; k++)
        if (!strcmp(r->p->workloads[k].name, name))
            return fail_at(r, at, "workloads: %s is listed twice: give each workload once", name);
    struct team_workload *w = &r->p->workloads[r->p->nworkloads];
    memset(w, 0, sizeof *w);
    w->uptime_commitment = NAN;
    if (!(w->name = strdup(name)))
        return out_of_memory(r);
    r->p->nworkloads++;
    double d;
    struct json_node *gpus = jsondoc_get(e, "gpus");
    if (!gpus || !jsondoc_number(gpus, &d) || d != floor(d) || d < 1 || d > 1e7)
        return fail_at(r, at, "workloads: %s: gpus must be a whole number from 1", name);
    w->gpus = (int)d;
    struct json_node *commit = jsondoc_get(e, "uptime_commitment_percent");
    if (commit && (!jsondoc_number(commit, &d) || !(d > 0 && d <= 100)))
        return fail_at(
            r, at, "workloads: %s: uptime_commitment_percent must be above 0, at most 100", name);
    if (commit)
        w->uptime_commitment = d / 100.0;
    const char *crit = jsondoc_get_string(e, "criticality");
    if (crit && strcmp(crit, "production") && strcmp(crit, "research"))
        return fail_at(r, at, "workloads: %s: criticality must be production or research", name);
    /* A commitment makes it production unless it says otherwise. */
    w->production = crit ? !strcmp(crit, "production") : commit != NULL;
    if (w->production && !commit)
        return fail_at(r, at, "workloads: %s: production needs uptime_commitment_percent", name);
    if (!w->production && commit)
        return fail_at(r, at,
                       "workloads: %s: research carries no uptime commitment (criticality "
                       "production if users are promised one)",
                       name);
    struct json_node *reg = jsondoc_get(e, "regulated");
    if (reg && !jsondoc_bool(reg, &w->regulated))
        return fail_at(r, at, "workloads: %s: regulated: expected true or false", name);
    struct json_node *cons = jsondoc_get(e, "constraints");
    if (cons && read_constraints(r, at, name, cons, &w->constraints))
        return 1;
    return 0;
}

static int
check_workload_key(void *ctx, const char *key, struct json_node *v)
{
    (void)v;
    static const char *const keys[] = {
        "name",      "gpus",        "criticality", "uptime_commitment_percent",
        "regulated", "constraints", NULL};
    struct reader *r = ctx;
    for (size_t i = 0; keys[i]; i++)
        if (!strcmp(key, keys[i]))
            return 0;
    return fail_at(r, r->item,
                   "workloads: unknown field '%s' (name, gpus, criticality, "
                   "uptime_commitment_percent, regulated, constraints)",
                   key);
}

static int
read_workloads(struct reader *r, struct json_node *v)
{
    size_t n = jsondoc_size(v);
    if (n == 0 || n > TEAM_PROFILE_MAX_WORKLOADS)
        return fail_at(r, "workloads", "workloads: list 1 to %d workloads",
                       TEAM_PROFILE_MAX_WORKLOADS);
    for (size_t i = 0; i < n; i++) {
        struct json_node *e = jsondoc_at(v, i);
        char at[32];
        snprintf(at, sizeof at, "workloads[%zu]", i);
        r->item = at;
        if (jsondoc_kind(e) == JNODE_OBJECT)
            jsondoc_each_member(e, check_workload_key, r);
        r->item = NULL;
        if (r->status || read_workload(r, i, e))
            return 1;
    }
    return 0;
}

static int
read_section(void *ctx, const char *key, struct json_node *v)
{
    struct reader *r = ctx;
    if (!strcmp(key, "providers"))
        return read_providers(r, v);
    if (!strcmp(key, "workloads") && jsondoc_kind(v) == JNODE_ARRAY)
        return read_workloads(r, v);
    const char *outer = r->section;
    bool known = false;
    for (size_t i = 0; sections[i].name; i++)
        known |= !strcmp(sections[i].name, key) &&
                 (outer ? sections[i].parent && !strcmp(sections[i].parent, outer)
                        : !sections[i].parent);
    if (!known)
        return fail(r, "unknown section '%s' (docs/decide.md lists the fields)", key);
    if (jsondoc_kind(v) != JNODE_OBJECT)
        return fail(r, "%s: expected a mapping of fields", key);
    r->section = key;
    if (!strcmp(key, "responders"))
        jsondoc_each_member(v, read_responder, r);
    else
        jsondoc_each_member(v, read_member, r);
    r->section = outer;
    return r->status != SL_OK;
}

/* Facts that cannot all be true (docs/decide.md §1.1): refused at the line
 * of the fact that contradicts the others, with why. */
static enum sl_status
check_contradictions(struct reader *r)
{
    const struct team_profile *p = r->p;
    if (p->rotation_size == 0 && p->hours_covered_week > 0)
        fail_at(r, "on_call.rotation_size",
                "on_call.rotation_size: nobody is on the rotation, yet it covers %g h a week "
                "(on_call.hours_covered_per_week): give the engineers on it, or 0 hours",
                p->hours_covered_week);
    else if (p->rotation_size > 0 && p->hours_covered_week == 0)
        fail_at(r, "on_call.hours_covered_per_week",
                "on_call.hours_covered_per_week: 0 h a week covered by a rotation of %d "
                "(on_call.rotation_size): give the hours it covers, or 0 engineers",
                p->rotation_size);
    else if (p->platform_engineers > p->size)
        fail_at(r, "team.platform_engineers",
                "team.platform_engineers: %d platform engineers in a team of %d (team.size): "
                "the platform engineers are part of the team",
                p->platform_engineers, p->size);
    for (size_t i = 0; r->status == SL_OK && i < p->nproviders; i++) {
        for (size_t j = 0; j < i; j++) {
            if (strcmp(p->providers[i].entity, p->providers[j].entity))
                continue;
            char at[32], first[32], where[48];
            snprintf(at, sizeof at, "providers[%zu]", i);
            snprintf(first, sizeof first, "providers[%zu]", j);
            long line = line_of(r, first);
            if (line)
                snprintf(where, sizeof where, "item %zu, line %ld", j + 1, line);
            else
                snprintf(where, sizeof where, "item %zu", j + 1);
            fail_at(r, at,
                    "providers: %s is listed twice (first as %s): one provider has one price "
                    "and one record; give it once",
                    p->providers[i].entity, where);
            break;
        }
    }
    return r->status;
}

/* The single-workload form becomes its two workloads, the regulated flag
 * on both; then the two parts the policy weighs are summed from the list. */
static int
settle_workloads(struct reader *r)
{
    struct team_profile *p = r->p;
    if (p->nworkloads == 0) {
        static const char *const names[2] = {"research", "production_inference"};
        const int gpus[2] = {p->research_gpus, p->production_gpus};
        for (int k = 0; k < 2; k++) {
            if (gpus[k] == 0)
                continue;
            struct team_workload *w = &p->workloads[p->nworkloads];
            if (!(w->name = strdup(names[k])))
                return out_of_memory(r);
            p->nworkloads++;
            w->production = k == 1;
            w->gpus = gpus[k];
            w->uptime_commitment = k == 1 ? p->uptime_commitment : NAN;
            w->regulated = p->regulated;
            w->constraints = 0;
        }
    }
    p->research_gpus = p->production_gpus = 0;
    p->regulated_research_gpus = p->regulated_production_gpus = 0;
    p->research_constraints = p->production_constraints = 0;
    p->regulated = false;
    p->uptime_commitment = NAN;
    for (size_t i = 0; i < p->nworkloads; i++) {
        const struct team_workload *w = &p->workloads[i];
        *(w->production ? &p->production_gpus : &p->research_gpus) += w->gpus;
        if (w->regulated)
            *(w->production ? &p->regulated_production_gpus : &p->regulated_research_gpus) +=
                w->gpus;
        *(w->production ? &p->production_constraints : &p->research_constraints) |= w->constraints;
        p->regulated |= w->regulated;
        /* The strictest promise is the production part's bar. */
        if (w->production && !(w->uptime_commitment <= p->uptime_commitment))
            p->uptime_commitment = w->uptime_commitment;
    }
    return 0;
}

static enum sl_status
check_profile(struct reader *r)
{
    struct team_profile *p = r->p;
    for (const struct field *f = fields; f->key; f++) {
        if (!f->required)
            continue;
        const char *base = (const char *)p;
        bool missing = false;
        switch (f->kind) {
        case F_STR:
            missing = *(char *const *)(const void *)(base + f->offset) == NULL;
            break;
        case F_TEAM_TYPE:
            missing = p->type == TEAM_TYPE_COUNT;
            break;
        case F_NUM:
        case F_PERCENT:
            missing = isnan(*(const double *)(const void *)(base + f->offset));
            break;
        case F_INT:
            missing = *(const int *)(const void *)(base + f->offset) < 0;
            break;
        default:
            break;
        }
        if (missing) {
            /* At the section that should hold it, when there is one. */
            char path[64];
            section_path(f->section, path);
            fail_at(r, path, "missing field %s.%s (required)", path, f->key);
            return r->status;
        }
    }
    if (strncmp(p->entity, "team:", 5) || !p->entity[5])
        return fail_at(r, "team.entity", "team.entity: expected 'team:NAME', got '%s'", p->entity),
               r->status;
    if (p->nworkloads == 0 && p->production_gpus > 0 && isnan(p->uptime_commitment))
        return fail(r, "workloads.production_inference: missing uptime_commitment_percent"),
               r->status;
    if (settle_workloads(r))
        return r->status;
    if (team_profile_gpus(p) == 0)
        return fail(r, "workloads: give the GPUs of research or production_inference"), r->status;
    if (p->rotation_size > p->platform_engineers + p->size)
        return fail_at(r, "on_call.rotation_size", "on_call.rotation_size: larger than the team"),
               r->status;
    return check_contradictions(r);
}

/* YAML is read through engine/yamldoc.h and turned into the same tree JSON
 * gives, so one reader checks both. A plain scalar that reads whole as a
 * number becomes a number; true/false/yes/no a boolean; null, ~ and the empty
 * scalar null; anything else text. Errors stay in w->status. */
static void
yaml_node_to_json(const struct yamldoc *doc, const struct yaml_node *n, struct jsonw *w,
                  const char *key, int depth)
{
    if (!w->status && depth > JSONDOC_MAX_DEPTH)
        w->status = SL_ERR_LIMIT;
    if (w->status)
        return;
    switch (yamldoc_kind(n)) {
    case YNODE_SCALAR: {
        const char *t = yamldoc_scalar(n);
        char *end;
        if (!*t || !strcmp(t, "~") || !strcmp(t, "null")) {
            jsonw_field_null(w, key);
            return;
        }
        if (!strcmp(t, "true") || !strcmp(t, "yes")) {
            jsonw_field_bool(w, key, true);
            return;
        }
        if (!strcmp(t, "false") || !strcmp(t, "no")) {
            jsonw_field_bool(w, key, false);
            return;
        }
        double d = strtod(t, &end);
        if (end != t && *end == '\0' && isfinite(d))
            jsonw_field_num(w, key, d);
        else
            jsonw_field_str(w, key, t);
        return;
    }
    case YNODE_SEQUENCE:
        jsonw_open(w, key, '[');
        for (size_t i = 0; !w->status && i < yamldoc_size(n); i++)
            yaml_node_to_json(doc, yamldoc_at(doc, n, i), w, NULL, depth + 1);
        jsonw_close(w, ']');
        return;
    case YNODE_MAPPING:
        jsonw_open(w, key, '{');
        for (size_t i = 0; !w->status && i < yamldoc_size(n); i++) {
            struct yaml_node *k, *v;
            if (!yamldoc_pair(doc, n, i, &k, &v))
                break;
            const char *name = yamldoc_scalar(k);
            yaml_node_to_json(doc, v, w, name ? name : "", depth + 1);
        }
        jsonw_close(w, '}');
        return;
    default:
        jsonw_field_null(w, key);
    }
}

static void
map_lines(const struct yamldoc *doc, const struct yaml_node *n, const char *prefix, int depth,
          struct line_map *m)
{
    /* The items of a list as "providers[1]", at their own lines. */
    for (size_t i = 0; yamldoc_kind(n) == YNODE_SEQUENCE && i < yamldoc_size(n); i++) {
        struct yaml_node *item = yamldoc_at(doc, n, i);
        if (m->n >= LINE_MAP_MAX)
            return;
        snprintf(m->path[m->n], sizeof m->path[m->n], "%s[%zu]", prefix, i);
        m->line[m->n] = yamldoc_line(item);
        m->n++;
    }
    if (yamldoc_kind(n) != YNODE_MAPPING || depth > 3)
        return;
    for (size_t i = 0; i < yamldoc_size(n); i++) {
        struct yaml_node *k, *v;
        if (!yamldoc_pair(doc, n, i, &k, &v))
            break;
        const char *key = yamldoc_scalar(k);
        if (!key || m->n >= LINE_MAP_MAX)
            continue;
        snprintf(m->path[m->n], sizeof m->path[m->n], "%s%s%s", prefix, *prefix ? "." : "", key);
        m->line[m->n] = yamldoc_line(k);
        m->n++;
        map_lines(doc, v, m->path[m->n - 1], depth + 1, m);
    }
}

static enum sl_status
yaml_load(const char *text, size_t len, const char *name, struct json_node **root,
          struct line_map *lines, struct sl_diag *diag)
{
    struct yamldoc_stream *ys = NULL;
    struct yamldoc *doc = NULL;
    struct strbuf js = STRBUF_INIT;
    enum sl_status s;
    FILE *f = fmemopen((void *)(uintptr_t)text, len ? len : 1, "rb");
    if (!f)
        return diag_set(diag, SL_ERR_NOMEM, name, 0, "out of memory");
    if ((s = yamldoc_open(f, name, &ys, diag)) || (s = yamldoc_next(ys, &doc, diag)))
        goto out;
    if (!doc) {
        s = diag_set(diag, SL_ERR_INPUT, name, 0, "the profile is empty");
        goto out;
    }
    struct jsonw w;
    jsonw_begin(&w, &js);
    yaml_node_to_json(doc, yamldoc_root(doc), &w, NULL, 0);
    map_lines(doc, yamldoc_root(doc), "", 0, lines);
    if ((s = w.status)) {
        diag_set(diag, s, name, 0, "the profile nests too deeply or is too large");
        goto out;
    }
    s = jsondoc_load_buffer(js.buf, js.len, name, 1, root, diag);
out:
    yamldoc_free(doc);
    yamldoc_close(ys);
    fclose(f);
    strbuf_release(&js);
    return s;
}

enum sl_status
team_profile_parse(const char *text, size_t len, const char *name, bool yaml,
                   struct team_profile *p, struct sl_diag *diag)
{
    struct json_node *root = NULL;
    struct line_map *lines = yaml ? calloc(1, sizeof *lines) : NULL;
    struct reader r = {name, lines, p, diag, SL_OK, NULL, NULL};
    team_profile_init(p);
    if (yaml && !lines)
        return diag_set(diag, SL_ERR_NOMEM, name, 0, "out of memory");
    enum sl_status s = yaml ? yaml_load(text, len, name, &root, lines, diag)
                            : jsondoc_load_buffer(text, len, name, 1, &root, diag);
    if (s)
        goto out;
    if (jsondoc_kind(root) != JNODE_OBJECT) {
        s = diag_set(diag, SL_ERR_INPUT, name, 0, "expected a mapping of sections at the top");
        goto out;
    }
    jsondoc_each_member(root, read_section, &r);
    s = r.status ? r.status : check_profile(&r);
out:
    jsondoc_free(root);
    free(lines);
    if (s)
        team_profile_release(p);
    return s;
}

enum sl_status
team_profile_load(const char *path, struct team_profile *p, struct sl_diag *diag)
{
    struct strbuf sb = STRBUF_INIT;
    enum sl_status s = SL_OK;
    team_profile_init(p);
    FILE *f;
    enum sl_status opened = infile_open(path, &f, NULL, diag);
    if (opened)
        return opened;
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        if ((s = strbuf_add(&sb, buf, n))) {
            diag_set(diag, s, path, 0, "the profile is too large");
            goto out;
        }
    }
    if (ferror(f)) {
        s = diag_set(diag, SL_ERR_IO, path, 0, "cannot read the profile");
        goto out;
    }
    size_t plen = strlen(path);
    bool json = plen >= 5 && !strcmp(path + plen - 5, ".json");
    s = team_profile_parse(sb.buf, sb.len, path, !json, p, diag);
out:
    fclose(f);
    strbuf_release(&sb);
    return s;
}
