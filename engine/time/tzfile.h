/* tzfile.h — one zone of the tz database, read from its TZif file (RFC 8536)
 * without the C library's process-wide zone state (no $TZ, no tzset).
 *
 * A zone is its transitions (64-bit times of version 2 and later files, the
 * 32-bit block of a version 1 file) and, after the last transition, the
 * POSIX TZ rule of the file's footer ("CET-1CEST,M3.5.0,M10.5.0/3"). The
 * offset at an instant is chosen the way glibc's localtime chooses it, so
 * results are those the C library gave: before the first transition (or
 * with none) the first standard-time type; from the last transition on the
 * footer's rule when there is one, evaluated in the UTC year of the instant;
 * in between the type of the last transition at or before it.
 *
 * What a zone file may not hold: leap-second records (a right/ zone counts
 * leap seconds in its times, and instants here are POSIX seconds), an offset
 * more than 18 hours from UTC, transitions out of order or type indices out
 * of range. Each is rejected with a static phrase in *why.
 *
 * Threads: a loaded zone is never changed, so any number of threads may ask
 * it for offsets at once; tzfile_parse and tzfile_load touch nothing shared. */
#ifndef SLAUDIT_TZFILE_H
#define SLAUDIT_TZFILE_H

#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"

/* The largest zone file read; real ones are under 5 KB. */
#define TZFILE_MAX_BYTES ((size_t)256 << 10)
/* The furthest an offset may be from UTC (ISO 8601's and Java's limit). */
#define TZFILE_MAX_OFFSET (18 * 3600L)

struct tzfile;

/* Reads the zone from data[0..len). SL_ERR_INPUT with *why set when it is
 * not a zone file this reader accepts, SL_ERR_NOMEM when memory ran out. */
enum sl_status tzfile_parse(const unsigned char *data, size_t len, struct tzfile **out,
                            const char **why);

/* Reads dir/name. Besides tzfile_parse's errors: SL_ERR_INPUT with "unknown
 * time zone" for a name that is not in dir (or would leave it: absolute, or
 * with a ".." part), "a folder of zones, not a zone" for a directory such as
 * "Europe"; SL_ERR_IO when the file exists but cannot be read. */
enum sl_status tzfile_load(const char *dir, const char *name, struct tzfile **out,
                           const char **why);

/* Seconds east of UTC in force at instant t. */
long tzfile_offset(const struct tzfile *z, int64_t t);

void tzfile_free(struct tzfile *z);

#endif
