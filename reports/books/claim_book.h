/* claim_book.h — the credit claim pack: what a customer sends a provider
 * before the claim-by date, for every commitment breached with a credit due
 * in one month (engine/measure/claim.h).
 *
 * Two files go into a folder, written together or not at all
 * (reports/xlsx/outfile.h): claim-ENTITY-YYYY-MM.xlsx, the workbook — Claim
 * (each credit: the commitment quoted with its line, the availability
 * measured under the contract's own definition, downtime allowed and
 * counted, tier and credit after the cap, the amount where the fee is
 * known, the claim-by date; then the document's words and the counting
 * rules used), Outages (every outage that counts: start, end, minutes, and
 * each record that shows it with its file and line), Excluded (what the
 * contract set aside and why, with the document line that says so) and
 * Sources — and claim-ENTITY-YYYY-MM.txt, the same claim as a plain letter.
 * ENTITY is the entity with ':' and '/' as '-' ("provider-nimbus").
 *
 * Every figure is the eval_result's, so the pack says what `eval --json`
 * says for the same month. The document's words are quoted only from the
 * document itself, read again where it was imported from and unchanged
 * (its SHA-256 checked by the caller); without it a line is cited by number
 * and the terms' own text, and the pack says so. The same inputs give the
 * same bytes. */
#ifndef SLAUDIT_CLAIM_BOOK_H
#define SLAUDIT_CLAIM_BOOK_H

#include <stdbool.h>
#include <stddef.h>

#include "engine/base/status.h"
#include "engine/base/strbuf.h"
#include "engine/measure/claim.h"
#include "engine/sla/sla_terms.h"
#include "reports/monthly/report.h"

struct claim_book_info {
    const char *version;                 /* slaudit's */
    const char *command_line;            /* NULL: not known */
    const struct report_source *sources; /* the store's, in its order */
    size_t nsources;
    /* Per commitment of the result (parallel to result->commitments): the
     * terms read again from the document, whose source_lines are quoted;
     * NULL (the array or an entry): the document is not at hand, and
     * why_unquoted[k] (may be NULL) says why. */
    const struct sla_terms *const *words;
    const char *const *why_unquoted;
    const char *month; /* "2026-10", for the file names and titles */
};

/* The names the pack's two files get, in buffers of size bytes:
 * claim-ENTITY-MONTH.xlsx and .txt. */
void claim_book_names(const char *entity, const char *month, char *xlsx, char *txt, size_t size);

/* Writes both files into dir (created when missing; its parent must
 * exist). Errors: SL_ERR_REPORT (with the path), SL_ERR_NOMEM, SL_ERR_LIMIT. */
enum sl_status claim_pack_write(const char *dir, const struct claim *c,
                                const struct claim_book_info *info, struct sl_diag *diag);

/* The letter alone, appended to sb (claim_letter.c). */
enum sl_status claim_letter_write(const struct claim *c, const struct claim_book_info *info,
                                  struct strbuf *sb);

/* Shared by the workbook and the letter (claim_letter.c). */

/* The words of document line n of commitment k, from the document when it
 * is at hand: 'lines 9-11: "..."', the paragraph or list item the line is
 * in (a few lines each way at most; a table row alone), into buf. False
 * when the document is not at hand or the line is not in it. */
bool claim_quote(const struct claim_book_info *info, size_t k, long n, char *buf, size_t size);
/* Why a set-aside stretch does not count, in one sentence citing the
 * document line that says so where there is one. */
void claim_reason(const struct eval_result *r, const struct eval_contract_row *row,
                  const struct contract_stretch *s, char *buf, size_t size);
/* The claim-by date as "2026-11-30", or a sentence saying the document
 * names none (or names one in words only). */
void claim_deadline_text(const struct eval_result *r, const struct eval_contract_row *row,
                         char *buf, size_t size);
/* "status interval", "incident", "maintenance window". */
const char *claim_evidence_name(enum claim_evidence_kind k);
/* "10 %", "10 % (capped from 25 %)"; a credit that is no share of the fee
 * in its unit: "6 h 10 min of service", "USD 50". */
void claim_credit_text(const struct eval_contract_row *row, char *buf, size_t size);
/* "123.45 USD", or "fee unknown: 10 % of inference-api's monthly fee";
 * "in kind, no amount of the fee" for a credit that is no share of it. */
void claim_amount_text(const struct eval_result *r, const struct eval_contract_row *row, char *buf,
                       size_t size);

#endif
