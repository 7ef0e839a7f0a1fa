/* eval_save.h — an evaluation kept in the store: every result row of an
 * eval_result written into the eval_results table (store_put_eval_results),
 * the neutral rows first, then the contract rows. A run replaces its earlier
 * rows for the same definitions and windows.
 *
 * Each row carries its figures as columns and as JSON text: the whole result
 * object, and for a contract row its "sla" block; the rows are keyed by the
 * SHA-256 of the "definitions" object. The JSON is the report's own
 * (reports/text/eval_json.h), which the engine cannot include, so the caller
 * hands its writers in. A contract row takes its incident figures from the
 * neutral row of the same entity, service and window; none when there is no
 * such row. A contract row's commitment is named "<document>#<target>"
 * ("sla" when the terms name no document). */
#ifndef SLAUDIT_EVAL_SAVE_H
#define SLAUDIT_EVAL_SAVE_H

#include <stddef.h>

#include "engine/base/status.h"
#include "engine/base/strbuf.h"
#include "engine/measure/eval.h"

struct store;

/* The JSON of an evaluation. Each appends to sb and returns SL_OK or the
 * failed append's status. */
struct eval_save_json {
    /* The "definitions" object. */
    enum sl_status (*definitions)(const struct eval_result *r, struct strbuf *sb);
    /* Result k: the neutral rows first (k < nrows), then the contract rows. */
    enum sl_status (*result)(const struct eval_result *r, size_t k, struct strbuf *sb);
    /* The "sla" block of contract row k. */
    enum sl_status (*sla)(const struct eval_result *r, size_t k, struct strbuf *sb);
};

/* Writes every row of r in one transaction. Errors: the writers' status,
 * SL_ERR_NOMEM ("out of memory for the results"), and the store's
 * (SL_ERR_DB), after which nothing of this run is kept. */
enum sl_status eval_save(struct store *st, const struct eval_result *r,
                         const struct eval_save_json *as_json, struct sl_diag *diag);

#endif
