/* findings.c — the finding list: adding, evidence, the one sort order. */
#include "engine/audit/findings.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/base/grow.h"

static const char *const severity_names[FSEV_COUNT] = {"info", "low", "medium", "high", "critical"};

const char *
finding_severity_name(enum finding_severity s)
{
    return s < FSEV_COUNT ? severity_names[s] : "?";
}

bool
finding_severity_parse(const char *text, enum finding_severity *out)
{
    for (int i = 0; i < FSEV_COUNT; i++)
        if (text && !strcasecmp(text, severity_names[i])) {
            *out = (enum finding_severity)i;
            return true;
        }
    return false;
}

void
finding_regime_title(const char *regime, char *out, size_t size)
{
    size_t i = 0;
    for (const char *c = regime ? regime : "-"; *c && i + 1 < size; c++)
        out[i++] = (*c >= 'a' && *c <= 'z') ? (char)(*c - 'a' + 'A') : *c;
    out[i] = '\0';
}

static char *
copy(struct findings *fs, const char *s)
{
    if (!s)
        return NULL;
    char *c = strdup(s);
    if (!c)
        fs->nomem = true;
    return c;
}

static char *vformat(struct findings *fs, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

static char *
vformat(struct findings *fs, const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, aq);
    va_end(aq);
    char *out = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (!out) {
        fs->nomem = true;
        return NULL;
    }
    vsnprintf(out, (size_t)n + 1, fmt, ap);
    return out;
}

struct finding *
findings_add(struct findings *fs, const char *rule_id, const char *clause, const char *regime,
             enum finding_severity severity, const char *entity, const char *service,
             int64_t window_start, int64_t window_end, const char *subject, const char *fmt, ...)
{
    if (fs->nomem)
        return NULL;
    if (grow_reserve((void **)&fs->v, &fs->alloc, fs->n + 1, sizeof *fs->v)) {
        fs->nomem = true;
        return NULL;
    }
    struct finding *f = &fs->v[fs->n++];
    memset(f, 0, sizeof *f);
    f->rule_id = rule_id;
    f->clause = clause;
    f->regime = regime;
    f->severity = severity;
    f->entity = copy(fs, entity);
    f->service = copy(fs, service);
    f->window_start = window_start;
    f->window_end = window_end;
    f->subject = copy(fs, subject ? subject : "");
    va_list ap;
    va_start(ap, fmt);
    f->message = vformat(fs, fmt, ap);
    va_end(ap);
    return fs->nomem ? NULL : f;
}

void
findings_evidence(struct findings *fs, struct finding *f, const char *kind, const char *ref,
                  int64_t start, int64_t end, const char *file, long line, const char *fmt, ...)
{
    if (!f || fs->nomem)
        return;
    struct finding_evidence *v = realloc(f->evidence, (f->nevidence + 1) * sizeof *v);
    if (!v) {
        fs->nomem = true;
        return;
    }
    f->evidence = v;
    struct finding_evidence *e = &v[f->nevidence++];
    memset(e, 0, sizeof *e);
    e->kind = copy(fs, kind);
    e->ref = copy(fs, ref);
    e->start = start;
    e->end = end;
    e->file = copy(fs, file);
    e->line = line;
    va_list ap;
    va_start(ap, fmt);
    e->detail = vformat(fs, fmt, ap);
    va_end(ap);
}

enum sl_status
findings_status(const struct findings *fs, struct sl_diag *diag)
{
    return fs->nomem ? diag_set(diag, SL_ERR_NOMEM, "", 0, "out of memory collecting findings")
                     : SL_OK;
}

static int
strcmp_null(const char *a, const char *b)
{
    if (!a || !b)
        return (a != NULL) - (b != NULL);
    return strcmp(a, b);
}

static int
compare(const void *pa, const void *pb)
{
    const struct finding *a = pa, *b = pb;
    int c;
    if (a->severity != b->severity)
        return a->severity > b->severity ? -1 : 1;
    if ((c = strcmp(a->rule_id, b->rule_id)) || (c = strcmp_null(a->entity, b->entity)) ||
        (c = strcmp_null(a->service, b->service)))
        return c;
    if (a->window_start != b->window_start)
        return a->window_start < b->window_start ? -1 : 1;
    if ((c = strcmp_null(a->subject, b->subject)))
        return c;
    return strcmp_null(a->message, b->message);
}

void
findings_sort(struct findings *fs)
{
    if (fs->n > 1)
        qsort(fs->v, fs->n, sizeof *fs->v, compare);
}

size_t
findings_at_or_above(const struct findings *fs, enum finding_severity severity)
{
    size_t n = 0;
    for (size_t i = 0; i < fs->n; i++)
        n += fs->v[i].severity >= severity;
    return n;
}

void
findings_release(struct findings *fs)
{
    for (size_t i = 0; i < fs->n; i++) {
        struct finding *f = &fs->v[i];
        for (size_t j = 0; j < f->nevidence; j++) {
            free(f->evidence[j].kind);
            free(f->evidence[j].ref);
            free(f->evidence[j].detail);
            free(f->evidence[j].file);
        }
        free(f->evidence);
        free(f->entity);
        free(f->service);
        free(f->subject);
        free(f->message);
        free(f->zone);
    }
    free(fs->v);
    memset(fs, 0, sizeof *fs);
}
