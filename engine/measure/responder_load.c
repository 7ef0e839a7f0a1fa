/* responder_load.c — pages per responder, pages outside working hours and
 * pages per on-call shift, from the stored shifts and incidents
 * (responder_load.h). */
#include "engine/measure/responder_load.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/grow.h"
#include "engine/base/jsondoc.h"
#include "engine/store/store.h"
#include "engine/time/sltime.h"

#define ONCALL_KIND "oncall" /* the audit record kind of a shift */

struct shift {
    char *entity, *service, *primary;
    int64_t start, end;
    long pages;
};

struct loader {
    struct shift *shifts;
    size_t nshifts, shift_cap;
    struct responder_load *out;
    size_t row_cap, entity_cap;
    const struct bizclock *clock;
    const char *entity; /* the entity whose incidents are being read */
    size_t first, last; /* its shifts: [first, last) */
    struct responder_entity *totals;
    int64_t from, to;
    enum sl_status rc;
};

static char *
dup_or_null(const char *s)
{
    return s && *s ? strdup(s) : NULL;
}

static int
take_shift(void *ctx, const struct audit_record *r)
{
    struct loader *l = ctx;
    struct json_node *o = NULL;
    struct sl_diag ignored;
    if (!r->fields ||
        jsondoc_load_buffer(r->fields, strlen(r->fields), r->source, r->line, &o, &ignored))
        return 0;
    double start, end;
    const char *primary = jsondoc_get_string(o, "primary");
    if (!jsondoc_number(jsondoc_get(o, "start"), &start) ||
        !jsondoc_number(jsondoc_get(o, "end"), &end) || !primary || !*primary || end <= start)
        goto out;
    if ((l->rc =
             grow_reserve((void **)&l->shifts, &l->shift_cap, l->nshifts + 1, sizeof *l->shifts)))
        goto out;
    struct shift *s = &l->shifts[l->nshifts];
    memset(s, 0, sizeof *s);
    s->start = (int64_t)start;
    s->end = (int64_t)end;
    s->entity = strdup(r->entity);
    s->primary = strdup(primary);
    s->service = dup_or_null(jsondoc_get_string(o, "service"));
    l->nshifts++;
    if (!s->entity || !s->primary)
        l->rc = SL_ERR_NOMEM;
out:
    jsondoc_free(o);
    return l->rc != SL_OK;
}

/* The row of responder (NULL: no responder) of the entity being read, added
 * when missing. */
static struct responder_row *
row_of(struct loader *l, const char *responder)
{
    struct responder_load *out = l->out;
    for (size_t i = out->nrows; i-- > 0;) {
        struct responder_row *r = &out->rows[i];
        if (strcmp(r->entity, l->entity))
            break;
        if (responder ? r->responder && !strcmp(r->responder, responder) : !r->responder)
            return r;
    }
    if ((l->rc = grow_reserve((void **)&out->rows, &l->row_cap, out->nrows + 1, sizeof *out->rows)))
        return NULL;
    struct responder_row *r = &out->rows[out->nrows++];
    memset(r, 0, sizeof *r);
    r->entity = strdup(l->entity);
    r->responder = responder ? strdup(responder) : NULL;
    if (!r->entity || (responder && !r->responder)) {
        l->rc = SL_ERR_NOMEM;
        return NULL;
    }
    return r;
}

static int
take_page(void *ctx, const struct incident *inc)
{
    struct loader *l = ctx;
    int64_t t = inc->detected != SLTIME_NONE ? inc->detected : inc->started;
    if (t == SLTIME_NONE)
        return 0;
    struct shift *on = NULL;
    for (size_t i = l->first; i < l->last; i++) {
        struct shift *s = &l->shifts[i];
        bool serves = !s->service || (inc->service && !strcmp(s->service, inc->service));
        if (serves && s->start <= t && t < s->end && (!on || s->start > on->start))
            on = s;
    }
    struct responder_row *r = row_of(l, on ? on->primary : NULL);
    if (!r)
        return 1;
    bool off = bizclock_seconds(l->clock, t, t + 1) == 0;
    r->pages++;
    l->totals->pages++;
    if (off) {
        r->off_hours++;
        l->totals->off_hours++;
    }
    if (on)
        on->pages++;
    else
        l->totals->unassigned++;
    return 0;
}

static int
row_cmp(const void *a, const void *b)
{
    const struct responder_row *x = a, *y = b;
    if (!x->responder || !y->responder)
        return (x->responder == NULL) - (y->responder == NULL);
    return strcmp(x->responder, y->responder);
}

/* The entity of shifts [first, last): its shifts' responders, then its
 * pages. */
static enum sl_status
load_entity(struct store *st, struct loader *l, struct sl_diag *diag)
{
    struct responder_load *out = l->out;
    enum sl_status s;
    if ((s = grow_reserve((void **)&out->entities, &l->entity_cap, out->nentities + 1,
                          sizeof *out->entities)))
        return s;
    struct responder_entity *e = &out->entities[out->nentities++];
    memset(e, 0, sizeof *e);
    if (!(e->entity = strdup(l->entity)))
        return SL_ERR_NOMEM;
    l->totals = e;
    size_t row0 = out->nrows;
    for (size_t i = l->first; i < l->last; i++) {
        struct shift *sh = &l->shifts[i];
        if (sh->end <= l->from || sh->start >= l->to)
            continue;
        struct responder_row *r = row_of(l, sh->primary);
        if (!r)
            return l->rc;
        r->shifts++;
        e->shifts++;
        int64_t a = sh->start > l->from ? sh->start : l->from;
        int64_t b = sh->end < l->to ? sh->end : l->to;
        e->shift_hours += (double)(b - a) / 3600.0;
    }
    if ((s = store_each_incident(st, l->entity, l->from, l->to, take_page, l, diag)))
        return s;
    if (l->rc)
        return l->rc;
    for (size_t i = l->first; i < l->last; i++) {
        struct shift *sh = &l->shifts[i];
        if (sh->end > l->from && sh->start < l->to && sh->pages > e->max_per_shift)
            e->max_per_shift = sh->pages;
    }
    e->mean_per_shift = e->shifts ? (double)(e->pages - e->unassigned) / (double)e->shifts : NAN;
    if (out->nrows > row0) /* rows may still be NULL: qsort must not see it */
        qsort(out->rows + row0, out->nrows - row0, sizeof *out->rows, row_cmp);
    return SL_OK;
}

void
responder_load_clock(struct bizclock *c, const char *zone)
{
    bizclock_business_hours(c, zone);
    c->open_minute = RESPONDER_LOAD_OPEN_MINUTE;
    c->close_minute = RESPONDER_LOAD_CLOSE_MINUTE;
}

enum sl_status
responder_load_run(struct store *st, const char *entity, int64_t from, int64_t to,
                   const struct bizclock *clock, struct responder_load *out, struct sl_diag *diag)
{
    memset(out, 0, sizeof *out);
    struct bizclock fallback;
    responder_load_clock(&fallback, NULL);
    struct loader l = {.out = out, .clock = clock ? clock : &fallback, .from = from, .to = to};
    enum sl_status s = store_each_audit_record(st, entity, ONCALL_KIND, take_shift, &l, diag);
    if (!s)
        s = l.rc;
    /* Records come by entity: each run of one entity's shifts in turn. */
    for (size_t i = 0; !s && i < l.nshifts;) {
        l.first = i;
        l.entity = l.shifts[i].entity;
        while (i < l.nshifts && !strcmp(l.shifts[i].entity, l.entity))
            i++;
        l.last = i;
        s = load_entity(st, &l, diag);
    }
    for (size_t i = 0; i < l.nshifts; i++) {
        free(l.shifts[i].entity);
        free(l.shifts[i].service);
        free(l.shifts[i].primary);
    }
    free(l.shifts);
    if (s) {
        responder_load_release(out);
        if (s == SL_ERR_NOMEM)
            diag_set(diag, s, "", 0, "out of memory");
    }
    return s;
}

void
responder_load_release(struct responder_load *out)
{
    for (size_t i = 0; i < out->nentities; i++)
        free(out->entities[i].entity);
    for (size_t i = 0; i < out->nrows; i++) {
        free(out->rows[i].entity);
        free(out->rows[i].responder);
    }
    free(out->entities);
    free(out->rows);
    memset(out, 0, sizeof *out);
}
