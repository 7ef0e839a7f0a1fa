/* sheet_sources.h — the Sources sheet, shared by every workbook: each input
 * file with its SHA-256, parser and row counts, then the slaudit version and
 * the command line, so a reader can tell what the figures were made from.
 *
 * Written top to bottom, so it suits a book in constant memory. A failure
 * sticks to the book (reports/xlsx.h) and is returned. */
#ifndef SLAUDIT_REPORTS_SHEET_SOURCES_H
#define SLAUDIT_REPORTS_SHEET_SOURCES_H

#include "engine/base/status.h"
#include "engine/store/store.h"
#include "reports/monthly/report.h"
#include "reports/xlsx/xlsx.h"

/* The store's sources copied out of it (the store's strings live only as
 * long as its callback), in the store's order, for the sheet. */
struct report_sources {
    struct report_source *v;
    size_t n;
    char *(*owned)[3]; /* the strings of v[i], as owned pointers */
    size_t cap;
};

enum sl_status report_sources_collect(struct store *st, struct report_sources *out,
                                      struct sl_diag *diag);
void report_sources_release(struct report_sources *s);

/* Adds the sheet "Sources" from info->sources, info->version and
 * info->command_line; info->month and info->zone are not read. */
enum sl_status sheet_sources_write(struct xlsx_book *book, const struct report_info *info,
                                   struct sl_diag *diag);

#endif
