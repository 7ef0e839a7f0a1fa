/* rules_checks.h — the check functions of the catalog, one per rule, grouped
 * by file: rules_sla.c (SLA), rules_perf.c (AVL, MNT, INC, GPU),
 * rules_report.c (REP), rules_control.c (PAT, OPS, EVD). The SLA rules share
 * one check, which asks the scorecard for the flag of the rule's own ID.
 * Private to engine/rules*.c and the tests. */
#ifndef SLAUDIT_RULES_CHECKS_H
#define SLAUDIT_RULES_CHECKS_H

#include "engine/audit/audit.h"
#include "engine/audit/rules.h"

#define RULE_CHECK(name) void name(struct audit_ctx *ctx, const struct rule *rule)

RULE_CHECK(check_sla_document);
RULE_CHECK(check_avl001);
RULE_CHECK(check_avl002);
RULE_CHECK(check_avl003);
RULE_CHECK(check_avl004);
RULE_CHECK(check_avl005);
RULE_CHECK(check_mnt001);
RULE_CHECK(check_inc001);
RULE_CHECK(check_inc002);
RULE_CHECK(check_inc003);
RULE_CHECK(check_inc004);
RULE_CHECK(check_inc005);
RULE_CHECK(check_inc006);
RULE_CHECK(check_inc007);
RULE_CHECK(check_rep001);
RULE_CHECK(check_rep002);
RULE_CHECK(check_rep003);
RULE_CHECK(check_rep004);
RULE_CHECK(check_rep005);
RULE_CHECK(check_rep006);
RULE_CHECK(check_rep007);
RULE_CHECK(check_pat001);
RULE_CHECK(check_pat002);
RULE_CHECK(check_pat003);
RULE_CHECK(check_ops001);
RULE_CHECK(check_ops002);
RULE_CHECK(check_evd001);
RULE_CHECK(check_gpu001);
RULE_CHECK(check_gpu003);

#endif
