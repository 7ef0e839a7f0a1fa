/* registry.h — the input formats slaudit reads: one row per format, one file
 * per parser. A parser's sniff() looks at the first bytes of a file and says
 * how sure it is that the file is its format (0 = not mine); parse() streams
 * the whole file into an ingest. A parser fails at once (SL_ERR_INPUT) only
 * when the file is not its format at all; bad records become rejects. */
#ifndef SLAUDIT_REGISTRY_H
#define SLAUDIT_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/ingest/ingest.h"
#include "engine/ingest/ingest_file.h"
#include "engine/base/status.h"

/* As much of a file as sniff() is shown: what ingest_file() hands detect. */
#define PARSER_SNIFF_BYTES INGEST_SNIFF_BYTES

struct parser {
    const char *name;
    const char *reads;   /* what the format is, for `slaudit formats` */
    const char *detects; /* how it is recognised */
    int (*sniff)(const char *head, size_t len);
    enum sl_status (*parse)(struct ingest *ing, FILE *f);
};

extern const struct parser parser_incident_csv;
extern const struct parser parser_pagerduty_csv;
extern const struct parser parser_probe_csv;
extern const struct parser parser_maintenance_csv;
extern const struct parser parser_postmortem_csv;
extern const struct parser parser_action_csv;
extern const struct parser parser_patch_csv;
extern const struct parser parser_oncall_csv;
extern const struct parser parser_change_csv;
extern const struct parser parser_notification_csv;
extern const struct parser parser_profile_json;

extern const struct parser parser_statuspage_json;
extern const struct parser parser_statuspage_feed;
extern const struct parser parser_gcp_status;
extern const struct parser parser_aws_health;
extern const struct parser parser_void_csv;
extern const struct parser parser_interval_csv;
extern const struct parser parser_upptime_history;
extern const struct parser parser_upptime_summary;
extern const struct parser parser_upptime_commits;
extern const struct parser parser_upptime_meta;
extern const struct parser parser_nvidia_xid;
extern const struct parser parser_slurm_log;
extern const struct parser parser_jsonl_generic;
extern const struct parser parser_line_pattern;
extern const struct parser parser_prometheus_range;
extern const struct parser parser_openslo;
extern const struct parser parser_sloth;
extern const struct parser parser_pyrra;
extern const struct parser parser_uptime_kuma;
extern const struct parser parser_milestones_json;
extern const struct parser parser_opsgenie;
extern const struct parser parser_pagerduty_json;
/* Every parser, ending with NULL. */
extern const struct parser *const parser_table[];

const struct parser *parser_by_name(const char *name);
/* True when p's records never name their entity, so that --entity is needed
 * before any of a file is read. */
bool parser_needs_entity(const struct parser *p);
/* p as the ingest protocol takes it (ingest_file.h). */
struct ingest_file_format parser_ingest_format(const struct parser *p);
/* The parser most sure of head, or NULL when none recognises it. */
const struct parser *parser_detect(const char *head, size_t len);
/* What to say when parser_detect(head, len) found none, written into
 * buf[0..n) and returned: UTF-16 text and what to do about it, else "format
 * not recognised: " and what the file looks like — an empty file, XML
 * without an Atom or RSS root, an HTML page, a JSON array of objects or a
 * JSON object with its first field names, a CSV header with its columns,
 * other text — with what would read it. */
const char *parser_not_recognised(const char *head, size_t len, char *buf, size_t n);

#endif
