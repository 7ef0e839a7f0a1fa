/* record_source.h — what kind of source an incident record was read from, and
 * which of the fields the audit rules read such a source can carry at all.
 *
 * A team's incident tool (an incident CSV, PagerDuty, Opsgenie, incident.io
 * and the like, JSON Lines of a team's own) records whatever its people
 * enter: severity, acknowledgement, how it was detected, a postmortem. A
 * provider's public status history (a status page's API or feed, a cloud's
 * status dashboard, a public incident database) states the impact and its
 * times but never an acknowledgement, and no postmortem of the customer's. An
 * incident derived from a machine log (a kernel's GPU faults, a scheduler's
 * node states) has the times the log stamps and nothing a person adds: no
 * severity of its own, no acknowledgement, no detection channel.
 *
 * A rule states the sources it applies to (rules.h), and a finding never
 * rests on a field the record's source cannot carry. */
#ifndef SLAUDIT_RECORD_SOURCE_H
#define SLAUDIT_RECORD_SOURCE_H

#include <stddef.h>

enum record_source {
    RECORD_TEAM,        /* a team's incident tool; also any format not listed (0: the default) */
    RECORD_STATUS_PAGE, /* a provider's public status history */
    RECORD_MACHINE_LOG, /* derived from a machine's log */
    RECORD_KINDS
};

/* Sets of sources, as a rule states the ones it judges. */
#define SOURCE_BIT(s) (1u << (s))
#define SOURCES_TEAM SOURCE_BIT(RECORD_TEAM)
#define SOURCES_STATUS_PAGE SOURCE_BIT(RECORD_STATUS_PAGE)
#define SOURCES_MACHINE_LOG SOURCE_BIT(RECORD_MACHINE_LOG)
#define SOURCES_ALL (SOURCE_BIT(RECORD_KINDS) - 1)

/* The fields a source may carry. */
enum record_field {
    CARRIES_SEVERITY = 1 << 0,
    CARRIES_ACKNOWLEDGED = 1 << 1,
    CARRIES_DETECTED_BY = 1 << 2,
    CARRIES_POSTMORTEM = 1 << 3,
};

/* The source of records read as format (an ingest format's name, as the
 * store keeps it per file); RECORD_TEAM for NULL or a format not listed. */
enum record_source record_source_of(const char *format);
/* The record_field bits source can carry. */
unsigned record_source_carries(enum record_source source);
/* "team records, machine logs" for a set of sources (SOURCES_*), "—" for
 * none, written into buf[0..n) and returned. */
const char *record_sources_text(unsigned sources, char *buf, size_t n);

#endif
