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

/* A range of gap lengths and how many gaps fell in it: one length until
 * bins merge (lo == hi), then the span of the lengths merged. */
struct gap_bin {
    uint32_t lo, hi, count;
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

/* Counts one gap. With every bin taken, the two neighbours nearest each
 * other merge into one range first, so the histogram stays at
 * PROBES_GAP_BINS ranges that never overlap; the exact median is found
 * within them later (refine_medians). */
static void
note_gap(struct series *s, uint32_t gap)
{
    size_t i = 0;
    while (i < s->nbins && s->bins[i].hi < gap)
        i++;
    if (i < s->nbins && s->bins[i].lo <= gap) {
        if (s->bins[i].count < UINT32_MAX)
            s->bins[i].count++;
        return;
    }
    if (s->nbins == PROBES_GAP_BINS) {
        size_t m = 0;
        for (size_t k = 1; k + 1 < s->nbins; k++)
            if (s->bins[k + 1].lo - s->bins[k].hi < s->bins[m + 1].lo - s->bins[m].hi)
                m = k;
        struct gap_bin *a = &s->bins[m], *b = &s->bins[m + 1];
        uint64_t n = (uint64_t)a->count + b->count;
        a->hi = b->hi;
        a->count = n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
        memmove(b, b + 1, (s->nbins - m - 2) * sizeof *b);
        s->nbins--;
        note_gap(s, gap); /* the merge may have made room, or a range that holds it */
        return;
    }
    memmove(&s->bins[i + 1], &s->bins[i], (s->nbins - i) * sizeof *s->bins);
    s->bins[i] = (struct gap_bin){gap, gap, 1};
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

/* One spilled probe, decoded: its series, status, gap and latency. */
struct spilled_probe {
    uint32_t series;
    enum svc_status status;
    int64_t gap;
    uint32_t micros;
};

typedef enum sl_status (*spilled_fn)(struct probes *p, void *ctx, const struct spilled_probe *sp);

/* Hands fn every spilled probe in the order taken: the file's records
 * first, then the ones still in the buffer; a wide gap's two records are
 * one probe. */
static enum sl_status
each_spilled(struct probes *p, spilled_fn fn, void *ctx)
{
    struct spilled chunk[4096];
    struct spilled wide = {0};
    bool in_wide = false, from_file = p->spill != NULL;
    if (from_file && (fflush(p->spill) || fseek(p->spill, 0, SEEK_SET)))
        return SL_ERR_IO;
    for (;;) {
        const struct spilled *rec = p->buf;
        size_t n = p->nbuf;
        if (from_file) {
            rec = chunk;
            n = fread(chunk, sizeof chunk[0], sizeof chunk / sizeof chunk[0], p->spill);
            if (n == 0) {
                if (ferror(p->spill))
                    return SL_ERR_IO;
                from_file = false;
                continue;
            }
        }
        for (size_t i = 0; i < n; i++) {
            struct spilled r = rec[i];
            int64_t gap = r.gap;
            if (in_wide) {
                gap = (int64_t)((uint64_t)r.series_status << 32 | r.gap);
                r = wide;
                in_wide = false;
            } else if (r.gap == GAP_WIDE) {
                wide = r;
                in_wide = true;
                continue;
            }
            struct spilled_probe sp = {r.series_status & SERIES_MASK,
                                       (enum svc_status)(r.series_status >> STATUS_SHIFT), gap,
                                       r.micros};
            if (sp.series >= p->nseries || sp.status >= SVC_STATUS_COUNT)
                return SL_ERR_IO;
            enum sl_status rc = fn(p, ctx, &sp);
            if (rc)
                return rc;
        }
        if (rec == p->buf)
            break;
    }
    return in_wide ? SL_ERR_IO : SL_OK;
}

/* The exact interpolated median gap of every series, twice over (the sum of
 * the two middle gaps, the middle one twice when their number is odd), in
 * s->twice_interval. The histogram places the two middle ranks in one range
 * or two neighbouring ones; where a range holds several lengths, passes over
 * the spill narrow it REFINE_BUCKETS-fold until it holds one length. A pass
 * keeps REFINE_BUCKETS counts for each series still open, nothing for the
 * others: memory is bounded by the series, not by the probes. */
#define REFINE_BUCKETS 16
#define NOT_PENDING UINT32_MAX

struct pending {
    uint32_t series;
    uint64_t lo, hi;  /* the two middle gaps lie in [lo, hi] */
    uint64_t below;   /* gaps shorter than lo */
    uint64_t rank[2]; /* 0-based ranks of the two middle gaps */
    uint64_t width;   /* of a bucket in this pass */
    uint32_t count[REFINE_BUCKETS];
};

struct refine {
    struct pending *v;
    size_t n, alloc;
    uint32_t *slot; /* per series: its index in v, or NOT_PENDING */
};

/* A gap as the histogram counts it (one past 32 bits saturates). */
static uint64_t
counted_gap(int64_t gap)
{
    return gap > UINT32_MAX ? UINT32_MAX : (uint64_t)gap;
}

static enum sl_status
count_gap(struct probes *p, void *ctx, const struct spilled_probe *sp)
{
    (void)p;
    struct refine *rf = ctx;
    uint32_t k = rf->slot[sp->series];
    if (sp->gap == 0 || k == NOT_PENDING)
        return SL_OK;
    struct pending *pd = &rf->v[k];
    uint64_t g = counted_gap(sp->gap);
    if (g >= pd->lo && g <= pd->hi)
        pd->count[(g - pd->lo) / pd->width]++;
    return SL_OK;
}

/* After a pass: the buckets holding the two middle ranks become the range;
 * true when the range was one length a bucket, so both gaps are known and
 * s->twice_interval is set. */
static bool
narrow(struct pending *pd, struct series *s)
{
    uint64_t seen = pd->below, at[2] = {0, 0};
    for (size_t b = 0; b < REFINE_BUCKETS; b++) {
        for (int r = 0; r < 2; r++)
            if (pd->rank[r] >= seen && pd->rank[r] < seen + pd->count[b])
                at[r] = b;
        if (pd->rank[0] >= seen)
            pd->below = seen;
        seen += pd->count[b];
    }
    /* below is now the count before the bucket of rank 0 */
    if (pd->width == 1) {
        s->twice_interval = (int64_t)(2 * pd->lo + at[0] + at[1]);
        return true;
    }
    uint64_t lo = pd->lo + at[0] * pd->width;
    uint64_t hi = pd->lo + (at[1] + 1) * pd->width - 1;
    pd->hi = hi < pd->hi ? hi : pd->hi;
    pd->lo = lo;
    return false;
}

/* Where the histogram puts the two middle ranks of s: both gaps when their
 * ranges are single lengths (*pd untouched), else the range to refine. */
static bool
median_from_bins(struct series *s, struct pending *pd)
{
    uint64_t n = 0, seen = 0;
    for (size_t i = 0; i < s->nbins; i++)
        n += s->bins[i].count;
    if (n == 0) {
        s->twice_interval = 2 * PROBES_DEFAULT_INTERVAL;
        return true;
    }
    uint64_t rank[2] = {(n - 1) / 2, n / 2};
    size_t at[2] = {0, 0};
    uint64_t below = 0;
    for (size_t i = 0; i < s->nbins; i++) {
        for (int r = 0; r < 2; r++)
            if (rank[r] >= seen && rank[r] < seen + s->bins[i].count)
                at[r] = i;
        if (rank[0] >= seen)
            below = seen;
        seen += s->bins[i].count;
    }
    const struct gap_bin *a = &s->bins[at[0]], *b = &s->bins[at[1]];
    if (a->lo == a->hi && b->lo == b->hi) {
        s->twice_interval = (int64_t)a->lo + b->lo;
        return true;
    }
    *pd = (struct pending){
        .series = s->index, .lo = a->lo, .hi = b->hi, .below = below, .rank = {rank[0], rank[1]}};
    return false;
}

static enum sl_status
median_gaps(struct probes *p)
{
    struct refine rf = {NULL, 0, 0, NULL};
    enum sl_status rc = SL_OK;
    for (size_t i = 0; i < p->nseries; i++) {
        struct pending pd;
        if (median_from_bins(p->order[i], &pd))
            continue;
        if (!rf.slot) {
            rf.slot = malloc(p->nseries * sizeof *rf.slot);
            if (!rf.slot)
                return SL_ERR_NOMEM;
            memset(rf.slot, 0xff, p->nseries * sizeof *rf.slot);
        }
        if (grow_reserve((void **)&rf.v, &rf.alloc, rf.n + 1, sizeof *rf.v)) {
            rc = SL_ERR_NOMEM;
            goto out;
        }
        rf.slot[i] = (uint32_t)rf.n;
        rf.v[rf.n++] = pd;
    }
    while (rf.n) {
        for (size_t k = 0; k < rf.n; k++) {
            struct pending *pd = &rf.v[k];
            pd->width = (pd->hi - pd->lo + REFINE_BUCKETS) / REFINE_BUCKETS;
            memset(pd->count, 0, sizeof pd->count);
        }
        if ((rc = each_spilled(p, count_gap, &rf)))
            goto out;
        size_t kept = 0;
        for (size_t k = 0; k < rf.n; k++) {
            struct pending *pd = &rf.v[k];
            rf.slot[pd->series] = NOT_PENDING;
            if (narrow(pd, p->order[pd->series]))
                continue;
            rf.slot[pd->series] = (uint32_t)kept;
            rf.v[kept++] = *pd;
        }
        rf.n = kept;
    }
out:
    free(rf.v);
    free(rf.slot);
    return rc;
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

/* Where a replay stands: what it hands the intervals and samples to. */
struct replay {
    probes_emit_fn emit;
    probes_latency_fn latency; /* NULL: latency is not kept */
    void *ctx;
    long *emitted;
    long samples; /* latency samples handed to latency */
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

/* Replays one spilled probe: it closes its series' previous probe. */
static enum sl_status
replay_probe(struct probes *p, void *ctx, const struct spilled_probe *sp)
{
    struct replay *r = ctx;
    struct series *s = p->order[sp->series];
    enum sl_status rc = SL_OK;
    if (sp->gap == 0) {
        s->last = s->first;
        s->status = sp->status;
        s->open_status = SVC_STATUS_COUNT; /* nothing open */
    } else {
        if ((rc = cover(s, s->last + sp->gap, r->emit, r->ctx, r->emitted)))
            return rc;
        s->last += sp->gap;
        s->status = sp->status;
    }
    if (sp->micros != PROBES_NO_LATENCY && r->latency)
        rc = latency_keep(s, r, s->last, sp->micros);
    return rc;
}

static enum sl_status
fold(struct probes *p, struct replay *r)
{
    enum sl_status rc = each_spilled(p, replay_probe, r);
    for (size_t i = 0; !rc && r->latency && i < p->nseries; i++)
        rc = latency_flush(p->order[i], r);
    return rc;
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
    for (size_t i = 0; i < p->nseries; i++)
        p->order[i]->twice_interval = 2 * p->interval;
    if (!p->interval && (rc = median_gaps(p)))
        goto out;
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
