/* rules.h — the rule catalog as data (docs/rules.md is generated from it):
 * each rule's ID, scope, default severity, source clause, the regime under
 * which it applies, its threshold parameters with their defaults, and its
 * check. A check reads the audit's data (engine/audit.h) and adds findings;
 * a rule whose check is NULL says why it is not implemented. */
#ifndef SLAUDIT_RULES_H
#define SLAUDIT_RULES_H

#include <stddef.h>

#include "engine/audit/findings.h"
#include "engine/audit/record_source.h"

/* Scope: who and what a rule is about (docs/rules.md). */
enum {
    RULE_DOC = 1,      /* D: a provider's SLA document */
    RULE_PROVIDER = 2, /* P: a provider's measured performance */
    RULE_INTERNAL = 4  /* I: an internal operations team */
};

#define RULE_MAX_PARAMS 6

struct rule_param {
    const char *name;
    double value; /* the default */
    const char *unit;
};

struct audit_ctx;

struct rule {
    const char *id;
    unsigned scope;
    enum finding_severity severity;
    const char
        *regimes; /* "dora", "hipaa gdpr": applies when the profile lists one; NULL: always */
    const char *check_text;
    const char *clause;
    struct rule_param params[RULE_MAX_PARAMS]; /* ends with {NULL} */
    void (*check)(struct audit_ctx *ctx, const struct rule *rule);
    const char *not_implemented; /* why, when check is NULL */
    /* The record sources (record_source.h, SOURCES_*) whose incidents the
     * rule judges; its check passes over the others. 0: the rule reads no
     * incident. */
    unsigned sources;
};

/* The catalog in ID order, ending with a rule whose id is NULL. */
extern const struct rule rules_catalog[];

const struct rule *rules_find(const char *id);
size_t rules_count(void);
size_t rules_implemented(void);
/* The catalog's version: 16 hex digits of a digest of every rule's ID,
 * scope, severity, regimes, check, clause, parameter defaults and sources,
 * and whether it is implemented. Any change to a rule changes it, so an audit
 * names the catalog it was run with. */
void rules_catalog_digest(char out[17]);

/* "D", "P, I", ... */
const char *rules_scope_text(unsigned scope);

#endif
