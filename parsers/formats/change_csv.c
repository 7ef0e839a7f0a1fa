/* change_csv.c — change records: when each change was approved, whether it
 * was an emergency change and when it was approved after the fact, and the
 * incidents it is linked to. */
#include "engine/audit/auditrec.h"
#include "parsers/read/auditcsv.h"
#include "parsers/formats/registry.h"

static const struct auditcsv_column columns[] = {
    {"id", ACOL_TEXT, true, NULL},
    {"service", ACOL_TEXT, false, NULL},
    {"approved", ACOL_TIME, false, NULL},
    {"emergency", ACOL_FLAG, false, NULL},
    {"retro_approved", ACOL_TIME, false, NULL},
    {"incidents", ACOL_LIST, false, NULL},
    {"title", ACOL_TEXT, false, NULL},
    {NULL, 0, false, NULL},
};

static const char *const key_columns[] = {"id", NULL};

static const struct auditcsv_format format = {AUDITREC_CHANGE, columns, key_columns};

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    return auditcsv_parse(ing, f, &format);
}

static int
sniff(const char *head, size_t len)
{
    return auditcsv_sniff(head, len, &format, "approved");
}

const struct parser parser_change_csv = {
    "change-csv",
    "change records: id, service, approved, emergency (yes/no), retro_approved, "
    "incidents (IDs separated by ';'), title",
    "a CSV header with id and approved",
    sniff,
    parse,
};
