/* oncall_csv.c — on-call schedules: shifts with their primary and secondary
 * responders. An empty primary is a shift nobody holds. */
#include "engine/audit/auditrec.h"
#include "parsers/read/auditcsv.h"
#include "parsers/formats/registry.h"

static const struct auditcsv_column columns[] = {
    {"service", ACOL_TEXT, false, NULL},   {"start", ACOL_TIME, true, NULL},
    {"end", ACOL_TIME, true, NULL},        {"primary", ACOL_TEXT, false, NULL},
    {"secondary", ACOL_TEXT, false, NULL}, {NULL, 0, false, NULL},
};

static const char *const key_columns[] = {"service", "start", NULL};

static const struct auditcsv_format format = {AUDITREC_ONCALL, columns, key_columns};

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    return auditcsv_parse(ing, f, &format);
}

static int
sniff(const char *head, size_t len)
{
    return auditcsv_sniff(head, len, &format, "primary");
}

const struct parser parser_oncall_csv = {
    "oncall-csv",
    "on-call shifts: service, start, end, primary, secondary",
    "a CSV header with start, end and primary",
    sniff,
    parse,
};
