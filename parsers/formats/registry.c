/* registry.c — the table of parsers and format detection. */
#include "parsers/formats/registry.h"

#include <string.h>

#include "engine/base/infile.h"

const struct parser *const parser_table[] = {
    &parser_incident_csv,    &parser_pagerduty_csv,
    &parser_probe_csv,       &parser_maintenance_csv,
    &parser_postmortem_csv,  &parser_action_csv,
    &parser_patch_csv,       &parser_oncall_csv,
    &parser_change_csv,      &parser_notification_csv,
    &parser_profile_json,    &parser_statuspage_json,
    &parser_statuspage_feed, &parser_gcp_status,
    &parser_aws_health,      &parser_void_csv,
    &parser_interval_csv,    &parser_upptime_history,
    &parser_upptime_summary, &parser_upptime_commits,
    &parser_upptime_meta,    &parser_nvidia_xid,
    &parser_slurm_log,       &parser_jsonl_generic,
    &parser_line_pattern,    &parser_prometheus_range,
    &parser_pagerduty_json,  &parser_opsgenie,
    &parser_milestones_json, &parser_uptime_kuma,
    &parser_openslo,         &parser_sloth,
    &parser_pyrra,           NULL,
};

/* The formats whose records carry no entity of their own: kernel and
 * scheduler logs, probe and uptime records, and SLO specifications. */
static const struct parser *const entity_needed[] = {
    &parser_nvidia_xid,
    &parser_slurm_log,
    &parser_prometheus_range,
    &parser_upptime_history,
    &parser_upptime_summary,
    &parser_upptime_commits,
    &parser_uptime_kuma,
    &parser_openslo,
    &parser_sloth,
    &parser_pyrra,
    NULL,
};

bool
parser_needs_entity(const struct parser *p)
{
    for (size_t i = 0; entity_needed[i]; i++)
        if (entity_needed[i] == p)
            return true;
    return false;
}

struct ingest_file_format
parser_ingest_format(const struct parser *p)
{
    return (struct ingest_file_format){
        .name = p->name, .parse = p->parse, .needs_entity = parser_needs_entity(p)};
}

const struct parser *
parser_by_name(const char *name)
{
    for (size_t i = 0; parser_table[i]; i++)
        if (!strcmp(parser_table[i]->name, name))
            return parser_table[i];
    return NULL;
}

const struct parser *
parser_detect(const char *head, size_t len)
{
    const struct parser *best = NULL;
    int best_score = 0;
    for (size_t i = 0; parser_table[i]; i++) {
        int score = parser_table[i]->sniff(head, len);
        if (score > best_score) {
            best = parser_table[i];
            best_score = score;
        }
    }
    return best;
}

const char *
parser_not_recognised(const char *head, size_t len)
{
    if (infile_utf16(head, len))
        return INFILE_UTF16_MESSAGE;
    return "format not recognised (see 'slaudit formats', or give --format)";
}
