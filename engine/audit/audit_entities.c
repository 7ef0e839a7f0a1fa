/* audit_entities.c — the audit of each entity over a report month, its
 * findings kept compactly (audit_entities.h). */
#include "engine/audit/audit_entities.h"

#include <stdlib.h>
#include <string.h>

/* Copies s to base + *at, advancing *at, unless it equals prev (the previous
 * finding's), which is returned instead; base NULL only counts the bytes. */
static char *
pack(char *s, char *prev, char *base, size_t *at)
{
    if (!s || (prev && !strcmp(s, prev)))
        return s ? prev : NULL;
    size_t len = strlen(s) + 1;
    char *copy = base ? memcpy(base + *at, s, len) : NULL;
    *at += len;
    return copy;
}

/* Packs the strings of v[0..n) into base (NULL: counts them); returns the
 * bytes. An entity, service or zone equal to the previous finding's is kept
 * once. */
static size_t
pack_findings(struct finding *v, size_t n, char *base)
{
    size_t at = 0;
    char *entity = NULL, *service = NULL, *zone = NULL;
    for (size_t i = 0; i < n; i++) {
        struct finding *f = &v[i];
        char *e = pack(f->entity, entity, base, &at), *sv = pack(f->service, service, base, &at);
        char *z = pack(f->zone, zone, base, &at);
        zone = f->zone ? (base ? z : f->zone) : zone;
        char *subject = pack(f->subject, NULL, base, &at);
        char *message = pack(f->message, NULL, base, &at);
        entity = base ? e : f->entity;
        service = f->service ? (base ? sv : f->service) : service;
        if (base) {
            f->entity = e;
            f->service = sv;
            f->zone = z;
            f->subject = subject;
            f->message = message;
        }
    }
    return at;
}

/* Replaces the findings of ar by a compact copy whose strings are *strings:
 * the evidence is let go (the sheets show only its count, nevidence, which
 * stays; `slaudit audit` lists it) and the strings share one block. About a
 * third of the memory. */
static enum sl_status
compact_findings(struct audit_result *ar, char **strings)
{
    struct findings *fs = &ar->findings;
    size_t n = fs->n, bytes = pack_findings(fs->v, n, NULL);
    *strings = NULL;
    if (n == 0)
        return SL_OK;
    struct finding *v = malloc(n * sizeof *v);
    char *block = malloc(bytes ? bytes : 1);
    if (!v || !block) {
        free(v);
        free(block);
        return SL_ERR_NOMEM;
    }
    memcpy(v, fs->v, n * sizeof *v);
    pack_findings(v, n, block);
    for (size_t i = 0; i < n; i++)
        v[i].evidence = NULL;
    findings_release(fs);
    *fs = (struct findings){.v = v, .n = n, .alloc = n};
    *strings = block;
    return SL_OK;
}

void
audit_entities_release(struct audit_entities *a)
{
    for (size_t i = 0; i < a->n; i++) {
        if (a->strings[i]) { /* compact: the findings are not the audit's own */
            free(a->v[i].findings.v);
            free(a->strings[i]);
            a->v[i].findings = (struct findings){.v = NULL};
        }
        audit_result_release(&a->v[i]);
    }
    free(a->v);
    free(a->strings);
}

enum sl_status
audit_entities_run(struct store *st, const struct eval_result *r, const struct window *w,
                   const char *zone, struct audit_entities *out, struct sl_diag *diag)
{
    out->v = calloc(r->nrows + 1, sizeof *out->v);
    out->strings = calloc(r->nrows + 1, sizeof *out->strings);
    out->n = 0;
    if (!out->v || !out->strings)
        return diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory");
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if (row->service || row->window.start != w->start || row->window.end != w->end)
            continue;
        struct audit_params ap = {row->entity, w->start, w->end, zone};
        enum sl_status s = audit_run(st, &ap, &out->v[out->n], diag);
        if (s)
            return s;
        s = compact_findings(&out->v[out->n], &out->strings[out->n]);
        out->n++;
        if (s)
            return diag_set(diag, SL_ERR_NOMEM, NULL, 0, "out of memory for the findings");
    }
    return SL_OK;
}
