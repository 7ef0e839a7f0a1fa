/* notification_csv.c — notifications to regulators and customers: for an
 * incident and a regime, which report was sent when, and the times its clock
 * runs from (aware, classified). A row with kind `classification` and no sent
 * time records only that the incident was classified as reportable. */
#include "engine/audit/auditrec.h"
#include "parsers/read/auditcsv.h"
#include "parsers/formats/registry.h"

static const char *const regimes[] = {"dora", "nis2", "sec", "hipaa", "gdpr", "circia", NULL};
static const char *const kinds[] = {"classification", "initial",        "intermediate", "final",
                                    "early_warning",  "notification",   "8-k",          "breach",
                                    "report",         "ransom_payment", "customer",     NULL};

static const struct auditcsv_column columns[] = {
    {"incident", ACOL_TEXT, true, NULL},
    {"regime", ACOL_TEXT, true, regimes},
    {"kind", ACOL_TEXT, true, kinds},
    {"sent", ACOL_TIME, false, NULL},
    {"aware", ACOL_TIME, false, NULL},
    {"classified", ACOL_TIME, false, NULL},
    {"recipient", ACOL_TEXT, false, NULL},
    {"reference", ACOL_TEXT, false, NULL},
    {NULL, 0, false, NULL},
};

static const char *const key_columns[] = {"incident", "regime", "kind", "sent", NULL};

static const struct auditcsv_format format = {AUDITREC_NOTICE, columns, key_columns};

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    return auditcsv_parse(ing, f, &format);
}

static int
sniff(const char *head, size_t len)
{
    return auditcsv_sniff(head, len, &format, "sent");
}

const struct parser parser_notification_csv = {
    "notification-csv",
    "regulator and customer notifications: incident, regime (dora/nis2/sec/hipaa/gdpr/circia), "
    "kind, sent, aware, classified, recipient, reference",
    "a CSV header with incident, regime, kind and sent",
    sniff,
    parse,
};
