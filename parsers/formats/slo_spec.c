/* slo_spec.c — SLO windows from durations, and SLOs stored as commitments. */
#include "parsers/formats/slo_spec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/base/jsonw.h"
#include "engine/sla/sla_json.h"
#include "engine/time/sltime.h"

/* The calendar windows a count of months, quarters or years may name. */
static const struct {
    char unit;
    long count;
    enum sla_window window;
} calendar[] = {
    {'M', 1, SLA_WINDOW_MONTH},   {'M', 3, SLA_WINDOW_QUARTER}, {'M', 12, SLA_WINDOW_YEAR},
    {'Q', 1, SLA_WINDOW_QUARTER}, {'Q', 4, SLA_WINDOW_YEAR},    {'y', 1, SLA_WINDOW_YEAR},
    {'Y', 1, SLA_WINDOW_YEAR},
};

/* Day number of a Monday (1970-01-05): where calendar weeks start when the
 * spec names no start. */
#define FIRST_MONDAY 4

/* The local date of start_time ("2022-01-01 12:00:00", "2022-01-01T..."),
 * as a day number; false when it does not begin with a date. */
static bool
start_day_of(const char *start_time, int64_t *out)
{
    int y, m, d, n = 0;
    if (!start_time || sscanf(start_time, "%4d-%2d-%2d%n", &y, &m, &d, &n) != 3 || n != 10 ||
        m < 1 || m > 12 || d < 1 || d > sltime_days_in_month(y, m))
        return false;
    *out = sltime_days_from_civil(y, m, d);
    return true;
}

static bool
empty_document(const struct yamldoc *doc)
{
    const struct yaml_node *root = yamldoc_root(doc);
    if (yamldoc_kind(root) == YNODE_NONE)
        return true;
    const char *text = yamldoc_scalar(root);
    return text && (!*text || !strcmp(text, "~") || !strcmp(text, "null"));
}

enum sl_status
slo_spec_each_document(struct ingest *ing, FILE *f, const char *what, slo_spec_document_fn each)
{
    struct yamldoc_stream *ys = NULL;
    struct yamldoc *doc = NULL;
    long documents = 0;
    enum sl_status rc = yamldoc_open(f, ing->path, &ys, ing->diag);
    while (!rc && !(rc = yamldoc_next(ys, &doc, ing->diag)) && doc) {
        if (!empty_document(doc)) {
            documents++;
            rc = each(ing, doc, yamldoc_root(doc));
        }
        yamldoc_free(doc);
        doc = NULL;
    }
    if (!rc && documents == 0)
        rc = diag_set(ing->diag, SL_ERR_INPUT, ing->path, 1,
                      "not %s (the file holds no YAML document)", what);
    yamldoc_close(ys);
    return rc;
}

bool
slo_spec_window(const char *duration, bool rolling, const char *start_time,
                struct sla_uptime_target *u, char *why, size_t whylen)
{
    char *end = NULL;
    long n = duration ? strtol(duration, &end, 10) : 0;
    if (!duration || end == duration || n <= 0 || !end[0] || end[1]) {
        snprintf(why, whylen, "time window '%.20s' is not a count and a unit (30d, 2w, 1M, 1Q, 1y)",
                 duration ? duration : "");
        return false;
    }
    char unit = *end;
    u->days = 0;
    u->start_day = 0;
    if (unit == 'd' || unit == 'w') {
        long days = unit == 'w' ? n * 7 : n;
        if (n > SLA_WINDOW_MAX_DAYS || days > SLA_WINDOW_MAX_DAYS) {
            snprintf(why, whylen, "time window '%.20s' is longer than %d days", duration,
                     SLA_WINDOW_MAX_DAYS);
            return false;
        }
        u->days = (int)days;
        u->window = rolling ? SLA_WINDOW_ROLLING : SLA_WINDOW_DAYS;
        if (!rolling && !start_day_of(start_time, &u->start_day))
            u->start_day = unit == 'w' ? FIRST_MONDAY : 0;
        return true;
    }
    for (size_t i = 0; i < sizeof calendar / sizeof calendar[0]; i++) {
        if (calendar[i].unit == unit && calendar[i].count == n) {
            u->window = calendar[i].window;
            return true;
        }
    }
    if (unit == 'h' || unit == 'm' || unit == 's')
        snprintf(why, whylen, "time window '%.20s' is shorter than a day: windows are whole days",
                 duration);
    else
        snprintf(why, whylen,
                 "time window '%.20s' is not days, weeks, a month, a quarter or a year (30d, 2w, "
                 "1M, 1Q, 1y)",
                 duration);
    return false;
}

enum sl_status
slo_spec_store(struct ingest *ing, const struct slo_spec *s, struct sla_terms *t, long line,
               char *why, size_t whylen)
{
    struct strbuf json = STRBUF_INIT;
    enum sl_status rc = SL_ERR_NOMEM;
    if (!ing->entity) {
        snprintf(why, whylen, "no entity: give --entity team:NAME for SLO '%.60s'", s->name);
        return SL_ERR_INPUT;
    }
    free(t->document);
    free(t->service);
    t->service = NULL;
    if (!(t->document = strdup(s->name)) || (s->service && !(t->service = strdup(s->service))))
        goto out;
    /* The spec's own window and method, kept beside the §5 fields. */
    struct jsonw jw;
    jsonw_begin(&jw, &json);
    jsonw_open(&jw, NULL, '{');
    sla_json_write_fields(&jw, t);
    jsonw_open(&jw, "slo", '{');
    jsonw_field_str(&jw, "format", s->format);
    jsonw_field_str(&jw, "name", s->name);
    jsonw_field_str(&jw, "duration", s->duration);
    jsonw_field_bool(&jw, "rolling", s->rolling);
    jsonw_field_str(&jw, "time_zone", s->time_zone);
    jsonw_field_str(&jw, "start_time", s->start_time);
    jsonw_field_str(&jw, "budgeting_method", s->budgeting_method);
    if (s->window_note)
        jsonw_field_str(&jw, "window_note", s->window_note);
    jsonw_close(&jw, '}');
    jsonw_close(&jw, '}');
    if (jw.status) {
        rc = diag_set(ing->diag, jw.status, ing->path, line, "%s", sl_strerror(jw.status));
        goto out;
    }
    struct commitment c = {
        .entity = ing->entity,
        .service = s->service ? s->service : ing->service,
        .kind = "slo",
        .effective_from = SLTIME_NONE,
        .document = s->name,
        .terms = json.buf,
    };
    rc = ingest_commitment(ing, &c);
out:
    if (rc == SL_ERR_NOMEM)
        rc = diag_set(ing->diag, rc, ing->path, line, "out of memory");
    strbuf_release(&json);
    return rc;
}
