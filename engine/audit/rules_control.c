/* rules_control.c — controls outside incidents: patching (PAT), on-call and
 * plan tests (OPS), evidence retention (EVD). */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/audit/rules_checks.h"
#include "engine/time/sltime.h"

#define DAY 86400

/* The PAT-001 deadline of a patch, from release (else detection); SLTIME_NONE
 * when it has neither. */
static int64_t
patch_deadline(struct audit_ctx *ctx, const struct audit_patch *p, double *days)
{
    static const struct {
        const char *severity, *param;
    } by_severity[] = {
        {"critical", "critical_days"}, {"high", "high_days"}, {"moderate", "moderate_days"},
        {"medium", "moderate_days"},   {"low", "low_days"},   {NULL, NULL},
    };
    const struct rule *pat001 = rules_find("PAT-001");
    int64_t start = p->released != SLTIME_NONE ? p->released : p->detected;
    *days = NAN;
    for (size_t i = 0; by_severity[i].severity; i++)
        if (!strcmp(p->severity, by_severity[i].severity))
            *days = audit_param(ctx, pat001, by_severity[i].param);
    if (start == SLTIME_NONE || isnan(*days))
        return SLTIME_NONE;
    return start + (int64_t)(*days * DAY);
}

static bool
late(int64_t deadline, int64_t applied, int64_t audit_end)
{
    return deadline != SLTIME_NONE &&
           (applied != SLTIME_NONE ? applied > deadline : audit_end > deadline);
}

static void
patch_evidence(struct audit_ctx *ctx, struct finding *f, const struct audit_patch *p)
{
    char r[24], a[24];
    audit_time_text(p->released != SLTIME_NONE ? p->released : p->detected, r);
    audit_time_text(p->applied, a);
    findings_evidence(ctx->findings, f, "patch", p->key, p->released, p->applied, p->origin.file,
                      p->origin.line, "%s %s: released/detected %s, applied %s%s%s", p->advisory,
                      p->severity, r, a, p->exception ? ", exception: " : "",
                      p->exception ? p->exception : "");
}

static bool
no_patches(struct audit_ctx *ctx)
{
    if (ctx->data->npatches)
        return false;
    audit_no_data(ctx, "no patch records stored for the entity");
    return true;
}

RULE_CHECK(check_pat001)
{
    const struct audit_data *d = ctx->data;
    if (no_patches(ctx))
        return;
    for (size_t i = 0; i < d->npatches; i++) {
        const struct audit_patch *p = &d->patches[i];
        double days;
        int64_t deadline = patch_deadline(ctx, p, &days);
        if (!late(deadline, p->applied, d->to))
            continue;
        int64_t start = deadline - (int64_t)(days * DAY);
        int64_t end = p->applied != SLTIME_NONE ? p->applied : d->to;
        struct finding *f =
            audit_finding(ctx, rule, NULL, p->service, start, end, p->key,
                          p->applied != SLTIME_NONE
                              ? "%s (%s) on %s was applied after %.1f days, over %.0f days"
                              : "%s (%s) on %s is still unpatched after %.1f days, over %.0f days",
                          p->advisory, p->severity, p->service ? p->service : "(no service)",
                          (double)(end - start) / DAY, days);
        patch_evidence(ctx, f, p);
    }
}

RULE_CHECK(check_pat002)
{
    const struct audit_data *d = ctx->data;
    if (no_patches(ctx))
        return;
    double kev_days = audit_param(ctx, rule, "kev_days");
    for (size_t i = 0; i < d->npatches; i++) {
        const struct audit_patch *p = &d->patches[i];
        int64_t end = p->applied != SLTIME_NONE ? p->applied : d->to;
        if (p->kev_added != SLTIME_NONE && (double)(end - p->kev_added) > kev_days * DAY) {
            struct finding *f =
                audit_finding(ctx, rule, NULL, p->service, p->kev_added, end, p->key,
                              "%s, listed in CISA KEV, stayed open %.1f days after its KEV "
                              "addition, over %.0f days",
                              p->advisory, (double)(end - p->kev_added) / DAY, kev_days);
            patch_evidence(ctx, f, p);
            continue;
        }
        if (!p->internet_facing || p->detected == SLTIME_NONE)
            continue;
        const char *param = !strcmp(p->severity, "critical") ? "internet_critical_days"
                            : !strcmp(p->severity, "high")   ? "internet_high_days"
                                                             : NULL;
        if (!param)
            continue;
        double days = audit_param(ctx, rule, param);
        if ((double)(end - p->detected) <= days * DAY)
            continue;
        struct finding *f = audit_finding(
            ctx, rule, NULL, p->service, p->detected, end, p->key,
            "internet-facing %s %s stayed open %.1f days after detection, over %.0f days",
            p->severity, p->advisory, (double)(end - p->detected) / DAY, days);
        patch_evidence(ctx, f, p);
    }
}

RULE_CHECK(check_pat003)
{
    const struct audit_data *d = ctx->data;
    if (no_patches(ctx))
        return;
    for (size_t i = 0; i < d->npatches; i++) {
        const struct audit_patch *p = &d->patches[i];
        double days;
        int64_t deadline = patch_deadline(ctx, p, &days);
        if (p->exception || !late(deadline, p->applied, d->to))
            continue;
        char dl[24];
        audit_time_text(deadline, dl);
        struct finding *f = audit_finding(
            ctx, rule, NULL, p->service, deadline, p->applied != SLTIME_NONE ? p->applied : d->to,
            p->key,
            "%s (%s) was deferred past its deadline %s with no documented exception or risk "
            "acceptance",
            p->advisory, p->severity, dl);
        patch_evidence(ctx, f, p);
    }
}

static int
shift_cmp(const void *a, const void *b)
{
    const struct audit_shift *x = a, *y = b;
    return x->start < y->start   ? -1
           : x->start > y->start ? 1
                                 : (x->end > y->end) - (x->end < y->end);
}

RULE_CHECK(check_ops001)
{
    const struct audit_data *d = ctx->data;
    if (!d->nshifts) {
        audit_no_data(ctx, "no on-call schedule stored for the entity");
        return;
    }
    if (!d->profile.oncall_24x7) {
        snprintf(ctx->status->why, sizeof ctx->status->why,
                 "the profile says on-call need not be 24x7");
        return;
    }
    double max_gap = audit_param(ctx, rule, "max_gap_minutes") * 60;
    struct audit_shift *s = malloc(d->nshifts * sizeof *s);
    if (!s) {
        ctx->findings->nomem = true;
        return;
    }
    size_t n = 0;
    for (size_t i = 0; i < d->nshifts; i++)
        if (d->shifts[i].primary && *d->shifts[i].primary)
            s[n++] = d->shifts[i];
    qsort(s, n, sizeof *s, shift_cmp);
    struct finding *f = NULL;
    size_t gaps = 0;
    double total = 0;
    int64_t covered = d->from;
    for (size_t i = 0; i <= n; i++) {
        int64_t next = i < n ? s[i].start : d->to;
        if (next > d->to)
            next = d->to;
        if (next > covered && (double)(next - covered) > max_gap) {
            gaps++;
            total += (double)(next - covered);
            if (!f)
                f = audit_finding(ctx, rule, NULL, NULL, d->from, d->to, "schedule", "%s",
                                  "on-call gaps");
            char a[24], b[24];
            audit_time_text(covered, a);
            audit_time_text(next, b);
            const struct audit_shift *near = i < n ? &s[i] : (n ? &s[n - 1] : NULL);
            findings_evidence(ctx->findings, f, "shift", NULL, covered, next,
                              near ? near->origin.file : NULL, near ? near->origin.line : 0,
                              "no primary responder from %s to %s", a, b);
        }
        if (i < n && s[i].end > covered)
            covered = s[i].end;
    }
    if (f) {
        char msg[200];
        snprintf(msg, sizeof msg,
                 "the on-call schedule leaves %zu interval%s (%.1f h in all) with no primary "
                 "responder",
                 gaps, gaps == 1 ? "" : "s", total / 3600);
        free(f->message);
        if (!(f->message = strdup(msg)))
            ctx->findings->nomem = true;
    }
    free(s);
}

RULE_CHECK(check_ops002)
{
    const struct audit_data *d = ctx->data;
    const struct profile *p = &d->profile;
    if (!p->present) {
        audit_no_data(ctx, "no profile stored for the entity");
        return;
    }
    int months = (int)audit_param(ctx, rule, "max_months");
    int64_t since = calendar_add_months(d->to, -months, d->zone);
    static const struct {
        const char *what;
        size_t offset;
    } tests[] = {
        {"incident-response plan test", offsetof(struct profile, ir_plan_test)},
        {"BCP/DR test", offsetof(struct profile, bcp_dr_test)},
        {"backup restore test", offsetof(struct profile, backup_restore_test)},
        {NULL, 0},
    };
    for (size_t i = 0; tests[i].what; i++) {
        int64_t t = *(const int64_t *)((const char *)p + tests[i].offset);
        if (t != SLTIME_NONE && t >= since)
            continue;
        char when[16]; /* the profile gives days: shown as the day in its zone */
        if (t == SLTIME_NONE)
            snprintf(when, sizeof when, "(none)");
        else
            sltime_format_date(t, d->zone, when);
        struct finding *f = audit_finding(
            ctx, rule, NULL, NULL, since, d->to, tests[i].what,
            t == SLTIME_NONE ? "no %s is recorded%.0s (required within %d months)"
                             : "the last %s was %s, more than %d months before the audit's end",
            tests[i].what, when, months);
        findings_evidence(ctx->findings, f, "profile", "tests", t, SLTIME_NONE, p->source, p->line,
                          "%s %s", tests[i].what, when);
    }
    if (!isnan(p->rto_stated_minutes) && !isnan(p->rto_measured_minutes) &&
        p->rto_measured_minutes > p->rto_stated_minutes) {
        struct finding *f =
            audit_finding(ctx, rule, NULL, NULL, since, d->to, "rto",
                          "the measured RTO of %.0f min exceeds the stated RTO of %.0f min",
                          p->rto_measured_minutes, p->rto_stated_minutes);
        findings_evidence(ctx->findings, f, "profile", "rto_minutes", SLTIME_NONE, SLTIME_NONE,
                          p->source, p->line, "stated %.0f, measured %.0f", p->rto_stated_minutes,
                          p->rto_measured_minutes);
    }
}

RULE_CHECK(check_evd001)
{
    const struct audit_data *d = ctx->data;
    const struct profile *p = &d->profile;
    double min = audit_param(ctx, rule, "min_months");
    const struct {
        const char *what;
        double months;
    } kinds[] = {
        {"incidents", p->retention_incidents_months},
        {"logs", p->retention_logs_months},
        {"postmortems", p->retention_postmortems_months},
    };
    bool any = false;
    for (size_t i = 0; i < 3; i++) {
        if (isnan(kinds[i].months))
            continue;
        any = true;
        if (kinds[i].months >= min)
            continue;
        struct finding *f =
            audit_finding(ctx, rule, NULL, NULL, d->from, d->to, kinds[i].what,
                          "%s are retained for %.0f months, under the required %.0f months",
                          kinds[i].what, kinds[i].months, min);
        findings_evidence(ctx->findings, f, "profile", "retention_months", SLTIME_NONE, SLTIME_NONE,
                          p->source, p->line, "%s: %.0f months", kinds[i].what, kinds[i].months);
    }
    if (!any)
        audit_no_data(ctx, "the profile states no retention_months");
}
