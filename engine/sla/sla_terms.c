/* sla_terms.c — lifecycle and names of SLA terms. */
#include "engine/sla/sla_terms.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void
sla_terms_init(struct sla_terms *t)
{
    memset(t, 0, sizeof *t);
    t->credit_cap_percent = NAN;
    t->claim_deadline_days = -1;
    t->claim_deadline_amount = NAN;
    t->maintenance_notice_hours = NAN;
    t->incident_notice_hours = NAN;
    t->rpo_minutes = NAN;
    t->rto_minutes = NAN;
    t->liability_cap.percent = t->liability_cap.months = t->liability_cap.amount = NAN;
    t->minimum_credit.amount = t->minimum_credit.percent = NAN;
    t->durability_percent = NAN;
}

bool
sla_terms_any(const struct sla_terms *t)
{
    return t->ntargets || t->ntiers || !isnan(t->credit_cap_percent) || t->credit_cap_text ||
           t->claim_deadline_days >= 0 || t->claim_deadline_text || t->maintenance_excluded ||
           !isnan(t->maintenance_notice_hours) || t->nexclusions || t->nresponse_times ||
           t->support_coverage != SLA_COVERAGE_UNKNOWN || t->sole_remedy ||
           t->chronic_failure_termination || !isnan(t->incident_notice_hours) ||
           !isnan(t->rpo_minutes) || !isnan(t->rto_minutes) || t->nclauses ||
           t->credit_form != SLA_FORM_UNKNOWN || t->void_at_termination ||
           !isnan(t->liability_cap.percent) || !isnan(t->liability_cap.amount) ||
           !isnan(t->minimum_credit.amount) || !isnan(t->minimum_credit.percent);
}

static void
target_release(struct sla_uptime_target *u)
{
    free(u->scope);
    free(u->scope_service);
    free(u->scope_region);
    free(u->scope_plan);
    free(u->scope_operation);
    for (size_t k = 0; k < u->neligibility; k++)
        free(u->eligibility[k].text);
    free(u->eligibility);
}

void
sla_terms_drop_target(struct sla_terms *t, size_t i)
{
    if (i >= t->ntargets)
        return;
    target_release(&t->targets[i]);
    memmove(&t->targets[i], &t->targets[i + 1], (t->ntargets - i - 1) * sizeof *t->targets);
    t->ntargets--;
}

void
sla_terms_release(struct sla_terms *t)
{
    free(t->document);
    free(t->provider);
    free(t->service);
    free(t->effective_date);
    for (size_t i = 0; i < t->ntargets; i++)
        target_release(&t->targets[i]);
    free(t->targets);
    free(t->tiers);
    free(t->credit_cap_text);
    free(t->claim_deadline_text);
    for (size_t i = 0; i < t->nexclusions; i++)
        free(t->exclusions[i].text);
    free(t->exclusions);
    for (size_t i = 0; i < t->nresponse_times; i++)
        free(t->response_times[i].severity);
    free(t->response_times);
    for (size_t i = 0; i < t->nclauses; i++)
        free(t->clauses[i].text);
    free(t->clauses);
    for (size_t i = 0; i < t->nsource_lines; i++)
        free(t->source_lines[i]);
    free(t->source_lines);
    free(t->liability_cap.text);
    free(t->minimum_credit.text);
    sla_terms_init(t);
}

const char *
sla_window_name(enum sla_window w)
{
    switch (w) {
    case SLA_WINDOW_MONTH:
        return "month";
    case SLA_WINDOW_QUARTER:
        return "quarter";
    case SLA_WINDOW_YEAR:
        return "year";
    case SLA_WINDOW_ROLLING:
        return "rolling";
    case SLA_WINDOW_DAYS:
        return "days";
    }
    return "month";
}

bool
sla_window_parse(const char *s, enum sla_window *out)
{
    for (int w = SLA_WINDOW_MONTH; w <= SLA_WINDOW_DAYS; w++) {
        if (s && !strcmp(s, sla_window_name((enum sla_window)w))) {
            *out = (enum sla_window)w;
            return true;
        }
    }
    return false;
}

const char *
sla_coverage_name(enum sla_coverage c)
{
    switch (c) {
    case SLA_COVERAGE_24X7:
        return "24x7";
    case SLA_COVERAGE_BUSINESS_HOURS:
        return "business_hours";
    case SLA_COVERAGE_UNKNOWN:
        break;
    }
    return NULL;
}

static const char *const clause_names[SLA_CLAUSE_COUNT] = {
    [SLA_CLAUSE_MEASURED_BY_PROVIDER] = "measured_by_provider",
    [SLA_CLAUSE_CUSTOMER_EVIDENCE] = "customer_evidence",
    [SLA_CLAUSE_CREDITS_AUTOMATIC] = "credits_automatic",
    [SLA_CLAUSE_CREDITS_FUTURE_ONLY] = "credits_future_only",
    [SLA_CLAUSE_PARTIAL_COUNTED] = "partial_counted",
    [SLA_CLAUSE_PARTIAL_EXCLUDED] = "partial_excluded",
    [SLA_CLAUSE_MIN_OUTAGE] = "min_outage_minutes",
    [SLA_CLAUSE_MAINTENANCE_CAP] = "maintenance_cap_hours",
    [SLA_CLAUSE_CATCH_ALL_EXCLUSION] = "catch_all_exclusion",
    [SLA_CLAUSE_DATA_RETURN] = "data_return_days",
    [SLA_CLAUSE_AUDIT_RIGHTS] = "audit_rights",
    [SLA_CLAUSE_UNILATERAL_CHANGE] = "unilateral_change",
    [SLA_CLAUSE_DR_TESTED] = "dr_tested",
    [SLA_CLAUSE_BEST_EFFORTS] = "best_efforts",
    [SLA_CLAUSE_CREDITS_VOUCHER] = "credits_voucher",
};

const char *
sla_clause_name(enum sla_clause_kind k)
{
    return (unsigned)k < SLA_CLAUSE_COUNT ? clause_names[k] : "unknown";
}

bool
sla_clause_parse(const char *name, enum sla_clause_kind *out)
{
    for (int k = 0; name && k < SLA_CLAUSE_COUNT; k++) {
        if (!strcmp(name, clause_names[k])) {
            *out = (enum sla_clause_kind)k;
            return true;
        }
    }
    return false;
}

long
sla_terms_tier_commitment(const struct sla_terms *t, size_t i)
{
    if (!t->ntargets || i >= t->ntiers)
        return -1;
    long best = 0;
    for (size_t k = 0; k < t->ntargets; k++)
        if (t->targets[k].line && t->targets[k].line <= t->tiers[i].line &&
            t->targets[k].line >= t->targets[best].line)
            best = (long)k;
    return best;
}

const char *
sla_cap_of_name(enum sla_cap_of o)
{
    return o == SLA_CAP_OF_MONTHLY_FEE            ? "monthly_fee"
           : o == SLA_CAP_OF_AFFECTED_SERVICE_FEE ? "affected_service_fee"
                                                  : NULL;
}

bool
sla_cap_of_parse(const char *s, enum sla_cap_of *out)
{
    for (int o = SLA_CAP_OF_MONTHLY_FEE; s && o <= SLA_CAP_OF_AFFECTED_SERVICE_FEE; o++) {
        if (!strcmp(s, sla_cap_of_name((enum sla_cap_of)o))) {
            *out = (enum sla_cap_of)o;
            return true;
        }
    }
    return false;
}

static const char *const claim_units[] = {
    [SLA_CLAIM_DAYS] = "days",
    [SLA_CLAIM_BUSINESS_DAYS] = "business_days",
    [SLA_CLAIM_HOURS] = "hours",
    [SLA_CLAIM_MONTHS] = "months",
    [SLA_CLAIM_BILLING_CYCLES] = "billing_cycles",
};

const char *
sla_claim_unit_name(enum sla_claim_unit u)
{
    return u > SLA_CLAIM_NONE && u <= SLA_CLAIM_BILLING_CYCLES ? claim_units[u] : NULL;
}

bool
sla_claim_unit_parse(const char *s, enum sla_claim_unit *out)
{
    for (int u = SLA_CLAIM_DAYS; s && u <= SLA_CLAIM_BILLING_CYCLES; u++) {
        if (!strcmp(s, claim_units[u])) {
            *out = (enum sla_claim_unit)u;
            return true;
        }
    }
    return false;
}

double
sla_claim_deadline_days(const struct sla_terms *t)
{
    double a = t->claim_deadline_amount;
    if (t->claim_deadline_unit == SLA_CLAIM_NONE || isnan(a))
        return t->claim_deadline_days >= 0 ? (double)t->claim_deadline_days : -1;
    switch (t->claim_deadline_unit) {
    case SLA_CLAIM_HOURS:
        return a / 24;
    case SLA_CLAIM_MONTHS:
    case SLA_CLAIM_BILLING_CYCLES:
        return a * 30;
    default:
        return a;
    }
}

const struct sla_clause *
sla_terms_clause(const struct sla_terms *t, enum sla_clause_kind k)
{
    for (size_t i = 0; i < t->nclauses; i++)
        if (t->clauses[i].kind == k)
            return &t->clauses[i];
    return NULL;
}

const char *
sla_terms_line_text(const struct sla_terms *t, long n)
{
    if (n < 1 || (size_t)n > t->nsource_lines)
        return NULL;
    return t->source_lines[n - 1];
}

size_t
sla_line_words(const char *line, char *buf, size_t size)
{
    const char *p = line + strspn(line, " \t");
    size_t len = 0;
    buf[0] = '\0';
    if (*p != '|') {
        size_t m = strlen(p);
        while (m && (p[m - 1] == ' ' || p[m - 1] == '\r'))
            m--;
        len = m < size ? m : size - 1;
        memcpy(buf, p, len);
        buf[len] = '\0';
        return len;
    }
    /* A table row: each cell trimmed, the empty ones (the row's ends) and
     * the rules under a header left out. */
    while (*p == '|') {
        const char *cell = p + 1, *end = strchr(cell, '|');
        if (!end)
            end = cell + strlen(cell);
        cell += strspn(cell, " \t");
        const char *stop = end;
        while (stop > cell && (stop[-1] == ' ' || stop[-1] == '\t' || stop[-1] == '\r'))
            stop--;
        bool rule = strspn(cell, "-: ") >= (size_t)(stop - cell); /* |---|:--| */
        if (stop > cell && !rule) {
            const char *sep = len ? " \xe2\x80\x94 " : "";
            int n = snprintf(buf + len, size - len, "%s%.*s", sep, (int)(stop - cell), cell);
            if (n < 0 || (size_t)n >= size - len) {
                len = strlen(buf);
                break;
            }
            len += (size_t)n;
        }
        p = end;
    }
    return len;
}

static const char *const unit_names[] = {
    "percent_of_fee", "percent_per_step", "service_time_multiple", "service_days", "fixed_amount",
    "usage_credits",  "pro_rata",         "license_extension",
};

const char *
sla_credit_unit_name(enum sla_credit_unit u)
{
    return (unsigned)u <= SLA_UNIT_LICENSE_EXTENSION ? unit_names[u] : "percent_of_fee";
}

bool
sla_credit_unit_parse(const char *s, enum sla_credit_unit *out)
{
    for (int i = 0; s && i <= SLA_UNIT_LICENSE_EXTENSION; i++)
        if (!strcmp(s, unit_names[i])) {
            *out = (enum sla_credit_unit)i;
            return true;
        }
    return false;
}

static const char *const measure_names[] = {NULL,         "time",   "requests",
                                            "error_rate", "builds", "ticks"};

const char *
sla_measure_name(enum sla_measure m)
{
    return (size_t)m < sizeof measure_names / sizeof *measure_names ? measure_names[m] : NULL;
}

bool
sla_measure_parse(const char *s, enum sla_measure *out)
{
    for (size_t i = 1; s && i < sizeof measure_names / sizeof *measure_names; i++)
        if (!strcmp(s, measure_names[i])) {
            *out = (enum sla_measure)i;
            return true;
        }
    return false;
}

static const char *const basis_names[] = {NULL, "downtime", "downtime_hour", "incident"};

const char *
sla_credit_basis_name(enum sla_credit_basis b)
{
    return (unsigned)b <= SLA_BASIS_INCIDENT ? basis_names[b] : NULL;
}

bool
sla_credit_basis_parse(const char *s, enum sla_credit_basis *out)
{
    for (int i = SLA_BASIS_DOWNTIME; s && i <= SLA_BASIS_INCIDENT; i++)
        if (!strcmp(s, basis_names[i])) {
            *out = (enum sla_credit_basis)i;
            return true;
        }
    return false;
}

bool
sla_credit_unit_of_fee(enum sla_credit_unit u)
{
    return u == SLA_UNIT_PERCENT_OF_FEE || u == SLA_UNIT_PERCENT_PER_STEP;
}
