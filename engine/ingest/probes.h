/* probes.h — turns probe results into status intervals (docs/design.md §4).
 *
 * A probe at t with status s covers [t, next probe of its series). Every gap —
 * the first one of a series too, and gaps between probes of one status — is
 * judged against the series' expected interval: the one given to probes_new,
 * else the median of all the series' gaps over the whole input, interpolated
 * (the mean of the two middle gaps when their number is even, as for incident
 * statistics). A gap longer than twice that interval becomes unknown after one
 * interval; the last probe of a series covers one interval; a series with one
 * probe and no interval given uses PROBES_DEFAULT_INTERVAL. An interpolated
 * median that falls on a half second covers the half second too (rounded up).
 * Consecutive covered probes with one status fold into one interval, so only
 * status changes and gaps are stored. Unknown time is not stored: no interval
 * means unknown.
 *
 * The decision waits for the end of the input, since a gap is judged against
 * a median of gaps not read yet. Memory stays bounded: each series keeps a
 * fixed-size state (its last probe and a histogram of its gaps), and each
 * probe taken is spilled, twelve bytes, to an unnamed temporary file that
 * probes_finish reads back. The histogram keeps PROBES_GAP_BINS ranges of gap
 * lengths with their counts: one length a range while a series has that many
 * distinct gaps or fewer, past that the two nearest ranges merge. The median
 * is exact all the same: where a middle rank falls in a range of several
 * lengths, passes over the spilled probes narrow that range sixteen-fold each
 * until it holds one length, keeping sixteen counts for each series still
 * open and nothing for the rest. A file
 * with more than PROBES_MAX_SERIES series, or whose series' names (entity
 * and service) take more than PROBES_MAX_NAME_BYTES, is refused
 * (SL_ERR_LIMIT) rather than held in memory: about 260 bytes a series and
 * the names, under 20 MB in all. */
#ifndef SLAUDIT_PROBES_H
#define SLAUDIT_PROBES_H

#include <stddef.h>
#include <stdint.h>

#include "engine/model/model.h"
#include "engine/base/status.h"
#include "engine/store/store_latency.h"

#define PROBES_DEFAULT_INTERVAL 60
#define PROBES_GAP_BINS 16
#define PROBES_MAX_SERIES 50000
#define PROBES_MAX_NAME_BYTES ((size_t)4 << 20)
/* A probe that states no latency. */
#define PROBES_NO_LATENCY UINT32_MAX

enum probe_outcome { PROBE_TAKEN, PROBE_DUPLICATE, PROBE_OUT_OF_ORDER };

struct probes;

/* interval: the expected probe interval in seconds, or 0 to take each
 * series' median gap. */
struct probes *probes_new(int64_t interval);
void probes_free(struct probes *p);

/* Reads an expected probe interval: whole seconds ("90"), or a number with
 * the unit s, m or h ("60s", "5m", "1h"). Returns false for anything else,
 * zero, or more than a day. */
bool probes_parse_interval(const char *text, int64_t *seconds);

/* Adds one probe; entity and service are copied. A probe at the same time as
 * the last one of its series is a duplicate; an earlier one is out of order;
 * neither changes anything. Returns SL_ERR_LIMIT for a probe that would start
 * series number PROBES_MAX_SERIES + 1 or take the names past
 * PROBES_MAX_NAME_BYTES (the probe is not taken), SL_ERR_IO when
 * the spill file cannot be written, SL_ERR_NOMEM. */
enum sl_status probes_add(struct probes *p, const char *entity, const char *service, int64_t t,
                          enum svc_status status, enum probe_outcome *outcome);

/* probes_add with the probe's latency in microseconds (at most
 * STORE_LATENCY_MAX_MICROS; PROBES_NO_LATENCY when it states none). A
 * duplicate's latency is dropped with it: the first probe's stands. */
enum sl_status probes_add_latency(struct probes *p, const char *entity, const char *service,
                                  int64_t t, enum svc_status status, uint32_t micros,
                                  enum probe_outcome *outcome);

/* How many series have been taken since the last probes_finish. */
size_t probes_series(const struct probes *p);

typedef enum sl_status (*probes_emit_fn)(void *ctx, const struct interval *iv);
/* Emits every series' intervals, each series in time order (series may
 * interleave), then forgets them. *emitted counts the intervals. SL_ERR_IO
 * when the spill file cannot be read back. */
enum sl_status probes_finish(struct probes *p, probes_emit_fn emit, void *ctx, long *emitted);

/* The latency samples of one series' UTC hour starting at hour, in time
 * order; s lives only during the call. */
typedef enum sl_status (*probes_latency_fn)(void *ctx, const char *entity, const char *service,
                                            int64_t hour, const struct latency_sample *s, size_t n);
/* probes_finish that also hands every latency sample taken to latency (when
 * not NULL), one series' hour at a time, each series' hours in time order;
 * *samples (when not NULL) counts them. Memory: one hour of samples per
 * series. */
enum sl_status probes_finish_latency(struct probes *p, probes_emit_fn emit,
                                     probes_latency_fn latency, void *ctx, long *emitted,
                                     long *samples);

#endif
