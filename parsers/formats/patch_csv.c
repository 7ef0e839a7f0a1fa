/* patch_csv.c — patch records: one row per advisory and asset, with when the
 * fix was released, detected as needed and applied, and any exception. */
#include "engine/audit/auditrec.h"
#include "parsers/read/auditcsv.h"
#include "parsers/formats/registry.h"

static const char *const severities[] = {"critical", "high", "moderate", "medium", "low", NULL};

static const struct auditcsv_column columns[] = {
    {"id", ACOL_TEXT, true, NULL},
    {"service", ACOL_TEXT, false, NULL},
    {"advisory", ACOL_TEXT, true, NULL},
    {"severity", ACOL_TEXT, true, severities},
    {"released", ACOL_TIME, false, NULL},
    {"detected", ACOL_TIME, false, NULL},
    {"applied", ACOL_TIME, false, NULL},
    {"kev_added", ACOL_TIME, false, NULL},
    {"internet_facing", ACOL_FLAG, false, NULL},
    {"exception", ACOL_TEXT, false, NULL},
    {NULL, 0, false, NULL},
};

static const char *const key_columns[] = {"id", NULL};

static const struct auditcsv_format format = {AUDITREC_PATCH, columns, key_columns};

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    return auditcsv_parse(ing, f, &format);
}

static int
sniff(const char *head, size_t len)
{
    return auditcsv_sniff(head, len, &format, "applied");
}

const struct parser parser_patch_csv = {
    "patch-csv",
    "patch records: id, service, advisory (CVE), severity (critical/high/moderate/low), "
    "released, detected, applied, kev_added, internet_facing, exception",
    "a CSV header with id, advisory, severity and applied",
    sniff,
    parse,
};
