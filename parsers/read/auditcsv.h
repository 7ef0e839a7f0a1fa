/* auditcsv.h — the loop the audit-input CSV formats share (postmortems, action
 * items, patches, on-call shifts, changes, notifications). Each format is a
 * table of typed columns; a record becomes an audit record (engine/auditrec.h)
 * whose fields are those columns as JSON. An `entity` column (else --entity)
 * names the entity; the key is the key columns' values joined by '|'.
 *
 * A record with a required column empty, a bad time, flag or number is
 * rejected with its line and the reason; a header without a required column
 * fails the file. */
#ifndef SLAUDIT_AUDITCSV_H
#define SLAUDIT_AUDITCSV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/ingest/ingest.h"

enum auditcsv_type {
    ACOL_TEXT,   /* a string; empty is null */
    ACOL_TIME,   /* a timestamp (RFC 3339, or --tz when it has no offset); empty is null */
    ACOL_FLAG,   /* yes/no, true/false, y/n, 1/0; empty is false */
    ACOL_NUMBER, /* a decimal number; empty is null */
    ACOL_LIST    /* items separated by ';' or ','; empty is [] */
};

struct auditcsv_column {
    const char *name;
    enum auditcsv_type type;
    bool required;
    const char *const *allowed; /* ACOL_TEXT: the words it may hold (NULL-terminated),
                                   matched ignoring case and stored as listed; NULL: any */
};

#define AUDITCSV_MAX_COLUMNS 24

struct auditcsv_format {
    const char *kind;                      /* AUDITREC_* */
    const struct auditcsv_column *columns; /* ends with {NULL} */
    const char *const *key_columns;        /* ends with NULL */
};

enum sl_status auditcsv_parse(struct ingest *ing, FILE *f, const struct auditcsv_format *fmt);
/* 70 when the first line of head names every required column of fmt and
 * `marker` (a column only this format has), else 0. */
int auditcsv_sniff(const char *head, size_t len, const struct auditcsv_format *fmt,
                   const char *marker);

#endif
