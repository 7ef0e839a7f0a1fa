/* record_source.c — the kind of source of each ingest format, and what each
 * kind carries (record_source.h). */
#include "engine/audit/record_source.h"

#include <stdio.h>
#include <string.h>

/* The formats whose incidents are not a team's own records. */
static const struct {
    const char *format;
    enum record_source source;
} sources[] = {
    {"statuspage-json", RECORD_STATUS_PAGE}, {"statuspage-feed", RECORD_STATUS_PAGE},
    {"gcp-status", RECORD_STATUS_PAGE},      {"aws-health", RECORD_STATUS_PAGE},
    {"void-csv", RECORD_STATUS_PAGE},        {"nvidia-xid", RECORD_MACHINE_LOG},
    {"slurmctld-log", RECORD_MACHINE_LOG},
};

static const struct {
    enum record_source source;
    unsigned carries;
    const char *name;
} kinds[] = {
    {RECORD_TEAM,
     CARRIES_SEVERITY | CARRIES_ACKNOWLEDGED | CARRIES_DETECTED_BY | CARRIES_POSTMORTEM,
     "team records"},
    {RECORD_STATUS_PAGE, CARRIES_SEVERITY, "status pages"},
    {RECORD_MACHINE_LOG, 0, "machine logs"},
};

enum record_source
record_source_of(const char *format)
{
    for (size_t i = 0; format && i < sizeof sources / sizeof sources[0]; i++)
        if (!strcmp(sources[i].format, format))
            return sources[i].source;
    return RECORD_TEAM;
}

unsigned
record_source_carries(enum record_source source)
{
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (kinds[i].source == source)
            return kinds[i].carries;
    return 0;
}

const char *
record_sources_text(unsigned set, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if ((set & SOURCE_BIT(kinds[i].source)) && used < n)
            used += (size_t)snprintf(buf + used, n - used, "%s%s", used ? ", " : "", kinds[i].name);
    if (!used)
        snprintf(buf, n, "—");
    return buf;
}
