/* strhash.h — the 64-bit FNV-1a hash of a string, for the small open-addressing
 * tables parsers keep (nodes of a slurmctld log, hosts of a kernel log). */
#ifndef SLAUDIT_STRHASH_H
#define SLAUDIT_STRHASH_H

#include <stdint.h>

uint64_t strhash(const char *s);

#endif
