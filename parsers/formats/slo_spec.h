/* slo_spec.h — what the SLO readers share (openslo.c, sloth.c, pyrra.c): a
 * window written as a duration ("30d", "2w", "1M") turned into the window of
 * an uptime target (engine/sla/sla_terms.h), and one SLO stored as a
 * commitment of kind "slo" for --entity, its objectives as the targets of
 * SLA terms, so a team is evaluated against its own objectives as a provider
 * is against its SLA.
 *
 * Windows: "<count><unit>", unit d (days), w (weeks), M (months), Q
 * (quarters), y or Y (years).
 *   - rolling days or weeks: SLA_WINDOW_ROLLING of that many days;
 *   - calendar days or weeks: SLA_WINDOW_DAYS of that many days from the
 *     local date of start_time ("2022-01-01 12:00:00": windows begin at
 *     local midnights, so the time of day is not kept), else from a Monday
 *     for weeks and 1970-01-01 for days;
 *   - 1M, 3M, 12M, 1Q, 4Q, 1y: a calendar month, quarter or year, rolling or
 *     not (a rolling month has no fixed length: it is measured on calendar
 *     months, and the commitment's "slo" object keeps "rolling": true);
 *   - anything else (hours, minutes, 2M, more than 3660 days) is refused
 *     with the reason in why. */
#ifndef SLAUDIT_SLO_SPEC_H
#define SLAUDIT_SLO_SPEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "engine/base/yamldoc.h"
#include "engine/ingest/ingest.h"
#include "engine/sla/sla_terms.h"

struct slo_spec {
    const char *format;           /* "openslo", "sloth", "pyrra" */
    const char *name;             /* the SLO's name (the commitment's document) */
    const char *service;          /* NULL: the ingest's --service */
    const char *duration;         /* the window as written, e.g. "2w" */
    bool rolling;                 /* the spec's window rolls */
    const char *time_zone;        /* of a calendar window; may be NULL */
    const char *start_time;       /* of a calendar window; may be NULL */
    const char *budgeting_method; /* may be NULL */
    const char *window_note;      /* where the window comes from when the spec names none */
};

/* Reads f's YAML documents one at a time and calls each(ing, doc, root) for
 * every one that holds something (a file's closing `---` leaves an empty
 * one, passed over), stopping at the first status it returns that is not
 * SL_OK. A file of no document is refused: "not WHAT (the file holds no YAML
 * document)". */
typedef enum sl_status (*slo_spec_document_fn)(struct ingest *ing, const struct yamldoc *doc,
                                               const struct yaml_node *root);
enum sl_status slo_spec_each_document(struct ingest *ing, FILE *f, const char *what,
                                      slo_spec_document_fn each);

/* Sets u's window, days and start day from duration; false with the reason
 * in why when the duration is not one of the windows above. */
bool slo_spec_window(const char *duration, bool rolling, const char *start_time,
                     struct sla_uptime_target *u, char *why, size_t whylen);

/* Stores t (its targets read; its document and service are set here from s)
 * as the kind "slo" commitment of ing->entity, the spec's window and method
 * kept beside the terms in an "slo" object. SL_ERR_INPUT with the reason in
 * why when there is no --entity; other failures are the ingest's. */
enum sl_status slo_spec_store(struct ingest *ing, const struct slo_spec *s, struct sla_terms *t,
                              long line, char *why, size_t whylen);

#endif
