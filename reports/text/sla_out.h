/* sla_out.h — what `slaudit sla` shows of a provider's SLA document: its
 * terms (extract), the pre-signing scorecard with its red flags and allowed
 * downtime (score), and the replay of an incident history under the
 * document's own definitions (score --history), as text for a terminal, and
 * the whole of `sla score --json`. Each reads what it is given only.
 *
 * Each function appends to sb and returns SL_OK, or the first failed
 * append's status (SL_ERR_NOMEM, SL_ERR_LIMIT at the buffer's cap) with part
 * of the text in sb. Printing it is the caller's. */
#ifndef SLAUDIT_SLA_OUT_H
#define SLAUDIT_SLA_OUT_H

#include "engine/base/status.h"
#include "engine/base/strbuf.h"
#include "engine/measure/sla_replay.h"
#include "engine/sla/sla_score.h"
#include "engine/sla/sla_terms.h"

/* The document, provider and service, then each kind of term with the line
 * it came from: uptime targets, credit tiers (gaps and overlaps between
 * bands named), cap, claim deadline, maintenance, coverage, remedies, notice,
 * RPO and RTO, response times and exclusions. */
enum sl_status sla_out_terms(struct strbuf *sb, const struct sla_terms *t);
/* "DOCUMENT: score N / 100", each criterion with its points and reason, the
 * downtime each uptime target allows, the credit table's gaps and overlaps,
 * and the red flags with the line each quotes. */
enum sl_status sla_out_scorecard(struct strbuf *sb, const struct sla_terms *t,
                                 const struct sla_scorecard *sc);
/* The replay: each window delivered under the contract against neutral,
 * met or breached, its credit, what the exclusions removed and what the
 * minimum outage forgave; then the effective figure over all windows. */
enum sl_status sla_out_replay(struct strbuf *sb, const struct sla_replay *r);
/* {"document", "score", "criteria": [...], "red_flags": [...],
 *  "allowed_downtime": [...], "replay": {...} (when replay is not NULL),
 *  "terms": {...}}, without a final newline. */
enum sl_status sla_out_score_json(struct strbuf *sb, const struct sla_terms *t,
                                  const struct sla_scorecard *sc, const struct sla_replay *replay);

#endif
