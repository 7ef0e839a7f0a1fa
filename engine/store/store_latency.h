/* store_latency.h — probe latency in the store: every sample a probe file
 * gave, kept per source, series (entity, service) and UTC hour in table
 * latency_hours (migration 14, engine/store/schema.c).
 *
 * A row packs its hour's samples six bytes each, little-endian: the second
 * into the hour (16 bits) and the latency in whole microseconds (32 bits, so
 * at most STORE_LATENCY_MAX_MICROS, about 71 minutes; longer is stored as
 * that). Samples are exact to the microsecond and keep their second, so a
 * month in any zone takes exactly its own samples. Rows go with their source
 * (store_forget). A store older than migration 14, read without migrating,
 * has no latency: the readers see no samples. */
#ifndef SLAUDIT_STORE_LATENCY_H
#define SLAUDIT_STORE_LATENCY_H

#include <stddef.h>
#include <stdint.h>

#include "engine/base/status.h"

struct store;

#define STORE_LATENCY_MAX_MICROS (UINT32_MAX - 1)
/* The bytes of one packed sample. */
#define STORE_LATENCY_SAMPLE_BYTES 6

struct latency_sample {
    int64_t t;       /* epoch seconds */
    uint32_t micros; /* the probe's latency */
};

/* Within an open source transaction (store_source_begin): samples[0..n) of
 * one series, all in the UTC hour starting at hour (a multiple of 3600),
 * in time order, n >= 1. SL_ERR_USAGE for a sample outside the hour. The
 * row is held and inserted with the next ones, as a keyless interval is
 * (store_add_interval), and its errors come back as late. */
enum sl_status store_latency_add_hour(struct store *st, const char *entity, const char *service,
                                      int64_t hour, const struct latency_sample *samples, size_t n,
                                      struct sl_diag *diag);

/* Calls fn with the samples of entity's service with t in [from, to), one
 * stored hour at a time, by hour; within an hour in time order. Two sources
 * that cover one hour give two calls (the same probe read from two files
 * comes twice: the reader drops the repeat, engine/measure/latency.h).
 * s lives only during the call; fn returns non-zero to stop. */
typedef int (*store_latency_fn)(void *ctx, const struct latency_sample *s, size_t n);
enum sl_status store_latency_each(struct store *st, const char *entity, const char *service,
                                  int64_t from, int64_t to, store_latency_fn fn, void *ctx,
                                  struct sl_diag *diag);

/* How many samples the sources recorded with sha256 or path (either may be
 * NULL) hold: what forgetting them removes. */
enum sl_status store_latency_count_of(struct store *st, const char *sha256, const char *path,
                                      long *samples, struct sl_diag *diag);

#endif
