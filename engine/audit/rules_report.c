/* rules_report.c — reporting clocks: DORA, NIS2, SEC, HIPAA/GDPR and CIRCIA
 * notifications against the times they run from. An incident is reportable
 * under a regime when a notification row names it for that regime (a row of
 * kind `classification` records the classification alone). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/audit/rules_checks.h"
#include "engine/time/sltime.h"

#define HOUR 3600
#define DAY 86400

/* What the notification rows say about one incident under one regime. */
struct clock {
    const char *incident;
    int64_t aware, classified;
    const struct audit_notice **rows; /* every row of the regime, however many */
    size_t nrows;
};

static int64_t
earliest(int64_t a, int64_t b)
{
    if (a == SLTIME_NONE)
        return b;
    if (b == SLTIME_NONE)
        return a;
    return a < b ? a : b;
}

/* Calls fn for each incident that has rows for regime, in key order (the
 * loader sorts notifications by incident). */
static void
each_clock(struct audit_ctx *ctx, const struct rule *rule, const char *regime,
           void (*fn)(struct audit_ctx *, const struct rule *, const struct clock *))
{
    const struct audit_data *d = ctx->data;
    bool any = false;
    /* one incident's rows are at most all the rows */
    const struct audit_notice **rows = malloc((d->nnotices ? d->nnotices : 1) * sizeof *rows);
    if (!rows) {
        ctx->findings->nomem = true;
        return;
    }
    for (size_t i = 0; i < d->nnotices;) {
        struct clock c = {d->notices[i].incident, SLTIME_NONE, SLTIME_NONE, rows, 0};
        size_t j = i;
        for (; j < d->nnotices && !strcmp(d->notices[j].incident, c.incident); j++) {
            const struct audit_notice *n = &d->notices[j];
            if (strcmp(n->regime, regime))
                continue;
            c.aware = earliest(c.aware, n->aware);
            c.classified = earliest(c.classified, n->classified);
            c.rows[c.nrows++] = n;
        }
        if (c.nrows) {
            any = true;
            fn(ctx, rule, &c);
        }
        i = j;
    }
    free(rows);
    if (!any)
        audit_no_data(ctx, "no %s notification records stored", regime);
}

/* The earliest sent time of kind (NULL: none sent), and the latest. */
static int64_t
sent_of(const struct clock *c, const char *kind, bool latest, const struct audit_notice **row)
{
    int64_t t = SLTIME_NONE;
    *row = NULL;
    for (size_t i = 0; i < c->nrows; i++) {
        const struct audit_notice *n = c->rows[i];
        if (strcmp(n->kind, kind) || n->sent == SLTIME_NONE)
            continue;
        if (t == SLTIME_NONE || (latest ? n->sent > t : n->sent < t)) {
            t = n->sent;
            *row = n;
        }
    }
    return t;
}

/* Adds a finding when the report of kind was sent at or after deadline, or
 * not at all while the deadline passed before the audit's end. regime is the
 * name its message uses; the finding keeps the rule's regime key. */
static void
judge(struct audit_ctx *ctx, const struct rule *rule, const char *regime, const struct clock *c,
      const char *what, const char *kind, int64_t deadline, const char *clock_text)
{
    const struct audit_data *d = ctx->data;
    const struct audit_notice *row;
    int64_t sent = sent_of(c, kind, false, &row);
    if (deadline == SLTIME_NONE || (sent != SLTIME_NONE ? sent <= deadline : deadline >= d->to))
        return;
    char dl[24], st[24];
    audit_time_text(deadline, dl);
    audit_time_text(sent, st);
    const struct audit_incident *inc = audit_incident_by_key(d, c->incident);
    struct finding *f;
    if (sent != SLTIME_NONE)
        f = audit_finding(ctx, rule, rule->regimes, inc ? inc->service : NULL, deadline, sent,
                          c->incident, "%s %s of %s was sent %s, %.1f h after its deadline %s (%s)",
                          regime, what, c->incident, st, (double)(sent - deadline) / HOUR, dl,
                          clock_text);
    else
        f = audit_finding(ctx, rule, rule->regimes, inc ? inc->service : NULL, deadline, d->to,
                          c->incident, "%s %s of %s was never sent; it was due %s (%s)", regime,
                          what, c->incident, dl, clock_text);
    if (inc)
        audit_evidence_incident(ctx, f, inc, "%s", inc->title ? inc->title : "");
    for (size_t i = 0; i < c->nrows; i++) {
        const struct audit_notice *n = c->rows[i];
        char at[24], aw[24], cl[24];
        audit_time_text(n->sent, at);
        audit_time_text(n->aware, aw);
        audit_time_text(n->classified, cl);
        findings_evidence(ctx->findings, f, "notification", n->kind, n->sent, SLTIME_NONE,
                          n->origin.file, n->origin.line, "%s %s sent %s (aware %s, classified %s)",
                          n->regime, n->kind, at, aw, cl);
    }
}

/* DORA Art 5(4): a deadline on a weekend or holiday moves to noon of the next
 * working day, except initial and intermediate reports of the entities the
 * article names. */
static int64_t
dora_relief(const struct audit_data *d, int64_t deadline, bool final)
{
    static const char *const strict[] = {"credit_institution", "ccp",       "trading_venue",
                                         "essential",          "important", NULL};
    if (deadline == SLTIME_NONE)
        return deadline;
    if (!final && d->profile.dora_class)
        for (size_t i = 0; strict[i]; i++)
            if (!strcmp(d->profile.dora_class, strict[i]))
                return deadline;
    if (!final && !d->profile.dora_class)
        return deadline; /* unknown class: the strict reading */
    return calendar_next_working_noon(&d->calendar, deadline);
}

static void
rep001(struct audit_ctx *ctx, const struct rule *rule, const struct clock *c)
{
    if (c->classified == SLTIME_NONE)
        return;
    int64_t after_class =
        c->classified + (int64_t)(audit_param(ctx, rule, "hours_after_classification") * HOUR);
    int64_t after_aware =
        c->aware == SLTIME_NONE
            ? SLTIME_NONE
            : c->aware + (int64_t)(audit_param(ctx, rule, "hours_after_awareness") * HOUR);
    int64_t deadline = after_aware == SLTIME_NONE || c->classified > after_aware
                           ? after_class
                           : (after_class < after_aware ? after_class : after_aware);
    deadline = dora_relief(ctx->data, deadline, false);
    judge(ctx, rule, "DORA", c, "initial notification", "initial", deadline,
          "classification + 4 h, at most awareness + 24 h");
}

RULE_CHECK(check_rep001)
{
    each_clock(ctx, rule, "dora", rep001);
}

static void
rep002(struct audit_ctx *ctx, const struct rule *rule, const struct clock *c)
{
    const struct audit_notice *row;
    int64_t initial = sent_of(c, "initial", false, &row);
    if (initial == SLTIME_NONE)
        return; /* REP-001 reports the missing initial notice */
    int64_t inter_deadline = dora_relief(
        ctx->data, initial + (int64_t)(audit_param(ctx, rule, "intermediate_hours") * HOUR), false);
    judge(ctx, rule, "DORA", c, "intermediate report", "intermediate", inter_deadline,
          "initial notification + 72 h");
    int64_t last_inter = sent_of(c, "intermediate", true, &row);
    if (last_inter == SLTIME_NONE)
        return;
    int64_t final_deadline =
        dora_relief(ctx->data,
                    calendar_add_months(last_inter, (int)audit_param(ctx, rule, "final_months"),
                                        ctx->data->zone),
                    true);
    judge(ctx, rule, "DORA", c, "final report", "final", final_deadline,
          "last intermediate report + 1 month");
}

RULE_CHECK(check_rep002)
{
    each_clock(ctx, rule, "dora", rep002);
}

static void
rep003(struct audit_ctx *ctx, const struct rule *rule, const struct clock *c)
{
    if (c->classified == SLTIME_NONE || c->aware == SLTIME_NONE)
        return;
    double max = audit_param(ctx, rule, "max_hours") * HOUR;
    double lag = (double)(c->classified - c->aware);
    if (lag <= max)
        return;
    const struct audit_incident *inc = audit_incident_by_key(ctx->data, c->incident);
    char aw[24], cl[24];
    audit_time_text(c->aware, aw);
    audit_time_text(c->classified, cl);
    struct finding *f = audit_finding(
        ctx, rule, rule->regimes, inc ? inc->service : NULL, c->aware, c->classified, c->incident,
        "%s was classified major %.1f h after awareness (aware %s, classified %s), over %.3g h",
        c->incident, lag / HOUR, aw, cl, max / HOUR);
    if (inc)
        audit_evidence_incident(ctx, f, inc, "%s", inc->title ? inc->title : "");
}

RULE_CHECK(check_rep003)
{
    each_clock(ctx, rule, "dora", rep003);
}

static void
rep004(struct audit_ctx *ctx, const struct rule *rule, const struct clock *c)
{
    if (c->aware == SLTIME_NONE)
        return;
    judge(ctx, rule, "NIS2", c, "early warning", "early_warning",
          c->aware + (int64_t)(audit_param(ctx, rule, "early_warning_hours") * HOUR),
          "awareness + 24 h");
    judge(ctx, rule, "NIS2", c, "incident notification", "notification",
          c->aware + (int64_t)(audit_param(ctx, rule, "notification_hours") * HOUR),
          "awareness + 72 h");
    const struct audit_notice *row;
    int64_t notified = sent_of(c, "notification", false, &row);
    if (notified != SLTIME_NONE)
        judge(ctx, rule, "NIS2", c, "final report", "final",
              calendar_add_months(notified, (int)audit_param(ctx, rule, "final_months"),
                                  ctx->data->zone),
              "notification + 1 month");
}

RULE_CHECK(check_rep004)
{
    each_clock(ctx, rule, "nis2", rep004);
}

static void
rep005(struct audit_ctx *ctx, const struct rule *rule, const struct clock *c)
{
    if (c->classified == SLTIME_NONE)
        return;
    int days = (int)audit_param(ctx, rule, "business_days");
    judge(ctx, rule, "SEC", c, "Form 8-K Item 1.05", "8-k",
          calendar_business_deadline(&ctx->data->calendar, c->classified, days) - 1,
          "materiality determination + 4 business days");
}

RULE_CHECK(check_rep005)
{
    each_clock(ctx, rule, "sec", rep005);
}

static void
rep006_hipaa(struct audit_ctx *ctx, const struct rule *rule, const struct clock *c)
{
    if (c->aware != SLTIME_NONE)
        judge(ctx, rule, "HIPAA", c, "breach notice", "breach",
              c->aware + (int64_t)(audit_param(ctx, rule, "hipaa_days") * DAY),
              "discovery + 60 days");
}

static void
rep006_gdpr(struct audit_ctx *ctx, const struct rule *rule, const struct clock *c)
{
    if (c->aware != SLTIME_NONE)
        judge(ctx, rule, "GDPR", c, "breach notification", "notification",
              c->aware + (int64_t)(audit_param(ctx, rule, "gdpr_hours") * HOUR),
              "awareness + 72 h");
}

RULE_CHECK(check_rep006)
{
    const struct profile *p = &ctx->data->profile;
    enum rule_state before = ctx->status->state;
    bool no_data = true;
    if (profile_has_regime(p, "hipaa")) {
        each_clock(ctx, rule, "hipaa", rep006_hipaa);
        no_data &= ctx->status->state == RULE_NO_DATA;
        ctx->status->state = before;
    }
    if (profile_has_regime(p, "gdpr")) {
        each_clock(ctx, rule, "gdpr", rep006_gdpr);
        no_data &= ctx->status->state == RULE_NO_DATA;
        ctx->status->state = before;
    }
    if (no_data)
        audit_no_data(ctx, "no hipaa or gdpr notification records stored");
    else
        ctx->status->why[0] = '\0';
}

static void
rep007(struct audit_ctx *ctx, const struct rule *rule, const struct clock *c)
{
    if (c->aware == SLTIME_NONE)
        return;
    bool ransom = false;
    for (size_t i = 0; i < c->nrows; i++)
        ransom |= !strcmp(c->rows[i]->kind, "ransom_payment");
    if (ransom)
        judge(ctx, rule, "CIRCIA", c, "ransom payment report", "ransom_payment",
              c->aware + (int64_t)(audit_param(ctx, rule, "ransom_hours") * HOUR),
              "payment + 24 h");
    else
        judge(ctx, rule, "CIRCIA", c, "covered incident report", "report",
              c->aware + (int64_t)(audit_param(ctx, rule, "report_hours") * HOUR),
              "reasonable belief + 72 h");
}

RULE_CHECK(check_rep007)
{
    each_clock(ctx, rule, "circia", rep007);
}
