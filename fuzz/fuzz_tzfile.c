/* fuzz_tzfile.c — libFuzzer harness for the TZif reader ($TZDIR may point at
 * any files): any bytes either fail with a reason or give a zone whose offset
 * at every instant asked is within 18 hours of UTC. */
#include <assert.h>
#include <stdint.h>

#include "engine/time/tzfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct tzfile *z = NULL;
    const char *why = NULL;
    if (tzfile_parse(data, size, &z, &why) != SL_OK) {
        assert(!z);
        return 0;
    }
    /* 1960 to 2201 in steps of about 97 days, and the edges of int64_t. */
    for (int64_t t = -315619200; t < INT64_C(7321190400); t += 8380800) {
        long off = tzfile_offset(z, t);
        assert(off >= -TZFILE_MAX_OFFSET && off <= TZFILE_MAX_OFFSET);
    }
    long lo = tzfile_offset(z, INT64_MIN), hi = tzfile_offset(z, INT64_MAX);
    assert(lo >= -TZFILE_MAX_OFFSET && lo <= TZFILE_MAX_OFFSET);
    assert(hi >= -TZFILE_MAX_OFFSET && hi <= TZFILE_MAX_OFFSET);
    tzfile_free(z);
    return 0;
}
