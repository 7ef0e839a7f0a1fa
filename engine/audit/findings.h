/* findings.h — what an audit concludes: one rule that one entity failed in one
 * window, with its severity, the clause it comes from, one sentence with the
 * numbers that triggered it, and the evidence (each record cited with the file
 * and line it was read from).
 *
 * A finding list is sticky on memory failure, like stdio's error flag: adds
 * after a failure do nothing and findings_status() reports it once, so rule
 * checks need not test every call. findings_sort() puts a list in its one
 * order — severity (worst first), rule ID, entity, service, window, subject,
 * message — so the same inputs give the same findings in the same order. */
#ifndef SLAUDIT_FINDINGS_H
#define SLAUDIT_FINDINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"

enum finding_severity { FSEV_INFO, FSEV_LOW, FSEV_MEDIUM, FSEV_HIGH, FSEV_CRITICAL, FSEV_COUNT };

const char *finding_severity_name(enum finding_severity s);
bool finding_severity_parse(const char *text, enum finding_severity *out);
/* A regime key of the catalog ("dora", "nis2"), or a list of them, as
 * readers write it ("DORA", "NIS2"): its letters in capitals, cut to fit
 * size; "-" for NULL. */
void finding_regime_title(const char *regime, char *out, size_t size);

struct finding_evidence {
    char *kind;         /* incident, postmortem, action, patch, shift, change, notification,
                           interval, maintenance, month, profile, gpu-event, document */
    char *ref;          /* the record's own ID; may be NULL */
    char *detail;       /* what about it, with times in UTC */
    int64_t start, end; /* the interval it covers, or SLTIME_NONE */
    char *file;         /* the source file; may be NULL */
    long line;          /* its line there; 0 when unknown */
};

struct finding {
    const char *rule_id, *clause, *regime; /* borrowed from the rule catalog; regime may be NULL */
    enum finding_severity severity;
    char *entity, *service; /* service may be NULL: the entity as a whole */
    int64_t window_start, window_end;
    char *zone;    /* the zone the window was computed in; NULL = UTC */
    char *subject; /* what it is about (an incident ID, a patch ID, a month) */
    char *message; /* one sentence with the numbers */
    struct finding_evidence *evidence;
    size_t nevidence;
};

struct findings {
    struct finding *v;
    size_t n, alloc;
    bool nomem;
};

/* Adds a finding and returns it (valid until the next add), or NULL after a
 * memory failure. Strings are copied; rule strings are borrowed. */
struct finding *findings_add(struct findings *fs, const char *rule_id, const char *clause,
                             const char *regime, enum finding_severity severity, const char *entity,
                             const char *service, int64_t window_start, int64_t window_end,
                             const char *subject, const char *fmt, ...)
    __attribute__((format(printf, 11, 12)));
/* Adds evidence to f (NULL is ignored). */
void findings_evidence(struct findings *fs, struct finding *f, const char *kind, const char *ref,
                       int64_t start, int64_t end, const char *file, long line, const char *fmt,
                       ...) __attribute__((format(printf, 9, 10)));
enum sl_status findings_status(const struct findings *fs, struct sl_diag *diag);
void findings_sort(struct findings *fs);
/* How many findings are at or above severity. */
size_t findings_at_or_above(const struct findings *fs, enum finding_severity severity);
void findings_release(struct findings *fs);

#endif
