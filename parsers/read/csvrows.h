/* csvrows.h — the loop every CSV parser shares: read the header, hand each
 * record to the parser's row function, turn unreadable records into rejects,
 * and the helpers that read typed fields with a reason when they fail. */
#ifndef SLAUDIT_CSVROWS_H
#define SLAUDIT_CSVROWS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/ingest/ingest.h"
#include "engine/base/strbuf.h"
#include "parsers/read/csvfile.h"

struct csvrows {
    struct ingest *ing;
    const struct csv_record *header;
    struct strbuf reason; /* why the current record is rejected */
    void *ctx;            /* the parser's own state */
};

/* header() checks the columns and may fail the file with SL_ERR_INPUT (with a
 * diagnostic); row() handles one record and returns non-OK only to end the
 * file. */
typedef enum sl_status (*csvrows_header_fn)(struct csvrows *r);
typedef enum sl_status (*csvrows_row_fn)(struct csvrows *r, const struct csv_record *rec);

enum sl_status csvrows_read(struct ingest *ing, FILE *f, csvrows_header_fn header,
                            csvrows_row_fn row, void *ctx);

/* Rejects rec with the reason collected in r->reason. */
enum sl_status csvrows_reject(struct csvrows *r, const struct csv_record *rec);

/* Reads the timestamp in column col (may be -1: missing). On a bad value sets
 * r->reason ("bad started time '…': month out of range") and returns
 * SL_ERR_INPUT. */
enum sl_status csvrows_time(struct csvrows *r, const struct csv_record *rec, int col,
                            const char *what, int64_t *out);

/* The entity of a record: its own field when not empty, else --entity. Sets
 * r->reason and returns NULL when there is none or it is malformed. */
const char *csvrows_entity(struct csvrows *r, const char *field);

/* A column that must be present in the header, else the file fails. */
enum sl_status csvrows_require(struct csvrows *r, int col, const char *name);
/* The same for the entity: an error, before any row, when the header has
 * no entity column (col < 0) and no --entity was given: every row would be
 * rejected for it. */
enum sl_status csvrows_require_entity(struct csvrows *r, int col);

#endif
