/* xid.c — the Xid table (see xid.h). */
#include "parsers/formats/xid.h"

#include <stddef.h>

static const struct xid_info xid_table[] = {
    {8, "GPU stopped processing", "driver", "reset"},
    {13, "graphics engine exception", "application", "none"},
    {31, "GPU memory page fault", "application", "none"},
    {32, "invalid or corrupted push buffer stream", "driver", "none"},
    {38, "driver firmware error", "driver", "reset"},
    {43, "GPU stopped processing (channel reset)", "application", "none"},
    {45, "preemptive cleanup", "application", "none"},
    {48, "double-bit ECC error", "hardware", "drain"},
    {54, "auxiliary power not connected", "thermal_power", "drain"},
    {61, "internal micro-controller warning", "driver", "reset"},
    {62, "internal micro-controller halt", "thermal_power", "reset"},
    {63, "ECC page retirement or row remap recorded", "hardware", "reset"},
    {64, "ECC page retirement or row remap failure", "hardware", "replace"},
    {69, "graphics engine class error", "application", "none"},
    {74, "NVLink error", "hardware", "reset"},
    {79, "GPU has fallen off the bus", "hardware", "drain"},
    {92, "high single-bit ECC error rate", "hardware", "none"},
    {94, "contained ECC error", "hardware", "reset"},
    {95, "uncontained ECC error", "hardware", "drain"},
    {109, "context switch timeout", "application", "none"},
    {119, "GSP RPC timeout", "driver", "reset"},
    {120, "GSP error", "driver", "reset"},
    {140, "unrecovered ECC error", "hardware", "drain"},
    {0, NULL, NULL, NULL},
};

static const struct xid_info unknown = {0, "unknown Xid", "unknown", "none"};

const struct xid_info *
xid_lookup(int code)
{
    for (size_t i = 0; xid_table[i].name; i++)
        if (xid_table[i].code == code)
            return &xid_table[i];
    return &unknown;
}
