/* fuzz_time.c — libFuzzer harness for the timestamp parser. Every result must
 * either fail with a reason or be an instant in the documented range that
 * formats and reads back as itself, in UTC and in zones with odd offsets. */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "engine/time/sltime.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const zones[] = {NULL, "Europe/Berlin", "America/St_Johns",
                                    "Pacific/Kiritimati"};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *zone = zones[size % (sizeof zones / sizeof zones[0])];
    int64_t t = 0;
    bool had_offset = false;
    const char *why = NULL;
    if (sltime_parse((const char *)data, size, zone, &t, &had_offset, &why) != SL_OK) {
        assert(why && *why);
        return 0;
    }
    if (t == SLTIME_NONE)
        return 0;
    /* Every accepted instant is in range, and its UTC text reads back as
     * itself; its text in the zone, when that reads at all, is the same instant. */
    assert(t >= 0 && t < sltime_days_from_civil(SLTIME_MAX_YEAR + 1, 1, 1) * 86400);
    char text[40], date[16];
    sltime_format(t, NULL, text);
    sltime_format_date(t, zone, date);
    int64_t back = 0;
    bool off2 = false;
    const char *why2 = NULL;
    int rc = sltime_parse(text, strlen(text), NULL, &back, &off2, &why2);
    if (rc != SL_OK || back != t) {
        fprintf(stderr, "round trip: %lld -> '%s' -> %s %lld\n", (long long)t, text,
                rc ? why2 : "ok", (long long)back);
        assert(!"formatted instant does not read back");
    }
    sltime_format(t, zone, text);
    if (sltime_parse(text, strlen(text), NULL, &back, &off2, &why2) == SL_OK)
        assert(back == t);
    struct sl_civil c;
    long offset;
    sltime_to_civil(t, zone, &c, &offset);
    assert(c.month >= 1 && c.month <= 12 && c.day >= 1 && c.day <= 31);
    return 0;
}
