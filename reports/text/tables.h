/* tables.h — the monthly report as plain tables, for people who feed other
 * tools: CSV (RFC 4180) or JSON, one file per table in a directory or every
 * table on one stream.
 *
 * The tables are summary, availability, incidents, sla (the commitments'
 * windows overlapping the month), latency (each service's probe latency and
 * objective, as the Latency sheet), daily (each service's local days: downtime,
 * worst status and error budget left, as the Daily and Daily data sheets),
 * findings (the audit of each entity over the month, worst first) and
 * sources, with the figures of the workbook in
 * machine units: fractions for availability and coverage (the sla table's
 * percentages as SLAs write them), seconds for durations, RFC 3339 UTC for
 * instants; an empty CSV
 * field or a JSON null where the workbook shows a blank or "unknown". JSON
 * text is written as it was ingested. In CSV, a text cell beginning with
 * '=', '+', '-', '@', tab or CR — which a spreadsheet opening the file would
 * run as a formula — is written as OWASP recommends against CSV injection:
 * a ' before it, and the field quoted ("'=SUM(A1)"); numbers, negative ones
 * included, are not text and stay as they are. TABLE_CSV_RAW writes every
 * text cell as it was, for programs that read the file.
 *
 * On one stream, CSV tables follow one another, each introduced by a line
 * "# table: NAME" and ended by an empty line; JSON is one object whose keys
 * are the table names and whose values are arrays of row objects. In a
 * directory each table is NAME.csv or NAME.json; the whole set is written
 * into a temporary folder beside the directory and moved into place only
 * when every table is complete (outfile.h), so a failed run leaves the
 * directory as it was: no partial table, and no new table beside old ones. */
#ifndef SLAUDIT_REPORTS_TABLES_H
#define SLAUDIT_REPORTS_TABLES_H

#include <stdbool.h>
#include <stdio.h>

#include "engine/base/strbuf.h"

#include "engine/measure/eval.h"
#include "engine/base/status.h"
#include "reports/xlsx/outfile.h"
#include "reports/monthly/report.h"

enum table_format { TABLE_CSV, TABLE_JSON, TABLE_CSV_RAW };

/* One value of a row. */
enum table_cell_kind { TABLE_NULL, TABLE_TEXT, TABLE_NUMBER, TABLE_INTEGER, TABLE_BOOL };
struct table_cell {
    enum table_cell_kind kind;
    const char *text;  /* TABLE_TEXT; NULL reads as TABLE_NULL */
    double number;     /* TABLE_NUMBER; non-finite reads as TABLE_NULL */
    long long integer; /* TABLE_INTEGER and TABLE_BOOL (0 or 1) */
};

/* Where the tables go: a format's writer. Each call returns SL_OK or the
 * first failure, after which the emitter stops. */
struct table_sink {
    enum sl_status (*begin)(void *ctx, const char *name, const char *const *columns,
                            size_t ncolumns);
    enum sl_status (*row)(void *ctx, const struct table_cell *cells, size_t ncells);
    enum sl_status (*end)(void *ctx);
};

/* The output both formats share: one stream, or one file per table in a
 * directory. For the writers (tables_csv.c, tables_json.c) only. */
struct table_out {
    const char *dir; /* NULL: every table on stream */
    FILE *stream;
    const char *ext;    /* "csv" or "json" */
    bool raw;           /* CSV: text cells as they are, formula-like ones too */
    FILE *f;            /* where the current table goes */
    char path[4096];    /* the current table's final name, for messages */
    struct outdir out;  /* the temporary folder, when dir is set */
    char names[12][32]; /* the files written into it */
    size_t nnames;
    const char *const *columns; /* the current table's, borrowed */
    size_t ncolumns;
    long rows;        /* written in the current table */
    long tables;      /* begun so far */
    struct strbuf sb; /* one row's text */
    struct sl_diag *diag;
};
/* Starts table name: creates name.ext in the temporary folder, or uses the
 * stream. */
enum sl_status table_out_begin(struct table_out *o, const char *name, const char *const *columns,
                               size_t ncolumns);
/* Writes o->sb and empties it. */
enum sl_status table_out_flush(struct table_out *o);
/* Ends the table: flushes and closes its file. */
enum sl_status table_out_end(struct table_out *o);
/* Closes a table file left half written (report_tables_write removes the
 * temporary folder). */
void table_out_abandon(struct table_out *o);

extern const struct table_sink tables_csv_sink, tables_json_sink;

/* Hands every table of the monthly report to sink, in order. */
enum sl_status report_tables_emit(const struct eval_result *r, const struct report_info *info,
                                  const struct table_sink *sink, void *ctx, struct sl_diag *diag);

/* Writes the tables in format to directory dir (created when it does not
 * exist; its parent must), or to out when dir is NULL. Errors: SL_ERR_REPORT when a file cannot be
 * written (its name in diag), SL_ERR_NOMEM. */
enum sl_status report_tables_write(enum table_format format, const char *dir, FILE *out,
                                   const struct eval_result *r, const struct report_info *info,
                                   struct sl_diag *diag);

#endif
