/* sla_credit_unit.c — what a window owes in a credit unit that is no share
 * of the fee, and how it reads (sla_credit_unit.h). */
#include "engine/sla/sla_credit_unit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* The countable downtime of win in seconds; NAN when unknown. */
static double
downtime_of(const struct credit_window *win)
{
    return win ? win->downtime_seconds : NAN;
}

/* cap % of whole, NAN (no bound) when either is unknown. */
static double
cap_of(double cap_percent, double whole)
{
    return isnan(cap_percent) || !(whole > 0) ? NAN : cap_percent / 100.0 * whole;
}

/* "For each hour of downtime": the full hours, as a full step is counted,
 * whatever the rounding of the seconds. */
static double
full_hours(double down)
{
    return floor(down / 3600.0 + CREDIT_EPSILON_PERCENT);
}

/* What the tier owes before the cap, in its unit, and the bound the cap
 * sets on it (NAN: none). */
static double
owed_before_cap(const struct sla_credit_tier *t, const struct credit_window *win,
                double cap_percent, double *bound)
{
    double down = downtime_of(win), window = win ? win->window_seconds : NAN;
    *bound = NAN;
    switch (t->unit) {
    case SLA_UNIT_SERVICE_TIME_MULTIPLE:
        *bound = cap_of(cap_percent, window);
        return t->value * down;
    case SLA_UNIT_SERVICE_DAYS:
        *bound = cap_of(cap_percent, window / 86400.0);
        return t->basis == SLA_BASIS_DOWNTIME_HOUR ? t->value * full_hours(down) : t->value;
    case SLA_UNIT_FIXED_AMOUNT:
        if (t->basis == SLA_BASIS_DOWNTIME_HOUR)
            return t->value * full_hours(down);
        if (t->basis != SLA_BASIS_INCIDENT)
            return t->value;
        return win && win->outages >= 0 ? t->value * (double)win->outages : NAN;
    case SLA_UNIT_PRO_RATA:
        *bound = isnan(cap_percent) ? NAN : cap_percent;
        return window > 0 ? 100.0 * down / window : NAN;
    case SLA_UNIT_USAGE_CREDITS:
    case SLA_UNIT_LICENSE_EXTENSION:
        return t->value;
    case SLA_UNIT_PERCENT_OF_FEE:
    case SLA_UNIT_PERCENT_PER_STEP:
        break;
    }
    return NAN;
}

void
sla_credit_unit_owe(const struct sla_credit_tier *t, const struct credit_window *win,
                    double cap_percent, double fee, struct credit_result *out)
{
    double bound;
    out->unit = t->unit;
    out->tier_owed = owed_before_cap(t, win, cap_percent, &bound);
    out->owed = out->tier_owed;
    if (!isnan(bound) && out->owed > bound) {
        out->owed = bound;
        out->capped = true;
    }
    if (t->unit == SLA_UNIT_FIXED_AMOUNT)
        memcpy(out->currency, t->currency, sizeof out->currency);
    if (t->unit != SLA_UNIT_PRO_RATA)
        return;
    /* A pro-rata refund is a share of the fee: it prices as one. */
    out->tier_percent = out->tier_owed;
    out->credit_percent = out->owed;
    if (!isnan(fee) && !isnan(out->owed))
        out->amount = fee * out->owed / 100.0;
}

/* "6 h 10 min of service", "45 min of service", "2 h of service" (to the
 * minute). */
static int
service_time_text(double seconds, char *buf, size_t size)
{
    long minutes = lround(seconds / 60.0);
    if (minutes < 60)
        return snprintf(buf, size, "%ld min of service", minutes);
    if (minutes % 60 == 0)
        return snprintf(buf, size, "%ld h of service", minutes / 60);
    return snprintf(buf, size, "%ld h %ld min of service", minutes / 60, minutes % 60);
}

static const char *
plural(double n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

int
sla_credit_unit_owed_text(const struct credit_result *r, char *buf, size_t size)
{
    /* A share of the fee is its credit_percent (pro rata's is owed too). */
    double v = sla_credit_unit_of_fee(r->unit) ? r->credit_percent : r->owed;
    if (isnan(v))
        return snprintf(buf, size, "unknown");
    switch (r->unit) {
    case SLA_UNIT_SERVICE_TIME_MULTIPLE:
        return service_time_text(v, buf, size);
    case SLA_UNIT_SERVICE_DAYS:
        return snprintf(buf, size, "%g %s of service", v, plural(v, "day", "days"));
    case SLA_UNIT_FIXED_AMOUNT:
        return r->currency[0] ? snprintf(buf, size, "%s %g", r->currency, v)
                              : snprintf(buf, size, "%g (currency unstated)", v);
    case SLA_UNIT_USAGE_CREDITS:
        return snprintf(buf, size, "%g usage %s", v, plural(v, "credit", "credits"));
    case SLA_UNIT_PRO_RATA:
        return snprintf(buf, size, "pro rata, %.4g%% of the fee", v);
    case SLA_UNIT_LICENSE_EXTENSION:
        return snprintf(buf, size, "subscription extended by %g %s", v, plural(v, "day", "days"));
    case SLA_UNIT_PERCENT_OF_FEE:
    case SLA_UNIT_PERCENT_PER_STEP:
        break;
    }
    return snprintf(buf, size, "%g%%", v);
}

/* " per hour of downtime", " per incident", "". */
static const char *
basis_text(enum sla_credit_basis b)
{
    return b == SLA_BASIS_DOWNTIME_HOUR ? " per hour of downtime"
           : b == SLA_BASIS_INCIDENT    ? " per incident"
                                        : "";
}

int
sla_credit_unit_tier_text(const struct sla_credit_tier *t, char *buf, size_t size)
{
    double v = t->value;
    switch (t->unit) {
    case SLA_UNIT_SERVICE_TIME_MULTIPLE:
        return snprintf(buf, size, "%g × the downtime as service", v);
    case SLA_UNIT_SERVICE_DAYS:
        return snprintf(buf, size, "%g %s of service%s", v, plural(v, "day", "days"),
                        basis_text(t->basis));
    case SLA_UNIT_FIXED_AMOUNT:
        return snprintf(buf, size, "%s%s%g%s", t->currency, t->currency[0] ? " " : "", v,
                        basis_text(t->basis));
    case SLA_UNIT_USAGE_CREDITS:
        return snprintf(buf, size, "%g usage %s", v, plural(v, "credit", "credits"));
    case SLA_UNIT_PRO_RATA:
        return snprintf(buf, size, "pro rata of the fee for the downtime");
    case SLA_UNIT_LICENSE_EXTENSION:
        return snprintf(buf, size, "subscription extended by %g %s", v, plural(v, "day", "days"));
    case SLA_UNIT_PERCENT_OF_FEE:
    case SLA_UNIT_PERCENT_PER_STEP:
        break;
    }
    return snprintf(buf, size, "%g%%", t->credit_percent);
}

/* What owed is counted in, for the JSON "in". */
static const char *
owed_in(enum sla_credit_unit u)
{
    switch (u) {
    case SLA_UNIT_SERVICE_TIME_MULTIPLE:
        return "seconds";
    case SLA_UNIT_SERVICE_DAYS:
    case SLA_UNIT_LICENSE_EXTENSION:
        return "days";
    case SLA_UNIT_FIXED_AMOUNT:
        return "money";
    case SLA_UNIT_USAGE_CREDITS:
        return "credits";
    case SLA_UNIT_PERCENT_OF_FEE:
    case SLA_UNIT_PERCENT_PER_STEP:
    case SLA_UNIT_PRO_RATA:
        break;
    }
    return "percent_of_fee";
}

void
sla_credit_unit_json(struct jsonw *w, const char *key, const struct credit_result *r)
{
    if (r->match != CREDIT_TIER) {
        jsonw_field_null(w, key);
        return;
    }
    char text[96];
    sla_credit_unit_owed_text(r, text, sizeof text);
    jsonw_open(w, key, '{');
    jsonw_field_str(w, "unit", sla_credit_unit_name(r->unit));
    jsonw_field_num(w, "value", sla_credit_unit_of_fee(r->unit) ? r->credit_percent : r->owed);
    jsonw_field_str(w, "in", owed_in(r->unit));
    jsonw_field_str(w, "currency", r->currency[0] ? r->currency : NULL);
    jsonw_field_bool(w, "capped", r->capped);
    jsonw_field_str(w, "text", text);
    jsonw_close(w, '}');
}
