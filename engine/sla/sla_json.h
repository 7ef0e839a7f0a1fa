/* sla_json.h — SLA terms to and from the JSON object of docs/design.md §5.
 *
 * Writing gives exactly the §5 fields, in that order, plus fields §5 leaves
 * room for: "tier_issues" (gaps and overlaps between credit bands, see
 * engine/sla_score.h), "clauses" (the other clauses the scorecard weighs),
 * and "resolution" on each response time. Reading takes the same object —
 * as written, or after a person corrected it — and ignores fields it does not
 * know; a field of the wrong type is an error with its name, never a guess. */
#ifndef SLAUDIT_SLA_JSON_H
#define SLAUDIT_SLA_JSON_H

#define SLA_JSON_MAX_BYTES ((size_t)8 << 20) /* larger terms files are refused */

#include <stddef.h>

#include "engine/base/jsonw.h"
#include "engine/sla/sla_terms.h"
#include "engine/base/status.h"
#include "engine/base/strbuf.h"

/* Appends the object (one line when compact, else indented by two). Errors:
 * SL_ERR_NOMEM, or SL_ERR_LIMIT at the buffer's cap; the buffer may then hold
 * part of the object. */
enum sl_status sla_json_write(struct strbuf *sb, const struct sla_terms *t, int compact);
/* Writes the object's fields into the object w has open, so a caller can put
 * the terms under a key of its own or add fields after them. Errors stay in
 * w->status, as for any jsonw call. */
void sla_json_write_fields(struct jsonw *w, const struct sla_terms *t);

/* Reads terms from JSON text into an initialised t. path names the text in
 * messages. Errors: SL_ERR_INPUT (not JSON, or a field of the wrong type),
 * SL_ERR_NOMEM. */
enum sl_status sla_json_read(const char *text, size_t len, const char *path, struct sla_terms *t,
                             struct sl_diag *diag);

#endif
