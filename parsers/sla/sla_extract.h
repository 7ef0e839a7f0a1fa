/* sla_extract.h — the SLA document reader: the terms of docs/design.md §5 read
 * from a provider's SLA in Markdown, plain text or HTML, each with the line it
 * came from. What it recognises is the phrasing table of sla_patterns.c;
 * tables (Markdown, HTML, tab-separated) and prose are both read.
 *
 * Credit bands keep the inclusivity the document wrote: "less than 99.9% but
 * greater than or equal to 99.0%" is [99.0, 99.9); a bare range "99.0% -
 * 99.9%" is read as written, inclusive at both ends, so that a neighbour
 * sharing the bound shows up as an overlap (engine/sla_score.h) rather than
 * being fixed silently. A term that is not found stays absent (NAN, -1,
 * NULL, false), never guessed. Worked examples are not read as terms.
 *
 * The terms are filled into a caller-initialised struct sla_terms, which
 * then owns every string (including its copy of the document's lines). */
#ifndef SLAUDIT_SLA_EXTRACT_H
#define SLAUDIT_SLA_EXTRACT_H

#include "engine/sla/sla_terms.h"
#include "engine/base/status.h"
#include "parsers/sla/sla_text.h"

/* Reads path and extracts. regex_flags is added to every phrasing compiled
 * (REGEX_NO_JIT, engine/base/regex.h; 0 for the defaults). Errors:
 * SL_ERR_IO, SL_ERR_LIMIT, SL_ERR_NOMEM. */
enum sl_status sla_extract_file(const char *path, unsigned regex_flags, struct sla_terms *out,
                                struct sl_diag *diag);
/* Extracts from a document already read; name becomes terms.document. */
enum sl_status sla_extract_text(const struct sla_text *doc, const char *name, unsigned regex_flags,
                                struct sla_terms *out, struct sl_diag *diag);

/* Reads a small amount: digits ("30", "99.9", "1,000"), digits in brackets
 * after words ("thirty (30)"), or words alone ("thirty", "twenty-four", "a").
 * Returns false when text holds none. */
bool sla_extract_amount(const char *text, size_t len, double *out);
/* Minutes in num units ("hours", "business days" = 8 business hours each);
 * *business tells whether the clock is business time. NAN for months. */
double sla_extract_minutes(double num, const char *unit, size_t len, bool *business);

#endif
