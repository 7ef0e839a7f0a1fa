/* sheet_sources.c — the Sources sheet: the input files behind a workbook with
 * their SHA-256 and counts, and the program and command that wrote it. */
#include "reports/xlsx/sheet_sources.h"

#define FIRST_ROW 0

enum {
    COL_PATH,
    COL_SHA256,
    COL_FORMAT,
    COL_BYTES,
    COL_READ,
    COL_STORED,
    COL_REJECTED,
    COL_DUPLICATES,
};

static const struct xlsx_column source_columns[] = {
    [COL_PATH] = {"File", 48},
    [COL_SHA256] = {"SHA-256", 66},
    [COL_FORMAT] = {"Parser", 14},
    [COL_BYTES] = {"Bytes", 12},
    [COL_READ] = {"Read", 10},
    [COL_STORED] = {"Stored", 10},
    [COL_REJECTED] = {"Rejected", 10},
    [COL_DUPLICATES] = {"Duplicates", 10},
    {NULL, 0},
};

enum sl_status
sheet_sources_write(struct xlsx_book *book, const struct report_info *info, struct sl_diag *diag)
{
    struct xlsx_sheet *sh = xlsx_add_sheet(book, "Sources");
    uint32_t row = FIRST_ROW;
    xlsx_text(sh, row, 0, "slaudit version", XLSX_BOLD);
    xlsx_text(sh, row++, 1, info->version ? info->version : "unknown", XLSX_PLAIN);
    xlsx_text(sh, row, 0, "Command line", XLSX_BOLD);
    xlsx_text(sh, row++, 1, info->command_line, XLSX_PLAIN);
    xlsx_text(sh, row, 0, "Input files", XLSX_BOLD);
    xlsx_number(sh, row++, 1, (double)info->nsources, XLSX_INTEGER);
    row++;

    /* The counts are ingest's: records read, stored, rejected (with file and
     * line in the store's rejects) and duplicates of records already stored. */
    xlsx_header(sh, row++, source_columns, (uint32_t)info->nsources);
    for (size_t i = 0; i < info->nsources; i++, row++) {
        const struct report_source *s = &info->sources[i];
        xlsx_text(sh, row, COL_PATH, s->path, XLSX_PLAIN);
        xlsx_text(sh, row, COL_SHA256, s->sha256, XLSX_PLAIN);
        xlsx_text(sh, row, COL_FORMAT, s->format, XLSX_PLAIN);
        xlsx_number(sh, row, COL_BYTES, (double)s->bytes, XLSX_INTEGER);
        xlsx_number(sh, row, COL_READ, (double)s->read, XLSX_INTEGER);
        xlsx_number(sh, row, COL_STORED, (double)s->stored, XLSX_INTEGER);
        xlsx_number(sh, row, COL_REJECTED, (double)s->rejected, XLSX_INTEGER);
        xlsx_number(sh, row, COL_DUPLICATES, (double)s->duplicates, XLSX_INTEGER);
    }
    if (info->nsources == 0)
        xlsx_text(sh, row, COL_PATH, "no input files recorded", XLSX_MUTED);
    return xlsx_status(book, diag);
}
