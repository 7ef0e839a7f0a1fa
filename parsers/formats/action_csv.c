/* action_csv.c — postmortem action items: who owns each, when it is due and
 * when it was closed. */
#include "engine/audit/auditrec.h"
#include "parsers/read/auditcsv.h"
#include "parsers/formats/registry.h"

static const struct auditcsv_column columns[] = {
    {"id", ACOL_TEXT, true, NULL},
    {"incident", ACOL_TEXT, true, NULL},
    {"owner", ACOL_TEXT, false, NULL},
    {"due", ACOL_TIME, false, NULL},
    {"closed", ACOL_TIME, false, NULL},
    {"title", ACOL_TEXT, false, NULL},
    {NULL, 0, false, NULL},
};

static const char *const key_columns[] = {"id", NULL};

static const struct auditcsv_format format = {AUDITREC_ACTION, columns, key_columns};

static enum sl_status
parse(struct ingest *ing, FILE *f)
{
    return auditcsv_parse(ing, f, &format);
}

static int
sniff(const char *head, size_t len)
{
    return auditcsv_sniff(head, len, &format, "due");
}

const struct parser parser_action_csv = {
    "action-csv",
    "postmortem action items: id, incident, owner, due, closed (empty: open), title",
    "a CSV header with id, incident and due",
    sniff,
    parse,
};
