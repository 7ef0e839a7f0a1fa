/* strbuf.h — the one growable string buffer.
 *
 * Invariants: buf is never NULL and always NUL-terminated; len < alloc when
 * alloc > 0. A buffer has a size cap: an append that would grow it past the cap
 * fails with SL_ERR_LIMIT and leaves the contents as they were, so a monstrous
 * line fails cleanly instead of exhausting memory. strbuf_detach() hands the
 * heap string to the caller, who frees it.
 *
 * Threads: the functions keep no state of their own (strbuf_empty, the
 * buffer of every empty strbuf, is never written), so threads may each use
 * their own buffers at once; one buffer is for one thread at a time. */
#ifndef SLAUDIT_STRBUF_H
#define SLAUDIT_STRBUF_H

#include <stddef.h>

#include "engine/base/status.h"

struct strbuf {
    char *buf;
    size_t len;
    size_t alloc;
    size_t cap; /* largest len allowed; 0 means the default cap */
};

#define STRBUF_DEFAULT_CAP ((size_t)256 << 20)

extern char strbuf_empty[];
#define STRBUF_INIT                                                                                \
    {                                                                                              \
        strbuf_empty, 0, 0, 0                                                                      \
    }

void strbuf_init(struct strbuf *sb, size_t cap);
void strbuf_release(struct strbuf *sb);
char *strbuf_detach(struct strbuf *sb);
void strbuf_reset(struct strbuf *sb);
enum sl_status strbuf_grow(struct strbuf *sb, size_t extra);
enum sl_status strbuf_add(struct strbuf *sb, const void *data, size_t n);
enum sl_status strbuf_addstr(struct strbuf *sb, const char *s);
enum sl_status strbuf_addch(struct strbuf *sb, char c);
enum sl_status strbuf_addf(struct strbuf *sb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
