/* audit_book.h — the audit workbook: Cover (entity, period, profile, the
 * rule catalog's version, findings by severity, the command that made it),
 * Findings (severity, worst first, then rule: the audit's own order,
 * numbered), Evidence (each row naming its finding's number), Rules (the
 * catalog with this audit's status of each rule) and Sources (every file
 * of the store with its SHA-256 and counts: reports/xlsx/sheet_sources.h),
 * written whole or not at all. The same audit and information give the
 * same bytes. */
#ifndef SLAUDIT_AUDIT_BOOK_H
#define SLAUDIT_AUDIT_BOOK_H

#include <stddef.h>

#include "engine/audit/audit.h"
#include "reports/monthly/report.h"

struct audit_book_info {
    const char *version;                 /* slaudit's */
    const char *command_line;            /* NULL: not known */
    const struct report_source *sources; /* the store's, in its order */
    size_t nsources;
};

enum sl_status audit_book_write(const char *path, const struct audit_result *r,
                                const struct audit_book_info *info, struct sl_diag *diag);

#endif
