/* rules_sla.c — the SLA-0xx rules: red flags of the SLA document in force
 * during the audit window, raised by the scorecard's own checks
 * (engine/sla_score.h) so that `sla score` and `audit` cannot disagree. */
#include <stdio.h>
#include <string.h>

#include "engine/audit/rules_checks.h"
#include "engine/sla/sla_score.h"

RULE_CHECK(check_sla_document)
{
    const struct audit_data *d = ctx->data;
    size_t documents = 0;
    for (size_t i = 0; i < d->nslas; i++)
        documents += !strcmp(d->slas[i].kind, "sla");
    if (!documents) {
        audit_no_data(ctx, "no SLA (commitment of kind sla) stored for the entity in force during "
                           "the window");
        return;
    }
    for (size_t i = 0; i < d->nslas; i++) {
        const struct audit_sla *s = &d->slas[i];
        struct sla_flag flag;
        if (strcmp(s->kind, "sla"))
            continue; /* an internal objective is no provider document */
        if (!sla_score_flag(&s->terms, rule->id, &flag))
            continue;
        const char *doc = s->document ? s->document : "the stored SLA";
        char where[32] = "";
        if (flag.line > 0)
            snprintf(where, sizeof where, " (line %ld)", flag.line);
        struct finding *f = audit_finding(ctx, rule, NULL, s->service, s->from, s->to, doc,
                                          "%s%s%s: %s%s", doc, s->service ? ", the SLA of " : "",
                                          s->service ? s->service : "", flag.detail, where);
        /* A flag about something missing rests on no line: the evidence is
         * the document as a whole. */
        if (flag.quote[0])
            findings_evidence(ctx->findings, f, "document", doc, s->from, s->to, s->document,
                              flag.line, "%s: \"%s\"", flag.title, flag.quote);
        else if (flag.line > 0)
            findings_evidence(ctx->findings, f, "document", doc, s->from, s->to, s->document,
                              flag.line, "%s: the term at line %ld", flag.title, flag.line);
        else
            findings_evidence(ctx->findings, f, "document", doc, s->from, s->to, s->document, 0,
                              "%s: no such term in the document", flag.title);
    }
}
