/* sla_json.c — SLA terms to and from JSON (sla_json.h). */
#include "engine/sla/sla_json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/jsondoc.h"
#include "engine/base/jsonw.h"
#include "engine/sla/sla_remedy.h"
#include "engine/sla/sla_score.h"
#include "engine/time/sltime.h"

/* ---- writing ------------------------------------------------------------ */

/* The deadline as written: the number under its unit's key (the others
 * null), its words and line; null when the document states none. */
static void
write_claim_deadline(struct jsonw *w, const struct sla_terms *t)
{
    if (!t->claim_deadline_text && t->claim_deadline_days < 0) {
        jsonw_field_null(w, "claim_deadline");
        return;
    }
    jsonw_open(w, "claim_deadline", '{');
    for (int u = SLA_CLAIM_DAYS; u <= SLA_CLAIM_BILLING_CYCLES; u++)
        jsonw_field_num(w, sla_claim_unit_name((enum sla_claim_unit)u),
                        t->claim_deadline_unit == (enum sla_claim_unit)u ? t->claim_deadline_amount
                                                                         : NAN);
    jsonw_field_str(w, "text", t->claim_deadline_text);
    jsonw_field_int(w, "line", t->claim_deadline_line);
    jsonw_close(w, '}');
}

/* What a target is measured by, its scope in parts and who may rely on it. */
static void
write_commitment(struct jsonw *w, const struct sla_uptime_target *u)
{
    jsonw_field_str(w, "measure", sla_measure_name(u->measure));
    jsonw_open(w, "scope_of", '{');
    jsonw_field_str(w, "service", u->scope_service);
    jsonw_field_str(w, "region", u->scope_region);
    jsonw_field_str(w, "plan", u->scope_plan);
    jsonw_field_str(w, "operation", u->scope_operation);
    jsonw_close(w, '}');
    jsonw_open(w, "eligibility", '[');
    for (size_t k = 0; k < u->neligibility; k++) {
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "text", u->eligibility[k].text);
        jsonw_field_int(w, "line", u->eligibility[k].line);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
}

void
sla_json_write_fields(struct jsonw *w, const struct sla_terms *t)
{
    struct sla_band_issue *issues = NULL;
    size_t nissues = 0;
    if (w->status)
        return;
    if ((w->status = sla_score_band_issues(t, &issues, &nissues)))
        return;
    jsonw_field_str(w, "document", t->document);
    jsonw_field_str(w, "provider", t->provider);
    jsonw_field_str(w, "service", t->service);
    if (t->effective_date)
        jsonw_field_str(w, "effective_date", t->effective_date);
    if (t->language[0])
        jsonw_field_str(w, "language", t->language);

    jsonw_open(w, "uptime_targets", '[');
    for (size_t i = 0; i < t->ntargets; i++) {
        const struct sla_uptime_target *u = &t->targets[i];
        char id[24];
        snprintf(id, sizeof id, "c%zu", i + 1);
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "id", id);
        jsonw_field_num(w, "percent", u->percent);
        jsonw_field_str(w, "window", u->window_unstated ? NULL : sla_window_name(u->window));
        if (u->window == SLA_WINDOW_ROLLING || u->window == SLA_WINDOW_DAYS)
            jsonw_field_int(w, "days", u->days);
        if (u->window == SLA_WINDOW_DAYS) {
            char day[16];
            sltime_format_date(u->start_day * 86400, NULL, day);
            jsonw_field_str(w, "start_date", day);
        }
        jsonw_field_str(w, "scope", u->scope);
        write_commitment(w, u);
        if (t->target_implied)
            jsonw_field_bool(w, "implied", true);
        jsonw_field_int(w, "line", u->line);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
    jsonw_field_num(w, "durability_percent", t->durability_percent);
    jsonw_field_int(w, "durability_line", t->durability_line);

    jsonw_open(w, "credit_tiers", '[');
    for (size_t i = 0; i < t->ntiers; i++) {
        const struct sla_credit_tier *c = &t->tiers[i];
        jsonw_open(w, NULL, '{');
        jsonw_field_num(w, "lower_percent", c->lower_percent);
        jsonw_field_bool(w, "lower_inclusive", c->lower_inclusive);
        jsonw_field_num(w, "upper_percent", c->upper_percent);
        jsonw_field_bool(w, "upper_inclusive", c->upper_inclusive);
        jsonw_field_num(w, "credit_percent", c->credit_percent);
        long k = sla_terms_tier_commitment(t, i);
        char id[24];
        snprintf(id, sizeof id, "c%ld", k + 1);
        if (k >= 0)
            jsonw_field_str(w, "commitment", id);
        else
            jsonw_field_null(w, "commitment");
        jsonw_field_str(w, "unit", sla_credit_unit_name(c->unit));
        jsonw_field_num(w, "value",
                        c->unit == SLA_UNIT_PERCENT_OF_FEE ? c->credit_percent : c->value);
        if (c->unit == SLA_UNIT_PERCENT_PER_STEP)
            jsonw_field_num(w, "step_percent", c->step_percent);
        if (!sla_credit_unit_of_fee(c->unit))
            jsonw_field_str(w, "of", sla_credit_basis_name(c->basis));
        if (c->unit == SLA_UNIT_FIXED_AMOUNT)
            jsonw_field_str(w, "currency", c->currency[0] ? c->currency : NULL);
        jsonw_field_int(w, "line", c->line);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');

    jsonw_field_num(w, "credit_cap_percent", t->credit_cap_percent);
    jsonw_field_str(w, "credit_cap_text", t->credit_cap_text);
    jsonw_field_int(w, "credit_cap_line", t->credit_cap_line);
    if (isnan(t->credit_cap_percent)) {
        jsonw_field_null(w, "credit_cap");
    } else {
        jsonw_open(w, "credit_cap", '{');
        jsonw_field_num(w, "percent", t->credit_cap_percent);
        jsonw_field_str(w, "of", sla_cap_of_name(t->credit_cap_of));
        jsonw_field_str(w, "text", t->credit_cap_text);
        jsonw_field_int(w, "line", t->credit_cap_line);
        jsonw_close(w, '}');
    }
    if (t->claim_deadline_days < 0)
        jsonw_field_null(w, "claim_deadline_days");
    else
        jsonw_field_int(w, "claim_deadline_days", t->claim_deadline_days);
    jsonw_field_str(w, "claim_deadline_text", t->claim_deadline_text);
    jsonw_field_int(w, "claim_deadline_line", t->claim_deadline_line);
    write_claim_deadline(w, t);
    jsonw_field_bool(w, "maintenance_excluded", t->maintenance_excluded);
    jsonw_field_num(w, "maintenance_notice_hours", t->maintenance_notice_hours);

    jsonw_open(w, "exclusions", '[');
    for (size_t i = 0; i < t->nexclusions; i++) {
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "text", t->exclusions[i].text);
        jsonw_field_int(w, "line", t->exclusions[i].line);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');

    jsonw_open(w, "response_times", '[');
    for (size_t i = 0; i < t->nresponse_times; i++) {
        const struct sla_response_time *r = &t->response_times[i];
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "severity", r->severity);
        jsonw_field_num(w, "minutes", r->minutes);
        jsonw_field_bool(w, "business_hours", r->business_hours);
        jsonw_field_bool(w, "resolution", r->resolution);
        jsonw_field_int(w, "line", r->line);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');

    jsonw_field_str(w, "support_coverage", sla_coverage_name(t->support_coverage));
    jsonw_field_bool(w, "sole_remedy", t->sole_remedy);
    jsonw_field_int(w, "sole_remedy_line", t->sole_remedy_line);
    jsonw_field_bool(w, "chronic_failure_termination", t->chronic_failure_termination);
    jsonw_field_num(w, "incident_notice_hours", t->incident_notice_hours);
    jsonw_field_num(w, "rpo_minutes", t->rpo_minutes);
    jsonw_field_num(w, "rto_minutes", t->rto_minutes);

    jsonw_open(w, "clauses", '[');
    for (size_t i = 0; i < t->nclauses; i++) {
        const struct sla_clause *c = &t->clauses[i];
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "kind", sla_clause_name(c->kind));
        jsonw_field_num(w, "value", c->value);
        jsonw_field_str(w, "text", c->text);
        jsonw_field_int(w, "line", c->line);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');

    jsonw_open(w, "tier_issues", '[');
    for (size_t i = 0; i < nissues; i++) {
        jsonw_open(w, NULL, '{');
        jsonw_field_str(w, "kind", issues[i].kind == SLA_BAND_GAP ? "gap" : "overlap");
        jsonw_field_num(w, "from_percent", issues[i].from);
        jsonw_field_num(w, "to_percent", issues[i].to);
        jsonw_field_str(w, "text", issues[i].text);
        jsonw_field_int(w, "line", issues[i].line);
        jsonw_close(w, '}');
    }
    jsonw_close(w, ']');
    free(issues);
    sla_remedy_json_write(w, t);
}

enum sl_status
sla_json_write(struct strbuf *sb, const struct sla_terms *t, int compact)
{
    struct jsonw w;
    jsonw_begin(&w, sb);
    /* Indented: each field on a line, each element of an array on a line. */
    w.indent = compact ? 0 : 2;
    jsonw_open(&w, NULL, '{');
    sla_json_write_fields(&w, t);
    jsonw_close(&w, '}');
    return w.status;
}

/* ---- reading ------------------------------------------------------------ */

struct reader {
    const char *path;
    struct sl_diag *diag;
    enum sl_status status;
};

static enum sl_status
wrong(struct reader *r, const char *field, const char *want)
{
    if (!r->status)
        r->status = diag_set(r->diag, SL_ERR_INPUT, r->path, 0, "'%s' is not %s", field, want);
    return r->status;
}

static char *
get_str(struct reader *r, const struct json_node *o, const char *k)
{
    struct json_node *n = jsondoc_get(o, k);
    if (!n || jsondoc_kind(n) == JNODE_NULL)
        return NULL;
    const char *s = jsondoc_string(n);
    if (!s) {
        wrong(r, k, "a string");
        return NULL;
    }
    char *copy = strdup(s);
    if (!copy && !r->status)
        r->status = diag_set(r->diag, SL_ERR_NOMEM, r->path, 0, "out of memory");
    return copy;
}

static double
get_num(struct reader *r, const struct json_node *o, const char *k)
{
    struct json_node *n = jsondoc_get(o, k);
    double v;
    if (!n || jsondoc_kind(n) == JNODE_NULL)
        return NAN;
    if (!jsondoc_number(n, &v)) {
        wrong(r, k, "a number");
        return NAN;
    }
    return v;
}

static bool
get_bool(struct reader *r, const struct json_node *o, const char *k, bool dflt)
{
    struct json_node *n = jsondoc_get(o, k);
    bool v;
    if (!n || jsondoc_kind(n) == JNODE_NULL)
        return dflt;
    if (!jsondoc_bool(n, &v)) {
        wrong(r, k, "true or false");
        return dflt;
    }
    return v;
}

static long
get_line_of(struct reader *r, const struct json_node *o, const char *k)
{
    double v = get_num(r, o, k);
    return isnan(v) || v < 0 ? 0 : (long)v;
}

static long
get_line(struct reader *r, const struct json_node *o)
{
    return get_line_of(r, o, "line");
}

/* An array member: its size, or 0 (and an error when it is not an array). */
static size_t
get_array(struct reader *r, const struct json_node *o, const char *k, struct json_node **out)
{
    *out = jsondoc_get(o, k);
    if (!*out || jsondoc_kind(*out) == JNODE_NULL)
        return 0;
    if (jsondoc_kind(*out) != JNODE_ARRAY) {
        wrong(r, k, "an array");
        return 0;
    }
    return jsondoc_size(*out);
}

static void *
alloc_items(struct reader *r, size_t n, size_t size)
{
    void *v = n ? calloc(n, size) : NULL;
    if (n && !v && !r->status)
        r->status = diag_set(r->diag, SL_ERR_NOMEM, r->path, 0, "out of memory");
    return v;
}

static bool
parse_window(const char *s, enum sla_window *w)
{
    if (!s)
        return false;
    if (sla_window_parse(s, w))
        return true;
    if (strstr(s, "quarter"))
        *w = SLA_WINDOW_QUARTER;
    else if (strstr(s, "year") || strstr(s, "annual"))
        *w = SLA_WINDOW_YEAR;
    else if (strstr(s, "month"))
        *w = SLA_WINDOW_MONTH;
    else
        return false;
    return true;
}

/* A window of days: its length, and where calendar windows of days start
 * ("start_date": "YYYY-MM-DD"). */
static void
read_days(struct reader *r, const struct json_node *e, struct sla_uptime_target *u)
{
    if (u->window != SLA_WINDOW_ROLLING && u->window != SLA_WINDOW_DAYS)
        return;
    double days = get_num(r, e, "days");
    if (isnan(days) || days < 1 || days > SLA_WINDOW_MAX_DAYS || days != floor(days)) {
        wrong(r, "uptime_targets[].days", "a whole number of days, 1 to 3660");
        return;
    }
    u->days = (int)days;
    if (u->window != SLA_WINDOW_DAYS)
        return;
    const char *d = jsondoc_get_string(e, "start_date");
    int y, m, dd;
    char end;
    if (!d || sscanf(d, "%4d-%2d-%2d%c", &y, &m, &dd, &end) != 3 || m < 1 || m > 12 || dd < 1 ||
        dd > sltime_days_in_month(y, m)) {
        wrong(r, "uptime_targets[].start_date", "a date YYYY-MM-DD");
        return;
    }
    u->start_day = sltime_days_from_civil(y, m, dd);
}

/* What a tier of unit u may be counted per ("of"). */
static bool
basis_fits(enum sla_credit_unit u, enum sla_credit_basis b)
{
    switch (b) {
    case SLA_BASIS_NONE:
        return u != SLA_UNIT_SERVICE_TIME_MULTIPLE && u != SLA_UNIT_PRO_RATA;
    case SLA_BASIS_DOWNTIME:
        return u == SLA_UNIT_SERVICE_TIME_MULTIPLE || u == SLA_UNIT_PRO_RATA;
    case SLA_BASIS_DOWNTIME_HOUR:
        return u == SLA_UNIT_SERVICE_DAYS || u == SLA_UNIT_FIXED_AMOUNT;
    case SLA_BASIS_INCIDENT:
        return u == SLA_UNIT_FIXED_AMOUNT;
    }
    return false;
}

/* A tier's unit: percent_of_fee (the default) needs credit_percent;
 * percent_per_step needs value and step_percent (credit_percent, when
 * absent, is one step); the others need value, may say what it counts per
 * ("of"; a multiple of the downtime and a pro-rata refund count by the
 * downtime when unsaid), and a fixed amount its currency. */
static void
read_tier_unit(struct reader *r, const struct json_node *e, struct sla_credit_tier *c)
{
    const char *u = jsondoc_get_string(e, "unit");
    c->unit = SLA_UNIT_PERCENT_OF_FEE;
    if (u && !sla_credit_unit_parse(u, &c->unit)) {
        wrong(r, "credit_tiers[].unit",
              "percent_of_fee, percent_per_step, service_time_multiple, service_days, "
              "fixed_amount, usage_credits, pro_rata or license_extension");
        return;
    }
    if (c->unit != SLA_UNIT_PERCENT_OF_FEE) {
        c->value = get_num(r, e, "value");
        if (isnan(c->value) && c->unit == SLA_UNIT_PRO_RATA)
            c->value = 1;
        if (!(c->value >= 0))
            wrong(r, "credit_tiers[].value", "a number, 0 or more");
    }
    if (c->unit == SLA_UNIT_PERCENT_PER_STEP) {
        c->step_percent = get_num(r, e, "step_percent");
        if (!(c->step_percent > 0))
            wrong(r, "credit_tiers[].step_percent", "a number above 0");
        if (isnan(c->credit_percent))
            c->credit_percent = c->value;
    }
    if (sla_credit_unit_of_fee(c->unit)) {
        if (isnan(c->credit_percent))
            wrong(r, "credit_tiers[].credit_percent", "a number");
        return;
    }
    /* Not a share of the fee: no percentage to read. */
    c->credit_percent = NAN;
    const char *of = jsondoc_get_string(e, "of");
    c->basis = SLA_BASIS_NONE;
    if (of && !sla_credit_basis_parse(of, &c->basis))
        wrong(r, "credit_tiers[].of", "downtime, downtime_hour or incident");
    else if (!of && (c->unit == SLA_UNIT_SERVICE_TIME_MULTIPLE || c->unit == SLA_UNIT_PRO_RATA))
        c->basis = SLA_BASIS_DOWNTIME;
    else if (!basis_fits(c->unit, c->basis))
        wrong(r, "credit_tiers[].of", "what this unit is counted per");
    const char *cur = jsondoc_get_string(e, "currency");
    if (cur && (c->unit != SLA_UNIT_FIXED_AMOUNT || strlen(cur) != 3))
        wrong(r, "credit_tiers[].currency", "a three-letter code, on a fixed_amount only");
    else if (cur)
        memcpy(c->currency, cur, 4);
}

/* The commitment side of a target: measure, scope_of, eligibility. */
static void
read_commitment(struct reader *r, const struct json_node *e, struct sla_uptime_target *u)
{
    const char *ms = jsondoc_get_string(e, "measure");
    if (ms && !sla_measure_parse(ms, &u->measure))
        wrong(r, "uptime_targets[].measure", "time, requests, error_rate, builds or ticks");
    struct json_node *o = jsondoc_get(e, "scope_of");
    if (o && jsondoc_kind(o) != JNODE_NULL && jsondoc_kind(o) != JNODE_OBJECT)
        wrong(r, "uptime_targets[].scope_of", "an object");
    else if (o && jsondoc_kind(o) == JNODE_OBJECT) {
        u->scope_service = get_str(r, o, "service");
        u->scope_region = get_str(r, o, "region");
        u->scope_plan = get_str(r, o, "plan");
        u->scope_operation = get_str(r, o, "operation");
        if (u->scope_operation && strcmp(u->scope_operation, "read") &&
            strcmp(u->scope_operation, "write"))
            wrong(r, "uptime_targets[].scope_of.operation", "read or write");
    }
    struct json_node *a;
    size_t n = get_array(r, e, "eligibility", &a);
    if ((u->eligibility = alloc_items(r, n, sizeof *u->eligibility))) {
        for (size_t i = 0; i < n; i++) {
            struct json_node *c = jsondoc_at(a, i);
            struct sla_condition *x = &u->eligibility[u->neligibility++];
            x->text =
                jsondoc_kind(c) == JNODE_STRING ? strdup(jsondoc_string(c)) : get_str(r, c, "text");
            x->line = jsondoc_kind(c) == JNODE_OBJECT ? get_line(r, c) : 0;
            if (!x->text)
                wrong(r, "uptime_targets[].eligibility[].text", "a string");
        }
    }
}

static void
read_arrays(struct reader *r, const struct json_node *root, struct sla_terms *t)
{
    struct json_node *a;
    size_t n = get_array(r, root, "uptime_targets", &a);
    if ((t->targets = alloc_items(r, n, sizeof *t->targets))) {
        for (size_t i = 0; i < n; i++) {
            struct json_node *e = jsondoc_at(a, i);
            struct sla_uptime_target *u = &t->targets[t->ntargets++];
            u->percent = get_num(r, e, "percent");
            if (isnan(u->percent))
                wrong(r, "uptime_targets[].percent", "a number");
            const char *ws = jsondoc_get_string(e, "window");
            u->window = SLA_WINDOW_MONTH;
            u->window_unstated = !ws;
            if (ws && !parse_window(ws, &u->window))
                wrong(r, "uptime_targets[].window", "month, quarter, year, rolling or days");
            read_days(r, e, u);
            u->scope = get_str(r, e, "scope");
            read_commitment(r, e, u);

            t->target_implied |= get_bool(r, e, "implied", false);
            u->line = get_line(r, e);
        }
    }
    n = get_array(r, root, "credit_tiers", &a);
    if ((t->tiers = alloc_items(r, n, sizeof *t->tiers))) {
        for (size_t i = 0; i < n; i++) {
            struct json_node *e = jsondoc_at(a, i);
            struct sla_credit_tier *c = &t->tiers[t->ntiers++];
            c->lower_percent = get_num(r, e, "lower_percent");
            c->upper_percent = get_num(r, e, "upper_percent");
            c->lower_inclusive = get_bool(r, e, "lower_inclusive", true);
            c->upper_inclusive = get_bool(r, e, "upper_inclusive", false);
            c->credit_percent = get_num(r, e, "credit_percent");
            c->line = get_line(r, e);
            read_tier_unit(r, e, c);
        }
    }
    n = get_array(r, root, "exclusions", &a);
    if ((t->exclusions = alloc_items(r, n, sizeof *t->exclusions))) {
        for (size_t i = 0; i < n; i++) {
            struct json_node *e = jsondoc_at(a, i);
            struct sla_exclusion *x = &t->exclusions[t->nexclusions++];
            x->text =
                jsondoc_kind(e) == JNODE_STRING ? strdup(jsondoc_string(e)) : get_str(r, e, "text");
            x->line = get_line(r, e);
        }
    }
    n = get_array(r, root, "response_times", &a);
    if ((t->response_times = alloc_items(r, n, sizeof *t->response_times))) {
        for (size_t i = 0; i < n; i++) {
            struct json_node *e = jsondoc_at(a, i);
            struct sla_response_time *x = &t->response_times[t->nresponse_times++];
            x->severity = get_str(r, e, "severity");
            x->minutes = get_num(r, e, "minutes");
            x->business_hours = get_bool(r, e, "business_hours", false);
            x->resolution = get_bool(r, e, "resolution", false);
            x->line = get_line(r, e);
        }
    }
    n = get_array(r, root, "clauses", &a);
    if ((t->clauses = alloc_items(r, n, sizeof *t->clauses))) {
        for (size_t i = 0; i < n; i++) {
            struct json_node *e = jsondoc_at(a, i);
            enum sla_clause_kind k;
            if (!sla_clause_parse(jsondoc_get_string(e, "kind"), &k))
                continue; /* a kind this version does not know */
            struct sla_clause *c = &t->clauses[t->nclauses++];
            c->kind = k;
            c->value = get_num(r, e, "value");
            c->text = get_str(r, e, "text");
            c->line = get_line(r, e);
        }
    }
}

static void
read_claim_deadline(struct reader *r, const struct json_node *root, struct sla_terms *t)
{
    struct json_node *o = jsondoc_get(root, "claim_deadline");
    if (!o || jsondoc_kind(o) == JNODE_NULL)
        return;
    if (jsondoc_kind(o) != JNODE_OBJECT) {
        wrong(r, "claim_deadline", "an object");
        return;
    }
    for (int u = SLA_CLAIM_DAYS; u <= SLA_CLAIM_BILLING_CYCLES; u++) {
        double v = get_num(r, o, sla_claim_unit_name((enum sla_claim_unit)u));
        if (!isnan(v)) {
            t->claim_deadline_unit = (enum sla_claim_unit)u;
            t->claim_deadline_amount = v;
            break;
        }
    }
    if (!t->claim_deadline_text)
        t->claim_deadline_text = get_str(r, o, "text");
    if (!t->claim_deadline_line)
        t->claim_deadline_line = get_line(r, o);
}

enum sl_status
sla_json_read(const char *text, size_t len, const char *path, struct sla_terms *t,
              struct sl_diag *diag)
{
    struct json_node *root = NULL;
    struct reader r = {path, diag, SL_OK};
    enum sl_status s = jsondoc_load_buffer(text, len, path, 1, &root, diag);
    if (s)
        return s;
    if (jsondoc_kind(root) != JNODE_OBJECT) {
        s = diag_set(diag, SL_ERR_INPUT, path, 1, "SLA terms must be a JSON object");
        goto out;
    }
    t->document = get_str(&r, root, "document");
    t->provider = get_str(&r, root, "provider");
    t->service = get_str(&r, root, "service");
    t->effective_date = get_str(&r, root, "effective_date");
    const char *lang = jsondoc_get_string(root, "language");
    if (lang && strlen(lang) < sizeof t->language)
        memcpy(t->language, lang, strlen(lang) + 1);
    t->credit_cap_percent = get_num(&r, root, "credit_cap_percent");
    t->credit_cap_text = get_str(&r, root, "credit_cap_text");
    t->credit_cap_line = get_line_of(&r, root, "credit_cap_line");
    struct json_node *cap = jsondoc_get(root, "credit_cap");
    const char *of = cap ? jsondoc_get_string(cap, "of") : NULL;
    if (of && !sla_cap_of_parse(of, &t->credit_cap_of))
        wrong(&r, "credit_cap.of", "monthly_fee or affected_service_fee");
    double days = get_num(&r, root, "claim_deadline_days");
    t->claim_deadline_days = isnan(days) || days < 0 ? -1 : lround(days);
    t->claim_deadline_text = get_str(&r, root, "claim_deadline_text");
    t->claim_deadline_line = get_line_of(&r, root, "claim_deadline_line");
    read_claim_deadline(&r, root, t);
    t->maintenance_excluded = get_bool(&r, root, "maintenance_excluded", false);
    t->maintenance_notice_hours = get_num(&r, root, "maintenance_notice_hours");
    const char *cov = jsondoc_get_string(root, "support_coverage");
    t->support_coverage = !cov                      ? SLA_COVERAGE_UNKNOWN
                          : strstr(cov, "24")       ? SLA_COVERAGE_24X7
                          : strstr(cov, "business") ? SLA_COVERAGE_BUSINESS_HOURS
                                                    : SLA_COVERAGE_UNKNOWN;
    t->sole_remedy = get_bool(&r, root, "sole_remedy", false);
    t->sole_remedy_line = get_line_of(&r, root, "sole_remedy_line");
    t->chronic_failure_termination = get_bool(&r, root, "chronic_failure_termination", false);
    t->incident_notice_hours = get_num(&r, root, "incident_notice_hours");
    t->rpo_minutes = get_num(&r, root, "rpo_minutes");
    t->rto_minutes = get_num(&r, root, "rto_minutes");
    t->durability_percent = get_num(&r, root, "durability_percent");
    t->durability_line = get_line_of(&r, root, "durability_line");
    read_arrays(&r, root, t);
    s = r.status;
    if (!s)
        s = sla_remedy_json_read(root, path, t, diag);
out:
    jsondoc_free(root);
    if (s)
        sla_terms_release(t);
    return s;
}
