/* decision.h — the operating-model decision (engine/decide.h) as JSON, as a
 * standalone workbook, and as a `Decision` sheet another workbook can add.
 *
 * For the monthly report: build the decision (decide_case_build), take its
 * struct report_decision (report_decision_of) and call
 * report_decision_sheet(book, &d, diag) where the sheet should appear. The
 * sheet reads only the decision, never the store. */
#ifndef SLAUDIT_REPORTS_DECISION_H
#define SLAUDIT_REPORTS_DECISION_H

#include <stddef.h>
#include <stdint.h>

#include "engine/decide/decide.h"
#include "engine/decide/decide_case.h"
#include "engine/base/status.h"
#include "engine/base/strbuf.h"
#include "engine/decide/team_profile.h"

struct xlsx_book;

/* Everything a decision report shows; every pointer borrowed. */
struct report_decision {
    const struct team_profile *profile;
    const struct decide_measured *team;
    const struct decide_measured *providers; /* profile->nproviders of them */
    const struct decide_result *result;
    int64_t from, to;         /* the measured period */
    const char *zone;         /* the period is local days of it (the case's); NULL = UTC */
    const char *profile_path; /* as given */
    const char *version;
    const char *command_line;
};

/* What the reports show of a decision case built whole: the result points
 * into c, which must outlive it. */
struct report_decision report_decision_of(const struct decide_case *c, const char *version,
                                          const char *command_line);

/* The answer in one line, never contradicting the reasons: "managed with
 * provider:nimbus", "hybrid, provider not chosen yet: ..." when no
 * provider's reliability is measured, "(provisional ...)" on thin evidence. */
void report_decision_headline(const struct report_decision *d, char *out, size_t size);

/* The workloads the rules applied to, one clause each: "chat-api: 32 GPUs,
 * production at 99.900 %, regulated; pretraining: 64 GPUs, research". */
void report_decision_workloads(const struct report_decision *d, char *out, size_t size);

/* What was measured, in words: "Measured 2026-08-01 to 2026-11-01
 * (exclusive) in Australia/Sydney: 92 local days, 2209 h (the clocks
 * changed in the period)". */
void report_decision_period(const struct report_decision *d, char *out, size_t size);

/* {"recommendation", "provider", "default_policy", "overturned", "measured_any", "period",
 *  "reasons": [{"rule","basis","text"}], "options": [...],
 *  "readiness": [{"condition","met","evidence"}], "breakeven": ["..."], "at_margin",
 *  "changes": [{"input", "now", "at", ...}],
 *  "boundary": [...], "measured": [...], "rules": {...}}. Unknown numbers are
 *  null, never NaN; a cost with "complete" false sums its known parts only. */
enum sl_status report_decision_json(const struct report_decision *d, struct strbuf *out);

/* Adds the sheet "Decision", a one-page memo (report_decision_memo), then
 * "Decision arithmetic" (the options with every figure and the cost
 * arithmetic) and "Decision evidence" (every reason in full, readiness,
 * every input re-run, the boundary and the rules). */
enum sl_status report_decision_sheet(struct xlsx_book *book, const struct report_decision *d,
                                     struct sl_diag *diag);

/* Adds the sheet "Decision": a memo that prints on one portrait page with
 * its text no smaller than 8 points — the answer, the three reasons that
 * decide it (the first found of the deciding rules, strongest first, each
 * cut at a clause), the cost of each option as a table and a column chart,
 * and the inputs that change it while the page has room
 * (decision_memo.c). */
void report_decision_memo(struct xlsx_book *book, const struct report_decision *d);

/* A workbook with the Decision sheet and a Measured sheet (the figures per
 * entity the decision used). Written whole or not at all; created time is
 * d->to, so the same inputs give the same bytes. */
enum sl_status report_decision_write(const char *path, const struct report_decision *d,
                                     struct sl_diag *diag);

#endif
