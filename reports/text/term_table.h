/* term_table.h — an evaluation as tables for a terminal, fixed-width columns
 * of text: the neutral rows, the contract rows with attainment and credits,
 * GPU capacity and nodes with repeated hardware faults, and the reconcile of
 * a provider's status history against the user's own. Times and dates are
 * written in the evaluation's zone.
 *
 * Each function appends its table to sb and returns SL_OK, or the first
 * failed append's status (SL_ERR_NOMEM, SL_ERR_LIMIT at the buffer's cap)
 * with the lines before it in sb. Printing the text is the caller's. */
#ifndef SLAUDIT_TERM_TABLE_H
#define SLAUDIT_TERM_TABLE_H

#include <stdbool.h>

#include "engine/base/status.h"
#include "engine/base/strbuf.h"
#include "engine/measure/eval.h"
#include "engine/measure/reconcile.h"
#include "engine/time/window.h"

/* The neutral rows: the entity rows only when entities_only, the rows of
 * one window only when window is not NULL. A header line first, always. */
enum sl_status term_table_eval(struct strbuf *sb, const struct eval_result *r, bool entities_only,
                               const struct window *window);
/* The contract rows (nothing when there are none): attainment, target,
 * margin, credit, amount, burn rate, alerts, claim deadline, chronic. With
 * month not NULL only the windows holding its last day, and one line
 * counting the rest (met, missed, unknown). */
enum sl_status term_table_contract(struct strbuf *sb, const struct eval_result *r,
                                   const struct window *month);
/* GPU capacity beside the service-level figure, and nodes with repeated
 * hardware faults; nothing when neither was evaluated or found. */
enum sl_status term_table_capacity(struct strbuf *sb, const struct eval_result *r);
/* `eval --reconcile`: the counts, the rules, then the outages the user saw
 * and the provider's reports, each with its verdict. */
enum sl_status term_table_reconcile(struct strbuf *sb, const struct reconcile_result *r,
                                    const char *entity, const char *service, const char *zone);

#endif
