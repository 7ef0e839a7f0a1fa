/* strhash.c — the FNV-1a hash of a string (strhash.h). */
#include "parsers/read/strhash.h"

uint64_t
strhash(const char *s)
{
    uint64_t h = 1469598103934665603u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211u;
    return h;
}
