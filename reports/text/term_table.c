/* term_table.c — evaluation rows as terminal tables: the neutral measure,
 * then the contract measure with attainment and credits (term_table.h). */
#include "reports/text/term_table.h"

#include <math.h>
#include <stdio.h>

#include "engine/base/termsafe.h"
#include "engine/sla/sla_credit_unit.h"
#include "engine/time/sltime.h"
#include "reports/text/textbuf.h"

static void
print_minutes(struct textbuf *t, const struct duration_stats *s)
{
    if (s->n == 0)
        textbuf_printf(t, " %8s %8s", "-", "-");
    else
        textbuf_printf(t, " %8.1f %8.1f", s->mean / 60.0, s->median / 60.0);
}

/* The availability column of a neutral row: the figure, "unknown" when
 * nothing is known, "-" when the coverage is insufficient (said at the end of
 * the line by coverage_note). */
static void
print_availability(struct textbuf *t, const struct eval_row *row)
{
    if (row->coverage == AVAIL_COVERAGE_INSUFFICIENT && row->avail.window_seconds > 0)
        textbuf_printf(t, " %9s", "-");
    else if (row->avail.known)
        textbuf_printf(t, " %8.3f%%", 100.0 * row->avail.availability);
    else
        textbuf_printf(t, " %9s", "unknown");
}

/* "  insufficient coverage: 0.09 % monitored, measured 0.000 %" at the end of
 * a flagged row; nothing for full coverage. */
static void
coverage_note(struct textbuf *t, enum avail_coverage flag, const struct avail_result *a)
{
    const char *label = availability_coverage_label(flag);
    if (!label || a->window_seconds <= 0)
        return;
    textbuf_printf(t, "  %s: %.2f %% monitored", label, 100.0 * availability_coverage(a));
    if (flag == AVAIL_COVERAGE_INSUFFICIENT && a->known)
        textbuf_printf(t, ", measured %.3f %%", 100.0 * a->availability);
}

/* "  2 of the entity's incidents name no service (in (all) only)" at the end
 * of a service row whose entity has such incidents in the window. */
static void
without_service_note(struct textbuf *t, const struct eval_row *row)
{
    long n = row->incidents.entity_without_service;
    if (row->service && n > 0)
        textbuf_printf(t, "  %ld of the entity's incidents name%s no service (in (all) only)", n,
                       n == 1 ? "s" : "");
}

enum sl_status
term_table_eval(struct strbuf *sb, const struct eval_result *r, bool entities_only,
                const struct window *window)
{
    struct textbuf tb = {sb, SL_OK}, *t = &tb;
    textbuf_printf(t, "%-22s %-20s %-8s %9s %8s %7s %4s %14s %5s %8s %8s %8s %8s %8s\n", "entity",
                   "service", "window", "avail", "down_min", "unk_h", "inc", "sev1/2/3/4/5", "open",
                   "mtta_min", "p50", "mttr_min", "p50", "ttr_det");
    for (size_t i = 0; i < r->nrows; i++) {
        const struct eval_row *row = &r->rows[i];
        if ((entities_only && row->service) ||
            (window && (row->window.start != window->start || row->window.end != window->end)))
            continue;
        char label[48], sev[32];
        window_label(&row->window, label);
        const struct incident_summary *inc = &row->incidents;
        snprintf(sev, sizeof sev, "%ld/%ld/%ld/%ld/%ld", inc->by_severity[1], inc->by_severity[2],
                 inc->by_severity[3], inc->by_severity[4], inc->by_severity[5]);
        textbuf_printf(t, "%-22.22s %-20.20s %-8s", TERMSAFE_LINE(row->entity),
                       row->service ? TERMSAFE_LINE(row->service) : "(all)", label);
        print_availability(t, row);
        textbuf_printf(t, " %8.1f %7.1f %4ld %14s %5ld", row->avail.downtime_seconds / 60.0,
                       (double)row->avail.unknown_seconds / 3600.0, inc->total, sev, inc->open);
        print_minutes(t, &inc->measure[MEASURE_TTA]);
        print_minutes(t, &inc->measure[MEASURE_TTR]);
        /* the share of TTRs measured from detected (no started recorded) */
        if (inc->measure[MEASURE_TTR].n)
            textbuf_printf(t, " %7.0f%%",
                           100.0 * (double)inc->ttr_from_detected /
                               (double)inc->measure[MEASURE_TTR].n);
        else
            textbuf_printf(t, " %8s", "-");
        coverage_note(t, row->coverage, &row->avail);
        if (inc->impossible_order[MEASURE_TTA])
            textbuf_printf(t, "  mtta leaves out %ld (acknowledged before detected)",
                           inc->impossible_order[MEASURE_TTA]);
        without_service_note(t, row);
        textbuf_putc(t, '\n');
    }
    return tb.status;
}

/* A contract window is listed when no month is asked for, or when it holds
 * the month's last day: the month itself, the rolling window ending with
 * it, the quarter or year it closes or falls in. */
static bool
listed(const struct window *w, const struct window *month)
{
    return !month || (w->start < month->end && w->end >= month->end);
}

/* One line for the windows left out: how many, the first day one ends on,
 * and how they came out. */
static void
earlier_note(struct textbuf *t, const struct eval_result *r, const struct window *month)
{
    size_t n = 0, met = 0, missed = 0;
    int64_t first_end = SLTIME_NONE;
    for (size_t i = 0; i < r->ncontract; i++) {
        const struct eval_contract_row *c = &r->contract[i];
        if (listed(&c->window, month))
            continue;
        n++;
        if (first_end == SLTIME_NONE || c->window.end < first_end)
            first_end = c->window.end;
        if (c->attainment.known && c->coverage != AVAIL_COVERAGE_INSUFFICIENT)
            c->attainment.met ? met++ : missed++;
    }
    if (n == 0)
        return;
    char day[16];
    sltime_format_date(first_end - 1, r->params.zone, day);
    textbuf_printf(t,
                   "not shown: %zu rows of earlier windows, the first ending %s: %zu met, "
                   "%zu missed, %zu unknown; eval lists every window\n",
                   n, day, met, missed, n - met - missed);
}

/* The credits per commitment and window: the amounts where the fee is
 * known, and what is unpriced as a percent of each service's own fee. */
static void
credits_table(struct textbuf *t, const struct eval_result *r, const struct window *month)
{
    bool header = false;
    for (size_t i = 0; i < r->ncontract; i++) {
        if (!eval_credits_first_window(r, i) || !listed(&r->contract[i].window, month))
            continue;
        const struct eval_contract_row *c = &r->contract[i];
        const struct eval_commitment *cm = &r->params.commitments[c->commitment];
        struct eval_credits cr;
        char label[48], fee[48] = "fee unknown", due[400];
        eval_credits_of(r, c->commitment, c->window.end - 1, c->window.end, &cr);
        if (!header)
            textbuf_printf(t, "\n%-22s %-20s %-8s %-24s %-22s %s\n", "credits (commitment)",
                           "covers", "window", "document", "monthly fee", "credits due");
        header = true;
        window_label(&c->window, label);
        if (!isnan(cm->monthly_fee))
            snprintf(fee, sizeof fee, "%.2f%s%s%s", cm->monthly_fee, cm->currency ? " " : "",
                     cm->currency ? cm->currency : "", cm->service ? "" : " each");
        if (cr.due == 0) {
            snprintf(due, sizeof due, "none (%zu services)", cr.rows);
        } else {
            size_t len = (size_t)snprintf(due, sizeof due, "%zu of %zu services", cr.due, cr.rows);
            if (cr.due > cr.unpriced && len < sizeof due)
                len += (size_t)snprintf(due + len, sizeof due - len, ": %.2f%s%s", cr.amount,
                                        cm->currency ? " " : "", cm->currency ? cm->currency : "");
            if (cr.unpriced && len + 3 < sizeof due) {
                len += (size_t)snprintf(due + len, sizeof due - len, "%s",
                                        cr.due > cr.unpriced ? " + " : ": ");
                eval_credits_unpriced_text(r, c->commitment, c->window.end - 1, c->window.end,
                                           due + len, sizeof due - len, 0);
            }
        }
        textbuf_printf(t, "%-22.22s %-20.20s %-8s %-24.24s %-22s %s\n", TERMSAFE_LINE(cm->entity),
                       cm->service ? TERMSAFE_LINE(cm->service) : "(every service)", label,
                       cm->terms->document ? TERMSAFE_LINE(cm->terms->document) : "-", fee, due);
    }
}

enum sl_status
term_table_contract(struct strbuf *sb, const struct eval_result *r, const struct window *month)
{
    struct textbuf tb = {sb, SL_OK}, *t = &tb;
    if (r->ncontract == 0)
        return SL_OK;
    textbuf_printf(t, "\n%-22s %-20s %-8s %9s %7s %9s %5s %10s %8s %7s %6s %-10s %s\n",
                   "entity (contract)", "service", "window", "avail", "target", "margin_m", "met",
                   "credit", "amount", "burn", "alerts", "claim_by", "chronic");
    for (size_t i = 0; i < r->ncontract; i++) {
        const struct eval_contract_row *c = &r->contract[i];
        const struct contract_attainment *at = &c->attainment;
        if (!listed(&c->window, month))
            continue;
        char label[48], credit[96], claim[16] = "-";
        window_label(&c->window, label);
        textbuf_printf(t, "%-22.22s %-20.20s %-8s", TERMSAFE_LINE(c->entity),
                       c->service ? TERMSAFE_LINE(c->service) : "(all)", label);
        if (at->known && c->coverage == AVAIL_COVERAGE_INSUFFICIENT)
            textbuf_printf(t, " %9s %6.2f%% %9s %5s", "-", at->target_percent, "-", "-");
        else if (at->known)
            textbuf_printf(t, " %8.3f%% %6.2f%% %9.1f %5s", at->attainment_percent,
                           at->target_percent, at->margin_seconds / 60.0, at->met ? "yes" : "NO");
        else
            textbuf_printf(t, " %9s %6.2f%% %9s %5s", "unknown", at->target_percent, "-", "-");
        if (at->credit.match == CREDIT_TIER && sla_credit_unit_of_fee(at->credit.unit))
            snprintf(credit, sizeof credit, "%.4g%%%s", at->credit.credit_percent,
                     at->credit.capped ? " cap" : "");
        else if (at->credit.match == CREDIT_TIER)
            sla_credit_unit_owed_text(&at->credit, credit, sizeof credit);
        else
            snprintf(credit, sizeof credit, "%s", credit_match_name(at->credit.match));
        textbuf_printf(t, " %10s", credit);
        if (isnan(at->credit.amount))
            textbuf_printf(t, " %8s", "-");
        else
            textbuf_printf(t, " %8.2f", at->credit.amount);
        if (c->budget.known && !isnan(c->budget.burn_rate))
            textbuf_printf(t, " %7.2f", c->budget.burn_rate);
        else
            textbuf_printf(t, " %7s", "-");
        if (at->claim_deadline != SLTIME_NONE)
            sltime_format_date(at->claim_deadline - 1, r->params.zone, claim);
        char alerts[16] = "-"; /* a pooled row: the alerts are per service */
        if (c->alerts_replayed)
            snprintf(alerts, sizeof alerts, "%zu", c->nalerts);
        textbuf_printf(t, " %6s %-10s %s", alerts, claim,
                       c->chronic_at < 0        ? "-"
                       : c->chronic_consecutive ? "consecutive"
                                                : "of-windows");
        coverage_note(t, c->coverage, &c->measure.avail);
        textbuf_putc(t, '\n');
    }
    bool pooled = false;
    for (size_t i = 0; i < r->ncontract; i++)
        pooled |= !r->contract[i].service;
    if (pooled)
        textbuf_printf(t, "(all): the services pooled; credits and burn alerts are per service, "
                          "on the service rows\n");
    earlier_note(t, r, month);
    credits_table(t, r, month);
    return tb.status;
}

enum sl_status
term_table_capacity(struct strbuf *sb, const struct eval_result *r)
{
    struct textbuf tb = {sb, SL_OK}, *t = &tb;
    bool any = false;
    for (size_t i = 0; i < r->nrows && !any; i++)
        any = r->rows[i].capacity.evaluated;
    if (any) {
        textbuf_printf(t, "\n%-22s %-20s %-8s %9s %9s %6s %11s %11s %6s\n", "entity (capacity)",
                       "service", "window", "avail", "cap_avail", "fleet", "gpu_h", "gpu_h_lost",
                       "units");
        for (size_t i = 0; i < r->nrows; i++) {
            const struct eval_row *row = &r->rows[i];
            const struct capacity_result *c = &row->capacity;
            char label[48];
            if (!c->evaluated)
                continue;
            window_label(&row->window, label);
            textbuf_printf(t, "%-22.22s %-20.20s %-8s", TERMSAFE_LINE(row->entity),
                           row->service ? TERMSAFE_LINE(row->service) : "(all)", label);
            print_availability(t, row);
            if (c->known)
                textbuf_printf(t, " %8.3f%%", 100.0 * c->availability);
            else
                textbuf_printf(t, " %9s", "unknown");
            textbuf_printf(t, " %6ld %11.1f %11.1f %6ld\n", c->fleet_gpus, c->gpu_seconds / 3600.0,
                           c->gpu_seconds_lost / 3600.0, c->unit_intervals);
        }
    }
    if (r->nfaults == 0)
        return tb.status;
    textbuf_printf(t, "\n%-22s %-8s %-24s %6s %-20s %s\n", "entity (hardware faults)", "window",
                   "host", "events", "last", "xids");
    for (size_t i = 0; i < r->nfaults; i++) {
        const struct eval_fault_node *f = &r->faults[i];
        char label[48], last[40];
        window_label(&f->window, label);
        sltime_format(f->node.last, r->params.zone, last);
        textbuf_printf(t, "%-24.24s %-8s %-24.24s %6ld %-20s ", TERMSAFE_LINE(f->entity), label,
                       TERMSAFE_LINE(f->node.host), f->node.count, last);
        for (size_t x = 0; x < f->node.nxids; x++)
            textbuf_printf(t, "%s%d", x ? "," : "", f->node.xids[x]);
        textbuf_putc(t, '\n');
    }
    return tb.status;
}

static void
print_spans(struct textbuf *t, const struct reconcile_span *s, size_t n, const char *zone)
{
    for (size_t i = 0; i < n; i++) {
        char a[40], b[40];
        sltime_format(s[i].start, zone, a);
        sltime_format(s[i].end, zone, b);
        textbuf_printf(t, "  %-25s %-25s %8.1f %-8s %-13s %s\n", a, b,
                       (double)(s[i].end - s[i].start) / 60, svc_status_name(s[i].status),
                       reconcile_verdict_name(s[i].verdict),
                       s[i].first_incident ? TERMSAFE_LINE(s[i].first_incident) : "");
    }
}

enum sl_status
term_table_reconcile(struct strbuf *sb, const struct reconcile_result *r, const char *entity,
                     const char *service, const char *zone)
{
    struct textbuf tb = {sb, SL_OK}, *t = &tb;
    textbuf_printf(
        t,
        "reconcile %s %s: provider records %ld, probe records %ld, incident-log records %ld "
        "(%ld ignored)\n",
        TERMSAFE_LINE(entity), TERMSAFE_LINE(service), r->provider_records, r->probe_records,
        r->incident_records, r->ignored_records);
    textbuf_printf(t,
                   "rules: probe outages of %lld min or more; reports widened by %lld min; a match "
                   "needs %lld s of overlap\n",
                   (long long)r->params.min_outage_seconds / 60,
                   (long long)r->params.slack_seconds / 60,
                   (long long)r->params.min_overlap_seconds);
    textbuf_printf(t,
                   "\nseen by you: %zu outages (%ld reported by the provider, %ld never reported: "
                   "%.1f min)\n",
                   r->nobserved, r->observed_reported, r->observed_unreported,
                   (double)r->unreported_seconds / 60);
    textbuf_printf(t, "  %-25s %-25s %8s %-8s %-13s %s\n", "start", "end", "minutes", "status",
                   "verdict", "incident");
    print_spans(t, r->observed, r->nobserved, zone);
    textbuf_printf(t,
                   "\nreported by the provider: %zu (%ld confirmed, %ld not seen by your probes, "
                   "%ld unverifiable)\n",
                   r->nreported, r->reports_confirmed, r->reports_unconfirmed,
                   r->reports_unverifiable);
    textbuf_printf(t, "  %-25s %-25s %8s %-8s %-13s %s\n", "start", "end", "minutes", "status",
                   "verdict", "incident");
    print_spans(t, r->reported, r->nreported, zone);
    return tb.status;
}
