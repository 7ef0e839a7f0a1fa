/* audit_json.c — audit results and the rule catalog as JSON. */
#include "reports/audit_out.h"

#include "engine/jsonw.h"
#include "engine/sltime.h"

static enum sl_status
add_time(struct strbuf *sb, int64_t t)
{
    if (t == SLTIME_NONE)
        return strbuf_addstr(sb, "null");
    char text[40];
    sltime_format(t, NULL, text);
    return jsonw_str(sb, text);
}

static enum sl_status
add_evidence(struct strbuf *sb, const struct finding_evidence *e)
{
    enum sl_status rc = strbuf_addch(sb, '{');
    if (!rc)
        rc = jsonw_key(sb, "kind");
    if (!rc)
        rc = jsonw_str(sb, e->kind);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "ref");
    if (!rc)
        rc = jsonw_str(sb, e->ref);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "detail");
    if (!rc)
        rc = jsonw_str(sb, e->detail);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "start");
    if (!rc)
        rc = add_time(sb, e->start);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "end");
    if (!rc)
        rc = add_time(sb, e->end);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "file");
    if (!rc)
        rc = jsonw_str(sb, e->file);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "line");
    if (!rc)
        rc = e->line ? jsonw_int(sb, e->line) : strbuf_addstr(sb, "null");
    return rc ? rc : strbuf_addch(sb, '}');
}

static enum sl_status
add_finding(struct strbuf *sb, const struct finding *f)
{
    enum sl_status rc = strbuf_addch(sb, '{');
    if (!rc)
        rc = jsonw_key(sb, "rule");
    if (!rc)
        rc = jsonw_str(sb, f->rule_id);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "severity");
    if (!rc)
        rc = jsonw_str(sb, finding_severity_name(f->severity));
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "regime");
    if (!rc)
        rc = jsonw_str(sb, f->regime);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "clause");
    if (!rc)
        rc = jsonw_str(sb, f->clause);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "entity");
    if (!rc)
        rc = jsonw_str(sb, f->entity);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "service");
    if (!rc)
        rc = jsonw_str(sb, f->service);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "window");
    if (!rc)
        rc = strbuf_addch(sb, '{');
    if (!rc)
        rc = jsonw_key(sb, "start");
    if (!rc)
        rc = add_time(sb, f->window_start);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "end");
    if (!rc)
        rc = add_time(sb, f->window_end);
    if (!rc)
        rc = strbuf_addstr(sb, "},");
    if (!rc)
        rc = jsonw_key(sb, "subject");
    if (!rc)
        rc = jsonw_str(sb, f->subject);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "message");
    if (!rc)
        rc = jsonw_str(sb, f->message);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "evidence");
    if (!rc)
        rc = strbuf_addch(sb, '[');
    for (size_t i = 0; !rc && i < f->nevidence; i++) {
        if (i)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = add_evidence(sb, &f->evidence[i]);
    }
    return rc ? rc : strbuf_addstr(sb, "]}");
}

enum sl_status
audit_json_write(const struct audit_result *r, struct strbuf *sb)
{
    enum sl_status rc = strbuf_addch(sb, '{');
    if (!rc)
        rc = jsonw_key(sb, "entity");
    if (!rc)
        rc = jsonw_str(sb, r->params.entity);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "from");
    if (!rc)
        rc = add_time(sb, r->params.from);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "to");
    if (!rc)
        rc = add_time(sb, r->params.to);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "profile");
    if (!rc)
        rc = strbuf_addstr(sb, r->profile_present ? "true," : "false,");
    if (!rc)
        rc = jsonw_key(sb, "regimes");
    if (!rc)
        rc = jsonw_str(sb, r->regimes);
    if (!rc)
        rc = strbuf_addch(sb, ',');
    if (!rc)
        rc = jsonw_key(sb, "findings");
    if (!rc)
        rc = strbuf_addch(sb, '[');
    for (size_t i = 0; !rc && i < r->findings.n; i++) {
        if (i)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = add_finding(sb, &r->findings.v[i]);
    }
    if (!rc)
        rc = strbuf_addstr(sb, "],");
    if (!rc)
        rc = jsonw_key(sb, "rules");
    if (!rc)
        rc = strbuf_addch(sb, '[');
    for (size_t i = 0; !rc && i < r->nrules; i++) {
        const struct audit_rule_status *s = &r->rules[i];
        if (i)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = strbuf_addch(sb, '{');
        if (!rc)
            rc = jsonw_key(sb, "id");
        if (!rc)
            rc = jsonw_str(sb, s->rule->id);
        if (!rc)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = jsonw_key(sb, "state");
        if (!rc)
            rc = jsonw_str(sb, rule_state_name(s->state));
        if (!rc)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = jsonw_key(sb, "why");
        if (!rc)
            rc = jsonw_str(sb, s->why[0] ? s->why : NULL);
        if (!rc)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = jsonw_key(sb, "findings");
        if (!rc)
            rc = jsonw_int(sb, (int64_t)s->findings);
        if (!rc)
            rc = strbuf_addch(sb, '}');
    }
    return rc ? rc : strbuf_addstr(sb, "]}\n");
}

enum sl_status
rules_json_write(struct strbuf *sb)
{
    enum sl_status rc = strbuf_addch(sb, '[');
    for (const struct rule *r = rules_catalog; !rc && r->id; r++) {
        if (r != rules_catalog)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = strbuf_addch(sb, '{');
        if (!rc)
            rc = jsonw_key(sb, "id");
        if (!rc)
            rc = jsonw_str(sb, r->id);
        if (!rc)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = jsonw_key(sb, "scope");
        if (!rc)
            rc = jsonw_str(sb, rules_scope_text(r->scope));
        if (!rc)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = jsonw_key(sb, "severity");
        if (!rc)
            rc = jsonw_str(sb, finding_severity_name(r->severity));
        if (!rc)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = jsonw_key(sb, "regimes");
        if (!rc)
            rc = jsonw_str(sb, r->regimes);
        if (!rc)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = jsonw_key(sb, "check");
        if (!rc)
            rc = jsonw_str(sb, r->check_text);
        if (!rc)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = jsonw_key(sb, "clause");
        if (!rc)
            rc = jsonw_str(sb, r->clause);
        if (!rc)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = jsonw_key(sb, "params");
        if (!rc)
            rc = strbuf_addch(sb, '{');
        for (size_t i = 0; !rc && r->params[i].name; i++) {
            if (i)
                rc = strbuf_addch(sb, ',');
            if (!rc)
                rc = jsonw_key(sb, r->params[i].name);
            if (!rc)
                rc = jsonw_num(sb, r->params[i].value);
        }
        if (!rc)
            rc = strbuf_addstr(sb, "},");
        if (!rc)
            rc = jsonw_key(sb, "implemented");
        if (!rc)
            rc = strbuf_addstr(sb, r->check ? "true" : "false");
        if (!rc)
            rc = strbuf_addch(sb, ',');
        if (!rc)
            rc = jsonw_key(sb, "not_implemented");
        if (!rc)
            rc = jsonw_str(sb, r->not_implemented);
        if (!rc)
            rc = strbuf_addch(sb, '}');
    }
    return rc ? rc : strbuf_addstr(sb, "]\n");
}
