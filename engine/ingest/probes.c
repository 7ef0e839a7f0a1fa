/* probes.c — per-series gap histograms while the input is read, the probes
 * themselves spilled to a temporary file, folded into intervals at the end. */
#include "engine/ingest/probes.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/time/sltime.h"

/* One spilled probe: the series' index and the probe's status in one word,
 * the gap since the series' previous probe (0 for its first probe, which
 * is never a gap: duplicates are not spilled) and its latency in
 * microseconds (PROBES_NO_LATENCY: none). A gap that does not fit in 32
 * bits is written as GAP_WIDE followed by one more record holding it split in
 * two words (that record's micros unused). */
struct spilled {
    uint32_t series_status;
    uint32_t gap;
    uint32_t micros;
};

#define STATUS_SHIFT 29
#define SERIES_MASK ((UINT32_C(1) << STATUS_SHIFT) - 1)
#define GAP_WIDE UINT32_MAX
#define SPILL_BUFFERED 8192
_Static_assert(SVC_STATUS_COUNT <= 8, "a status fits in the three top bits");
_Static_assert(PROBES_MAX_SERIES <= SERIES_MASK, "a series index fits below the status");

struct gap_bin {
    uint32_t gap, count;
};

struct series {
    uint64_t hash;
    uint32_t index;                       /* in first-seen order */
    int64_t first, last;                  /* the first and the latest probe taken */
    enum svc_status status;               /* the latest probe's */
    struct gap_bin bins[PROBES_GAP_BINS]; /* sorted by gap */
    uint8_t nbins;
    /* Folding, during probes_finish: the interval built so far. */
    int64_t twice_interval; /* twice the expected interval */
    int64_t open_start, open_end;
    enum svc_status open_status;
    /* The latency samples of the series' current UTC hour, during
     * probes_finish: handed over whole when the next hour begins. */
    struct latency_sample *lat;
    size_t nlat, lat_alloc;
    int64_t lat_hour;
    char *service; /* points into names, after the entity */
    char names[];  /* "entity\0service\0" */
};

struct probes {
    int64_t interval;      /* given, or 0 */
    struct series **slots; /* open addressing by hash */
    size_t nslots, nseries;
    size_t name_bytes;                  /* of the series' names, with their NULs */
    struct series **order;              /* series in first-seen order: the spill's index */
    FILE *spill;                        /* NULL until the first probe */
    struct spilled buf[SPILL_BUFFERED]; /* written to spill when full */
    size_t nbuf;
};

struct probes *
probes_new(int64_t interval)
{
    struct probes *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->interval = interval > 0 ? interval : 0;
    p->nslots = 64;
    p->slots = calloc(p->nslots, sizeof *p->slots);
    p->order = calloc(p->nslots, sizeof *p->order);
    if (!p->slots || !p->order) {
        probes_free(p);
        return NULL;
    }
    return p;
}

static void
forget(struct probes *p)
{
    for (size_t i = 0; i < p->nseries; i++) {
        free(p->order[i]->lat);
        free(p->order[i]);
    }
    memset(p->slots, 0, p->nslots * sizeof *p->slots);
    p->nseries = 0;
    p->name_bytes = 0;
    if (p->spill)
        fclose(p->spill);
    p->spill = NULL;
    p->nbuf = 0;
}

void
probes_free(struct probes *p)
{
    if (!p)
        return;
    forget(p);
    free(p->slots);
    free(p->order);
    free(p);
}

bool
probes_parse_interval(const char *text, int64_t *seconds)
{
    char *end;
    if (!text || *text < '0' || *text > '9')
        return false;
    long long n = strtoll(text, &end, 10);
    long long unit = 1;
    if (*end == 's')
        end++;
    else if (*end == 'm')
        unit = 60, end++;
    else if (*end == 'h')
        unit = 3600, end++;
    if (*end || n <= 0 || n > 86400 / unit)
        return false;
    *seconds = n * unit;
    return true;
}

/* Eight bytes at a time: a probe file names its series on every row, so this
 * runs once per probe. */
static uint64_t
hash_text(uint64_t h, const char *s)
{
    size_t n = strlen(s);
    uint64_t w;
    for (; n >= 8; s += 8, n -= 8) {
        memcpy(&w, s, 8);
        h = (h ^ w) * 0x9e3779b97f4a7c15u;
        h ^= h >> 29;
    }
    w = 0;
    memcpy(&w, s, n);
    h = (h ^ w ^ ((uint64_t)n << 59)) * 0x9e3779b97f4a7c15u;
    return h ^ (h >> 29);
}

static uint64_t
hash_pair(const char *a, const char *b)
{
    uint64_t h = hash_text(hash_text(1469598103934665603u, a), b);
    h = (h ^ (h >> 33)) * 0xff51afd7ed558ccdu;
    return h ^ (h >> 33);
}

static enum sl_status
grow_slots(struct probes *p)
{
    size_t n = p->nslots * 2;
    struct series **slots = calloc(n, sizeof *slots);
    struct series **order = realloc(p->order, n * sizeof *order);
    if (!slots || !order) {
        free(slots);
        if (order)
            p->order = order;
        return SL_ERR_NOMEM;
    }
    p->order = order;
    for (size_t i = 0; i < p->nseries; i++) {
        size_t j = p->order[i]->hash & (n - 1);
        while (slots[j])
            j = (j + 1) & (n - 1);
        slots[j] = p->order[i];
    }
    free(p->slots);
    p->slots = slots;
    p->nslots = n;
    return SL_OK;
}

/* *out is NULL for a series not seen yet; *slot is then where it goes. */
static struct series *
lookup(struct probes *p, const char *entity, const char *service, uint64_t h, size_t *slot)
{
    size_t j = h & (p->nslots - 1);
    for (; p->slots[j]; j = (j + 1) & (p->nslots - 1)) {
        struct series *s = p->slots[j];
        if (s->hash == h && !strcmp(s->names, entity) && !strcmp(s->service, service))
            return s;
    }
    *slot = j;
    return NULL;
}

static enum sl_status
find_series(struct probes *p, const char *entity, const char *service, struct series **out)
{
    uint64_t h = hash_pair(entity, service);
    size_t j;
    if ((*out = lookup(p, entity, service, h, &j)))
        return SL_OK;
    size_t le = strlen(entity) + 1, ls = strlen(service) + 1;
    if (p->nseries == PROBES_MAX_SERIES || p->name_bytes + le + ls > PROBES_MAX_NAME_BYTES)
        return SL_ERR_LIMIT;
    if ((p->nseries + 1) * 2 > p->nslots) {
        if (grow_slots(p))
            return SL_ERR_NOMEM;
        lookup(p, entity, service, h, &j);
    }
    struct series *s = calloc(1, sizeof *s + le + ls);
    if (!s)
        return SL_ERR_NOMEM;
    memcpy(s->names, entity, le);
    s->service = s->names + le;
    memcpy(s->service, service, ls);
    s->hash = h;
    p->name_bytes += le + ls;
    p->slots[j] = s;
    p->order[p->nseries++] = s;
    *out = s;
    return SL_OK;
}

/* Counts one gap. With every bin taken, the two nearest neighbours merge into
 * their weighted mean first, so the histogram stays at PROBES_GAP_BINS. */
static void
note_gap(struct series *s, uint32_t gap)
{
    size_t i = 0;
    while (i < s->nbins && s->bins[i].gap < gap)
        i++;
    if (i < s->nbins && s->bins[i].gap == gap) {
        if (s->bins[i].count < UINT32_MAX)
            s->bins[i].count++;
        return;
    }
    if (s->nbins == PROBES_GAP_BINS) {
        size_t m = 0;
        for (size_t k = 1; k + 1 < s->nbins; k++)
            if (s->bins[k + 1].gap - s->bins[k].gap < s->bins[m + 1].gap - s->bins[m].gap)
                m = k;
        struct gap_bin *a = &s->bins[m], *b = &s->bins[m + 1];
        uint64_t n = (uint64_t)a->count + b->count;
        uint64_t mean = ((uint64_t)a->gap * a->count + (uint64_t)b->gap * b->count + n / 2) / n;
        a->gap = (uint32_t)mean;
        a->count = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
        memmove(b, b + 1, (s->nbins - m - 2) * sizeof *b);
        s->nbins--;
        note_gap(s, gap); /* the merge may have moved the place or made the bin */
        return;
    }
    memmove(&s->bins[i + 1], &s->bins[i], (s->nbins - i) * sizeof *s->bins);
    s->bins[i] = (struct gap_bin){gap, 1};
    s->nbins++;
}

/* Whole buffers go to the file, created on the first: a file of fewer
 * probes than a buffer holds never touches the disk. */
static enum sl_status
spill_flush(struct probes *p)
{
    if (!p->spill && !(p->spill = tmpfile()))
        return SL_ERR_IO;
    size_t n = p->nbuf;
    p->nbuf = 0;
    return fwrite(p->buf, sizeof p->buf[0], n, p->spill) == n ? SL_OK : SL_ERR_IO;
}

static enum sl_status
spill(struct probes *p, uint32_t series, enum svc_status status, int64_t gap, uint32_t micros)
{
    struct spilled rec[2] = {{series | (uint32_t)status << STATUS_SHIFT, (uint32_t)gap, micros}};
    size_t n = 1;
    if (gap >= GAP_WIDE) {
        rec[0].gap = GAP_WIDE;
        rec[1] =
            (struct spilled){(uint32_t)((uint64_t)gap >> 32), (uint32_t)gap, PROBES_NO_LATENCY};
        n = 2;
    }
    if (p->nbuf + n > SPILL_BUFFERED) {
        enum sl_status rc = spill_flush(p);
        if (rc)
            return rc;
    }
    memcpy(&p->buf[p->nbuf], rec, n * sizeof rec[0]);
    p->nbuf += n;
    return SL_OK;
}

size_t
probes_series(const struct probes *p)
{
    return p->nseries;
}

enum sl_status
probes_add(struct probes *p, const char *entity, const char *service, int64_t t,
           enum svc_status status, enum probe_outcome *outcome)
{
    return probes_add_latency(p, entity, service, t, status, PROBES_NO_LATENCY, outcome);
}

enum sl_status
probes_add_latency(struct probes *p, const char *entity, const char *service, int64_t t,
                   enum svc_status status, uint32_t micros, enum probe_outcome *outcome)
{
    struct series *s;
    size_t seen = p->nseries;
    enum sl_status rc = find_series(p, entity, service, &s);
    if (rc)
        return rc;
    *outcome = PROBE_TAKEN;
    if (p->nseries > seen) {
        s->index = (uint32_t)seen;
        s->first = s->last = t;
        s->status = status;
        return spill(p, s->index, status, 0, micros);
    }
    if (t == s->last) {
        *outcome = PROBE_DUPLICATE;
        return SL_OK;
    }
    if (t < s->last) {
        *outcome = PROBE_OUT_OF_ORDER;
        return SL_OK;
    }
    int64_t gap = t - s->last;
    note_gap(s, gap > UINT32_MAX ? UINT32_MAX : (uint32_t)gap);
    s->last = t;
    s->status = status;
    return spill(p, s->index, status, gap, micros);
}

/* Twice the interpolated median gap: the sum of the two middle gaps (the
 * middle one twice when their number is odd). */
static int64_t
twice_median_gap(const struct series *s)
{
    uint64_t n = 0, seen = 0;
    for (size_t i = 0; i < s->nbins; i++)
        n += s->bins[i].count;
    if (n == 0)
        return 2 * PROBES_DEFAULT_INTERVAL;
    uint64_t lo = (n - 1) / 2, hi = n / 2; /* 0-based ranks */
    int64_t sum = 0;
    for (size_t i = 0; i < s->nbins; i++) {
        uint64_t next = seen + s->bins[i].count;
        if (lo >= seen && lo < next)
            sum += s->bins[i].gap;
        if (hi >= seen && hi < next)
            sum += s->bins[i].gap;
        seen = next;
    }
    return sum;
}

static enum sl_status
emit_open(struct series *s, probes_emit_fn emit, void *ctx, long *emitted)
{
    if (s->open_status == SVC_STATUS_COUNT)
        return SL_OK;
    struct interval iv = {.entity = s->names,
                          .service = s->service,
                          .start = s->open_start,
                          .end = s->open_end,
                          .status = s->open_status};
    enum sl_status rc = emit(ctx, &iv);
    if (!rc)
        (*emitted)++;
    return rc;
}

/* The probe at s->last covers up to next, or one interval when the gap to
 * next is longer than two intervals (next SLTIME_NONE: the series' last
 * probe); joined to the open interval where they meet. */
static enum sl_status
cover(struct series *s, int64_t next, probes_emit_fn emit, void *ctx, long *emitted)
{
    int64_t end = next;
    if (next == SLTIME_NONE || next - s->last > s->twice_interval)
        end = s->last + (s->twice_interval + 1) / 2;
    if (s->open_status == s->status && s->open_end == s->last) {
        s->open_end = end;
        return SL_OK;
    }
    enum sl_status rc = emit_open(s, emit, ctx, emitted);
    s->open_start = s->last;
    s->open_end = end;
    s->open_status = s->status;
    return rc;
}

/* Where a replay stands between two chunks of spilled records. */
struct replay {
    probes_emit_fn emit;
    probes_latency_fn latency; /* NULL: latency is not kept */
    void *ctx;
    long *emitted;
    long samples;       /* latency samples handed to latency */
    uint32_t wide_word; /* the first half of a wide gap's two records */
    uint32_t wide_micros;
    bool wide;
};

/* Hands over the series' samples of its current hour. */
static enum sl_status
latency_flush(struct series *s, struct replay *r)
{
    if (!s->nlat)
        return SL_OK;
    size_t n = s->nlat;
    s->nlat = 0;
    r->samples += (long)n;
    return r->latency(r->ctx, s->names, s->service, s->lat_hour, s->lat, n);
}

/* Keeps one sample of the series, after handing over the previous hour's
 * when t starts a new one. */
static enum sl_status
latency_keep(struct series *s, struct replay *r, int64_t t, uint32_t micros)
{
    int64_t hour = t - ((t % 3600) + 3600) % 3600;
    enum sl_status rc = SL_OK;
    if (s->nlat && hour != s->lat_hour && (rc = latency_flush(s, r)))
        return rc;
    s->lat_hour = hour;
    if (grow_reserve((void **)&s->lat, &s->lat_alloc, s->nlat + 1, sizeof *s->lat))
        return SL_ERR_NOMEM;
    s->lat[s->nlat++] = (struct latency_sample){t, micros};
    return SL_OK;
}

/* Replays spilled probes: each, in the order taken, closes its series'
 * previous probe. */
static enum sl_status
replay(struct probes *p, struct replay *r, const struct spilled *rec, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        uint32_t word = rec[i].series_status;
        int64_t gap = rec[i].gap;
        uint32_t micros = rec[i].micros;
        if (r->wide) {
            gap = (int64_t)((uint64_t)word << 32 | rec[i].gap);
            word = r->wide_word;
            micros = r->wide_micros;
            r->wide = false;
        } else if (gap == GAP_WIDE) {
            r->wide = true;
            r->wide_word = word;
            r->wide_micros = micros;
            continue;
        }
        uint32_t index = word & SERIES_MASK;
        enum svc_status status = (enum svc_status)(word >> STATUS_SHIFT);
        if (index >= p->nseries || status >= SVC_STATUS_COUNT)
            return SL_ERR_IO;
        struct series *s = p->order[index];
        enum sl_status rc = SL_OK;
        if (gap == 0) {
            s->last = s->first;
            s->status = status;
            s->open_status = SVC_STATUS_COUNT; /* nothing open */
        } else {
            if ((rc = cover(s, s->last + gap, r->emit, r->ctx, r->emitted)))
                return rc;
            s->last += gap;
            s->status = status;
        }
        if (micros != PROBES_NO_LATENCY && r->latency && (rc = latency_keep(s, r, s->last, micros)))
            return rc;
    }
    return SL_OK;
}

/* The file's records first, then the ones still in the buffer. */
static enum sl_status
fold(struct probes *p, struct replay *rp)
{
    struct replay r = *rp;
    enum sl_status rc = SL_OK;
    if (p->spill) {
        struct spilled rec[4096];
        size_t n;
        if (fflush(p->spill) || fseek(p->spill, 0, SEEK_SET))
            return SL_ERR_IO;
        while (!rc && (n = fread(rec, sizeof rec[0], sizeof rec / sizeof rec[0], p->spill)) > 0)
            rc = replay(p, &r, rec, n);
        if (!rc && ferror(p->spill))
            rc = SL_ERR_IO;
    }
    if (!rc)
        rc = replay(p, &r, p->buf, p->nbuf);
    for (size_t i = 0; !rc && r.latency && i < p->nseries; i++)
        rc = latency_flush(p->order[i], &r);
    rp->samples = r.samples;
    return !rc && r.wide ? SL_ERR_IO : rc;
}

enum sl_status
probes_finish(struct probes *p, probes_emit_fn emit, void *ctx, long *emitted)
{
    return probes_finish_latency(p, emit, NULL, ctx, emitted, NULL);
}

enum sl_status
probes_finish_latency(struct probes *p, probes_emit_fn emit, probes_latency_fn latency, void *ctx,
                      long *emitted, long *samples)
{
    struct replay r = {.emit = emit, .latency = latency, .ctx = ctx, .emitted = emitted};
    *emitted = 0;
    if (samples)
        *samples = 0;
    enum sl_status rc = SL_OK;
    if (!p->nseries)
        goto out;
    for (size_t i = 0; i < p->nseries; i++) {
        struct series *s = p->order[i];
        s->twice_interval = p->interval ? 2 * p->interval : twice_median_gap(s);
    }
    rc = fold(p, &r);
    if (samples)
        *samples = r.samples;
    if (rc)
        goto out;
    for (size_t i = 0; i < p->nseries && !rc; i++) {
        struct series *s = p->order[i];
        if (!(rc = cover(s, SLTIME_NONE, emit, ctx, emitted)))
            rc = emit_open(s, emit, ctx, emitted);
    }
out:
    forget(p);
    return rc;
}
