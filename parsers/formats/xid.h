/* xid.h — NVIDIA Xid codes as data: each code's class (hardware, driver,
 * application, thermal_power) and the action it needs (none, reset, drain,
 * replace), after NVIDIA's Xid catalog. A code not in the table is class
 * "unknown", action "none". */
#ifndef SLAUDIT_XID_H
#define SLAUDIT_XID_H

struct xid_info {
    int code;
    const char *name;
    const char *xid_class;
    const char *action;
};

const struct xid_info *xid_lookup(int code);

#endif
