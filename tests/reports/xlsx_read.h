/* xlsx_read.h — reading a workbook back for the tests: a part of the zip
 * (unzip -p), a cell's element, value, text (inline or shared) and style. */
#ifndef SLAUDIT_TESTS_XLSX_READ_H
#define SLAUDIT_TESTS_XLSX_READ_H

#include <stddef.h>

/* The part of the zip, as a string the caller frees. */
char *zip_part(const char *xlsx, const char *part);
/* The <c> element of cell ref ("D3"), or NULL when the sheet has none. */
char *cell(const char *sheet, const char *ref);
long attr(const char *elem, const char *name);
double value(const char *c);
char *text_at(const char *s);
char *shared(const char *sst, long idx);
/* The text of a cell: inline, or shared from sst (may be NULL). */
char *cell_text(const char *sheet, const char *sst, const char *ref);
/* The XML of the worksheet named name. */
char *sheet_xml(const char *xlsx, const char *name);
const char *nth(const char *xml, const char *section, const char *tag, long n);
/* The number format code and fill colour of a cell's style. */
void style_of(const char *styles, const char *c, char *numfmt, size_t size, char *fill);
/* The fill ("FFC6EFCE") the sheet's conditional formats give cell ref, as a
 * spreadsheet shows it: of the "cellIs" rules (lessThan, between) whose
 * range holds ref and whose condition the cell's number meets, the one of
 * lowest priority; text meets none, a blank reads as 0. "none" when no rule applies. */
void conditional_fill(const char *sheet, const char *styles, const char *ref, char fill[9]);

#endif
