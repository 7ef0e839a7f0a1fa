/* sla_json.c — SLA terms to and from JSON (sla_json.h). */
#include "engine/sla_json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/jsondoc.h"
#include "engine/jsonw.h"
#include "engine/sla_score.h"

/* ---- writing ------------------------------------------------------------ */

struct writer {
    struct strbuf *sb;
    int compact;
    int first; /* no comma before the next top-level key */
};

static void
key(struct writer *w, const char *k)
{
    if (!w->first)
        strbuf_addch(w->sb, ',');
    w->first = 0;
    strbuf_addstr(w->sb, w->compact ? "" : "\n  ");
    jsonw_key(w->sb, k);
    if (!w->compact)
        strbuf_addch(w->sb, ' ');
}

static void
item_sep(struct writer *w, size_t i)
{
    if (i)
        strbuf_addch(w->sb, ',');
    if (!w->compact)
        strbuf_addstr(w->sb, "\n    ");
}

static void
array_end(struct writer *w, size_t n)
{
    if (n && !w->compact)
        strbuf_addstr(w->sb, "\n  ");
    strbuf_addch(w->sb, ']');
}

static void
num_or_null(struct strbuf *sb, double v)
{
    jsonw_num(sb, v); /* NAN is null */
}

static void
boolean(struct strbuf *sb, bool v)
{
    strbuf_addstr(sb, v ? "true" : "false");
}

enum sl_status
sla_json_write(struct strbuf *sb, const struct sla_terms *t, int compact)
{
    struct writer w = {sb, compact, 1};
    strbuf_addch(sb, '{');
    key(&w, "document");
    jsonw_str(sb, t->document);
    key(&w, "provider");
    jsonw_str(sb, t->provider);
    key(&w, "service");
    jsonw_str(sb, t->service);

    key(&w, "uptime_targets");
    strbuf_addch(sb, '[');
    for (size_t i = 0; i < t->ntargets; i++) {
        const struct sla_uptime_target *u = &t->targets[i];
        item_sep(&w, i);
        strbuf_addstr(sb, "{\"percent\":");
        jsonw_num(sb, u->percent);
        strbuf_addstr(sb, ",\"window\":");
        jsonw_str(sb, sla_window_name(u->window));
        strbuf_addstr(sb, ",\"scope\":");
        jsonw_str(sb, u->scope);
        strbuf_addf(sb, ",\"line\":%ld}", u->line);
    }
    array_end(&w, t->ntargets);

    key(&w, "credit_tiers");
    strbuf_addch(sb, '[');
    for (size_t i = 0; i < t->ntiers; i++) {
        const struct sla_credit_tier *c = &t->tiers[i];
        item_sep(&w, i);
        strbuf_addstr(sb, "{\"lower_percent\":");
        num_or_null(sb, c->lower_percent);
        strbuf_addstr(sb, ",\"lower_inclusive\":");
        boolean(sb, c->lower_inclusive);
        strbuf_addstr(sb, ",\"upper_percent\":");
        num_or_null(sb, c->upper_percent);
        strbuf_addstr(sb, ",\"upper_inclusive\":");
        boolean(sb, c->upper_inclusive);
        strbuf_addstr(sb, ",\"credit_percent\":");
        jsonw_num(sb, c->credit_percent);
        strbuf_addf(sb, ",\"line\":%ld}", c->line);
    }
    array_end(&w, t->ntiers);

    key(&w, "credit_cap_percent");
    num_or_null(sb, t->credit_cap_percent);
    key(&w, "credit_cap_text");
    jsonw_str(sb, t->credit_cap_text);
    key(&w, "claim_deadline_days");
    if (t->claim_deadline_days < 0)
        strbuf_addstr(sb, "null");
    else
        jsonw_int(sb, t->claim_deadline_days);
    key(&w, "claim_deadline_text");
    jsonw_str(sb, t->claim_deadline_text);
    key(&w, "maintenance_excluded");
    boolean(sb, t->maintenance_excluded);
    key(&w, "maintenance_notice_hours");
    num_or_null(sb, t->maintenance_notice_hours);

    key(&w, "exclusions");
    strbuf_addch(sb, '[');
    for (size_t i = 0; i < t->nexclusions; i++) {
        item_sep(&w, i);
        strbuf_addstr(sb, "{\"text\":");
        jsonw_str(sb, t->exclusions[i].text);
        strbuf_addf(sb, ",\"line\":%ld}", t->exclusions[i].line);
    }
    array_end(&w, t->nexclusions);

    key(&w, "response_times");
    strbuf_addch(sb, '[');
    for (size_t i = 0; i < t->nresponse_times; i++) {
        const struct sla_response_time *r = &t->response_times[i];
        item_sep(&w, i);
        strbuf_addstr(sb, "{\"severity\":");
        jsonw_str(sb, r->severity);
        strbuf_addstr(sb, ",\"minutes\":");
        jsonw_num(sb, r->minutes);
        strbuf_addstr(sb, ",\"business_hours\":");
        boolean(sb, r->business_hours);
        strbuf_addstr(sb, ",\"resolution\":");
        boolean(sb, r->resolution);
        strbuf_addf(sb, ",\"line\":%ld}", r->line);
    }
    array_end(&w, t->nresponse_times);

    key(&w, "support_coverage");
    jsonw_str(sb, sla_coverage_name(t->support_coverage));
    key(&w, "sole_remedy");
    boolean(sb, t->sole_remedy);
    key(&w, "chronic_failure_termination");
    boolean(sb, t->chronic_failure_termination);
    key(&w, "incident_notice_hours");
    num_or_null(sb, t->incident_notice_hours);
    key(&w, "rpo_minutes");
    num_or_null(sb, t->rpo_minutes);
    key(&w, "rto_minutes");
    num_or_null(sb, t->rto_minutes);

    key(&w, "clauses");
    strbuf_addch(sb, '[');
    for (size_t i = 0; i < t->nclauses; i++) {
        const struct sla_clause *c = &t->clauses[i];
        item_sep(&w, i);
        strbuf_addstr(sb, "{\"kind\":");
        jsonw_str(sb, sla_clause_name(c->kind));
        strbuf_addstr(sb, ",\"value\":");
        num_or_null(sb, c->value);
        strbuf_addstr(sb, ",\"text\":");
        jsonw_str(sb, c->text);
        strbuf_addf(sb, ",\"line\":%ld}", c->line);
    }
    array_end(&w, t->nclauses);

    struct sla_band_issue *issues = NULL;
    size_t nissues = 0;
    enum sl_status s = sla_band_issues(t, &issues, &nissues);
    if (s)
        return s;
    key(&w, "tier_issues");
    strbuf_addch(sb, '[');
    for (size_t i = 0; i < nissues; i++) {
        item_sep(&w, i);
        strbuf_addstr(sb, "{\"kind\":");
        jsonw_str(sb, issues[i].kind == SLA_BAND_GAP ? "gap" : "overlap");
        strbuf_addstr(sb, ",\"from_percent\":");
        jsonw_num(sb, issues[i].from);
        strbuf_addstr(sb, ",\"to_percent\":");
        jsonw_num(sb, issues[i].to);
        strbuf_addstr(sb, ",\"text\":");
        jsonw_str(sb, issues[i].text);
        strbuf_addf(sb, ",\"line\":%ld}", issues[i].line);
    }
    array_end(&w, nissues);
    free(issues);
    strbuf_addstr(sb, compact ? "}" : "\n}");
    /* An append that failed (memory, the buffer's cap) leaves the buffer as
     * it was, so the closing brace is missing: check once, here. */
    if (!sb->len || sb->buf[sb->len - 1] != '}')
        return SL_ERR_NOMEM;
    return SL_OK;
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
get_line(struct reader *r, const struct json_node *o)
{
    double v = get_num(r, o, "line");
    return isnan(v) || v < 0 ? 0 : (long)v;
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
            if (ws && !parse_window(ws, &u->window))
                wrong(r, "uptime_targets[].window", "month, quarter or year");
            u->scope = get_str(r, e, "scope");
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
            if (isnan(c->credit_percent))
                wrong(r, "credit_tiers[].credit_percent", "a number");
            c->line = get_line(r, e);
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
    t->credit_cap_percent = get_num(&r, root, "credit_cap_percent");
    t->credit_cap_text = get_str(&r, root, "credit_cap_text");
    double days = get_num(&r, root, "claim_deadline_days");
    t->claim_deadline_days = isnan(days) || days < 0 ? -1 : lround(days);
    t->claim_deadline_text = get_str(&r, root, "claim_deadline_text");
    t->maintenance_excluded = get_bool(&r, root, "maintenance_excluded", false);
    t->maintenance_notice_hours = get_num(&r, root, "maintenance_notice_hours");
    const char *cov = jsondoc_get_string(root, "support_coverage");
    t->support_coverage = !cov                      ? SLA_COVERAGE_UNKNOWN
                          : strstr(cov, "24")       ? SLA_COVERAGE_24X7
                          : strstr(cov, "business") ? SLA_COVERAGE_BUSINESS_HOURS
                                                    : SLA_COVERAGE_UNKNOWN;
    t->sole_remedy = get_bool(&r, root, "sole_remedy", false);
    t->chronic_failure_termination = get_bool(&r, root, "chronic_failure_termination", false);
    t->incident_notice_hours = get_num(&r, root, "incident_notice_hours");
    t->rpo_minutes = get_num(&r, root, "rpo_minutes");
    t->rto_minutes = get_num(&r, root, "rto_minutes");
    read_arrays(&r, root, t);
    s = r.status;
out:
    jsondoc_free(root);
    if (s)
        sla_terms_release(t);
    return s;
}
