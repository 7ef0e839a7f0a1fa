/* sheet_sources.c — the Sources sheet: the input files behind a workbook with
 * their SHA-256 and counts, and the program and command that wrote it. */
#include "reports/xlsx/sheet_sources.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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

struct collecting {
    struct report_sources *out;
    bool nomem;
};

static int
collect_source(void *ctx, const struct source_info *src)
{
    struct collecting *c = ctx;
    struct report_sources *s = c->out;
    if (s->n == s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 16;
        struct report_source *grown = realloc(s->v, cap * sizeof *grown);
        if (grown)
            s->v = grown;
        char *(*owned)[3] = grown ? realloc(s->owned, cap * sizeof *owned) : NULL;
        if (!owned) {
            c->nomem = true;
            return 1;
        }
        s->owned = owned;
        s->cap = cap;
    }
    char **own = s->owned[s->n];
    own[0] = strdup(src->path ? src->path : "");
    own[1] = strdup(src->sha256 ? src->sha256 : "");
    own[2] = strdup(src->format ? src->format : "");
    struct report_source *d = &s->v[s->n];
    *d = (struct report_source){
        .path = own[0],
        .sha256 = own[1],
        .format = own[2],
        .bytes = src->bytes,
        .read = src->counts.read,
        .stored = src->counts.stored,
        .rejected = src->counts.rejected,
        .duplicates = src->counts.duplicates,
    };
    s->n++;
    if (!d->path || !d->sha256 || !d->format) {
        c->nomem = true;
        return 1;
    }
    return 0;
}

enum sl_status
report_sources_collect(struct store *st, struct report_sources *out, struct sl_diag *diag)
{
    struct collecting c = {out, false};
    enum sl_status s = store_each_source(st, collect_source, &c, diag);
    if (!s && c.nomem)
        s = diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory for the list of sources");
    return s;
}

void
report_sources_release(struct report_sources *s)
{
    for (size_t i = 0; i < s->n; i++)
        for (int k = 0; k < 3; k++)
            free(s->owned[i][k]);
    free(s->owned);
    free(s->v);
    memset(s, 0, sizeof *s);
}

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
