/* logstamp.h — the time stamp at the start of a log line, in the forms that
 * kernel, journald, syslog and daemon logs write:
 *
 *   [Sun Feb 23 16:24:18 2025]        dmesg -T (read in --tz)
 *   [ 1234.567890]                    seconds since boot: needs --boot-time
 *   [2025-02-23T16:24:18.123]         slurmctld (offset optional)
 *   2025-02-23T16:24:18+0000 HOST     journald short-iso, RFC 3339
 *   Feb 23 16:24:18 HOST              syslog: no year
 *
 * A syslog line carries no year: it is --year for the first such line, or
 * else the year of the file's last change (one less when the first month is
 * later than that change), and one more each time the month goes back (the
 * turn of the year: Dec 31 then Jan 1). State is kept per file. */
#ifndef SLAUDIT_LOGSTAMP_H
#define SLAUDIT_LOGSTAMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/ingest/ingest.h"

struct logstamp {
    int year;                  /* the year of the syslog line last read; 0 before the first */
    int last_month;            /* its month */
    int file_year, file_month; /* of the file's last change */
    /* The hour of the last ISO stamp read in full, "YYYY-MM-DDTHH:", and its
     * first instant: a stamp of the same hour is that plus its minutes and
     * seconds (kept only for UTC, where no hour is shorter than another). */
    char hour[14];
    int64_t hour_start;
    bool hour_valid;
};

extern const char logstamp_no_stamp[];

/* Reads the file's date (for syslog years) from f. */
void logstamp_init(struct logstamp *ls, FILE *f);

/* The stamp at the start of line. On SL_OK: *t the instant, *rest the offset
 * just after the stamp (and its host, when the form has one, copied to host).
 * SL_ERR_INPUT with *why when the line has no stamp (*why is then
 * logstamp_no_stamp) or it cannot be placed in time (seconds since boot
 * without --boot-time, an instant outside sltime_in_range). */
enum sl_status logstamp_read(struct logstamp *ls, struct ingest *ing, const char *line, size_t len,
                             int64_t *t, size_t *rest, char *host, size_t hostlen,
                             const char **why);

/* The year of a syslog stamp in month (1..12), updating the state. */
int logstamp_syslog_year(struct logstamp *ls, const struct ingest *ing, int month);

/* An RFC 822 date as RSS 2.0 writes pubDate: "Tue, 21 Oct 2025 12:28:19
 * +0000" (the weekday and the seconds optional, a two-digit year read as
 * RFC 2822 does, the zone an offset or UT, GMT, Z, EST..PDT). Without a zone
 * the date is read in --tz and counted in ing->naive_timestamps. SL_ERR_INPUT
 * with *why otherwise. */
enum sl_status logstamp_rfc822(struct ingest *ing, const char *s, size_t len, int64_t *t,
                               const char **why);

/* 1..12 for "Jan".."Dec", 0 otherwise. */
int logstamp_month(const char *s, size_t len);

#endif
