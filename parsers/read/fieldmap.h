/* fieldmap.h — user-given field mappings for the generic formats: JSON Lines
 * (parsers/jsonl_generic.c) and user-defined line patterns
 * (parsers/line_pattern.c).
 *
 * A mapping comes from --map "field=path,..." and/or --config FILE, a YAML
 * document:
 *
 *   record: incident            # or probe, or change; default: decided per record
 *   pattern: '^(?<time>\S+) (?<service>\S+) (?<status>\w+)$'  # line formats
 *   fields:                     # field: JSON path ("a.b.0.c") or group name
 *     started: timeline.impact_started
 *
 * --map entries override the file's, and --map record=KIND sets the record
 * kind. Fields: key, entity, service, title, severity, state, started,
 * detected, acknowledged, mitigated, resolved (an incident); time, status (a
 * probe); time, to (or status), from (a state change: the service holds `to`
 * from time until its next change, docs/design.md §4). A field not mapped
 * takes its usual names (fieldmap_defaults) for JSON, or the group of its
 * own name for a pattern. */
#ifndef SLAUDIT_FIELDMAP_H
#define SLAUDIT_FIELDMAP_H

#include <stddef.h>

#include "engine/ingest/ingest.h"

enum fm_field {
    FM_KEY,
    FM_ENTITY,
    FM_SERVICE,
    FM_TITLE,
    FM_SEVERITY,
    FM_STATE,
    FM_STARTED,
    FM_DETECTED,
    FM_ACKNOWLEDGED,
    FM_MITIGATED,
    FM_RESOLVED,
    FM_TIME,
    FM_STATUS,
    FM_FROM,
    FM_TO,
    FM_COUNT
};

enum fm_record { FM_RECORD_AUTO, FM_RECORD_INCIDENT, FM_RECORD_PROBE, FM_RECORD_CHANGE };

struct fieldmap {
    enum fm_record record;
    char *path[FM_COUNT]; /* NULL: not mapped */
    char *pattern;        /* NULL when the config gives none */
    long pattern_line;    /* its line in the config */
};

const char *fieldmap_name(enum fm_field f);

/* Reads ing->config (when set) then ing->map (when set) into fm. Errors name
 * the config file and line, or "--map". */
enum sl_status fieldmap_load(struct fieldmap *fm, const char *config, const char *map,
                             struct sl_diag *diag);
void fieldmap_release(struct fieldmap *fm);

/* The usual JSON member names of a field, '|'-separated, tried in order. */
const char *fieldmap_defaults(enum fm_field f);

/* Stores one record from its field values (NULL or "" = absent): a state
 * change when the mapping says so or when it has time and to but no started;
 * a probe when the mapping says so or when it has time and status but no
 * started; else an incident. Bad values become a reject of (line, raw). A
 * state change that names no service (and no --service is given) changes
 * nothing: its time, when it has one, widens the log's span, and it counts
 * as skipped. */
enum sl_status fieldmap_emit(struct ingest *ing, const struct fieldmap *fm,
                             const char *const values[FM_COUNT], long line, const char *raw,
                             size_t raw_len);

#endif
