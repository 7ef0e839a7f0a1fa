/* audit_entities.h — the audit of each entity of an evaluation over one
 * window (a report month): audit_run() for every entity that has an
 * entity-as-a-whole row in that window of the evaluation,
 * in the evaluation's order, for the monthly report's Findings sheet and the
 * Summary's top findings (and its findings table).
 *
 * Their findings are held until the report is written, and a month can hold
 * tens of thousands per entity, so each audit's are kept compactly, in about
 * a third of the memory: the evidence is let go (a report shows only its
 * count, nevidence, which stays; `slaudit audit` lists it), and the strings
 * of all findings share one block, an entity or service equal to the previous
 * finding's kept once. Everything else of each audit_result is as audit_run()
 * returned it. */
#ifndef SLAUDIT_AUDIT_ENTITIES_H
#define SLAUDIT_AUDIT_ENTITIES_H

#include <stddef.h>

#include "engine/audit/audit.h"
#include "engine/base/status.h"
#include "engine/measure/eval.h"
#include "engine/time/window.h"

struct store;

/* v[0..n): one audit per entity. v[i].findings.v and strings[i] (the block
 * of its strings, NULL for an audit without findings) belong to this struct;
 * release with audit_entities_release(), never audit_result_release() alone. */
struct audit_entities {
    struct audit_result *v;
    char **strings;
    size_t n;
};

/* Runs the audits of window w (the report month; zone is the calendar zone
 * when a profile names none) for the entities of r. On failure out holds
 * the audits done so far; release it either way. Errors: audit_run()'s, and
 * SL_ERR_NOMEM. */
enum sl_status audit_entities_run(struct store *st, const struct eval_result *r,
                                  const struct window *w, const char *zone,
                                  struct audit_entities *out, struct sl_diag *diag);
void audit_entities_release(struct audit_entities *a);

#endif
