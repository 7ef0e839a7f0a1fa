/* scorecard.h — the SLA scorecard workbook: Scorecard (criteria and points),
 * Red flags (each with the line it quotes), Terms (what was extracted, line
 * by line), Allowed downtime, and Replay when a history was replayed.
 * Written whole or not at all (reports/xlsx.h); the same inputs give the
 * same bytes. */
#ifndef SLAUDIT_REPORTS_SCORECARD_H
#define SLAUDIT_REPORTS_SCORECARD_H

#include "engine/measure/sla_replay.h"
#include "engine/sla/sla_score.h"
#include "engine/sla/sla_terms.h"
#include "engine/base/status.h"

struct scorecard_info {
    const char *version;
    const char *command_line;
    const char *document; /* the file scored, as named */
};

/* replay may be NULL. Errors: SL_ERR_REPORT (cannot write), SL_ERR_NOMEM. */
enum sl_status scorecard_write(const char *path, const struct sla_terms *t,
                               const struct sla_scorecard *sc, const struct sla_replay *replay,
                               const struct scorecard_info *info, struct sl_diag *diag);

#endif
