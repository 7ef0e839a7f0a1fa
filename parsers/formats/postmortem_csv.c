/* postmortem_csv.c — postmortems: one row per incident reviewed, when it was
 * published, which of the four parts it holds, and its root cause. */
#include "engine/audit/auditrec.h"
#include "parsers/read/auditcsv.h"
#include "parsers/formats/registry.h"

static const struct auditcsv_column columns[] = {
    {"incident", ACOL_TEXT, true, NULL},
    {"published", ACOL_TIME, false, NULL},
    {"impact", ACOL_FLAG, false, NULL},
    {"timeline", ACOL_FLAG, false, NULL},
    {"root_cause", ACOL_FLAG, false, NULL},
    {"actions", ACOL_FLAG, false, NULL},
    {"root_cause_tag", ACOL_TEXT, false, NULL},
    {"cause", ACOL_TEXT, false, NULL},
    {"change_id", ACOL_TEXT, false, NULL},
    {"link", ACOL_TEXT, false, NULL},
    {NULL, 0, false, NULL},
};

static const char *const key_columns[] = {"incident", NULL};

static const struct auditcsv_format format = {AUDITREC_POSTMORTEM, columns, key_columns};

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    return auditcsv_parse(ing, f, &format);
}

static int
sniff(const char *head, size_t len)
{
    return auditcsv_sniff(head, len, &format, "published");
}

const struct parser parser_postmortem_csv = {
    "postmortem-csv",
    "postmortems: incident, published, impact, timeline, root_cause, actions (yes/no), "
    "root_cause_tag, cause, change_id, link",
    "a CSV header with incident and published",
    sniff,
    parse,
};
