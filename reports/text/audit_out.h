/* audit_out.h — an audit's findings and the rule catalog as JSON and
 * Markdown (the workbook: reports/books/audit_book.h). Each reads an
 * audit_result or the catalog only. */
#ifndef SLAUDIT_AUDIT_OUT_H
#define SLAUDIT_AUDIT_OUT_H

#include "engine/audit/audit.h"
#include "engine/base/strbuf.h"

/* {"entity", "from", "to", "regimes": [...], "profile": bool,
 *  "findings": [{"rule", "severity", "regime", "clause", "entity", "service",
 *                "window": {"start", "end"}, "subject", "message",
 *                "evidence": [{"kind", "ref", "detail", "start", "end", "file", "line"}]}],
 *  "rules": [{"id", "state", "why", "findings"}]} */
enum sl_status audit_json_write(const struct audit_result *r, struct strbuf *out);

/* The catalog (rules_doc.c): a JSON array of rules, or docs/rules.md. */
enum sl_status rules_doc_json_write(struct strbuf *out);
enum sl_status rules_doc_markdown_write(struct strbuf *out);

#endif
