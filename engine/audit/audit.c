/* audit.c — running the rule catalog over one entity's data: which rules
 * apply, their findings, and each rule's status. */
#include "engine/audit/audit.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/time/sltime.h"
#include "engine/base/strbuf.h"

static const char *const rule_state_names[] = {
    [RULE_EVALUATED] = "evaluated",
    [RULE_NOT_APPLICABLE] = "not applicable",
    [RULE_NO_DATA] = "no data",
    [RULE_NOT_IMPLEMENTED] = "not implemented",
};

const char *
audit_rule_state_name(enum rule_state s)
{
    return s <= RULE_NOT_IMPLEMENTED ? rule_state_names[s] : "?";
}

void
audit_data_init(struct audit_data *d, const char *entity, int64_t from, int64_t to)
{
    memset(d, 0, sizeof *d);
    d->entity = entity;
    d->from = from;
    d->to = to;
    d->is_provider = entity && !strncmp(entity, "provider:", 9);
    profile_init(&d->profile);
}

void
audit_data_release(struct audit_data *d)
{
    for (size_t i = 0; i < d->nchanges; i++)
        free(d->changes[i].incidents);
    free(d->incidents);
    free(d->postmortems);
    free(d->actions);
    free(d->patches);
    free(d->shifts);
    free(d->changes);
    free(d->notices);
    free(d->runs);
    free(d->maintenance);
    free(d->maintenance_origin);
    free(d->months);
    for (size_t i = 0; i < d->nslas; i++)
        sla_terms_release(&d->slas[i].terms);
    free(d->slas);
    free(d->gpu_faults);
    for (size_t i = 0; i < d->nowned; i++)
        free(d->owned[i]);
    free(d->owned);
    profile_release(&d->profile);
    memset(d, 0, sizeof *d);
}

void
audit_time_text(int64_t t, char out[24])
{
    if (t == SLTIME_NONE) {
        snprintf(out, 24, "(none)");
        return;
    }
    struct sl_civil c;
    sltime_to_civil(t, NULL, &c, NULL);
    snprintf(out, 24, "%04d-%02d-%02d %02d:%02dZ", c.year, c.month, c.day, c.hour, c.minute);
}

double
audit_param(const struct audit_ctx *ctx, const struct rule *rule, const char *name)
{
    double v = profile_threshold(&ctx->data->profile, rule->id, name);
    if (!isnan(v))
        return v;
    for (size_t i = 0; rule->params[i].name; i++)
        if (!strcmp(rule->params[i].name, name))
            return rule->params[i].value;
    return NAN;
}

void
audit_no_data(struct audit_ctx *ctx, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(ctx->status->why, sizeof ctx->status->why, fmt, ap);
    va_end(ap);
    ctx->status->state = RULE_NO_DATA;
}

struct finding *
audit_finding(struct audit_ctx *ctx, const struct rule *rule, const char *regime,
              const char *service, int64_t window_start, int64_t window_end, const char *subject,
              const char *fmt, ...)
{
    char message[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    ctx->status->findings++;
    struct finding *f = findings_add(
        ctx->findings, rule->id, rule->clause, regime ? regime : rule->regimes, rule->severity,
        ctx->data->entity, service, window_start, window_end, subject, "%s", message);
    if (f && ctx->data->zone && !(f->zone = strdup(ctx->data->zone)))
        ctx->findings->nomem = true;
    return f;
}

bool
audit_rule_fits(const struct rule *rule, const struct audit_incident *inc)
{
    return (rule->sources & SOURCE_BIT(inc->source)) != 0;
}

void
audit_evidence_incident(struct audit_ctx *ctx, struct finding *f, const struct audit_incident *inc,
                        const char *fmt, ...)
{
    char detail[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    int64_t start = inc->started != SLTIME_NONE ? inc->started : inc->detected;
    findings_evidence(ctx->findings, f, "incident", inc->key, start, inc->resolved,
                      inc->origin.file, inc->origin.line, "%s", detail);
}

const struct audit_incident *
audit_incident_by_key(const struct audit_data *d, const char *key)
{
    for (size_t i = 0; key && i < d->nincidents; i++)
        if (!strcmp(d->incidents[i].key, key))
            return &d->incidents[i];
    return NULL;
}

const struct audit_postmortem *
audit_postmortem_of(const struct audit_data *d, const char *key)
{
    for (size_t i = 0; key && i < d->npostmortems; i++)
        if (!strcmp(d->postmortems[i].incident, key))
            return &d->postmortems[i];
    return NULL;
}

const struct audit_sla *
audit_commitment_at(const struct audit_data *d, const char *service, int64_t t)
{
    const struct audit_sla *all = NULL;
    for (size_t i = 0; i < d->nslas; i++) {
        const struct audit_sla *c = &d->slas[i];
        if (t < c->from || t >= c->to)
            continue;
        if (c->service && service && !strcmp(c->service, service))
            return c;
        if (!c->service && !all)
            all = c;
    }
    return all;
}

/* Whether rule applies to the data's entity; why not in status->why. */
static bool
applies(const struct rule *rule, const struct audit_data *d, struct audit_rule_status *status)
{
    unsigned want = d->is_provider ? (RULE_PROVIDER | RULE_DOC) : RULE_INTERNAL;
    if (!(rule->scope & want)) {
        snprintf(status->why, sizeof status->why, "scope %s: not for %s",
                 rules_scope_text(rule->scope), d->is_provider ? "a provider" : "an internal team");
        return false;
    }
    if (!rule->regimes)
        return true;
    char words[64];
    snprintf(words, sizeof words, "%s", rule->regimes);
    for (char *w = words, *end; *w; w = end) {
        end = w + strcspn(w, " ");
        bool last = !*end;
        *end = '\0';
        if (profile_has_regime(&d->profile, w))
            return true;
        if (!last)
            end++;
    }
    snprintf(status->why, sizeof status->why, "regime: the profile lists none of %s",
             rule->regimes);
    return false;
}

enum sl_status
audit_run_data(const struct audit_data *data, struct audit_result *out, struct sl_diag *diag)
{
    memset(out, 0, sizeof *out);
    out->params.entity = data->entity;
    out->params.from = data->from;
    out->params.to = data->to;
    out->zone = data->zone ? strdup(data->zone) : NULL;
    out->params.zone = out->zone;
    out->profile_present = data->profile.present;
    size_t n = rules_count();
    struct strbuf regimes = STRBUF_INIT;
    enum sl_status rc = SL_OK;
    for (size_t i = 0; !rc && i < data->profile.nregimes; i++) {
        if (i)
            rc = strbuf_addch(&regimes, ' ');
        if (!rc)
            rc = strbuf_addstr(&regimes, data->profile.regimes[i]);
    }
    out->regimes = strbuf_detach(&regimes);
    if (rc || !out->regimes || (data->zone && !out->zone) ||
        !(out->rules = calloc(n, sizeof *out->rules))) {
        audit_result_release(out);
        return diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory");
    }
    out->nrules = n;
    for (size_t i = 0; i < n; i++) {
        const struct rule *rule = &rules_catalog[i];
        struct audit_rule_status *status = &out->rules[i];
        status->rule = rule;
        if (!rule->check) {
            status->state = RULE_NOT_IMPLEMENTED;
            snprintf(status->why, sizeof status->why, "%s", rule->not_implemented);
            continue;
        }
        if (!applies(rule, data, status)) {
            status->state = RULE_NOT_APPLICABLE;
            continue;
        }
        status->state = RULE_EVALUATED;
        struct audit_ctx ctx = {data, &out->findings, status};
        rule->check(&ctx, rule);
    }
    if ((rc = findings_status(&out->findings, diag))) {
        audit_result_release(out);
        return rc;
    }
    findings_sort(&out->findings);
    return SL_OK;
}

void
audit_result_release(struct audit_result *r)
{
    findings_release(&r->findings);
    free(r->rules);
    free(r->regimes);
    free(r->zone);
    memset(r, 0, sizeof *r);
}
