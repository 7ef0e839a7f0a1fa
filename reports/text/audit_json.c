/* audit_json.c — audit results as JSON. */
#include "reports/text/audit_out.h"

#include "engine/base/jsonw.h"
#include "engine/time/sltime.h"

static void
field_time(struct jsonw *w, const char *key, int64_t t)
{
    if (t == SLTIME_NONE) {
        jsonw_field_null(w, key);
        return;
    }
    char text[40];
    sltime_format(t, NULL, text);
    jsonw_field_str(w, key, text);
}

static void
write_evidence(struct jsonw *w, const struct finding_evidence *e)
{
    jsonw_open(w, NULL, '{');
    jsonw_field_str(w, "kind", e->kind);
    jsonw_field_str(w, "ref", e->ref);
    jsonw_field_str(w, "detail", e->detail);
    field_time(w, "start", e->start);
    field_time(w, "end", e->end);
    jsonw_field_str(w, "file", e->file);
    if (e->line)
        jsonw_field_int(w, "line", e->line);
    else
        jsonw_field_null(w, "line");
    jsonw_close(w, '}');
}

static void
write_finding(struct jsonw *w, const struct finding *f)
{
    jsonw_open(w, NULL, '{');
    jsonw_field_str(w, "rule", f->rule_id);
    jsonw_field_str(w, "severity", finding_severity_name(f->severity));
    jsonw_field_str(w, "regime", f->regime);
    jsonw_field_str(w, "clause", f->clause);
    jsonw_field_str(w, "entity", f->entity);
    jsonw_field_str(w, "service", f->service);
    jsonw_open(w, "window", '{');
    field_time(w, "start", f->window_start);
    field_time(w, "end", f->window_end);
    jsonw_field_str(w, "zone", f->zone ? f->zone : "UTC");
    jsonw_close(w, '}');
    jsonw_field_str(w, "subject", f->subject);
    jsonw_field_str(w, "message", f->message);
    jsonw_open(w, "evidence", '[');
    for (size_t i = 0; i < f->nevidence; i++)
        write_evidence(w, &f->evidence[i]);
    jsonw_close(w, ']');
    jsonw_close(w, '}');
}

enum sl_status
audit_json_write(const struct audit_result *r, struct strbuf *sb)
{
    struct jsonw w;
    jsonw_begin(&w, sb);
    jsonw_open(&w, NULL, '{');
    jsonw_field_str(&w, "entity", r->params.entity);
    field_time(&w, "from", r->params.from);
    field_time(&w, "to", r->params.to);
    jsonw_field_bool(&w, "profile", r->profile_present);
    jsonw_field_str(&w, "regimes", r->regimes);
    jsonw_open(&w, "findings", '[');
    for (size_t i = 0; i < r->findings.n; i++)
        write_finding(&w, &r->findings.v[i]);
    jsonw_close(&w, ']');
    jsonw_open(&w, "rules", '[');
    for (size_t i = 0; i < r->nrules; i++) {
        const struct audit_rule_status *s = &r->rules[i];
        jsonw_open(&w, NULL, '{');
        jsonw_field_str(&w, "id", s->rule->id);
        jsonw_field_str(&w, "state", audit_rule_state_name(s->state));
        jsonw_field_str(&w, "why", s->why[0] ? s->why : NULL);
        jsonw_field_int(&w, "findings", (int64_t)s->findings);
        jsonw_close(&w, '}');
    }
    jsonw_close(&w, ']');
    jsonw_close(&w, '}');
    if (!w.status)
        w.status = strbuf_addch(sb, '\n');
    return w.status;
}
