/* eval_save.c — an evaluation's rows written into the store's eval_results
 * (eval_save.h). */
#include "engine/measure/eval_save.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/sha256.h"
#include "engine/store/store.h"

/* The SHA-256 of text, in hex. */
static enum sl_status
hash_text(const char *text, size_t len, char hex[65])
{
    long long bytes;
    FILE *f = fmemopen((void *)(uintptr_t)text, len ? len : 1, "rb");
    if (!f)
        return SL_ERR_NOMEM;
    enum sl_status s = sha256_stream(f, hex, &bytes);
    fclose(f);
    return s;
}

static struct eval_record_stats
record_stats(const struct duration_stats *d)
{
    struct eval_record_stats s = {.n = d->n, .mean = NAN, .median = NAN, .p90 = NAN, .max = NAN};
    if (d->n > 0) {
        s.mean = d->mean;
        s.median = d->median;
        s.p90 = d->p90;
        s.max = d->max;
    }
    return s;
}

enum sl_status
eval_save(struct store *st, const struct eval_result *r, const struct eval_save_json *as_json,
          struct sl_diag *diag)
{
    size_t n = r->nrows + r->ncontract;
    struct strbuf defs = STRBUF_INIT;
    struct strbuf *json = calloc(n + 1, sizeof *json);
    struct strbuf *sla = calloc(r->ncontract + 1, sizeof *sla);
    char(*names)[160] = calloc(r->ncontract + 1, sizeof *names);
    struct eval_record *rec = calloc(n + 1, sizeof *rec);
    char hash[65];
    enum sl_status s = SL_ERR_NOMEM;
    if (!json || !sla || !names || !rec)
        goto out;
    if ((s = as_json->definitions(r, &defs)) || (s = hash_text(defs.buf, defs.len, hash)))
        goto out;
    for (size_t k = 0; k < n; k++) {
        bool neutral = k < r->nrows;
        const struct eval_row *row = neutral ? &r->rows[k] : NULL;
        const struct eval_contract_row *c = neutral ? NULL : &r->contract[k - r->nrows];
        const struct eval_row *twin = NULL;
        const struct avail_result *a = neutral ? &row->avail : &c->measure.avail;
        const struct window *w = neutral ? &row->window : &c->window;
        strbuf_init(&json[k], 0);
        if ((s = as_json->result(r, k, &json[k])))
            goto out;
        rec[k] = (struct eval_record){
            .definitions_hash = hash,
            .definitions = defs.buf,
            .entity = neutral ? row->entity : c->entity,
            .service = neutral ? row->service : c->service,
            .window_kind = window_kind_name(w->kind),
            .window_start = w->start,
            .window_end = w->end,
            .measure = neutral ? "neutral" : "contract",
            .availability = a->known ? a->availability : NAN,
            .downtime_seconds = a->downtime_seconds,
            .eligible_seconds = a->eligible_seconds,
            .unknown_seconds = a->unknown_seconds,
            .maintenance_seconds = a->maintenance_seconds,
            .result = json[k].buf,
        };
        if (!neutral) {
            size_t i = k - r->nrows;
            const struct eval_commitment *cm = &r->params.commitments[c->commitment];
            strbuf_init(&sla[i], 0);
            if ((s = as_json->sla(r, i, &sla[i])))
                goto out;
            rec[k].sla = sla[i].buf;
            snprintf(names[i], sizeof names[i], "%s#%zu",
                     cm->terms->document ? cm->terms->document : "sla", c->target);
            rec[k].commitment = names[i];
            /* The incident figures of the window the contract row shares. */
            twin = c->neutral;
        } else {
            twin = row;
        }
        struct duration_stats none = {0};
        rec[k].incidents = twin ? twin->incidents.total : 0;
        rec[k].incidents_open = twin ? twin->incidents.open : 0;
        rec[k].incidents_merged = twin ? twin->incidents.merged : 0;
        rec[k].tta = record_stats(twin ? &twin->incidents.measure[MEASURE_TTA] : &none);
        rec[k].ttr = record_stats(twin ? &twin->incidents.measure[MEASURE_TTR] : &none);
    }
    s = store_put_eval_results(st, rec, n, diag);
out:
    if (s == SL_ERR_NOMEM)
        diag_set(diag, s, NULL, 0, "out of memory for the results");
    for (size_t k = 0; json && k < n; k++)
        strbuf_release(&json[k]);
    for (size_t k = 0; sla && k < r->ncontract; k++)
        strbuf_release(&sla[k]);
    strbuf_release(&defs);
    free(json);
    free(sla);
    free(names);
    free(rec);
    return s;
}
