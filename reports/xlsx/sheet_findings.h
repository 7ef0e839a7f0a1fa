/* sheet_findings.h — the findings table the audit workbook and the monthly
 * report share: one row per finding, numbered in the order given, so an
 * evidence sheet can point at a finding by its number. */
#ifndef SLAUDIT_REPORTS_SHEET_FINDINGS_H
#define SLAUDIT_REPORTS_SHEET_FINDINGS_H

#include <stddef.h>
#include <stdint.h>

#include "engine/audit/findings.h"
#include "reports/xlsx/xlsx.h"

/* Adds sheet `name` with findings[0..n) in that order: #, regime, severity,
 * rule, entity, service, window (in the zone it was computed in), subject,
 * the sentence, the clause, the number of evidence rows and that zone.
 * Header frozen and filtered. Returns the row after the last one written; a
 * failure sticks to the book. */
uint32_t sheet_findings_table(struct xlsx_book *book, const char *name,
                              const struct finding **findings, size_t n, struct xlsx_sheet **sheet);

#endif
