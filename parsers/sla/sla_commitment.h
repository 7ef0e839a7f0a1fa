/* sla_commitment.h — the commitment side of the SLA reader: once the targets
 * of a document are known, what each one is measured by, what it covers in
 * parts, and the conditions a customer must meet for it to apply; and the
 * durability figure, which is never a target.
 *
 * measure: read from the sentences that define the uptime (they name uptime
 * or availability): an error rate gives error_rate, requests give requests,
 * builds give builds, ticks give ticks; minutes, downtime or unavailable time
 * give time. A definition inside the target's own unit wins over the
 * document's first one; with no definition the measure stays unknown.
 *
 * scope_of: from the target's scope text and its line: "EU region" gives the
 * region, "Premium plan" (tier, edition) the plan, "read operations" or
 * "write requests" the operation (both named: none); the service is the
 * scope text when no other part was read from it.
 *
 * eligibility: sentences that restrict who may rely on the target ("only
 * applies to", "applies only if", "requires", "eligible", "must have", "two
 * or more availability zones", "at least three replicas", "... only"), in the
 * target's section (under the same heading), or anywhere when they also name
 * the SLA or uptime; sentences about making a claim are not conditions.
 *
 * Words are a table in sla_commitment.c, English and German. */
#ifndef SLAUDIT_SLA_COMMITMENT_H
#define SLAUDIT_SLA_COMMITMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/base/status.h"
#include "engine/sla/sla_terms.h"
#include "parsers/sla/sla_text.h"

/* Fills measure, scope_of and eligibility of every target of t, and
 * t->durability_percent, from doc. regex_flags as for sla_extract_text.
 * Errors: SL_ERR_LIMIT, SL_ERR_NOMEM. */
enum sl_status sla_commitment_read(const struct sla_text *doc, unsigned regex_flags,
                                   struct sla_terms *t, struct sl_diag *diag);

/* True when the percentage written at offset at of text[0..len) is qualified
 * as durability ("99.999999999% durability", "Durability: 99.9%"); at 0 of a
 * table row, when the row names durability and not uptime. */
bool sla_commitment_is_durability(const char *text, size_t len, size_t at);

#endif
