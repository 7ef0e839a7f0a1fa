/* tables.c — the monthly report's tables as rows of plain values, handed to a
 * sink (tables_csv.c, tables_json.c): summary, availability, incidents, sla,
 * latency, daily, findings and sources. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine/sla/sla_credit_unit.h"
#include "engine/time/sltime.h"
#include "reports/monthly/budget_basis.h"
#include "reports/xlsx/sheet.h"
#include "reports/text/tables.h"

#define CELLS_MAX 32

struct emitter {
    const struct table_sink *sink;
    void *ctx;
    struct table_cell cells[CELLS_MAX];
    size_t n;
    char times[8][40]; /* the instants of the current row, as text */
    size_t ntimes;
    char label[48];
};

static void
put_text(struct emitter *e, const char *s)
{
    e->cells[e->n++] = (struct table_cell){.kind = s ? TABLE_TEXT : TABLE_NULL, .text = s};
}

static void
put_number(struct emitter *e, double v)
{
    e->cells[e->n++] =
        (struct table_cell){.kind = isfinite(v) ? TABLE_NUMBER : TABLE_NULL, .number = v};
}

static void
put_integer(struct emitter *e, long long v)
{
    e->cells[e->n++] = (struct table_cell){.kind = TABLE_INTEGER, .integer = v};
}

static void
put_bool(struct emitter *e, bool v)
{
    e->cells[e->n++] = (struct table_cell){.kind = TABLE_BOOL, .integer = v};
}

/* v, or an empty cell when it is not known. */
static void
put_known_bool(struct emitter *e, bool known, bool v)
{
    if (known)
        put_bool(e, v);
    else
        put_text(e, NULL);
}

static void
put_instant(struct emitter *e, int64_t t)
{
    if (t == SLTIME_NONE) {
        put_text(e, NULL);
        return;
    }
    char *buf = e->times[e->ntimes++];
    sltime_format(t, NULL, buf);
    put_text(e, buf);
}

/* The local calendar date of t in zone (NULL = UTC), as YYYY-MM-DD. */
static void
put_date(struct emitter *e, int64_t t, const char *zone)
{
    char *buf = e->times[e->ntimes++];
    sltime_format_date(t, zone, buf);
    put_text(e, buf);
}

/* availability (empty below the minimum coverage), the measured value beside
 * it, the coverage and its flag (docs/design.md §4). */
static void
put_coverage(struct emitter *e, const struct eval_row *row)
{
    const struct avail_result *a = &row->avail;
    put_number(e, eval_row_shows_availability(row) ? a->availability : NAN);
    put_number(e, a->known ? a->availability : NAN);
    put_number(e, availability_coverage(a));
    put_text(e, availability_coverage_name(row->coverage));
}

static void
put_target(struct emitter *e, const struct eval_row *row)
{
    put_number(e, sheet_target(row));
}

static void
put_stat(struct emitter *e, const struct duration_stats *s, int median)
{
    put_number(e, s->n > 0 ? (median ? s->median : s->mean) : NAN);
}

static enum sl_status
flush(struct emitter *e)
{
    enum sl_status st = e->sink->row(e->ctx, e->cells, e->n);
    e->n = 0;
    e->ntimes = 0;
    return st;
}

static enum sl_status
begin(struct emitter *e, const char *name, const char *const *columns)
{
    size_t n = 0;
    while (columns[n])
        n++;
    return e->sink->begin(e->ctx, name, columns, n);
}

/* ---- the tables ---- */

static const char *const summary_columns[] = {"entity",
                                              "month",
                                              "services",
                                              "availability",
                                              "availability_measured",
                                              "monitoring_coverage",
                                              "coverage_flag",
                                              "target",
                                              "downtime_seconds",
                                              "unknown_seconds",
                                              "maintenance_seconds",
                                              "incidents",
                                              "sev1",
                                              "sev2",
                                              "sev3",
                                              "sev4",
                                              "sev5",
                                              "no_severity",
                                              "open",
                                              "merged",
                                              "mtta_mean_seconds",
                                              "mtta_median_seconds",
                                              "mttr_mean_seconds",
                                              "mttr_median_seconds",
                                              "low_sample",
                                              NULL};

static const char *const availability_columns[] = {"entity",
                                                   "service",
                                                   "month",
                                                   "availability",
                                                   "availability_measured",
                                                   "monitoring_coverage",
                                                   "coverage_flag",
                                                   "target",
                                                   "downtime_seconds",
                                                   "eligible_seconds",
                                                   "unknown_seconds",
                                                   "maintenance_seconds",
                                                   "incidents",
                                                   NULL};

static const char *const incident_columns[] = {
    "entity",      "service",    "id",          "severity",    "source_severity",
    "title",       "state",      "started",     "detected",    "acknowledged",
    "mitigated",   "resolved",   "ttd_seconds", "tta_seconds", "ttm_seconds",
    "ttr_seconds", "postmortem", "merged",      NULL};

static const char *const sla_columns[] = {"entity",
                                          "service",
                                          "window",
                                          "document",
                                          "target_percent",
                                          "availability_percent",
                                          "met",
                                          "margin_seconds",
                                          "credit",
                                          "credit_percent",
                                          "credit_capped",
                                          "credit_amount",
                                          "claim_deadline",
                                          "chronic",
                                          "burn_alerts",
                                          "credit_owed",
                                          NULL};

static const char *const latency_columns[] = {"entity",
                                              "service",
                                              "month",
                                              "samples",
                                              "p50_ms",
                                              "p95_ms",
                                              "p99_ms",
                                              "max_ms",
                                              "objective_percentile",
                                              "objective_threshold_ms",
                                              "share_under",
                                              "met",
                                              NULL};

static const char *const daily_columns[] = {"entity",
                                            "service",
                                            "date",
                                            "downtime_seconds",
                                            "unknown_seconds",
                                            "maintenance_seconds",
                                            "worst_status",
                                            "budget_left_seconds",
                                            "even_burn_left_seconds",
                                            "budget_basis",
                                            NULL};

static const char *const finding_columns[] = {"severity", "rule", "regime",  "entity",  "service",
                                              "from",     "to",   "subject", "message", "clause",
                                              "evidence", "zone", NULL};

static const char *const source_columns[] = {"file",   "sha256",   "parser",     "bytes", "read",
                                             "stored", "rejected", "duplicates", NULL};

static long long
count_services(const struct eval_result *r, const struct eval_row *entity)
{
    long long n = 0;
    for (size_t i = 0; i < r->nrows; i++)
        n += r->rows[i].service && strcmp(r->rows[i].entity, entity->entity) == 0 &&
             sheet_same_window(&r->rows[i].window, &entity->window);
    return n;
}

static enum sl_status
emit_summary(struct emitter *e, const struct eval_result *r, const struct report_info *info)
{
    enum sl_status st = begin(e, "summary", summary_columns);
    for (size_t i = 0; st == SL_OK && i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if (row->service || !sheet_same_window(&row->window, &info->month))
            continue;
        const struct avail_result *a = &row->avail;
        const struct incident_summary *inc = &row->incidents;
        window_label(&row->window, e->label);
        put_text(e, row->entity);
        put_text(e, e->label);
        put_integer(e, count_services(r, row));
        put_coverage(e, row);
        put_target(e, row);
        put_number(e, a->downtime_seconds);
        put_integer(e, a->unknown_seconds);
        put_integer(e, a->maintenance_seconds);
        put_integer(e, inc->total);
        for (int s = 1; s <= 5; s++)
            put_integer(e, inc->by_severity[s]);
        put_integer(e, inc->by_severity[0]);
        put_integer(e, inc->open);
        put_integer(e, inc->merged);
        put_stat(e, &inc->measure[MEASURE_TTA], 0);
        put_stat(e, &inc->measure[MEASURE_TTA], 1);
        put_stat(e, &inc->measure[MEASURE_TTR], 0);
        put_stat(e, &inc->measure[MEASURE_TTR], 1);
        put_bool(e, inc->measure[MEASURE_TTA].low_sample || inc->measure[MEASURE_TTR].low_sample);
        st = flush(e);
    }
    return st ? st : e->sink->end(e->ctx);
}

static enum sl_status
emit_availability(struct emitter *e, const struct eval_result *r)
{
    enum sl_status st = begin(e, "availability", availability_columns);
    for (size_t i = 0; st == SL_OK && i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        const struct avail_result *a = &row->avail;
        window_label(&row->window, e->label);
        put_text(e, row->entity);
        put_text(e, row->service);
        put_text(e, e->label);
        put_coverage(e, row);
        put_target(e, row);
        put_number(e, a->downtime_seconds);
        put_integer(e, a->eligible_seconds);
        put_integer(e, a->unknown_seconds);
        put_integer(e, a->maintenance_seconds);
        put_integer(e, row->incidents.total);
        st = flush(e);
    }
    return st ? st : e->sink->end(e->ctx);
}

static enum sl_status
emit_incidents(struct emitter *e, const struct eval_result *r)
{
    enum sl_status st = begin(e, "incidents", incident_columns);
    for (size_t i = 0; st == SL_OK && i < r->nincidents; i++) {
        const struct eval_incident *inc = &r->incidents[i];
        put_text(e, inc->entity);
        put_text(e, inc->service);
        put_text(e, inc->key);
        put_text(e, inc->severity);
        put_text(e, inc->severity_label);
        put_text(e, inc->title);
        put_text(e, inc->state);
        put_instant(e, inc->started);
        put_instant(e, inc->detected);
        put_instant(e, inc->acknowledged);
        put_instant(e, inc->mitigated);
        put_instant(e, inc->resolved);
        for (int m = 0; m < MEASURE_COUNT; m++) {
            int64_t s = inc->times.seconds[m];
            if (s == INCIDENT_NO_DURATION)
                put_text(e, NULL);
            else
                put_integer(e, s);
        }
        put_text(e, inc->postmortem);
        put_bool(e, inc->merged);
        st = flush(e);
    }
    return st ? st : e->sink->end(e->ctx);
}

/* The commitments' windows that overlap the report month, as on the SLA
 * sheet: target and availability in percent, as SLAs write them; the margin
 * (allowed less measured downtime) in seconds, to the millisecond; the claim
 * deadline as the instant the claim window closes. */
static enum sl_status
emit_sla(struct emitter *e, const struct eval_result *r, const struct report_info *info)
{
    enum sl_status st = begin(e, "sla", sla_columns);
    for (size_t i = 0; st == SL_OK && i < r->ncontract; i++) {
        const struct eval_contract_row *c = &r->contract[i];
        if (c->window.start >= info->month.end || c->window.end <= info->month.start)
            continue;
        const struct contract_attainment *at = &c->attainment;
        const struct credit_result *cr = &at->credit;
        bool judged = at->known && !isnan(at->target_percent);
        /* Has a credit that is a share of the fee (else credit_owed says it). */
        bool priced =
            (cr->match == CREDIT_TIER && credit_is_share(cr)) || cr->match == CREDIT_NONE_DUE;
        window_label(&c->window, e->label);
        put_text(e, c->entity);
        put_text(e, c->service);
        put_text(e, e->label);
        put_text(e, r->params.commitments[c->commitment].terms->document);
        put_number(e, at->target_percent);
        put_number(e, at->known ? at->attainment_percent : NAN);
        put_known_bool(e, judged, at->met);
        put_number(e, at->known ? at->margin_seconds : NAN); /* to the ms (contract.h) */
        put_text(e, credit_match_name(cr->match));
        put_number(e, priced ? cr->credit_percent : NAN);
        put_bool(e, cr->capped);
        put_number(e, priced ? cr->amount : NAN);
        put_instant(e, at->claim_deadline);
        put_bool(e, c->chronic_at >= 0);
        put_integer(e, (long long)c->nalerts);
        /* A credit that is no share of the fee, in its own unit: "6 h 10
         * min of service", "USD 50"; empty for a share (credit_percent). */
        char owed[96] = "";
        bool in_kind = cr->match == CREDIT_TIER && !credit_is_share(cr);
        if (in_kind)
            sla_credit_unit_owed_text(cr, owed, sizeof owed);
        put_text(e, in_kind ? owed : NULL);
        st = flush(e);
    }
    return st ? st : e->sink->end(e->ctx);
}

/* Probe latency of each service of the month, as on the Latency sheet: the
 * rows with samples or an objective; percentiles by nearest rank
 * (engine/measure/latency.h); met empty without samples or objective. */
static enum sl_status
emit_latency(struct emitter *e, const struct eval_result *r, const struct report_info *info)
{
    enum sl_status st = begin(e, "latency", latency_columns);
    for (size_t i = 0; st == SL_OK && i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        const struct latency_result *l = &row->latency;
        if (!row->service || !sheet_same_window(&row->window, &info->month) ||
            (l->samples == 0 && !l->objective.set))
            continue;
        window_label(&row->window, e->label);
        put_text(e, row->entity);
        put_text(e, row->service);
        put_text(e, e->label);
        put_integer(e, l->samples);
        put_number(e, l->p50_ms);
        put_number(e, l->p95_ms);
        put_number(e, l->p99_ms);
        put_number(e, l->max_ms);
        put_number(e, l->objective.set ? l->objective.percentile : NAN);
        put_number(e, l->objective.set ? l->objective.threshold_ms : NAN);
        put_number(e, l->share_under);
        put_known_bool(e, l->met != LATENCY_UNKNOWN, l->met == LATENCY_MET);
        st = flush(e);
    }
    return st ? st : e->sink->end(e->ctx);
}

/* Each service of the month day by day, as the Daily and Daily data sheets
 * show it: the local day's downtime, unknown and maintenance time and worst
 * status on the neutral measure (engine/measure/daily.h), and the error
 * budget left at the day's end, beside an even burn's, on the measure the
 * burn-down draws (budget_basis.h); empty where that budget is unknown. */
static enum sl_status
emit_daily(struct emitter *e, const struct eval_result *r, const struct report_info *info)
{
    enum sl_status st = begin(e, "daily", daily_columns);
    for (size_t i = 0; st == SL_OK && i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if (!row->service || !sheet_same_window(&row->window, &info->month) || row->daily.n == 0)
            continue;
        struct budget_basis bb;
        budget_basis_of(r, row, &bb);
        double allowed = bb.budget.allowed_seconds;
        for (size_t d = 0; st == SL_OK && d < row->daily.n; d++) {
            const struct daily_day *day = &row->daily.day[d];
            bool budget = bb.budget.known && d < bb.daily->n;
            const struct daily_day *bday = budget ? &bb.daily->day[d] : NULL;
            put_text(e, row->entity);
            put_text(e, row->service);
            put_date(e, day->start, info->zone);
            put_number(e, day->downtime_seconds);
            put_integer(e, day->unknown_seconds);
            put_integer(e, day->maintenance_seconds);
            put_text(e, svc_status_name(day->worst));
            put_number(e, budget ? daily_remaining_seconds(allowed, bday) : NAN);
            put_number(
                e, budget ? daily_even_seconds(allowed, bday, row->window.start, row->window.end)
                          : NAN);
            put_text(e, budget ? bb.basis : NULL);
            st = flush(e);
        }
    }
    return st ? st : e->sink->end(e->ctx);
}

/* The audit's findings of the month, worst first, as on the Findings sheet
 * (evidence as its count). */
static enum sl_status
emit_findings(struct emitter *e, const struct report_info *info)
{
    const struct finding **v;
    size_t n;
    enum sl_status st = sheet_findings_month(info, &v, &n);
    if (st == SL_OK)
        st = begin(e, "findings", finding_columns);
    for (size_t i = 0; st == SL_OK && i < n; i++) {
        const struct finding *f = v[i];
        put_text(e, finding_severity_name(f->severity));
        put_text(e, f->rule_id);
        put_text(e, f->regime);
        put_text(e, f->entity);
        put_text(e, f->service);
        put_instant(e, f->window_start);
        put_instant(e, f->window_end);
        put_text(e, f->subject);
        put_text(e, f->message);
        put_text(e, f->clause);
        put_integer(e, (long long)f->nevidence);
        put_text(e, f->zone ? f->zone : "UTC");
        st = flush(e);
    }
    free(v);
    return st ? st : e->sink->end(e->ctx);
}

static enum sl_status
emit_sources(struct emitter *e, const struct report_info *info)
{
    enum sl_status st = begin(e, "sources", source_columns);
    for (size_t i = 0; st == SL_OK && i < info->nsources; i++) {
        const struct report_source *s = &info->sources[i];
        put_text(e, s->path);
        put_text(e, s->sha256);
        put_text(e, s->format);
        put_integer(e, s->bytes);
        put_integer(e, s->read);
        put_integer(e, s->stored);
        put_integer(e, s->rejected);
        put_integer(e, s->duplicates);
        st = flush(e);
    }
    return st ? st : e->sink->end(e->ctx);
}

enum sl_status
report_tables_emit(const struct eval_result *r, const struct report_info *info,
                   const struct table_sink *sink, void *ctx, struct sl_diag *diag)
{
    (void)diag; /* the sink fills it */
    struct emitter e = {.sink = sink, .ctx = ctx};
    enum sl_status st = emit_summary(&e, r, info);
    if (st == SL_OK)
        st = emit_availability(&e, r);
    if (st == SL_OK)
        st = emit_incidents(&e, r);
    if (st == SL_OK)
        st = emit_sla(&e, r, info);
    if (st == SL_OK)
        st = emit_latency(&e, r, info);
    if (st == SL_OK)
        st = emit_daily(&e, r, info);
    if (st == SL_OK)
        st = emit_findings(&e, info);
    if (st == SL_OK)
        st = emit_sources(&e, info);
    return st;
}

/* ---- the output ---- */

enum sl_status
table_out_begin(struct table_out *o, const char *name, const char *const *columns, size_t ncolumns)
{
    o->columns = columns;
    o->ncolumns = ncolumns;
    o->rows = 0;
    o->tables++;
    if (!o->dir) {
        o->f = o->stream;
        return SL_OK;
    }
    snprintf(o->path, sizeof o->path, "%s/%s.%s", o->out.path, name, o->ext);
    if (o->nnames == sizeof o->names / sizeof o->names[0])
        return diag_set(o->diag, SL_ERR_REPORT, o->path, 0, "too many tables");
    char *file = o->names[o->nnames];
    snprintf(file, sizeof o->names[0], "%s.%s", name, o->ext);
    int fd = openat(o->out.fd, file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd >= 0)
        o->nnames++;
    o->f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!o->f) {
        if (fd >= 0)
            close(fd);
        return diag_set(o->diag, SL_ERR_REPORT, o->path, 0, "cannot write: %s", strerror(errno));
    }
    return SL_OK;
}

enum sl_status
table_out_flush(struct table_out *o)
{
    size_t len = o->sb.len;
    size_t n = len ? fwrite(o->sb.buf, 1, len, o->f) : 0;
    strbuf_reset(&o->sb);
    if (n != len)
        return diag_set(o->diag, SL_ERR_REPORT, o->dir ? o->path : "<stdout>", 0,
                        "cannot write: %s", strerror(errno));
    return SL_OK;
}

enum sl_status
table_out_end(struct table_out *o)
{
    enum sl_status st = table_out_flush(o);
    if (!o->dir) {
        if (st == SL_OK && fflush(o->f) != 0)
            st = diag_set(o->diag, SL_ERR_REPORT, "<stdout>", 0, "cannot write: %s",
                          strerror(errno));
        o->f = NULL;
        return st;
    }
    int bad = fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0;
    bad |= fclose(o->f) != 0;
    o->f = NULL;
    if (st == SL_OK && bad)
        st = diag_set(o->diag, SL_ERR_REPORT, o->path, 0, "cannot write: %s", strerror(errno));
    return st;
}

void
table_out_abandon(struct table_out *o)
{
    if (o->dir && o->f)
        fclose(o->f);
    o->f = NULL;
}

enum sl_status
report_tables_write(enum table_format format, const char *dir, FILE *out,
                    const struct eval_result *r, const struct report_info *info,
                    struct sl_diag *diag)
{
    struct table_out o = {
        .dir = dir,
        .stream = out,
        .ext = format == TABLE_JSON ? "json" : "csv",
        .raw = format == TABLE_CSV_RAW,
        .sb = STRBUF_INIT,
        .diag = diag,
    };
    const struct table_sink *sink = format == TABLE_JSON ? &tables_json_sink : &tables_csv_sink;
    enum sl_status st = SL_OK;
    if (dir)
        st = outdir_begin(&o.out, dir, diag);
    if (st == SL_OK && !dir && format == TABLE_JSON) {
        if (fputs("{", out) == EOF)
            st = diag_set(diag, SL_ERR_REPORT, "<stdout>", 0, "cannot write: %s", strerror(errno));
    }
    if (st == SL_OK)
        st = report_tables_emit(r, info, sink, &o, diag);
    if (st == SL_OK && !dir && format == TABLE_JSON &&
        (fputs("}\n", out) == EOF || fflush(out) != 0))
        st = diag_set(diag, SL_ERR_REPORT, "<stdout>", 0, "cannot write: %s", strerror(errno));
    if (st != SL_OK)
        table_out_abandon(&o);
    if (dir && st == SL_OK) {
        const char *names[sizeof o.names / sizeof o.names[0]];
        for (size_t i = 0; i < o.nnames; i++)
            names[i] = o.names[i];
        st = outdir_commit(&o.out, names, o.nnames, diag);
    } else if (dir) {
        outdir_abandon(&o.out);
    }
    strbuf_release(&o.sb);
    return st;
}
