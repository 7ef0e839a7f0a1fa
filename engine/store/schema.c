/* schema.c — the SQL of every migration, in order, in SQLite's dialect. */
#include "engine/store/schema.h"

const char *const schema_migrations[] = {
    /* 1: sources, incidents, status intervals, maintenance, rejects. */
    "CREATE TABLE sources ("
    "  id INTEGER PRIMARY KEY,"
    "  path TEXT NOT NULL,"
    "  sha256 TEXT NOT NULL UNIQUE,"
    "  format TEXT NOT NULL,"
    "  bytes INTEGER NOT NULL DEFAULT 0,"
    "  ingested_at INTEGER NOT NULL,"
    "  read INTEGER NOT NULL DEFAULT 0,"
    "  stored INTEGER NOT NULL DEFAULT 0,"
    "  rejected INTEGER NOT NULL DEFAULT 0,"
    "  duplicates INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE incidents ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  line INTEGER,"
    "  entity TEXT NOT NULL,"
    "  key TEXT NOT NULL,"
    "  service TEXT,"
    "  severity TEXT CHECK (severity IN ('sev1','sev2','sev3','sev4','sev5')),"
    "  severity_label TEXT,"
    "  title TEXT,"
    "  state TEXT,"
    "  postmortem TEXT,"
    "  started INTEGER, detected INTEGER, acknowledged INTEGER,"
    "  mitigated INTEGER, resolved INTEGER,"
    "  extra TEXT,"
    "  UNIQUE (entity, key));"
    "CREATE INDEX incidents_by_time ON incidents (entity, coalesce(started, detected));"
    "CREATE TABLE intervals ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  entity TEXT NOT NULL,"
    "  service TEXT NOT NULL,"
    "  start INTEGER NOT NULL,"
    "  end INTEGER NOT NULL CHECK (end > start),"
    "  status TEXT NOT NULL CHECK (status IN"
    "    ('up','degraded','partial','down','maintenance','unknown')));"
    "CREATE INDEX intervals_by_series ON intervals (entity, service, start);"
    "CREATE TABLE maintenance ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  line INTEGER,"
    "  entity TEXT NOT NULL,"
    "  service TEXT NOT NULL,"
    "  key TEXT,"
    "  start INTEGER NOT NULL,"
    "  end INTEGER NOT NULL CHECK (end > start),"
    "  announced INTEGER);"
    "CREATE INDEX maintenance_by_series ON maintenance (entity, service, start);"
    "CREATE TABLE rejects ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  line INTEGER,"
    "  reason TEXT NOT NULL,"
    "  raw TEXT);",
    /* 2: commitments — a provider's SLA or a team's SLO, as terms in JSON,
     * versioned by the date they take effect. */
    "CREATE TABLE commitments ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  entity TEXT NOT NULL,"
    "  service TEXT,"
    "  kind TEXT NOT NULL CHECK (kind IN ('sla','slo')),"
    "  effective_from INTEGER,"
    "  document TEXT,"
    "  terms TEXT NOT NULL,"
    "  imported_at INTEGER NOT NULL);"
    "CREATE INDEX commitments_by_entity ON commitments (entity, kind, effective_from);",
    /* 3: how many GPUs or nodes an interval affects (for capacity-weighted
     * availability), an interval's own key so that a later export of the same
     * source updates it instead of adding it again, and GPU fault events (Xid)
     * read from kernel logs. host and pci are '' when unknown, so that the
     * unique key catches a log line seen again in an overlapping log. */
    "ALTER TABLE intervals ADD COLUMN units INTEGER CHECK (units IS NULL OR units > 0);"
    "ALTER TABLE intervals ADD COLUMN unit_kind TEXT"
    "  CHECK (unit_kind IS NULL OR unit_kind IN ('gpu','node'));"
    "ALTER TABLE intervals ADD COLUMN key TEXT;"
    "CREATE UNIQUE INDEX intervals_by_key ON intervals (entity, service, key)"
    "  WHERE key IS NOT NULL;"
    "CREATE TABLE gpu_events ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  line INTEGER,"
    "  entity TEXT NOT NULL,"
    "  service TEXT,"
    "  time INTEGER NOT NULL,"
    "  host TEXT NOT NULL DEFAULT '',"
    "  pci TEXT NOT NULL DEFAULT '',"
    "  gpu TEXT,"
    "  xid INTEGER NOT NULL,"
    "  class TEXT CHECK (class IN ('hardware','driver','application','thermal_power',"
    "    'unknown')),"
    "  action TEXT CHECK (action IN ('none','reset','drain','replace')),"
    "  message TEXT NOT NULL DEFAULT '',"
    "  UNIQUE (entity, host, pci, time, xid, message));"
    "CREATE INDEX gpu_events_by_time ON gpu_events (entity, time);",
    /* 4: the records audits read beyond incidents and uptime — postmortems,
     * action items, patches, on-call shifts, changes, notifications and entity
     * profiles — one row per record, its typed fields as a JSON object
     * (engine/auditrec.h). (kind, entity, key) is unique so that a later
     * export of the same records updates them instead of adding them again. */
    "CREATE TABLE audit_records ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  line INTEGER,"
    "  kind TEXT NOT NULL,"
    "  entity TEXT NOT NULL,"
    "  key TEXT NOT NULL,"
    "  fields TEXT NOT NULL,"
    "  UNIQUE (kind, entity, key));",
    /* 5: evaluation results, one row per entity, service, window, measure and
     * (for the contract measure) commitment target, as `slaudit eval` computed
     * them, keyed by the SHA-256 of the definitions they were computed under so
     * that results of other definitions stand beside them. Reports read these.
     * result is the whole result object of docs/design.md §5; sla its "sla" block. */
    "CREATE TABLE eval_results ("
    "  id INTEGER PRIMARY KEY,"
    "  definitions_hash TEXT NOT NULL,"
    "  definitions TEXT NOT NULL,"
    "  entity TEXT NOT NULL,"
    "  service TEXT,"
    "  window_kind TEXT NOT NULL,"
    "  window_start INTEGER NOT NULL,"
    "  window_end INTEGER NOT NULL CHECK (window_end > window_start),"
    "  measure TEXT NOT NULL CHECK (measure IN ('neutral','contract')),"
    "  commitment TEXT,"
    "  availability REAL,"
    "  downtime_seconds REAL NOT NULL,"
    "  eligible_seconds INTEGER NOT NULL,"
    "  unknown_seconds INTEGER NOT NULL,"
    "  maintenance_seconds INTEGER NOT NULL,"
    "  incidents INTEGER NOT NULL,"
    "  incidents_open INTEGER NOT NULL,"
    "  incidents_merged INTEGER NOT NULL,"
    "  tta_n INTEGER NOT NULL, tta_mean REAL, tta_median REAL, tta_p90 REAL, tta_max REAL,"
    "  ttr_n INTEGER NOT NULL, ttr_mean REAL, ttr_median REAL, ttr_p90 REAL, ttr_max REAL,"
    "  sla TEXT,"
    "  result TEXT NOT NULL,"
    "  evaluated_at INTEGER NOT NULL);"
    "CREATE INDEX eval_results_by_window ON eval_results"
    "  (entity, window_start, definitions_hash);",
    /* 6: a covering index for reading a series' intervals in order (the
     * evaluation's whole input): every column store_each_interval returns, so
     * the read is one ordered walk of the index with no look-up into the table
     * and no sort. It begins with (entity, service, start), so it replaces
     * intervals_by_series. The status stays text; the reader maps the six
     * words the CHECK allows. */
    "DROP INDEX intervals_by_series;"
    "CREATE INDEX intervals_by_series_span ON intervals"
    "  (entity, service, start, end, status, units, unit_kind, key);",
    /* 7: the same tables with their word lists checked by comparisons. SQLite
     * (3.40) evaluates a CHECK of `x IN (five or more words)` by building a
     * temporary b-tree of the words for every row inserted, which was half the
     * cost of storing an incident or an interval; `x = 'a' OR x = 'b' …` allows
     * the same values (NULL included) without it. SQLite cannot alter a CHECK,
     * so each table is copied into a new one, which takes its name and indexes.
     * Nothing references either table. */
    "CREATE TABLE incidents_v7 ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  line INTEGER,"
    "  entity TEXT NOT NULL,"
    "  key TEXT NOT NULL,"
    "  service TEXT,"
    "  severity TEXT CHECK (severity = 'sev1' OR severity = 'sev2' OR severity = 'sev3'"
    "    OR severity = 'sev4' OR severity = 'sev5'),"
    "  severity_label TEXT,"
    "  title TEXT,"
    "  state TEXT,"
    "  postmortem TEXT,"
    "  started INTEGER, detected INTEGER, acknowledged INTEGER,"
    "  mitigated INTEGER, resolved INTEGER,"
    "  extra TEXT,"
    "  UNIQUE (entity, key));"
    "INSERT INTO incidents_v7 (id, source_id, line, entity, key, service, severity,"
    "  severity_label, title, state, postmortem, started, detected, acknowledged, mitigated,"
    "  resolved, extra)"
    "  SELECT id, source_id, line, entity, key, service, severity, severity_label, title,"
    "  state, postmortem, started, detected, acknowledged, mitigated, resolved, extra"
    "  FROM incidents;"
    "DROP TABLE incidents;"
    "ALTER TABLE incidents_v7 RENAME TO incidents;"
    "CREATE INDEX incidents_by_time ON incidents (entity, coalesce(started, detected));"
    "CREATE TABLE intervals_v7 ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  entity TEXT NOT NULL,"
    "  service TEXT NOT NULL,"
    "  start INTEGER NOT NULL,"
    "  end INTEGER NOT NULL CHECK (end > start),"
    "  status TEXT NOT NULL CHECK (status = 'up' OR status = 'degraded' OR status = 'partial'"
    "    OR status = 'down' OR status = 'maintenance' OR status = 'unknown'),"
    "  units INTEGER CHECK (units IS NULL OR units > 0),"
    "  unit_kind TEXT CHECK (unit_kind IS NULL OR unit_kind = 'gpu' OR unit_kind = 'node'),"
    "  key TEXT);"
    "INSERT INTO intervals_v7 (id, source_id, entity, service, start, end, status, units,"
    "  unit_kind, key)"
    "  SELECT id, source_id, entity, service, start, end, status, units, unit_kind, key"
    "  FROM intervals;"
    "DROP TABLE intervals;"
    "ALTER TABLE intervals_v7 RENAME TO intervals;"
    "CREATE UNIQUE INDEX intervals_by_key ON intervals (entity, service, key)"
    "  WHERE key IS NOT NULL;"
    "CREATE INDEX intervals_by_series_span ON intervals"
    "  (entity, service, start, end, status, units, unit_kind, key);",
    /* 8: gpu_events, for the reason of 7: its class and action lists built two
     * temporary b-trees for every Xid event stored (87 k instructions an event
     * against 23 k without them, most of it allocating and zeroing their
     * pages). The comparisons allow the same values, NULL included. Nothing
     * references the table. */
    "CREATE TABLE gpu_events_v8 ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  line INTEGER,"
    "  entity TEXT NOT NULL,"
    "  service TEXT,"
    "  time INTEGER NOT NULL,"
    "  host TEXT NOT NULL DEFAULT '',"
    "  pci TEXT NOT NULL DEFAULT '',"
    "  gpu TEXT,"
    "  xid INTEGER NOT NULL,"
    "  class TEXT CHECK (class = 'hardware' OR class = 'driver' OR class = 'application'"
    "    OR class = 'thermal_power' OR class = 'unknown'),"
    "  action TEXT CHECK (action = 'none' OR action = 'reset' OR action = 'drain'"
    "    OR action = 'replace'),"
    "  message TEXT NOT NULL DEFAULT '',"
    "  UNIQUE (entity, host, pci, time, xid, message));"
    "INSERT INTO gpu_events_v8 (id, source_id, line, entity, service, time, host, pci, gpu,"
    "  xid, class, action, message)"
    "  SELECT id, source_id, line, entity, service, time, host, pci, gpu, xid, class, action,"
    "  message FROM gpu_events;"
    "DROP TABLE gpu_events;"
    "ALTER TABLE gpu_events_v8 RENAME TO gpu_events;"
    "CREATE INDEX gpu_events_by_time ON gpu_events (entity, time);",
    /* 9: gpu_events with its unique key led by time, (entity, time, host,
     * pci, xid, message): the same columns, so the same events are
     * duplicates, but a log's events, which come in time order, are appended
     * at the end of that index instead of scattered by host, and the index
     * serves reads by entity and time, so gpu_events_by_time (a third b-tree
     * written for every event) goes. It touches no other table. */
    "CREATE TABLE gpu_events_v9 ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  line INTEGER,"
    "  entity TEXT NOT NULL,"
    "  service TEXT,"
    "  time INTEGER NOT NULL,"
    "  host TEXT NOT NULL DEFAULT '',"
    "  pci TEXT NOT NULL DEFAULT '',"
    "  gpu TEXT,"
    "  xid INTEGER NOT NULL,"
    "  class TEXT CHECK (class = 'hardware' OR class = 'driver' OR class = 'application'"
    "    OR class = 'thermal_power' OR class = 'unknown'),"
    "  action TEXT CHECK (action = 'none' OR action = 'reset' OR action = 'drain'"
    "    OR action = 'replace'),"
    "  message TEXT NOT NULL DEFAULT '',"
    "  UNIQUE (entity, time, host, pci, xid, message));"
    "INSERT INTO gpu_events_v9 (id, source_id, line, entity, service, time, host, pci, gpu,"
    "  xid, class, action, message)"
    "  SELECT id, source_id, line, entity, service, time, host, pci, gpu, xid, class, action,"
    "  message FROM gpu_events;"
    "DROP TABLE gpu_events;"
    "ALTER TABLE gpu_events_v9 RENAME TO gpu_events;",
    /* 10: the store says it is one (schema.h, SCHEMA_APPLICATION_ID), so that
     * slaudit can refuse another program's SQLite database before it changes
     * anything in it. No table changes. */
    "PRAGMA application_id = " SCHEMA_APPLICATION_ID_TEXT ";",
    /* 11: a commitment is imported once per document (its source's SHA-256),
     * entity, service, kind and effective date: the same document may
     * serve two entities or two dates, but not twice the same place. Each
     * source held at most one commitment per place before, so nothing
     * breaks the index. */
    ("CREATE UNIQUE INDEX IF NOT EXISTS commitments_by_source ON commitments"
     "  (source_id, entity, ifnull(service, ''), kind, ifnull(effective_from, ''));"),
    /* 12: a service has as many objectives as SLOs name it (an availability
     * and a latency SLO of one API, one file): the place of a commitment
     * takes its document too. An index with more columns, so nothing
     * breaks it. */
    ("DROP INDEX IF EXISTS commitments_by_source;"
     "CREATE UNIQUE INDEX commitments_by_source ON commitments"
     "  (source_id, entity, ifnull(service, ''), kind, ifnull(effective_from, ''),"
     "  ifnull(document, ''));"),
    /* 13: the monthly fee a commitment prices its credits with, and its
     * currency, stored with the commitment (`sla import --fee N
     * --currency C`), so that a stored SLA's credits have amounts; no row:
     * no fee stored. A table of its own, so that the migration may run
     * again over a store that has it. A reader of an older store, without
     * the table, reads no fees (store.c), so the store is read as it is. */
    "CREATE TABLE IF NOT EXISTS commitment_fees ("
    "  commitment_id INTEGER PRIMARY KEY REFERENCES commitments(id) ON DELETE CASCADE,"
    "  fee REAL NOT NULL CHECK (fee >= 0),"
    "  currency TEXT);",
    /* 14: probe latency (engine/store/store_latency.h). One row per source,
     * series and UTC hour holding that hour's samples packed six bytes each
     * (the second into the hour and the latency in microseconds), so a year
     * of one-minute probes of a service is 8 760 rows and about 3 MB, and
     * every sample keeps its own second: a month in any zone is cut
     * exactly. A table of its own, created only if absent; a reader of an
     * older store reads no latency (store_latency.c). */
    "CREATE TABLE IF NOT EXISTS latency_hours ("
    "  id INTEGER PRIMARY KEY,"
    "  source_id INTEGER NOT NULL REFERENCES sources(id),"
    "  entity TEXT NOT NULL,"
    "  service TEXT NOT NULL,"
    "  hour INTEGER NOT NULL,"
    "  n INTEGER NOT NULL CHECK (n > 0),"
    "  samples BLOB NOT NULL);"
    "CREATE INDEX IF NOT EXISTS latency_hours_by_series ON latency_hours"
    "  (entity, service, hour);",
    /* 15: a fee carries its commitment's entity, as every other row of the
     * store does, and is joined on it: a server store distributed by
     * entity finds a commitment and its fee on one node (docs/scale-out.md).
     * The table is copied with the entity of each fee's commitment, so
     * that the migration may run again over a store that has it. */
    ("CREATE TABLE commitment_fees_15 ("
     "  commitment_id INTEGER PRIMARY KEY REFERENCES commitments(id) ON DELETE CASCADE,"
     "  fee REAL NOT NULL CHECK (fee >= 0),"
     "  currency TEXT,"
     "  entity TEXT NOT NULL);"
     "INSERT INTO commitment_fees_15 (commitment_id, fee, currency, entity)"
     "  SELECT f.commitment_id, f.fee, f.currency, c.entity FROM commitment_fees f"
     "  JOIN commitments c ON c.id = f.commitment_id;"
     "DROP TABLE commitment_fees;"
     "ALTER TABLE commitment_fees_15 RENAME TO commitment_fees;"),
    /* 16: a saved result is replaced through an index of its whole key
     * (store_put_eval_results): eval_results_by_window stopped at the
     * definitions, so each delete walked every service of the entity's
     * month and evaluating a month again took time quadratic in its
     * services. The new index begins with the old one's columns, which it
     * replaces. The service is indexed as coalesce(service, '') because a
     * server's b-tree cannot find NULL by IS NOT DISTINCT FROM; the delete
     * then keeps its exact test on service. From this version on, a run
     * stores its definitions on the first row of each entity alone, ''
     * on the others (store_put_eval_results): a slaudit older than it,
     * which would read those rows without them, refuses the store. */
    ("DROP INDEX IF EXISTS eval_results_by_window;"
     "CREATE INDEX IF NOT EXISTS eval_results_by_key ON eval_results"
     "  (entity, window_start, definitions_hash, coalesce(service, ''), window_kind,"
     "  window_end);"),
};

_Static_assert(sizeof schema_migrations / sizeof schema_migrations[0] == SCHEMA_VERSION,
               "SCHEMA_VERSION is the number of migrations");

const int schema_version = SCHEMA_VERSION;
const int schema_readable = 9;
