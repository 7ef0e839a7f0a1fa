/* auditrec.h — the records audits read beyond incidents and uptime: what kinds
 * there are, and how a parser hands one to the store.
 *
 * Every kind is stored the same way (store.h struct audit_record): its entity,
 * a key unique within kind and entity, the file and line it came from, and its
 * typed fields as one JSON object. Times in fields are UTC epoch seconds (null
 * when empty), flags are true/false, lists are arrays of strings. The field
 * names of each kind are documented in docs/audit-inputs.md; engine/audit.c
 * reads them back. */
#ifndef SLAUDIT_AUDITREC_H
#define SLAUDIT_AUDITREC_H

#include "engine/ingest/ingest.h"
#include "engine/base/status.h"
#include "engine/store/store.h"

#define AUDITREC_POSTMORTEM "postmortem"
#define AUDITREC_ACTION "action"
#define AUDITREC_PATCH "patch"
#define AUDITREC_ONCALL "oncall"
#define AUDITREC_CHANGE "change"
#define AUDITREC_NOTICE "notification"
#define AUDITREC_PROFILE "profile"

/* Counts one record read and stores r: stored, or a duplicate when a record
 * of the same kind, entity and key was there already (it is replaced: a later
 * export wins). Non-OK only when the store failed. */
enum sl_status auditrec_ingest(struct ingest *ing, const struct audit_record *r);

#endif
