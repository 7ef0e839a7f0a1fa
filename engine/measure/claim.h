/* claim.h — the evidence of a credit claim: for every commitment an
 * evaluation found breached with a credit due, the outages that make up its
 * downtime and the time the contract set aside, each with the records that
 * show it (docs/design.md §4, Attainment and credits).
 *
 * Nothing here is computed a second time: the figures (attainment, tier,
 * credit, amount, deadline) are those of the eval_result's contract rows,
 * and the stretches come from the same timeline the evaluation measured —
 * rebuilt from the store with the row's own rules, and checked against the
 * row before anything is returned (a timeline that measures otherwise is
 * an error, SL_ERR_DB, never a claim with other numbers).
 *
 * A claim item is a service row (a pooled entity row carries no credit) of a
 * window ending in (from, to] whose credit tier gives more than 0 % and
 * whose monitoring coverage is not insufficient: where the evaluation shows
 * no availability (docs/design.md §4, Minimum coverage) a claim would rest
 * on too little evidence, and the row is counted apart instead.
 *
 * Ownership: the claim borrows the eval_result (items point into it) and
 * owns its stretches and evidence; claim_release() frees them. */
#ifndef SLAUDIT_CLAIM_H
#define SLAUDIT_CLAIM_H

#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"
#include "engine/measure/contract.h"
#include "engine/measure/eval.h"

struct store;

/* One record that shows a stretch: a status interval (what the measure
 * counts), an incident of the same service overlapping it (what
 * corroborates it) or a maintenance window (what set it aside, or, for
 * maintenance that did not qualify, why it counts). */
enum claim_evidence_kind { CLAIM_EV_INTERVAL, CLAIM_EV_INCIDENT, CLAIM_EV_MAINTENANCE };

struct claim_evidence {
    enum claim_evidence_kind kind;
    int64_t start, end; /* the record's own times (an open incident: end SLTIME_NONE) */
    char *path;         /* the source file, as recorded when it was ingested */
    long line;          /* its line there; 0 where the store keeps none (intervals) */
    char *ref;          /* the record's key (incident, maintenance), or NULL */
    /* interval: its status; incident: "sev2: title"; maintenance: NULL */
    char *detail;
    int64_t announced;      /* maintenance: when it was announced, else SLTIME_NONE */
    enum svc_status status; /* interval: its status; else SVC_UNKNOWN */
};

struct claim_stretch {
    struct contract_stretch s;
    struct claim_evidence *ev;
    size_t nev;
};

struct claim_item {
    const struct eval_contract_row *row; /* into the eval_result */
    struct claim_stretch *stretches;     /* in time order: outages and set-asides */
    size_t nstretches;
    size_t noutages;
};

struct claim {
    const struct eval_result *result;
    struct claim_item *items;
    size_t n;
    /* Windows ending in (from, to] breached with no credit to claim: in a
     * gap of the credit table, or at a tier of 0 %. */
    size_t breached_without_credit;
    /* Credits due on rows with insufficient monitoring coverage: not
     * claimed (pointers into the eval_result, owned array). */
    const struct eval_contract_row **insufficient;
    size_t ninsufficient;
};

/* Builds the claim of r for the windows ending in (from, to]. r must have
 * been evaluated on st. Errors: SL_ERR_NOMEM, a store error, SL_ERR_DB
 * (the rebuilt timeline disagrees with the row), each with diag. */
enum sl_status claim_build(struct store *st, const struct eval_result *r, int64_t from, int64_t to,
                           struct claim *out, struct sl_diag *diag);
void claim_release(struct claim *c);

#endif
