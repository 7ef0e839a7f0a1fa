/* eval_json.h — an eval_result as the JSON of docs/design.md §5:
 * {"definitions": {...}, "results": [...]}, one result per entity, service
 * (null for the entity as a whole), window and measure. Each function appends
 * to its buffer and returns SL_OK, or the first failed append's status
 * (SL_ERR_NOMEM, or SL_ERR_LIMIT at the buffer's cap) with part of the text
 * in the buffer. */
#ifndef SLAUDIT_EVAL_JSON_H
#define SLAUDIT_EVAL_JSON_H

#include "engine/measure/eval.h"
#include "engine/measure/reconcile.h"
#include "engine/base/strbuf.h"

/* The whole object, with "hardware_fault_nodes" after "results". */
enum sl_status eval_json_write(const struct eval_result *r, struct strbuf *out);
/* The "definitions" object alone. */
enum sl_status eval_json_definitions(const struct eval_result *r, struct strbuf *sb);
/* Result k: the neutral rows first (k < nrows), then the contract rows. */
enum sl_status eval_json_result(const struct eval_result *r, size_t k, struct strbuf *sb);
/* The "sla" block of contract row k: the object alone. */
enum sl_status eval_json_sla(const struct eval_result *r, size_t k, struct strbuf *sb);
/* `eval --reconcile --json`: {"reconcile": {...}}. */
enum sl_status eval_json_reconcile(const struct reconcile_result *r, const char *entity,
                                   const char *service, const char *zone, struct strbuf *sb);

#endif
